"""The requests and answers of ``/v1/events`` (club nights and tournaments, docs/events.md).

Every name starts with "Event": the document's components are named after the classes, and
the match has its own standings and seats."""

from __future__ import annotations

from typing import Any, ClassVar

import marshmallow as ma
from marshmallow import validate

from referee.api.fields import NameField
from referee.api.strict import StrictSchema
from referee.events.model import GAMES, KINDS, MOVEMENTS, ROUND_ENDS, RULES

#: The most players an event's request names at once (a roster, a check-in, a seating).
MOST_PLAYERS = 200


class CreateEventSchema(StrictSchema):
    """A new event (E1): its name, game, movement, standings rule (the game's usual one when
    omitted), kind, the players checked in from the start (E2) and the tables' options."""

    name = ma.fields.String(required=True, validate=validate.Length(min=1, max=80))
    game = ma.fields.String(required=True, validate=validate.OneOf(GAMES))
    movement = ma.fields.String(required=True, validate=validate.OneOf(MOVEMENTS))
    rule = ma.fields.String(validate=validate.OneOf(RULES))
    kind = ma.fields.String(load_default="night", validate=validate.OneOf(KINDS))
    correction_minutes = ma.fields.Integer(
        load_default=0, validate=validate.Range(min=0, max=10080), metadata={
            "description": "How long each game's result stays open to the organiser's "
                           "correction after its match's last entry before it is final "
                           "(E11): money is counted only from final results. 0: final once "
                           "finished."})
    round_ends = ma.fields.String(
        load_default="every_table", validate=validate.OneOf(ROUND_ENDS), metadata={
            "description": "When a round ends (E11): once every table has finished, or once "
                           "the head table has (the other tables' games then count as they "
                           "stand)."})
    players = ma.fields.List(NameField(), load_default=list,
                             validate=validate.Length(max=MOST_PLAYERS), metadata={
                                 "description": "The players checked in from the start: "
                                                "names, or at a club's event the club's "
                                                "player ids (E13)"})
    club = ma.fields.String(validate=validate.Length(min=1, max=32), metadata={
        "description": "The club the event belongs to (E13): its players are then the "
                       "club's ids, and the create needs the club's organiser token"})
    guests = ma.fields.List(NameField(), load_default=list,
                            validate=validate.Length(max=MOST_PLAYERS), metadata={
                                "description": "At a club's event: guests' names, each added "
                                               "to the club as a guest and checked in"})
    options = ma.fields.Dict(keys=ma.fields.String(), load_default=dict, metadata={
        "description": "The options of every table's match, as a match of the game takes "
                       "them (PitchMatchOptions, PiquetMatchOptions), but first_dealer (each "
                       "table's) and partnership (the seating's, E3); options its game "
                       "refuses are 422 (event-refused, bad_options)"})


class EventPlayersSchema(StrictSchema):
    """Players to check in or to leave (E2), in order."""

    players = ma.fields.List(NameField(), required=True,
                             validate=validate.Length(min=1, max=MOST_PLAYERS))


class EventCheckInSchema(StrictSchema):
    """Players to check in (E2), in order: names, or at a club's event the club's player ids
    (E13) and ``guests``, names added to the club as guests and checked in."""

    players = ma.fields.List(NameField(), load_default=list,
                             validate=validate.Length(max=MOST_PLAYERS))
    guests = ma.fields.List(NameField(), load_default=list,
                            validate=validate.Length(max=MOST_PLAYERS))

    #: At least one player or guest, for the document.
    JSON_SCHEMA: ClassVar[dict[str, Any]] = {"anyOf": [
        {"required": ["players"], "properties": {"players": {"minItems": 1}}},
        {"required": ["guests"], "properties": {"guests": {"minItems": 1}}}]}

    @ma.validates_schema
    def _someone(self, data: dict[str, Any], **_: Any) -> None:
        if not data.get("players") and not data.get("guests"):
            raise ma.ValidationError("Check in at least one player or guest.", "players")


