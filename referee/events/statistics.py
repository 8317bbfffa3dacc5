"""Statistics per player across matches (docs/events.md E12).

What each deal and each match decided is the match's (its rulings, its settlement, Q6, Q7,
Q9, P3–P6), read once per match by the caller and handed in as :class:`PiquetMatch` and
:class:`PitchMatch`; this module only counts them, in one plain pass, into one
:class:`PiquetStatistics` or :class:`PitchStatistics` per player.

Players are known by an opaque ``key`` (the event's player identity: a name today); the
module never reads it.

>>> hand = PitchHand(sides=(("Ann",), ("Bill",)), pitcher="Ann", bid=2, made=False,
...                  scores=(-2, 1), high=1, low=0, jack=None, game=1, awards_known=True)
>>> ann = pitch_statistics([PitchMatch((hand,))])["Ann"]
>>> (ann.hands, ann.points, ann.bids, ann.low)
(1, -2, (BidLine(level=2, made=0, set=1),), 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from operator import add

__all__ = [
    "BidLine",
    "PiquetDeal",
    "PiquetMatch",
    "PiquetStatistics",
    "PitchHand",
    "PitchMatch",
    "PitchStatistics",
    "piquet_statistics",
    "pitch_statistics",
]

@dataclass(frozen=True, slots=True)
class PiquetDeal:
    """One counted deal of a partie as its ruling decided it (Q6–Q8).

    ``scores``: each player's points in the deal (both players' keys); ``pique``,
    ``repique``, ``capot``: the key of the player who scored it (Q7, Q6), None when nobody
    did or when the entry does not say (``detailed`` False: a deal entered by its totals).
    """

    scores: tuple[tuple[str, int], ...]
    pique: str | None = None
    repique: str | None = None
    capot: str | None = None
    detailed: bool = True


@dataclass(frozen=True)
class PiquetMatch:
    """One partie: its ``players`` (two keys), its counted ``deals`` in order and, once
    settled (Q9), its ``winner`` and ``loser`` (None when drawn, or while unsettled) and
    whether the loser was ``rubiconed``. ``settled``: the partie has ended and its result
    stands (no deal disputed, E11).

    :attr:`tally` counts it per player once (a value kept by match keeps its tally)."""

    players: tuple[str, str]
    deals: tuple[PiquetDeal, ...]
    settled: bool = False
    winner: str | None = None
    loser: str | None = None
    rubiconed: bool = False

    @cached_property
    def tally(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Per player, this partie's counts in the order of :class:`PiquetStatistics`'
        fields after ``player``."""
        rows = {key: [0] * 12 for key in self.players}
        if self.settled:
            for key in self.players:
                row = rows[key]
                row[0] = 1
                if self.winner is None:
                    row[3] = 1
                elif key == self.winner:
                    row[1] = 1
                    row[4] = int(self.rubiconed)
                else:
                    row[2] = 1
                    row[5] = int(self.rubiconed)
        for deal in self.deals:
            for key, points in deal.scores:
                row = rows[key]
                row[6] += 1
                row[7] += points
                row[8] += deal.detailed
            for index, scorer in ((9, deal.pique), (10, deal.repique), (11, deal.capot)):
                if scorer is not None:
                    rows[scorer][index] += 1
        return tuple((key, tuple(row)) for key, row in rows.items())


@dataclass(frozen=True, slots=True)
class PitchHand:
    """One counted hand as its ruling decided it (P3–P6).

    ``sides``: the keys of each side's players (one each, two in partnership, P1);
    ``pitcher``: the key of the bidder (P3); ``bid``: 1–4, None when the entry does not say
    (a totals line without it); ``made``: the pitcher's side won at least the bid (P6);
    ``scores``: each side's score change for the hand, in points (P6: a set pitcher's is
    minus the bid), in the order of ``sides``; ``high``, ``low``, ``jack``, ``game``: the
    index in ``sides`` of the side that took the point (P5), None when nobody did (the jack
    not in play, Game tied) or when the entry does not say (``awards_known`` False: a
    totals line).
    """

    sides: tuple[tuple[str, ...], ...]
    pitcher: str
    bid: int | None
    made: bool
    scores: tuple[int, ...]
    high: int | None = None
    low: int | None = None
    jack: int | None = None
    game: int | None = None
    awards_known: bool = True


