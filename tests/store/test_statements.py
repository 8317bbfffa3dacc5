"""The hand-written statements of every request (referee.store.db.execute): run on the
driver's connection, not through peewee's ``execute_sql`` (bench/RESULTS.md §30), with the
errors peewee would raise (the write's retry on a lost race, the 503s, need them), and a
connection taken when the request has none — on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import peewee
import pytest

from referee.store import db as store_db
from referee.store.db import execute, make_database


@pytest.fixture
def database(database_url: str) -> Iterator[peewee.Database]:
    db = make_database(database_url)
    store_db.database_proxy.initialize(db)
    yield db
    if not db.is_closed():
        db.close()
    if hasattr(db, "close_all"):
        db.close_all()


def test_a_statement_runs_on_the_driver_s_connection(
    database: peewee.Database, monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("through peewee's execute_sql")

    monkeypatch.setattr(type(database), "execute_sql", refused)
    assert database.is_closed()
    assert execute('SELECT count(*) FROM "match" WHERE "id" = ?', ("x",)).fetchone()[0] == 0
    assert not database.is_closed()  # a connection was taken for it


def test_a_driver_s_error_is_peewee_s(database: peewee.Database) -> None:
    """A duplicate (match, seq) is ``peewee.IntegrityError`` (what referee.folds.transact
    retries on), a wrong statement one of peewee's errors too."""
    with store_db.write_transaction():
        execute('INSERT INTO "match" ("id", "game", "created_at", "expires") '
                'VALUES (?, ?, ?, ?)', ("m1", "piquet", "2026-11-27 00:00:00", True))
        row = ("m1", 1, "match_created", "{}", None, "2026-11-27 00:00:00", "0" * 64,
               "1" * 64, "k")
        insert = ('INSERT INTO "event" ("match_id", "seq", "kind", "payload", "actor", '
                  '"created_at", "prev_hash", "hash", "key_id") '
                  'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        execute(insert, row)
    with pytest.raises(peewee.IntegrityError), store_db.write_transaction():
        execute(insert, row)
    with pytest.raises(peewee.DatabaseError):
        execute('SELECT * FROM "no_such_table"')
