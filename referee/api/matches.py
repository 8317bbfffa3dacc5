"""Stored matches: create, read, record deals whole or step by step, correct, the ledger.

Handlers are thin: parse (marshmallow) → the pure command (:mod:`referee.match.commands`)
inside one locked transaction (:func:`referee.store.ledger.append`) → serialize.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from typing import Any

from flask import Response, request, url_for

from referee.api import match_schemas as s
from referee.api.errors import ProblemError
from referee.api.fields import Blueprint
from referee.match import commands
from referee.match.games import GAMES
from referee.match.state import MatchError, MatchState
from referee.store import ledger
from referee.violations import RecordError

blp = Blueprint(
    "matches",
    __name__,
    url_prefix="/v1/matches",
    description="Stored matches: an append-only ledger per match, standings, corrections.",
)


# ---------------------------------------------------------------------------- serialization


def state_dict(match_id: str, state: MatchState) -> dict[str, Any]:
    """The match as the API shows it (see :class:`match_schemas.MatchSchema`)."""
    players = list(state.players)
    if state.current is not None:
        deal_number, dealer = state.current.number, state.current.dealer
    else:
        deal_number = (state.deals[-1].number if state.deals else 0) + 1
        dealer = state.next_dealer
    body: dict[str, Any] = {
        "id": match_id,
        "game": state.game,
        "players": players,
        "options": state.options,
        "rules_version": state.rules_version,
        "version": state.version,
        "deal_number": deal_number,
        "deal_in_progress": state.current is not None,
        "dealer": {"player": players[dealer], "seat": dealer},
        "standings": [{"name": n, "score": p} for n, p in state.standings.items()],
        "deals_played": len(state.live_deals),
        "deals_required": state.outcome.deals_required,
        "next": state.next.as_dict(),
        "finished": state.outcome.finished,
        "winner": state.outcome.winner,
        "drawn": state.outcome.drawn,
        "settlement": state.outcome.settlement,
    }
    if state.game == "piquet":
        body["elder"] = players[1 - dealer]
        body["younger"] = players[dealer]
    return body


def ledger_items(state: MatchState) -> list[dict[str, Any]]:
    """Every finished deal in order with its ruling and the running totals after it."""
    totals = dict.fromkeys(state.standings, 0)
    items = []
    for entry in state.deals:
        if entry.status == "live":
            for name, points in entry.scores.items():
                totals[name] = totals.get(name, 0) + points
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
                "corrections": list(entry.corrections),
            }
        )
    return items


def _etag(state: MatchState) -> str:
    return f'"v{state.version}"'


def _with_etag(body: dict[str, Any], state: MatchState, status: int = 200) -> Any:
    return body, status, {"ETag": _etag(state)}


# --------------------------------------------------------------------------- error mapping


def _expected_version() -> int | None:
    header = request.headers.get("If-Match")
    if not header:
        return None
    value = header.strip()
    if value.startswith("W/"):
        value = value[2:]
    value = value.strip('"')
    if value.startswith("v") and value[1:].isdigit():
        return int(value[1:])
    raise ProblemError(
        412, "If-Match must be the ETag of the match as last read, e.g. \"v12\".",
        title="Precondition Failed",
    )


def _write(match_id: str, decide: Callable[[MatchState], Sequence[Any]],
           actor: str | None) -> ledger.Appended:
    try:
        return ledger.append(match_id, decide, actor=actor, expected_version=_expected_version())
    except ledger.MatchNotFound:
        raise ProblemError(404, f"There is no match {match_id!r}.") from None
    except ledger.VersionMismatch as stale:
        raise ProblemError(
            412,
            "The match has changed since you read it: here is its current state.",
            title="Precondition Failed",
            problem_type="stale-version",
            extra={"match": state_dict(match_id, stale.current)},
            headers={"ETag": _etag(stale.current)},
        ) from None
    except MatchError as refused:
        raise ProblemError(
            422, str(refused), title="Refused", problem_type="refused",
            violations=refused.violations,
        ) from None
    except RecordError as broken:
        raise ProblemError(
            422,
            "Not recorded: " + str(broken),
            title="Rule violation",
            problem_type="rule-violation",
            violations=broken.violations,
        ) from None


def _read(match_id: str) -> MatchState:
    try:
        return ledger.load_state(match_id)
    except ledger.MatchNotFound:
        raise ProblemError(404, f"There is no match {match_id!r}.") from None


# -------------------------------------------------------------------------------- routes


@blp.route("", methods=["POST"])
@blp.arguments(s.CreateMatchSchema)
@blp.response(201, s.MatchSchema)
def create_match(body: dict[str, Any]) -> Any:
    """Create a match of Pitch or Piquet with its players and options."""
    game = GAMES[body["game"]]
    try:
        first = commands.create(game, body["players"], body.get("options") or {})
    except (MatchError, RecordError) as refused:
        raise ProblemError(
            422, str(refused), title="Refused", problem_type="refused",
            violations=refused.violations,
        ) from None
    match_id, state = ledger.create_match(game.name, first, body.get("by"))
    headers = {
        "ETag": _etag(state),
        "Location": url_for("matches.read_match", match_id=match_id),
    }
    return state_dict(match_id, state), 201, headers


@blp.route("/<string:match_id>", methods=["GET"])
@blp.response(200, s.MatchSchema)
def read_match(match_id: str) -> Any:
    """The match: players, standings, whose turn it is and what is legal now, the result."""
    state = _read(match_id)
    return _with_etag(state_dict(match_id, state), state)


@blp.route("/<string:match_id>/events", methods=["POST"])
@blp.arguments(s.StepSchema)
@blp.response(201, s.StepResultSchema)
def record_step(body: dict[str, Any], match_id: str) -> Any:
    """Record one step of the deal in play (a bid, an exchange, a declaration, a card),
    checked at once; the deal is scored when its last card is played."""
    kind = body.pop("type")
    actor = body.pop("by", None)
    appended = _write(
        match_id,
        lambda state: commands.step(state, GAMES[state.game], kind, body, actor),
        actor,
    )
    scored = [e.payload for e in appended.events if e.kind == "deal_scored"]
    result = {
        "events": [_event_dict(e) for e in appended.events],
        "scored": scored[0] if scored else None,
        "match": state_dict(match_id, appended.state),
    }
    return _with_etag(result, appended.state, 201)


@blp.route("/<string:match_id>/deals", methods=["POST"])
@blp.arguments(s.RecordDealSchema)
@blp.response(201, s.DealResultSchema)
def record_deal(body: dict[str, Any], match_id: str) -> Any:
    """Record a whole deal at once (the deal records of design.md); stored only if legal."""
    actor = body.pop("by", None)
    appended = _write(
        match_id,
        lambda state: commands.record_deal(state, GAMES[state.game], body),
        actor,
    )
    scored = appended.events[-1].payload
    result = {
        "deal": scored["deal"],
        "scores": scored["scores"],
        "ruling": scored["ruling"],
        "match": state_dict(match_id, appended.state),
    }
    return _with_etag(result, appended.state, 201)


@blp.route("/<string:match_id>/undo", methods=["POST"])
@blp.arguments(s.CorrectionSchema)
@blp.response(200, s.MatchSchema)
def undo(body: dict[str, Any], match_id: str) -> Any:
    """Take back the last entry (a step, a whole deal, a void or an amendment)."""
    appended = _write(
        match_id,
        lambda state: commands.undo(state, body.get("reason"), body.get("by")),
        body.get("by"),
    )
    return _with_etag(state_dict(match_id, appended.state), appended.state)


@blp.route("/<string:match_id>/deals/<int:deal>/void", methods=["POST"])
@blp.arguments(s.VoidSchema)
@blp.response(200, s.MatchSchema)
def void_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Void a recorded deal with a reason: it stays in the ledger, it no longer counts."""
    appended = _write(
        match_id,
        lambda state: commands.void_deal(state, deal, body["reason"], body.get("by")),
        body.get("by"),
    )
    return _with_etag(state_dict(match_id, appended.state), appended.state)


