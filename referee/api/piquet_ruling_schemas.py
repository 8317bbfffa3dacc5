"""The answers of the stateless Piquet rulings (:mod:`referee.api.piquet`): the ruling on a
deal's cards, on a score-sheet line or totals (a match's rulings are the same, with more), the
declarations compared, the partie's settlement."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from referee import piquet
from referee.api.errors import ViolationSchema
from referee.api.fields import english_only, finding_params, hint_params, ruling_kind_field


def _role() -> ma.fields.String:
    """A role: "elder", "younger" or null."""
    return ma.fields.String(
        allow_none=True, metadata={"description": '"elder", "younger" or null'}
    )


class PiquetIrregularitySchema(ma.Schema):
    """An irregularity recorded anyway and its penalty (Q12)."""

    kind = ma.fields.String(metadata={"example": "revoke"})
    who = _role()
    law = ma.fields.String(metadata={"example": "PT 59 IV"})
    location = ma.fields.String()
    penalty = ma.fields.String(metadata={"example": "reckon_nothing"})
    consequence = ma.fields.String()
    consequence_language = english_only("consequence")


class PerRoleSchema(ma.Schema):
    """A number per role."""

    elder = ma.fields.Integer()
    younger = ma.fields.Integer()


class CategorySchema(ma.Schema):
    """One declaration category (Q5): who scores it (null: nobody), the points each scored,
    what the winner scored in words, and what each showed."""

    winner = _role()
    elder = ma.fields.Integer()
    younger = ma.fields.Integer()
    scored = ma.fields.List(ma.fields.String())
    scored_points = ma.fields.List(ma.fields.Integer())
    elder_shown = ma.fields.String(allow_none=True)
    younger_shown = ma.fields.String(allow_none=True)


class DeclarationsSchema(ma.Schema):
    """The declarations (Q3, Q5) and the repique judged on them (Q7, Q8)."""

    carte_blanche = _role()
    point = ma.fields.Nested(CategorySchema)
    sequence = ma.fields.Nested(CategorySchema)
    sets = ma.fields.Nested(CategorySchema)
    scores = ma.fields.Nested(PerRoleSchema)
    repique = _role()


class PiquetTrickSchema(ma.Schema):
    """A trick: its number, the role that led, the cards (leader's first), the winner."""

    number = ma.fields.Integer()
    leader = ma.fields.String()
    cards = ma.fields.List(ma.fields.String())
    winner = ma.fields.String(allow_none=True)


class LogEntrySchema(ma.Schema):
    """One scoring event as the players call it, with the running totals."""

    who = ma.fields.String()
    what = ma.fields.String()
    points = ma.fields.Integer()
    elder_total = ma.fields.Integer()
    younger_total = ma.fields.Integer()
    note = ma.fields.String(metadata={"description": "why, when the entry needs explaining"})


class CountSchema(ma.Schema):
    """One counting record (Q8): who counts what (in full, as said aloud), the points, the
    stage ("declaring", "playing", "the cards"), the rule, the Q8 step, the trick (play)."""

    who = ma.fields.String()
    what = ma.fields.String(metadata={"example": "quint to the king in clubs"})
    points = ma.fields.Integer()
    stage = ma.fields.String(
        validate=validate.OneOf(["declaring", "playing", "the cards", "penalty"]))
    rule = ma.fields.String(metadata={"example": "Q5"})
    step = ma.fields.String(metadata={"example": "sequence"})
    trick = ma.fields.Integer()
    note = ma.fields.String()


class GroundSchema(ma.Schema):
    """One thing a ruling verified, computed or took as reported: a stable code, its rule
    section and a sentence."""

    code = ma.fields.String(metadata={"example": "tricks_add_up", "description": (
        "Stable, for clients to switch on (the sentence, what, may be reworded); one of: "
        + ", ".join(piquet.FINDING_CODES))})
    rule = ma.fields.String(metadata={"example": "Q5"})
    what = ma.fields.String()
    params = finding_params()


class ClaimHintSchema(ma.Schema):
    """What could explain a totals claim that parts from the cards: a stable code, the rule
    it rests on, the hint in words."""

    code = ma.fields.String(metadata={"example": "pique_not_given", "description": (
        "One of: " + ", ".join(piquet.HINT_CODES))})
    rule = ma.fields.String(metadata={"example": "Q7"})
    message = ma.fields.String()
    params = hint_params()


class PiquetDifferenceSchema(ma.Schema):
    """A step where a claim parts from the ruling (Q8 order): what each says, the claim minus
    the ruling per role, and for totals what could explain it (``explanations`` in words,
    ``hints`` typed)."""

    code = ma.fields.String(metadata={"example": "sequence_differs",
                                      "description": "<step>_differs"})
    step = ma.fields.String(metadata={"example": "sequence"})
    rule = ma.fields.String(metadata={"example": "Q5"})
    ruling = ma.fields.String()
    claim = ma.fields.String()
    difference = ma.fields.Nested(PerRoleSchema)
    explanations = ma.fields.List(ma.fields.String())
    hints = ma.fields.List(ma.fields.Nested(ClaimHintSchema))


class ClaimComparisonSchema(ma.Schema):
    """A claim beside the ruling: whether it agrees, the first point where it parts, every
    difference in counting order."""

    code = ma.fields.String(metadata={"example": "claim_differs",
                                      "description": '"claim_agrees" or "claim_differs"'})
    agrees = ma.fields.Boolean()
    parts_at = ma.fields.Nested(PiquetDifferenceSchema, allow_none=True)
    differences = ma.fields.List(ma.fields.Nested(PiquetDifferenceSchema))


class PiquetSheetRulingSchema(ma.Schema):
    """The ruling on a score-sheet line or on totals: the deal's points, the counting records,
    what was verified, computed and taken as reported, and every impossibility found."""

    class Meta:  # a match's ruling says more (the players' names…): the object stays open
        unknown = ma.INCLUDE

    kind = ruling_kind_field("piquet", "piquet_sheet", "piquet_totals")
    level = ma.fields.String(required=True, validate=validate.OneOf(["sheet", "totals"]),
                             metadata={"description": '"sheet" or "totals"'})
    scores = ma.fields.Nested(PerRoleSchema, required=True)
    tricks_won = ma.fields.Nested(PerRoleSchema)
    carte_blanche = _role()
    repique = _role()
    pique = _role()
    capot = _role()
    cards = ma.fields.String(allow_none=True, metadata={"description": "who won the cards"})
    counts = ma.fields.List(ma.fields.Nested(CountSchema))
    log = ma.fields.List(ma.fields.Nested(LogEntrySchema))
    verified = ma.fields.List(ma.fields.Nested(GroundSchema))
    computed = ma.fields.List(ma.fields.Nested(GroundSchema))
    as_reported = ma.fields.List(ma.fields.Nested(GroundSchema))
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))


