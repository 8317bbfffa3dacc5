"""The requests and answers of ``/v1/clubs`` (a club's players, docs/events.md E13).

Every name starts with "Club": the document's components are named after the classes."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import validate

from referee.api.event_statistics import (
    EventPiquetStatisticsSchema,
    EventPitchStatisticsSchema,
    EventStatisticsArgsSchema,
)
from referee.api.fields import NameField
from referee.api.strict import StrictSchema
from referee.i18n.schema import schema_error

#: The most players a club's request names at once.
MOST_PLAYERS = 500



def _member() -> ma.fields.String:
    """A member number as the club writes it: 1 to 20 characters; null for a guest."""
    return ma.fields.String(allow_none=True, load_default=None,
                            validate=validate.Length(min=1, max=20), metadata={
                                "description": "The club's member number (unique in the "
                                               "club); none for a guest"})


class ClubNewPlayerSchema(StrictSchema):
    """A player added to the club (E13): the name shown, and a member number for a member
    (none for a guest)."""

    name = NameField(required=True)
    member = _member()


class CreateClubSchema(StrictSchema):
    """A new club (E13): its name and its first players."""

    name = ma.fields.String(required=True, validate=validate.Length(min=1, max=80))
    players = ma.fields.List(ma.fields.Nested(ClubNewPlayerSchema), load_default=list,
                             validate=validate.Length(max=MOST_PLAYERS))


class ClubRenameSchema(ClubNewPlayerSchema):
    """A player's new name and member number (none: a guest); the id and its results
    stay (E13)."""


class ClubMergeSchema(StrictSchema):
    """Merge this player into ``into`` (E13): one person entered twice."""

    into = ma.fields.String(required=True, validate=validate.Length(min=1, max=32))


class ClubRemoveSchema(StrictSchema):
    """Removing a player (E13): nothing to say (an empty object, or no body); the club's
    version goes in If-Match."""


class ClubPlayerSchema(ma.Schema):
    """A player of the club (E13): ``id`` (for good); ``name`` and ``member`` (null for a
    guest), both null once removed or merged away; ``guest``; ``merged_into``: the id this
    one was merged into (where it went), else null; ``removed``: the personal data erased,
    the id and its results kept."""

    id = ma.fields.String(required=True)
    name = ma.fields.String(allow_none=True, required=True)
    member = ma.fields.String(allow_none=True, required=True)
    guest = ma.fields.Boolean(required=True)
    merged_into = ma.fields.String(allow_none=True, required=True)
    removed = ma.fields.Boolean(required=True)


class ClubViewSchema(ma.Schema):
    """A club (E13): its name, its players in the order they were added (a new one last) and
    its events."""

    id = ma.fields.String(required=True)
    version = ma.fields.Integer(required=True, metadata={
        "description": "The club's version: its ETag is \"v<version>\" (send it back as "
                       "If-Match)"})
    name = ma.fields.String(required=True)
    players = ma.fields.List(ma.fields.Nested(ClubPlayerSchema), required=True)
    events = ma.fields.List(ma.fields.String(), required=True, metadata={
        "description": "The ids of the club's events, oldest first"})


class ClubTokensSchema(ma.Schema):
    """The club's credentials, shown once: ``organiser`` (every write, and creating the
    club's events) and ``read``."""

    organiser = ma.fields.String(required=True)
    read = ma.fields.String(required=True)


class CreatedClubSchema(ClubViewSchema):
    """A new club and its credentials."""

    tokens = ma.fields.Nested(ClubTokensSchema, required=True)


class ClubStatisticsArgsSchema(EventStatisticsArgsSchema):
    """The event's statistics' ``format``, and the ``game`` (``piquet`` or ``pitch``) whose
    lines a CSV or a statistics file holds: a download holds one game's, so ``format`` csv
    or toml needs it."""

    game = ma.fields.String(validate=validate.OneOf(("piquet", "pitch")))

    @ma.validates_schema
    def _game_named(self, data: dict[str, Any], **_: Any) -> None:
        """``format`` csv or toml without ``game``: refused, at ``game``."""
        if data.get("format") in ("csv", "toml") and "game" not in data:
            raise ma.ValidationError(schema_error("statistics_game"), "game")


class ClubStatisticsSchema(ma.Schema):
    """Each player's statistics over all the club's events (E12, E13): a line per player
    under ``piquet`` and ``pitch`` by the games they played, keyed by the club's ids, and
    each id's name (null once removed)."""

    version = ma.fields.Integer(required=True)
    piquet = ma.fields.List(ma.fields.Nested(EventPiquetStatisticsSchema), required=True)
    pitch = ma.fields.List(ma.fields.Nested(EventPitchStatisticsSchema), required=True)
    names = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(allow_none=True),
                           required=True)