@blp.route("/<string:match_id>/deals/<int:deal>/amend", methods=["POST"])
@blp.arguments(s.AmendSchema)
@blp.response(200, s.DealResultSchema)
def amend_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Replace a recorded deal by a corrected record, with a reason; ruled again."""
    appended = _write(
        match_id,
        lambda state: commands.amend_deal(
            state, GAMES[state.game], deal, body["record"], body["reason"], body.get("by")
        ),
        body.get("by"),
    )
    scored = appended.events[-1].payload
    result = {
        "deal": deal,
        "scores": scored["scores"],
        "ruling": scored["ruling"],
        "match": state_dict(match_id, appended.state),
    }
    return _with_etag(result, appended.state)


@blp.route("/<string:match_id>/ledger", methods=["GET"])
@blp.arguments(s.PageArgsSchema, location="query")
@blp.response(200, s.LedgerPageSchema)
@blp.alt_response(200, content_type="text/csv", description="The ledger as CSV")
def read_ledger(args: dict[str, Any], match_id: str) -> Any:
    """Every deal with its ruling and the running totals, cursor-paginated (``next_cursor``);
    ``Accept: text/csv`` gives the whole ledger as CSV."""
    state = _read(match_id)
    items = ledger_items(state)
    if request.accept_mimetypes.best_match(["application/json", "text/csv"]) == "text/csv":
        return _csv_response(state, items)
    return _page(items, args, key="deal")


@blp.route("/<string:match_id>/ledger.csv", methods=["GET"])
@blp.response(200, content_type="text/csv", description="The ledger as CSV")
def read_ledger_csv(match_id: str) -> Any:
    """The whole ledger as CSV: one row per deal, its scores and the running totals."""
    state = _read(match_id)
    return _csv_response(state, ledger_items(state))


@blp.route("/<string:match_id>/log", methods=["GET"])
@blp.arguments(s.PageArgsSchema, location="query")
@blp.response(200, s.EventPageSchema)
def read_events(args: dict[str, Any], match_id: str) -> Any:
    """The raw event log (every step and correction, nothing removed), cursor-paginated."""
    _read(match_id)
    after = _cursor(args.get("cursor"))
    rows = ledger.event_rows(match_id, after_seq=after, limit=args["limit"] + 1)
    more = len(rows) > args["limit"]
    rows = rows[: args["limit"]]
    items = [
        {
            "seq": r.seq,
            "kind": r.kind,
            "payload": _json(r.payload),
            "actor": r.actor,
            "created_at": r.created_at.isoformat() + "Z",
            "prev_hash": r.prev_hash,
            "hash": r.hash,
        }
        for r in rows
    ]
    return {"items": items, "next_cursor": str(rows[-1].seq) if more and rows else None}


@blp.route("/<string:match_id>/verify", methods=["GET"])
@blp.response(200, s.VerifySchema)
def verify(match_id: str) -> Any:
    """Check the match's hash chain: ``intact``, or the first event where it breaks."""
    try:
        broken = ledger.verify_chain(match_id)
    except ledger.MatchNotFound:
        raise ProblemError(404, f"There is no match {match_id!r}.") from None
    return {"intact": broken is None, "broken_at": broken}


