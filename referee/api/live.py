"""Live updates of a match: ``GET /v1/matches/{id}/stream``, Server-Sent Events (issue 13.2).

A watching phone gets the match (the same JSON as ``GET /v1/matches/{id}``) at once, then
after every change, without polling::

    retry: 3000

    event: match
    id: 12
    data: {"id": "…", "version": 12, …}

    : heartbeat

``id`` is the match's version: a client that reconnects sends it back as ``Last-Event-ID``
and gets the match again only if it moved on meanwhile. A comment line every
``STREAM_HEARTBEAT_SECONDS`` (15) keeps proxies and phones from closing an idle connection
and lets the server notice a client that went away.

How a change reaches the streams: each worker process has one :class:`Hub` with one
:class:`referee.store.changes.Watcher` (one LISTEN connection on PostgreSQL, one cheap poll on
SQLite) that wakes the streams of that process following the match. The first stream to wake
renders the match once for all of them (:meth:`Hub.snapshot`); a stream holds no database
connection while it waits (it connects only to render and to re-check its token at each
heartbeat: a rotated token ends its streams within one heartbeat).

Each stream is a greenlet under gunicorn's gevent workers (a thread under gthread); it ends
when the client goes (the next write fails), when its token is no longer valid, or after
``STREAM_MAX_SECONDS`` (the client reconnects with ``Last-Event-ID`` and misses nothing).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import peewee
from flask import Response, current_app, request

from referee import metrics
from referee.api import match_schemas as s
from referee.api.errors import ProblemError, problems
from referee.api.fields import Blueprint
from referee.api.matches import BEARER, _authorize, _token, state_dict
from referee.api.problems import NOT_FOUND
from referee.store import ledger, tokens
from referee.store.changes import Watcher

log = logging.getLogger(__name__)

blp = Blueprint(
    "live",
    __name__,
    url_prefix="/v1/matches",
    description="Live updates of a match (Server-Sent Events).",
)

#: Milliseconds a client waits before reconnecting (the stream's ``retry`` field).
RETRY_MS = 3000

#: Seconds the watcher waits, with nobody following any match, before it lets go of its
#: connection (it starts again with the next stream).
WATCHER_IDLE_SECONDS = 5.0

Snapshot = tuple[int, str]  # (version, the match's JSON text)


class Hub:
    """The streams of one worker process and what they follow.

    ``subscribe``/``unsubscribe`` register a stream's wake-up :class:`threading.Event` for a
    match; the watcher's ``on_change`` sets them; ``snapshot`` renders the match once per
    version for every stream of the process. Restarted cleanly in a forked worker.
    """

    def __init__(self, db: peewee.Database, poll_seconds: float) -> None:
        self.db = db
        self.poll_seconds = poll_seconds
        self._reset()

    def _reset(self) -> None:
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self._waiters: dict[str, set[threading.Event]] = {}
        self._known: dict[str, int] = {}  # the last version the watcher saw, per match
        self._snapshots: dict[str, Snapshot] = {}
        self._rendering: dict[str, threading.Lock] = {}
        self._watcher: Watcher | None = None
        self._idle_since: float | None = None

    # ------------------------------------------------------------------ streams' side

    def subscribe(self, match_id: str) -> threading.Event:
        """A new stream follows ``match_id``: its wake-up event (the watcher is started
        when it is not running)."""
        if self._pid != os.getpid():  # a forked worker: nothing of the parent's applies
            self._reset()
        waiter = threading.Event()
        metrics.OPEN_STREAMS.inc()
        with self._lock:
            self._waiters.setdefault(match_id, set()).add(waiter)
            self._idle_since = None
            if self._watcher is None:
                self._watcher = Watcher(self.db, self.on_change, self.on_lost, self.watched,
                                        self.poll_seconds, should_stop=self._watcher_may_stop)
                self._watcher.start()
        return waiter

    def unsubscribe(self, match_id: str, waiter: threading.Event) -> None:
        """The stream ended."""
        metrics.OPEN_STREAMS.dec()
        with self._lock:
            waiters = self._waiters.get(match_id)
            if waiters is not None:
                waiters.discard(waiter)
                if not waiters:  # nobody follows it here any more: forget it
                    del self._waiters[match_id]
                    self._known.pop(match_id, None)
                    self._snapshots.pop(match_id, None)
                    self._rendering.pop(match_id, None)

    def streams(self) -> int:
        """How many streams this process serves (bench and tests)."""
        with self._lock:
            return sum(len(w) for w in self._waiters.values())

    def snapshot(self, match_id: str, render: Callable[[], Snapshot]) -> Snapshot:
        """The match as last rendered in this process, rendered again (once, whoever asks
        first) when the watcher saw a newer version.

        :raises: whatever ``render`` raises (e.g. :class:`ledger.MatchNotFound`).
        """
        with self._lock:
            cached = self._snapshots.get(match_id)
            if cached is not None and cached[0] >= self._known.get(match_id, 0):
                return cached
            rendering = self._rendering.setdefault(match_id, threading.Lock())
        with rendering:
            with self._lock:  # rendered by another stream while this one waited?
                cached = self._snapshots.get(match_id)
                if cached is not None and cached[0] >= self._known.get(match_id, 0):
                    return cached
            fresh = render()
            with self._lock:
                if match_id in self._waiters:
                    cached = self._snapshots.get(match_id)
                    if cached is None or cached[0] <= fresh[0]:
                        self._snapshots[match_id] = fresh
                    self._known[match_id] = max(self._known.get(match_id, 0), fresh[0])
            return fresh

    # ------------------------------------------------------------------ watcher's side

    def watched(self) -> list[str]:
        """The matches someone follows in this process."""
        with self._lock:
            return list(self._waiters)

    def on_change(self, match_id: str, version: int) -> None:
        """``match_id`` is at ``version``: wake its streams if that is news."""
        with self._lock:
            if version <= self._known.get(match_id, 0) or match_id not in self._waiters:
                return
            self._known[match_id] = version
            waiters = list(self._waiters[match_id])
        for waiter in waiters:
            waiter.set()

    def on_lost(self) -> None:
        """The watcher may have missed changes: every stream renders its match again."""
        with self._lock:
            self._snapshots.clear()
            waiters = [w for ws in self._waiters.values() for w in ws]
        for waiter in waiters:
            waiter.set()

    def _watcher_may_stop(self) -> bool:
        """True (and the watcher is forgotten) after WATCHER_IDLE_SECONDS with no stream."""
        with self._lock:
            if self._waiters:
                self._idle_since = None
                return False
            now = time.monotonic()
            if self._idle_since is None:
                self._idle_since = now
            if now - self._idle_since < WATCHER_IDLE_SECONDS:
                return False
            self._watcher = None
            self._idle_since = None
            return True


def hub() -> Hub:
    """The app's hub (one per worker process)."""
    found: Hub = current_app.extensions["referee.hub"]
    return found


