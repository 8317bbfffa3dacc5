"""The database: SQLite by default, PostgreSQL when DATABASE_URL says so (design.md, Storage).

SQLite runs with WAL, ``synchronous=FULL`` and foreign keys, and every write is one
``BEGIN IMMEDIATE`` transaction (a deferred transaction that reads then writes loses writes
under concurrent gunicorn workers). PostgreSQL uses psycopg 3 through peewee's pool.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import peewee
from playhouse.migrations import Migration, Runner
from playhouse.pool import PooledPostgresqlDatabase, PooledSqliteDatabase

from referee import metrics

_LOG = logging.getLogger(__name__)

#: The models bind to this proxy; :func:`open_database` points it at the real database.
database_proxy = peewee.DatabaseProxy()

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

#: Milliseconds a SQLite statement may wait for a lock inside SQLite (a blocking sleep in C that
#: would freeze a gevent worker's event loop): kept short; a writer's wait for the write lock is
#: done cooperatively instead (:func:`write_transaction`).
BUSY_TIMEOUT_MS = 50

SQLITE_PRAGMAS = {
    "journal_mode": "wal",
    "synchronous": "full",
    "foreign_keys": 1,
    "busy_timeout": BUSY_TIMEOUT_MS,
    # The WAL is checkpointed every 1,000 pages and truncated back to 4 MiB after a
    # checkpoint, so it stays bounded (a full disk never finds a WAL grown without limit).
    "wal_autocheckpoint": 1000,
    "journal_size_limit": 4 * 1024 * 1024,
}


def _seconds(name: str, default: float) -> float:
    """A duration setting from the environment (seconds, > 0)."""
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return value if value > 0 else default


def sqlite_lock_wait() -> float:
    """Seconds a SQLite writer waits for the write lock before its request is answered 503
    ``database-busy`` (``REFEREE_SQLITE_LOCK_WAIT``, default 10)."""
    return _seconds("REFEREE_SQLITE_LOCK_WAIT", 10.0)


class DatabaseBusy(Exception):
    """The database's write lock was not free within the wait allowed (a 503 to retry)."""


class WriteOutcomeUnknown(Exception):
    """The connection was lost while the COMMIT was in flight: the write may or may not be
    stored. Only a retry with the same Idempotency-Key can tell (its record answers truly)."""


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
        pooled: peewee.Database = PooledSqliteDatabase(  # playhouse.pool has no annotations
            path, pragmas=SQLITE_PRAGMAS, timeout=10, check_same_thread=False,
            max_connections=int(os.environ.get("DB_POOL_SIZE", 32)),
        )
        return pooled
    if parsed.scheme in ("postgres", "postgresql"):
        query = {k: v[-1] for k, v in parse_qs(parsed.query).items()}
        pooled = PooledPostgresqlDatabase(
            (parsed.path or "/").lstrip("/") or "postgres",
            user=parsed.username,
            password=parsed.password,
            host=parsed.hostname,
            port=parsed.port or 5432,
            max_connections=int(query.pop("max_connections", os.environ.get("DB_POOL_SIZE", 8))),
            stale_timeout=300,
            # the pool's wait for a free connection
            timeout=_seconds("REFEREE_DB_POOL_WAIT", 10.0),
            prefer_psycopg3=True,
            **{**postgres_timeouts(), **query},
        )
        return pooled
    raise DatabaseURLError(f"DATABASE_URL must be sqlite:///path or postgresql://..., not {url!r}")


