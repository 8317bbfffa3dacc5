"""``/v1/clubs``: a club's players, who persist across its events (docs/events.md E13).
Thin: the club is :mod:`referee.clubs`' (its rows), the rules :mod:`referee.events.players`'.

A club's credentials are rows of the tokens' table under the club's id (``cl_…``): the
organiser's token (a ``write`` row: every change to the player list, and creating the club's
events) and a read token. Its writes are an event's (:mod:`referee.api.organised`): If-Match
with the club's version, an Idempotency-Key, 412 ``stale-version`` with the club as it stands.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from flask import Response, request

from referee import club_statistics, clubs
from referee.api.access import BEARER
from referee.api.blueprint import Blueprint
from referee.api.club_schemas import (
    ClubMergeSchema,
    ClubNewPlayerSchema,
    ClubPlayerSchema,
    ClubRemoveSchema,
    ClubRenameSchema,
    ClubStatisticsArgsSchema,
    ClubStatisticsSchema,
    ClubViewSchema,
    CreateClubSchema,
    CreatedClubSchema,
)
from referee.api.dumping import response_dumper
from referee.api.errors import problems
from referee.api.event_statistics import chosen_form, conditional, exported, statistics_dict
from referee.api.organised import Organised
from referee.club_statistics import EventStatistics
from referee.events.players import Player, find
from referee.i18n.details import HOW
from referee.store import clubs as club_rows

blp = Blueprint(
    "clubs",
    __name__,
    url_prefix="/v1/clubs",
    description="A club's players, known by ids across its events: members and guests, "
                "renamed, merged, removed with their personal data erased (docs/events.md "
                "E13).",
)


@blp.after_request
def _no_store(response: Response) -> Response:
    """The create's answer carries credentials: ``Cache-Control: no-store``."""
    if request.endpoint == "clubs.create_club":
        response.headers["Cache-Control"] = "no-store"
    return response


def player_dict(player: Player) -> dict[str, Any]:
    """A club's player as answered (:class:`ClubPlayerSchema`)."""
    return {"id": player.id, "name": player.label, "member": player.member if player.live
            else None, "guest": player.guest, "merged_into": player.merged_into,
            "removed": player.removed}


def club_dict(club_id: str) -> dict[str, Any]:
    """The club as answered (:class:`ClubViewSchema`)."""
    club = clubs.load(club_id)
    return {"id": club.id, "version": club.version, "name": club.name,
            "players": [player_dict(p) for p in club.players],
            "events": club_rows.events(club_id)}


#: The club as an organiser's resource: its token, its version, its writes.
CLUB = Organised("club", club_rows.version, club_dict, ClubViewSchema, "club")

#: What a refused retry of a club's create says to do instead.
_CREATE_HOW = HOW["club"]


@blp.arguments(CreateClubSchema())
@blp.response(201, CreatedClubSchema)
@problems(blp, 410, 422, 429)
def create_club(body: dict[str, Any]) -> Any:
    """Create a club (E13) with its first players, each a member (with a member number) or
    a guest (none). The answer holds the club's ``tokens``: ``organiser`` (every change to
    the player list, and creating the club's events: ``POST /v1/events`` with ``club`` and
    this token) and ``read``. Keep them: only their hashes are stored. A retry with the same
    Idempotency-Key gets the same answer, tokens included, within the retry window and while
    the club is as the create left it; after that it is ``410``
    (``credentials-not-replayed``, with the ``club_id``)."""

    def make() -> str:
        made = clubs.create(body["name"], [(p["name"], p["member"]) for p in body["players"]])
        return made.id

    return CLUB.create(_CREATE_HOW, make, CreatedClubSchema, "/v1/clubs/{id}")


