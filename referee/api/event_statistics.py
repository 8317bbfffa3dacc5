"""``GET /v1/events/{id}/statistics``: each player's statistics over the event's games
(docs/events.md E12), as JSON, CSV or a statistics file of the record format (docs/format.md).
Thin: the figures are :mod:`referee.club_statistics`'."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import marshmallow as ma
from flask import Response, request
from marshmallow import validate

from referee import club, club_statistics
from referee.api.access import BEARER
from referee.api.dumping import response_dumper
from referee.api.errors import problems
from referee.api.event_access import authorize, blp
from referee.api.ledger_views import _cell
from referee.api.strict import StrictSchema
from referee.club_statistics import EventStatistics
from referee.events.statistics import PiquetStatistics, PitchStatistics
from referee.records.statistics import StatisticsFile, write_statistics

#: The answer's forms, by ``format`` and by media type (``Accept``).
FORMATS = {"json": "application/json", "csv": "text/csv", "toml": "application/toml"}


class EventStatisticsArgsSchema(StrictSchema):
    """``format``: ``json`` (the default), ``csv`` or ``toml`` (a statistics file); without
    it, the ``Accept`` header chooses (``text/csv``, ``application/toml``)."""

    EXACT_INTEGERS = False  # a query string

    format = ma.fields.String(validate=validate.OneOf(tuple(FORMATS)))


class EventBidLineSchema(ma.Schema):
    """The bids of one level a player made and was set on (P3, P6): ``level`` null when the
    entry did not give it (a totals line)."""

    level = ma.fields.Integer(required=True, allow_none=True)
    made = ma.fields.Integer(required=True)
    set = ma.fields.Integer(required=True)


class EventPiquetStatisticsSchema(ma.Schema):
    """One player's Piquet (E12): parties settled, won, lost, drawn; rubicons given and taken
    (Q9); deals played and the points scored in them, per deal (two decimals, null before
    the first); deals whose entry says who scored a pique, repique or capot, and how many
    the player scored (Q6, Q7)."""

    player = ma.fields.String(required=True)
    parties = ma.fields.Integer(required=True)
    won = ma.fields.Integer(required=True)
    lost = ma.fields.Integer(required=True)
    drawn = ma.fields.Integer(required=True)
    rubicons_given = ma.fields.Integer(required=True)
    rubicons_taken = ma.fields.Integer(required=True)
    deals = ma.fields.Integer(required=True)
    points = ma.fields.Integer(required=True)
    points_per_deal = ma.fields.Float(required=True, allow_none=True)
    detailed_deals = ma.fields.Integer(required=True)
    piques = ma.fields.Integer(required=True)
    repiques = ma.fields.Integer(required=True)
    capots = ma.fields.Integer(required=True)


class EventPitchStatisticsSchema(ma.Schema):
    """One player's Pitch (E12): hands played, the side's points over them and per hand (two
    decimals, null before the first); bids made and set, in all and by level (P3, P6); hands
    whose entry says who took each point, and how often the player's side took High, Low,
    Jack and Game (P5)."""

    player = ma.fields.String(required=True)
    hands = ma.fields.Integer(required=True)
    points = ma.fields.Integer(required=True)
    points_per_hand = ma.fields.Float(required=True, allow_none=True)
    bids_made = ma.fields.Integer(required=True)
    bids_set = ma.fields.Integer(required=True)
    bids = ma.fields.List(ma.fields.Nested(EventBidLineSchema), required=True)
    awards_hands = ma.fields.Integer(required=True)
    high = ma.fields.Integer(required=True)
    low = ma.fields.Integer(required=True)
    jack = ma.fields.Integer(required=True)
    game = ma.fields.Integer(required=True)


class EventStatisticsSchema(ma.Schema):
    """The event's statistics per player (E12): ``game``, its ``version`` (its ETag), and a
    line per player, Piquet's or Pitch's by the game (the other list empty)."""

    game = ma.fields.String(required=True)
    version = ma.fields.Integer(required=True)
    piquet = ma.fields.List(ma.fields.Nested(EventPiquetStatisticsSchema), required=True)
    pitch = ma.fields.List(ma.fields.Nested(EventPitchStatisticsSchema), required=True)


def _per(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _piquet(line: PiquetStatistics) -> dict[str, Any]:
    return {"player": line.player, "parties": line.parties, "won": line.won,
            "lost": line.lost, "drawn": line.drawn, "rubicons_given": line.rubicons_given,
            "rubicons_taken": line.rubicons_taken, "deals": line.deals, "points": line.points,
            "points_per_deal": _per(line.points_per_deal),
            "detailed_deals": line.detailed_deals, "piques": line.piques,
            "repiques": line.repiques, "capots": line.capots}


def _pitch(line: PitchStatistics) -> dict[str, Any]:
    return {"player": line.player, "hands": line.hands, "points": line.points,
            "points_per_hand": _per(line.points_per_hand), "bids_made": line.bids_made,
            "bids_set": line.bids_set,
            "bids": [{"level": b.level, "made": b.made, "set": b.set} for b in line.bids],
            "awards_hands": line.awards_hands, "high": line.high, "low": line.low,
            "jack": line.jack, "game": line.game}


def statistics_dict(stats: EventStatistics) -> dict[str, Any]:
    """The statistics as answered (:class:`EventStatisticsSchema`)."""
    return {"game": stats.game, "version": stats.version,
            "piquet": [_piquet(line) for line in stats.piquet],
            "pitch": [_pitch(line) for line in stats.pitch]}


def _text(value: float | None) -> Decimal | str:
    """A figure per deal or hand in two decimals (a number: no cell guard), empty when
    none."""
    return "" if value is None else Decimal(f"{value:.2f}")


def statistics_csv(stats: EventStatistics,
                   names: Mapping[str, str | None] | None = None) -> str:
    """The statistics as CSV (RFC 4180, every cell quoted, none a spreadsheet runs): a header
    row, then a row per player, the columns of docs/events.md E12; Pitch's bids by level in
    columns ``bid N made`` / ``bid N set`` for each level bid at the event (``bid ? …`` for
    the bids of no known level). With ``names`` (a club's ids to their names, None once
    removed), a ``name`` column follows ``player``."""
    rows: list[list[Any]]
    if stats.game == "piquet":
        rows = [["player", "parties", "won", "lost", "drawn", "rubicons given",
                 "rubicons taken", "deals", "points", "points per deal", "detailed deals",
                 "piques", "repiques", "capots"]]
        rows += [[p.player, p.parties, p.won, p.lost, p.drawn, p.rubicons_given,
                  p.rubicons_taken, p.deals, p.points, _text(p.points_per_deal),
                  p.detailed_deals, p.piques, p.repiques, p.capots] for p in stats.piquet]
    else:
        levels = sorted({b.level for p in stats.pitch for b in p.bids},
                        key=lambda level: (level is None, level or 0))
        named = ["?" if level is None else str(level) for level in levels]
        rows = [["player", "hands", "points", "points per hand", "bids made", "bids set",
                 *[f"bid {n} {what}" for n in named for what in ("made", "set")],
                 "awards hands", "high", "low", "jack", "game"]]
        for p in stats.pitch:
            by_level = {b.level: b for b in p.bids}
            cells: list[Any] = []
            for level in levels:
                bid = by_level.get(level)
                cells += [bid.made, bid.set] if bid is not None else [0, 0]
            rows.append([p.player, p.hands, p.points, _text(p.points_per_hand), p.bids_made,
                         p.bids_set, *cells, p.awards_hands, p.high, p.low, p.jack, p.game])
    if names is not None:
        rows = [[rows[0][0], "name", *rows[0][1:]],
                *[[row[0], names.get(row[0]) or "", *row[1:]] for row in rows[1:]]]
    out = io.StringIO()
    csv.writer(out, quoting=csv.QUOTE_ALL).writerows([_cell(c) for c in row] for row in rows)
    return out.getvalue()


def chosen_form(args: Mapping[str, Any]) -> str:
    """The form asked for: ``format``, else the best of ``Accept`` (JSON when it allows)."""
    if "format" in args:
        return str(args["format"])
    best = request.accept_mimetypes.best_match(list(FORMATS.values()))
    return next((name for name, kind in FORMATS.items() if kind == best), "json")


@blp.arguments(EventStatisticsArgsSchema(), location="query")
@blp.response(200, EventStatisticsSchema)
@blp.alt_response(200, schema={"type": "string"}, content_type="text/csv",
                  description="With `format=csv` or `Accept: text/csv`: CSV, a row per "
                              "player (docs/events.md E12)")
@blp.alt_response(200, schema={"type": "string"}, content_type="application/toml",
                  description="With `format=toml` or `Accept: application/toml`: a "
                              "statistics file (docs/format.md, \"Statistics\")")
@blp.alt_response(304, description="Not modified: the ETag sent in If-None-Match is current.")
@blp.doc(security=BEARER)
@problems(blp, 400, 401, 403, 404)
def read_statistics(args: dict[str, Any], event_id: str) -> Any:
    """Each player's statistics over the event's games so far (E12), read from what their
    matches' rulings decided: Piquet parties won and lost, rubicons given and taken, points
    per deal, piques, repiques and capots; Pitch bids made and set by level, points per hand,
    how often the player's side took High, Low, Jack and Game. ``format=csv`` (or ``Accept:
    text/csv``) gives CSV, ``format=toml`` (or ``Accept: application/toml``) a statistics
    file. Its ``ETag`` moves with the event and each of its tables' ledgers (``Vary:
    Accept``)."""
    authorize(event_id, "read")
    folded = club.load(event_id)
    stats = club_statistics.event_statistics(event_id, folded)
    form = chosen_form(args)
    if form == "json":
        body = response_dumper(EventStatisticsSchema)(statistics_dict(stats))
        response: Response = Response(json.dumps(body), mimetype="application/json")
    else:
        response = exported(stats, form, event_id, folded.event.name,
                            names=club.names(folded) if folded.event.club else None)
    return conditional(response, stats.version)


def exported(stats: EventStatistics, form: str, basename: str, title: str | None,
             names: Mapping[str, str | None] | None = None) -> Response:
    """The statistics as a download: ``form`` ``csv`` (:func:`statistics_csv`, with a
    ``name`` column when ``names`` are given) or ``toml`` (a statistics file named
    ``title``), saved as ``statistics-<basename>.csv|toml``."""
    if form == "csv":
        return Response(statistics_csv(stats, names), mimetype="text/csv", headers={
            "Content-Disposition": f'attachment; filename="statistics-{basename}.csv"'})
    text = write_statistics(StatisticsFile(stats.game, title, stats.piquet, stats.pitch))
    return Response(text, mimetype="application/toml", headers={
        "Content-Disposition": f'attachment; filename="statistics-{basename}.toml"'})


def conditional(response: Response, version: int) -> Response:
    """``response`` with its ``ETag`` (``"v<version>"``), ``Vary: Accept``, and a 304 when
    ``If-None-Match`` names that ETag."""
    response.headers["ETag"] = f'"v{version}"'
    response.vary.add("Accept")
    if request.if_none_match:
        response.make_conditional(request)
    return response

