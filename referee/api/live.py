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

How a change reaches the streams: each worker process has one hub
(:class:`referee.api.stream_hub.Hub`) whose watcher wakes the streams of that process following
the match; the first stream to wake renders the match once for all of them. A stream holds no
database connection while it waits (it connects only to render and to re-check its token at
each heartbeat: a rotated token ends its streams within one heartbeat).

Each stream is a greenlet under gunicorn's gevent workers (a thread under gthread); it ends
when the client goes (the next write fails), when its token is no longer valid, or after
``STREAM_MAX_SECONDS`` (the client reconnects with ``Last-Event-ID`` and misses nothing).

A revoked token's streams end within the watcher's delay (at once on PostgreSQL, within
``STREAM_POLL_SECONDS`` on SQLite): a revocation wakes the streams of its match, and the first
to wake reads the match's live credentials once for all of them
(:meth:`~referee.api.stream_hub.Hub.token_live`; read again at least every heartbeat, in case
a notice was missed).

Limits (docs/security.md; counted by :mod:`referee.api.stream_hub`): the hub admits a stream
only while this worker holds fewer than ``STREAMS_PER_TOKEN`` streams of its token,
``STREAMS_PER_MATCH`` of its match, ``STREAMS_PER_ADDRESS`` from its client's address
(``request.remote_addr``, see :mod:`referee.api.clients`) and ``STREAMS_PER_WORKER`` in all;
else ``429`` ``too-many-streams`` with ``Retry-After`` (the page polls meanwhile). The counts
are the worker's own (each gunicorn worker counts its streams).
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NoReturn

import peewee
from flask import Response, current_app, request

from referee import folds, metrics
from referee.api import language
from referee.api import view_schemas as s
from referee.api.access import BEARER
from referee.api.access import authorize as _authorize
from referee.api.access import bearer_token as _token
from referee.api.blueprint import Blueprint
from referee.api.errors import ProblemError, problems
from referee.api.match_views import state_dict
from referee.api.problems import NOT_FOUND, TOO_MANY_STREAMS
from referee.api.stream_hub import Hub, Snapshot, StreamRefused, Subscription, hub
from referee.i18n.details import NO_MATCH, STREAMS, STREAMS_WHY
from referee.store import ledger, tokens

log = logging.getLogger(__name__)

blp = Blueprint(
    "live",
    __name__,
    url_prefix="/v1/matches",
    description="Live updates of a match (Server-Sent Events).",
)

#: Milliseconds a client waits before reconnecting (the stream's ``retry`` field).
RETRY_MS = 3000

#: Seconds a refused stream is told to wait (``Retry-After``) before it asks again.
REFUSED_RETRY_SECONDS = 30


@contextlib.contextmanager
def connected(db: peewee.Database) -> Iterator[None]:
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


def refuse(refused: StreamRefused) -> NoReturn:
    """Answer ``429`` ``too-many-streams`` for a stream not admitted.

    :raises ProblemError: always.
    """
    why = STREAMS_WHY[refused.limit].said(cap=refused.cap)  # what the limit means
    metrics.LIMIT_REFUSALS.labels(f"stream_{refused.limit}").inc()
    raise ProblemError(
        TOO_MANY_STREAMS,
        STREAMS.said(why=why, seconds=REFUSED_RETRY_SECONDS),
        extra={"limit": refused.limit},
        headers={"Retry-After": str(REFUSED_RETRY_SECONDS)},
    ) from None


def sse_events(the_hub: Hub, subscription: Subscription, name: str, first: Snapshot,
               resume_after: int | None, refresh: Callable[[bool], Snapshot],
               live_credentials: Callable[[], frozenset[str]], config: Mapping[str, Any],
               awake: Callable[[], None] = lambda: None) -> Iterator[str]:
    """The text of a live stream, event after event — a match's (module docstring) and an
    event's standings (:mod:`referee.api.event_stream`) alike: ``event: <name>`` with the
    snapshot ``first`` (version, data) unless ``resume_after`` (the client's Last-Event-ID)
    is its version, then after every change the hub wakes ``subscription`` for (``refresh``,
    told whether it was woken or a heartbeat passed, gives the snapshot as it stands), a
    heartbeat when nothing happened for ``STREAM_HEARTBEAT_SECONDS``; ends when the token is
    revoked or after ``STREAM_MAX_SECONDS``, and always gives the subscription back.
    ``awake``: called each time round, before anything is sent (an event's stream renews
    what it follows)."""
    deadline = time.monotonic() + float(config["STREAM_MAX_SECONDS"])
    heartbeat = float(config["STREAM_HEARTBEAT_SECONDS"])
    # A Last-Event-ID ahead of the stream (a database restored from a backup) means
    # nothing: send the snapshot as it is.
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
            awake()
            if sent is None or snapshot[0] > sent:
                sent = snapshot[0]
                yield f"event: {name}\nid: {sent}\ndata: {snapshot[1]}\n\n"
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            woken = waiter.wait(max(0.0, min(next_beat - time.monotonic(), remaining)))
            if woken:
                waiter.clear()  # before rendering: a change during it wakes us again
            elif time.monotonic() < deadline:
                next_beat = time.monotonic() + heartbeat
                yield ": heartbeat\n\n"
            snapshot = refresh(woken)
    finally:
        the_hub.unsubscribe(subscription)


def last_event_id() -> int | None:
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
        refuse(refused)
    _authorize(match_id, "read")
    # current_app is werkzeug's LocalProxy, typed as the Flask app it stands for
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    db: peewee.Database = app.extensions["referee.db"]
    token_key = tokens.token_hash(_token() or "")
    resume_after = last_event_id()

    def render() -> Snapshot:  # once per version for every stream of the match
        with connected(db):
            state = folds.load_state(match_id)
        return state.version, json.dumps(s.MatchSchema().dump(state_dict(match_id, state)))

    def live_credentials() -> frozenset[str]:
        with connected(db):
            return tokens.live_hashes(match_id)

    try:  # before the first render: no change slips between
        subscription = the_hub.subscribe(match_id, token_key, address)
    except StreamRefused as refused:
        refuse(refused)
    try:
        first = the_hub.snapshot(match_id, render)
    except ledger.MatchNotFound:
        the_hub.unsubscribe(subscription)
        raise ProblemError(NOT_FOUND, NO_MATCH.said(id=match_id)) from None
    except BaseException:
        the_hub.unsubscribe(subscription)
        raise
    if not db.is_closed() and hasattr(db, "close_all"):
        db.close()  # the request's pooled connection goes back now, not when the stream ends

    locale = language.stream_locale(first[1])
    events = language.localized_events(
        sse_events(the_hub, subscription, "match", first, resume_after,
                   lambda _: the_hub.snapshot(match_id, render), live_credentials,
                   app.config), locale)
    response = Response(events, mimetype="text/event-stream")
    response.headers["Content-Language"] = locale
    response.vary.add("Accept-Language")
    response.headers["Cache-Control"] = "no-cache, no-transform"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
