"""Idempotency-Key records (IETF "The Idempotency-Key HTTP Header Field" draft).

A write that carries a key claims it in the write's own transaction (:func:`claim`, the
first thing the API's write does in it, see referee/folds.py) and stores its response there
too (:func:`complete`), with the events it appended: the key, the events and the answer
commit together or not at all. The store never calls back: the API opens the transaction,
claims, writes and completes.

- the same key and the same request again → the stored response, nothing stored anew;
- the same key with another request → :class:`KeyReused` (422);
- the same key while the first request still runs → it waits for it (SQLite: the write
  lock; PostgreSQL: the unique (scope, key) row the first one inserted) and then gets the
  stored response — or, if the first one failed or died, it runs itself.

Keys are kept :data:`RETENTION` (24 hours) after their first use, then forgotten.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass

from referee.store.db import execute
from referee.store.models import IdempotencyKey

#: How long a key is remembered after its first use.
RETENTION = datetime.timedelta(hours=24)

#: How often a process purges expired keys (an indexed range delete).
PURGE_EVERY = datetime.timedelta(minutes=5)

_last_purge = datetime.datetime.min


class KeyReused(ValueError):
    """This key was used for a different request (422)."""


@dataclass(frozen=True, slots=True)
class StoredResponse:
    """The response a key got the first time: ``status``, ``body`` (JSON text), ``headers``;
    ``created_at`` (naive UTC) when the key was first used (None for a response not stored
    yet)."""

    status: int
    body: str
    headers: dict[str, str]
    created_at: datetime.datetime | None = None

    def older_than(self, window: datetime.timedelta) -> bool:
        """Whether the key was first used more than ``window`` ago."""
        return self.created_at is None or _now() - self.created_at > window


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


def claim(scope: str, key: str, fingerprint: str) -> StoredResponse | None:
    """Claim ``key`` in ``scope`` for a request whose sha256 is ``fingerprint``; call inside
    the request's write transaction, before anything else.

    :returns: the stored response when the key already completed this same request, else
        None (the key is the caller's until its transaction ends; :func:`complete` it).
    :raises KeyReused: the key was used for another request.
    """
    global _last_purge
    now = _now()
    if now - _last_purge > PURGE_EVERY:
        IdempotencyKey.delete().where(IdempotencyKey.created_at < now - RETENTION).execute()
        _last_purge = now
    while True:
        # PostgreSQL: waits here while another transaction holds the same new key.
        if execute(_INSERT_PENDING, (scope, key, fingerprint, now, now)).rowcount == 1:
            return None  # a new key: the caller's
        row = execute(_SELECT, (scope, key)).fetchone()
        if row is not None:
            break
        # purged between the two statements: claim it again
    stored_fingerprint, status, response, headers, created_at = row
    if stored_fingerprint != fingerprint:
        raise KeyReused(key)
    if isinstance(created_at, str):  # SQLite hands back the text stored
        created_at = datetime.datetime.fromisoformat(created_at)
    return StoredResponse(status or 0, response or "", json.loads(headers or "{}"), created_at)


# The statements of every write, written out (see referee.store.db.execute).
_INSERT_PENDING = (
    'INSERT INTO "idempotency_key" ("scope", "key", "fingerprint", "state", "created_at", '
    '"updated_at") VALUES (?, ?, ?, \'pending\', ?, ?) ON CONFLICT ("scope", "key") DO NOTHING'
)
_SELECT = (
    'SELECT "fingerprint", "status", "response", "headers", "created_at" '
    'FROM "idempotency_key" WHERE "scope" = ? AND "key" = ?'
)
_COMPLETE = (
    'UPDATE "idempotency_key" SET "state" = \'done\', "status" = ?, "response" = ?, '
    '"headers" = ?, "match_id" = ?, "first_seq" = ?, "updated_at" = ? '
    'WHERE "scope" = ? AND "key" = ?'
)


def complete(
    scope: str, key: str, response: StoredResponse, match_id: str, first_seq: int | None
) -> None:
    """Store the response of the key's request; call in the transaction that claimed it."""
    execute(_COMPLETE, (response.status, response.body, json.dumps(response.headers), match_id,
                        first_seq, _now(), scope, key))
