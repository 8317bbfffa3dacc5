"""Two phones write the same deal or the same card (a clash): the phone that was behind is
told, never obeyed — both lines side by side by player name, and the table chooses.

The Piquet clash of the score sheet: Bill and Ann each hold a seat; deal 1 is Q10 by its cards
(Bill elder: Bill 11, Ann 41). For deal 2 Ann is elder and Bill deals. Ann's phone, offline,
writes deal 2 by score sheet: Ann (elder) point of 6, a quart, 7 tricks, 8 in play; Bill 6 in
play — Ann 28, Bill 6. Bill's phone meanwhile records its own line for deal 2: Bill (younger)
point of 5, 7 tricks, 8 in play; Ann 6 in play — Bill 23, Ann 6. Back online, Ann's phone
finds deal 2 taken (409) and the table chooses:
- "Theirs is right": deal 2 is Bill's line, confirmed (Ann 47, Bill 34);
- "Mine is right: dispute theirs": deal 2 is Bill's line, disputed with Ann's as her claim
  (it counts as written until the cards rule it: Ann 47, Bill 34);
- "This was another deal": deal 3 (Bill elder, Ann deals) is Ann's line mapped by player —
  Ann 28, Bill 6 still, never "elder 28" read with deal 3's elder (Ann 75, Bill 40).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import PHONE, api_get, api_post
from tests.e2e.sheet import Taps, axe_violations, record, shots
from tests.e2e.table import SETTLED, match_id, start_match, turn, write_token
from tests.e2e.test_table_agree import join, seat_links

pytestmark = pytest.mark.e2e


@pytest.fixture
def seats(browser: Any) -> Iterator[tuple[Any, Any]]:
    """Ann's phone and Bill's phone: two more browser contexts (their own storage)."""
    contexts = [browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                    device_scale_factor=1) for _ in range(2)]
    errors: list[str] = []
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.on("pageerror", lambda error: errors.append(str(error)))
    yield pages[0], pages[1]
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"

Q10_TRICKS = [["KS", "AS"], ["KC", "AC"], ["QS", "7S"], ["TS", "JS"], ["QC", "7C"],
              ["JC", "8S"], ["TC", "JH"], ["9C", "8H"], ["8C", "JD"], ["QH", "AH"],
              ["AD", "KD"], ["9S", "9H"]]
#: Deal 2 as Ann's phone writes it (Ann elder): Ann 28, Bill 6.
ANN_LINE = [("point.who", "elder"), ("point.cards", 6), ("sequence.who", "elder"),
            ("sequence.length", 4), ("sets.who", "none"), ("tricks", 7), ("play.elder", 8),
            ("play.younger", 6)]
#: Deal 2 as Bill's phone writes it (Bill younger): Bill 23, Ann 6.
BILL_LINE = [("point.who", "younger"), ("point.cards", 5), ("sequence.who", "none"),
             ("sets.who", "none"), ("tricks", 5), ("play.elder", 6), ("play.younger", 8)]


def _live(base: str, match: str, token: str) -> list[dict[str, Any]]:
    items = api_get(base, f"/v1/matches/{match}/ledger?limit=500", token)["items"]
    return [d for d in items if d["status"] == "live"]


def _totals(base: str, match: str, token: str) -> dict[str, int]:
    standings = api_get(base, f"/v1/matches/{match}", token)["standings"]
    return {s["name"]: s["score"] for s in standings}


def _line(page: Any, line: list[tuple[str, object]]) -> None:
    taps = Taps(page)
    for field, value in line:
        taps.pick(field, value)


def _the_clash(served: str, phone: Any, seats: tuple[Any, Any]) -> tuple[Any, str, str]:
    """Deal 1 recorded, both seats joined, deal 2 written on both phones, Ann's offline; Ann's
    phone back online shows the clash. Returns Ann's page, the match and its write token."""
    start_match(phone, served, "piquet", ["Bill", "Ann"], entry="sheet")
    match = match_id(phone)
    token = write_token(phone, match)
    scored = api_post(served, match, token, "/deals", {"tricks": Q10_TRICKS})
    assert scored["scores"] == {"Bill": 11, "Ann": 41}
    # the phone shows deal 1 before anyone taps on it (else its seats meet a 412 and wait)
    now = api_get(served, f"/v1/matches/{match}", token)["version"]
    phone.wait_for_selector(f'body[data-version="{now}"][data-busy=false]', state="attached")
    links = seat_links(phone)
    ann, bill = seats
    join(ann, links["Ann"])
    join(bill, links["Bill"])
    for page in (ann, bill):
        page.wait_for_selector('#sheet-form [data-submit="record"]:has-text("Record deal 2")')

    ann.context.set_offline(True)
    _line(ann, ANN_LINE)
    ann.click("#sheet button[type=submit]")
    ann.wait_for_selector('body[data-pending="1"]', state="attached")
    assert "last: deal 2, by score sheet" in ann.inner_text("#pending")
    assert "Deal 2 is written and waits to be sent" in ann.inner_text("#sheet-waiting")

    taps = Taps(bill)
    _line(bill, BILL_LINE)
    record(taps)
    assert _live(served, match, token)[-1]["scores"] == {"Bill": 23, "Ann": 6}

    ann.context.set_offline(False)
    ann.wait_for_selector("#conflict:not([hidden]) #clash-title", timeout=15000)
    ann.wait_for_selector("#clash-theirs")
    return ann, match, token


