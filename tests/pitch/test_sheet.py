"""Score-sheet and totals lines of a Pitch hand: each check, lines written out."""

from __future__ import annotations

from typing import Any

import pytest

from referee.pitch import (
    PitchOptions,
    most_game_points,
    rule_sheet,
    rule_totals,
    sheet_from_record,
    totals_from_record,
)
from referee.pitch.sheet import PitchSheetRuling, PitchTotalsRuling
from referee.violations import RecordError


def sheet(record: dict[str, Any], players: int = 4, partnership: bool = False,
          options: PitchOptions | None = None) -> PitchSheetRuling:
    return rule_sheet(sheet_from_record(record, players, partnership), options or PitchOptions())


def totals(record: dict[str, Any], players: int = 4, partnership: bool = False,
           options: PitchOptions | None = None) -> PitchTotalsRuling:
    return rule_totals(totals_from_record(record, players, partnership), options or PitchOptions())


def codes(ruling: Any) -> list[tuple[str, str, str]]:
    return [(v.code, v.rule, v.location) for v in ruling.violations]


def rules_of(findings: Any) -> list[str]:
    return [f.rule for f in findings]


# The brief's line: 4 players, dealer 3, bids pass/2/pass/3 (seat 3, the dealer, outbids seat 1's
# 2), High 3, Low 1, Jack not out, Game 3. Seat 3 won High and Game, 2 of his 3: set back 3.
BRIEF = {"dealer": 3, "bids": ["pass", 2, "pass", 3], "high": 3, "low": 1, "jack": None,
         "game": 3}


def test_brief_line_set_back() -> None:
    ruling = sheet(BRIEF)
    assert ruling.violations == ()
    assert (ruling.pitcher, ruling.bid, ruling.pitcher_side) == (3, 3, 3)
    assert ruling.points_won == (0, 1, 0, 2)
    assert ruling.made_bid is False
    assert ruling.scores == (0, 1, 0, -3)
    assert ruling.next_dealer == 0
    data = ruling.as_dict()
    assert data["level"] == "sheet" and data["scores"] == [0, 1, 0, -3]
    assert (data["pitcher"], data["pitcher_side"], data["bid"]) == (3, 3, 3)
    # The auction was checked; the points were computed; who took what was taken on trust.
    assert "P3" in rules_of(ruling.verified)
    assert {"P5", "P6", "P2"} <= set(rules_of(ruling.computed))
    reported = " ".join(f.what for f in ruling.as_reported)
    assert "Seat 3 took High" in reported and "not out" in reported and "Nobody revoked" in reported
    for key in ("verified", "computed", "as_reported"):
        assert all(set(f) == {"code", "rule", "what", "params"} for f in data[key])


def test_brief_line_with_jack_made() -> None:
    ruling = sheet({**BRIEF, "jack": 3, "claimed": [0, 1, 0, 3]})
    assert ruling.violations == () and ruling.claimed_ok is True
    assert ruling.scores == (0, 1, 0, 3)
    assert "P6" in rules_of(ruling.verified)


def test_pitcher_and_bid_instead_of_the_auction() -> None:
    ruling = sheet({"pitcher": 1, "bid": 2, "high": 1, "low": 1, "jack": 0, "game": None})
    assert ruling.violations == ()
    assert ruling.scores == (1, 2, 0, 0) and ruling.made_bid
    assert ruling.next_dealer is None
    assert any("auction was not given" in f.what for f in ruling.as_reported)


def test_the_pitcher_is_the_highest_bidder() -> None:
    ruling = sheet({**BRIEF, "pitcher": 1, "bid": 2})
    assert codes(ruling) == [
        ("pitcher_not_high_bidder", "P3", "sheet.pitcher"),
        ("bid_not_high_bid", "P3", "sheet.bid"),
    ]
    assert "seat 3, not seat 1" in ruling.violations[0].message
    assert ruling.pitcher == 3  # scored as the auction says


def test_auction_broken_is_located_in_the_sheet() -> None:
    # Seat 2 bids 2 over seat 1's 2: not higher; only the dealer may match.
    ruling = sheet({**BRIEF, "bids": ["pass", 2, 2, "pass"]})
    assert codes(ruling) == [("steal_by_non_dealer", "P3", "sheet.bids[2]")]
    assert "P3" in rules_of(ruling.computed)


def test_everyone_passing_cannot_be_scored() -> None:
    with pytest.raises(RecordError) as caught:
        sheet({**BRIEF, "bids": ["pass"] * 4}, options=PitchOptions(stuck_dealer_min=None))
    assert caught.value.violations[0].code == "redeal"
    assert caught.value.violations[0].location == "sheet.bids"


