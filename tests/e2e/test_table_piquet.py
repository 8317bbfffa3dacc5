"""A Piquet partie on the table page, in Chromium at phone size."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, api_get
from tests.e2e.table import (
    Q10_CARDS,
    Q10_ELDER,
    Q10_ELDER_DISCARDS,
    Q10_TALON,
    Q10_YOUNGER,
    Q10_YOUNGER_DISCARDS,
    SETTLED,
    match_id,
    scores,
    start_match,
    tap_card,
    turn,
    undo,
    version,
    write_token,
)

pytestmark = pytest.mark.e2e


def test_q10_tapped_card_by_card_refusals_undo_and_the_score_screen(
    served: str, phone: Any
) -> None:
    """Q10: Bill (elder) 11, Ann (younger) 41; a revoke and a card played twice are refused
    with the referee's words (Q6); undo takes back the last card and its score."""
    start_match(phone, served, "piquet", ["Bill", "Ann"],
                {"input[name=stake]": "0.10", "input[name=currency]": "EUR"})
    assert turn(phone) == "Bill (elder) to lead"
    assert scores(phone) == {"Bill": 0, "Ann": 0}

    for card in Q10_CARDS[:13]:  # six tricks, and Ann leads the ♣10 to the seventh
        tap_card(phone, card)
    assert turn(phone) == "Bill (elder) to play"
    played = phone.locator('#cards [data-card="KS"]')
    assert "played" in played.get_attribute("class")
    assert played.is_disabled()
    # Bill showed void in clubs in trick 6 (♠8 on ♣J): a club now would prove a revoke, so
    # the referee does not offer one.
    nine_of_clubs = phone.locator('#cards [data-card="9C"]')
    assert "illegal" in nine_of_clubs.get_attribute("class")
    assert nine_of_clubs.is_disabled()
    assert not phone.locator('#cards [data-card="JH"]').is_disabled()

    # The table says Bill put the ♣9 down anyway: the page says what the rules make of it
    # before anything is sent (screens/anyway.js); cancelled, nothing is recorded.
    before = version(phone)
    phone.check("#irregular")
    # A card already played cannot be tapped again, even so.
    assert phone.locator('#cards [data-card="KS"]').is_disabled()
    phone.click('#cards [data-card="9C"]')
    phone.wait_for_selector("#anyway-consequence")
    message = phone.inner_text("#anyway")
    assert ("In trick 6 Bill (elder) played eight of spades on jack of clubs without "
            "following suit") in message
    assert "Q6" in message
    assert "tricks[" not in message
    phone.click("#anyway-cancel")
    assert version(phone) == before, "nothing is recorded until the player says so"
    phone.uncheck("#irregular")
    assert phone.locator('#cards [data-card="9C"]').is_disabled()

    for card in Q10_CARDS[13:]:
        tap_card(phone, card)
    assert scores(phone) == {"Bill": 11, "Ann": 41}
    assert "Deal 2 of 6" in phone.inner_text("#scoreline")
    assert turn(phone) == "Ann (elder) to lead"

    # Undo the last entry: Ann's ♥9 and the deal's score go; the ♥9 is offered again.
    undo(phone)
    assert scores(phone) == {"Bill": 0, "Ann": 0}
    assert turn(phone) == "Ann (younger) to play"
    assert "played" not in phone.locator('#cards [data-card="9H"]').get_attribute("class")
    assert "played" in phone.locator('#cards [data-card="9S"]').get_attribute("class")
    tap_card(phone, "9H")
    assert scores(phone) == {"Bill": 11, "Ann": 41}

    # The server agrees: the page wrote through the public API only.
    match = api_get(served, f"/v1/matches/{match_id(phone)}", write_token(phone, match_id(phone)))
    assert {s["name"]: s["score"] for s in match["standings"]} == {"Bill": 11, "Ann": 41}

    phone.click("button[data-tab=score]")
    phone.wait_for_selector("#chart:not([hidden]) svg polyline")
    assert phone.locator('[data-standing="Ann"] b').inner_text() == "41"
    row = phone.locator('#ledger tr[data-deal="1"]')
    assert "+11" in row.inner_text() and "+41" in row.inner_text()
    phone.click("#ledger details.ruling summary")
    assert "Ann: sixième (+16)" in phone.inner_text("#ledger")
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "score.png"))
    assert (ARTIFACTS / "score.png").stat().st_size > 0