@blp.response(200, ClubViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
def read_club(club_id: str) -> Any:
    """The club: its players (each with its id, name, member number or guest, and where a
    merged-away one went) and its events. Its ``ETag`` is the club's version: send it back
    as ``If-Match`` when writing."""
    CLUB.authorize(club_id, "read")
    return club_dict(club_id), 200, CLUB.etag(club_id)


@blp.response(200, ClubPlayerSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 422)
def read_player(club_id: str, player_id: str) -> Any:
    """One player of the club (E13). A merged-away id answers where it went
    (``merged_into``); a removed player only its id (``removed``). An id not of the club is
    422 (``club-refused``, ``not_in_club``)."""
    CLUB.authorize(club_id, "read")
    return player_dict(find(clubs.load(club_id).players, player_id))


@blp.arguments(ClubNewPlayerSchema())
@blp.response(200, ClubViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def add_player(body: dict[str, Any], club_id: str) -> Any:
    """Add a member (with a member number, unique in the club) or a guest (none) (E13): the
    club answered, the new player the last of ``players``."""
    return CLUB.write(club_id, body, lambda: clubs.add_player(club_id, body["name"],
                                                              body["member"]))


@blp.arguments(ClubRenameSchema())
@blp.response(200, ClubViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def rename_player(body: dict[str, Any], club_id: str, player_id: str) -> Any:
    """A player's name and member number (none: a guest) (E13); the id stays, and every
    result under it."""
    return CLUB.write(club_id, body, lambda: clubs.rename(club_id, player_id, body["name"],
                                                          body["member"]))


@blp.arguments(ClubMergeSchema())
@blp.response(200, ClubViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def merge_player(body: dict[str, Any], club_id: str, player_id: str) -> Any:
    """Merge this player into ``into`` (E13): one person entered twice. Everywhere (every
    event's roster, seats, standings) this id is read as ``into`` from now on; it answers
    where it went (``merged_into``), and its own name and member number are erased. Two
    players both on one event's roster are two people: refused (``known_apart``)."""
    return CLUB.write(club_id, body, lambda: clubs.merge(club_id, player_id, body["into"]))


@blp.arguments(ClubRemoveSchema(), required=False)
@blp.response(200, ClubViewSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def remove_player(body: dict[str, Any] | None, club_id: str, player_id: str) -> Any:
    """Remove a player (E13): the name and member number are erased for good; the id stays
    with the results played under it, anonymised (shown with no name). A removed player
    cannot be checked in again. It cannot be undone."""
    return CLUB.write(club_id, dict(body or {}), lambda: clubs.remove(club_id, player_id))


@blp.arguments(ClubStatisticsArgsSchema(), location="query")
@blp.response(200, ClubStatisticsSchema)
@blp.alt_response(200, schema={"type": "string"}, content_type="text/csv",
                  description="With `format=csv` (or `Accept: text/csv`) and `game`: CSV, a "
                              "row per player of that game, with each id's name "
                              "(docs/events.md E12)")
@blp.alt_response(200, schema={"type": "string"}, content_type="application/toml",
                  description="With `format=toml` (or `Accept: application/toml`) and "
                              "`game`: a statistics file of that game (docs/format.md, "
                              "\"Statistics\")")
@blp.alt_response(304, description="Not modified: the ETag sent in If-None-Match is current.")
@blp.doc(security=BEARER)
@problems(blp, 400, 401, 403, 404)
def read_statistics(args: dict[str, Any], club_id: str) -> Any:
    """Each player's statistics over all the club's events (docs/events.md E12, E13): a
    line per player under ``piquet`` and under ``pitch`` (by the games they played), each
    player by the club's id as it stands now (a merged-away id counts as the one it was
    merged into; a substitute's deals are their own, E14), and ``names``, each id's name
    (null once removed). Its ``version`` grows with every event's log and table (its
    ``ETag``). ``format=csv`` or ``toml`` (or ``Accept: text/csv`` or
    ``application/toml``) gives one game's lines as CSV (with a ``name`` column) or a
    statistics file: ``game``'s (``piquet`` or ``pitch``), else the game the club's players
    played (the one with more lines when they played both, Pitch on a tie)."""
    CLUB.authorize(club_id, "read")
    stats = club_statistics.club_statistics(club_id)
    found = clubs.load(club_id)
    shown = clubs.names(found.players)
    lines = statistics_dict(stats)
    keys = {line["player"] for line in (*lines["piquet"], *lines["pitch"])}
    names = {key: shown.get(key) for key in sorted(keys)}
    form = chosen_form(args)
    if form == "json":
        body = response_dumper(ClubStatisticsSchema)(
            {"version": stats.version, "piquet": lines["piquet"], "pitch": lines["pitch"],
             "names": names})
        response: Response = Response(json.dumps(body), mimetype="application/json")
    else:
        game = args.get("game") or _the_game(stats)
        one = dataclasses.replace(stats, game=game,
                                  piquet=stats.piquet if game == "piquet" else (),
                                  pitch=stats.pitch if game == "pitch" else ())
        response = exported(one, form, f"{club_id}-{game}", found.name, names=names)
    return conditional(response, stats.version)


def _the_game(stats: EventStatistics) -> str:
    """The game a download holds when none is named: the one the club's players played, the
    one with more lines when they played both (Pitch on a tie, and when none is played)."""
    return "piquet" if len(stats.piquet) > len(stats.pitch) else "pitch"


CLUB_ID = "/<string:club_id>"
PLAYER = CLUB_ID + "/players/<string:player_id>"

#: (rule under /v1/clubs, method, view): the document's order.
ROUTES = (
    ("", "POST", create_club),
    (CLUB_ID, "GET", read_club),
    (CLUB_ID + "/players", "POST", add_player),
    (PLAYER, "GET", read_player),
    (PLAYER + "/rename", "POST", rename_player),
    (PLAYER + "/merge", "POST", merge_player),
    (PLAYER + "/remove", "POST", remove_player),
    (CLUB_ID + "/statistics", "GET", read_statistics),
)

for _rule, _method, _view in ROUTES:
    blp.add_url_rule(_rule, view_func=_view, methods=[_method])
