"""The match ledger in the database: event rows appended, read back and verified.

The store knows rows, not matches: ``(seq, kind, payload text, actor, prev_hash, hash,
key_id)`` (:data:`Row`), each linked to the one before by the server's key
(:mod:`referee.store.chain`). It imports nothing from the match layer: what the events mean
(the fold, the version a client read, the rules) is decided above it (referee/folds.py).

A write is the caller's ONE transaction (:func:`referee.store.db.write_transaction`, opened
by the API with its Idempotency-Key's claim): :func:`chain` links the new events after the
last one the caller folded, :func:`append` inserts them. The database's unique (match, seq)
index is the last guard: a writer that decided on a ledger another writer has since
extended (PostgreSQL's read committed; SQLite's ``BEGIN IMMEDIATE`` lets no other writer
in) gets ``peewee.IntegrityError`` and nothing of its transaction is stored.

A read checks every link it reads: a ledger changed behind the service's back raises
:class:`LedgerTampered`, never a total.
"""

from __future__ import annotations

import datetime
import logging
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from referee.store import changes, keys
from referee.store.chain import GENESIS_HASH, canonical_json, chain_hash
from referee.store.db import execute
from referee.store.models import Event as EventRow
from referee.store.models import Match, _now

#: An event to append: (kind, payload), the payload a JSON-ready dict.
NewEvent = tuple[str, dict[str, Any]]

#: A stored event: seq, kind, payload (its canonical JSON text), actor, prev_hash, hash,
#: key_id.
Row = Sequence[Any]

log = logging.getLogger(__name__)


class MatchNotFound(LookupError):
    """No match with that id."""


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


def max_events() -> int:
    """The most events a match's ledger may hold (``REFEREE_MAX_EVENTS``, default
    :data:`MAX_EVENTS`): a write that would go past it is refused (:class:`LedgerFull`, 409),
    so no request folds more than that many events."""
    return int(_setting("REFEREE_MAX_EVENTS", MAX_EVENTS))


#: The matches this process found not to verify, and where (match id → first broken seq):
#: GET /readyz counts them. A match found whole again (restored) leaves it.
_DAMAGED: dict[str, int] = {}


def damaged() -> dict[str, int]:
    """The matches this process found not to verify since it started (id → first broken
    seq), a copy."""
    return dict(_DAMAGED)


def is_damaged(match_id: str) -> bool:
    """Whether this process found the match not to verify (and has not found it whole
    since)."""
    return match_id in _DAMAGED


def whole_again(match_id: str) -> None:
    """The match's whole stored chain was just checked and verifies (it leaves
    :func:`damaged`)."""
    _DAMAGED.pop(match_id, None)


def new_match_id() -> str:
    """A random, unguessable match id (22 URL-safe characters), never beginning with "-":
    command lines (``flask db verify``, ``referee export``) would read such an id as an
    option. Older ids may begin with it: the commands take them all the same."""
    while True:
        made = secrets.token_urlsafe(16)
        if not made.startswith("-"):
            return made


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
_LAST = (
    'SELECT "seq", "kind", "payload", "actor", "prev_hash", "hash", "key_id" FROM "event" '
    'WHERE "match_id" = ? ORDER BY "seq" DESC LIMIT 1'
)
_INSERT_EVENT = (
    'INSERT INTO "event" ("match_id", "seq", "kind", "payload", "actor", "created_at", '
    '"prev_hash", "hash", "key_id") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
)
_MORE_VALUES = ", (?, ?, ?, ?, ?, ?, ?, ?, ?)"


def rows(match_id: str) -> list[Row]:
    """All the match's stored rows in seq order, their links NOT checked yet (see
    :func:`check`); empty when there is no such match."""
    return list(execute(_EVENTS, (match_id,)).fetchall())


def rows_from(match_id: str, seq: int) -> list[Row]:
    """The match's stored rows from ``seq`` on (that one included), in seq order, their
    links not checked yet."""
    return list(execute(_EVENTS_FROM, (match_id, seq)).fetchall())


def rows_between(match_id: str, first: int, before: int) -> list[Row]:
    """The match's stored rows from event ``first`` up to, not including, ``before``, in
    seq order, not checked."""
    return list(execute(_EVENTS_BETWEEN, (match_id, first, before)).fetchall())


def last_row(match_id: str) -> Row | None:
    """The match's last stored row (not checked), or None (no such match)."""
    row = execute(_LAST, (match_id,)).fetchone()
    return tuple(row) if row is not None else None


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


