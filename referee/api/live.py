"""Live updates of a match: ``GET /v1/matches/{id}/stream``, Server-Sent Events.

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

A revoked token's streams end within the watcher's delay (at once on PostgreSQL, within
``STREAM_POLL_SECONDS`` on SQLite): a revocation wakes the streams of its match, and the first
to wake reads the match's live credentials once for all of them (:meth:`Hub.token_live`; read
again at least every heartbeat, in case a notice was missed).

Limits (docs/security.md): the hub admits a stream only while this worker holds fewer than
``STREAMS_PER_TOKEN`` streams of its token, ``STREAMS_PER_MATCH`` of its match,
``STREAMS_PER_ADDRESS`` from its client's address (``request.remote_addr``, see
:mod:`referee.api.clients`) and ``STREAMS_PER_WORKER`` in all; else ``429``
``too-many-streams`` with ``Retry-After`` (the page polls meanwhile). The counts are the
worker's own (each gunicorn worker counts its streams).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

import peewee
from flask import Response, current_app, request

from referee import folds, metrics
from referee.api import view_schemas as s
from referee.api.access import BEARER
from referee.api.access import authorize as _authorize
from referee.api.access import bearer_token as _token
from referee.api.blueprint import Blueprint
from referee.api.errors import ProblemError, problems
from referee.api.match_views import state_dict
from referee.api.problems import NOT_FOUND, TOO_MANY_STREAMS
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

#: Seconds a refused stream is told to wait (``Retry-After``) before it asks again.
REFUSED_RETRY_SECONDS = 30

Snapshot = tuple[int, str]  # (version, the match's JSON text)


@dataclass(frozen=True, slots=True)
class StreamLimits:
    """How many streams one worker process admits: of one token (``per_token``), of one
    match (``per_match``), from one client address (``per_address``) and in all
    (``per_worker``). The defaults are docs/security.md's (the app's config)."""

    per_token: int = 100
    per_match: int = 200
    per_address: int = 250
    per_worker: int = 8000

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> StreamLimits:
        """The limits of an app's config (``STREAMS_PER_TOKEN``, ``STREAMS_PER_MATCH``,
        ``STREAMS_PER_ADDRESS``, ``STREAMS_PER_WORKER``)."""
        return cls(int(config["STREAMS_PER_TOKEN"]), int(config["STREAMS_PER_MATCH"]),
                   int(config["STREAMS_PER_ADDRESS"]), int(config["STREAMS_PER_WORKER"]))


class StreamRefused(Exception):
    """A stream not admitted: ``limit`` says which count is full ("token", "match",
    "address" or "server") and ``cap`` its limit."""

    def __init__(self, limit: str, cap: int) -> None:
        self.limit = limit
        self.cap = cap
        super().__init__(f"{limit}: {cap}")


class Subscription:
    """One admitted stream: the match it follows, its token's sha256 (``token_key``), its
    client's address, its wake-up :class:`threading.Event`, and the revocation generation of
    its match it last checked its token at (``checked``)."""

    __slots__ = ("address", "checked", "checked_at", "match_id", "token_key", "waiter")

    def __init__(self, match_id: str, token_key: str, address: str) -> None:
        self.match_id = match_id
        self.token_key = token_key
        self.address = address
        self.waiter = threading.Event()
        self.checked: int | None = None
        self.checked_at = 0.0


class Hub:
    """The streams of one worker process and what they follow.

    ``subscribe``/``unsubscribe`` admit (within :class:`StreamLimits`) and register a
    stream's :class:`Subscription` for a match; the watcher's ``on_change`` and
    ``on_revoked`` wake them; ``snapshot`` renders the match once per version and
    ``token_live`` reads a match's live credentials once per revocation for every stream of
    the process. Restarted cleanly in a forked worker.
    """

    def __init__(self, db: peewee.Database, poll_seconds: float,
                 limits: StreamLimits | None = None) -> None:
        self.db = db
        self.poll_seconds = poll_seconds
        self.limits = limits or StreamLimits()
        self._reset()

    def _reset(self) -> None:
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self._waiters: dict[str, set[Subscription]] = {}
        self._by_token: dict[str, int] = {}
        self._by_address: dict[str, int] = {}
        self._total = 0
        self._known: dict[str, int] = {}  # the last version the watcher saw, per match
        self._snapshots: dict[str, Snapshot] = {}
        self._rendering: dict[str, threading.Lock] = {}
        self._revocations: dict[str, int] = {}  # revocations the watcher told of, per match
        # per match: (revocations when read, time read, the live credentials' hashes)
        self._live: dict[str, tuple[int, float, frozenset[str]]] = {}
        self._checking: dict[str, threading.Lock] = {}
        self._watcher: Watcher | None = None
        self._idle_since: float | None = None

    # ------------------------------------------------------------------ streams' side

    def subscribe(self, match_id: str, token_key: str = "", address: str = "") -> Subscription:
        """Admit a new stream following ``match_id`` with the token of sha256 ``token_key``
        from client ``address`` (the watcher is started when it is not running).

        :raises StreamRefused: this worker holds as many streams of that token, match or
            address, or in all, as :attr:`limits` allow.
        """
        if self._pid != os.getpid():  # a forked worker: nothing of the parent's applies
            self._reset()
        subscription = Subscription(match_id, token_key, address)
        limits = self.limits
        with self._lock:
            waiters = self._waiters.get(match_id, ())
            if self._by_token.get(token_key, 0) >= limits.per_token:
                raise StreamRefused("token", limits.per_token)
            if len(waiters) >= limits.per_match:
                raise StreamRefused("match", limits.per_match)
            if self._by_address.get(address, 0) >= limits.per_address:
                raise StreamRefused("address", limits.per_address)
            if self._total >= limits.per_worker:
                raise StreamRefused("server", limits.per_worker)
            self._waiters.setdefault(match_id, set()).add(subscription)
            self._by_token[token_key] = self._by_token.get(token_key, 0) + 1
            self._by_address[address] = self._by_address.get(address, 0) + 1
            self._total += 1
            self._idle_since = None
            if self._watcher is None:
                self._watcher = Watcher(self.db, self.on_change, self.on_lost, self.watched,
                                        self.poll_seconds, should_stop=self._watcher_may_stop,
                                        on_revoked=self.on_revoked)
                self._watcher.start()
        metrics.OPEN_STREAMS.inc()
        return subscription

    def check_room(self, address: str) -> None:
        """Whether a stream from ``address`` could be admitted now, as far as the address's
        and the worker's counts go (asked before the token is checked; :meth:`subscribe`
        decides).

        :raises StreamRefused: no room for it.
        """
        with self._lock:
            if self._by_address.get(address, 0) >= self.limits.per_address:
                raise StreamRefused("address", self.limits.per_address)
            if self._total >= self.limits.per_worker:
                raise StreamRefused("server", self.limits.per_worker)

    def unsubscribe(self, subscription: Subscription) -> None:
        """The stream ended (call once per admitted stream)."""
        metrics.OPEN_STREAMS.dec()
        match_id = subscription.match_id
        with self._lock:
            _decrement(self._by_token, subscription.token_key)
            _decrement(self._by_address, subscription.address)
            self._total -= 1
            waiters = self._waiters.get(match_id)
            if waiters is not None:
                waiters.discard(subscription)
                if not waiters:  # nobody follows it here any more: forget it
                    del self._waiters[match_id]
                    for kept in (self._known, self._snapshots, self._rendering,
                                 self._revocations, self._live, self._checking):
                        kept.pop(match_id, None)

    def token_live(self, subscription: Subscription, read: Callable[[], frozenset[str]],
                   max_age: float) -> bool:
        """Whether the stream's token is still live: checked against the match's live
        credentials (``read()``: their hashes), read once for every stream of the match after
        each revocation the watcher tells of, and again when older than ``max_age`` seconds.
        Cheap (no query) when nothing was revoked since the stream last checked.

        :raises: whatever ``read`` raises (a database fault).
        """
        match_id = subscription.match_id
        now = time.monotonic()
        with self._lock:
            generation = self._revocations.get(match_id, 0)
            if subscription.checked == generation and now - subscription.checked_at < max_age:
                return True
            cached = self._live.get(match_id)
            checking = self._checking.setdefault(match_id, threading.Lock())
        if cached is None or cached[0] != generation or now - cached[1] >= max_age:
            with checking:
                with self._lock:  # read by another stream while this one waited?
                    generation = self._revocations.get(match_id, 0)
                    cached = self._live.get(match_id)
                if cached is None or cached[0] != generation or now - cached[1] >= max_age:
                    cached = (generation, time.monotonic(), read())
                    with self._lock:
                        if match_id in self._waiters:
                            self._live[match_id] = cached
        subscription.checked, subscription.checked_at = cached[0], cached[1]
        return subscription.token_key in cached[2]

    def streams(self) -> int:
        """How many streams this process serves (bench and tests)."""
        with self._lock:
            return self._total

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
            waiter.waiter.set()

    def on_revoked(self, match_id: str) -> None:
        """Tokens of ``match_id`` were revoked: its streams check their token again."""
        with self._lock:
            if match_id not in self._waiters:
                return
            self._revocations[match_id] = self._revocations.get(match_id, 0) + 1
            waiters = list(self._waiters[match_id])
        for waiter in waiters:
            waiter.waiter.set()

    def on_lost(self) -> None:
        """The watcher may have missed changes: every stream renders its match again and
        checks its token."""
        with self._lock:
            self._snapshots.clear()
            for match_id in self._waiters:
                self._revocations[match_id] = self._revocations.get(match_id, 0) + 1
            waiters = [w for ws in self._waiters.values() for w in ws]
        for waiter in waiters:
            waiter.waiter.set()

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


def _decrement(counts: dict[str, int], key: str) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


def hub() -> Hub:
    """The app's hub (one per worker process)."""
    found: Hub = current_app.extensions["referee.hub"]
    return found


