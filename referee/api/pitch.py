"""Stateless Pitch rulings: ``POST /v1/pitch/hands:score`` (the cards), ``/v1/pitch/sheets:score``
(a score-sheet line), ``/v1/pitch/totals:check`` (bare totals) and ``/v1/pitch/bidding:check``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import marshmallow as ma
from marshmallow import validate

from referee import pitch
from referee.api.blueprint import Blueprint
from referee.api.errors import ProblemError, ViolationSchema
from referee.api.fields import CallField, StrictSchema, card_list
from referee.api.match_schemas import PitchOptionsSchema
from referee.api.problems import BAD_REQUEST

blp = Blueprint(
    "pitch", __name__, url_prefix="/v1/pitch",
    description="Pitch (Auction Pitch, Setback): rulings on a hand (its cards, its score-sheet "
    "line or its totals) and on an auction.",
)

_CALL = CallField()


class PitchIrregularitySchema(StrictSchema):
    """An irregularity that really happened, recorded anyway (P10): ``revoke`` (seat, trick
    1..6), ``lead_out_of_turn`` (seat, trick 2..6, completed), ``bid_out_of_turn`` (seat,
    call), ``misdeal`` (seat optional), ``long_hand`` (seat found in play with more than six
    cards: a new deal) or ``exposed_card`` (seat, trick optional: no score penalty; the
    opponents may call it in the partnership game)."""

    type = ma.fields.String(
        required=True,
        validate=validate.OneOf(["revoke", "lead_out_of_turn", "bid_out_of_turn", "misdeal",
                                 "long_hand", "exposed_card"]),
    )
    seat = ma.fields.Integer(allow_none=True, validate=validate.Range(min=0, max=9))
    trick = ma.fields.Integer(allow_none=True, validate=validate.Range(min=1, max=6))
    call = CallField(allow_none=True)


class IrregularityRulingSchema(ma.Schema):
    """An irregularity as ruled (P10): what happened, the penalty (the option's value), its
    source (the published law), what it means in words, and whether the record proves it."""

    type = ma.fields.String()
    seat = ma.fields.Integer(allow_none=True)
    trick = ma.fields.Integer(allow_none=True)
    call = CallField(allow_none=True)
    rule = ma.fields.String()
    penalty = ma.fields.String()
    source = ma.fields.String()
    what = ma.fields.String()
    proven = ma.fields.Boolean()


def _names() -> ma.fields.List[str]:
    """The players' names, one per seat (optional): the ruling's sentences name them ("Bob
    took High"); without them they say "seat 1"."""
    return ma.fields.List(
        ma.fields.String(validate=validate.Length(min=1, max=40)), load_default=list,
        validate=validate.Length(max=10),
        metadata={"description": "The players' names, one per seat, for the ruling's sentences "
                                 '("Bob took High"); without them: "seat 1 took High"',
                  "example": ["Ann", "Bob", "Cy"]})


class HandRequestSchema(StrictSchema):
    """A Pitch hand (/rules/records): ``bids`` in calling order from the dealer's left, ``tricks``
    in play order (trick 1 led by the pitcher), optional ``hands`` as dealt and ``claimed``
    score changes (per seat, or per team in partnership), and ``irregular``: irregularities
    recorded anyway (P10), whose penalties (the ``options``) the ruling applies."""

    players = ma.fields.Integer(required=True, validate=validate.Range(min=1, max=10))
    partnership = ma.fields.Boolean(load_default=False)
    dealer = ma.fields.Integer(required=True, validate=validate.Range(min=0, max=9))
    bids = ma.fields.List(_CALL, required=True, validate=validate.Length(max=16))
    tricks = ma.fields.List(card_list(), required=True, validate=validate.Length(max=16))
    hands = ma.fields.List(card_list(), allow_none=True, validate=validate.Length(max=10))
    claimed = ma.fields.List(ma.fields.Integer(validate=validate.Range(min=-100, max=100)),
                             allow_none=True, validate=validate.Length(max=10))
    irregular = ma.fields.List(ma.fields.Nested(PitchIrregularitySchema), allow_none=True,
                               validate=validate.Length(max=10))
    options = ma.fields.Nested(PitchOptionsSchema, load_default=dict)
    names = _names()


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


class FindingSchema(ma.Schema):
    """One thing the ruling verified, computed or took as reported: a stable code, a rule and
    a sentence."""

    code = ma.fields.String(metadata={"example": "auction_legal", "description": (
        "Stable, for clients to switch on (the sentence, what, may be reworded); one of: "
        + ", ".join(pitch.FINDING_CODES))})
    rule = ma.fields.String(metadata={"example": "P5"})
    what = ma.fields.String()
    params = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Raw(), metadata={
        "description": "The values the sentence is made of, by name (players by name, cards "
                       "in the design's notation, points, counts; a list where the sentence "
                       "names several), enough to word the finding again from its code; "
                       "absent from rulings recorded before findings had them"})


class PitchClaimHintSchema(ma.Schema):
    """What could explain a claimed score that parts from the cards: a stable code, the rule
    it rests on, the hint in words."""

    code = ma.fields.String(metadata={"example": "columns_swapped", "description": (
        "One of: " + ", ".join(pitch.HINT_CODES))})
    rule = ma.fields.String(metadata={"example": "P6"})
    message = ma.fields.String()
    params = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Raw(), metadata={
        "description": "The values the message is made of, by name (e.g. who, points), for a "
                       "client that words the hint itself"})


