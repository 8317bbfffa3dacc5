"""The match ledger in the database: append events, read them back, replay them.

Every write is one transaction that locks the match (``BEGIN IMMEDIATE`` on SQLite,
``SELECT … FOR UPDATE`` on PostgreSQL), replays its events, lets the pure command decide
what to append, and appends with the hash chain — so two writers never interleave and a
refused request stores nothing.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from referee.match.events import GENESIS_HASH, Event, canonical_json, chain_hash
from referee.match.games import GAMES
from referee.match.state import Fold, MatchState
from referee.store import changes
from referee.store.db import execute, is_sqlite, write_transaction
from referee.store.models import Event as EventRow
from referee.store.models import Match, _now

NewEvent = tuple[str, dict[str, Any]]


class MatchNotFound(LookupError):
    """No match with that id."""


class VersionMismatch(RuntimeError):
    """The client's expected version is not the match's current one (optimistic locking)."""

    def __init__(self, current: MatchState) -> None:
        self.current = current
        super().__init__(f"the match is at version {current.version}")


@dataclass(frozen=True, slots=True)
class Appended:
    """The result of a write: the new state and the events appended (with their seqs)."""

    state: MatchState
    events: tuple[Event, ...]


def new_match_id() -> str:
    """A random, unguessable match id (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


def _load(match_id: str, after_seq: int = 0) -> tuple[list[Event], str | None]:
    """The match's events after ``after_seq`` in seq order, and the hash of the last one
    (None when there are none)."""
    rows = execute(_EVENTS_AFTER, (match_id, after_seq)).fetchall()
    if not rows and after_seq == 0:
        raise MatchNotFound(match_id)
    loads = json.loads
    events = [Event(seq, kind, loads(payload), actor) for seq, kind, payload, actor, _ in rows]
    return events, (rows[-1][4] if rows else None)


# The statements of every request, written out (see referee.store.db.execute).
_EVENTS_AFTER = (
    'SELECT "seq", "kind", "payload", "actor", "hash" FROM "event" '
    'WHERE "match_id" = ? AND "seq" > ? ORDER BY "seq"'
)
_LAST_SEQ = 'SELECT max("seq") FROM "event" WHERE "match_id" = ?'
_MATCH_AND_LAST_SEQ = f'SELECT "id", ({_LAST_SEQ}) FROM "match" WHERE "id" = ?'
_LOCK_MATCH = 'SELECT "id" FROM "match" WHERE "id" = ? FOR UPDATE'
_INSERT_EVENT = (
    'INSERT INTO "event" ("match_id", "seq", "kind", "payload", "actor", "created_at", '
    '"prev_hash", "hash") VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
)


# A worker keeps the fold of the matches it served lately, so a request reads and folds only
# the events stored since (by any worker): its cost does not grow with the match. A fold is
# taken out while in use and put back only after its transaction committed.
_FOLDS: OrderedDict[str, tuple[Fold, str]] = OrderedDict()
_FOLDS_LOCK = threading.Lock()
FOLD_CACHE_SIZE = 1024


def _take_fold(match_id: str) -> tuple[Fold, str]:
    """The match's fold, brought up to the database's latest event, and its head hash."""
    with _FOLDS_LOCK:
        cached = _FOLDS.pop(match_id, None)
    if cached is not None:
        caught_up = _catch_up(match_id, *cached)
        if caught_up is not None:
            return caught_up
    return _fold_all(match_id)


def _catch_up(match_id: str, fold: Fold, head: str) -> tuple[Fold, str] | None:
    """``fold`` with the events stored since it was made, or None when they hold an undo."""
    newer, newer_head = _load(match_id, after_seq=fold.version)
    if not newer:
        return fold, head
    if newer_head is not None and fold.can_extend(newer):
        fold.extend(newer)
        return fold, newer_head
    return None


def _fold_all(match_id: str) -> tuple[Fold, str]:
    events, last = _load(match_id)
    assert last is not None  # _load raised MatchNotFound for a match without events
    return Fold(events, GAMES), last


def _put_fold(match_id: str, fold: Fold, head: str) -> None:
    with _FOLDS_LOCK:
        cached = _FOLDS.get(match_id)
        if cached is None or cached[0].version <= fold.version:
            _FOLDS[match_id] = (fold, head)
            _FOLDS.move_to_end(match_id)
        while len(_FOLDS) > FOLD_CACHE_SIZE:
            _FOLDS.popitem(last=False)


def event_rows(match_id: str, after_seq: int = 0, limit: int = 100) -> list[EventRow]:
    """Up to ``limit`` stored event rows with seq > ``after_seq`` (for the paginated ledger)."""
    return list(
        EventRow.select()
        .where((EventRow.match == match_id) & (EventRow.seq > after_seq))
        .order_by(EventRow.seq)
        .limit(limit)
    )


def load_state(match_id: str) -> MatchState:
    """The match's state replayed from its events. :raises MatchNotFound:"""
    fold, head = _take_fold(match_id)
    state = fold.state()
    _put_fold(match_id, fold, head)
    return state


def create_match(
    game: str,
    new_events: Sequence[NewEvent],
    actor: str | None,
    within: Callable[[str, Appended], None] | None = None,
) -> tuple[str, MatchState]:
    """Store a new match with its first events; returns (id, state).

    ``within(match_id, appended)`` runs inside the same transaction (tokens, idempotency).
    """
    match_id = new_match_id()
    with write_transaction():
        Match.create(id=match_id, game=game)
        stored, head = _append(match_id, 0, new_events, actor, GENESIS_HASH)
        fold = Fold(stored, GAMES)
        appended = Appended(fold.state(), tuple(stored))
        if within is not None:
            within(match_id, appended)
    _put_fold(match_id, fold, head)
    return match_id, appended.state


def append(
    match_id: str,
    decide: Callable[[MatchState], Sequence[NewEvent]],
    actor: str | None = None,
    expected_version: int | None = None,
    within: Callable[[Appended], None] | None = None,
    prepare: Callable[[Appended], None] | None = None,
) -> Appended:
    """Lock the match, append what ``decide(state)`` returns, in one transaction.

    ``prepare(appended)`` (pure work on the result, e.g. the answer's text) runs before
    ``within(appended)``, which runs inside that transaction after the append (e.g. to store
    the Idempotency-Key's response with the events).

    The decision is made ahead, on the worker's fold of the match, before taking the lock;
    under the lock, if no event was stored meanwhile, that decision is the one the lock would
    have given (``decide`` is pure) and is appended as it is. Otherwise (another writer came
    first, or an undo) it is decided again under the lock. So the lock is held for the
    inserts and the commit only, while two writers never interleave.

    :raises MatchNotFound: no such match.
    :raises VersionMismatch: ``expected_version`` given and not the current version.
    Whatever ``decide`` raises (MatchError, RecordError) propagates and nothing is stored.
    """
    fold, head = _take_fold(match_id)
    ahead = _Ahead.decide(fold, head, decide, actor, expected_version, prepare)
    with write_transaction():
        last_seq = _lock(match_id)
        if ahead.version is not None and last_seq == ahead.version:  # nothing stored since
            if ahead.error is not None:
                raise ahead.error
            for row in ahead.rows:
                execute(_INSERT_EVENT, (match_id, *row[:4], _now(), *row[4:]))
            appended = ahead.appended
            assert appended is not None
        else:  # decide under the lock, on the ledger as it now is
            caught_up = _catch_up(match_id, fold, head) if not ahead.extended else None
            fold, head = caught_up if caught_up is not None else _fold_all(match_id)
            state = fold.state()
            if expected_version is not None and expected_version != state.version:
                raise VersionMismatch(state)
            new_events = decide(state)
            added, head = _append(match_id, state.version, new_events, actor, head)
            if fold.can_extend(added):
                fold.extend(added)
            else:  # an undo: fold the whole ledger again
                fold = Fold(_load(match_id)[0], GAMES)
            appended = Appended(fold.state(), tuple(added))
            if prepare is not None:
                prepare(appended)
        if within is not None:
            within(appended)
        changes.announce(match_id, appended.state.version)  # to the streams, at commit
    if ahead.appended is appended:
        fold, head = ahead.fold, ahead.head
    _put_fold(match_id, fold, head)
    return appended


@dataclass(slots=True)
class _Ahead:
    """A write decided before taking the lock: on the fold at ``version`` (None when it could
    not be decided ahead), the ``rows`` to insert (seq, kind, payload text, actor, previous
    hash, hash), the result, or the ``error`` the decision raised."""

    version: int | None
    fold: Fold
    head: str
    extended: bool = False
    rows: tuple[tuple[Any, ...], ...] = ()
    appended: Appended | None = None
    error: Exception | None = None

    @classmethod
    def decide(
        cls,
        fold: Fold,
        head: str,
        decide: Callable[[MatchState], Sequence[NewEvent]],
        actor: str | None,
        expected_version: int | None,
        prepare: Callable[[Appended], None] | None,
    ) -> _Ahead:
        state = fold.state()
        ahead = cls(state.version, fold, head)
        try:
            if expected_version is not None and expected_version != state.version:
                raise VersionMismatch(state)
            new_events = decide(state)
        except Exception as error:  # raised again under the lock if the match is unchanged
            ahead.error = error
            return ahead
        rows, added, ahead.head = _chain(state.version, new_events, actor, head)
        if not fold.can_extend(added):  # an undo: the lock's path folds the whole ledger
            return cls(None, fold, head)
        fold.extend(added)
        ahead.extended, ahead.rows = True, tuple(rows)
        ahead.appended = Appended(fold.state(), tuple(added))
        if prepare is not None:
            prepare(ahead.appended)
        return ahead


def _lock(match_id: str) -> int:
    """Lock the match; returns the seq of its last event. :raises MatchNotFound:"""
    if is_sqlite():  # BEGIN IMMEDIATE already holds the write lock: one statement
        row = execute(_MATCH_AND_LAST_SEQ, (match_id, match_id)).fetchone()
        if row is None:
            raise MatchNotFound(match_id)
        return int(row[1] or 0)
    # PostgreSQL: lock the match's row, then read (a statement sees the database as it was
    # when it began, before it waited for the lock).
    if execute(_LOCK_MATCH, (match_id,)).fetchone() is None:
        raise MatchNotFound(match_id)
    return int(execute(_LAST_SEQ, (match_id,)).fetchone()[0] or 0)


def _append(
    match_id: str,
    version: int,
    new_events: Sequence[NewEvent],
    actor: str | None,
    prev: str,
) -> tuple[list[Event], str]:
    """Insert ``new_events`` after event ``version`` (whose hash is ``prev``), chained;
    returns the events stored and the new head hash."""
    rows, stored, head = _chain(version, new_events, actor, prev)
    for row in rows:
        execute(_INSERT_EVENT, (match_id, *row[:4], _now(), *row[4:]))
    return stored, head


def _chain(
    version: int, new_events: Sequence[NewEvent], actor: str | None, prev: str
) -> tuple[list[tuple[Any, ...]], list[Event], str]:
    """The rows of ``new_events`` after event ``version`` (hash ``prev``), chained: (seq, kind,
    payload text, actor, previous hash, hash) each; the events as stored; the new head."""
    rows: list[tuple[Any, ...]] = []
    stored: list[Event] = []
    for offset, (kind, payload) in enumerate(new_events, start=1):
        seq = version + offset
        text = canonical_json(payload)
        digest = chain_hash(prev, seq, kind, text, actor)
        rows.append((seq, kind, text, actor, prev, digest))
        stored.append(Event(seq, kind, json.loads(text), actor))
        prev = digest
    return rows, stored, prev


def chain_head(match_id: str) -> tuple[int, str]:
    """(number of events, hash of the last one): keep them to detect a truncated ledger later.

    :raises MatchNotFound:
    """
    row = (
        EventRow.select(EventRow.seq, EventRow.hash)
        .where(EventRow.match == match_id)
        .order_by(EventRow.seq.desc())
        .first()
    )
    if row is None:
        raise MatchNotFound(match_id)
    return row.seq, row.hash


def verify_chain(match_id: str) -> int | None:
    """Check the match's hash chain; returns the first seq where it breaks, or None if whole.

    :raises MatchNotFound:
    """
    rows = list(EventRow.select().where(EventRow.match == match_id).order_by(EventRow.seq))
    if not rows:
        raise MatchNotFound(match_id)
    prev = GENESIS_HASH
    for expected_seq, row in enumerate(rows, start=1):
        if (
            row.seq != expected_seq
            or row.prev_hash != prev
            or row.hash != chain_hash(prev, row.seq, row.kind, row.payload, row.actor)
        ):
            return row.seq
        prev = row.hash
    return None