def test_bid_below_the_tables_minimum() -> None:
    ruling = sheet({"pitcher": 1, "bid": 1, "high": 1, "low": 1, "jack": None, "game": 1},
                   options=PitchOptions(min_bid=2))
    assert codes(ruling) == [("bid_below_minimum", "P3", "sheet.bid")]


def test_stuck_dealer_without_the_auction() -> None:
    line = {"dealer": 3, "pitcher": 3, "bid": 1, "high": 3, "low": 3, "jack": None, "game": 0}
    # The dealer's 1 can only be a steal of a 1: possible by default (match_below_4)...
    ok = sheet(line)
    assert ok.violations == ()
    assert any("over or matched another bid" in f.what for f in ok.as_reported)
    # ...impossible where the dealer may only outbid: everyone passed, he had to bid 2.
    broken = sheet(line, options=PitchOptions(dealer_steal="outbid_only"))
    assert codes(broken) == [("stuck_dealer_bid_too_low", "P3", "sheet.bid")]
    # A 2 can come over another player's 1 even then.
    assert sheet({**line, "bid": 2, "game": 3},
                 options=PitchOptions(dealer_steal="outbid_only",
                                      stuck_dealer_min=3)).violations == ()


@pytest.mark.parametrize("key", ["high", "low"])
def test_high_and_low_always_go_to_someone(key: str) -> None:
    with pytest.raises(RecordError) as caught:
        sheet({**BRIEF, key: None})
    v = caught.value.violations[0]
    assert (v.rule, v.location) == ("P5", f"sheet.{key}")
    assert "always goes to someone" in v.message


@pytest.mark.parametrize("key", ["jack", "game"])
def test_jack_and_game_keys_are_required(key: str) -> None:
    line = dict(BRIEF)
    del line[key]
    with pytest.raises(RecordError) as caught:
        sheet(line)
    assert caught.value.violations[0].location == f"sheet.{key}"
    assert "null" in caught.value.violations[0].message


def test_jack_not_out_and_game_tied() -> None:
    ruling = sheet({**BRIEF, "high": 1, "game": None})
    assert ruling.points_won == (0, 2, 0, 0)
    assert ruling.scores == (0, 2, 0, -3)
    reported = " ".join(f.what for f in ruling.as_reported)
    assert "Game was tied" in reported


def test_single_trump_is_high_and_low_of_the_pitcher() -> None:
    # Two players, dealer 1, seat 0 bids 2 and leads the 7 of spades, the only spade dealt.
    line = {"dealer": 1, "bids": [2, "pass"], "high": 0, "low": 0, "jack": None, "game": 1,
            "single_trump": True}
    ruling = sheet(line, players=2)
    assert ruling.violations == () and ruling.scores == (2, 1)
    assert any("single trump" in f.what for f in ruling.verified)
    # The single trump is the jack: High, Low and Jack, 3 points.
    assert sheet({**line, "jack": 0}, players=2).scores == (3, 1)
    # Anyone else named for High, Low or Jack is impossible.
    broken = sheet({**line, "low": 1, "jack": 1}, players=2)
    assert codes(broken) == [
        ("single_trump_not_pitchers", "P5", "sheet.low"),
        ("single_trump_not_pitchers", "P5", "sheet.jack"),
    ]


def test_game_goes_to_the_highest_count() -> None:
    line = {**BRIEF, "game_points": [12, 20, 0, 9]}
    broken = sheet(line)
    assert codes(broken) == [("game_not_highest_count", "P5", "sheet.game")]
    assert "seat 1 has the highest count (20)" in broken.violations[0].message
    assert sheet({**line, "game": 1}).violations == ()
    # A tie for most: nobody takes Game.
    tie = {**BRIEF, "game_points": [20, 20, 0, 9]}
    assert codes(sheet(tie)) == [("game_not_highest_count", "P5", "sheet.game")]
    assert sheet({**tie, "game": None}).violations == ()
    # Not tied, but written as tied.
    assert "not tied" in sheet({**line, "game": None}).violations[0].message


def test_game_points_within_what_the_cards_hold() -> None:
    assert (most_game_points(2), most_game_points(3), most_game_points(7)) == (68, 78, 80)
    ruling = sheet({"dealer": 1, "bids": [2, "pass"], "high": 0, "low": 0, "jack": None,
                    "game": 0, "game_points": [40, 30]}, players=2)
    assert codes(ruling) == [("game_points_too_many", "P5", "sheet.game_points")]
    assert "at most 68" in ruling.violations[0].message


