"""The last deal of a match over HTTP (README "Agreement"): on one phone it confirms itself as
the match ends; with seats it waits for the other side, and until then the settlement (Piquet)
or the winner (Pitch) is marked provisional, the match says how to confirm, and ``GET …/me``
lists the deal for the phones that may confirm it.

The Piquet partie between Bill and Ann at 0.10 a point, entered as totals: odd deals elder 30,
younger 12; even deals elder 11, younger 41. Bill 213, Ann 69: rubiconed, she pays 213 + 69 +
100 = 382 points = 38.20.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.test_matches_agreement import Table

TOTALS = [{"scores": {"elder": 30, "younger": 12}}, {"scores": {"elder": 11, "younger": 41}}]


def partie(table: Table, who: str = "write") -> dict[str, Any]:
    for number in range(1, 7):
        table.deal({"totals": TOTALS[(number - 1) % 2]}, who)
    match: dict[str, Any] = table.get()
    assert match["finished"] is True
    assert {s["name"]: s["score"] for s in match["standings"]} == {"Bill": 213, "Ann": 69}
    return match


def test_one_phone_for_everyone_the_settlement_is_final(client: FlaskClient) -> None:
    table = Table(client, stake="0.10", currency="EUR")
    match = partie(table)
    settlement = match["settlement"]
    assert (settlement["payment"], settlement["amount"]) == (382, "38.20")
    assert (settlement["provisional"], settlement["provisional_deals"]) == (False, [])
    assert match["provisional"] == [] and match["provisional_result"] is None
    assert table.ledger_item(6)["agreement"] == "confirmed"
    assert table.ledger_item(6)["agreed_by"] == "auto"
    assert table.get("/me")["to_confirm"] == []


def test_seats_joined_the_settlement_is_provisional_until_the_other_side_confirms(
    client: FlaskClient,
) -> None:
    table = Table(client, stake="0.10", currency="EUR")
    table.join()
    match = partie(table, who="Bill")
    assert match["settlement"]["provisional"] is True
    assert match["settlement"]["provisional_deals"] == [1, 2, 3, 4, 5, 6]
    result = match["provisional_result"]
    assert result["deals"] == [1, 2, 3, 4, 5, 6]
    assert result["message"] == ("Provisional until deals 1, 2, 3, 4, 5 and 6 are confirmed, "
                                 "from Ann's phone.")
    assert result["confirm"][5] == {"deal": 6, "by": ["seat:Ann"],
                                    "path": f"/v1/matches/{table.id}/deals/6/confirm"}
    # GET …/me agrees: only Ann's phone has them to confirm.
    assert table.get("/me", who="Ann")["to_confirm"] == [1, 2, 3, 4, 5, 6]
    assert table.get("/me", who="Bill")["to_confirm"] == []
    assert table.get("/me")["to_confirm"] == []
    for way in result["confirm"]:
        etag = client.get(table.url(), headers={"Authorization": f"Bearer {table.write}"})
        confirmed = client.post(way["path"], json={}, headers={
            "Authorization": f"Bearer {table.seats['Ann']}", "If-Match": etag.headers["ETag"]})
        assert confirmed.status_code == 200, confirmed.json
    match = table.get()
    assert match["settlement"]["provisional"] is False
    assert match["provisional_result"] is None
    assert table.get("/me", who="Ann")["to_confirm"] == []


def test_auto_confirm_off_on_one_phone_the_shared_phone_confirms(client: FlaskClient) -> None:
    table = Table(client, auto_confirm=False)
    match = partie(table)
    assert match["provisional_result"]["message"].endswith("from the shared phone.")
    assert table.get("/me")["to_confirm"] == [1, 2, 3, 4, 5, 6]
    assert table.get("/me", who="read")["to_confirm"] == []
    for number in range(1, 7):
        assert table.post(f"/deals/{number}/confirm", {}).status_code == 200
    assert table.get()["settlement"]["provisional"] is False


def test_the_last_pitch_hand_the_winner_is_provisional_until_confirmed(
    client: FlaskClient,
) -> None:
    """To 7: Cid pitches 4 and makes all four points in hands 1 and 2 (P4, P6, P7)."""
    hand = {"totals": {"scores": [0, 0, 4], "pitcher": 2, "bid": 4}}
    alone = Table(client, "pitch", ["Ann", "Bob", "Cid"], target=7)
    alone.deal(hand)
    match = alone.deal(hand)["match"]
    assert (match["winner"], match["provisional_result"]) == ("Cid", None)
    assert alone.ledger_item(2)["agreed_by"] == "auto"
    seated = Table(client, "pitch", ["Ann", "Bob", "Cid"], target=7)
    seated.join()
    seated.deal(hand, who="Cid")
    match = seated.deal(hand, who="Cid")["match"]
    assert match["winner"] == "Cid" and match["settlement"] is None
    assert match["provisional_result"]["message"] == (
        "Provisional until hands 1 and 2 are confirmed, from Ann's phone or Bob's phone.")
    assert seated.get("/me", who="Bob")["to_confirm"] == [1, 2]
    assert seated.get("/me", who="Cid")["to_confirm"] == []


# ------------------------------------------------------------------ the fold cache's copies


def test_a_write_refused_after_its_decision_does_not_change_who_may_undo(
    client: FlaskClient,
) -> None:
    """Bill's phone sends deal 2 under the Idempotency-Key of its deal 1: refused (422, the
    key was used for another request) after the referee had decided deal 2's events. The
    shared phone then voids deal 1: that void is the last entry, the shared phone's, and
    Bill's seat may not take it back."""
    table = Table(client)
    table.join()

    def bills_deal(record: dict[str, Any]) -> Any:
        etag = client.get(table.url(), headers={"Authorization": f"Bearer {table.write}"})
        return client.post(table.url("/deals"), json=record, headers={
            "Authorization": f"Bearer {table.seats['Bill']}", "If-Match": etag.headers["ETag"],
            "Idempotency-Key": "bill-deal-1"})

    assert bills_deal({"totals": TOTALS[0]}).status_code == 201
    reused = bills_deal({"totals": TOTALS[1]})
    assert reused.status_code == 422, reused.json
    voided = table.post("/deals/1/void", {"reason": "misdeal"})
    assert voided.status_code == 200, voided.json
    refused = table.post("/undo", {"reason": "not mine"}, who="Bill")
    assert refused.status_code == 422, refused.json
    assert refused.json["violations"][0]["code"] == "not_your_entry"
    assert table.post("/undo", {"reason": "wrong deal"}).status_code == 200
