"""Fixtures shared by the whole suite: the app on a clean database, and its client.

Each test gets a fresh SQLite file, unless DATABASE_URL names a PostgreSQL server: then the
schema is migrated there once per session and emptied before each test (CI runs both).
Under pytest-xdist (``make test`` runs the suite in parallel) each worker has a database of
its own on that server, ``<name>_<worker>`` (created when missing), so that one worker's
emptying never touches another's tests.
"""

from __future__ import annotations

import os
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import peewee
import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.api import create_app
from referee.store.db import make_database, pending_migrations, upgrade

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


def _worker_url(url: str) -> str:
    """DATABASE_URL for this pytest-xdist worker: the same server, the database name suffixed
    with the worker ("test" → "test_gw1"), created if missing; ``url`` itself outside xdist."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not ON_POSTGRES or not worker:
        return url
    parts = urllib.parse.urlsplit(url)
    name = f"{parts.path.lstrip('/') or 'postgres'}_{worker}"
    import psycopg  # the PostgreSQL extra: only when DATABASE_URL names a server

    with psycopg.connect(url, autocommit=True) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not found:
            conn.execute(f'CREATE DATABASE "{name}"')
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


POSTGRES_URL = _worker_url(os.environ.get("DATABASE_URL", ""))


def _reset_postgres(db: peewee.Database) -> None:
    for table in ("club_event_club", "club_player", "club",
                  "club_event_match", "club_event_entry", "club_event", "fold_snapshot",
                  "event", "match",
                  "access_token", "idempotency_key", "create_quota",
                  "schema_migration"):
        db.execute_sql(f'DROP TABLE IF EXISTS "{table}" CASCADE')


@pytest.fixture(scope="session")
def _postgres_ready() -> Iterator[None]:
    db = make_database(POSTGRES_URL)
    with db.connection_context():
        _reset_postgres(db)
        upgrade(db)
    yield
    db.close_all() if hasattr(db, "close_all") else None


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated, empty database for one test."""
    if ON_POSTGRES:
        request.getfixturevalue("_postgres_ready")
        db = make_database(POSTGRES_URL)
        with db.connection_context():
            db.execute_sql(
                'TRUNCATE TABLE "club_event_club", "club_player", "club", '
                '"club_event_match", "club_event_entry", "club_event", '
                '"fold_snapshot", "event", "match", "access_token", "idempotency_key", '
                '"create_quota" '
                'RESTART IDENTITY CASCADE'
            )
            if pending_migrations(db):  # an earlier test took a migration's record away
                _reset_postgres(db)
                upgrade(db)
        db.close_all()
        return POSTGRES_URL
    url = f"sqlite:///{tmp_path / 'referee.db'}"
    db = make_database(url)
    with db.connection_context():
        upgrade(db)
    return url


@pytest.fixture
def app(request: pytest.FixtureRequest, database_url: str) -> Iterator[Flask]:
    """The app, configured for tests on :func:`database_url`, with the settings of the test's
    ``app_config`` mark if it has one (e.g. tests/api/streams.py's quick heartbeat)."""
    marked = request.node.get_closest_marker("app_config")
    settings = marked.kwargs if marked is not None else {}
    application = create_app({"TESTING": True, "DATABASE_URL": database_url, **settings})
    yield application
    db = application.extensions["referee.db"]
    if hasattr(db, "close_all"):
        db.close_all()
    elif not db.is_closed():
        db.close()


class TableClient(FlaskClient):
    """A test client that behaves like a well-behaved phone at the table.

    It keeps each match's write token from the answer that created it and sends it
    (``Authorization: Bearer``) unless the request has its own, and it sends the last ETag
    it saw for a match as ``If-Match`` on writes that carry none. Tests of access and
    concurrency use :func:`bare_client` instead.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tokens: dict[str, dict[str, str]] = {}
        self.etags: dict[str, str] = {}

    def open(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        path = args[0] if args and isinstance(args[0], str) else kwargs.get("path", "")
        method = kwargs.get("method", "GET").upper()
        parts = path.split("?")[0].strip("/").split("/")
        match_id = parts[2] if len(parts) > 2 and parts[:2] == ["v1", "matches"] else None
        headers = dict(kwargs.pop("headers", None) or {})
        if match_id in self.tokens and "Authorization" not in headers:
            headers["Authorization"] = "Bearer " + self.tokens[match_id]["write"]
        if method == "POST" and match_id in self.etags and "If-Match" not in headers:
            headers["If-Match"] = self.etags[match_id]
        response = super().open(*args, headers=headers, **kwargs)
        body = response.get_json(silent=True) if response.is_json else None
        if method == "POST" and parts == ["v1", "matches"] and response.status_code == 201:
            match_id = body["id"]
            self.tokens[match_id] = body["tokens"]
        if match_id and response.headers.get("ETag"):
            self.etags[match_id] = response.headers["ETag"]
        return response


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A :class:`TableClient` of :func:`app`."""
    app.test_client_class = TableClient
    return app.test_client()


@pytest.fixture
def bare_client(app: Flask) -> FlaskClient:
    """A plain test client: sends only the headers a test gives it."""
    app.test_client_class = FlaskClient
    return app.test_client()
