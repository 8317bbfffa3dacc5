"""Q10, the worked deal of the source: Bill (elder) 11, Ann (younger) 41."""

from __future__ import annotations

import json

import pytest

from referee.piquet import PiquetDeal, deal_from_record, rule_deal

from .examples import (
    Q10_BILL,
    Q10_DEALT,
    Q10_RECORD,
    Q10_TRICKS,
    q10_deal,
)

# The Q10 narrative: Bill trio 3, lead 4; Ann point 6, sixième 22, ♠A wins 23, leads ♣K 24;
# Bill's ♣A wins 5, leads ♠Q 6, leads ♠10 7; Ann's ♠J wins 25, runs clubs 26-30, leads ♥Q 31;
# Bill wins the last three (8, 9, 10) and the last trick (11); Ann the cards 41.
Q10_LOG = [
    ("elder", "trio of aces", 3, 3, 0),
    ("elder", "lead KS", 1, 4, 0),
    ("younger", "point of six", 6, 4, 6),
    ("younger", "sixième", 16, 4, 22),
    ("younger", "wins trick 1", 1, 4, 23),
    ("younger", "lead KC", 1, 4, 24),
    ("elder", "wins trick 2", 1, 5, 24),
    ("elder", "lead QS", 1, 6, 24),
    ("elder", "lead TS", 1, 7, 24),
    ("younger", "wins trick 4", 1, 7, 25),
    ("younger", "lead QC", 1, 7, 26),
    ("younger", "lead JC", 1, 7, 27),
    ("younger", "lead TC", 1, 7, 28),
    ("younger", "lead 9C", 1, 7, 29),
    ("younger", "lead 8C", 1, 7, 30),
    ("younger", "lead QH", 1, 7, 31),
    ("elder", "wins trick 10", 1, 8, 31),
    ("elder", "lead AD", 1, 9, 31),
    ("elder", "lead 9S", 1, 10, 31),
    ("elder", "last trick", 1, 11, 31),
    ("younger", "the cards", 10, 11, 41),
]


def log_of(ruling) -> list[tuple]:
    return [(e.who, e.what, e.points, e.elder_total, e.younger_total) for e in ruling.log]


@pytest.mark.parametrize(
    "deal",
    [
        q10_deal(),
        q10_deal(declarations=None),
        PiquetDeal(tricks=Q10_TRICKS),
        PiquetDeal(tricks=Q10_TRICKS, dealt=Q10_DEALT),
    ],
    ids=["full record", "without declarations", "tricks only", "dealt hands only"],
)
def test_q10_scores_bill_11_ann_41(deal: PiquetDeal) -> None:
    ruling = rule_deal(deal)
    assert ruling.scores == {"elder": 11, "younger": 41}
    assert ruling.violations == ()
    assert ruling.tricks_won == {"elder": 5, "younger": 7}
    assert ruling.cards == "younger"
    assert (ruling.repique, ruling.pique, ruling.capot, ruling.carte_blanche) == (None,) * 4
    assert log_of(ruling) == Q10_LOG


def test_q10_declarations() -> None:
    decl = rule_deal(q10_deal()).declarations
    assert (decl.point.winner, decl.point.younger, decl.point.scored) == (
        "younger", 6, ("point of six",))
    assert (decl.sequence.winner, decl.sequence.younger, decl.sequence.scored) == (
        "younger", 16, ("sixième",))
    assert (decl.sets.winner, decl.sets.elder, decl.sets.scored) == (
        "elder", 3, ("trio of aces",))
    # Bill sank his tierce (10-9-8 of spades): announced nothing in sequences.
    assert decl.sequence.elder_shown is None


def test_q10_without_declarations_bill_would_show_his_tierce() -> None:
    decl = rule_deal(q10_deal(declarations=None)).declarations
    assert decl.sequence.elder_shown is not None
    assert decl.sequence.elder_shown.startswith("tierce")
    assert decl.sequence.elder == 0


def test_q10_tricks_and_hands() -> None:
    ruling = rule_deal(q10_deal())
    winners = [t.winner for t in ruling.tricks]
    assert winners == ["younger", "elder", "elder", "younger", "younger", "younger", "younger",
                       "younger", "younger", "elder", "elder", "elder"]
    assert ruling.tricks[0].leader == "elder"
    assert set(ruling.hands["elder"]) == set(Q10_BILL)


def test_q10_json_record_and_as_dict() -> None:
    ruling = rule_deal(deal_from_record(Q10_RECORD))
    assert ruling == rule_deal(q10_deal())
    data = ruling.as_dict()
    json.dumps(data)  # JSON-ready
    assert data["scores"] == {"elder": 11, "younger": 41}
    assert data["tricks"][0] == {"number": 1, "leader": "elder", "cards": ["KS", "AS"],
                                 "winner": "younger"}
    assert data["log"][-1] == {"who": "younger", "what": "the cards", "points": 10,
                               "elder_total": 11, "younger_total": 41}
    assert data["declarations"]["sequence"]["scored"] == ["sixième"]
