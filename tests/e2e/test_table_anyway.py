"""Something irregular happened at the table: the page records it anyway, and
shows what the rules say and the consequence before anything is sent.

Pitch: Ann, Bob, Cid with the hands of tests/api/deals.py (BOB_SET_BACK_HANDS); Ann deals, Bob
pitches hearts (2), Cid plays the ace and Ann — holding the three and two of hearts — puts down
the nine of spades: a revoke (P4, P10). Piquet: the Q10 deal of rules/piquet.md.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.api.deals import BOB_SET_BACK_HANDS, SHORT_HAND_TRICKS
from tests.e2e.conftest import api_get
from tests.e2e.table import (
    Q10_CARDS,
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
from tests.e2e.test_table_access import check

pytestmark = pytest.mark.e2e

#: After Ann's revoke the hand is played out legally (tests/api/test_matches_irregular.py).
AFTER_REVOKE = ["JH", "2H", "5H", "TS", "6S", "8S", "TD", "9D", "8D", "TC", "9C", "8C",
                "7S", "3H", "5S"]


def _post(base: str, match: str, token: str, body: dict[str, Any]) -> Any:
    """A step recorded behind the page's back (another phone), with the current ETag."""
    read = urllib.request.Request(f"{base}/v1/matches/{match}",
                                  headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(read, timeout=10) as response:
        etag = response.headers["ETag"]
    request = urllib.request.Request(
        f"{base}/v1/matches/{match}/events", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": "Bearer " + token, "Content-Type": "application/json",
                 "If-Match": etag})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
        return json.loads(response.read())


def _steps(page: Any, base: str, bodies: list[dict[str, Any]]) -> tuple[str, str]:
    """Record `bodies` through the API and wait until the page shows the last one."""
    match, token = match_id(page), write_token(page, match_id(page))
    answer = None
    for body in bodies:
        answer = _post(base, match, token, body)
    assert answer is not None
    page.wait_for_selector(f'body[data-version="{answer["match"]["version"]}"]',
                           state="attached")
    page.wait_for_selector(SETTLED, state="attached")
    return match, token


def _server_version(base: str, match: str, token: str) -> int:
    return int(api_get(base, f"/v1/matches/{match}", token)["version"])


def _record_anyway(page: Any) -> None:
    before = version(page)
    page.click("#anyway-record")
    page.wait_for_selector(
        f'body:not([data-version="{before}"])[data-busy=false][data-pending="0"]',
        state="attached")


def test_a_pitch_revoke_is_shown_then_recorded_anyway_and_ruled(served: str,
                                                                 phone: Any) -> None:
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"])
    match, token = _steps(phone, served, [
        {"type": "deal_started", "hands": BOB_SET_BACK_HANDS},
        {"type": "bid", "call": 2}, {"type": "bid", "call": "pass"},
        {"type": "bid", "call": "pass"},
        {"type": "card", "card": "KH"}, {"type": "card", "card": "AH"}])
    assert turn(phone) == "Ann to play"
    nine = phone.locator('#cards [data-card="9S"]')
    assert nine.is_disabled(), "Ann holds hearts: the referee offers only them"
    phone.check("#irregular")
    assert not nine.is_disabled()
    written = _server_version(served, match, token)
    nine.click()
    phone.wait_for_selector("#anyway-consequence")
    panel = phone.inner_text("#anyway")
    assert "Ann revoked in trick 1" in panel  # the violation, in a player's words
    assert phone.locator('#anyway a.rule[href="/rules/P4"]').count() == 1
    assert "set back the bid, 2" in phone.inner_text("#anyway-consequence")
    assert phone.get_attribute("#anyway [data-penalty]", "data-penalty") == "set_back_bid"
    assert phone.is_hidden("#cards"), "the decision stands in for the pack"
    assert _server_version(served, match, token) == written, "nothing sent before the choice"

    _record_anyway(phone)
    assert _server_version(served, match, token) == written + 1
    assert "Recorded anyway" in phone.inner_text("#message")
    assert phone.is_hidden("#anyway")
    _steps(phone, served, [{"type": "card", "card": c} for c in AFTER_REVOKE])
    ruling = phone.inner_text("#so-far")
    assert "Deal 1 scored" in ruling and "Ann -2, Bob 0, Cid 4" in ruling
    assert "Irregularity: Ann revoked in trick 1" in ruling
    assert "set back the bid" in ruling


