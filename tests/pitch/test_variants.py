"""The Pitch variants (docs/rules/pitch-variants.md): the worked hands of V14 written out, and
one test per rule of V2-V12 that fails if the rule is broken."""

from __future__ import annotations

from typing import Any

import pytest

from referee import pitch
from referee.cards import BIG_JOKER, LITTLE_JOKER, Card
from referee.pitch.variants import pack_of, trump_order
from referee.violations import RecordError

V14_1_OPTIONS = {"variant": "ten_point", "play": "trump_anytime",
                 "points": ["high", "low", "jack", "off_jack", "big_joker", "little_joker",
                            "three", "game"]}
V14_1: dict[str, Any] = {
    "dealer": 3, "bids": ["pass", 5, 6, "pass"], "trump": "H",
    "hands": [["QH", "LJ", "9H", "2H", "KC", "7D"], ["JH", "BJ", "8H", "3H", "QS", "5C"],
              ["AH", "KH", "JD", "TH", "4H", "AS"], ["7H", "6H", "5H", "TC", "9S", "4D"]],
    "tricks": [["AH", "5H", "9H", "8H"], ["KH", "6H", "LJ", "BJ"], ["JD", "7H", "2H", "JH"],
               ["QS", "AS", "9S", "7D"], ["TH", "4D", "QH", "3H"], ["KC", "5C", "4H", "TC"]],
}
V14_2_OPTIONS = {"variant": "ten_point", "play": "trump_anytime", "low": "captor"}
V14_2: dict[str, Any] = {
    "dealer": 0, "bids": [5, "pass", 7], "trump": "S",
    "hands": [["AS", "QS", "JC", "9S", "4S", "KH"], ["KS", "BJ", "TS", "3S", "8D", "2C"],
              ["JS", "LJ", "7S", "2S", "AH", "5D"]],
    "tricks": [["AS", "KS", "7S"], ["QS", "BJ", "2S"], ["4S", "TS", "JS"], ["AH", "KH", "3S"],
               ["8D", "5D", "9S"], ["JC", "2C", "LJ"]],
}
V14_3_OPTIONS = {"variant": "ten_point", "joker_order": "first_played"}
V14_3: dict[str, Any] = {
    "dealer": 0, "bids": ["pass", 5, 6, "pass"],
    "hands": [["AD", "TD", "2D", "KC", "QH", "8S"], ["QD", "JH", "8D", "5D", "JK", "7C"],
              ["7D", "4D", "9C", "6H", "TS", "KS"], ["KD", "JD", "JK", "9D", "3D", "AS"]],
    "tricks": [["9D", "2D", "JK", "4D"], ["5D", "7D", "JK", "AD"], ["TD", "JH", None, "KD"],
               ["JD", None, "8D", None], ["3D", None, "QD", None]],
}


def rule(record: dict[str, Any], options: dict[str, Any], players: int = 4,
         partnership: bool = True) -> dict[str, Any]:
    table = pitch.variant_options(options)
    hand = pitch.variant_hand_from_record(record, players, partnership, table)
    return pitch.rule_variant_hand(hand, table).as_dict()


def awards(ruling: dict[str, Any]) -> dict[str, tuple[str, int | None] | None]:
    """Each point: (card, side), Game: its side."""
    found: dict[str, Any] = {}
    for name, award in ruling["points"].items():
        if name == "game":
            found[name] = None if award is None else award["side"]
        else:
            found[name] = None if award is None else (award["card"], award["side"])
    return found


def winners(ruling: dict[str, Any]) -> list[int]:
    return [trick["winner"] for trick in ruling["tricks"]]


def test_v14_1_drakebridgewater_ten_point() -> None:
    ruling = rule(V14_1, V14_1_OPTIONS)
    assert winners(ruling) == [2, 2, 1, 2, 0, 2]
    assert awards(ruling) == {
        "high": ("AH", 0), "low": ("2H", 0), "jack": ("JH", 1), "off_jack": ("JD", 1),
        "big_joker": ("BJ", 0), "little_joker": ("LJ", 0), "three": ("3H", 0), "game": 0}
    assert ruling["points"]["low"]["seat"] == 0  # played by seat 0, taken by seat 1
    assert ruling["points"]["game"]["game_points"] == [38, 2]
    assert ruling["points_won"] == [8, 2]
    assert ruling["score_changes"] == [8, 2]
    assert ruling["violations"] == []
    assert ruling["variant"] == "ten_point"


