"""A disputed deal settled by its cards one step at a time on the table page:
"Enter the cards one by one" starts the entry of the earlier deal's cards (the write queue);
the Play tab says "Settling deal n by its cards", takes the usual taps, each checked as it
comes; another phone follows live; Undo and "Give up" take steps back; the last card rules
the deal and each side's claim is shown beside the ruling."""

from __future__ import annotations

import json
import urllib.request
import uuid
from typing import Any

import pytest

from tests.api.deals import random_piquet_record
from tests.e2e.conftest import api_get
from tests.e2e.sheet import axe_violations, shots
from tests.e2e.table import (
    Q10_CARDS,
    SETTLED,
    match_id,
    start_match,
    tap_card,
    turn,
    undo,
    version,
)
from tests.e2e.test_table_agree import PITCH_TRICKS, join, phones, seat_links  # noqa: F401

pytestmark = pytest.mark.e2e


def _token(link: str) -> str:
    return link.split("token=")[1].split("&")[0]


def _post(base: str, match: str, path: str, body: dict[str, Any], token: str) -> Any:
    """A write behind the pages' backs (another phone's entry), with If-Match."""
    etag = urllib.request.urlopen(urllib.request.Request(
        f"{base}/v1/matches/{match}", headers={"Authorization": "Bearer " + token}),
        timeout=10).headers["ETag"]
    request = urllib.request.Request(
        f"{base}/v1/matches/{match}{path}", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": "Bearer " + token, "If-Match": etag,
                 "Content-Type": "application/json", "Idempotency-Key": str(uuid.uuid4())})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _wait_version(page: Any, at: int) -> None:
    page.wait_for_selector(f'body[data-version="{at}"][data-busy=false]', state="attached",
                           timeout=15000)


def _one_by_one(page: Any, deal: int) -> None:
    """Tap "Enter the cards one by one" and wait for the banner."""
    before = version(page)
    page.click(f'[data-one-by-one="{deal}"]')
    page.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                           state="attached")
    page.wait_for_selector("#reentry:not([hidden])")


def test_piquet_a_dispute_settled_card_by_card_while_the_other_phone_follows(
    served: str, phone: Any, phones: Any  # noqa: F811
) -> None:
    """Ann writes deal 1 (Q10) as totals, Bill's phone disputes it (he counts 14 and 38) and
    Ann records deal 2. Bill settles deal 1 one card at a time; Ann's phone follows: the
    banner, whose turn, the trick. The cards say Bill 11, Ann 41: Ann's entry agrees, Bill's
    claim parts from the ruling."""
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    links = seat_links(phone)
    ann, bill = phones(), phones()
    join(ann, links["Ann"])
    join(bill, links["Bill"])
    match = match_id(bill)
    _post(served, match, "/deals", {"totals": {"scores": {"elder": 11, "younger": 41}}},
          _token(links["Ann"]))

    bill.wait_for_selector('[data-answer="1"]', timeout=15000)
    bill.click('[data-dispute="1"]')
    bill.fill("#dispute-reason", "I count 38 for Ann, and 14 for me")
    bill.click('[data-claim="totals"]')
    bill.fill('#claim-form [data-total="elder"]', "14")
    bill.fill('#claim-form [data-total="younger"]', "38")
    before = version(bill)
    bill.click("#claim-form button[type=submit]")
    bill.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                           state="attached")
    _post(served, match, "/deals", random_piquet_record(3), _token(links["Ann"]))
    bill.wait_for_selector('[data-answer="2"]', timeout=15000)  # deal 2 is Bill's to confirm

    _one_by_one(bill, 1)
    assert "Settling deal 1 by its cards" in bill.inner_text("#reentry")
    assert "disputed" in bill.inner_text("#reentry")
    assert turn(bill) == "Bill (elder) to lead"
    assert bill.locator('[data-settling="1"]').count() == 1
    assert bill.locator('[data-answer="2"]').count() == 0, "deal 2 waits till deal 1 is in"
    # The other phone follows live: the same banner and turn.
    ann.wait_for_selector("#reentry:not([hidden])", timeout=15000)
    assert "Settling deal 1 by its cards" in ann.inner_text("#reentry")
    assert turn(ann) == "Bill (elder) to lead"

    for card in Q10_CARDS[:3]:
        tap_card(bill, card)
    _wait_version(ann, version(bill))
    assert turn(ann) == "Bill (elder) to play"  # Ann won ♠A, led the ♣K
    assert "KC" in ann.locator("#trick").inner_html() or "♣" in ann.inner_text("#trick")
    shots(bill, "settle-steps-piquet")
    assert not axe_violations(bill)
    # The ledger keeps deal 1 disputed, its cards being entered, until the last card.
    ann.click("button[data-tab=score]")
    row = ann.locator('#ledger tr[data-deal="1"]')
    assert row.get_attribute("data-agreement") == "disputed"
    assert "cards being entered" in row.inner_text()
    ann.click("button[data-tab=play]")

    for card in Q10_CARDS[3:]:
        tap_card(bill, card)
    text = bill.wait_for_selector('#agree [data-claims="1"]').inner_text()
    assert "Ann's entry agrees with the ruling." in text
    assert "Bill's claim parts from the ruling" in text
    assert bill.is_hidden("#reentry")
    shots(bill, "settle-steps-piquet-claims")
    assert not axe_violations(bill)
    ann.wait_for_selector('#agree [data-claims="1"]', timeout=15000)
    assert ann.is_hidden("#reentry")
    item = api_get(served, f"/v1/matches/{match}/ledger", _token(links["Ann"]))["items"][0]
    assert (item["agreement"], item["scores"]) == ("ruled", {"Bill": 11, "Ann": 41})


