"""Stateless Piquet rulings: a deal (``deals:score``), declarations (``declarations:compare``)
and the partie's settlement (``parties:settle``)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import marshmallow as ma
from marshmallow import validate

from referee import piquet
from referee.api.errors import ProblemError, ViolationSchema, problems
from referee.api.fields import Blueprint, StakeField, StrictSchema, card_list
from referee.api.match_schemas import (
    PiquetOptionsSchema,
    RolesAnnouncementsSchema,
    RolesCardsSchema,
)

blp = Blueprint(
    "piquet", __name__, url_prefix="/v1/piquet",
    description="Piquet (Rubicon Piquet): rulings on a deal, on declarations, on a partie.",
)



def _role() -> ma.fields.String:
    """A role: "elder", "younger" or null."""
    return ma.fields.String(
        allow_none=True, metadata={"description": '"elder", "younger" or null'}
    )


class DealRequestSchema(StrictSchema):
    """A Piquet deal (design.md): ``tricks`` (leader's card first; elder leads the first);
    optional ``dealt`` hands, ``talon`` (top first), ``exchange`` (discards) and
    ``declarations`` (what each announced; without them each announces his best)."""

    tricks = ma.fields.List(card_list(), required=True, validate=validate.Length(max=32))
    dealt = ma.fields.Nested(RolesCardsSchema, allow_none=True)
    talon = card_list(allow_none=True)
    exchange = ma.fields.Nested(RolesCardsSchema, allow_none=True)
    declarations = ma.fields.Nested(RolesAnnouncementsSchema, allow_none=True)
    options = ma.fields.Nested(PiquetOptionsSchema, load_default=dict)


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
    stage = ma.fields.String(validate=validate.OneOf(["declaring", "playing", "the cards"]))
    rule = ma.fields.String(metadata={"example": "Q5"})
    step = ma.fields.String(metadata={"example": "sequence"})
    trick = ma.fields.Integer()
    note = ma.fields.String()


class GroundSchema(ma.Schema):
    """One thing a ruling verified, computed or took as reported, with its rule section."""

    rule = ma.fields.String(metadata={"example": "Q5"})
    what = ma.fields.String()


class DealRulingSchema(ma.Schema):
    """The ruling on a deal: the deal's totals, tricks, declarations, carte blanche, repique,
    pique, capot, each trick, the running log (as a table counts aloud), the counting records
    in Q8 order, what was verified / computed / taken as reported, and every rule break."""

    level = ma.fields.String(metadata={"description": '"cards" (a ruling on every card)'})
    scores = ma.fields.Nested(PerRoleSchema)
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
    verified = ma.fields.List(ma.fields.Nested(GroundSchema))
    computed = ma.fields.List(ma.fields.Nested(GroundSchema))
    as_reported = ma.fields.List(ma.fields.Nested(GroundSchema))
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))


class CompareRequestSchema(StrictSchema):
    """Both hands after the exchange, 12 cards each."""

    elder = card_list(required=True)
    younger = card_list(required=True)
    options = ma.fields.Nested(PiquetOptionsSchema, load_default=dict)


class SettleRequestSchema(StrictSchema):
    """The partie's totals per player name (exactly two), and an optional stake per point."""

    scores = ma.fields.Dict(
        keys=ma.fields.String(validate=validate.Length(min=1, max=40)),
        values=ma.fields.Integer(validate=validate.Range(min=0, max=100_000)),
        required=True,
        validate=validate.Length(equal=2),
    )
    stake = StakeField(allow_none=True)


class SettlementSchema(ma.Schema):
    """Q9: who won, who pays, whether he was rubiconed, the payment in points and money."""

    winner = ma.fields.String(allow_none=True)
    loser = ma.fields.String(allow_none=True)
    rubiconed = ma.fields.Boolean()
    payment = ma.fields.Integer()
    amount = ma.fields.String(allow_none=True)


def engine_options(data: dict[str, Any]) -> piquet.PiquetOptions:
    """The engine's options from the request's ``options``."""
    return piquet.PiquetOptions(**data)


@blp.route("/deals:score", methods=["POST"])
@blp.arguments(DealRequestSchema)
@blp.response(200, DealRulingSchema)
@problems(blp, 422)
def score_deal(body: dict[str, Any]) -> dict[str, Any]:
    """Rule on a finished deal: every declaration, trick point, pique, repique, capot.

    A record too broken to score (13 cards in a hand, a card twice…) is 422.
    """
    options = engine_options(body.pop("options"))
    deal = piquet.deal_from_record(body)
    return piquet.rule_deal(deal, options).as_dict()


@blp.route("/declarations:compare", methods=["POST"])
@blp.arguments(CompareRequestSchema)
@blp.response(200, DeclarationsSchema)
@problems(blp, 422)
def compare(body: dict[str, Any]) -> dict[str, Any]:
    """Compare two hands' declarations, each announcing his best (Q5), and the repique."""
    hands = piquet.deal_from_record({"tricks": [], "dealt": {k: body[k] for k in piquet.ROLES}})
    assert hands.dealt is not None
    result = piquet.compare_declarations(
        hands.dealt["elder"], hands.dealt["younger"], engine_options(body["options"])
    )
    return result.as_dict()


@blp.route("/parties:settle", methods=["POST"])
@blp.arguments(SettleRequestSchema)
@blp.response(200, SettlementSchema)
def settle(body: dict[str, Any]) -> dict[str, Any]:
    """Settle a partie (Q9): the Rubicon, exactly 100 not rubiconed, the stake."""
    stake = body.get("stake")
    try:
        return piquet.settle_partie(
            body["scores"], Decimal(stake) if stake is not None else None
        ).as_dict()
    except ValueError as error:
        raise ProblemError(400, str(error)) from None
