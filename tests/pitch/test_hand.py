"""rule_hand on hands written out: P4 play, P5 points, P6 score, claimed scores."""

from __future__ import annotations

import json

import pytest

from referee.cards import parse_card
from referee.pitch import PitchHand, PitchOptions, rule_hand

from .examples import (
    FOUR_BIDS,
    FOUR_DEALER,
    FOUR_HANDS,
    FOUR_TRICKS,
    SINGLE_TRUMP_HANDS,
    SINGLE_TRUMP_TRICKS,
    make_hand,
)

HOLDER = PitchOptions(low="holder")


def four_solo(hands: bool = True, claimed: tuple[int, ...] | None = None) -> PitchHand:
    return make_hand(
        4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS if hands else None, claimed=claimed
    )


@pytest.mark.parametrize("with_hands", [True, False])
def test_four_player_solo_hand_low_to_captor(with_hands: bool) -> None:
    ruling = rule_hand(four_solo(with_hands))
    assert ruling.violations == ()  # seat 2 trumping the spade lead while holding QS is legal
    assert (ruling.trump, ruling.pitcher, ruling.bid, ruling.pitched) == ("H", 1, 3, False)
    assert [t.leader for t in ruling.tricks] == [1, 1, 2, 0, 2, 2]
    assert [t.winner for t in ruling.tricks] == [1, 2, 0, 2, 2, 0]
    points = ruling.points
    assert points.high is not None and points.low is not None and points.jack is not None
    assert (points.high.card, points.high.seat) == (parse_card("AH"), 1)
    # Low (2H) was dealt to seat 3 but captured by seat 1: captor scores it (P5 default).
    assert (points.low.card, points.low.seat, points.low.side) == (parse_card("2H"), 1, 1)
    assert (points.jack.card, points.jack.seat) == (parse_card("JH"), 2)
    # Game points tied at 23 between seats 0 and 2: nobody scores Game.
    assert points.game.game_points == (23, 4, 23, 0)
    assert points.game.side is None
    assert ruling.points_won == (0, 2, 1, 0)
    # The pitcher bid 3 and won 2: set back by 3 (P6).
    assert not ruling.made_bid
    assert ruling.score_changes == (0, -3, 1, 0)
    assert ruling.next_dealer == 0


@pytest.mark.parametrize("with_hands", [True, False])
def test_four_player_solo_hand_low_to_holder(with_hands: bool) -> None:
    ruling = rule_hand(four_solo(with_hands), HOLDER)
    low = ruling.points.low
    assert low is not None
    assert (low.card, low.seat, low.side) == (parse_card("2H"), 3, 3)
    assert ruling.points_won == (0, 1, 1, 1)
    assert ruling.score_changes == (0, -3, 1, 1)


def test_same_deal_as_partnership() -> None:
    hand = make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS, partnership=True)
    ruling = rule_hand(hand)
    assert ruling.sides == ((0, 2), (1, 3))
    assert ruling.pitcher_side == 1
    # Game points pooled per team: seats 0+2 have 46, seats 1+3 have 4.
    assert ruling.points.game.game_points == (46, 4)
    assert ruling.points.game.side == 0
    assert ruling.points_won == (2, 2)  # team 0: Jack, Game; team 1: High, Low
    assert ruling.score_changes == (2, -3)  # the pitcher's team bid 3: set back
    held = rule_hand(hand, HOLDER)  # Low held by seat 3: still the pitcher's team
    assert held.points_won == (2, 2) and held.score_changes == (2, -3)


def test_partnership_bid_made() -> None:
    hand = make_hand(4, FOUR_DEALER, ("pass", 2, "pass", "pass"), FOUR_TRICKS, partnership=True)
    ruling = rule_hand(hand)
    assert ruling.made_bid
    assert ruling.score_changes == (2, 2)


def test_pitcher_making_the_bid_scores_all_he_won() -> None:
    hand = make_hand(4, FOUR_DEALER, ("pass", 1, "pass", "pass"), FOUR_TRICKS)
    ruling = rule_hand(hand)
    assert ruling.made_bid and ruling.score_changes == (0, 2, 1, 0)


def test_single_trump_in_play_scores_two() -> None:
    hand = make_hand(2, 1, (2, "pass"), SINGLE_TRUMP_TRICKS, SINGLE_TRUMP_HANDS)
    ruling = rule_hand(hand)
    high, low = ruling.points.high, ruling.points.low
    assert high is not None and low is not None
    assert high.card == low.card == parse_card("7S")
    assert high.side == low.side == 0
    assert ruling.points.jack is None  # the jack of spades was not dealt: not awarded
    assert ruling.points.game.game_points == (7, 10)
    assert ruling.points.game.side == 1
    assert ruling.points_won == (2, 1)
    assert ruling.score_changes == (2, 1)


