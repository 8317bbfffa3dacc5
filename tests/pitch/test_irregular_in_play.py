"""Irregularities found in play (P10, rules/irregularities.md): a card exposed during play (F:
the opponents may call it in the partnership game; no penalty otherwise) and a hand found with
more than six cards (by analogy, Work 1913: a new deal, by the table's ``misdeal`` option)."""

from __future__ import annotations

import dataclasses

import pytest

from referee.pitch import (
    Irregularity,
    MisdealRuling,
    PitchOptions,
    hand_from_record,
    progress,
    rule_deal,
    rule_hand,
)
from referee.violations import RecordError

from .examples import FOUR_BIDS, FOUR_DEALER, FOUR_HANDS, FOUR_TRICKS, make_hand


def four(partnership: bool = False, *irregular: Irregularity) -> object:
    hand = make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS)
    return dataclasses.replace(hand, partnership=partnership, irregular=irregular)


def test_an_exposed_card_changes_no_score_each_for_himself() -> None:
    plain = rule_hand(four())
    ruling = rule_hand(four(False, Irregularity("exposed_card", 2, 3)))
    assert ruling.score_changes == plain.score_changes
    assert ruling.violations == ()
    [item] = ruling.irregularities
    assert (item.kind, item.seat, item.trick, item.penalty) == ("exposed_card", 2, 3, "none")
    assert item.source == "no law for the game of each for himself"
    assert item.what == ("Seat 2 exposed a card in trick 3: no penalty: the hand is scored as "
                         "played, noted (no law for the game of each for himself).")


def test_an_exposed_card_may_be_called_in_the_partnership_game() -> None:
    plain = rule_hand(four(True))
    ruling = rule_hand(four(True, Irregularity("exposed_card", 0)))
    assert ruling.score_changes == plain.score_changes
    [item] = ruling.irregularities
    assert item.penalty == "may_be_called"
    assert item.source == "F: Foster's Complete Hoyle, All Fours (partnership)"
    assert "the opponents may call it" in item.what


@pytest.mark.parametrize(("option", "next_dealer"), [("pass_deal", 0), ("same_dealer", 3)])
def test_a_long_hand_found_in_play_is_a_new_deal(option: str, next_dealer: int) -> None:
    """Work 1913 by analogy: "a long hand means a new deal"; the misdeal option says who."""
    options = PitchOptions(misdeal=option)  # type: ignore[arg-type]
    ruling = rule_deal(four(False, Irregularity("long_hand", 1)), options)
    assert isinstance(ruling, MisdealRuling)
    assert ruling.scores == (0, 0, 0, 0)
    assert ruling.next_dealer == next_dealer
    [item] = ruling.irregularities
    assert (item.kind, item.seat, item.penalty) == ("long_hand", 1, option)
    assert item.what.startswith("Seat 1 was found in play with more than six cards: there "
                                "must be a new deal and nobody scores")
    assert "Work 1913" in item.source
    with pytest.raises(RecordError) as caught:
        rule_hand(four(False, Irregularity("long_hand", 1)))
    assert caught.value.violations[0].rule == "P10"
    assert progress(four(False, Irregularity("long_hand", 1))).phase == "misdeal"


def test_read_from_the_record() -> None:
    record = {"dealer": 3, "bids": list(FOUR_BIDS), "tricks": [t.split() for t in FOUR_TRICKS],
              "irregular": [{"type": "exposed_card", "seat": 2},
                            {"type": "long_hand", "seat": 0}]}
    hand = hand_from_record(record, 4)
    assert hand.irregular == (Irregularity("exposed_card", 2), Irregularity("long_hand", 0))
    with pytest.raises(RecordError) as caught:
        hand_from_record({**record, "irregular": [{"type": "long_hand"}]}, 4)
    assert caught.value.violations[0].location == "irregular[0].seat"
    with pytest.raises(RecordError) as caught:
        hand_from_record({**record, "irregular": [{"type": "exposed_card", "seat": 1,
                                                   "trick": 9}]}, 4)
    assert caught.value.violations[0].location == "irregular[0].trick"
