"""Where a claim parts from the cards (issue 11.3), in the Q8 order of counting."""

from __future__ import annotations

from typing import Any

from referee.piquet import (
    PiquetTotals,
    compare_claim,
    rule_deal,
    rule_sheet,
    rule_totals,
    sheet_from_record,
    sheet_record_of,
)

from .examples import q10_deal
from .test_sheet import Q10_SHEET


def cards():
    return rule_deal(q10_deal())


def claim_sheet(**changes: Any):
    return rule_sheet(sheet_from_record({**Q10_SHEET, **changes}))


def test_the_q10_sheet_agrees_with_the_cards() -> None:
    comparison = compare_claim(cards(), claim_sheet())
    assert comparison.agrees and comparison.parts_at is None
    assert comparison.as_dict() == {"agrees": True, "parts_at": None, "differences": []}
    # And so does the sheet the engine writes from the cards.
    derived = rule_sheet(sheet_from_record(sheet_record_of(cards())))
    assert compare_claim(cards(), derived).agrees


def test_a_sheet_parts_at_the_first_step_in_counting_order() -> None:
    # Ann wrote a quint instead of her sixième, and Bill claims the cards with 6 tricks each.
    claim = claim_sheet(sequence={"younger": "quint"}, tricks={"elder": 6, "younger": 6},
                        play={"elder": 9, "younger": 9})
    comparison = compare_claim(cards(), claim)
    assert not comparison.agrees
    assert [d.step for d in comparison.differences] == ["sequence", "play", "cards"]
    assert comparison.as_dict()["parts_at"] == {
        "step": "sequence", "rule": "Q5",
        "ruling": "the younger hand: sixième to the king in clubs (16)",
        "claim": "the younger hand: quint (15)",
        "difference": {"elder": 0, "younger": -1}}
    play, cards_step = comparison.differences[1:]
    assert (play.ruling, play.claim) == ("in play elder 8, younger 9", "in play elder 9, younger 9")
    assert cards_step.claim == "nobody scores the cards"
    assert dict(cards_step.points) == {"elder": 0, "younger": -10}


def test_a_sheet_that_misses_the_point() -> None:
    claim = claim_sheet(point={"elder": "point of five"}, good={"point": "elder"})
    first = compare_claim(cards(), claim).parts_at
    assert first is not None
    assert (first.step, first.ruling, first.claim) == (
        "point", "the younger hand: point of six, 57 (6)", "the elder hand: point of five (5)")
    assert dict(first.points) == {"elder": 5, "younger": -6}


def test_q10_claimed_as_38_by_ann() -> None:
    comparison = compare_claim(cards(), rule_totals(PiquetTotals({"elder": 11, "younger": 38})))
    assert comparison.as_dict() == {
        "agrees": False,
        "parts_at": {"step": "totals", "rule": "Q8", "ruling": "the younger hand 41",
                     "claim": "the younger hand 38", "difference": {"elder": 0, "younger": -3},
                     "explanations": ["3 of the 9 points in play missed"]},
        "differences": [
            {"step": "totals", "rule": "Q8", "ruling": "the younger hand 41",
             "claim": "the younger hand 38", "difference": {"elder": 0, "younger": -3},
             "explanations": ["3 of the 9 points in play missed"]}],
    }
    # Her claim alone (Bill's not given) parts the same way.
    assert compare_claim(cards(), rule_totals(PiquetTotals({"younger": 38}))).parts_at \
        == comparison.parts_at


def test_totals_explained_by_a_count_of_that_size() -> None:
    missed = compare_claim(cards(), rule_totals(PiquetTotals({"younger": 35})))
    assert missed.differences[0].explanations[0] == "the point of six, 57 (6) missed"
    sixieme = compare_claim(cards(), rule_totals(PiquetTotals({"younger": 31})))
    assert "the cards, 7 tricks to 5 (10) missed" in sixieme.differences[0].explanations
    assert "the sixième to the king in clubs counted as 6, its length, not 16" \
        in sixieme.differences[0].explanations
    # Bill's trio counted by Ann, taken from him.
    taken = compare_claim(cards(), rule_totals(PiquetTotals({"elder": 8, "younger": 44})))
    assert [d.step for d in taken.differences] == ["totals", "totals"]
    assert "the elder hand's three aces (3) taken from the other hand" \
        in taken.differences[1].explanations
    assert "the three aces (3) missed" in taken.differences[0].explanations


def test_totals_that_agree() -> None:
    assert compare_claim(cards(), rule_totals(PiquetTotals({"elder": 11, "younger": 41}))).agrees
