"""Stored matches: create, read, record deals whole or step by step, correct, the ledger.

Handlers are thin: parse (marshmallow) → the pure command (:mod:`referee.match.commands`)
inside one transaction (:func:`_write`: the Idempotency-Key's claim, the If-Match check, the
decision, the events and the stored answer commit together) → serialize.
"""

from __future__ import annotations

import csv
import datetime
import functools
import hashlib
import io
import json
import re
from collections.abc import Callable, Sequence
from typing import Any

import marshmallow as ma
from flask import Response, current_app, g, request, url_for

from referee.api import limits
from referee.api import problems as registry
from referee.api.credential_schemas import (
    CreatedMatchSchema,
    RecoverSchema,
    RotateSchema,
    SeatsRequestSchema,
    SeatsSchema,
    TokensSchema,
)
from referee.api.errors import ProblemError, input_errors, problems
from referee.api.fields import Blueprint
from referee.api.ledger_schemas import (
    HEAD_PATTERN,
    EventPageSchema,
    LedgerPageSchema,
    PageArgsSchema,
    VerifyArgsSchema,
    VerifySchema,
)
from referee.api.match_schemas import CardsRecordSchema, CreateMatchSchema, RecordDealSchema
from referee.api.problems import (
    BAD_REQUEST,
    CREDENTIALS_NOT_REPLAYED,
    IDEMPOTENCY_KEY_REUSED,
    NOT_FOUND,
    PRECONDITION_FAILED,
    PRECONDITION_REQUIRED,
    REFUSED,
    RULE_VIOLATION,
    STALE_VERSION,
    UNAUTHORIZED,
)
from referee.api.view_schemas import JoinedSchema, MatchSchema, ViewerSchema
from referee.api.write_schemas import (
    AmendSchema,
    CorrectionSchema,
    DealAgreementSchema,
    DealResultSchema,
    DisputeSchema,
    DryRunArgsSchema,
    DryRunSchema,
    StepResultSchema,
    StepSchema,
    VoidSchema,
)
from referee.match import commands
from referee.match.events import canonical_json
from referee.match.games import GAMES
from referee.match.state import Clash, MatchError, MatchState
from referee.store import idempotency, keys, ledger, tokens
from referee.violations import InputError, RecordError

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
    dealer = state.next_dealer
    body: dict[str, Any] = {
        "id": match_id,
        "game": state.game,
        "players": players,
        "options": state.options,
        "rules_version": state.rules_version,
        "version": state.version,
        "deal_number": state.deal_number,
        "deal_in_progress": state.current is not None,
        "dealer": {"player": players[dealer], "seat": dealer},
        "standings": [
            {"name": n, "score": p, "agreed": state.agreed.get(n, 0)}
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
        "current_irregularities": _irregularities(state),
        "provisional": list(state.provisional),
        "disputed": list(state.disputed),
        "settlement_withheld": state.withheld,
        "provisional_result": _provisional_result(match_id, state),
        "seats": list(state.seats),
        "joined": list(state.joined),
        "auto_confirm": state.options.get("auto_confirm", "auto"),
        "auto_confirm_on": state.auto_confirm,
        "reentry": _reentry(state),
        "head": _head(state),
        "next_deal": state.next_deal,
        # Piquet's elder and younger hand of the deal (Q1): the roles the game names
        **{role: name for role, name in state.roles.items() if role != "dealer"},
    }
    return body


def _provisional_result(match_id: str, state: MatchState) -> dict[str, Any] | None:
    """:func:`commands.provisional_result`, each deal with the path that confirms it."""
    result = commands.provisional_result(state)
    if result is None:
        return None
    return {**result, "confirm": [
        {**way, "path": f"/v1/matches/{match_id}/deals/{way['deal']}/confirm"}
        for way in result["confirm"]]}


def _irregularities(state: MatchState) -> list[dict[str, Any]]:
    """The steps of the deal in progress recorded anyway (P10, Q12), oldest first: what
    (``irregularity``), its ``penalty``, the ``consequence`` in a sentence, the rules'
    ``violations`` and the ``step`` as sent (a card taken back is in no record: the page shows
    it from here)."""
    if state.current is None:
        return []
    keys = ("irregularity", "penalty", "consequence", "violations", "step")
    return [{k: note.get(k) for k in keys} for note in state.current.irregular]


def _reentry(state: MatchState) -> dict[str, Any] | None:
    """The deal in progress when it is the cards of an earlier deal entered step by step
    (docs/records.md): which deal, how it stands in the ledger until its last card rules it, and
    how many undos take the entry back (see :class:`match_schemas.ReentrySchema`)."""
    current = state.current
    if current is None or not current.reentry:
        return None
    entry = state.deal(current.number)
    return {
        "deal": current.number,
        "level": entry.level if entry is not None else None,
        "agreement": entry.agreement if entry is not None else None,
        "undo_steps": state.current_undos,
    }


def _head(state: MatchState) -> dict[str, Any]:
    """The ledger's last event (seq = version, its keyed link): keep it, /verify?head= tells
    a ledger cut short or rewritten since."""
    return {"seq": state.version, "hash": state.head}


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


@blp.after_request
def _not_modified(response: Response) -> Response:
    """A read sent with ``If-None-Match`` of the current ETag → 304 with no body: a polling
    phone downloads the match (or the ledger) only when it changed."""
    if request.method in ("GET", "HEAD") and response.status_code == 200 and (
        response.headers.get("ETag") and request.if_none_match
    ):
        response.make_conditional(request)
    return response


#: The routes whose answers carry credentials (tokens, seat tokens, a recovery code).
CREDENTIAL_ROUTES = frozenset({"matches.create_match", "matches.issue_seats",
                               "matches.rotate_tokens", "matches.recover_tokens"})


@blp.after_request
def _no_store(response: Response) -> Response:
    """An answer that carries credentials (its replays too) is kept by no cache, shared or
    the browser's: ``Cache-Control: no-store``."""
    if request.endpoint in CREDENTIAL_ROUTES:
        response.headers["Cache-Control"] = "no-store"
    return response


# ------------------------------------------------------------- access, versions, writes

#: Security requirement documented on every match route (the match's bearer token).
BEARER: list[dict[str, list[str]]] = [{"bearerAuth": []}]
#: The body of a ``text/csv`` answer, as the OpenAPI document describes it.
CSV_SCHEMA: dict[str, str] = {
    "type": "string",
    "description": "CSV (RFC 4180): a header row, then one row per deal with its points and "
                   "the running totals; every cell quoted.",
}


def _token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def _authorize(match_id: str, needed: str, revoked_ok: bool = False) -> tokens.Grant:
    """401 without a live token, 403 with another match's token (or one that does not grant
    ``needed``: "read", "record" or "write", see :data:`referee.store.tokens.Needed`). The
    grant is kept for the request (:func:`_principal`). ``revoked_ok``: see
    :func:`referee.store.tokens.authenticate`."""
    try:
        grant = tokens.authenticate(match_id, _token(), needed, revoked_ok)
        g.grant = grant
        return grant
    except tokens.TokenRefused as refused:
        headers = {"WWW-Authenticate": 'Bearer realm="referee"'} if refused.status == 401 else {}
        raise ProblemError(refused.status, str(refused), headers=headers) from None


def _expected_version(body: dict[str, Any], required: bool, any_ok: bool = False) -> int | None:
    """The version the client last read: ``If-Match: "v12"`` or ``expected_version`` in the
    body. ``required``: 428 when neither is given. ``any_ok``: ``If-Match: *`` (any version)
    is accepted, for writes that cannot record anything twice (token rotation); elsewhere it
    is 428 too."""
    header = request.headers.get("If-Match")
    if header and header.strip() == "*":
        if any_ok or not required:
            return None  # RFC 9110: any current version
        raise ProblemError(
            PRECONDITION_REQUIRED,
            "If-Match: * could record this twice (two phones sending the same entry): send the "
            "ETag of the match as you last read it, e.g. \"v12\".",
        )
    if header:
        value = header.strip().removeprefix("W/").strip('"')
        if value.startswith("v") and value[1:].isdigit():
            return int(value[1:])
        raise ProblemError(
            PRECONDITION_FAILED, "If-Match must be the ETag of the match as last read, e.g. "
            "\"v12\".",
        )
    expected = body.pop("expected_version", None)
    if expected is None and required:
        raise ProblemError(
            PRECONDITION_REQUIRED,
            "Say which version of the match you are adding to: send If-Match with its ETag "
            "(or expected_version in the body), so two phones cannot overwrite each other.",
        )
    return int(expected) if expected is not None else None


def _fingerprint(who: str = "") -> str:
    """sha256 of the request (method, path, canonical body; ``who`` when the answer belongs
    to one credential, e.g. the hash of the token that rotated)."""
    raw = request.get_data(cache=True)
    try:
        canonical = canonical_json(json.loads(raw)) if raw else ""
    except ValueError:
        canonical = raw.decode("utf-8", "replace")
    text = f"{request.method} {request.path}\n{canonical}\n{who}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    key = key.strip().strip('"')
    if not 1 <= len(key) <= 255:
        raise ProblemError(BAD_REQUEST, "Idempotency-Key must be 1 to 255 characters.")
    return key


def _claim(scope: str, key: str | None, fingerprint: str | None
           ) -> idempotency.StoredResponse | None:
    """Claim the key inside the write's transaction (a concurrent duplicate waits for the
    first request's transaction, then gets its stored answer)."""
    if key is None or fingerprint is None:
        return None
    try:
        return idempotency.claim(scope, key, fingerprint)
    except idempotency.KeyReused:
        raise ProblemError(
            IDEMPOTENCY_KEY_REUSED,
            "This Idempotency-Key was already used for a different request.",
        ) from None


@functools.cache
def _schema(schema: type[ma.Schema]) -> ma.Schema:
    """One instance per response schema (building one deep-copies all its fields)."""
    return schema()


def _json_response(text: str, status: int, headers: dict[str, str]) -> Response:
    return Response(text, status=status, mimetype="application/json", headers=headers)


def _replay(stored: idempotency.StoredResponse, body: str | None = None) -> Response:
    headers = {**stored.headers, "Idempotent-Replayed": "true"}
    return _json_response(stored.body if body is None else body, stored.status, headers)


def _write(
    match_id: str,
    body: dict[str, Any],
    decide: Callable[[MatchState], Sequence[Any]],
    render: Callable[[ledger.Appended], dict[str, Any]],
    schema: type[ma.Schema],
    status: int = 200,
    version_required: bool = True,
    needed: str = "write",
    any_version: bool = False,
) -> Response:
    """One write to a match, THE way a route records: authorize (``needed``: "write", or
    "record" for what a seat's token may do too), then in ONE transaction
    (:func:`referee.store.ledger.append`) claim the Idempotency-Key (a retry, or a duplicate
    that waited for the first, gets the stored answer), check If-Match against the match's
    current version (412), append the events decided and store the answer for the key. A
    refusal or a crash rolls all of it back.

    ``decide(state)`` returns the events to append (pure; it raises MatchError/RecordError
    to refuse); ``render(appended)`` the answer's body, dumped with ``schema``.
    ``any_version``: ``If-Match: *`` is accepted (a write that cannot record anything twice).
    """
    grant = _authorize(match_id, needed)
    # The actor is the credential that wrote; a name sent (``by``) is a note in the payload
    # (corrections always name someone: the name sent, else the credential).
    sent_by = body.get("by")
    body.setdefault("by", grant.label)
    expected = _expected_version(body, version_required, any_version)
    key = _idempotency_key()
    fingerprint = _fingerprint() if key is not None else None
    sent: dict[str, Any] = {}

    def claim() -> None:
        stored = _claim(match_id, key, fingerprint)
        if stored is not None:
            raise _Answered(stored)

    def answer(appended: ledger.Appended) -> None:
        sent["text"] = json.dumps(_schema(schema).dump(render(appended)))
        sent["headers"] = {"ETag": _etag(appended.state)}

    def store_answer(appended: ledger.Appended) -> None:
        if key is not None:
            first = appended.events[0].seq if appended.events else None
            idempotency.complete(
                match_id, key, idempotency.StoredResponse(status, sent["text"], sent["headers"]),
                match_id, first,
            )

    try:
        ledger.append(match_id, lambda state: _noted(decide(state), sent_by),
                      actor=grant.label, expected_version=expected,
                      first=claim, prepare=answer, within=store_answer)
    except _Answered as answered:
        return _replay(answered.stored)
    except Exception as error:
        problem = _problem(match_id, error)
        if problem is error:
            raise  # not a domain error: keeps its cause (a database fault's is logged)
        raise problem from None
    return _json_response(sent["text"], status, sent["headers"])


def _noted(events: Sequence[Any], by: str | None) -> Sequence[Any]:
    """The events a write decided, the name its sender gave (``by``: a note, not who wrote;
    the event's actor is the credential) in the first one's payload unless it has its own
    ``by`` (corrections)."""
    if by is None or not events or "by" in events[0][1]:
        return events
    kind, payload = events[0]
    noted = events if isinstance(events, list) else list(events)
    noted[0] = (kind, {**payload, "by": by})
    return noted


class _Answered(Exception):
    """The Idempotency-Key already has its answer (a retry): send it, store nothing."""

    def __init__(self, stored: idempotency.StoredResponse) -> None:
        self.stored = stored


def _problem(match_id: str, error: Exception) -> Exception:
    """The problem+json error for what a write raised (anything unknown is re-raised)."""
    if isinstance(error, ProblemError):
        return error
    if isinstance(error, ledger.MatchNotFound):
        return ProblemError(NOT_FOUND, f"There is no match {match_id!r}.")
    if isinstance(error, ledger.VersionMismatch):
        return ProblemError(
            STALE_VERSION,
            "The match has changed since you read it: here is its current state.",
            extra={"match": state_dict(match_id, error.current)},
            headers={"ETag": _etag(error.current)},
        )
    if isinstance(error, Clash):
        return clash_problem(match_id, error)
    if isinstance(error, MatchError):
        return ProblemError(REFUSED, str(error), violations=error.violations)
    if isinstance(error, InputError):  # a slip of the pen: 400, never an irregularity
        return ProblemError(BAD_REQUEST, "The request cannot be read: " + str(error),
                            extra={"errors": input_errors(error)})
    if isinstance(error, RecordError):
        return ProblemError(RULE_VIOLATION, "Not recorded: " + str(error),
                            violations=error.violations)
    return error


def clash_problem(match_id: str, clash: Clash) -> ProblemError:
    """409 for a :class:`Clash`: what the match layer found (the existing entry or step, the
    next deal or place), the match as it stands and its ETag (to send again with)."""
    return ProblemError(
        registry.lookup(clash.problem), str(clash), violations=clash.violations,
        extra={**clash.details, "match": state_dict(match_id, clash.state)},
        headers={"ETag": _etag(clash.state)},
    )


def _principal() -> str:
    """Who makes this request's entry: "seat:Ann" or "write token" (from the credential)."""
    grant: tokens.Grant = g.grant
    return grant.principal


def _read(match_id: str, whole: bool = False) -> MatchState:
    """The match for a read (``whole``: every stored link checked now, for what serves the
    whole ledger). :raises LedgerTampered: it does not verify (a problem+json answer)."""
    _authorize(match_id, "read")
    try:
        return ledger.load_state(match_id, whole)
    except ledger.MatchNotFound:
        raise ProblemError(NOT_FOUND, f"There is no match {match_id!r}.") from None


# -------------------------------------------------------------------------------- routes


@blp.route("", methods=["POST"])
@blp.arguments(CreateMatchSchema())
@blp.response(201, CreatedMatchSchema)
@problems(blp, 410, 422, 429)
def create_match(body: dict[str, Any]) -> Any:
    """Create a match of Pitch or Piquet with its players and options.

    The answer holds the match's ``tokens``: ``write`` (to record) and ``read`` (a read-only
    share token), and its ``recovery_code``, which mints new tokens if every token is lost
    (``POST /v1/matches/{id}/tokens:recover``). Keep them: only their hashes are stored. A
    retry with the same Idempotency-Key gets the same answer, tokens included (made from
    that key and the server's key, so they are computed again, never stored) — but only
    within the retry window (``REFEREE_CREDENTIAL_RETRY_SECONDS``, 10 minutes) and while the
    match is as the create left it (nothing recorded, no seat made, no token rotated); after
    that the retry is ``410`` (problem type ``credentials-not-replayed``): the recovery code
    gets back in.

    Each client address may create ``REFEREE_CREATE_QUOTA`` matches (120) in any
    ``REFEREE_CREATE_QUOTA_SECONDS`` (an hour); past that the create is ``429`` (problem type
    ``create-quota-exceeded``) with ``Retry-After``. A match that records no deal expires
    ``REFEREE_MATCH_EXPIRY_SECONDS`` (2 days) after its creation: every route of it then
    answers ``410`` (``match-expired``).
    """
    game = GAMES[body["game"]]
    try:
        first = commands.create(game, body["players"], body.get("options") or {})
    except (MatchError, RecordError) as refused:
        raise _problem("", refused) from None
    key = _idempotency_key()
    fingerprint = _fingerprint() if key is not None else None
    kinds = (*tokens.KINDS, tokens.RECOVERY)

    def work() -> Response:
        stored = _claim("create", key, fingerprint)
        if stored is not None and key is not None:  # the same create again: the same answer
            replay = json.loads(stored.body)
            seed = tokens.Seed(key, replay.pop("tokens_from"))
            made = {k: tokens.derive(replay["id"], k, seed, "create") for k in kinds}
            _credentials_again(stored, replay["id"], list(made.values()), _RECOVER_HOW)
            replay["recovery_code"] = made.pop(tokens.RECOVERY)
            replay["tokens"] = made
            return _replay(stored, json.dumps(replay))
        limits.take_create_quota()  # 429 past the client's quota; a retry above is free
        answer: dict[str, Any] = {}

        def respond(match_id: str, appended: ledger.Appended) -> None:
            seed = tokens.Seed(key, keys.keyring().current_id) if key is not None else None
            made = tokens.issue(match_id, kinds, seed, "create")
            recovery = made.pop(tokens.RECOVERY)
            body_out = _schema(CreatedMatchSchema).dump(
                {**state_dict(match_id, appended.state), "tokens": made,
                 "recovery_code": recovery}
            )
            headers = {
                "ETag": _etag(appended.state),
                "Location": url_for("matches.read_match", match_id=match_id),
            }
            answer.update(text=json.dumps(body_out), headers=headers)
            if key is not None and seed is not None:
                kept = {**body_out, "tokens": None, "recovery_code": None,
                        "tokens_from": seed.kid}
                idempotency.complete("create", key, idempotency.StoredResponse(
                    201, json.dumps(kept), headers), match_id, 1)

        # no credential exists before the create: its actor is none, a name sent a note
        ledger.create_match(game.name, _noted(first, body.get("by")), None, within=respond)
        return _json_response(answer["text"], 201, answer["headers"])

    return ledger.transact(work)


#: What a refused retry of a create, a rotation or a recovery says to do instead.
_RECOVER_HOW = ("With the match's recovery code, POST /v1/matches/{id}/tokens:recover "
                "makes new tokens.")


def _retry_window() -> datetime.timedelta:
    """How long a retry of a write that hands out credentials gets them again
    (``REFEREE_CREDENTIAL_RETRY_SECONDS``, default 600)."""
    return datetime.timedelta(seconds=float(current_app.config["CREDENTIAL_RETRY_SECONDS"]))


def _credentials_again(
    stored: idempotency.StoredResponse, match_id: str, made: Sequence[str], how: str
) -> None:
    """Let a retry of a write that handed out credentials (``made``: the tokens, seat tokens
    or recovery code it made, computed again from its Idempotency-Key) have them again only
    while nobody else may be holding the match with them: within the retry window, with the
    match still at the version its answer left it (nothing recorded, no seat made or joined
    since) and every one of them still live (none rotated away or replaced). An
    Idempotency-Key is no secret (proxies and logs keep it): a later retry would hand the
    match to whoever sends it.

    :raises ProblemError: 410, problem type ``credentials-not-replayed``, saying why and
        ``how`` to get back in (``{id}``: the match's id), with the ``match_id``.
    """
    window = _retry_window()
    etag = stored.headers.get("ETag")
    if stored.older_than(window):
        why = f"it was first answered more than {int(window.total_seconds() // 60)} minutes ago"
    elif etag is not None and etag != f'"v{ledger.chain_head(match_id)[0]}"':
        why = "the match has been written to since"
    elif not tokens.all_live(match_id, made):
        why = "they have been replaced since"
    else:
        return
    raise ProblemError(
        CREDENTIALS_NOT_REPLAYED,
        f"This request was answered already and its credentials are not handed out again: "
        f"{why}. " + how.format(id=match_id),
        extra={"match_id": match_id},
    )


def _token_write(
    match_id: str, kinds: tuple[tokens.Kind, ...], expected: int | None, purpose: str,
    who: str, revoked: bool = False,
) -> Response:
    """Rotate ``kinds`` ("write", "read", "recovery") in one transaction with the
    Idempotency-Key's claim: a retry (by the same credential ``who``) gets the same new
    tokens (made from its key) and revokes nothing more — within the retry window and while
    they are live and the match unchanged (see :func:`_credentials_again`). ``revoked``: the
    credential was rotated away, only a retry is answered.

    The answer: ``{"tokens": {kind: token}}`` for write and read, and ``recovery_code`` when
    a new one was made."""
    key = _idempotency_key()
    fingerprint = _fingerprint(who) if key is not None else None

    def shown(made: dict[str, str]) -> str:
        out: dict[str, Any] = {"tokens": {k: t for k, t in made.items()
                                          if k != tokens.RECOVERY}}
        if tokens.RECOVERY in made:
            out["recovery_code"] = made[tokens.RECOVERY]
        return json.dumps(out)

    def work() -> Response:
        stored = _claim(match_id, key, fingerprint)
        if stored is not None and key is not None:
            kept = json.loads(stored.body)
            again = tokens.Seed(key, kept["tokens_from"])
            made = {k: tokens.derive(match_id, k, again, purpose) for k in kept["kinds"]}
            _credentials_again(stored, match_id, list(made.values()), _RECOVER_HOW)
            return _replay(stored, shown(made))
        if revoked:
            raise ProblemError(UNAUTHORIZED, "This credential is not valid (wrong, or replaced).",
                               headers={"WWW-Authenticate": 'Bearer realm="referee"'})
        version = ledger.chain_head(match_id)[0]
        if expected is not None and version != expected:
            raise ledger.VersionMismatch(ledger.load_state(match_id))
        seed = tokens.Seed(key, keys.keyring().current_id) if key is not None else None
        made = tokens.rotate(match_id, kinds, seed, purpose)
        headers = {"ETag": f'"v{version}"'}
        if key is not None and seed is not None:
            record = json.dumps({"tokens_from": seed.kid, "kinds": list(kinds)})
            idempotency.complete(match_id, key, idempotency.StoredResponse(200, record,
                                                                           headers),
                                 match_id, None)
        return _json_response(shown(made), 200, headers)

    try:
        return ledger.transact(work)
    except Exception as error:
        problem = _problem(match_id, error)
        if problem is error:
            raise  # not a domain error: keeps its cause (a database fault's is logged)
        raise problem from None


@blp.route("/<string:match_id>/tokens", methods=["POST"])
@blp.arguments(RotateSchema())
@blp.response(200, TokensSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 410, 412, 422, 428)
def rotate_tokens(body: dict[str, Any], match_id: str) -> Any:
    """Rotate the match's tokens (write token needed): ``which`` "write", "read" or "both";
    or "recovery": a new recovery code (``recovery_code``), the old one stops working.

    The old tokens of that kind stop working at once; the new ones are shown this once.
    Needs ``If-Match`` (the match's ETag, or ``*``: a rotation records nothing in the
    ledger). With an Idempotency-Key a retry gets the same new tokens and revokes nothing
    more, so a lost answer cannot lock the table out — within the retry window
    (``REFEREE_CREDENTIAL_RETRY_SECONDS``, 10 minutes) and while the match is unchanged and
    the new tokens unrotated; after that a retry is ``410`` (``credentials-not-replayed``).
    """
    # A retry comes with the token its lost answer rotated away: let its key answer it.
    grant = _authorize(match_id, "write", revoked_ok=_idempotency_key() is not None)
    expected = _expected_version(body, required=True, any_ok=True)
    kinds = _ROTATED[body["which"]]
    return _token_write(match_id, kinds, expected, "rotate", grant.label, grant.revoked)


#: What each ``which`` of a rotation or a recovery replaces.
_ROTATED: dict[str, tuple[tokens.Kind, ...]] = {
    "write": ("write",), "read": ("read",), "both": tokens.KINDS,
    "recovery": (tokens.RECOVERY,),
}


@blp.route("/<string:match_id>/tokens:recover", methods=["POST"])
@blp.arguments(RecoverSchema())
@blp.response(200, TokensSchema)
@problems(blp, 401, 404, 410, 412, 422)
def recover_tokens(body: dict[str, Any], match_id: str) -> Any:
    """When every token is lost: the match's ``recovery_code`` (from its create, or the last
    recovery or rotation) rotates ``which`` tokens ("both" by default) and answers the new
    ones with a new ``recovery_code``: the one used stops working. No bearer token needed;
    If-Match optional. Idempotent under its Idempotency-Key, like a rotation (a retry sends
    the code it used, within the retry window).
    """
    try:
        replaced = tokens.check_recovery(match_id, body["recovery_code"],
                                         revoked_ok=_idempotency_key() is not None)
    except tokens.TokenRefused as refused:
        raise ProblemError(refused.status, str(refused)) from None
    expected = _expected_version(body, required=False)
    kinds = (*_ROTATED[body["which"]], tokens.RECOVERY)
    return _token_write(match_id, kinds, expected, "recover",
                        tokens.token_hash(body["recovery_code"]), replaced)


@blp.route("/<string:match_id>", methods=["GET"])
@blp.response(200, MatchSchema)
@blp.alt_response(304, description="Not modified: the ETag sent in If-None-Match is current.")
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
def read_match(match_id: str) -> Any:
    """The match: players, standings, whose turn it is and what is legal now, the result.

    Its ``ETag`` is the match's version: send it back as ``If-Match`` when writing.
    """
    state = _read(match_id)
    return state_dict(match_id, state), 200, {"ETag": _etag(state)}


@blp.route("/<string:match_id>/me", methods=["GET"])
@blp.response(200, ViewerSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
def read_me(match_id: str) -> Any:
    """Who this credential is at the table: ``kind`` (write | read | seat), ``player`` (a
    seat's), and ``to_confirm``: the provisional deals waiting for its answer, confirm or
    dispute (a seat: those the other side entered; the shared write token: all of them while
    no seat has joined and ``auto_confirm`` is off — on, they confirm themselves, the last
    when the match ends)."""
    state = _read(match_id)
    return _viewer(state, g.grant), 200, {"ETag": _etag(state)}


def _viewer(state: MatchState, grant: tokens.Grant) -> dict[str, Any]:
    """What ``GET …/me`` says of the credential ``grant``."""
    principal = grant.principal if grant.kind != "read" else None
    return {"kind": grant.kind, "player": grant.seat, "joined": grant.seat in state.joined,
            "to_confirm": list(commands.to_confirm(state, principal))}


@blp.route("/<string:match_id>/me:join", methods=["POST"])
@blp.arguments(CorrectionSchema())
@blp.response(200, JoinedSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def join_seat(body: dict[str, Any], match_id: str) -> Any:
    """A seat's phone takes up its seat.

    The page sends it on opening a seat's link: the seat has ``joined``, and from then on
    deals wait for the other side's confirmation (``auto_confirm`` "auto"). A seat credential
    issued but never taken up (a QR code shown, never scanned) leaves the shared phone
    confirming alone. Once only: joining again changes
    nothing. Needs the seat's own token and ``If-Match`` (or ``expected_version``); as a join
    cannot be recorded twice, ``If-Match: *`` (whatever the version) is accepted."""
    def render(appended: ledger.Appended) -> dict[str, Any]:
        return {**_viewer(appended.state, g.grant),
                "match": state_dict(match_id, appended.state)}

    return _write(match_id, body, lambda state: commands.join_seat(state, _principal()),
                  render, JoinedSchema, needed="record", any_version=True)


@blp.route("/<string:match_id>/events", methods=["POST"])
@blp.arguments(StepSchema())
@blp.arguments(DryRunArgsSchema(), location="query")
@blp.response(201, StepResultSchema)
@blp.alt_response(200, schema=DryRunSchema, description="?dry_run=true: what would happen")
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
    ``at`` says where the step belongs (the match's ``next.at``): a place already filled →
    409 ``step-already-recorded`` (``existing``, ``same``), a place ahead or another deal →
    409 ``step-not-next`` (``next_at``); both with the ``match`` and its ETag, nothing stored.
    """
    kind = body.pop("type")
    anyway = bool(body.pop("anyway", False))

    def decide(state: MatchState) -> Sequence[Any]:
        return commands.step(state, GAMES[state.game], kind, _sent(body), body.get("by"),
                             entered_by=_principal(), anyway=anyway)

    if args.get("dry_run"):
        _authorize(match_id, "record")
        answer = _schema(DryRunSchema).dump(_dry_run(match_id, kind, body, anyway))
        return _json_response(json.dumps(answer), 200, {})

    def render(appended: ledger.Appended) -> dict[str, Any]:
        scored = [e.payload for e in appended.events if e.kind == "deal_scored"]
        return {
            "events": [_event_dict(e) for e in appended.events],
            "scored": scored[0] if scored else None,
            "match": state_dict(match_id, appended.state),
        }

    return _write(match_id, body, decide, render, StepResultSchema, 201, needed="record")


def _dry_run(match_id: str, kind: str, body: dict[str, Any], anyway: bool) -> dict[str, Any]:
    """:func:`commands.dry_run` on the match as it is now (stored nowhere)."""
    try:
        state = ledger.load_state(match_id)
    except ledger.MatchNotFound:
        raise ProblemError(NOT_FOUND, f"There is no match {match_id!r}.") from None
    try:
        return commands.dry_run(state, GAMES[state.game], kind, _sent(body), body.get("by"),
                                entered_by=_principal(), anyway=anyway).as_dict()
    except Clash as clash:  # that place is taken, or not the next one: as when recorded
        raise clash_problem(match_id, clash) from None


def _deal_result(match_id: str, appended: ledger.Appended) -> dict[str, Any]:
    scored = next(e.payload for e in reversed(appended.events) if e.kind == "deal_scored")
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


def _sent(body: dict[str, Any]) -> dict[str, Any]:
    """What the table sent, without who sent it (``by``) and the version it was sent against
    (``expected_version``): a step, or a deal's record."""
    return {k: v for k, v in body.items() if k not in ("by", "expected_version")}


def _deal_write(
    match_id: str, body: dict[str, Any], decide: Callable[[MatchState], Sequence[Any]]
) -> Response:
    """A write that scores a deal (a seat's token may too), answered 201 with its result."""
    return _write(match_id, body, decide, lambda a: _deal_result(match_id, a),
                  DealResultSchema, 201, needed="record")


def _agreement_write(
    match_id: str, body: dict[str, Any], deal: int,
    decide: Callable[[MatchState], Sequence[Any]],
) -> Response:
    """A write that confirms or disputes ``deal`` (a seat's token may too), answered with the
    deal's agreement."""
    return _write(match_id, body, decide, lambda a: _agreement(match_id, a, deal),
                  DealAgreementSchema, needed="record")


def _entry(body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The level and record of a deal entry: ``{"sheet": …}``, ``{"totals": …}`` or a cards
    record."""
    for level in ("sheet", "totals"):
        if level in body:
            return level, body[level]
    return "cards", _sent(body)


@blp.route("/<string:match_id>/deals", methods=["POST"])
@blp.arguments(RecordDealSchema())
@blp.response(201, DealResultSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422, 428)
def record_deal(body: dict[str, Any], match_id: str) -> Any:
    """Record a whole deal at once, at one of three entry levels: its cards (the deal records
    of /rules/records), the line of the score sheet (``{"sheet": …}``) or just its points
    (``{"totals": …}``); stored only if legal (an impossible line is refused). The ruling says
    what it verified, computed and took "as reported"; the deal is ``provisional`` until the
    other side confirms it. A seat's token may record.

    Needs ``If-Match`` (or ``expected_version``): the same deal sent by two phones is
    recorded once, the second gets 412 with the match as it now is.

    ``deal``: the deal the entry was written for (clients should always send it). That deal
    already recorded → 409 ``deal-already-recorded`` with the ``existing`` entry (by player
    names, its ``scores`` and ``entry``); any deal but the next → 409 ``deal-not-next`` with
    ``next_deal``. Both carry the ``match`` and its ETag; nothing is stored. Without it the
    entry is the next deal's.
    """
    number = body.pop("deal", None)
    level, record = _entry(body)

    def decide(state: MatchState) -> Sequence[Any]:
        return commands.record_deal(state, GAMES[state.game], record, level=level,
                                    entered_by=_principal(), deal=number)

    return _deal_write(match_id, body, decide)


@blp.route("/<string:match_id>/deals/<int:deal>/cards", methods=["POST"])
@blp.arguments(CardsRecordSchema())
@blp.response(201, DealResultSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def record_cards(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Enter the cards of a deal entered as a score sheet or totals, or of a disputed deal:
    the cards' ruling supersedes (the ledger keeps the earlier entry) and the deal is
    ``ruled``. The answer says what changed (``changes``: the earlier entry against the
    ruling) and puts each side's claim beside it (``claims``, each with ``parts_at``: the
    first point where it parts from the ruling, in counting order)."""
    record = _sent(body)
    return _deal_write(match_id, body, lambda state: commands.record_cards(
        state, GAMES[state.game], deal, record, _principal()))


@blp.route("/<string:match_id>/deals/<int:deal>/confirm", methods=["POST"])
@blp.arguments(CorrectionSchema())
@blp.response(200, DealAgreementSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def confirm_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """The other side accepts a provisional deal: it is ``confirmed``. A seat cannot confirm
    its own side's entry; the shared write token confirms only while no seat has joined; a
    read token cannot."""
    return _agreement_write(match_id, body, deal,
                            lambda state: commands.confirm(state, deal, _principal()))


@blp.route("/<string:match_id>/deals/<int:deal>/dispute", methods=["POST"])
@blp.arguments(DisputeSchema())
@blp.response(200, DealAgreementSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def dispute_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """The other side disputes a deal with a reason and optionally its own claim
    (``{"sheet": …}`` or ``{"totals": …}``): the deal is ``disputed`` and the settlement
    withheld until its cards are entered (``POST …/deals/{n}/cards``) and rule it."""
    return _agreement_write(match_id, body, deal, lambda state: commands.dispute(
        state, GAMES[state.game], deal, body["reason"], body.get("claim"), _principal()))


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


#: What a refused retry of a seats request says to do instead.
_SEATS_HOW = ("The write token makes new seat credentials: POST /v1/matches/{id}/seats "
              "(the old ones stop working).")


@blp.route("/<string:match_id>/seats", methods=["POST"])
@blp.arguments(SeatsRequestSchema())
@blp.response(201, SeatsSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 410, 412, 422, 428)
def issue_seats(body: dict[str, Any], match_id: str) -> Any:
    """One seat credential per player (write token needed), or for the ``players`` named:
    a new one replaces that player's old one. A seat's token reads, records, confirms and
    disputes; its join link is ``/table/#match=<id>&token=<seat token>``. Shown this once
    (only hashes are stored). A seat joins when its phone takes it up (``POST …/me:join``,
    or its first write): from then on deals wait for the other side's confirmation
    (``auto_confirm`` "auto"). A retry with the same Idempotency-Key gets the same seats
    only within the retry window and while the match is as this request left it (else
    ``410``, as a create's retry)."""
    grant = _authorize(match_id, "write")
    expected = _expected_version(body, required=True)
    players = body.get("players")
    key = _idempotency_key()
    fingerprint = _fingerprint() if key is not None else None
    link = "/table/#match={}&token={}"

    def answer(state: MatchState, made: list[dict[str, str]]) -> str:
        seats = [{**m, "link": link.format(match_id, m["token"])} for m in made]
        return json.dumps(_schema(SeatsSchema).dump(
            {"seats": seats, "match": state_dict(match_id, state)}))

    def decide(state: MatchState) -> Sequence[Any]:
        return commands.issue_seats(state, players if players is not None else state.players)

    def work() -> Response:
        stored = _claim(match_id, key, fingerprint)
        if stored is not None and key is not None:  # the same request again: the same seats
            kept = json.loads(stored.body)
            again = tokens.Seed(key, kept["tokens_from"])
            again_made = [{"player": p, "token": tokens.derive(match_id, tokens.SEAT, again,
                                                               f"seat:{p}")}
                          for p in kept["players"]]
            _credentials_again(stored, match_id, [m["token"] for m in again_made],
                               _SEATS_HOW)
            return _replay(stored, answer(ledger.load_state(match_id), again_made))
        seed = tokens.Seed(key, keys.keyring().current_id) if key is not None else None
        made: list[dict[str, str]] = []

        def within(appended: ledger.Appended) -> None:
            names = appended.events[0].payload["players"]
            made[:] = tokens.issue_seats(match_id, list(names), seed)

        appended = ledger.append(match_id, lambda state: _noted(decide(state), body.get("by")),
                                 actor=grant.label,
                                 expected_version=expected, within=within)
        headers = {"ETag": _etag(appended.state)}
        if key is not None and seed is not None:
            kept = json.dumps({"tokens_from": seed.kid, "players": [m["player"] for m in made]})
            idempotency.complete(match_id, key, idempotency.StoredResponse(201, kept, headers),
                                 match_id, appended.events[0].seq)
        return _json_response(answer(appended.state, made), 201, headers)

    try:
        return ledger.transact(work)
    except Exception as error:
        problem = _problem(match_id, error)
        if problem is error:
            raise  # not a domain error: keeps its cause (a database fault's is logged)
        raise problem from None


@blp.route("/<string:match_id>/undo", methods=["POST"])
@blp.arguments(CorrectionSchema())
@blp.response(200, MatchSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def undo(body: dict[str, Any], match_id: str) -> Any:
    """Take back the last entry (a step, a whole deal, a void or an amendment).

    Needs ``If-Match`` (or ``expected_version``): two phones undoing at once take back one
    entry, not two."""
    return _write(
        match_id, body,
        lambda state: commands.undo(state, body.get("reason"), body.get("by"), _principal()),
        lambda a: state_dict(match_id, a.state), MatchSchema, needed="record",
    )


@blp.route("/<string:match_id>/deals/<int:deal>/void", methods=["POST"])
@blp.arguments(VoidSchema())
@blp.response(200, MatchSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def void_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Void a recorded deal with a reason: it stays in the ledger, it no longer counts.
    Needs ``If-Match`` (or ``expected_version``)."""
    return _write(
        match_id, body,
        lambda state: commands.void_deal(state, deal, body["reason"], body.get("by"),
                                         game=GAMES[state.game]),
        lambda a: state_dict(match_id, a.state), MatchSchema,
    )


@blp.route("/<string:match_id>/deals/<int:deal>/amend", methods=["POST"])
@blp.arguments(AmendSchema())
@blp.response(200, DealResultSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def amend_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Replace a recorded deal by a corrected record, with a reason; ruled again.
    Needs ``If-Match`` (or ``expected_version``)."""
    return _write(
        match_id, body,
        lambda state: commands.amend_deal(
            state, GAMES[state.game], deal, body["record"], body["reason"], body.get("by"),
            entered_by=_principal(),
        ),
        lambda a: _deal_result(match_id, a), DealResultSchema,
    )


@blp.route("/<string:match_id>/ledger", methods=["GET"])
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
    state = _read(match_id, whole=True)
    items = ledger_items(state)
    if request.accept_mimetypes.best_match(["application/json", "text/csv"]) == "text/csv":
        return _csv_response(state, items)
    page = {**_page(items, args, key="deal"), "head": _head(state)}
    return page, 200, {"ETag": _etag(state)}


@blp.route("/<string:match_id>/ledger.csv", methods=["GET"])
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
@blp.response(200, CSV_SCHEMA, content_type="text/csv", description="The ledger as CSV")
@blp.alt_response(304, description="Not modified: the ETag sent in If-None-Match is current.")
def read_ledger_csv(match_id: str) -> Any:
    """The whole ledger as CSV: one row per deal, its scores and the running totals."""
    state = _read(match_id, whole=True)
    return _csv_response(state, ledger_items(state))  # with the match's ETag


@blp.route("/<string:match_id>/log", methods=["GET"])
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
@blp.arguments(PageArgsSchema(), location="query")
@blp.response(200, EventPageSchema)
def read_events(args: dict[str, Any], match_id: str) -> Any:
    """The raw event log (every step and correction, nothing removed), cursor-paginated."""
    state = _read(match_id)
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
            "head": _head(state)}


@blp.route("/<string:match_id>/verify", methods=["GET"])
@blp.arguments(VerifyArgsSchema(), location="query")
@blp.response(200, VerifySchema)
@blp.doc(security=BEARER)
@problems(blp, 400, 401, 403, 404)
def verify(args: dict[str, Any], match_id: str) -> Any:
    """Check the match's chain: ``intact``, or the first event where it breaks.

    ``?head=SEQ:HASH`` (a ``head`` a client kept from an answer): the ledger must still lead
    there; a ledger cut short ("behind") or rewritten ("diverged") is not intact.
    """
    _authorize(match_id, "read")
    try:
        broken = ledger.verify_chain(match_id)
        events, head = ledger.chain_head(match_id)
        known = _head_check(match_id, args.get("head"))
    except ledger.MatchNotFound:
        raise ProblemError(NOT_FOUND, f"There is no match {match_id!r}.") from None
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
        raise ProblemError(BAD_REQUEST, "head is SEQ:HASH, as a match's head gives them.")
    seq, _, digest = text.partition(":")
    return ledger.check_head(match_id, int(seq), digest.lower())


def _event_dict(event: Any) -> dict[str, Any]:
    return {"seq": event.seq, "kind": event.kind, "payload": event.payload, "actor": event.actor}


def _cursor(value: str | None) -> int:
    if value is None:
        return 0
    if not (value.isascii() and value.isdigit() and len(value) <= 18):  # PageArgsSchema too
        raise ProblemError(BAD_REQUEST, "The cursor is the next_cursor of the previous page.")
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
    rows: list[list[Any]] = [
        ["deal", "dealer", "status", "amended"]
        + [f"{n} points" for n in names]
        + [f"{n} total" for n in names]
        + ["level", "agreement"]
    ]
    rows += [
        [item["deal"], item["dealer"], item["status"], item["amended"]]
        + [item["scores"].get(n, 0) for n in names]
        + [item["totals"].get(n, 0) for n in names]
        + [item["level"], item["agreement"]]
        for item in items
    ]
    out = io.StringIO()
    # Every cell guarded (a column added later included) and quoted.
    csv.writer(out, quoting=csv.QUOTE_ALL).writerows([_cell(c) for c in row] for row in rows)
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": "attachment; filename=ledger.csv",
                             "ETag": _etag(state)})


