"""Access tokens per match: a write token, a read-only share token, seats' tokens and a
recovery code.

Tokens are shown once, when made; only their sha256 is stored, and a presented token's hash
is compared in constant time (as bytes: an id or a token of any text is refused, never an
error). Rotating revokes a kind's live tokens and makes new ones.

A write that hands out credentials (create, seats, a rotation, a recovery) sent with an
Idempotency-Key makes them from that key: an HMAC of the server's key
(:mod:`referee.store.keys`), the match and the Idempotency-Key (:func:`derive`). Its retry
computes the same ones again, so the stored answer holds no credential; and the retry is
answered only within the retry window (``REFEREE_CREDENTIAL_RETRY_SECONDS``) while
:func:`all_live` says they are still the match's (see :mod:`referee.api.credentials`). Without
a key they are random.

The recovery code (kind "recovery", made at create) is not a bearer token: it only mints new
write and read tokens (:func:`recover` in the API) when every token is lost, and it is
replaced each time it is used (the owner can replace it with the write token too).
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from typing import Final, Literal, NamedTuple

from referee.store import changes, keys
from referee.store.db import execute
from referee.store.models import AccessToken

Kind = Literal["write", "read", "recovery"]
KINDS: tuple[Kind, Kind] = ("write", "read")
RECOVERY: Final = "recovery"
SEAT = "seat"
#: What an event's id starts with (referee.store.club_events.PREFIX): its tokens may act on
#: its tables' matches.
EVENT_PREFIX = "ev_"
_PREFIX = {"write": "rw_", "read": "ro_", RECOVERY: "rc_", SEAT: "st_"}
#: What a request needs: "read"; "record" (enter deals, confirm, dispute: the write token or a
#: seat's); "write" (the write token: corrections, tokens, seats).
Needed = Literal["read", "record", "write"]


class TokenRefused(PermissionError):
    """``status`` 401: no such live token; 403: a live token of another match; 404: a live
    token, and no match of the id asked for (whatever its text)."""

    def __init__(self, status: int, message: str, *, words: str | None = None,
                 params: Mapping[str, object] | None = None) -> None:
        self.status = status
        #: The key of the sentence's template (``"token.invalid"``: :data:`TOKEN_WORDS`) and
        #: its values, from which the API words it in the request's language.
        self.words, self.params = words, dict(params or {})
        super().__init__(message)


#: Each sentence a token is refused with, by its key (what is refused, then for whom:
#: a match, an event or a club): the English template.
TOKEN_WORDS: dict[str, str] = {
    "needed.match": "This match needs its token: send 'Authorization: Bearer …'.",
    "needed.event": "This event needs its token: send 'Authorization: Bearer …'.",
    "needed.club": "This club needs its token: send 'Authorization: Bearer …'.",
    "invalid": "This token is not valid (wrong, or rotated away).",
    "no_such.match": "There is no match {id!r}.",
    "no_such.event": "There is no event {id!r}.",
    "no_such.club": "There is no club {id!r}.",
    "elsewhere.match": "This token belongs to something else, not this match.",
    "elsewhere.event": "This token belongs to something else, not this event.",
    "elsewhere.club": "This token belongs to something else, not this club.",
    "seat": "A seat records, confirms and disputes deals; this needs the match's write token.",
    "read_only.match": "This is the read-only share token: recording needs the write token or "
                       "a seat's.",
    "read_only.event": "This is the event's read token: this needs the organiser's token.",
    "read_only.club": "This is the club's read token: this needs the organiser's token.",
    "recovery": "This recovery code is not valid for this match.",
}


def refused(status: int, key: str, **params: object) -> TokenRefused:
    """The :class:`TokenRefused` of :data:`TOKEN_WORDS`' ``key`` with ``params`` filled in."""
    return TokenRefused(status, TOKEN_WORDS[key].format(**params), words="token." + key,
                        params=params)


