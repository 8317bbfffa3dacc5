"""marshmallow schemas of what a match's answers say about one deal beyond its ruling: the
``deal_scored`` payload a step or a dry run reports, each side's claim, an earlier entry the
cards superseded, a correction, and a claim's comparison with the ruling (answers only)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from referee.api.errors import ViolationSchema
from referee.api.fields import ENTERED_BY
from referee.api.strict import ShapesField

#: A deal's ruling, one shape per game and level (its ``level`` and the type of its
#: ``scores`` tell them apart: per role in Piquet, per side in Pitch; a void one has no
#: scores), in the order a client tries them.
RULINGS = ("VoidRulingSchema", "DealRulingSchema", "PiquetSheetRulingSchema",
           "HandRulingSchema", "PitchSheetRulingSchema", "TotalsRulingSchema")
#: Each ruling ``kind`` (:data:`referee.rulings.RULING_KINDS`) and its shape.
RULING_SHAPES = {"void": "VoidRulingSchema", "piquet_cards": "DealRulingSchema",
                 "piquet_sheet": "PiquetSheetRulingSchema",
                 "piquet_totals": "PiquetSheetRulingSchema", "pitch_cards": "HandRulingSchema",
                 "pitch_sheet": "PitchSheetRulingSchema", "pitch_totals": "TotalsRulingSchema"}
RULING = ("The deal's ruling: a deal voided by an irregularity's penalty (VoidRuling); "
          "Piquet on its cards (level cards, DealRuling) or on a sheet or "
          "totals (PiquetSheetRuling); Pitch on its cards (HandRuling), a sheet "
          "(PitchSheetRuling) or totals (TotalsRuling); its kind names which")

#: A deal's record as entered, one shape per level and game, in the order a client tries
#: them (a Piquet sheet's tricks are per role, a cards record's a list of tricks).
RECORDS = ("PiquetSheetSchema", "PiquetTotalsSchema", "SheetSchema", "TotalsSchema",
           "CardsRecordSchema")
RECORD = ("The deal's record as entered: its cards (CardsRecord), a score-sheet line "
          "(PiquetSheet, Sheet) or totals (PiquetTotals, Totals), by its level and the match's "
          "game")

#: A claim hint, in the match's game: Piquet's (``ClaimHint``) or Pitch's (``PitchClaimHint``);
#: the same fields, their codes the game's (``anyOf``: a hint is both shapes).
HINTS = ("ClaimHintSchema", "PitchClaimHintSchema")

AGREEMENT = "provisional | confirmed | disputed | ruled"
LEVEL = "cards | sheet | totals"

_SCORES = {"description": "Points per player (or team in partnership), by name"}


def _scores() -> ma.fields.Dict:
    return ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer(),
                          metadata=_SCORES)


def ruling_field() -> ShapesField:
    """A deal's ruling: one of :data:`RULINGS`, its ``kind`` naming which."""
    return ShapesField(*RULINGS, discriminator=("kind", RULING_SHAPES),
                       metadata={"description": RULING})


class DealDifferenceSchema(ma.Schema):
    """A step where a claim parts from the cards' ruling, in the game's counting order (Q8;
    P5, P6): what each says, in Piquet the claim minus the ruling per player, and for totals
    what could explain it (``explanations`` in words, ``hints`` typed). A claim entered as
    cards is compared by its points alone (``step`` "scores")."""

    code = ma.fields.String(metadata={"example": "sequence_differs",
                                      "description": "<step>_differs"})
    step = ma.fields.String(metadata={"example": "sequence"})
    rule = ma.fields.String(metadata={"example": "Q5"})
    ruling = ma.fields.String()
    claim = ma.fields.String()
    difference = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer(), metadata={
        "description": "Piquet: the claim minus the ruling, per player by name"})
    explanations = ma.fields.List(ma.fields.String())
    hints = ma.fields.List(ShapesField(*HINTS, overlap=True))


class DealComparisonSchema(ma.Schema):
    """A claim (or an earlier entry) beside the cards' ruling: ``code`` "claim_agrees" or
    "claim_differs" (absent for a comparison by points alone), whether it agrees, the first
    point where it parts, every difference in counting order."""

    code = ma.fields.String(metadata={"example": "claim_differs",
                                      "description": '"claim_agrees" or "claim_differs"'})
    agrees = ma.fields.Boolean()
    parts_at = ma.fields.Nested(DealDifferenceSchema, allow_none=True)
    differences = ma.fields.List(ma.fields.Nested(DealDifferenceSchema))


class ScoredSchema(ma.Schema):
    """A deal scored (the ``deal_scored`` event's payload): its number, the points per player
    or team, the ruling, and the credential that entered it (absent in older ledgers)."""

    deal = ma.fields.Integer(required=True)
    scores = _scores()
    ruling = ruling_field()
    entered_by = ma.fields.String(metadata={"description": ENTERED_BY})


class DealClaimSchema(ma.Schema):
    """One side's claim on a deal (docs/records.md): the entry itself when it was a score
    sheet or totals (``entry`` true), or a dispute's claim (``reason``, and ``level``,
    ``record`` and ``scores`` when it claimed a sheet or totals); once the cards rule the
    deal, its ``comparison`` with their ruling."""

    side = ma.fields.String(allow_none=True,
                            metadata={"description": "The claiming player or team (null: the "
                                                     "write token)"})
    entered_by = ma.fields.String(allow_none=True,
                                  metadata={"description": ENTERED_BY})
    reason = ma.fields.String(allow_none=True, metadata={"description": "A dispute's reason"})
    entry = ma.fields.Boolean(metadata={"description": "The deal's entry itself (not a "
                                                       "dispute's claim)"})
    level = ma.fields.String(validate=validate.OneOf(["cards", "sheet", "totals"]),
                             metadata={"description": LEVEL})
    record = ShapesField(*RECORDS, metadata={"description": RECORD})
    scores = _scores()
    comparison = ma.fields.Nested(DealComparisonSchema, metadata={
        "description": "Once the cards rule the deal: this claim beside their ruling"})
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema), metadata={
        "description": "A deal imported with the rules broken (POST /v1/matches:import "
                       "?violations=dispute): the violations that dispute it"})


class SupersededSchema(ma.Schema):
    """An earlier entry of a deal that its cards superseded (the ledger keeps it): how it was
    entered, its record, ruling and points, who entered it and its agreement then."""

    level = ma.fields.String(validate=validate.OneOf(["cards", "sheet", "totals"]),
                             metadata={"description": LEVEL})
    record = ShapesField(*RECORDS, metadata={"description": RECORD})
    ruling = ruling_field()
    scores = _scores()
    entered_by = ma.fields.String(allow_none=True)
    agreement = ma.fields.String(metadata={"description": AGREEMENT})


class CorrectionNoteSchema(ma.Schema):
    """A correction applied to a deal: the event's ``seq`` and ``kind`` (``deal_amended``,
    ``deal_voided``), the reason given and who the request named (``by``)."""

    seq = ma.fields.Integer()
    kind = ma.fields.String(metadata={"example": "deal_amended"})
    reason = ma.fields.String(allow_none=True)
    by = ma.fields.String(allow_none=True)
