"""marshmallow schemas of the writes to a match: a step, a deal, its agreement, a correction
(requests strict, answers documented)."""

from __future__ import annotations

from typing import Any, ClassVar

import marshmallow as ma
from marshmallow import validate

from referee.api.deal_schemas import (
    AGREEMENT,
    DealClaimSchema,
    DealComparisonSchema,
    ScoredSchema,
    ruling_field,
)
from referee.api.errors import ViolationSchema
from referee.api.fields import (
    ENTERED_BY,
    MAX_VERSION,
    TEXT,
    AnnouncedField,
    CallField,
    NameField,
    PitchCardField,
    card_list,
    pitch_card_list,
    ruling_kind_field,
)
from referee.api.match_schemas import (
    SHEET,
    SHEETS,
    TOTALS,
    TOTALS_TEXT,
    RecordDealSchema,
    RolesCardsSchema,
)
from referee.api.strict import ShapesField, StrictSchema
from referee.api.view_schemas import (
    MatchSchema,
    consequence_code_field,
    consequence_language_field,
    consequence_params_field,
)
from referee.i18n.schema import schema_error
from referee.piquet.records import ELECTIONS, TAKEN_IN


class StepAtSchema(StrictSchema):
    """Where a step belongs: ``deal``, and for a card ``trick`` and ``position`` (1 the lead),
    for a bid ``bid`` (its place in the auction), each counted from 1."""

    deal = ma.fields.Integer(required=True,
                             validate=validate.Range(min=-MAX_VERSION, max=MAX_VERSION))
    trick = ma.fields.Integer(validate=validate.Range(min=1, max=99))
    position = ma.fields.Integer(validate=validate.Range(min=1, max=99))
    bid = ma.fields.Integer(validate=validate.Range(min=1, max=99))


#: The steps that may carry an election (PT 11, 13: an irregularity or a deal_started sent
#: anyway; PT 28–29: an irregularity or an exchange sent anyway).
_ELECTION_STEPS = ("irregularity", "deal_started", "exchange")

#: What a step of each type needs (:class:`StepSchema`).
_STEP_NEEDS = {"bid": "call", "card": "card", "declaration": "role", "irregularity": "what"}


