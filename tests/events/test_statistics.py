"""Statistics per player (docs/events.md E12): the counting over facts written out by hand,
and the facts read from matches recorded through the match layer (their rulings, never the
rules again)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.events.facts import match_facts, piquet_facts, pitch_facts
from referee.events.statistics import (
    BidLine,
    PiquetDeal,
    PiquetMatch,
    PiquetStatistics,
    PitchHand,
    PitchMatch,
    PitchStatistics,
    piquet_statistics,
    pitch_statistics,
)
from referee.match import commands
from tests.match.table import Table

# --- the counting, over facts written out --------------------------------------------------

#: Q10's first deal then Bill's pique (Q7) with the cards, and four plain deals: Bill 74 +
#: 41 × 5 = 279, Ann 4 + 11 × 5 = 59: Ann is rubiconed (Q9).
PIQUE = PiquetDeal((("Bill", 74), ("Ann", 4)), pique="Bill")
PLAIN = PiquetDeal((("Bill", 41), ("Ann", 11)))
TOTALS = PiquetDeal((("Ann", 11), ("Bill", 41)), detailed=False)
PARTIE = PiquetMatch(("Bill", "Ann"), (PIQUE, PLAIN, PLAIN, PLAIN, PLAIN, TOTALS),
                     settled=True, winner="Bill", loser="Ann", rubiconed=True)


def test_a_piquet_partie_with_a_pique_and_a_rubicon() -> None:
    stats = piquet_statistics([PARTIE])
    assert list(stats) == ["Ann", "Bill"]
    assert stats["Bill"] == PiquetStatistics(
        "Bill", parties=1, won=1, rubicons_given=1, deals=6, points=279, detailed_deals=5,
        piques=1)
    assert stats["Ann"] == PiquetStatistics(
        "Ann", parties=1, lost=1, rubicons_taken=1, deals=6, points=59, detailed_deals=5)
    assert stats["Bill"].points_per_deal == pytest.approx(279 / 6)
    assert stats["Ann"].points_per_deal == pytest.approx(59 / 6)


def test_a_partie_still_playing_counts_its_deals_not_its_result() -> None:
    playing = PiquetMatch(("Cy", "Ann"), (PiquetDeal((("Cy", 90), ("Ann", 0)), repique="Cy",
                                                     capot="Cy"),))
    drawn = PiquetMatch(("Cy", "Bill"), (), settled=True)
    stats = piquet_statistics([PARTIE, playing, drawn], players=["Dora"])
    assert stats["Cy"] == PiquetStatistics("Cy", parties=1, drawn=1, deals=1, points=90,
                                           detailed_deals=1, repiques=1, capots=1)
    assert (stats["Ann"].parties, stats["Ann"].deals, stats["Ann"].points) == (1, 7, 59)
    assert stats["Bill"].drawn == 1
    assert stats["Dora"] == PiquetStatistics("Dora")
    assert stats["Dora"].points_per_deal is None


def test_a_pitch_hand_where_the_bidder_is_set() -> None:
    # Ann bids 3 and takes High and Jack only: set back 3 (P6); Bob takes Low and Game.
    set_back = PitchHand((("Ann",), ("Bob",), ("Cid",)), pitcher="Ann", bid=3, made=False,
                         scores=(-3, 2, 0), high=0, low=1, jack=0, game=1)
    # Bob bids 2 and takes High, Low, Game; Cid the Jack.
    made = PitchHand((("Ann",), ("Bob",), ("Cid",)), pitcher="Bob", bid=2, made=True,
                     scores=(0, 3, 1), high=1, low=1, jack=2, game=1)
    # A totals line: Cid pitched and made it, the bid not given, nobody's points known.
    totals = PitchHand((("Ann",), ("Bob",), ("Cid",)), pitcher="Cid", bid=None, made=True,
                       scores=(1, 0, 2), awards_known=False)
    stats = pitch_statistics([PitchMatch((set_back, made)), PitchMatch((totals,))])
    assert stats["Ann"] == PitchStatistics("Ann", hands=3, points=-2,
                                           bids=(BidLine(3, 0, 1),), awards_hands=2,
                                           high=1, jack=1)
    assert stats["Bob"] == PitchStatistics("Bob", hands=3, points=5, bids=(BidLine(2, 1, 0),),
                                           awards_hands=2, high=1, low=2, game=2)
    assert stats["Cid"] == PitchStatistics("Cid", hands=3, points=3,
                                           bids=(BidLine(None, 1, 0),), awards_hands=2,
                                           jack=1)
    assert (stats["Ann"].bids_made, stats["Ann"].bids_set) == (0, 1)
    assert stats["Ann"].points_per_hand == pytest.approx(-2 / 3)


def test_partners_carry_their_sides_points_and_awards() -> None:
    hand = PitchHand((("Ann", "Cid"), ("Bob", "Dee")), pitcher="Cid", bid=4, made=True,
                     scores=(4, 0), high=0, low=0, jack=0, game=0)
    again = PitchHand((("Ann", "Cid"), ("Bob", "Dee")), pitcher="Cid", bid=2, made=False,
                      scores=(-2, 1), high=1, low=0, jack=None, game=None)
    stats = pitch_statistics([PitchMatch((hand, again))], players=["Eve"])
    assert stats["Ann"] == PitchStatistics("Ann", hands=2, points=2, awards_hands=2,
                                           high=1, low=2, jack=1, game=1)
    assert stats["Cid"].bids == (BidLine(2, 0, 1), BidLine(4, 1, 0))
    assert (stats["Dee"].points, stats["Dee"].high) == (1, 1)
    assert stats["Eve"].points_per_hand is None and stats["Eve"].bids == ()


# --- the facts, read from matches recorded -------------------------------------------------

def _record(table: Table, record: dict[str, Any], level: str) -> None:
    table.add(commands.record_deal(table.state, table.game, record, level))


def _piquet_totals(table: Table, bill: int, ann: int) -> None:
    elder = table.state.next_deal["elder"] if table.state.next_deal else None
    scores = {"elder": bill, "younger": ann} if elder == "Bill" else \
        {"elder": ann, "younger": bill}
    _record(table, {"scores": scores}, "totals")


def test_a_partie_read_from_its_rulings() -> None:
    table = Table("piquet", ["Bill", "Ann"])
    assert table.state.next_deal is not None and table.state.next_deal["elder"] == "Bill"
    _record(table, {  # Bill, elder, scores a pique (Q7): 23 in hand, 11 in play, the cards
        "point": {"elder": "point of five, 49", "younger": "point of four"},
        "sequence": {"elder": "quint major", "younger": []},
        "sets": {"elder": ["three aces"], "younger": []},
        "tricks": {"elder": 9, "younger": 3}, "play": {"elder": 11, "younger": 4},
        "pique": "elder"}, "sheet")
    for _ in range(5):
        _piquet_totals(table, 41, 11)
    state = table.state
    assert state.outcome.finished
    facts = piquet_facts(state, ["id-bill", "id-ann"])
    assert facts.players == ("id-bill", "id-ann")
    assert facts.deals[0] == PiquetDeal((("id-bill", 74), ("id-ann", 4)), pique="id-bill")
    assert facts.deals[1].detailed is False and facts.deals[1].pique is None
    assert (facts.settled, facts.winner, facts.loser, facts.rubiconed) == (
        True, "id-bill", "id-ann", True)
    bill = piquet_statistics([facts])["id-bill"]
    assert (bill.won, bill.rubicons_given, bill.points, bill.piques) == (1, 1, 279, 1)
    assert match_facts(state) == piquet_facts(state, ["Bill", "Ann"])


def test_a_pitch_game_read_from_its_rulings() -> None:
    table = Table("pitch", ["Ann", "Bob", "Cid"])
    # Bob bids 3 and takes only High: set back (P6).
    _record(table, {"pitcher": 1, "bid": 3, "high": 1, "low": 0, "jack": 2, "game": 0},
            "sheet")
    _record(table, {"scores": [0, 2, 0], "pitcher": 1, "bid": 2}, "totals")
    facts = pitch_facts(table.state)
    assert isinstance(facts, PitchMatch)
    first, second = facts.hands
    assert first == PitchHand((("Ann",), ("Bob",), ("Cid",)), "Bob", 3, False, (2, -3, 1),
                              high=1, low=0, jack=2, game=0)
    assert second == PitchHand((("Ann",), ("Bob",), ("Cid",)), "Bob", 2, True, (0, 2, 0),
                               None, None, None, None, awards_known=False)
    bob = pitch_statistics([facts])["Bob"]
    assert bob.bids == (BidLine(2, 1, 0), BidLine(3, 0, 1)) and bob.points == -1
    with pytest.raises(ValueError):
        pitch_facts(table.state, ["one key"])
