"""Stored fold snapshots: signed blobs bound to an event of a match's ledger (docs/operations.md,
"Fold snapshots"; docs/security.md).

A snapshot is bytes the match layer made of a match's fold at event ``seq`` (what they mean
is not this module's business: it imports nothing from referee.match). Each is stored with

- the ``version`` of the code that made it (an opaque text; only snapshots of the version
  asked for are ever read),
- the event it is bound to: ``seq`` and ``head``, that event's chain link,
- ``mac``: HMAC-SHA256 under the ledger key (its id ``key_id``) over the match id, the
  version, the seq, the head and the bytes.

:func:`read` hands bytes back only when their MAC verifies under a key the server still
holds: bytes anyone else wrote, or moved from another match or event, never reach the code
that reads them (a pickle). One that does not verify is deleted. Nothing here is a record:
any snapshot may be deleted at any time (:func:`drop`); a fold then replays the events.
"""

from __future__ import annotations

import hmac
import json
import logging
from dataclasses import dataclass

import peewee

from referee.store import keys
from referee.store.db import execute, write_transaction
from referee.store.models import _now

log = logging.getLogger(__name__)

_SEQS = ('SELECT "seq" FROM "fold_snapshot" WHERE "match_id" = ? AND "version" = ? '
         'AND "seq" <= ? ORDER BY "seq" DESC')
_READ = ('SELECT "head", "state", "mac", "key_id" FROM "fold_snapshot" '
         'WHERE "match_id" = ? AND "version" = ? AND "seq" = ?')
_INSERT = ('INSERT INTO "fold_snapshot" ("match_id", "version", "seq", "head", "state", "mac", '
           '"key_id", "created_at") VALUES (?, ?, ?, ?, ?, ?, ?, ?) '
           'ON CONFLICT ("match_id", "version", "seq") DO NOTHING')
_DELETE_ONE = 'DELETE FROM "fold_snapshot" WHERE "match_id" = ? AND "version" = ? AND "seq" = ?'
_DELETE_OTHERS = 'DELETE FROM "fold_snapshot" WHERE "match_id" = ? AND "version" <> ?'
_DELETE_OLDER = ('DELETE FROM "fold_snapshot" WHERE "match_id" = ? AND "seq" < ('
                 'SELECT "seq" FROM "fold_snapshot" WHERE "match_id" = ? '
                 'ORDER BY "seq" DESC LIMIT 1 OFFSET ?)')


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A verified snapshot: the event it is bound to (``seq``, its link ``head``) and the
    bytes (``state``)."""

    seq: int
    head: str
    state: bytes


def _mac(key: bytes, match_id: str, version: str, seq: int, head: str, state: bytes) -> str:
    """HMAC-SHA256 (hex) of a snapshot: a header naming what it is bound to, then the bytes."""
    header = json.dumps(["referee fold snapshot", match_id, version, seq, head],
                        separators=(",", ":")).encode()
    return hmac.digest(key, header + b"\n" + state, "sha256").hex()


def seqs(match_id: str, version: str, at_most: int) -> list[int]:
    """The seqs of the match's snapshots of ``version`` at or before event ``at_most``,
    newest first (not verified yet: see :func:`read`)."""
    return [int(row[0]) for row in execute(_SEQS, (match_id, version, at_most)).fetchall()]


def read(match_id: str, version: str, seq: int) -> Snapshot | None:
    """The match's snapshot of ``version`` at event ``seq``, verified; None when there is
    none, or when it does not verify (its MAC, or a key the keyring no longer holds): then it
    is deleted (logged), and the caller folds without it."""
    row = execute(_READ, (match_id, version, seq)).fetchone()
    if row is None:
        return None
    head, state, mac, kid = row
    state = bytes(state)
    try:
        key = keys.keyring().key(kid)
    except keys.LedgerKeyError:
        key = None
    if key is None or not hmac.compare_digest(
            mac, _mac(key, match_id, version, seq, head, state)):
        log.warning("fold snapshot of match %s at event %d does not verify: deleted",
                    match_id, seq)
        discard(match_id, version, seq)
        return None
    return Snapshot(seq, head, state)


def save(match_id: str, version: str, seq: int, head: str, state: bytes,
         keep: int | None = None) -> None:
    """Store ``state`` as the match's snapshot of ``version`` at event ``seq`` (whose link is
    ``head``), signed with the current ledger key, in one write transaction (or the
    caller's); the match's snapshots of other versions are deleted, and with ``keep`` all
    but its newest ``keep``. A snapshot already stored there is kept (another worker's of
    the same fold).

    :raises DatabaseBusy: (SQLite) the write lock stayed taken; nothing was stored.
    """
    ring = keys.keyring()
    mac = _mac(ring.current, match_id, version, seq, head, state)
    with write_transaction():
        execute(_DELETE_OTHERS, (match_id, version))
        execute(_INSERT, (match_id, version, seq, head, state, mac, ring.current_id, _now()))
        if keep is not None:
            execute(_DELETE_OLDER, (match_id, match_id, max(keep, 1) - 1))


def discard(match_id: str, version: str, seq: int) -> None:
    """Delete one snapshot (best effort: a database too busy to take it now keeps it, and it
    is refused again next time)."""
    try:
        execute(_DELETE_ONE, (match_id, version, seq))
    except peewee.OperationalError:
        log.warning("could not delete the fold snapshot of match %s at event %d",
                    match_id, seq, exc_info=True)


def drop(match_id: str | None = None) -> int:
    """Delete every snapshot (of one match, or of all); returns how many. Safe at any time:
    folds replay the events instead until new snapshots are written."""
    if match_id is None:
        cursor = execute('DELETE FROM "fold_snapshot"')
    else:
        cursor = execute('DELETE FROM "fold_snapshot" WHERE "match_id" = ?', (match_id,))
    return int(cursor.rowcount or 0)


def count() -> int:
    """How many snapshots are stored (all matches, all versions)."""
    return int(execute('SELECT COUNT(*) FROM "fold_snapshot"').fetchone()[0])
