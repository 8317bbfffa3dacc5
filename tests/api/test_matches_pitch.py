"""A stored Pitch match over HTTP, played to 7 (P2 rotation, P3 bidding, P6 set back, P7).

Players Ann, Bob, Cid (seats 0, 1, 2); Ann deals first (first_dealer defaults to players[0])
and the deal passes to the left, so bidding starts with the dealer's left-hand neighbour.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    BOB_SET_BACK_TRICKS,
    CID_MAKES_FOUR_TRICKS,
    PITCH_PLAYERS,
    create_match,
    full_log,
    post_step,
    read_match,
    record_deal,
    standings,
    step_ok,
)


def test_pitch_match_to_seven(client: FlaskClient) -> None:
    match = create_match(client, "pitch", PITCH_PLAYERS)
    match_id = match["id"]
    assert match["dealer"] == {"player": "Ann", "seat": 0}
    assert match["next"]["action"] == "bid" and match["next"]["player"] == "Bob"

    # Hand 1, step by step: Ann deals; Bob bids 2, Cid and Ann pass (P3).
    step_ok(client, match_id, type="deal_started", hands=BOB_SET_BACK_HANDS)
    after_bid = step_ok(client, match_id, type="bid", call=2, player="Bob")["match"]
    assert after_bid["next"]["player"] == "Cid"
    assert 2 not in after_bid["next"]["legal_calls"]  # a bid must be higher (P3)
    version = after_bid["version"]
    refused = post_step(client, match_id, type="bid", call=1)
    assert refused.status_code == 422
    assert refused.json["violations"][0]["rule"] == "P3"
    assert read_match(client, match_id)["version"] == version
    step_ok(client, match_id, type="bid", call="pass")
    body = step_ok(client, match_id, type="bid", call="pass")
    assert (body["match"]["next"]["action"], body["match"]["next"]["player"]) == ("card", "Bob")
    for trick in BOB_SET_BACK_TRICKS:
        for card in trick:
            body = step_ok(client, match_id, type="card", card=card)
    # Bob, the pitcher, won nothing: set back by his bid of 2; Cid scores all four (P5, P6).
    assert body["scored"]["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    assert body["scored"]["ruling"]["made_bid"] is False
    first = body["match"]
    assert standings(first) == {"Ann": 0, "Bob": -2, "Cid": 4}
    assert first["finished"] is False
    assert first["dealer"] == {"player": "Bob", "seat": 1}  # P2: to the left

    # Hand 2, whole: Bob deals; Cid and Ann pass, Bob is stuck and bids 2 (P3) and is set back
    # again. Cid reaches 8, past the target, but he did not pitch: no winner (P7).
    second = record_deal(
        client, match_id,
        {"dealer": 1, "bids": ["pass", "pass", 2], "tricks": BOB_SET_BACK_TRICKS},
    )
    assert second["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    match = second["match"]
    assert standings(match) == {"Ann": 0, "Bob": -4, "Cid": 8}
    assert match["finished"] is False and match["winner"] is None
    assert match["dealer"] == {"player": "Cid", "seat": 2}

    # Hand 3: Cid deals, Ann and Bob pass, Cid bids 3 and makes four: he pitched and has at
    # least 7 at the end of his hand, so he wins the match (P7).
    third = record_deal(
        client, match_id,
        {"dealer": 2, "bids": ["pass", "pass", 3], "tricks": CID_MAKES_FOUR_TRICKS},
    )
    match = third["match"]
    assert standings(match) == {"Ann": 0, "Bob": -4, "Cid": 12}
    assert match["finished"] is True and match["winner"] == "Cid"
    assert match["next"]["action"] == "none"

    # The match is over: nothing more is recorded.
    version = match["version"]
    events = len(full_log(client, match_id))
    refused = client.post(
        f"/v1/matches/{match_id}/deals",
        json={"dealer": 0, "bids": [2, "pass", "pass"], "tricks": BOB_SET_BACK_TRICKS},
    )
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "match_finished"
    assert read_match(client, match_id)["version"] == version
    assert len(full_log(client, match_id)) == events


def test_pitcher_below_target_does_not_win_and_wrong_dealer_is_refused(
    client: FlaskClient,
) -> None:
    match_id = create_match(client, "pitch", PITCH_PLAYERS, target=15)["id"]
    # Ann deals hand 1: the record must say so (P2).
    refused = client.post(
        f"/v1/matches/{match_id}/deals",
        json={"dealer": 2, "bids": ["pass", "pass", 3], "tricks": CID_MAKES_FOUR_TRICKS},
    )
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "wrong_dealer"
    record_deal(client, match_id,
                {"dealer": 0, "bids": [2, "pass", "pass"], "tricks": BOB_SET_BACK_TRICKS})
    record_deal(client, match_id,
                {"dealer": 1, "bids": ["pass", "pass", 2], "tricks": BOB_SET_BACK_TRICKS})
    match = record_deal(client, match_id,
                        {"dealer": 2, "bids": ["pass", "pass", 3],
                         "tricks": CID_MAKES_FOUR_TRICKS})["match"]
    # Cid pitched but has 12 < 15 (option target, P7): play goes on, Ann deals next.
    assert standings(match) == {"Ann": 0, "Bob": -4, "Cid": 12}
    assert match["finished"] is False and match["winner"] is None
    assert match["dealer"] == {"player": "Ann", "seat": 0}


def test_a_step_naming_someone_not_at_the_table_is_refused(client: FlaskClient) -> None:
    match_id = create_match(client, "pitch", ["Ann", "Bob", "Cid"])["id"]
    response = post_step(client, match_id, type="bid", call=2, player="Zed")
    assert response.status_code == 422
    violation = response.json["violations"][0]
    assert (violation["code"], violation["rule"], violation["location"]) == (
        "not_a_player", "P1", "player"
    )
    assert "Zed is not a player" in violation["message"]