def postgres_timeouts() -> dict[str, Any]:
    """Bounded waits on PostgreSQL, as connection arguments: ``connect_timeout``
    (``REFEREE_PG_CONNECT_TIMEOUT``, default 5 s) and the server's ``statement_timeout``
    (``REFEREE_PG_STATEMENT_TIMEOUT``, 10 s), ``lock_timeout`` (``REFEREE_PG_LOCK_TIMEOUT``,
    5 s) and ``idle_in_transaction_session_timeout`` (``REFEREE_PG_IDLE_IN_TRANSACTION_TIMEOUT``,
    10 s: a worker frozen inside a transaction loses it, and its locks, after that long);
    past them the request is answered 503 rather than waiting.
    """
    statement_ms = int(_seconds("REFEREE_PG_STATEMENT_TIMEOUT", 10.0) * 1000)
    lock_ms = int(_seconds("REFEREE_PG_LOCK_TIMEOUT", 5.0) * 1000)
    idle_ms = int(_seconds("REFEREE_PG_IDLE_IN_TRANSACTION_TIMEOUT", 10.0) * 1000)
    return {
        "connect_timeout": max(1, round(_seconds("REFEREE_PG_CONNECT_TIMEOUT", 5.0))),
        "options": f"-c statement_timeout={statement_ms} -c lock_timeout={lock_ms} "
                   f"-c idle_in_transaction_session_timeout={idle_ms}",
    }


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
    nothing). Inside a transaction already, it is a savepoint of that one.

    SQLite's write lock is waited for cooperatively: ``BEGIN IMMEDIATE`` is tried with no wait
    inside SQLite and tried again after short sleeps (which yield to the other greenlets under
    gevent), so a worker whose writer waits still answers everything else.

    :raises DatabaseBusy: SQLite's write lock stayed taken for :func:`sqlite_lock_wait`
        seconds (another process holds it); nothing was written.
    :raises WriteOutcomeUnknown: PostgreSQL's connection was lost while the COMMIT was in
        flight: the write may be stored.
    A failed ROLLBACK after an error is logged and never replaces the error that caused it.
    """
    db = database_proxy.obj
    if db.in_transaction():
        with db.atomic():
            yield
        return
    sqlite = is_sqlite(db)
    if sqlite:
        _begin_immediate(db)
    else:
        db.begin()
    transaction = db.transaction()
    db.push_transaction(transaction)
    try:
        yield
    except BaseException:
        db.pop_transaction()
        _rollback_quietly(db)
        raise
    db.pop_transaction()
    try:
        db.commit()
    except Exception as error:
        _rollback_quietly(db)
        if not sqlite and connection_lost(error):
            raise WriteOutcomeUnknown(str(error)) from error
        raise
    db._run_commit_callbacks()


def _begin_immediate(db: Any) -> None:
    """``BEGIN IMMEDIATE``, waiting cooperatively for SQLite's write lock (see
    :func:`write_transaction`)."""
    started = time.monotonic()
    deadline: float | None = None  # the setting is read only when the lock is taken
    pause = 0.0001
    # The two PRAGMAs go straight to the driver's connection: peewee's ``execute_sql`` (its
    # log, its cursor, its error wrapper) cost more than the statements (bench/RESULTS.md §30).
    connection = db.connection()
    with _DRIVER_ERRORS:
        connection.execute(_NO_BUSY_WAIT)
    try:
        while True:
            try:
                db.begin("IMMEDIATE")
                metrics.LOCK_WAIT.observe(time.monotonic() - started)
                return
            except peewee.OperationalError as error:
                if "locked" not in str(error) and "busy" not in str(error):
                    raise
                if deadline is None:
                    deadline = started + sqlite_lock_wait()
                if time.monotonic() >= deadline:
                    metrics.LOCK_WAIT.observe(time.monotonic() - started)
                    raise DatabaseBusy(str(error)) from error
            time.sleep(pause)  # gevent's sleep under gunicorn: the event loop runs meanwhile
            pause = min(pause * 2, 0.0005)  # a write holds the lock well under 1 ms
    finally:
        with _DRIVER_ERRORS:
            connection.execute(_BUSY_WAIT)


#: peewee's translation of the driver's errors into its own (``peewee.OperationalError``…).
_DRIVER_ERRORS: Any = vars(peewee)["__exception_wrapper__"]
_NO_BUSY_WAIT = "PRAGMA busy_timeout = 0"
_BUSY_WAIT = f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}"


def _rollback_quietly(db: Any) -> None:
    """Roll back after an error; a rollback that fails too (the connection is gone, SQLite
    already rolled back) is logged, not raised, so the first error is the one reported."""
    try:
        db.rollback()
    except Exception:
        _LOG.warning("rollback after an error failed as well", exc_info=True)
    db._clear_commit_callbacks()


#: Words of the drivers' errors for a connection that is gone (psycopg; SQLite has none).
_CONNECTION_LOST = (
    "server closed the connection", "connection is lost", "connection already closed",
    "consuming input failed", "terminating connection", "connection is closed",
    "could not receive data", "could not send data", "the connection is lost",
    "ssl connection has been closed", "eof detected",
)


def connection_lost(error: BaseException) -> bool:
    """True when ``error`` (peewee's wrapper or the driver's own) says the database
    connection was lost or could not be made."""
    text = str(error).lower()
    if any(words in text for words in _CONNECTION_LOST):
        return True
    cause = error.__cause__ or error.__context__
    return cause is not None and cause is not error and any(
        words in str(cause).lower() for words in _CONNECTION_LOST)


def execute(sql: str, params: Sequence[Any] = ()) -> Any:
    """Run one hand-written statement on the bound database; returns its cursor.

    For the few statements of every write: building them with peewee's query builder cost
    more than running them (bench/RESULTS.md). A driver's error is raised as peewee's
    (``peewee.IntegrityError``, ``peewee.OperationalError``…). ``sql`` uses ``?`` placeholders and
    double-quoted identifiers, valid on SQLite and PostgreSQL alike.
    """
    db = database_proxy.obj
    connection = db.connection()  # opened (a pooled one taken) when the request has none
    # Straight to the driver's connection, its errors made peewee's as ``execute_sql``
    # makes them: peewee's log, hooks and cursor call cost more than some statements do
    # (bench/RESULTS.md §30).
    with _DRIVER_ERRORS:
        return connection.execute(_in_dialect(sql, db.param), params)


@functools.lru_cache(maxsize=128)
def _in_dialect(sql: str, param: str) -> str:
    return sql if param == "?" else sql.replace("?", param)


def migration_runner(db: peewee.Database) -> Runner:
    """peewee's migration runner over ``referee/store/migrations``."""
    return Runner(db, directory=str(MIGRATIONS_DIR))