def test_single_trump_jack_scores_three() -> None:
    tricks = ("JS 5H", *SINGLE_TRUMP_TRICKS[1:])
    hands = ("JS AH KH 2D 3D 4D", SINGLE_TRUMP_HANDS[1])
    ruling = rule_hand(make_hand(2, 1, (2, "pass"), tricks, hands))
    jack = ruling.points.jack
    assert jack is not None and jack.card == parse_card("JS") and jack.side == 0
    assert ruling.points.game.game_points == (8, 10)
    assert ruling.points_won == (3, 1)
    assert ruling.score_changes == (3, 1)


def test_jack_of_trumps_not_dealt_is_not_awarded() -> None:
    # Three players, dealer seat 2; seat 0 bids 2 and leads the ace of clubs. Four clubs are in
    # play (AC 5C 2C 3C) but not the jack: nobody scores Jack (P5).
    tricks = (
        "AC 5C 2C",  # seat 0 wins; seat 2 was dealt Low (2C)
        "KH QH TH",  # seat 0 wins
        "4H 9H 7S",  # seat 1 wins; seat 2 is out of hearts
        "4S 8S 2S",  # seat 2 wins
        "9S 3S 5S",  # seat 2 wins
        "7D 3C 6D",  # seat 0, out of diamonds, trumps
    )
    hands = ("AC 3C KH 4H 2S 3S", "5C 9H QH 4S 5S 6D", "2C TH 7S 8S 9S 7D")
    hand = make_hand(3, 2, (2, "pass", "pass"), tricks, hands)
    ruling = rule_hand(hand)
    assert ruling.violations == ()
    assert ruling.points.jack is None
    assert ruling.points.game.game_points == (19, 0, 0)
    assert ruling.points_won == (3, 0, 0)
    assert ruling.score_changes == (3, 0, 0)
    held = rule_hand(hand, HOLDER)
    assert held.points_won == (2, 0, 1)
    assert held.made_bid and held.score_changes == (2, 0, 1)


def test_claimed_score_checked_per_seat() -> None:
    right = rule_hand(four_solo(claimed=(0, -3, 1, 0)))
    assert right.claimed_ok is True and right.violations == ()
    wrong = rule_hand(four_solo(claimed=(0, 2, 1, 0)))
    assert wrong.claimed_ok is False
    (v,) = wrong.violations
    assert (v.code, v.rule, v.location) == ("claimed_score_differs", "P6", "claimed[1]")
    assert "seat 1" in v.message and "-3" in v.message


def test_claimed_score_per_team_and_per_seat_in_partnership() -> None:
    def hand(claimed: tuple[int, ...]) -> PitchHand:
        return make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, partnership=True, claimed=claimed)

    assert rule_hand(hand((2, -3))).claimed_ok is True
    assert rule_hand(hand((2, -3, 2, -3))).claimed_ok is True
    wrong = rule_hand(hand((2, 0)))
    assert wrong.claimed_ok is False
    (v,) = wrong.violations
    assert v.location == "claimed[1]" and "seats 1 and 3" in v.message and "-3" in v.message


def test_no_claim_gives_claimed_ok_none() -> None:
    assert rule_hand(four_solo()).claimed_ok is None


def test_as_dict_is_json_ready() -> None:
    data = rule_hand(four_solo(claimed=(0, 0, 0, 0)), HOLDER).as_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["trump"] == "H"
    assert data["tricks"][0] == {"leader": 1, "cards": ["AH", "5H", "2H", "3H"], "winner": 1}
    assert data["points"]["low"] == {"card": "2H", "seat": 3, "side": 3}
    assert data["points"]["game"] == {"side": None, "game_points": [23, 4, 23, 0]}
    assert data["score_changes"] == [0, -3, 1, 1]
    assert {v["code"] for v in data["violations"]} == {"claimed_score_differs"}


def test_pitch_as_first_call() -> None:
    hand = make_hand(4, 0, ("pitch",), ("AH 5H 2H 3H", *FOUR_TRICKS[1:]))
    # Dealer 0: seat 1 calls first and pitches the ace of hearts, ending the auction (P3).
    ruling = rule_hand(hand)
    assert (ruling.pitcher, ruling.bid, ruling.pitched) == (1, 4, True)
    assert ruling.violations == ()
    assert ruling.score_changes == (0, -4, 1, 0)
