"""``/v1/events``: club nights and tournaments (docs/events.md). Thin: the event is
:mod:`referee.club`'s (its log, its matches), the rules are :mod:`referee.events`'.

An event's credentials are rows of the tokens' table under the event's id (``ev_…``, never a
match's): the organiser's token (a ``write`` row: every write) and a read token (to follow the
event). Each table's game is a match of this service: starting a round answers, once, each
match's write and read tokens and each player's seat with its join link.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import marshmallow as ma
from flask import Response

from referee import club
from referee.api.access import BEARER, bearer_token, expected_version
from referee.api.credentials import Again, Handout, Owner
from referee.api.dumping import response_dumper
from referee.api.errors import problems
from referee.api.event_access import (
    ORGANISED,
    authorize,
    blp,
    event_dict,
    table_dict,
)
from referee.api.event_links import relink_table
from referee.api.event_schemas import (
    CreatedEventSchema,
    CreateEventSchema,
    EventCheckInSchema,
    EventEndRoundSchema,
    EventPlayersSchema,
    EventSeatingSchema,
    EventStartedRoundSchema,
    EventSubstituteSchema,
    EventTeamsSchema,
    EventViewSchema,
)
from referee.api.event_statistics import read_statistics
from referee.api.event_views import (
    read_payments,
    read_standings,
    read_where,
    stream_event,
)
from referee.api.option_schemas import MATCH_OPTIONS
from referee.api.writing import (
    json_response,
)
from referee.events import Table, partnership, refusal, solo
from referee.i18n.details import HOW
from referee.store import idempotency, ledger, tokens


def _table_options(game: str, sent: dict[str, Any]) -> dict[str, Any]:
    """The tables' match options read as a match of ``game`` reads them, but the first dealer
    and the partnership, which each table's seating decides (E3).

    :raises EventError: ``bad_options``.
    """
    if "first_dealer" in sent or "partnership" in sent:
        raise refusal("bad_options.seating")
    try:
        options: dict[str, Any] = MATCH_OPTIONS[game]().load(sent)
    except ma.ValidationError as refused:
        raise refusal("bad_options", errors={"options": refused.messages}) from None
    options.pop("game", None)
    return options


#: What a refused retry of an event's create says to do instead.
_CREATE_HOW = HOW["event"]
#: What a refused retry of a round's start says to do instead.
_ROUND_HOW = HOW["round"]


_transact = ORGANISED.transact


def _write(event_id: str, body: dict[str, Any], change: Callable[[], Any]) -> Response:
    """One organiser's change to the event (:meth:`Organised.write`)."""
    return ORGANISED.write(event_id, body, change)


def _round_written(event_id: str, stored: idempotency.StoredResponse) -> bool:
    """Whether the event, or a table's match of the round, has moved on since the round's
    start answered (a deal recorded, a seat joined)."""
    at: dict[str, int] = json.loads(stored.body).get("at", {})
    return ORGANISED.written(event_id, stored) or any(
        ledger.chain_head(match_id)[0] != version for match_id, version in at.items())


def _round_live(event_id: str, made: Sequence[str]) -> bool:
    """Whether every credential a round's start made is live at one of the event's matches."""
    return tokens.all_live_among(list(club.load(event_id).matches.values()), made)


#: A round's credentials (its tables' matches' tokens and seats).
ROUND_OWNER = Owner("event_id", _round_written, _round_live)


@blp.arguments(CreateEventSchema())
@blp.response(201, CreatedEventSchema)
@problems(blp, 401, 403, 404, 410, 422, 429)
def create_event(body: dict[str, Any]) -> Any:
    """Create a club night or tournament (E1) with the players checked in from the start.

    The answer holds the event's ``tokens``: ``organiser`` (every write: check-ins, teams,
    rounds) and ``read`` (to follow it). Keep them: only their hashes are stored. An event
    counts once against the client's create quota; the matches its rounds create do not,
    and they never expire. A retry with the same Idempotency-Key gets the same answer,
    tokens included (made from that key, as a match's create), within the retry window and
    while the event is as the create left it; after that it is ``410``
    (``credentials-not-replayed``, with the ``event_id``). An event of a club (``club``,
    E13) is created with the club's organiser token (401 without, 403 with another, 404
    for no such club); its players are then the club's ids, its ``guests`` added to the club.
    """

    options = _table_options(body["game"], body["options"])
    club_id = body.get("club")
    if club_id is not None:  # E13: the club's organiser makes its events
        tokens.authenticate(club_id, bearer_token(), "write", owner="club")

    def make() -> str:
        event_id, _ = club.create(body["name"], body["game"], body["movement"],
                                  body.get("rule"), body["kind"], body["players"], options,
                                  body["correction_minutes"], body["round_ends"], club_id,
                                  body["guests"])
        return event_id

    return ORGANISED.create(_CREATE_HOW, make, CreatedEventSchema, "/v1/events/{id}")


