"""Pitch score sheets and totals over HTTP: sheets:score, totals:check, and the
claim beside the ruling on the cards."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from .test_pitch_http import FOUR_BIDS, FOUR_HANDS, FOUR_TRICKS

CARDS = {"dealer": 3, "bids": FOUR_BIDS, "tricks": FOUR_TRICKS, "hands": FOUR_HANDS}

# 4 players, dealer 3, bids pass/2/pass/3: seat 3 pitches 3; High 3, Low 1, Jack not out,
# Game 3: seat 3 won 2 of 3, set back.
BRIEF = {"dealer": 3, "bids": ["pass", 2, "pass", 3], "high": 3, "low": 1, "jack": None,
         "game": 3}


def post(client: FlaskClient, path: str, **body: Any) -> Any:
    body.setdefault("players", 4)
    return client.post(f"/v1/pitch/{path}", json=body)


def test_sheet_scored(client: FlaskClient) -> None:
    response = post(client, "sheets:score", sheet=BRIEF)
    assert response.status_code == 200, response.json
    ruling = response.json
    assert ruling["level"] == "sheet"
    assert ruling["scores"] == [0, 1, 0, -3]
    assert (ruling["pitcher"], ruling["pitcher_side"], ruling["bid"]) == (3, 3, 3)
    assert ruling["points"]["jack"] == {"seat": None, "side": None}
    assert ruling["verified"][0]["rule"] == "P3"
    assert any("Nobody revoked" in f["what"] for f in ruling["as_reported"])
    assert ruling["violations"] == [] and ruling["comparison"] is None


def test_sheet_impossible_line_is_a_located_violation(client: FlaskClient) -> None:
    ruling = post(client, "sheets:score", sheet={**BRIEF, "game_points": [10, 30, 0, 12]}).json
    assert [(v["code"], v["location"]) for v in ruling["violations"]] == [
        ("game_not_highest_count", "sheet.game")
    ]


def test_sheet_unreadable_is_422_located(client: FlaskClient) -> None:
    response = post(client, "sheets:score", sheet={**BRIEF, "high": None})
    assert response.status_code == 422
    assert response.json["violations"][0]["location"] == "sheet.high"
    assert response.headers["Content-Type"] == "application/problem+json"
    response = post(client, "sheets:score", sheet={**BRIEF, "high": 7})
    assert response.status_code == 422
    assert response.json["violations"][0]["location"] == "sheet.high"


def test_sheet_schema_errors_are_400(client: FlaskClient) -> None:
    assert post(client, "sheets:score", sheet={**BRIEF, "hgih": 3}).status_code == 400
    # Which points a line names is the game's (the 4-point game's Jack, a variant's
    # off-jack …): a line without one is the engine's 422, located.
    missing = {k: v for k, v in BRIEF.items() if k != "jack"}
    response = post(client, "sheets:score", sheet=missing)
    assert response.status_code == 422
    assert response.json["violations"][0]["location"] == "sheet.jack"


def test_sheet_beside_the_cards(client: FlaskClient) -> None:
    claim = {"dealer": 3, "bids": FOUR_BIDS, "high": 1, "low": 1, "jack": 2, "game": 0}
    ruling = post(client, "sheets:score", sheet=claim, cards=CARDS).json
    comparison = ruling["comparison"]
    assert comparison["agrees"] is False
    assert comparison["parts_at"]["step"] == "game"
    assert comparison["parts_at"]["claim"] == "seat 0 took Game"
    right = post(client, "sheets:score", sheet={**claim, "game": None}, cards=CARDS).json
    assert right["comparison"] == {"code": "claim_agrees", "agrees": True, "parts_at": None,
                                   "differences": []}


def test_partnership_sheet(client: FlaskClient) -> None:
    line = {"dealer": 3, "bids": [2, "pass", "pass", "pass"], "high": 2, "low": 0, "jack": 1,
            "game": 3, "claimed": [2, 2]}
    ruling = post(client, "sheets:score", partnership=True, sheet=line).json
    assert ruling["scores"] == [2, 2] and ruling["claimed_ok"] is True
    assert ruling["sides"] == [[0, 2], [1, 3]]


def test_totals_checked(client: FlaskClient) -> None:
    ok = post(client, "totals:check", totals={"scores": [0, 1, 0, -3], "pitcher": 3})
    assert ok.status_code == 200, ok.json
    assert ok.json["level"] == "totals" and ok.json["violations"] == []
    assert (ok.json["bid"], ok.json["made_bid"], ok.json["pitcher_side"]) == (3, False, 3)
    bad = post(client, "totals:check", totals={"scores": [0, 1, 0, 0], "pitcher": 3}).json
    assert [(v["code"], v["location"]) for v in bad["violations"]] == [
        ("pitcher_score_impossible", "totals.scores[3]")
    ]


def test_totals_beside_the_cards(client: FlaskClient) -> None:
    ruling = post(client, "totals:check", totals={"scores": [0, 2, 1, 0], "pitcher": 1},
                  cards=CARDS).json
    assert ruling["comparison"]["parts_at"]["step"] == "bid"


def test_totals_unreadable_is_422(client: FlaskClient) -> None:
    response = post(client, "totals:check", totals={"scores": [0, 1], "pitcher": 3})
    assert response.status_code == 422
    assert response.json["violations"][0]["location"] == "totals.scores"


def test_hand_claimed_is_explained(client: FlaskClient) -> None:
    ruling = client.post("/v1/pitch/hands:score", json={"players": 4, **CARDS,
                                                        "claimed": [0, 2, 1, 0]}).json
    assert ruling["level"] == "cards" and ruling["scores"] == [0, -3, 1, 0]
    assert ruling["claimed_ok"] is False
    assert ruling["claim"]["parts_at"] == {
        "code": "bid_differs",
        "step": "bid",
        "rule": "P6",
        "ruling": "seat 1 bid 3 and was set back 3, winning only 2",
        "claim": "seat 1 bid 3 and made it",
    }
    assert ruling["verified"] and ruling["computed"]


# Irregularities recorded anyway (P10). Two players, dealer 1: seat 0 bids 3; seat 1 revokes in
# trick 4 (discards 8H on the 2D lead holding TD, shown in trick 5).
TWO = {
    "players": 2,
    "dealer": 1,
    "bids": [3, "pass"],
    "tricks": [t.split() for t in ("7S 5H", "AH 6H", "KH 7H", "2D 8H", "3D TD", "9H 4D")],
    "hands": ["7S AH KH 2D 3D 4D".split(), "5H 6H 7H TD 8H 9H".split()],
}
REVOKE = [{"type": "revoke", "seat": 1, "trick": 4}]


def test_hand_with_a_revoke_recorded_each_option(client: FlaskClient) -> None:
    refused = client.post("/v1/pitch/hands:score", json=TWO).json
    assert [v["code"] for v in refused["violations"]] == ["revoke"]
    expected = {"set_back_bid": [2, -3], "all_fours": [2, -1], "void": [0, 0]}
    for penalty, scores in expected.items():
        response = client.post("/v1/pitch/hands:score",
                               json={**TWO, "irregular": REVOKE,
                                     "options": {"revoke_penalty": penalty}})
        assert response.status_code == 200, response.json
        ruling = response.json
        assert ruling["violations"] == []
        assert ruling["scores"] == scores and ruling["as_played"] == [-3, 1]
        item = ruling["irregularities"][0]
        assert (item["type"], item["seat"], item["trick"], item["rule"], item["penalty"]) == (
            "revoke", 1, 4, "P10", penalty
        )
        assert item["source"] and item["what"] and item["proven"] is True


def test_hand_with_a_misdeal(client: FlaskClient) -> None:
    body = {"players": 4, "dealer": 3, "bids": [], "tricks": [],
            "irregular": [{"type": "misdeal", "seat": 2}], "options": {"misdeal": "same_dealer"}}
    ruling = client.post("/v1/pitch/hands:score", json=body).json
    assert ruling["misdeal"] is True and ruling["void"] is True
    assert ruling["scores"] == [0, 0, 0, 0] and ruling["next_dealer"] == 3
    assert ruling["irregularities"][0]["penalty"] == "same_dealer"


def test_irregularity_malformed_and_bad_option(client: FlaskClient) -> None:
    bad = client.post("/v1/pitch/hands:score",
                      json={**TWO, "irregular": [{"type": "renege", "seat": 1}]})
    assert bad.status_code == 400
    option = client.post("/v1/pitch/hands:score",
                         json={**TWO, "options": {"revoke_penalty": "hang"}})
    assert option.status_code == 400
    first = client.post("/v1/pitch/hands:score",
                        json={**TWO, "irregular": [{"type": "lead_out_of_turn", "seat": 1,
                                                    "trick": 1}]})
    assert first.status_code == 422
    assert first.json["violations"][0]["code"] == "first_lead_out_of_turn"


def test_match_options_take_the_irregularity_options(client: FlaskClient) -> None:
    created = client.post("/v1/matches", json={
        "game": "pitch", "players": ["Ann", "Bob", "Cid"],
        "options": {"revoke_penalty": "all_fours", "misdeal": "same_dealer",
                    "bid_out_of_turn": "must_pass", "lead_out_of_turn": "void"}})
    assert created.status_code == 201, created.json
    options = created.json["options"]
    assert (options["revoke_penalty"], options["misdeal"], options["bid_out_of_turn"],
            options["lead_out_of_turn"]) == ("all_fours", "same_dealer", "must_pass", "void")
    defaults = client.post("/v1/matches", json={"game": "pitch", "players": ["Ann", "Bob"]})
    assert defaults.json["options"]["revoke_penalty"] == "set_back_bid"


def test_sheet_with_a_revoke_told(client: FlaskClient) -> None:
    ruling = post(client, "sheets:score",
                  sheet={**BRIEF, "irregular": [{"type": "revoke", "seat": 1}]}).json
    assert ruling["scores"] == [0, -3, 0, 2] and ruling["as_played"] == [0, 1, 0, -3]
    assert ruling["irregularities"][0]["penalty"] == "set_back_bid"
    assert ruling["irregularities"][0]["proven"] is False
