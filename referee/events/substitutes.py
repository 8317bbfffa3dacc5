"""A substitute takes a seat while its round is played (docs/events.md E14), pure.

The table's game goes on (its match is the same), but the seat's deals before the
substitution are the player who left it's, and the later ones the substitute's: each person's
line in the standings (E8) counts only their own part.

>>> from referee.events.model import check_in, new_event, solo, add_round, Round
>>> night = new_event("Friday", "pitch", "manual")
>>> for name in ("Ann", "Bill", "Cy"):
...     night = check_in(night, name)
>>> night = add_round(night, Round(1, (solo(1, ("Ann", "Bill")),), ("Cy",)))
>>> night = substitute(night, 1, 0, "Cy", after=3)
>>> night.rounds[-1].tables[0].seats, night.rounds[-1].byes
(('Cy', 'Bill'), ('Ann',))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from referee.events.model import Event, Substitution, present, refusal
from referee.events.standings import GameResult

__all__ = ["Sitter", "for_teams", "seat_changes", "sitters", "split", "substitute"]


@dataclass(frozen=True, slots=True)
class Sitter:
    """Who sat at one seat of a table's game for which deals (E14): ``seat`` (its index),
    ``player`` (the key), the deals after ``after`` of the match up to ``until`` (None: to
    the end of the game). Per-deal figures of a person (statistics) are read from these."""

    seat: int
    player: str
    after: int
    until: int | None


def substitute(event: Event, table: int, seat: int, player: str, after: int) -> Event:
    """E14: ``player`` takes seat ``seat`` of table ``table`` in the last round, after
    ``after`` deals of its match: the seat is theirs from then on (:func:`where`, the next
    round's movement); who sat there has the round's bye. Whether the table's game is still
    being played is the caller's to know (its match's).

    :raises EventError: ``no_round``; ``no_table``, ``no_seat``; ``not_checked_in`` (the
        substitute is not present); ``seated_twice`` (the substitute sits at a table of the
        round); ``substitute_order`` (``after`` is before the seat's last substitution).
    """
    if not event.rounds:
        raise refusal("no_round.seat")
    last = event.rounds[-1]
    found = next((t for t in last.tables if t.number == table), None)
    if found is None:
        raise refusal("no_table", round=last.number, table=table)
    if not 0 <= seat < len(found.seats):
        raise refusal("no_seat", table=table, seat=seat)
    if player not in {entry.player for entry in present(event)}:
        raise refusal("not_checked_in", player=player)
    if player in last.seated():
        raise refusal("seated_twice.round", player=player, round=last.number)
    earlier = [s.after for s in event.substitutions
               if (s.round, s.table, s.seat) == (last.number, table, seat)]
    if after < 0 or (earlier and after < earlier[-1]):
        raise refusal("substitute_order", seat=seat, table=table,
                      deal=earlier[-1] if earlier else 0)
    out = found.seats[seat]
    seats = tuple(player if i == seat else p for i, p in enumerate(found.seats))
    tables = tuple(replace(t, seats=seats) if t is found else t for t in last.tables)
    byes = (*(p for p in last.byes if p != player), out)
    made = replace(last, tables=tables, byes=byes)
    return replace(event, rounds=(*event.rounds[:-1], made), substitutions=(
        *event.substitutions, Substitution(last.number, table, seat, out, player, after)))


def _chains(result: GameResult, substitutions: tuple[Substitution, ...]
            ) -> list[tuple[int, list[Substitution]]]:
    """E14: each seat of ``result``'s table that changed hands, in seat order, with its
    substitutions in the order they were made; none when nobody was substituted there."""
    mine = [s for s in substitutions if (s.round, s.table) == (result.round, result.table)]
    return [(seat, [s for s in mine if s.seat == seat]) for seat in sorted({s.seat for s in mine})]


def split(result: GameResult, substitutions: tuple[Substitution, ...],
          side_after: Callable[[int, int], int]) -> GameResult:
    """E14: a table's result (keyed by who sat at each seat at its end) with each seat that
    changed hands split between the people who sat there: each carries the points their side
    made while they sat (``side_after(seat, n)``: the seat's side's points after the first
    ``n`` deals of the match, 0 for none); the game counts as played for each of them; the
    win and a partie's money are the last sitter's, who finished the game.
    """
    chains = _chains(result, substitutions)
    if not chains:
        return result
    points = dict(result.points)
    for seat, chain in chains:
        last = chain[-1].into
        final = points.pop(last)
        start = 0
        sitters = [(s.out, s.after) for s in chain] + [(last, None)]
        for player, until in sitters:
            end = final if until is None else side_after(seat, until)
            points[player] = points.get(player, 0) + end - start
            start = end
    return replace(result, points=points)


def for_teams(result: GameResult, substitutions: tuple[Substitution, ...]) -> GameResult:
    """E5, E14: a table's result (keyed by who sat at each seat at its end) keyed instead by
    who sat at each seat when the game began: a substitute finishes the game for the team
    whose seat they took, so a fixed partnership's line (E8) counts the side's points, its
    win and its money as the team's. Each person's own line is :func:`split`'s.
    """
    chains = _chains(result, substitutions)
    if not chains:
        return result
    first = {chain[-1].into: chain[0].out for _, chain in chains}

    def key(player: str) -> str:
        return first.get(player, player)

    return replace(result, points={key(p): v for p, v in result.points.items()},
                   winners=frozenset(key(p) for p in result.winners),
                   money={key(p): v for p, v in result.money.items()})


def sitters(event: Event, round_: int, table: int) -> tuple[Sitter, ...]:
    """E14: everyone who sat at table ``table`` of round ``round_``, seat by seat, each with
    the deals they sat for: one per seat, and one more for each substitution.

    :raises EventError: ``no_table`` when the round has no such table.
    """
    made = next((t for r in event.rounds if r.number == round_ for t in r.tables
                 if t.number == table), None)
    if made is None:
        raise refusal("no_table", round=round_, table=table)
    found = []
    for seat, last in enumerate(made.seats):
        chain = [s for s in event.substitutions
                 if (s.round, s.table, s.seat) == (round_, table, seat)]
        start = 0
        for change in chain:
            found.append(Sitter(seat, change.out, start, change.after))
            start = change.after
        found.append(Sitter(seat, last, start, None))
    return tuple(found)


def seat_changes(event: Event, round_: int, table: int
                 ) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """E14: the seats' players of table ``table`` of round ``round_`` from each change on:
    ``(after, keys)`` pairs, the first ``(0, …)``, each for the deals numbered after
    ``after``; none when nobody was substituted (the table's seats hold for every deal).
    """
    seated = sitters(event, round_, table)
    bounds = sorted({s.after for s in seated})
    if bounds == [0]:
        return ()
    seats = max(s.seat for s in seated) + 1
    return tuple((after, tuple(next(s.player for s in seated if s.seat == seat
                                    and s.after <= after
                                    and (s.until is None or after < s.until))
                               for seat in range(seats))) for after in bounds)
