"""Matches that record no deal expire (docs/security.md, "Limits and their defaults").

A match *recorded a deal* when its ledger holds a ``deal_scored`` event (every way of
completing a deal writes one: a whole deal, its last card, its cards, an amendment). A match
that recorded none expires ``ttl`` after its creation, unless it is created not to expire
(``match.expires`` false: a match of an event, or imported from a record). An expired match
answers ``410 match-expired`` on every route (:func:`expired`) until ``flask db prune``
deletes it (:func:`prune`); then it is unknown (its tokens ``401``, another match's
``404``).

The facts read are immutable (a match's creation time) or only ever become true (it recorded
a deal: only :func:`prune` deletes events, and never of such a match), so each process keeps
them (:class:`_Known`) and asks the database about a match once it is past its expiry time.
"""

from __future__ import annotations

import datetime
import threading
from collections import OrderedDict
from collections.abc import Sequence

from referee.store.db import database_proxy, execute, is_sqlite, write_transaction
from referee.store.models import _now

#: The event kind that makes a match a played one (it never expires).
RECORDED_DEAL_KIND = "deal_scored"

#: The shortest expiry time allowed (a day): a match made the evening before is kept.
MIN_TTL = datetime.timedelta(days=1)

#: The expiry time when no setting names one (REFEREE_MATCH_EXPIRY_SECONDS): two days.
DEFAULT_TTL = datetime.timedelta(days=2)

#: How many matches one transaction of :func:`prune` deletes (SQLite's write lock is held
#: for one such batch at a time, so the server goes on answering while it prunes).
PRUNE_BATCH = 200


def _as_datetime(value: str | datetime.datetime) -> datetime.datetime:
    """A stored timestamp as a naive UTC datetime (SQLite hands back the text it stored)."""
    if isinstance(value, str):
        return datetime.datetime.fromisoformat(value)
    return value


_NEVER = datetime.datetime.max  # a match that never expires (it recorded a deal, or is kept)


class _Known:
    """What this process learnt of the matches it was asked about lately: each one's creation
    time, or :data:`_NEVER`. Least recently used dropped past ``size``."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._created: OrderedDict[str, datetime.datetime] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, match_id: str) -> datetime.datetime | None:
        with self._lock:
            found = self._created.get(match_id)
            if found is not None:
                self._created.move_to_end(match_id)
            return found

    def put(self, match_id: str, created: datetime.datetime) -> None:
        with self._lock:
            self._created[match_id] = created
            self._created.move_to_end(match_id)
            while len(self._created) > self.size:
                self._created.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._created.clear()


#: This process's knowledge (see :class:`_Known`).
KNOWN = _Known()

_MATCH = 'SELECT "created_at", "expires" FROM "match" WHERE "id" = ?'
_DEALT = 'SELECT 1 FROM "event" WHERE "match_id" = ? AND "kind" = ? LIMIT 1'


def expired(match_id: str, ttl: datetime.timedelta, now: datetime.datetime | None = None
            ) -> bool:
    """Whether the match expired: created more than ``ttl`` ago (``now``: naive UTC, the
    clock by default), it expires, and it recorded no deal. An unknown id is not expired (its
    route answers 404)."""
    now = _now() if now is None else now
    created = KNOWN.get(match_id)
    if created is not None and (created is _NEVER or now - created <= ttl):
        return False
    if created is None:
        row = execute(_MATCH, (match_id,)).fetchone()
        if row is None:
            return False
        created = _as_datetime(row[0]) if row[1] else _NEVER
        KNOWN.put(match_id, created)
        if created is _NEVER or now - created <= ttl:
            return False
    if execute(_DEALT, (match_id, RECORDED_DEAL_KIND)).fetchone() is not None:
        KNOWN.put(match_id, _NEVER)
        return False
    return True


_CANDIDATES = (
    'SELECT "id" FROM "match" WHERE "expires" AND "created_at" < ? AND NOT EXISTS ('
    'SELECT 1 FROM "event" WHERE "event"."match_id" = "match"."id" AND "event"."kind" = ?) '
    'ORDER BY "created_at" LIMIT ?'
)


def _marks(ids: Sequence[str]) -> str:
    return ", ".join("?" for _ in ids)


def prune(ttl: datetime.timedelta, now: datetime.datetime | None = None,
          batch: int = PRUNE_BATCH) -> int:
    """Delete the matches expired at ``now`` (see :func:`expired`) with their events, tokens,
    Idempotency-Keys and fold snapshots; returns how many. Safe while the server serves:
    each batch of ``batch`` matches is one transaction, and a match that records a deal
    meanwhile is kept (on PostgreSQL the batch's match rows are locked, then checked again,
    before anything is deleted: a deal being recorded either committed first, and the match
    is kept, or waits for the prune and then finds no match).
    """
    now = _now() if now is None else now
    cutoff = now - ttl
    pruned = 0
    while True:
        with write_transaction():
            lock = "" if is_sqlite(database_proxy.obj) else " FOR UPDATE"
            found = [r[0] for r in execute(_CANDIDATES + lock,
                                           (cutoff, RECORDED_DEAL_KIND, batch)).fetchall()]
            if not found:
                return pruned
            # Checked again now that the rows are locked (PostgreSQL, read committed: a
            # statement sees what committed before it began).
            ids = [r[0] for r in execute(
                f'SELECT "id" FROM "match" WHERE "id" IN ({_marks(found)}) AND NOT EXISTS ('
                'SELECT 1 FROM "event" WHERE "event"."match_id" = "match"."id" '
                'AND "event"."kind" = ?)', (*found, RECORDED_DEAL_KIND)).fetchall()]
            if ids:
                marks = _marks(ids)
                execute(f'DELETE FROM "fold_snapshot" WHERE "match_id" IN ({marks})', ids)
                execute(f'DELETE FROM "event" WHERE "match_id" IN ({marks})', ids)
                execute(f'DELETE FROM "access_token" WHERE "match_id" IN ({marks})', ids)
                execute(f'DELETE FROM "idempotency_key" WHERE "match_id" IN ({marks}) '
                        f'OR "scope" IN ({marks})', (*ids, *ids))
                execute(f'DELETE FROM "match" WHERE "id" IN ({marks})', ids)
        pruned += len(ids)
        if len(found) < batch:
            return pruned
