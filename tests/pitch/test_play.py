"""P4 play: trick winners, revokes (with and without hands), bad records (P9)."""

from __future__ import annotations

import pytest

from referee.cards import parse_cards
from referee.pitch import Call, PitchHand, rule_hand, trick_winner_index
from referee.violations import RecordError

from .examples import (
    FOUR_BIDS,
    FOUR_DEALER,
    FOUR_HANDS,
    FOUR_TRICKS,
    REVOKE_TRICKS,
    make_hand,
)


def test_trick_goes_to_highest_trump_else_highest_of_suit_led() -> None:
    assert trick_winner_index(parse_cards(["KD", "AD", "2C", "QD"]), "S") == 1
    assert trick_winner_index(parse_cards(["KD", "AD", "2S", "3S"]), "S") == 3
    assert trick_winner_index(parse_cards(["2D", "AC", "AH", "3D"]), "S") == 3  # off-suit loses


def test_revoke_proven_by_a_later_trick_without_hands() -> None:
    ruling = rule_hand(make_hand(4, FOUR_DEALER, FOUR_BIDS, REVOKE_TRICKS))
    (revoke,) = ruling.violations
    assert (revoke.code, revoke.rule) == ("revoke", "P4")
    # Seat 1 failed to follow diamonds in trick 3 (tricks[2][3]) ...
    assert revoke.location == "tricks[2][3]"
    assert "Seat 1" in revoke.message and "trick 3" in revoke.message
    # ... proven by the six of diamonds he played in trick 4 (tricks[3][1]).
    assert "trick 4" in revoke.message and "tricks[" not in revoke.message
    assert "six of diamonds" in revoke.message
    # The hand is still scored as played.
    assert [t.winner for t in ruling.tricks] == [1, 2, 0, 2, 2, 0]


def test_no_revoke_without_proof() -> None:
    # Same record without the later diamonds: seat 1's club discard on the diamond lead and
    # nothing shows he held a diamond (the proof in trick 4 is replaced by a spade).
    tricks = (
        "AH 5H 2H 3H",
        "KS JH 4S AS",
        "TD 5D KD 2C",
        "TC 6S QC 7C",
        "QS 8S 9S JS",
        "4D 9D TH 7S",
    )
    assert rule_hand(make_hand(4, FOUR_DEALER, FOUR_BIDS, tricks)).violations == ()


def test_revoke_with_hands_given() -> None:
    hands = (
        "3H AS KD TC 9S TH",
        "AH KS 6D 2C JS 8D",
        "5H JH TD QC QS 4D",
        "2H 4S 5D 7C 8S 9D",
    )
    ruling = rule_hand(make_hand(4, FOUR_DEALER, FOUR_BIDS, REVOKE_TRICKS, hands))
    (revoke,) = ruling.violations
    assert (revoke.code, revoke.location) == ("revoke", "tricks[2][3]")
    assert "holding the six of diamonds" in revoke.message


def test_revoke_proven_by_a_dealt_card_another_seat_played() -> None:
    # Seat 1 discards a club on the diamond lead of trick 3 and never plays a diamond after
    # it, but he was dealt the nine of diamonds (which seat 3 played in trick 6, a card not
    # held): his dealt hand, not his later plays, proves the revoke.
    tricks = (
        "AH 5H 2H 3H",
        "KS JH 4S AS",
        "TD 5D KD 2C",
        "TC 6S QC 7C",
        "QS 8S 9S JS",
        "4D 9D TH 7S",
    )
    hands = (
        "3H AS KD TC 9S TH",
        "AH KS 2C 6S JS 9D",
        "5H JH TD QC QS 4D",
        "2H 4S 5D 7C 8S 7S",
    )
    ruling = rule_hand(make_hand(4, FOUR_DEALER, FOUR_BIDS, tricks, hands))
    got = {(v.code, v.location) for v in ruling.violations}
    # (and again in trick 6, where he plays the seven of spades on a diamond lead)
    assert got == {("revoke", "tricks[2][3]"), ("card_not_held", "tricks[5][1]"),
                   ("card_not_held", "tricks[5][3]"), ("revoke", "tricks[5][3]")}
    revoke = next(v for v in ruling.violations if v.location == "tricks[2][3]")
    assert "holding the nine of diamonds" in revoke.message


def test_trumping_while_able_to_follow_is_legal() -> None:
    # Trick 2: seat 2 trumps the king of spades with JH while holding QS (played in trick 5).
    ruling = rule_hand(make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS))
    assert ruling.violations == ()
    assert ruling.tricks[1].winner == 2


def test_card_not_held() -> None:
    hands = list(FOUR_HANDS)
    hands[0], hands[3] = "3H AS KD TC 9S 4S", "2H TH 5D 7C 8S 9D"  # swap TH and 4S
    ruling = rule_hand(make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, hands))
    got = {(v.code, v.location) for v in ruling.violations}
    assert ("card_not_held", "tricks[5][2]") in got  # seat 0 plays TH, dealt to seat 3
    assert ("card_not_held", "tricks[1][2]") in got  # seat 3 plays 4S, dealt to seat 0


