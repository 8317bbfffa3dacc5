"""The requests of the stateless Pitch rulings (:mod:`referee.api.pitch`): a hand's cards, a
score-sheet line, totals (each with the hand's cards to put beside it), an auction so far. A
match's sheet and totals are :class:`SheetSchema` and :class:`TotalsSchema`; the answers are
:mod:`referee.api.pitch_ruling_schemas`."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import validate

from referee import pitch
from referee.api.fields import CallField, pitch_card_list
from referee.api.option_schemas import PitchOptionsSchema
from referee.api.strict import StrictSchema
from referee.cards import JOKER_CODES

_CALL = CallField()


class PitchIrregularitySchema(StrictSchema):
    """An irregularity that really happened, recorded anyway (P10): ``revoke`` (seat, trick
    1..6), ``lead_out_of_turn`` (seat, trick 2..6, completed), ``bid_out_of_turn`` (seat,
    call), ``misdeal`` (seat optional), ``exposed_in_dealing`` (a card exposed in dealing,
    seat optional: a new deal, F), ``long_hand`` (seat found in play with more than six
    cards: a new deal), ``exposed_card`` (seat, trick optional: no score penalty; the
    opponents may call it in the partnership game) or ``short_hand`` (seat found in play with
    fewer than six cards, trick the first he had no card for: that trick and each after it
    hold one card fewer; no penalty, he answers for any revoke)."""

    type = ma.fields.String(
        required=True,
        validate=validate.OneOf(list(pitch.IRREGULARITY_KINDS)),
    )
    seat = ma.fields.Integer(allow_none=True, validate=validate.Range(min=0, max=9))
    trick = ma.fields.Integer(allow_none=True, validate=validate.Range(min=1, max=6))
    call = CallField(allow_none=True)


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
    tricks = ma.fields.List(pitch_card_list(folds=True), required=True,
                            validate=validate.Length(max=16), metadata={
                                "description": "Jokers (V2) and null (a player out of trumps "
                                "under trump-only play, V5.3) only in the games that have them"})
    hands = ma.fields.List(pitch_card_list(), allow_none=True, validate=validate.Length(max=10))
    claimed = ma.fields.List(ma.fields.Integer(validate=validate.Range(min=-100, max=100)),
                             allow_none=True, validate=validate.Length(max=10))
    irregular = ma.fields.List(ma.fields.Nested(PitchIrregularitySchema), allow_none=True,
                               validate=validate.Length(max=10))
    trump = ma.fields.String(allow_none=True, validate=validate.OneOf(["S", "H", "D", "C"]),
                             metadata={"description": "The suit the pitcher named (V3.2), in "
                                       "the games with more points; without it the first card "
                                       "led decides"})
    options = ma.fields.Nested(PitchOptionsSchema, load_default=dict)
    names = _names()

    @ma.validates_schema
    def _four_point_cards(self, data: dict[str, Any], **_kwargs: Any) -> None:
        """The 4-point game has no jokers and no folds (P1, P4): as any text that is not a
        card, a 400 at the card's place."""
        try:
            classic = pitch.variant_options(data.get("options", {})).classic
        except ValueError:
            return  # the view answers the bad options
        if not classic:
            return
        errors: dict[str, Any] = {}
        for key in ("tricks", "hands"):
            for i, row in enumerate(data.get(key) or ()):
                for j, card in enumerate(row):
                    if card is None:
                        errors.setdefault(key, {}).setdefault(i, {})[j] = [
                            "Field may not be null."]
                    elif card in JOKER_CODES:
                        errors.setdefault(key, {}).setdefault(i, {})[j] = [
                            "Not a card: write rank then suit, e.g. 'TH' or '10♥'."]
        if errors:
            raise ma.ValidationError(errors)


_SEAT = validate.Range(min=0, max=9)


def _seat(**kwargs: Any) -> ma.fields.Integer:
    return ma.fields.Integer(validate=_SEAT, **kwargs)


#: What a variant's point on a sheet line says (V7).
_VARIANT_POINT = ("a game with more points (V7): the seat that took this point, null when its "
                  "card was not in play; required in the games that have it, refused in the "
                  "others")


class SheetSchema(StrictSchema):
    """A score-sheet line (docs/records.md): the auction (``bids`` from the dealer's left, with
    ``dealer``) or the ``pitcher`` and his ``bid``; who took ``high`` and ``low`` (seats; they
    always go) and ``jack`` and ``game`` (a seat, or null: not out / tied); optionally
    ``trump``, ``game_points`` per side, ``single_trump`` (P5), the ``claimed`` score and
    ``irregular`` (P10). In partnership any seat of a side names the side. In a game with
    more points (V7, V12) the line names one seat per point of that game instead (``high``,
    ``low``, ``jack``, ``off_jack``, ``big_joker``, ``little_joker``, ``three``, ``ten`` …)."""

    dealer = _seat(allow_none=True)
    bids = ma.fields.List(_CALL, allow_none=True, validate=validate.Length(max=16))
    pitcher = _seat(allow_none=True)
    bid = ma.fields.Integer(allow_none=True, validate=validate.Range(min=-100, max=100))
    trump = ma.fields.String(allow_none=True, validate=validate.Length(max=12),
                             metadata={"example": "S", "description": "S, H, D, C, a suit's "
                                       "symbol, or its name in English, French, German or "
                                       "Polish ('hearts', 'cœur', 'Herz', 'kier')"})
    high = _seat(required=True, allow_none=True)
    low = _seat(required=True, allow_none=True)
    jack = _seat(allow_none=True, metadata={
        "description": "null: the jack of trumps was not out (required in the 4-point game)"})
    game = _seat(allow_none=True, metadata={
        "description": "null: Game tied (required in the 4-point game and every game with a "
                       "Game point)"})
    off_jack = _seat(allow_none=True, metadata={"description": _VARIANT_POINT})
    joker = _seat(allow_none=True, metadata={"description": _VARIANT_POINT})
    big_joker = _seat(allow_none=True, metadata={"description": _VARIANT_POINT})
    little_joker = _seat(allow_none=True, metadata={"description": _VARIANT_POINT})
    ten = _seat(allow_none=True, metadata={"description": _VARIANT_POINT})
    three = _seat(allow_none=True, metadata={"description": _VARIANT_POINT + "; worth 3"})
    five = _seat(allow_none=True, metadata={"description": _VARIANT_POINT + "; worth 5"})
    off_ace = _seat(allow_none=True, metadata={"description": _VARIANT_POINT})
    off_three = _seat(allow_none=True, metadata={"description": _VARIANT_POINT + "; worth 3"})
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
    tricks = ma.fields.List(pitch_card_list(folds=True), required=True,
                            validate=validate.Length(max=16))
    hands = ma.fields.List(pitch_card_list(), allow_none=True, validate=validate.Length(max=10))
    trump = ma.fields.String(allow_none=True, validate=validate.OneOf(["S", "H", "D", "C"]),
                             metadata={"description": "The suit the pitcher named (V3.2)"})


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


class BiddingRequestSchema(StrictSchema):
    """An auction so far: players, dealer, the calls from the dealer's left, options."""

    players = ma.fields.Integer(required=True, validate=validate.Range(min=1, max=10))
    dealer = ma.fields.Integer(required=True, validate=validate.Range(min=0, max=9))
    bids = ma.fields.List(_CALL, required=True, validate=validate.Length(max=16))
    options = ma.fields.Nested(PitchOptionsSchema, load_default=dict)
    names = _names()
