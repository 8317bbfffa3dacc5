"""A Pitch match of a game with more points (docs/rules/pitch-variants.md V11-V13): created
with its variant, the deals ruled by it, recorded whole or card by card."""

from __future__ import annotations

import csv
import io

from flask.testing import FlaskClient

from tests.api.deals import (
    create_match,
    post_step,
    read_match,
    record_deal,
    standings,
    step_ok,
)
from tests.pitch.test_variants import V14_1, V14_1_OPTIONS, V14_3, V14_3_OPTIONS

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def test_ten_point_match_keeps_its_variant_and_rules_a_whole_deal(client: FlaskClient) -> None:
    match = create_match(client, "pitch", PLAYERS, partnership=True, **V14_3_OPTIONS)
    assert match["options"]["variant"] == "ten_point"
    assert match["options"]["target"] == 52
    assert match["options"]["max_bid"] == 10
    body = record_deal(client, match["id"], V14_3)
    assert body["scores"] == {"Ann & Cid": 3, "Bob & Dee": 7}
    ruling = body["ruling"]
    assert ruling["variant"] == "ten_point"
    assert ruling["points"]["three"]["card"] == "3D"
    assert ruling["tricks"][2]["cards"] == ["TD", "JH", None, "KD"]
    assert standings(body["match"]) == {"Ann & Cid": 3, "Bob & Dee": 7}
    assert read_match(client, match["id"])["finished"] is False
    # The sides by their players' names, as in the four-point game (not "seats 1, 3").
    said = {f["code"]: f["what"] for f in ruling["computed"]}
    assert said["bid_result"] == "Bob and Dee bid 6 and won 7: it scores 7."
    assert said["variant_points_won"].startswith(
        "Points won, each at its value: Ann and Cid 3 (High, Low, little joker); Bob and Dee 7 ")


def test_ten_point_match_card_by_card_with_jokers(client: FlaskClient) -> None:
    match = create_match(client, "pitch", PLAYERS, partnership=True, first_dealer="Dee",
                         **V14_1_OPTIONS)
    match_id = match["id"]
    assert match["next"]["legal_calls"] == ["pass", 5, 6, 7, 8, 9, 10]
    step_ok(client, match_id, type="deal_started", hands=V14_1["hands"])
    for call in V14_1["bids"]:
        body = step_ok(client, match_id, type="bid", call=call)
    assert (body["match"]["next"]["action"], body["match"]["next"]["player"]) == ("card", "Cid")
    for trick in V14_1["tricks"]:
        for card in trick:
            body = step_ok(client, match_id, type="card", card=card)
    assert body["scored"]["scores"] == {"Ann & Cid": 8, "Bob & Dee": 2}
    assert body["scored"]["ruling"]["points"]["big_joker"]["card"] == "BJ"


def test_ten_point_trump_only_card_by_card_with_folds(client: FlaskClient) -> None:
    """V5.2, V5.3: V14.3 step by step, the hands known: a player out of trumps folds
    (``card: null``), the legal cards are the trumps he still holds, and the hand is over
    when nobody holds one (after five tricks)."""
    match = create_match(client, "pitch", PLAYERS, partnership=True, **V14_3_OPTIONS)
    match_id = match["id"]
    step_ok(client, match_id, type="deal_started", hands=V14_3["hands"])
    for call in V14_3["bids"]:
        body = step_ok(client, match_id, type="bid", call=call)
    assert body["match"]["next"]["player"] == "Dee"
    assert body["match"]["next"]["legal_cards"] is None  # his first card makes trump
    body = step_ok(client, match_id, type="card", card="9D")
    assert sorted(body["match"]["next"]["legal_cards"]) == ["2D", "AD", "TD"]  # Ann's trumps
    for card in V14_3["tricks"][0][1:] + V14_3["tricks"][1]:
        body = step_ok(client, match_id, type="card", card=card)
    # Trick 3, from Ann: Cid holds no trump any more: his only step is to fold.
    body = step_ok(client, match_id, type="card", card="TD")
    body = step_ok(client, match_id, type="card", card="JH")
    assert (body["match"]["next"]["player"], body["match"]["next"]["legal_cards"]) == ("Cid", [])
    refused = post_step(client, match_id, type="card", card="TS")
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "not_a_trump"
    body = step_ok(client, match_id, type="card", card=None)
    for trick in V14_3["tricks"][2:]:
        for card in trick[3 if trick is V14_3["tricks"][2] else 0:]:
            body = step_ok(client, match_id, type="card", card=card)
    assert body["scored"]["scores"] == {"Ann & Cid": 3, "Bob & Dee": 7}
    assert body["scored"]["ruling"]["tricks"][4]["cards"] == ["3D", None, "QD", None]


