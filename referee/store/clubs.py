"""The rows of clubs and their players (docs/events.md E13). The store keeps rows; what a
change to the player list may be is :mod:`referee.events.players`'."""

from __future__ import annotations

import secrets

import peewee

from referee.events.players import Player
from referee.store.db import execute
from referee.store.models import _now

#: What every club id and every club player id starts with.
PREFIX, PLAYER_PREFIX = "cl_", "pl_"


class ClubNotFound(LookupError):
    """No club has the id asked for (``club_id``)."""

    def __init__(self, club_id: str) -> None:
        self.club_id = club_id
        super().__init__(f"There is no club {club_id!r}.")


def new_player_id() -> str:
    """A random, unguessable player id: ``pl_`` and 22 URL-safe characters."""
    return PLAYER_PREFIX + secrets.token_urlsafe(16)


def create(name: str) -> str:
    """Store a new club (inside a write transaction) at version 0 (its first players, stored
    next, make it 1); returns its id."""
    club_id = PREFIX + secrets.token_urlsafe(16)
    execute('INSERT INTO "club" ("id", "name", "version", "created_at") VALUES (?, ?, 0, ?)',
            (club_id, name, _now()))
    return club_id


def name(club_id: str) -> str:
    """The club's name.

    :raises ClubNotFound:
    """
    row = execute('SELECT "name" FROM "club" WHERE "id" = ?', (club_id,)).fetchone()
    if row is None:
        raise ClubNotFound(club_id)
    return str(row[0])


def version(club_id: str) -> int:
    """The club's version (its ETag is ``"v<version>"``), 0 for no such club."""
    row = execute('SELECT "version" FROM "club" WHERE "id" = ?', (club_id,)).fetchone()
    return int(row[0]) if row is not None else 0


def players(club_id: str) -> tuple[Player, ...]:
    """The club's players in the order they were added."""
    rows = execute('SELECT "id", "name", "member", "merged_into", "removed" FROM "club_player" '
                   'WHERE "club_id" = ? ORDER BY "seq"', (club_id,)).fetchall()
    return tuple(Player(str(i), n, m, into, bool(gone)) for i, n, m, into, gone in rows)


def save(club_id: str, at: int, before: tuple[Player, ...], after: tuple[Player, ...]
         ) -> None:
    """Store the club's player list ``after`` over ``before``, read at version ``at`` (inside
    a write transaction): the club's version one more, new players added, changed ones
    updated (an erased name or number is gone from the row).

    :raises peewee.IntegrityError: the club is no longer at version ``at`` (two writers
        racing: the second is refused, as an event's log refuses it).
    """
    bump(club_id, at)
    known = {p.id: p for p in before}
    seq = len(before)
    for player in after:
        row = (player.name, player.member, player.merged_into, player.removed)
        if player.id not in known:
            seq += 1
            execute('INSERT INTO "club_player" ("id", "club_id", "seq", "name", "member", '
                    '"merged_into", "removed", "created_at") VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
                    (player.id, club_id, seq, *row, _now()))
        elif known[player.id] != player:
            execute('UPDATE "club_player" SET "name" = ?, "member" = ?, "merged_into" = ?, '
                    '"removed" = ? WHERE "id" = ?', (*row, player.id))


def bump(club_id: str, at: int) -> None:
    """The club's version one more than ``at`` (inside a write transaction).

    :raises peewee.IntegrityError: the club is no longer at version ``at``.
    """
    cursor = execute('UPDATE "club" SET "version" = "version" + 1 WHERE "id" = ? AND '
                     '"version" = ?', (club_id, at))
    if cursor.rowcount != 1:
        raise peewee.IntegrityError(f"club {club_id} is no longer at version {at}")


def add_event(club_id: str, event_id: str) -> None:
    """Note that the club holds ``event_id`` (inside a write transaction)."""
    execute('INSERT INTO "club_event_club" ("event_id", "club_id") VALUES (?, ?)',
            (event_id, club_id))


def events(club_id: str) -> list[str]:
    """The ids of the club's events, oldest first."""
    rows = execute('SELECT "c"."event_id" FROM "club_event_club" "c" JOIN "club_event" "e" '
                   'ON "e"."id" = "c"."event_id" WHERE "c"."club_id" = ? '
                   'ORDER BY "e"."created_at", "e"."id"', (club_id,)).fetchall()
    return [str(row[0]) for row in rows]
