"""Input values of the Pitch engine: calls, options (P8) and the hand record (design.md).

A record is what a person at the table could write down: the dealer, the calls in order
from the dealer's left (P3), the tricks in play order (P4), optionally the hands as dealt
(P2) and the score changes the table wrote (P6).  :func:`hand_from_record` turns the JSON
form of design.md into a :class:`PitchHand`; the engine itself works on parsed values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, cast

from referee.cards import FULL_PACK, Card, CardError, card_name, parse_card
from referee.frozen import quick_init
from referee.violations import RecordError, said

#: One call of the auction (P3): ``"pass"``, a bid 1..4, or ``"pitch"`` (a bid of 4 made by
#: pitching a card, which ends the auction at once).
Call = Literal["pass", "pitch"] | int

PASS: Literal["pass"] = "pass"
PITCH: Literal["pitch"] = "pitch"

#: Highest bid of the game (P3): pitching is a bid of 4.
MAX_BID = 4

#: Cards dealt to each player (P2) and tricks in a hand (P4).
HAND_SIZE = 6
TRICKS_PER_HAND = 6

#: Player counts (P1): solo 2..7 (the source's 3..7 plus the two-player table), partnership 4.
MIN_PLAYERS, MAX_PLAYERS, PARTNERSHIP_PLAYERS = 2, 7, 4


def _is_bid(value: object, most: int = MAX_BID) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= most


LowRule = Literal["captor", "holder"]
StealRule = Literal["match_below_4", "match_below_max", "outbid_only", "match_any"]

#: The highest bid of any variant (V9, V13): the thirteen-point game.
MOST_POINTS = 13

#: The scoring points of the variants (V7), each with its value, in the order of V13.
POINT_VALUES: dict[str, int] = {
    "high": 1, "low": 1, "jack": 1, "game": 1, "off_jack": 1, "joker": 1, "big_joker": 1,
    "little_joker": 1, "ten": 1, "three": 3, "five": 5, "off_ace": 1, "off_three": 3,
}

#: The 4-point game's points (P5): a ``points`` option equal to this is today's game.
CLASSIC_POINTS: tuple[str, ...] = ("high", "low", "jack", "game")

#: The variant options (V13) with their values, the 4-point game's first; ``kitty``,
#: ``cards_dealt``, ``max_bid``, ``points`` and ``moon`` are checked on their own.
VARIANT_CHOICES: dict[str, tuple[str, ...]] = {
    "variant": ("four_point", "five_point", "five_point_joker", "six_point", "seven_point",
                "nine_point", "ten_point", "eleven_point", "thirteen_point"),
    "play": ("trump_anytime", "follow_suit", "trump_only"),
    "first_lead": ("trump", "any"),
    "pitched_joker": ("named", "spades"),
    "joker_rank": ("below_jacks", "below_two"),
    "joker_order": ("marked", "first_played"),
    "joker_game": ("none", "tiebreak"),
    "deck": ("full", "five_to_ace", "nine_to_ace", "two_and_nine_to_ace"),
    "draw": ("none", "non_trump", "any"),
}

_TEN_POINT: dict[str, Any] = {
    "points": ("high", "low", "jack", "off_jack", "big_joker", "little_joker", "three", "ten"),
    "low": "holder", "play": "trump_only", "min_bid": 5, "target": 52, "cards_dealt": 9,
    "draw": "non_trump",
}

#: V12 as a table: each variant's row, what differs from the defaults of every variant
#: (:data:`VARIANT_DEFAULTS`). ``max_bid`` is the total of the points, ``stuck_dealer_min``
#: the ``min_bid``, unless the row says otherwise.
VARIANT_PRESETS: dict[str, dict[str, Any]] = {
    "four_point": {"points": CLASSIC_POINTS, "min_bid": 1, "stuck_dealer_min": 2,
                   "dealer_steal": "match_below_4", "target": 7},
    "five_point": {"points": ("high", "low", "jack", "off_jack", "game"), "min_bid": 2,
                   "target": 15},
    "five_point_joker": {"points": ("high", "low", "jack", "joker", "game"), "low": "holder",
                         "min_bid": 1, "stuck_dealer_min": 2, "dealer_steal": "match_below_max",
                         "pitched_joker": "spades", "joker_rank": "below_two", "target": 10},
    "six_point": {"points": ("high", "low", "jack", "off_jack", "joker", "game"), "min_bid": 2,
                  "target": 15},
    "seven_point": {"points": ("high", "low", "jack", "off_jack", "big_joker", "little_joker",
                               "game"),
                    "low": "holder", "min_bid": 3, "target": 21, "cards_dealt": 9,
                    "draw": "non_trump"},
    "nine_point": {"points": ("high", "low", "jack", "five", "game"), "min_bid": 3,
                   "target": 31, "cards_dealt": 9, "draw": "non_trump"},
    "ten_point": _TEN_POINT,
    "eleven_point": {**_TEN_POINT, "points": (*_TEN_POINT["points"], "off_ace")},
    "thirteen_point": {**_TEN_POINT, "points": (*_TEN_POINT["points"], "off_three")},
}

#: What every variant has unless its row of V12 says otherwise.
VARIANT_DEFAULTS: dict[str, Any] = {
    "low": "captor", "play": "trump_anytime", "first_lead": "trump", "pitched_joker": "named",
    "joker_rank": "below_jacks", "joker_order": "marked", "joker_game": "none", "deck": "full",
    "draw": "none", "kitty": 0, "cards_dealt": 6, "dealer_steal": "outbid_only",
    "pitcher_only_wins": True, "moon": None,
}
RevokePenalty = Literal["set_back_bid", "all_fours", "void"]
MisdealRule = Literal["pass_deal", "same_dealer"]
BidOutOfTurnRule = Literal["cancel", "must_pass", "stands"]
LeadOutOfTurnRule = Literal["score_as_played", "void"]

#: The options of the 4-point game (P8, P10): a table giving only these plays it.
_P8_NAMES: tuple[str, ...] = ("target", "low", "min_bid", "stuck_dealer_min", "dealer_steal",
                              "pitcher_only_wins", "revoke_penalty", "misdeal",
                              "bid_out_of_turn", "lead_out_of_turn")

#: The options of the games with more points only (V13).
VARIANT_OPTION_NAMES: tuple[str, ...] = ("variant", "points", "play", "first_lead",
                                         "pitched_joker", "joker_rank", "joker_order",
                                         "joker_game", "deck", "draw", "kitty", "cards_dealt",
                                         "max_bid", "moon")

#: The irregularity options (P10) and their values, the default first.
IRREGULARITY_OPTIONS: dict[str, tuple[str, ...]] = {
    "revoke_penalty": ("set_back_bid", "all_fours", "void"),
    "misdeal": ("pass_deal", "same_dealer"),
    "bid_out_of_turn": ("cancel", "must_pass", "stands"),
    "lead_out_of_turn": ("score_as_played", "void"),
}


@dataclass(frozen=True, slots=True)
class PitchOptions:
    """The table's options (P8); the defaults are the source's rules.

    ``target``: points to win the match (P7). ``low``: who scores Low, the player who wins the
    trick with it (``"captor"``) or the one who was dealt it (``"holder"``) (P5). ``min_bid``:
    the lowest bid (1..4). ``stuck_dealer_min``: what the dealer must bid at least when all
    before him passed, or ``None`` for "all pass → redeal by the next dealer" (P3).
    ``dealer_steal``: whether the dealer may match the high bid: ``"match_below_4"`` (a 1, 2 or
    3), ``"outbid_only"`` (never), ``"match_any"`` (also an unpitched 4) (P3).
    ``pitcher_only_wins``: only the pitcher can win the match (P7).

    The variants (docs/rules/pitch-variants.md, V12, V13): ``variant`` names the preset;
    :func:`variant_options` fills every option the table did not give from its row.
    ``points``: the scoring points (V7), which also decide the pack and the trump members.
    ``play``: the play rule (V5); ``first_lead`` (V3.4); ``pitched_joker`` (V3.3);
    ``joker_rank``, ``joker_order`` (V4); ``joker_game`` (V8); ``deck`` (V2); ``draw``,
    ``kitty``, ``cards_dealt`` describe the table (V6); ``max_bid`` the highest bid and
    ``moon`` the shoot-the-moon rule (V9). The defaults are the 4-point game's.

    Irregularities that really happened and were recorded anyway (P10, rules/irregularities.md;
    sources: F = Foster's Complete Hoyle 1897, Auction Pitch and All Fours; EB29 = Encyclopaedia
    Britannica 14th ed. 1929, "Auction Pitch"; USPCC = bicyclecards.com "Pitch (Smudge)";
    SA = sage-answers.com house rules):

    ``revoke_penalty``: a revoke proven later (a player failed to follow suit or trump while
    able to). ``"set_back_bid"`` (default; F and EB29): the hand is scored as played, the
    offender (his side in partnership, proposal) scores nothing and is set back the bid (2 if
    no bid was made); a pitcher who did not revoke cannot be set back. ``"all_fours"`` (F's All
    Fours law, by analogy): the offender loses 1 point, 2 if the jack of trumps was in play,
    and cannot score Jack or Game; a non-offending pitcher cannot be set back. ``"void"``
    (irregularities.md's option): the hand is void, nobody scores.

    ``misdeal``: a wrong number of cards dealt to a player, or a card exposed in dealing: "there
    must be a new deal" (F; EB29), nobody scores. ``"pass_deal"`` (default; USPCC by
    implication, SA: the dealer loses the deal): the next dealer deals. ``"same_dealer"``
    (USPCC's Smudge variant): the same dealer deals again. The option also says who deals
    after a hand found in play with more than six cards (``long_hand``: no Pitch law; by
    analogy with Work, *Auction of To-day*, 1913, "a long hand means a new deal").

    A card exposed during play (``exposed_card``) has no option: in the partnership game the
    opponents may call it (F, All Fours: exposed cards are "liable to be called by the
    adversaries"); nothing is found for the game of each for himself, so no penalty.

    ``bid_out_of_turn``: no Pitch law (proposal, by analogy with Foster's three-hand auction:
    an out-of-turn bid "does not affect the right of the player whose turn it is").
    ``"cancel"`` (default): the call is void and the auction goes on in turn; the offender
    calls freely at his turn. ``"must_pass"``: the call is void and the offender must pass at
    his turn (a stuck dealer still bids, P3). ``"stands"``: the others accepted it: it is his
    call at his turn.

    ``lead_out_of_turn``: a card led out of turn is taken back unless the trick was completed
    (analogy: Hoffmann's dummy-bridge law 82 and Portland Club Piquet law 59 III, "the error
    cannot be rectified" once everyone has played to it); a wrong first lead is always taken
    back, since only the pitcher's lead sets trump (proposal). For a completed trick, no Pitch
    law gives a penalty: ``"score_as_played"`` (default: the trick stands, noted) or
    ``"void"`` (the hand is void, nobody scores).

    :raises ValueError: for an option out of its range.
    """

    target: int = 7
    low: LowRule = "captor"
    min_bid: int = 1
    stuck_dealer_min: int | None = 2
    dealer_steal: StealRule = "match_below_4"
    pitcher_only_wins: bool = True
    revoke_penalty: RevokePenalty = "set_back_bid"
    misdeal: MisdealRule = "pass_deal"
    bid_out_of_turn: BidOutOfTurnRule = "cancel"
    lead_out_of_turn: LeadOutOfTurnRule = "score_as_played"
    variant: str = "four_point"
    points: tuple[str, ...] = CLASSIC_POINTS
    play: str = "trump_anytime"
    first_lead: str = "trump"
    pitched_joker: str = "named"
    joker_rank: str = "below_jacks"
    joker_order: str = "marked"
    joker_game: str = "none"
    deck: str = "full"
    draw: str = "none"
    kitty: int = 0
    cards_dealt: int = 6
    max_bid: int = MAX_BID
    moon: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.points, list):
            object.__setattr__(self, "points", tuple(self.points))
        if not self.classic:
            self._check_variant()
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise ValueError(f"target must be a positive number of points, not {self.target!r}")
        if self.low not in ("captor", "holder"):
            raise ValueError(f"low must be 'captor' or 'holder', not {self.low!r}")
        if not _is_bid(self.max_bid, MOST_POINTS):
            raise ValueError(f"max_bid must be 1..{MOST_POINTS}, not {self.max_bid!r}")
        if not _is_bid(self.min_bid, self.max_bid):
            raise ValueError(f"min_bid must be 1..{self.max_bid}, not {self.min_bid!r}")
        if self.stuck_dealer_min is not None and not _is_bid(self.stuck_dealer_min,
                                                              self.max_bid):
            raise ValueError(
                f"stuck_dealer_min must be 1..{self.max_bid} or None, "
                f"not {self.stuck_dealer_min!r}"
            )
        if self.dealer_steal not in ("match_below_4", "match_below_max", "outbid_only",
                                     "match_any"):
            raise ValueError(f"dealer_steal {self.dealer_steal!r} is not a known option")
        if not isinstance(self.pitcher_only_wins, bool):
            raise ValueError("pitcher_only_wins must be true or false")
        for name, values in IRREGULARITY_OPTIONS.items():
            if getattr(self, name) not in values:
                raise ValueError(
                    f"{name} must be one of {', '.join(values)}, not {getattr(self, name)!r}"
                )

    @property
    def classic(self) -> bool:
        """The options are the 4-point game's (P1-P10), whatever its P8 options: the engine
        rules it as it always has (V1)."""
        return (self.variant == "four_point" and self.points == CLASSIC_POINTS
                and self.play == "trump_anytime" and self.first_lead == "trump"
                and self.deck == "full" and self.max_bid == MAX_BID and self.moon is None)

    def _check_variant(self) -> None:
        """V13: each variant option in its range, the points named once, the jokers paired.

        :raises ValueError: naming the option and what it may be.
        """
        for name, values in VARIANT_CHOICES.items():
            if getattr(self, name) not in values:
                raise ValueError(
                    f"{name} must be one of {', '.join(values)}, not {getattr(self, name)!r}")
        self._check_points()
        for name, low, high in (("kitty", 0, 6), ("cards_dealt", 6, 10)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"{name} must be {low}..{high}, not {value!r}")
        if self.moon not in (None, "win_game"):
            raise ValueError(f"moon must be null or 'win_game', not {self.moon!r}")

    def _check_points(self) -> None:
        """V13: the points named once each, the jokers one or a pair.

        :raises ValueError: naming what is wrong.
        """
        points = self.points
        if not isinstance(points, tuple) or not points:
            raise ValueError("points must be a list of scoring points")
        for name in points:
            if name not in POINT_VALUES:
                raise ValueError(
                    f"points: {name!r} is not a scoring point; use {', '.join(POINT_VALUES)}")
        if len(set(points)) != len(points):
            raise ValueError("points must name each scoring point once")
        if ("big_joker" in points) != ("little_joker" in points):
            raise ValueError("points: big_joker and little_joker go together")
        if "joker" in points and "big_joker" in points:
            raise ValueError("points: a pack has one joker (joker) or two (big_joker and "
                             "little_joker), not both")
        if self.joker_order == "first_played" and "big_joker" not in points:
            raise ValueError("joker_order first_played needs two jokers (big_joker and "
                             "little_joker in points)")

    @property
    def total(self) -> int:
        """The points in play in a hand, each at its value (V7, V12)."""
        return sum(POINT_VALUES[name] for name in self.points)

    def as_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (the P8 names; the V13 ones too outside the
        4-point game)."""
        found = self._p8_dict()
        if not self.classic:
            found.update({
                "variant": self.variant, "points": list(self.points), "play": self.play,
                "first_lead": self.first_lead, "pitched_joker": self.pitched_joker,
                "joker_rank": self.joker_rank, "joker_order": self.joker_order,
                "joker_game": self.joker_game, "deck": self.deck, "draw": self.draw,
                "kitty": self.kitty, "cards_dealt": self.cards_dealt, "max_bid": self.max_bid,
                "moon": self.moon,
            })
        return found

    def _p8_dict(self) -> dict[str, Any]:
        """The P8 options as a JSON-ready dict."""
        return {
            "target": self.target,
            "low": self.low,
            "min_bid": self.min_bid,
            "stuck_dealer_min": self.stuck_dealer_min,
            "dealer_steal": self.dealer_steal,
            "pitcher_only_wins": self.pitcher_only_wins,
            "revoke_penalty": self.revoke_penalty,
            "misdeal": self.misdeal,
            "bid_out_of_turn": self.bid_out_of_turn,
            "lead_out_of_turn": self.lead_out_of_turn,
        }


DEFAULT_OPTIONS = PitchOptions()


def variant_options(given: Mapping[str, Any]) -> PitchOptions:
    """The options of a table from what it gave (V12, V13): the ``variant``'s row of V12
    fills every option not given; ``max_bid`` defaults to the total of the points and
    ``stuck_dealer_min`` to ``min_bid`` (outside rows that say otherwise). Without a
    ``variant`` (or with ``four_point`` and no other V13 option) the options are today's.

    :raises ValueError: an unknown variant or option value (see :class:`PitchOptions`).
    """
    variant = given.get("variant", "four_point")
    if variant == "four_point" and not set(given) - set(_P8_NAMES) - {"variant"}:
        return PitchOptions(**given)
    if variant not in VARIANT_PRESETS:
        raise ValueError(f"variant must be one of {', '.join(VARIANT_PRESETS)}, "
                         f"not {variant!r}")
    values: dict[str, Any] = {**VARIANT_DEFAULTS, **VARIANT_PRESETS[variant], **given}
    if isinstance(values["points"], list):
        values["points"] = tuple(values["points"])
    if "max_bid" not in given:
        points = values["points"]
        if isinstance(points, tuple) and all(name in POINT_VALUES for name in points):
            values["max_bid"] = min(MOST_POINTS, sum(POINT_VALUES[name] for name in points))
    if "stuck_dealer_min" not in given and "stuck_dealer_min" not in VARIANT_PRESETS[variant]:
        values["stuck_dealer_min"] = values["min_bid"]
    return PitchOptions(**values)


def house_options(options: PitchOptions) -> dict[str, Any]:
    """The house rules of a table (V12, V13): each option whose value is not the one its
    ``variant``'s row of V12 gives (the P8/P10 options included), by name, in the order of
    :class:`PitchOptions`; ``{}`` for a table playing its preset as it stands. ``points`` is
    a list, as the API writes it."""
    preset = variant_options({"variant": options.variant})
    found: dict[str, Any] = {}
    for name in PitchOptions.__dataclass_fields__:
        value = getattr(options, name)
        if name != "variant" and value != getattr(preset, name):
            found[name] = list(value) if isinstance(value, tuple) else value
    return found


IrregularityKind = Literal["revoke", "lead_out_of_turn", "bid_out_of_turn", "misdeal",
                           "long_hand", "exposed_card", "exposed_in_dealing", "short_hand"]
IRREGULARITY_KINDS: tuple[str, ...] = ("revoke", "lead_out_of_turn", "bid_out_of_turn", "misdeal",
                                       "long_hand", "exposed_card", "exposed_in_dealing",
                                       "short_hand")
def short_hands(irregular: Sequence[Irregularity]) -> dict[int, int]:
    """The short hands found in play (P10): seat → the index of the first trick he had no
    card for (``trick`` − 1); empty when none (a score sheet's entry without a trick is
    none: it changes no trick)."""
    return {item.seat: item.trick - 1 for item in irregular
            if item.kind == "short_hand" and item.seat is not None and item.trick is not None}


def cards_in_trick(players: int, irregular: Sequence[Mapping[str, Any]], i: int) -> int:
    """P4, P10: how many cards trick index ``i`` holds — one from each player, less the short
    hands of a record's raw ``irregular`` list (``{"type": "short_hand", "seat": 1, "trick":
    6}``) that had no card for it."""
    first: dict[Any, Any] = {}  # seat → trick, the last entry for a seat (as short_hands)
    for item in irregular:
        if isinstance(item, Mapping) and item.get("type") == "short_hand" \
                and isinstance(item.get("trick"), int):
            first[item.get("seat")] = item["trick"]
    return players - sum(1 for trick in first.values() if i >= trick - 1)


#: The kinds that make a new deal (P10): a misdeal (a wrong number of cards dealt), a card
#: exposed in dealing (F: "if an exposed card or a wrong number be dealt to a player there
#: must be a new deal"), and a hand found in play with more than six cards (by analogy, Work,
#: *Auction of To-day*, 1913: "a long hand means a new deal").
NEW_DEAL_KINDS: frozenset[str] = frozenset({"misdeal", "exposed_in_dealing", "long_hand"})


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregularity that really happened and that the table recorded anyway (P10).

    ``kind``: ``"revoke"`` (``seat`` failed to follow suit or trump in ``trick``),
    ``"lead_out_of_turn"`` (``seat`` led ``trick``, 2..6, out of turn and everyone played to
    it: the record lists that trick from ``seat``), ``"bid_out_of_turn"`` (``seat`` called
    ``call`` before his turn; the record's ``bids`` stay the auction in turn order) or
    ``"misdeal"`` (a wrong number of cards dealt, to ``seat`` if known),
    ``"exposed_in_dealing"`` (a card exposed in dealing, to ``seat`` if known: a new deal, as a
    misdeal), ``"long_hand"`` (``seat`` found in play with more than six cards: a new deal,
    as a misdeal), ``"exposed_card"`` (``seat`` exposed a card during play, in ``trick`` if
    given: the opponents may call it in the partnership game, F; no penalty otherwise) or
    ``"short_hand"`` (``seat`` was found in play with fewer than six cards and had no card for
    ``trick`` and the tricks after it, which hold one card fewer: the hand is played out and
    scored as played, he answering for any revoke, by analogy with Work 1913).
    ``trick`` counts from 1, as players do (trick 3 is ``tricks[2]``).
    """

    kind: IrregularityKind
    seat: int | None = None
    trick: int | None = None
    call: Call | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, as in a record: ``{"type": "revoke", "seat": 2, "trick": 3}``."""
        found: dict[str, Any] = {"type": self.kind}
        if self.seat is not None:
            found["seat"] = self.seat
        if self.trick is not None:
            found["trick"] = self.trick
        if self.call is not None:
            found["call"] = self.call
        return found


@quick_init
@dataclass(frozen=True, slots=True)
class PitchHand:
    """One hand of Pitch as recorded (design.md, "Pitch hand"), cards parsed.

    ``players``: 2..7 solo, 4 in partnership (P1). ``dealer``: seat 0..players-1.
    ``bids``: the calls in order from the dealer's left (P3). ``tricks``: up to 6 tricks, each
    a tuple of cards in play order; trick 1 is led by the pitcher, each later one by the
    previous winner (P4). ``hands``: the 6 cards dealt to each seat, or ``None`` when unknown
    (P2). ``claimed``: the score changes the table wrote, per seat (``players`` numbers) or,
    in partnership, per team (2 numbers), or ``None`` (P6). ``irregular``: irregularities the
    table recorded anyway (P10), whose penalties the ruling applies. ``names``: the players'
    names, one per seat, for the ruling's sentences ("Bob took High"); empty when unknown
    ("seat 1 took High").
    """

    players: int
    partnership: bool
    dealer: int
    bids: tuple[Call, ...]
    tricks: tuple[tuple[Card, ...], ...]
    hands: tuple[tuple[Card, ...], ...] | None = None
    claimed: tuple[int, ...] | None = None
    irregular: tuple[Irregularity, ...] = ()
    names: tuple[str, ...] = ()


@cache
def sides_of(players: int, partnership: bool) -> tuple[tuple[int, ...], ...]:
    """The sides that score (P1): one per seat solo, ``((0, 2), (1, 3))`` in partnership.

    :raises RecordError: ``player_count`` when the count is not 2..7 solo or 4 in partnership.

    >>> sides_of(3, False)
    ((0,), (1,), (2,))
    >>> sides_of(4, True)
    ((0, 2), (1, 3))
    """
    check_players(players, partnership)
    if partnership:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(players))


@cache
def side_of_seat(players: int, partnership: bool) -> tuple[int, ...]:
    """Each seat's side, an index into :func:`sides_of` (P1).

    :raises RecordError: ``player_count``, as :func:`sides_of`.

    >>> side_of_seat(4, True), side_of_seat(3, False)
    ((0, 1, 0, 1), (0, 1, 2))
    """
    side = [0] * players
    for index, seats in enumerate(sides_of(players, partnership)):
        for seat in seats:
            side[seat] = index
    return tuple(side)


def check_players(players: int, partnership: bool) -> None:
    """Verify the player count (P1).

    :raises RecordError: ``player_count`` when not 2..7 solo or not 4 in partnership.
    """
    ok = isinstance(players, int) and not isinstance(players, bool)
    if ok and partnership:
        ok = players == PARTNERSHIP_PLAYERS
    elif ok:
        ok = MIN_PLAYERS <= players <= MAX_PLAYERS
    if not ok:
        raise RecordError([
            said("player_count.partnership", "P1", "players", value=repr(players))
            if partnership else
            said("player_count.pitch", "P1", "players", least=MIN_PLAYERS, most=MAX_PLAYERS,
                 value=repr(players))])


def check_dealer(dealer: int, players: int) -> None:
    """Verify the dealer is a seat of the table (P2).

    :raises RecordError: ``dealer_not_a_seat``.
    """
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise RecordError([said("dealer_not_a_seat", "P2", "dealer", most=players - 1,
                                value=repr(dealer))])


#: "Pass" as a French, German or Polish table writes it on a sheet (docs/glossary.md).
PASS_WORDS = frozenset({"passe", "je passe", "passen", "weiter", "pas", "pasuję"})


def parse_call(value: object, location: str = "") -> Call:
    """One call as written in a record: ``"pass"`` (or :data:`PASS_WORDS`), ``"pitch"``, or
    a whole number (P3).

    Numbers are returned as they are (a bid of 5 is a rule break that
    :func:`~referee.pitch.bidding.check_bidding` reports, not a malformed call); numeric text
    such as ``"2"`` is accepted.

    :raises RecordError: ``malformed_call`` for anything else.
    """
    if isinstance(value, str):
        text = value.strip().lower()
        if text in (PASS, PITCH):
            return PASS if text == PASS else PITCH
        if text in PASS_WORDS:
            return PASS
        if text.isdigit():
            return int(text)
    elif isinstance(value, int) and not isinstance(value, bool):
        return value
    raise RecordError([said("malformed_call", "P3", location, value=repr(value))])


#: Canonical card text → card, for parsing records without a call per card.
_BY_NAME: dict[str, Card] = {card_name(card): card for card in FULL_PACK}


def card_named(text: object) -> Card | None:
    """The card whose canonical text (design.md notation, ``"TH"``) is ``text``, or None
    (another spelling: read it as a record is read, :func:`hand_from_record`)."""
    return _BY_NAME.get(text) if isinstance(text, str) else None
_JUST_LISTS = frozenset((list,))


def hand_from_record(
    record: Mapping[str, Any], players: int, partnership: bool = False,
    names: Sequence[str] = (),
) -> PitchHand:
    """Parse the JSON record of design.md (``dealer``, ``bids``, ``tricks``, optional
    ``hands`` and ``claimed``) into a :class:`PitchHand`; ``names``: the players, one per seat
    (or empty), named in the ruling's sentences (:func:`check_names`).

    Only the shape is checked here (cards are cards, numbers are numbers); the rules are
    checked by :func:`~referee.pitch.hand.rule_hand` and :func:`~referee.pitch.progress.progress`.

    :raises RecordError: ``malformed_record`` / ``malformed_call`` / ``malformed_card`` with
        the location of the first bad value.
    """
    dealer = record.get("dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise _malformed("malformed_record.dealer", "dealer")
    bids = _calls(record.get("bids"))
    tricks = _card_lists(record.get("tricks"), "tricks")
    hands = None
    if record.get("hands") is not None:
        hands = _card_lists(record["hands"], "hands")
    claimed = None
    if record.get("claimed") is not None:
        claimed = _claimed(record["claimed"])
    irregular: tuple[Irregularity, ...] = ()
    if record.get("irregular") is not None:
        irregular = tuple(
            irregularity_from_record(item, players, f"irregular[{i}]")
            for i, item in enumerate(_list(record["irregular"], "irregular"))
        )
    return PitchHand(players, partnership, dealer, bids, tricks, hands, claimed, irregular,
                     check_names(names, players))


#: The calls written as words, exactly as :func:`parse_call` returns them (P3).
_CALL_WORDS: dict[str, Call] = {PASS: PASS, PITCH: PITCH}


#: The calls read as they are written, for the hot path of :func:`_calls`: the words, and
#: bids as whole numbers (a number outside this table is read by :func:`parse_call` alike).
_CALLS_AS_WRITTEN: dict[object, Call] = {n: n for n in range(-9, 100)}
_CALLS_AS_WRITTEN.update(_CALL_WORDS)
_INT_OR_STR = frozenset((int, str))


def _calls(value: object) -> tuple[Call, ...]:
    """The record's ``bids`` (P3), each read by :func:`parse_call`."""
    calls = _list(value, "bids")
    read: list[Any] = [*map(_CALLS_AS_WRITTEN.get, calls)]
    if None not in read and _INT_OR_STR.issuperset(map(type, calls)):
        return tuple(read)  # every call a word or a whole number (not a bool: its type)
    found: list[Call] = []
    for i, call in enumerate(calls):
        if type(call) is int:  # the hot path: a bid, or a word written as parse_call gives it
            found.append(call)
        elif isinstance(call, str) and call in _CALL_WORDS:
            found.append(_CALL_WORDS[call])
        else:
            found.append(parse_call(call, f"bids[{i}]"))
    return tuple(found)


def _malformed(message_code: str, location: str, **params: Any) -> RecordError:
    return RecordError([said(message_code, "P9", location, **params)])


def _list(value: object, location: str) -> Sequence[object]:
    if not isinstance(value, (list, tuple)):
        raise _malformed("malformed_record.list", location)
    return value


def _card_lists(value: object, location: str) -> tuple[tuple[Card, ...], ...]:
    """A list of lists of cards (tricks, hands), each card as a :class:`Card` (P1)."""
    groups = _list(value, location)
    try:  # the hot path: lists of cards written canonically ("TH")
        if _JUST_LISTS.issuperset(map(type, groups)):
            by_name = _BY_NAME.__getitem__
            lists = cast("Sequence[list[str]]", groups)  # each checked a list just above
            return tuple([tuple(map(by_name, group)) for group in lists])
    except (KeyError, TypeError):
        pass
    return tuple(_cards(group, f"{location}[{i}]") for i, group in enumerate(groups))


def _cards(value: object, location: str) -> tuple[Card, ...]:
    """One list of cards, any accepted notation (:func:`~referee.cards.parse_card`)."""
    out = []
    for j, text in enumerate(_list(value, location)):
        try:
            if not isinstance(text, str):
                raise CardError(f"{text!r} is not a card")
            out.append(parse_card(text))
        except CardError:
            raise _malformed("malformed_card" if isinstance(text, str) else "malformed_card.value",
                             f"{location}[{j}]", value=repr(text)) from None
    return tuple(out)


def _claimed(value: object) -> tuple[int, ...]:
    found = []
    for i, item in enumerate(_list(value, "claimed")):
        if isinstance(item, bool) or not isinstance(item, int):
            raise _malformed("malformed_record.claimed", f"claimed[{i}]")
        found.append(int(item))
    return tuple(found)


def seat_named(seat: int, names: Sequence[str]) -> str | int:
    """A seat as a sentence's parameter: its player's name, or the seat (0-based) when the
    table's names are not known."""
    return names[seat] if names else seat


def check_names(names: Sequence[str], players: int) -> tuple[str, ...]:
    """The players' names, one per seat, for a ruling's sentences; empty when not given.

    :raises RecordError: ``names_count`` when names are given but not one per seat.
    """
    if names and len(names) != players:
        raise RecordError([said("names_count", "P1", "names", players=players, n=len(names))])
    return tuple(names)


def _irregular_trick(
    trick: object, kind: str, on_sheet: bool, bad: Callable[..., RecordError]
) -> int | None:
    """The trick (1..6) of an irregularity that has one (P10), else ``None``."""
    optional = ((on_sheet and kind in ("revoke", "short_hand")) or kind == "exposed_card") \
        and trick is None
    if kind in ("revoke", "lead_out_of_turn", "exposed_card", "short_hand") and not optional:
        if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= 6:
            raise bad("trick", "trick", most=TRICKS_PER_HAND, value=repr(trick))
        return trick
    if trick is not None:
        raise bad(f"no_trick.{kind}", "trick")
    return None


def _irregular_call(
    call: object, kind: str, location: str, bad: Callable[..., RecordError]
) -> Call | None:
    """The call of a bid out of turn (P10), else ``None``."""
    if kind == "bid_out_of_turn":
        if call is None:
            raise bad("call", "call")
        return parse_call(call, f"{location}.call")
    if call is not None:
        raise bad(f"no_call.{kind}", "call")
    return None


def irregularity_from_record(
    value: object, players: int, location: str, *, on_sheet: bool = False
) -> Irregularity:
    """One entry of a record's ``irregular`` list (P10): ``{"type": "revoke", "seat": 2,
    "trick": 3}``, ``{"type": "lead_out_of_turn", "seat": 2, "trick": 4}``,
    ``{"type": "bid_out_of_turn", "seat": 2, "call": 3}``, ``{"type": "misdeal"}`` (``seat``
    optional). See :class:`Irregularity`. ``on_sheet``: an entry of a score-sheet line, where
    a revoke's trick is optional (the table may not say) and a misdeal has no place (a
    misdealt hand has no line to write).

    :raises RecordError: ``malformed_irregularity`` (rule P10) at ``location`` and the key.
    """

    def bad(message_code: str, key: str = "", **params: Any) -> RecordError:
        where = f"{location}.{key}" if key else location
        return RecordError([said(f"malformed_irregularity.{message_code}", "P10", where,
                                 **params)])

    if not isinstance(value, Mapping):
        raise bad("object")
    unknown = sorted(set(value) - {"type", "seat", "trick", "call"})
    if unknown:
        raise bad("unknown", unknown[0], value=repr(unknown[0]))
    kind = value.get("type")
    if kind not in IRREGULARITY_KINDS:
        raise bad("type", "type", kinds=IRREGULARITY_KINDS, value=repr(kind))
    seat = value.get("seat")
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
    ):
        raise bad("seat", "seat", most=players - 1, value=repr(seat))
    if seat is None and kind not in ("misdeal", "exposed_in_dealing"):
        raise bad(f"no_seat.{kind}", "seat")
    if on_sheet and kind in NEW_DEAL_KINDS:
        raise bad("on_sheet", "type")
    trick = _irregular_trick(value.get("trick"), kind, on_sheet, bad)
    call = _irregular_call(value.get("call"), kind, location, bad)
    return Irregularity(kind, seat, trick, call)