def register_hub(app: Any) -> None:
    """Give ``app`` its :class:`Hub` (called by the app factory once the database is open)."""
    app.extensions["referee.hub"] = Hub(app.extensions["referee.db"],
                                        float(app.config["STREAM_POLL_SECONDS"]))


@contextlib.contextmanager
def _connected(db: peewee.Database) -> Iterator[None]:
    """A connection for a moment, given back at once (a stream never keeps one), unless this
    greenlet or thread already had one open (e.g. ``:memory:``'s only connection)."""
    opened = db.is_closed()
    if opened:
        db.connect()
    try:
        yield
    finally:
        if opened and not db.is_closed():
            db.close()


#: One event of the stream, as an SSE reader gives it (the OpenAPI document's schema of the
#: ``text/event-stream`` answer describes each event).
SSE_EVENT: dict[str, Any] = {
    "type": "object",
    "properties": {
        "event": {"type": "string", "enum": ["match"]},
        "id": {"type": "string", "pattern": "^[0-9]+$",
               "description": "The match's version (send it back as Last-Event-ID)."},
        "data": {"type": "string", "contentMediaType": "application/json",
                 "contentSchema": {"$ref": "#/components/schemas/Match"},
                 "description": "The match, as GET /v1/matches/{match_id} gives it."},
        "retry": {"type": "integer", "description": "Milliseconds to wait before reconnecting."},
    },
}