class DealRulingSchema(ma.Schema):
    """The ruling on a deal: the deal's totals, tricks, declarations, carte blanche, repique,
    pique, capot, each trick, the running log (as a table counts aloud), the counting records
    in Q8 order, what was verified / computed / taken as reported, and every rule break."""

    class Meta:  # a match's ruling says more (the players' names…): the object stays open
        unknown = ma.INCLUDE

    kind = ruling_kind_field("piquet", "piquet_cards")
    level = ma.fields.String(required=True, validate=validate.OneOf(["cards"]),
                             metadata={"description": '"cards" (a ruling on every card)'})
    scores = ma.fields.Nested(PerRoleSchema, required=True)
    tricks_won = ma.fields.Nested(PerRoleSchema)
    declarations = ma.fields.Nested(DeclarationsSchema)
    carte_blanche = _role()
    repique = _role()
    pique = _role()
    capot = _role()
    cards = ma.fields.String(allow_none=True, metadata={"description": "who won the cards"})
    tricks = ma.fields.List(ma.fields.Nested(PiquetTrickSchema))
    hands = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.List(ma.fields.String()))
    log = ma.fields.List(ma.fields.Nested(LogEntrySchema))
    counts = ma.fields.List(ma.fields.Nested(CountSchema))
    irregularities = ma.fields.List(ma.fields.Nested(PiquetIrregularitySchema))
    verified = ma.fields.List(ma.fields.Nested(GroundSchema))
    computed = ma.fields.List(ma.fields.Nested(GroundSchema))
    as_reported = ma.fields.List(ma.fields.Nested(GroundSchema))
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))
    claimed_ok = ma.fields.Boolean(
        allow_none=True, metadata={"description": "the claimed scores agree (null: none sent)"})
    claim = ma.fields.Nested(ClaimComparisonSchema, allow_none=True)


class SettlementSchema(ma.Schema):
    """Q9: who won, who pays, whether he was rubiconed, the payment in points and money."""

    winner = ma.fields.String(allow_none=True)
    loser = ma.fields.String(allow_none=True)
    rubiconed = ma.fields.Boolean()
    payment = ma.fields.Integer()
    amount = ma.fields.String(allow_none=True)