def test_a_pitch_bid_out_of_turn_at_320_px_and_undone(served: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True,
                                  is_mobile=True, bypass_csp=True)
    page = context.new_page()
    try:
        start_match(page, served, "pitch", ["Ann", "Bob", "Cid"])
        assert turn(page) == "Bob to bid"
        page.check("#irregular")
        # Whose turn it is is preselected; the others are one tap away.
        assert page.get_attribute('[data-actor="Bob"]', "aria-pressed") == "true"
        page.click('[data-actor="Cid"]')
        before = version(page)
        page.click('#bids [data-call="3"]')
        page.wait_for_selector("#anyway-consequence")
        assert "Cid called 3 out of turn" in page.inner_text("#anyway-consequence")
        assert "It is Bob's turn, not Cid's." in page.inner_text("#anyway")
        check(page, "320", "anyway-panel")
        assert version(page) == before
        _record_anyway(page)
        assert turn(page) == "Bob to bid", "the auction goes on in turn"
        noted = page.inner_text("#recorded-anyway")
        assert "Cid: a bid of 3" in noted and "out of turn" in noted
        # Undo takes it back like any entry.
        undo(page)
        assert page.locator("#recorded-anyway").count() == 0
        assert turn(page) == "Bob to bid"
    finally:
        context.close()


def test_a_refused_tap_offers_to_record_it_anyway(served: str, phone: Any) -> None:
    """Taps made offline are checked when they arrive: the refusal offers the same flow."""
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    match, token = _steps(phone, served, [{"type": "card", "card": c} for c in Q10_CARDS[:12]])
    phone.context.set_offline(True)
    phone.click('#cards [data-card="TC"]')  # Ann leads the ten of clubs
    phone.wait_for_selector('body[data-pending="1"]', state="attached")
    # Bill showed void in clubs in trick 6: a club now proves a revoke (Q6). Offline the page
    # cannot know it and keeps the tap.
    phone.click('#cards [data-card="9C"]')
    phone.wait_for_selector('body[data-pending="2"]', state="attached")
    phone.context.set_offline(False)
    phone.wait_for_selector("#refused-anyway", timeout=20000)
    assert "without following suit" in phone.inner_text("#message")
    written = _server_version(served, match, token)
    phone.click("#refused-anyway")
    phone.wait_for_selector("#anyway-consequence")
    assert "PT 59 IV" in phone.inner_text("#anyway-consequence")
    assert _server_version(served, match, token) == written
    _record_anyway(phone)
    # The revoke is replayed (Q12, the replay option): the play from Bill's ♠8 in trick 6 is
    # taken back, and Bill, known to hold the ♣9, must play a club to Ann's ♣J.
    assert turn(phone) == "Bill (elder) to play"
    assert "nine of clubs" in phone.inner_text("#recorded-anyway")
    assert phone.locator('#cards [data-card="JH"]').is_disabled()
    tap_card(phone, "9C")
    assert phone.locator("#recorded-anyway").count() == 1


def test_a_piquet_card_out_of_turn(served: str, phone: Any) -> None:
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    phone.check("#irregular")
    phone.click('[data-actor="Ann"]')
    phone.click('#cards [data-card="KC"]')  # Ann leads: it was Bill's lead (Q6)
    phone.wait_for_selector("#anyway-consequence")
    assert "It is Bill's turn, not Ann's." in phone.inner_text("#anyway")
    assert phone.locator('#anyway a.rule[href="/rules/Q6"]').count() == 1
    phone.click("#anyway-cancel")
    assert phone.is_hidden("#anyway") and phone.is_visible("#cards")
    # Offline the referee cannot be asked: the page says so and keeps the choice.
    phone.context.set_offline(True)
    phone.click('[data-actor="Ann"]')
    phone.click('#cards [data-card="KC"]')
    phone.wait_for_selector("#anyway-offline")
    assert "without seeing the consequence" in phone.inner_text("#anyway-record")
    before = version(phone)
    phone.click("#anyway-record")
    phone.wait_for_selector('body[data-pending="1"]', state="attached")
    phone.context.set_offline(False)
    phone.wait_for_selector(
        f'body:not([data-version="{before}"])[data-busy=false][data-pending="0"]',
        state="attached", timeout=20000)
    assert turn(phone) == "Bill (elder) to lead"
    assert "Ann: king of clubs" in phone.inner_text("#recorded-anyway")