def test_first_lead_by_a_non_pitcher() -> None:
    # Seat 0 bids 3 but the first card, the ace of hearts, was dealt to seat 1, who leads.
    bids: tuple[Call, ...] = (3, "pass", "pass", "pass")
    ruling = rule_hand(make_hand(4, FOUR_DEALER, bids, FOUR_TRICKS, FOUR_HANDS))
    codes = [v.code for v in ruling.violations]
    assert codes == ["first_lead_by_non_pitcher"]
    assert ruling.violations[0].location == "tricks[0][0]"
    assert ruling.violations[0].rule == "P4"
    # The hand is read as led by the holder of the card; seat 0 is the pitcher, set back.
    assert ruling.tricks[0].leader == 1
    assert ruling.pitcher == 0 and ruling.score_changes == (-3, 2, 1, 0)


def test_explicit_pitch_by_a_non_holder() -> None:
    # Dealer 3: seat 0 pitches, but the pitched card (AH) was dealt to seat 1.
    ruling = rule_hand(make_hand(4, FOUR_DEALER, ("pitch",), FOUR_TRICKS, FOUR_HANDS))
    assert [v.code for v in ruling.violations] == ["first_lead_by_non_pitcher"]


def _raises(hand: PitchHand) -> list[tuple[str, str, str]]:
    with pytest.raises(RecordError) as err:
        rule_hand(hand)
    return [(v.code, v.rule, v.location) for v in err.value.violations]


def test_card_played_twice() -> None:
    tricks = (*FOUR_TRICKS[:5], "4D 9D TH AH")
    assert _raises(make_hand(4, FOUR_DEALER, FOUR_BIDS, tricks)) == [
        ("card_played_twice", "P1", "tricks[5][3]")
    ]


def test_card_dealt_twice() -> None:
    hands = (*FOUR_HANDS[:3], "2H 4S 5D 7C 8S AH")
    assert ("card_dealt_twice", "P1", "hands[3][5]") in _raises(
        make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, hands)
    )


def test_seven_cards_in_a_hand() -> None:
    hands = (FOUR_HANDS[0] + " 2S", *FOUR_HANDS[1:])
    assert _raises(make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, hands)) == [
        ("hand_not_six", "P2", "hands[0]")
    ]


def test_wrong_number_of_hands() -> None:
    got = _raises(make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS[:3]))
    assert got == [("hands_count", "P2", "hands")]


def test_not_six_tricks() -> None:
    got = _raises(make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS[:5]))
    assert got == [("wrong_trick_count", "P4", "tricks")]


def test_trick_with_the_wrong_number_of_cards() -> None:
    tricks = (*FOUR_TRICKS[:5], "4D 9D TH")
    assert _raises(make_hand(4, FOUR_DEALER, FOUR_BIDS, tricks)) == [
        ("trick_wrong_size", "P4", "tricks[5]")
    ]


def test_bad_player_count_and_dealer() -> None:
    assert _raises(make_hand(8, 0, FOUR_BIDS, FOUR_TRICKS))[0][0] == "player_count"
    assert _raises(make_hand(3, 0, FOUR_BIDS, FOUR_TRICKS, partnership=True))[0][0] == (
        "player_count"
    )
    assert _raises(make_hand(4, 5, FOUR_BIDS, FOUR_TRICKS))[0][0] == "dealer_not_a_seat"


def test_unfinished_auction_and_no_pitcher() -> None:
    assert _raises(make_hand(4, FOUR_DEALER, ("pass", 3), FOUR_TRICKS))[0][0] == (
        "bidding_incomplete"
    )
    got = _raises(make_hand(4, FOUR_DEALER, ("pass",) * 4, FOUR_TRICKS))
    assert [c for c, _, _ in got] == ["no_pitcher", "stuck_dealer_passed"]


def test_redeal_cannot_be_scored() -> None:
    from referee.pitch import PitchOptions

    hand = make_hand(4, FOUR_DEALER, ("pass",) * 4, FOUR_TRICKS)
    with pytest.raises(RecordError) as err:
        rule_hand(hand, PitchOptions(stuck_dealer_min=None))
    assert err.value.violations[0].code == "redeal"


def test_claimed_of_the_wrong_length() -> None:
    got = _raises(make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, claimed=(1, 2, 3)))
    assert got == [("claimed_wrong_length", "P6", "claimed")]


def test_bidding_violations_are_reported_with_the_ruling() -> None:
    bids: tuple[Call, ...] = ("pass", 3, 3, "pass")  # seat 2 "steals" though not the dealer
    ruling = rule_hand(make_hand(4, FOUR_DEALER, bids, FOUR_TRICKS, FOUR_HANDS))
    codes = [v.code for v in ruling.violations]
    assert codes[0] == "steal_by_non_dealer"
    assert "first_lead_by_non_pitcher" in codes  # seat 2 took the bid but seat 1 led
