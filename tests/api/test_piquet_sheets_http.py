"""Piquet score sheets, totals and claims over HTTP."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from .deals import create_match, post_step
from .test_piquet_http import full_q10

Q10_SHEET: dict[str, Any] = {
    "point": {"elder": "point of five", "younger": "point of six"},
    "sequence": {"younger": "sixième"},
    "sets": {"elder": ["trio of aces"]},
    "good": {"point": "younger", "sequence": "younger", "sets": "elder"},
    "tricks": {"elder": 5, "younger": 7},
    "play": {"elder": 8, "younger": 9},
}


def test_q10_sheet_scores_bill_11_ann_41(client: FlaskClient) -> None:
    response = client.post("/v1/piquet/sheets:score", json=Q10_SHEET)
    assert response.status_code == 200, response.json
    ruling = response.json
    assert ruling["level"] == "sheet"
    assert ruling["scores"] == {"elder": 11, "younger": 41}
    assert ruling["cards"] == "younger" and ruling["violations"] == []
    assert ruling["counts"][1] == {"who": "younger", "what": "sixième", "points": 16,
                                   "stage": "declaring", "rule": "Q5", "step": "sequence"}
    assert {"code": "tricks_add_up", "rule": "Q6",
            "what": "12 tricks: elder 5, younger 7.",
            "params": {"elder": 5, "younger": 7}} in ruling["verified"]
    assert any(g["what"].startswith("Points in play as counted") for g in ruling["as_reported"])
    assert any(g["what"].startswith("No repique") for g in ruling["computed"])


def test_an_impossible_line_is_answered_with_located_violations(client: FlaskClient) -> None:
    body = {**Q10_SHEET, "sequence": {"younger": "septième"},
            "tricks": {"elder": 5, "younger": 8}}
    response = client.post("/v1/piquet/sheets:score", json=body)
    assert response.status_code == 200
    found = [(v["code"], v["location"]) for v in response.json["violations"]]
    assert found == [("tricks_not_twelve", "sheet.tricks"),
                     ("sequence_longer_than_point", "sheet.sequence.younger")]


def test_words_that_name_no_combination_are_400_at_their_place(client: FlaskClient) -> None:
    """A slip of the pen is input to correct (400, located in the body), not a rule broken."""
    body = {**Q10_SHEET, "sets": {"elder": ["three of a kind"]}}
    response = client.post("/v1/piquet/sheets:score", json=body)
    assert response.status_code == 400
    [(where, [message])] = response.json["errors"].items()
    assert where == "sets.elder[0]"
    assert "'three kings'" in message


def test_sheet_schema_refuses_bad_shapes(client: FlaskClient) -> None:
    for body in ({**Q10_SHEET, "tricks": {"elder": 13, "younger": 0}},
                 {**Q10_SHEET, "good": {"point": "Ann"}},
                 {**Q10_SHEET, "sequence": {"elder": ["x" * 300]}},
                 {**Q10_SHEET, "dealer": 1},
                 {k: v for k, v in Q10_SHEET.items() if k != "tricks"}):
        response = client.post("/v1/piquet/sheets:score", json=body)
        assert response.status_code == 400, body
        assert response.mimetype == "application/problem+json"


def test_sheet_options_pique_under_ten_or_higher(client: FlaskClient) -> None:
    body = {"sequence": {"younger": "quint major in spades"}, "sets": {"younger": ["four kings"]},
            "tricks": {"elder": 5, "younger": 7}, "play": {"elder": 6, "younger": 8},
            "pique": "younger"}
    every = client.post("/v1/piquet/sheets:score", json=body).json
    assert [v["code"] for v in every["violations"]] == ["pique_impossible"]
    ten = client.post("/v1/piquet/sheets:score",
                      json={**body, "options": {"lead_point": "ten_or_higher"}}).json
    assert ten["violations"] == [] and ten["pique"] == "younger"
    assert ten["scores"]["younger"] == 29 + 8 + 10 + 30


def test_totals_check(client: FlaskClient) -> None:
    fine = client.post("/v1/piquet/totals:check", json={"scores": {"elder": 11, "younger": 41}})
    assert fine.status_code == 200
    assert fine.json["level"] == "totals" and fine.json["violations"] == []
    assert fine.json["scores"] == {"elder": 11, "younger": 41}
    assert fine.json["as_reported"][0]["rule"] == "Q8"
    wrong = client.post("/v1/piquet/totals:check", json={"scores": {"elder": 1, "younger": 11}})
    assert [v["location"] for v in wrong.json["violations"]] == ["totals.scores"]
    assert "at least 13 in play" in wrong.json["violations"][0]["message"]
    half = client.post("/v1/piquet/totals:check", json={"scores": {"elder": 11}})
    assert half.status_code == 422
    assert half.json["violations"][0]["location"] == "totals.scores.younger"


def test_q10_claimed_as_38_by_ann(client: FlaskClient) -> None:
    response = client.post("/v1/piquet/deals:score",
                           json={**full_q10(), "claimed": {"elder": 11, "younger": 38}})
    assert response.status_code == 200, response.json
    ruling = response.json
    assert ruling["scores"] == {"elder": 11, "younger": 41}
    assert ruling["claimed_ok"] is False
    assert ruling["claim"]["parts_at"] == {
        "code": "totals_differs", "step": "totals", "rule": "Q8", "ruling": "the younger hand 41",
        "claim": "the younger hand 38", "difference": {"elder": 0, "younger": -3},
        "explanations": ["3 of the 9 points in play missed"],
        "hints": [{"code": "play_missed", "rule": "Q6",
                   "message": "3 of the 9 points in play missed",
                   "params": {"points": 3, "in_play": 9}}]}
    assert ruling["violations"] == [{
        "code": "claimed_score_differs", "rule": "Q8", "rule_url": "/rules/Q8",
        "location": "claimed.younger",
        "message": "The younger hand claims 38, but the cards give 41 (3 fewer: perhaps 3 of "
                   "the 9 points in play missed).",
        "message_code": "claimed_score_differs.fewer.why",
        "params": {"hand": "younger", "claimed": 38, "ruled": 41, "gap": 3,
                   "why": ["3 of the 9 points in play missed"]}}]


def claimed_hints(client: FlaskClient, claimed: dict[str, int]) -> list[list[dict[str, str]]]:
    """``deals:score`` of Q10 (Bill elder 11, Ann younger 41) with ``claimed``: each
    difference's hints."""
    response = client.post("/v1/piquet/deals:score", json={**full_q10(), "claimed": claimed})
    assert response.status_code == 200, response.json
    assert response.json["claimed_ok"] is False
    return [d.get("hints", []) for d in response.json["claim"]["differences"]]


