"""Two phones, one deal: an entry or a step says where it belongs, and the match refuses it
(:class:`~referee.match.state.Clash`, nothing decided) when that place is already filled or
is not the next one — never recorded as the next deal with its roles read for that deal's
players. Pure: the match's state is folded from events, no HTTP, no database.

Piquet: Bill and Ann, Ann deals deal 1 (Bill elder), Bill deal 2 (Ann elder), Ann deal 3
(Bill elder) (Q1). Pitch: Ann, Bob, Cid; Ann deals deal 1, Bob bids first (P2, P3).
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.match import commands
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Clash, MatchState, replay
from tests.api.deals import Q10_RECORD, Q10_TRICKS

#: Deal 1 by score sheet (Q10): Bill (elder) 11, Ann (younger) 41.
Q10_SHEET: dict[str, Any] = {
    "point": {"elder": "point of five", "younger": "point of six"},
    "sequence": {"younger": "sixième"},
    "sets": {"elder": ["three aces"]},
    "tricks": {"elder": 5, "younger": 7},
    "play": {"elder": 8, "younger": 9},
}
#: Deal 2 as Ann's phone wrote it: Ann (elder) point of four, tierce and three kings good,
#: 7 tricks, 8 in play: 4 + 3 + 3 + 8 + 10 (the cards, Q7) = 28; Bill (younger) 6 in play.
ANN_DEAL_2 = {
    "point": {"elder": "point of four"},
    "sequence": {"elder": "tierce"},
    "sets": {"elder": ["three kings"]},
    "tricks": {"elder": 7, "younger": 5},
    "play": {"elder": 8, "younger": 6},
}
#: The same line mapped by player onto deal 3, where Ann is younger: Ann 28, Bill 6.
ANN_AS_DEAL_3 = {
    "point": {"younger": "point of four"},
    "sequence": {"younger": "tierce"},
    "sets": {"younger": ["three kings"]},
    "tricks": {"elder": 5, "younger": 7},
    "play": {"elder": 6, "younger": 8},
}


class Ledger:
    """A match's events, each command's decision appended as the store would append it."""

    def __init__(self, game: str, players: list[str], **options: Any) -> None:
        self.game = GAMES[game]
        created = commands.create(self.game, players, options)
        self.events = [Event(1, kind, payload) for kind, payload in created]

    @property
    def state(self) -> MatchState:
        return replay(self.events, GAMES)

    def add(self, decided: list[tuple[str, dict[str, Any]]]) -> None:
        start = len(self.events) + 1
        self.events += [Event(start + k, kind, payload) for k, (kind, payload)
                        in enumerate(decided)]

    def deal(self, record: dict[str, Any], level: str = "cards", by: str | None = None,
             deal: int | None = None) -> None:
        self.add(commands.record_deal(self.state, self.game, record, level, by, deal=deal))

    def step(self, kind: str, by: str | None = None, **payload: Any) -> None:
        self.add(commands.step(self.state, self.game, kind, payload, None, entered_by=by))


def piquet_after_deal_1() -> Ledger:
    ledger = Ledger("piquet", ["Bill", "Ann"])
    ledger.deal(Q10_SHEET, "sheet", "seat:Bill", deal=1)
    return ledger


# ------------------------------------------------------------------------- whole deals


def test_a_second_entry_for_deal_2_is_refused_with_the_first_by_name() -> None:
    """Bill's phone records deal 2; Ann's, written for deal 2 too, is refused: nothing is
    decided, and the clash says what deal 2 holds by player name."""
    ledger = piquet_after_deal_1()
    ledger.deal(ANN_DEAL_2, "sheet", "seat:Bill", deal=2)
    before = list(ledger.events)
    with pytest.raises(Clash) as clash:
        ledger.deal(ANN_DEAL_2, "sheet", "seat:Ann", deal=2)
    assert ledger.events == before
    assert clash.value.problem == "deal-already-recorded"
    assert clash.value.state.version == before[-1].seq
    existing = clash.value.details["existing"]
    assert clash.value.details["deal"] == 2
    assert existing == {
        "deal": 2, "level": "sheet", "dealer": "Bill", "elder": "Ann", "younger": "Bill",
        "entered_by": "seat:Bill", "agreement": existing["agreement"],
        "scores": {"Bill": 6, "Ann": 28}, "entry": {"sheet": ANN_DEAL_2},
    }
    state = ledger.state
    assert [d.number for d in state.deals] == [1, 2]
    assert state.standings == {"Bill": 11 + 6, "Ann": 41 + 28}


def test_an_entry_beyond_the_next_deal_or_below_1_is_refused() -> None:
    ledger = piquet_after_deal_1()
    for number in (3, 7, 0, -1):
        with pytest.raises(Clash) as clash:
            ledger.deal(ANN_DEAL_2, "sheet", deal=number)
        assert clash.value.problem == "deal-not-next"
        assert clash.value.details == {"deal": number, "next_deal": 2}
    assert len(ledger.state.deals) == 1


def test_a_voided_deal_is_not_next_either() -> None:
    """Deal 2 voided: an entry written for deal 2 is not the next deal (deal 3 is)."""
    ledger = piquet_after_deal_1()
    ledger.deal(ANN_DEAL_2, "sheet", deal=2)
    ledger.add(commands.void_deal(ledger.state, 2, "dealt twice", None))
    with pytest.raises(Clash) as clash:
        ledger.deal(ANN_DEAL_2, "sheet", deal=2)
    assert clash.value.problem == "deal-not-next"
    assert clash.value.details["next_deal"] == 3


def test_without_a_deal_number_the_entry_is_the_next_deal_as_before() -> None:
    ledger = piquet_after_deal_1()
    ledger.deal(ANN_DEAL_2, "sheet")
    ledger.deal(ANN_AS_DEAL_3, "sheet")
    assert [d.scores for d in ledger.state.deals] == [
        {"Bill": 11, "Ann": 41}, {"Ann": 28, "Bill": 6}, {"Bill": 6, "Ann": 28}]


def test_another_deal_is_recorded_as_deal_3_with_its_roles() -> None:
    """The line Ann's phone wrote for deal 2, recorded on purpose as deal 3 with its roles
    mapped by player (Ann is younger in deal 3): Ann 28, Bill 6 — not swapped."""
    ledger = piquet_after_deal_1()
    ledger.deal(ANN_DEAL_2, "sheet", "seat:Bill", deal=2)
    assert ledger.state.next_deal == {"number": 3, "dealer": "Ann", "elder": "Bill",
                                      "younger": "Ann"}
    ledger.deal(ANN_AS_DEAL_3, "sheet", "seat:Ann", deal=3)
    deal_3 = ledger.state.deal(3)
    assert deal_3 is not None and deal_3.scores == {"Bill": 6, "Ann": 28}


def test_a_deal_superseded_by_its_cards_is_still_recorded() -> None:
    """Deal 1 entered as a sheet, then its cards: an entry for deal 1 meets the cards."""
    ledger = piquet_after_deal_1()
    ledger.add(commands.record_cards(ledger.state, ledger.game, 1, Q10_RECORD, "seat:Ann"))
    with pytest.raises(Clash) as clash:
        ledger.deal(Q10_SHEET, "sheet", deal=1)
    existing = clash.value.details["existing"]
    assert (existing["level"], existing["agreement"]) == ("cards", "ruled")
    assert existing["scores"] == {"Bill": 11, "Ann": 41}
    assert existing["entry"]["tricks"] == Q10_TRICKS


def test_a_clash_on_the_last_deal_of_a_finished_partie_is_still_a_clash() -> None:
    """Six deals make the partie (Q9): the other phone's deal 6 meets deal 6, not 'the match
    is over'."""
    ledger = Ledger("piquet", ["Bill", "Ann"])
    bill_30 = [{"scores": {"elder": 30, "younger": 12}}, {"scores": {"elder": 12, "younger": 30}}]
    for number in range(1, 7):
        ledger.deal(bill_30[(number - 1) % 2], "totals", deal=number)
    assert ledger.state.outcome.finished and ledger.state.next_deal is None
    with pytest.raises(Clash) as clash:
        ledger.deal(bill_30[1], "totals", deal=6)
    assert clash.value.problem == "deal-already-recorded"


def test_pitch_next_deal_names_the_dealer() -> None:
    ledger = Ledger("pitch", ["Ann", "Bob", "Cid"])
    assert ledger.state.next_deal == {"number": 1, "dealer": "Ann"}
    ledger.deal({"scores": [0, -2, 4], "pitcher": 1, "bid": 2}, "totals", deal=1)
    assert ledger.state.next_deal == {"number": 2, "dealer": "Bob"}
    with pytest.raises(Clash) as clash:
        ledger.deal({"scores": [0, -2, 4], "pitcher": 1, "bid": 2}, "totals", deal=1)
    assert clash.value.details["existing"]["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    assert clash.value.details["existing"]["dealer"] == "Ann"

