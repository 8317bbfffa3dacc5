"""Cards, suits, ranks and packs, in the notation of design.md ("Card notation").

A card is written rank then suit: ranks ``2``-``9``, ``T``, ``J``, ``Q``, ``K``,
``A``; suits ``S H D C``.  Input also accepts ``10`` for ``T``, lower case and
the suit symbols ``♠ ♥ ♦ ♣``; output is always canonical.

>>> parse_card("10♥")
Card(rank=10, suit='H')
>>> card_name(parse_card("qs"))
'QS'
>>> len(PIQUET_PACK), len(FULL_PACK)
(32, 52)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

#: Suits in canonical order: spades, hearts, diamonds, clubs.
SUITS: tuple[str, ...] = ("S", "H", "D", "C")

#: Suit names, for messages a player reads.
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

_SUIT_SYMBOLS: dict[str, str] = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

#: Rank numbers: 2..10 are face values, jack 11, queen 12, king 13, ace 14 (ace high).
TEN, JACK, QUEEN, KING, ACE = 10, 11, 12, 13, 14

_RANK_CHARS: dict[int, str] = {
    **{n: str(n) for n in range(2, 10)},
    TEN: "T",
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
}
_RANK_BY_CHAR: dict[str, int] = {c: n for n, c in _RANK_CHARS.items()}
#: The jokers of the Pitch variants (V2) are cards of the pseudo-suit ``J``: the little joker
#: ``LJ`` (rank 15) and the big joker ``BJ`` (rank 16). Only :func:`parse_joker` reads them;
#: :func:`parse_card` keeps to the 52 cards.
JOKER_SUIT = "J"
LITTLE_JOKER_RANK, BIG_JOKER_RANK = 15, 16
_RANK_CHARS[LITTLE_JOKER_RANK] = "L"
_RANK_CHARS[BIG_JOKER_RANK] = "B"
_RANK_BY_CHAR["10"] = TEN

#: Each rank in words, as players say it: the one way the referee names a card (with
#: :func:`describe_card`: "nine of spades", never "9 of spades"; the table page's cards.js
#: says the same words).
RANK_NAMES: dict[int, str] = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
    10: "ten",
    JACK: "jack",
    QUEEN: "queen",
    KING: "king",
    ACE: "ace",
    LITTLE_JOKER_RANK: "little joker",
    BIG_JOKER_RANK: "big joker",
}


class CardError(ValueError):
    """A text that is not a card in the notation of design.md."""


class Card(NamedTuple):
    """One playing card: ``rank`` 2..14 (ace 14) and ``suit`` one of ``S H D C``.

    Cards compare by (rank, suit); use :func:`card_name` for the canonical text.
    """

    rank: int
    suit: str

    def __str__(self) -> str:
        return _RANK_CHARS[self.rank] + self.suit

    @property
    def is_court(self) -> bool:
        """True for a king, queen or jack (a court card, Q3)."""
        return JACK <= self.rank <= KING


def _all_cards() -> dict[str, Card]:
    return {_RANK_CHARS[r] + s: Card(r, s) for s in SUITS for r in range(2, 15)}


_CANONICAL: dict[str, Card] = _all_cards()


def parse_card(text: str) -> Card:
    """Parse one card: ``"TH"``, ``"10h"``, ``"10♥"``, ``"a♠"`` → :class:`Card`.

    :raises CardError: when ``text`` is not a card.

    >>> parse_card("AS") == parse_card("a♠")
    True
    """
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card")
    found = _CANONICAL.get(text)
    if found is not None:
        return found
    cleaned = text.strip().upper()
    if len(cleaned) < 2:
        raise CardError(f"{text!r} is not a card: write rank then suit, e.g. 'TH' or '10♥'")
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    suit = _SUIT_SYMBOLS.get(text.strip()[-1], suit_text)
    rank = _RANK_BY_CHAR.get(rank_text)
    if rank is None or suit not in SUITS:
        raise CardError(f"{text!r} is not a card: write rank then suit, e.g. 'TH' or '10♥'")
    return _CANONICAL[_RANK_CHARS[rank] + suit]


def card_name(card: Card) -> str:
    """The canonical text of a card: ``Card(10, 'H')`` → ``"TH"``."""
    return _RANK_CHARS[card.rank] + card.suit


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse several cards (see :func:`parse_card`).

    :raises CardError: at the first text that is not a card.
    """
    return tuple(parse_card(t) for t in texts)


def card_names(cards: Iterable[Card]) -> list[str]:
    """Canonical texts of several cards, in the same order."""
    return [card_name(c) for c in cards]


def describe_card(card: Card) -> str:
    """A card in words for a player: ``Card(14, 'S')`` → ``"ace of spades"``; a joker
    (V2) → ``"big joker"``."""
    if card.suit == JOKER_SUIT:
        return RANK_NAMES[card.rank]
    return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"


#: The two jokers (V2): ``BJ`` and ``LJ``. A one-joker pack's joker is :data:`BIG_JOKER`,
#: written ``JK`` by the variants' rulings.
BIG_JOKER = Card(BIG_JOKER_RANK, JOKER_SUIT)
LITTLE_JOKER = Card(LITTLE_JOKER_RANK, JOKER_SUIT)

#: The joker codes read (V2): ``HJ`` is Trickster's spelling of the big joker; ``JK`` the
#: joker of a one-joker pack, or either joker when the jokers are alike (``None`` here: the
#: variant decides which card it is).
JOKER_CODES: dict[str, Card | None] = {"BJ": BIG_JOKER, "HJ": BIG_JOKER, "LJ": LITTLE_JOKER,
                                       "JK": None}


#: The 52-card pack (Pitch, P1), spades to clubs, two to ace.
FULL_PACK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(2, 15))

#: The 32-card Piquet pack (Q1): 7, 8, 9, 10, J, Q, K, A of each suit.
PIQUET_PACK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(7, 15))


def pip_value(card: Card) -> int:
    """Piquet pip value for comparing points (Q5): ace 11, court cards 10, others face value."""
    if card.rank == ACE:
        return 11
    if card.rank >= JACK:
        return 10
    return card.rank


def game_point_value(card: Card) -> int:
    """Pitch game points (P5): ten 10, ace 4, king 3, queen 2, jack 1, others 0."""
    return _GAME_POINTS.get(card.rank, 0)


_GAME_POINTS: dict[int, int] = {TEN: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
