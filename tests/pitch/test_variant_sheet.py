"""Score sheets and totals of the games with more points (docs/rules/pitch-variants.md V7-V10):
the worked hands of V14 written as a table's score-sheet line, each point at its value, and
totals checked against what one hand of the game can score."""

from __future__ import annotations

from typing import Any

import pytest

from referee import pitch
from referee.pitch.variant_sheet import most_variant_game_points, split_scores
from referee.violations import RecordError
from tests.pitch.test_variants import (
    V14_1,
    V14_1_OPTIONS,
    V14_2,
    V14_2_OPTIONS,
    V14_3,
    V14_3_OPTIONS,
)


def sheet(line: dict[str, Any], options: dict[str, Any], players: int = 4,
          partnership: bool = True) -> dict[str, Any]:
    table = pitch.variant_options(options)
    ruling = pitch.rule_line_record("sheet", line, players, partnership, table)
    assert isinstance(ruling, pitch.VariantSheetRuling)
    return ruling.as_dict()


def totals(line: dict[str, Any], options: dict[str, Any], players: int = 4,
           partnership: bool = True) -> dict[str, Any]:
    table = pitch.variant_options(options)
    data: dict[str, Any] = pitch.rule_line_record("totals", line, players, partnership,
                                                  table).as_dict()
    return data


def codes(ruling: dict[str, Any]) -> list[str]:
    return [v["code"] for v in ruling["violations"]]


# V14.1 as the table writes it: High seat 2, Low seat 0 (holder), Jack and off-jack seat 1,
# both jokers seat 2's trick, three seat 0, Game seat 2 (38 v 2).
V14_1_LINE = {"dealer": 3, "bids": ["pass", 5, 6, "pass"], "trump": "H", "high": 2, "low": 0,
              "jack": 1, "off_jack": 1, "big_joker": 2, "little_joker": 2, "three": 0,
              "game": 2, "game_points": [38, 2]}
V14_2_LINE = {"dealer": 0, "bids": [5, "pass", 7], "high": 0, "low": 0, "jack": 2,
              "off_jack": 0, "big_joker": 0, "little_joker": 0, "three": 1, "ten": 2}
V14_3_LINE = {"dealer": 0, "bids": ["pass", 5, 6, "pass"], "high": 0, "low": 0, "jack": 3,
              "off_jack": 3, "big_joker": 1, "little_joker": 0, "three": 1, "ten": 3}


def test_v14_1_as_a_sheet_line_scores_eight_and_two() -> None:
    ruling = sheet(V14_1_LINE, V14_1_OPTIONS)
    assert ruling["variant"] == "ten_point"
    assert ruling["points_won"] == [8, 2]
    assert ruling["score_changes"] == [8, 2]
    assert ruling["made_bid"] is True
    assert ruling["points"]["three"] == {"seat": 0, "side": 0}
    assert ruling["points"]["game"] == {"seat": 2, "side": 0, "game_points": [38, 2]}
    assert ruling["violations"] == []
    found = {f["code"] for f in ruling["verified"]}
    assert {"auction_legal", "game_agrees_with_counts", "counts_fit"} <= found
    taken = next(f for f in ruling["as_reported"] if f["code"] == "variant_points_as_reported")
    assert "off-jack seat 1" in taken["what"]


def test_v14_2_as_a_sheet_line_sets_the_dealer_back() -> None:
    ruling = sheet(V14_2_LINE, V14_2_OPTIONS, players=3, partnership=False)
    assert ruling["points_won"] == [5, 3, 2]
    assert ruling["score_changes"] == [-7, 3, 2]
    assert ruling["made_bid"] is False
    assert "game" not in ruling["points"]


def test_v14_3_as_a_sheet_line_the_three_is_worth_three() -> None:
    ruling = sheet({**V14_3_LINE, "claimed": [3, 7]}, V14_3_OPTIONS)
    assert ruling["points_won"] == [3, 7]
    assert ruling["score_changes"] == [3, 7]
    assert ruling["claimed_ok"] is True


