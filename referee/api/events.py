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
import peewee
from flask import Response

from referee import club, folds
from referee.api import limits
from referee.api.access import BEARER, expected_version
from referee.api.credentials import Again, Handout, Owner
from referee.api.dumping import response_dumper
from referee.api.errors import problems
from referee.api.event_access import (
    authorize,
    blp,
    event_dict,
    event_etag,
    expect_event,
    table_dict,
)
from referee.api.event_links import relink_table
from referee.api.event_schemas import (
    CreatedEventSchema,
    CreateEventSchema,
    EventEndRoundSchema,
    EventPlayersSchema,
    EventSeatingSchema,
    EventStartedRoundSchema,
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
    claim_key,
    idempotency_key,
    json_response,
    replay,
    request_fingerprint,
)
from referee.events import EventError, Table, partnership, solo
from referee.events.log import Folded
from referee.store import idempotency, ledger, tokens


def _table_options(game: str, sent: dict[str, Any]) -> dict[str, Any]:
    """The tables' match options read as a match of ``game`` reads them, but the first dealer
    and the partnership, which each table's seating decides (E3).

    :raises EventError: ``bad_options``.
    """
    if "first_dealer" in sent or "partnership" in sent:
        raise EventError("bad_options", "E1", "The first dealer and the partnership are "
                                               "decided at each table (E3), not for the event.")
    try:
        options: dict[str, Any] = MATCH_OPTIONS[game]().load(sent)
    except ma.ValidationError as refused:
        raise EventError("bad_options", "E1",
                         f"The tables' options are refused: {refused.messages}") from None
    options.pop("game", None)
    return options


#: What a refused retry of an event's create says to do instead.
_CREATE_HOW = "An event's tokens are handed out once, to its create: create the event anew."
#: What a refused retry of a round's start says to do instead.
_ROUND_HOW = ("A round's credentials are handed out once: the tables that took them up keep "
              "them, and the organiser gets new links for a table (POST "
              "…/rounds/<n>/tables/<n>/links; the old ones stop working).")


def _event_written(event_id: str, stored: idempotency.StoredResponse) -> bool:
    """Whether the event has moved on from the version its stored answer left it at."""
    return stored.headers.get("ETag") != event_etag(event_id)["ETag"]


#: An event's own credentials (its create's organiser and read tokens).
EVENT_OWNER = Owner("event_id", _event_written, tokens.all_live)


def _round_written(event_id: str, stored: idempotency.StoredResponse) -> bool:
    """Whether the event, or a table's match of the round, has moved on since the round's
    start answered (a deal recorded, a seat joined)."""
    at: dict[str, int] = json.loads(stored.body).get("at", {})
    return _event_written(event_id, stored) or any(
        ledger.chain_head(match_id)[0] != version for match_id, version in at.items())


def _round_live(event_id: str, made: Sequence[str]) -> bool:
    """Whether every credential a round's start made is live at one of the event's matches."""
    return tokens.all_live_among(list(club.load(event_id).matches.values()), made)


#: A round's credentials (its tables' matches' tokens and seats).
ROUND_OWNER = Owner("event_id", _round_written, _round_live)


