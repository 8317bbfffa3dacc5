"""Piquet rulings over HTTP (Q1–Q9): the Q10 deal, the Rubicon, bad input → located errors."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

# The Q10 deal of rules/piquet.md: Bill (elder) and Ann (younger, the dealer).
Q10_DEALT = {
    "elder": "AC KS QS TS 9S 8S KH TH 7H AD TD 8D".split(),
    "younger": "KC QC TC 9C 8C JS 7S 9H KD QD 9D 7D".split(),
}
Q10_TALON = "AH JH 8H 7C JD AS QH JC".split()
Q10_EXCHANGE = {"elder": "KH TH 7H TD 8D".split(), "younger": "QD 9D 7D".split()}
Q10_TRICKS = [
    ["KS", "AS"], ["KC", "AC"], ["QS", "7S"], ["TS", "JS"], ["QC", "7C"], ["JC", "8S"],
    ["TC", "JH"], ["9C", "8H"], ["8C", "JD"], ["QH", "AH"], ["AD", "KD"], ["9S", "9H"],
]
Q10_DECLARATIONS = {
    "elder": {"point": 5, "sequence": None, "sets": ["trio:A"]},
    "younger": {"point": 6, "sequence": "sixième"},
}


def score(client: FlaskClient, body: dict[str, Any]) -> Any:
    return client.post("/v1/piquet/deals:score", json=body)


def full_q10() -> dict[str, Any]:
    return {
        "dealt": Q10_DEALT,
        "talon": Q10_TALON,
        "exchange": Q10_EXCHANGE,
        "declarations": Q10_DECLARATIONS,
        "tricks": Q10_TRICKS,
    }


def test_q10_deal_scores_bill_11_ann_41(client: FlaskClient) -> None:
    response = score(client, full_q10())
    assert response.status_code == 200, response.json
    ruling = response.json
    assert ruling["scores"] == {"elder": 11, "younger": 41}
    assert ruling["tricks_won"] == {"elder": 5, "younger": 7}
    declarations = ruling["declarations"]
    assert declarations["point"]["winner"] == "younger"
    assert declarations["point"]["younger"] == 6
    assert declarations["sequence"]["winner"] == "younger"
    assert declarations["sequence"]["younger"] == 16
    assert declarations["sets"]["winner"] == "elder"
    assert declarations["sets"]["elder"] == 3
    assert ruling["carte_blanche"] is None
    assert ruling["repique"] is None and ruling["pique"] is None and ruling["capot"] is None
    assert ruling["violations"] == []
    assert [t["winner"] for t in ruling["tricks"]] == [
        "younger", "elder", "elder", "younger", "younger", "younger", "younger", "younger",
        "younger", "elder", "elder", "elder",
    ]


def test_q10_running_log_is_what_the_players_call(client: FlaskClient) -> None:
    log = score(client, full_q10()).json["log"]
    calls = [(e["who"], e["points"], e["elder_total"], e["younger_total"]) for e in log]
    # Bill trio 3, leads ♠K (4); Ann point 6, sixième (22); ♠A wins (23); Ann leads ♣K (24)…
    assert calls[:6] == [
        ("elder", 3, 3, 0),
        ("elder", 1, 4, 0),
        ("younger", 6, 4, 6),
        ("younger", 16, 4, 22),
        ("younger", 1, 4, 23),
        ("younger", 1, 4, 24),
    ]
    assert (log[-1]["elder_total"], log[-1]["younger_total"]) == (11, 41)
    assert log[-1]["what"] == "the cards"


def test_q10_without_declarations_each_announces_his_best(client: FlaskClient) -> None:
    response = score(client, {"tricks": Q10_TRICKS})
    assert response.status_code == 200
    assert response.json["scores"] == {"elder": 11, "younger": 41}


def test_card_notation_variants_are_accepted(client: FlaskClient) -> None:
    tricks = [[c.replace("T", "10").lower() for c in t] for t in Q10_TRICKS]
    tricks[0] = ["K♠", "A♠"]
    response = score(client, {"tricks": tricks})
    assert response.status_code == 200
    assert response.json["tricks"][0]["cards"] == ["KS", "AS"]


def test_lead_point_option_ten_or_higher_changes_the_play_points(client: FlaskClient) -> None:
    every = score(client, {"tricks": Q10_TRICKS}).json["scores"]
    tens = score(
        client, {"tricks": Q10_TRICKS, "options": {"lead_point": "ten_or_higher"}}
    ).json["scores"]
    # Ann's leads of ♣9 and ♣8 no longer score, nor Bill's last lead of ♠9.
    assert tens["younger"] == every["younger"] - 2
    assert tens["elder"] == every["elder"] - 1


def test_thirteen_cards_in_a_hand_is_422_located(client: FlaskClient) -> None:
    body = full_q10()
    body["dealt"] = {**Q10_DEALT, "elder": [*Q10_DEALT["elder"], "9D"]}
    response = score(client, body)
    assert response.status_code == 422
    assert response.content_type == "application/problem+json"
    locations = {v["location"] for v in response.json["violations"]}
    assert any(loc.startswith("dealt") for loc in locations)


def test_a_card_played_twice_is_422_located(client: FlaskClient) -> None:
    tricks = [list(t) for t in Q10_TRICKS]
    tricks[11] = ["9S", "KS"]  # KS was led in trick 1
    response = score(client, {"tricks": tricks})
    assert response.status_code == 422
    codes = {v["code"] for v in response.json["violations"]}
    assert "card_played_twice" in codes
    assert any(v["location"] == "tricks[11][1]" for v in response.json["violations"])


def test_a_revoke_is_listed_with_its_location(client: FlaskClient) -> None:
    body = full_q10()
    tricks = [list(t) for t in Q10_TRICKS]
    # Ann answers Bill's ♠Q with ♥9 while holding ♠7, then shows ♠7 in the last trick.
    tricks[2] = ["QS", "9H"]
    tricks[11] = ["9S", "7S"]
    body["tricks"] = tricks
    response = score(client, body)
    assert response.status_code == 200
    revokes = [v for v in response.json["violations"] if v["code"] == "revoke"]
    assert revokes and revokes[0]["rule"] == "Q6"
    assert revokes[0]["location"] == "tricks[2][1]"


def test_announcing_an_unheld_quint_is_a_located_violation(client: FlaskClient) -> None:
    body = full_q10()
    body["declarations"] = {**Q10_DECLARATIONS, "elder": {"point": 5, "sequence": "quint"}}
    response = score(client, body)
    assert response.status_code == 200
    found = [v for v in response.json["violations"] if v["rule"] == "Q5"]
    assert found and found[0]["location"] == "declarations.elder.sequence"
    assert response.json["declarations"]["sequence"]["elder"] == 0


def test_malformed_json_and_unknown_fields_are_400(client: FlaskClient) -> None:
    bad_json = client.post(
        "/v1/piquet/deals:score", data="{not json", content_type="application/json"
    )
    assert bad_json.status_code == 400
    assert bad_json.content_type == "application/problem+json"
    unknown = score(client, {"tricks": Q10_TRICKS, "trumps": "S"})
    assert unknown.status_code == 400
    assert "trumps" in unknown.json["errors"]
    not_a_card = score(client, {"tricks": [["XS", "AS"]]})
    assert not_a_card.status_code == 400
    assert "tricks[0][0]" in not_a_card.json["errors"]


def test_declarations_compare(client: FlaskClient) -> None:
    response = client.post(
        "/v1/piquet/declarations:compare",
        json={
            "elder": "AC 7C KS QS TS 9S 8S AH JH 8H AD JD".split(),
            "younger": "KC QC JC TC 9C 8C AS JS 7S QH 9H KD".split(),
        },
    )
    assert response.status_code == 200
    body = response.json
    assert body["point"]["winner"] == "younger"
    assert body["sequence"]["winner"] == "younger"
    assert body["sets"]["winner"] == "elder"
    assert body["scores"] == {"elder": 3, "younger": 22}


def settle(client: FlaskClient, scores: dict[str, int], stake: str | None = None) -> Any:
    body: dict[str, Any] = {"scores": scores}
    if stake is not None:
        body["stake"] = stake
    return client.post("/v1/piquet/parties:settle", json=body)


def test_rubicon_99_v_120_pays_319(client: FlaskClient) -> None:
    body = settle(client, {"A": 99, "B": 120}).json
    assert body == {
        "winner": "B", "loser": "A", "rubiconed": True, "payment": 319, "amount": None,
    }


def test_101_v_120_pays_119(client: FlaskClient) -> None:
    body = settle(client, {"A": 101, "B": 120}, stake="0.05").json
    assert (body["winner"], body["rubiconed"], body["payment"]) == ("B", False, 119)
    assert body["amount"] == "5.95"


def test_exactly_100_is_not_rubiconed(client: FlaskClient) -> None:
    body = settle(client, {"A": 100, "B": 120}).json
    assert (body["rubiconed"], body["payment"]) == (False, 120)


def test_a_drawn_partie(client: FlaskClient) -> None:
    body = settle(client, {"A": 90, "B": 90}).json
    assert body["winner"] is None and body["loser"] is None and body["payment"] == 0


def test_settle_needs_two_players(client: FlaskClient) -> None:
    assert settle(client, {"A": 90}).status_code == 400
