"""A Pitch match of a game with more points (docs/rules/pitch-variants.md V11-V13): created
with its variant, the deals ruled by it, recorded whole or card by card."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.deals import create_match, read_match, record_deal, standings, step_ok
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
