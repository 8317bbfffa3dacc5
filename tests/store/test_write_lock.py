"""SQLite's write transaction (referee.store.db.write_transaction): ``BEGIN IMMEDIATE`` is
tried with SQLite's own busy wait off and the wait is set back after it, whatever happens;
the lock-wait setting is read only when the lock is taken (bench/RESULTS.md §30)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import peewee
import pytest

from referee.store import db as store_db
from tests.conftest import ON_POSTGRES

pytestmark = pytest.mark.skipif(ON_POSTGRES, reason="SQLite's write lock")


@pytest.fixture
def sqlite_file(tmp_path: Path) -> Iterator[tuple[peewee.Database, Path]]:
    path = tmp_path / "lock.db"
    database = store_db.open_database(f"sqlite:///{path}")
    with database.connection_context():
        database.execute_sql('CREATE TABLE "t" ("x" INTEGER)')
    yield database, path
    database.close_all()


def _busy_timeout(database: peewee.Database) -> int:
    return int(database.execute_sql("PRAGMA busy_timeout").fetchone()[0])


def test_the_busy_wait_is_off_for_begin_and_back_after_it(
    sqlite_file: tuple[peewee.Database, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:
    database, _ = sqlite_file
    seen: list[int] = []
    begin = type(database).begin

    def begin_seeing(self: peewee.Database, *args: object) -> None:
        seen.append(_busy_timeout(self))
        begin(self, *args)

    monkeypatch.setattr(type(database), "begin", begin_seeing)
    with database.connection_context():
        with store_db.write_transaction():
            assert _busy_timeout(database) == store_db.BUSY_TIMEOUT_MS
            database.execute_sql('INSERT INTO "t" VALUES (1)')
        assert _busy_timeout(database) == store_db.BUSY_TIMEOUT_MS
        assert database.execute_sql('SELECT count(*) FROM "t"').fetchone()[0] == 1
    assert seen == [0]


def test_the_lock_wait_setting_is_read_only_when_the_lock_is_taken(
    sqlite_file: tuple[peewee.Database, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:
    database, path = sqlite_file

    def unread() -> float:
        raise AssertionError("the lock was free: no wait to bound")

    monkeypatch.setattr(store_db, "sqlite_lock_wait", unread)
    with database.connection_context(), store_db.write_transaction():
        database.execute_sql('INSERT INTO "t" VALUES (1)')
    # taken by another connection: read, the write refused past it, the busy wait set back
    monkeypatch.setattr(store_db, "sqlite_lock_wait", lambda: 0.05)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with database.connection_context():
            with pytest.raises(store_db.DatabaseBusy), store_db.write_transaction():
                raise AssertionError("never inside")
            assert _busy_timeout(database) == store_db.BUSY_TIMEOUT_MS
    finally:
        other.execute("ROLLBACK")
        other.close()
