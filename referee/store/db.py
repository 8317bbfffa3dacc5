"""The database: SQLite by default, PostgreSQL when DATABASE_URL says so (design.md, Storage).

SQLite runs with WAL, ``synchronous=FULL`` and foreign keys, and every write is one
``BEGIN IMMEDIATE`` transaction (a deferred transaction that reads then writes loses writes
under concurrent gunicorn workers). PostgreSQL uses psycopg 3 through peewee's pool.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import peewee
from playhouse.migrations import Runner
from playhouse.pool import PooledPostgresqlDatabase

#: The models bind to this proxy; :func:`open_database` points it at the real database.
database_proxy = peewee.DatabaseProxy()

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

SQLITE_PRAGMAS = {
    "journal_mode": "wal",
    "synchronous": "full",
    "foreign_keys": 1,
    "busy_timeout": 10_000,  # milliseconds a writer waits for the lock
}


class DatabaseURLError(ValueError):
    """DATABASE_URL is neither ``sqlite:///path`` nor ``postgresql://...``."""


def make_database(url: str) -> peewee.Database:
    """A peewee database for ``url``: ``sqlite:///relative.db``, ``sqlite:////abs.db``,
    ``sqlite:///:memory:`` or ``postgresql://user@host:port/name`` (pooled, psycopg 3).

    :raises DatabaseURLError: for any other scheme.
    """
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path = url[len("sqlite:///") :] if url.startswith("sqlite:///") else parsed.path
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        return peewee.SqliteDatabase(path or ":memory:", pragmas=SQLITE_PRAGMAS, timeout=10)
    if parsed.scheme in ("postgres", "postgresql"):
        query = {k: v[-1] for k, v in parse_qs(parsed.query).items()}
        return PooledPostgresqlDatabase(
            (parsed.path or "/").lstrip("/") or "postgres",
            user=parsed.username,
            password=parsed.password,
            host=parsed.hostname,
            port=parsed.port or 5432,
            max_connections=int(query.pop("max_connections", os.environ.get("DB_POOL_SIZE", 8))),
            stale_timeout=300,
            timeout=10,
            prefer_psycopg3=True,
            **query,
        )
    raise DatabaseURLError(f"DATABASE_URL must be sqlite:///path or postgresql://..., not {url!r}")


def open_database(url: str) -> peewee.Database:
    """Make the database for ``url`` and bind the models' proxy to it."""
    db = make_database(url)
    database_proxy.initialize(db)
    return db


def is_sqlite(db: peewee.Database | None = None) -> bool:
    """True when the (bound) database is SQLite."""
    target = db if db is not None else database_proxy.obj
    return isinstance(target, peewee.SqliteDatabase)


@contextlib.contextmanager
def write_transaction() -> Iterator[None]:
    """One write transaction: ``BEGIN IMMEDIATE`` on SQLite, a plain transaction on PostgreSQL.

    Everything inside commits together or not at all (design.md: a failed request stores
    nothing).
    """
    db = database_proxy.obj
    if is_sqlite(db):
        with db.atomic("IMMEDIATE"):
            yield
    else:
        with db.atomic():
            yield


@contextlib.contextmanager
def short_write_transaction() -> Iterator[None]:
    """A write transaction whose commit need not reach the disk by itself: the Idempotency-Key
    claim. Its commit skips the flush (SQLite ``synchronous=NORMAL`` in WAL mode, PostgreSQL
    ``synchronous_commit = off``); the request's own transaction, which commits after it with a
    flush of the whole log, makes it durable with the events. A crash before that loses only a
    pending claim, whose request was never answered. Consistency is not affected.
    """
    db = database_proxy.obj
    if is_sqlite(db):
        db.execute_sql("PRAGMA synchronous = NORMAL")
        try:
            with db.atomic("IMMEDIATE"):
                yield
        finally:
            db.execute_sql(f"PRAGMA synchronous = {SQLITE_PRAGMAS['synchronous']}")
    else:
        with db.atomic():
            db.execute_sql("SET LOCAL synchronous_commit = off")
            yield


def execute(sql: str, params: Sequence[Any] = ()) -> Any:
    """Run one hand-written statement on the bound database; returns its cursor.

    For the few statements of every write: building them with peewee's query builder cost
    more than running them (bench/RESULTS.md). ``sql`` uses ``?`` placeholders and
    double-quoted identifiers, valid on SQLite and PostgreSQL alike.
    """
    db = database_proxy.obj
    return db.execute_sql(_in_dialect(sql, db.param), params)


@functools.lru_cache(maxsize=128)
def _in_dialect(sql: str, param: str) -> str:
    return sql if param == "?" else sql.replace("?", param)


def migration_runner(db: peewee.Database) -> Runner:
    """peewee's migration runner over ``referee/store/migrations``."""
    return Runner(db, directory=str(MIGRATIONS_DIR))


def upgrade(db: peewee.Database) -> list[str]:
    """Apply the migrations not yet applied; returns their names (in order)."""
    return list(migration_runner(db).up())