def test_v14_1_low_to_the_captor_gives_seven_and_three() -> None:
    ruling = rule(V14_1, {**V14_1_OPTIONS, "low": "captor"})
    assert ruling["score_changes"] == [7, 3]


def test_v14_2_three_players_setback() -> None:
    ruling = rule(V14_2, V14_2_OPTIONS, players=3, partnership=False)
    assert winners(ruling) == [0, 0, 2, 1, 0, 0]
    assert awards(ruling) == {
        "high": ("AS", 0), "low": ("2S", 0), "jack": ("JS", 2), "off_jack": ("JC", 0),
        "big_joker": ("BJ", 0), "little_joker": ("LJ", 0), "three": ("3S", 1),
        "ten": ("TS", 2), "game": None}
    assert ruling["points_won"] == [5, 3, 2]
    assert ruling["score_changes"] == [-7, 3, 2]
    assert ruling["violations"] == []


def test_v14_2_low_to_the_holder() -> None:
    ruling = rule(V14_2, {**V14_2_OPTIONS, "low": "holder"}, players=3, partnership=False)
    assert ruling["points"]["low"] == {"card": "2S", "seat": 2, "side": 2}
    assert ruling["points_won"] == [4, 3, 3]


def test_v14_3_trump_only_with_folds_and_jokers_alike() -> None:
    ruling = rule(V14_3, V14_3_OPTIONS)
    assert ruling["trump"] == "D"
    assert [t["leader"] for t in ruling["tricks"]] == [3, 1, 0, 3, 3]
    assert winners(ruling) == [1, 0, 3, 3, 1]
    assert ruling["tricks"][0]["cards"] == ["9D", "2D", "JK", "4D"]  # both jokers JK
    assert ruling["tricks"][2]["cards"] == ["TD", "JH", None, "KD"]
    assert awards(ruling) == {
        "high": ("AD", 0), "low": ("2D", 0), "jack": ("JD", 1), "off_jack": ("JH", 1),
        "big_joker": ("JK", 1), "little_joker": ("JK", 0), "three": ("3D", 1),
        "ten": ("TD", 1), "game": None}
    assert ruling["points"]["big_joker"]["seat"] == 1
    assert ruling["points"]["little_joker"]["seat"] == 0
    assert ruling["points_won"] == [3, 7]
    assert ruling["score_changes"] == [3, 7]
    assert ruling["violations"] == []


def test_v13_example_request_is_v14_3_without_hands() -> None:
    record = {"dealer": 0, "bids": ["pass", 5, 6, "pass"], "trump": "D",
              "tricks": V14_3["tricks"]}
    ruling = rule(record, V14_3_OPTIONS)
    assert ruling["score_changes"] == [3, 7]


# --- V12 presets, V13 options ---------------------------------------------------------------


@pytest.mark.parametrize(("variant", "total", "target", "min_bid"), [
    ("four_point", 4, 7, 1), ("five_point", 5, 15, 2), ("five_point_joker", 5, 10, 1),
    ("six_point", 6, 15, 2), ("seven_point", 7, 21, 3), ("nine_point", 9, 31, 3),
    ("ten_point", 10, 52, 5), ("eleven_point", 11, 52, 5), ("thirteen_point", 13, 52, 5)])
def test_v12_presets(variant: str, total: int, target: int, min_bid: int) -> None:
    options = pitch.variant_options({"variant": variant})
    assert options.total == total
    assert options.max_bid == total
    assert options.target == target
    assert options.min_bid == min_bid


def test_v12_without_variant_is_todays_game() -> None:
    assert pitch.variant_options({}) == pitch.PitchOptions()
    assert pitch.variant_options({"min_bid": 2}) == pitch.PitchOptions(min_bid=2)
    assert pitch.variant_options({"variant": "four_point"}).classic
    assert pitch.PitchOptions().as_dict() == pitch.PitchOptions()._p8_dict()


def test_v12_five_point_joker_row() -> None:
    options = pitch.variant_options({"variant": "five_point_joker"})
    assert (options.low, options.stuck_dealer_min, options.dealer_steal, options.pitched_joker,
            options.joker_rank) == ("holder", 2, "match_below_max", "spades", "below_two")


