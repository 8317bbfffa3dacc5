"""Refusals say what to do, "1 card" not "1 cards", a malformed sequence is refused (13.4)."""

from __future__ import annotations

import pytest

from referee.piquet import (
    Announcement,
    PiquetDeal,
    announcement_from_dict,
    check_announcement,
    deal_from_record,
    rule_deal,
)
from referee.violations import InputError, RecordError

from .examples import Q10_BILL, Q10_DEALT, Q10_RECORD, Q10_TRICKS, cards, q10_deal


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
    assert check_announcement({"sequence": ""}, "x").sequence is None  # nothing announced


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


def test_declarations_are_read_as_the_score_sheet_writes_them() -> None:
    """One reader of declarations (referee.piquet.words): a record's announcement takes the
    sheet's words, and rules as its short forms do (Q10: Bill 11, Ann 41)."""
    words = {"elder": {"point": "point of five", "sets": ["three aces"]},
             "younger": {"point": "point of six, 57", "sequence": "sixième to the king"}}
    short = {"elder": {"point": 5, "sets": ["trio:A"]},
             "younger": {"point": 6, "sequence": "sixième:K"}}
    assert announcement_from_dict(words["elder"]) == Announcement(point=5, sets=("trio:A",))
    assert check_announcement({"sequence": ["quart major", "tierce to the ten"],
                               "sets": "quatorze of tens"}, "x") == Announcement(
        sequence="quart:A, tierce:T", sets=("quatorze:T",))
    ruled = rule_deal(deal_from_record({**Q10_RECORD, "declarations": words}))
    assert ruled.scores == rule_deal(deal_from_record({**Q10_RECORD, "declarations": short}))\
        .scores == {"elder": 11, "younger": 41}


@pytest.mark.parametrize(("announced", "location"), [
    ({"sets": ["three axes"]}, "declarations.elder.sets[0]"),
    ({"sequence": "quint to the moon"}, "declarations.elder.sequence"),
    ({"point": "a good point"}, "declarations.elder.point"),
])
def test_words_that_name_nothing_are_input_to_correct(
    announced: dict[str, object], location: str
) -> None:
    """Not a rule broken but a slip of the pen (InputError: a 400, never an irregularity)."""
    with pytest.raises(InputError) as caught:
        check_announcement(announced, "declarations.elder")
    assert [(v.code, v.location) for v in caught.value.violations] == [
        ("bad_announcement", location)]
