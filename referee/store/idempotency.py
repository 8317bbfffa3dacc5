"""Idempotency-Key records (IETF "The Idempotency-Key HTTP Header Field" draft).

A write that carries a key first claims it (:func:`claim`, its own short transaction: the
key is then "pending"); the write's own transaction stores the response with the events it
appended (:func:`complete`); a write that fails releases the key (:func:`release`).

- the same key and the same request again → the stored response, nothing stored anew;
- the same key with another request → :class:`KeyReused` (422);
- the same key while the first request still runs → :class:`KeyInProgress` (409).

Keys are kept :data:`RETENTION` (24 hours) after their first use, then forgotten.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass

import peewee

from referee.store.db import execute, short_write_transaction, write_transaction
from referee.store.models import IdempotencyKey

#: How long a key is remembered after its first use.
RETENTION = datetime.timedelta(hours=24)

#: A pending key older than this belongs to a request that died: it may be claimed again.
PENDING_TIMEOUT = datetime.timedelta(seconds=60)

#: How often a process purges expired keys (an indexed range delete).
PURGE_EVERY = datetime.timedelta(minutes=5)

_last_purge = datetime.datetime.min


class KeyInProgress(RuntimeError):
    """The first request with this key has not finished yet (409)."""


class KeyReused(ValueError):
    """This key was used for a different request (422)."""


@dataclass(frozen=True, slots=True)
class StoredResponse:
    """The response a key got the first time: ``status``, ``body`` (JSON text), ``headers``."""

    status: int
    body: str
    headers: dict[str, str]


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


def claim(scope: str, key: str, fingerprint: str) -> StoredResponse | None:
    """Claim ``key`` in ``scope`` for a request whose sha256 is ``fingerprint``.

    Its own short transaction (so that a concurrent duplicate sees the pending key and gets
    409), committed without a flush of its own (:func:`short_write_transaction`).

    :returns: the stored response when the key already completed this same request, else
        None (the key is now pending for the caller).
    :raises KeyReused: the key was used for another request.
    :raises KeyInProgress: the key's first request is still running.
    """
    global _last_purge
    now = _now()
    try:
        with short_write_transaction():
            if now - _last_purge > PURGE_EVERY:
                IdempotencyKey.delete().where(
                    IdempotencyKey.created_at < now - RETENTION
                ).execute()
                _last_purge = now
            if execute(_INSERT_PENDING, (scope, key, fingerprint, now, now)).rowcount == 1:
                return None  # a new key: pending now
            row = execute(_SELECT, (scope, key)).fetchone()
            if row is None:  # released between the two statements (PostgreSQL): still busy
                raise KeyInProgress(key)
            stored_fingerprint, state, status, response, headers, updated_at = row
            if stored_fingerprint != fingerprint:
                raise KeyReused(key)
            if state == "done":
                return StoredResponse(status or 0, response or "", json.loads(headers or "{}"))
            if now - _UPDATED_AT.python_value(updated_at) < PENDING_TIMEOUT:
                raise KeyInProgress(key)
            # its first request died: this one takes the key over
            execute(_TAKE_OVER, (now, scope, key))
            return None
    except peewee.IntegrityError:  # another request inserted the same key just now
        raise KeyInProgress(key) from None


# The statements of every write, written out (see referee.store.db.execute).
_INSERT_PENDING = (
    'INSERT INTO "idempotency_key" ("scope", "key", "fingerprint", "state", "created_at", '
    '"updated_at") VALUES (?, ?, ?, \'pending\', ?, ?) ON CONFLICT ("scope", "key") DO NOTHING'
)
_SELECT = (
    'SELECT "fingerprint", "state", "status", "response", "headers", "updated_at" '
    'FROM "idempotency_key" WHERE "scope" = ? AND "key" = ?'
)
_TAKE_OVER = 'UPDATE "idempotency_key" SET "updated_at" = ? WHERE "scope" = ? AND "key" = ?'
_COMPLETE = (
    'UPDATE "idempotency_key" SET "state" = \'done\', "status" = ?, "response" = ?, '
    '"headers" = ?, "match_id" = ?, "first_seq" = ?, "updated_at" = ? '
    'WHERE "scope" = ? AND "key" = ?'
)
_UPDATED_AT = IdempotencyKey.updated_at


def complete(
    scope: str, key: str, response: StoredResponse, match_id: str, first_seq: int | None
) -> None:
    """Store the response of the key's request; call inside the request's write transaction."""
    execute(_COMPLETE, (response.status, response.body, json.dumps(response.headers), match_id,
                        first_seq, _now(), scope, key))


def release(scope: str, key: str) -> None:
    """Forget a pending key whose request failed (it stored nothing), so it can be retried."""
    with write_transaction():
        IdempotencyKey.delete().where(
            (IdempotencyKey.scope == scope)
            & (IdempotencyKey.key == key)
            & (IdempotencyKey.state == "pending")
        ).execute()
