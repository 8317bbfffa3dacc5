"""The laws of the dealing decided by the engine (docs/rules/laws.md): PT 13 (a card the
dealer exposed) and PT 14 (a card faced in the pack or the talon) in a whole record's
``irregular``, on the Q10 deal of docs/rules/piquet.md (elder 11, younger 41). The same
laws in a match and over HTTP: tests/match/test_dealing_laws.py,
tests/api/test_laws_dealing_http.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.piquet import rule_deal
from referee.violations import RecordError

from .examples import Q10_DEALT, Q10_EXCHANGE, cards, q10_deal


def test_pt13_a_card_exposed_in_dealing_stands_when_the_deal_was_played() -> None:
    """Elder's card exposed and the deal played: elder played on, Q10 as played, noted under
    PT 13; the dealer's own card: the deal stands, no penalty."""
    for where, penalty in (("elder", "play_on"), ("talon", "play_on"), ("younger", "none")):
        ruling = rule_deal(q10_deal(irregular=(("exposed_in_dealing", where),)))
        assert ruling.scores == {"elder": 11, "younger": 41}
        [item] = ruling.irregularities
        assert (item.kind, item.law, item.location, item.penalty) == (
            "exposed_in_dealing", "PT 13", where, penalty)


def test_pt13_a_record_with_no_play_is_the_fresh_deal_elder_elected() -> None:
    ruling = rule_deal(q10_deal(tricks=(), irregular=(("exposed_in_dealing", "elder"),)))
    assert ruling.scores == {"elder": 0, "younger": 0}
    assert ruling.irregularities[0].penalty == "fresh_deal"
    assert "elected a fresh deal (PT 13)" in ruling.irregularities[0].consequence


def test_pt14_a_faced_card_is_a_fresh_deal_even_when_played() -> None:
    for where in ("pack", "talon"):
        ruling = rule_deal(q10_deal(irregular=(("faced_card", where),)))
        assert ruling.scores == {"elder": 0, "younger": 0}
        assert [(i.law, i.penalty) for i in ruling.irregularities] == [("PT 14", "fresh_deal")]


def test_a_dealing_irregularity_names_where_the_card_was() -> None:
    with pytest.raises(RecordError) as refused:
        rule_deal(q10_deal(irregular=(("faced_card", "elder"),)))
    assert refused.value.violations[0].code == "bad_irregular"


def test_pt41_elder_stands_on_thirteen_with_seven_in_the_talon() -> None:
    """PT 41: Bill 13 (Q10's and the ♥A), Ann 12, talon 7. Bill discards one more than he
    takes in: five, taking four (♥J ♥8 ♣7 ♦J); Ann takes the three left (♠A ♥Q ♣J) for her
    three. Each plays Q10's twelve: 11–41, under PT 41."""
    dealt = {**Q10_DEALT, "elder": (*Q10_DEALT["elder"], *cards("AH"))}
    ruling = rule_deal(q10_deal(dealt=dealt, talon=cards("JH 8H 7C JD AS QH JC"),
                                irregular=(("deal_stands", "elder"),)))
    assert ruling.scores == {"elder": 11, "younger": 41}
    [item] = ruling.irregularities
    assert (item.kind, item.law, item.penalty) == ("misdeal", "PT 11, 41", "play_on")
    assert ruling.violations == ()


def test_pt43_elder_on_twelve_with_seven_in_the_talon_and_a_count_broken() -> None:
    """PT 43: Bill 12, Ann 13 (the ♣J too), talon 7: Bill discards as many as he takes in
    (five), Ann one more: her three for the two left (♠A ♥Q), keeping the ♣J she was dealt.
    Q10 as played, 11–41. Ann discarding one and taking none is a count the law does not
    allow (``exchange_count`` naming PT 43)."""
    dealt = {**Q10_DEALT, "younger": (*Q10_DEALT["younger"], *cards("JC"))}
    stood = q10_deal(dealt=dealt, talon=cards("AH JH 8H 7C JD AS QH"),
                     irregular=(("deal_stands", "elder"),))
    ruling = rule_deal(stood)
    assert (ruling.scores, ruling.violations) == ({"elder": 11, "younger": 41}, ())
    assert ruling.irregularities[0].law == "PT 11, 43"
    ruling = rule_deal(replace(stood, exchange={"elder": Q10_EXCHANGE["elder"],
                                                "younger": cards("QD")}))
    found = [(v.code, v.location) for v in ruling.violations]
    assert ("exchange_count", "exchange.younger") in found
    assert any("PT 43" in v.message for v in ruling.violations)


def test_a_deal_two_cards_wrong_cannot_stand() -> None:
    """PT 12: elder 13 and younger 13 is no deal elder may stand."""
    dealt = {"elder": (*Q10_DEALT["elder"], *cards("AH")),
             "younger": (*Q10_DEALT["younger"], *cards("JC"))}
    with pytest.raises(RecordError) as refused:
        rule_deal(q10_deal(dealt=dealt, talon=cards("JH 8H 7C JD AS QH"),
                           irregular=(("deal_stands", "elder"),)))
    assert refused.value.violations[0].code == "bad_irregular"
    assert "PT 12" in refused.value.violations[0].message


def test_pt39_elder_who_took_in_unannounced_leaves_younger_three() -> None:
    """PT 39: PT 41's deal (Bill 13, talon 7), but Bill took in without announcing his
    thirteen (the ``deal_stands`` entry's election ``taken_in``): the deal stands under PT 39,
    Q10 as played 11–41; taking all five (discarding six), which PT 41 allows an elder who
    stood, is a count the law does not allow (``exchange_count`` naming PT 39)."""
    dealt = {**Q10_DEALT, "elder": (*Q10_DEALT["elder"], *cards("AH"))}
    taken_in = q10_deal(dealt=dealt, talon=cards("JH 8H 7C JD AS QH JC"),
                        irregular=(("deal_stands", "elder"),),
                        elections={"deal_stands": "taken_in"})
    ruling = rule_deal(taken_in)
    assert ruling.scores == {"elder": 11, "younger": 41}
    [item] = ruling.irregularities
    assert (item.kind, item.law, item.penalty) == ("misdeal", "PT 39, 41", "play_on")
    assert "lost his option of a fresh deal (PT 39)" in item.consequence
    all_five = replace(taken_in, exchange={"elder": (*Q10_EXCHANGE["elder"], *cards("9S")),
                                           "younger": cards("QD 9D")})
    counts = [v for v in rule_deal(all_five).violations if v.code == "exchange_count"]
    assert len(counts) == 1 and "(PT 39)" in counts[0].message
    stood = replace(all_five, elections=None)
    assert not [v for v in rule_deal(stood).violations if v.code == "exchange_count"]