class EventSubstituteSchema(StrictSchema):
    """A substitute takes seat ``seat`` (0 first) of table ``table`` in the last round
    (E14): a ``player`` (a name, or a club's player id) or a ``guest`` (a name, added to the
    club), checked in first when they are not."""

    table = ma.fields.Integer(required=True, validate=validate.Range(min=1, max=MOST_PLAYERS))
    seat = ma.fields.Integer(required=True, validate=validate.Range(min=0, max=6))
    player = NameField()
    guest = NameField()

    #: A player or a guest, not both, for the document.
    JSON_SCHEMA: ClassVar[dict[str, Any]] = {"oneOf": [{"required": ["player"]},
                                                       {"required": ["guest"]}]}

    @ma.validates_schema
    def _one(self, data: dict[str, Any], **_: Any) -> None:
        if ("player" in data) == ("guest" in data):
            raise ma.ValidationError("Name the substitute: a player or a guest.", "player")


class EventTeamsSchema(StrictSchema):
    """Fixed partnerships (E5): each team two players."""

    teams = ma.fields.List(ma.fields.List(NameField(), validate=validate.Length(equal=2)),
                           required=True, validate=validate.Length(min=1, max=MOST_PLAYERS))


class EventTableSeatingSchema(StrictSchema):
    """One table of the organiser's seating (E7): its players in seat order and whether the
    four play in partnership (seats 0 and 2 against 1 and 3)."""

    seats = ma.fields.List(NameField(), required=True, validate=validate.Length(min=2, max=7))
    partnership = ma.fields.Boolean(load_default=False)


class EventEndRoundSchema(StrictSchema):
    """Ending the last round (E11): nothing to say (an empty object, or no body); the
    event's version goes in If-Match."""


class EventSeatingSchema(StrictSchema):
    """The next round: the organiser's ``tables`` (E7; tables numbered in this order from the
    head table, every present player not seated on a bye), or none for the movement's own
    seating (E4–E6)."""

    tables = ma.fields.List(ma.fields.Nested(EventTableSeatingSchema),
                            validate=validate.Length(min=1, max=MOST_PLAYERS))


class EventRelinkSchema(StrictSchema):
    """New links for a table: none named, its match's tokens and every seat anew; or only
    the seats of the ``players`` named (the table's phone keeps its token)."""

    players = ma.fields.List(NameField(), validate=validate.Length(min=1, max=7))


class EventEntrySchema(ma.Schema):
    """A player on the roster (E2): the first round they may play, and the last round they
    played before leaving (null while present)."""

    player = ma.fields.String(required=True)
    joined = ma.fields.Integer(required=True)
    left = ma.fields.Integer(allow_none=True, required=True)


class EventTableSchema(ma.Schema):
    """A table of a round (E3): its number (1 the head table), its players in seat order, its
    sides (names), its match, whether that match has finished (no deal disputed), the
    ``disputed`` deals waiting for a ruling and whether its result is ``final`` (past the
    correction window, E11)."""

    number = ma.fields.Integer(required=True)
    seats = ma.fields.List(ma.fields.String(), required=True)
    sides = ma.fields.List(ma.fields.List(ma.fields.String()), required=True)
    match_id = ma.fields.String(allow_none=True, required=True)
    finished = ma.fields.Boolean(required=True)
    disputed = ma.fields.List(ma.fields.Integer(), required=True)
    final = ma.fields.Boolean(required=True)
    ended = ma.fields.Boolean(required=True, metadata={
        "description": "Its game was scored as it stood when its round ended (E11)"})


class EventRoundSchema(ma.Schema):
    """A round (E3): its tables and the players on a bye."""

    number = ma.fields.Integer(required=True)
    tables = ma.fields.List(ma.fields.Nested(EventTableSchema), required=True)
    byes = ma.fields.List(ma.fields.String(), required=True)


