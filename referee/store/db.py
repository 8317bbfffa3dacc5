"""The database: SQLite by default, PostgreSQL when DATABASE_URL says so (design.md, Storage).

SQLite runs with WAL, ``synchronous=FULL`` and foreign keys, and every write is one
``BEGIN IMMEDIATE`` transaction (a deferred transaction that reads then writes loses writes
under concurrent gunicorn workers). PostgreSQL uses psycopg 3 through peewee's pool.
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import peewee
from playhouse.migrations import Migration, Runner
from playhouse.pool import PooledPostgresqlDatabase, PooledSqliteDatabase

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Linux/macOS: no queue, SQLite's own wait
    fcntl = None  # type: ignore[assignment]

#: The models bind to this proxy; :func:`open_database` points it at the real database.
database_proxy = peewee.DatabaseProxy()

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

#: Milliseconds a SQLite writer waits for the write lock.
BUSY_TIMEOUT_MS = 10_000

SQLITE_PRAGMAS = {
    "journal_mode": "wal",
    "synchronous": "full",
    "foreign_keys": 1,
    "busy_timeout": BUSY_TIMEOUT_MS,
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
        if not path or path == ":memory:":
            return peewee.SqliteDatabase(":memory:", pragmas=SQLITE_PRAGMAS, timeout=10)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        # Pooled: under gunicorn's gevent workers every connection's greenlet would otherwise
        # open its own SQLite connection and drop it at the end; the pool hands back an open
        # one (closing the file's last connection would also checkpoint the WAL each time).
        # A connection serves one request at a time but, back in the pool, may go to another
        # thread (tests, a threaded server): SQLite's same-thread check does not apply.
        return PooledSqliteDatabase(
            path, pragmas=SQLITE_PRAGMAS, timeout=10, check_same_thread=False,
            max_connections=int(os.environ.get("DB_POOL_SIZE", 32)),
        )
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
        with _writers_queue(db), db.atomic("IMMEDIATE"):
            yield
    else:
        with db.atomic():
            yield


#: path of a SQLite file → (pid, descriptor of its writers' lock file, this process's lock)
_WRITER_LOCKS: dict[str, tuple[int, int, threading.Lock]] = {}


@contextlib.contextmanager
def _writers_queue(db: peewee.SqliteDatabase) -> Iterator[None]:
    """Writers to one SQLite file (the gunicorn workers) wait their turn on an advisory lock
    (``flock`` of ``<file>-writer``) before ``BEGIN IMMEDIATE``.

    SQLite alone serializes them too, but a writer that finds the file locked sleeps 1, 2, 5,
    10… ms between tries, far longer than a write holds the lock (bench/RESULTS.md): here
    it tries again every fraction of a millisecond. Only the waiting changes: the transaction
    is SQLite's as before, and past ``busy_timeout`` the write goes on to SQLite's own wait
    (and its "database is locked" error). Nested transactions, ``:memory:`` and systems
    without ``flock`` skip the queue.
    """
    path = db.database
    if fcntl is None or not path or path == ":memory:" or db.in_transaction():
        yield
        return
    entry = _WRITER_LOCKS.get(path)
    if entry is None or entry[0] != os.getpid():  # first write here, or a forked worker
        fd = os.open(f"{path}-writer", os.O_RDWR | os.O_CREAT, 0o600)
        entry = _WRITER_LOCKS[path] = (os.getpid(), fd, threading.Lock())
    _, fd, lock = entry
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    with lock:
        held = _try_flock(fd)
        pause = 0.0001
        while not held and time.monotonic() < deadline:
            time.sleep(pause)
            pause = min(pause * 2, 0.0005)
            held = _try_flock(fd)
        try:
            yield
        finally:
            if held:
                fcntl.flock(fd, fcntl.LOCK_UN)


def _try_flock(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


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


@functools.lru_cache(maxsize=1)
def _migration_names() -> tuple[str, ...]:
    """The migrations this code carries, in order (file names without ``.py``)."""
    return tuple(m.name for m in Migration.load_directory(str(MIGRATIONS_DIR)))


def pending_migrations(db: peewee.Database) -> list[str]:
    """The migrations of this code not applied to ``db`` (all of them on an empty database).

    One small query; raises the driver's error when the database cannot be reached.
    """
    names = _migration_names()
    if not db.table_exists("schema_migration"):
        return list(names)
    applied = {row[0] for row in db.execute_sql('SELECT "name" FROM "schema_migration"')}
    return [name for name in names if name not in applied]
