"""The cards of an earlier deal entered step by step, as the match body shows it:
``reentry`` says which deal's cards are being entered (not a new deal being played), ``next``
is that deal's turn, the standings and the ledger keep the deal as entered (disputed) until
its last card rules it, and ``reentry.undo_steps`` undos take the whole entry back.

Piquet between Bill and Ann (Ann deals deal 1, Bill is elder; the Q10 deal: Bill 11,
Ann 41). Pitch between Ann, Bob and Cid (Ann deals hand 1; Bob pitches hearts for 2 and is
set back: Ann 0, Bob −2, Cid +4).
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.deals import (
    BOB_SET_BACK_TRICKS,
    Q10_DEALT,
    Q10_EXCHANGE,
    Q10_RECORD,
    Q10_TALON,
    Q10_TRICKS,
    random_piquet_record,
)
from tests.api.test_matches_agreement import Table


def _step(table: Table, who: str, **body: Any) -> dict[str, Any]:
    response = table.post("/events", body, who=who)
    assert response.status_code == 201, (body, response.json)
    return response.json["match"]


def _points(match: dict[str, Any]) -> dict[str, int]:
    return {s["name"]: s["score"] for s in match["standings"]}


def test_piquet_the_body_names_the_deal_whose_cards_are_entered(client: FlaskClient) -> None:
    table = Table(client)
    table.join()
    table.deal(Q10_RECORD, who="Bill")
    assert table.post("/deals/1/dispute", {"reason": "I count 38"}, who="Ann").status_code == 200
    table.deal(random_piquet_record(3), who="Ann")  # deal 2: Bill deals, Ann is elder
    before = table.get()
    assert before["reentry"] is None and before["deal_number"] == 3
    standings = _points(before)

    match = _step(table, "Ann", type="deal_started", deal=1, dealt=Q10_DEALT, talon=Q10_TALON)
    # The deal in progress is deal 1 again, as it was dealt: Ann deals, Bill is elder.
    assert match["reentry"] == {"deal": 1, "level": "cards", "agreement": "disputed",
                                "undo_steps": 1}
    assert match["deal_in_progress"] is True and match["deal_number"] == 1
    assert (match["dealer"]["player"], match["elder"], match["younger"]) == ("Ann", "Bill",
                                                                             "Ann")
    nxt = match["next"]
    assert (nxt["action"], nxt["player"], nxt["role"]) == ("card", "Bill", "elder")
    assert {"type": "exchange"} in nxt["also"]
    match = _step(table, "Ann", type="exchange", **Q10_EXCHANGE)
    # Q4: Bill holds his twelve after the exchange and may lead any of them (Q6).
    held = set(Q10_DEALT["elder"]) - set(Q10_EXCHANGE["elder"]) | set(Q10_TALON[:5])
    assert set(match["next"]["legal_cards"]) == held
    match = _step(table, "Ann", type="card", card="KS")
    # Ann must follow spades with the ♠A, ♠J or ♠7 she holds (Q6).
    assert (match["next"]["player"], match["next"]["role"]) == ("Ann", "younger")
    assert set(match["next"]["legal_cards"]) == {"AS", "JS", "7S"}
    match = _step(table, "Ann", type="card", card="AS")
    assert match["next"]["player"] == "Ann"  # she won the trick: she leads
    assert match["reentry"]["undo_steps"] == 4
    # Until its last card, deal 1 counts as entered and stays disputed.
    assert _points(match) == standings and match["disputed"] == [1]
    assert table.ledger_item(1)["agreement"] == "disputed"
    assert match["current_deal"]["tricks"] == [["KS", "AS"]]

    # Give up: that many undos take the entry back; deal 1 is disputed as before.
    for _ in range(match["reentry"]["undo_steps"]):
        assert table.post("/undo", {}, who="Ann").status_code == 200
    after = table.get()
    assert after["reentry"] is None and after["deal_in_progress"] is False
    assert after["deal_number"] == 3 and after["disputed"] == [1]
    assert _points(after) == standings
    assert (after["dealer"]["player"], after["elder"]) == ("Ann", "Bill")  # deal 3
    assert after["next"]["player"] == "Bill"


def test_piquet_the_last_card_rules_the_deal_and_ends_the_reentry(client: FlaskClient) -> None:
    table = Table(client)
    table.join()
    table.deal(Q10_RECORD, who="Bill")
    assert table.post("/deals/1/dispute", {"reason": "count again", "claim": {
        "totals": {"scores": {"elder": 14, "younger": 38}}}}, who="Ann").status_code == 200
    cards = [c for trick in Q10_TRICKS for c in trick]
    match = _step(table, "Bill", type="card", card=cards[0], deal=1)
    assert match["reentry"]["deal"] == 1 and match["reentry"]["undo_steps"] == 1
    for card in cards[1:-1]:
        match = _step(table, "Bill", type="card", card=card)
    assert match["reentry"]["undo_steps"] == 23 and match["disputed"] == [1]
    assert match["next"]["player"] == "Ann"  # she follows Bill's ♠9, the last card (Q10)
    match = _step(table, "Bill", type="card", card=cards[-1])
    assert match["reentry"] is None and match["deal_in_progress"] is False
    assert match["disputed"] == [] and match["deal_number"] == 2
    item = table.ledger_item(1)
    assert (item["agreement"], item["level"]) == ("ruled", "cards")
    assert item["scores"] == {"Bill": 11, "Ann": 41}
    # Each side's claim beside the ruling: Bill's entry agrees, Ann's totals part from it.
    by_side = {c["side"]: c["comparison"] for c in item["claims"]}
    assert by_side["Bill"]["agrees"] is True and by_side["Ann"]["agrees"] is False
    # An undo takes back the last card and the ruling: the entry goes on.
    undone = table.post("/undo", {}, who="Bill")
    assert undone.status_code == 200
    assert undone.json["reentry"] == {"deal": 1, "level": "cards", "agreement": "disputed",
                                      "undo_steps": 23}


def test_piquet_reentry_after_the_partie_ended_is_not_over(client: FlaskClient) -> None:
    """The partie ended with deal 6 disputed: its result is withheld, and entering deal 6's
    cards step by step is a deal in progress with a turn, not "the match is over"."""
    table = Table(client)
    table.join()
    records = [random_piquet_record(seed) for seed in range(10, 16)]
    for k, record in enumerate(records):
        table.deal(record, who="Bill" if k % 2 else "Ann")
    match = table.get()
    assert match["finished"] is True, "six deals end the partie (Q9) unless tied"
    assert table.post("/deals/6/dispute", {"reason": "no"}, who="Ann").status_code == 200
    assert table.get()["settlement_withheld"]
    first = records[5]["tricks"][0][0]
    match = _step(table, "Ann", type="card", card=first, deal=6)
    assert match["reentry"]["deal"] == 6 and match["reentry"]["agreement"] == "disputed"
    assert match["next"]["action"] == "card" and match["next"]["player"] is not None
    assert match["deal_in_progress"] is True


def test_pitch_totals_checked_by_the_cards_step_by_step(client: FlaskClient) -> None:
    table = Table(client, "pitch", ["Ann", "Bob", "Cid"])
    table.join()
    table.deal({"totals": {"scores": [0, 2, 0], "pitcher": 1, "bid": 2}}, who="Bob")
    assert table.post("/deals/1/dispute", {"reason": "Bob was set"}, who="Cid").status_code \
        == 200

    match = _step(table, "Cid", type="bid", call=2, deal=1)  # the bids come first (P3)
    assert match["reentry"] == {"deal": 1, "level": "totals", "agreement": "disputed",
                                "undo_steps": 1}
    assert match["deal_number"] == 1 and match["dealer"]["player"] == "Ann"
    assert (match["next"]["action"], match["next"]["player"]) == ("bid", "Cid")
    match = _step(table, "Cid", type="bid", call="pass")
    match = _step(table, "Cid", type="bid", call="pass")
    assert (match["next"]["action"], match["next"]["player"]) == ("card", "Bob")  # he pitches
    cards = [c for trick in BOB_SET_BACK_TRICKS for c in trick]
    for card in cards[:-1]:
        match = _step(table, "Cid", type="card", card=card)
    assert match["reentry"]["undo_steps"] == 20
    assert _points(match) == {"Ann": 0, "Bob": 2, "Cid": 0}, "as entered until the last card"
    assert table.ledger_item(1)["agreement"] == "disputed"
    match = _step(table, "Cid", type="card", card=cards[-1])
    assert match["reentry"] is None and match["disputed"] == []
    assert _points(match) == {"Ann": 0, "Bob": -2, "Cid": 4}
    item = table.ledger_item(1)
    assert item["agreement"] == "ruled"
    entry = next(c for c in item["claims"] if c["entry"])
    assert entry["comparison"]["agrees"] is False and entry["comparison"]["parts_at"]


def test_no_whole_deal_of_cards_while_another_is_entered_step_by_step(
    client: FlaskClient,
) -> None:
    """Deal 2's cards sent whole while deal 1's are entered step by step would be undone with
    deal 1's last step: refused until deal 1's entry is finished or given up."""
    table = Table(client)
    table.join()
    table.deal(Q10_RECORD, who="Bill")
    table.deal(random_piquet_record(3), who="Ann")
    assert table.post("/deals/1/dispute", {"reason": "x"}, who="Ann").status_code == 200
    assert table.post("/deals/2/dispute", {"reason": "x"}, who="Bill").status_code == 200
    _step(table, "Ann", type="card", card="KS", deal=1)
    refused = table.post("/deals/2/cards", random_piquet_record(3), who="Ann")
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "deal_in_progress"
    assert table.post("/undo", {}, who="Ann").status_code == 200  # given up
    assert table.post("/deals/2/cards", random_piquet_record(3), who="Ann").status_code == 201


def test_a_new_deal_in_progress_is_no_reentry(client: FlaskClient) -> None:
    table = Table(client, "pitch", ["Ann", "Bob", "Cid"])
    match = _step(table, "write", type="bid", call=2)
    assert match["deal_in_progress"] is True and match["reentry"] is None