def test_trump_only_fold_holding_a_trump_is_refused(client: FlaskClient) -> None:
    match = create_match(client, "pitch", PLAYERS, partnership=True, **V14_3_OPTIONS)
    match_id = match["id"]
    step_ok(client, match_id, type="deal_started", hands=V14_3["hands"])
    for call in V14_3["bids"]:
        step_ok(client, match_id, type="bid", call=call)
    step_ok(client, match_id, type="card", card="9D")
    refused = post_step(client, match_id, type="card", card=None)
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "folded_holding_trump"


def test_trump_only_card_by_card_without_hands_ends_when_everyone_is_out(
    client: FlaskClient,
) -> None:
    """Without the hands the referee cannot see that nobody holds a trump: the table says
    so with a trick in which every player folds, and the hand is ruled without it."""
    match = create_match(client, "pitch", PLAYERS, partnership=True, **V14_3_OPTIONS)
    match_id = match["id"]
    for call in V14_3["bids"]:
        step_ok(client, match_id, type="bid", call=call)
    for trick in V14_3["tricks"]:
        for card in trick:
            body = step_ok(client, match_id, type="card", card=card)
    assert body["match"]["next"]["action"] == "card"
    refused = post_step(client, match_id, type="card", card="AS")
    assert refused.status_code == 422  # Ann folded in trick 4: she stays out
    assert refused.json["violations"][0]["code"] in ("played_after_folding", "not_a_trump")
    for _ in range(4):
        body = step_ok(client, match_id, type="card", card=None)
    assert body["scored"]["scores"] == {"Ann & Cid": 3, "Bob & Dee": 7}
    assert len(body["scored"]["ruling"]["tricks"]) == 5


def test_a_fold_outside_trump_only_play_is_refused(client: FlaskClient) -> None:
    match = create_match(client, "pitch", PLAYERS, partnership=True, first_dealer="Dee",
                         **V14_1_OPTIONS)
    for call in V14_1["bids"]:
        step_ok(client, match["id"], type="bid", call=call)
    refused = post_step(client, match["id"], type="card", card=None)
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "fold_outside_trump_only"
    four = create_match(client, "pitch", ["Ann", "Bob", "Cid"])
    for call in ["pass", 2, "pass"]:
        step_ok(client, four["id"], type="bid", call=call)
    refused = post_step(client, four["id"], type="card", card=None)
    assert refused.status_code == 422, refused.json


MOON_LINE = {"dealer": 0, "pitcher": 3, "bid": 10, "high": 1, "low": 1, "jack": 3,
             "off_jack": 3, "big_joker": 1, "little_joker": 1, "three": 1, "ten": 3}


def test_v9_shooting_the_moon_made_wins_the_match(client: FlaskClient) -> None:
    match = create_match(client, "pitch", PLAYERS, partnership=True, variant="ten_point",
                         moon="win_game")
    body = record_deal(client, match["id"], {"sheet": MOON_LINE})
    assert body["scores"] == {"Ann & Cid": 0, "Bob & Dee": 10}
    assert body["match"]["finished"] is True
    assert body["match"]["winner"] == "Bob & Dee"


def test_v9_shooting_the_moon_set_back_loses_the_match(client: FlaskClient) -> None:
    match = create_match(client, "pitch", PLAYERS, partnership=True, variant="ten_point",
                         moon="win_game")
    body = record_deal(client, match["id"], {"sheet": {**MOON_LINE, "little_joker": 0}})
    assert body["scores"] == {"Ann & Cid": 1, "Bob & Dee": -10}
    assert (body["match"]["finished"], body["match"]["winner"]) == (True, "Ann & Cid")


def test_v9_without_moon_a_bid_of_ten_made_plays_on(client: FlaskClient) -> None:
    match = create_match(client, "pitch", PLAYERS, partnership=True, variant="ten_point")
    body = record_deal(client, match["id"], {"sheet": MOON_LINE})
    assert body["match"]["finished"] is False


