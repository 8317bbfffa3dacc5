"""The score sheet on the table page (issue 10.5): a Piquet deal in at most 12 taps, a Pitch
hand in at most 8 after the bids, the referee's answer in words with its rule sections, a
refusal in a player's words; a whole partie and a whole match by score sheet."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.sheet import Taps, axe_violations, record, shots
from tests.e2e.table import scores, start_match, turn

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
    assert "Ann (younger)'s point of six beats point of five" not in answer  # not announced
    assert "12 tricks" in answer
    link = phone.locator('#last-answer a.rule[href="/rules/Q6"]').first
    assert link.is_visible()
    shots(phone, "sheet-piquet-answer")
    assert not axe_violations(phone)
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
    assert scores(phone) == {"Ann": 0, "Bob": 0, "Cid": 0}
