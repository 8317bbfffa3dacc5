"""The page's finish: who pitched is the referee's rule on every screen, even offline; every
screen fits a 320 px phone; the ledger says who dealt and how every deal scored."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.deals import BOB_SET_BACK_HANDS, Q10_RECORD
from tests.e2e.conftest import api_post
from tests.e2e.table import SETTLED, bid, match_id, start_match, turn, version, write_token

pytestmark = pytest.mark.e2e


def test_offline_the_dealer_who_steals_the_bid_leads_as_the_referee_says(
    served: str, phone: Any
) -> None:
    # Ann deals: Bob bids 2, Cid passes, Ann (the dealer) steals with 2 (P3): Ann pitches and
    # leads the first trick (P4) — the referee's rule, and the page's while it is offline.
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"])
    bid(phone, "2")
    bid(phone, "pass")
    assert turn(phone) == "Ann to bid"
    phone.context.set_offline(True)
    phone.click('#bids [data-call="2"]')
    phone.wait_for_selector('body[data-pending="1"]', state="attached")
    assert turn(phone) == "Ann to lead", "worked out on the phone, offline"

    phone.context.set_offline(False)
    phone.wait_for_selector('body[data-pending="0"][data-busy=false]', state="attached",
                            timeout=15000)
    phone.wait_for_selector(SETTLED, state="attached")
    assert turn(phone) == "Ann to lead", "the referee's answer, online"


#: A phone 320 px wide, the narrowest the page supports.


#: What overflows the viewport: the document's scroll width and every visible element whose
#: right edge is beyond it (cut off, or only reachable by scrolling sideways).
_OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const e of document.querySelectorAll("body *")) {
    if (!e.getClientRects().length || getComputedStyle(e).visibility === "hidden") continue;
    if (e.closest(".sr-only, .vh")) continue;
    const r = e.getBoundingClientRect();
    if (r.width && r.right > width + 0.5) {
      out.push(`${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}` +
        `${e.className && typeof e.className === "string" ? "." + e.className.split(" ")[0] : ""}` +
        ` "${(e.textContent || "").trim().slice(0, 24)}" right ${Math.round(r.right)}`);
    }
  }
  return { scroll: document.documentElement.scrollWidth, out };
}"""



def _fits(page: Any, screen: str, settled: bool = True) -> None:
    if settled:
        page.wait_for_selector(SETTLED, state="attached")
    found = page.evaluate(_OVERFLOW)
    assert found["scroll"] <= 320 and not found["out"], (
        f"{screen}: {found['scroll']} px wide; beyond 320 px: {found['out'][:6]}")


def _deal(base: str, match: str, token: str, body: dict[str, Any]) -> None:
    api_post(base, match, token, "/deals", body)


def _recorded_behind(page: Any, base: str, body: dict[str, Any]) -> None:
    """A deal recorded by another phone; waits until this page has it."""
    match = match_id(page)
    before = version(page)
    _deal(base, match, write_token(page, match), body)
    page.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                           state="attached")


def _walk_play(page: Any, game: str) -> None:
    """The Play tab's screens: the score sheet, the totals, the cards (irregular ticked)."""
    page.click("button[data-tab=play]")
    _fits(page, f"{game} sheet")
    page.click("#entry-totals")
    _fits(page, f"{game} totals")
    page.click("#entry-cards")
    page.wait_for_selector("#turn:not([data-entry])", state="attached")
    _fits(page, f"{game} cards")
    page.check("#irregular")
    _fits(page, f"{game} cards, something irregular")
    page.uncheck("#irregular")


