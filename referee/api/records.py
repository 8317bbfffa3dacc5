"""``POST /v1/records:score``: every deal of a record file (docs/format.md) ruled, statelessly,
each as its game's ruling of its level (:mod:`referee.api.record_rulings`)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import request

from referee.api.blueprint import Blueprint
from referee.api.credential_schemas import CreatedMatchSchema
from referee.api.errors import ProblemError, problems
from referee.api.language import answer_locale
from referee.api.match_schemas import CreateMatchSchema
from referee.api.piquet_ruling_schemas import DealRulingSchema, PiquetSheetRulingSchema
from referee.api.pitch_ruling_schemas import (
    HandRulingSchema,
    PitchSheetRulingSchema,
    TotalsRulingSchema,
)
from referee.api.problems import (
    BAD_REQUEST,
    RECORD_NOT_SCORABLE,
    UNSUPPORTED_MEDIA_TYPE,
    ProblemType,
)
from referee.api.record_rulings import RecordRuling, flatten_messages, roles_of, rule_record
from referee.api.strict import ShapesField, StrictSchema
from referee.i18n.details import RECORD_MEDIA, RECORD_UTF8
from referee.i18n.schema import said
from referee.match.transfer import IMPORTER, import_events, options_of
from referee.records import RecordFile, RecordFileError, RecordProblem, read_record
from referee.records.toml_format import TextLines
from referee.violations import MESSAGE_WORDS

blp = Blueprint(
    "records", __name__, url_prefix="/v1",
    description="Record files (docs/format.md): a match or a deal as "
    "a TOML document a player can keep, mail and have ruled again.",
)

#: The media type of a record file.
TOML = "application/toml"


class RecordProblemSchema(ma.Schema):
    """One thing wrong in a record file, where it is."""

    line = ma.fields.Integer(required=True, metadata={"description": "1-based; 0: unknown"})
    deal = ma.fields.Integer(allow_none=True, required=True,
                             metadata={"description": "The deal's place in the file, 1-based; "
                                                      "null: the header"})
    rule = ma.fields.String(required=True, metadata={"description": 'A rules section ("Q6"), '
                                                                    'or "format"'})
    location = ma.fields.String(required=True, metadata={"example": "tricks[3][1]"})
    message = ma.fields.String(required=True, metadata={
        "description": "A sentence, in the answer's language (Content-Language)"})
    code = ma.fields.String(required=True, metadata={
        "description": 'Stable: a violation\'s code ("revoke", "wrong_dealer"), one of the '
                       'file\'s shape ("record_players"…), or "format"'})
    message_code = ma.fields.String(metadata={
        "description": "The sentence's template (as a violation's); absent for a sentence "
                       "made without one", "enum": sorted(MESSAGE_WORDS)})
    params = ma.fields.Method("_params", metadata={
        "description": "The values the sentence is made of, by name (with message_code)",
        "type": "object"})

    def _params(self, problem: RecordProblem) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in problem.params}

    @ma.post_dump(pass_original=True)
    def _coded(self, data: dict[str, Any], problem: RecordProblem,
               **_: Any) -> dict[str, Any]:
        if not problem.message_code:
            data.pop("message_code", None)
            data.pop("params", None)
        return data


class RecordDealRulingSchema(ma.Schema):
    """One deal of the file ruled."""

    deal = ma.fields.Integer(required=True, metadata={"description": "Its place in the file"})
    line = ma.fields.Integer(required=True, metadata={"description": "Where its [[deal]] starts"})
    number = ma.fields.Integer(allow_none=True, required=True)
    level = ma.fields.String(required=True, validate=ma.validate.OneOf(
        ["cards", "sheet", "totals"]))
    ruling = ShapesField(HandRulingSchema, PitchSheetRulingSchema, TotalsRulingSchema,
                         DealRulingSchema, PiquetSheetRulingSchema, required=True,
                         metadata={"description": "The ruling POST /v1/<game>/… gives for "
                                                  "this deal's level"})
    claims_agree = ma.fields.Boolean(allow_none=True, required=True, metadata={
        "description": "The table's claim agrees with the ruling; null: nothing claimed"})
    roles = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(), allow_none=True,
                           metadata={"description": "Piquet: who is elder and who younger "
                                                    "in this deal, by name (the dealer is "
                                                    "younger, Q2); null: Pitch, or a dealer "
                                                    "the file does not tell"})


class RecordRulingSchema(ma.Schema):
    """Every deal of a record file ruled, in the file's order."""

    game = ma.fields.String(required=True, validate=ma.validate.OneOf(["pitch", "piquet"]))
    claims_agree = ma.fields.Boolean(required=True, metadata={
        "description": "No deal's claim parts from its ruling"})
    deals = ma.fields.List(ma.fields.Nested(RecordDealRulingSchema), required=True)