def test_q10_claims_off_by_a_pique_a_repique_swapped_or_negative(client: FlaskClient) -> None:
    swapped = claimed_hints(client, {"elder": 41, "younger": 11})
    assert [[h["code"] for h in d] for d in swapped] == [["columns_swapped"], ["columns_swapped"]]
    assert swapped[0][0]["rule"] == "Q1"
    [[pique]] = claimed_hints(client, {"elder": 11, "younger": 71})
    assert (pique["code"], pique["rule"]) == ("pique_not_given", "Q7")
    assert "the elder hand scored (the three aces: 3) while the younger hand had 22" \
        in pique["message"]
    [[repique]] = claimed_hints(client, {"younger": 101})
    assert (repique["code"], repique["rule"]) == ("repique_not_given", "Q7")
    [[negative]] = claimed_hints(client, {"younger": -41})
    assert negative == {"code": "negative_total", "rule": "Q8", "message":
                        "a deal's points are never negative: perhaps 41, the minus sign a slip",
                        "params": {"who": "younger", "claimed": -41, "ruled": 41}}
    # The violation says it too.
    answer = client.post("/v1/piquet/deals:score",
                         json={**full_q10(), "claimed": {"younger": 71}}).json
    assert answer["violations"][0]["message"].startswith(
        "The younger hand claims 71, but the cards give 41 (30 more: perhaps a pique (30) "
        "counted, but the cards give the younger hand none")


def test_claims_that_agree_and_no_claim(client: FlaskClient) -> None:
    agreed = client.post("/v1/piquet/deals:score",
                         json={**full_q10(), "claimed": {"elder": 11, "younger": 41}}).json
    assert agreed["claimed_ok"] is True
    assert agreed["claim"] == {"code": "claim_agrees", "agrees": True, "parts_at": None,
                               "differences": []}
    assert agreed["violations"] == []
    plain = client.post("/v1/piquet/deals:score", json=full_q10()).json
    assert plain["claimed_ok"] is None and plain["claim"] is None
    assert plain["level"] == "cards"
    assert plain["counts"][0]["what"] == "point of six, 57"


def test_a_malformed_sequence_is_refused(client: FlaskClient) -> None:
    """",,," is refused (400, located) rather than read as no sequence."""
    body = {**full_q10(), "declarations": {"elder": {"point": 5, "sequence": ",,,"}}}
    response = client.post("/v1/piquet/deals:score", json=body)
    assert response.status_code == 400
    [message] = response.json["errors"]["declarations.elder.sequence"]
    assert "leave it out (null)" in message
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    step = post_step(client, match_id, type="declaration", role="elder", sequence=",,,")
    assert step.status_code == 400
    assert list(step.json["errors"]) == ["sequence"]


REVOKE_TRICKS = [t.split() for t in
                 "KS AS|KC AC|QS 9H|TS JS|QC 7C|JC 8S|TC JH|9C 8H|8C JD|QH AH|AD KD|9S 7S"
                 .split("|")]


def test_a_revoke_recorded_anyway_with_the_tables_penalty(client: FlaskClient) -> None:
    """Q12: Ann revokes in trick 3 (♥9 on ♠Q); the deal cannot be replayed."""
    body = {"tricks": REVOKE_TRICKS,
            "irregular": [{"code": "revoke", "location": "tricks[2][1]"}]}
    replay = client.post("/v1/piquet/deals:score", json=body).json
    assert [v["code"] for v in replay["violations"]] == ["replay_required"]
    assert replay["irregularities"][0]["law"] == "PT 59 IV"
    nothing = client.post("/v1/piquet/deals:score",
                          json={**body, "options": {"revoke": "reckon_nothing"}}).json
    assert nothing["violations"] == []
    assert nothing["scores"] == {"elder": 11, "younger": 0}
    assert nothing["irregularities"][0] == {
        "kind": "revoke", "who": "younger", "law": "PT 59 IV", "location": "tricks[2][1]",
        "penalty": "reckon_nothing",
        "consequence": "The younger hand revoked in trick 3 (the nine of hearts on the queen "
                       "of spades) and the deal cannot be replayed: it is played out as played "
                       "and the younger hand reckons nothing this deal, its counts still "
                       "barring a pique or repique of the elder hand (table option)."}
    assert nothing["counts"][-1]["stage"] == "penalty"
    bad = client.post("/v1/piquet/deals:score",
                      json={**body, "options": {"revoke": "fine"}})
    assert bad.status_code == 400
