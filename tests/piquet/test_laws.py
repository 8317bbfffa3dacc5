"""Laws of Piquet decided by the engine that had no test of their own
(docs/rules/laws-of-piquet.md): PT 10, 23, 49, 51, 53 and 72, each with its example written
out. The same laws over HTTP: tests/api/test_laws_http.py; every law: docs/rules/laws.md."""

from __future__ import annotations

import pytest

from referee.piquet import (
    compare_declarations,
    rule_deal,
    rule_sheet,
    settle_partie,
    sheet_from_record,
)
from referee.violations import RecordError

from .examples import Q10_DEALT, cards, q10_deal

#: PT 49: elder holds a quint to the ace in spades and a tierce to the nine in hearts; younger
#: a quart to the king in diamonds, better than elder's tierce but not his quint.
PT49_ELDER = "AS KS QS JS TS 9H 8H 7H AC 8C AD 7D"
PT49_YOUNGER = "KD QD JD TD 8D KH QH TH KC QC 9C 7C"


def test_pt10_a_wrong_deal_put_right_is_the_deal_as_put_right() -> None:
    """PT 10: a wrong deal put right before either player took up his hand is the corrected
    deal; the wrong one (elder dealt 13, the ♥J) is never ruled unless recorded anyway."""
    wrong = {**Q10_DEALT, "elder": (*Q10_DEALT["elder"], *cards("JH"))}
    with pytest.raises(RecordError) as refused:
        rule_deal(q10_deal(dealt=wrong))
    assert [(v.code, v.location) for v in refused.value.violations] == [
        ("hand_size", "dealt.elder")]
    assert rule_deal(q10_deal()).scores == {"elder": 11, "younger": 41}


def test_pt23_talon_cards_are_taken_from_the_top_case_xiv() -> None:
    """PT 23, Case XIV: elder takes from the top; younger's "top" begins with the cards elder
    left. Q10's talon with ♦J and ♠A swapped: elder would have taken ♠A (Ann plays it in
    trick 1) and Ann ♦J (Bill plays it in trick 9): both cards are not held."""
    ruling = rule_deal(q10_deal(talon=cards("AH JH 8H 7C AS JD QH JC")))
    found = {(v.code, v.location) for v in ruling.violations}
    assert {("card_not_held", "tricks[0][1]"), ("card_not_held", "tricks[8][1]")} <= found


def test_pt49_elders_good_sequence_reckons_all_his_sequences() -> None:
    """PT 49: elder's quint (15) is good against the cards, so he also reckons his tierce (3),
    though younger's quart is higher than it; younger reckons no sequence."""
    sequence = compare_declarations(cards(PT49_ELDER), cards(PT49_YOUNGER)).sequence
    assert (sequence.winner, sequence.elder, sequence.younger) == ("elder", 18, 0)
    assert sorted(sequence.scored) == ["quint", "tierce"]


def test_pt51_a_good_that_younger_corrected_is_written_as_corrected() -> None:
    """PT 51: younger allowed elder's point of five "good" while holding six, and corrected it
    in time: the sheet says younger's point is good and scores it (6). Not corrected in time,
    "the reply stands": elder scores his five, younger nothing for the point."""
    line = {"point": {"elder": "point of five", "younger": "point of six"},
            "tricks": {"elder": 6, "younger": 6}}
    corrected = rule_sheet(sheet_from_record({**line, "good": {"point": "younger"}}))
    assert corrected.scores["younger"] == 6
    assert not any(v.location.startswith("sheet.good") for v in corrected.violations)
    kept = rule_sheet(sheet_from_record({**line, "good": {"point": "elder"}}))
    assert not any(v.location.startswith("sheet.good") for v in kept.violations)
    assert kept.scores["elder"] == 5 and kept.scores["younger"] == 0
    assert [f.code for f in kept.as_reported] == ["good_stands"]


def test_pt72_winner_minus_loser_plus_100() -> None:
    """PT 72: the loser over 100 pays the difference plus 100: 130 against 105 is 125."""
    settled = settle_partie({"Ann": 130, "Bill": 105})
    assert (settled.winner, settled.rubiconed, settled.payment) == ("Ann", False, 125)
