"""Stored matches: create, read, record deals whole or step by step, correct, the ledger.

Handlers are thin: parse (marshmallow) → the pure command (:mod:`referee.match.commands`)
inside one locked transaction (:func:`referee.store.ledger.append`) → serialize.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import io
import json
from collections.abc import Callable, Sequence
from typing import Any

import marshmallow as ma
from flask import Response, g, request, url_for

from referee.api import match_schemas as s
from referee.api.errors import ProblemError, problems
from referee.api.fields import Blueprint
from referee.match import commands
from referee.match.events import canonical_json
from referee.match.games import GAMES
from referee.match.state import MatchError, MatchState
from referee.store import idempotency, ledger, tokens
from referee.store.db import write_transaction
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
    agreed: dict[str, int] = {}
    for entry in state.live_deals:
        if entry.agreement in ("confirmed", "ruled"):
            for name, points in entry.scores.items():
                agreed[name] = agreed.get(name, 0) + points
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
        "standings": [
            {"name": n, "score": p, "agreed": agreed.get(n, 0)}
            for n, p in state.standings.items()
        ],
        "deals_played": len(state.live_deals),
        "deals_required": state.outcome.deals_required,
        "next": state.next.as_dict(),
        "finished": state.outcome.finished,
        "winner": state.outcome.winner,
        "drawn": state.outcome.drawn,
        "settlement": state.outcome.settlement,
        "current_deal": state.current.record if state.current is not None else None,
        "provisional": list(state.provisional),
        "disputed": list(state.disputed),
        "settlement_withheld": state.withheld,
        "seats": list(state.seats),
        "auto_confirm": state.options.get("auto_confirm", "auto"),
        "auto_confirm_on": state.auto_confirm,
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
                "level": entry.level,
                "agreement": entry.agreement,
                "entered_by": entry.entered_by,
                "agreed_by": entry.agreed_by,
                "claims": list(entry.claims),
                "superseded": list(entry.superseded),
                "changes": entry.changes,
            }
        )
    return items


def _etag(state: MatchState) -> str:
    return f'"v{state.version}"'


# ------------------------------------------------------------- access, versions, writes

#: Security requirement documented on every match route (the match's bearer token).
BEARER: list[dict[str, list[str]]] = [{"bearerAuth": []}]


def _token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def _authorize(match_id: str, needed: str) -> tokens.Grant:
    """401 without a live token, 403 with another match's token (or one that does not grant
    ``needed``: "read", "record" or "write", see :data:`referee.store.tokens.Needed`). The
    grant is kept for the request (:func:`_principal`)."""
    try:
        grant = tokens.authenticate(match_id, _token(), needed)
        g.grant = grant
        return grant
    except tokens.TokenRefused as refused:
        headers = {"WWW-Authenticate": 'Bearer realm="referee"'} if refused.status == 401 else {}
        raise ProblemError(refused.status, str(refused), headers=headers) from None


def _expected_version(body: dict[str, Any], required: bool) -> int | None:
    """The version the client last read: ``If-Match: "v12"`` or ``expected_version`` in the
    body. ``required``: 428 when neither is given."""
    header = request.headers.get("If-Match")
    if header and header.strip() == "*" and not required:
        return None  # RFC 9110: any current version
    if header:
        value = header.strip().removeprefix("W/").strip('"')
        if value.startswith("v") and value[1:].isdigit():
            return int(value[1:])
        raise ProblemError(
            412, "If-Match must be the ETag of the match as last read, e.g. \"v12\".",
            title="Precondition Failed",
        )
    expected = body.pop("expected_version", None)
    if expected is None and required:
        raise ProblemError(
            428,
            "Say which version of the match you are adding to: send If-Match with its ETag "
            "(or expected_version in the body), so two phones cannot overwrite each other.",
            title="Precondition Required",
        )
    return int(expected) if expected is not None else None


def _fingerprint() -> str:
    raw = request.get_data(cache=True)
    try:
        canonical = canonical_json(json.loads(raw)) if raw else ""
    except ValueError:
        canonical = raw.decode("utf-8", "replace")
    text = f"{request.method} {request.path}\n{canonical}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    key = key.strip().strip('"')
    if not 1 <= len(key) <= 255:
        raise ProblemError(400, "Idempotency-Key must be 1 to 255 characters.")
    return key


def _claim(scope: str, key: str | None) -> idempotency.StoredResponse | None:
    if key is None:
        return None
    try:
        return idempotency.claim(scope, key, _fingerprint())
    except idempotency.KeyReused:
        raise ProblemError(
            422, "This Idempotency-Key was already used for a different request.",
            title="Idempotency-Key reused", problem_type="idempotency-key-reused",
        ) from None
    except idempotency.KeyInProgress:
        raise ProblemError(
            409, "A request with this Idempotency-Key is still being processed; retry later.",
            title="Conflict", problem_type="idempotency-key-in-progress",
        ) from None


@functools.cache
def _schema(schema: type[ma.Schema]) -> ma.Schema:
    """One instance per response schema (building one deep-copies all its fields)."""
    return schema()


def _json_response(text: str, status: int, headers: dict[str, str]) -> Response:
    return Response(text, status=status, mimetype="application/json", headers=headers)


def _replay(stored: idempotency.StoredResponse) -> Response:
    headers = {**stored.headers, "Idempotent-Replayed": "true"}
    return _json_response(stored.body, stored.status, headers)


def _write(
    match_id: str,
    body: dict[str, Any],
    decide: Callable[[MatchState], Sequence[Any]],
    render: Callable[[ledger.Appended], dict[str, Any]],
    schema: type[ma.Schema],
    status: int = 200,
    version_required: bool = False,
    needed: str = "write",
) -> Response:
    """One write to a match: authorize (``needed``: "write", or "record" for what a seat may
    do), check the version, honour the Idempotency-Key, append in one transaction (the key's
    response stored with the events), answer."""
    grant = _authorize(match_id, needed)
    # Who made it: the name sent, else the credential that wrote (corrections always say).
    default = f"seat:{grant.seat}" if grant.seat else f"write token #{grant.token_id}"
    body.setdefault("by", default)
    expected = _expected_version(body, version_required)
    key = _idempotency_key()
    stored = _claim(match_id, key)
    if stored is not None:
        return _replay(stored)
    actor = body.get("by")
    sent: dict[str, Any] = {}

    def answer(appended: ledger.Appended) -> None:
        text = json.dumps(_schema(schema).dump(render(appended)))
        sent.update(text=text, headers={"ETag": _etag(appended.state)})

    def store_answer(appended: ledger.Appended) -> None:
        if key is not None:
            first = appended.events[0].seq if appended.events else None
            idempotency.complete(
                match_id, key, idempotency.StoredResponse(status, sent["text"], sent["headers"]),
                match_id, first,
            )

    try:
        ledger.append(match_id, decide, actor=actor, expected_version=expected,
                      within=store_answer, prepare=answer)
    except Exception as error:
        if key is not None:
            idempotency.release(match_id, key)
        raise _problem(match_id, error) from None
    return _json_response(sent["text"], status, sent["headers"])


def _problem(match_id: str, error: Exception) -> Exception:
    """The problem+json error for what a write raised (anything unknown is re-raised)."""
    if isinstance(error, ProblemError):
        return error
    if isinstance(error, ledger.MatchNotFound):
        return ProblemError(404, f"There is no match {match_id!r}.")
    if isinstance(error, ledger.VersionMismatch):
        return ProblemError(
            412,
            "The match has changed since you read it: here is its current state.",
            title="Precondition Failed",
            problem_type="stale-version",
            extra={"match": state_dict(match_id, error.current)},
            headers={"ETag": _etag(error.current)},
        )
    if isinstance(error, MatchError):
        return ProblemError(
            422, str(error), title="Refused", problem_type="refused",
            violations=error.violations,
        )
    if isinstance(error, RecordError):
        return ProblemError(
            422, "Not recorded: " + str(error), title="Rule violation",
            problem_type="rule-violation", violations=error.violations,
        )
    return error


def _principal() -> str:
    """Who makes this request's entry: "seat:Ann" or "write token" (from the credential)."""
    grant: tokens.Grant = g.grant
    return grant.principal