def token_hash(token: str) -> str:
    """sha256 hex of a token (what the database keeps); any text (a lone surrogate too)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _same(a: str, b: str) -> bool:
    """Whether two texts are equal, compared in constant time as their UTF-8 bytes (an id or
    a token of any text: ``hmac.compare_digest`` refuses non-ASCII ``str``)."""
    return hmac.compare_digest(a.encode("utf-8", "surrogatepass"),
                               b.encode("utf-8", "surrogatepass"))


class Seed(NamedTuple):
    """What derived tokens are made from: the request's Idempotency-Key (``key``) and the
    id of the server key they were derived with (``kid``; None: the current one)."""

    key: str
    kid: str | None = None


def derive(match_id: str, kind: str, seed: Seed, purpose: str) -> str:
    """The token of ``kind`` that a request with ``seed`` makes for ``purpose`` ("create",
    "rotate", "recover") on a match: the same inputs, the same token."""
    ring = keys.keyring()
    return _PREFIX[kind] + ring.derive(f"token:{purpose}:{kind}", match_id, seed.key,
                                       kid=seed.kid)


def _new(match_id: str, kind: str, seed: Seed | None, purpose: str) -> str:
    if seed is None:
        return _PREFIX[kind] + secrets.token_urlsafe(24)
    return derive(match_id, kind, seed, purpose)


def issue(
    match_id: str, kinds: tuple[str, ...] = KINDS, seed: Seed | None = None,
    purpose: str = "create",
) -> dict[str, str]:
    """Make new tokens of ``kinds`` ("write", "read", "recovery") for a match (inside a write
    transaction): derived from ``seed`` when given, else random.

    :returns: kind → the token text (shown once; only its hash is stored).
    """
    made: dict[str, str] = {}
    for kind in kinds:
        token = _new(match_id, kind, seed, purpose)
        AccessToken.create(match_id=match_id, kind=kind, token_hash=token_hash(token))
        made[kind] = token
    return made


def rotate(
    match_id: str, kinds: tuple[Kind, ...], seed: Seed | None = None, purpose: str = "rotate"
) -> dict[str, str]:
    """Revoke the live tokens of ``kinds`` and issue new ones (inside a write transaction); the
    streams of the revoked tokens are told to end (:func:`referee.store.changes.announce_revoked`).
    """
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    AccessToken.update(revoked_at=now).where(
        (AccessToken.match_id == match_id)
        & AccessToken.kind.in_(kinds)
        & AccessToken.revoked_at.is_null()
    ).execute()
    changes.announce_revoked(match_id)
    return issue(match_id, kinds, seed, purpose)


def issue_seats(
    match_id: str, players: list[str], seed: Seed | None = None
) -> list[dict[str, str]]:
    """One seat credential per player (docs/records.md), replacing the player's live one (inside a
    write transaction); derived from ``seed`` when given (a retried request makes the same
    ones), else random.

    :returns: ``[{"player": name, "token": "st_…"}]`` (shown once; only hashes are stored).
    """
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    AccessToken.update(revoked_at=now).where(
        (AccessToken.match_id == match_id)
        & (AccessToken.kind == SEAT)
        & AccessToken.seat.in_(players)
        & AccessToken.revoked_at.is_null()
    ).execute()
    changes.announce_revoked(match_id)  # the replaced seats' streams end
    made = []
    for player in players:
        token = _new(match_id, SEAT, seed, f"seat:{player}")
        AccessToken.create(match_id=match_id, kind=SEAT, seat=player,
                           token_hash=token_hash(token))
        made.append({"player": player, "token": token})
    return made


class Grant(NamedTuple):
    """What a presented token grants: its ``kind`` ("write", "read" or "seat"), the
    ``token_id`` of its stored row, ``label``, which names the credential in the ledger when
    the writer gives no name ("write token 3f2a9c1b": a prefix of the token's hash, which says
    nothing of how many tokens the match has had; "seat:Ann" for a seat; "organiser 3f2a9c1b"
    for an event's organiser at its table) and, for a seat, the ``seat`` (the player's name);
    ``organiser``: the token is the organiser's of the event the match is a table of."""

    kind: str
    token_id: int
    label: str
    revoked: bool = False
    seat: str | None = None
    organiser: bool = False

    @property
    def principal(self) -> str:
        """Who makes an entry, as the agreement of deals sees it: "seat:Ann" or "write token"
        (the shared token, whichever one); an ``organiser``'s is the API's to name
        (:func:`referee.api.access.principal_of`)."""
        return f"seat:{self.seat}" if self.kind == SEAT else "write token"


