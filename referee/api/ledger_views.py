"""The ledger's reads: every deal with its ruling and running totals (JSON pages or CSV), the
raw event log, and the chain's check (``…/verify``). Routes: :mod:`referee.api.routes`."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from flask import Response, request

from referee import folds
from referee.api.access import BEARER, authorize, etag, read_state
from referee.api.errors import ProblemError, problems
from referee.api.ledger_schemas import (
    HEAD_PATTERN,
    EventPageSchema,
    LedgerPageSchema,
    PageArgsSchema,
    VerifyArgsSchema,
    VerifySchema,
)
from referee.api.match_views import head_of
from referee.api.matches import blp
from referee.api.problems import BAD_REQUEST
from referee.i18n.details import CURSOR, LEDGER_HEAD
from referee.match.games import GAMES
from referee.match.state import MatchState
from referee.match.transfer import record_of
from referee.records import write_record
from referee.store import ledger

#: The body of a ``text/csv`` answer, as the OpenAPI document describes it.
CSV_SCHEMA: dict[str, str] = {
    "type": "string",
    "description": "CSV (RFC 4180): a header row, then one row per deal with its points, "
                   "the running totals, its level and agreement; a Pitch match adds its "
                   "`variant`, its `house options` (those its variant's preset does not "
                   "have, `name=value; …`) and one column per scoring point of its game "
                   "(`high`, `off_jack`, `three`…): who scored it. Every cell quoted.",
}


def ledger_items(state: MatchState) -> list[dict[str, Any]]:
    """Every finished deal in order with its ruling and the running totals after it."""
    items = []
    for entry, totals in zip(state.deals, state.totals, strict=True):
        items.append(
            {
                "deal": entry.number,
                "dealer": state.players[entry.dealer],
                "status": entry.status,
                "amended": entry.amended,
                "scores": entry.scores,
                "totals": dict(totals),
                "record": entry.record,
                "ruling": entry.ruling,
                "corrections": [c.as_dict() for c in entry.corrections],
                "level": entry.level,
                "agreement": entry.agreement,
                "entered_by": entry.entered_by,
                "agreed_by": entry.agreed_by,
                "claims": [c.as_dict() for c in entry.claims],
                "superseded": [s.as_dict() for s in entry.superseded],
                "changes": entry.changes,
            }
        )
    return items


@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
@blp.arguments(PageArgsSchema(), location="query")
@blp.response(200, LedgerPageSchema)
@blp.alt_response(200, schema=CSV_SCHEMA, content_type="text/csv",
                  description="The ledger page (JSON), or with `Accept: text/csv` the whole "
                              "ledger as CSV")
@blp.alt_response(304, description="Not modified: the ETag sent in If-None-Match is current.")
def read_ledger(args: dict[str, Any], match_id: str) -> Any:
    """Every deal with its ruling and the running totals, cursor-paginated (``next_cursor``);
    ``Accept: text/csv`` gives the whole ledger as CSV."""
    state = read_state(match_id, whole=True)
    items = ledger_items(state)
    if request.accept_mimetypes.best_match(["application/json", "text/csv"]) == "text/csv":
        return _csv_response(state, items)
    page = {**_page(items, args, key="deal"), "head": head_of(state)}
    return page, 200, {"ETag": etag(state)}


@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
@blp.response(200, CSV_SCHEMA, content_type="text/csv", description="The ledger as CSV")
@blp.alt_response(304, description="Not modified: the ETag sent in If-None-Match is current.")
def read_ledger_csv(match_id: str) -> Any:
    """The whole ledger as CSV: one row per deal, its scores and the running totals."""
    state = read_state(match_id, whole=True)
    return _csv_response(state, ledger_items(state))  # with the match's ETag


#: The body of an ``application/toml`` answer, as the OpenAPI document describes it.
TOML_SCHEMA: dict[str, str] = {
    "type": "string",
    "description": "A record file (docs/format.md): the match's "
                   "header and every finished deal, with its ledger_head.",
}


@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
@blp.response(200, TOML_SCHEMA, content_type="application/toml",
              description="The match as a record file")
@blp.alt_response(304, description="Not modified: the ETag sent in If-None-Match is current.")
def read_record_file(match_id: str) -> Any:
    """The match as a record file (docs/format.md).

    ``application/toml``, as an attachment: its players and options, every finished deal
    at the level it was entered, who entered and confirmed it, its open disputes, a voided
    deal marked ``void``, and ``ledger_head = "SEQ:HASH"`` (check a copy with
    ``GET …/verify?head=``). Any of the match's tokens reads it.
    ``POST /v1/matches:import`` makes a new match of it."""
    state = read_state(match_id, whole=True)
    text = write_record(record_of(state))
    return Response(text, mimetype="application/toml", headers={
        "Content-Disposition": f'attachment; filename="{state.game}-{match_id}.toml"',
        "ETag": etag(state)})


@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
@blp.arguments(PageArgsSchema(), location="query")
@blp.response(200, EventPageSchema)
def read_events(args: dict[str, Any], match_id: str) -> Any:
    """The raw event log (every step and correction, nothing removed), cursor-paginated."""
    state = read_state(match_id)
    after = _cursor(args.get("cursor"))
    rows = ledger.event_rows(match_id, after_seq=after, limit=args["limit"] + 1)
    more = len(rows) > args["limit"]
    rows = rows[: args["limit"]]
    items = [
        {
            "seq": r.seq,
            "kind": r.kind,
            "payload": json.loads(r.payload),
            "actor": r.actor,
            "created_at": r.created_at.isoformat() + "Z",
            "prev_hash": r.prev_hash,
            "hash": r.hash,
        }
        for r in rows
    ]
    return {"items": items, "next_cursor": str(rows[-1].seq) if more and rows else None,
            "head": head_of(state)}


@blp.arguments(VerifyArgsSchema(), location="query")
@blp.response(200, VerifySchema)
@blp.doc(security=BEARER)
@problems(blp, 400, 401, 403, 404)
def verify(args: dict[str, Any], match_id: str) -> Any:
    """Check the match's chain: ``intact``, or the first event where it breaks.

    ``?head=SEQ:HASH`` (a ``head`` a client kept from an answer): the ledger must still lead
    there; a ledger cut short ("behind") or rewritten ("diverged") is not intact.
    """
    authorize(match_id, "read")
    broken = folds.verify(match_id)
    events, head = ledger.chain_head(match_id)
    known = _head_check(match_id, args.get("head"))
    answer: dict[str, Any] = {"intact": broken is None, "broken_at": broken, "events": events,
                              "head": head}
    if known is not None:
        answer["known_head"] = {"seq": known.seq, "hash": known.hash, "status": known.status}
        if not known.consistent:
            answer["intact"] = False
            answer["broken_at"] = min(b for b in (broken, known.seq) if b is not None)
    return answer


def _head_check(match_id: str, text: str | None) -> ledger.HeadCheck | None:
    if text is None:
        return None
    if not re.fullmatch(HEAD_PATTERN.strip("^$"), text):
        raise ProblemError(BAD_REQUEST, LEDGER_HEAD.said())
    seq, _, digest = text.partition(":")
    return ledger.check_head(match_id, int(seq), digest.lower())


def _cursor(value: str | None) -> int:
    if value is None:
        return 0
    if not (value.isascii() and value.isdigit() and len(value) <= 18):  # PageArgsSchema too
        raise ProblemError(BAD_REQUEST, CURSOR.said())
    return int(value)


def _page(items: list[dict[str, Any]], args: dict[str, Any], key: str) -> dict[str, Any]:
    after = _cursor(args.get("cursor"))
    remaining = [i for i in items if i[key] > after]
    page = remaining[: args["limit"]]
    more = len(remaining) > len(page)
    return {"items": page, "next_cursor": str(page[-1][key]) if more and page else None}


#: A formula's first character, at the start of a cell or after anything a spreadsheet may
#: split cells or lines on (",", ";", tab, "|", a line break): the OWASP CSV-injection list.
_FORMULA = re.compile(r"(^|[,;\t|\r\n])([=+\-@\t\r])")


def _cell(value: Any) -> Any:
    """A CSV cell that no spreadsheet runs as a formula: every formula character at the start
    of the text or after a separator gets a ``'`` before it (``=1+1`` → ``'=1+1``,
    ``x;=cmd|…`` → ``x;'=cmd|…``, which a reader splitting on ";" cannot run either). The
    writer quotes every cell besides (``csv.QUOTE_ALL``). Numbers are left alone."""
    if isinstance(value, str):
        return _FORMULA.sub(r"\1'\2", value)
    return value


def _csv_response(state: MatchState, items: list[dict[str, Any]]) -> Response:
    names = list(state.standings)
    game = GAMES[state.game]  # the game's own columns: Pitch's variant and its points
    rows: list[list[Any]] = [
        ["deal", "dealer", "status", "amended"]
        + [f"{n} points" for n in names]
        + [f"{n} total" for n in names]
        + ["level", "agreement"]
        + game.csv_columns(state.options)
    ]
    rows += [
        [item["deal"], item["dealer"], item["status"], item["amended"]]
        + [item["scores"].get(n, 0) for n in names]
        + [item["totals"].get(n, 0) for n in names]
        + [item["level"], item["agreement"]]
        + game.csv_cells(item["ruling"], state.players, state.options)
        for item in items
    ]
    out = io.StringIO()
    # Every cell guarded (a column added later included) and quoted.
    csv.writer(out, quoting=csv.QUOTE_ALL).writerows([_cell(c) for c in row] for row in rows)
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": "attachment; filename=ledger.csv",
                             "ETag": etag(state)})
