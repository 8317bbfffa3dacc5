"""compare_claim (issue 11.3): where a side's claim parts from the ruling on the cards, in the
counting order High, Low, Jack, Game, the bid, the scores (P5, P6)."""

from __future__ import annotations

from typing import Any

from referee.pitch import (
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
    assert comparison.as_dict() == {"agrees": True, "parts_at": None, "differences": []}


def test_a_claimed_game_parts_at_game() -> None:
    comparison = compare_claim(cards_ruling(), sheet_claim(game=0))
    assert not comparison.agrees
    data = comparison.as_dict()
    assert data["parts_at"] == {
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
        "step": "score",
        "rule": "P6",
        "ruling": "seat 1 scores -3 (High, Low)",
        "claim": "seat 1 scores +2",
    }
    assert cards_ruling(claimed=(0, -3, 1, 0)).as_dict()["claim"]["agrees"] is True
    assert cards_ruling().as_dict()["claim"] is None
