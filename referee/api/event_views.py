"""``/v1/events``' reads: where a player sits, the standings, the payments, and the event's
live stream (docs/events.md E3, E8, E9). Thin: the facts are :mod:`referee.club`'s."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import peewee
from flask import Response, current_app, request

from referee import club
from referee.api import event_stream, live
from referee.api.access import BEARER, bearer_token
from referee.api.dumping import response_dumper
from referee.api.errors import problems
from referee.api.event_access import authorize, blp, event_dict
from referee.api.event_schemas import (
    EventPaymentsSchema,
    EventStandingsSchema,
    EventViewSchema,
    EventWhereArgsSchema,
    EventWhereSchema,
)
from referee.api.stream_hub import StreamRefused, hub
from referee.events import EventError, Standing, refusal, where
from referee.events.log import Folded
from referee.store import club_events, ledger, tokens


@blp.arguments(EventWhereArgsSchema(), location="query")
@blp.response(200, EventWhereSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 422)
def read_where(args: dict[str, Any], event_id: str) -> Any:
    """Where ``player`` sits in the last round started (E3): the table, the seat, the
    partners, the opponents and the table's match; or a bye. A player not on the roster is
    refused (422, ``not_checked_in``)."""
    authorize(event_id, "read")
    folded = club.load(event_id)
    event, player = folded.event, club.player_key(folded, args["player"].strip())
    if all(entry.player != player for entry in event.roster):
        raise refusal("not_checked_in.roster", player=player)
    seat = None
    if event.rounds:
        try:
            seat = where(event.rounds[-1], player)
        except EventError:  # joined after the round started, or left before it
            seat = None
    last = event.rounds[-1].number if event.rounds else None
    table = seat.table if seat is not None else None
    return {"player": player, "round": last, "table": table,
            "seat": seat.seat if seat is not None else None,
            "partners": list(seat.partners) if seat is not None else [],
            "opponents": list(seat.opponents) if seat is not None else [],
            "match_id": folded.matches.get((last, table)) if last and table else None,
            "bye": seat is not None and table is None,
            "names": _names(folded, [player, *(seat.partners + seat.opponents
                                               if seat is not None else ())])}


def _names(folded: Folded, keys: list[str]) -> dict[str, str | None]:
    """The name to show for each of ``keys`` (E13)."""
    shown = club.names(folded)
    return {key: shown.get(key, key) for key in keys}


def _standing(line: Standing, shown: Mapping[str, str | None]) -> dict[str, Any]:
    name = (" & ".join(shown.get(p) or "" for p in line.player.split(" & "))
            if line.player not in shown else shown[line.player])
    return {"player": line.player, "name": name, "place": line.place, "shared": line.shared,
            "points": line.points, "games": line.games, "won": line.won, "best": line.best,
            "money": str(line.money)}


@blp.response(200, EventStandingsSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
def read_standings(event_id: str) -> Any:
    """The standings by the event's rule (E8), from the finished matches' totals and
    results: per player, and per team for fixed partnerships, with the tie-breaks of E8."""
    authorize(event_id, "read")
    return _standings(club.load(event_id))


def _standings(folded: Folded) -> dict[str, Any]:
    """The standings as answered (:class:`EventStandingsSchema`)."""
    players, teams = club.event_standings(folded)
    shown = club.names(folded)
    return {"rule": folded.event.rule, "players": [_standing(s, shown) for s in players],
            "teams": [_standing(s, shown) for s in teams]}


@blp.response(200, EventPaymentsSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 422)
def read_payments(event_id: str) -> Any:
    """Who pays whom (E9): every final partie's settlement (Q9, E11) netted per player, and
    the payments that settle every balance, the fewest possible up to 15 players with a
    balance (``exact``); ``pending``, the tables whose results are not final yet (playing,
    disputed or within the correction window), not counted. A Pitch event is refused (422,
    ``not_for_money``)."""
    authorize(event_id, "read")
    folded = club.load(event_id)
    balances, plan = club.payments(folded)
    return {"balances": [{"player": p, "balance": str(b)} for p, b in balances.items()],
            "payments": [{"payer": p.payer, "payee": p.payee, "amount": str(p.amount)}
                         for p in plan.payments],
            "exact": plan.exact,
            "pending": [{"round": t.round, "table": t.table, "match_id": t.match_id}
                        for t in club.pending(folded)],
            "names": dict(club.names(folded))}


def _stream_version(folded: Folded, event_id: str) -> int:
    """The event's stream's version: its log's entries and every table's match's events (it
    grows with each of them)."""
    return club_events.version(event_id) + sum(
        ledger.chain_head(match_id)[0] for match_id in folded.matches.values())


def _live(event_id: str) -> event_stream.Rendered:
    """The event and its standings as its stream sends them, with the stream's version and
    the matches it follows."""
    folded = club.load(event_id)
    version = _stream_version(folded, event_id)
    event = response_dumper(EventViewSchema)(event_dict(event_id, folded))
    standings = response_dumper(EventStandingsSchema)(_standings(folded))
    return (version, event_stream.live_data(version, event, standings),
            frozenset(folded.matches.values()))


@blp.doc(
    security=BEARER,
    parameters=[{
        "in": "header", "name": "Last-Event-ID", "required": False,
        "schema": {"type": "string"},
        "description": "The `id` of the last event received (the stream's version): the "
                       "standings are sent at once only if they moved on since.",
    }],
)
@blp.response(
    200, event_stream.SSE_STANDINGS, content_type="text/event-stream",
    description=("Server-Sent Events: `retry: 3000`, then `event: standings` / "
                 "`id: <version>` / `data: {version, event, standings}` at once (unless "
                 "Last-Event-ID is current) and after every change to the event or a deal "
                 "at any of its tables, and a `: heartbeat` comment every 15 s."),
)
@problems(blp, 401, 403, 404, 429)
def stream_event(event_id: str) -> Any:
    """Follow the event live (Server-Sent Events), with its read or organiser token: the
    event (rounds, each table's progress, the next round) and its standings (E8), at once
    and after every check-in, round and deal recorded at its tables — for a big screen.
    Read it with ``fetch()`` streaming (EventSource cannot send headers); reconnect with
    ``Last-Event-ID``. The limits of a match's stream apply (429 ``too-many-streams``)."""
    the_hub = hub()
    address = request.remote_addr or ""
    try:
        the_hub.check_room(address)
    except StreamRefused as refused:
        live.refuse(refused)
    authorize(event_id, "read")
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    db: peewee.Database = app.extensions["referee.db"]
    token_key = tokens.token_hash(bearer_token() or "")

    def render() -> event_stream.Rendered:
        with live.connected(db):
            return _live(event_id)

    def live_credentials() -> frozenset[str]:
        with live.connected(db):
            return tokens.live_hashes(event_id)

    try:  # before the first render: no change slips between
        subscription = the_hub.subscribe(event_id, token_key, address)
    except StreamRefused as refused:
        live.refuse(refused)
    try:
        first = render()
        the_hub.follow(subscription, first[2])
    except BaseException:
        the_hub.unsubscribe(subscription)
        raise
    if not db.is_closed() and hasattr(db, "close_all"):
        db.close()  # the request's pooled connection goes back now, not when the stream ends
    events = event_stream.standings_events(
        the_hub, subscription, first, live.last_event_id(), render, live_credentials,
        app.config)
    response = Response(events, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache, no-transform"
    response.headers["X-Accel-Buffering"] = "no"
    return response
