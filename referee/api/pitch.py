"""Stateless Pitch rulings: ``POST /v1/pitch/hands:score`` (the cards), ``/v1/pitch/sheets:score``
(a score-sheet line), ``/v1/pitch/totals:check`` (bare totals) and ``/v1/pitch/bidding:check``.
Their requests' schemas are in :mod:`referee.api.pitch_schemas`, their answers' in
:mod:`referee.api.pitch_ruling_schemas`."""

from __future__ import annotations

from typing import Any

from referee import pitch
from referee.api.blueprint import Blueprint
from referee.api.errors import ProblemError
from referee.api.pitch_ruling_schemas import (
    BiddingStatusSchema,
    HandRulingSchema,
    PitchSheetRulingSchema,
    TotalsRulingSchema,
)
from referee.api.pitch_schemas import (
    BiddingRequestSchema,
    HandRequestSchema,
    PitchSheetRequestSchema,
    PitchTotalsRequestSchema,
)
from referee.api.problems import BAD_REQUEST, OPTIONS_CONFLICT
from referee.violations import said

blp = Blueprint(
    "pitch", __name__, url_prefix="/v1/pitch",
    description="Pitch (Auction Pitch, Setback): rulings on a hand (its cards, its score-sheet "
    "line or its totals) and on an auction.",
)


def engine_options(data: dict[str, Any]) -> pitch.PitchOptions:
    """The engine's options from the request's ``options``: 400 when out of range; 422
    ``options-conflict`` when options each valid alone do not go together (a variant's, V13;
    the 4-point game's minimum bid above its highest, P8), as a match's create refuses them."""
    try:
        return pitch.variant_options(data)
    except ValueError as error:
        name = str(error).split(" ", 1)[0].rstrip(":")
        if name in pitch.PitchOptions.__slots__:
            # Each value passed the schema alone: together they do not go (a minimum bid
            # above the 4-point game's highest, a joker order without two jokers…).
            rule = "V13" if set(data) & set(pitch.VARIANT_OPTION_NAMES) else "P8"
            raise ProblemError(OPTIONS_CONFLICT, f"Bad options: {error}", violations=[
                said("bad_option.engine_sentence", rule, f"options.{name}", what=str(error))]) \
                from None
        raise ProblemError(BAD_REQUEST, f"Bad options: {error}") from None


@blp.ruling("/hands:score", HandRequestSchema, HandRulingSchema)
def score_hand(body: dict[str, Any]) -> dict[str, Any]:
    """Rule on a finished hand: tricks, High/Low/Jack/Game, the score, the violations.

    With ``options.variant`` (or any option of the games with more points) the hand is one of
    those games (docs/rules/pitch-variants.md): jokers ``BJ``, ``LJ``, ``JK`` in the cards,
    ``trump`` the suit named, ``null`` for a player out of trumps under trump-only play, and
    one award per point of the game, each at its value.

    With ``claimed``, ``claim`` puts the table's score beside the ruling: the first point where
    it parts (the bid made or set back, then each side's score, with what each side won).
    With ``irregular`` (a revoke proven later, a lead or a bid out of turn, a misdeal) the
    ruling lists each irregularity with the penalty of the table's option and its source, and
    scores the hand after the penalty (``as_played``: before it); a misdeal scores nothing.
    A record too broken to score (no pitcher, a card twice, a hand of seven…) is 422.
    """
    options = engine_options(body.pop("options"))
    names = body.pop("names")
    ruling = pitch.rule_record(body, body["players"], body["partnership"], options, names)
    data: dict[str, Any] = ruling.as_dict()
    return data


def _rule_line(body: dict[str, Any], level: str) -> dict[str, Any]:
    """A score-sheet line or totals (``body[level]``) parsed and ruled under the table's game
    (the 4-point game's line, or a variant's naming its own points, V7), with ``comparison``:
    the line beside the ruling on ``body["cards"]`` as a side's claim (``None`` without
    cards)."""
    options = engine_options(body["options"])
    table = (body["players"], body["partnership"], body["names"])
    ruling = pitch.rule_line_record(level, body[level], body["players"], body["partnership"],
                                    options, body["names"])
    comparison = None
    if body.get("cards") is not None:
        cards_ruling: pitch.PitchRuling | pitch.VariantRuling
        if options.classic:
            cards_ruling = pitch.rule_hand(pitch.hand_from_record(body["cards"], *table), options)
        else:
            cards_ruling = pitch.rule_variant_hand(
                pitch.variant_hand_from_record(body["cards"], body["players"],
                                               body["partnership"], options, body["names"]),
                options)
        comparison = pitch.compare_claim(cards_ruling, ruling).as_dict()
    return {**ruling.as_dict(), "comparison": comparison}


@blp.ruling("/sheets:score", PitchSheetRequestSchema, PitchSheetRulingSchema)
def score_sheet(body: dict[str, Any]) -> dict[str, Any]:
    """Rule on a hand from its score-sheet line: who pitched (or the bids), who took High,
    Low, Jack (or not out) and Game (or tied). The answer says what was verified, what was
    computed and what was taken as reported; an impossible line lists its violations.

    With ``cards`` (the hand's record, as ``hands:score`` takes it) the line is also compared
    with the ruling on the cards: ``comparison.parts_at`` is the first point where it parts
    (High, Low, Jack, Game, the bid, the scores). A line that cannot be read is 422.

    In a game with more points (``options.variant``, docs/rules/pitch-variants.md) the line
    names who took each point of that game (``off_jack``, ``big_joker``, ``three``, ``ten``
    …; a seat, or null when its card was not in play) and each counts at its value (V7).
    """
    return _rule_line(body, "sheet")


@blp.ruling("/totals:check", PitchTotalsRequestSchema, TotalsRulingSchema)
def check_totals(body: dict[str, Any]) -> dict[str, Any]:
    """Check a hand's totals (each side's score change and the pitcher) against what one hand
    can score (P5, P6): a non-pitcher 0 to 4, the pitcher at least his bid or minus it, 2 to 4
    points won in all. With ``cards``, compared with the ruling on the cards. In a game with
    more points the bounds are that game's: its points at their values, shared out as one
    hand can (V7, V10).
    """
    return _rule_line(body, "totals")


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
