"""Corrections of a stored match over HTTP: void, amend, undo (docs/records.md).

A correction is a new event: the corrected events stay in the log and in the ledger, and the
standings are recomputed from what still counts. Piquet match ["Bill", "Ann"]: Ann deals
deal 1, so Bill is elder in odd deals (Q1).
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from referee.piquet import deal_from_record, rule_deal
from tests.api.deals import (
    Q10_RECORD,
    create_match,
    full_log,
    post_step,
    random_piquet_record,
    read_match,
    record_deal,
    record_q10_steps,
    standings,
)

PLAYERS = ["Bill", "Ann"]


def _scores(record: dict[str, Any]) -> tuple[int, int]:
    """(elder, younger) points of a deal, from the engine."""
    scores = rule_deal(deal_from_record(record)).scores
    return scores["elder"], scores["younger"]


def _two_deals(client: FlaskClient) -> tuple[str, dict[str, int]]:
    """Q10 (Bill elder: 11, Ann 41) then a random deal with Ann elder; returns the id and
    deal 2's points per player."""
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    record_deal(client, match_id, Q10_RECORD)
    second = random_piquet_record(0)
    elder, younger = _scores(second)
    record_deal(client, match_id, second)
    return match_id, {"Ann": elder, "Bill": younger}


def _ledger(client: FlaskClient, match_id: str) -> list[dict[str, Any]]:
    response = client.get(f"/v1/matches/{match_id}/ledger")
    assert response.status_code == 200, response.json
    assert response.json["next_cursor"] is None
    return response.json["items"]


def _kinds(client: FlaskClient, match_id: str) -> list[str]:
    return [event["kind"] for event in full_log(client, match_id)]


def test_voiding_a_deal_changes_standings_and_keeps_both_events(client: FlaskClient) -> None:
    match_id, second = _two_deals(client)
    assert standings(read_match(client, match_id)) == {
        "Bill": 11 + second["Bill"], "Ann": 41 + second["Ann"],
    }
    response = client.post(f"/v1/matches/{match_id}/deals/1/void",
                           json={"reason": "misdeal: Ann dealt 13 cards", "by": "Ann"})
    assert response.status_code == 200, response.json
    match = response.json
    assert standings(match) == second
    assert match["deals_played"] == 1
    assert match["deal_number"] == 3
    items = _ledger(client, match_id)
    assert [(i["deal"], i["status"]) for i in items] == [(1, "voided"), (2, "live")]
    assert items[0]["scores"] == {"Bill": 11, "Ann": 41}  # still shown, no longer counted
    assert items[0]["totals"] == {"Bill": 0, "Ann": 0}
    assert items[1]["totals"] == second
    correction = items[0]["corrections"][0]
    assert (correction["kind"], correction["reason"], correction["by"]) == (
        "deal_voided", "misdeal: Ann dealt 13 cards", "Ann",
    )
    assert _kinds(client, match_id) == [
        "match_created", "deal_recorded", "deal_scored", "deal_recorded", "deal_scored",
        "deal_voided",
    ]
    # A voided deal cannot be voided again; a void needs a reason.
    again = client.post(f"/v1/matches/{match_id}/deals/1/void", json={"reason": "twice"})
    assert again.status_code == 422
    assert again.json["violations"][0]["code"] == "no_such_deal"
    assert client.post(f"/v1/matches/{match_id}/deals/2/void", json={}).status_code == 400
    assert client.post(f"/v1/matches/{match_id}/deals/9/void",
                       json={"reason": "none"}).status_code == 422
    assert read_match(client, match_id)["version"] == 6


def test_amending_a_deal_rules_it_again_and_keeps_the_old_record(client: FlaskClient) -> None:
    """A deal put right before the next is dealt is ruled again, the old record kept; once
    the next deal is dealt the count stands (PT 70: "until he has seen his next hand")."""
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    record_deal(client, match_id, Q10_RECORD)
    corrected = random_piquet_record(1)
    elder, younger = _scores(corrected)  # deal 1: Bill elder
    response = client.post(
        f"/v1/matches/{match_id}/deals/1/amend",
        json={"record": corrected, "reason": "the tricks were written wrong"},
    )
    assert response.status_code == 200, response.json
    assert response.json["deal"] == 1
    assert response.json["scores"] == {"Bill": elder, "Ann": younger}
    expected = {"Bill": elder, "Ann": younger}
    assert (elder, younger) != (11, 41)
    assert standings(response.json["match"]) == expected
    items = _ledger(client, match_id)
    assert items[0]["amended"] is True and items[0]["status"] == "live"
    assert items[0]["record"]["tricks"] == corrected["tricks"]
    assert items[0]["corrections"][0]["reason"] == "the tricks were written wrong"
    assert items[0]["totals"] == expected
    log = full_log(client, match_id)
    assert [e["kind"] for e in log][-2:] == ["deal_amended", "deal_scored"]
    assert log[1]["payload"]["record"]["tricks"] == Q10_RECORD["tricks"]  # the original stays
    # An amendment that breaks the rules is refused and stores nothing: Bill announces a
    # quint he does not hold (Q5).
    bad = {**Q10_RECORD, "declarations": {"elder": {"point": 5, "sequence": "quint"}}}
    refused = client.post(f"/v1/matches/{match_id}/deals/1/amend",
                          json={"record": bad, "reason": "oops"})
    assert refused.status_code == 422
    assert len(full_log(client, match_id)) == len(log)
    # Undo takes the amendment back: deal 1 is Q10 again.
    undone = client.post(f"/v1/matches/{match_id}/undo", json={"reason": "wrong deal amended"})
    assert undone.status_code == 200, undone.json
    assert standings(undone.json) == {"Bill": 11, "Ann": 41}
    assert _ledger(client, match_id)[0]["amended"] is False
    # PT 70: deal 2 dealt, deal 1 can no longer be put right; deal 2 still can.
    record_deal(client, match_id, random_piquet_record(0))
    late = client.post(f"/v1/matches/{match_id}/deals/1/amend",
                       json={"record": corrected, "reason": "seen too late"})
    assert late.status_code == 422, late.json
    [violation] = late.json["violations"]
    assert (violation["code"], violation["rule"]) == ("amend_too_late", "PT 70")
    assert client.post(f"/v1/matches/{match_id}/deals/2/amend",
                       json={"record": random_piquet_record(3), "reason": "tricks"},
                       ).status_code == 200


