"""Fixtures shared by the whole suite: the app on a clean database, and its client.

Each test gets a fresh SQLite file, unless DATABASE_URL names a PostgreSQL server: then the
schema is migrated there once per session and emptied before each test (CI runs both).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import peewee
import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.api import create_app
from referee.store.db import make_database, upgrade

POSTGRES_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = POSTGRES_URL.startswith(("postgres://", "postgresql://"))


def _reset_postgres(db: peewee.Database) -> None:
    for table in ("event", "match", "schema_migration"):
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
            db.execute_sql('TRUNCATE TABLE "event", "match" RESTART IDENTITY CASCADE')
        db.close_all()
        return POSTGRES_URL
    url = f"sqlite:///{tmp_path / 'referee.db'}"
    db = make_database(url)
    with db.connection_context():
        upgrade(db)
    return url


@pytest.fixture
def app(database_url: str) -> Iterator[Flask]:
    """The app, configured for tests on :func:`database_url`."""
    application = create_app({"TESTING": True, "DATABASE_URL": database_url})
    yield application
    db = application.extensions["referee.db"]
    if hasattr(db, "close_all"):
        db.close_all()
    elif not db.is_closed():
        db.close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of :func:`app`."""
    return app.test_client()
