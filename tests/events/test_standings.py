"""E8: standings by the event's rule, with the tie-breaks written out."""

from __future__ import annotations

from decimal import Decimal

import pytest

from referee.events import EventError, GameResult, standings, team_standings


def _game(round_: int, table: int, points: dict[str, int], winners: str,
          money: dict[str, str] | None = None) -> GameResult:
    return GameResult(round_, table, points, frozenset(winners.split()),
                      {k: Decimal(v) for k, v in (money or {}).items()})


#: Two games of one table, partners switched between them (E4).
NIGHT = [
    _game(1, 1, {"Ann": 11, "Cy": 11, "Bill": 6, "Di": 6}, "Ann Cy"),
    _game(2, 1, {"Ann": 7, "Bill": 7, "Cy": 11, "Di": 11}, "Cy Di"),
]


def test_total_points_then_games_won_then_the_best_game() -> None:
    lines = standings(NIGHT, "points")
    # Cy 11 + 11 = 22 (2 won), Ann 11 + 7 = 18, Di 6 + 11 = 17, Bill 6 + 7 = 13.
    assert [(s.place, s.player, s.points, s.won, s.games) for s in lines] == [
        (1, "Cy", 22, 2, 2), (2, "Ann", 18, 1, 2), (3, "Di", 17, 1, 2), (4, "Bill", 13, 0, 2)]


def test_points_tied_games_won_decides_then_the_best_game() -> None:
    games = [_game(1, 1, {"Ann": 11, "Bill": 5}, "Ann"),
             _game(2, 1, {"Ann": 3, "Bill": 9}, "Bill"),
             _game(1, 2, {"Cy": 14, "Di": 2}, "Cy"),
             _game(2, 2, {"Cy": 0, "Di": 11}, "Di"),
             _game(1, 3, {"Eve": 7, "Fay": 11}, "Fay"),
             _game(2, 3, {"Eve": 7, "Fay": 3}, "")]
    lines = standings(games, "points")
    # Everyone but Di has 14 points. Eve won no game; of the others Cy's best game (14) beats
    # Ann's and Fay's (11), which beat Bill's (9); Ann and Fay are tied on every figure.
    assert [(s.place, s.shared, s.player, s.points, s.won, s.best) for s in lines] == [
        (1, False, "Cy", 14, 1, 14), (2, True, "Ann", 14, 1, 11), (2, True, "Fay", 14, 1, 11),
        (4, False, "Bill", 14, 1, 9), (5, False, "Eve", 14, 0, 7), (6, False, "Di", 13, 1, 11)]


def test_tied_on_every_figure_share_the_place_listed_by_name() -> None:
    games = [_game(1, 1, {"bob": 11, "Al": 11, "Cy": 4, "Di": 4}, "bob Al")]
    lines = standings(games, "points", players=["Eve"])
    assert [(s.place, s.shared, s.player) for s in lines] == [
        (1, True, "Al"), (1, True, "bob"), (3, True, "Cy"), (3, True, "Di"), (5, False, "Eve")]
    assert lines[-1].games == 0


def test_games_won_then_points() -> None:
    games = [_game(1, 1, {"Ann": 11, "Bill": 10}, "Ann"),
             _game(2, 1, {"Ann": 2, "Bill": 11}, "Bill"),
             _game(3, 1, {"Cy": 11, "Di": 0}, "Cy"),
             _game(4, 1, {"Cy": 4, "Di": 11}, "Di")]
    lines = standings(games, "games")
    # Everyone but nobody with two wins: Bill 21, Cy 15, Ann 13, Di 11 (one win each).
    assert [(s.place, s.player) for s in lines] == [(1, "Bill"), (2, "Cy"), (3, "Ann"),
                                                    (4, "Di")]


def test_money_then_parties_won() -> None:
    games = [_game(1, 1, {"Ann": 120, "Bill": 99}, "Ann", {"Ann": "3.19", "Bill": "-3.19"}),
             _game(1, 2, {"Cy": 130, "Di": 110}, "Cy", {"Cy": "1.20", "Di": "-1.20"}),
             _game(2, 1, {"Bill": 140, "Cy": 100}, "Bill", {"Bill": "1.40", "Cy": "-1.40"})]
    lines = standings(games, "money")
    assert [(s.player, s.money) for s in lines] == [
        ("Ann", Decimal("3.19")), ("Cy", Decimal("-0.20")), ("Di", Decimal("-1.20")),
        ("Bill", Decimal("-1.79"))]


def test_team_standings_count_the_sides_points_once() -> None:
    games = [_game(1, 1, {"Ann": 11, "Cy": 11, "Bill": 6, "Di": 6}, "Ann Cy"),
             _game(1, 2, {"Eve": 3, "Gus": 3, "Fay": 11, "Hal": 11}, "Fay Hal"),
             _game(2, 1, {"Ann": 7, "Cy": 7, "Fay": 11, "Hal": 11}, "Fay Hal"),
             _game(2, 2, {"Eve": 11, "Gus": 11, "Bill": 2, "Di": 2}, "Eve Gus")]
    teams = [("Ann", "Cy"), ("Bill", "Di"), ("Eve", "Gus"), ("Fay", "Hal")]
    lines = team_standings(games, teams, "points")
    # Partners carry the side's points: Fay & Hal 22, Ann & Cy 18, Eve & Gus 14, Bill & Di 8.
    assert [(s.place, s.player, s.points, s.won) for s in lines] == [
        (1, "Fay & Hal", 22, 2), (2, "Ann & Cy", 18, 1), (3, "Eve & Gus", 14, 1),
        (4, "Bill & Di", 8, 0)]


def test_an_unknown_rule_is_refused() -> None:
    with pytest.raises(EventError) as refused:
        standings(NIGHT, "rubbers")  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.section) == ("unknown_rule", "E8")


def test_a_game_ended_as_it_stands_is_won_by_the_side_ahead_or_last_ahead() -> None:
    """E11: the side ahead now; level at the top, the one of them last ahead alone (deal by
    deal back; a side level at the top now but behind earlier is not passed over by a side
    below the top); never ahead, the first in seat order."""
    from referee.events import leader

    assert leader([{"A": 2, "B": 5}], ["A", "B"]) == "B"
    assert leader([{"A": 0, "B": 3}, {"A": 3, "B": 3}], ["A", "B"]) == "B"
    assert leader([{"A": 3, "B": 0}, {"A": 3, "B": 3}], ["A", "B"]) == "A"
    assert leader([{"A": 2, "B": 2}, {"A": 4, "B": 4}], ["B", "A"]) == "B"
    assert leader([], ["B", "A"]) == "B"
    # Three players: Cy was ahead earlier but is not level at the top now.
    running = [{"Ann": 0, "Bob": 1, "Cy": 5}, {"Ann": 6, "Bob": 6, "Cy": 5}]
    assert leader(running, ["Ann", "Bob", "Cy"]) == "Bob"