def _read(match_id: str) -> MatchState:
    _authorize(match_id, "read")
    try:
        return ledger.load_state(match_id)
    except ledger.MatchNotFound:
        raise ProblemError(404, f"There is no match {match_id!r}.") from None


# -------------------------------------------------------------------------------- routes


@blp.route("", methods=["POST"])
@blp.arguments(s.CreateMatchSchema())
@blp.response(201, s.CreatedMatchSchema)
@problems(blp, 409, 422)
def create_match(body: dict[str, Any]) -> Any:
    """Create a match of Pitch or Piquet with its players and options.

    The answer holds the match's ``tokens``: ``write`` (to record) and ``read`` (a read-only
    share token). Keep them: only their hashes are stored. A retry with the same
    Idempotency-Key gets the same answer, tokens included (kept sealed under that key).
    """
    game = GAMES[body["game"]]
    try:
        first = commands.create(game, body["players"], body.get("options") or {})
    except (MatchError, RecordError) as refused:
        raise _problem("", refused) from None
    key = _idempotency_key()
    # The create's key is kept only as its hash: it is the secret that seals the tokens.
    stored_key = hashlib.sha256(key.encode()).hexdigest() if key is not None else None
    stored = _claim("create", stored_key)
    if stored is not None and key is not None:  # the same create again: the same answer
        replay = json.loads(stored.body)
        replay["tokens"] = tokens.unseal(replay["tokens"]["sealed"], key)
        return _json_response(json.dumps(replay), stored.status,
                              {**stored.headers, "Idempotent-Replayed": "true"})
    sent: dict[str, Any] = {}

    def respond(match_id: str, appended: ledger.Appended) -> None:
        made = tokens.issue(match_id)
        body_out = _schema(s.CreatedMatchSchema).dump(
            {**state_dict(match_id, appended.state), "tokens": made}
        )
        headers = {
            "ETag": _etag(appended.state),
            "Location": url_for("matches.read_match", match_id=match_id),
        }
        sent.update(text=json.dumps(body_out), headers=headers)
        if key is not None and stored_key is not None:
            kept = json.dumps({**body_out, "tokens": {"sealed": tokens.seal(made, key)}})
            idempotency.complete(
                "create", stored_key, idempotency.StoredResponse(201, kept, headers),
                match_id, 1,
            )

    try:
        ledger.create_match(game.name, first, body.get("by"), within=respond)
    except Exception:
        if stored_key is not None:
            idempotency.release("create", stored_key)
        raise
    return _json_response(sent["text"], 201, sent["headers"])


