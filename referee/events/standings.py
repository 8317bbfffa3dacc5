"""Standings over an event (docs/events.md E8).

The figures of each game (points, who won, money) are the match's facts, read from its totals
and settlement by the caller and handed in as :class:`GameResult`; this module only adds them
up and ranks them by the event's rule, with the tie-breaks of E8.

>>> points = {"Ann": 11, "Bill": 11, "Cy": 4, "Di": 4}
>>> games = [GameResult(1, 1, points, frozenset({"Ann", "Bill"}))]
>>> [(s.place, s.player, s.points) for s in standings(games, "points")]
[(1, 'Ann', 11), (1, 'Bill', 11), (3, 'Cy', 4), (3, 'Di', 4)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from referee.events.model import Rule, refusal

__all__ = ["GameResult", "Standing", "leader", "standings", "team_standings"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of the event (E8), as its match scored it.

    ``round`` and ``table``: where it was played; ``points``: each player's points in the game
    (at a partnership table each partner carries the side's points, P1); ``winners``: who won
    it (P7; a Piquet partie's winner, Q9; empty when drawn); ``money``: each player's gain
    (positive) or loss (negative) in the event's currency (a Piquet partie's settlement at its
    stake, Q9; empty when not played for money).
    """

    round: int
    table: int
    points: Mapping[str, int]
    winners: frozenset[str]
    money: Mapping[str, Decimal] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings (E8).

    ``player``: a name (for :func:`team_standings`, the partners joined by `` & ``);
    ``place``: 1 for the first; players tied on every tie-break share a place, and the next
    place counts them all (1, 1, 3); ``shared``: the place is shared; ``points``: total points;
    ``games``: games played; ``won``: games won; ``best``: the most points in one game;
    ``money``: the net gain (negative: a loss).
    """

    player: str
    place: int
    shared: bool
    points: int
    games: int
    won: int
    best: int
    money: Decimal


@dataclass(slots=True)
class _Tally:
    points: int = 0
    games: int = 0
    won: int = 0
    best: int = 0
    money: Decimal = field(default_factory=Decimal)


def _key(tally: _Tally, rule: Rule) -> tuple[Decimal | int, ...]:
    """E8: what ranks a line, most important first: points (then games won, then the best
    game), games won (then points, then the best game), money (then games won, then points)."""
    if rule == "points":
        return (tally.points, tally.won, tally.best)
    if rule == "games":
        return (tally.won, tally.points, tally.best)
    return (tally.money, tally.won, tally.points)


def _rank(tallies: Mapping[str, _Tally], rule: Rule,
          names: Mapping[str, str] | None = None) -> tuple[Standing, ...]:
    if rule not in ("points", "games", "money"):
        raise refusal("unknown_rule", rule=rule)
    shown = names or {}

    def listed(key: str) -> tuple[str, str]:
        name = shown.get(key, key)
        return (name.casefold(), key)

    order = sorted(tallies, key=listed)
    keys = {name: _key(tallies[name], rule) for name in order}
    order.sort(key=keys.__getitem__, reverse=True)
    lines: list[Standing] = []
    start = 0
    while start < len(order):  # one group of equal keys at a time: they share the place
        end = start + 1
        while end < len(order) and keys[order[end]] == keys[order[start]]:
            end += 1
        for name in order[start:end]:
            t = tallies[name]
            lines.append(Standing(name, start + 1, end - start > 1, t.points, t.games, t.won,
                                  t.best, t.money))
        start = end
    return tuple(lines)


def standings(results: Iterable[GameResult], rule: Rule,
              players: Sequence[str] = (), names: Mapping[str, str] | None = None
              ) -> tuple[Standing, ...]:
    """E8: every player's line, ranked by ``rule`` (``"points"``, ``"games"`` or
    ``"money"``), best first; ``players`` adds players with no game yet (all zeros). Ties on
    every figure of the rule share the place and are listed by name: ``names`` gives the
    name of a player known by an id (E13), the others are their own names.

    :raises EventError: ``unknown_rule``.
    """
    tallies: dict[str, _Tally] = {name: _Tally() for name in players}
    for result in results:
        for name, points in result.points.items():
            tally = tallies.setdefault(name, _Tally())
            tally.points += points
            tally.games += 1
            tally.won += name in result.winners
            tally.best = max(tally.best, points) if tally.games > 1 else points
            if name in result.money:
                tally.money += result.money[name]
    return _rank(tallies, rule, names)


def team_standings(results: Iterable[GameResult], teams: Sequence[tuple[str, str]],
                   rule: Rule) -> tuple[Standing, ...]:
    """E8: the standings of fixed partnerships (E5): a team's line counts the games where both
    partners sat, with the side's points (as recorded for its first partner, P1); named
    ``"Ann & Bill"``.

    :raises EventError: ``unknown_rule``.
    """
    tallies: dict[str, _Tally] = {f"{a} & {b}": _Tally() for a, b in teams}
    for result in results:
        for a, b in teams:
            if a not in result.points or b not in result.points:
                continue
            tally, points = tallies[f"{a} & {b}"], result.points[a]
            tally.points += points
            tally.games += 1
            tally.won += a in result.winners
            tally.best = max(tally.best, points) if tally.games > 1 else points
            tally.money += result.money.get(a, Decimal(0)) + result.money.get(b, Decimal(0))
    return _rank(tallies, rule)


def leader(running: Sequence[Mapping[str, int]], sides: Sequence[str]) -> str:
    """E11: the side that wins a game ended as it stands (a round ended by the organiser, or
    when the head table finished): the side ahead now; sides level at the top, the one of
    them that was last ahead of the others alone, deal by deal back; never, the first of
    them in ``sides`` (seat order).

    ``running``: each side's total after each deal, in order (the last is now); ``sides``:
    the sides' names in seat order.

    >>> leader([{"A": 4, "B": 0}, {"A": 4, "B": 4}], ["B", "A"])
    'A'
    >>> leader([], ["B", "A"])
    'B'
    """
    if not running:
        return sides[0]
    now = running[-1]
    best = max(now.get(side, 0) for side in sides)
    level = [side for side in sides if now.get(side, 0) == best]
    for totals in reversed(running[:-1]):
        if len(level) == 1:
            break
        high = max(totals.get(side, 0) for side in level)
        top = [side for side in level if totals.get(side, 0) == high]
        if len(top) == 1:
            return top[0]
    return level[0]
