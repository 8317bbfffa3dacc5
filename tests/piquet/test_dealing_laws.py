"""The laws of the dealing decided by the engine (docs/rules/laws.md): PT 13 (a card the
dealer exposed) and PT 14 (a card faced in the pack or the talon) in a whole record's
``irregular``, on the Q10 deal of docs/rules/piquet.md (elder 11, younger 41). The same
laws in a match and over HTTP: tests/match/test_dealing_laws.py,
tests/api/test_laws_dealing_http.py."""

from __future__ import annotations

import pytest

from referee.piquet import rule_deal
from referee.violations import RecordError

from .examples import q10_deal


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
