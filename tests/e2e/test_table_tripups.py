"""What players tripped on, each as the player met it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import api_get, api_post
from tests.e2e.table import (
    Q10_CARDS,
    match_id,
    start_match,
    tap_card,
    version,
    write_token,
)
from tests.e2e.test_table_phones import CAPOT_TRICKS
from tests.e2e.test_table_phones import Q10_TRICKS as PHONES_Q10_TRICKS

pytestmark = pytest.mark.e2e


def test_a_finished_partie_then_its_last_deal_voided(served: str, phone: Any) -> None:
    """No void button on a finished match; "finished" on the home screen; after voiding the
    sixth deal the page says "Deal 6 of 6", never "Deal 7 of 6"."""
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    match = match_id(phone)
    token = write_token(phone, match)
    for deal in range(6):  # Bill 282, Ann 33 (see test_table_phones)
        api_post(served, match, token, "/deals",
              {"tricks": CAPOT_TRICKS if deal % 2 == 0 else PHONES_Q10_TRICKS})
    phone.wait_for_selector("#turn[data-action=none]")
    phone.click("button[data-tab=score]")
    phone.wait_for_selector('#ledger tr[data-deal="6"]')
    assert phone.locator("#ledger [data-void]").count() == 0, "a finished match is not voided"

    phone.goto(served + "/table/")
    phone.wait_for_selector("#saved:not([hidden])")
    entries = phone.locator("#saved-list li")
    assert entries.count() == 1, "one entry per match"
    assert "finished" in entries.inner_text() and "recording" not in entries.inner_text()

    api_post(served, match, token, "/deals/6/void", {"reason": "misdeal"})
    phone.click("#saved-list a")
    phone.wait_for_selector("#turn[data-action=card]")
    meta = phone.inner_text("#scoreline .meta")
    assert "Deal 6 of 6" in meta and "7 of 6" not in meta
    assert "null" not in phone.inner_text("body")


def test_refusals_do_not_linger_and_undo_says_what_it_took_back(served: str, phone: Any) -> None:
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    for card in Q10_CARDS[:12]:  # Bill showed void in clubs in trick 6
        tap_card(phone, card)
    # Offline the page cannot check a card: Ann's ♣10 and Bill's ♣9 wait, and the referee
    # refuses the ♣9 (a revoke, Q6) when they arrive.
    phone.context.set_offline(True)
    phone.click('#cards [data-card="TC"]')
    phone.wait_for_selector('body[data-pending="1"]', state="attached")
    phone.click('#cards [data-card="9C"]')
    phone.wait_for_selector('body[data-pending="2"]', state="attached")
    phone.context.set_offline(False)
    phone.wait_for_selector("#message:not([hidden]) #refused-anyway", timeout=20000)
    phone.wait_for_selector('body[data-busy=false][data-pending="0"]', state="attached")
    assert "Not recorded" in phone.inner_text("#message")
    phone.click("button[data-tab=score]")
    phone.click("button[data-tab=play]")
    assert phone.is_hidden("#message"), "a refusal does not follow the player to other tabs"

    before = version(phone)
    phone.click("#undo")
    phone.wait_for_selector(f'body:not([data-version="{before}"])[data-pending="0"]',
                            state="attached")
    assert phone.inner_text("#message") == "Undone: Ann's ten of clubs."
    assert phone.inner_text("#turn").startswith("Ann (younger) to lead")

    # A tap still waiting (offline) is simply taken back, and said so.
    phone.context.set_offline(True)
    phone.click('#cards [data-card="TC"]')
    phone.wait_for_selector('body[data-pending="1"]', state="attached")
    phone.click("#undo")
    phone.wait_for_selector('body[data-pending="0"]', state="attached")
    assert "Taken back: ten of clubs (it had not been sent yet)." in phone.inner_text("#message")
    phone.context.set_offline(False)


def test_a_forged_recorder_link_does_not_replace_the_saved_token(
    served: str, phone: Any
) -> None:
    """13.6: a link's token is kept only once the referee has accepted it."""
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    match = match_id(phone)
    token = write_token(phone, match)
    phone.goto(f"{served}/table/#match={match}&token=rw_forged0000000000000000")
    phone.wait_for_selector("#message:not([hidden])")
    assert "this phone keeps using its own key" in phone.inner_text("#message")
    assert write_token(phone, match) == token
    phone.wait_for_selector('body[data-version="1"]', state="attached")
    tap_card(phone, "KS")  # it still records
    log = api_get(served, f"/v1/matches/{match}/log?limit=500", token)
    assert [e["payload"]["card"] for e in log["items"] if e["kind"] == "card"] == ["KS"]
    assert version(phone) == 2