def _last_event_id() -> int | None:
    value = request.headers.get("Last-Event-ID", "").strip()
    # ASCII digits only: "²" is a digit to str.isdigit but not to int().
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 18 else None


@blp.route("/<string:match_id>/stream", methods=["GET"])
@blp.doc(
    security=BEARER,
    parameters=[{
        "in": "header", "name": "Last-Event-ID", "required": False,
        "schema": {"type": "string"},
        "description": "The `id` of the last event received (the match's version): the "
                       "match is sent at once only if it moved on since. Anything but 1 to "
                       "18 digits is ignored (the match is sent at once).",
    }],
)
@blp.response(
    200,
    SSE_EVENT,
    content_type="text/event-stream",
    description=(
        "Server-Sent Events: `retry: 3000`, then `event: match` / `id: <version>` / "
        "`data: <the match, as GET /v1/matches/{match_id} gives it>` at once (unless "
        "Last-Event-ID is current) and after every change, and a `: heartbeat` comment "
        "every 15 s."
    ),
)
@problems(blp, 401, 403, 404)
def stream_match(match_id: str) -> Any:
    """Follow the match live (Server-Sent Events), with any token of the match.

    Send ``Authorization: Bearer <token>`` (the read token is enough), so read it with
    ``fetch()`` streaming (EventSource cannot send headers). Reconnect with ``Last-Event-ID``
    after a drop; with no stream, poll ``GET /v1/matches/{match_id}`` with ``If-None-Match``.
    """
    _authorize(match_id, "read")
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    the_hub = hub()
    db: peewee.Database = app.extensions["referee.db"]
    token = _token()
    resume_after = _last_event_id()
    schema = s.MatchSchema()

    def render() -> Snapshot:
        with _connected(db):
            state = ledger.load_state(match_id)
        return state.version, json.dumps(schema.dump(state_dict(match_id, state)))

    waiter = the_hub.subscribe(match_id)  # before the first render: no change slips between
    try:
        first = the_hub.snapshot(match_id, render)
    except ledger.MatchNotFound:
        the_hub.unsubscribe(match_id, waiter)
        raise ProblemError(NOT_FOUND, f"There is no match {match_id!r}.") from None
    except BaseException:
        the_hub.unsubscribe(match_id, waiter)
        raise
    if not db.is_closed() and hasattr(db, "close_all"):
        db.close()  # the request's pooled connection goes back now, not when the stream ends

    def events() -> Iterator[str]:
        deadline = time.monotonic() + float(app.config["STREAM_MAX_SECONDS"])
        heartbeat = float(app.config["STREAM_HEARTBEAT_SECONDS"])
        # A Last-Event-ID ahead of the match (a database restored from a backup) means
        # nothing: send the match as it is.
        sent = resume_after if resume_after is None or resume_after <= first[0] else None
        snapshot = first
        try:
            yield f"retry: {RETRY_MS}\n\n"
            while True:
                if sent is None or snapshot[0] > sent:
                    sent = snapshot[0]
                    yield f"event: match\nid: {sent}\ndata: {snapshot[1]}\n\n"
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return
                if waiter.wait(min(heartbeat, remaining)):
                    waiter.clear()  # before rendering: a change during it wakes us again
                elif time.monotonic() < deadline:
                    with _connected(db):
                        try:
                            tokens.authenticate(match_id, token, "read")
                        except tokens.TokenRefused:
                            return  # rotated away: the client must come back with a token
                    yield ": heartbeat\n\n"
                snapshot = the_hub.snapshot(match_id, render)
        finally:
            the_hub.unsubscribe(match_id, waiter)

    response = Response(events(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache, no-transform"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