class PitchDifferenceSchema(ma.Schema):
    """A step where a claim parts from the ruling (counting order: high, low, jack, game, bid,
    score): what the ruling says and what the claim says, and for a score what could explain
    it (``explanations`` in words, ``hints`` typed)."""

    code = ma.fields.String(metadata={"example": "game_differs",
                                      "description": "<step>_differs"})
    step = ma.fields.String(metadata={"example": "game"})
    rule = ma.fields.String(metadata={"example": "P5"})
    ruling = ma.fields.String()
    claim = ma.fields.String()
    explanations = ma.fields.List(ma.fields.String())
    hints = ma.fields.List(ma.fields.Nested(PitchClaimHintSchema))


class ComparisonSchema(ma.Schema):
    """A claim beside the ruling: whether it agrees, the first point where it parts, every
    difference in counting order."""

    code = ma.fields.String(metadata={"example": "claim_differs",
                                      "description": '"claim_agrees" or "claim_differs"'})
    agrees = ma.fields.Boolean()
    parts_at = ma.fields.Nested(PitchDifferenceSchema, allow_none=True)
    differences = ma.fields.List(ma.fields.Nested(PitchDifferenceSchema))


class _RulingBase(ma.Schema):
    """What every Pitch ruling says: its level, the scores per side, the pitcher, his side and
    bid (P7), what it verified / computed / took as reported, and the rule breaks. A match's
    ruling says more (the players' names…): the document leaves the object open."""

    class Meta:
        unknown = ma.INCLUDE

    level = ma.fields.String(required=True,
                             validate=validate.OneOf(["cards", "sheet", "totals"]),
                             metadata={"description": "cards | sheet | totals"})
    players = ma.fields.Integer()
    partnership = ma.fields.Boolean()
    sides = ma.fields.List(ma.fields.List(ma.fields.Integer()))
    pitcher = ma.fields.Integer(allow_none=True, metadata={"description": "null: a misdeal"})
    pitcher_side = ma.fields.Integer(allow_none=True)
    bid = ma.fields.Integer(allow_none=True)
    made_bid = ma.fields.Boolean()
    score_changes = ma.fields.List(ma.fields.Integer())
    scores = ma.fields.List(ma.fields.Integer(), required=True,
                            metadata={"description": "= score_changes"})
    verified = ma.fields.List(ma.fields.Nested(FindingSchema))
    computed = ma.fields.List(ma.fields.Nested(FindingSchema))
    as_reported = ma.fields.List(ma.fields.Nested(FindingSchema))
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))
    irregularities = ma.fields.List(ma.fields.Nested(IrregularityRulingSchema))
    void = ma.fields.Boolean(metadata={"description": "the hand counts for nobody (P10)"})
    as_played = ma.fields.List(ma.fields.Integer(), allow_none=True,
                               metadata={"description": "the scores before the penalties"})


