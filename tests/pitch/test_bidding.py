"""P3 bidding and its P8 options: check_bidding on auctions written out."""

from __future__ import annotations

import pytest

from referee.pitch import (
    BiddingStatus,
    Call,
    PitchOptions,
    check_bidding,
    legal_calls_for,
    verify_bidding,
)
from referee.violations import RecordError

DEFAULT = PitchOptions()


def codes(status: BiddingStatus) -> list[str]:
    return [v.code for v in status.violations]


def test_one_round_from_the_dealers_left() -> None:
    # Dealer seat 2 of 4: seats 3, 0, 1, 2 call in that order.
    status = check_bidding(4, 2, ["pass", 2, 3, "pass"])
    assert status.legal and status.complete
    assert (status.high_bidder, status.high_bid, status.pitched) == (1, 3, False)
    assert status.next_seat is None and status.legal_calls == ()


def test_partial_auction_says_who_calls_next() -> None:
    status = check_bidding(4, 2, ["pass", 2], record_complete=False)
    assert not status.complete
    assert status.next_seat == 1
    assert status.legal_calls == ("pass", 3, 4, "pitch")
    assert status.high_bidder == 0


def test_stuck_dealer_must_bid() -> None:
    status = check_bidding(4, 0, ["pass", "pass", "pass"], record_complete=False)
    assert status.next_seat == 0
    assert status.legal_calls == (2, 3, 4, "pitch")  # no pass; at least 2
    stuck = check_bidding(4, 0, ["pass", "pass", "pass", 2])
    assert stuck.legal and stuck.high_bidder == 0 and stuck.high_bid == 2
    passed = check_bidding(4, 0, ["pass"] * 4)
    assert codes(passed) == ["stuck_dealer_passed"]
    assert passed.violations[0].location == "bids[3]"
    assert passed.complete and passed.high_bidder is None and not passed.redeal
    too_low = check_bidding(4, 0, ["pass", "pass", "pass", 1])
    assert codes(too_low) == ["stuck_dealer_bid_too_low"]
    assert too_low.high_bidder == 0  # read as the table played it


def test_stuck_dealer_min_none_means_redeal() -> None:
    options = PitchOptions(stuck_dealer_min=None)
    status = check_bidding(4, 0, ["pass"] * 4, options)
    assert status.legal and status.complete and status.redeal
    assert status.high_bidder is None
    partial = check_bidding(4, 0, ["pass"] * 3, options, record_complete=False)
    assert partial.legal_calls == ("pass", 1, 2, 3, 4, "pitch")
    assert not check_bidding(4, 0, ["pass"] * 4).redeal  # default: the dealer is stuck


def test_dealer_steals_by_matching() -> None:
    # Dealer seat 3; seat 1 bids 2 and the dealer matches it: he is the pitcher.
    status = check_bidding(4, 3, ["pass", 2, "pass", 2])
    assert status.legal and (status.high_bidder, status.high_bid) == (3, 2)
    assert check_bidding(4, 3, ["pass", 2, "pass"], record_complete=False).legal_calls == (
        "pass",
        2,
        3,
        4,
        "pitch",
    )


def test_steal_refused_after_a_four() -> None:
    # Seat 0 bids 4 without pitching (seat 1 and 2 then pass); the dealer may not match a 4.
    status = check_bidding(4, 3, [4, "pass", "pass", 4])
    assert codes(status) == ["steal_not_allowed"]
    assert status.violations[0].location == "bids[3]"
    assert check_bidding(4, 3, [4, "pass", "pass"], record_complete=False).legal_calls == ("pass",)


def test_match_any_lets_the_dealer_match_an_unpitched_four() -> None:
    options = PitchOptions(dealer_steal="match_any")
    status = check_bidding(4, 3, [4, "pass", "pass", 4], options)
    assert status.legal and status.high_bidder == 3
    partial = check_bidding(4, 3, [4, "pass", "pass"], options, record_complete=False)
    assert partial.legal_calls == ("pass", 4, "pitch")


def test_outbid_only_forbids_matching() -> None:
    options = PitchOptions(dealer_steal="outbid_only")
    status = check_bidding(4, 3, ["pass", 2, "pass", 2], options)
    assert codes(status) == ["steal_not_allowed"]
    assert check_bidding(4, 3, ["pass", 2, "pass", 3], options).legal
    partial = check_bidding(4, 3, ["pass", 2, "pass"], options, record_complete=False)
    assert partial.legal_calls == ("pass", 3, 4, "pitch")


def test_match_below_4_allows_matching_three() -> None:
    status = check_bidding(4, 3, [3, "pass", "pass", 3])
    assert status.legal and status.high_bidder == 3


