"""P2 rotation of the deal and P7 winning the match."""

from __future__ import annotations

import pytest

from referee.pitch import PitchOptions, match_winner, next_dealer, sides_of
from referee.violations import RecordError


def test_next_dealer_passes_to_the_left() -> None:
    assert next_dealer(0, 4) == 1
    assert next_dealer(3, 4) == 0
    assert next_dealer(6, 7) == 0
    with pytest.raises(RecordError):
        next_dealer(4, 4)


def test_sides() -> None:
    assert sides_of(2, False) == ((0,), (1,))
    assert sides_of(4, True) == ((0, 2), (1, 3))
    with pytest.raises(RecordError):
        sides_of(1, False)
    with pytest.raises(RecordError):
        sides_of(6, True)


def test_non_pitcher_past_the_target_does_not_win() -> None:
    assert match_winner([9, 3, 5], pitcher_side=1) is None
    assert match_winner([9, 3, 5], pitcher_side=None) is None  # a redealt hand


def test_pitcher_wins_at_the_end_of_his_hand() -> None:
    assert match_winner([9, 3, 7], pitcher_side=2) == 2  # fewer points than seat 0, still wins
    assert match_winner([9, 3, 6], pitcher_side=2) is None
    assert match_winner([10, 11], pitcher_side=0, options=PitchOptions(target=11)) is None
    assert match_winner([11, 10], pitcher_side=0, options=PitchOptions(target=11)) == 0


def test_anyone_may_win_when_pitcher_only_wins_is_false() -> None:
    options = PitchOptions(pitcher_only_wins=False)
    assert match_winner([9, 3, 5], pitcher_side=1, options=options) == 0
    assert match_winner([9, 3, 7], pitcher_side=2, options=options) == 2  # pitcher first
    assert match_winner([9, 8, 3], pitcher_side=2, options=options) == 0  # highest
    assert match_winner([8, 8, 3], pitcher_side=2, options=options) is None  # tie: play on
    assert match_winner([6, 5, 3], pitcher_side=2, options=options) is None


def test_bad_pitcher_side() -> None:
    with pytest.raises(ValueError):
        match_winner([1, 2], pitcher_side=2)
