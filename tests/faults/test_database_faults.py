"""Database faults answered honestly: 503 problem+json with Retry-After naming the cause (a lock
held past the wait, the database gone, the disk full, a COMMIT whose reply was lost), never a
500, the cause logged once, and nothing half-written (docs/operations.md)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from typing import Any

import peewee
import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.api.handlers import database_fault
from referee.store import db as store_db
from tests.api.deals import create_match
from tests.api.test_piquet_http import Q10_TRICKS
from tests.conftest import ON_POSTGRES

sqlite_only = pytest.mark.skipif(ON_POSTGRES, reason="an SQLite file's lock")


def _events(app: Flask, match_id: str) -> int:
    with app.extensions["referee.db"].connection_context():
        row = store_db.execute('SELECT COUNT(*) FROM "event" WHERE "match_id" = ?',
                               (match_id,)).fetchone()
    return int(row[0])


@pytest.fixture
def held_lock(database_url: str) -> Iterator[sqlite3.Connection]:
    """Another process's writer (here another connection) holding the SQLite write lock."""
    other = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    yield other
    other.execute("ROLLBACK")
    other.close()


@sqlite_only
def test_a_write_past_the_lock_wait_is_a_503_busy_and_stores_nothing(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch, database_url: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """SQLite locked by another process past REFEREE_SQLITE_LOCK_WAIT: 503 database-busy with
    Retry-After (it was a 500 "failed unexpectedly"), the cause logged with the match id."""
    match = create_match(client, "piquet", ["Bill", "Ann"])
    before = _events(app, match["id"])
    monkeypatch.setenv("REFEREE_SQLITE_LOCK_WAIT", "0.3")
    other = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with caplog.at_level(logging.ERROR):
            response = client.post(f"/v1/matches/{match['id']}/deals", json={"tricks": Q10_TRICKS})
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert response.status_code == 503, response.get_json()
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["type"].endswith("/database-busy")
    assert "nothing was stored" in body["detail"]
    assert response.headers["Retry-After"] == "1"
    assert _events(app, match["id"]) == before
    logged = [r for r in caplog.records if "database fault" in r.getMessage()]
    assert len(logged) == 1 and match["id"] in logged[0].getMessage()
    # the lock gone, the same write goes through
    assert client.post(f"/v1/matches/{match['id']}/deals",
                       json={"tricks": Q10_TRICKS}).status_code == 201


@sqlite_only
def test_a_writer_waits_for_a_lock_released_within_the_wait(
    client: FlaskClient, app: Flask, database_url: str,
) -> None:
    """A lock released before the wait is over: the write waits (cooperatively) and is stored."""
    import threading

    match = create_match(client, "piquet", ["Bill", "Ann"])
    other = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None,
                            check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    timer = threading.Timer(0.5, lambda: other.execute("ROLLBACK"))
    timer.start()
    try:
        response = client.post(f"/v1/matches/{match['id']}/deals", json={"tricks": Q10_TRICKS})
    finally:
        timer.join()
        other.close()
    assert response.status_code == 201, response.get_json()


@sqlite_only
def test_sqlite_waits_inside_sqlite_only_briefly() -> None:
    """SQLite's own busy wait blocks the whole gevent worker: it is kept to a few tens of ms
    (the writer's wait for the lock is done in Python, cooperatively)."""
    assert store_db.SQLITE_PRAGMAS["busy_timeout"] <= 100
    assert store_db.SQLITE_PRAGMAS["journal_size_limit"] > 0


def test_a_database_that_cannot_be_reached_is_a_503_on_reads_and_writes(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The database gone (every statement fails as a lost connection does): 503
    database-unavailable with Retry-After on a read and on a write, never a 500."""
    match = create_match(client, "piquet", ["Bill", "Ann"])

    def gone(*args: Any, **kwargs: Any) -> Any:
        raise peewee.OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(store_db, "execute", gone)
    monkeypatch.setattr("referee.store.ledger.execute", gone)
    url = f"/v1/matches/{match['id']}"
    for method, path, body in (("GET", url, None),
                               ("POST", url + "/deals", {"tricks": Q10_TRICKS})):
        response = client.open(path, method=method, json=body)
        assert response.status_code == 503, (path, response.get_json())
        problem = response.get_json()
        assert problem["type"].endswith("/database-unavailable")
        assert "unexpectedly" not in problem["detail"]
        assert response.headers["Retry-After"] == "5"


@pytest.mark.parametrize(("message", "kind", "retry"), [
    ("database or disk is full", "storage-full", 30),
    ("could not extend file \"base/1/2\": No space left on device", "storage-full", 30),
    ("database is locked", "database-busy", 1),
    ("canceling statement due to statement timeout", "database-busy", 1),
    ("canceling statement due to lock timeout", "database-busy", 1),
    ("connection failed: Connection refused", "database-unavailable", 5),
])
def test_each_database_error_is_answered_by_its_cause(message: str, kind: str, retry: int) -> None:
    fault = database_fault(peewee.OperationalError(message))
    assert fault is not None
    assert (fault.kind.slug, fault.retry_after) == (kind, retry)


def test_a_constraint_or_a_bad_statement_is_a_bug_not_a_fault() -> None:
    assert database_fault(peewee.IntegrityError("UNIQUE constraint failed")) is None
    assert database_fault(peewee.ProgrammingError("syntax error")) is None


def test_a_commit_whose_reply_was_lost_says_the_outcome_is_unknown(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PostgreSQL's connection lost while COMMIT was in flight: the write may be stored. The
    answer says so (503 write-outcome-unknown), never "the request stored nothing"; a retry
    with the same Idempotency-Key then answers what happened, recorded once."""
    match = create_match(client, "piquet", ["Bill", "Ann"])
    db = app.extensions["referee.db"]
    real_commit = type(db).commit
    calls = {"n": 0}

    def commit_then_lose_the_reply(self: Any) -> None:
        real_commit(self)  # the database has it …
        calls["n"] += 1
        raise peewee.OperationalError("consuming input failed: server closed the connection "
                                      "unexpectedly")  # … the reply never came

    monkeypatch.setattr(store_db, "is_sqlite", lambda db=None: False if db is not None else
                        isinstance(store_db.database_proxy.obj, peewee.SqliteDatabase))
    monkeypatch.setattr(type(db), "commit", commit_then_lose_the_reply)
    monkeypatch.setattr(type(db), "begin", lambda self, *a, **k: peewee.Database.begin(self))
    key = {"Idempotency-Key": "c0ffee00-0000-4000-8000-000000000001"}
    before = _events(app, match["id"])
    response = client.post(f"/v1/matches/{match['id']}/deals", json={"tricks": Q10_TRICKS},
                           headers=key)
    assert calls["n"] == 1
    assert response.status_code == 503, response.get_json()
    problem = response.get_json()
    assert problem["type"].endswith("/write-outcome-unknown")
    assert "same Idempotency-Key" in problem["detail"]
    monkeypatch.undo()
    stored = _events(app, match["id"])
    assert stored > before  # it was stored after all
    retry = client.post(f"/v1/matches/{match['id']}/deals", json={"tricks": Q10_TRICKS},
                        headers={**key, "If-Match": f'"v{match["version"]}"'})
    assert retry.status_code == 201, retry.get_json()
    assert retry.headers.get("Idempotent-Replayed") == "true"
    assert _events(app, match["id"]) == stored  # recorded once


def test_a_failed_rollback_does_not_hide_the_cause(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A write that fails (disk full) and whose ROLLBACK fails too is answered, and logged, by
    its first error (it logged only "cannot rollback - no transaction is active")."""
    match = create_match(client, "piquet", ["Bill", "Ann"])
    db = app.extensions["referee.db"]

    def full(self: Any) -> None:
        raise peewee.OperationalError("database or disk is full")

    def no_transaction(self: Any) -> None:
        raise peewee.OperationalError("cannot rollback - no transaction is active")

    monkeypatch.setattr(type(db), "commit", full)
    monkeypatch.setattr(type(db), "rollback", no_transaction)
    with caplog.at_level(logging.WARNING):
        response = client.post(f"/v1/matches/{match['id']}/deals", json={"tricks": Q10_TRICKS})
    monkeypatch.undo()
    assert response.status_code == 503, response.get_json()
    assert response.get_json()["type"].endswith("/storage-full")
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("database or disk is full" in str(r.exc_info[1]) for r in errors if r.exc_info)


def test_readyz_is_not_ready_when_the_disk_is_nearly_full(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """/readyz answered 200 while the disk was full and every write failed: it now checks the
    SQLite file's disk (REFEREE_MIN_FREE_BYTES) and says storage-full."""
    assert client.get("/readyz").status_code == 200
    if ON_POSTGRES:
        return  # PostgreSQL's disk is its server's: nothing to look at from here
    monkeypatch.setenv("REFEREE_MIN_FREE_BYTES", str(10**18))
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.get_json()["type"].endswith("/storage-full")
    assert response.headers["Retry-After"] == "30"
    assert client.get("/healthz").status_code == 200  # liveness never looks at the database


def test_a_ledger_key_that_cannot_be_written_leaves_no_draft_and_says_why(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At first start on a full disk the key's draft (.<db>.ledger-key.<pid>.new) was left
    behind and the app died with a raw traceback: now no draft stays and the error says what
    to do."""
    import os

    from referee.store import keys

    real_fdopen = os.fdopen

    class FullDisk:
        def __init__(self, fd: int, *args: Any, **kwargs: Any) -> None:
            self.out = real_fdopen(fd, *args, **kwargs)

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: Any) -> None:
            self.out.close()

        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(keys.os, "fdopen", FullDisk)
    path = tmp_path / "referee.db.ledger-key"
    with pytest.raises(keys.LedgerKeyError, match=r"No space left on device.*REFEREE_LEDGER_KEY"):
        keys.load_keyring({}, path)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_the_service_says_why_it_cannot_start(tmp_path: Any) -> None:
    """wsgi.py (what gunicorn loads) turns a key problem into one sentence and exit status 3."""
    import subprocess
    import sys

    from tests.served import ROOT

    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{tmp_path / 'r.db'}",
           "REFEREE_LEDGER_KEY": "too short"}
    done = subprocess.run([sys.executable, "-c", "import wsgi"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 3
    assert done.stderr.strip().startswith("referee cannot start: a ledger key must have")
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(not ON_POSTGRES, reason="PostgreSQL's connection settings")
def test_postgresql_waits_are_bounded_on_every_connection(
    app: Flask, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No statement, lock or frozen transaction waits without bound (there was no timeout at
    all): every connection carries the settings' timeouts."""
    from tests.conftest import POSTGRES_URL

    monkeypatch.setenv("REFEREE_PG_STATEMENT_TIMEOUT", "7")
    db = store_db.make_database(POSTGRES_URL)
    try:
        with db.connection_context():
            shown = {name: db.execute_sql(f"SHOW {name}").fetchone()[0] for name in (
                "statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout")}
    finally:
        db.close_all()
    assert shown == {"statement_timeout": "7s", "lock_timeout": "5s",
                     "idle_in_transaction_session_timeout": "10s"}