def test_pitch_a_dispute_given_up_then_settled_after_an_undo(
    served: str, phone: Any, phones: Any  # noqa: F811
) -> None:
    """Bob writes hand 1 from the score sheet giving Low to Cid; Cid's phone disputes it and
    enters the cards one by one: the bids as written in one tap, a card, then gives up (every
    step taken back). Again, with a wrong card undone: the cards give Low to Bob, and Bob's
    entry parts from the ruling at Low."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"])
    links = seat_links(phone)
    bob, cid = phones(), phones()
    join(bob, links["Bob"])
    join(cid, links["Cid"])
    match = match_id(cid)
    _post(served, match, "/deals", {"sheet": {"bids": [2, "pass", "pass"], "high": 1, "low": 2,
                                              "jack": 1, "game": 2}}, _token(links["Bob"]))
    cid.wait_for_selector('[data-answer="1"]', timeout=15000)
    # A hand written from the score sheet may be checked by its cards (the Score tab).
    bob.click("button[data-tab=score]")
    bob.wait_for_selector('#ledger [data-check-cards="1"]', timeout=15000)
    bob.click("button[data-tab=play]")
    cid.click('[data-dispute="1"]')
    cid.fill("#dispute-reason", "Low was Bob's")
    before = version(cid)
    cid.click("#dispute-send")
    cid.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                          state="attached")

    _one_by_one(cid, 1)
    assert "Settling hand 1 by its cards" in cid.inner_text("#reentry")
    assert turn(cid) == "Bob to bid"
    cid.click("#reentry-bids")  # "The bids as written: Bob 2, Cid pass, Ann pass"
    cid.wait_for_selector('#turn[data-action="card"]')
    cid.wait_for_selector(SETTLED, state="attached")
    assert turn(cid) == "Bob to lead"
    tap_card(cid, "AH")
    bob.wait_for_selector("#reentry:not([hidden])", timeout=15000)
    # Give up: after a "sure?", every step is taken back; hand 1 is disputed as before.
    cid.click("#reentry-give-up")
    assert "Take back the 5 steps entered?" in cid.inner_text("#reentry-panel")
    cid.click("#reentry-give-up-yes")
    cid.wait_for_selector("#reentry", state="hidden")
    cid.wait_for_selector(SETTLED, state="attached")
    cid.wait_for_selector('[data-one-by-one="1"]')
    body = api_get(served, f"/v1/matches/{match}", _token(links["Cid"]))
    assert body["reentry"] is None and body["disputed"] == [1] and body["deal_number"] == 2
    bob.wait_for_selector("#reentry", state="hidden", timeout=15000)

    _one_by_one(cid, 1)
    cid.click("#reentry-bids")
    cid.wait_for_selector('#turn[data-action="card"]')
    cid.wait_for_selector(SETTLED, state="attached")
    cards = [c for trick in PITCH_TRICKS for c in trick]
    tap_card(cid, cards[0])
    tap_card(cid, "2H")  # a slip: Cid played the ♥3, not the ♥2
    undo(cid)
    assert turn(cid) == "Cid to play"
    for card in cards[1:]:
        tap_card(cid, card)
    text = cid.wait_for_selector('#agree [data-claims="1"]').inner_text()
    assert "Bob's entry parts from the ruling at" in text
    assert "Low" in text
    shots(cid, "settle-steps-pitch-claims")
    assert not axe_violations(cid, "#agree")
    bob.wait_for_selector('#agree [data-claims="1"]', timeout=15000)