def test_steal_by_non_dealer_is_a_violation() -> None:
    status = check_bidding(4, 3, [2, 2, "pass", "pass"])
    assert codes(status) == ["steal_by_non_dealer"]
    assert status.violations[0].location == "bids[1]"
    assert status.violations[0].rule == "P3"


def test_bid_not_above_the_high_bid_is_refused() -> None:
    status = check_bidding(4, 3, [3, 2, "pass", "pass"])
    assert codes(status) == ["bid_not_higher"]
    assert status.high_bidder == 0  # the lower bid is ignored
    dealer_lower = check_bidding(4, 3, [3, "pass", "pass", 2])
    assert codes(dealer_lower) == ["bid_not_higher"]


def test_pitching_as_first_call_ends_the_auction() -> None:
    first_calls: tuple[list[Call], ...] = (["pitch"], [4])
    for bids in first_calls:  # a 4 ending the list early is a pitch
        status = check_bidding(4, 0, bids)
        assert status.legal and status.complete and status.pitched
        assert (status.high_bidder, status.high_bid) == (1, 4)
    after = check_bidding(4, 0, ["pitch", "pass"])
    assert codes(after) == ["bid_out_of_turn"] and after.violations[0].location == "bids[1]"


def test_trailing_four_in_a_partial_record_is_an_ordinary_bid() -> None:
    status = check_bidding(4, 0, [4], record_complete=False)
    assert not status.complete and not status.pitched
    assert status.legal_calls == ("pass",)


def test_too_many_calls() -> None:
    status = check_bidding(2, 0, ["pass", 2, "pass"])
    assert codes(status) == ["bid_out_of_turn"]
    assert status.violations[0].location == "bids[2]"


def test_two_players() -> None:
    # Dealer seat 1: seat 0 calls, then the dealer.
    assert check_bidding(2, 1, [1, "pass"]).high_bidder == 0
    assert check_bidding(2, 1, [1, 1]).high_bidder == 1  # the dealer steals
    assert check_bidding(2, 1, ["pass", 2]).high_bidder == 1
    assert codes(check_bidding(2, 1, ["pass", "pass"])) == ["stuck_dealer_passed"]


def test_seven_players() -> None:
    bids: list[Call] = ["pass", 1, "pass", 2, "pass", 3, "pass"]
    status = check_bidding(7, 6, bids)
    assert status.legal and (status.high_bidder, status.high_bid) == (5, 3)
    partial = check_bidding(7, 6, bids[:6], record_complete=False)
    assert partial.next_seat == 6 and partial.legal_calls == ("pass", 3, 4, "pitch")


def test_min_bid() -> None:
    options = PitchOptions(min_bid=2)
    partial = check_bidding(4, 3, [], options, record_complete=False)
    assert partial.next_seat == 0 and partial.legal_calls == ("pass", 2, 3, 4, "pitch")
    status = check_bidding(4, 3, [1, "pass", "pass", "pass"], options)
    assert codes(status) == ["bid_below_minimum"]
    assert check_bidding(4, 3, [1, "pass", "pass", "pass"]).legal


def test_stuck_dealer_min_option() -> None:
    options = PitchOptions(stuck_dealer_min=3)
    assert legal_calls_for(True, None, options) == (3, 4, "pitch")
    assert codes(check_bidding(3, 0, ["pass", "pass", 2], options)) == ["stuck_dealer_bid_too_low"]


def test_bid_out_of_range() -> None:
    status = check_bidding(3, 0, [5, 2, "pass"])
    assert codes(status) == ["bid_out_of_range"] and status.high_bidder == 2


def test_bad_table_and_calls_raise() -> None:
    with pytest.raises(RecordError) as err:
        check_bidding(8, 0, [])
    assert err.value.violations[0].code == "player_count"
    with pytest.raises(RecordError) as err:
        check_bidding(4, 4, [])
    assert err.value.violations[0].code == "dealer_not_a_seat"
    with pytest.raises(RecordError) as err:
        check_bidding(4, 0, ["double"])  # type: ignore[list-item]
    assert err.value.violations[0].code == "malformed_call"


def test_verify_bidding_raises_with_the_violations() -> None:
    with pytest.raises(RecordError) as err:
        verify_bidding(4, 3, [2, 2, "pass", "pass"])
    assert err.value.violations[0].code == "steal_by_non_dealer"
    assert verify_bidding(4, 3, [2, "pass", "pass", "pass"]).high_bidder == 0


def test_options_are_validated() -> None:
    for bad in (
        {"target": 0},
        {"low": "dealer"},
        {"min_bid": 5},
        {"stuck_dealer_min": 0},
        {"dealer_steal": "never"},
    ):
        with pytest.raises(ValueError):
            PitchOptions(**bad)
