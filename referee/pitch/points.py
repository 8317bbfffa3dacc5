"""P5 Points of a hand: High, Low, Jack and Game, each worth 1.

"In play" means dealt to a player (P2); without the hands as dealt, the cards in play are
exactly the cards played, since every card of every hand is played. High goes to whoever won
the highest trump in play (it always wins its own trick), Low to whoever won the lowest (or,
with ``low="holder"``, to whoever was dealt it), Jack to whoever won the jack of trumps (not
awarded when it is not in play), Game to the side with most game points in the cards it won
(a tie for most: nobody). A single trump in play is both High and Low, so it scores 2, and 3
if it is the jack.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import FULL_PACK, JACK, SUITS, Card, card_name, game_point_value
from referee.frozen import quick_init
from referee.pitch.play import Trick
from referee.pitch.records import LowRule

_GAME_POINTS: dict[Card, int] = {card: game_point_value(card) for card in FULL_PACK}
#: Each suit's cards, two to ace.
_SUIT_CARDS: dict[str, tuple[Card, ...]] = {
    suit: tuple(sorted(card for card in FULL_PACK if card.suit == suit)) for suit in SUITS
}

#: The jack of each suit (the Jack point's card, P5).
_JACK_OF: dict[str, Card] = {suit: Card(JACK, suit) for suit in SUITS}


@quick_init
@dataclass(frozen=True, slots=True)
class PointAward:
    """Who scored one of High, Low, Jack (P5): the ``card`` deciding it, the ``seat`` that won
    (or, Low with ``low="holder"``, was dealt) it and that seat's ``side`` (index into the
    sides). ``seat`` and ``side`` are ``None`` only when the card was in play but never
    played, which a record can show only alongside a ``card_not_held`` violation.
    """

    card: Card
    seat: int | None
    side: int | None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"card": "AS", "seat": 2, "side": 2}``."""
        return {"card": card_name(self.card), "seat": self.seat, "side": self.side}


@quick_init
@dataclass(frozen=True, slots=True)
class GameAward:
    """The Game point (P5): ``game_points`` per side (ten 10, ace 4, king 3, queen 2, jack 1
    in the cards it won) and the ``side`` with most, ``None`` on a tie for most.
    """

    side: int | None
    game_points: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"side": 1, "game_points": [12, 20, 3]}``."""
        return {"side": self.side, "game_points": list(self.game_points)}


@quick_init
@dataclass(frozen=True, slots=True)
class Points:
    """The four points of a hand (P5). ``high`` and ``low`` are ``None`` only when no trump
    is in play (possible only in a record with a ``card_not_held`` violation); ``jack`` is
    ``None`` when the jack of trumps is not in play.
    """

    high: PointAward | None
    low: PointAward | None
    jack: PointAward | None
    game: GameAward

    def won_by_side(self, sides: int) -> tuple[int, ...]:
        """Points won by each of ``sides`` sides (0..4 each, 4 in all at most)."""
        won = [0] * sides
        for award in (self.high, self.low, self.jack):
            if award is not None and award.side is not None:
                won[award.side] += 1
        if self.game.side is not None:
            won[self.game.side] += 1
        return tuple(won)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"high": {...}, "low": {...}, "jack": {...} | None, "game": {...}}``."""
        return {
            "high": None if self.high is None else self.high.as_dict(),
            "low": None if self.low is None else self.low.as_dict(),
            "jack": None if self.jack is None else self.jack.as_dict(),
            "game": self.game.as_dict(),
        }


def count_points(
    trump: str,
    tricks: Sequence[Trick],
    in_play: Collection[Card],
    side_of_seat: Sequence[int],
    captor: Callable[[Card], int | None],
    holder: Mapping[Card, int],
    low: LowRule = "captor",
) -> Points:
    """Award High, Low, Jack and Game (P5).

    ``trump``: the trump suit. ``tricks``: the six complete tricks. ``in_play``: the cards
    dealt (or, hands unknown, played). ``side_of_seat``: seat → side index. ``captor``: card →
    seat that won its trick, ``None`` if none did (:meth:`~referee.pitch.play.Play.captor_of`).
    ``holder``: card → seat dealt it (used for ``low="holder"``).
    """
    trumps = [*filter(in_play.__contains__, _SUIT_CARDS[trump])]  # lowest first
    high = low_award = jack = None
    if trumps:
        top, bottom = trumps[-1], trumps[0]
        high = _award(top, captor(top), side_of_seat)
        low_seat = holder.get(bottom) if low == "holder" else captor(bottom)
        low_award = _award(bottom, low_seat, side_of_seat)
        jack_card = _JACK_OF[trump]
        if jack_card in in_play:
            jack = _award(jack_card, captor(jack_card), side_of_seat)

    game_points = [0] * (max(side_of_seat) + 1)
    for trick in tricks:
        if trick.winner is not None:
            game_points[side_of_seat[trick.winner]] += sum(
                map(_GAME_POINTS.__getitem__, trick.cards)
            )
    most = max(game_points)
    side = game_points.index(most) if game_points.count(most) == 1 else None  # a tie: nobody
    return Points(high, low_award, jack, GameAward(side, tuple(game_points)))


def _award(card: Card, seat: int | None, side_of_seat: Sequence[int]) -> PointAward:
    """High, Low or Jack to ``seat`` (and its side), ``None`` when nobody took ``card``."""
    return PointAward(card, seat, None if seat is None else side_of_seat[seat])
