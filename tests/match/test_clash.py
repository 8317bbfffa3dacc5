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
from tests.api.deals import (
    BOB_SET_BACK_TRICKS,
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_RECORD,
    Q10_TALON,
    Q10_TRICKS,
)

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



# ------------------------------------------------------------------------------- steps


def piquet_ready_to_play() -> Ledger:
    """Deal 1 of the Q10 deal card by card from Bill's phone: the hands, the exchange, Bill's
    declarations; next is Bill's first lead (Q4–Q6)."""
    ledger = Ledger("piquet", ["Bill", "Ann"])
    ledger.step("deal_started", "seat:Bill", dealt=Q10_DEALT, talon=Q10_TALON,
                at={"deal": 1})
    ledger.step("exchange", "seat:Bill", **Q10_EXCHANGE, at={"deal": 1})
    ledger.step("declaration", "seat:Bill", role="elder", **Q10_DECLARATIONS["elder"],
                at={"deal": 1})
    return ledger


def card_at(trick: int, position: int, deal: int = 1) -> dict[str, int]:
    return {"deal": deal, "trick": trick, "position": position}


def test_two_phones_tap_the_same_card_the_second_is_refused() -> None:
    """Bill's phone records his lead ♠K (trick 1, card 1); Ann's phone, which tapped it too,
    is refused with it (the same card by the same player: both phones agree); had Ann's
    phone tapped ♣A there, it would not be the same."""
    ledger = piquet_ready_to_play()
    assert ledger.state.next.at == card_at(1, 1)
    ledger.step("card", "seat:Bill", card="KS", at=card_at(1, 1))
    before = list(ledger.events)
    with pytest.raises(Clash) as clash:
        ledger.step("card", "seat:Ann", card="KS", at=card_at(1, 1))
    assert ledger.events == before
    assert clash.value.problem == "step-already-recorded"
    assert clash.value.details == {
        "at": card_at(1, 1), "same": True,
        "existing": {"type": "card", "player": "Bill", "card": "KS", "entered_by": "seat:Bill"},
    }
    with pytest.raises(Clash) as other:
        ledger.step("card", "seat:Ann", card="AC", at=card_at(1, 1))
    assert other.value.details["same"] is False
    assert other.value.details["existing"]["card"] == "KS"
    with pytest.raises(Clash) as named:  # the same card said to be Ann's: not the same step
        ledger.step("card", "seat:Ann", card="KS", player="Ann", at=card_at(1, 1))
    assert named.value.details["same"] is False


def test_a_card_ahead_or_for_another_deal_is_not_next() -> None:
    ledger = piquet_ready_to_play()
    ledger.step("card", card="KS", at=card_at(1, 1))
    for at in (card_at(2, 1), card_at(1, 3), card_at(1, 2, deal=2), card_at(1, 2, deal=0)):
        with pytest.raises(Clash) as clash:
            ledger.step("card", card="AS", at=at)
        assert clash.value.problem == "step-not-next", at
        assert clash.value.details == {"at": at, "next_at": card_at(1, 2)}
    with pytest.raises(Clash) as declaration:
        ledger.step("declaration", role="younger", **Q10_DECLARATIONS["younger"],
                    at={"deal": 2})
    assert declaration.value.details["next_at"] == {"deal": 1}
    ledger.step("card", card="AS", at=card_at(1, 2))
    assert ledger.state.next.at == card_at(2, 1)


def test_next_at_follows_the_q10_deal_card_by_card_into_deal_2() -> None:
    """Each card goes where next.at said; trick t, card p as played (Q6); after the last card
    the deal is scored (Bill 11, Ann 41) and next.at is deal 2's first lead."""
    ledger = piquet_ready_to_play()
    for t, trick in enumerate(Q10_TRICKS, 1):
        for p, card in enumerate(trick, 1):
            assert ledger.state.next.at == card_at(t, p)
            if (t, p) == (1, 2):
                ledger.step("declaration", "seat:Ann", role="younger",
                            **Q10_DECLARATIONS["younger"], at={"deal": 1})
            ledger.step("card", "seat:Bill" if p == 1 else "seat:Ann", card=card,
                        at=card_at(t, p))
    state = ledger.state
    assert state.deal(1) is not None and state.deal(1).scores == {"Bill": 11, "Ann": 41}
    assert state.next.at == card_at(1, 1, deal=2)
    assert state.next_deal == {"number": 2, "dealer": "Bill", "elder": "Ann",
                               "younger": "Bill"}
    # The other phone's last card (Ann's ♥9, trick 12, card 2) meets the deal scored.
    with pytest.raises(Clash) as clash:
        ledger.step("card", "seat:Bill", card="9H", at=card_at(12, 2))
    assert clash.value.details == {
        "at": card_at(12, 2), "same": True,
        "existing": {"type": "card", "player": "Ann", "card": "9H", "entered_by": "seat:Ann"},
    }
    with pytest.raises(Clash) as gone:  # a place deal 1 never had
        ledger.step("card", card="9H", at=card_at(13, 1))
    assert gone.value.problem == "step-not-next"
    assert gone.value.details["next_at"] == card_at(1, 1, deal=2)


