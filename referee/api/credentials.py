"""The credentials of a match: its create (with its tokens and recovery code), a rotation, a
recovery, seat tokens and a seat's join. Every write that hands credentials out retries
through :class:`Handout` (the token replay). Routes: :mod:`referee.api.routes`."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Response, current_app, g, url_for

from referee import folds
from referee.api import limits
from referee.api.access import BEARER, authorize, etag, expected_version, principal
from referee.api.credential_schemas import (
    CreatedMatchSchema,
    RecoverSchema,
    RotateSchema,
    SeatsRequestSchema,
    SeatsSchema,
    TokensSchema,
)
from referee.api.errors import ProblemError, problems
from referee.api.match_schemas import CreateMatchSchema
from referee.api.match_views import state_dict, viewer
from referee.api.matches import blp
from referee.api.problems import CREDENTIALS_NOT_REPLAYED, UNAUTHORIZED
from referee.api.view_schemas import JoinedSchema
from referee.api.write_schemas import CorrectionSchema
from referee.api.writing import (
    claim_key,
    idempotency_key,
    json_response,
    noted,
    replay,
    request_fingerprint,
    response_schema,
    write,
)
from referee.i18n import Message
from referee.i18n.details import CREDENTIAL_REPLACED, HOW, NOT_REPLAYED, NOT_REPLAYED_WHY
from referee.match import commands
from referee.match.games import GAMES
from referee.match.state import MatchState
from referee.store import idempotency, keys, ledger, tokens


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
    first = commands.create(game, body["players"], body.get("options") or {})
    return created(game.name, noted(first, body.get("by")), None)


def created(game: str, first: Sequence[Any], actor: str | None, expires: bool = True
            ) -> Response:
    """A new match of ``game`` stored with its ``first`` events (``match_created`` first, the
    events of an import after it) by ``actor``, in one transaction, answered as
    ``POST /v1/matches`` answers (201, its tokens and recovery code, a retry with the same
    Idempotency-Key the same answer). ``expires`` false: it never expires.

    :raises ProblemError: 429 past the client's create quota; 410 for a retry whose
        credentials are not handed out again.
    """
    handout = Handout("create", _RECOVER_HOW)
    kinds = (*tokens.KINDS, tokens.RECOVERY)

    def again(kept: dict[str, Any], seed: tokens.Seed) -> Again:
        made = {k: tokens.derive(kept["id"], k, seed, "create") for k in kinds}
        credentials = list(made.values())
        replayed = {**kept, "recovery_code": made.pop(tokens.RECOVERY), "tokens": made}
        return kept["id"], credentials, lambda: json.dumps(replayed)

    def work() -> Response:
        replayed = handout.replayed(again)  # the same create again: the same answer
        if replayed is not None:
            return replayed
        limits.take_create_quota()  # 429 past the client's quota; a retry above is free
        # no credential exists before the create: its actor is none, a name sent a note
        match_id, appended = folds.create(game, first, actor, expires)
        made = tokens.issue(match_id, kinds, handout.seed, "create")
        recovery = made.pop(tokens.RECOVERY)
        body_out = response_schema(CreatedMatchSchema).dump(
            {**state_dict(match_id, appended.state), "tokens": made,
             "recovery_code": recovery}
        )
        headers = {
            "ETag": etag(appended.state),
            "Location": url_for("matches.read_match", match_id=match_id),
        }
        handout.keep(match_id, 201, {**body_out, "tokens": None, "recovery_code": None},
                     headers, 1)
        return json_response(json.dumps(body_out), 201, headers)

    return folds.transact(work)


#: What a refused retry of a create, a rotation or a recovery says to do instead.
_RECOVER_HOW = HOW["recover"]
#: What a refused retry of a seats request says to do instead.
_SEATS_HOW = HOW["seats"]

#: What a retry's credentials are, made again: the match's id, the credentials (tokens,
#: seat tokens, a recovery code) and the answer's body (made only if they are handed out).
Again = tuple[str, list[str], Callable[[], str]]


class Handout:
    """A write that hands out credentials (a create, seats, a rotation, a recovery) under its
    Idempotency-Key: the token replay, written once. The credentials are never stored: they
    are made from the key and the server's ledger key (the ``seed``; what is stored is its
    id, ``tokens_from``), so a retry gets the same ones, computed again — but only while
    :func:`_credentials_again` allows.

    ``scope``: the key's scope ("create", or the match's id); ``how``: what a refused retry
    is told to do instead (``{id}``: the match's id; the rest from ``how_params``);
    ``who``: the credential the answer belongs to (a rotation's), part of the request's
    fingerprint; ``owner``: what the credentials belong to (a match,
    :data:`MATCH`; an event's writes pass their own).
    """

    def __init__(self, scope: str, how: Message, who: str = "", owner: Owner | None = None,
                 how_params: Mapping[str, object] | None = None) -> None:
        self.scope, self.how, self.how_params = scope, how, dict(how_params or {})
        self.owner = MATCH if owner is None else owner
        self.key = idempotency_key()
        self.fingerprint = request_fingerprint(who) if self.key is not None else None
        self.seed = (tokens.Seed(self.key, keys.keyring().current_id)
                     if self.key is not None else None)

    def replayed(self, again: Callable[[dict[str, Any], tokens.Seed], Again]
                 ) -> Response | None:
        """In the write's transaction: claim the key. A retry gets its stored answer with its
        credentials made again (``again(kept, seed)``, from what :meth:`keep` kept), or 410
        (:func:`_credentials_again`); None for a first request."""
        stored = claim_key(self.scope, self.key, self.fingerprint)
        if stored is None or self.key is None:
            return None
        kept = json.loads(stored.body)
        match_id, made, body = again(kept, tokens.Seed(self.key, kept.pop("tokens_from")))
        _credentials_again(stored, match_id, made,
                           lambda id: self.how.said(id=id, **self.how_params), self.owner)
        return replay(stored, body())

    def keep(self, match_id: str, status: int, kept: dict[str, Any], headers: dict[str, str],
             first: int | None) -> None:
        """Store the answer for a retry (with a key): ``kept``, what makes its credentials
        again (none of them), the seed's id, the answer's ``status`` and ``headers``;
        ``first``: the first event it wrote."""
        if self.key is not None and self.seed is not None:
            record = json.dumps({"tokens_from": self.seed.kid, **kept})
            idempotency.complete(self.scope, self.key, idempotency.StoredResponse(
                status, record, headers), match_id, first)


def _retry_window() -> datetime.timedelta:
    """How long a retry of a write that hands out credentials gets them again
    (``REFEREE_CREDENTIAL_RETRY_SECONDS``, default 600)."""
    return datetime.timedelta(seconds=float(current_app.config["CREDENTIAL_RETRY_SECONDS"]))


def _match_written(match_id: str, stored: idempotency.StoredResponse) -> bool:
    """Whether the match has moved on from the version its stored answer left it at."""
    etag = stored.headers.get("ETag")
    return etag is not None and etag != f'"v{ledger.chain_head(match_id)[0]}"'


@dataclass(frozen=True, slots=True)
class Owner:
    """What a handout's credentials belong to, as a refused retry checks it: ``field``, the
    name of its id in the 410's problem (``match_id``); ``written(id, stored)``, whether it
    has been written to since the stored answer; ``live(id, made)``, whether the credentials
    made are all still live."""

    field: str
    written: Callable[[str, idempotency.StoredResponse], bool]
    live: Callable[[str, Sequence[str]], bool]


#: A match's credentials: written to once its ledger moved on from the answer's ETag.
MATCH = Owner("match_id", _match_written, tokens.all_live)


def _credentials_again(
    stored: idempotency.StoredResponse, match_id: str, made: Sequence[str],
    how: Callable[[str], str], owner: Owner = MATCH,
) -> None:
    """Let a retry of a write that handed out credentials (``made``: the tokens, seat tokens
    or recovery code it made, computed again from its Idempotency-Key) have them again only
    while nobody else may be holding the match with them: within the retry window, with the
    match still at the version its answer left it (nothing recorded, no seat made or joined
    since) and every one of them still live (none rotated away or replaced). An
    Idempotency-Key is no secret (proxies and logs keep it): a later retry would hand the
    match to whoever sends it.

    :raises ProblemError: 410, problem type ``credentials-not-replayed``, saying why and
        ``how`` to get back in (given the match's id), with the ``match_id``.
    """
    window = _retry_window()
    if stored.older_than(window):
        why = NOT_REPLAYED_WHY["old"].said(minutes=int(window.total_seconds() // 60))
    elif owner.written(match_id, stored):
        why = NOT_REPLAYED_WHY["written"].said()
    elif not owner.live(match_id, made):
        why = NOT_REPLAYED_WHY["replaced"].said()
    else:
        return
    raise ProblemError(
        CREDENTIALS_NOT_REPLAYED, NOT_REPLAYED.said(why=why, how=how(match_id)),
        extra={owner.field: match_id},
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
    handout = Handout(match_id, _RECOVER_HOW, who)

    def shown(made: dict[str, str]) -> str:
        out: dict[str, Any] = {"tokens": {k: t for k, t in made.items()
                                          if k != tokens.RECOVERY}}
        if tokens.RECOVERY in made:
            out["recovery_code"] = made[tokens.RECOVERY]
        return json.dumps(out)

    def again(kept: dict[str, Any], seed: tokens.Seed) -> Again:
        made = {k: tokens.derive(match_id, k, seed, purpose) for k in kept["kinds"]}
        return match_id, list(made.values()), lambda: shown(made)

    def work() -> Response:
        replayed = handout.replayed(again)
        if replayed is not None:
            return replayed
        if revoked:
            raise ProblemError(UNAUTHORIZED, CREDENTIAL_REPLACED.said(),
                               headers={"WWW-Authenticate": 'Bearer realm="referee"'})
        version = folds.expect(match_id, expected).version
        made = tokens.rotate(match_id, kinds, handout.seed, purpose)
        headers = {"ETag": f'"v{version}"'}
        handout.keep(match_id, 200, {"kinds": list(kinds)}, headers, None)
        return json_response(shown(made), 200, headers)

    return folds.transact(work, match_id)


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
    grant = authorize(match_id, "write", revoked_ok=idempotency_key() is not None)
    expected = expected_version(body, required=True, any_ok=True)
    kinds = _ROTATED[body["which"]]
    return _token_write(match_id, kinds, expected, "rotate", grant.label, grant.revoked)


#: What each ``which`` of a rotation or a recovery replaces.
_ROTATED: dict[str, tuple[tokens.Kind, ...]] = {
    "write": ("write",), "read": ("read",), "both": tokens.KINDS,
    "recovery": (tokens.RECOVERY,),
}


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
    replaced = tokens.check_recovery(match_id, body["recovery_code"],
                                     revoked_ok=idempotency_key() is not None)
    expected = expected_version(body, required=False)
    kinds = (*_ROTATED[body["which"]], tokens.RECOVERY)
    return _token_write(match_id, kinds, expected, "recover",
                        tokens.token_hash(body["recovery_code"]), replaced)


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
    grant = authorize(match_id, "write")
    expected = expected_version(body, required=True)
    players = body.get("players")
    handout = Handout(match_id, _SEATS_HOW)
    link = "/table/#match={}&token={}"

    def answer(state: MatchState, made: list[dict[str, str]]) -> str:
        seats = [{**m, "link": link.format(match_id, m["token"])} for m in made]
        return json.dumps(response_schema(SeatsSchema).dump(
            {"seats": seats, "match": state_dict(match_id, state)}))

    def decide(state: MatchState) -> Sequence[Any]:
        return commands.issue_seats(state, players if players is not None else state.players)

    def again(kept: dict[str, Any], seed: tokens.Seed) -> Again:  # the same seats
        made = [{"player": p, "token": tokens.derive(match_id, tokens.SEAT, seed, f"seat:{p}")}
                for p in kept["players"]]
        return (match_id, [m["token"] for m in made],
                lambda: answer(folds.load_state(match_id), made))

    def work() -> Response:
        replayed = handout.replayed(again)
        if replayed is not None:
            return replayed
        fold = folds.expect(match_id, expected)
        appended = folds.append(match_id, fold, noted(decide(fold.state()), body.get("by")),
                                grant.label)
        made = tokens.issue_seats(match_id, list(appended.events[0].payload["players"]),
                                  handout.seed)
        headers = {"ETag": etag(appended.state)}
        handout.keep(match_id, 201, {"players": [m["player"] for m in made]}, headers,
                     appended.events[0].seq)
        return json_response(answer(appended.state, made), 201, headers)

    return folds.transact(work, match_id)


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
    def render(appended: folds.Appended) -> dict[str, Any]:
        return {**viewer(appended.state, g.grant),
                "match": state_dict(match_id, appended.state)}

    return write(match_id, body, lambda state: commands.join_seat(state, principal()),
                  render, JoinedSchema, needed="record", any_version=True)