def _pick(phone: Any, cards: list[str]) -> None:
    for card in cards:
        phone.click(f'#deal-setup [data-card="{card}"]')


def test_q10_with_the_hands_offers_only_the_legal_cards(served: str, phone: Any) -> None:
    """With the hands, talon, exchange and declarations recorded the referee knows each hand
    (Q4, Q5, Q6): only the cards a player may play are offered, a revoke is refused at once."""
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    phone.click("#record-hands")
    _pick(phone, Q10_ELDER)
    phone.click("#setup-next")
    assert phone.locator('#deal-setup [data-card="AC"]').is_disabled(), "dealt to Bill"
    _pick(phone, Q10_YOUNGER)
    phone.click("#setup-next")
    _pick(phone, Q10_TALON)  # from the top down
    assert phone.locator('#deal-setup [data-card="JC"] .order').inner_text() == "8"
    before = version(phone)
    phone.click("#setup-next")
    phone.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                            state="attached")

    phone.click("#record-exchange")
    assert phone.locator('#deal-setup [data-card="KC"]').is_disabled(), "not Bill's to discard"
    _pick(phone, Q10_ELDER_DISCARDS)
    phone.click("#setup-next")
    _pick(phone, Q10_YOUNGER_DISCARDS)
    before = version(phone)
    phone.click("#setup-next")
    phone.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                            state="attached")
    assert phone.locator("#record-exchange").count() == 0

    # Q10's declarations: Bill a point of five and a trio of aces (he sinks his tierce), Ann
    # a point of six and a sixième (Q5).
    phone.click("#record-declaration")
    phone.select_option("#deal-setup select[name=role]", "elder")
    phone.select_option("#deal-setup select[name=point]", "5")
    phone.check('#deal-setup input[name="trio:A"]')
    before = version(phone)
    phone.click("#declaration-save")
    phone.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                            state="attached")
    assert phone.inner_text('[data-declared="elder"]') == (
        "Bill declared: point of 5, trio of aces.")
    phone.click("#record-declaration")
    assert phone.input_value("#deal-setup select[name=role]") == "younger"
    phone.select_option("#deal-setup select[name=point]", "6")
    phone.select_option("#deal-setup select[name=sequence]", "sixième")
    before = version(phone)
    phone.click("#declaration-save")
    phone.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                            state="attached")

    # Bill holds AC KS QS TS 9S 8S AD AH JH 8H 7C JD after the exchange: only those.
    offered = phone.locator("#cards button.legal:not([disabled])")
    assert sorted(offered.evaluate_all("(cards) => cards.map((c) => c.dataset.card)")) == sorted(
        "AC KS QS TS 9S 8S AD AH JH 8H 7C JD".split())
    assert phone.locator('#cards [data-card="KH"]').is_disabled(), "discarded"
    tap_card(phone, "KS")
    # Ann must follow suit with AS, JS or 7S.
    offered = phone.locator("#cards button.legal:not([disabled])")
    assert sorted(offered.evaluate_all("(cards) => cards.map((c) => c.dataset.card)")) == [
        "7S", "AS", "JS"]
    phone.check("#irregular")
    phone.click('#cards [data-card="KC"]')
    phone.wait_for_selector("#anyway-consequence")
    assert ("Ann (younger) played king of clubs on king of spades without following "
            "suit although holding") in phone.inner_text("#anyway")
    phone.click("#anyway-cancel")
    phone.uncheck("#irregular")

    for card in Q10_CARDS[1:]:
        tap_card(phone, card)
    assert scores(phone) == {"Bill": 11, "Ann": 41}
    phone.wait_for_selector(SETTLED, state="attached")
    scored = phone.inner_text("#so-far")
    assert "Bill: trio of aces (+3) → Bill 3, Ann 0" in scored
    assert "Ann: sixième (+16) → Bill 4, Ann 22" in scored
