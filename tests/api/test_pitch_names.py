"""Players by name in every Pitch sentence a player reads: in a match the API
knows the names, so a ruling, a claim beside it, a refusal and the ledger say "Bob" (or "Ann
and Cid" for a partnership), never "seat 1". The stateless endpoints name the players when
given ``names`` and say "seat 1" only without them.

Solo: Ann, Bob, Cid (seats 0, 1, 2), Ann deals. Partnership: Ann & Cid (seats 0, 2) against
Bob & Dee (seats 1, 3), Dee deals: Bob bids 3 and is set back, Ann & Cid +2, Bob & Dee −3.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from flask.testing import FlaskClient

from tests.api.deals import BOB_SET_BACK_HANDS, BOB_SET_BACK_TRICKS, PITCH_PLAYERS
from tests.api.test_matches_agreement import Table
from tests.api.test_pitch_http import FOUR_BIDS, FOUR_HANDS, FOUR_TRICKS

SEAT_NUMBER = re.compile(r"\b[Ss]eats? \d")
BOB_CARDS = {"bids": [2, "pass", "pass"], "tricks": BOB_SET_BACK_TRICKS,
             "hands": BOB_SET_BACK_HANDS}


def texts(value: Any) -> Iterator[str]:
    """Every string in an answer."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)


def assert_no_seat_numbers(answer: Any) -> None:
    leaks = [t for t in texts(answer) if SEAT_NUMBER.search(t)]
    assert not leaks, leaks


def test_a_solo_dispute_names_the_players_in_the_ruling_the_claims_and_the_ledger(
    client: FlaskClient,
) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    table.join()
    entered = table.deal({"sheet": {"pitcher": 1, "bid": 2, "high": 1, "low": 2, "jack": 2,
                                    "game": 2}}, who="Bob")
    assert_no_seat_numbers(entered)
    found = [f["what"] for f in entered["ruling"]["as_reported"]]
    assert "Bob took High and Cid took Low (no cards were given)." in found
    claim = {"sheet": {"pitcher": 1, "bid": 2, "high": 2, "low": 2, "jack": 2, "game": 2}}
    disputed = table.post("/deals/1/dispute", {"reason": "I took High", "claim": claim},
                          who="Cid")
    assert disputed.status_code == 200, disputed.json
    assert_no_seat_numbers(disputed.json)
    ruled = table.post("/deals/1/cards", BOB_CARDS, who="Ann")
    assert ruled.status_code == 201, ruled.json
    assert_no_seat_numbers(ruled.json)
    bob = ruled.json["claims"][0]["comparison"]["parts_at"]
    assert bob == {"code": "high_differs", "step": "high", "rule": "P5", "ruling": bob["ruling"],
                   "claim": "Bob took High"}
    assert bob["ruling"].startswith("Cid took High")
    computed = [f["what"] for f in ruled.json["ruling"]["computed"]]
    assert "Bob bid 2 and won only 0: it is set back 2." in computed
    assert "The next dealer is Bob." in computed
    assert_no_seat_numbers(table.get("/ledger"))
    assert_no_seat_numbers(table.get())


def test_a_refusal_names_the_players(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    wrong_dealer = table.post("/deals", {"sheet": {"dealer": 2, "pitcher": 1, "bid": 2,
                                                   "high": 1, "low": 1, "jack": 1, "game": 1}})
    assert wrong_dealer.status_code == 422
    assert wrong_dealer.json["violations"][0]["message"] == "Ann deals this hand, not Cid."
    impossible = table.post("/deals", {"totals": {"scores": [0, 5, 0], "pitcher": 0}})
    assert impossible.status_code == 422
    messages = [v["message"] for v in impossible.json["violations"]]
    assert_no_seat_numbers(messages)
    assert any(m.startswith("Bob did not pitch") for m in messages), messages
    assert table.post("/events", {"type": "deal_started"}).status_code == 201
    assert table.post("/events", {"type": "bid", "call": 2}).status_code == 201
    low = table.post("/events", {"type": "bid", "call": 1})
    assert low.status_code == 422, low.json
    assert low.json["violations"][0]["message"].startswith("Cid bid 1, not higher")


def test_a_partnership_names_both_partners(client: FlaskClient) -> None:
    table = Table(client, "pitch", ["Ann", "Bob", "Cid", "Dee"], partnership=True,
                  first_dealer="Dee")
    table.join()
    hand = {"dealer": 3, "bids": FOUR_BIDS, "tricks": FOUR_TRICKS, "hands": FOUR_HANDS}
    entered = table.deal({"totals": {"scores": [1, 3], "pitcher": 1, "bid": 3}}, who="Bob")
    assert_no_seat_numbers(entered)
    claim = {"totals": {"scores": [2, -3], "pitcher": 1, "bid": 3}}
    disputed = table.post("/deals/1/dispute", {"reason": "Set back", "claim": claim},
                          who="Ann")
    assert disputed.status_code == 200, disputed.json
    ruled = table.post("/deals/1/cards", hand, who="Cid")
    assert ruled.status_code == 201, ruled.json
    assert_no_seat_numbers(ruled.json)
    bob = ruled.json["claims"][0]["comparison"]["parts_at"]
    assert bob["ruling"].startswith("Bob and Dee bid 3 and was set back 3")
    assert bob["claim"].startswith("Bob and Dee bid 3 and made it")
    computed = " ".join(f["what"] for f in ruled.json["ruling"]["computed"])
    assert "Ann and Cid 2" in computed
    assert_no_seat_numbers(table.get("/ledger"))


def test_the_stateless_endpoints_name_the_players_when_given_names(
    client: FlaskClient,
) -> None:
    line = {"pitcher": 1, "bid": 2, "high": 1, "low": 2, "jack": 2, "game": 2}
    cards = {"dealer": 0, **BOB_CARDS}
    named = client.post("/v1/pitch/sheets:score", json={
        "players": 3, "sheet": line, "cards": cards, "names": PITCH_PLAYERS})
    assert named.status_code == 200, named.json
    assert_no_seat_numbers(named.json)
    assert named.json["comparison"]["parts_at"]["claim"] == "Bob took High"
    bare = client.post("/v1/pitch/sheets:score", json={"players": 3, "sheet": line,
                                                       "cards": cards})
    assert bare.json["comparison"]["parts_at"]["claim"] == "seat 1 took High"
    hand = client.post("/v1/pitch/hands:score", json={
        "players": 3, "names": PITCH_PLAYERS, **cards})
    assert hand.status_code == 200, hand.json
    assert_no_seat_numbers(hand.json)
    bids = client.post("/v1/pitch/bidding:check", json={
        "players": 3, "dealer": 0, "bids": [2, 1], "names": PITCH_PLAYERS})
    assert bids.json["violations"][0]["message"].startswith("Cid bid 1")
    short = client.post("/v1/pitch/totals:check", json={
        "players": 3, "totals": {"scores": [0, 2, 0], "pitcher": 1}, "names": ["Ann"]})
    assert short.status_code == 422
    assert short.json["violations"][0]["code"] == "names_count"