def test_v12_other_rows_outbid_only_and_stuck_at_min_bid() -> None:
    options = pitch.variant_options({"variant": "seven_point", "min_bid": 4})
    assert (options.dealer_steal, options.stuck_dealer_min) == ("outbid_only", 4)


@pytest.mark.parametrize("given", [
    {"variant": "eight_point"},
    {"variant": "ten_point", "points": ["high", "castle"]},
    {"variant": "ten_point", "points": ["high", "high"]},
    {"variant": "ten_point", "points": ["high", "big_joker"]},
    {"variant": "ten_point", "points": ["high", "joker", "big_joker", "little_joker"]},
    {"variant": "five_point", "joker_order": "first_played"},
    {"variant": "ten_point", "min_bid": 11},
    {"variant": "ten_point", "play": "anything"},
    {"variant": "ten_point", "kitty": 7},
    {"variant": "ten_point", "moon": "lose_game"},
])
def test_v13_bad_options(given: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        pitch.variant_options(given)


# --- V2, V3, V4 -----------------------------------------------------------------------------


def test_v2_packs() -> None:
    assert len(pack_of(("high", "low", "jack", "game"), "full")) == 52
    assert len(pack_of(("high", "joker"), "full")) == 53
    assert len(pack_of(("big_joker", "little_joker"), "full")) == 54
    assert len(pack_of(("high",), "nine_to_ace")) == 24
    assert len(pack_of(("high",), "two_and_nine_to_ace")) == 28
    assert len(pack_of(("high",), "five_to_ace")) == 40


def test_v2_joker_codes() -> None:
    two = pitch.variant_options({"variant": "ten_point"})
    one = pitch.variant_options({"variant": "six_point"})
    parse = pitch.variants.parse_variant_card
    assert parse("HJ", two, "x") == BIG_JOKER
    assert parse("lj", two, "x") == LITTLE_JOKER
    assert parse("JK", one, "x") == BIG_JOKER
    with pytest.raises(RecordError) as error:
        parse("JK", two, "tricks[0][1]")
    assert error.value.violations[0].rule == "V2"
    with pytest.raises(RecordError):
        parse("ZZ", two, "x")


def test_v4_trump_orders() -> None:
    def names(variant: str, trump: str = "H") -> str:
        options = pitch.variant_options({"variant": variant})
        return " ".join(str(c) for c in trump_order(trump, options.points, options.joker_rank))

    assert names("four_point") == "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    assert names("five_point") == "AH KH QH JH JD TH 9H 8H 7H 6H 5H 4H 3H 2H"
    assert names("five_point_joker") == "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H BJ"
    assert names("six_point") == "AH KH QH JH JD BJ TH 9H 8H 7H 6H 5H 4H 3H 2H"
    assert names("ten_point") == "AH KH QH JH JD BJ LJ TH 9H 8H 7H 6H 5H 4H 3H 2H"
    assert names("eleven_point", "S") == "AS AC KS QS JS JC BJ LJ TS 9S 8S 7S 6S 5S 4S 3S 2S"
    assert names("thirteen_point", "D") == "AD KD QD JD JH BJ LJ TD 9D 8D 7D 6D 5D 4D 3D 3H 2D"


def test_v3_joker_pitched_first_makes_spades_trump_in_the_joker_game() -> None:
    record = {"dealer": 2, "bids": [2, "pass", "pass"],
              "tricks": [["JK", "2S", "3S"], ["AH", "KH", "QH"], ["AD", "KD", "QD"],
                         ["AC", "KC", "QC"], ["JH", "TH", "9H"], ["JD", "TD", "9D"]]}
    ruling = rule(record, {"variant": "five_point_joker"}, players=3, partnership=False)
    assert ruling["trump"] == "S"
    # V4 joker lowest (below_two): the three of spades wins; V7 Low is never the joker.
    assert ruling["tricks"][0]["winner"] == 2
    assert ruling["points"]["low"]["card"] == "2S"
    assert ruling["points"]["joker"] == {"card": "JK", "seat": 2, "side": 2}


def test_v3_joker_pitched_first_under_named_needs_trump() -> None:
    record = {"dealer": 2, "bids": [2, "pass", "pass"],
              "tricks": [["BJ", "2S", "3S"]]}
    with pytest.raises(RecordError) as error:
        rule(record, {"variant": "seven_point", "play": "trump_only"}, players=3,
             partnership=False)
    assert error.value.violations[0].code == "trump_not_named"


def _solo(tricks: list[list[Any]], options: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """Three players, dealer seat 2, seat 0 the pitcher at the table's lowest bid."""
    bid = pitch.variant_options(options).min_bid
    record = {"dealer": 2, "bids": [bid, "pass", "pass"], "tricks": tricks, **extra}
    return rule(record, options, players=3, partnership=False)


SIX_TRICKS_HEARTS = [["AH", "2H", "3H"], ["KH", "4H", "5H"], ["QH", "6H", "7H"],
                     ["AS", "2S", "3S"], ["AD", "2D", "3D"], ["AC", "2C", "3C"]]


def test_v3_off_jack_led_is_a_trump_lead_and_not_a_diamond() -> None:
    # Seat 1 answers the off-jack with a diamond and shows hearts later: a revoke (V5.1).
    tricks = [["JD", "AD", "2S"], ["AH", "2H", "3S"], ["KH", "4H", "5S"], ["QH", "6H", "6S"],
              ["AC", "2C", "3C"], ["KC", "4C", "5C"]]
    ruling = _solo(tricks, {"variant": "ten_point", "play": "trump_anytime"}, trump="H")
    assert ruling["tricks"][0]["winner"] == 0
    assert [(v["code"], v["location"]) for v in ruling["violations"]] == [
        ("revoke", "tricks[0][1]")]


def test_v3_first_lead_must_be_a_trump() -> None:
    tricks = [["AS", "2S", "3S"], ["AH", "2H", "3H"], *SIX_TRICKS_HEARTS[1:3],
              ["AD", "2D", "3D"], ["AC", "2C", "3C"]]
    ruling = _solo(tricks, {"variant": "ten_point", "play": "trump_anytime"}, trump="H")
    assert [(v["code"], v["rule"]) for v in ruling["violations"]] == [
        ("first_lead_not_trump", "V3")]


def test_v3_first_lead_any_needs_trump_named() -> None:
    with pytest.raises(RecordError) as error:
        _solo(SIX_TRICKS_HEARTS, {"variant": "ten_point", "play": "trump_anytime",
                                  "first_lead": "any"})
    assert error.value.violations[0].code == "trump_not_named"


# --- V5 -------------------------------------------------------------------------------------


def test_v5_follow_suit_forbids_trumping_while_holding_the_suit() -> None:
    tricks = [["AH", "2H", "3H"], ["AS", "4H", "2S"], ["3S", "5H", "KH"],
              ["AD", "2D", "3D"], ["AC", "2C", "3C"], ["QH", "6H", "7H"]]
    options = {"variant": "five_point", "play": "follow_suit"}
    ruling = _solo(tricks, options)
    assert [(v["code"], v["rule"], v["location"]) for v in ruling["violations"]] == [
        ("revoke", "V5", "tricks[1][1]")]
    anytime = _solo(tricks, {"variant": "five_point", "play": "trump_anytime"})
    assert anytime["violations"] == []


def test_v5_trump_anytime_revoke_on_a_trump_lead() -> None:
    tricks = [["AH", "9S", "3H"], ["KH", "4H", "5H"], *SIX_TRICKS_HEARTS[2:]]
    ruling = _solo(tricks, {"variant": "five_point"})
    assert [(v["code"], v["location"]) for v in ruling["violations"]] == [
        ("revoke", "tricks[0][1]")]


def test_v5_trump_only_plays() -> None:
    options = {"variant": "ten_point"}
    tricks = [["AH", "2H", "3H"], ["KH", None, "5S"], ["QH", "4H", None]]
    ruling = _solo(tricks, options)
    assert [(v["code"], v["location"]) for v in ruling["violations"]] == [
        ("not_a_trump", "tricks[1][2]"), ("played_after_folding", "tricks[2][1]")]


def test_v5_fold_holding_a_trump() -> None:
    record = {"dealer": 2, "bids": [5, "pass", "pass"],
              "hands": [["AH", "KH", "2S", "3S", "4S", "5S"],
                        ["2H", "4H", "6S", "7S", "8S", "9S"],
                        ["3H", "TS", "JS", "QS", "KS", "AS"]],
              "tricks": [["AH", "2H", "3H"], ["KH", None, None]]}
    ruling = rule(record, {"variant": "ten_point"}, players=3, partnership=False)
    assert [(v["code"], v["location"]) for v in ruling["violations"]] == [
        ("folded_holding_trump", "tricks[1][1]")]


def test_v5_null_outside_trump_only_is_422() -> None:
    with pytest.raises(RecordError) as error:
        _solo([["AH", None, "3H"]], {"variant": "ten_point", "play": "trump_anytime"})
    assert error.value.violations[0].code == "fold_outside_trump_only"


def test_v5_six_tricks_outside_trump_only() -> None:
    with pytest.raises(RecordError) as error:
        _solo(SIX_TRICKS_HEARTS[:3], {"variant": "five_point"})
    assert error.value.violations[0].code == "wrong_trick_count"


def test_v2_card_not_in_pack_and_twice() -> None:
    ruling = _solo([["AH", "BJ", "9H"], *SIX_TRICKS_HEARTS[1:]], {"variant": "five_point"})
    assert ("card_not_in_pack", "V2", "tricks[0][1]") in [
        (v["code"], v["rule"], v["location"]) for v in ruling["violations"]]
    with pytest.raises(RecordError) as error:
        _solo([["AH", "AH", "3H"], *SIX_TRICKS_HEARTS[1:]], {"variant": "five_point"})
    assert error.value.violations[0].rule == "V2"


# --- V7, V8, V10 ----------------------------------------------------------------------------


def test_v7_five_worth_five_in_nine_point() -> None:
    tricks = [["AH", "5H", "3H"], ["KH", "4H", "2H"], *SIX_TRICKS_HEARTS[2:]]
    ruling = _solo(tricks, {"variant": "nine_point"})
    assert ruling["points"]["five"] == {"card": "5H", "seat": 0, "side": 0}
    # seat 0 took High (AH), Jack not out, five 5, Low 2H (seat 0, trick 2), Game.
    assert ruling["points_won"][0] == 1 + 5 + 1 + 1


def test_v7_off_ace_and_off_three() -> None:
    eleven = pitch.variant_options({"variant": "eleven_point", "play": "trump_anytime"})
    thirteen = pitch.variant_options({"variant": "thirteen_point"})
    assert Card(14, "D") in trump_order("H", eleven.points, eleven.joker_rank)
    tricks = [["AH", "3D", "2H"], ["KH", "4H", "5H"]]
    ruling = _solo(tricks, {"variant": "thirteen_point"}, trump="H")
    assert ruling["points"]["off_three"] == {"card": "3D", "seat": 0, "side": 0}
    assert ruling["points"]["low"]["card"] == "2H"
    assert thirteen.total == 13


def test_v8_joker_game_tiebreak() -> None:
    # Seats 0 and 1 tie at 4 game points; seat 1 won the joker.
    tricks = [["AH", "2H", "3H"], ["4H", "BJ", "5H"], ["AS", "6S", "7S"],
              ["8D", "9D", "2D"], ["3C", "4C", "5C"], ["6C", "7C", "8C"]]
    options = {"variant": "five_point_joker", "joker_rank": "below_jacks"}
    assert _solo(tricks, options)["points"]["game"]["side"] is None
    tied = _solo(tricks, {**options, "joker_game": "tiebreak"})
    assert tied["points"]["game"] == {"side": 1, "game_points": [4, 4, 0]}


def test_v10_partnership_setback() -> None:
    record = {**V14_1, "bids": ["pass", 5, 9, "pass"]}
    ruling = rule(record, V14_1_OPTIONS)
    assert ruling["score_changes"] == [-9, 2]
    assert ruling["made_bid"] is False


# --- V9 -------------------------------------------------------------------------------------


def test_v9_bids_up_to_max_and_max_ends_the_auction() -> None:
    options = pitch.variant_options({"variant": "ten_point"})
    status = pitch.check_bidding(4, 0, [5, 10], options, record_complete=False)
    assert status.complete and status.high_bid == 10 and not status.pitched
    status = pitch.check_bidding(4, 0, [5], options, record_complete=False)
    assert status.legal_calls == ("pass", 6, 7, 8, 9, 10)
    bad = pitch.check_bidding(4, 0, [11, "pass", "pass", 5], options)
    assert [(v.code, v.rule) for v in bad.violations] == [("bid_out_of_range", "V9")]


def test_v9_stuck_dealer_and_steal() -> None:
    ten = pitch.variant_options({"variant": "ten_point"})
    assert pitch.check_bidding(4, 0, ["pass"] * 3, ten).legal_calls == (5, 6, 7, 8, 9, 10)
    assert pitch.legal_calls_for(True, None, ten) == (5, 6, 7, 8, 9, 10)
    assert pitch.legal_calls_for(True, 6, ten) == ("pass", 7, 8, 9, 10)
    joker = pitch.variant_options({"variant": "five_point_joker"})
    assert pitch.legal_calls_for(True, 4, joker) == ("pass", 4, 5)
    assert pitch.legal_calls_for(True, 5, joker) == ("pass",)


def test_v9_pitch_call_only_in_four_point() -> None:
    with pytest.raises(RecordError) as error:
        pitch.check_bidding(4, 0, ["pitch"], pitch.variant_options({"variant": "five_point"}))
    assert error.value.violations[0].rule == "V9"
    assert "pitch" in pitch.legal_calls_for(False, None)


def test_v11_match_winner_at_the_variant_target() -> None:
    options = pitch.variant_options({"variant": "ten_point"})
    assert pitch.match_winner([51, 60], 0, options) is None
    assert pitch.match_winner([52, 60], 0, options) == 0


# --- Card by card under trump-only play (V5.2, V5.3), shooting the moon (V9) ----------------


def progress_of(record: dict[str, Any], options: dict[str, Any]) -> Any:
    table = pitch.variant_options(options)
    return pitch.variant_progress(pitch.variant_hand_from_record(record, 4, True, table), table)


def test_v5_trump_only_progress_with_the_hands_ends_when_nobody_holds_a_trump() -> None:
    assert progress_of(V14_3, V14_3_OPTIONS).phase == "complete"  # after five tricks
    four = {**V14_3, "tricks": V14_3["tricks"][:4]}
    found = progress_of(four, V14_3_OPTIONS)
    assert (found.phase, found.to_act) == ("play", 3)  # Dee won trick 4 and leads
    assert sorted(pitch.variant_card_name(c, pitch.variant_options(V14_3_OPTIONS))
                  for c in found.legal_cards) == ["3D"]
    partial = {**V14_3, "tricks": [*V14_3["tricks"][:4], ["3D"]]}
    found = progress_of(partial, V14_3_OPTIONS)
    assert (found.to_act, found.legal_cards) == (0, ())  # Ann is out: she folds


def test_v5_trump_only_progress_without_hands_ends_on_a_trick_of_folds() -> None:
    bare = {k: v for k, v in V14_3.items() if k != "hands"}
    assert progress_of(bare, V14_3_OPTIONS).phase == "play"
    over = {**bare, "tricks": [*bare["tricks"], [None] * 4]}
    assert progress_of(over, V14_3_OPTIONS).phase == "complete"
    assert rule(over, V14_3_OPTIONS)["score_changes"] == [3, 7]  # the folds are no trick


def test_v5_trump_only_progress_refuses_a_card_after_folding_and_a_non_trump() -> None:
    bare = {k: v for k, v in V14_3.items() if k != "hands"}
    after = {**bare, "tricks": [*bare["tricks"][:4], ["3D", "AS"]]}
    codes = {v.code for v in progress_of(after, V14_3_OPTIONS).violations}
    assert codes == {"not_a_trump", "played_after_folding"}


def test_v9_moon_made_wins_set_back_loses() -> None:
    from referee.pitch.match import match_winner

    ten = pitch.variant_options({"variant": "ten_point", "moon": "win_game"})
    assert match_winner([10, 0], 0, ten, bid=10, made=True) == 0
    assert match_winner([-10, 4], 0, ten, bid=10, made=False) == 1
    assert match_winner([-10, 4, 4], 0, ten, bid=10, made=False) is None  # tied: play on
    assert match_winner([9, 0], 0, ten, bid=9, made=True) is None  # not every point
    plain = pitch.variant_options({"variant": "ten_point"})
    assert match_winner([10, 0], 0, plain, bid=10, made=True) is None
