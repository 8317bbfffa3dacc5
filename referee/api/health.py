"""``GET /healthz`` (liveness: the process serves requests) and ``GET /readyz`` (readiness:
the database answers within a second, has every migration of this code applied and, for
SQLite, room on its disk; it counts the damaged ledgers this worker found) —
docs/operations.md."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

import marshmallow as ma
import peewee
from flask import current_app

from referee import RULES_VERSION, __version__
from referee.api.blueprint import Blueprint
from referee.api.errors import abort_problem, problems
from referee.api.problems import NOT_READY, STORAGE_FULL
from referee.i18n import details
from referee.store import ledger
from referee.store.db import is_sqlite, pending_migrations

blp = Blueprint("health", __name__, description="Service health")


class HealthSchema(ma.Schema):
    """The service's state: ``status`` "ok", the version and the rules version."""

    status = ma.fields.String(required=True, metadata={"example": "ok"})
    version = ma.fields.String(required=True)
    rules_version = ma.fields.String(required=True)
    damaged_ledgers = ma.fields.Integer(metadata={"description": (
        "GET /readyz: how many matches this worker found whose ledger does not verify (they "
        "answer ledger-tampered; the log names them, LEDGER TAMPERED). 0 when none.")})


@blp.route("/healthz")
@blp.response(200, HealthSchema)
def healthz() -> dict[str, str]:
    """Liveness: answers 200 whenever the app serves requests; never touches the database
    (a restart would not mend a database that is down)."""
    return {"status": "ok", "version": __version__, "rules_version": RULES_VERSION}


@blp.route("/readyz")
@blp.response(200, HealthSchema)
@problems(blp, 503)
def readyz() -> dict[str, Any]:
    """Readiness: 200 when the database answers and has every migration of this code
    applied; 503 problem+json otherwise (the Docker HEALTHCHECK and load balancers ask this).

    ``damaged_ledgers``: the matches this worker found not to verify (still ready: the other
    matches are served; those answer ``ledger-tampered``)."""
    db = current_app.extensions["referee.db"]
    try:
        pending = _probe(db)
    except Exception as error:  # any driver error: unreachable, refused, frozen, pool empty…
        current_app.logger.warning("readyz: database unreachable: %r", error)
        detail = (details.PROBE_TIMEOUT.said(seconds=PROBE_SECONDS)
                  if isinstance(error, TimeoutError) else details.PROBE_UNREACHABLE.said())
        abort_problem(NOT_READY, detail,
                      headers={"Retry-After": "5"})
    if pending:
        abort_problem(NOT_READY, details.MIGRATIONS.said(pending=", ".join(pending)),
                      headers={"Retry-After": "5"})
    free = _free_bytes(db)
    if free is not None and free < min_free_bytes():
        abort_problem(STORAGE_FULL, details.DISK_LOW.said(free=free // 1024,
                                                          needed=min_free_bytes() // 1024),
                      headers={"Retry-After": "30"})
    return {"status": "ready", "version": __version__, "rules_version": RULES_VERSION,
            "damaged_ledgers": len(ledger.damaged())}


#: Seconds /readyz waits for the database before answering 503.
PROBE_SECONDS = 1.0


def min_free_bytes() -> int:
    """Free disk space below which a SQLite server is not ready (``REFEREE_MIN_FREE_BYTES``,
    default 16 MiB: a few thousand writes and a WAL checkpoint's room)."""
    try:
        return max(0, int(os.environ.get("REFEREE_MIN_FREE_BYTES", 16 * 1024 * 1024)))
    except ValueError:
        return 16 * 1024 * 1024


def _free_bytes(db: peewee.Database) -> int | None:
    """Bytes free on the SQLite file's disk (None for PostgreSQL or an in-memory database:
    the server's own disk is its operator's to watch)."""
    path = getattr(db, "database", "")
    if not is_sqlite(db) or not path or path == ":memory:":
        return None
    return shutil.disk_usage(Path(path).resolve().parent).free


#: The database probe of /readyz still running under gevent (one at a time per worker).
_RUNNING: dict[str, Any] = {}


def _probe(db: peewee.Database) -> list[str]:
    """The migrations ``db`` lacks, asked within :data:`PROBE_SECONDS`.

    Under gevent the question runs in a greenlet of its own and /readyz waits for it at most
    that long: a frozen server never answers, and its driver may not give up before its own
    timeouts. A probe that has not come back keeps its connection until the server answers or
    the driver gives up; the next /readyz waits on that same probe (never a second one).
    Elsewhere (tests, a threaded server) the drivers' own timeouts bound the wait.

    :raises TimeoutError: no answer within :data:`PROBE_SECONDS`.
    Whatever the driver raises (unreachable, refused, pool empty) propagates.
    """
    monkey = sys.modules.get("gevent.monkey")
    if monkey is None or not monkey.is_module_patched("socket"):
        return pending_migrations(db)
    import gevent

    running = _RUNNING.get("probe")
    if running is None or running.ready():
        running = _RUNNING["probe"] = gevent.spawn(_ask, db)
    running.join(PROBE_SECONDS)
    if not running.ready():
        raise TimeoutError(f"no answer within {PROBE_SECONDS:g} s")
    return list(running.get())


def _ask(db: peewee.Database) -> list[str]:
    with db.connection_context():
        return pending_migrations(db)
