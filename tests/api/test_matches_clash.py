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

from tests.api.deals import Q10_DEALT, Q10_DECLARATIONS, Q10_EXCHANGE, Q10_TALON, Q10_TRICKS
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


# ------------------------------------------------------------------------------- steps


def step(table: Table, who: str, if_match: str | None = None, dry_run: bool = False,
         **body: Any) -> Any:
    """A step sent by ``who``'s phone against ``if_match`` (else the current ETag)."""
    headers = {**bearer(table.token(who)),
               "If-Match": if_match or client_etag(table)}
    return table.client.post(table.url("/events"), json=body, headers=headers,
                             query_string={"dry_run": "true"} if dry_run else None)


def client_etag(table: Table) -> str:
    return str(table.client.get(table.url(), headers=bearer(table.write)).headers["ETag"])


def card_at(trick: int, position: int, deal: int = 1) -> dict[str, int]:
    return {"deal": deal, "trick": trick, "position": position}


def piquet_at_the_first_lead(client: FlaskClient) -> Table:
    """Bill and Ann seated; deal 1 (Q10) card by card: hands, exchange, Bill's declarations."""
    table = Table(client)
    table.join()
    for body in ({"type": "deal_started", "dealt": Q10_DEALT, "talon": Q10_TALON},
                 {"type": "exchange", **Q10_EXCHANGE},
                 {"type": "declaration", "role": "elder", **Q10_DECLARATIONS["elder"]}):
        answer = step(table, "Bill", **body, at={"deal": 1})
        assert answer.status_code == 201, answer.json
    return table


def test_two_phones_tap_the_same_trick_the_second_gets_409(client: FlaskClient) -> None:
    """Both phones tap Bill's lead ♠K at trick 1, card 1: Bill's is recorded; Ann's (sent
    again after its 412) gets 409 with Bill's, ``same`` true; a ♣A tapped there, false.
    Nothing is stored: trick 1 holds one card."""
    table = piquet_at_the_first_lead(client)
    match = table.get()
    assert match["next"]["at"] == card_at(1, 1)
    read = client_etag(table)
    first = step(table, "Bill", read, type="card", card="KS", at=match["next"]["at"])
    assert first.status_code == 201, first.json
    stale = step(table, "Ann", read, type="card", card="KS", at=card_at(1, 1))
    assert stale.status_code == 412
    log = table.get("/log")["items"]
    clash = step(table, "Ann", stale.headers["ETag"], type="card", card="K♠", at=card_at(1, 1))
    assert clash.status_code == 409, clash.json
    assert clash.mimetype == "application/problem+json"
    body = clash.json
    assert (body["type"], body["title"]) == (PROBLEMS + "step-already-recorded",
                                             "Already recorded")
    assert body["at"] == card_at(1, 1) and body["same"] is True
    assert body["existing"] == {"type": "card", "player": "Bill", "card": "KS",
                                "entered_by": "seat:Bill"}
    assert body["match"]["current_deal"]["tricks"] == [["KS"]]
    assert body["match"]["next"]["at"] == card_at(1, 2)
    assert clash.headers["ETag"] == f'"v{body["match"]["version"]}"'
    other = step(table, "Ann", type="card", card="AC", at=card_at(1, 1))
    assert other.status_code == 409 and other.json["same"] is False
    assert other.json["existing"]["card"] == "KS"
    assert table.get("/log")["items"] == log


def test_a_card_ahead_is_409_step_not_next(client: FlaskClient) -> None:
    table = piquet_at_the_first_lead(client)
    assert step(table, "Bill", type="card", card="KS", at=card_at(1, 1)).status_code == 201
    log = table.get("/log")["items"]
    for at in (card_at(2, 1), card_at(1, 2, deal=2)):
        ahead = step(table, "Ann", type="card", card="AS", at=at)
        assert ahead.status_code == 409, ahead.json
        assert ahead.json["type"] == PROBLEMS + "step-not-next"
        assert (ahead.json["at"], ahead.json["next_at"]) == (at, card_at(1, 2))
        assert ahead.json["match"]["next"]["at"] == card_at(1, 2)
    dry = step(table, "Ann", dry_run=True, type="card", card="AS", at=card_at(2, 1))
    assert dry.status_code == 409 and dry.json["type"] == PROBLEMS + "step-not-next"
    assert table.get("/log")["items"] == log
    wrong = step(table, "Ann", type="card", card="AS", at={"deal": 1, "bid": 2})
    assert wrong.status_code == 400 and "at" in wrong.json["errors"]