#: What a credential can belong to (:func:`authenticate`'s ``owner``): a match, an event
#: (docs/events.md; its tokens are rows of this table under the event's ``ev_…`` id) or a
#: club (E13: under its ``cl_…`` id).
Owner = Literal["match", "event", "club"]


def authenticate(
    match_id: str, token: str | None, needed: str, revoked_ok: bool = False,
    owner: Owner = "match",
) -> Grant:
    """What ``token`` grants on ``match_id`` when it grants ``needed`` (see :data:`Needed`:
    the write token grants everything, a seat reads and records, the read token reads).

    ``revoked_ok``: a rotated-away token is granted too, marked ``revoked`` (the retry of the
    rotation that revoked it may only get its stored answer). ``owner``: what ``match_id``
    names, a match or an event (whose write token is its organiser's): the 404 is decided by
    that one's table, and the sentences name it.

    :raises TokenRefused: 401 when missing, unknown or revoked, or a recovery code; 403 when
        it is a token of something else, or does not grant ``needed``; 404 when it is a live
        token and no ``owner`` has the id ``match_id`` (ids and tokens of any text are
        compared as their UTF-8 bytes: never an error).
    """
    if not token:
        raise refused(401, f"needed.{owner}")
    presented = token_hash(token)
    row = execute(_ANY_TOKEN if revoked_ok else _LIVE_TOKEN, (presented,)).fetchone()
    if row is None or row[1] == RECOVERY or not _same(row[2], presented):
        raise refused(401, "invalid")
    token_match, kind, token_id, seat = row[0], row[1], row[3], row[4]
    if not _same(token_match, match_id):
        if (owner == "match" and kind in KINDS and token_match.startswith(EVENT_PREFIX)
                and execute(_TABLE_OF, (match_id, token_match)).fetchone() is not None):
            return _at_table(kind, int(token_id), presented, needed,
                             revoked_ok and row[5] is not None)
        if execute(_OWNER[owner], (match_id,)).fetchone() is None:
            raise refused(404, f"no_such.{owner}", id=match_id)
        raise refused(403, f"elsewhere.{owner}")
    if kind == SEAT:
        if needed == "write":
            raise refused(403, "seat")
        return Grant(SEAT, int(token_id), f"seat:{seat}", revoked_ok and row[5] is not None,
                     seat)
    if kind != "write" and needed != "read":
        raise refused(403, f"read_only.{owner}")
    granted: Kind = "write" if kind == "write" else "read"
    revoked = revoked_ok and row[5] is not None
    return Grant(granted, int(token_id), f"{granted} token {presented[:8]}", revoked)


def _at_table(kind: str, token_id: int, presented: str, needed: str, revoked: bool) -> Grant:
    """What an event's token grants at one of its tables' matches (docs/events.md E11): the
    organiser's, what the match's write token does, as "organiser"; the read token reads.

    :raises TokenRefused: 403, the event's read token asked to write.
    """
    if kind == "write":
        return Grant("write", token_id, f"organiser {presented[:8]}", revoked, organiser=True)
    if needed != "read":
        raise refused(403, "read_only.event")
    return Grant("read", token_id, f"event read token {presented[:8]}", revoked)


