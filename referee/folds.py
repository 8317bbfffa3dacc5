"""The match as its stored ledger makes it: the store's event rows folded by the match layer,
and the steps of a write on that fold.

It sits above both (the API calls it; the store imports nothing from the match layer, the
match layer nothing from the database). A write is the caller's ONE transaction (opened by
the API with :func:`transact`, which claims the Idempotency-Key first and stores the answer
last), in which it calls, in this order:

1. :func:`expect`: the match's fold as committed (the worker's :class:`FoldCache`, caught up
   with the events stored since, their links checked) and the one comparison of the
   client's version with it (:class:`VersionMismatch`, 412);
2. the pure command decides on ``fold.state()`` (referee.match.commands);
3. :func:`append`: the events chained after the fold's last one and inserted, the fold
   extended with them (kept for the next request once the transaction commits).

SQLite's ``BEGIN IMMEDIATE`` lets no other writer in meanwhile; on PostgreSQL another
writer may commit between 1 and 3, and the unique (match, seq) index refuses the insert:
:func:`transact` rolls everything back and runs the write once more, on the ledger as it
now is (a client whose If-Match is now stale gets 412); a second loss is a 412 too.

:func:`cold` is the one place a whole ledger is folded from its first event.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import peewee

from referee import resume
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold, MatchState
from referee.store import ledger
from referee.store.db import database_proxy, write_transaction
from referee.store.ledger import LedgerTampered, MatchNotFound, NewEvent, Row

T = TypeVar("T")

#: How often :func:`transact` runs a write: once, and once more if another writer stored an
#: event of the match first (the unique (match, seq) index refused the insert).
ATTEMPTS = 2

#: The default of :func:`recheck_seconds`.
RECHECK_SECONDS = 10.0


def recheck_seconds() -> float:
    """Seconds a worker serves a cached fold before it checks the whole stored chain behind
    it again (``REFEREE_LEDGER_RECHECK_SECONDS``, default :data:`RECHECK_SECONDS`; 0: every
    request). The bound on finding a change to an event the fold already holds."""
    return ledger._setting("REFEREE_LEDGER_RECHECK_SECONDS", RECHECK_SECONDS)


class VersionMismatch(RuntimeError):
    """The client's expected version is not the match's current one (optimistic locking):
    ``current``, the match as it stands."""

    def __init__(self, current: MatchState) -> None:
        self.current = current
        super().__init__(f"the match is at version {current.version}")


@dataclass(frozen=True, slots=True)
class Appended:
    """The result of a write: the new state and the events appended (with their seqs)."""

    state: MatchState
    events: tuple[Event, ...]


def _events(rows: Sequence[Row]) -> list[Event]:
    """The match events of stored rows (their links checked already)."""
    loads = json.loads
    return [Event(seq, kind, loads(payload), actor, digest)
            for seq, kind, payload, actor, _, digest, _ in rows]


def cold(match_id: str, events: Sequence[Event]) -> Fold:
    """Fold a match's whole ledger, ``events`` from its ``match_created`` on (their links
    checked): a cold read, a cached fold the ledger no longer leads to, an undo.

    :raises ValueError: the first event is not ``match_created``.
    """
    return Fold(events, GAMES)


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
    :func:`recheck_seconds` ago or more (or any, with ``whole``, or when a read of the store
    found the match damaged since) is checked against the whole stored chain again first:
    every link, no replay. A fold handed out is the
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
        if cached is None:  # from a fold snapshot: as trusted as a fold cached now (below)
            resumed = resume.resume(match_id)
            if resumed is not None:
                cached = (resumed[0], tuple(resumed[1]), now)
                self.put(match_id, *cached)
        if cached is not None and (whole or now - cached[2] >= recheck_seconds()
                                   or ledger.is_damaged(match_id)):
            return self._rechecked(match_id, cached, now)
        if cached is not None:
            fold, last, checked = cached
            rows = ledger.rows_from(match_id, last[0])
            if rows and tuple(rows[0]) == tuple(last):
                ledger.check(match_id, rows[1:], last)
                newer = _events(rows[1:])
                if not newer:
                    return fold.copy()
                if fold.can_extend(newer):
                    fold = fold.copy()
                    fold.extend(newer)
                    self.put(match_id, fold, rows[-1], checked)
                    return fold.copy()
        return self._folded(match_id, ledger.rows(match_id), now)

    def _rechecked(self, match_id: str, cached: tuple[Fold, Row, float], now: float) -> Fold:
        """Check the whole stored chain, then extend the cached fold with what is new (or
        fold again, when the ledger no longer leads to the fold's last event)."""
        fold, last, _ = cached
        rows = ledger.rows(match_id)
        if not rows:
            self.drop(match_id)
            raise MatchNotFound(match_id)
        ledger.check(match_id, rows)  # seqs count 1, 2, … from here on
        seq = int(last[0])
        if len(rows) >= seq and tuple(rows[seq - 1]) == tuple(last):
            newer = _events(rows[seq:])
            if fold.can_extend(newer):
                if newer:
                    fold = fold.copy()
                    fold.extend(newer)
                self.put(match_id, fold, rows[-1], now)
                ledger.whole_again(match_id)
                return fold.copy()
        return self._folded(match_id, rows, now, checked=True)

    def _folded(self, match_id: str, rows: Sequence[Row], now: float,
                checked: bool = False) -> Fold:
        """Fold the whole ledger ``rows`` (all the match's events) and keep it."""
        if not rows:
            raise MatchNotFound(match_id)
        if not checked:
            ledger.check(match_id, rows)
        fold = cold(match_id, _events(rows))
        self.put(match_id, fold, rows[-1], now)
        ledger.whole_again(match_id)
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


def verify(match_id: str) -> int | None:
    """Check the match's whole stored chain: the first seq where it breaks (its cached fold
    dropped), or None when whole.

    :raises MatchNotFound:
    """
    broken = ledger.verify_chain(match_id)
    if broken is not None:
        FOLDS.drop(match_id)
    return broken


def expect(match_id: str, expected_version: int | None) -> Fold:
    """Step 1 of a write, in its transaction: the match's fold as committed, and the one
    comparison of the version the client read (``expected_version``; None: any) with it.

    :raises MatchNotFound:
    :raises LedgerTampered: the stored events do not verify (nothing is decided on them).
    :raises VersionMismatch: ``expected_version`` given and not the current version.
    """
    fold = FOLDS.fold(match_id)
    if expected_version is not None and expected_version != fold.version:
        raise VersionMismatch(fold.state())
    return fold


def append(match_id: str, fold: Fold, new_events: Sequence[NewEvent],
           actor: str | None) -> Appended:
    """Step 3 of a write, in its transaction: chain ``new_events`` (what the command decided
    on ``fold``, kind and payload each) after the fold's last event, store them, and return
    the match with them. The fold (the caller's copy from :func:`expect`) is extended — a
    step with the ruling its command made (``new_events.check``), so it is not ruled again —
    and kept for the next request when the transaction commits.

    :raises LedgerFull: past :func:`referee.store.ledger.max_events`.
    :raises peewee.IntegrityError: another writer stored an event first (:func:`transact`
        runs the write again).
    """
    before = fold.version
    rows = ledger.chain(fold.version, fold.head, new_events, actor)
    ledger.append(match_id, rows)
    added = _events(rows)
    if fold.can_extend(added):
        fold.extend(added, getattr(new_events, "check", None))  # a step: ruled once
    else:  # an undo: the ledger folded again, from a snapshot before what it takes back
        resumed = resume.resume(match_id)
        if resumed is not None:
            fold = resumed[0]
        else:
            stored = ledger.rows(match_id)
            ledger.check(match_id, stored)
            fold = cold(match_id, _events(stored))
    if rows:
        kept, last = fold, rows[-1]

        def committed() -> None:
            FOLDS.put(match_id, kept, last)
            resume.keep(match_id, kept, before)  # past a multiple of its interval

        database_proxy.obj.after_commit(committed)
    return Appended(fold.state(), tuple(added))


def create(game: str, new_events: Sequence[NewEvent], actor: str | None,
           expires: bool = True) -> tuple[str, Appended]:
    """Store a new match of ``game`` with its first events (``match_created`` first), in the
    caller's transaction; returns its id and the match. ``expires`` false: it never expires
    (a match imported from a record file, or a club event's)."""
    match_id, rows = ledger.create(game, new_events, actor, expires)
    added = _events(rows)
    return match_id, Appended(cold(match_id, added).state(), tuple(added))


def transact(work: Callable[[], T], match_id: str | None = None) -> T:
    """Run ``work`` (a whole write: the Idempotency-Key's claim, :func:`expect`, the
    decision, :func:`append`, the stored answer) in ONE write transaction and return what it
    returns; inside a transaction already, ``work`` just runs in it.

    Whatever ``work`` raises rolls everything back and propagates — except a lost race:
    when the database's unique (match, seq) index refuses an insert (another writer stored
    an event first, PostgreSQL), ``work`` runs once more on the ledger as it now is; lost
    again, it is a :class:`VersionMismatch` with the match ``match_id`` as it stands (or
    the ``peewee.IntegrityError`` itself, for a write of no match yet).

    :raises referee.store.db.DatabaseBusy:
    :raises referee.store.db.WriteOutcomeUnknown:
    """
    if database_proxy.obj.in_transaction():
        return work()
    for attempt in range(1, ATTEMPTS + 1):
        try:
            with write_transaction():
                return work()
        except peewee.IntegrityError:
            if attempt == ATTEMPTS:
                if match_id is None:
                    raise
                raise VersionMismatch(load_state(match_id)) from None
    raise AssertionError("unreachable")
