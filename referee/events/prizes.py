"""Entry fees and prize splits of a tournament (docs/events.md E10).

>>> from referee.events.standings import GameResult, standings
>>> games = [GameResult(1, 1, {"Ann": 11, "Bill": 7}, frozenset({"Ann"})),
...          GameResult(1, 2, {"Cy": 11, "Di": 2}, frozenset({"Cy"}))]
>>> split = prizes(standings(games, "points"), Decimal("40.00"), [Decimal("0.5"),
...                Decimal("0.3"), Decimal("0.2")])
>>> {name: str(amount) for name, amount in split.items()}
{'Ann': '16.00', 'Cy': '16.00', 'Bill': '8.00'}
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_DOWN, Decimal

from referee.events.model import refusal
from referee.events.standings import Standing

__all__ = ["pot", "prizes"]


def pot(entry_fee: Decimal, entries: int) -> Decimal:
    """E10: the pot, every entry's fee.

    :raises EventError: ``bad_fee`` for a negative fee.
    """
    if entry_fee < 0:
        raise refusal("bad_fee")
    return entry_fee * entries


def prizes(lines: Sequence[Standing], prize_pot: Decimal,
           shares: Sequence[Decimal]) -> dict[str, Decimal]:
    """E10: the prizes by place: ``shares`` of ``prize_pot`` for places 1, 2, 3… (e.g. 0.5,
    0.3, 0.2). Players who share a place share the prizes of the places they cover equally
    (two tied first share the first and second prizes); each amount is rounded down to the
    pot's smallest unit and the units left over go one each to the tied players in the order
    listed, so the prizes add up to the shares exactly. Players past the shares get nothing
    and are left out.

    :raises EventError: ``bad_split``: a negative share, or shares over the whole pot.
    """
    if any(share < 0 for share in shares) or sum(shares, Decimal(0)) > 1:
        raise refusal("bad_split")
    unit = Decimal(1).scaleb(prize_pot.as_tuple().exponent)  # type: ignore[arg-type]
    paid: dict[str, Decimal] = {}
    start = 0
    while start < len(lines) and start < len(shares):
        end = start + 1
        while end < len(lines) and lines[end].place == lines[start].place:
            end += 1
        total = (sum(shares[start:end], Decimal(0)) * prize_pot).quantize(unit, ROUND_DOWN)
        units = int(total / unit)
        each, left = divmod(units, end - start)
        for i, line in enumerate(lines[start:end]):
            paid[line.player] = (each + (1 if i < left else 0)) * unit
        start = end
    return paid
