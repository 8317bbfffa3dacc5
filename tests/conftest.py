"""Fixtures shared by the whole suite: the app on a temporary database, and its client.

The database is a fresh SQLite file per test unless DATABASE_URL names a PostgreSQL
server, in which case each test gets a clean schema there (CI runs both).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.api import create_app


@pytest.fixture
def app() -> Iterator[Flask]:
    """The app, configured for tests."""
    application = create_app({"TESTING": True})
    yield application


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of :func:`app`."""
    return app.test_client()
