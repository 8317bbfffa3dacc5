"""Who pays whom at the end of a Piquet evening (docs/events.md E9).

Each partie's settlement (Q9) says who pays whom how much; netted per player they leave each
a balance (positive: to receive). :func:`settle` finds payments that bring every balance to
zero: the fewest possible up to :data:`EXACT_LIMIT` players with a balance, and at most one
fewer than their number beyond.

>>> [str(p) for p in settle({"Ann": Decimal(5), "Bill": Decimal(-3), "Cy": Decimal(-2)}).payments]
['Bill pays Ann 3', 'Cy pays Ann 2']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from referee.events.model import refusal

__all__ = ["EXACT_LIMIT", "Payment", "Plan", "net_balances", "settle"]

#: Up to this many non-zero balances the plan is the fewest payments (E9): the search visits
#: 2**n sets of players, 32,768 at 15.
EXACT_LIMIT = 15


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` (positive, in the event's currency)."""

    payer: str
    payee: str
    amount: Decimal

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"


@dataclass(frozen=True, slots=True)
class Plan:
    """The payments that settle an evening (E9); ``exact``: True when no plan has fewer
    payments (the balances were within :data:`EXACT_LIMIT`)."""

    payments: tuple[Payment, ...]
    exact: bool


def net_balances(owed: Iterable[Payment]) -> dict[str, Decimal]:
    """E9: each player's net balance over ``owed`` (every partie's settlement as a payment):
    what the player receives less what the player pays; players who come out even are kept,
    at zero."""
    balances: dict[str, Decimal] = {}
    for payment in owed:
        balances[payment.payer] = balances.get(payment.payer, Decimal(0)) - payment.amount
        balances[payment.payee] = balances.get(payment.payee, Decimal(0)) + payment.amount
    return balances


def _greedy(balances: Sequence[tuple[str, Decimal]]) -> list[Payment]:
    """E9: the biggest debtor pays the biggest creditor as much as one of them needs, until
    every balance is zero: each payment clears at least one balance, the last one two, so a
    group of ``k`` takes at most ``k - 1`` payments."""
    left = {name: amount for name, amount in balances}
    payments = []
    while any(left.values()):
        payer = min(left, key=lambda n: (left[n], n))
        payee = max(left, key=lambda n: (left[n], n))
        amount = min(-left[payer], left[payee])
        payments.append(Payment(payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return payments


def _groups(amounts: Sequence[Decimal]) -> list[list[int]]:
    """E9: the players split into the most groups whose balances each sum to zero (indexes
    into ``amounts``), by dynamic programming over the sets of players: ``best[s]`` is the
    most zero-sum groups an ordering of ``s`` can close, ``best[s] = max over i in s of
    best[s - {i}] + (1 if s sums to zero)``. The amounts are counted in whole units of their
    smallest decimal place (exact, and quicker than decimals)."""
    n = len(amounts)
    places = max((-a.as_tuple().exponent for a in amounts  # type: ignore[operator]
                  if isinstance(a.as_tuple().exponent, int)), default=0)
    units = [int(a.scaleb(places)) for a in amounts]
    total = [0] * (1 << n)
    best = [0] * (1 << n)
    members: list[tuple[int, ...]] = [()] * (1 << n)
    for s in range(1, 1 << n):
        low = s & -s
        i = low.bit_length() - 1
        rest = s ^ low
        total[s] = total[rest] + units[i]
        members[s] = (*members[rest], i)
        top = max(best[s ^ (1 << j)] for j in members[s])
        best[s] = top + 1 if total[s] == 0 else top
    order, s = [], (1 << n) - 1
    while s:
        closes = 1 if total[s] == 0 else 0
        i = next(i for i in members[s] if best[s ^ (1 << i)] + closes == best[s])
        order.append(i)
        s ^= 1 << i
    groups: list[list[int]] = [[]]
    running = 0
    for i in reversed(order):
        groups[-1].append(i)
        running += units[i]
        if running == 0:
            groups.append([])
    return [group for group in groups if group]


def settle(balances: Mapping[str, Decimal]) -> Plan:
    """E9: payments that bring every balance to zero.

    Up to :data:`EXACT_LIMIT` non-zero balances the plan has the fewest payments there are:
    ``n`` players settle in ``n - g`` payments where ``g`` is the most groups they split into
    whose balances each sum to zero (a plan's payments join the players into groups that each
    sum to zero, and a group of ``k`` needs ``k - 1``), found by :func:`_groups`; each group
    is then settled by :func:`_greedy`. Beyond, :func:`_greedy` over everyone: at most
    ``n - 1`` payments, not always the fewest (``exact`` False).

    :raises EventError: ``balances_not_even`` when the balances do not sum to zero.
    """
    if sum(balances.values(), Decimal(0)) != 0:
        raise refusal("balances_not_even")
    owing = sorted(((n, a) for n, a in balances.items() if a != 0), key=lambda item: item[0])
    if len(owing) > EXACT_LIMIT:
        return Plan(tuple(_greedy(owing)), False)
    payments: list[Payment] = []
    for group in _groups([amount for _, amount in owing]):
        payments += _greedy([owing[i] for i in group])
    return Plan(tuple(payments), True)
