"""The store of fold snapshots (referee.store.snapshots): blobs bound to a match's event and
signed with the ledger key. Only a blob that verifies is ever handed back; one that does not
is deleted; a snapshot of another code version is never read. The store knows nothing of what
the bytes mean (no fold here: any bytes do)."""

from __future__ import annotations

import datetime

import peewee
import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.store import expiry, keys, snapshots
from referee.store.db import execute
from tests.api.deals import create_match

HEAD = "ab" * 32


@pytest.fixture
def match_id(client: FlaskClient) -> str:
    return str(create_match(client, "piquet", ["Bill", "Ann"])["id"])


def _stored(match_id: str) -> list[tuple[str, int]]:
    return [(r[0], int(r[1])) for r in execute(
        'SELECT "version", "seq" FROM "fold_snapshot" WHERE "match_id" = ? ORDER BY "seq"',
        (match_id,)).fetchall()]


def test_a_snapshot_is_stored_and_read_back_verified(app: Flask, match_id: str) -> None:
    with app.app_context():
        snapshots.save(match_id, "v1", 250, HEAD, b"\x00fold\xff" * 100)
        snapshots.save(match_id, "v1", 500, "cd" * 32, b"later")
        assert snapshots.seqs(match_id, "v1", 10_000) == [500, 250]
        assert snapshots.seqs(match_id, "v1", 499) == [250]  # none past the ledger's end
        found = snapshots.read(match_id, "v1", 250)
        assert found == snapshots.Snapshot(250, HEAD, b"\x00fold\xff" * 100)
        assert snapshots.read(match_id, "v1", 251) is None
        snapshots.save(match_id, "v1", 250, HEAD, b"another worker's")  # kept as it was
        assert snapshots.read(match_id, "v1", 250) == found


@pytest.mark.parametrize("column, value", [
    ("state", b"\x80\x05forged"),  # other bytes, the MAC kept
    ("head", "ef" * 32),  # bound to another link
    ("seq", 251),  # moved to another event
    ("mac", "00" * 32),
    ("key_id", "deadbeef"),  # a key the server does not hold
])
def test_a_forged_snapshot_is_never_handed_back_and_is_deleted(
    app: Flask, match_id: str, column: str, value: object
) -> None:
    with app.app_context():
        snapshots.save(match_id, "v1", 250, HEAD, b"the fold")
        execute(f'UPDATE "fold_snapshot" SET "{column}" = ? WHERE "match_id" = ?',
                (value, match_id))
        seq = 251 if column == "seq" else 250
        assert snapshots.read(match_id, "v1", seq) is None
        assert _stored(match_id) == []


def test_a_snapshot_moved_to_another_match_does_not_verify(
    app: Flask, client: FlaskClient, match_id: str
) -> None:
    other = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    with app.app_context():
        snapshots.save(match_id, "v1", 250, HEAD, b"the fold")
        execute('UPDATE "fold_snapshot" SET "match_id" = ?', (other,))
        assert snapshots.read(other, "v1", 250) is None


def test_a_snapshot_signed_under_an_older_key_still_verifies(
    app: Flask, match_id: str
) -> None:
    with app.app_context():
        ring = keys.keyring()
        snapshots.save(match_id, "v1", 250, HEAD, b"the fold")
        newer = keys.keyring_from_texts(["a newer ledger key, long enough " * 2,
                                         *(k.decode() for k in ring.keys.values())])
        keys.configure(newer)
        try:
            assert snapshots.read(match_id, "v1", 250) is not None
            keys.configure(keys.keyring_from_texts(["a newer ledger key, long enough " * 2]))
            assert snapshots.read(match_id, "v1", 250) is None  # the old key dropped
        finally:
            keys.configure(ring)


def test_a_new_version_never_reads_the_old_ones_and_replaces_them(
    app: Flask, match_id: str
) -> None:
    with app.app_context():
        snapshots.save(match_id, "old", 250, HEAD, b"old fold")
        snapshots.save(match_id, "old", 500, HEAD, b"old fold")
        assert snapshots.seqs(match_id, "new", 10_000) == []
        assert snapshots.read(match_id, "new", 250) is None
        snapshots.save(match_id, "new", 750, HEAD, b"new fold")
        assert _stored(match_id) == [("new", 750)]


def test_snapshots_can_be_dropped_at_any_time(
    app: Flask, client: FlaskClient, match_id: str
) -> None:
    other = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    with app.app_context():
        for mid in (match_id, other):
            snapshots.save(mid, "v1", 250, HEAD, b"fold")
            snapshots.save(mid, "v1", 500, HEAD, b"fold")
        assert snapshots.drop(match_id) == 2
        assert snapshots.count() == 2
        assert snapshots.drop() == 2
        assert snapshots.count() == 0


def test_a_pruned_match_takes_its_snapshots_along(app: Flask, match_id: str) -> None:
    with app.app_context():
        snapshots.save(match_id, "v1", 250, HEAD, b"fold")
        execute('UPDATE "match" SET "created_at" = ? WHERE "id" = ?',
                (datetime.datetime(2020, 1, 1), match_id))
        assert expiry.prune(datetime.timedelta(days=1)) == 1
        assert snapshots.count() == 0


def test_a_snapshot_needs_its_match(app: Flask) -> None:
    with app.app_context(), pytest.raises(peewee.IntegrityError):
        snapshots.save("no-such-match", "v1", 250, HEAD, b"fold")


def test_only_the_newest_are_kept_when_asked(app: Flask, match_id: str) -> None:
    with app.app_context():
        for seq in (250, 500, 750):
            snapshots.save(match_id, "v1", seq, HEAD, b"fold", keep=2)
        assert _stored(match_id) == [("v1", 500), ("v1", 750)]
        snapshots.save(match_id, "v1", 1000, HEAD, b"fold")  # no bound
        snapshots.save(match_id, "v1", 1250, HEAD, b"fold", keep=1)
        assert _stored(match_id) == [("v1", 1250)]