@pytest.mark.parametrize("choice", ["theirs", "mine", "another"])
def test_a_deal_written_on_two_phones_is_shown_by_name_and_recorded_as_the_table_chooses(
    served: str, phone: Any, seats: tuple[Any, Any], choice: str
) -> None:
    ann, match, token = _the_clash(served, phone, seats)
    box = ann.inner_text("#conflict")
    assert "Deal 2 is already recorded" in box
    assert "Bill's phone recorded deal 2 first" in box
    assert "This phone's deal 2, by score sheet, was written before it knew" in box
    assert "It has the" not in box and "deals waiting" not in box
    assert "last: deal 2, by score sheet" in ann.inner_text("#pending")
    # Both lines side by side, by player name (Bill's phone's, then this phone's)
    bill_row = ann.locator('#conflict tr[data-player="Bill"] td')
    ann_row = ann.locator('#conflict tr[data-player="Ann"] td')
    assert "point of 5" in bill_row.nth(0).inner_text()
    assert "23 points in all" in bill_row.nth(0).inner_text()
    assert "6 in play" in bill_row.nth(1).inner_text()
    assert "6 points in all" in ann_row.nth(0).inner_text()
    mine = ann_row.nth(1).inner_text()
    assert "point of 6" in mine and "quart" in mine and "7 tricks" in mine
    assert "8 in play" in mine
    # Three choices, none of them the default; "another deal" names deal 3's roles
    assert ann.locator("#conflict button").count() == 3
    assert ann.locator("#conflict button.primary").count() == 0
    assert "deal 3, where Bill is elder and Ann deals" in ann.inner_text("#clash-another-note")
    assert not axe_violations(ann)
    shots(ann, "clash-deal")

    if choice == "theirs":
        ann.click("#clash-theirs")
    elif choice == "mine":
        ann.click("#clash-mine")
        ann.wait_for_selector("#clash-reason")
        assert ann.input_value("#clash-reason"), "a reason is offered, to edit"
        assert not axe_violations(ann)
        ann.fill("#clash-reason", "Ann's phone has Ann 28, Bill 6")
        ann.click("#clash-dispute-send")
    else:
        ann.click("#clash-another")
    ann.wait_for_selector("#conflict", state="hidden")
    ann.wait_for_selector('body[data-pending="0"][data-busy=false]', state="attached",
                          timeout=15000)

    live = _live(served, match, token)
    deal2 = [d for d in live if d["deal"] == 2]
    assert len(deal2) == 1, "exactly one deal 2"
    assert deal2[0]["scores"] == {"Bill": 23, "Ann": 6}
    if choice == "theirs":
        assert deal2[0]["agreement"] == "confirmed"
        assert [d["deal"] for d in live] == [1, 2]
        assert _totals(served, match, token) == {"Bill": 34, "Ann": 47}
    elif choice == "mine":
        assert deal2[0]["agreement"] == "disputed"
        claims = [c for c in deal2[0]["claims"] if c.get("reason")]
        assert [c["reason"] for c in claims] == ["Ann's phone has Ann 28, Bill 6"]
        assert claims[0]["scores"] == {"Bill": 6, "Ann": 28}, "Ann's line is her claim"
        assert [d["deal"] for d in live] == [1, 2]
        assert _totals(served, match, token) == {"Bill": 34, "Ann": 47}
        ann.wait_for_selector('[data-disputed="2"]')
    else:
        assert [d["deal"] for d in live] == [1, 2, 3]
        deal3 = live[2]
        assert deal3["scores"] == {"Bill": 6, "Ann": 28}, "Ann's line, mapped by player"
        assert deal3["level"] == "sheet" and deal3["entered_by"] == "seat:Ann"
        assert _totals(served, match, token) == {"Bill": 40, "Ann": 75}
    ann.wait_for_selector(SETTLED, state="attached")


