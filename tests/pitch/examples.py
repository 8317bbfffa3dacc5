"""Example hands written out for the Pitch engine tests, and small builders."""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import parse_cards
from referee.pitch import Call, PitchHand


def cards(text: str) -> tuple:
    """``"AH 5H 2H"`` → a tuple of cards."""
    return parse_cards(text.split())


def make_hand(
    players: int,
    dealer: int,
    bids: Sequence[Call],
    tricks: Sequence[str],
    hands: Sequence[str] | None = None,
    *,
    partnership: bool = False,
    claimed: Sequence[int] | None = None,
) -> PitchHand:
    """A :class:`PitchHand` from tricks and hands written as space-separated cards."""
    return PitchHand(
        players=players,
        partnership=partnership,
        dealer=dealer,
        bids=tuple(bids),
        tricks=tuple(cards(t) for t in tricks),
        hands=None if hands is None else tuple(cards(h) for h in hands),
        claimed=None if claimed is None else tuple(claimed),
    )


# Four players, dealer seat 3; seat 1 bids 3 and leads the ace of hearts: hearts are trump.
# Seat 2 trumps the king of spades with the jack of hearts while holding the queen of spades
# (legal, P4). Seat 3 was dealt the two of hearts (Low) and seat 1 captures it in trick 1.
# Game points: seat 0 23 (TD KD TH), seat 2 23 (KS JH AS, TC QC, QS JS), seat 1 4 (AH): a tie.
FOUR_DEALER = 3
FOUR_BIDS: tuple[Call, ...] = ("pass", 3, "pass", "pass")
FOUR_TRICKS = (
    "AH 5H 2H 3H",  # led by seat 1 (the pitcher): seat 1 wins
    "KS JH 4S AS",  # seat 1 leads; seat 2 trumps while holding QS; seat 2 wins
    "TD 5D KD 6D",  # seat 2 leads; seat 0 wins with the king
    "TC 2C QC 7C",  # seat 0 leads; seat 2 wins with the queen
    "QS 8S 9S JS",  # seat 2 leads; seat 2 wins
    "4D 9D TH 8D",  # seat 2 leads; seat 0, void in diamonds, trumps and wins
)
FOUR_HANDS = (
    "3H AS KD TC 9S TH",  # seat 0
    "AH KS 6D 2C JS 8D",  # seat 1, the pitcher
    "5H JH TD QC QS 4D",  # seat 2
    "2H 4S 5D 7C 8S 9D",  # seat 3, dealer, dealt Low
)

# The same deal with seat 1 revoking in trick 3: on the diamond lead he discards the two of
# clubs while holding the six and eight of diamonds, then shows the six in trick 4.
REVOKE_TRICKS = (
    "AH 5H 2H 3H",
    "KS JH 4S AS",
    "TD 5D KD 2C",  # seat 1 (tricks[2][3]) does not follow diamonds: a revoke
    "TC 6D QC 7C",  # seat 1 (tricks[3][1]) shows a diamond: the proof
    "QS 8S 9S JS",
    "4D 9D TH 8D",
)

# Two players, dealer seat 1; seat 0 bids 2 and leads the seven of spades, the only spade
# dealt: it is both High and Low. Seat 1 wins Game with the ten of diamonds (10 to 7).
SINGLE_TRUMP_TRICKS = (
    "7S 5H",
    "AH 6H",
    "KH 7H",
    "2D TD",
    "8H 3D",
    "9H 4D",
)
SINGLE_TRUMP_HANDS = (
    "7S AH KH 2D 3D 4D",
    "5H 6H 7H TD 8H 9H",
)
