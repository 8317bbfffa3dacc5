"""The match layer's commands without Flask or a database (tests/match/table.py): every step
kind, whole deals at each entry level, undo, void, amend, confirm, dispute, the cards of an
earlier deal, seats — each decided on the state the events fold to, and that state checked
against a fresh replay of the events.

Piquet: Bill and Ann, Ann deals deal 1 (Bill elder), Bill deal 2 (Ann elder) (Q1); the Q10
deal of docs/rules/piquet.md scores Bill 11, Ann 41. Pitch: Ann, Bob, Cid; Ann deals deal 1,
Bob bids first (P2, P3); Bob pitches hearts for 2 and is set back: Ann 0, Bob -2, Cid 4 (P6).
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.match import commands
from referee.match.state import AlsoStep, MatchError
from referee.violations import RecordError
from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    BOB_SET_BACK_TRICKS,
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_RECORD,
    Q10_TALON,
    Q10_TRICKS,
    random_piquet_record,
)
from tests.match.table import Table

Q10_CARDS = [c for trick in Q10_TRICKS for c in trick]
PITCH_CARDS = [c for trick in BOB_SET_BACK_TRICKS for c in trick]
#: Deal 1 by score sheet (Q10): Bill (elder) 11, Ann (younger) 41.
Q10_SHEET: dict[str, Any] = {
    "point": {"elder": "point of five", "younger": "point of six"},
    "sequence": {"younger": "sixième"},
    "sets": {"elder": ["three aces"]},
    "tricks": {"elder": 5, "younger": 7},
    "play": {"elder": 8, "younger": 9},
}
PITCH_RECORD = {"hands": BOB_SET_BACK_HANDS, "bids": [2, "pass", "pass"],
                "tricks": BOB_SET_BACK_TRICKS}


def codes(caught: pytest.ExceptionInfo[Any]) -> list[str]:
    return [v.code for v in caught.value.violations]


def q10_by_steps(table: Table, by: str | None = None) -> list[Any]:
    """The Q10 deal step by step (Q5 order: Bill declares before his lead, Ann before her
    first card); the last card's events."""
    table.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON, by=by)
    table.step("exchange", by=by, **Q10_EXCHANGE)
    table.step("declaration", role="elder", by=by, **Q10_DECLARATIONS["elder"])
    table.step("card", card=Q10_CARDS[0], by=by)
    table.step("declaration", role="younger", by=by, **Q10_DECLARATIONS["younger"])
    return table.cards(Q10_CARDS[1:], by=by)


def assert_replays(table: Table) -> None:
    assert table.state == table.replayed()


# ------------------------------------------------------------------------------ the steps


def test_piquet_every_step_kind_and_the_deal_scored_by_its_last_card() -> None:
    table = Table()
    assert table.state.next.also == (
        AlsoStep("exchange"), AlsoStep("declaration", "elder", "Bill"),
        AlsoStep("declaration", "younger", "Ann"))
    [(kind, started)] = table.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    assert (kind, started["deal"], started["dealer"]) == ("deal_started", 1, 1)
    assert table.state.current is not None and table.state.current.record["dealt"] \
        == Q10_DEALT
    [(kind, _)] = table.step("exchange", **Q10_EXCHANGE)
    assert kind == "exchange"
    assert AlsoStep("exchange") not in table.state.next.also
    [(kind, declared)] = table.step("declaration", role="elder", **Q10_DECLARATIONS["elder"])
    assert (kind, declared["role"]) == ("declaration", "elder")
    [(kind, card)] = table.step("card", card="KS")
    assert (kind, card["card"]) == ("card", "KS")
    assert (table.state.next.player, table.state.next.role) == ("Ann", "younger")
    assert table.state.next.legal_cards == ("AS", "JS", "7S")  # Q6: Ann follows spades
    assert table.state.next.at == {"deal": 1, "trick": 1, "position": 2}
    table.step("declaration", role="younger", **Q10_DECLARATIONS["younger"])
    decided = table.cards(Q10_CARDS[1:])
    assert [k for k, _ in decided] == ["card", "deal_scored"]
    assert decided[-1][1]["scores"] == {"Bill": 11, "Ann": 41}
    state = table.state
    assert state.current is None and state.standings == {"Bill": 11, "Ann": 41}
    assert state.next_deal == {"number": 2, "dealer": "Bill", "elder": "Ann",
                               "younger": "Bill"}
    assert_replays(table)