def _posted_record() -> RecordFile:
    """The request's record file, read.

    :raises ProblemError: 415 not ``application/toml``; 400 not UTF-8, or a file that cannot
        be read (``problems``: every one, each with its line and deal).
    """
    if request.mimetype != TOML:
        raise ProblemError(UNSUPPORTED_MEDIA_TYPE, RECORD_MEDIA.said(media=TOML))
    try:
        return read_record(request.get_data().decode("utf-8"))
    except UnicodeDecodeError:
        raise ProblemError(BAD_REQUEST, RECORD_UTF8.said()) from None
    except RecordFileError as error:
        raise _refused(BAD_REQUEST, error.problems) from None


def _ruled(record: RecordFile) -> RecordRuling:
    """Every deal of ``record`` ruled.

    :raises ProblemError: 400 when a deal is off its record's shape, 422 when one breaks the
        rules too badly to be ruled on; ``problems`` lists those of every deal.
    """
    ruled = rule_record(record)
    if ruled.problems:
        raise _refused(BAD_REQUEST if ruled.unreadable else RECORD_NOT_SCORABLE, ruled.problems)
    return ruled


def _refused(status: ProblemType, found: tuple[RecordProblem, ...]) -> ProblemError:
    """The problem+json refusing a record file with every one of its ``found`` problems
    (``problems``); its detail says how many and where the first is, worded in the answer's
    language (referee/i18n/sentences.py, ``detail.record_problems``)."""
    first = min(found, key=lambda p: (p.line, p.deal or 0))
    return ProblemError(status, f"Problems in the record file: {len(found)}, the first at "
                                f"line {first.line} (each in problems).",
                        extra={"problems": _problems_json(found)})


def _merged(*found: tuple[RecordProblem, ...]) -> tuple[RecordProblem, ...]:
    """The problems of each deal found by each check, once each, by deal then line."""
    once = {(p.deal, p.location, p.message): p for problems in found for p in problems}
    return tuple(sorted(once.values(), key=lambda p: (p.deal or 0, p.line)))


def _problems_json(found: tuple[RecordProblem, ...]) -> list[dict[str, Any]]:
    """The problems as JSON; one of a deal's shape (no message code) worded here in the
    answer's language from the marshmallow messages it keeps (:mod:`referee.i18n.schema`):
    the JSON would not keep them for the edge."""
    locale = answer_locale()
    dumped: list[dict[str, Any]] = RecordProblemSchema(many=True).dump(found)
    for data, problem in zip(dumped, found, strict=True):
        if not problem.message_code:
            data["message"] = str(said(problem.message, locale))
    return dumped


@blp.route("/records:score", methods=["POST"])
@blp.doc(requestBody={"required": True, "description": "A record file (docs/format.md)",
                      "content": {TOML: {"schema": {"type": "string"}}}})
