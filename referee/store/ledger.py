"""The match ledger in the database: append events, read them back, replay them, verify them.

A write is one database transaction (:func:`transact`): whatever the caller does first in it
(claim its Idempotency-Key), then :func:`append` reads the match's events, checks their
chain, lets the pure command decide what to add on the state they make, and inserts the new
events linked to the last one. Two writers are kept apart by the database alone:

- SQLite: ``BEGIN IMMEDIATE`` takes the write lock before anything is read;
- PostgreSQL: the unique index on (match, seq) refuses the second of two writers that read
  the same last event. Its transaction rolls back and :func:`transact` runs it again, so it
  decides on the ledger as it now is (a client whose If-Match is now stale gets 412).

A request that fails, or a server that dies mid-request, leaves nothing: the transaction
rolls back. Every read checks the chain of the events it folds: a ledger changed behind the
service's back raises :class:`LedgerTampered` instead of serving a wrong total.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

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
_INSERT_EVENT = (
    'INSERT INTO "event" ("match_id", "seq", "kind", "payload", "actor", "created_at", '
    '"prev_hash", "hash", "key_id") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
)


def transact(work: Callable[[], T]) -> T:
    """Run ``work`` in one write transaction and return what it returns.

    When an insert of ``work`` loses to a concurrent writer (the unique (match, seq) index,
    PostgreSQL), everything it did is rolled back and it runs again, up to :data:`ATTEMPTS`
    times. Inside a transaction already, ``work`` just runs (the outer one retries).
    Whatever ``work`` raises rolls the transaction back and propagates.
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
            log.info("a concurrent write came first; deciding again (attempt %d)", attempt + 1)
    raise AssertionError("unreachable")


def _load(match_id: str) -> list[Event]:
    """The match's events in seq order, their chain checked.

    :raises MatchNotFound: no events (no such match).
    :raises LedgerTampered: a link does not verify.
    """
    rows = execute(_EVENTS, (match_id,)).fetchall()
    if not rows:
        raise MatchNotFound(match_id)
    broken = _first_broken(rows)
    if broken is not None:
        log.error("ledger of match %s does not verify at event %d", match_id, broken)
        raise LedgerTampered(match_id, broken)
    loads = json.loads
    return [Event(seq, kind, loads(payload), actor, digest)
            for seq, kind, payload, actor, _, digest, _ in rows]


def _first_broken(rows: Sequence[Sequence[Any]]) -> int | None:
    """The first seq of ``rows`` (seq, kind, payload, actor, prev_hash, hash, key_id) whose
    link does not verify, or None. Seqs count from 1 without gaps; each link is the HMAC of
    its key id (plain SHA-256 when there is none: events from before keyed chains, which may
    only come before keyed ones)."""
    ring = keys.keyring()
    prev, keyed = GENESIS_HASH, False
    for expected, (seq, kind, payload, actor, prev_hash, digest, kid) in enumerate(rows, 1):
        if seq != expected or prev_hash != prev or (keyed and kid is None):
            return int(seq)
        try:
            key = ring.key(kid) if kid is not None else None
        except keys.LedgerKeyError:
            return int(seq)
        if digest != chain_hash(prev, seq, kind, payload, actor, key):
            return int(seq)
        prev, keyed = digest, kid is not None
    return None


def load_state(match_id: str) -> MatchState:
    """The match's state replayed from its events (their chain checked).

    :raises MatchNotFound:
    :raises LedgerTampered: the stored events do not verify.
    """
    return Fold(_load(match_id), GAMES).state()


def event_rows(match_id: str, after_seq: int = 0, limit: int = 100) -> list[EventRow]:
    """Up to ``limit`` stored event rows with seq > ``after_seq`` (for the paginated log)."""
    return list(
        EventRow.select()
        .where((EventRow.match == match_id) & (EventRow.seq > after_seq))
        .order_by(EventRow.seq)
        .limit(limit)
    )


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
        stored = _insert(match_id, 0, GENESIS_HASH, new_events, actor)
        appended = Appended(Fold(stored, GAMES).state(), tuple(stored))
        if within is not None:
            within(match_id, appended)
        return match_id, appended.state

    return transact(work)


def append(
    match_id: str,
    decide: Callable[[MatchState], Sequence[NewEvent]],
    actor: str | None = None,
    expected_version: int | None = None,
    within: Callable[[Appended], None] | None = None,
    prepare: Callable[[Appended], None] | None = None,
) -> Appended:
    """Append what ``decide(state)`` returns to the match, in one transaction (the caller's
    when it runs inside :func:`transact`, else its own).

    ``prepare(appended)`` then ``within(appended)`` run in that transaction after the insert
    (e.g. render the answer, store it for the Idempotency-Key).

    :raises MatchNotFound: no such match.
    :raises LedgerTampered: the stored events do not verify (nothing is decided on them).
    :raises VersionMismatch: ``expected_version`` given and not the current version.
    Whatever ``decide`` raises (MatchError, RecordError) propagates and nothing is stored.
    """

    def work() -> Appended:
        events = _load(match_id)
        fold = Fold(events, GAMES)
        state = fold.state()
        if expected_version is not None and expected_version != state.version:
            raise VersionMismatch(state)
        added = _insert(match_id, state.version, state.head or GENESIS_HASH, decide(state),
                        actor)
        if fold.can_extend(added):
            fold.extend(added)
        else:  # an undo: fold the whole ledger again
            fold = Fold([*events, *added], GAMES)
        appended = Appended(fold.state(), tuple(added))
        if prepare is not None:
            prepare(appended)
        if within is not None:
            within(appended)
        changes.announce(match_id, appended.state.version)  # to the streams, at commit
        return appended

    return transact(work)


def _insert(
    match_id: str, version: int, prev: str, new_events: Sequence[NewEvent], actor: str | None
) -> list[Event]:
    """Insert ``new_events`` after event ``version`` (whose link is ``prev``), each linked to
    the one before by the current key; returns them as stored.

    :raises peewee.IntegrityError: another writer stored event ``version + 1`` first.
    """
    ring = keys.keyring()
    key, kid = ring.current, ring.current_id
    stored: list[Event] = []
    now = _now()
    for seq, (kind, payload) in enumerate(new_events, start=version + 1):
        text = canonical_json(payload)
        digest = chain_hash(prev, seq, kind, text, actor, key)
        execute(_INSERT_EVENT, (match_id, seq, kind, text, actor, now, prev, digest, kid))
        stored.append(Event(seq, kind, json.loads(text), actor, digest))
        prev = digest
    return stored


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
    return _first_broken(rows)


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