class EventNextSchema(ma.Schema):
    """The next round as the movement seats it (``round``, its tables without matches yet),
    computed once every table of the last round has finished; or why there is none yet
    (``waiting``: ``code``, ``section`` and a sentence)."""

    round = ma.fields.Nested(EventRoundSchema, allow_none=True, required=True)
    waiting = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(),
                             allow_none=True, required=True)


class EventSubstitutionSchema(ma.Schema):
    """A seat a substitute took (E14): the round, table and seat, who sat there (``out``),
    who sits there since (``into``) and how many deals the table's match had then."""

    round = ma.fields.Integer(required=True)
    table = ma.fields.Integer(required=True)
    seat = ma.fields.Integer(required=True)
    out = ma.fields.String(required=True)
    into = ma.fields.String(required=True)
    after = ma.fields.Integer(required=True)


class EventViewSchema(ma.Schema):
    """An event (E1): what it is, its roster, its teams, its rounds and the next round."""

    id = ma.fields.String(required=True)
    version = ma.fields.Integer(required=True, metadata={
        "description": "The event's version, its log's entries: its ETag is \"v<version>\" "
                       "(send it back as If-Match)"})
    name = ma.fields.String(required=True)
    game = ma.fields.String(required=True)
    movement = ma.fields.String(required=True)
    rule = ma.fields.String(required=True)
    kind = ma.fields.String(required=True)
    options = ma.fields.Dict(keys=ma.fields.String(), required=True)
    correction_minutes = ma.fields.Integer(required=True)
    round_ends = ma.fields.String(required=True)
    roster = ma.fields.List(ma.fields.Nested(EventEntrySchema), required=True)
    teams = ma.fields.List(ma.fields.List(ma.fields.String()), required=True)
    rounds = ma.fields.List(ma.fields.Nested(EventRoundSchema), required=True)
    next = ma.fields.Nested(EventNextSchema, required=True)
    club = ma.fields.String(allow_none=True, required=True, metadata={
        "description": "The club the event belongs to (E13): the players above are its ids"})
    names = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(allow_none=True),
                           required=True, metadata={
                               "description": "Each player's name to show (E13): at a club's "
                                              "event each id's name in the club (null once "
                                              "removed); else each name itself"})
    substitutions = ma.fields.List(ma.fields.Nested(EventSubstitutionSchema),
                                   required=True)


class EventTokensSchema(ma.Schema):
    """The event's credentials, shown once: ``organiser`` (every write) and ``read`` (to
    follow the event)."""

    organiser = ma.fields.String(required=True)
    read = ma.fields.String(required=True)


class CreatedEventSchema(EventViewSchema):
    """A new event and its credentials."""

    tokens = ma.fields.Nested(EventTokensSchema, required=True)


class EventSeatTokenSchema(ma.Schema):
    """A player's seat at a table's match, shown once: the token and the table page's join
    link."""

    player = ma.fields.String(required=True)
    token = ma.fields.String(required=True)
    link = ma.fields.String(required=True)


class EventStartedTableSchema(EventTableSchema):
    """A table of a round just started: its match's write and read tokens and each player's
    seat (shown once)."""

    tokens = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(), required=True)
    seat_tokens = ma.fields.List(ma.fields.Nested(EventSeatTokenSchema), required=True)


class EventStartedRoundSchema(ma.Schema):
    """A round just started (E3): its tables, each with its match's credentials."""

    number = ma.fields.Integer(required=True)
    tables = ma.fields.List(ma.fields.Nested(EventStartedTableSchema), required=True)
    byes = ma.fields.List(ma.fields.String(), required=True)


