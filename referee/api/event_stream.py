"""Live standings of an event: ``GET /v1/events/{id}/stream``, Server-Sent Events, through
the live streams' hub (:mod:`referee.api.stream_hub`) as a match's stream
(:mod:`referee.api.live`)::

    retry: 3000

    event: standings
    id: 57
    data: {"version": 57, "event": {…}, "standings": {…}}

    : heartbeat

``data`` holds the event (as ``GET /v1/events/{id}`` gives it: the rounds, each table's
progress, the next round) and its standings (as ``GET …/standings``), sent at once and again
after every change: a check-in, a round started, and every entry at any of its tables'
matches (a deal recorded, corrected, disputed). ``id`` is the stream's version: the event's
log entries plus every table's match's events, which grows with each of them; a client that
reconnects sends it back as ``Last-Event-ID`` and is sent the standings again only if they
moved on meanwhile.

The stream is subscribed to the hub under the event's id (its log is watched as a match's
ledger is) and follows its tables' matches (:meth:`~referee.api.stream_hub.Hub.follow`),
renewed whenever it wakes (a round started adds tables). Each stream renders for itself
(a big screen or two per event): the event's read or organiser token, the same limits as a
match's stream, and it ends when its token is revoked or after ``STREAM_MAX_SECONDS``.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from referee.api.stream_hub import Hub, Subscription

#: One event of the stream, as an SSE reader gives it (the document's schema of the
#: ``text/event-stream`` answer).
SSE_STANDINGS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "event": {"type": "string", "enum": ["standings"]},
        "id": {"type": "string", "pattern": "^[0-9]+$",
               "description": "The stream's version (send it back as Last-Event-ID)."},
        "data": {"type": "string", "contentMediaType": "application/json",
                 "contentSchema": {"$ref": "#/components/schemas/EventLive"},
                 "description": "The event and its standings."},
        "retry": {"type": "integer", "description": "Milliseconds to wait before reconnecting."},
    },
}

#: A rendering: (the stream's version, the data's JSON text, the matches to follow).
Rendered = tuple[int, str, frozenset[str]]


def standings_events(the_hub: Hub, subscription: Subscription, first: Rendered,
                     resume_after: int | None, render: Callable[[], Rendered],
                     live_credentials: Callable[[], frozenset[str]],
                     config: Mapping[str, Any], retry_ms: int) -> Iterator[str]:
    """The stream's text (module docstring): ``first`` unless ``resume_after`` (the client's
    Last-Event-ID) is its version, then the standings after every change the hub wakes
    ``subscription`` for (its event's log, or a table's match it follows), a heartbeat when
    nothing happened for ``STREAM_HEARTBEAT_SECONDS``; ends when the token is revoked or
    after ``STREAM_MAX_SECONDS``, and always gives the subscription back."""
    deadline = time.monotonic() + float(config["STREAM_MAX_SECONDS"])
    heartbeat = float(config["STREAM_HEARTBEAT_SECONDS"])
    sent = resume_after if resume_after is None or resume_after <= first[0] else None
    rendered = first
    waiter = subscription.waiter
    next_beat = time.monotonic() + heartbeat * random.uniform(0.5, 1.0)
    try:
        yield f"retry: {retry_ms}\n\n"
        while True:
            if not the_hub.token_live(subscription, live_credentials, heartbeat):
                return
            if rendered[2] != subscription.follows:
                the_hub.follow(subscription, rendered[2])
            if sent is None or rendered[0] > sent:
                sent = rendered[0]
                yield f"event: standings\nid: {sent}\ndata: {rendered[1]}\n\n"
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            if waiter.wait(max(0.0, min(next_beat - time.monotonic(), remaining))):
                waiter.clear()  # before rendering: a change during it wakes us again
                rendered = render()
            elif time.monotonic() < deadline:
                next_beat = time.monotonic() + heartbeat
                yield ": heartbeat\n\n"
    finally:
        the_hub.unsubscribe(subscription)


def live_data(version: int, event: dict[str, Any], standings: dict[str, Any]) -> str:
    """The ``data`` of one event of the stream: its JSON text."""
    return json.dumps({"version": version, "event": event, "standings": standings})