def test_partnership_pools_and_names_any_seat_of_a_side() -> None:
    # Team 0+2 against 1+3; dealer 3; seat 0 bids 2; High seat 2, Low seat 0, Jack seat 1,
    # Game seat 3 (game points per team).
    line = {"dealer": 3, "bids": [2, "pass", "pass", "pass"], "high": 2, "low": 0, "jack": 1,
            "game": 3, "game_points": [18, 25], "claimed": [2, 2]}
    ruling = sheet(line, partnership=True)
    assert ruling.violations == ()
    assert ruling.points_won == (2, 2) and ruling.scores == (2, 2)
    assert ruling.pitcher_side == 0
    assert any("pool" in f.what for f in ruling.computed)
    # Claimed per seat, partners alike.
    assert sheet({**line, "claimed": [2, 2, 2, 2]}, partnership=True).claimed_ok is True


def test_claimed_score_differs_is_located() -> None:
    ruling = sheet({**BRIEF, "claimed": [0, 1, 0, 2]})
    assert codes(ruling) == [("claimed_score_differs", "P6", "sheet.claimed[3]")]
    assert ruling.claimed_ok is False


@pytest.mark.parametrize(
    ("record", "location"),
    [
        ({**BRIEF, "high": 4}, "sheet.high"),
        ({**BRIEF, "low": True}, "sheet.low"),
        ({**BRIEF, "dealer": None}, "sheet.dealer"),
        ({k: v for k, v in BRIEF.items() if k != "bids"}, "sheet.pitcher"),
        ({**{k: v for k, v in BRIEF.items() if k != "bids"}, "pitcher": 1, "bid": 5}, "sheet.bid"),
        ({**BRIEF, "trump": "X"}, "sheet.trump"),
        ({**BRIEF, "game_points": [1, 2]}, "sheet.game_points"),
        ({**BRIEF, "game_points": [1, 2, -1, 0]}, "sheet.game_points[2]"),
        ({**BRIEF, "claimed": [1, 2]}, "sheet.claimed"),
        ({**BRIEF, "hgih": 3}, "sheet.hgih"),
        ({**BRIEF, "bids": ["pass", "two"]}, "sheet.bids[1]"),
    ],
)
def test_unreadable_lines_are_refused_where_they_break(record: dict[str, Any],
                                                      location: str) -> None:
    with pytest.raises(RecordError) as caught:
        sheet(record)
    assert caught.value.violations[0].location == location


def test_trump_is_reported() -> None:
    ruling = sheet({**BRIEF, "trump": "♥"})
    assert ruling.trump == "H"
    assert any("hearts" in f.what for f in ruling.as_reported)


# --- Totals ---------------------------------------------------------------------------------


def test_totals_possible_lines() -> None:
    made = totals({"scores": [0, 1, 0, 3], "pitcher": 3, "bid": 3})
    assert made.violations == () and made.made_bid and made.scores == (0, 1, 0, 3)
    assert made.as_dict()["level"] == "totals" and made.pitcher_side == 3
    set_back = totals({"scores": [0, 1, 1, -3], "pitcher": 3})
    assert set_back.violations == () and not set_back.made_bid and set_back.bid == 3
    assert any("only the totals" in f.what for f in set_back.as_reported)
    # Bid 4 set back: the others may have won nothing (the pitcher took 3).
    assert totals({"scores": [0, 0, 0, -4], "pitcher": 3}).violations == ()
    # Partnership: per team.
    assert totals({"scores": [2, 2], "pitcher": 0, "bid": 2}, partnership=True).violations == ()


@pytest.mark.parametrize(
    ("record", "code", "location"),
    [
        # A non-pitcher scores 0 to 4.
        ({"scores": [5, 0, 0, -2], "pitcher": 3}, "score_out_of_range", "totals.scores[0]"),
        ({"scores": [-1, 2, 0, 2], "pitcher": 3}, "score_out_of_range", "totals.scores[0]"),
        # A pitcher never scores 0.
        ({"scores": [2, 1, 1, 0], "pitcher": 3}, "pitcher_score_impossible", "totals.scores[3]"),
        # Made: at least the bid; set back: exactly the bid.
        ({"scores": [2, 0, 0, 2], "pitcher": 3, "bid": 3}, "pitcher_score_impossible",
         "totals.scores[3]"),
        ({"scores": [2, 0, 0, -2], "pitcher": 3, "bid": 3}, "pitcher_score_impossible",
         "totals.scores[3]"),
        ({"scores": [0, 0, 0, 5], "pitcher": 3}, "pitcher_score_impossible", "totals.scores[3]"),
        # At most four points in all; at least two (High and Low always go).
        ({"scores": [2, 1, 0, 2], "pitcher": 3}, "points_total_impossible", "totals.scores"),
        ({"scores": [0, 0, 0, 1], "pitcher": 3}, "points_total_impossible", "totals.scores"),
        # Set back 1: the pitcher won nothing, the others won at least 2.
        ({"scores": [1, 0, 0, -1], "pitcher": 3}, "points_total_impossible", "totals.scores"),
    ],
)
def test_totals_impossible_lines(record: dict[str, Any], code: str, location: str) -> None:
    ruling = totals(record)
    assert (code, location) in [(c, loc) for c, _, loc in codes(ruling)]
    assert all(v.message.endswith(".") for v in ruling.violations)