def test_a_pitch_misdeal_from_the_hands_as_dealt(served: str, phone: Any) -> None:
    """Ann was dealt five cards: the hands as dealt are a misdeal (P2, P10)."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"])
    phone.click("#record-hands")
    phone.check("#irregular")  # a wrong number of cards can now be picked
    hands = {"Bob": BOB_SET_BACK_HANDS[1], "Cid": BOB_SET_BACK_HANDS[2],
             "Ann": BOB_SET_BACK_HANDS[0][:5]}
    for name in ("Bob", "Cid", "Ann"):
        assert name in phone.inner_text("#deal-setup h2")
        for card in hands[name]:
            phone.click(f'#deal-setup [data-card="{card}"]')
        phone.click("#setup-next")
    phone.wait_for_selector("#anyway-consequence")
    assert "Ann was dealt 5 cards; each player is dealt six." in phone.inner_text("#anyway")
    assert "a new deal" in phone.inner_text("#anyway-consequence")
    _record_anyway(phone)
    scored = phone.inner_text("#so-far")
    assert "Deal 1 scored" in scored
    assert "Irregularity: A wrong number of cards was dealt to Ann" in scored
    assert turn(phone) == "Cid to bid", "the deal passes: Bob deals the next (P10)"


def test_a_piquet_talon_offence_found_at_the_table(served: str, browser: Any) -> None:
    """No tap on a card: the irregular mode offers what the table found (Q12, PT 27–29, 33,
    35). The consequence comes first, nothing stored; then it is recorded and the deal so far
    shows it in words."""
    context = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True,
                                  is_mobile=True, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        start_match(page, served, "piquet", ["Bill", "Ann"])
        assert page.locator("[data-what]").count() == 0, "only in the irregular mode"
        page.check("#irregular")
        page.click('[data-actor="Ann"]')
        offence = page.locator('[data-what="talon_offence"]')
        assert "Looked at or took the talon cards" in offence.inner_text()
        assert page.locator('[data-what="long_hand"]').inner_text() == (
            "Has more than twelve cards")
        check(page, "320", "at-the-table")
        match, token = match_id(page), write_token(page, match_id(page))
        written = _server_version(served, match, token)
        offence.click()
        page.wait_for_selector("#anyway-consequence")
        panel = page.inner_text("#anyway")
        assert "Ann: looked at or took the talon cards" in panel
        assert "A talon offence" in page.inner_text("#anyway [data-irregularity]")
        assert page.get_attribute("#anyway [data-penalty]", "data-penalty") == "reckon_nothing"
        said = page.inner_text("#anyway-consequence")
        assert said.startswith("Ann (younger) took talon cards"), said
        assert "reckons nothing this deal" in said
        assert page.is_hidden("#cards"), "the decision stands in for the pack"
        assert _server_version(served, match, token) == written, "nothing sent before the choice"
        check(page, "320", "at-the-table-panel")

        _record_anyway(page)
        assert _server_version(served, match, token) == written + 1
        assert "Recorded: Ann (younger) took talon cards" in page.inner_text("#message")
        noted = page.inner_text("#recorded-anyway")
        assert "Ann: looked at or took the talon cards" in noted
        assert "Penalty: the offender reckons nothing this deal" in noted
        assert turn(page) == "Bill (elder) to lead", "the play goes on"
        # Recorded once: the same offence again is refused, even anyway.
        page.check("#irregular")
        page.click('[data-actor="Ann"]')
        page.click('[data-what="talon_offence"]')
        page.wait_for_selector("#anyway [role=alert]")
        assert "already recorded" in page.inner_text("#anyway")
        page.click("#anyway-cancel")
        # Played out, the deal's ruling says it: Ann reckons nothing (the Q10 deal).
        _steps(page, served, [{"type": "card", "card": c} for c in Q10_CARDS])
        # the page follows the steps sent behind its back: wait until it shows the ruling
        page.wait_for_selector("#so-far:has-text('Deal 1 scored')")
        ruling = page.inner_text("#so-far")
        assert "Deal 1 scored" in ruling and "Ann 0, Bill 11." in ruling, ruling
        assert "Ann: penalty (-41)" in ruling
        assert "Irregularity: Ann (younger) took talon cards" in ruling, ruling
        assert not errors, errors
    finally:
        context.close()


def test_a_piquet_long_hand_names_the_cards_never_played(served: str, phone: Any) -> None:
    """More than twelve cards (PT 58): the cards he will never play are picked from the pack,
    the referee's consequence counts them; cancelled, nothing is stored."""
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    match, token = _steps(phone, served, [{"type": "card", "card": c} for c in Q10_CARDS[:2]])
    written = _server_version(served, match, token)
    phone.check("#irregular")
    phone.click('[data-what="long_hand"]')  # Ann leads the next trick: she is named
    phone.wait_for_selector("#unplayed-note")
    assert phone.locator('#anyway [data-card="KS"]').is_disabled(), "played already"
    phone.click('#anyway [data-card="7D"]')
    phone.click('#anyway [data-card="9D"]')
    assert phone.inner_text("#anyway-unplayed") == "Go on with 2 cards"
    phone.click("#anyway-unplayed")
    phone.wait_for_selector("#anyway-consequence")
    assert "never played: seven of diamonds, nine of diamonds" in phone.inner_text("#anyway")
    said = phone.inner_text("#anyway-consequence")
    assert "more than twelve cards (2 cards never played)" in said, said
    phone.click("#anyway-cancel")
    assert phone.is_hidden("#anyway") and phone.is_visible("#cards")
    assert _server_version(served, match, token) == written