class EventStandingSchema(ma.Schema):
    """A line of the standings (E8): ``place`` (shared when tied on every tie-break),
    points, games played and won, the best game and money (a decimal string); ``player``:
    the player's key (a club's player id, E13, or the name), ``name``: the name to show
    (null for a player removed from the club)."""

    player = ma.fields.String(required=True)
    name = ma.fields.String(allow_none=True, required=True)
    place = ma.fields.Integer(required=True)
    shared = ma.fields.Boolean(required=True)
    points = ma.fields.Integer(required=True)
    games = ma.fields.Integer(required=True)
    won = ma.fields.Integer(required=True)
    best = ma.fields.Integer(required=True)
    money = ma.fields.String(required=True, metadata={"example": "3.40"})


class EventStandingsSchema(ma.Schema):
    """The standings by the event's rule (E8): per player, and per team for fixed
    partnerships; finished games only."""

    rule = ma.fields.String(required=True)
    players = ma.fields.List(ma.fields.Nested(EventStandingSchema), required=True)
    teams = ma.fields.List(ma.fields.Nested(EventStandingSchema), required=True)


class EventBalanceSchema(ma.Schema):
    """A player's net balance over the evening (E9): positive to receive."""

    player = ma.fields.String(required=True)
    balance = ma.fields.String(required=True, metadata={"example": "-12.50"})


class EventPaymentSchema(ma.Schema):
    """One payment of the plan (E9)."""

    payer = ma.fields.String(required=True)
    payee = ma.fields.String(required=True)
    amount = ma.fields.String(required=True, metadata={"example": "12.50"})


class EventPendingSchema(ma.Schema):
    """A table whose result is not final yet (E11)."""

    round = ma.fields.Integer(required=True)
    table = ma.fields.Integer(required=True)
    match_id = ma.fields.String(required=True)


class EventPaymentsSchema(ma.Schema):
    """Who pays whom (E9): each player's balance, the payments that settle them and whether
    they are the fewest possible (``exact``)."""

    balances = ma.fields.List(ma.fields.Nested(EventBalanceSchema), required=True)
    payments = ma.fields.List(ma.fields.Nested(EventPaymentSchema), required=True)
    exact = ma.fields.Boolean(required=True)
    pending = ma.fields.List(ma.fields.Nested(EventPendingSchema), required=True, metadata={
        "description": "The tables whose results are not final yet (E11), not counted"})
    names = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(allow_none=True),
                           required=True, metadata={
                               "description": "Each player's name to show (E13)"})


class EventWhereArgsSchema(StrictSchema):
    """Whose seat: ``player``, a name on the roster, or at a club's event a club's player id
    (E13; a merged-away id finds the player it was merged into)."""

    EXACT_INTEGERS = False  # a query string

    player = NameField(required=True)


class EventWhereSchema(ma.Schema):
    """Where a player sits in the event's last round (E3): "your table, your seat, your
    partner". ``round`` is null before round 1; ``table``, ``seat`` and ``match_id`` are null
    on a bye (``bye`` true) or when the player is in no round yet."""

    player = ma.fields.String(required=True)
    round = ma.fields.Integer(allow_none=True, required=True)
    table = ma.fields.Integer(allow_none=True, required=True)
    seat = ma.fields.Integer(allow_none=True, required=True)
    partners = ma.fields.List(ma.fields.String(), required=True)
    opponents = ma.fields.List(ma.fields.String(), required=True)
    match_id = ma.fields.String(allow_none=True, required=True)
    bye = ma.fields.Boolean(required=True)
    names = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(allow_none=True),
                           required=True, metadata={
                               "description": "The name to show for the player, the partners "
                                              "and the opponents (E13)"})


class EventLiveSchema(ma.Schema):
    """One event of an event's live stream (``GET /v1/events/{id}/stream``): the stream's
    ``version``, the ``event`` as ``GET /v1/events/{id}`` gives it and its ``standings`` as
    ``GET …/standings`` gives them."""

    version = ma.fields.Integer(required=True)
    event = ma.fields.Nested(EventViewSchema, required=True)
    standings = ma.fields.Nested(EventStandingsSchema, required=True)
