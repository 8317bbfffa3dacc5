"""Phones at the same table: a stale phone is told, not obeyed (If-Match, then the place each
card was tapped for: screens/clash.js); a retry after a lost
answer records once (Idempotency-Key); the share link only watches; the partie's settlement."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, api_get
from tests.e2e.table import (
    enter_cards,
    match_id,
    scores,
    start_match,
    tap_card,
    turn,
    version,
    write_token,
)

pytestmark = pytest.mark.e2e


def _share_link(page: Any, which: str) -> str:
    page.click("button[data-tab=share]")
    link = str(page.input_value(f"#{which}-link"))
    page.click("button[data-tab=play]")
    return link


def _cards_in_log(base: str, match: str, token: str) -> list[str]:
    log = api_get(base, f"/v1/matches/{match}/log?limit=500", token)
    return [e["payload"]["card"] for e in log["items"] if e["kind"] == "card"]


def test_a_phone_that_is_behind_gets_the_current_state_instead_of_overwriting(
    served: str, phone: Any, second_phone: Any
) -> None:
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    link = _share_link(phone, "write")
    assert "token=rw_" in link
    second_phone.clock.install()  # its clock stands still: it will not poll, it falls behind
    second_phone.route("**/stream", lambda route: route.abort())  # …and hears nothing live
    second_phone.goto(link)
    second_phone.wait_for_selector('body[data-version="1"][data-busy=false]', state="attached")
    assert "token=" not in second_phone.url, "the write token is kept off the address bar"
    enter_cards(second_phone)  # the score sheet is the default

    tap_card(phone, "KS")  # the first phone records Bill's lead
    second_phone.click('#cards [data-card="QS"]')  # the second still thinks Bill is to lead
    second_phone.wait_for_selector("#conflict:not([hidden]) #clash-title")
    conflict = second_phone.inner_text("#conflict")
    assert "Another phone recorded deal 1, trick 1, card 1 first" in conflict
    assert "Another phone has Bill's king of spades there" in conflict, "what it recorded"
    assert "this phone has Bill's queen of spades" in conflict
    second_phone.wait_for_selector('body[data-version="2"]', state="attached")
    assert turn(second_phone) == "Ann (younger) to play"
    second_phone.click("#clash-theirs")
    second_phone.wait_for_selector('body[data-pending="0"]', state="attached")
    assert second_phone.is_hidden("#conflict")
    assert "played" in second_phone.locator('#cards [data-card="KS"]').get_attribute("class")
    assert "played" not in second_phone.locator('#cards [data-card="QS"]').get_attribute("class")

    match = match_id(phone)
    assert _cards_in_log(served, match, write_token(phone, match)) == ["KS"]
    tap_card(second_phone, "AS")
    assert _cards_in_log(served, match, write_token(phone, match)) == ["KS", "AS"]

    # Again, but both happened: Ann led the ♣K meanwhile, and the ♣A the second phone tapped
    # as the lead of trick 2 is Bill's answer to it — recorded after it, on the table's word.
    phone.wait_for_selector('body[data-version="3"]', state="attached")
    tap_card(phone, "KC")
    second_phone.click('#cards [data-card="AC"]')
    second_phone.wait_for_selector("#conflict:not([hidden]) #clash-title")
    assert "ace of clubs" in second_phone.inner_text("#conflict")
    assert "deal 1, trick 2, card 2" in second_phone.inner_text("#clash-both-note")
    second_phone.click("#clash-both")
    second_phone.wait_for_selector('body[data-pending="0"][data-version="5"][data-busy=false]',
                                   state="attached")
    assert _cards_in_log(served, match, write_token(phone, match)) == ["KS", "AS", "KC", "AC"]
    assert turn(second_phone) == "Bill (elder) to lead"


def test_a_retry_after_a_lost_answer_is_recorded_once(served: str, phone: Any) -> None:
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    keys: list[str | None] = []
    replayed: list[str | None] = []

    def lose_the_first_answer(route: Any, request: Any) -> None:
        keys.append(request.headers.get("idempotency-key"))
        response = route.fetch()  # the server records the card…
        if len(keys) == 1:
            route.abort("connectionreset")  # …but the phone never hears it
        else:
            replayed.append(response.headers.get("idempotent-replayed"))
            route.fulfill(response=response)

    phone.route("**/v1/matches/*/events", lose_the_first_answer)
    tap_card(phone, "KS")
    assert len(keys) == 2 and keys[0] == keys[1] and keys[0], "the retry reuses its key"
    assert replayed == ["true"]
    assert version(phone) == 2
    assert turn(phone) == "Ann (younger) to play"
    match = match_id(phone)
    assert _cards_in_log(served, match, write_token(phone, match)) == ["KS"]


def test_the_share_link_watches_and_cannot_record(
    served: str, phone: Any, second_phone: Any
) -> None:
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    link = _share_link(phone, "read")
    assert "#match=" in link and "token=ro_" in link
    second_phone.goto(link)
    second_phone.wait_for_selector('body[data-version="1"][data-busy=false]', state="attached")
    assert second_phone.is_visible("#readonly")
    assert not second_phone.is_visible("#cards")
    assert not second_phone.is_visible("#undo")
    assert not second_phone.is_visible("#record-hands")
    second_phone.click("button[data-tab=share]")
    assert not second_phone.is_visible("#write-share")

    tap_card(phone, "KS")
    tap_card(phone, "AS")
    # The watcher catches up by itself (it polls the match).
    second_phone.wait_for_selector('body[data-version="3"]', state="attached")
    second_phone.click("button[data-tab=play]")
    assert "K♠ A♠" in second_phone.inner_text("#so-far")


CAPOT_TRICKS = [[e, y] for e, y in zip("AS KS QS JS TS 9S 8S 7S AC KC QC JC".split(),
                                       "7H 8H 9H TH JH QH KH AH 7D 8D 9D TD".split(),
                                       strict=True)]
Q10_TRICKS = [["KS", "AS"], ["KC", "AC"], ["QS", "7S"], ["TS", "JS"], ["QC", "7C"],
              ["JC", "8S"], ["TC", "JH"], ["9C", "8H"], ["8C", "JD"], ["QH", "AH"],
              ["AD", "KD"], ["9S", "9H"]]


def test_the_partie_settlement_with_the_rubicon_and_the_stake(served: str, phone: Any) -> None:
    """Q9: Bill 282, Ann 33 after six deals: Ann is rubiconed and pays 282 + 33 + 100 = 415
    points, at 0.10 EUR a point 41.50 EUR. The deals are recorded whole by another client."""
    start_match(phone, served, "piquet", ["Bill", "Ann"],
                {"input[name=stake]": "0.10", "input[name=currency]": "EUR"})
    match = match_id(phone)
    token = write_token(phone, match)
    # Elder makes capot in deals 1, 3, 5 (Bill elder: 53 — 12 leads, the last trick, capot
    # 40); deals 2, 4, 6 are Q10 with Ann elder (Ann 11, Bill 41).
    read = urllib.request.Request(f"{served}/v1/matches/{match}",
                                  headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(read, timeout=10) as response:
        etag = response.headers["ETag"]
    for deal in range(6):
        request = urllib.request.Request(
            f"{served}/v1/matches/{match}/deals",
            data=json.dumps({"tricks": CAPOT_TRICKS if deal % 2 == 0 else Q10_TRICKS}).encode(),
            headers={"Authorization": "Bearer " + token, "Content-Type": "application/json",
                     "If-Match": etag},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 201
            etag = response.headers["ETag"]
    phone.wait_for_selector("#turn[data-action=none]")  # the page polls and catches up
    assert turn(phone) == "The match is over: Bill wins."
    assert scores(phone) == {"Bill": 282, "Ann": 33}
    phone.click("button[data-tab=score]")
    settlement = phone.inner_text("#settlement-box")
    assert "Bill wins the partie." in settlement
    assert "Ann is rubiconed" in settlement
    assert "415 points = 41.50 EUR" in settlement
    assert phone.locator("#chart circle").count() == 14  # two players, the start and 6 deals
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "settlement.png"))
