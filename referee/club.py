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
from referee.clubs import names as clubs_names
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
from referee.events.log import Folded, fold, rekeyed, round_payload
from referee.events.model import add_round, refusal
from referee.events.payments import Payment
from referee.events.players import ClubError, aliases, club_refused, resolve
from referee.events.players import Player as ClubPlayer
from referee.events.players import add as add_player
from referee.events.substitutes import Sitter, for_teams, sitters, split, substitute
from referee.match import commands
from referee.match.games import GAMES
from referee.match.state import MatchState
from referee.store import club_events, clubs, ledger, tokens

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
    "sittings",
    "start_round",
    "substitute_player",
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
    entries = club_events.entries(event_id)
    club_id = entries[0][1].get("club") if entries else None
    if club_id is None:
        return fold(entries)
    # E13: a player merged away since is known by the id they were merged into
    return fold(rekeyed(entries, aliases(clubs.players(str(club_id)))))


def names(folded: Folded) -> Mapping[str, str | None]:
    """E13: the name shown for each player key of the event: at a club's event, each id's
    name in the club (None: removed); else each player's own name."""
    keys = {entry.player for entry in folded.event.roster}
    keys |= {s.out for s in folded.event.substitutions}
    if folded.event.club is None:
        return {key: key for key in keys}
    shown = clubs_names(clubs.players(folded.event.club))
    return {key: shown.get(key) for key in keys}


def player_key(folded: Folded, player: str) -> str:
    """E13: the key ``player`` stands for at the event: at a club's event a merged-away id
    is the id it was merged into; else ``player`` itself (a name, or an id not of the club,
    which no roster holds)."""
    if folded.event.club is None:
        return player
    try:
        return resolve(clubs.players(folded.event.club), player)
    except ClubError:
        return player


def match_names(folded: Folded, seats: Sequence[str]) -> list[str]:
    """E13: the players' names as a table's match takes them, in seat order: at a club's
    event each id's name, two alike told apart by their seat (``Ann (2)``); else the keys."""
    if folded.event.club is None:
        return list(seats)
    shown = names(folded)
    made = [shown.get(key) or f"Player {i + 1}" for i, key in enumerate(seats)]
    return [f"{name} ({i + 1})" if made.count(name) > 1 else name
            for i, name in enumerate(made)]


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
        # the match names its players as the table's seats were named when it was made (E13)
        key = dict(zip(state.players, table.seats, strict=True))
        money = {key[settled.winner]: settled.amount, key[settled.loser]: -settled.amount}
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
    """E8: every finished game of the event, each seat a substitute took split between the
    people who sat there (E14); ``final``: only those whose results are final (E11)."""
    return [_split(folded, result, match_id) for result, match_id in _finished(folded, final)]


def _finished(folded: Folded, final: bool) -> list[tuple[GameResult, str]]:
    """Every finished game of the event as its match scored it (keyed by who sat at each
    seat at its end), with its match's id; ``final``: only those whose results are final."""
    return [(t.result, t.match_id) for r in folded.event.rounds for t in tables(folded, r)
            if t.result is not None and (t.final or not final)]


def _split(folded: Folded, result: GameResult, match_id: str) -> GameResult:
    """E14: ``result`` with its substitutions' seats split, each sitter's side's points read
    from the match's running totals after the deals they sat for."""
    subs = folded.event.substitutions
    if not any((s.round, s.table) == (result.round, result.table) for s in subs):
        return result
    state = folds.load_state(match_id)
    table = next(t for t in folded.event.rounds[result.round - 1].tables
                 if t.number == result.table)
    names = GAMES[state.game].standing_names(list(state.players), state.options)
    side = {seat: names[i] for i, team in enumerate(table.teams) for seat in team}

    def side_after(seat: int, deals: int) -> int:
        return int(state.totals[deals - 1][side[seat]]) if deals > 0 else 0

    return split(result, subs, side_after)


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
            raise refusal("disputed", table=table.table, round=table.round)
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
        raise refusal("no_round.end")
    payload = _end_payload(folded, "organiser")
    if payload is None:
        raise refusal("nothing_to_end")
    club_events.append(event_id, "round_ended", payload)
    return load(event_id)


