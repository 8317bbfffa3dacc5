"""The answers of the stateless Pitch rulings (:mod:`referee.api.pitch`): the ruling on a
hand's cards, on a score-sheet line, on totals (a match's rulings are the same, with more), and
where an auction stands."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from referee import pitch
from referee.api.errors import ViolationSchema
from referee.api.fields import (
    CallField,
    english_only,
    finding_params,
    hint_params,
    ruling_kind_field,
)


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
    consequence_language = english_only("what")
    proven = ma.fields.Boolean()


class TrickSchema(ma.Schema):
    """A trick: the seat that led, the cards in play order, the seat that won it."""

    leader = ma.fields.Integer()
    cards = ma.fields.List(ma.fields.String(allow_none=True), metadata={
        "description": "null: a player out of trumps (trump-only play, V5.3)"})
    winner = ma.fields.Integer(allow_none=True)
    absent = ma.fields.List(ma.fields.Integer(), metadata={
        "description": "The seats of short hands that had no card for this trick (P10); "
                       "the cards are the other seats' in turn from the leader. Only when "
                       "there are any"})


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
    """High, Low, Jack (null when the jack of trumps is not in play) and Game (P5); in the
    other games (V7, V13) one award per point of the variant, null when its card was not in
    play, and Game null when the variant has none."""

    high = ma.fields.Nested(AwardSchema, allow_none=True)
    low = ma.fields.Nested(AwardSchema, allow_none=True)
    jack = ma.fields.Nested(AwardSchema, allow_none=True)
    game = ma.fields.Nested(GameAwardSchema, allow_none=True)
    off_jack = ma.fields.Nested(AwardSchema, allow_none=True)
    joker = ma.fields.Nested(AwardSchema, allow_none=True)
    big_joker = ma.fields.Nested(AwardSchema, allow_none=True)
    little_joker = ma.fields.Nested(AwardSchema, allow_none=True)
    ten = ma.fields.Nested(AwardSchema, allow_none=True)
    three = ma.fields.Nested(AwardSchema, allow_none=True, metadata={"description": "worth 3"})
    five = ma.fields.Nested(AwardSchema, allow_none=True, metadata={"description": "worth 5"})
    off_ace = ma.fields.Nested(AwardSchema, allow_none=True)
    off_three = ma.fields.Nested(AwardSchema, allow_none=True,
                                 metadata={"description": "worth 3"})


class FindingSchema(ma.Schema):
    """One thing the ruling verified, computed or took as reported: a stable code, a rule and
    a sentence."""

    code = ma.fields.String(metadata={"example": "auction_legal", "description": (
        "Stable, for clients to switch on (the sentence, what, may be reworded); one of: "
        + ", ".join(pitch.FINDING_CODES))})
    rule = ma.fields.String(metadata={"example": "P5"})
    what = ma.fields.String()
    what_language = english_only("what (an irregularity's sentence, P10)")
    params = finding_params()


class PitchClaimHintSchema(ma.Schema):
    """What could explain a claimed score that parts from the cards: a stable code, the rule
    it rests on, the hint in words."""

    code = ma.fields.String(metadata={"example": "columns_swapped", "description": (
        "One of: " + ", ".join(pitch.HINT_CODES))})
    rule = ma.fields.String(metadata={"example": "P6"})
    message = ma.fields.String()
    params = hint_params()


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

    kind = ruling_kind_field("pitch", "pitch_cards")
    level = ma.fields.String(required=True, validate=validate.OneOf(["cards"]),
                             metadata={"description": '"cards"'})
    variant = ma.fields.String(metadata={"description": "the game, outside the 4-point game "
                                                        "(V12)"})

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


class SheetPointSchema(ma.Schema):
    """Who took a point by the sheet: the seat written and its side (null: nobody)."""

    seat = ma.fields.Integer(allow_none=True)
    side = ma.fields.Integer(allow_none=True)


class SheetGameSchema(SheetPointSchema):
    """Game by the sheet, with the counts written (or null)."""

    game_points = ma.fields.List(ma.fields.Integer(), allow_none=True)


class SheetPointsSchema(ma.Schema):
    """High, Low, Jack, Game as the sheet gives them (P5); in a game with more points, each
    point of that game (V7)."""

    high = ma.fields.Nested(SheetPointSchema)
    low = ma.fields.Nested(SheetPointSchema)
    jack = ma.fields.Nested(SheetPointSchema)
    game = ma.fields.Nested(SheetGameSchema)
    off_jack = ma.fields.Nested(SheetPointSchema)
    joker = ma.fields.Nested(SheetPointSchema)
    big_joker = ma.fields.Nested(SheetPointSchema)
    little_joker = ma.fields.Nested(SheetPointSchema)
    ten = ma.fields.Nested(SheetPointSchema)
    three = ma.fields.Nested(SheetPointSchema, metadata={"description": "worth 3"})
    five = ma.fields.Nested(SheetPointSchema, metadata={"description": "worth 5"})
    off_ace = ma.fields.Nested(SheetPointSchema)
    off_three = ma.fields.Nested(SheetPointSchema, metadata={"description": "worth 3"})


class PitchSheetRulingSchema(_RulingBase):
    """The ruling on a score-sheet line: the points as written, the score computed (P5, P6),
    what was verified and what was taken on trust; ``comparison`` when cards were given."""

    kind = ruling_kind_field("pitch", "pitch_sheet")
    level = ma.fields.String(required=True, validate=validate.OneOf(["sheet"]),
                             metadata={"description": '"sheet"'})
    variant = ma.fields.String(metadata={"description": "the game, outside the 4-point game "
                                                        "(V12)"})

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

    kind = ruling_kind_field("pitch", "pitch_totals")
    level = ma.fields.String(required=True, validate=validate.OneOf(["totals"]),
                             metadata={"description": '"totals"'})
    variant = ma.fields.String(metadata={"description": "the game, outside the 4-point game "
                                                        "(V12)"})

    comparison = ma.fields.Nested(ComparisonSchema, allow_none=True)


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
