"""Agreement on the table page: players join by QR, one seat enters a deal by
score sheet, the other side disputes it with its own claim, the cards are entered on a second
phone and the ruling is shown with each side's claim beside it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import PHONE, api_get
from tests.e2e.sheet import Taps, axe_violations, record, shots
from tests.e2e.table import Q10_CARDS, SETTLED, scores, start_match

pytestmark = pytest.mark.e2e


@pytest.fixture
def phones(browser: Any) -> Iterator[Any]:
    """New phones on demand: ``phones()`` is a page in its own browser context at 390×844."""
    contexts: list[Any] = []
    errors: list[str] = []

    def new() -> Any:
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                      device_scale_factor=1)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield new
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def seat_links(page: Any) -> dict[str, str]:
    """On the phone that started the match: give each player a seat; their join links."""
    page.click("button[data-tab=share]")
    before = page.get_attribute("body", "data-version")
    page.click("#make-seats")
    page.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                           state="attached")
    page.wait_for_selector("#seats .seat-list svg")
    links = {
        item.get_attribute("data-seat"): item.locator("input").input_value()
        for item in page.locator("#seats .seat-list li").all()
    }
    assert page.locator("#seats svg[role=img]").count() == len(links)
    return links


def join(page: Any, link: str) -> None:
    """Open a seat's join link on `page`; returns once the referee has the seat as joined (the
    page sends the join through its write queue: a test writing behind the pages' backs must
    not race it)."""
    page.goto(link)
    page.wait_for_selector("#match:not([hidden]) #turn[data-action]")
    page.wait_for_selector(SETTLED, state="attached")
    assert "token=" not in page.url, "the seat's token is kept off the address bar"
    base = link.split("/table")[0]
    match = re.search(r"match=([^&]+)", link)
    token = re.search(r"token=([^&]+)", link)
    assert match and token, link
    for _ in range(150):  # a wait, not a timing assertion: up to 15 s on a loaded machine
        if api_get(base, f"/v1/matches/{match.group(1)}/me", token.group(1)).get("joined"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the seat's phone never took its seat up")


def test_a_dispute_settled_by_entering_the_cards_on_a_second_phone(
    served: str, phone: Any, phones: Any
) -> None:
    start_match(phone, served, "piquet", ["Bill", "Ann"], entry="sheet")
    links = seat_links(phone)
    assert set(links) == {"Bill", "Ann"}
    assert all("token=st_" in link for link in links.values())
    shots(phone, "agree-seats")
    assert not axe_violations(phone)

    # Issued is not joined: a seat joins when its phone takes it up (the codes are scanned).
    assert phone.locator('#seats [data-seat="Ann"] [data-joined="false"]').count() == 1
    ann, bill = phones(), phones()
    join(ann, links["Ann"])
    join(bill, links["Bill"])
    phone.wait_for_selector('#seats [data-seat="Ann"] [data-joined="true"]')
    phone.wait_for_selector('#seats [data-seat="Bill"] [data-joined="true"]')

    # Ann (younger) writes Q10's line on her phone: Ann 41, Bill 11, provisional.
    taps = Taps(ann)
    for field, value in [("point.who", "younger"), ("point.cards", 6),
                         ("sequence.who", "younger"), ("sequence.length", 6),
                         ("sets.who", "elder"), ("sets.sets", "3A"), ("tricks", 5),
                         ("play.elder", 8), ("play.younger", 9)]:
        taps.pick(field, value)
    record(taps)
    assert scores(ann) == {"Bill": 11, "Ann": 41}
    assert ann.locator("[data-answer]").count() == 0, "a seat does not confirm its own deal"

    # Bill's phone is asked to confirm or dispute; he disputes with his own totals.
    bill.wait_for_selector('[data-answer="1"]', timeout=15000)
    assert "Ann wrote Bill 11, Ann 41" in bill.inner_text('[data-answer="1"] h2')
    shots(bill, "agree-confirm")
    assert not axe_violations(bill)
    bill.click('[data-dispute="1"]')
    bill.fill("#dispute-reason", "I count 38 for Ann, and 14 for me")
    bill.click('[data-claim="totals"]')
    bill.fill('#claim-form [data-total="elder"]', "14")
    bill.fill('#claim-form [data-total="younger"]', "38")
    shots(bill, "agree-dispute")
    assert not axe_violations(bill)
    before = bill.get_attribute("body", "data-version")
    bill.click("#claim-form button[type=submit]")
    bill.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                           state="attached")

    # The deal is marked disputed, in the ledger too, until the cards rule it.
    bill.wait_for_selector('[data-disputed="1"]')
    assert "I count 38 for Ann" in bill.inner_text('[data-disputed="1"]')
    bill.click("button[data-tab=score]")
    row = bill.locator('#ledger tr[data-deal="1"]')
    assert row.get_attribute("data-agreement") == "disputed"
    assert "disputed" in row.inner_text()
    bill.click("button[data-tab=play]")
    shots(bill, "agree-disputed")
    assert not axe_violations(bill)

    # Enter the cards to settle it: one tap, then the tricks as played.
    bill.click('[data-settle="1"]')
    bill.click('[data-declarations="best"]')
    for card in Q10_CARDS:
        bill.click(f'#agree [data-recard="{card}"]')
    shots(bill, "agree-cards")
    assert not axe_violations(bill)
    before = bill.get_attribute("body", "data-version")
    bill.click("#recard-send")
    bill.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                           state="attached")

    # The ruling with each side's claim beside it; the first point where Bill's parts.
    view = bill.wait_for_selector('#agree [data-claims="1"]')
    text = view.inner_text()
    assert "Ann's entry agrees with the ruling." in text
    assert "Bill's claim parts from the ruling" in text
    assert bill.locator('#agree [data-claims="1"] .parts-at').count() == 1
    assert bill.locator('#agree [data-claims="1"] td.parts').count() == 2  # 14 ≠ 11, 38 ≠ 41
    assert scores(bill) == {"Bill": 11, "Ann": 41}
    shots(bill, "agree-claims")
    assert not axe_violations(bill)
    bill.emulate_media(color_scheme="dark")
    shots(bill, "agree-claims-dark")
    assert not axe_violations(bill)
    bill.emulate_media(color_scheme="light")

    # Ann's phone follows: the deal is ruled, the claims beside the ruling in the ledger.
    ann.wait_for_selector('#agree [data-claims="1"]', timeout=15000)
    ann.click("button[data-tab=score]")
    row = ann.locator('#ledger tr[data-deal="1"]')
    assert row.get_attribute("data-agreement") == "ruled"
    assert ann.locator('#ledger [data-claims="1"]').count() == 1
    shots(ann, "agree-ledger")
    assert not axe_violations(ann)

    # Deal 2 (Ann elder): Bill writes a capot for Ann; Ann's phone confirms it in one tap.
    taps = Taps(bill)
    taps.tap('#sheet [data-pick="declarations=none"]')
    taps.pick("tricks", 12)
    record(taps)
    ann.click("button[data-tab=play]")
    ann.wait_for_selector('[data-answer="2"]', timeout=15000)
    assert ann.inner_text('[data-answer="2"] h2') == "Deal 2: Bill wrote Bill 0, Ann 53"
    before = ann.get_attribute("body", "data-version")
    ann.click('[data-confirm="2"]')
    ann.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                          state="attached")
    ann.wait_for_selector('[data-answer="2"]', state="detached")
    ann.click("button[data-tab=score]")
    ann.wait_for_selector('#ledger tr[data-deal="2"][data-agreement="confirmed"]')
    assert scores(ann) == {"Bill": 11, "Ann": 94}


#: test_table_pitch's hand, trick by trick (the leader's card first): Bob takes High (♥A), Low
#: (♥3, in trick 1) and Jack (♥J); Cid has the most for Game.
PITCH_TRICKS = [["AH", "3H", "5H"], ["KS", "QS", "2S"], ["JH", "4H", "9H"],
                ["TC", "AC", "3C"], ["KD", "TD", "4D"], ["6S", "7S", "2D"]]


def test_a_pitch_dispute_with_a_claimed_sheet_ruled_by_the_cards(
    served: str, phone: Any, phones: Any
) -> None:
    """Bob writes hand 1 (Bob bid 2: High, Low, Jack; Cid Game). Cid disputes: by his sheet
    Low was his. The cards, entered on Cid's phone, give Low to Bob: Cid's claim parts from
    the ruling at Low (P5)."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"], entry="sheet")
    links = seat_links(phone)
    bob, cid = phones(), phones()
    join(bob, links["Bob"])
    join(cid, links["Cid"])

    taps = Taps(bob)
    for field, value in [("bid", 2), ("bid", "pass"), ("bid", "pass"), ("high", 1),
                         ("low", 1), ("jack", 1), ("game", 2)]:
        taps.pick(field, value)
    record(taps)
    # the score line follows the answer's render (a loaded machine may show it a beat later)
    bob.wait_for_function("() => document.querySelector('#scoreline [data-score=\"Bob\"]')"
                          "?.textContent === '3'", timeout=15000)
    assert scores(bob) == {"Ann": 0, "Bob": 3, "Cid": 1}

    cid.wait_for_selector('[data-answer="1"]', timeout=15000)
    cid.click('[data-dispute="1"]')
    cid.fill("#dispute-reason", "Low was mine")
    cid.click('[data-claim="sheet"]')
    # The bids come from Bob's entry; Cid writes who took what.
    assert cid.locator('#claim-form [data-bids="2,pass,pass"]').count() == 1
    for field, value in [("high", 1), ("low", 2), ("jack", 1), ("game", 2)]:
        cid.click(f'#claim-form [data-pick="{field}={value}"]')
    assert not axe_violations(cid, "#agree")
    before = cid.get_attribute("body", "data-version")
    cid.click("#claim-form button[type=submit]")
    cid.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                          state="attached")
    cid.wait_for_selector('[data-settle="1"]')
    cid.click('[data-settle="1"]')
    for trick in PITCH_TRICKS:
        for card in trick:
            cid.click(f'#agree [data-recard="{card}"]')
    before = cid.get_attribute("body", "data-version")
    cid.click("#recard-send")
    cid.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                          state="attached")
    text = cid.wait_for_selector('#agree [data-claims="1"]').inner_text()
    assert "Bob's entry agrees with the ruling." in text
    assert "Cid's claim parts from the ruling at" in text
    assert scores(cid) == {"Ann": 0, "Bob": 3, "Cid": 1}
    shots(cid, "agree-pitch-claims")
    assert not axe_violations(cid, "#agree")
