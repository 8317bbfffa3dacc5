"""Properties of the movements (E4–E6) over generated nights: everyone seated exactly once,
everyone meets everyone once in a round robin, and the progressive movement's moves."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.events import (
    Round,
    add_round,
    check_in,
    fixed_round,
    leave,
    new_event,
    next_round,
    present,
    progressive_first,
    progressive_next,
    round_robin_round,
    round_robin_rounds,
    table_sizes,
    where,
)


def _winners(data: st.DataObject, last: Round) -> dict[int, set[str]]:
    """A result for every table: one side of a partnership table; at another table some
    players, not all, ahead."""
    winners = {}
    for table in last.tables:
        if table.partnership:
            side = data.draw(st.sampled_from(table.teams))
            winners[table.number] = {table.seats[i] for i in side}
        else:
            ahead = data.draw(st.sets(st.sampled_from(table.seats), min_size=1,
                                      max_size=len(table.seats) - 1))
            winners[table.number] = ahead
    return winners


@settings(max_examples=120, deadline=None)
@given(st.integers(2, 40), st.integers(1, 6), st.data())
def test_progressive_seats_every_present_player_exactly_once(start: int, rounds: int,
                                                             data: st.DataObject) -> None:
    event = new_event("Night", "pitch", "progressive")
    for i in range(start):
        event = check_in(event, f"P{i}")
    newcomers = iter(f"N{i}" for i in range(1000))
    winners: dict[int, set[str]] = {}
    for _ in range(rounds):
        made = next_round(event, winners)
        here = [e.player for e in present(event)]
        assert sorted(made.seated()) == sorted(here), "every present player once, no one else"
        assert made.byes == ()
        assert [len(t.seats) for t in made.tables] == [len(r) for r in table_sizes(len(here))]
        event = add_round(event, made)
        winners = _winners(data, made)
        for player in data.draw(st.lists(st.sampled_from(here), max_size=3, unique=True)):
            if len(present(event)) > 2:
                event = leave(event, player)
        for _ in range(data.draw(st.integers(0, 3))):
            event = check_in(event, next(newcomers))


@settings(max_examples=120, deadline=None)
@given(st.integers(2, 10), st.data())
def test_progressive_moves_winners_up_and_switches_partners(tables: int,
                                                            data: st.DataObject) -> None:
    """All tables of four, nobody coming or going: each table's winners move up one table
    (the head table's stay), its losers stay (the head table's go to the lowest), and
    partners switch everywhere but at the head table."""
    players = [f"P{i}" for i in range(4 * tables)]
    last = progressive_first(players)
    for _ in range(3):
        winners = _winners(data, last)
        made = progressive_next(last, winners, players)
        for table in last.tables:
            t = table.number
            for player in table.seats:
                now = where(made, player)
                assert now.table is not None
                if player in winners[t]:
                    assert now.table == max(t - 1, 1)
                else:
                    assert now.table == (tables if t == 1 else t)
                partner_before = where(last, player).partners
                if now.table == 1:
                    assert now.partners == partner_before
                else:
                    assert now.partners != partner_before
        last = made


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 24))
def test_round_robin_everyone_meets_everyone_once(count: int) -> None:
    players = [f"P{i}" for i in range(count)]
    met: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for number in range(1, round_robin_rounds(players) + 1):
        made = round_robin_round(players, number)
        assert sorted((*made.seated(), *made.byes)) == sorted(players)
        assert len(made.byes) == count % 2
        byes.update(made.byes)
        met.update(frozenset(t.seats) for t in made.tables)
    assert set(met) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(met.values()) == {1}
    assert set(byes.values()) <= {1} and len(byes) == count % 2 * count


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 21))
def test_fixed_partnerships_each_moving_team_meets_each_stationary_team_once(
        count: int) -> None:
    teams = [(f"A{i}", f"B{i}") for i in range(count)]
    tables = (count + 1) // 2
    met: Counter[tuple[tuple[str, ...], tuple[str, ...]]] = Counter()
    for number in range(1, tables + 1):
        made = fixed_round(teams, number)
        everyone = sorted(p for team in teams for p in team)
        assert sorted((*made.seated(), *made.byes)) == everyone
        assert len(made.byes) == 2 * (count % 2)
        met.update((t.team_of(t.seats[0]), t.team_of(t.seats[1])) for t in made.tables)
    stationary, moving = teams[:tables], teams[tables:]
    assert set(met) == {(s, m) for s in stationary for m in moving}
    assert set(met.values()) == {1}
