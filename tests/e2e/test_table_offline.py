"""Offline first and live: a tap is never lost — the network drops in the
middle of a deal, the page is reloaded with no network, the taps are sent when it returns, in
order, once; and a watching phone follows a play within a second, without polling."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import CONTROLLED, api_get
from tests.e2e.table import match_id, start_match, tap_card, turn, write_token

pytestmark = pytest.mark.e2e


def _cards_in_log(base: str, match: str, token: str) -> list[str]:
    log = api_get(base, f"/v1/matches/{match}/log?limit=500", token)
    return [e["payload"]["card"] for e in log["items"] if e["kind"] == "card"]


def _first_trick_then_offline(served: str, phone: Any) -> str:
    """A Piquet match whose first trick (Bill's KS, Ann's AS) is recorded, then the network
    gone; :returns: the match's id."""
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    # The service worker has taken the page's files (it controls the page once it is ready).
    phone.evaluate(CONTROLLED)
    tap_card(phone, "KS")
    tap_card(phone, "AS")
    match = match_id(phone)
    phone.context.set_offline(True)
    return match


def test_taps_made_offline_survive_a_reload_and_are_recorded_once_in_order(
    served: str, phone: Any
) -> None:
    match = _first_trick_then_offline(served, phone)
    for card in ("KC", "AC", "QS"):  # Ann leads KC, Bill takes it with AC and leads QS
        phone.click(f'#cards [data-card="{card}"]')
    phone.wait_for_selector('body[data-pending="3"]', state="attached")
    pending = phone.inner_text("#pending")
    assert "3 entries waiting to be sent" in pending and "last: queen of spades" in pending
    assert turn(phone) == "Ann (younger) to play", "whose turn, worked out on the phone"
    queen = phone.locator('#cards [data-card="QS"]')
    assert "pending" in queen.get_attribute("class") and queen.is_disabled()
    assert phone.is_visible("#conn"), "the phone says it is offline"
    assert "Q♠" in phone.inner_text("#trick"), "the trick on the table shows the waiting card"

    phone.reload()  # with no network: the service worker opens the page, IndexedDB the taps
    phone.wait_for_selector("#match:not([hidden]) #turn[data-action=card]")
    phone.wait_for_selector('body[data-pending="3"]', state="attached")
    assert turn(phone) == "Ann (younger) to play"
    assert "last: queen of spades" in phone.inner_text("#pending")
    phone.click('#cards [data-card="7S"]')  # one more tap, still offline
    phone.wait_for_selector('body[data-pending="4"]', state="attached")

    phone.context.set_offline(False)
    phone.wait_for_selector('body[data-pending="0"][data-version="7"][data-busy=false]',
                            state="attached", timeout=15000)
    token = write_token(phone, match)
    assert _cards_in_log(served, match, token) == ["KS", "AS", "KC", "AC", "QS", "7S"]
    assert turn(phone) == "Bill (elder) to lead"
    assert phone.is_hidden("#pending")


def test_a_watching_phone_sees_a_new_play_within_a_second(
    served: str, phone: Any, second_phone: Any
) -> None:
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    phone.click("button[data-tab=share]")
    link = phone.input_value("#read-link")
    phone.click("button[data-tab=play]")
    second_phone.goto(link)
    second_phone.wait_for_selector('body[data-version="1"][data-live="stream"]',
                                   state="attached")
    reads: list[str] = []
    second_phone.on("request", lambda r: reads.append(r.url) if "/v1/" in r.url else None)

    for version, card in enumerate(("KS", "AS", "KC"), start=2):
        tap_card(phone, card)  # recorded: the referee has answered the first phone
        second_phone.wait_for_selector(f'body[data-version="{version}"]', state="attached",
                                       timeout=1000)
    assert "K♠ A♠" in second_phone.inner_text("#so-far")
    assert reads == [], "the watcher was told by the stream: it asked for nothing"


def _calls(page: Any) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(
        "#bids [data-call]", "buttons => buttons.map(b => b.dataset.call)")]


def test_offline_the_auction_offers_only_the_calls_the_rules_allow(
    served: str, phone: Any
) -> None:
    """P3, applied by the page itself while the referee cannot be asked (rules.js): after a 3
    only a higher bid or a pass; the dealer may steal by matching it; and once the auction is
    over, the pitcher leads. Sent in order when the network returns."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"])  # Ann deals, Bob bids first
    phone.evaluate(CONTROLLED)
    assert _calls(phone) == ["pass", "1", "2", "3", "4", "pitch"]
    phone.context.set_offline(True)
    phone.click('#bids [data-call="3"]')  # Bob
    phone.wait_for_selector('body[data-pending="1"]', state="attached")
    assert turn(phone) == "Cid to bid"
    assert _calls(phone) == ["pass", "4", "pitch"]
    phone.click('#bids [data-call="pass"]')  # Cid
    phone.wait_for_selector('body[data-pending="2"]', state="attached")
    assert turn(phone) == "Ann to bid"
    assert _calls(phone) == ["pass", "3", "4", "pitch"], "the dealer may match the 3"
    phone.click('#bids [data-call="pass"]')  # Ann: Bob pitches, bid 3
    phone.wait_for_selector('body[data-pending="3"]', state="attached")
    assert turn(phone) == "Bob to lead"
    phone.context.set_offline(False)
    phone.wait_for_selector('body[data-pending="0"][data-busy=false]', state="attached",
                            timeout=15000)
    assert turn(phone) == "Bob to lead"


def test_a_refused_stream_falls_back_to_polling_until_its_retry_after(
    served: str, phone: Any, second_phone: Any
) -> None:
    """The server refuses the watcher's stream (429 too-many-streams, Retry-After 30): the
    page polls at once and asks for the stream no more before the 30 s are up."""
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    phone.click("button[data-tab=share]")
    link = phone.input_value("#read-link")
    phone.click("button[data-tab=play]")
    asked: list[str] = []

    def refuse(route: Any) -> None:
        asked.append(route.request.url)
        route.fulfill(status=429, headers={"Retry-After": "30"},
                      content_type="application/problem+json",
                      body='{"type": "https://referee.example/problems/too-many-streams", '
                           '"status": 429, "title": "Too many streams", "limit": "address"}')

    second_phone.route("**/stream", refuse)
    second_phone.goto(link)
    second_phone.wait_for_selector('body[data-version="1"][data-live="poll"]',
                                   state="attached", timeout=5000)
    tap_card(phone, "KS")
    second_phone.wait_for_selector('body[data-version="2"]', state="attached", timeout=10000)
    second_phone.wait_for_timeout(4000)  # time enough for three retries of a failed stream
    assert len(asked) == 1, asked


def test_taps_made_faster_than_the_phone_stores_them_keep_their_order(
    served: str, phone: Any
) -> None:
    """Three taps in one turn of the page's event loop, offline (a quick thumb, or a test
    robot): each is stored after the one before it, counts its place from it, and all three are
    shown waiting; when the network returns they are recorded in the order tapped, once."""
    match = _first_trick_then_offline(served, phone)
    phone.evaluate("""() => { for (const card of ["KC", "AC", "QS"]) {
        document.querySelector(`#cards [data-card="${card}"]`).click(); } }""")
    phone.wait_for_selector('body[data-pending="3"]', state="attached", timeout=5000)
    assert "last: queen of spades" in phone.inner_text("#pending")
    phone.context.set_offline(False)
    phone.wait_for_selector('body[data-pending="0"][data-version="6"][data-busy=false]',
                            state="attached", timeout=15000)
    token = write_token(phone, match)
    assert _cards_in_log(served, match, token) == ["KS", "AS", "KC", "AC", "QS"]
