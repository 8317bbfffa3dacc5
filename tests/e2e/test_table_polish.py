"""The page's finish: who pitched is the referee's rule on every screen, even offline; every
screen fits a 320 px phone; the ledger says who dealt and how every deal scored."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.table import SETTLED, bid, start_match, turn

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
