"""A Pitch hand on the table page: bids by button, cards by tapping, void and undo."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.table import SETTLED, bid, scores, start_match, tap_card, turn, undo, version

pytestmark = pytest.mark.e2e

#: Ann deals; Bob bids 2 and leads ♥A: hearts are trumps (P4). Bob wins high (♥A), low (♥3,
#: captured in trick 1), jack (♥J): 3 ≥ his bid of 2 (P6). Cid has most game points (♣10 ♣A
#: ♦K ♦10: 27 against Bob's 10): game. Ann scores nothing.
TRICKS = [
    ["AH", "3H", "5H"],  # Bob leads
    ["KS", "QS", "2S"],  # Bob
    ["JH", "4H", "9H"],  # Bob
    ["TC", "AC", "3C"],  # Bob leads, Cid wins
    ["KD", "TD", "4D"],  # Cid leads: Cid, Ann, Bob
    ["6S", "7S", "2D"],  # Cid leads, Ann wins
]


def test_a_pitch_hand_bid_played_voided_and_restored(served: str, phone: Any) -> None:
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"])
    assert turn(phone) == "Bob to bid"  # the dealer's left bids first (P3)
    # Only the legal calls are offered: after Bob's 2, Cid may pass or bid 3 or 4.
    bid(phone, "2")
    calls = phone.locator("#bids button").evaluate_all("(b) => b.map((x) => x.dataset.call)")
    assert calls == ["pass", "3", "4", "pitch"]
    bid(phone, "pass")
    bid(phone, "pass")
    assert turn(phone) == "Bob to lead"
    assert phone.locator("#cards button").count() == 52

    for trick in TRICKS:
        for card in trick:
            tap_card(phone, card)
    assert scores(phone) == {"Ann": 0, "Bob": 3, "Cid": 1}
    assert turn(phone) == "Cid to bid"  # Bob deals the next hand (P2)

    phone.click("button[data-tab=score]")
    phone.click("#ledger details.ruling summary")
    ruling = phone.inner_text("#ledger")
    assert "Bob bid 2, trumps hearts — made it" in ruling
    assert "Jack (jack of hearts): Bob" in ruling  # cards in words
    assert "Game: Cid (0 / 10 / 27)" in ruling

    # Void the hand with a reason: it stays in the ledger, struck out; the score goes.
    phone.click('#ledger [data-void="1"]')
    phone.fill("#void-reason", "misdeal: Cid had seven cards")
    before = version(phone)
    phone.click("#void-confirm")
    phone.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                            state="attached")
    assert scores(phone) == {"Ann": 0, "Bob": 0, "Cid": 0}
    row = phone.locator('#ledger tr[data-deal="1"]')
    assert "voided" in row.get_attribute("class")
    assert "voided: misdeal: Cid had seven cards" in row.inner_text()

    # Undo takes the void back.
    phone.click("button[data-tab=play]")
    undo(phone)
    assert scores(phone) == {"Ann": 0, "Bob": 3, "Cid": 1}
    phone.wait_for_selector(SETTLED, state="attached")


#: The same hand as dealt, from the dealer's left (Bob, Cid, Ann), six cards each (P2).
HANDS = {
    "Bob": "AH KS JH TC 4D 2D".split(),
    "Cid": "3H QS 4H AC KD 6S".split(),
    "Ann": "5H 2S 9H 3C TD 7S".split(),
}


def test_with_the_hands_only_the_cards_a_player_may_play_are_offered(
    served: str, phone: Any
) -> None:
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"])
    phone.click("#record-hands")
    for name in ("Bob", "Cid", "Ann"):
        assert name in phone.inner_text("#deal-setup h2")
        for card in HANDS[name]:
            phone.click(f'#deal-setup [data-card="{card}"]')
        before = version(phone)
        phone.click("#setup-next")
    phone.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                            state="attached")
    bid(phone, "2")
    bid(phone, "pass")
    bid(phone, "pass")

    def offered() -> list[str]:
        buttons = phone.locator("#cards button.legal:not([disabled])")
        return sorted(buttons.evaluate_all("(b) => b.map((x) => x.dataset.card)"))

    assert offered() == sorted(HANDS["Bob"])
    tap_card(phone, "AH")  # hearts are trumps: Cid must play one of his (P4)
    assert offered() == ["3H", "4H"]
    for trick in TRICKS:
        for card in trick[1:] if trick is TRICKS[0] else trick:
            tap_card(phone, card)
    assert scores(phone) == {"Ann": 0, "Bob": 3, "Cid": 1}