def test_two_phones_tap_the_same_trick_and_the_table_chooses_whose_card(
    served: str, phone: Any, second_phone: Any
) -> None:
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    phone.click("button[data-tab=share]")
    link = phone.input_value("#write-link")
    phone.click("button[data-tab=play]")
    second_phone.goto(link)
    second_phone.wait_for_selector('body[data-version="1"][data-busy=false]', state="attached")
    second_phone.click("#entry-cards")
    second_phone.wait_for_selector("#cards:not([hidden])")
    match = match_id(phone)
    token = write_token(phone, match)

    def cards_in_log() -> list[str]:
        log = api_get(served, f"/v1/matches/{match}/log?limit=500", token)
        return [e["payload"]["card"] for e in log["items"] if e["kind"] == "card"]

    # Both phones tap Bill's lead of trick 1, the second offline: the same card is one card.
    second_phone.context.set_offline(True)
    second_phone.click('#cards [data-card="KS"]')
    second_phone.wait_for_selector('body[data-pending="1"]', state="attached")
    phone.click('#cards [data-card="KS"]')
    phone.wait_for_selector('body[data-version="2"][data-busy=false]', state="attached")
    second_phone.context.set_offline(False)
    second_phone.wait_for_selector('body[data-pending="0"][data-version="2"][data-busy=false]',
                                   state="attached", timeout=15000)
    assert second_phone.is_hidden("#conflict"), "both phones agree: nothing to ask"
    assert cards_in_log() == ["KS"]

    # Ann's answer: the first phone taps the ace, the second (offline) the seven of spades.
    second_phone.context.set_offline(True)
    second_phone.click('#cards [data-card="7S"]')
    second_phone.wait_for_selector('body[data-pending="1"]', state="attached")
    phone.click('#cards [data-card="AS"]')
    phone.wait_for_selector('body[data-version="3"][data-busy=false]', state="attached")
    second_phone.context.set_offline(False)
    second_phone.wait_for_selector("#conflict:not([hidden]) #clash-title", timeout=15000)
    box = second_phone.inner_text("#conflict")
    assert "Another phone recorded deal 1, trick 1, card 2 first" in box
    assert "Another phone has Ann's ace of spades there; this phone has Ann's seven of " \
        "spades, tapped before it knew" in box
    row = second_phone.locator('#conflict tr[data-player="Ann"] td')
    assert "ace of spades" in row.nth(0).inner_text()
    assert "seven of spades" in row.nth(1).inner_text()
    assert second_phone.locator("#conflict button.primary").count() == 0
    assert second_phone.is_visible("#clash-mine"), "theirs is the last card: it can be undone"
    assert not axe_violations(second_phone)
    shots(second_phone, "clash-card")
    second_phone.click("#clash-theirs")
    second_phone.wait_for_selector("#conflict", state="hidden")
    second_phone.wait_for_selector('body[data-pending="0"][data-busy=false]', state="attached")
    assert cards_in_log() == ["KS", "AS"], "never a second copy of the trick"
    assert turn(second_phone) == "Ann (younger) to lead"

    # Ann leads trick 2: the first phone taps the queen of clubs, the second (offline) the
    # king — and the king is right: the queen, still the last card, is taken back.
    second_phone.context.set_offline(True)
    second_phone.click('#cards [data-card="KC"]')
    second_phone.wait_for_selector('body[data-pending="1"]', state="attached")
    phone.click('#cards [data-card="QC"]')
    phone.wait_for_selector('body[data-version="4"][data-busy=false]', state="attached")
    second_phone.context.set_offline(False)
    second_phone.wait_for_selector("#conflict:not([hidden]) #clash-mine", timeout=15000)
    assert "deal 1, trick 2, card 1" in second_phone.inner_text("#clash-title")
    second_phone.click("#clash-mine")
    second_phone.wait_for_selector("#conflict", state="hidden")
    second_phone.wait_for_selector('body[data-pending="0"][data-busy=false]', state="attached")
    deal = api_get(served, f"/v1/matches/{match}", token)["current_deal"]
    assert deal["tricks"] == [["KS", "AS"], ["KC"]], "the king in the queen's place"
    assert turn(second_phone) == "Bill (elder) to play"