def _check_options(game: str, options: Mapping[str, Any]) -> None:
    """The tables' match options, tried on a table of the game before the event is stored.

    :raises referee.match.commands.MatchError: options the game refuses.
    """
    commands.create(GAMES[game], ["A", "B", "C", "D"][: 4 if game == "pitch" else 2],
                    dict(options))


def _club_players(club_id: str | None, players: Sequence[str], guests: Sequence[str]
                  ) -> list[str]:
    """E13: the keys to check in: at a club's event, each id as it stands now (a merged-away
    id: the one it was merged into) and each guest added to the club; else the names.

    :raises EventError: ``not_in_club``, ``player_removed``; ``no_club`` for guests at an
        event of no club; ``no_name`` for a guest with none.
    """
    if club_id is None:
        if guests:
            raise refusal("no_club")
        return list(players)
    listed = clubs.players(club_id)
    keys = []
    for player in players:
        try:
            key = resolve(listed, player)
        except ClubError as why:
            raise EventError(why.code, "E13", str(why), words=why.words,
                             params=why.params) from None
        if next(p for p in listed if p.id == key).removed:
            gone = club_refused("player_removed", player_id=key)
            raise EventError(gone.code, "E13", str(gone), words=gone.words, params=gone.params)
        keys.append(key)
    if guests:
        before, after = listed, listed
        for guest in guests:
            made = ClubPlayer(clubs.new_player_id(), guest, None)
            try:
                after = add_player(after, made)
            except ClubError as why:
                raise EventError(why.code, "E13", str(why), words=why.words,
                                 params=why.params) from None
            keys.append(made.id)
        clubs.save(club_id, clubs.version(club_id), before, after)
    return keys


def create(name: str, game: Any, movement: Any, rule: Any, kind: Any,
           players: Sequence[str], options: Mapping[str, Any], correction_minutes: int = 0,
           round_ends: Any = "every_table", club: str | None = None,
           guests: Sequence[str] = ()) -> tuple[str, Folded]:
    """E1–E2: store a new event with its first players checked in (in a write transaction);
    ``club``: the club it belongs to (E13), its ``players`` then the club's ids and its
    ``guests`` names added to the club as guests.

    :raises EventError: an event its game does not play; a player named twice; a player
        not of the club (E13).
    :raises referee.match.commands.MatchError: options the game refuses.
    """
    event = new_event(name, game, movement, rule, kind, correction_minutes, round_ends, club)
    for player in _club_players(club, players, guests):
        event = check_in(event, player)
    # A stake read as a Decimal is kept as its string, as the match keeps it (Q9).
    options = {k: str(v) if isinstance(v, Decimal) else v for k, v in options.items()}
    _check_options(game, options)
    event_id = club_events.create(game)
    club_events.append(event_id, "event_created", {
        "name": event.name, "game": event.game, "movement": event.movement,
        "rule": event.rule, "kind": event.kind, "options": dict(options),
        "correction_minutes": event.correction_minutes, "round_ends": event.round_ends,
        **({"club": club} if club is not None else {})})
    if club is not None:
        clubs.add_event(club, event_id)
    for entry in event.roster:
        club_events.append(event_id, "checked_in", {"player": entry.player})
    return event_id, load(event_id)


def check_in_players(event_id: str, players: Sequence[str], guests: Sequence[str] = ()
                     ) -> Folded:
    """E2: check ``players`` in (in a write transaction); at a club's event (E13) they are
    the club's ids, and ``guests`` are added to the club as guests and checked in.

    :raises EventError: ``already_present``, ``no_name``; ``not_in_club``,
        ``player_removed``, ``no_club`` (E13).
    """
    event = load(event_id).event
    for player in _club_players(event.club, players, guests):
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
        raise refusal("not_fixed")
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
        named = match_names(folded, table.seats)  # E13: a club's players by their names
        first = commands.create(game, named, options)
        match_id, _ = folds.create(game.name, first, None, expires=False)
        matches[table.number] = match_id
        club_events.add_match(event_id, match_id)  # E11: the event's tokens act on it
        made_tokens[table.number] = tokens.issue(match_id, tokens.KINDS, seed, "create")
        seats[table.number] = tokens.issue_seats(match_id, named, seed)
    club_events.append(event_id, "round_started", round_payload(made, matches))
    return Started(made, matches, made_tokens, seats)