def check(match_id: str, rows: Sequence[Row], after: Row | None = None) -> None:
    """Check the links of ``rows`` (which follow the row ``after``; None: they start the
    ledger); a match that does not verify is remembered (:func:`damaged`) and logged.

    :raises LedgerTampered: a link does not verify.
    """
    broken = _first_broken(rows, after)
    if broken is not None:
        _refuse(match_id, broken)


def _refuse(match_id: str, seq: int) -> NoReturn:
    """Log and remember that the match does not verify at event ``seq``.
    :raises LedgerTampered: always."""
    log.error("ledger of match %s does not verify at event %d", match_id, seq)
    _DAMAGED[match_id] = seq
    raise LedgerTampered(match_id, seq)


def chain(version: int, prev: str | None, new_events: Sequence[NewEvent],
          actor: str | None) -> list[Row]:
    """The rows of ``new_events`` (kind, payload each) after event ``version`` whose link is
    ``prev`` (None or :data:`GENESIS_HASH` before the first event), each linked to the one
    before by the server's current key: the rows :func:`append` stores, as
    (seq, kind, payload text, actor, prev_hash, hash, key_id)."""
    ring = keys.keyring()
    key, kid = ring.current, ring.current_id
    link = prev or GENESIS_HASH
    made: list[Row] = []
    for seq, (kind, payload) in enumerate(new_events, start=version + 1):
        text = canonical_json(payload)
        digest = chain_hash(link, seq, kind, text, actor, key)
        made.append((seq, kind, text, actor, link, digest, kid))
        link = digest
    return made


def append(match_id: str, new_rows: Sequence[Row]) -> None:
    """Insert the chained rows (:func:`chain`) in the caller's write transaction and
    announce the match's new version to the streams (at commit): one statement, one round
    trip to the database.

    :raises LedgerFull: they would take the match past :func:`max_events` events.
    :raises peewee.IntegrityError: another writer stored one of these seqs first (the unique
        (match, seq) index): the caller's transaction must roll back.
    """
    if not new_rows:
        return
    last = int(new_rows[-1][0])
    if last > max_events():
        raise LedgerFull(match_id, max_events())
    now = _now()
    params = [value for seq, kind, text, actor, prev, digest, kid in new_rows
              for value in (match_id, seq, kind, text, actor, now, prev, digest, kid)]
    execute(*changes.announcing(_INSERT_EVENT + _MORE_VALUES * (len(new_rows) - 1), params,
                                match_id, last))


def create(game: str, new_events: Sequence[NewEvent], actor: str | None,
           expires: bool = True) -> tuple[str, list[Row]]:
    """Store a new match of ``game`` with its first events, in the caller's write
    transaction; returns its id and the rows stored. ``expires`` false: the match never
    expires (referee.store.expiry; a match imported from a record file, or a club event's)."""
    match_id = new_match_id()
    Match.create(id=match_id, game=game, expires=expires)
    made = chain(0, GENESIS_HASH, new_events, actor)
    append(match_id, made)
    return match_id, made


def _row(row: EventRow) -> Row:
    return (row.seq, row.kind, row.payload, row.actor, row.prev_hash, row.hash, row.key_id)


def event_rows(match_id: str, after_seq: int = 0, limit: int = 100) -> list[EventRow]:
    """Up to ``limit`` stored event rows with seq > ``after_seq`` (for the paginated log),
    each checked against its link as it is read (and the first against the event before).

    :raises LedgerTampered: one of them does not verify.
    """
    after_seq = max(0, after_seq)
    found = list(
        EventRow.select()
        .where((EventRow.match == match_id) & (EventRow.seq >= max(1, after_seq)))
        .order_by(EventRow.seq)
        .limit(limit + 1)
    )
    before = None
    if after_seq > 0:
        if found and found[0].seq == after_seq:
            before = found.pop(0)
        elif found:  # the event before the page is gone
            _refuse(match_id, after_seq)
    found = found[:limit]
    check(match_id, [_row(r) for r in found], _row(before) if before is not None else None)
    return found


def last_written(match_id: str) -> datetime.datetime:
    """When the match's last event was stored (naive UTC).

    :raises MatchNotFound:
    """
    row = (
        EventRow.select(EventRow.created_at)
        .where(EventRow.match == match_id)
        .order_by(EventRow.seq.desc())
        .first()
    )
    if row is None:
        raise MatchNotFound(match_id)
    when: datetime.datetime = row.created_at
    if isinstance(when, str):  # SQLite may hand back the text stored
        when = datetime.datetime.fromisoformat(when)
    return when.replace(tzinfo=None)


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
    stored = rows(match_id)
    if not stored:
        raise MatchNotFound(match_id)
    broken = _first_broken(stored)
    if broken is None:
        _DAMAGED.pop(match_id, None)
    else:
        _DAMAGED[match_id] = broken
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
