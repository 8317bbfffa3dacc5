"""peewee models: a match and its append-only ledger of events (docs/records.md).

Nothing here is updated in place: a correction is a new :class:`Event`. Only ``flask db
prune`` deletes, and only matches that expired without recording a deal (with their events,
tokens and Idempotency-Keys; referee.store.expiry). The schema itself is created by the
migrations in ``migrations/`` (never by ``create_tables``).
"""

from __future__ import annotations

import datetime

import peewee

from referee.store.db import database_proxy


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


class BaseModel(peewee.Model):
    """Models bound to :data:`referee.store.db.database_proxy`."""

    class Meta:
        database = database_proxy
        legacy_table_names = False


class Match(BaseModel):
    """A match: its id and game. Players, options and everything else live in its events.

    ``expires``: whether the match expires when it records no deal within the expiry time
    (referee.store.expiry); a match that must be kept whatever it records (one of an event,
    or imported from a record) is created with it false.
    """

    id = peewee.CharField(primary_key=True, max_length=32)
    game = peewee.CharField(max_length=8)
    created_at = peewee.DateTimeField(default=_now, index=True)
    expires = peewee.BooleanField(default=True)


class Event(BaseModel):
    """One ledger entry of a match: ``seq`` counts from 1 without gaps; ``payload`` is the
    canonical JSON text of the event; ``hash`` links it to ``prev_hash``: HMAC-SHA256 under
    the server key of id ``key_id`` (NULL: plain SHA-256, events stored before keyed chains),
    see :func:`referee.store.chain.chain_hash`.
    """

    id = peewee.AutoField()
    match = peewee.ForeignKeyField(Match, backref="events", on_delete="RESTRICT")
    seq = peewee.IntegerField()
    kind = peewee.CharField(max_length=32)
    payload = peewee.TextField()
    actor = peewee.CharField(max_length=100, null=True)
    created_at = peewee.DateTimeField(default=_now)
    prev_hash = peewee.CharField(max_length=64)
    hash = peewee.CharField(max_length=64)
    key_id = peewee.CharField(max_length=8, null=True)

    class Meta:
        indexes = ((("match", "seq"), True),)


class AccessToken(BaseModel):
    """A match's access token, stored only as its sha256: ``kind`` "write", "read" or
    "seat" (with ``seat``, the player it speaks for); ``revoked_at`` set when rotated away."""

    id = peewee.AutoField()
    match_id = peewee.CharField(max_length=32, index=True)
    kind = peewee.CharField(max_length=8)
    seat = peewee.CharField(max_length=40, null=True)
    token_hash = peewee.CharField(max_length=64, unique=True)
    created_at = peewee.DateTimeField(default=_now)
    revoked_at = peewee.DateTimeField(null=True)


class IdempotencyKey(BaseModel):
    """An Idempotency-Key and the response it got (IETF Idempotency-Key draft).

    ``scope``: the match id (or "create" for a new match); ``fingerprint``: sha256 of the
    request; ``status``, ``response`` (the JSON text sent, tokens left out) and ``headers``,
    stored in the same transaction as the key's claim and the events it appended
    (``first_seq``). ``state`` is "done" once committed ("pending" only inside that
    transaction, never seen by another).
    """

    id = peewee.AutoField()
    scope = peewee.CharField(max_length=64)
    key = peewee.CharField(max_length=255)
    fingerprint = peewee.CharField(max_length=64)
    state = peewee.CharField(max_length=8)
    status = peewee.IntegerField(null=True)
    response = peewee.TextField(null=True)
    headers = peewee.TextField(null=True)
    match_id = peewee.CharField(max_length=32, null=True)
    first_seq = peewee.IntegerField(null=True)
    created_at = peewee.DateTimeField(default=_now, index=True)
    updated_at = peewee.DateTimeField(default=_now)

    class Meta:
        indexes = ((("scope", "key"), True),)


class CreateQuota(BaseModel):
    """How many matches a client ``address`` (an IPv4 address, or an IPv6 /64) created in the
    quota window starting at ``window_start`` (seconds since the epoch); see
    referee.store.quota."""

    address = peewee.CharField(max_length=64)
    window_start = peewee.BigIntegerField()
    count = peewee.IntegerField()

    class Meta:
        primary_key = peewee.CompositeKey("address", "window_start")


class ClubEvent(BaseModel):
    """A club night or tournament (docs/events.md E1): its id (``ev_…``) and game; everything
    else lives in its log, :class:`ClubEventEntry`."""

    id = peewee.CharField(primary_key=True, max_length=32)
    game = peewee.CharField(max_length=8)
    created_at = peewee.DateTimeField(default=_now)


class ClubEventEntry(BaseModel):
    """One entry of an event's append-only log: ``seq`` from 1 without gaps, ``kind`` and its
    canonical JSON ``payload`` (referee.store.club_events)."""

    event = peewee.ForeignKeyField(ClubEvent, backref="entries", on_delete="RESTRICT",
                                   column_name="event_id")
    seq = peewee.IntegerField()
    kind = peewee.CharField(max_length=32)
    payload = peewee.TextField()
    created_at = peewee.DateTimeField(default=_now)

    class Meta:
        primary_key = peewee.CompositeKey("event", "seq")


class ClubEventMatch(BaseModel):
    """A table's match of an event (docs/events.md E11): the event's tokens act on it."""

    match_id = peewee.CharField(primary_key=True, max_length=32)
    event = peewee.ForeignKeyField(ClubEvent, backref="matches", on_delete="RESTRICT",
                                   column_name="event_id", index=True)
