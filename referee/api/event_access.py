"""The ``/v1/events`` blueprint and what its views share: who may act on an event, and the
event as answered (docs/events.md). The writes are in :mod:`referee.api.events`, the reads
and the stream in :mod:`referee.api.event_views`."""

from __future__ import annotations

from typing import Any

from flask import Response, request

from referee import club
from referee.api.access import bearer_token
from referee.api.blueprint import Blueprint
from referee.api.event_schemas import EventViewSchema
from referee.api.organised import Organised
from referee.events import EventError, Round, Table
from referee.events.log import Folded
from referee.store import club_events, tokens

blp = Blueprint(
    "events",
    __name__,
    url_prefix="/v1/events",
    description="Club nights and tournaments: a roster, rounds of tables (each table's game a "
                "match), movements, standings and who pays whom (docs/events.md).",
)

#: The routes whose answers carry credentials.
CREDENTIAL_ROUTES = frozenset({"events.create_event", "events.start_round",
                               "events.relink_table"})



@blp.after_request
def _no_store(response: Response) -> Response:
    """An answer that carries credentials is kept by no cache: ``Cache-Control: no-store``."""
    if request.endpoint in CREDENTIAL_ROUTES:
        response.headers["Cache-Control"] = "no-store"
    return response


def authorize(event_id: str, needed: str) -> None:
    """401 without a live token; 403 with one that is not this event's (or a read token for a
    write); 404 when no event has the id (decided by the events' table,
    :func:`referee.store.tokens.authenticate` with ``owner="event"``).

    :raises tokens.TokenRefused:
    """
    tokens.authenticate(event_id, bearer_token(), needed, owner="event")


def table_dict(table: Table, match_id: str | None, state: club.TableState | None
               ) -> dict[str, Any]:
    """One table of a round as answered: its seats (names), its sides, its match and how far
    its game is (finished, disputed deals, final, ended by the organiser)."""
    sides = [[table.seats[i] for i in side] for side in table.teams]
    return {"number": table.number, "seats": list(table.seats), "sides": sides,
            "match_id": match_id, "finished": state is not None and state.finished,
            "disputed": list(state.disputed) if state is not None else [],
            "final": state is not None and state.final,
            "ended": state is not None and state.ended}


def _round(folded: Folded, made: Round) -> dict[str, Any]:
    started = made.number <= len(folded.event.rounds)
    states = {t.table: t for t in club.tables(folded, made)} if started else {}
    return {"number": made.number, "byes": list(made.byes),
            "tables": [table_dict(t, folded.matches.get((made.number, t.number)),
                              states.get(t.number)) for t in made.tables]}


def event_dict(event_id: str, folded: Folded) -> dict[str, Any]:
    """The event as answered (:class:`EventViewSchema`)."""
    event = folded.event
    try:
        upcoming: dict[str, Any] = {"round": _round(folded, club.proposal(folded)),
                                    "waiting": None}
    except EventError as why:
        upcoming = {"round": None,
                    "waiting": {"code": why.code, "section": why.section, "message": str(why)}}
    return {
        "id": event_id, "version": club_events.version(event_id), "name": event.name,
        "game": event.game, "movement": event.movement,
        "rule": event.rule, "kind": event.kind, "options": dict(folded.options),
        "correction_minutes": event.correction_minutes, "round_ends": event.round_ends,
        "roster": [{"player": e.player, "joined": e.joined, "left": e.left}
                   for e in event.roster],
        "teams": [list(team) for team in event.teams],
        "rounds": [_round(folded, r) for r in event.rounds],
        "next": upcoming,
        "club": event.club,
        "names": dict(club.names(folded)),
        "substitutions": [{"round": s.round, "table": s.table, "seat": s.seat, "out": s.out,
                           "into": s.into, "after": s.after} for s in event.substitutions],
    }


def _view(event_id: str) -> dict[str, Any]:
    return event_dict(event_id, club.load(event_id))


#: The event as an organiser's resource: its token, its version (its log's entries), its
#: writes (If-Match, Idempotency-Key, 412 with the event as it stands).
ORGANISED = Organised("event", club_events.version, _view, EventViewSchema, "event")
#: The event's ETag, and the 412 when it moved on since the If-Match version.
event_etag, expect_event = ORGANISED.etag, ORGANISED.expect
