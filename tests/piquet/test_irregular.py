"""Irregularities recorded anyway, with the penalties of the laws and the table's options
(Q12, rules/irregularities.md)."""

from __future__ import annotations

import pytest

from referee.piquet import (
    Announcement,
    PiquetDeal,
    PiquetOptions,
    deal_from_record,
    false_call_of,
    progress,
    rule_deal,
)
from referee.violations import RecordError

from .examples import Q10_DEALT, Q10_RECORD, Q10_TRICKS, cards, q10_deal, tricks
from .test_play import REVOKE_TRICKS

REVOKE = (("revoke", "tricks[2][1]"),)


def test_a_revoke_not_recorded_anyway_stays_a_violation() -> None:
    ruling = rule_deal(PiquetDeal(tricks=REVOKE_TRICKS))
    assert [v.code for v in ruling.violations] == ["revoke"]
    assert ruling.irregularities == ()


def test_a_revoke_recorded_anyway_asks_for_the_replay_by_default() -> None:
    ruling = rule_deal(PiquetDeal(tricks=REVOKE_TRICKS, irregular=REVOKE))
    [item] = ruling.irregularities
    assert (item.kind, item.who, item.law, item.penalty) == ("revoke", "younger", "PT 59 IV",
                                                             "replay")
    assert [(v.code, v.rule, v.location) for v in ruling.violations] == [
        ("replay_required", "Q12", "tricks[2][1]")]
    assert ruling.violations[0].message == (
        "The younger hand revoked in trick 3 (the nine of hearts on the queen of spades): "
        "take back the cards from that trick, the younger hand plays a spade, and the play "
        "goes on as though no error had been made (PT 59 IV); record the replay.")


def test_a_revoke_that_cannot_be_replayed_reckon_nothing() -> None:
    plain = rule_deal(PiquetDeal(tricks=REVOKE_TRICKS))
    ruling = rule_deal(PiquetDeal(tricks=REVOKE_TRICKS, irregular=REVOKE),
                       PiquetOptions(revoke="reckon_nothing"))
    assert ruling.violations == ()
    assert ruling.scores == {"elder": 11, "younger": 0}
    # Every count as played (the offender's still barred a pique), then the penalty.
    assert ruling.counts[:-1] == plain.counts
    penalty = ruling.counts[-1]
    assert (penalty.who, penalty.points, penalty.stage, penalty.rule) == ("younger", -41,
                                                                         "penalty", "Q12")
    assert penalty.what == "reckons nothing this deal: revoke (PT 59 IV)"
    assert ruling.log[-1].younger_total == 0
    data = ruling.as_dict()
    assert data["irregularities"][0]["penalty"] == "reckon_nothing"
    assert data["counts"][-1]["stage"] == "penalty"


def test_a_revoke_that_cannot_be_replayed_void() -> None:
    ruling = rule_deal(PiquetDeal(tricks=REVOKE_TRICKS, irregular=REVOKE),
                       PiquetOptions(revoke="void"))
    assert ruling.scores == {"elder": 0, "younger": 0}
    assert "the deal is void, nobody scores" in ruling.irregularities[0].consequence


def test_a_revoke_recorded_anyway_does_not_block_the_next_card() -> None:
    partial = PiquetDeal(tricks=REVOKE_TRICKS[:4])
    assert [v.code for v in progress(partial).violations] == ["revoke"]
    assert progress(PiquetDeal(tricks=REVOKE_TRICKS[:4], irregular=REVOKE)).violations == ()


# Bill (elder) calls a quint he does not hold (hands unknown: shown by his twelve cards).
QUINT = {"elder": Announcement(point=5, sequence="quint", sets=("trio:A",))}
FALSE_QUINT = (("announcement_not_held", "declarations.elder.sequence"),)


@pytest.mark.parametrize(("options", "bill", "penalty"), [
    (PiquetOptions(), 0, "reckon_nothing"),
    (PiquetOptions(false_call="call_only"), 11, "call_only"),
])
def test_a_false_call_found_late(options: PiquetOptions, bill: int, penalty: str) -> None:
    ruling = rule_deal(PiquetDeal(tricks=Q10_TRICKS, declarations=QUINT, irregular=FALSE_QUINT),
                       options)
    assert ruling.violations == ()
    assert ruling.scores == {"elder": bill, "younger": 41}
    [item] = ruling.irregularities
    assert (item.kind, item.who, item.law, item.penalty) == ("false_call", "elder", "PT 54",
                                                             penalty)


def test_a_call_hand_and_discard_could_not_hold_costs_nothing() -> None:
    # Hands and discards known: Bill's hand with his discard holds no quint: a call he could
    # not possibly have held, no penalty (PT 54's exemption).  Three tens he could have held
    # (he discarded ♥10 ♦10): he reckons nothing.
    impossible = rule_deal(q10_deal(declarations=QUINT, irregular=FALSE_QUINT))
    [item] = impossible.irregularities
    assert (item.penalty, item.law) == ("none", "PT 54")
    assert "could not hold: no penalty (PT 54)" in item.consequence
    assert impossible.scores == {"elder": 11, "younger": 41}
    tens = {"elder": Announcement(point=5, sets=("trio:A", "trio:T"))}
    false = rule_deal(q10_deal(declarations=tens, irregular=(
        ("announcement_not_held", "declarations.elder.sets[1]"),)))
    assert false.irregularities[0].penalty == "reckon_nothing"
    assert false.scores == {"elder": 0, "younger": 41}