def _walk_score_and_share(page: Any, game: str) -> None:
    page.click("button[data-tab=score]")
    page.wait_for_selector("#chart:not([hidden]) svg")
    _fits(page, f"{game} score")
    for summary in page.locator("#ledger details summary").all():
        summary.click()
    _fits(page, f"{game} score, every ruling open")
    page.locator("#ledger [data-void]").first.click()
    _fits(page, f"{game} score, voiding")
    page.click("#ledger button:has-text('Keep')")
    page.click("button[data-tab=share]")
    page.wait_for_selector("#read-qr svg path")
    _fits(page, f"{game} share")
    before = version(page)
    page.click("#make-seats")
    page.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                           state="attached")
    _fits(page, f"{game} share, seats")


PIQUET_SHEET = {"point": {"elder": "point of five", "younger": "point of six"},
                "sequence": {"younger": "sixième"}, "sets": {"elder": ["trio of aces"]},
                "tricks": {"elder": 5, "younger": 7}, "play": {"elder": 8, "younger": 9}}


def test_every_screen_of_both_games_fits_320_px(served: str, narrow: Any) -> None:
    page = narrow
    page.goto(served + "/table/")
    page.wait_for_selector("#home:not([hidden])")
    _fits(page, "home")

    start_match(page, served, "piquet", ["Bartholomew", "Annabelle"], entry="sheet")
    _walk_play(page, "piquet")
    page.click("#record-declaration")
    _fits(page, "piquet declaration")
    page.click("#deal-setup button:has-text('Cancel')")
    page.click("#record-hands")
    _fits(page, "piquet hands")
    page.click("#deal-setup button:has-text('Cancel')")
    _recorded_behind(page, served, {"sheet": PIQUET_SHEET})
    _recorded_behind(page, served, {"totals": {"scores": {"elder": 30, "younger": 12}}})
    _walk_score_and_share(page, "piquet")
    for _ in range(4):
        _recorded_behind(page, served, {"sheet": PIQUET_SHEET})
    page.click("button[data-tab=score]")
    page.wait_for_selector("#settlement-box")
    _fits(page, "piquet settlement")

    page.goto(served + "/table/")
    page.wait_for_selector("#home:not([hidden])")
    _fits(page, "home, a match on this phone")
    start_match(page, served, "pitch", ["Annabelle", "Bartholomew", "Cidalia", "Desmond"],
                entry="sheet")
    page.click("#sheet [data-pick=\"bid=2\"]")
    _fits(page, "pitch sheet, bids")
    _walk_play(page, "pitch")
    _recorded_behind(page, served, {"sheet": {"pitcher": 1, "bid": 2, "high": 1, "low": 1,
                                              "jack": None, "game": 1}})
    _recorded_behind(page, served, {"totals": {"scores": [1, 0, 3, 0], "pitcher": 2,
                                               "bid": 2}})
    _walk_score_and_share(page, "pitch")
    page.click("button[data-tab=score]")
    page.click('#ledger [data-check-cards="2"]')
    page.wait_for_selector("#reentry-panel:not([hidden])")
    _fits(page, "pitch, a deal checked by its cards")


def test_the_ledger_says_who_dealt_and_how_every_deal_scored(served: str, phone: Any) -> None:
    # Q10 four times by score sheet (the dealers alternate, Ann first), then once by its
    # cards-free totals: each deal's line in the ledger says who dealt it, and every deal —
    # not just the last three — says how its points are made up.
    start_match(phone, served, "piquet", ["Bill", "Ann"], entry="sheet")
    for _ in range(4):
        _recorded_behind(phone, served, {"sheet": PIQUET_SHEET})
    phone.click("button[data-tab=score]")
    first = phone.locator('#ledger tr[data-deal="1"] td').first.inner_text()
    assert "dealt by Ann" in first
    assert "dealt by Bill" in phone.locator('#ledger tr[data-deal="2"] td').first.inner_text()
    for deal in (1, 2, 3, 4):
        assert phone.locator(f'#ledger [data-deal-how="{deal}"] details.ruling').count() == 1
    # Deal 1: Ann (younger) point of six, sixième, the cards, 9 in play; Bill three aces, 8.
    one = phone.locator('#ledger [data-deal-how="1"] .breakdown').inner_text()
    assert "Bill: sets 3, play 8 = 11" in one
    assert "Ann: point 6, sequence 16, play 9, the cards 10 = 41" in one
    # Deal 2, Bill deals: Ann is elder and makes the same 11.
    two = phone.locator('#ledger [data-deal-how="2"] .breakdown').inner_text()
    assert "Ann: sets 3, play 8 = 11" in two and "Bill: point 6, sequence 16" in two


