"""What the API shows of a match comes from its state, computed once in the fold
(referee/match/state.py) — the deal being recorded, the agreed standings, the running totals,
Piquet's elder and younger hand (Q1) — and what a step would do, from the match layer's dry
run (docs/rules/irregularities.md: the table sees the penalty before it records anyway).
"""

from __future__ import annotations

import pytest

from referee.match import commands
from referee.violations import InputError
from tests.api.deals import BOB_SET_BACK_HANDS, Q10_DEALT, Q10_EXCHANGE, Q10_RECORD, Q10_TALON
from tests.match.table import Table


def test_the_deal_number_is_the_deal_in_progress_or_the_next() -> None:
    table = Table()
    assert (table.state.deal_number, table.state.next_number) == (1, 1)
    table.deal(Q10_RECORD)
    assert table.state.deal_number == 2
    table.step("deal_started")
    assert (table.state.deal_number, table.state.next_number) == (2, 2)
    table.void(1)
    assert table.state.deal_number == 2  # a voided deal keeps its number
    assert table.state == table.replayed()


def test_agreed_standings_count_confirmed_and_ruled_deals_only() -> None:
    table = Table(auto_confirm=False)
    table.deal(Q10_RECORD)  # Bill 11, Ann 41
    table.deal({"scores": {"elder": 30, "younger": 12}}, level="totals")  # Ann 30, Bill 12
    assert table.state.agreed == {"Bill": 0, "Ann": 0}
    table.confirm(1)
    assert table.state.agreed == {"Bill": 11, "Ann": 41}
    table.dispute(2, "write token")
    assert table.state.agreed == {"Bill": 11, "Ann": 41}
    table.void(1)
    assert table.state.agreed == {"Bill": 0, "Ann": 0}
    assert table.state.standings == {"Bill": 12, "Ann": 30}
    assert table.state == table.replayed()


def test_running_totals_follow_every_deal_and_a_void_adds_nothing() -> None:
    table = Table()
    table.deal(Q10_RECORD)
    table.deal({"scores": {"elder": 30, "younger": 12}}, level="totals")
    table.deal({"scores": {"elder": 20, "younger": 5}}, level="totals")
    table.void(2)
    assert table.state.totals == ({"Bill": 11, "Ann": 41}, {"Bill": 11, "Ann": 41},
                                  {"Bill": 31, "Ann": 46})
    assert table.state.totals[-1] == table.state.standings


def test_roles_name_elder_and_younger_in_piquet_and_the_dealer_in_pitch() -> None:
    piquet = Table()
    assert piquet.state.roles == {"dealer": "Ann", "elder": "Bill", "younger": "Ann"}
    piquet.deal(Q10_RECORD)
    assert piquet.state.roles == {"dealer": "Bill", "elder": "Ann", "younger": "Bill"}
    assert Table("pitch").state.roles == {"dealer": "Ann"}


def test_a_dry_run_of_a_legal_step_says_what_it_appends() -> None:
    table = Table()
    table.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    dry = commands.dry_run(table.state, table.game, "exchange", Q10_EXCHANGE, None)
    assert dry.would_record and not dry.anyway and dry.violations == ()
    assert [k for k, _ in dry.events] == ["exchange"] and dry.scored is None
    assert "anyway" not in dry.as_dict()
    assert table.state.version == len(table.events) == 2


def test_a_dry_run_of_a_refused_step_says_what_recording_it_anyway_does() -> None:
    table = Table("pitch")
    table.step("deal_started", hands=BOB_SET_BACK_HANDS)
    dry = commands.dry_run(table.state, table.game, "bid", {"call": 2, "player": "Cid"}, None)
    assert not dry.would_record and dry.anyway
    assert dry.violations[0].code == "out_of_turn"
    assert (dry.irregularity, dry.penalty) == ("out_of_turn", "cancel")
    assert dry.as_dict()["anyway"] is True
    sent = commands.dry_run(table.state, table.game, "bid", {"call": 2, "player": "Cid"},
                            None, anyway=True)
    assert sent.would_record and not sent.anyway and sent.penalty == "cancel"
    assert sent.events == dry.events
    assert table.state.version == len(table.events) == 2


def test_a_dry_run_refused_even_anyway_and_a_slip_of_the_pen() -> None:
    table = Table()
    while not table.state.outcome.finished:
        table.deal({"scores": {"elder": 30, "younger": 12}}, level="totals")
    over = commands.dry_run(table.state, table.game, "deal_started", {}, None)
    assert not over.would_record and not over.anyway and over.events == ()
    assert over.violations[0].code == "match_finished"
    fresh = Table()
    fresh.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    with pytest.raises(InputError):
        commands.dry_run(fresh.state, fresh.game, "declaration",
                         {"role": "elder", "sets": ["three axes"]}, None)


@pytest.mark.parametrize("action", ["bid", "card", "score", "none"])
def test_the_next_step_placed_keeps_every_field_and_adds_its_place(action: str) -> None:
    """``next.at`` is added by building the Next anew (referee.match.state._placed, cheaper
    than dataclasses.replace): every other field is kept, a field added later included."""
    from dataclasses import fields, replace

    from referee.match.games import GAMES
    from referee.match.state import AlsoStep, Next, _placed

    values = {"action": action, "player": "Ann", "seat": 1, "role": "elder",
              "legal_calls": (2, "pass"), "legal_cards": ("AS",),
              "also": (AlsoStep("exchange"),), "at": {"deal": 9}}
    assert {f.name for f in fields(Next)} == set(values), "give a new field a value here"
    nxt = Next(**values)
    record = {"dealer": 0, "bids": [2], "tricks": [["AS"]]}
    game, players = GAMES["pitch"], ("Ann", "Bob", "Cid")
    place = game.next_place(record, players)
    expected = {"bid": replace(nxt, at={"deal": 3, "bid": place["bid"]}),
                "card": replace(nxt, at={"deal": 3, "trick": place["trick"],
                                         "position": place["position"]})}.get(action, nxt)
    assert _placed(nxt, game, 3, record, players) == expected