@blp.arguments(CreateEventSchema())
@blp.response(201, CreatedEventSchema)
@problems(blp, 410, 422, 429)
def create_event(body: dict[str, Any]) -> Any:
    """Create a club night or tournament (E1) with the players checked in from the start.

    The answer holds the event's ``tokens``: ``organiser`` (every write: check-ins, teams,
    rounds) and ``read`` (to follow it). Keep them: only their hashes are stored. An event
    counts once against the client's create quota; the matches its rounds create do not,
    and they never expire. A retry with the same Idempotency-Key gets the same answer,
    tokens included (made from that key, as a match's create), within the retry window and
    while the event is as the create left it; after that it is ``410``
    (``credentials-not-replayed``, with the ``event_id``).
    """

    options = _table_options(body["game"], body["options"])
    handout = Handout("create", _CREATE_HOW, owner=EVENT_OWNER)

    def again(kept: dict[str, Any], seed: tokens.Seed) -> Again:
        made = {k: tokens.derive(kept["id"], k, seed, "create") for k in tokens.KINDS}
        answer = {**kept, "tokens": {"organiser": made["write"], "read": made["read"]}}
        return kept["id"], list(made.values()), lambda: json.dumps(answer)

    def work() -> Response:
        replayed = handout.replayed(again)  # the same create again: the same answer
        if replayed is not None:
            return replayed
        limits.take_create_quota()  # a retry above is free
        event_id, folded = club.create(body["name"], body["game"], body["movement"],
                                       body.get("rule"), body["kind"], body["players"],
                                       options, body["correction_minutes"],
                                       body["round_ends"])
        made = tokens.issue(event_id, tokens.KINDS, handout.seed, "create")
        answer = response_dumper(CreatedEventSchema)(
            {**event_dict(event_id, folded),
             "tokens": {"organiser": made["write"], "read": made["read"]}})
        headers = {**event_etag(event_id), "Location": f"/v1/events/{event_id}"}
        handout.keep(event_id, 201, {**answer, "tokens": None}, headers, None)
        return json_response(json.dumps(answer), 201, headers)

    answer: Response = folds.transact(work)
    return answer


@blp.response(200, EventViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
def read_event(event_id: str) -> Any:
    """The event: its roster, teams, rounds (each table with its match and whether it has
    finished) and the next round as the movement seats it, once the last round has finished
    at every table (or why not yet, ``next.waiting``). Its ``ETag`` is the event's version:
    send it back as ``If-Match`` when writing."""
    authorize(event_id, "read")
    return event_dict(event_id, club.load(event_id)), 200, event_etag(event_id)


def _transact(event_id: str, work: Callable[[], Any]) -> Any:
    """Run ``work`` in one write transaction; two writers that raced for the log's next entry
    (the second refused by its primary key, twice) is 412 ``stale-version``, never a 500."""
    try:
        return folds.transact(work)
    except peewee.IntegrityError:
        expect_event(event_id, -1)  # always stale: the event as it now stands
        raise


def _write(event_id: str, body: dict[str, Any], change: Callable[[], Folded]) -> Response:
    """One organiser's change, as a match's writes are made: the organiser's token, If-Match
    (428 without, 412 stale), then in ONE transaction the Idempotency-Key's claim (a retry
    gets the stored answer), the change and the stored answer."""
    authorize(event_id, "write")
    expected = expected_version(body, required=True)
    key = idempotency_key()
    fingerprint = request_fingerprint() if key is not None else None

    def work() -> Response:
        stored = claim_key(event_id, key, fingerprint)
        if stored is not None:
            return replay(stored)
        expect_event(event_id, expected)
        folded = change()
        text = json.dumps(response_dumper(EventViewSchema)(event_dict(event_id, folded)))
        headers = event_etag(event_id)
        if key is not None:
            idempotency.complete(event_id, key, idempotency.StoredResponse(200, text, headers),
                                 event_id, None)
        return json_response(text, 200, headers)

    answer: Response = _transact(event_id, work)
    return answer


@blp.arguments(EventPlayersSchema())
@blp.response(200, EventViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def check_in_players(body: dict[str, Any], event_id: str) -> Any:
    """Check players in (E2): before round 1 they play from round 1; later they join late,
    from the next round (a progressive movement seats them at the lowest table)."""
    return _write(event_id, body, lambda: club.check_in_players(event_id, body["players"]))


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
                raise EventError("table_size", "E3",
                                 f"Table {number}: partnerships play four at a table.")
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
        expect_event(event_id, expected)
        started = club.start_round(event_id, seating, handout.seed)
        kept = {"number": started.round.number, "byes": list(started.round.byes),
                "tables": [table_dict(t, started.matches[t.number], None)
                           for t in started.round.tables]}
        made = {started.matches[n]: made for n, made in started.tokens.items()}
        seats = {started.matches[n]: seats for n, seats in started.seats.items()}
        headers = event_etag(event_id)
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
