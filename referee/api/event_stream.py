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
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from referee.api import live
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
                     config: Mapping[str, Any]) -> Iterator[str]:
    """The stream's text (module docstring), by a match's stream's loop
    (:func:`referee.api.live.sse_events`): ``first`` unless ``resume_after`` (the client's
    Last-Event-ID) is its version, then the standings rendered again each time the hub wakes
    ``subscription`` (its event's log, or a table's match it follows), whose tables' matches
    it then follows."""
    rendered = first

    def refresh(woken: bool) -> tuple[int, str]:
        nonlocal rendered
        if woken:
            rendered = render()
        return rendered[0], rendered[1]

    def follow() -> None:  # a round started: its tables' matches wake the stream too
        if rendered[2] != subscription.follows:
            the_hub.follow(subscription, rendered[2])

    return live.sse_events(the_hub, subscription, "standings", (first[0], first[1]), resume_after,
                      refresh, live_credentials, config, follow)


def live_data(version: int, event: dict[str, Any], standings: dict[str, Any]) -> str:
    """The ``data`` of one event of the stream: its JSON text."""
    return json.dumps({"version": version, "event": event, "standings": standings})