def test_the_q10_deal_card_by_card_next_at_and_next_deal(client: FlaskClient) -> None:
    """Every card sent where ``next.at`` says; the last card scores the deal (Bill 11, Ann
    41); then ``next.at`` is deal 2's first lead and ``next_deal`` deal 2 (Bill deals, Ann is
    elder); the other phone's last card is the same step, refused."""
    table = piquet_at_the_first_lead(client)
    for t, trick in enumerate(Q10_TRICKS, 1):
        for p, card in enumerate(trick, 1):
            match = table.get()
            assert (match["next"]["at"], match["deal_number"]) == (card_at(t, p), 1)
            assert match["next_deal"]["number"] == 1
            if (t, p) == (1, 2):
                assert step(table, "Ann", type="declaration", role="younger",
                            **Q10_DECLARATIONS["younger"], at={"deal": 1}).status_code == 201
            who = "Bill" if match["next"]["player"] == "Bill" else "Ann"
            answer = step(table, who, type="card", card=card, at=match["next"]["at"])
            assert answer.status_code == 201, answer.json
    assert answer.json["scored"]["scores"] == {"Bill": 11, "Ann": 41}
    match = answer.json["match"]
    assert match["next"]["at"] == card_at(1, 1, deal=2)
    assert match["next_deal"] == {"number": 2, "dealer": "Bill", "elder": "Ann",
                                  "younger": "Bill"}
    late = step(table, "Bill", type="card", card="9H", at=card_at(12, 2))
    assert late.status_code == 409, late.json
    assert late.json["same"] is True and late.json["existing"]["player"] == "Ann"
    assert len(table.get("/ledger")["items"]) == 1


def test_pitch_bids_and_cards_clash_by_place(client: FlaskClient) -> None:
    """Ann deals, Bob bids first (P3). Bob's 2 at bid 1 from two phones: the second is the
    same; a bid 3 places ahead is not next. Then the cards: Cid's ♥A at trick 1, card 2."""
    table = Table(client, "pitch", ["Ann", "Bob", "Cid"], target=7)
    table.join()
    assert table.get()["next"]["at"] == {"deal": 1, "bid": 1}
    assert step(table, "Bob", type="bid", call=2, at={"deal": 1, "bid": 1}).status_code == 201
    same = step(table, "Ann", type="bid", call=2, at={"deal": 1, "bid": 1})
    assert same.status_code == 409, same.json
    assert same.json["existing"] == {"type": "bid", "player": "Bob", "call": 2,
                                     "entered_by": "seat:Bob"}
    assert same.json["same"] is True
    other = step(table, "Ann", type="bid", call=3, at={"deal": 1, "bid": 1})
    assert other.status_code == 409 and other.json["same"] is False
    ahead = step(table, "Ann", type="bid", call="pass", at={"deal": 1, "bid": 3})
    assert ahead.status_code == 409 and ahead.json["type"] == PROBLEMS + "step-not-next"
    assert ahead.json["next_at"] == {"deal": 1, "bid": 2}
    for k, who in ((2, "Cid"), (3, "Ann")):
        assert step(table, who, type="bid", call="pass",
                    at={"deal": 1, "bid": k}).status_code == 201
    assert table.get()["next"]["at"] == card_at(1, 1)
    assert step(table, "Bob", type="card", card="KH", at=card_at(1, 1)).status_code == 201
    assert step(table, "Cid", type="card", card="AH", at=card_at(1, 2)).status_code == 201
    clash = step(table, "Ann", type="card", card="AH", at=card_at(1, 2))
    assert clash.status_code == 409
    assert clash.json["existing"] == {"type": "card", "player": "Cid", "card": "AH",
                                      "entered_by": "seat:Cid"}
    assert table.get()["current_deal"]["tricks"] == [["KH", "AH"]]
    assert table.get()["next"]["at"] == card_at(1, 3)