@dataclass(frozen=True)
class PitchMatch:
    """One Pitch game: its counted ``hands`` in order (void hands left out, P10).

    :attr:`tally` counts it per player once (a value kept by match keeps its tally)."""

    hands: tuple[PitchHand, ...]

    @cached_property
    def tally(self) -> tuple[tuple[tuple[str, tuple[int, ...]], ...],
                             tuple[tuple[str, int | None, int, int], ...]]:
        """Per player, this game's counts (hands, points, awards hands, High, Low, Jack,
        Game) and its bids as ``(player, level, made, set)``."""
        # counted by side first (a game's sides rarely change), then given to each partner
        sides: dict[tuple[str, ...], list[int]] = {}
        bids: dict[tuple[str, int | None], list[int]] = {}
        for hand in self.hands:
            found = []
            for side, score in zip(hand.sides, hand.scores, strict=True):
                row = sides.get(side)
                if row is None:
                    row = sides[side] = [0] * 7
                row[0] += 1
                row[1] += score
                found.append(row)
            if hand.awards_known:
                for row in found:
                    row[2] += 1
                for point, taker in enumerate((hand.high, hand.low, hand.jack, hand.game)):
                    if taker is not None:
                        found[taker][3 + point] += 1
            made_set = bids.get((hand.pitcher, hand.bid))
            if made_set is None:
                made_set = bids[(hand.pitcher, hand.bid)] = [0, 0]
            made_set[0 if hand.made else 1] += 1
        rows: dict[str, list[int]] = {}
        for side, counts in sides.items():
            for key in side:
                row = rows.get(key)
                rows[key] = list(counts) if row is None else list(map(add, row, counts))
        return (tuple((key, tuple(row)) for key, row in rows.items()),
                tuple((key, level, made, set_) for (key, level), (made, set_) in bids.items()))


@dataclass(frozen=True, slots=True)
class PiquetStatistics:
    """One player's Piquet over the parties given (docs/events.md E12).

    ``parties``: parties settled (Q9) the player sat in; ``won``, ``lost``, ``drawn``: of
    those (a drawn partie is still equal after eight deals, Q9); ``rubicons_given``: parties
    won whose loser was rubiconed (under 100, Q9); ``rubicons_taken``: parties lost while
    rubiconed. ``deals``: counted deals played, settled partie or not; ``points``: the
    player's points in them (Q6–Q8; the deals' points, not the Q9 payment);
    ``detailed_deals``: those of them whose entry says who scored a pique, repique or capot
    (cards or a score sheet; not totals); ``piques``, ``repiques``, ``capots``: deals in
    which the player scored one (Q7, Q6), counted over the detailed deals.
    """

    player: str
    parties: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    rubicons_given: int = 0
    rubicons_taken: int = 0
    deals: int = 0
    points: int = 0
    detailed_deals: int = 0
    piques: int = 0
    repiques: int = 0
    capots: int = 0

    @property
    def points_per_deal(self) -> float | None:
        """``points`` / ``deals`` (points), None before the first deal."""
        return self.points / self.deals if self.deals else None


@dataclass(frozen=True, slots=True)
class BidLine:
    """The bids of one level a player made and was set on (P3, P6; V9 for the games with
    more points): ``level`` the bid (None: the entry did not give it, a totals line),
    ``made`` the hands whose pitcher's side won at least the bid, ``set`` those set back."""

    level: int | None
    made: int
    set: int


