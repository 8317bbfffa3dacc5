"""Refusals say what to do, "1 card" not "1 cards", a malformed sequence is refused (13.4)."""

from __future__ import annotations

import pytest

from referee.piquet import (
    Announcement,
    PiquetDeal,
    check_announcement,
    rule_deal,
)
from referee.violations import RecordError

from .examples import Q10_BILL, Q10_DEALT, Q10_TRICKS, cards, q10_deal


def refusal(deal: PiquetDeal) -> str:
    with pytest.raises(RecordError) as caught:
        rule_deal(deal)
    return caught.value.violations[0].message


@pytest.mark.parametrize("text", [",,,", "quint:A,", " , tierce", "   "])
def test_a_malformed_sequence_is_refused_not_read_as_none(text: str) -> None:
    with pytest.raises(RecordError) as caught:
        check_announcement({"sequence": text}, "declarations.elder")
    violation = caught.value.violations[0]
    assert (violation.code, violation.location) == ("bad_announcement",
                                                    "declarations.elder.sequence")
    assert "leave it out (null)" in violation.message
    with pytest.raises(RecordError):
        rule_deal(q10_deal(declarations={"elder": Announcement(sequence=text)}))


def test_several_sequences_and_none_still_read() -> None:
    assert check_announcement({"sequence": "quint:A, tierce:T"}, "x").sequence == \
        "quint:A, tierce:T"
    assert check_announcement({"sequence": ""}, "x").sequence == ""


def test_one_card_not_one_cards() -> None:
    message = refusal(PiquetDeal(tricks=(*Q10_TRICKS[:11], cards("9S"))))
    assert message == "Trick 12 holds 1 card: write its 2 cards, the lead and then the reply."
    short = {**Q10_DEALT, "elder": cards("AC")}
    assert refusal(q10_deal(dealt=short)) == (
        "The elder hand was dealt 1 card: each hand gets 12; write all twelve.")
    # A point of one announced by a hand that holds no such suit cannot happen; a point of
    # nine can: "no suit of 9 cards".
    ruling = rule_deal(PiquetDeal(tricks=Q10_TRICKS,
                                  declarations={"elder": Announcement(point=9)}))
    assert "holds no suit of 9 cards" in ruling.violations[0].message
    assert set(ruling.hands["elder"]) == set(Q10_BILL)


def test_refusals_say_what_to_do() -> None:
    assert refusal(PiquetDeal(tricks=Q10_TRICKS[:11])) == (
        "A deal has 12 tricks, not 11: record every trick, the lead first.")
    assert refusal(PiquetDeal(tricks=(*Q10_TRICKS[:11], cards("9S 6H")))) == (
        "6H is not in the 32-card Piquet pack: it plays the sevens to the aces.")
    assert refusal(PiquetDeal(tricks=(*Q10_TRICKS[:11], cards("9S KS")))).endswith(
        "correct one of the two.")
    assert refusal(q10_deal(talon=cards("AH JH 8H 7C JD AS QH"))) == (
        "The talon holds 8 cards, not 7: write the eight left after the deal, top first.")