class StepSchema(StrictSchema):
    """One step of the deal in play. ``type``: ``deal_started`` (optionally with the hands:
    Pitch ``hands``, Piquet ``dealt``/``talon``), ``bid`` (``call``), ``exchange`` (Piquet
    discards ``elder``/``younger``), ``declaration`` (Piquet ``role`` and what was announced),
    ``card`` (``card``), ``irregularity`` (``what`` the table found and ``player``, the
    offender: Piquet ``talon_offence``, ``long_hand`` with the ``cards`` he never played,
    ``short_hand`` when he has no card to play; the deal's ruling applies the table's option).
    ``player`` may name who acts: it must be his turn."""

    type = ma.fields.String(
        required=True,
        validate=validate.OneOf(["deal_started", "bid", "exchange", "declaration", "card",
                                 "irregularity"]),
    )
    player = NameField()
    what = ma.fields.String(
        validate=validate.OneOf(["talon_offence", "long_hand", "short_hand", "exposed_card",
                                 "exposed_in_dealing", "faced_card", "deal_out_of_turn"]),
        metadata={"description": "An irregularity step: what the table found (Piquet Q12: "
                                 "talon_offence, long_hand, short_hand; of the dealing: "
                                 "exposed_in_dealing, PT 13, faced_card, PT 14 (before the "
                                 "play), deal_out_of_turn, PT 16: "
                                 "with nothing but the deal recorded it is void, later it "
                                 "stands and its elder deals the next two; Pitch P10: "
                                 "exposed_card, "
                                 "exposed_in_dealing); ``player`` names the offender, or for "
                                 "a card exposed in dealing the player it was dealt to "
                                 "(left out: a talon card)"})
    election = ma.fields.String(
        validate=validate.OneOf([*ELECTIONS, TAKEN_IN]),
        metadata={"description": "Piquet: the election the law gives the player not in "
                                 "fault, carried by the step: elder's on a card of his or of "
                                 "the talon exposed in dealing (an irregularity step, PT 13), "
                                 "on hands dealt one card wrong (a deal_started sent anyway, "
                                 "PT 11, 40–43): a fresh deal or play on (the deal stands), or "
                                 "taken_in (a deal_started only: elder, dealt 11 or 13, took in "
                                 "without announcing it and lost his option, PT 39); "
                                 "the adversary's on a talon offence (an exchange sent anyway "
                                 "or the irregularity step, PT 28–29): a fresh deal or play "
                                 "on (the offender reckons nothing); left out, the match's "
                                 "option gives the default"})
    cards = card_list(metadata={
        "description": "An irregularity step: a long hand's cards he never played (PT 58), or "
                       "the card exposed (Pitch)"})
    by = NameField()
    deal = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION), metadata={
        "description": "Enter the cards of this earlier deal (a score sheet or totals entry, or "
                       "disputed), step by step; its last card rules it"})
    call = CallField()
    card = PitchCardField(allow_none=True, metadata={
        "description": "A card; in Pitch's games with jokers also BJ, LJ, JK (V2); null: the "
                       "player is out of trumps and folds, in trump-only play only (V5.3)"})
    hands = ma.fields.List(pitch_card_list(), validate=validate.Length(max=8))
    dealt = ma.fields.Nested(RolesCardsSchema)
    talon = card_list()
    elder = card_list()
    younger = card_list()
    role = ma.fields.String(validate=validate.OneOf(["elder", "younger"]))
    point = AnnouncedField("point", allow_none=True)
    sequence = AnnouncedField("sequence", allow_none=True)
    sets = AnnouncedField("sets")
    carte_blanche = ma.fields.Boolean()
    announced = ma.fields.String(
        validate=validate.OneOf(["as_announced", "none", "best"]),
        metadata={"description": "A declaration: what he announced (default), \"none\" "
                                 "(nothing), or \"best\" (score his best, Q5)"},
    )
    anyway = ma.fields.Boolean(metadata={
        "description": "Record a step the rules refuse but that really happened (P10, Q12): "
                       "the match's irregularities option decides the penalty"})
    at = ma.fields.Nested(StepAtSchema, metadata={
        "description": "Where the step belongs (the match's next.at gives it): a card "
                       "{deal, trick, position}, a bid {deal, bid}, any other step {deal}. "
                       "That place already filled → 409 step-already-recorded (with the "
                       "existing step and same: true when it is the same card or call by the "
                       "same player); ahead of the next free place or another deal → 409 "
                       "step-not-next (with next_at). Left out: the next place"})
    expected_version = ma.fields.Integer(
        validate=validate.Range(min=1, max=MAX_VERSION),
        metadata={"description": "The match version this step follows (or send If-Match)"},
    )

    #: :meth:`_fields_of_type` for the document.
    JSON_SCHEMA: ClassVar[dict[str, Any]] = {"allOf": [
        *({"if": {"properties": {"type": {"const": kind}}},
           "then": {"required": [needs], "properties": {needs: {"not": {"type": "null"}}}}}
          for kind, needs in _STEP_NEEDS.items() if kind != "card"),
    {"if": {"properties": {"type": {"const": "card"}}}, "then": {"required": ["card"]}},
        {"if": {"not": {"properties": {"type": {"const": "irregularity"}}}},
         "then": {"not": {"anyOf": [{"required": ["what"]}, {"required": ["cards"]}]}}},
        {"if": {"not": {"properties": {"type": {"enum": [*_ELECTION_STEPS]}}}},
         "then": {"not": {"required": ["election"]}}},
        {"if": {"not": {"properties": {"type": {"const": "deal_started"}}}},
         "then": {"properties": {"election": {"not": {"const": TAKEN_IN}}}}},
        {"if": {"properties": {"type": {"const": "card"}}},
         "then": {"properties": {"at": {"required": ["trick", "position"],
                                        "not": {"required": ["bid"]}}}},
         "else": {"if": {"properties": {"type": {"const": "bid"}}},
                  "then": {"properties": {"at": {"required": ["bid"], "not": {"anyOf": [
                      {"required": ["trick"]}, {"required": ["position"]}]}}}},
                  "else": {"properties": {"at": {"not": {"anyOf": [
                      {"required": ["trick"]}, {"required": ["position"]},
                      {"required": ["bid"]}]}}}}}},
    ]}

    @ma.validates_schema
    def _fields_of_type(self, data: dict[str, Any], **kwargs: object) -> None:
        needs = _STEP_NEEDS
        wanted = needs.get(data.get("type", ""))
        if wanted and (wanted not in data if wanted == "card" else data.get(wanted) is None):
            raise ma.ValidationError(schema_error("step_needs", kind=data["type"],
                                                  field=wanted), wanted)
        if data.get("type") != "irregularity":
            for key in ("what", "cards"):
                if key in data:
                    raise ma.ValidationError(schema_error("irregularity_only", field=key),
                                             key)
        if "election" in data and data.get("type") not in _ELECTION_STEPS:
            raise ma.ValidationError(schema_error("election_steps"), "election")
        if data.get("election") == TAKEN_IN and data.get("type") != "deal_started":
            raise ma.ValidationError(schema_error("taken_in"), "election")
        at = data.get("at")
        if at is not None:
            kind = data.get("type")
            places = {"card": {"trick", "position"}, "bid": {"bid"}}.get(kind or "", set())
            if set(at) - {"deal"} != places:
                said = schema_error(f"at.{kind}") if kind in ("card", "bid") else \
                    schema_error("at.other", kind=kind)
                raise ma.ValidationError(said, "at")