def register_hub(app: Any) -> None:
    """Give ``app`` its :class:`Hub` (called by the app factory once the database is open)."""
    limits = StreamLimits.from_config(app.config)
    app.extensions["referee.hub"] = Hub(app.extensions["referee.db"],
                                        float(app.config["STREAM_POLL_SECONDS"]), limits)
    metrics.STREAM_CAP.set(limits.per_worker)


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


#: What a refused stream's ``limit`` means, in the problem's detail.
_REFUSED_WHY = {
    "token": "this token already has {cap} live-update streams open here",
    "match": "this match already has {cap} live-update streams open here",
    "address": "your network address already has {cap} live-update streams open here",
    "server": "the server holds as many live-update streams as it can ({cap})",
}


def _refuse(refused: StreamRefused) -> NoReturn:
    """Answer ``429`` ``too-many-streams`` for a stream not admitted.

    :raises ProblemError: always.
    """
    why = _REFUSED_WHY[refused.limit].format(cap=refused.cap)
    metrics.LIMIT_REFUSALS.labels(f"stream_{refused.limit}").inc()
    raise ProblemError(
        TOO_MANY_STREAMS,
        f"No live updates for now: {why}. Read the match with GET (If-None-Match) and try "
        f"the stream again in {REFUSED_RETRY_SECONDS} s.",
        extra={"limit": refused.limit},
        headers={"Retry-After": str(REFUSED_RETRY_SECONDS)},
    ) from None