@blp.route("/<string:match_id>/tokens", methods=["POST"])
@blp.arguments(s.RotateSchema())
@blp.response(200, s.TokensSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422)
def rotate_tokens(body: dict[str, Any], match_id: str) -> Any:
    """Rotate the match's tokens (write token needed): ``which`` "write", "read" or "both".

    The old tokens of that kind stop working at once; the new ones are shown this once.
    """
    _authorize(match_id, "write")
    kinds = tokens.KINDS if body["which"] == "both" else (body["which"],)
    with write_transaction():
        made = tokens.rotate(match_id, kinds)
    return {"tokens": made}


@blp.route("/<string:match_id>", methods=["GET"])
@blp.response(200, s.MatchSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
def read_match(match_id: str) -> Any:
    """The match: players, standings, whose turn it is and what is legal now, the result.

    Its ``ETag`` is the match's version: send it back as ``If-Match`` when writing.
    """
    state = _read(match_id)
    return state_dict(match_id, state), 200, {"ETag": _etag(state)}


@blp.route("/<string:match_id>/events", methods=["POST"])
@blp.arguments(s.StepSchema())
@blp.arguments(s.DryRunArgsSchema(), location="query")
@blp.response(201, s.StepResultSchema)
@blp.alt_response(200, schema=s.DryRunSchema, description="?dry_run=true: what would happen")
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422, 428)
def record_step(body: dict[str, Any], args: dict[str, Any], match_id: str) -> Any:
    """Record one step of the deal in play (a bid, an exchange, a declaration, a card),
    checked at once; the deal is scored when its last card is played.

    ``"anyway": true`` records a step the rules refuse but that really happened (a revoke, a
    card or bid out of turn, a card not held): an ``irregularity`` event says what, and the
    match's ``irregularities`` option its penalty (taken back, the bid set back, void, or
    scored as played). ``?dry_run=true`` answers what would happen (violations, penalty,
    consequence) and stores nothing.

    Needs ``If-Match`` (or ``expected_version``): a stale version is refused with 412.
    """
    kind = body.pop("type")
    anyway = bool(body.pop("anyway", False))

    def decide(state: MatchState, anyway: bool = anyway) -> Sequence[Any]:
        step = {k: v for k, v in body.items() if k not in ("by", "expected_version")}
        return commands.step(state, GAMES[state.game], kind, step, body.get("by"),
                             entered_by=_principal(), anyway=anyway)

    if args.get("dry_run"):
        _authorize(match_id, "record")
        answer = _schema(s.DryRunSchema).dump(_dry_run(match_id, decide, anyway))
        return _json_response(json.dumps(answer), 200, {})

    def render(appended: ledger.Appended) -> dict[str, Any]:
        scored = [e.payload for e in appended.events if e.kind == "deal_scored"]
        return {
            "events": [_event_dict(e) for e in appended.events],
            "scored": scored[0] if scored else None,
            "match": state_dict(match_id, appended.state),
        }

    return _write(match_id, body, decide, render, s.StepResultSchema, 201,
                  version_required=True, needed="record")