class DryRunArgsSchema(StrictSchema):
    """``dry_run=true``: answer what the step would do, store nothing."""

    EXACT_INTEGERS = False  # a query string: ``dry_run=true`` is text

    dry_run = ma.fields.Boolean(load_default=False)


class DryRunSchema(ma.Schema):
    """What a step would do (nothing stored): ``would_record`` as sent; the rules'
    ``violations``; when refused, what recording it ``anyway`` would do: the ``irregularity``
    (revoke, out_of_turn, misdeal, false_call, talon_offence, no_discard, other), its
    ``penalty`` and the ``consequence`` in a sentence (and by its ``consequence_code`` and
    ``consequence_params``); the ``events`` it would append and the
    deal's score if it would complete it."""

    dry_run = ma.fields.Boolean()
    version = ma.fields.Integer()
    would_record = ma.fields.Boolean()
    anyway = ma.fields.Boolean()
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))
    irregularity = ma.fields.String(allow_none=True)
    penalty = ma.fields.String(allow_none=True)
    consequence = ma.fields.String(allow_none=True)
    consequence_code = consequence_code_field()
    consequence_params = consequence_params_field()
    consequence_language = consequence_language_field()
    events = ma.fields.List(ma.fields.Dict())
    scored = ma.fields.Nested(ScoredSchema, allow_none=True, metadata={
        "description": "The deal's score if the step would complete it (null: it would not)"})


class VoidRulingSchema(ma.Schema):
    """The ruling on a deal an irregularity's penalty voided (P10, Q12; the match's, at the
    step the table found it): nobody scores, and the deal is dealt again."""

    kind = ruling_kind_field("", "void")
    level = ma.fields.String(required=True, validate=validate.OneOf(["cards"]))
    void = ma.fields.Boolean(required=True, metadata={"enum": [True]})
    irregularity = ma.fields.String(required=True, metadata={"example": "misdeal"})
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))


