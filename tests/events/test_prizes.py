"""E10: entry fees and prize splits, ties sharing the prizes of the places they cover."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.events import EventError, GameResult, standings
from referee.events.prizes import pot, prizes

SPLIT = [Decimal("0.5"), Decimal("0.3"), Decimal("0.2")]


def _lines(points: dict[str, int]) -> list:
    return list(standings([GameResult(1, 1, points, frozenset())], "points"))


def test_fifty_thirty_twenty_of_the_pot() -> None:
    total = pot(Decimal("5.00"), 12)
    assert total == Decimal("60.00")
    split = prizes(_lines({"Ann": 30, "Bill": 20, "Cy": 10, "Di": 5}), total, SPLIT)
    assert split == {"Ann": Decimal("30.00"), "Bill": Decimal("18.00"), "Cy": Decimal("12.00")}


def test_three_tied_second_share_second_and_third_prizes_to_the_cent() -> None:
    """Second and third prizes: 0.3 + 0.2 of 10.00 = 5.00 among three: 1.67, 1.67, 1.66."""
    split = prizes(_lines({"Ann": 30, "Bill": 20, "Cy": 20, "Di": 20}), Decimal("10.00"), SPLIT)
    assert split == {"Ann": Decimal("5.00"), "Bill": Decimal("1.67"), "Cy": Decimal("1.67"),
                     "Di": Decimal("1.66")}
    assert sum(split.values()) == Decimal("10.00")


def test_bad_splits_and_fees_are_refused() -> None:
    for shares in ([Decimal("0.7"), Decimal("0.4")], [Decimal("-0.1")]):
        with pytest.raises(EventError) as refused:
            prizes(_lines({"Ann": 1}), Decimal(10), shares)
        assert (refused.value.code, refused.value.section) == ("bad_split", "E10")
    with pytest.raises(EventError):
        pot(Decimal("-1"), 3)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=12),
       st.integers(0, 100_000))
def test_prizes_add_up_to_the_shares_of_the_places_taken(scores: list[int], cents: int) -> None:
    lines = _lines({f"P{i}": s for i, s in enumerate(scores)})
    prize_pot = (Decimal(cents) / 100).quantize(Decimal("0.01"))  # a pot to the cent
    split = prizes(lines, prize_pot, SPLIT)
    assert all(amount >= 0 for amount in split.values())
    assert sum(split.values(), Decimal(0)) <= prize_pot
    if len(lines) >= len(SPLIT):  # every prize is taken: nothing is lost past a cent a place
        assert prize_pot - sum(split.values(), Decimal(0)) <= Decimal("0.01") * len(SPLIT)
    places = {line.player: line.place for line in lines}
    for a in split:
        for b in split:
            if places[a] == places[b]:
                assert abs(split[a] - split[b]) <= Decimal("0.01")