def _json(text: str) -> Any:
    return json.loads(text)


def _event_dict(event: Any) -> dict[str, Any]:
    return {"seq": event.seq, "kind": event.kind, "payload": event.payload, "actor": event.actor}


def _cursor(value: str | None) -> int:
    if value is None:
        return 0
    if not value.isdigit():
        raise ProblemError(400, "The cursor is the next_cursor of the previous page.")
    return int(value)


def _page(items: list[dict[str, Any]], args: dict[str, Any], key: str) -> dict[str, Any]:
    after = _cursor(args.get("cursor"))
    remaining = [i for i in items if i[key] > after]
    page = remaining[: args["limit"]]
    more = len(remaining) > len(page)
    return {"items": page, "next_cursor": str(page[-1][key]) if more and page else None}


def _csv_response(state: MatchState, items: list[dict[str, Any]]) -> Response:
    names = list(state.standings)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["deal", "dealer", "status", "amended"]
        + [f"{n} points" for n in names]
        + [f"{n} total" for n in names]
    )
    for item in items:
        writer.writerow(
            [item["deal"], item["dealer"], item["status"], item["amended"]]
            + [item["scores"].get(n, 0) for n in names]
            + [item["totals"].get(n, 0) for n in names]
        )
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": "attachment; filename=ledger.csv"})


