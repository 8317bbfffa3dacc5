"""The score sheet on the table page: a Piquet deal in at most 12 taps, a Pitch
hand in at most 8 after the bids, the referee's answer in words with its rule sections, a
refusal in a player's words; a whole partie and a whole match by score sheet."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import api_get
from tests.e2e.sheet import Taps, axe_violations, record, shots
from tests.e2e.table import (
    Q10_CARDS,
    match_id,
    scores,
    start_match,
    tap_card,
    turn,
    write_token,
)

pytestmark = pytest.mark.e2e


def test_q10_by_score_sheet_in_at_most_12_taps(served: str, phone: Any) -> None:
    """Q10 as the table writes it: Ann good in point (six) and sequence (sixième), Bill in
    sets (three aces); Bill took 5 tricks and counted 8 in play, Ann 9: Bill 11, Ann 41."""
    start_match(phone, served, "piquet", ["Bill", "Ann"], entry="sheet")
    assert turn(phone) == "Deal 1: the score sheet"
    assert phone.is_hidden("#cards")
    assert not axe_violations(phone)
    taps = Taps(phone)
    taps.pick("point.who", "younger")
    taps.pick("point.cards", 6)
    taps.pick("sequence.who", "younger")
    taps.pick("sequence.length", 6)
    taps.pick("sets.who", "elder")
    taps.pick("sets.sets", "3A")
    taps.pick("tricks", 5)
    taps.pick("play.elder", 8)
    taps.pick("play.younger", 9)
    shots(phone, "sheet-piquet")
    assert not axe_violations(phone)
    record(taps)
    assert taps.count <= 12, taps.count
    assert scores(phone) == {"Bill": 11, "Ann": 41}
    answer = phone.inner_text("#last-answer")
    assert "Checked" in answer and "Taken on trust (as reported)" in answer
    assert "only Ann (younger)'s point of six is written" in answer  # Bill's was not written
    assert "12 tricks" in answer
    link = phone.locator('#last-answer a.rule[href="/rules/Q6"]').first
    assert link.is_visible()
    shots(phone, "sheet-piquet-answer")
    assert not axe_violations(phone)
    phone.emulate_media(color_scheme="dark")  # the phone in dark mode
    shots(phone, "sheet-piquet-answer-dark")
    assert not axe_violations(phone)
    phone.emulate_media(color_scheme="light")
    assert turn(phone) == "Deal 2: the score sheet"


def test_a_pitch_hand_by_score_sheet_in_at_most_8_taps_after_the_bids(
    served: str, phone: Any
) -> None:
    """Ann deals; Bob bids 2, Cid and Ann pass; Bob takes High, Low and Jack, Cid Game."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"], entry="sheet")
    bids = Taps(phone)
    bids.pick("bid", 2)
    bids.pick("bid", "pass")
    bids.pick("bid", "pass")
    taps = Taps(phone)
    taps.pick("trump", "H")
    taps.pick("high", 1)
    taps.pick("low", 1)
    taps.pick("jack", 1)
    taps.pick("game", 2)
    shots(phone, "sheet-pitch")
    assert not axe_violations(phone)
    record(taps)
    assert taps.count <= 8, taps.count
    assert scores(phone) == {"Ann": 0, "Bob": 3, "Cid": 1}
    answer = phone.inner_text("#last-answer")
    assert "Bob bid 2 and won 3: it scores 3." in answer
    assert "Taken on trust (as reported)" in answer


