"""The rows of club nights and tournaments (docs/events.md): an event and its append-only log
of entries. The store keeps rows; what they mean is referee.events' (the log's fold) and
referee.club's (the event's matches)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from referee.store import changes
from referee.store.db import execute
from referee.store.models import ClubEvent, _now

#: What every event id starts with: no match id (22 characters, referee.store.ledger) is one.
PREFIX = "ev_"


class EventNotFound(LookupError):
    """No event has the id asked for (``event_id``)."""

    def __init__(self, event_id: str) -> None:
        self.event_id = event_id
        super().__init__(f"There is no event {event_id!r}.")


def new_event_id() -> str:
    """A random, unguessable event id: ``ev_`` and 22 URL-safe characters."""
    return PREFIX + secrets.token_urlsafe(16)


def create(game: str) -> str:
    """Store a new event of ``game`` (inside a write transaction); returns its id."""
    event_id = new_event_id()
    ClubEvent.create(id=event_id, game=game)
    return event_id


def exists(event_id: str) -> bool:
    """Whether an event has the id ``event_id``."""
    return execute('SELECT 1 FROM "club_event" WHERE "id" = ?', (event_id,)).fetchone() is not None


def version(event_id: str) -> int:
    """The event's version: how many entries its log holds (its ETag is ``"v<version>"``)."""
    row = execute('SELECT MAX("seq") FROM "club_event_entry" WHERE "event_id" = ?',
                  (event_id,)).fetchone()
    return int(row[0] or 0)


def append(event_id: str, kind: str, payload: Mapping[str, Any]) -> int:
    """Append one entry to the event's log (inside a write transaction); returns its seq. Two
    writers racing for the same seq: the primary key refuses the second
    (``peewee.IntegrityError``)."""
    seq = version(event_id) + 1
    changes.announce(event_id, seq)  # the event's streams (PostgreSQL: at commit)
    execute('INSERT INTO "club_event_entry" ("event_id", "seq", "kind", "payload", "created_at")'
            ' VALUES (?, ?, ?, ?, ?)',
            (event_id, seq, kind, json.dumps(payload, sort_keys=True, separators=(",", ":")),
             _now()))
    return seq


def entries(event_id: str) -> list[tuple[str, dict[str, Any]]]:
    """The event's log in order, each ``(kind, payload)``.

    :raises EventNotFound: no such event.
    """
    if not exists(event_id):
        raise EventNotFound(event_id)
    rows = execute('SELECT "kind", "payload" FROM "club_event_entry" WHERE "event_id" = ? '
                   'ORDER BY "seq"', (event_id,)).fetchall()
    return [(str(kind), json.loads(payload)) for kind, payload in rows]


def add_match(event_id: str, match_id: str) -> None:
    """Note that ``match_id`` is a table's match of the event (inside a write transaction):
    the event's tokens act on it (:func:`referee.store.tokens.authenticate`)."""
    execute('INSERT INTO "club_event_match" ("match_id", "event_id") VALUES (?, ?)',
            (match_id, event_id))
