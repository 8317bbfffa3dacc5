"""Score sheets and totals of the games with more points over HTTP (docs/rules/
pitch-variants.md V7-V10): ``sheets:score`` and ``totals:check`` under a variant, and a
10-point match recorded by score sheet, totals and a line beside the cards."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.deals import create_match, record_deal, standings
from tests.pitch.test_variant_sheet import V14_1_LINE, V14_3_LINE
from tests.pitch.test_variants import V14_1_OPTIONS, V14_3, V14_3_OPTIONS

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def post(client: FlaskClient, route: str, options: dict[str, Any], **body: Any) -> Any:
    return client.post(f"/v1/pitch/{route}",
                       json={"players": 4, "partnership": True, "options": options, **body})


def test_sheets_score_names_the_games_points(client: FlaskClient) -> None:
    response = post(client, "sheets:score", V14_1_OPTIONS, sheet=V14_1_LINE)
    assert response.status_code == 200, response.json
    ruling = response.json
    assert ruling["variant"] == "ten_point"
    assert ruling["points"]["off_jack"] == {"seat": 1, "side": 1}
    assert ruling["points"]["three"] == {"seat": 0, "side": 0}
    assert ruling["score_changes"] == [8, 2]


def test_sheets_score_beside_the_cards_of_a_trump_only_hand(client: FlaskClient) -> None:
    response = post(client, "sheets:score", V14_3_OPTIONS, sheet=V14_3_LINE, cards=V14_3)
    assert response.status_code == 200, response.json
    assert response.json["comparison"]["agrees"] is True
    wrong = post(client, "sheets:score", V14_3_OPTIONS, sheet={**V14_3_LINE, "high": 1},
                 cards=V14_3).json
    assert wrong["comparison"]["parts_at"]["step"] == "high"


def test_a_point_the_game_has_not_is_422_located(client: FlaskClient) -> None:
    response = post(client, "sheets:score", V14_3_OPTIONS, sheet={**V14_3_LINE, "game": 2})
    assert response.status_code == 422
    assert response.json["violations"][0]["location"] == "sheet.game"
    missing = {k: v for k, v in V14_3_LINE.items() if k != "three"}
    response = post(client, "sheets:score", V14_3_OPTIONS, sheet=missing)
    assert response.status_code == 422
    assert response.json["violations"][0]["location"] == "sheet.three"


def test_four_point_sheet_still_needs_jack_and_game(client: FlaskClient) -> None:
    line = {"dealer": 3, "bids": ["pass", 2, "pass", 3], "high": 3, "low": 1, "game": 0}
    assert post(client, "sheets:score", {}, sheet=line).status_code == 422
    assert post(client, "sheets:score", {}, sheet={**line, "jack": None}).status_code == 200


def test_totals_check_uses_the_games_bounds(client: FlaskClient) -> None:
    good = post(client, "totals:check", V14_3_OPTIONS, totals={"scores": [3, 7], "pitcher": 3})
    assert good.status_code == 200, good.json
    assert good.json["violations"] == []
    assert good.json["variant"] == "ten_point"
    bad = post(client, "totals:check", V14_3_OPTIONS, totals={"scores": [8, 3], "pitcher": 0})
    assert [v["code"] for v in bad.json["violations"]] == ["points_total_impossible"]


def test_sheet_in_another_language_names_the_points(client: FlaskClient) -> None:
    response = client.post("/v1/pitch/sheets:score", headers={"Accept-Language": "fr"},
                           json={"players": 4, "partnership": True, "options": V14_1_OPTIONS,
                                 "sheet": V14_1_LINE})
    taken = next(f for f in response.json["as_reported"]
                 if f["code"] == "variant_points_as_reported")
    assert taken["what"].startswith("Qui a pris chaque point")
    assert "valet de même couleur" in taken["what"] and "off-jack" not in taken["what"]


def test_a_ten_point_match_by_score_sheet_and_totals(client: FlaskClient) -> None:
    match = create_match(client, "pitch", PLAYERS, partnership=True, first_dealer="Dee",
                         **V14_1_OPTIONS)
    first = record_deal(client, match["id"], {"sheet": V14_1_LINE})
    assert first["scores"] == {"Ann & Cid": 8, "Bob & Dee": 2}
    assert first["ruling"]["points"]["big_joker"] == {"seat": 2, "side": 0}
    second = record_deal(client, match["id"], {"totals": {"scores": [-6, 4], "pitcher": 0}})
    assert standings(second["match"]) == {"Ann & Cid": 2, "Bob & Dee": 6}
    refused = client.post(f"/v1/matches/{match['id']}/deals",
                          json={"totals": {"scores": [9, 3], "pitcher": 1}})
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "points_total_impossible"
    line = {**V14_1_LINE, "dealer": 1, "bids": ["pass", 5, 6, "pass"], "game": None,
            "game_points": None}
    third = record_deal(client, match["id"], {"sheet": line})
    assert third["scores"] == {"Ann & Cid": 7, "Bob & Dee": 2}


def test_a_ten_point_match_sheet_without_a_point_of_the_game_is_422(
    client: FlaskClient,
) -> None:
    match = create_match(client, "pitch", PLAYERS, partnership=True, **V14_3_OPTIONS)
    line = {k: v for k, v in V14_3_LINE.items() if k != "ten"}
    response = client.post(f"/v1/matches/{match['id']}/deals", json={"sheet": line})
    assert response.status_code == 422
    assert response.json["violations"][0]["location"].endswith("sheet.ten")
    assert record_deal(client, match["id"], {"sheet": V14_3_LINE})["scores"] == {
        "Ann & Cid": 3, "Bob & Dee": 7}