def test_the_pitch_ledger_says_how_every_hand_scored(served: str, phone: Any) -> None:
    # Ann deals hand 1: Bob pitches 2 and takes high, low and game (3); hand 2 (Bob deals):
    # Ann bids 3 and takes only low: set back 3; Bob high, Cid game.
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"], entry="sheet")
    _recorded_behind(phone, served, {"sheet": {"pitcher": 1, "bid": 2, "high": 1, "low": 1,
                                               "jack": None, "game": 1}})
    _recorded_behind(phone, served, {"sheet": {"pitcher": 0, "bid": 3, "high": 1, "low": 0,
                                               "jack": None, "game": 2}})
    phone.click("button[data-tab=score]")
    assert "dealt by Bob" in phone.locator('#ledger tr[data-deal="2"] td').first.inner_text()
    one = phone.locator('#ledger [data-deal-how="1"] .breakdown').inner_text()
    assert "Bob: high, low, game = +3" in one and "Ann: nothing = 0" in one
    two = phone.locator('#ledger [data-deal-how="2"] .breakdown').inner_text()
    assert "Ann: low; set back 3 = -3" in two
    assert "Bob: high = +1" in two and "Cid: game = +1" in two


def test_with_something_irregular_ticked_the_banner_says_every_card_can_be_tapped(
    served: str, phone: Any
) -> None:
    # The hands are known: Bob bids 2 and leads ♥K, Cid plays ♥A; Ann holds hearts, so the
    # referee offers only them — until "Something irregular happened" is ticked.
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"])
    match = match_id(phone)
    token = write_token(phone, match)
    steps = [{"type": "deal_started", "hands": BOB_SET_BACK_HANDS},
             {"type": "bid", "call": 2}, {"type": "bid", "call": "pass"},
             {"type": "bid", "call": "pass"},
             {"type": "card", "card": "KH"}, {"type": "card", "card": "AH"}]
    for step in steps:
        before = version(phone)
        api_post(served, match, token, "/events", step)
        phone.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                                state="attached")
    assert turn(phone) == "Ann to play"
    assert "only the cards allowed are offered" in phone.inner_text("#turn")
    phone.check("#irregular")
    banner = phone.inner_text("#turn")
    assert "every card can be tapped" in banner
    assert "only the cards allowed" not in banner


def test_a_settled_dispute_calls_the_shared_phones_entry_the_entry(
    served: str, phone: Any
) -> None:
    # The shared phone writes Q10's deal as totals, Bill 30 and Ann 12; Bill's seat disputes
    # it; the cards rule it (Bill 11, Ann 41): the entry parts from the ruling — it is the
    # shared phone's entry, not a claim.
    start_match(phone, served, "piquet", ["Bill", "Ann"], entry="sheet")
    match = match_id(phone)
    token = write_token(phone, match)
    _recorded_behind(phone, served, {"totals": {"scores": {"elder": 30, "younger": 12}}})
    seats = api_post(served, match, token, "/seats", {})
    bill = next(s["token"] for s in seats["seats"] if s["player"] == "Bill")
    api_post(served, match, bill, "/deals/1/dispute", {"reason": "Ann made 41"})
    before = version(phone)
    api_post(served, match, token, "/deals/1/cards", Q10_RECORD)
    phone.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                            state="attached")
    phone.click("button[data-tab=score]")
    view = phone.locator('#ledger [data-claims="1"] .parts-at').first.inner_text()
    assert "entry parts from the ruling" in view
    assert ", the entry " in view and "the claim" not in view