class HandRulingSchema(_RulingBase):
    """The ruling on a hand: trump, pitcher and bid, each trick, each point, the score changes
    per side (P6), whether the table's claim was right (and where it parts from the ruling),
    and every rule break."""

    level = ma.fields.String(required=True, validate=validate.OneOf(["cards"]),
                             metadata={"description": '"cards"'})

    players = ma.fields.Integer()
    partnership = ma.fields.Boolean()
    dealer = ma.fields.Integer()
    trump = ma.fields.String()
    pitcher = ma.fields.Integer(allow_none=True, metadata={"description": "null: a misdeal"})
    bid = ma.fields.Integer(allow_none=True)
    pitched = ma.fields.Boolean()
    sides = ma.fields.List(ma.fields.List(ma.fields.Integer()))
    pitcher_side = ma.fields.Integer(allow_none=True)
    tricks = ma.fields.List(ma.fields.Nested(TrickSchema))
    points = ma.fields.Nested(PointsSchema)
    points_won = ma.fields.List(ma.fields.Integer())
    made_bid = ma.fields.Boolean()
    score_changes = ma.fields.List(ma.fields.Integer())
    claimed_ok = ma.fields.Boolean(allow_none=True)
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))
    next_dealer = ma.fields.Integer()
    claim = ma.fields.Nested(ComparisonSchema, allow_none=True)
    misdeal = ma.fields.Boolean(metadata={"description": "a misdeal: a new deal (P10)"})


_SEAT = validate.Range(min=0, max=9)


def _seat(**kwargs: Any) -> ma.fields.Integer:
    return ma.fields.Integer(validate=_SEAT, **kwargs)


class SheetSchema(StrictSchema):
    """A score-sheet line (docs/records.md): the auction (``bids`` from the dealer's left, with
    ``dealer``) or the ``pitcher`` and his ``bid``; who took ``high`` and ``low`` (seats; they
    always go) and ``jack`` and ``game`` (a seat, or null: not out / tied); optionally
    ``trump``, ``game_points`` per side, ``single_trump`` (P5), the ``claimed`` score and
    ``irregular`` (P10). In partnership any seat of a side names the side."""

    dealer = _seat(allow_none=True)
    bids = ma.fields.List(_CALL, allow_none=True, validate=validate.Length(max=16))
    pitcher = _seat(allow_none=True)
    bid = ma.fields.Integer(allow_none=True, validate=validate.Range(min=-100, max=100))
    trump = ma.fields.String(allow_none=True, validate=validate.Length(max=2),
                             metadata={"example": "S"})
    high = _seat(required=True, allow_none=True)
    low = _seat(required=True, allow_none=True)
    jack = _seat(required=True, allow_none=True,
                 metadata={"description": "null: the jack of trumps was not out"})
    game = _seat(required=True, allow_none=True, metadata={"description": "null: Game tied"})
    game_points = ma.fields.List(ma.fields.Integer(validate=validate.Range(min=-100, max=200)),
                                 allow_none=True, validate=validate.Length(max=10))
    single_trump = ma.fields.Boolean(allow_none=True)
    claimed = ma.fields.List(ma.fields.Integer(validate=validate.Range(min=-100, max=100)),
                             allow_none=True, validate=validate.Length(max=10))
    irregular = ma.fields.List(ma.fields.Nested(PitchIrregularitySchema), allow_none=True,
                               validate=validate.Length(max=10),
                               metadata={"description": "P10: a revoke (trick optional), a lead "
                                         "or a bid out of turn, recorded anyway"})


class TotalsSchema(StrictSchema):
    """A totals line: each side's score change, the pitcher's seat (P7), optionally his bid."""

    scores = ma.fields.List(ma.fields.Integer(validate=validate.Range(min=-100, max=100)),
                            required=True, validate=validate.Length(max=10))
    pitcher = _seat(required=True)
    bid = ma.fields.Integer(allow_none=True, validate=validate.Range(min=-100, max=100))
    dealer = _seat(allow_none=True)