def test_an_impossible_line_is_refused_in_words(served: str, phone: Any) -> None:
    """Stuck dealer: everybody before the dealer passed, so the page offers him no pass (P3)."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"], entry="sheet")
    taps = Taps(phone)
    taps.pick("bid", "pass")
    taps.pick("bid", "pass")
    assert phone.locator('#sheet [data-pick="bid=pass"]').count() == 0
    taps.pick("bid", 2)
    # Ann (the dealer) bid 2; Bob took High, Low and Jack but the sheet says only one trump
    # was in play: then it was Ann's first lead, and she took it (P5).
    taps.pick("high", 1)
    taps.pick("low", 1)
    taps.pick("jack", 1)
    taps.pick("game", "none")
    phone.check("#sheet input[name=single_trump]")
    phone.click("#sheet button[type=submit]")
    phone.wait_for_selector("#message:not([hidden])")
    message = phone.inner_text("#message")
    assert "Not recorded" in message
    assert "single trump" in message.lower() or "one trump" in message.lower(), message
    assert "Ann took Low, not Bob" in message, "seats named as players"
    assert phone.locator('#message a.rule[href="/rules/P5"]').is_visible()
    assert scores(phone) == {"Ann": 0, "Bob": 0, "Cid": 0}


def test_points_in_play_that_cannot_go_together_are_not_sent(served: str, phone: Any) -> None:
    """Q6, applied by the page itself (rules.js): with 5 tricks to Bill (elder), 8 for Bill and
    8 for Ann are each possible alone but not together (Bill's 8 means he won twice on Ann's
    lead, Ann's 8 that she won once on his): the sheet says so and sends nothing; 9 fits."""
    start_match(phone, served, "piquet", ["Bill", "Ann"], entry="sheet")
    taps = Taps(phone)
    taps.tap('#sheet [data-pick="declarations=none"]')
    taps.pick("tricks", 5)
    taps.pick("play.elder", 8)
    taps.pick("play.younger", 8)
    note = phone.inner_text("#sheet .missing")
    assert "points in play that fit together with the tricks" in note, note
    assert phone.locator('#sheet [data-submit="record"]').is_disabled()
    taps.pick("play.younger", 9)
    assert phone.inner_text("#sheet .missing").strip() == ""
    assert phone.locator('#sheet [data-submit="record"]').is_enabled()


def _capot_for_elder(taps: Taps) -> None:
    """Nothing announced; elder takes all twelve tricks (13 in play, capot 40): elder 53."""
    taps.tap('#sheet [data-pick="declarations=none"]')
    taps.pick("tricks", 12)  # the points in play follow: elder 13, younger 0


def _q10(taps: Taps) -> None:
    """Q10's line: younger good in point and sequence, elder in sets; elder 11, younger 41."""
    for field, value in [("point.who", "younger"), ("point.cards", 6),
                         ("sequence.who", "younger"), ("sequence.length", 6),
                         ("sets.who", "elder"), ("sets.sets", "3A"), ("tricks", 5),
                         ("play.elder", 8), ("play.younger", 9)]:
        taps.pick(field, value)


def test_a_whole_partie_by_score_sheet(served: str, phone: Any) -> None:
    """Q9's partie: Bill (elder in deals 1, 3, 5) makes capot, 53 each; deals 2, 4, 6 are Q10
    with Ann elder (Ann 11, Bill 41): Bill 282, Ann 33; Ann is rubiconed and pays 415."""
    start_match(phone, served, "piquet", ["Bill", "Ann"], entry="sheet")
    for deal in range(1, 7):
        assert turn(phone) == f"Deal {deal}: the score sheet"
        taps = Taps(phone)
        if deal % 2:
            _capot_for_elder(taps)
        else:
            _q10(taps)
        record(taps)
        assert taps.count <= 12
    assert scores(phone) == {"Bill": 282, "Ann": 33}
    assert turn(phone) == "The match is over: Bill wins."
    assert phone.is_hidden("#sheet")
    phone.click("button[data-tab=score]")
    settlement = phone.inner_text("#settlement-box")
    assert "Bill wins the partie." in settlement
    assert "Ann is rubiconed" in settlement
    assert "415 points" in settlement
    assert phone.locator('#ledger tr[data-deal]').count() == 6
    shots(phone, "sheet-partie")
    assert not axe_violations(phone)


def test_a_pitch_match_to_its_target_by_score_sheet_and_totals(served: str, phone: Any) -> None:
    """Hand 1 (Ann deals): Bob bids 4 and takes all four points. Hand 2 (Bob deals): Cid and
    Ann pass, Bob is stuck, bids 4, and the table writes just the totals: Bob +4, pitcher: he
    reaches 8 as the pitcher and wins the match (P7)."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"], entry="sheet")
    taps = Taps(phone)
    for field, value in [("bid", 4), ("bid", "pass"), ("bid", "pass"), ("high", 1),
                         ("low", 1), ("jack", 1), ("game", 1)]:
        taps.pick(field, value)
    record(taps)
    assert scores(phone) == {"Ann": 0, "Bob": 4, "Cid": 0}

    assert turn(phone) == "Hand 2: the score sheet"
    phone.click("#entry-totals")
    assert turn(phone) == "Hand 2: just the totals"
    phone.fill('#sheet [data-total="0"]', "0")
    phone.fill('#sheet [data-total="1"]', "4")
    phone.fill('#sheet [data-total="2"]', "0")
    phone.select_option("#sheet select[name=pitcher]", "1")
    shots(phone, "sheet-totals")
    assert not axe_violations(phone)
    record(Taps(phone))
    assert scores(phone) == {"Ann": 0, "Bob": 8, "Cid": 0}
    assert turn(phone) == "The match is over: Bob wins."
    answer = phone.inner_text("#so-far") + phone.inner_text("#ledger")
    assert "from the totals" in answer


def test_card_by_card_the_declarations_are_explicit(served: str, phone: Any) -> None:
    """Entering the cards instead: "none announced" is said before the first card, so the
    referee scores no declaration (Q5) instead of each player's best."""
    start_match(phone, served, "piquet", ["Bill", "Ann"], entry="sheet")
    phone.click("#entry-cards")
    assert turn(phone) == "Bill (elder) to lead"
    assert phone.is_visible("#cards")
    choice = phone.locator("#sheet .declarations-choice")
    assert "Declarations of Bill (elder) and Ann (younger)" in choice.inner_text()
    assert not axe_violations(phone, "#sheet")  # the card grid is the page's own screen
    before = phone.get_attribute("body", "data-version")
    phone.click('#sheet [data-announced="none"]')
    phone.wait_for_selector(f'body[data-version="{int(before) + 2}"][data-busy=false]',
                            state="attached")
    assert phone.locator("#sheet .declarations-choice").count() == 0
    for card in Q10_CARDS:
        tap_card(phone, card)
    # Q10 without declarations: Bill 1+1+1+1+1+1+1+1 = 8 in play; Ann 9 and the cards 10.
    assert scores(phone) == {"Bill": 8, "Ann": 19}


def test_a_partnership_hand_by_score_sheet_names_the_sides(served: str, phone: Any) -> None:
    """Partners (seats 1+3 against 2+4): the points go to a side; Ann & Cid take High and Game,
    Bob & Dan Low and Jack; Bob bid 2 and made it."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid", "Dan"], entry="sheet",
                check=["input[name=partnership]"])
    taps = Taps(phone)
    for field, value in [("bid", 2), ("bid", "pass"), ("bid", "pass"), ("bid", "pass")]:
        taps.pick(field, value)
    sides = phone.locator('#sheet [data-pick^="high="]').all_inner_texts()
    assert len(sides) == 2, sides
    taps = Taps(phone)
    for field, value in [("high", 0), ("low", 1), ("jack", 1), ("game", 0)]:
        taps.pick(field, value)
    record(taps)
    assert taps.count <= 8
    assert sorted(scores(phone).values()) == [2, 2], scores(phone)  # two sides, 2 each
    assert not axe_violations(phone, "#sheet")


def test_a_sheet_written_offline_is_recorded_once_when_the_network_returns(
    served: str, phone: Any
) -> None:
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"], entry="sheet")
    phone.context.set_offline(True)
    taps = Taps(phone)
    for field, value in [("bid", 2), ("bid", "pass"), ("bid", "pass"), ("high", 1),
                         ("low", 1), ("jack", "none"), ("game", 2)]:
        taps.pick(field, value)
    taps.tap("#sheet button[type=submit]")
    phone.wait_for_selector('body[data-pending="1"]', state="attached")
    assert "waits to be sent" in phone.inner_text("#sheet-waiting")
    assert phone.locator("#sheet-form").count() == 0, "no second copy can be sent"
    phone.context.set_offline(False)
    phone.wait_for_selector('body[data-pending="0"][data-busy=false]', state="attached",
                            timeout=15000)
    phone.wait_for_selector("#sheet-form")
    assert scores(phone) == {"Ann": 0, "Bob": 2, "Cid": 1}
    ledger = api_get(served, f"/v1/matches/{match_id(phone)}/ledger",
                     write_token(phone, match_id(phone)))
    assert [d["deal"] for d in ledger["items"]] == [1]
