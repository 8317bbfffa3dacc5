"""The last deal of a match, when no next deal will start to confirm it (Q9, P7; the agreement
of deals in README "Agreement"): with ``auto_confirm`` in effect it confirms itself as the
match ends ("auto"); with it off it waits for the other side, and the result says it is
provisional and who confirms it. The match layer alone, no HTTP.

The Piquet partie between Bill and Ann (Ann deals deal 1, Bill is elder), entered as totals:
odd deals elder 30, younger 12; even deals elder 11, younger 41. Bill is elder in the odd
deals and younger in the even ones: Bill 3 × 30 + 3 × 41 = 213, Ann 3 × 12 + 3 × 11 = 69,
rubiconed: she pays 213 + 69 + 100 = 382 points.
"""

from __future__ import annotations

from typing import Any

from referee.match import commands
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import MatchState, replay
from tests.api.deals import random_piquet_record

WRITE = "write token"
TOTALS = [{"scores": {"elder": 30, "younger": 12}}, {"scores": {"elder": 11, "younger": 41}}]


class Ledger:
    """A match's events, written by the commands as the API writes them."""

    def __init__(self, game: str, players: list[str], **options: Any) -> None:
        self.game = GAMES[game]
        self.events: list[Event] = []
        self.add(commands.create(self.game, players, options))

    @property
    def state(self) -> MatchState:
        return replay(self.events, GAMES)

    def add(self, decided: list[tuple[str, dict[str, Any]]]) -> MatchState:
        for kind, payload in decided:
            self.events.append(Event(len(self.events) + 1, kind, payload))
        return self.state

    def totals(self, record: dict[str, Any], by: str = WRITE) -> MatchState:
        return self.add(commands.record_deal(self.state, self.game, record, "totals", by))

    def seats(self, *players: str) -> MatchState:
        self.add(commands.issue_seats(self.state, players))
        for player in players:
            self.add(commands.join_seat(self.state, f"seat:{player}"))
        return self.state


def provisional_json(state: MatchState) -> dict[str, Any] | None:
    """:func:`commands.provisional_result` as the API answers it (its JSON), or None."""
    found = commands.provisional_result(state)
    return None if found is None else found.as_dict()


def partie(table: Ledger, by: str = WRITE, deals: int = 6) -> MatchState:
    for number in range(1, deals + 1):
        table.totals(TOTALS[(number - 1) % 2], by)
    return table.state


def agreement(state: MatchState) -> list[tuple[int, str, str | None]]:
    return [(d.number, d.agreement, d.agreed_by) for d in state.deals]


def test_one_phone_for_everyone_the_deal_that_ends_the_partie_confirms_itself() -> None:
    table = Ledger("piquet", ["Bill", "Ann"], stake="0.10")
    before_last = partie(table, deals=5)
    assert before_last.outcome.finished is False
    assert before_last.deal(5).agreement == "provisional"  # deal 6 will confirm it
    state = partie(Ledger("piquet", ["Bill", "Ann"], stake="0.10"))
    assert state.outcome.finished and state.standings == {"Bill": 213, "Ann": 69}
    assert agreement(state) == [(n, "confirmed", "auto") for n in range(1, 7)]
    settlement = state.outcome.settlement
    assert settlement is not None
    assert (settlement.settlement.payment, settlement.provisional,
            settlement.provisional_deals) == (382, False, ())
    assert provisional_json(state) is None
    assert commands.to_confirm(state, WRITE) == ()  # nothing waits for the shared phone


def test_the_shared_phone_has_nothing_to_confirm_while_deals_confirm_themselves() -> None:
    table = Ledger("piquet", ["Bill", "Ann"])
    state = table.totals(TOTALS[0])
    assert state.provisional == (1,) and commands.to_confirm(state, WRITE) == ()
    # It may still confirm a deal early.
    confirmed = table.add(commands.confirm(state, 1, WRITE))
    assert agreement(confirmed) == [(1, "confirmed", WRITE)]


def test_auto_confirm_off_on_one_phone_the_result_is_provisional_until_it_confirms() -> None:
    table = Ledger("piquet", ["Bill", "Ann"], stake="0.10", auto_confirm=False)
    state = partie(table)
    assert state.outcome.finished and state.provisional == (1, 2, 3, 4, 5, 6)
    settlement = state.outcome.settlement
    assert settlement is not None
    assert (settlement.provisional, settlement.provisional_deals) == (
        True, (1, 2, 3, 4, 5, 6))
    assert commands.to_confirm(state, WRITE) == (1, 2, 3, 4, 5, 6)
    result = provisional_json(state)
    assert result == {
        "deals": [1, 2, 3, 4, 5, 6],
        "confirm": [{"deal": n, "by": [WRITE]} for n in range(1, 7)],
        "message": "Provisional until deals 1, 2, 3, 4, 5 and 6 are confirmed, from the "
                   "shared phone.",
    }
    for number in range(1, 7):
        state = table.add(commands.confirm(state, number, WRITE))
    assert provisional_json(state) is None
    assert state.outcome.settlement is not None
    assert state.outcome.settlement.provisional is False


