"""Two phones, one deal, over HTTP: an entry says which deal it was written for (``deal``), a
step where it belongs (``at``); the API refuses what meets a filled place or is not the next
one with 409 problem+json carrying what is there and the match (with its ETag), and stores
nothing.

Piquet: Bill and Ann, each on a seat of their own. Ann deals deal 1 (Bill elder), Bill deals
deal 2 (Ann elder), Ann deal 3 (Bill elder) (Q1). Pitch: Ann, Bob, Cid; Ann deals deal 1.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.test_matches_agreement import Table, bearer
from tests.match.test_clash import ANN_AS_DEAL_3, ANN_DEAL_2, Q10_SHEET

PROBLEMS = "https://referee.example/problems/"


def seated(client: FlaskClient) -> Table:
    """Bill and Ann on their own phones; deal 1 (Q10 by score sheet) entered by Bill."""
    table = Table(client)
    table.join()
    table.deal({"sheet": Q10_SHEET, "deal": 1}, who="Bill")
    return table


def send(table: Table, path: str, body: dict[str, Any], who: str, if_match: str) -> Any:
    """A phone sending what it queued, against the version it last read."""
    return table.client.post(table.url(path), json=body,
                             headers={**bearer(table.token(who)), "If-Match": if_match})


def test_case_1_the_sheet_clash_counts_deal_2_once_with_ann_28_bill_6(
    client: FlaskClient,
) -> None:
    """Ann's phone, offline, queues deal 2 by score sheet (elder 28, younger 6); Bill's phone
    records its own line for deal 2. Back online Ann's phone meets 412, sends again against
    the new version and gets 409 with Bill's line by player name: nothing stored, deal 2 is
    counted once, Ann 28 Bill 6."""
    table = seated(client)
    offline = client.get(table.url()).headers["ETag"]  # what Ann's phone last read
    table.deal({"sheet": ANN_DEAL_2, "deal": 2}, who="Bill")  # Bill's phone, meanwhile
    queued = {"sheet": ANN_DEAL_2, "deal": 2}
    stale = send(table, "/deals", queued, "Ann", offline)
    assert stale.status_code == 412
    moved = stale.headers["ETag"]
    log = table.get("/log")["items"]
    clash = send(table, "/deals", queued, "Ann", moved)
    assert clash.status_code == 409, clash.json
    assert clash.mimetype == "application/problem+json"
    body = clash.json
    assert body["type"] == PROBLEMS + "deal-already-recorded"
    assert body["title"] == "Deal already recorded"
    assert body["deal"] == 2
    existing = body["existing"]
    assert {k: existing[k] for k in ("deal", "level", "dealer", "elder", "younger",
                                     "entered_by", "agreement", "scores")} == {
        "deal": 2, "level": "sheet", "dealer": "Bill", "elder": "Ann", "younger": "Bill",
        "entered_by": "seat:Bill", "agreement": "provisional",
        "scores": {"Bill": 6, "Ann": 28}}
    assert existing["entry"] == {"sheet": ANN_DEAL_2}
    assert body["match"]["version"] == table.get()["version"]
    assert clash.headers["ETag"] == moved == f'"v{body["match"]["version"]}"'
    assert body["match"]["next_deal"] == {"number": 3, "dealer": "Ann", "elder": "Bill",
                                          "younger": "Ann"}
    assert table.get("/log")["items"] == log  # nothing stored
    ledger = table.get("/ledger")["items"]
    assert [(i["deal"], i["scores"]) for i in ledger] == [
        (1, {"Bill": 11, "Ann": 41}), (2, {"Bill": 6, "Ann": 28})]
    assert {s["name"]: s["score"] for s in table.get()["standings"]} == {"Bill": 17, "Ann": 69}


def test_this_was_another_deal_is_recorded_as_deal_3_mapped_by_player(
    client: FlaskClient,
) -> None:
    """Ann's line was another deal: the page maps it by player onto deal 3 (the match's
    ``next_deal``: Ann is younger there) and sends it as deal 3: Ann 28, Bill 6."""
    table = seated(client)
    table.deal({"sheet": ANN_DEAL_2, "deal": 2}, who="Bill")
    clash = table.post("/deals", {"sheet": ANN_DEAL_2, "deal": 2}, who="Ann")
    assert clash.status_code == 409
    nxt = clash.json["match"]["next_deal"]
    assert (nxt["number"], nxt["elder"], nxt["younger"]) == (3, "Bill", "Ann")
    answer = send(table, "/deals", {"sheet": ANN_AS_DEAL_3, "deal": 3}, "Ann",
                  clash.headers["ETag"])
    assert answer.status_code == 201, answer.json
    assert answer.json["deal"] == 3
    assert answer.json["scores"] == {"Bill": 6, "Ann": 28}
    ledger = table.get("/ledger")["items"]
    assert [i["deal"] for i in ledger] == [1, 2, 3]
    assert ledger[2]["scores"] == {"Bill": 6, "Ann": 28}


def test_a_deal_beyond_the_next_is_409_not_next(client: FlaskClient) -> None:
    table = seated(client)
    log = table.get("/log")["items"]
    for number in (3, 0):
        refused = table.post("/deals", {"sheet": ANN_DEAL_2, "deal": number}, who="Ann")
        assert refused.status_code == 409, refused.json
        assert refused.json["type"] == PROBLEMS + "deal-not-next"
        assert (refused.json["deal"], refused.json["next_deal"]) == (number, 2)
        assert refused.json["match"]["next_deal"]["number"] == 2
        assert refused.headers["ETag"] == f'"v{refused.json["match"]["version"]}"'
    assert table.get("/log")["items"] == log


def test_without_deal_an_entry_is_the_next_deal_as_before(client: FlaskClient) -> None:
    table = seated(client)
    body = table.deal({"sheet": ANN_DEAL_2}, who="Bill")
    assert (body["deal"], body["scores"]) == (2, {"Bill": 6, "Ann": 28})
    cards = table.deal({"totals": {"scores": {"elder": 30, "younger": 12}}}, who="Bill")
    assert cards["deal"] == 3
    assert table.get()["next_deal"] == {"number": 4, "dealer": "Bill", "elder": "Ann",
                                        "younger": "Bill"}


def test_pitch_a_second_entry_for_deal_1_is_409(client: FlaskClient) -> None:
    """Pitch: Bob pitched for 2 and Cid took all four: Ann 0, Bob −2, Cid 4 (P6)."""
    table = Table(client, "pitch", ["Ann", "Bob", "Cid"], target=7)
    totals = {"totals": {"scores": [0, -2, 4], "pitcher": 1, "bid": 2}, "deal": 1}
    assert table.get()["next_deal"] == {"number": 1, "dealer": "Ann"}
    table.deal(totals)
    clash = table.post("/deals", totals)
    assert clash.status_code == 409, clash.json
    assert clash.json["existing"]["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    assert clash.json["existing"]["dealer"] == "Ann"
    assert clash.json["existing"]["entry"] == {"totals": {"scores": [0, -2, 4], "pitcher": 1,
                                                          "bid": 2}}
    assert "elder" not in clash.json["existing"]
    assert table.get()["next_deal"] == {"number": 2, "dealer": "Bob"}
    assert len(table.get("/ledger")["items"]) == 1
