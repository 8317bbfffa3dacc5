"""E9: who pays whom at the end of a Piquet evening, in the fewest payments."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.events import EXACT_LIMIT, EventError, Payment, net_balances, settle
from referee.events.payments import _greedy
from referee.piquet import settle_partie


def _balances(*amounts: int | str) -> dict[str, Decimal]:
    return {chr(ord("A") + i): Decimal(a) for i, a in enumerate(amounts)}


def _after(balances: Mapping[str, Decimal], payments: Sequence[Payment]) -> dict[str, Decimal]:
    left = dict(balances)
    for p in payments:
        assert p.amount > 0 and p.payer != p.payee
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    return left


def _partitions(items: list[int]) -> list[list[list[int]]]:
    """Every partition of ``items`` into blocks (an exact search, for the oracle)."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    found = []
    for part in _partitions(rest):
        found.append([[first], *part])
        for i in range(len(part)):
            found.append([*part[:i], [first, *part[i]], *part[i + 1:]])
    return found


def _fewest(amounts: list[Decimal]) -> int:
    """The fewest payments by exact search over how a plan can group the players: the
    payments of any plan join the players into groups each summing to zero, and a group of k
    needs k - 1 payments, so the fewest is n - (most zero-sum blocks of a partition)."""
    live = [a for a in amounts if a]
    blocks = max(len(part) for part in _partitions(list(range(len(live))))
                 if all(sum(live[i] for i in block) == 0 for block in part))
    return len(live) - blocks


def test_an_evening_of_parties_netted_then_settled() -> None:
    """Four parties at 10 cents a point (Q9): Bill, rubiconed, pays Ann 319 points (31.90);
    Cy pays Ann 119 (11.90); Di pays Bill 120 (12.00); Cy, rubiconed, pays Di 345 (34.50).
    Netted: Ann +43.80, Bill -19.90, Cy -46.40, Di +22.50; no two or three of them come out
    even, so three payments, the fewest."""
    stake = Decimal("0.10")
    parties = [({"Ann": 120, "Bill": 99}), ({"Cy": 101, "Ann": 120}),
               ({"Bill": 130, "Di": 110}), ({"Di": 150, "Cy": 95})]
    owed = []
    for scores in parties:
        s = settle_partie(scores, stake)
        assert s.loser is not None and s.winner is not None and s.amount is not None
        owed.append(Payment(s.loser, s.winner, s.amount))
    balances = net_balances(owed)
    assert balances == {"Ann": Decimal("43.80"), "Bill": Decimal("-19.90"),
                        "Cy": Decimal("-46.40"), "Di": Decimal("22.50")}
    plan = settle(balances)
    assert plan.exact
    assert [str(p) for p in plan.payments] == ["Cy pays Ann 43.80", "Bill pays Di 19.90",
                                               "Cy pays Di 2.60"]
    assert set(_after(balances, plan.payments).values()) == {0}


def test_eight_players_where_the_greedy_plan_needs_one_more() -> None:
    """Balances +8 -6 +1 -8 +4 -7 +3 +5: the biggest debtor paying the biggest creditor takes
    six payments; the groups {+8 -8}, {-6 +1 +5}, {+4 -7 +3} take five."""
    balances = _balances(8, -6, 1, -8, 4, -7, 3, 5)
    greedy = _greedy(sorted(balances.items()))
    plan = settle(balances)
    assert (len(greedy), len(plan.payments), _fewest(list(balances.values()))) == (6, 5, 5)
    assert set(_after(balances, plan.payments).values()) == {0}


def test_two_fewer_than_greedy() -> None:
    balances = _balances(-8, -7, 7, 2, 6)
    assert len(_greedy(sorted(balances.items()))) == 4
    assert len(settle(balances).payments) == 3


def test_nobody_owes_nothing_is_paid() -> None:
    assert settle({"Ann": Decimal(0), "Bill": Decimal(0)}).payments == ()
    assert settle({}).exact


def test_balances_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(EventError) as refused:
        settle(_balances(5, -4))
    assert (refused.value.code, refused.value.section) == ("balances_not_even", "E9")


CENTS = st.integers(-2000, 2000).map(lambda c: Decimal(c) / 100)


@st.composite
def _even(draw: st.DrawFn, least: int, most: int) -> dict[str, Decimal]:
    amounts = draw(st.lists(CENTS, min_size=least - 1, max_size=most - 1))
    amounts.append(-sum(amounts, Decimal(0)))
    return {f"P{i}": a for i, a in enumerate(amounts)}


@settings(max_examples=100, deadline=None)
@given(_even(2, 8))
def test_payments_settle_every_balance_in_the_fewest_payments(balances: dict[str, Decimal]) -> None:
    plan = settle(balances)
    assert set(_after(balances, plan.payments).values()) <= {0}
    assert plan.exact
    assert len(plan.payments) == _fewest(list(balances.values()))
    assert len(plan.payments) <= len(_greedy(sorted((n, a) for n, a in balances.items() if a)))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=3, max_size=7))
def test_small_whole_balances_often_split_into_groups(amounts: list[int]) -> None:
    """Small whole amounts give many zero-sum groups: the search must find the most."""
    balances = _balances(*amounts, -sum(amounts))
    plan = settle(balances)
    assert set(_after(balances, plan.payments).values()) <= {0}
    assert len(plan.payments) == _fewest(list(balances.values()))


@settings(max_examples=25, deadline=None)
@given(_even(EXACT_LIMIT + 1, 40))
def test_beyond_the_exact_limit_every_balance_is_still_settled(
        balances: dict[str, Decimal]) -> None:
    plan = settle(balances)
    live = sum(1 for a in balances.values() if a)
    assert set(_after(balances, plan.payments).values()) <= {0}
    assert len(plan.payments) <= max(live - 1, 0)
    assert plan.exact is (live <= EXACT_LIMIT)