def test_v14_sheet_lines_agree_with_their_cards() -> None:
    for record, line, options, players, partnership in (
            (V14_1, V14_1_LINE, V14_1_OPTIONS, 4, True),
            (V14_2, V14_2_LINE, V14_2_OPTIONS, 3, False),
            (V14_3, V14_3_LINE, V14_3_OPTIONS, 4, True)):
        table = pitch.variant_options(options)
        cards = pitch.rule_variant_hand(
            pitch.variant_hand_from_record(record, players, partnership, table), table)
        line_ruling = pitch.rule_line_record("sheet", line, players, partnership, table)
        assert pitch.compare_claim(cards, line_ruling).agrees, line


def test_v7_a_sheet_that_parts_from_the_cards_says_where() -> None:
    table = pitch.variant_options(V14_1_OPTIONS)
    cards = pitch.rule_variant_hand(pitch.variant_hand_from_record(V14_1, 4, True, table), table)
    wrong = pitch.rule_line_record("sheet", {**V14_1_LINE, "low": 1}, 4, True, table)
    comparison = pitch.compare_claim(cards, wrong)
    assert not comparison.agrees
    assert comparison.parts_at is not None and comparison.parts_at.step == "low"


def test_v7_the_line_names_every_point_of_the_game() -> None:
    line = {k: v for k, v in V14_1_LINE.items() if k != "off_jack"}
    with pytest.raises(RecordError) as error:
        sheet(line, V14_1_OPTIONS)
    assert error.value.violations[0].location == "sheet.off_jack"
    assert error.value.violations[0].rule == "V7"


def test_v7_a_point_the_game_has_not_is_refused() -> None:
    with pytest.raises(RecordError) as error:
        sheet({**V14_3_LINE, "game": 1}, V14_3_OPTIONS)  # ten_point: the ten, no Game
    assert error.value.violations[0].location == "sheet.game"
    assert "has no Game point" in error.value.violations[0].message


def test_v7_high_and_low_always_go() -> None:
    with pytest.raises(RecordError) as error:
        sheet({**V14_3_LINE, "high": None}, V14_3_OPTIONS)
    assert error.value.violations[0].location == "sheet.high"


def test_v7_a_point_not_in_play_scores_for_nobody() -> None:
    ruling = sheet({**V14_3_LINE, "little_joker": None}, V14_3_OPTIONS)
    assert ruling["points"]["little_joker"] == {"seat": None, "side": None}
    assert ruling["points_won"] == [2, 7]


def test_v7_nine_point_five_is_worth_five() -> None:
    line = {"dealer": 0, "pitcher": 1, "bid": 6, "high": 1, "low": 0, "jack": None,
            "five": 3, "game": 1}
    ruling = sheet(line, {"variant": "nine_point"})
    assert ruling["points_won"] == [1, 7]
    assert ruling["score_changes"] == [1, 7]


def test_v9_a_bid_above_the_games_highest_is_refused() -> None:
    line = {**V14_3_LINE, "bids": None, "pitcher": 3, "bid": 11}
    with pytest.raises(RecordError) as error:
        sheet(line, V14_3_OPTIONS)
    assert error.value.violations[0].code == "bid_out_of_range"
    assert sheet({**line, "bid": 10}, V14_3_OPTIONS)["score_changes"] == [3, -10]


def test_v9_the_auction_follows_the_games_minimum() -> None:
    ruling = sheet({**V14_3_LINE, "bids": ["pass", 3, 4, "pass"]}, V14_3_OPTIONS)
    assert "bid_below_minimum" in codes(ruling)


def test_v8_game_points_against_the_cards_of_the_game() -> None:
    ruling = sheet({**V14_1_LINE, "game_points": [70, 30]}, V14_1_OPTIONS)
    assert "game_points_too_many" in codes(ruling)
    ruling = sheet({**V14_1_LINE, "game_points": [2, 38]}, V14_1_OPTIONS)
    assert codes(ruling) == ["game_not_highest_count"]
    assert most_variant_game_points(4, pitch.variant_options({"variant": "ten_point"})) == 21


def test_v8_joker_game_tiebreak_lets_a_tied_side_take_game() -> None:
    options = {"variant": "five_point_joker", "joker_game": "tiebreak"}
    line = {"dealer": 3, "pitcher": 0, "bid": 2, "high": 0, "low": 1, "jack": None,
            "joker": 0, "game": 0, "game_points": [20, 20]}
    assert codes(sheet(line, options)) == []
    assert codes(sheet(line, {"variant": "five_point_joker"})) == ["game_not_highest_count"]