def _dry_run(
    match_id: str, decide: Callable[..., Sequence[Any]], anyway: bool
) -> dict[str, Any]:
    """What a step would do on the match as it is now, stored nowhere: would it be recorded,
    what the rules say of it, and — refused — what recording it anyway would do."""
    try:
        state = ledger.load_state(match_id)
    except ledger.MatchNotFound:
        raise ProblemError(404, f"There is no match {match_id!r}.") from None
    answer: dict[str, Any] = {"dry_run": True, "version": state.version, "would_record": True,
                              "violations": [], "irregularity": None, "penalty": None,
                              "consequence": None, "events": [], "scored": None}
    try:
        events = list(decide(state, anyway))
    except (MatchError, RecordError) as refused:
        answer.update(would_record=False, violations=[v.as_dict() for v in refused.violations])
        if anyway:
            return answer
        try:
            events = list(decide(state, True))
        except (MatchError, RecordError):
            return answer  # refused even anyway (e.g. a finished match)
        answer["anyway"] = True
    for kind, payload in events:
        if kind == "irregularity":
            answer.update(irregularity=payload["irregularity"], penalty=payload["penalty"],
                          consequence=payload["consequence"])
            answer["violations"] = answer["violations"] or payload["violations"]
        if kind == "deal_scored":
            answer["scored"] = payload
    answer["events"] = [{"kind": k, "payload": p} for k, p in events]
    return answer


def _deal_result(match_id: str, appended: ledger.Appended) -> dict[str, Any]:
    scored = appended.events[-1].payload
    entry = appended.state.deal(scored["deal"])
    return {
        "deal": scored["deal"],
        "scores": scored["scores"],
        "ruling": scored["ruling"],
        "level": entry.level if entry is not None else "cards",
        "agreement": entry.agreement if entry is not None else "provisional",
        "entered_by": entry.entered_by if entry is not None else None,
        "changes": entry.changes if entry is not None else None,
        "claims": list(entry.claims) if entry is not None else [],
        "match": state_dict(match_id, appended.state),
    }


