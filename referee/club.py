"""Club nights and tournaments as stored (docs/events.md): an event folded from its log
(:mod:`referee.events.log`), each table's game a match of this service, and what the event
reads from those matches — who won, the points, a partie's money — never recomputed.

Writes run inside the caller's write transaction (:func:`referee.folds.transact`): the log's
entry and the matches a round creates are stored together or not at all.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from referee import folds
from referee.events import (
    Event,
    EventError,
    GameResult,
    Plan,
    Round,
    Standing,
    Table,
    check_in,
    form_team,
    leader,
    leave,
    manual_round,
    net_balances,
    new_event,
    next_round,
    settle,
    standings,
    team_standings,
)
from referee.events.log import Folded, fold, round_payload
from referee.events.model import add_round
from referee.events.payments import Payment
from referee.match import commands
from referee.match.games import GAMES
from referee.match.state import MatchState
from referee.store import club_events, ledger, tokens

__all__ = [
    "Started",
    "TableState",
    "check_in_players",
    "create",
    "end_round",
    "event_standings",
    "form_teams",
    "leave_players",
    "load",
    "payments",
    "pending",
    "proposal",
    "results",
    "start_round",
    "tables",
]


@dataclass(frozen=True, slots=True)
class TableState:
    """One table of a round as its match stands: ``finished`` (P7, Q9, and no deal disputed:
    a dispute withholds the result until ruled, E11), its result once finished (``result``:
    points, winners, money), the ``match_id``, the ``disputed`` deals' numbers, ``final``:
    finished and past the correction window since the match's last entry, and ``ended``:
    its game was scored as it stood when its round ended (E11: finished and final)."""

    round: int
    table: int
    match_id: str
    finished: bool
    result: GameResult | None
    disputed: tuple[int, ...] = ()
    final: bool = False
    ended: bool = False


def _now() -> datetime.datetime:
    """Now, naive UTC (as the ledger's times are stored)."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


def load(event_id: str) -> Folded:
    """The event as its log makes it.

    :raises referee.store.club_events.EventNotFound:
    """
    return fold(club_events.entries(event_id))


def _result(round_: int, table: Table, state: MatchState) -> GameResult:
    """E8: a finished match's figures as the match has them (P7, Q9): each side's standing
    (the match's names for its sides, in the order of the table's sides) carried by each of
    its players, the winning side's players, a partie's settlement in money."""
    names = GAMES[state.game].standing_names(list(state.players), state.options)
    sides = {name: [table.seats[i] for i in side] for name, side in zip(names, table.teams,
                                                                         strict=True)}
    points = {player: int(state.standings[name]) for name, side in sides.items()
              for player in side}
    outcome = state.outcome
    winners = frozenset(sides[outcome.winner]) if outcome.winner in sides else frozenset()
    money: dict[str, Decimal] = {}
    settled = outcome.settlement.settlement if outcome.settlement is not None else None
    if settled is not None and settled.amount is not None and settled.winner and settled.loser:
        money = {settled.winner: settled.amount, settled.loser: -settled.amount}
    return GameResult(round_, table.number, points, winners, money)


def tables(folded: Folded, round_: Round) -> list[TableState]:
    """Each table of ``round_`` as its match stands (E8, E11)."""
    found = []
    window = datetime.timedelta(minutes=folded.event.correction_minutes)
    for table in round_.tables:
        match_id = folded.matches[(round_.number, table.number)]
        ended = folded.ended.get((round_.number, table.number))
        if ended is not None:  # E11: scored as it stood when the round ended
            found.append(TableState(round_.number, table.number, match_id, True, ended, (),
                                    True, True))
            continue
        state = folds.load_state(match_id)
        done = state.outcome.finished and not state.disputed  # E11: a dispute withholds it
        final = done and (not window or _now() - ledger.last_written(match_id) >= window)
        found.append(TableState(round_.number, table.number, match_id, done,
                                _result(round_.number, table, state) if done else None,
                                tuple(state.disputed), final))
    return found


def results(folded: Folded, final: bool = False) -> list[GameResult]:
    """E8: every finished game of the event; ``final``: only those whose results are final
    (E11)."""
    return [t.result for r in folded.event.rounds for t in tables(folded, r)
            if t.result is not None and (t.final or not final)]


def pending(folded: Folded) -> list[TableState]:
    """E11: the tables whose results are not final yet (playing, disputed, or within the
    correction window)."""
    return [t for r in folded.event.rounds for t in tables(folded, r) if not t.final]


def proposal(folded: Folded) -> Round:
    """E3–E6: the next round as the event's movement seats it, computed once every table of
    the last round has finished, or its head table for an event whose rounds end there
    (E11: the others as they stand); from their winners, for the progressive movement.

    :raises EventError: ``round_in_progress`` while a table plays; the movement's own
        (``manual_movement`` for an event the organiser seats).
    """
    event = folded.event
    winners: dict[int, set[str]] = {}
    if event.rounds:
        for result in _last_round_results(folded):
            winners[result.table] = set(result.winners)
    return next_round(event, winners)


def _as_it_stands(round_: int, table: Table, state: MatchState) -> GameResult:
    """E11: an unfinished game scored as it stands: each side's points so far carried by its
    players, won by :func:`referee.events.leader`; no money (a partie unfinished settles
    nothing, Q9)."""
    names = GAMES[state.game].standing_names(list(state.players), state.options)
    sides = {name: [table.seats[i] for i in side] for name, side in zip(names, table.teams,
                                                                         strict=True)}
    points = {player: int(state.standings[name]) for name, side in sides.items()
              for player in side}
    winner = leader(list(state.totals), list(names))
    return GameResult(round_, table.number, points, frozenset(sides[winner]))


def _unfinished(folded: Folded) -> list[tuple[TableState, GameResult]]:
    """E11: the last round's tables still playing, each with its game as it stands.

    :raises EventError: ``disputed`` when one of them has a deal disputed (rule on it
        first).
    """
    last = folded.event.rounds[-1]
    found = []
    seating = {table.number: table for table in last.tables}
    for table in tables(folded, last):
        if table.finished:
            continue
        if table.disputed:
            raise EventError("disputed", "E11", f"Table {table.table} of round {table.round} "
                             f"has a deal disputed: rule on it before the round ends.")
        state = folds.load_state(table.match_id)
        found.append((table, _as_it_stands(last.number, seating[table.table], state)))
    return found


def _last_round_results(folded: Folded) -> list[GameResult]:
    """E3, E11: every result of the last round, once it has ended: every table finished, or
    the head table for an event whose rounds end there (the others as they stand).

    :raises EventError: ``disputed``, ``round_in_progress``.
    """
    event = folded.event
    states = tables(folded, event.rounds[-1])
    head = states[0]
    if event.round_ends == "head_table" and head.finished:
        stood = {t.table: r for t, r in _unfinished(folded)}
        return [t.result if t.result is not None else stood[t.table] for t in states]
    _last_round_finished(folded)
    return [t.result for t in states if t.result is not None]


def _end_payload(folded: Folded, by: str) -> dict[str, Any] | None:
    """The ``round_ended`` entry of the last round's unfinished games as they stand (E11), or
    None when every table has finished."""
    stood = _unfinished(folded)
    if not stood:
        return None
    return {"number": folded.event.rounds[-1].number, "by": by, "tables": [
        {"number": r.table, "points": dict(r.points), "winners": sorted(r.winners)}
        for _, r in stood]}


def end_round(event_id: str) -> Folded:
    """E11: the organiser ends the last round now (by the clock): every game still playing is
    scored as it stands (in a write transaction).

    :raises EventError: ``no_round``; ``nothing_to_end`` when every table has finished;
        ``disputed`` while a deal is disputed at a table still playing.
    """
    folded = load(event_id)
    if not folded.event.rounds:
        raise EventError("no_round", "E3", "There is no round to end yet.")
    payload = _end_payload(folded, "organiser")
    if payload is None:
        raise EventError("nothing_to_end", "E11", "Every table of the last round has "
                         "finished already.")
    club_events.append(event_id, "round_ended", payload)
    return load(event_id)


def _check_options(game: str, options: Mapping[str, Any]) -> None:
    """The tables' match options, tried on a table of the game before the event is stored.

    :raises referee.match.commands.MatchError: options the game refuses.
    """
    commands.create(GAMES[game], ["A", "B", "C", "D"][: 4 if game == "pitch" else 2],
                    dict(options))


def create(name: str, game: Any, movement: Any, rule: Any, kind: Any,
           players: Sequence[str], options: Mapping[str, Any], correction_minutes: int = 0,
           round_ends: Any = "every_table") -> tuple[str, Folded]:
    """E1–E2: store a new event with its first players checked in (in a write transaction).

    :raises EventError: an event its game does not play; a player named twice.
    :raises referee.match.commands.MatchError: options the game refuses.
    """
    event = new_event(name, game, movement, rule, kind, correction_minutes, round_ends)
    for player in players:
        event = check_in(event, player)
    # A stake read as a Decimal is kept as its string, as the match keeps it (Q9).
    options = {k: str(v) if isinstance(v, Decimal) else v for k, v in options.items()}
    _check_options(game, options)
    event_id = club_events.create(game)
    club_events.append(event_id, "event_created", {
        "name": event.name, "game": event.game, "movement": event.movement,
        "rule": event.rule, "kind": event.kind, "options": dict(options),
        "correction_minutes": event.correction_minutes, "round_ends": event.round_ends})
    for entry in event.roster:
        club_events.append(event_id, "checked_in", {"player": entry.player})
    return event_id, load(event_id)


def check_in_players(event_id: str, players: Sequence[str]) -> Folded:
    """E2: check ``players`` in (in a write transaction).

    :raises EventError: ``already_present``, ``no_name``.
    """
    event = load(event_id).event
    for player in players:
        event = check_in(event, player)
        club_events.append(event_id, "checked_in", {"player": event.roster[-1].player})
    return load(event_id)


def leave_players(event_id: str, players: Sequence[str]) -> Folded:
    """E2: ``players`` leave (in a write transaction).

    :raises EventError: ``not_checked_in``.
    """
    event = load(event_id).event
    for player in players:
        event = leave(event, player)
        club_events.append(event_id, "left", {"player": player})
    return load(event_id)


def form_teams(event_id: str, teams: Sequence[Sequence[str]]) -> Folded:
    """E5: fixed partnerships (in a write transaction).

    :raises EventError: ``not_checked_in``, ``already_in_team``, ``own_partner``,
        ``not_fixed`` for an event whose movement is not fixed partnerships.
    """
    event = load(event_id).event
    if event.movement != "fixed":
        raise EventError("not_fixed", "E5", "Teams are formed only for fixed partnerships.")
    for first, second in teams:
        event = form_team(event, first, second)
        club_events.append(event_id, "team_formed", {"players": [first, second]})
    return load(event_id)


@dataclass(frozen=True, slots=True)
class Started:
    """A round started: the ``round``, and per table its match's ``match_id``, its write and
    read ``tokens`` and each player's ``seats`` token (shown once)."""

    round: Round
    matches: dict[int, str]
    tokens: dict[int, dict[str, str]]
    seats: dict[int, list[dict[str, str]]]


def start_round(event_id: str, seating: Sequence[Table] | None,
                seed: tokens.Seed | None = None) -> Started:
    """E3–E7: start the next round (in a write transaction): the organiser's ``seating``
    (E7: any tables, every present player not seated on a bye; it adjusts the movement's
    proposal) or else the movement's proposal; once the last round has finished at every
    table. Each table gets a match of the event's game with its players in seat order (in
    partnership at a table of four in partnership), the event's options, that never expires;
    each player a seat. The matches' tokens and seats are made from ``seed`` when given (a
    retried request makes the same ones, :func:`referee.store.tokens.derive`), else random.

    :raises EventError: ``round_in_progress``, the movement's, and a seating the event refuses.
    :raises referee.match.commands.MatchError: a table the game refuses.
    """
    folded = load(event_id)
    event = folded.event
    if seating is None:
        made = proposal(folded)
    else:
        if event.rounds:
            _last_round_results(folded)
        made = manual_round(event, seating)
    if event.rounds and event.round_ends == "head_table":
        ended = _end_payload(folded, "head_table")  # E11: the others, as they stand
        if ended is not None:
            club_events.append(event_id, "round_ended", ended)
    event = add_round(event, made)
    game = GAMES[event.game]
    matches: dict[int, str] = {}
    made_tokens: dict[int, dict[str, str]] = {}
    seats: dict[int, list[dict[str, str]]] = {}
    for table in made.tables:
        options = dict(folded.options)
        if event.game == "pitch":
            options["partnership"] = table.partnership
        first = commands.create(game, list(table.seats), options)
        match_id, _ = folds.create(game.name, first, None, expires=False)
        matches[table.number] = match_id
        club_events.add_match(event_id, match_id)  # E11: the event's tokens act on it
        made_tokens[table.number] = tokens.issue(match_id, tokens.KINDS, seed, "create")
        seats[table.number] = tokens.issue_seats(match_id, list(table.seats), seed)
    club_events.append(event_id, "round_started", round_payload(made, matches))
    return Started(made, matches, made_tokens, seats)


def _last_round_finished(folded: Folded) -> None:
    """E3: the last round has finished at every table.

    :raises EventError: ``disputed`` (E11), ``round_in_progress``.
    """
    for table in tables(folded, folded.event.rounds[-1]):
        if table.disputed:
            deals = ", ".join(str(n) for n in table.disputed)
            raise EventError("disputed", "E11",
                             f"Table {table.table} of round {table.round} has deal {deals} "
                             "disputed: the organiser rules on it (or its cards do).")
        if not table.finished:
            raise EventError("round_in_progress", "E3",
                             f"Table {table.table} of round {table.round} has not finished.")


def event_standings(folded: Folded) -> tuple[tuple[Standing, ...], tuple[Standing, ...]]:
    """E8: the players' standings and, for fixed partnerships, the teams'."""
    event: Event = folded.event
    found = results(folded)
    players = [entry.player for entry in event.roster]
    teams = team_standings(found, event.teams, event.rule) if event.teams else ()
    return standings(found, event.rule, players), teams


def payments(folded: Folded) -> tuple[dict[str, Decimal], Plan]:
    """E9, E11: every final partie's settlement netted per player, and who pays whom.

    :raises EventError: ``not_for_money`` for an event not played for money.
    """
    if folded.event.game != "piquet":
        raise EventError("not_for_money", "E9", "Only Piquet parties are played for money.")
    owed = []
    for result in results(folded, final=True):
        losers = [p for p, amount in result.money.items() if amount < 0]
        winners = [p for p, amount in result.money.items() if amount > 0]
        if losers and winners:
            owed.append(Payment(losers[0], winners[0], result.money[winners[0]]))
    balances = net_balances(owed)
    for entry in folded.event.roster:
        balances.setdefault(entry.player, Decimal(0))
    return balances, settle(balances)
