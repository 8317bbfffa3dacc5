"""Every finding a ruling makes has a stable code listed in its engine's FINDING_CODES
(referee/rulings.py): the list names every code the engine's source writes, no more."""

from __future__ import annotations

import re
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import piquet, pitch
from referee.piquet.sheet import PiquetTotals
from referee.rulings import ClaimComparison, Difference, Finding, Hint, word
from referee.violations import RecordError
from tests.piquet.examples import q10_deal, random_deal
from tests.pitch.examples import FOUR_BIDS, FOUR_DEALER, FOUR_HANDS, FOUR_TRICKS, make_hand
from tests.pitch.test_properties import legal_hands

ROOT = Path(__file__).resolve().parent.parent / "referee"
WRITTEN = re.compile(r'[Ff]inding\(\s*"([a-z_]+)"')


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


# The words from the parameters: every finding a ruling makes is worded again from its code
# and params alone, by its engine's FINDING_WORDS, to the very sentence the ruling gave.

def _findings(data: dict) -> list[dict]:
    return [f for key in ("verified", "computed", "as_reported") for f in data.get(key, ())]


def _assert_worded_again(engine, data: dict) -> set[str]:
    seen = set()
    for found in _findings(data):
        assert word(engine.FINDING_WORDS, found["code"], found["params"]) == found["what"], found
        seen.add(found["code"])
    return seen


@pytest.mark.parametrize("engine", [pitch, piquet], ids=["pitch", "piquet"])
def test_every_code_has_its_words(engine) -> None:
    assert set(engine.FINDING_WORDS) == set(engine.FINDING_CODES)


def _piquet_rulings(deal) -> list[dict]:
    ruling = piquet.rule_deal(deal)
    record = piquet.sheet_record_of(ruling)
    sheet = piquet.rule_sheet(piquet.sheet_from_record(record))
    claimed = record.get("claimed") or ruling.scores
    totals = [piquet.rule_totals(piquet.totals_from_record({"scores": dict(scores)}))
              for scores in (claimed, {"elder": 0, "younger": 0})]
    totals.append(piquet.rule_totals(PiquetTotals({"younger": claimed["younger"]})))
    return [ruling.as_dict(), sheet.as_dict(), *(t.as_dict() for t in totals)]


def test_piquet_words_from_params_worked_examples() -> None:
    seen: set[str] = set()
    for deal in (q10_deal(), *(random_deal(Random(seed))[0] for seed in range(40))):
        for data in _piquet_rulings(deal):
            seen |= _assert_worded_again(piquet, data)
    assert {"tricks_checked", "play_counted", "tricks_add_up", "category_compared",
            "totals_as_reported", "claimed_as_reported"} <= seen


@given(st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_piquet_words_from_params_generated(rng) -> None:
    for data in _piquet_rulings(random_deal(rng)[0]):
        _assert_worded_again(piquet, data)


def _seat(award) -> int | None:
    return None if award is None else award.seat


_DEFAULT = pitch.PitchOptions()


def _pitch_rulings(hand, options=_DEFAULT, names=()) -> list[dict]:
    """The hand ruled from its cards, then as the table would write it: a sheet line with
    the auction and the counts, one with the pitcher and bid only, and its totals."""
    ruling = pitch.rule_hand(hand, options)
    found = [ruling.as_dict()]
    points = ruling.points
    if points.high is None or points.low is None or _seat(points.high) is None \
            or _seat(points.low) is None:
        return found
    game_seat = None if points.game.side is None else ruling.sides[points.game.side][0]
    line = {"high": _seat(points.high), "low": _seat(points.low), "jack": _seat(points.jack),
            "game": game_seat}
    full = {**line, "dealer": hand.dealer, "bids": list(hand.bids), "trump": ruling.trump,
            "game_points": list(points.game.game_points),
            "claimed": list(ruling.score_changes)}
    brief = {**line, "pitcher": ruling.pitcher, "bid": ruling.bid}
    for record in (full, brief):
        try:
            sheet = pitch.sheet_from_record(record, hand.players, hand.partnership, names)
        except RecordError:
            continue
        found.append(pitch.rule_sheet(sheet, options).as_dict())
    totals = {"scores": list(ruling.score_changes), "pitcher": ruling.pitcher}
    for record in (totals, {**totals, "bid": ruling.bid}):
        parsed = pitch.totals_from_record(record, hand.players, hand.partnership, names)
        found.append(pitch.rule_totals(parsed, options).as_dict())
    return found


def test_pitch_words_from_params_worked_examples() -> None:
    seen: set[str] = set()
    hands = [make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS),
             make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS),
             make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, partnership=True)]
    for hand in hands:
        for names in ((), ("Ann", "Bob", "Cy", "Di")):
            for data in _pitch_rulings(hand, names=names):
                seen |= _assert_worded_again(pitch, data)
    assert {"auction_legal", "points_won", "bid_result", "next_dealer", "high_low_as_reported",
            "game_points_as_reported", "scores_as_reported", "partners_pool"} <= seen


@given(legal_hands())
@settings(max_examples=80, deadline=None)
def test_pitch_words_from_params_generated(drawn) -> None:
    hand, options = drawn
    for data in _pitch_rulings(hand, options):
        _assert_worded_again(pitch, data)