def test_a_pitch_hand_written_on_two_phones_recorded_as_the_next_hand_by_player(
    served: str, phone: Any, second_phone: Any
) -> None:
    """Ann deals hand 1. The first phone, offline, writes: Bob bids 2, Cid and Ann pass; Bob
    takes High, Low and Jack, Cid Game (Bob 3, Cid 1). The second phone records its own line
    for hand 1 meanwhile. "This was another hand": hand 2 is Bob's deal, so the calls are
    read from Cid's seat — Cid pass, Ann pass, Bob 2 — and each point stays with its player."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"], entry="sheet")
    match = match_id(phone)
    token = write_token(phone, match)
    phone.click("button[data-tab=share]")
    link = phone.input_value("#write-link")
    phone.click("button[data-tab=play]")
    second_phone.goto(link)
    second_phone.wait_for_selector('#sheet-form [data-submit="record"]')

    phone.context.set_offline(True)
    taps = Taps(phone)
    for field, value in [("bid", 2), ("bid", "pass"), ("bid", "pass"), ("high", 1),
                         ("low", 1), ("jack", 1), ("game", 2)]:
        taps.pick(field, value)
    phone.click("#sheet button[type=submit]")
    phone.wait_for_selector('body[data-pending="1"]', state="attached")

    other = Taps(second_phone)
    for field, value in [("bid", 2), ("bid", "pass"), ("bid", "pass"), ("high", 1),
                         ("low", 2), ("jack", "none"), ("game", 1)]:
        other.pick(field, value)
    record(other)

    phone.context.set_offline(False)
    phone.wait_for_selector("#conflict:not([hidden]) #clash-another", timeout=15000)
    assert "Hand 1 is already recorded" in phone.inner_text("#clash-title")
    mine = phone.inner_text('#conflict tr[data-player="Bob"] td:nth-child(3)')
    assert "Bob bid 2" in mine and "High" in mine and "Jack" in mine
    assert "hand 2, where Bob deals" in phone.inner_text("#clash-another-note")
    assert not axe_violations(phone)
    phone.click("#clash-another")
    phone.wait_for_selector("#conflict", state="hidden")
    phone.wait_for_selector('body[data-pending="0"][data-busy=false]', state="attached",
                            timeout=15000)
    live = _live(served, match, token)
    assert [d["deal"] for d in live] == [1, 2]
    assert live[1]["dealer"] == "Bob"
    assert live[1]["record"]["bids"] == ["pass", "pass", 2], "the calls follow their players"
    assert live[1]["scores"] == {"Ann": 0, "Bob": 3, "Cid": 1}


def test_an_undo_that_was_behind_says_what_it_would_take_back(
    served: str, phone: Any
) -> None:
    """An undo names no place: after a 412 it waits, and the box says what the other phone
    recorded, in a sentence, and what the undo would take back now."""
    start_match(phone, served, "piquet", ["Bill", "Ann"], entry="sheet")
    match = match_id(phone)
    token = write_token(phone, match)
    scored = api_post(served, match, token, "/deals", {"tricks": Q10_TRICKS})
    phone.wait_for_selector(f'body[data-version="{scored["match"]["version"]}"]'
                            "[data-busy=false]", state="attached")
    phone.context.set_offline(True)
    phone.click("#undo")  # meant for deal 1
    phone.wait_for_selector('body[data-pending="1"]', state="attached")
    api_post(served, match, token, "/deals", {"totals": {"scores": {"elder": 20, "younger": 6}}})
    phone.context.set_offline(False)
    phone.wait_for_selector("#conflict:not([hidden]) #conflict-drop", timeout=15000)
    box = phone.inner_text("#conflict")
    assert "It recorded 2 deals scored; the match is now at deal 3." in box
    assert "1 entry waiting: an undo" in box
    assert "takes back the last entry the referee has: the other phone's" in box
    assert phone.locator("#conflict button.primary").count() == 0
    phone.click("#conflict-drop")
    phone.wait_for_selector('body[data-pending="0"][data-busy=false]', state="attached")
    assert [d["deal"] for d in _live(served, match, token)] == [1, 2]


def test_the_clash_reads_in_the_phone_s_language(
    served: str, phone: Any, seats: tuple[Any, Any]
) -> None:
    """The same clash on a phone that reads French: the box, both lines by player name and
    the choices in French; nothing is recorded until a choice."""
    ann, match, token = _the_clash(served, phone, seats)
    ann.evaluate("localStorage.setItem('referee.lang', 'fr')")
    ann.reload()
    ann.wait_for_selector("html[lang=fr]", state="attached")
    ann.wait_for_selector("#conflict:not([hidden]) #clash-title", timeout=15000)
    box = ann.inner_text("#conflict")
    assert "Donne 2 est déjà enregistrée" in box
    assert "Le téléphone de Bill a enregistré donne 2 en premier" in box
    mine = ann.locator('#conflict tr[data-player="Ann"] td').nth(1).inner_text()
    assert "point de 6" in mine and "quatrième" in mine and "7 levées" in mine
    assert ann.inner_text("#clash-theirs") == "Le leur est juste"
    assert "donne 3, où Bill est l'aîné et Ann donne" in ann.inner_text("#clash-another-note")
    assert _live(served, match, token)[-1]["scores"] == {"Bill": 23, "Ann": 6}
    assert not axe_violations(ann)