def _events(the_hub: Hub, subscription: Subscription, first: Snapshot,
            resume_after: int | None, render: Callable[[], Snapshot],
            live_credentials: Callable[[], frozenset[str]],
            config: Mapping[str, Any]) -> Iterator[str]:
    """The stream's text, event after event (module docstring): the match ``first`` unless
    ``resume_after`` (the client's Last-Event-ID) is its version, then the match after every
    change the hub wakes ``subscription`` for, a heartbeat when nothing happened for
    ``STREAM_HEARTBEAT_SECONDS``; ends when the token is revoked or after
    ``STREAM_MAX_SECONDS``, and always gives the subscription back."""
    match_id = subscription.match_id
    deadline = time.monotonic() + float(config["STREAM_MAX_SECONDS"])
    heartbeat = float(config["STREAM_HEARTBEAT_SECONDS"])
    # A Last-Event-ID ahead of the match (a database restored from a backup) means
    # nothing: send the match as it is.
    sent = resume_after if resume_after is None or resume_after <= first[0] else None
    snapshot = first
    waiter = subscription.waiter
    # The first heartbeat comes after a random part of the period: streams opened
    # together (a flood, every phone after a restart) do not all beat at the same moment.
    next_beat = time.monotonic() + heartbeat * random.uniform(0.5, 1.0)
    try:
        yield f"retry: {RETRY_MS}\n\n"
        while True:
            # Revoked (told by the watcher, or found at the latest a heartbeat later):
            # the stream ends, the client must come back with a live token.
            if not the_hub.token_live(subscription, live_credentials, heartbeat):
                return
            if sent is None or snapshot[0] > sent:
                sent = snapshot[0]
                yield f"event: match\nid: {sent}\ndata: {snapshot[1]}\n\n"
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            if waiter.wait(max(0.0, min(next_beat - time.monotonic(), remaining))):
                waiter.clear()  # before rendering: a change during it wakes us again
            elif time.monotonic() < deadline:
                next_beat = time.monotonic() + heartbeat
                yield ": heartbeat\n\n"
            snapshot = the_hub.snapshot(match_id, render)
    finally:
        the_hub.unsubscribe(subscription)


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
@problems(blp, 401, 403, 404, 429)
def stream_match(match_id: str) -> Any:
    """Follow the match live (Server-Sent Events), with any token of the match.

    Send ``Authorization: Bearer <token>`` (the read token is enough), so read it with
    ``fetch()`` streaming (EventSource cannot send headers). Reconnect with ``Last-Event-ID``
    after a drop; with no stream, poll ``GET /v1/matches/{match_id}`` with ``If-None-Match``.
    A stream past the server's limits (per token, match, client address, or in all) is
    refused with ``429`` (``too-many-streams``, ``Retry-After``): poll meanwhile. The stream
    ends within a second when its token is revoked (a rotation, a recovery, a seat replaced).
    """
    the_hub = hub()
    address = request.remote_addr or ""
    try:  # a full address or server is refused before any query: refusals stay cheap
        the_hub.check_room(address)
    except StreamRefused as refused:
        _refuse(refused)
    _authorize(match_id, "read")
    # current_app is werkzeug's LocalProxy, typed as the Flask app it stands for
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    db: peewee.Database = app.extensions["referee.db"]
    token_key = tokens.token_hash(_token() or "")
    resume_after = _last_event_id()

    def render() -> Snapshot:  # once per version for every stream of the match
        with _connected(db):
            state = folds.load_state(match_id)
        return state.version, json.dumps(s.MatchSchema().dump(state_dict(match_id, state)))

    def live_credentials() -> frozenset[str]:
        with _connected(db):
            return tokens.live_hashes(match_id)

    try:  # before the first render: no change slips between
        subscription = the_hub.subscribe(match_id, token_key, address)
    except StreamRefused as refused:
        _refuse(refused)
    try:
        first = the_hub.snapshot(match_id, render)
    except ledger.MatchNotFound:
        the_hub.unsubscribe(subscription)
        raise ProblemError(NOT_FOUND, f"There is no match {match_id!r}.") from None
    except BaseException:
        the_hub.unsubscribe(subscription)
        raise
    if not db.is_closed() and hasattr(db, "close_all"):
        db.close()  # the request's pooled connection goes back now, not when the stream ends

    events = _events(the_hub, subscription, first, resume_after, render, live_credentials,
                     app.config)
    response = Response(events, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache, no-transform"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
