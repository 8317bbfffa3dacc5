"""``POST /v1/records:score``: every deal of a record file (docs/format.md) ruled, statelessly,
each as its game's ruling of its level (:mod:`referee.api.record_rulings`)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import request

from referee.api.blueprint import Blueprint
from referee.api.credential_schemas import CreatedMatchSchema
from referee.api.errors import ProblemError, problems
from referee.api.match_schemas import CreateMatchSchema
from referee.api.piquet_ruling_schemas import DealRulingSchema, PiquetSheetRulingSchema
from referee.api.pitch_ruling_schemas import (
    HandRulingSchema,
    PitchSheetRulingSchema,
    TotalsRulingSchema,
)
from referee.api.problems import BAD_REQUEST, RECORD_NOT_SCORABLE, UNSUPPORTED_MEDIA_TYPE
from referee.api.record_rulings import RecordRuling, flatten_messages, rule_record
from referee.api.strict import ShapesField
from referee.match.transfer import IMPORTER, import_events, options_of
from referee.records import RecordFile, RecordFileError, RecordProblem, read_record
from referee.records.toml_format import TextLines

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
    message = ma.fields.String(required=True)


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
        raise ProblemError(UNSUPPORTED_MEDIA_TYPE, f"Send the record file as {TOML}.")
    try:
        return read_record(request.get_data().decode("utf-8"))
    except UnicodeDecodeError:
        raise ProblemError(BAD_REQUEST, "A record file is UTF-8 text.") from None
    except RecordFileError as error:
        raise ProblemError(BAD_REQUEST, f"The record file cannot be read: {error}",
                           extra={"problems": _problems_json(error.problems)}) from None


def _ruled(record: RecordFile) -> RecordRuling:
    """Every deal of ``record`` ruled.

    :raises ProblemError: 400 when a deal is off its record's shape, 422 when one breaks the
        rules too badly to be ruled on; ``problems`` lists those of every deal.
    """
    ruled = rule_record(record)
    if ruled.problems:
        status = BAD_REQUEST if ruled.unreadable else RECORD_NOT_SCORABLE
        first = ruled.problems[0]
        raise ProblemError(status, f"Line {first.line}: {first.message}",
                           extra={"problems": _problems_json(ruled.problems)})
    return ruled


def _problems_json(found: tuple[RecordProblem, ...]) -> list[dict[str, Any]]:
    return RecordProblemSchema(many=True).dump(found)  # type: ignore[no-any-return]


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
         "ruling": d.ruling, "claims_agree": d.claims_agree} for d in ruled.deals]}


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
        raise ProblemError(BAD_REQUEST, f"Line {found[0].line}: {found[0].message} "
                           f"({found[0].location})",
                           extra={"problems": _problems_json(tuple(found))}) from None


@blp.route("/matches:import", methods=["POST"])
@blp.doc(requestBody={"required": True, "description": "A record file (docs/format.md)",
                      "content": {TOML: {"schema": {"type": "string"}}}},
         tags=["matches"])
@blp.response(201, CreatedMatchSchema)
@problems(blp, 400, 410, 415, 422, 429)
def import_match() -> Any:
    """Create a match from a record file (docs/format.md).

    ``Content-Type: application/toml``. The file's players and options, and every deal
    recorded whole and ruled, in the file's order, with its disputes and voids; answered as
    ``POST /v1/matches`` answers, with the new match's ``tokens`` and ``recovery_code`` (the
    same with a retry's Idempotency-Key). All or nothing: one transaction.

    What the file says of who entered or confirmed a deal is kept as a note
    (``imported``); the importer is the actor of every event. An imported match never
    expires. A file that cannot be read, or a deal off its record's shape, is 400; a deal
    the rules or the match refuse is 422: ``problems`` gives each with its line and deal.
    """
    from referee.api.credentials import created

    record = _posted_record()
    _check_options(record)
    _ruled(record)  # every deal checked on its own first: all problems at once
    try:
        events = import_events(record)
    except RecordFileError as error:
        first = error.problems[0]
        raise ProblemError(RECORD_NOT_SCORABLE, f"Line {first.line}: {first.message}",
                           extra={"problems": _problems_json(error.problems)}) from None
    answer = created(record.game, events, IMPORTER, expires=False)
    answer.headers["Cache-Control"] = "no-store"
    return answer