@blp.response(200, EventViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
def read_event(event_id: str) -> Any:
    """The event: its roster, teams, rounds (each table with its match and whether it has
    finished) and the next round as the movement seats it, once the last round has finished
    at every table (or why not yet, ``next.waiting``). Its ``ETag`` is the event's version:
    send it back as ``If-Match`` when writing."""
    authorize(event_id, "read")
    return event_dict(event_id, club.load(event_id)), 200, ORGANISED.etag(event_id)


@blp.arguments(EventCheckInSchema())
@blp.response(200, EventViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def check_in_players(body: dict[str, Any], event_id: str) -> Any:
    """Check players in (E2): before round 1 they play from round 1; later they join late,
    from the next round (a progressive movement seats them at the lowest table). At a
    club's event (E13) ``players`` are the club's player ids (a merged-away id checks in
    the player it was merged into; a removed one is refused, ``player_removed``) and
    ``guests`` are names added to the club as guests and checked in."""
    return _write(event_id, body, lambda: club.check_in_players(
        event_id, body["players"], body["guests"]))


@blp.arguments(EventSubstituteSchema())
@blp.response(200, EventViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def substitute(body: dict[str, Any], event_id: str) -> Any:
    """A substitute takes a seat of the last round while its game is played (E14): the
    seat's deals so far stay with who sat there (who then has the round's bye), the later
    ones are the substitute's, and each person's line in the standings counts only their
    own part (the win and a partie's money are the last sitter's). ``player`` (checked in
    first when not present) or ``guest`` (added to the club). A finished table is refused
    (``table_finished``)."""
    return _write(event_id, body, lambda: club.substitute_player(
        event_id, body["table"], body["seat"], body.get("player"), body.get("guest")))


@blp.arguments(EventPlayersSchema())
@blp.response(200, EventViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def leave_players(body: dict[str, Any], event_id: str) -> Any:
    """Players leave (E2): seated in no later round; the games they played stay in the
    standings."""
    return _write(event_id, body, lambda: club.leave_players(event_id, body["players"]))


@blp.arguments(EventTeamsSchema())
@blp.response(200, EventViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def form_teams(body: dict[str, Any], event_id: str) -> Any:
    """Form fixed partnerships (E5), each two players checked in."""
    return _write(event_id, body, lambda: club.form_teams(event_id, body["teams"]))


def _seating(body: dict[str, Any] | None) -> list[Table] | None:
    given = (body or {}).get("tables")
    if not given:
        return None
    seating = []
    for number, table in enumerate(given, start=1):
        seats = tuple(table["seats"])
        if table["partnership"]:
            if len(seats) != 4:
                raise refusal("table_size.partnership", table=number)
            seating.append(partnership(number, (seats[0], seats[2]), (seats[1], seats[3])))
        else:
            seating.append(solo(number, seats))
    return seating


def _started(kept: dict[str, Any], made: dict[str, dict[str, str]],
             seats: dict[str, list[dict[str, str]]]) -> str:
    """A round's start answered (:class:`EventStartedRoundSchema`): ``kept`` (the round, its
    tables without credentials) with each table's match ``made`` tokens and ``seats`` (by
    match id), each seat with its join link."""
    tables = [{**table, "tokens": made[table["match_id"]], "seat_tokens": [
        {**seat, "link": f"/table/#match={table['match_id']}&token={seat['token']}"}
        for seat in seats[table["match_id"]]]} for table in kept["tables"]]
    answer = {"number": kept["number"], "byes": kept["byes"], "tables": tables}
    return json.dumps(response_dumper(EventStartedRoundSchema)(answer))


@blp.arguments(EventSeatingSchema(), required=False)
@blp.response(201, EventStartedRoundSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 410, 412, 422, 428)
def start_round(body: dict[str, Any] | None, event_id: str) -> Any:
    """Start the next round (E3): the movement's seating (``next.round`` of the event), or
    the organiser's own ``tables`` (E7; it adjusts the movement's), once every table of the
    last round has finished; no body at all is the movement's seating too. Each table gets a
    match of the event's game with its players in seat order and the event's options; the
    answer holds, once, each match's ``tokens`` and each player's seat token and join link
    (only hashes are stored). It takes If-Match (the event's ETag) and an Idempotency-Key:
    a retry gets the same answer, credentials included (made from the key, as a match's
    create), within the retry window and while neither the event nor any table's match has
    moved on; after that it is ``410`` (``credentials-not-replayed``). Without a key, a round
    started twice is refused (422, ``round_in_progress``)."""
    authorize(event_id, "write")
    expected = expected_version(dict(body or {}), required=True)
    seating = _seating(body)
    handout = Handout(event_id, _ROUND_HOW, owner=ROUND_OWNER)

    def again(kept: dict[str, Any], seed: tokens.Seed) -> Again:
        made: dict[str, dict[str, str]] = {}
        seats: dict[str, list[dict[str, str]]] = {}
        for table in kept["tables"]:
            match_id = table["match_id"]
            made[match_id] = {k: tokens.derive(match_id, k, seed, "create")
                              for k in tokens.KINDS}
            seats[match_id] = [{"player": p, "token": tokens.derive(
                match_id, tokens.SEAT, seed, f"seat:{p}")} for p in table["seats"]]
        shown = [t for m in made.values() for t in m.values()]
        shown += [s["token"] for m in seats.values() for s in m]
        return event_id, shown, lambda: _started(kept, made, seats)

    def work() -> Response:
        replayed = handout.replayed(again)
        if replayed is not None:
            return replayed
        ORGANISED.expect(event_id, expected)
        started = club.start_round(event_id, seating, handout.seed)
        kept = {"number": started.round.number, "byes": list(started.round.byes),
                "tables": [table_dict(t, started.matches[t.number], None)
                           for t in started.round.tables]}
        made = {started.matches[n]: made for n, made in started.tokens.items()}
        seats = {started.matches[n]: seats for n, seats in started.seats.items()}
        headers = ORGANISED.etag(event_id)
        at = {match_id: ledger.chain_head(match_id)[0] for match_id in made}
        handout.keep(event_id, 201, {**kept, "at": at}, headers, None)
        return json_response(_started(kept, made, seats), 201, headers)

    answer: Response = _transact(event_id, work)
    return answer


@blp.arguments(EventEndRoundSchema(), required=False)
@blp.response(200, EventViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def end_round(body: dict[str, Any] | None, event_id: str) -> Any:
    """End the last round now (E11, by the clock): every game still being played counts as
    it stands (each side's points so far; the side ahead wins it, level sides the one last
    ahead). Refused while a deal is disputed at such a table (``disputed``), and when every
    table has finished (``nothing_to_end``)."""
    return _write(event_id, dict(body or {}), lambda: club.end_round(event_id))



EVENT = "/<string:event_id>"

#: (rule under /v1/events, method, view): the document's order.
ROUTES = (
    ("", "POST", create_event),
    (EVENT, "GET", read_event),
    (EVENT + "/players", "POST", check_in_players),
    (EVENT + "/players:leave", "POST", leave_players),
    (EVENT + "/seats:substitute", "POST", substitute),
    (EVENT + "/teams", "POST", form_teams),
    (EVENT + "/rounds", "POST", start_round),
    (EVENT + "/rounds:end", "POST", end_round),
    (EVENT + "/rounds/<int:round_number>/tables/<int:table>/links", "POST", relink_table),
    (EVENT + "/where", "GET", read_where),
    (EVENT + "/standings", "GET", read_standings),
    (EVENT + "/payments", "GET", read_payments),
    (EVENT + "/statistics", "GET", read_statistics),
    (EVENT + "/stream", "GET", stream_event),
)

for _rule, _method, _view in ROUTES:
    blp.add_url_rule(_rule, view_func=_view, methods=[_method])