@blp.response(200, RecordRulingSchema)
@problems(blp, 400, 415, 422)
def score_record() -> dict[str, Any]:
    """Rule every deal of a record file (``Content-Type: application/toml``): each as
    ``POST /v1/pitch/…`` or ``/v1/piquet/…`` rules a record of its level, claims compared.

    A file that cannot be read, or a deal off its record's shape, is 400 and one that breaks
    the rules too badly to be ruled on is 422: either way ``problems`` lists every problem of
    every deal, each with its ``line``, ``deal`` and ``rule``.
    """
    record = _posted_record()
    ruled = _ruled(record)
    return {"game": ruled.game, "claims_agree": ruled.claims_agree, "deals": [
        {"deal": d.deal, "line": d.line, "number": d.number, "level": d.level,
         "ruling": d.ruling, "claims_agree": d.claims_agree,
         "roles": roles_of(record, d.deal - 1) or None} for d in ruled.deals]}


def _check_options(record: RecordFile) -> None:
    """The match a file makes, checked as ``POST /v1/matches`` checks a create (its schema:
    the game's options by name and value).

    :raises ProblemError: 400 with ``problems``, each option at its line in the header.
    """
    body = {"game": record.game, "players": list(record.players),
            "options": options_of(record)}
    try:
        CreateMatchSchema().load(body)
    except ma.ValidationError as error:
        lines = TextLines(request.get_data(as_text=True))
        found = [RecordProblem(lines.key_line(None, location.split(".")[-1]), None, rule,
                               location, message)
                 for location, message, rule in flatten_messages(error.messages)]
        raise _refused(BAD_REQUEST, tuple(found)) from None


class ImportArgsSchema(StrictSchema):
    """What an import makes of a deal that breaks the rules."""

    violations = ma.fields.String(load_default="refuse", validate=ma.validate.OneOf(
        ["refuse", "dispute"]), metadata={
        "description": "A deal that breaks the rules but can be ruled (a revoke, a total no "
                       "deal gives): refuse the file (422, every such deal listed), or "
                       "record it ruled as it stands, its violations listed, and disputed "
                       "until its cards rule it (docs/format.md)"})


@blp.route("/matches:import", methods=["POST"])
@blp.doc(requestBody={"required": True, "description": "A record file (docs/format.md)",
                      "content": {TOML: {"schema": {"type": "string"}}}},
         tags=["matches"])
@blp.arguments(ImportArgsSchema(), location="query")
@blp.response(201, CreatedMatchSchema)
@problems(blp, 400, 410, 415, 422, 429)
def import_match(args: dict[str, Any]) -> Any:
    """Create a match from a record file (docs/format.md).

    ``Content-Type: application/toml``. The file's players and options, and every deal
    recorded whole and ruled, in the file's order, with its disputes and voids; answered as
    ``POST /v1/matches`` answers, with the new match's ``tokens`` and ``recovery_code`` (the
    same with a retry's Idempotency-Key). All or nothing: one transaction.

    What the file says of who entered or confirmed a deal is kept as a note
    (``imported``); the importer is the actor of every event. An imported match never
    expires. A file that cannot be read, or a deal off its record's shape, is 400; deals
    the rules or the match refuse are 422: ``problems`` gives every problem of every deal,
    each with its line, deal, rule and location. ``?violations=dispute`` records a deal
    that breaks the rules but can be ruled as ruled, its violations listed, and disputed
    (``deal_disputed`` with ``violations``) instead of refusing the file.
    """
    from referee.api.credentials import created

    record = _posted_record()
    _check_options(record)
    ruled = rule_record(record)  # every deal checked on its own first
    if ruled.unreadable:
        _ruled(record)
    try:
        events = import_events(record, args["violations"])
    except RecordFileError as error:
        raise _refused(RECORD_NOT_SCORABLE, _merged(ruled.problems, error.problems)
                       ) from None
    if ruled.problems:  # a deal too broken to rule on: the match could not follow it
        _ruled(record)
    answer = created(record.game, events, IMPORTER, expires=False)
    answer.headers["Cache-Control"] = "no-store"
    return answer