class CardsSchema(StrictSchema):
    """The cards of the hand, to put a claim beside (as ``hands:score`` takes them)."""

    dealer = ma.fields.Integer(required=True, validate=validate.Range(min=0, max=9))
    bids = ma.fields.List(_CALL, required=True, validate=validate.Length(max=16))
    tricks = ma.fields.List(card_list(), required=True, validate=validate.Length(max=16))
    hands = ma.fields.List(card_list(), allow_none=True, validate=validate.Length(max=10))


class PitchSheetRequestSchema(StrictSchema):
    """A score-sheet line to rule on; with ``cards``, the line is also put beside the ruling
    on the cards, as a side's claim (docs/records.md)."""

    players = ma.fields.Integer(required=True, validate=validate.Range(min=1, max=10))
    partnership = ma.fields.Boolean(load_default=False)
    sheet = ma.fields.Nested(SheetSchema, required=True)
    cards = ma.fields.Nested(CardsSchema, allow_none=True)
    options = ma.fields.Nested(PitchOptionsSchema, load_default=dict)
    names = _names()


class PitchTotalsRequestSchema(StrictSchema):
    """A totals line to check; with ``cards``, put beside the ruling on the cards."""

    players = ma.fields.Integer(required=True, validate=validate.Range(min=1, max=10))
    partnership = ma.fields.Boolean(load_default=False)
    totals = ma.fields.Nested(TotalsSchema, required=True)
    cards = ma.fields.Nested(CardsSchema, allow_none=True)
    options = ma.fields.Nested(PitchOptionsSchema, load_default=dict)
    names = _names()


class SheetPointSchema(ma.Schema):
    """Who took a point by the sheet: the seat written and its side (null: nobody)."""

    seat = ma.fields.Integer(allow_none=True)
    side = ma.fields.Integer(allow_none=True)


class SheetGameSchema(SheetPointSchema):
    """Game by the sheet, with the counts written (or null)."""

    game_points = ma.fields.List(ma.fields.Integer(), allow_none=True)


class SheetPointsSchema(ma.Schema):
    """High, Low, Jack, Game as the sheet gives them (P5)."""

    high = ma.fields.Nested(SheetPointSchema)
    low = ma.fields.Nested(SheetPointSchema)
    jack = ma.fields.Nested(SheetPointSchema)
    game = ma.fields.Nested(SheetGameSchema)


class PitchSheetRulingSchema(_RulingBase):
    """The ruling on a score-sheet line: the points as written, the score computed (P5, P6),
    what was verified and what was taken on trust; ``comparison`` when cards were given."""

    level = ma.fields.String(required=True, validate=validate.OneOf(["sheet"]),
                             metadata={"description": '"sheet"'})

    dealer = ma.fields.Integer(allow_none=True)
    pitched = ma.fields.Boolean()
    trump = ma.fields.String(allow_none=True)
    points = ma.fields.Nested(SheetPointsSchema)
    single_trump = ma.fields.Boolean()
    points_won = ma.fields.List(ma.fields.Integer())
    claimed_ok = ma.fields.Boolean(allow_none=True)
    next_dealer = ma.fields.Integer(allow_none=True)
    comparison = ma.fields.Nested(ComparisonSchema, allow_none=True)


class TotalsRulingSchema(_RulingBase):
    """The ruling on a totals line: possible in one hand or not (violations), what was taken
    on trust; ``comparison`` when cards were given."""

    level = ma.fields.String(required=True, validate=validate.OneOf(["totals"]),
                             metadata={"description": '"totals"'})

    comparison = ma.fields.Nested(ComparisonSchema, allow_none=True)