def test_p10_a_revoke_card_by_card_in_ten_point_is_recorded_anyway(client: FlaskClient) -> None:
    """P10 still applies in the games with more points: Dee plays the 4D on a spade lead in
    trick 4 and shows the 9S in trick 5; the card that proves it is refused, recorded anyway,
    and the revoke's penalty (set back the bid) applied to Dee's side."""
    match = create_match(client, "pitch", PLAYERS, partnership=True, first_dealer="Dee",
                         **V14_1_OPTIONS)
    match_id = match["id"]
    for call in V14_1["bids"]:
        step_ok(client, match_id, type="bid", call=call)
    tricks = [list(trick) for trick in V14_1["tricks"]]
    tricks[3][2], tricks[4][1] = "4D", "9S"
    cards = [card for trick in tricks for card in trick]
    for card in cards[:17]:
        step_ok(client, match_id, type="card", card=card)
    refused = post_step(client, match_id, type="card", card="9S")
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "revoke"
    assert refused.json["violations"][0]["rule"] == "V5"
    body = step_ok(client, match_id, type="card", card="9S", anyway=True)
    for card in cards[18:]:
        body = step_ok(client, match_id, type="card", card=card)
    ruling = body["scored"]["ruling"]
    assert ruling["irregularities"][0]["type"] == "revoke"
    assert ruling["as_played"] == [8, 2]
    assert body["scored"]["scores"] == {"Ann & Cid": 8, "Bob & Dee": -6}


def test_the_ledger_csv_names_the_game_its_house_options_and_who_scored_each_point(
    client: FlaskClient,
) -> None:
    """V12, V13, V7: a ten-point match's CSV says its variant and the options its table chose
    beyond the preset, and for each deal who scored each point of the game: V14.3 by its
    cards, then a score-sheet line; a deal entered by its totals names nobody."""
    match = create_match(client, "pitch", PLAYERS, partnership=True, target=31,
                         **V14_3_OPTIONS)
    record_deal(client, match["id"], V14_3)
    record_deal(client, match["id"], {"sheet": {**MOON_LINE, "dealer": 1, "bid": 6}})
    record_deal(client, match["id"], {"totals": {"scores": [3, 7], "pitcher": 3, "bid": 6}})
    text = client.get(f"/v1/matches/{match['id']}/ledger.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    header = rows[0]
    points = ["high", "low", "jack", "off_jack", "big_joker", "little_joker", "three", "ten"]
    assert header[-10:] == ["variant", "house options", *points]
    by_name = [dict(zip(header, row, strict=True)) for row in rows[1:]]
    assert {row["variant"] for row in by_name} == {"ten_point"}
    assert {row["house options"] for row in by_name} == {
        "target=31; joker_order=first_played"}
    # V14.3: High and Low (played by Ann, V7 "holder") and the little joker to Ann and Cid;
    # the rest, the three worth 3 among them, to Bob and Dee.
    ann, bob = "Ann & Cid", "Bob & Dee"
    assert [by_name[0][p] for p in points] == [ann, ann, bob, bob, bob, ann, bob, bob]
    assert (by_name[0][f"{ann} points"], by_name[0][f"{bob} points"]) == ("3", "7")
    # The score sheet's line: seat 1 (Bob) took High, Low and the jokers, seat 3 the rest.
    assert [by_name[1][p] for p in points] == [bob] * 8
    assert [by_name[2][p] for p in points] == [""] * 8
    assert by_name[2]["level"] == "totals"


def test_a_four_point_ledger_csv_names_its_game_and_points(client: FlaskClient) -> None:
    """P5: the 4-point game's CSV has its four points; no house options at the preset's."""
    match = create_match(client, "pitch", ["Ann", "Bob", "Cid"])
    record_deal(client, match["id"], {"sheet": {"pitcher": 1, "bid": 2, "high": 1, "low": 2,
                                                "jack": 2, "game": 2}})
    text = client.get(f"/v1/matches/{match['id']}/ledger.csv").get_data(as_text=True)
    header, row = list(csv.reader(io.StringIO(text)))
    found = dict(zip(header, row, strict=True))
    assert (found["variant"], found["house options"]) == ("four_point", "")
    assert [found[p] for p in ("high", "low", "jack", "game")] == ["Bob", "Cid", "Cid", "Cid"]


def test_a_variant_score_sheet_names_each_side_by_its_players(client: FlaskClient) -> None:
    """V7, V10: a score-sheet line's points are told per side by its players' names, as a
    hand by its cards is ("Ann and Cid 7 (…)"), not by seat numbers ("0, 2 7")."""
    match = create_match(client, "pitch", PLAYERS, partnership=True, variant="ten_point")
    body = record_deal(client, match["id"], {"sheet": {**MOON_LINE, "bid": 6}})
    said = {f["code"]: f["what"] for f in body["ruling"]["computed"]}
    assert said["variant_points_won"] == (
        "Points won, each at its value: Ann and Cid 0 (nothing); Bob and Dee 10 (High, Low, "
        "Jack, off-jack, big joker, little joker, three, ten).")