def test_pitch_bids_clash_by_their_place_in_the_auction() -> None:
    """Ann deals; Bob bids first (P3): Bob 2 recorded; the other phone's "Bob 2" at bid 1 is
    the same, a 3 there is not; bid 3 while bid 2 is free is not next."""
    ledger = Ledger("pitch", ["Ann", "Bob", "Cid"])
    assert ledger.state.next.at == {"deal": 1, "bid": 1}
    ledger.step("bid", "seat:Bob", call=2, at={"deal": 1, "bid": 1})
    with pytest.raises(Clash) as same:
        ledger.step("bid", "seat:Cid", call=2, at={"deal": 1, "bid": 1})
    assert same.value.details == {
        "at": {"deal": 1, "bid": 1}, "same": True,
        "existing": {"type": "bid", "player": "Bob", "call": 2, "entered_by": "seat:Bob"}}
    with pytest.raises(Clash) as other:
        ledger.step("bid", call=3, at={"deal": 1, "bid": 1})
    assert other.value.details["same"] is False
    with pytest.raises(Clash) as ahead:
        ledger.step("bid", call="pass", at={"deal": 1, "bid": 3})
    assert ahead.value.problem == "step-not-next"
    assert ahead.value.details["next_at"] == {"deal": 1, "bid": 2}
    ledger.step("bid", call="pass", at={"deal": 1, "bid": 2})
    ledger.step("bid", call="pass", at={"deal": 1, "bid": 3})
    assert ledger.state.next.at == card_at(1, 1)


def test_pitch_cards_clash_and_next_at_runs_into_deal_2() -> None:
    """Bob pitches hearts for 2; Cid takes all four: Ann 0, Bob −2, Cid 4 (P6). A trick is
    three cards (P4); the second phone's ♥A (Cid, trick 1, card 2) meets the first's."""
    ledger = Ledger("pitch", ["Ann", "Bob", "Cid"])
    for call in (2, "pass", "pass"):
        ledger.step("bid", call=call)
    for t, trick in enumerate(BOB_SET_BACK_TRICKS, 1):
        for p, card in enumerate(trick, 1):
            assert ledger.state.next.at == card_at(t, p)
            ledger.step("card", "write token", card=card, at=card_at(t, p))
            if (t, p) == (1, 2):
                with pytest.raises(Clash) as clash:
                    ledger.step("card", card="AH", at=card_at(1, 2))
                assert clash.value.details["existing"] == {
                    "type": "card", "player": "Cid", "card": "AH",
                    "entered_by": "write token"}
    state = ledger.state
    assert state.deal(1) is not None and state.deal(1).scores == {"Ann": 0, "Bob": -2,
                                                                  "Cid": 4}
    assert state.next.at == {"deal": 2, "bid": 1}
    assert state.next_deal == {"number": 2, "dealer": "Bob"}


def test_without_at_steps_go_where_they_go_as_before() -> None:
    ledger = piquet_ready_to_play()
    ledger.step("card", card="KS")
    ledger.step("card", card="AS")
    assert ledger.state.current is not None
    assert ledger.state.current.record["tricks"] == [["KS", "AS"]]


def test_the_cards_of_an_earlier_deal_go_at_that_deal() -> None:
    """Deal 1 by score sheet, deal 2 too; the cards of deal 1 entered step by step (``deal``
    on the first step): their places are deal 1's, and a step placed in deal 3 (the next new
    deal) is not next while they are entered."""
    ledger = piquet_after_deal_1()
    ledger.deal(ANN_DEAL_2, "sheet", deal=2)
    with pytest.raises(Clash) as clash:
        ledger.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON, deal=1,
                    at={"deal": 3})
    assert clash.value.details == {"at": {"deal": 3}, "next_at": {"deal": 1}}
    ledger.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON, deal=1, at={"deal": 1})
    ledger.step("exchange", **Q10_EXCHANGE, at={"deal": 1})
    assert ledger.state.next.at == card_at(1, 1)
    ledger.step("card", card="KS", at=card_at(1, 1))
    with pytest.raises(Clash) as again:
        ledger.step("card", card="KS", at=card_at(1, 1))
    assert again.value.details["same"] is True
    with pytest.raises(Clash) as new_deal:
        ledger.step("card", card="AS", at=card_at(1, 2, deal=3))
    assert new_deal.value.details["next_at"] == card_at(1, 2)


def test_an_amended_deal_names_its_amender_for_every_card() -> None:
    """Deal 1 card by card from the seats, then amended whole from the shared phone: the
    card at trick 12, card 2 is the amendment's (entered by the write token)."""
    ledger = piquet_ready_to_play()
    for t, trick in enumerate(Q10_TRICKS, 1):
        for p, card in enumerate(trick, 1):
            if (t, p) == (1, 2):
                ledger.step("declaration", role="younger", **Q10_DECLARATIONS["younger"])
            ledger.step("card", "seat:Ann", card=card)
    ledger.add(commands.amend_deal(ledger.state, ledger.game, 1, Q10_RECORD, "as played",
                                   None, entered_by="write token"))
    with pytest.raises(Clash) as clash:
        ledger.step("card", "seat:Bill", card="9H", at=card_at(12, 2))
    assert clash.value.details["existing"]["entered_by"] == "write token"