def test_v10_claimed_score_is_checked() -> None:
    ruling = sheet({**V14_1_LINE, "claimed": [7, 2]}, V14_1_OPTIONS)
    assert ruling["claimed_ok"] is False
    assert "claimed_score_differs" in codes(ruling)


def test_p10_a_revoke_on_a_variant_sheet_is_penalised() -> None:
    ruling = sheet({**V14_1_LINE, "irregular": [{"type": "revoke", "seat": 1}]},
                   V14_1_OPTIONS)
    assert ruling["as_played"] == [8, 2]
    assert ruling["score_changes"] != [8, 2]
    assert ruling["irregularities"]


# --- Totals ----------------------------------------------------------------------------------


def test_v10_totals_of_the_worked_hands_are_possible() -> None:
    assert codes(totals({"scores": [8, 2], "pitcher": 2, "bid": 6}, V14_1_OPTIONS)) == []
    assert codes(totals({"scores": [-7, 3, 2], "pitcher": 0}, V14_2_OPTIONS, 3, False)) == []
    ruling = totals({"scores": [3, 7], "pitcher": 3}, V14_3_OPTIONS)
    assert codes(ruling) == []
    assert ruling["variant"] == "ten_point"
    assert [f["code"] for f in ruling["verified"]] == ["variant_scores_possible"]


def test_v10_totals_above_the_games_total_are_impossible() -> None:
    assert codes(totals({"scores": [11, 0], "pitcher": 0}, V14_3_OPTIONS)) == [
        "pitcher_score_impossible"]
    assert codes(totals({"scores": [6, 11], "pitcher": 0}, V14_3_OPTIONS)) == [
        "score_out_of_range"]
    assert codes(totals({"scores": [8, 3], "pitcher": 0}, V14_3_OPTIONS)) == [
        "points_total_impossible"]


def test_v10_a_four_point_bound_is_no_bound_in_ten_point() -> None:
    # 6 to a side that did not pitch: impossible in the 4-point game, common in 10-point.
    assert codes(totals({"scores": [-5, 6], "pitcher": 0}, V14_3_OPTIONS)) == []
    assert "score_out_of_range" in codes(totals({"scores": [-2, 6], "pitcher": 0}, {}))


def test_v7_nine_point_five_made_is_no_hand() -> None:
    # High, Low, Jack, Five (5), Game: the pitcher alone with 5 and the others nothing would
    # need the five without High and Low.
    nine = {"variant": "nine_point"}
    assert codes(totals({"scores": [5, 0], "pitcher": 0}, nine)) == ["points_total_impossible"]
    assert codes(totals({"scores": [5, 2], "pitcher": 0}, nine)) == []
    assert codes(totals({"scores": [7, 0], "pitcher": 0}, nine)) == []


def test_v10_set_back_needs_the_others_to_fit() -> None:
    # Set back 10 in ten-point with the others at 0: the pitcher won up to 9 (nobody else
    # won a point). Set back 2 in five-point with the others at 0 cannot be: High and Low
    # always go, so the pitcher would have won both, his bid.
    assert codes(totals({"scores": [-10, 0], "pitcher": 0}, V14_3_OPTIONS)) == []
    assert codes(totals({"scores": [-5, 10], "pitcher": 0}, V14_3_OPTIONS)) == []
    assert codes(totals({"scores": [-2, 0], "pitcher": 0, "bid": 2},
                        {"variant": "five_point"})) == ["points_total_impossible"]
    assert codes(totals({"scores": [-3, 0], "pitcher": 0, "bid": 3},
                        {"variant": "five_point"})) == []


def test_v9_totals_bid_range_is_the_games() -> None:
    with pytest.raises(RecordError):
        totals({"scores": [11, 0], "pitcher": 0, "bid": 11}, V14_3_OPTIONS)
    assert codes(totals({"scores": [3, 7], "pitcher": 3, "bid": 4}, V14_3_OPTIONS)) == [
        "bid_below_minimum"]


def test_split_scores_counts_every_sharing() -> None:
    splits = split_scores(("high", "low", "three"), frozenset({"high", "low"}), 1)
    assert (5, (0,)) in splits and (0, (5,)) in splits and (2, (0,)) in splits
    assert (1, (0,)) not in splits and (4, (0,)) not in splits
