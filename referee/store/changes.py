"""Which matches changed: told by the writer, noticed by each worker process.

A write announces the match's new version inside its transaction (:func:`announce`). Each
worker process runs one :class:`Watcher`, whatever the number of streams it serves, that
calls ``on_change(match_id, version)`` when a match it was asked about moves on:

- PostgreSQL: the announcement is a ``NOTIFY`` on :data:`CHANNEL`, which PostgreSQL delivers
  at commit (never for a rolled-back write) to every listening connection — of this server
  or any other server on the same database. The watcher holds one ``LISTEN`` connection.
- SQLite (one host): nothing is sent; the watcher asks SQLite every ``poll_seconds`` whether
  any connection committed since (``PRAGMA data_version``, no table read) and only then reads
  the last seq of the matches watched.

An event's log (docs/events.md) is told the same way under the event's id (``ev_…``), its
version the number of entries in its log.

Token revocations (a rotation, a recovery, a seat replaced) are told the same way
(:func:`announce_revoked`; payload ``"<match id> tokens"``; on SQLite the count of revoked
tokens of each watched match): the watcher calls ``on_revoked(match_id)``, and the streams of
that match check their token again at once.

The watcher runs in a daemon thread (a greenlet under gevent workers) and holds its one
connection; streams themselves hold none while they wait.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

import peewee

from referee.store.db import execute, is_sqlite

log = logging.getLogger(__name__)

#: The PostgreSQL channel of every announcement; its payload is ``"<match id> <version>"``.
CHANNEL = "referee_match_changed"

#: ``on_change(match_id, version)``: the match is now at least at ``version``.
OnChange = Callable[[str, int], None]

#: The payload's second word when tokens of the match were revoked (not a version).
REVOKED = "tokens"


def announce(match_id: str, version: int) -> None:
    """Tell every worker that ``match_id`` is now at ``version`` (call inside the write's
    transaction: PostgreSQL delivers the NOTIFY when it commits, and never if it rolls back).
    On SQLite the watchers notice by themselves: nothing is sent.
    """
    if not is_sqlite():
        execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{match_id} {version}"))


def announcing(sql: str, params: Sequence[Any], match_id: str, version: int
               ) -> tuple[str, list[Any]]:
    """One data-modifying statement (``sql`` with ``params``) that also does what
    :func:`announce` does, in the same round trip to the database: on PostgreSQL it becomes
    ``WITH … SELECT pg_notify(…)``; on SQLite it is left as it is."""
    if is_sqlite():
        return sql, list(params)
    return (f'WITH "written" AS ({sql}) SELECT pg_notify(?, ?)',
            [*params, CHANNEL, f"{match_id} {version}"])


def announce_revoked(match_id: str) -> None:
    """Tell every worker that tokens of ``match_id`` were revoked (call inside the write's
    transaction, like :func:`announce`); on SQLite the watchers notice by themselves."""
    if not is_sqlite():
        execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{match_id} {REVOKED}"))


class Watcher:
    """One per worker process: calls ``on_change`` for the watched matches that move on,
    ``on_revoked(match_id)`` when tokens of a watched match were revoked (on SQLite also the
    first time it counts a match's revoked tokens: a check too many, never one too few), and
    ``on_lost()`` when it may have missed changes (a reconnect): then every stream reloads
    and checks its token.

    ``watched()`` returns the ids of the matches someone is following in this process;
    ``should_stop()`` is asked at every poll (about once a second on PostgreSQL): once it
    answers True the watcher closes its connection and ends.
    """

    def __init__(
        self,
        db: peewee.Database,
        on_change: OnChange,
        on_lost: Callable[[], None],
        watched: Callable[[], Collection[str]],
        poll_seconds: float = 0.1,
        should_stop: Callable[[], bool] = lambda: False,
        on_revoked: Callable[[str], None] = lambda match_id: None,
    ) -> None:
        self.db = db
        self.on_change = on_change
        self.on_revoked = on_revoked
        self.on_lost = on_lost
        self.watched = watched
        self.poll_seconds = poll_seconds
        self.should_stop = should_stop
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="referee-watcher", daemon=True)

    def start(self) -> None:
        """Start watching (in a daemon thread)."""
        self._thread.start()

    def _stopping(self) -> bool:
        self._stopped = self._stopped or self.should_stop()
        return self._stopped

    def _run(self) -> None:
        watch = self._watch_sqlite if is_sqlite(self.db) else self._watch_postgres
        while not self._stopping():
            try:
                watch()
            except Exception:  # the database went away: say so, wait, connect again
                log.warning("change watcher lost its connection; reconnecting", exc_info=True)
                self.on_lost()
                time.sleep(1.0)

    def _watch_sqlite(self) -> None:
        path = self.db.database
        # Its own connection (the watcher thread's, read only): never one of a request's.
        connection = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True,
                                     timeout=10, check_same_thread=False)
        try:
            changed_since = None
            revoked: dict[str, int] = {}  # revoked tokens counted per watched match
            while not self._stopping():
                time.sleep(self.poll_seconds)
                data_version = connection.execute("PRAGMA data_version").fetchone()[0]
                if data_version == changed_since:
                    continue  # nobody committed anything since the last look
                changed_since = data_version
                ids = list(self.watched())
                for start in range(0, len(ids), 500):
                    chunk = ids[start : start + 500]
                    marks = ",".join("?" * len(chunk))
                    rows = connection.execute(
                        f'SELECT "match_id", max("seq") FROM "event" '
                        f'WHERE "match_id" IN ({marks}) GROUP BY "match_id"', chunk,
                    ).fetchall()
                    for match_id, version in rows:
                        self.on_change(match_id, int(version))
                    rows = connection.execute(  # an event's log (docs/events.md)
                        f'SELECT "event_id", max("seq") FROM "club_event_entry" '
                        f'WHERE "event_id" IN ({marks}) GROUP BY "event_id"', chunk,
                    ).fetchall()
                    for event_id, version in rows:
                        self.on_change(event_id, int(version))
                    rows = connection.execute(
                        f'SELECT "match_id", count(*) FROM "access_token" '
                        f'WHERE "match_id" IN ({marks}) AND "revoked_at" IS NOT NULL '
                        f'GROUP BY "match_id"', chunk,
                    ).fetchall()
                    for match_id, count in rows:
                        if revoked.get(match_id) != count:
                            revoked[match_id] = count
                            self.on_revoked(match_id)
                if len(revoked) > 2 * len(ids) + 1000:  # forget matches nobody follows now
                    kept = set(ids)
                    revoked = {m: c for m, c in revoked.items() if m in kept}
        finally:
            connection.close()

    def _watch_postgres(self) -> None:
        import psycopg

        connection = psycopg.connect(autocommit=True, **_connect_params(self.db))
        try:
            connection.execute(f"LISTEN {CHANNEL}")
            self.on_lost()  # anything committed before LISTEN took effect: look again
            while not self._stopping():
                # psycopg waits cooperatively under gevent (psycopg >= 3.1.14).
                for notice in connection.notifies(timeout=1.0):
                    match_id, _, version = notice.payload.partition(" ")
                    if version.isdigit():
                        self.on_change(match_id, int(version))
                    elif version == REVOKED:
                        self.on_revoked(match_id)
        finally:
            connection.close()


def _connect_params(db: peewee.Database) -> dict[str, Any]:
    """The database's own connection parameters (user, host, sslmode…), for psycopg."""
    params = {k: v for k, v in db.connect_params.items() if v is not None}
    return {"dbname": db.database, **params}
