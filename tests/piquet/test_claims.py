"""Where a claim parts from the cards, in the Q8 order of counting."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from referee.piquet import (
    HINT_CODES,
    ClaimHint,
    PiquetTotals,
    claimed_violations,
    compare_claim,
    compare_claimed,
    rule_claimed_deal,
    rule_deal,
    rule_sheet,
    rule_totals,
    sheet_from_record,
    sheet_record_of,
)
from referee.piquet.counting import Count

from .examples import q10_deal
from .test_sheet import Q10_SHEET


def cards():
    return rule_deal(q10_deal())


def claim_sheet(**changes: Any):
    return rule_sheet(sheet_from_record({**Q10_SHEET, **changes}))


def test_the_q10_sheet_agrees_with_the_cards() -> None:
    comparison = compare_claim(cards(), claim_sheet())
    assert comparison.agrees and comparison.parts_at is None
    assert comparison.as_dict() == {"code": "claim_agrees", "agrees": True, "parts_at": None,
                                   "differences": []}
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
        "code": "sequence_differs", "step": "sequence", "rule": "Q5",
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
    parted = {"code": "totals_differs", "step": "totals", "rule": "Q8",
              "ruling": "the younger hand 41",
              "claim": "the younger hand 38", "difference": {"elder": 0, "younger": -3},
              "explanations": ["3 of the 9 points in play missed"],
              "hints": [{"code": "play_missed", "rule": "Q6",
                         "message": "3 of the 9 points in play missed",
                         "params": {"points": 3, "in_play": 9}}]}
    assert comparison.as_dict() == {"code": "claim_differs", "agrees": False, "parts_at": parted,
                                   "differences": [parted]}
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


# Q10 (Ann deals, Bill is elder): the cards give Bill 11 and Ann 41. Ann's 22 in the
# declarations (point of six 6, sixième 16) come before Bill's three aces (3) in the order of
# Q8, so nobody reaches 30 before the other scores: no pique, no repique (Q7).

def hints(claimed: dict[str, int]) -> list[list[ClaimHint]]:
    """The hints of each difference of a totals claim against Q10's cards."""
    comparison = compare_claim(cards(), rule_totals(PiquetTotals(claimed)))
    return [list(d.hints) for d in comparison.differences]


def test_q10_written_in_each_others_column() -> None:
    """Ann's 41 written in Bill's column and his 11 in hers: one hint, on both totals."""
    swapped = ClaimHint("columns_swapped", "Q1", (
        "the two totals written in each other's column: the cards give the elder hand (the one "
        "who did not deal) 11 and the younger hand (the dealer) 41"),
        (("elder", 11), ("younger", 41)))
    assert hints({"elder": 41, "younger": 11}) == [[swapped], [swapped]]


def test_q10_thirty_more_for_ann_a_pique_the_cards_do_not_give() -> None:
    assert hints({"elder": 11, "younger": 71}) == [[ClaimHint("pique_not_given", "Q7", (
        "a pique (30) counted, but the cards give the younger hand none: the elder hand scored "
        "(the three aces: 3) while the younger hand had 22, short of 30 (counted in the order "
        "of Q8)"), (("who", "younger"), ("points", 30)))]]


def test_q10_sixty_more_for_ann_a_repique_the_cards_do_not_give() -> None:
    assert hints({"younger": 101}) == [[ClaimHint("repique_not_given", "Q7", (
        "a repique (60) counted, but the cards give the younger hand none: the elder hand "
        "scored (the three aces: 3) while the younger hand had 22, short of 30 (counted in the "
        "order of Q8)"), (("who", "younger"), ("points", 60)))]]


def test_q10_thirty_more_for_bill() -> None:
    """Bill's 41: the younger hand's point is counted before anything of his (Q8)."""
    [[hint]] = hints({"elder": 41})
    assert (hint.code, hint.rule) == ("pique_not_given", "Q7")
    assert hint.text.endswith("the younger hand scored (the point of six, 57: 6) while the "
                              "elder hand had 0, short of 30 (counted in the order of Q8)")


def test_q10_negative_for_ann() -> None:
    assert hints({"younger": -41}) == [[ClaimHint(
        "negative_total", "Q8", "a deal's points are never negative: perhaps 41, the minus "
                                "sign a slip", (("who", "younger"), ("claimed", -41),
                                                ("ruled", 41)))]]
    [[negative]] = hints({"younger": -5})
    assert negative.text == "a deal's points are never negative"


