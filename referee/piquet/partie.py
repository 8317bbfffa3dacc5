"""Q1/Q9: the partie (six deals, two more when tied) and its settlement with the Rubicon.

Players are named ``"A"`` (elder hand in deal 1) and ``"B"``; the deal alternates (Q1), so A is
elder in deals 1, 3, 5, 7 and B in deals 2, 4, 6, 8.

>>> settle_partie({"A": 99, "B": 120}).payment
319
>>> settle_partie({"A": 101, "B": 120}).payment
119
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

#: Deals in a partie, and in all when tied after six (Q9).
PARTIE_DEALS, TIE_BREAK_DEALS = 6, 8
#: The Rubicon: a loser under 100 is rubiconed (Q9); exactly 100 is enough.
RUBICON = 100

Player = Literal["A", "B"]


@dataclass(frozen=True, slots=True)
class Settlement:
    """What the loser pays at the end of a partie (Q9).

    ``winner`` / ``loser``: player names (None when drawn); ``rubiconed``: the loser has less
    than 100; ``payment``: points paid (difference + 100, or when rubiconed sum + 100; 0 when
    drawn); ``amount``: ``payment × stake`` in the match's currency, or None without a stake.
    """

    winner: str | None
    loser: str | None
    rubiconed: bool
    payment: int
    amount: Decimal | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (``amount`` as a decimal string, or None)."""
        return {"winner": self.winner, "loser": self.loser, "rubiconed": self.rubiconed,
                "payment": self.payment,
                "amount": None if self.amount is None else str(self.amount)}


def settle_partie(scores: Mapping[str, int], stake: Decimal | None = None) -> Settlement:
    """Q9: settle a partie from both players' totals.

    ``scores``: exactly two player names → partie totals (points); ``stake``: money per point.
    The loser pays the difference plus 100 if he has at least 100, else (rubiconed) the sum of
    both scores plus 100, even when the winner too is under 100.  Equal totals: drawn.

    :raises ValueError: unless there are exactly two players, or when a score is negative.
    """
    if len(scores) != 2:
        raise ValueError(f"a partie has exactly two players, not {len(scores)}")
    (first, a), (second, b) = scores.items()
    if a < 0 or b < 0:
        raise ValueError("partie scores cannot be negative")
    if a == b:
        return Settlement(None, None, False, 0, None if stake is None else Decimal(0) * stake)
    winner, loser = (first, second) if a > b else (second, first)
    high, low = max(a, b), min(a, b)
    rubiconed = low < RUBICON
    payment = high + low + RUBICON if rubiconed else high - low + RUBICON
    amount = None if stake is None else Decimal(payment) * stake
    return Settlement(winner, loser, rubiconed, payment, amount)


@dataclass(frozen=True, slots=True)
class PartieStatus:
    """Where a partie stands (Q1, Q9).

    ``totals``: points per player ("A", "B"); ``deals_played``; ``deals_required``: 6, or 8
    when tied after six; ``finished``; ``drawn``: still tied after eight; ``winner``: "A", "B"
    or None; ``next_elder``: who is elder in the next deal (None when finished);
    ``settlement``: the Q9 settlement once finished, else None.
    """

    totals: Mapping[str, int]
    deals_played: int
    deals_required: int
    finished: bool
    drawn: bool
    winner: str | None
    next_elder: str | None
    settlement: Settlement | None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "totals": dict(self.totals), "deals_played": self.deals_played,
            "deals_required": self.deals_required, "finished": self.finished,
            "drawn": self.drawn, "winner": self.winner, "next_elder": self.next_elder,
            "settlement": None if self.settlement is None else self.settlement.as_dict(),
        }


def elder_of_deal(number: int) -> Player:
    """Q1: the elder hand of deal ``number`` (1-based): "A" in odd deals, "B" in even ones."""
    return "A" if number % 2 == 1 else "B"


def partie_status(deal_scores: Sequence[tuple[int, int]]) -> PartieStatus:
    """Q1/Q9: totals and state of a partie from its deals' scores.

    ``deal_scores``: in deal order, each deal's points as ``(A, B)`` — A is the player who is
    elder in deal 1 (so elder in odd deals), B the other; NOT (elder, younger).

    :raises ValueError: for a negative score, or more deals than the partie has (a 7th deal
        when it was not tied after six, a 9th deal).
    """
    totals = {"A": 0, "B": 0}
    for n, (a, b) in enumerate(deal_scores, start=1):
        if a < 0 or b < 0:
            raise ValueError(f"deal {n}: scores cannot be negative")
        if n > PARTIE_DEALS and (n > TIE_BREAK_DEALS or totals_at(deal_scores, 6) != "tied"):
            raise ValueError(f"deal {n}: the partie was already over")
        totals["A"] += a
        totals["B"] += b
    played = len(deal_scores)
    tied_after_six = played >= PARTIE_DEALS and totals_at(deal_scores, 6) == "tied"
    required = TIE_BREAK_DEALS if tied_after_six else PARTIE_DEALS
    finished = played >= required
    drawn = finished and totals["A"] == totals["B"]
    winner = None
    if finished and not drawn:
        winner = "A" if totals["A"] > totals["B"] else "B"
    return PartieStatus(
        totals=totals,
        deals_played=played,
        deals_required=required,
        finished=finished,
        drawn=drawn,
        winner=winner,
        next_elder=None if finished else elder_of_deal(played + 1),
        settlement=settle_partie(totals) if finished else None,
    )


def totals_at(deal_scores: Sequence[tuple[int, int]], deals: int) -> str:
    """"A", "B" or "tied": who leads after the first ``deals`` deals."""
    a = sum(s[0] for s in deal_scores[:deals])
    b = sum(s[1] for s in deal_scores[:deals])
    return "tied" if a == b else "A" if a > b else "B"