def test_undo_of_the_last_card_puts_the_deal_back_in_progress(client: FlaskClient) -> None:
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    scored = record_q10_steps(client, match_id)
    assert standings(scored["match"]) == {"Bill": 11, "Ann": 41}
    last_card, deal_scored = (e["seq"] for e in scored["events"])
    response = client.post(f"/v1/matches/{match_id}/undo",
                           json={"reason": "Ann played the wrong card", "by": "Bill"})
    assert response.status_code == 200, response.json
    match = response.json
    assert match["deal_in_progress"] is True and match["deal_number"] == 1
    assert match["deals_played"] == 0
    assert standings(match) == {"Bill": 0, "Ann": 0}
    assert match["next"]["player"] == "Ann"
    assert match["next"]["legal_cards"] == ["9H"]
    log = full_log(client, match_id)
    assert log[-1]["kind"] == "undo"
    assert log[-1]["payload"]["voids"] == [last_card, deal_scored]
    assert [e["kind"] for e in log[-3:-1]] == ["card", "deal_scored"]  # nothing is removed
    assert _ledger(client, match_id) == []
    # Playing the card again scores the deal again.
    again = post_step(client, match_id, type="card", card="9H")
    assert again.status_code == 201, again.json
    assert standings(again.json["match"]) == {"Bill": 11, "Ann": 41}
    # A second undo takes back that card; a third the card before it (♠9, Bill's lead).
    client.post(f"/v1/matches/{match_id}/undo", json={})
    third = client.post(f"/v1/matches/{match_id}/undo", json={}).json
    assert (third["next"]["player"], third["next"]["role"]) == ("Bill", "elder")
    assert third["next"]["legal_cards"] == ["9S"]


def test_undo_of_a_whole_deal_and_of_everything(client: FlaskClient) -> None:
    match_id, _ = _two_deals(client)
    response = client.post(f"/v1/matches/{match_id}/undo", json={"reason": "wrong match"})
    assert response.status_code == 200, response.json
    match = response.json
    assert standings(match) == {"Bill": 11, "Ann": 41}
    assert (match["deal_number"], match["deals_played"]) == (2, 1)
    assert (match["dealer"]["player"], match["elder"]) == ("Bill", "Ann")
    assert [i["deal"] for i in _ledger(client, match_id)] == [1]
    log = full_log(client, match_id)
    assert log[-1]["payload"]["voids"] == [4, 5]  # deal_recorded and deal_scored of deal 2
    # The deal can be recorded again, as deal 2.
    assert record_deal(client, match_id, random_piquet_record(0))["deal"] == 2
    client.post(f"/v1/matches/{match_id}/undo", json={})
    match = client.post(f"/v1/matches/{match_id}/undo", json={}).json
    assert standings(match) == {"Bill": 0, "Ann": 0}
    assert match["deal_number"] == 1 and match["dealer"]["player"] == "Ann"
    nothing = client.post(f"/v1/matches/{match_id}/undo", json={})
    assert nothing.status_code == 422
    assert nothing.json["violations"][0]["code"] == "nothing_to_undo"


def test_undo_of_a_void_counts_the_deal_again(client: FlaskClient) -> None:
    match_id, second = _two_deals(client)
    client.post(f"/v1/matches/{match_id}/deals/2/void", json={"reason": "played twice"})
    assert standings(read_match(client, match_id)) == {"Bill": 11, "Ann": 41}
    match = client.post(f"/v1/matches/{match_id}/undo", json={}).json
    assert standings(match) == {"Bill": 11 + second["Bill"], "Ann": 41 + second["Ann"]}
    assert [i["status"] for i in _ledger(client, match_id)] == ["live", "live"]