def test_a_pique_or_repique_the_cards_give_missed_or_taken_for_the_other() -> None:
    """A claim 30 or 60 off a ruling (written out as its counts) that gives the elder hand a
    repique (Q7) and capot: the repique missed, counted as a pique (or capot as the cards:
    30 too), or counted twice."""
    ruling = SimpleNamespace(
        level="cards",
        scores={"elder": 129, "younger": 0},  # 15 + 14 + 40 + 60
        counts=(
            Count("elder", "quint to the ace in spades", 15, "declaring", "Q5", "sequence",
                  "quint", None, 15, ""),
            Count("elder", "four aces", 14, "declaring", "Q5", "sets", "quatorze", None, 14,
                  ""),
            Count("elder", "the cards, 12 tricks", 40, "the cards", "Q6", "cards", "capot",
                  None, 10, ""),
            Count("elder", "repique", 60, "declaring", "Q7", "repique", "repique", None, 0, ""),
        ),
    )

    def hinted(elder: int) -> list[str]:
        found = compare_claim(ruling, rule_totals(PiquetTotals({"elder": elder})))
        return [h.code for d in found.differences for h in d.hints]

    assert hinted(69) == ["repique_missed"]
    assert hinted(99) == ["repique_as_pique", "capot_as_cards"]
    assert hinted(189) == ["repique_counted_twice"]


def test_every_hint_code_is_listed() -> None:
    found = {h.code for claimed in ({"elder": 41, "younger": 11}, {"younger": 71},
                                    {"younger": 101}, {"younger": -41}, {"younger": 38},
                                    {"younger": 35}, {"younger": 31}, {"elder": 8, "younger": 44})
             for hs in hints(claimed) for h in hs}
    assert found <= set(HINT_CODES)
    assert {"columns_swapped", "pique_not_given", "repique_not_given", "negative_total"} <= found


def test_claimed_totals_that_part_from_the_cards_are_violations_at_their_place() -> None:
    # Q10: Bill (elder) 11, Ann (younger) 41; Ann claims 38, Bill his 11.
    claimed = {"elder": 11, "younger": 38}
    comparison = compare_claimed(cards(), claimed)
    assert not comparison.agrees
    found = claimed_violations(cards(), claimed, comparison)
    assert [(v.code, v.rule, v.location) for v in found] == [
        ("claimed_score_differs", "Q8", "claimed.younger")]
    assert found[0].message == ("The younger hand claims 38, but the cards give 41 (3 fewer: "
                                "perhaps 3 of the 9 points in play missed).")
    # Over, with nothing to explain it: the gap alone.
    over = {"elder": 131}
    (only,) = claimed_violations(cards(), over, compare_claimed(cards(), over))
    assert only.message == "The elder hand claims 131, but the cards give 11 (120 more)."
    # A claim the cards give: none.
    right = {"elder": 11, "younger": 41}
    assert claimed_violations(cards(), right, compare_claimed(cards(), right)) == ()


def test_a_deal_ruled_with_its_claim_carries_the_claims_violations_after_its_own() -> None:
    """Q8, in the engine as Pitch's hand ruling carries its claim (P6): the claimed totals
    beside the cards, ``claimed_ok``, and a ``claimed_score_differs`` per total that parts."""
    wrong = rule_claimed_deal(q10_deal(), {"elder": 11, "younger": 38})
    assert wrong.claimed_ok is False and wrong.comparison is not None
    assert [v.location for v in wrong.violations] == [
        *(v.location for v in cards().violations), "claimed.younger"]
    data = wrong.as_dict()
    assert data["claimed_ok"] is False and data["claim"]["code"] == "claim_differs"
    assert data["violations"][-1]["code"] == "claimed_score_differs"
    assert list(data)[-3:] == ["violations", "claimed_ok", "claim"]
    right = rule_claimed_deal(q10_deal(), {"elder": 11, "younger": 41})
    assert right.claimed_ok is True and right.claimed_violations == ()
    unclaimed = rule_claimed_deal(q10_deal(), None)
    assert unclaimed.claimed_ok is None and unclaimed.as_dict()["claim"] is None
    assert {k: v for k, v in unclaimed.as_dict().items()
            if k not in ("claimed_ok", "claim")} == cards().as_dict()


def test_a_claims_differences_name_the_players_the_engine_is_given() -> None:
    """Q1: given the players by role, each difference's points go to their names (the match
    names its players); without them, to the roles."""
    totals = rule_totals(PiquetTotals({"elder": 11, "younger": 38}))
    by_role = compare_claim(cards(), totals)
    by_name = compare_claim(cards(), totals, {"elder": "Bill", "younger": "Ann"})
    assert by_role.parts_at is not None and by_name.parts_at is not None
    assert by_role.parts_at.points == {"elder": 0, "younger": -3}
    assert by_name.parts_at.points == {"Bill": 0, "Ann": -3}
    assert by_name.parts_at.hints == by_role.parts_at.hints
    assert [d.points for d in by_name.differences] == [{"Bill": 0, "Ann": -3}]