def test_after_a_false_call_the_adversary_reckons_what_he_sank() -> None:
    """PT 54, Case II: "good" assumes the call is true. Bill calls a point of six (he could:
    six hearts with his discard) that he does not hold, and Ann, holding a point of six (57),
    allows it good; the false call is found late. Bill reckons nothing, and Ann reckons her
    point, which no correct call of Bill's bars: 35 + 6 = 41."""
    calls = {"elder": Announcement(point=6, sets=("trio:A",)),
             "younger": Announcement(point=None, sequence="sixième")}
    ruling = rule_deal(q10_deal(declarations=calls, irregular=(
        ("announcement_not_held", "declarations.elder.point"),)))
    assert ruling.irregularities[0].penalty == "reckon_nothing"
    assert ruling.scores == {"elder": 0, "younger": 41}
    assert (ruling.counts[0].who, ruling.counts[0].what) == ("younger", "point of six, 57")
    # Bill's correct trio of aces still bars what Ann holds in sets (she has none better)
    assert not any(c.who == "younger" and c.step == "sets" for c in ruling.counts)


def test_a_misnamed_set_he_holds_is_a_misnomer() -> None:
    """PT 53: Bill holds three aces and calls three queens, which his hand (♠Q) and discard
    (no queen) could not hold: a misnomer, no penalty; the call as made scores nothing."""
    queens = {"elder": Announcement(point=5, sets=("trio:Q",))}
    ruling = rule_deal(q10_deal(declarations=queens, irregular=(
        ("announcement_not_held", "declarations.elder.sets[0]"),)))
    [item] = ruling.irregularities
    assert (item.penalty, item.law) == ("none", "PT 53")
    assert item.consequence.startswith("The elder hand misnamed a trio of queens")
    assert ruling.scores == {"elder": 8, "younger": 41}  # his play only: the trio scores 0


# Case of the issue: Bill (elder) calls a point of seven; his hand and discard hold at most six
# of a suit (hearts: ♥A ♥J ♥8 kept, ♥K ♥10 ♥7 discarded).
POINT_OF_SEVEN = {"elder": Announcement(point=7, sets=("trio:A",))}
FALSE_POINT = (("announcement_not_held", "declarations.elder.point"),)


def test_a_call_that_could_not_be_held_is_decided_once_before_and_after_the_play() -> None:
    """The call ruled when it is made (the deal so far: hands, talon, exchange, no card) and
    the whole deal's ruling are the one decision: PT 54, no penalty."""
    before = false_call_of(q10_deal(tricks=(), declarations=POINT_OF_SEVEN),
                           "declarations.elder.point")
    ruling = rule_deal(q10_deal(declarations=POINT_OF_SEVEN, irregular=FALSE_POINT))
    assert ruling.irregularities == (before,)
    assert (before.kind, before.who, before.law, before.penalty) == ("false_call", "elder",
                                                                     "PT 54", "none")
    assert before.consequence == (
        "The elder hand called a point of seven, which its hand and discard together could not "
        "hold: no penalty (PT 54); the call scores nothing.")
    assert ruling.scores == {"elder": 11, "younger": 41}  # as Q10: no penalty applied
    # A point of six he could have held (six hearts with his discard): he reckons nothing,
    # before the play as after it.
    six = {"elder": Announcement(point=6, sets=("trio:A",))}
    early = false_call_of(q10_deal(tricks=(), declarations=six), "declarations.elder.point")
    late = rule_deal(q10_deal(declarations=six, irregular=FALSE_POINT))
    assert late.irregularities == (early,) and early.penalty == "reckon_nothing"
    assert late.scores == {"elder": 0, "younger": 41}


# Q10 but Ann leads trick 3 out of turn (♠7; Bill won trick 2) and Bill plays to it (♠Q).
OUT_OF_TURN = tricks("KS AS|KC AC|7S QS|TS JS|QC 7C|JC 8S|TC JH|9C 8H|8C JD|QH AH|AD KD|9S 9H")


def test_a_lead_out_of_turn_answered_stands() -> None:
    ruling = rule_deal(q10_deal(tricks=OUT_OF_TURN,
                                irregular=(("lead_out_of_turn", "tricks[2][0]"),)))
    assert ruling.violations == ()
    assert ruling.tricks[2].leader == "younger" and ruling.tricks[2].winner == "elder"
    # Ann scores the lead (1), Bill the win (1) instead of his lead: Bill 11, Ann 42.
    assert ruling.scores == {"elder": 11, "younger": 42}
    [item] = ruling.irregularities
    assert (item.kind, item.who, item.law, item.penalty) == ("lead_out_of_turn", "younger",
                                                             "PT 59 III", "none")
    # Not recorded anyway, the ♠7 is read as Bill's lead: a card he did not hold.
    plain = rule_deal(q10_deal(tricks=OUT_OF_TURN))
    assert "card_not_held" in [v.code for v in plain.violations]


def test_a_misdeal_recorded_anyway_is_a_fresh_deal() -> None:
    dealt = {**Q10_DEALT, "elder": (*Q10_DEALT["elder"], *cards("JH"))}
    with pytest.raises(RecordError):
        rule_deal(PiquetDeal(tricks=(), dealt=dealt))
    ruling = rule_deal(PiquetDeal(tricks=(), dealt=dealt,
                                  irregular=(("hand_size", "dealt.elder"),)))
    assert ruling.scores == {"elder": 0, "younger": 0}
    [item] = ruling.irregularities
    assert (item.kind, item.penalty, item.law) == ("misdeal", "fresh_deal", "PT 10–14, 39–43")
    assert item.consequence.startswith("The elder hand was dealt 13 cards: a misdeal.")


def test_irregular_read_from_the_record() -> None:
    record = {**Q10_RECORD, "irregular": [{"code": "revoke", "location": "tricks[2][1]"}]}
    assert deal_from_record(record).irregular == REVOKE
    with pytest.raises(RecordError) as caught:
        deal_from_record({**Q10_RECORD, "irregular": [{"location": 3}]})
    assert caught.value.violations[0].location == "irregular[0]"
