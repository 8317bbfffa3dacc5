"""compare_claim: where a side's claim parts from the ruling on the cards, in the
counting order High, Low, Jack, Game, the bid, the scores (P5, P6)."""

from __future__ import annotations

from typing import Any

from referee.pitch import (
    HINT_CODES,
    ClaimHint,
    PitchRuling,
    compare_claim,
    rule_hand,
    rule_sheet,
    rule_totals,
    sheet_from_record,
    totals_from_record,
)

from .examples import FOUR_BIDS, FOUR_DEALER, FOUR_HANDS, FOUR_TRICKS, make_hand


def cards_ruling(claimed: tuple[int, ...] | None = None) -> PitchRuling:
    # Seat 1 bids 3 and takes High (AH) and Low (2H, captured); seat 2 takes the jack of
    # hearts; Game is tied 23-23 between seats 0 and 2: seat 1 is set back 3 → 0, -3, +1, 0.
    return rule_hand(make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS,
                               claimed=claimed))


def sheet_claim(**line: Any) -> Any:
    record = {"dealer": 3, "bids": list(FOUR_BIDS), "high": 1, "low": 1, "jack": 2,
              "game": None, **line}
    return rule_sheet(sheet_from_record(record, 4, False))


def test_the_right_sheet_agrees() -> None:
    comparison = compare_claim(cards_ruling(), sheet_claim())
    assert comparison.agrees and comparison.parts_at is None
    assert comparison.as_dict() == {"code": "claim_agrees", "agrees": True, "parts_at": None,
                                   "differences": []}


def test_a_claimed_game_parts_at_game() -> None:
    comparison = compare_claim(cards_ruling(), sheet_claim(game=0))
    assert not comparison.agrees
    data = comparison.as_dict()
    assert data["parts_at"] == {
        "code": "game_differs",
        "step": "game",
        "rule": "P5",
        "ruling": "Game was tied: nobody took it (game points 23 v 4 v 23 v 0)",
        "claim": "seat 0 took Game",
    }
    # Then seat 0's score; the bid is set back on both sides.
    assert [d["step"] for d in data["differences"]] == ["game", "score"]
    assert data["differences"][1]["ruling"] == "seat 0 scores +0"
    assert data["differences"][1]["claim"] == "seat 0 scores +1 (Game)"


def test_low_to_the_holder_parts_at_low_first() -> None:
    comparison = compare_claim(cards_ruling(), sheet_claim(low=3))
    assert comparison.parts_at is not None
    assert comparison.parts_at.step == "low"
    assert comparison.parts_at.ruling == "seat 1 took Low (two of hearts)"
    assert comparison.parts_at.claim == "seat 3 took Low"
    # Seat 1 is set back either way: only seat 3's score differs after Low.
    assert [d.step for d in comparison.differences] == ["low", "score"]


def test_a_claim_that_the_pitcher_made_it_parts_at_the_bid() -> None:
    # The table gave the jack to the pitcher: 3 points, bid made.
    comparison = compare_claim(cards_ruling(), sheet_claim(jack=1))
    assert [d.step for d in comparison.differences] == ["jack", "bid", "score", "score"]
    bid = comparison.differences[1]
    assert bid.ruling == "seat 1 bid 3 and was set back 3, winning only 2"
    assert bid.claim == "seat 1 bid 3 and made it, winning 3"


def test_totals_claim_is_compared_from_the_bid_on() -> None:
    totals = rule_totals(totals_from_record({"scores": [0, 2, 1, 0], "pitcher": 1}, 4, False))
    comparison = compare_claim(cards_ruling(), totals)
    assert comparison.parts_at is not None and comparison.parts_at.step == "bid"
    assert comparison.parts_at.claim == "seat 1 pitched and made the bid"
    assert [d.step for d in comparison.differences] == ["bid", "score"]
    right = rule_totals(totals_from_record({"scores": [0, -3, 1, 0], "pitcher": 1}, 4, False))
    assert compare_claim(cards_ruling(), right).agrees


def test_a_claimed_score_on_the_cards_is_explained() -> None:
    ruling = cards_ruling(claimed=(0, 2, 1, 0))
    assert ruling.claim is not None
    data = ruling.as_dict()["claim"]
    assert data["parts_at"]["step"] == "bid"
    assert data["parts_at"]["ruling"] == "seat 1 bid 3 and was set back 3, winning only 2"
    assert data["differences"][1] == {
        "code": "score_differs",
        "step": "score",
        "rule": "P6",
        "ruling": "seat 1 scores -3 (High, Low)",
        "claim": "seat 1 scores +2",
    }
    assert cards_ruling(claimed=(0, -3, 1, 0)).as_dict()["claim"]["agrees"] is True
    assert cards_ruling().as_dict()["claim"] is None


def totals_hints(scores: list[int]) -> list[tuple[str, list[ClaimHint]]]:
    """Each difference of a totals claim (seat 1 pitched) against the cards' 0, -3, +1, 0:
    its step and hints."""
    claim = rule_totals(totals_from_record({"scores": scores, "pitcher": 1}, 4, False))
    return [(d.step, list(d.hints)) for d in compare_claim(cards_ruling(), claim).differences]


def test_two_scores_written_in_each_others_column() -> None:
    # Seat 1's -3 written for seat 2, seat 2's +1 for seat 1.
    found = totals_hints([0, 1, -3, 0])
    assert [step for step, _ in found] == ["bid", "score", "score"]
    assert found[1][1] == [ClaimHint("columns_swapped", "P6", (
        "the two scores written in each other's column: the cards say seat 1 scores -3 (High, "
        "Low) and seat 2 scores +1 (Jack)"),
        (("side", 1), ("score", -3), ("other_side", 2), ("other_score", 1)))]
    assert [h.code for h in found[2][1]] == ["columns_swapped"]
    assert found[0][1] == []  # the bid step has no hint


def test_a_negative_score_for_a_side_not_set_back() -> None:
    [(step, hints)] = totals_hints([0, -3, -1, 0])
    assert step == "score"
    assert hints == [ClaimHint("negative_score", "P6", (
        "only a pitcher set back scores below zero, and the cards say seat 2 scores +1 (Jack); "
        "perhaps +1, the minus sign a slip"), (("side", 2), ("score", 1), ("claimed", -1)))]


def test_a_set_back_written_as_made() -> None:
    found = totals_hints([0, 3, 1, 0])
    assert found[1] == ("score", [ClaimHint(
        "set_back_as_made", "P6",
        "the pitcher was set back: the bid is taken off the score, -3, not +3",
        (("side", 1), ("score", -3), ("claimed", 3)))])
    data = compare_claim(cards_ruling(), rule_totals(totals_from_record(
        {"scores": [0, 3, 1, 0], "pitcher": 1}, 4, False))).as_dict()["differences"][1]
    assert data["hints"] == [{"code": "set_back_as_made", "rule": "P6", "message":
                              "the pitcher was set back: the bid is taken off the score, -3, "
                              "not +3", "params": {"side": 1, "score": -3, "claimed": 3}}]
    assert data["explanations"] == [data["hints"][0]["message"]]
    assert {h.code for _, hs in found for h in hs} <= set(HINT_CODES)