def _entry(body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The level and record of a deal entry: ``{"sheet": …}``, ``{"totals": …}`` or a cards
    record."""
    for level in ("sheet", "totals"):
        if level in body:
            return level, body[level]
    return "cards", {k: v for k, v in body.items() if k not in ("by", "expected_version")}


@blp.route("/<string:match_id>/deals", methods=["POST"])
@blp.arguments(s.RecordDealSchema())
@blp.response(201, s.DealResultSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422)
def record_deal(body: dict[str, Any], match_id: str) -> Any:
    """Record a whole deal at once, at one of three entry levels: its cards (the deal records
    of design.md), the line of the score sheet (``{"sheet": …}``) or just its points
    (``{"totals": …}``); stored only if legal (an impossible line is refused). The ruling says
    what it verified, computed and took "as reported"; the deal is ``provisional`` until the
    other side confirms it. A seat's token may record."""
    level, record = _entry(body)

    def decide(state: MatchState) -> Sequence[Any]:
        return commands.record_deal(state, GAMES[state.game], record, level=level,
                                    entered_by=_principal())

    return _write(match_id, body, decide, lambda a: _deal_result(match_id, a),
                  s.DealResultSchema, 201, needed="record")


@blp.route("/<string:match_id>/deals/<int:deal>/cards", methods=["POST"])
@blp.arguments(s.CardsRecordSchema())
@blp.response(201, s.DealResultSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422)
def record_cards(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Enter the cards of a deal entered as a score sheet or totals, or of a disputed deal:
    the cards' ruling supersedes (the ledger keeps the earlier entry) and the deal is
    ``ruled``. The answer says what changed (``changes``: the earlier entry against the
    ruling) and puts each side's claim beside it (``claims``, each with ``parts_at``: the
    first point where it parts from the ruling, in counting order)."""
    record = {k: v for k, v in body.items() if k not in ("by", "expected_version")}

    def decide(state: MatchState) -> Sequence[Any]:
        return commands.record_cards(state, GAMES[state.game], deal, record, _principal())

    return _write(match_id, body, decide, lambda a: _deal_result(match_id, a),
                  s.DealResultSchema, 201, needed="record")


@blp.route("/<string:match_id>/deals/<int:deal>/confirm", methods=["POST"])
@blp.arguments(s.CorrectionSchema())
@blp.response(200, s.DealAgreementSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422)
def confirm_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """The other side accepts a provisional deal: it is ``confirmed``. A seat cannot confirm
    its own side's entry; the shared write token confirms only while no seat has joined; a
    read token cannot."""
    return _write(
        match_id, body,
        lambda state: commands.confirm(state, deal, _principal()),
        lambda a: _agreement(match_id, a, deal), s.DealAgreementSchema, needed="record",
    )


@blp.route("/<string:match_id>/deals/<int:deal>/dispute", methods=["POST"])
@blp.arguments(s.DisputeSchema())
@blp.response(200, s.DealAgreementSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422)
def dispute_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """The other side disputes a deal with a reason and optionally its own claim
    (``{"sheet": …}`` or ``{"totals": …}``): the deal is ``disputed`` and the settlement
    withheld until its cards are entered (``POST …/deals/{n}/cards``) and rule it."""
    return _write(
        match_id, body,
        lambda state: commands.dispute(state, GAMES[state.game], deal, body["reason"],
                                       body.get("claim"), _principal()),
        lambda a: _agreement(match_id, a, deal), s.DealAgreementSchema, needed="record",
    )


def _agreement(match_id: str, appended: ledger.Appended, number: int) -> dict[str, Any]:
    entry = appended.state.deal(number)
    assert entry is not None
    return {
        "deal": number,
        "agreement": entry.agreement,
        "agreed_by": entry.agreed_by,
        "entered_by": entry.entered_by,
        "claims": list(entry.claims),
        "match": state_dict(match_id, appended.state),
    }


@blp.route("/<string:match_id>/seats", methods=["POST"])
@blp.arguments(s.SeatsRequestSchema())
@blp.response(201, s.SeatsSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422)
def issue_seats(body: dict[str, Any], match_id: str) -> Any:
    """One seat credential per player (write token needed), or for the ``players`` named:
    a new one replaces that player's old one. A seat's token reads, records, confirms and
    disputes; its join link is ``/table/#match=<id>&token=<seat token>``. Shown this once
    (only hashes are stored). From then on deals wait for the other side's confirmation
    (``auto_confirm`` "auto")."""
    _authorize(match_id, "write")
    expected = _expected_version(body, required=False)
    players = body.get("players")
    made: list[dict[str, str]] = []

    def decide(state: MatchState) -> Sequence[Any]:
        return commands.issue_seats(state, players if players is not None else state.players)

    def within(appended: ledger.Appended) -> None:
        names = appended.events[0].payload["players"]
        made[:] = tokens.issue_seats(match_id, list(names))

    try:
        appended = ledger.append(match_id, decide, actor=body.get("by"),
                                 expected_version=expected, within=within)
    except Exception as error:
        raise _problem(match_id, error) from None
    link = "/table/#match={}&token={}"
    return (
        {"seats": [{**m, "link": link.format(match_id, m["token"])} for m in made],
         "match": state_dict(match_id, appended.state)},
        201,
        {"ETag": _etag(appended.state)},
    )


@blp.route("/<string:match_id>/undo", methods=["POST"])
@blp.arguments(s.CorrectionSchema())
@blp.response(200, s.MatchSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422)
def undo(body: dict[str, Any], match_id: str) -> Any:
    """Take back the last entry (a step, a whole deal, a void or an amendment)."""
    return _write(
        match_id, body,
        lambda state: commands.undo(state, body.get("reason"), body.get("by")),
        lambda a: state_dict(match_id, a.state), s.MatchSchema, needed="record",
    )


@blp.route("/<string:match_id>/deals/<int:deal>/void", methods=["POST"])
@blp.arguments(s.VoidSchema())
@blp.response(200, s.MatchSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422)
def void_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Void a recorded deal with a reason: it stays in the ledger, it no longer counts."""
    return _write(
        match_id, body,
        lambda state: commands.void_deal(state, deal, body["reason"], body.get("by"),
                                         game=GAMES[state.game]),
        lambda a: state_dict(match_id, a.state), s.MatchSchema,
    )


@blp.route("/<string:match_id>/deals/<int:deal>/amend", methods=["POST"])
@blp.arguments(s.AmendSchema())
@blp.response(200, s.DealResultSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422)
def amend_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Replace a recorded deal by a corrected record, with a reason; ruled again."""
    return _write(
        match_id, body,
        lambda state: commands.amend_deal(
            state, GAMES[state.game], deal, body["record"], body["reason"], body.get("by"),
            entered_by=_principal(),
        ),
        lambda a: _deal_result(match_id, a), s.DealResultSchema,
    )


@blp.route("/<string:match_id>/ledger", methods=["GET"])
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
@blp.arguments(s.PageArgsSchema(), location="query")
@blp.response(200, s.LedgerPageSchema)
@blp.alt_response(200, content_type="text/csv", description="The ledger as CSV")
def read_ledger(args: dict[str, Any], match_id: str) -> Any:
    """Every deal with its ruling and the running totals, cursor-paginated (``next_cursor``);
    ``Accept: text/csv`` gives the whole ledger as CSV."""
    state = _read(match_id)
    items = ledger_items(state)
    if request.accept_mimetypes.best_match(["application/json", "text/csv"]) == "text/csv":
        return _csv_response(state, items)
    return _page(items, args, key="deal"), 200, {"ETag": _etag(state)}


@blp.route("/<string:match_id>/ledger.csv", methods=["GET"])
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
@blp.response(200, content_type="text/csv", description="The ledger as CSV")
def read_ledger_csv(match_id: str) -> Any:
    """The whole ledger as CSV: one row per deal, its scores and the running totals."""
    state = _read(match_id)
    return _csv_response(state, ledger_items(state))  # with the match's ETag


@blp.route("/<string:match_id>/log", methods=["GET"])
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
@blp.arguments(s.PageArgsSchema(), location="query")
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
            "payload": json.loads(r.payload),
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
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
def verify(match_id: str) -> Any:
    """Check the match's hash chain: ``intact``, or the first event where it breaks."""
    _authorize(match_id, "read")
    try:
        broken = ledger.verify_chain(match_id)
        events, head = ledger.chain_head(match_id)
    except ledger.MatchNotFound:
        raise ProblemError(404, f"There is no match {match_id!r}.") from None
    return {"intact": broken is None, "broken_at": broken, "events": events, "head": head}


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


def _cell(value: Any) -> Any:
    """A CSV cell that a spreadsheet will not run as a formula (a name such as '=1+1')."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _csv_response(state: MatchState, items: list[dict[str, Any]]) -> Response:
    names = list(state.standings)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["deal", "dealer", "status", "amended"]
        + [_cell(f"{n} points") for n in names]
        + [_cell(f"{n} total") for n in names]
        + ["level", "agreement"]
    )
    for item in items:
        writer.writerow(
            [item["deal"], _cell(item["dealer"]), item["status"], item["amended"]]
            + [item["scores"].get(n, 0) for n in names]
            + [item["totals"].get(n, 0) for n in names]
            + [item["level"], item["agreement"]]
        )
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": "attachment; filename=ledger.csv",
                             "ETag": _etag(state)})