def test_seats_joined_the_other_side_confirms_the_last_deal() -> None:
    table = Ledger("piquet", ["Bill", "Ann"], stake="0.10")
    table.seats("Bill", "Ann")
    state = partie(table, by="seat:Bill")
    assert state.provisional == (1, 2, 3, 4, 5, 6)  # seats joined: no auto-confirm
    for number in range(1, 6):
        state = table.add(commands.confirm(state, number, "seat:Ann"))
    assert commands.to_confirm(state, "seat:Ann") == (6,)
    assert commands.to_confirm(state, "seat:Bill") == ()
    assert commands.to_confirm(state, WRITE) == ()
    assert state.outcome.settlement is not None
    assert state.outcome.settlement.provisional_deals == (6,)
    assert provisional_json(state) == {
        "deals": [6], "confirm": [{"deal": 6, "by": ["seat:Ann"]}],
        "message": "Provisional until deal 6 is confirmed, from Ann's phone.",
    }
    state = table.add(commands.confirm(state, 6, "seat:Ann"))
    assert provisional_json(state) is None
    assert state.outcome.settlement is not None
    assert state.outcome.settlement.provisional is False


def test_each_deal_names_the_phones_that_confirm_it() -> None:
    table = Ledger("piquet", ["Bill", "Ann"])
    table.seats("Bill", "Ann")
    for number in range(1, 7):
        table.totals(TOTALS[(number - 1) % 2], "seat:Ann" if number == 6 else "seat:Bill")
    state = table.state
    for number in range(1, 5):
        state = table.add(commands.confirm(state, number, "seat:Ann"))
    result = provisional_json(state)
    assert result is not None
    assert result["confirm"] == [{"deal": 5, "by": ["seat:Ann"]},
                                 {"deal": 6, "by": ["seat:Bill"]}]
    assert result["message"] == ("Provisional until deals 5 and 6 are confirmed: deal 5 from "
                                 "Ann's phone, deal 6 from Bill's phone.")


def test_auto_confirm_true_with_seats_the_last_deal_confirms_itself_too() -> None:
    table = Ledger("piquet", ["Bill", "Ann"], auto_confirm=True)
    table.seats("Bill", "Ann")
    state = partie(table, by="seat:Bill")
    assert agreement(state)[-1] == (6, "confirmed", "auto")
    assert provisional_json(state) is None


def test_the_end_is_decided_when_the_match_ends_not_by_a_seat_joining_later() -> None:
    """Like the confirmation as a deal starts, the one as the match ends follows from the
    seats joined then: a seat taken up afterwards changes nothing."""
    table = Ledger("piquet", ["Bill", "Ann"])
    partie(table)
    state = table.seats("Ann")
    assert state.auto_confirm is False
    assert agreement(state)[-1] == (6, "confirmed", "auto")


def test_a_deal_amended_after_the_end_confirms_itself_again_on_one_phone() -> None:
    table = Ledger("piquet", ["Bill", "Ann"])
    state = partie(table)
    state = table.add(commands.amend_deal(state, table.game, 6, random_piquet_record(6),
                                          "written from the cards", None, WRITE))
    assert state.outcome.finished and state.deal(6).amended
    assert agreement(state)[-1] == (6, "confirmed", "auto")


# ------------------------------------------------------------------------------------ Pitch


def test_the_last_pitch_hand_on_one_phone_confirms_itself_and_the_winner_is_final() -> None:
    """To 7, three players (Ann deals hand 1): Cid pitches 4 and makes all four points in
    hands 1 and 2 (P4, P6): 8, at or past 7, the pitcher wins (P7)."""
    table = Ledger("pitch", ["Ann", "Bob", "Cid"], target=7)
    hand = {"scores": [0, 0, 4], "pitcher": 2, "bid": 4}
    table.totals(hand)
    state = table.totals(hand)
    assert state.outcome.finished and state.outcome.winner == "Cid"
    assert agreement(state) == [(1, "confirmed", "auto"), (2, "confirmed", "auto")]
    assert provisional_json(state) is None


def test_the_last_pitch_hand_with_seats_is_provisional_until_another_player_confirms() -> None:
    table = Ledger("pitch", ["Ann", "Bob", "Cid"], target=7)
    table.seats("Ann", "Bob", "Cid")
    hand = {"scores": [0, 0, 4], "pitcher": 2, "bid": 4}
    table.totals(hand, "seat:Cid")
    state = table.totals(hand, "seat:Cid")
    state = table.add(commands.confirm(state, 1, "seat:Ann"))
    assert state.outcome.winner == "Cid"
    assert provisional_json(state) == {
        "deals": [2], "confirm": [{"deal": 2, "by": ["seat:Ann", "seat:Bob"]}],
        "message": "Provisional until hand 2 is confirmed, from Ann's phone or Bob's phone.",
    }


def test_when_no_phone_may_confirm_yet_the_result_says_a_seat_is_needed() -> None:
    """Only Bill has a seat (joined): the shared phone no longer confirms, and Ann has no
    phone of her own yet."""
    table = Ledger("piquet", ["Bill", "Ann"])
    table.seats("Bill")
    state = partie(table, by="seat:Bill")
    result = provisional_json(state)
    assert result is not None
    assert all(way["by"] == [] for way in result["confirm"])
    assert result["message"] == (
        "Provisional until deals 1, 2, 3, 4, 5 and 6 are confirmed, from the phone of a "
        "player of the other side, once given a seat.")