@dataclass(frozen=True, slots=True)
class PitchStatistics:
    """One player's Pitch over the games given (docs/events.md E12).

    ``hands``: counted hands played (void hands left out, P10); ``points``: the sum of the
    player's side's score changes over them (P6: a set pitcher's side loses its bid; in
    partnership each partner carries the side's, P1); ``bids``: the hands the player was the
    pitcher (P3), by level, lowest first, a level not given last (:class:`BidLine`);
    ``awards_hands``: hands whose entry says who took each point (cards or a score sheet);
    ``high``, ``low``, ``jack``, ``game``: of those, the hands in which the player's side
    took that point (P5).
    """

    player: str
    hands: int = 0
    points: int = 0
    bids: tuple[BidLine, ...] = ()
    awards_hands: int = 0
    high: int = 0
    low: int = 0
    jack: int = 0
    game: int = 0

    @property
    def points_per_hand(self) -> float | None:
        """``points`` / ``hands`` (points), None before the first hand."""
        return self.points / self.hands if self.hands else None

    @property
    def bids_made(self) -> int:
        """Bids made, every level."""
        return sum(line.made for line in self.bids)

    @property
    def bids_set(self) -> int:
        """Bids set back, every level."""
        return sum(line.set for line in self.bids)


def _sorted(keys: Iterable[str]) -> list[str]:
    return sorted(keys, key=lambda key: (key.casefold(), key))


def piquet_statistics(matches: Iterable[PiquetMatch],
                      players: Iterable[str] = ()) -> dict[str, PiquetStatistics]:
    """E12: each player's :class:`PiquetStatistics` over ``matches``, by key in the order of
    the keys (case-insensitive); ``players`` adds players with no partie (all zeros). One
    pass over the parties' tallies.

    >>> deal = PiquetDeal((("Ann", 94), ("Bill", 0)), pique="Ann")
    >>> won = PiquetMatch(("Ann", "Bill"), (deal,), True, "Ann", "Bill", rubiconed=True)
    >>> stats = piquet_statistics([won])
    >>> (stats["Ann"].rubicons_given, stats["Bill"].rubicons_taken, stats["Ann"].piques)
    (1, 1, 1)
    """
    rows = _summed((match.tally for match in matches), players, 12)
    return {key: PiquetStatistics(key, *rows[key]) for key in _sorted(rows)}


def _summed(tallies: Iterable[tuple[tuple[str, tuple[int, ...]], ...]],
            players: Iterable[str], width: int) -> dict[str, list[int]]:
    """Each player's counts summed over ``tallies`` (``width`` counts each)."""
    rows: dict[str, list[int]] = {key: [0] * width for key in players}
    for tally in tallies:
        for key, counts in tally:
            row = rows.get(key)
            if row is None:
                rows[key] = list(counts)
            else:
                rows[key] = list(map(add, row, counts))
    return rows


def pitch_statistics(matches: Iterable[PitchMatch],
                     players: Iterable[str] = ()) -> dict[str, PitchStatistics]:
    """E12: each player's :class:`PitchStatistics` over ``matches``, by key in the order of
    the keys (case-insensitive); ``players`` adds players with no hand (all zeros). One
    pass over the games' tallies."""
    bids: dict[tuple[str, int | None], list[int]] = {}

    def counts() -> Iterator[tuple[tuple[str, tuple[int, ...]], ...]]:
        for match in matches:
            rows, bid_lines = match.tally
            for key, level, made, set_ in bid_lines:
                made_set = bids.get((key, level))
                if made_set is None:
                    bids[(key, level)] = [made, set_]
                else:
                    made_set[0] += made
                    made_set[1] += set_
            yield rows

    rows = _summed(counts(), players, 7)
    lines: dict[str, list[BidLine]] = {}
    for (key, level), (made, set_) in sorted(
            bids.items(), key=lambda item: (item[0][1] is None, item[0][1] or 0)):
        lines.setdefault(key, []).append(BidLine(level, made, set_))
    return {key: PitchStatistics(key, rows[key][0], rows[key][1], tuple(lines.get(key, ())),
                                 *rows[key][2:]) for key in _sorted(rows)}