def check_recovery(match_id: str, code: str, revoked_ok: bool = False) -> bool:
    """Accept the match's recovery code; ``revoked_ok``: a code replaced since is accepted
    too (the retry of the recovery that replaced it may only get its stored answer).

    :returns: whether the code was replaced (only with ``revoked_ok``).
    :raises TokenRefused: 401 when it is not this match's live recovery code (another
        match's code is refused the same way: nothing tells whether the match exists).
    """
    presented = token_hash(code)
    row = execute(_ANY_TOKEN if revoked_ok else _LIVE_TOKEN, (presented,)).fetchone()
    if (
        row is None
        or row[1] != RECOVERY
        or not _same(row[2], presented)
        or not _same(row[0], match_id)
    ):
        raise refused(401, "recovery")
    return row[5] is not None


def live_hashes(match_id: str) -> frozenset[str]:
    """The sha256 hex (:func:`token_hash`) of every live credential of ``match_id`` — and, for
    a table's match of an event, of the event's tokens, which act on it (docs/events.md E11):
    what the live-update streams of a match check their token against after a revocation
    (one query for all the streams of the match)."""
    rows = execute(_LIVE_HASHES, (match_id, match_id)).fetchall()
    return frozenset(str(row[0]) for row in rows)


_LIVE_HASHES = (
    'SELECT "token_hash" FROM "access_token" WHERE "match_id" = ? AND "revoked_at" IS NULL '
    'UNION SELECT "t"."token_hash" FROM "access_token" AS "t" JOIN "club_event_match" AS "m" '
    'ON "t"."match_id" = "m"."event_id" WHERE "m"."match_id" = ? AND "t"."revoked_at" IS NULL '
    "AND \"t\".\"kind\" IN ('write', 'read')"
)


def all_live(match_id: str, made: Sequence[str]) -> bool:
    """Whether every token (or code) of ``made`` is still a live credential of the match:
    none rotated away or replaced since it was made."""
    hashes = [token_hash(t) for t in made]
    live = AccessToken.select().where(
        (AccessToken.match_id == match_id) & AccessToken.token_hash.in_(hashes)
        & AccessToken.revoked_at.is_null()
    ).count()
    return live == len(set(hashes))


def all_live_among(owners: Sequence[str], made: Sequence[str]) -> bool:
    """Whether every token of ``made`` is still a live credential of one of ``owners`` (the
    matches of an event's round): none rotated away or replaced since it was made."""
    hashes = [token_hash(t) for t in made]
    live = AccessToken.select().where(
        AccessToken.match_id.in_(list(owners)) & AccessToken.token_hash.in_(hashes)
        & AccessToken.revoked_at.is_null()
    ).count()
    return live == len(set(hashes))


# Every request runs it: written out (see referee.store.db.execute).
_LIVE_TOKEN = (
    'SELECT "match_id", "kind", "token_hash", "id", "seat", "revoked_at" FROM "access_token" '
    'WHERE "token_hash" = ? AND "revoked_at" IS NULL'
)
#: Whether a match is a table's of the event that owns a token (docs/events.md E11).
_TABLE_OF = 'SELECT 1 FROM "club_event_match" WHERE "match_id" = ? AND "event_id" = ?'
#: Whether an id names an owner (a match, an event): what a live token of something else is
#: told, 404 or 403.
_OWNER: dict[Owner, str] = {
    "match": 'SELECT 1 FROM "match" WHERE "id" = ?',
    "event": 'SELECT 1 FROM "club_event" WHERE "id" = ?',
    "club": 'SELECT 1 FROM "club" WHERE "id" = ?',
}
#: A token looked up by its hash, revoked or not (a rotated-away token's retry, revoked_ok).
_ANY_TOKEN = (
    'SELECT "match_id", "kind", "token_hash", "id", "seat", "revoked_at" FROM "access_token" '
    'WHERE "token_hash" = ?'
)