class EventSchema(ma.Schema):
    """One ledger event."""

    seq = ma.fields.Integer()
    kind = ma.fields.String()
    payload = ma.fields.Dict()
    actor = ma.fields.String(allow_none=True)


class StepResultSchema(ma.Schema):
    """What a step appended, the deal's ruling when it completed it, and the match now."""

    events = ma.fields.List(ma.fields.Nested(EventSchema))
    scored = ma.fields.Nested(ScoredSchema, allow_none=True, metadata={
        "description": "The deal's score when the step completed it (null: it did not)"})
    match = ma.fields.Nested(MatchSchema)


class DealResultSchema(ma.Schema):
    """A deal recorded, amended or ruled by its cards: its number, points per player/team, the
    ruling (with its ``level``), the deal's ``agreement``, who entered it, and — when its cards
    superseded an earlier entry — ``changes`` (that entry against the ruling) and ``claims``
    (each side's claim beside it, with ``comparison.parts_at``); the match."""

    deal = ma.fields.Integer()
    scores = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer())
    ruling = ruling_field()
    level = ma.fields.String(metadata={"description": "cards | sheet | totals"})
    agreement = ma.fields.String(metadata={"description": AGREEMENT})
    entered_by = ma.fields.String(allow_none=True,
                                  metadata={"description": ENTERED_BY})
    changes = ma.fields.Nested(DealComparisonSchema, allow_none=True, metadata={
        "description": "The earlier entry against the cards' ruling (null: none superseded)"})
    claims = ma.fields.List(ma.fields.Nested(DealClaimSchema))
    match = ma.fields.Nested(MatchSchema)


class DealAgreementSchema(ma.Schema):
    """A deal's agreement after a confirmation or a dispute, and the match."""

    deal = ma.fields.Integer()
    agreement = ma.fields.String(metadata={"description": AGREEMENT})
    agreed_by = ma.fields.String(allow_none=True)
    entered_by = ma.fields.String(allow_none=True)
    claims = ma.fields.List(ma.fields.Nested(DealClaimSchema))
    match = ma.fields.Nested(MatchSchema)


class ClaimSchema(StrictSchema):
    """What the disputing side claims: a score-sheet line or the deal's totals."""

    #: One of the two, as conditions (a generated client keeps the claim a model; see
    #: :func:`referee.api.match_schemas._one_entry`).
    JSON_SCHEMA: ClassVar[dict[str, Any]] = {"allOf": [
        {"if": {"required": ["sheet"]}, "then": {"not": {"required": ["totals"]}}},
        {"if": {"not": {"required": ["sheet"]}}, "then": {"required": ["totals"]}},
    ]}

    sheet = ShapesField(*SHEETS, metadata={"description": SHEET})
    totals = ShapesField(*TOTALS, metadata={"description": TOTALS_TEXT})

    @ma.validates_schema
    def _one(self, data: dict[str, Any], **kwargs: object) -> None:
        if len(data) != 1:
            raise ma.ValidationError(schema_error("claim"))


class DisputeSchema(StrictSchema):
    """Why the deal is disputed and, optionally, the disputing side's own claim."""

    reason = ma.fields.String(required=True, validate=validate.Length(min=1, max=500))
    claim = ma.fields.Nested(ClaimSchema, allow_none=True)
    by = NameField()
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))

class CorrectionSchema(StrictSchema):
    """Who corrects, and why; ``expected_version`` (or If-Match) guards against a stale phone."""

    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))

    reason = ma.fields.String(validate=TEXT)
    by = NameField()


class VoidSchema(CorrectionSchema):
    """Voiding a deal needs a reason."""

    reason = ma.fields.String(required=True, validate=validate.Length(min=1, max=500))


class AmendSchema(VoidSchema):
    """The corrected record and the reason."""

    record = ma.fields.Nested(RecordDealSchema, required=True)