def test_totals_bid_below_minimum() -> None:
    ruling = totals({"scores": [0, 2, 0, -1], "pitcher": 3}, options=PitchOptions(min_bid=2))
    assert ("bid_below_minimum", "P3", "totals.scores[3]") in codes(ruling)


@pytest.mark.parametrize(
    ("record", "location"),
    [
        ({"scores": [0, 1, 0]}, "totals.scores"),
        ({"scores": [0, 1, 0, 2]}, "totals.pitcher"),
        ({"scores": [0, 1, 0, "2"], "pitcher": 3}, "totals.scores[3]"),
        ({"scores": [0, 1, 0, 2], "pitcher": 3, "bid": 0}, "totals.bid"),
        ({"scores": [0, 1, 0, 2], "pitcher": 9}, "totals.pitcher"),
    ],
)
def test_totals_unreadable(record: dict[str, Any], location: str) -> None:
    with pytest.raises(RecordError) as caught:
        totals(record)
    assert caught.value.violations[0].location == location


# --- Irregularities told on a score sheet (P10) ---------------------------------------------


def test_sheet_revoke_told_by_the_table_each_option() -> None:
    # The brief's line with seat 1 (Low) having revoked: the pitcher (seat 3, won 2 of his 3)
    # is not set back; seat 1 scores nothing and is set back 3 (F, EB29).
    line = {**BRIEF, "irregular": [{"type": "revoke", "seat": 1}]}
    ruling = sheet(line)
    assert ruling.violations == ()
    assert ruling.scores == (0, -3, 0, 2) and ruling.as_played == (0, 1, 0, -3)
    item = ruling.irregularities[0]
    assert (item.kind, item.seat, item.trick, item.proven) == ("revoke", 1, None, False)
    assert not any(f.what.startswith("Nobody revoked") for f in ruling.as_reported)
    assert any(f.rule == "P10" for f in ruling.as_reported)
    assert any(f.what.startswith("As played: seat 3 bid 3") for f in ruling.computed)
    # All Fours: seat 1 keeps Low, loses 1 (jack not out): 0.
    assert sheet(line, options=PitchOptions(revoke_penalty="all_fours")).scores == (0, 0, 0, 2)
    void = sheet(line, options=PitchOptions(revoke_penalty="void"))
    assert void.scores == (0, 0, 0, 0) and void.void
    assert void.as_dict()["irregularities"][0]["penalty"] == "void"


def test_sheet_lead_and_bid_out_of_turn() -> None:
    lead = {**BRIEF, "irregular": [{"type": "lead_out_of_turn", "seat": 0, "trick": 4}]}
    assert sheet(lead).scores == (0, 1, 0, -3)
    assert sheet(lead, options=PitchOptions(lead_out_of_turn="void")).scores == (0, 0, 0, 0)
    with pytest.raises(RecordError) as caught:
        sheet({**BRIEF, "irregular": [{"type": "lead_out_of_turn", "seat": 0, "trick": 1}]})
    assert caught.value.violations[0].code == "first_lead_out_of_turn"
    # Seat 2 called 4 out of turn; accepted ("stands"), it is his call: he is the pitcher.
    told = {**BRIEF, "high": 2, "irregular": [{"type": "bid_out_of_turn", "seat": 2, "call": 4}]}
    stands = sheet(told, options=PitchOptions(bid_out_of_turn="stands"))
    assert (stands.pitcher, stands.bid) == (2, 4)
    assert (sheet(told).pitcher, sheet(told).bid) == (3, 3)  # cancelled by default
    with pytest.raises(RecordError):
        sheet({**BRIEF, "irregular": [{"type": "misdeal"}]})