class BiddingRequestSchema(StrictSchema):
    """An auction so far: players, dealer, the calls from the dealer's left, options."""

    players = ma.fields.Integer(required=True, validate=validate.Range(min=1, max=10))
    dealer = ma.fields.Integer(required=True, validate=validate.Range(min=0, max=9))
    bids = ma.fields.List(_CALL, required=True, validate=validate.Length(max=16))
    options = ma.fields.Nested(PitchOptionsSchema, load_default=dict)
    names = _names()


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
        raise ProblemError(BAD_REQUEST, f"Bad options: {error}") from None


@blp.ruling("/hands:score", HandRequestSchema, HandRulingSchema)
def score_hand(body: dict[str, Any]) -> dict[str, Any]:
    """Rule on a finished hand: tricks, High/Low/Jack/Game, the score, the violations.

    With ``claimed``, ``claim`` puts the table's score beside the ruling: the first point where
    it parts (the bid made or set back, then each side's score, with what each side won).
    With ``irregular`` (a revoke proven later, a lead or a bid out of turn, a misdeal) the
    ruling lists each irregularity with the penalty of the table's option and its source, and
    scores the hand after the penalty (``as_played``: before it); a misdeal scores nothing.
    A record too broken to score (no pitcher, a card twice, a hand of seven…) is 422.
    """
    options = engine_options(body.pop("options"))
    names = body.pop("names")
    hand = pitch.hand_from_record(body, body["players"], body["partnership"], names)
    return pitch.rule_deal(hand, options).as_dict()


def _rule_line(
    body: dict[str, Any], level: str, parse: Callable[..., Any],
    rule: Callable[[Any, pitch.PitchOptions], Any],
) -> dict[str, Any]:
    """A score-sheet line or totals (``body[level]``) parsed and ruled, with ``comparison``:
    the line beside the ruling on ``body["cards"]`` as a side's claim (``None`` without
    cards)."""
    options = engine_options(body["options"])
    table = (body["players"], body["partnership"], body["names"])
    ruling = rule(parse(body[level], *table), options)
    comparison = None
    if body.get("cards") is not None:
        hand = pitch.hand_from_record(body["cards"], *table)
        comparison = pitch.compare_claim(pitch.rule_hand(hand, options), ruling).as_dict()
    return {**ruling.as_dict(), "comparison": comparison}


@blp.ruling("/sheets:score", PitchSheetRequestSchema, PitchSheetRulingSchema)
def score_sheet(body: dict[str, Any]) -> dict[str, Any]:
    """Rule on a hand from its score-sheet line: who pitched (or the bids), who took High,
    Low, Jack (or not out) and Game (or tied). The answer says what was verified, what was
    computed and what was taken as reported; an impossible line lists its violations.

    With ``cards`` (the hand's record, as ``hands:score`` takes it) the line is also compared
    with the ruling on the cards: ``comparison.parts_at`` is the first point where it parts
    (High, Low, Jack, Game, the bid, the scores). A line that cannot be read is 422.
    """
    return _rule_line(body, "sheet", pitch.sheet_from_record, pitch.rule_sheet)


@blp.ruling("/totals:check", PitchTotalsRequestSchema, TotalsRulingSchema)
def check_totals(body: dict[str, Any]) -> dict[str, Any]:
    """Check a hand's totals (each side's score change and the pitcher) against what one hand
    can score (P5, P6): a non-pitcher 0 to 4, the pitcher at least his bid or minus it, 2 to 4
    points won in all. With ``cards``, compared with the ruling on the cards.
    """
    return _rule_line(body, "totals", pitch.totals_from_record, pitch.rule_totals)


@blp.ruling("/bidding:check", BiddingRequestSchema, BiddingStatusSchema)
def check_bidding(body: dict[str, Any]) -> dict[str, Any]:
    """Is the auction legal so far, who holds the high bid, whose call is next and which calls
    are legal now (P3, P8)."""
    options = engine_options(body["options"])
    calls = tuple(pitch.parse_call(c, f"bids[{i}]") for i, c in enumerate(body["bids"]))
    names = pitch.check_names(body["names"], body["players"])
    status = pitch.check_bidding(body["players"], body["dealer"], calls, options,
                                 record_complete=False, names=names)
    return status.as_dict()
