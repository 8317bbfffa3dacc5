"""Every finding a ruling makes has a stable code listed in its engine's FINDING_CODES
(referee/rulings.py): the list names every code the engine's source writes, no more."""

from __future__ import annotations

import re
from pathlib import Path
from random import Random

import pytest

from referee import piquet, pitch
from referee.rulings import ClaimComparison, Difference, Finding, Hint
from tests.piquet.examples import random_deal
from tests.pitch.examples import FOUR_BIDS, FOUR_DEALER, FOUR_TRICKS, make_hand

ROOT = Path(__file__).resolve().parent.parent / "referee"
WRITTEN = re.compile(r'Finding\(\s*"([a-z_]+)"')


@pytest.mark.parametrize("engine", [pitch, piquet], ids=["pitch", "piquet"])
def test_the_codes_listed_are_the_codes_written(engine) -> None:
    package = ROOT / engine.__name__.rsplit(".", 1)[-1]
    written = {m for f in package.glob("*.py") for m in WRITTEN.findall(f.read_text("utf-8"))}
    listed = set(engine.FINDING_CODES)
    if engine is piquet:  # a ruling on the cards: one finding per step counted (Q8)
        written |= {f"{step}_counted" for step in piquet.counting.STEPS}
    assert written == listed


def _codes(data: dict) -> set[str]:
    return {f["code"] for key in ("verified", "computed", "as_reported") for f in data[key]}


def test_piquet_rulings_say_only_listed_codes() -> None:
    seen: set[str] = set()
    for seed in range(30):
        deal, _ = random_deal(Random(seed))
        ruling = piquet.rule_deal(deal)
        seen |= _codes(ruling.as_dict())
        sheet = piquet.rule_sheet(piquet.sheet_from_record(piquet.sheet_record_of(ruling)))
        seen |= _codes(sheet.as_dict())
    assert seen <= set(piquet.FINDING_CODES)
    assert {"tricks_checked", "point_counted", "tricks_add_up"} <= seen


def test_pitch_rulings_say_only_listed_codes() -> None:
    ruling = pitch.rule_hand(make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS))
    seen = _codes(ruling.as_dict())
    assert seen <= set(pitch.FINDING_CODES)
    assert {"auction_legal", "points_won", "bid_result", "next_dealer"} <= seen


def test_the_values_are_frozen_and_compare_by_value() -> None:
    finding = Finding("tricks_add_up", "Q6", "12 tricks: elder 7, younger 5.")
    with pytest.raises(AttributeError):
        finding.code = "other"  # type: ignore[misc]
    hint = Hint("play_missed", "Q6", "3 of the 9 points in play missed")
    parted = Difference("totals", "Q8", "the younger hand 41", "the younger hand 38",
                        {"elder": 0, "younger": -3}, (hint,))
    comparison = ClaimComparison.of([parted])
    assert comparison == ClaimComparison(False, parted, (parted,))
    assert (comparison.code, parted.code) == ("claim_differs", "totals_differs")
    assert ClaimComparison.of([]).as_dict() == {"code": "claim_agrees", "agrees": True,
                                                "parts_at": None, "differences": []}