def _last_round_finished(folded: Folded) -> None:
    """E3: the last round has finished at every table.

    :raises EventError: ``disputed`` (E11), ``round_in_progress``.
    """
    for table in tables(folded, folded.event.rounds[-1]):
        if table.disputed:
            deals = ", ".join(str(n) for n in table.disputed)
            raise refusal("disputed.deals", table=table.table, round=table.round, deals=deals)
        if not table.finished:
            raise refusal("round_in_progress", table=table.table, round=table.round)


def event_standings(folded: Folded) -> tuple[tuple[Standing, ...], tuple[Standing, ...]]:
    """E8: the players' standings and, for fixed partnerships, the teams'."""
    event: Event = folded.event
    finished = _finished(folded, False)
    found = [_split(folded, result, match_id) for result, match_id in finished]
    players = [entry.player for entry in event.roster]
    teams = team_standings([for_teams(result, event.substitutions) for result, _ in finished],
                           event.teams, event.rule) if event.teams else ()
    shown = {key: name or "" for key, name in names(folded).items()}
    return standings(found, event.rule, players, shown), teams


def payments(folded: Folded) -> tuple[dict[str, Decimal], Plan]:
    """E9, E11: every final partie's settlement netted per player, and who pays whom.

    :raises EventError: ``not_for_money`` for an event not played for money.
    """
    if folded.event.game != "piquet":
        raise refusal("not_for_money")
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


def substitute_player(event_id: str, table: int, seat: int, player: str | None,
                      guest: str | None) -> Folded:
    """E14: ``player`` (or a ``guest`` added to the club and checked in, E13) takes seat
    ``seat`` of table ``table`` of the last round, after the deals its match has recorded so
    far (in a write transaction). A substitute not checked in yet is checked in first.

    :raises EventError: ``table_finished`` when the table's game has finished; as
        :func:`referee.events.substitutes.substitute`; as :func:`check_in_players`.
    """
    folded = load(event_id)
    event = folded.event
    if not event.rounds:
        raise refusal("no_round.seat")
    last = event.rounds[-1]
    states = {t.table: t for t in tables(folded, last)}
    if table in states and states[table].finished:
        raise refusal("table_finished", table=table, round=last.number)
    key = _club_players(event.club, [player] if player else [], [guest] if guest else [])
    if len(key) != 1:
        raise refusal("no_substitute")
    if all(entry.player != key[0] or entry.left is not None for entry in event.roster):
        event = check_in(event, key[0])
        club_events.append(event_id, "checked_in", {"player": key[0]})
    after = len(folds.load_state(states[table].match_id).deals) if table in states else 0
    substitute(event, table, seat, key[0], after)
    club_events.append(event_id, "substituted", {"table": table, "seat": seat,
                                                 "player": key[0], "after": after})
    return load(event_id)


@dataclass(frozen=True, slots=True)
class Sitting:
    """One person at one seat of a club's event's table (E13, E14): the ``event_id``, the
    ``match_id`` of the table's game and who sat there for which deals (``sitter``, its
    player the club's id as it stands now, merges followed)."""

    event_id: str
    round: int
    table: int
    match_id: str
    sitter: Sitter


def sittings(club_id: str) -> list[Sitting]:
    """E13, E14: every seat of every table's game of the club's events, oldest event first,
    with who sat there for which deals: what a person's figures across the club's events are
    read from (each match's deals, by seat).
    """
    found = []
    for event_id in clubs.events(club_id):
        folded = load(event_id)
        for (number, table), match_id in sorted(folded.matches.items()):
            found += [Sitting(event_id, number, table, match_id, sitter)
                      for sitter in sitters(folded.event, number, table)]
    return found
