"""Broken records: RecordError when unscorable, located violations otherwise (Q11)."""

from __future__ import annotations

import pytest

from referee.piquet import Announcement, PiquetDeal, deal_from_record, rule_deal
from referee.violations import RecordError

from .examples import Q10_DEALT, Q10_RECORD, Q10_TRICKS, cards, q10_deal


def error_of(deal: PiquetDeal) -> tuple[str, str, str]:
    with pytest.raises(RecordError) as err:
        rule_deal(deal)
    v = err.value.violations[0]
    return v.code, v.rule, v.location


def test_thirteen_cards_in_a_hand() -> None:
    dealt = {**Q10_DEALT, "elder": (*Q10_DEALT["elder"], *cards("JH"))}
    assert error_of(q10_deal(dealt=dealt)) == ("hand_size", "Q2", "dealt.elder")


def test_a_card_dealt_twice() -> None:
    dealt = {**Q10_DEALT, "younger": (*cards("AC"), *Q10_DEALT["younger"][1:])}
    assert error_of(q10_deal(dealt=dealt)) == ("duplicate_card", "Q2", "dealt.younger[0]")


def test_a_card_played_twice() -> None:
    bad = (*Q10_TRICKS[:11], cards("9S KS"))
    assert error_of(PiquetDeal(tricks=bad)) == ("card_played_twice", "Q6", "tricks[11][1]")


def test_a_card_not_in_the_piquet_pack() -> None:
    bad = (*Q10_TRICKS[:11], cards("9S 6H"))
    assert error_of(PiquetDeal(tricks=bad)) == ("not_in_pack", "Q1", "tricks[11][1]")


@pytest.mark.parametrize(("tricks", "code"), [
    (Q10_TRICKS[:11], "trick_count"),
    ((*Q10_TRICKS[:11], cards("9S")), "trick_size"),
    ((*Q10_TRICKS[:11], cards("9S 9H 7D")), "trick_size"),
])
def test_not_twelve_tricks_of_two_cards(tricks, code: str) -> None:
    assert error_of(PiquetDeal(tricks=tricks))[0] == code


def test_talon_of_seven_cards() -> None:
    assert error_of(q10_deal(talon=cards("AH JH 8H 7C JD AS QH")))[:2] == ("talon_size", "Q2")


def test_a_revoke_is_located_at_the_card() -> None:
    # Trick 1: younger plays ♥9 on ♠K; her later spades prove she could follow (a revoke).
    bad = (cards("KS 9H"), *Q10_TRICKS[1:11], cards("9S AS"))
    ruling = rule_deal(PiquetDeal(tricks=bad))
    assert [(v.code, v.rule, v.location) for v in ruling.violations] == [
        ("revoke", "Q6", "tricks[0][1]")]


def test_announcing_an_unheld_quint() -> None:
    ruling = rule_deal(q10_deal(declarations={
        "elder": Announcement(point=5, sequence="quint", sets=("trio:A",))}))
    assert [(v.code, v.rule, v.location) for v in ruling.violations] == [
        ("announcement_not_held", "Q5", "declarations.elder.sequence")]
    assert ruling.scores == {"elder": 11, "younger": 41}


def test_json_record_with_a_bad_card() -> None:
    record = {**Q10_RECORD, "talon": ["AH", "JH", "8H", "7C", "JD", "AS", "QH", "XX"]}
    with pytest.raises(RecordError) as err:
        deal_from_record(record)
    assert (err.value.violations[0].code, err.value.violations[0].location) == (
        "not_a_card", "talon[7]")


def test_json_record_with_an_unknown_role() -> None:
    with pytest.raises(RecordError) as err:
        deal_from_record({**Q10_RECORD, "dealt": {"dealer": ["AS"]}})
    assert err.value.violations[0].location == "dealt"
