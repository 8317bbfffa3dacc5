"""The match ledger in the database: append events, read them back, replay them, verify them.

A write (:func:`append`) is one path, whatever happens around it:

1. on the match's fold as the committed ledger makes it (:class:`FoldCache`: each worker
   keeps the folds it made and reads only the events stored since, checking their links),
   check the client's version, let the pure command decide, chain the new events and
   fold them (and ``prepare`` the answer) — all of it without holding the write lock;
2. in ONE transaction: ``first()`` (the caller claims its Idempotency-Key there: a
   duplicate waits for the first request's transaction and gets its stored answer),
   check the ledger still ends at the event decided on, insert the events, ``within()``
   (store the answer for the key), commit;
3. if another writer stored an event meanwhile (the check of 2., or the unique (match, seq)
   index on PostgreSQL), roll back and start again at 1 — on the ledger as it now is, so a
   client whose If-Match is now stale gets 412 (VersionMismatch); so does a write that
   lost :data:`ATTEMPTS` times in a row to other writers of the match.

SQLite's ``BEGIN IMMEDIATE`` (or PostgreSQL's unique index) keeps writers apart; the lock
is held for the few statements of 2 only. A request that fails, or a server that dies mid-
request, leaves nothing: the transaction rolls back. A read folds only verified events: a
ledger changed behind the service's back raises :class:`LedgerTampered`, never a total.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

import peewee

from referee.match.events import GENESIS_HASH, Event, canonical_json, chain_hash
from referee.match.games import GAMES
from referee.match.state import Fold, MatchState
from referee.store import changes, keys
from referee.store.db import database_proxy, execute, write_transaction
from referee.store.models import Event as EventRow
from referee.store.models import Match, _now

NewEvent = tuple[str, dict[str, Any]]
T = TypeVar("T")

log = logging.getLogger(__name__)

#: How often :func:`transact` runs a write whose insert lost to a concurrent writer.
ATTEMPTS = 3


class MatchNotFound(LookupError):
    """No match with that id."""


class VersionMismatch(RuntimeError):
    """The client's expected version is not the match's current one (optimistic locking)."""

    def __init__(self, current: MatchState) -> None:
        self.current = current
        super().__init__(f"the match is at version {current.version}")


class LedgerTampered(RuntimeError):
    """The match's stored events do not verify from event ``seq`` on: changed, removed or
    inserted outside the service (or under a key the server no longer holds)."""

    def __init__(self, match_id: str, seq: int) -> None:
        self.match_id = match_id
        self.seq = seq
        super().__init__(f"the ledger of match {match_id} does not verify at event {seq}")


class LedgerFull(RuntimeError):
    """A write would take the match past :func:`max_events` events: nothing is stored."""

    def __init__(self, match_id: str, limit: int) -> None:
        self.match_id = match_id
        self.limit = limit
        super().__init__(f"the ledger of match {match_id} holds its {limit} events")


def _setting(name: str, default: float) -> float:
    """A number from the environment (``name``), or ``default`` when unset or not a number
    of at least 0."""
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return value if value >= 0 else default


#: The default of :func:`max_events`: no real match comes near it. A Pitch deal played card
#: by card is about 30 events, so a game to 21 is some 1,000 and one to 52 some 3,000; a
#: Piquet partie is six deals. Only a Pitch game to hundreds of points (the option allows
#: 500) played card by card could reach it: record it by whole deals (two events each) or
#: raise the setting. docs/security.md.
MAX_EVENTS = 20_000

#: The default of :func:`recheck_seconds`.
RECHECK_SECONDS = 10.0


def max_events() -> int:
    """The most events a match's ledger may hold (``REFEREE_MAX_EVENTS``, default
    :data:`MAX_EVENTS`): a write that would go past it is refused (:class:`LedgerFull`, 409),
    so no request folds more than that many events."""
    return int(_setting("REFEREE_MAX_EVENTS", MAX_EVENTS))


def recheck_seconds() -> float:
    """Seconds a worker serves a cached fold before it checks the whole stored chain behind
    it again (``REFEREE_LEDGER_RECHECK_SECONDS``, default :data:`RECHECK_SECONDS`; 0: every
    request). The bound on finding a change to an event the fold already holds."""
    return _setting("REFEREE_LEDGER_RECHECK_SECONDS", RECHECK_SECONDS)


#: The matches this process found not to verify, and where (match id → first broken seq):
#: GET /readyz counts them. A match found whole again (restored) leaves it.
_DAMAGED: dict[str, int] = {}


def damaged() -> dict[str, int]:
    """The matches this process found not to verify since it started (id → first broken
    seq), a copy."""
    return dict(_DAMAGED)


@dataclass(frozen=True, slots=True)
class Appended:
    """The result of a write: the new state and the events appended (with their seqs)."""

    state: MatchState
    events: tuple[Event, ...]


def new_match_id() -> str:
    """A random, unguessable match id (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


# The statements of every request, written out (see referee.store.db.execute).
_EVENTS = (
    'SELECT "seq", "kind", "payload", "actor", "prev_hash", "hash", "key_id" FROM "event" '
    'WHERE "match_id" = ? ORDER BY "seq"'
)
_EVENTS_FROM = (
    'SELECT "seq", "kind", "payload", "actor", "prev_hash", "hash", "key_id" FROM "event" '
    'WHERE "match_id" = ? AND "seq" >= ? ORDER BY "seq"'
)
_EVENTS_BETWEEN = (
    'SELECT "seq", "kind", "payload", "actor", "prev_hash", "hash", "key_id" FROM "event" '
    'WHERE "match_id" = ? AND "seq" >= ? AND "seq" < ? ORDER BY "seq"'
)
_HEAD = 'SELECT "seq", "hash" FROM "event" WHERE "match_id" = ? ORDER BY "seq" DESC LIMIT 1'
_HEAD_ROW = (
    'SELECT "seq", "kind", "payload", "actor", "prev_hash", "hash", "key_id" FROM "event" '
    'WHERE "match_id" = ? ORDER BY "seq" DESC LIMIT 1'
)
_INSERT_EVENT = (
    'INSERT INTO "event" ("match_id", "seq", "kind", "payload", "actor", "created_at", '
    '"prev_hash", "hash", "key_id") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
)


def transact(work: Callable[[], T]) -> T:
    """Run ``work`` in one write transaction and return what it returns (e.g. a create, a
    token rotation, or an :func:`append` with more written beside it). Inside a transaction
    already, ``work`` just runs.

    When ``work`` loses to a concurrent writer (a unique index, PostgreSQL; or an
    :func:`append` in it finds the match moved since its decision), everything it did is
    rolled back and it runs again, up to :data:`ATTEMPTS` times; then a lost append is a
    :class:`VersionMismatch` with the match as it stands. Whatever else ``work`` raises
    rolls the transaction back and propagates.
    """
    if database_proxy.obj.in_transaction():
        return work()
    for attempt in range(1, ATTEMPTS + 1):
        try:
            with write_transaction():
                return work()
        except peewee.IntegrityError:
            if attempt == ATTEMPTS:
                raise
        except _Moved as moved:
            if attempt == ATTEMPTS:
                raise VersionMismatch(load_state(moved.match_id)) from None
    raise AssertionError("unreachable")


def _once(work: Callable[[], T]) -> T:
    """``work`` in one write transaction (or in the caller's), not run again: its caller
    decides again first."""
    if database_proxy.obj.in_transaction():
        return work()
    with write_transaction():
        return work()


Row = Sequence[Any]  # seq, kind, payload (text), actor, prev_hash, hash, key_id


def _first_broken(rows: Sequence[Row], after: Row | None = None) -> int | None:
    """The first seq of ``rows`` whose link does not verify, or None.

    ``rows`` follow ``after`` (the row before them; None: they start the ledger). Seqs count
    on without gaps; each link is the HMAC-SHA256 of the previous link and the event under
    the server key its key id names (a key the keyring no longer holds, or no key id at
    all, does not verify: migration 0004 linked the older events under the key).
    """
    ring = keys.keyring()
    expected, prev = 1, GENESIS_HASH
    if after is not None:
        expected, prev = int(after[0]) + 1, after[5]
    for seq, kind, payload, actor, prev_hash, digest, kid in rows:
        if seq != expected or prev_hash != prev or kid is None:
            return int(seq)
        try:
            key = ring.key(kid)
        except keys.LedgerKeyError:
            return int(seq)
        if digest != chain_hash(prev, seq, kind, payload, actor, key):
            return int(seq)
        expected, prev = expected + 1, digest
    return None


def _check(match_id: str, rows: Sequence[Row], after: Row | None = None) -> None:
    """Check the links of ``rows`` (see :func:`_first_broken`); a match that does not verify
    is remembered (:func:`damaged`) and its cached fold dropped.

    :raises LedgerTampered: a link does not verify.
    """
    broken = _first_broken(rows, after)
    if broken is not None:
        _refuse(match_id, broken)


def _refuse(match_id: str, seq: int) -> NoReturn:
    """Log and remember that the match does not verify at event ``seq``, drop its cached
    fold. :raises LedgerTampered: always."""
    log.error("ledger of match %s does not verify at event %d", match_id, seq)
    _DAMAGED[match_id] = seq
    FOLDS.drop(match_id)
    raise LedgerTampered(match_id, seq)


def _events(match_id: str, rows: Sequence[Row], after: Row | None = None,
            checked: bool = False) -> list[Event]:
    """The events of ``rows``, their links checked (unless ``checked``: they were).

    :raises LedgerTampered:
    """
    if not checked:
        _check(match_id, rows, after)
    loads = json.loads
    return [Event(seq, kind, loads(payload), actor, digest)
            for seq, kind, payload, actor, _, digest, _ in rows]


def _load(match_id: str) -> list[Event]:
    """All the match's events in seq order, their chain checked.

    :raises MatchNotFound: no events (no such match).
    :raises LedgerTampered: a link does not verify.
    """
    rows = execute(_EVENTS, (match_id,)).fetchall()
    if not rows:
        raise MatchNotFound(match_id)
    return _events(match_id, rows)


def last_row(match_id: str) -> Row | None:
    """The match's last stored row (not checked), or None (no such match)."""
    row = execute(_HEAD_ROW, (match_id,)).fetchone()
    return tuple(row) if row is not None else None


def rows(match_id: str) -> list[Row]:
    """All the match's stored rows in seq order, not checked (see :func:`check`)."""
    return execute(_EVENTS, (match_id,)).fetchall()


def rows_from(match_id: str, seq: int) -> list[Row]:
    """The match's stored rows from event ``seq`` on, in seq order, not checked."""
    return execute(_EVENTS_FROM, (match_id, seq)).fetchall()


def rows_between(match_id: str, first: int, before: int) -> list[Row]:
    """The match's stored rows from event ``first`` up to, not including, ``before``, in
    seq order, not checked."""
    return execute(_EVENTS_BETWEEN, (match_id, first, before)).fetchall()


def check(match_id: str, rows: Sequence[Row], after: Row | None = None) -> None:
    """Check the links of ``rows``, which follow the stored row ``after`` (None: they start
    the ledger); a match that does not verify is remembered (:func:`damaged`).

    :raises LedgerTampered: a link does not verify.
    """
    _check(match_id, rows, after)


class FoldCache:
    """The folds of the matches a worker served lately (least recently used dropped past
    ``size``), so a request reads and checks only the events stored since (by any worker):
    its cost does not grow with the match (bench/RESULTS.md).

    A worker that has no fold of a match resumes one from the match's newest usable fold
    snapshot (referee.resume), and keeps it as if folded now: the links after the snapshot
    are checked at once, the whole chain as for any cached fold (below).

    Never trusted blindly: :meth:`fold` reads from the cached fold's last event on, and
    uses the cache only when that event is still the one folded (same seq, same link); else
    it folds the whole ledger again. A change to an OLDER event (someone writing the
    database) leaves that last event as it was, so a fold whose whole chain was last checked
    :func:`recheck_seconds` ago or more (or any, with ``whole``) is checked against the
    whole stored chain again first: every link, no replay. A fold handed out is the
    caller's own copy; one :meth:`put` in is never changed afterwards.

    ``clock``: seconds, monotonic (tests move it on).
    """

    def __init__(self, size: int = 1024, clock: Callable[[], float] = time.monotonic) -> None:
        self.size = size
        self.clock = clock
        # match id → (fold, its last stored row, when its whole chain was last checked)
        self._folds: OrderedDict[str, tuple[Fold, Row, float]] = OrderedDict()
        self._lock = threading.Lock()

    def fold(self, match_id: str, whole: bool = False) -> Fold:
        """The match's fold as its committed events make it, a copy of the caller's own.

        ``whole``: check every stored link now, however recently it was checked (the
        ledger, its CSV).

        :raises MatchNotFound:
        :raises LedgerTampered: an event not folded yet, or (when the whole chain is checked)
            any event, does not verify.
        """
        try:
            return self._fold(match_id, whole)
        except LedgerTampered:
            self.drop(match_id)
            raise

    def _fold(self, match_id: str, whole: bool) -> Fold:
        with self._lock:
            cached = self._folds.get(match_id)
        now = self.clock()
        if cached is None:  # from a snapshot: as trusted as a fold cached now (below)
            from referee import resume  # above the store (docs/operations.md)

            resumed = resume.resume(match_id)
            if resumed is not None:
                cached = (resumed[0], tuple(resumed[1]), now)
                self.put(match_id, *cached)
        if cached is not None and (whole or now - cached[2] >= recheck_seconds()):
            return self._rechecked(match_id, cached, now)
        if cached is not None:
            fold, last, checked = cached
            rows = execute(_EVENTS_FROM, (match_id, last[0])).fetchall()
            if rows and tuple(rows[0]) == tuple(last):
                newer = _events(match_id, rows[1:], last)
                if not newer:
                    return fold.copy()
                if fold.can_extend(newer):
                    fold = fold.copy()
                    fold.extend(newer)
                    self.put(match_id, fold, rows[-1], checked)
                    return fold.copy()
        rows = execute(_EVENTS, (match_id,)).fetchall()
        return self._folded(match_id, rows, now)

    def _rechecked(self, match_id: str, cached: tuple[Fold, Row, float], now: float) -> Fold:
        """Check the whole stored chain, then extend the cached fold with what is new (or
        fold again, when the ledger no longer leads to the fold's last event)."""
        fold, last, _ = cached
        rows = execute(_EVENTS, (match_id,)).fetchall()
        if not rows:
            self.drop(match_id)
            raise MatchNotFound(match_id)
        _check(match_id, rows)  # seqs count 1, 2, … from here on
        seq = int(last[0])
        if len(rows) >= seq and tuple(rows[seq - 1]) == tuple(last):
            newer = _events(match_id, rows[seq:], checked=True)
            if fold.can_extend(newer):
                if newer:
                    fold = fold.copy()
                    fold.extend(newer)
                self.put(match_id, fold, rows[-1], now)
                _DAMAGED.pop(match_id, None)
                return fold.copy()
        return self._folded(match_id, rows, now, checked=True)

    def _folded(self, match_id: str, rows: Sequence[Row], now: float,
                checked: bool = False) -> Fold:
        """Fold the whole ledger ``rows`` (all the match's events) and keep it."""
        if not rows:
            raise MatchNotFound(match_id)
        fold = Fold(_events(match_id, rows, checked=checked), GAMES)
        self.put(match_id, fold, rows[-1], now)
        _DAMAGED.pop(match_id, None)
        from referee import resume

        resume.keep(match_id, fold, 0)  # a long replay: the next one starts there
        return fold.copy()

    def put(self, match_id: str, fold: Fold, last: Row, checked: float | None = None) -> None:
        """Keep ``fold`` (nobody changes it afterwards), made of the events up to the stored
        row ``last``; ``checked``: when the whole chain up to it was last checked (None: the
        one of the fold it extends, else now)."""
        with self._lock:
            if checked is None:
                before = self._folds.get(match_id)
                checked = before[2] if before is not None else self.clock()
            self._folds[match_id] = (fold, tuple(last), checked)
            self._folds.move_to_end(match_id)
            while len(self._folds) > self.size:
                self._folds.popitem(last=False)

    def drop(self, match_id: str) -> None:
        """Forget the match's fold (its ledger was found not to verify)."""
        with self._lock:
            self._folds.pop(match_id, None)

    def clear(self) -> None:
        """Forget every fold."""
        with self._lock:
            self._folds.clear()


#: This process's folds (see :class:`FoldCache`).
FOLDS = FoldCache()


def load_state(match_id: str, whole: bool = False) -> MatchState:
    """The match's state replayed from its events (their chain checked; ``whole``: every
    link checked now, see :meth:`FoldCache.fold`).

    :raises MatchNotFound:
    :raises LedgerTampered: the stored events do not verify.
    """
    return FOLDS.fold(match_id, whole).state()


def _row(row: EventRow) -> Row:
    return (row.seq, row.kind, row.payload, row.actor, row.prev_hash, row.hash, row.key_id)


def event_rows(match_id: str, after_seq: int = 0, limit: int = 100) -> list[EventRow]:
    """Up to ``limit`` stored event rows with seq > ``after_seq`` (for the paginated log),
    each checked against its link as it is read (and the first against the event before).

    :raises LedgerTampered: one of them does not verify.
    """
    after_seq = max(0, after_seq)
    rows = list(
        EventRow.select()
        .where((EventRow.match == match_id) & (EventRow.seq >= max(1, after_seq)))
        .order_by(EventRow.seq)
        .limit(limit + 1)
    )
    before = None
    if after_seq > 0:
        if rows and rows[0].seq == after_seq:
            before = rows.pop(0)
        elif rows:  # the event before the page is gone
            _refuse(match_id, after_seq)
    rows = rows[:limit]
    _check(match_id, [_row(r) for r in rows], _row(before) if before is not None else None)
    return rows


def create_match(
    game: str,
    new_events: Sequence[NewEvent],
    actor: str | None,
    within: Callable[[str, Appended], None] | None = None,
) -> tuple[str, MatchState]:
    """Store a new match with its first events; returns (id, state).

    ``within(match_id, appended)`` runs inside the same transaction (tokens, idempotency).
    """

    def work() -> tuple[str, MatchState]:
        match_id = new_match_id()
        Match.create(id=match_id, game=game)
        rows, stored = _chain(0, GENESIS_HASH, new_events, actor)
        _insert(match_id, rows)
        appended = Appended(Fold(stored, GAMES).state(), tuple(stored))
        if within is not None:
            within(match_id, appended)
        return match_id, appended.state

    return transact(work)


class _Moved(Exception):
    """The ledger of ``match_id`` gained an event since the fold a write was decided on."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        super().__init__(match_id)


@dataclass(slots=True)
class _Plan:
    """A write decided on a fold: the rows to insert after the fold's last event (``base``:
    seq and link), the result, or the ``error`` the decision raised."""

    base: tuple[int, str]
    rows: list[tuple[Any, ...]]
    appended: Appended | None = None
    fold: Fold | None = None
    error: Exception | None = None


def append(
    match_id: str,
    decide: Callable[[MatchState], Sequence[NewEvent]],
    actor: str | None = None,
    expected_version: int | None = None,
    within: Callable[[Appended], None] | None = None,
    prepare: Callable[[Appended], None] | None = None,
    first: Callable[[], None] | None = None,
) -> Appended:
    """Append what ``decide(state)`` returns to the match (see the module's steps 1–3).

    ``prepare(appended)`` (pure work on the result, e.g. render the answer) runs before the
    transaction; ``first()`` runs first in it (e.g. claim the Idempotency-Key: it raises to
    answer otherwise, and the transaction stores nothing); ``within(appended)`` runs in it
    after the insert (e.g. store the answer for the key). Inside an outer transaction the
    same steps run in that one.

    :raises MatchNotFound: no such match.
    :raises LedgerTampered: the stored events do not verify (nothing is decided on them).
    :raises VersionMismatch: ``expected_version`` given and not the current version.
    Whatever ``decide`` or ``first`` raise propagates and nothing is stored.
    """
    for attempt in range(1, ATTEMPTS + 1):
        plan = _decide(match_id, decide, actor, expected_version, prepare)

        def work(plan: _Plan = plan) -> Appended:
            if first is not None:
                first()
            if isinstance(plan.error, VersionMismatch):
                raise plan.error  # the ledger only grows: still not the client's version
            head = execute(_HEAD, (match_id,)).fetchone()
            if head is None or (int(head[0]), head[1]) != plan.base:
                raise _Moved(match_id)
            if plan.error is not None:
                raise plan.error
            assert plan.appended is not None
            _insert(match_id, plan.rows)
            if within is not None:
                within(plan.appended)
            changes.announce(match_id, plan.appended.state.version)  # to the streams, at commit
            return plan.appended

        try:
            appended = _once(work)
        except (_Moved, peewee.IntegrityError):
            if database_proxy.obj.in_transaction():
                raise
            if attempt == ATTEMPTS:  # others kept writing this match: say how it stands
                raise VersionMismatch(load_state(match_id)) from None
            continue
        if plan.fold is not None and plan.rows:
            FOLDS.put(match_id, plan.fold, plan.rows[-1])
            from referee import resume

            resume.keep(match_id, plan.fold, plan.base[0])
        return appended
    raise AssertionError("unreachable")


def _decide(
    match_id: str,
    decide: Callable[[MatchState], Sequence[NewEvent]],
    actor: str | None,
    expected_version: int | None,
    prepare: Callable[[Appended], None] | None,
) -> _Plan:
    """Step 1 of a write: decide on the match's fold as committed (pure; no lock held)."""
    fold = FOLDS.fold(match_id)
    state = fold.state()
    plan = _Plan((state.version, state.head or GENESIS_HASH), [])
    try:
        if expected_version is not None and expected_version != state.version:
            raise VersionMismatch(state)
        new_events = decide(state)
        if state.version + len(new_events) > max_events():
            raise LedgerFull(match_id, max_events())
    except Exception as error:  # raised in the transaction, if the ledger has not moved
        plan.error = error
        return plan
    plan.rows, added = _chain(state.version, state.head or GENESIS_HASH, new_events, actor)
    if fold.can_extend(added):
        fold.extend(added, getattr(new_events, "check", None))  # a step: ruled once
        plan.fold = fold
    else:  # an undo: fold the ledger again (the head check below covers it), from a
        from referee import resume  # snapshot before what it takes back when there is one

        resumed = resume.resume(match_id, added)
        if resumed is not None:
            fold, last = resumed
            plan.fold = fold if last[0] == state.version else None
        else:
            events = _load(match_id)
            fold = Fold([*events, *added], GAMES)
            plan.fold = fold if events[-1].seq == state.version else None
    plan.appended = Appended(fold.state(), tuple(added))
    if prepare is not None:
        prepare(plan.appended)
    return plan


def _chain(
    version: int, prev: str, new_events: Sequence[NewEvent], actor: str | None
) -> tuple[list[tuple[Any, ...]], list[Event]]:
    """The rows of ``new_events`` after event ``version`` (whose link is ``prev``), each
    linked to the one before by the current key: (seq, kind, payload text, actor, prev_hash,
    hash, key_id) each; and the events as they will be stored."""
    ring = keys.keyring()
    key, kid = ring.current, ring.current_id
    rows: list[tuple[Any, ...]] = []
    stored: list[Event] = []
    for seq, (kind, payload) in enumerate(new_events, start=version + 1):
        text = canonical_json(payload)
        digest = chain_hash(prev, seq, kind, text, actor, key)
        rows.append((seq, kind, text, actor, prev, digest, kid))
        stored.append(Event(seq, kind, json.loads(text), actor, digest))
        prev = digest
    return rows, stored


def _insert(match_id: str, rows: Sequence[tuple[Any, ...]]) -> None:
    """Insert chained rows (see :func:`_chain`).

    :raises peewee.IntegrityError: another writer stored one of these seqs first.
    """
    now = _now()
    for seq, kind, text, actor, prev, digest, kid in rows:
        execute(_INSERT_EVENT, (match_id, seq, kind, text, actor, now, prev, digest, kid))


def chain_head(match_id: str) -> tuple[int, str]:
    """(number of events, link of the last one): keep them to detect a truncated ledger.

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
    """Check the match's chain; returns the first seq where it breaks, or None if whole.

    :raises MatchNotFound:
    """
    rows = execute(_EVENTS, (match_id,)).fetchall()
    if not rows:
        raise MatchNotFound(match_id)
    broken = _first_broken(rows)
    if broken is None:
        _DAMAGED.pop(match_id, None)
    else:
        _DAMAGED[match_id] = broken
        FOLDS.drop(match_id)
    return broken


def match_ids() -> list[str]:
    """Every match's id, oldest first (for ``flask db verify --all``)."""
    return [row[0] for row in execute(
        'SELECT "id" FROM "match" ORDER BY "created_at", "id"').fetchall()]


@dataclass(frozen=True, slots=True)
class HeadCheck:
    """A head a client kept (``seq``, ``hash``) against the ledger: ``status`` "same" (the
    ledger ends there), "extended" (it leads there and goes on), "behind" (the ledger is
    shorter: cut off) or "diverged" (event ``seq`` is another one: rewritten)."""

    seq: int
    hash: str
    status: str

    @property
    def consistent(self) -> bool:
        """Whether the ledger still holds what the client saw."""
        return self.status in ("same", "extended")


def check_head(match_id: str, seq: int, digest: str) -> HeadCheck:
    """Compare a head a client recorded (from a match's ``head``) with the ledger.

    :raises MatchNotFound:
    """
    last, _ = chain_head(match_id)
    if seq > last:
        return HeadCheck(seq, digest, "behind")
    row = EventRow.get_or_none((EventRow.match == match_id) & (EventRow.seq == seq))
    if row is None or row.hash != digest:
        return HeadCheck(seq, digest, "diverged")
    return HeadCheck(seq, digest, "same" if seq == last else "extended")
