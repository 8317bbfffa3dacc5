"""Q1/Q9: the partie and its settlement (the Rubicon)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from referee.piquet import partie_status, settle_partie


def test_loser_over_the_rubicon_pays_difference_plus_100() -> None:
    s = settle_partie({"A": 101, "B": 120})
    assert (s.winner, s.loser, s.rubiconed, s.payment) == ("B", "A", False, 119)


def test_rubiconed_loser_pays_sum_plus_100() -> None:
    s = settle_partie({"A": 99, "B": 120})
    assert (s.winner, s.loser, s.rubiconed, s.payment) == ("B", "A", True, 319)


def test_exactly_100_is_not_rubiconed() -> None:
    s = settle_partie({"A": 100, "B": 120})
    assert (s.rubiconed, s.payment) == (False, 120)


def test_rubiconed_even_when_the_winner_is_under_100() -> None:
    s = settle_partie({"Ann": 90, "Bill": 60})
    assert (s.winner, s.loser, s.rubiconed, s.payment) == ("Ann", "Bill", True, 250)


def test_drawn_partie_pays_nothing() -> None:
    s = settle_partie({"A": 110, "B": 110}, Decimal("0.05"))
    assert (s.winner, s.loser, s.payment, s.amount) == (None, None, 0, Decimal(0))


def test_stake_turns_the_payment_into_money() -> None:
    s = settle_partie({"A": 99, "B": 120}, stake=Decimal("0.10"))
    assert s.amount == Decimal("31.90")
    assert s.as_dict()["amount"] == "31.90"
    assert settle_partie({"A": 99, "B": 120}).amount is None


@pytest.mark.parametrize("scores", [{"A": 1}, {"A": 1, "B": 2, "C": 3}])
def test_exactly_two_players(scores) -> None:
    with pytest.raises(ValueError):
        settle_partie(scores)


def test_six_deals_make_a_partie() -> None:
    deals = [(11, 41), (30, 12), (25, 20), (8, 50), (40, 3), (14, 22)]
    status = partie_status(deals[:5])
    assert (status.finished, status.deals_required, status.next_elder) == (False, 6, "B")
    status = partie_status(deals)
    assert status.totals == {"A": 128, "B": 148}
    assert (status.finished, status.drawn, status.winner, status.next_elder) == (
        True, False, "B", None)
    assert status.settlement is not None and status.settlement.payment == 120


def test_dealer_alternates_a_is_elder_in_odd_deals() -> None:
    assert partie_status([]).next_elder == "A"
    assert partie_status([(1, 2)]).next_elder == "B"
    assert partie_status([(1, 2), (3, 4)]).next_elder == "A"


def test_tied_after_six_two_more_deals() -> None:
    deals = [(10, 20), (20, 10)] * 3
    status = partie_status(deals)
    assert (status.finished, status.deals_required, status.next_elder) == (False, 8, "A")
    status = partie_status([*deals, (15, 5), (1, 2)])
    assert (status.finished, status.winner) == (True, "A")


def test_still_tied_after_eight_is_drawn() -> None:
    status = partie_status([(10, 20), (20, 10)] * 4)
    assert (status.finished, status.drawn, status.winner) == (True, True, None)
    assert status.settlement is not None and status.settlement.payment == 0


def test_no_deal_after_the_partie_is_over() -> None:
    with pytest.raises(ValueError):
        partie_status([(10, 20)] * 7)
    with pytest.raises(ValueError):
        partie_status([(10, 20), (20, 10)] * 4 + [(1, 0)])