def test_a_pitch_card_exposed_is_recorded_in_words(served: str, phone: Any) -> None:
    """P10: an exposed card costs nothing in the game of each for himself; noted."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"])
    phone.check("#irregular")
    phone.click('[data-actor="Ann"]')
    assert phone.inner_text('[data-what="long_hand"]') == "A hand with too many cards"
    phone.click('[data-what="exposed_card"]')
    phone.wait_for_selector("#anyway-consequence")
    said = phone.inner_text("#anyway-consequence")
    assert said.startswith("Ann exposed a card"), said
    assert phone.inner_text("#anyway [data-penalty]") == "no penalty"
    _record_anyway(phone)
    noted = phone.inner_text("#recorded-anyway")
    assert "Ann: a card exposed" in noted and "Penalty: no penalty." in noted
    assert turn(phone) == "Bob to bid"


def test_a_pitch_short_hand_found_in_play(served: str, phone: Any) -> None:
    """P10 (Work 1913 by analogy): Ann, dealt five, has no card when she must lead trick 6:
    recorded in words with no penalty; Bob leads trick 6, which two cards complete, and the
    page groups them as one trick (tests/api/deals.py SHORT_HAND_TRICKS)."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"])
    _steps(phone, served, [*({"type": "bid", "call": c} for c in (2, "pass", "pass")),
                           *({"type": "card", "card": c}
                             for t in SHORT_HAND_TRICKS[:5] for c in t)])
    assert turn(phone) == "Ann to lead"
    phone.check("#irregular")
    phone.click('[data-actor="Ann"]')
    phone.click('[data-what="short_hand"]')
    phone.wait_for_selector("#anyway-consequence")
    said = phone.inner_text("#anyway-consequence")
    assert said.startswith("Ann was found in play with fewer than six cards"), said
    assert phone.inner_text("#anyway [data-penalty]") == "no penalty"
    _record_anyway(phone)
    phone.uncheck("#irregular")
    assert turn(phone) == "Bob to lead"
    tap_card(phone, "5S")
    assert turn(phone) == "Cid to play"
    assert phone.inner_text("#trick").startswith("On the table:")
    tap_card(phone, "7S")
    assert scores(phone) == {"Ann": 0, "Bob": -2, "Cid": 4}