def test_pitch_bids_and_cards_and_the_deal_passes_to_the_left() -> None:
    table = Table("pitch")
    table.step("deal_started", hands=BOB_SET_BACK_HANDS)
    assert (table.state.next.action, table.state.next.player) == ("bid", "Bob")
    table.step("bid", call=2)
    with pytest.raises(RecordError) as low:
        table.decide_step("bid", call=2, player="Cid")
    assert [(v.code, v.rule) for v in low.value.violations] == [("steal_by_non_dealer", "P3")]
    for call in ("pass", "pass"):
        table.step("bid", call=call)
    assert (table.state.next.action, table.state.next.player) == ("card", "Bob")
    decided = table.cards(PITCH_CARDS)
    assert decided[-1][1]["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    assert table.state.next_dealer == 1 and table.state.roles == {"dealer": "Bob"}
    assert table.state.next.player == "Cid"  # left of the dealer bids first (P3)
    assert_replays(table)


def test_a_step_the_rules_refuse_appends_nothing() -> None:
    table = Table()
    table.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    table.step("exchange", **Q10_EXCHANGE)
    table.step("card", card="KS")
    version = table.state.version
    with pytest.raises(RecordError) as revoke:
        table.step("card", card="KC")  # Ann holds spades (Q6)
    assert codes(revoke) == ["revoke"]
    assert table.state.version == version and table.state.current is not None


def test_out_of_turn_and_strangers_are_refused_without_anyway() -> None:
    table = Table("pitch")
    table.step("deal_started", hands=BOB_SET_BACK_HANDS)
    with pytest.raises(MatchError) as early:
        table.step("bid", call=2, player="Cid")
    assert codes(early) == ["out_of_turn"] and early.value.violations[0].rule == "P3"
    with pytest.raises(MatchError) as stranger:
        table.step("bid", call=2, player="Dan")
    assert codes(stranger) == ["not_a_player"]


def test_a_deal_cannot_start_while_another_is_played() -> None:
    table = Table()
    table.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    with pytest.raises(MatchError) as caught:
        table.step("deal_started")
    assert codes(caught) == ["deal_in_progress"]
    with pytest.raises(MatchError) as whole:
        table.deal(Q10_RECORD)
    assert codes(whole) == ["deal_in_progress"]


# ---------------------------------------------------------------------------- whole deals


def test_a_whole_deal_at_each_entry_level() -> None:
    table = Table()
    decided = table.deal(Q10_RECORD)
    assert [k for k, _ in decided] == ["deal_recorded", "deal_scored"]
    assert decided[1][1]["scores"] == {"Bill": 11, "Ann": 41}
    sheet = table.deal(Q10_SHEET, level="sheet", deal=2)  # deal 2: Ann is elder
    assert sheet[1][1]["scores"] == {"Ann": 11, "Bill": 41}
    totals = table.deal({"scores": {"elder": 30, "younger": 12}}, level="totals")
    assert totals[1][1]["scores"] == {"Bill": 30, "Ann": 12}  # deal 3: Bill is elder
    state = table.state
    assert [d.level for d in state.deals] == ["cards", "sheet", "totals"]
    assert state.standings == {"Bill": 82, "Ann": 64}
    assert [c.level for c in state.deal(2).claims] == ["sheet"]  # type: ignore[union-attr]
    with pytest.raises(RecordError):
        table.deal({"scores": {"elder": 0, "younger": 0}}, level="totals")
    assert_replays(table)


def test_a_partie_ends_and_refuses_more_deals() -> None:
    table = Table()
    seed = 0
    while not table.state.outcome.finished:
        table.deal(random_piquet_record(seed))
        seed += 1
    state = table.state
    assert state.next.action == "none" and state.next_deal is None
    assert len(state.live_deals) == state.outcome.deals_required
    with pytest.raises(MatchError) as over:
        table.deal(random_piquet_record(99))
    assert codes(over) == ["match_finished"] and over.value.violations[0].rule == "Q9"
    with pytest.raises(MatchError):
        table.step("deal_started")
    assert_replays(table)


# -------------------------------------------------------------------------- corrections


def test_undo_takes_back_a_card_and_its_score_then_the_deal_step_by_step() -> None:
    table = Table()
    q10_by_steps(table)
    assert table.state.standings == {"Bill": 11, "Ann": 41}
    [(kind, undo)] = table.undo()
    assert kind == "undo" and len(undo["voids"]) == 2  # the last card and its score
    state = table.state
    assert state.current is not None and state.standings == {"Bill": 0, "Ann": 0}
    assert state.next.at == {"deal": 1, "trick": 12, "position": 2}
    assert_replays(table)
    while table.state.last_undoable:
        table.undo()
    assert table.state.current is None and table.state.version == len(table.events)
    with pytest.raises(MatchError) as nothing:
        table.undo()
    assert codes(nothing) == ["nothing_to_undo"]
    assert_replays(table)


def test_undo_of_a_whole_deal_and_of_a_void_and_of_an_amendment() -> None:
    table = Table()
    table.deal(Q10_RECORD)
    table.deal(random_piquet_record(1))
    second = table.state.standings
    table.undo()
    assert len(table.state.deals) == 1 and table.state.next_number == 2
    table.deal(random_piquet_record(1))
    assert table.state.standings == second
    table.void(1)
    assert table.state.deal(1).status == "voided"  # type: ignore[union-attr]
    table.undo()
    assert table.state.deal(1).status == "live"  # type: ignore[union-attr]
    with pytest.raises(MatchError) as late:  # PT 70: deal 2 is dealt
        table.amend(1, random_piquet_record(5))
    assert codes(late) == ["amend_too_late"]
    scores = table.state.deal(2).scores  # type: ignore[union-attr]
    table.amend(2, random_piquet_record(5))
    assert table.state.deal(2).amended  # type: ignore[union-attr]
    table.undo()
    entry = table.state.deal(2)
    assert entry is not None and not entry.amended and entry.scores == scores
    assert_replays(table)


def test_void_keeps_the_deal_and_drops_its_points() -> None:
    table = Table()
    table.deal(Q10_RECORD)
    [(kind, voided)] = table.void(1, reason="cards miscounted")
    assert kind == "deal_voided" and voided["reason"] == "cards miscounted"
    state = table.state
    assert state.standings == {"Bill": 0, "Ann": 0} and state.live_deals == ()
    assert state.next_number == 2  # a voided deal keeps its number
    assert state.deal(1).corrections[0].kind == "deal_voided"  # type: ignore[union-attr]
    with pytest.raises(MatchError) as again:
        table.void(1)
    assert codes(again) == ["no_such_deal"]
    assert_replays(table)


def test_amend_rules_the_corrected_record_again() -> None:
    table = Table()
    table.deal(Q10_RECORD)
    other = random_piquet_record(3)
    decided = table.amend(1, other, reason="wrong talon")
    assert [k for k, _ in decided] == ["deal_amended", "deal_scored"]
    entry = table.state.deal(1)
    assert entry is not None and entry.amended and entry.record["talon"] == other["talon"]
    assert entry.scores == decided[1][1]["scores"]
    assert entry.corrections[0].reason == "wrong talon"
    with pytest.raises(RecordError):
        table.amend(1, {**Q10_RECORD, "tricks": [["KS", "KC"], *Q10_TRICKS[1:]]})
    with pytest.raises(MatchError) as missing:
        table.amend(4, Q10_RECORD)
    assert codes(missing) == ["no_such_deal"]
    assert_replays(table)


def test_a_correction_that_would_end_the_partie_earlier_is_refused() -> None:
    """Q9: a partie tied after six deals goes on; a correction that unties it would leave
    the seventh deal counted after the end. An amendment of deal 2 once deal 7 is dealt is
    refused before that, as too late (PT 70)."""
    table = Table()
    table.deal({"scores": {"elder": 10, "younger": 10}}, level="totals")
    for _ in range(5):
        table.deal({"scores": {"elder": 10, "younger": 10}}, level="totals")
    assert table.state.outcome.deals_required == 8
    table.deal({"scores": {"elder": 10, "younger": 10}}, level="totals")
    with pytest.raises(MatchError) as caught:
        table.amend(2, random_piquet_record(7))
    assert codes(caught) == ["amend_too_late"]


# ---------------------------------------------------------------- agreement: confirm, dispute


def test_auto_confirm_while_no_seat_has_joined() -> None:
    table = Table()
    table.deal(Q10_RECORD)
    assert table.state.deal(1).agreement == "provisional"  # type: ignore[union-attr]
    table.step("deal_started")  # the next deal starts: deal 1 confirms itself
    entry = table.state.deal(1)
    assert entry is not None and (entry.agreement, entry.agreed_by) == ("confirmed", "auto")
    assert_replays(table)


def test_confirm_and_dispute_by_the_other_side() -> None:
    table = Table()
    table.seats()
    table.join("Bill")
    table.join("Ann")
    assert table.join("Ann") == []  # once
    table.deal(Q10_RECORD, by="seat:Bill")
    assert commands.to_confirm(table.state, "seat:Ann") == (1,)
    assert commands.to_confirm(table.state, "seat:Bill") == ()
    with pytest.raises(MatchError) as own:
        table.confirm(1, "seat:Bill")
    assert codes(own) == ["not_the_other_side"]
    with pytest.raises(MatchError) as shared:
        table.confirm(1, "write token")
    assert codes(shared) == ["not_the_other_side"]
    table.step("deal_started")  # seats joined: no auto-confirm
    assert table.state.deal(1).agreement == "provisional"  # type: ignore[union-attr]
    table.undo("write token")
    [(kind, _)] = table.confirm(1, "seat:Ann")
    assert kind == "deal_confirmed"
    entry = table.state.deal(1)
    assert entry is not None and (entry.agreement, entry.agreed_by) == ("confirmed",
                                                                         "seat:Ann")
    with pytest.raises(MatchError) as twice:
        table.confirm(1, "seat:Ann")
    assert codes(twice) == ["not_provisional"]
    assert_replays(table)


def test_a_dispute_with_a_claim_then_the_cards_rule_it() -> None:
    table = Table(auto_confirm=False)
    table.deal(Q10_SHEET, level="sheet", by="write token")
    claim = {"totals": {"scores": {"elder": 20, "younger": 41}}}
    [(kind, disputed)] = table.dispute(1, "write token", "Bill had a quatorze", claim)
    assert kind == "deal_disputed"
    assert disputed["claim"]["scores"] == {"Bill": 20, "Ann": 41}
    state = table.state
    assert state.disputed == (1,) and state.deal(1).agreement == "disputed"  # type: ignore
    with pytest.raises(MatchError) as again:
        table.dispute(1, "write token")
    assert codes(again) == ["already_disputed"]
    decided = table.record_cards(1, Q10_RECORD, by="write token")
    assert [k for k, _ in decided] == ["deal_cards_recorded", "deal_scored"]
    entry = table.state.deal(1)
    assert entry is not None and (entry.agreement, entry.level) == ("ruled", "cards")
    assert entry.scores == {"Bill": 11, "Ann": 41}
    assert entry.superseded[0].level == "sheet" and entry.changes is not None
    assert [c.level for c in entry.claims] == ["sheet", "totals"]
    assert all(c.comparison is not None for c in entry.claims)
    with pytest.raises(MatchError) as ruled:
        table.dispute(1, "write token")
    assert codes(ruled) == ["already_ruled"]
    with pytest.raises(MatchError) as cards_again:
        table.record_cards(1, Q10_RECORD)
    assert codes(cards_again) == ["already_cards"]
    assert_replays(table)


def test_an_impossible_claim_is_refused() -> None:
    table = Table(auto_confirm=False)
    table.deal(Q10_RECORD)
    with pytest.raises(RecordError):
        table.dispute(1, "write token", claim={"totals": {"scores": {"elder": 0,
                                                                     "younger": 0}}})


def test_the_cards_of_a_disputed_deal_step_by_step() -> None:
    """docs/records.md, "reentry": steps with ``deal`` enter an earlier deal's cards; the
    last card rules the deal as a whole cards entry does."""
    table = Table(auto_confirm=False)
    table.deal(Q10_SHEET, level="sheet")
    table.dispute(1, "write token")
    table.step("deal_started", deal=1, dealt=Q10_DEALT, talon=Q10_TALON)
    state = table.state
    assert state.current is not None and state.current.reentry and state.current_undos == 1
    table.step("exchange", **Q10_EXCHANGE)
    table.step("declaration", role="elder", **Q10_DECLARATIONS["elder"])
    table.step("card", card=Q10_CARDS[0])
    table.step("declaration", role="younger", **Q10_DECLARATIONS["younger"])
    decided = table.cards(Q10_CARDS[1:])
    assert [k for k, _ in decided] == ["card", "deal_cards_recorded", "deal_scored"]
    entry = table.state.deal(1)
    assert entry is not None and entry.agreement == "ruled" and table.state.current is None
    assert_replays(table)


def test_provisional_result_names_who_confirms() -> None:
    table = Table(auto_confirm=False)
    while not table.state.outcome.finished:
        table.deal({"scores": {"elder": 30, "younger": 12}}, level="totals")
    result = commands.provisional_result(table.state)
    assert result is not None and result.deals == table.state.provisional
    assert result.message.startswith("Provisional until deals 1, 2")
    assert result.message.endswith("from the shared phone.")


# -------------------------------------------------------------------------------- seats


def test_seats_are_for_players_and_a_seat_undoes_only_its_own_entries() -> None:
    table = Table()
    with pytest.raises(MatchError) as stranger:
        table.seats("Cid")
    assert codes(stranger) == ["not_a_player"]
    table.seats()
    assert table.state.seats == ("Bill", "Ann") and table.state.joined == ()
    table.deal(Q10_RECORD, by="seat:Bill")  # a seat's first write takes it up
    assert table.state.joined == ("Bill",)
    with pytest.raises(MatchError) as theirs:
        table.undo("seat:Ann")
    assert codes(theirs) == ["not_your_entry"]
    table.undo("seat:Bill")
    assert table.state.deals == ()
    with pytest.raises(MatchError) as not_a_seat:
        table.add(commands.join_seat(table.state, "write token"))
    assert codes(not_a_seat) == ["not_a_seat"]
    assert_replays(table)
