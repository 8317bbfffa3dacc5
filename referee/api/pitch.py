"""Stateless Pitch rulings: ``POST /v1/pitch/hands:score`` and ``/v1/pitch/bidding:check``."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import validate

from referee import pitch
from referee.api.errors import ProblemError, ViolationSchema, problems
from referee.api.fields import Blueprint, CallField, StrictSchema, card_list
from referee.api.match_schemas import PitchOptionsSchema

blp = Blueprint(
    "pitch", __name__, url_prefix="/v1/pitch",
    description="Pitch (Auction Pitch, Setback): rulings on a hand and on an auction.",
)

_CALL = CallField()


class HandRequestSchema(StrictSchema):
    """A Pitch hand (/rules/records): ``bids`` in calling order from the dealer's left, ``tricks``
    in play order (trick 1 led by the pitcher), optional ``hands`` as dealt and ``claimed``
    score changes (per seat, or per team in partnership)."""

    players = ma.fields.Integer(required=True, validate=validate.Range(min=1, max=10))
    partnership = ma.fields.Boolean(load_default=False)
    dealer = ma.fields.Integer(required=True, validate=validate.Range(min=0, max=9))
    bids = ma.fields.List(_CALL, required=True, validate=validate.Length(max=16))
    tricks = ma.fields.List(card_list(), required=True, validate=validate.Length(max=16))
    hands = ma.fields.List(card_list(), allow_none=True, validate=validate.Length(max=10))
    claimed = ma.fields.List(ma.fields.Integer(validate=validate.Range(min=-100, max=100)),
                             allow_none=True, validate=validate.Length(max=10))
    options = ma.fields.Nested(PitchOptionsSchema, load_default=dict)


class TrickSchema(ma.Schema):
    """A trick: the seat that led, the cards in play order, the seat that won it."""

    leader = ma.fields.Integer()
    cards = ma.fields.List(ma.fields.String())
    winner = ma.fields.Integer(allow_none=True)


class AwardSchema(ma.Schema):
    """Who won a point (P5): the card, the seat credited and his side."""

    card = ma.fields.String()
    seat = ma.fields.Integer(allow_none=True)
    side = ma.fields.Integer(allow_none=True)


class GameAwardSchema(ma.Schema):
    """The Game point: the side with most game points (null on a tie), points per side."""

    side = ma.fields.Integer(allow_none=True)
    game_points = ma.fields.List(ma.fields.Integer())


class PointsSchema(ma.Schema):
    """High, Low, Jack (null when the jack of trumps is not in play) and Game (P5)."""

    high = ma.fields.Nested(AwardSchema, allow_none=True)
    low = ma.fields.Nested(AwardSchema, allow_none=True)
    jack = ma.fields.Nested(AwardSchema, allow_none=True)
    game = ma.fields.Nested(GameAwardSchema)


class HandRulingSchema(ma.Schema):
    """The ruling on a hand: trump, pitcher and bid, each trick, each point, the score changes
    per side (P6), whether the table's claim was right, and every rule break."""

    players = ma.fields.Integer()
    partnership = ma.fields.Boolean()
    dealer = ma.fields.Integer()
    trump = ma.fields.String()
    pitcher = ma.fields.Integer()
    bid = ma.fields.Integer()
    pitched = ma.fields.Boolean()
    sides = ma.fields.List(ma.fields.List(ma.fields.Integer()))
    pitcher_side = ma.fields.Integer()
    tricks = ma.fields.List(ma.fields.Nested(TrickSchema))
    points = ma.fields.Nested(PointsSchema)
    points_won = ma.fields.List(ma.fields.Integer())
    made_bid = ma.fields.Boolean()
    score_changes = ma.fields.List(ma.fields.Integer())
    claimed_ok = ma.fields.Boolean(allow_none=True)
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))
    next_dealer = ma.fields.Integer()


class BiddingRequestSchema(StrictSchema):
    """An auction so far: players, dealer, the calls from the dealer's left, options."""

    players = ma.fields.Integer(required=True, validate=validate.Range(min=1, max=10))
    dealer = ma.fields.Integer(required=True, validate=validate.Range(min=0, max=9))
    bids = ma.fields.List(_CALL, required=True, validate=validate.Length(max=16))
    options = ma.fields.Nested(PitchOptionsSchema, load_default=dict)


class BiddingStatusSchema(ma.Schema):
    """Where the auction stands (P3): legal so far, the high bidder, who calls next and the
    calls open to him."""

    legal = ma.fields.Boolean()
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))
    complete = ma.fields.Boolean()
    high_bidder = ma.fields.Integer(allow_none=True)
    high_bid = ma.fields.Integer(allow_none=True)
    pitched = ma.fields.Boolean()
    next_seat = ma.fields.Integer(allow_none=True)
    legal_calls = ma.fields.List(ma.fields.Raw())
    redeal = ma.fields.Boolean()


def engine_options(data: dict[str, Any]) -> pitch.PitchOptions:
    """The engine's options from the request's ``options`` (400 when out of range)."""
    try:
        return pitch.PitchOptions(**data)
    except ValueError as error:
        raise ProblemError(400, f"Bad options: {error}") from None


@blp.route("/hands:score", methods=["POST"])
@blp.arguments(HandRequestSchema)
@blp.response(200, HandRulingSchema)
@problems(blp, 422)
def score_hand(body: dict[str, Any]) -> dict[str, Any]:
    """Rule on a finished hand: tricks, High/Low/Jack/Game, the score, the violations.

    A record too broken to score (no pitcher, a card twice, a hand of seven…) is 422.
    """
    options = engine_options(body.pop("options"))
    hand = pitch.hand_from_record(body, body["players"], body["partnership"])
    return pitch.rule_hand(hand, options).as_dict()


@blp.route("/bidding:check", methods=["POST"])
@blp.arguments(BiddingRequestSchema)
@blp.response(200, BiddingStatusSchema)
def check_bidding(body: dict[str, Any]) -> dict[str, Any]:
    """Is the auction legal so far, who holds the high bid, whose call is next and which calls
    are legal now (P3, P8)."""
    options = engine_options(body["options"])
    calls = tuple(pitch.parse_call(c, f"bids[{i}]") for i, c in enumerate(body["bids"]))
    status = pitch.check_bidding(body["players"], body["dealer"], calls, options,
                                 record_complete=False)
    return status.as_dict()