#: The PostgreSQL advisory lock held while migrating (any number, the same for every server).
UPGRADE_LOCK = 0x7265_6665  # "refe"


def upgrade(db: peewee.Database) -> list[str]:
    """Apply the migrations not yet applied; returns their names (in order).

    On PostgreSQL the servers of one database that start together take turns: each holds an
    advisory lock while it migrates, so the second finds the work done instead of racing it.
    """
    if is_sqlite(db):  # SQLite's migrations run in its own write lock
        return list(migration_runner(db).up())
    db.execute_sql("SELECT pg_advisory_lock(%s)", (UPGRADE_LOCK,))
    try:
        return list(migration_runner(db).up())
    finally:
        db.execute_sql("SELECT pg_advisory_unlock(%s)", (UPGRADE_LOCK,))


def backup(db: peewee.Database, destination: Path) -> None:
    """Copy a SQLite database to ``destination`` while it serves (SQLite's online backup: a
    consistent copy, writers go on meanwhile). ``destination`` must not exist.

    :raises ValueError: the database is not a SQLite file (PostgreSQL: use pg_dump).
    :raises FileExistsError: ``destination`` exists.
    """
    import sqlite3

    path = getattr(db, "database", "")
    if not is_sqlite(db) or not path or path == ":memory:":
        raise ValueError("only a SQLite file is backed up this way; for PostgreSQL use pg_dump "
                         "(docs/operations.md)")
    destination = Path(destination)
    if destination.exists():
        raise FileExistsError(f"{destination} exists: choose a new file")
    destination.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(path)
    try:
        target = sqlite3.connect(destination)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()


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
