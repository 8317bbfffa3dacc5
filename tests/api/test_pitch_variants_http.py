"""The games with more points over HTTP (docs/rules/pitch-variants.md V13): options, jokers,
folds, the awards at their values, problem+json on bad options."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.pitch.test_variants import V14_1, V14_1_OPTIONS, V14_3, V14_3_OPTIONS


def score(client: FlaskClient, record: dict[str, Any], options: dict[str, Any],
          players: int = 4, partnership: bool = True) -> Any:
    body = {"players": players, "partnership": partnership, **record, "options": options}
    return client.post("/v1/pitch/hands:score", json=body)


def test_ten_point_trump_only_hand_with_folds_and_jokers(client: FlaskClient) -> None:
    response = score(client, V14_3, V14_3_OPTIONS)
    assert response.status_code == 200, response.json
    ruling = response.json
    assert ruling["variant"] == "ten_point"
    assert ruling["tricks"][3] == {"leader": 3, "cards": ["JD", None, "8D", None], "winner": 3}
    assert ruling["points"]["three"] == {"card": "3D", "seat": 1, "side": 1}
    assert ruling["points"]["big_joker"] == {"card": "JK", "seat": 1, "side": 1}
    assert ruling["points"]["game"] is None
    assert ruling["score_changes"] == [3, 7]


def test_v13_example_request(client: FlaskClient) -> None:
    body = {"players": 4, "partnership": True, "dealer": 0, "bids": ["pass", 5, 6, "pass"],
            "trump": "D", "tricks": V14_3["tricks"],
            "options": {"variant": "ten_point", "joker_order": "first_played"}}
    response = client.post("/v1/pitch/hands:score", json=body)
    assert response.status_code == 200, response.json
    assert response.json["points_won"] == [3, 7]


def test_ten_point_with_game_and_trump_anytime(client: FlaskClient) -> None:
    ruling = score(client, V14_1, V14_1_OPTIONS).json
    assert ruling["points"]["off_jack"] == {"card": "JD", "seat": 1, "side": 1}
    assert ruling["points"]["game"] == {"side": 0, "game_points": [38, 2]}
    assert ruling["score_changes"] == [8, 2]


def test_joker_spelled_hj_and_lower_case(client: FlaskClient) -> None:
    record = {**V14_1, "tricks": [[c.lower() if c != "BJ" else "HJ" for c in trick]
                                  for trick in V14_1["tricks"]]}
    ruling = score(client, record, V14_1_OPTIONS).json
    assert ruling["tricks"][1]["cards"] == ["KH", "6H", "LJ", "BJ"]


@pytest.mark.parametrize(("options", "where"), [
    ({"variant": "ten_point", "points": ["high", "big_joker"]}, "options.points"),
    ({"variant": "ten_point", "min_bid": 11}, "options.min_bid"),
    ({"variant": "five_point", "joker_order": "first_played"}, "options.joker_order"),
])
def test_bad_options_are_problem_json_with_the_option(
    client: FlaskClient, options: dict[str, Any], where: str,
) -> None:
    response = score(client, V14_1, options)
    assert response.status_code == 422 and response.json["type"].endswith("/options-conflict")
    assert response.mimetype == "application/problem+json"
    assert [(v["rule"], v["location"]) for v in response.json["violations"]] == [("V13", where)]


def test_unknown_variant_is_400(client: FlaskClient) -> None:
    response = score(client, V14_1, {"variant": "eight_point"})
    assert response.status_code == 400


def test_four_point_still_refuses_jokers_and_folds(client: FlaskClient) -> None:
    tricks = [list(t) for t in V14_1["tricks"]]
    response = score(client, {**V14_1, "tricks": tricks}, {})
    assert response.status_code == 400
    assert "tricks" in str(response.json)
    folded = [["AH", None, "9H", "8H"], *V14_1["tricks"][1:]]
    assert score(client, {**V14_1, "tricks": folded}, {}).status_code == 400


def test_fold_outside_trump_only_is_422(client: FlaskClient) -> None:
    folded = [["AH", None, "9H", "8H"], *V14_1["tricks"][1:]]
    response = score(client, {**V14_1, "tricks": folded}, V14_1_OPTIONS)
    assert response.status_code == 422
    assert response.json["violations"][0]["rule"] == "V5"


def test_bidding_check_follows_the_variant(client: FlaskClient) -> None:
    response = client.post("/v1/pitch/bidding:check", json={
        "players": 4, "dealer": 0, "bids": [5], "options": {"variant": "ten_point"}})
    assert response.status_code == 200, response.json
    assert response.json["legal_calls"] == ["pass", 6, 7, 8, 9, 10]


def test_a_four_point_minimum_above_its_highest_bid_is_an_options_conflict(
    client: FlaskClient,
) -> None:
    """The schema takes a minimum bid up to 13 (the thirteen-point game's); in the 4-point
    game, whose highest bid is 4, a minimum of 5 does not go with it: 422, located."""
    for route, body in (("hands:score", {**V14_1, "players": 4, "partnership": True}),
                        ("sheets:score", {"players": 2, "sheet": {"high": 0, "low": 1,
                                                                  "jack": None, "game": 0,
                                                                  "pitcher": 0, "bid": 2}})):
        response = client.post(f"/v1/pitch/{route}", json={**body, "options": {"min_bid": 5}})
        assert response.status_code == 422, response.json
        assert response.json["type"].endswith("/options-conflict")
        assert [(v["rule"], v["location"]) for v in response.json["violations"]] == [
            ("P8", "options.min_bid")]
