"""Access tokens per match: a write token and a read-only share token.

Tokens are shown once, when made; only their sha256 is stored, and a presented token's hash
is compared in constant time. Rotating revokes a kind's live tokens and makes new ones. The
answer to a create kept for its Idempotency-Key holds the tokens sealed under that key
(:func:`seal`), which the database does not keep (only its sha256): a retry can be answered
with the same tokens, and nobody reading the database can open them.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import json
import secrets
from typing import Literal, NamedTuple

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from referee.store.db import execute
from referee.store.models import AccessToken

Kind = Literal["write", "read"]
KINDS: tuple[Kind, Kind] = ("write", "read")
#: What a request needs: "read"; "record" (enter deals, confirm, dispute: the write token or a
#: seat); "write" (the write token: corrections, tokens, seats).
Needed = Literal["read", "record", "write"]
_PREFIX = {"write": "rw_", "read": "ro_", "seat": "st_"}


def seal(made: dict[str, str], secret: str) -> str:
    """Encrypt a match's tokens with a key derived from ``secret`` (the client's
    Idempotency-Key, never stored): only that client can open them again (:func:`unseal`).

    Fernet (AES-128-CBC + HMAC-SHA256) under HKDF-SHA256 of the secret.
    """
    return _fernet(secret).encrypt(json.dumps(made).encode()).decode()


def unseal(sealed: str, secret: str) -> dict[str, str]:
    """The tokens :func:`seal` sealed with the same ``secret``.

    :raises ValueError: when ``secret`` is not the one they were sealed with.
    """
    try:
        opened: dict[str, str] = json.loads(_fernet(secret).decrypt(sealed.encode()))
    except InvalidToken:
        raise ValueError("these tokens were sealed with another key") from None
    return opened


def _fernet(secret: str) -> Fernet:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
               info=b"referee: match tokens of a create").derive(secret.encode("utf-8"))
    return Fernet(base64.urlsafe_b64encode(key))


class TokenRefused(PermissionError):
    """``status`` 401: no such live token; 403: a live token of another match."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


def token_hash(token: str) -> str:
    """sha256 hex of a token (what the database keeps)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def issue(match_id: str, kinds: tuple[Kind, ...] = KINDS) -> dict[str, str]:
    """Make new tokens of ``kinds`` for a match (call inside a write transaction).

    :returns: kind → the token text (shown once; only its hash is stored).
    """
    made: dict[str, str] = {}
    for kind in kinds:
        token = _PREFIX[kind] + secrets.token_urlsafe(24)
        AccessToken.create(match_id=match_id, kind=kind, token_hash=token_hash(token))
        made[kind] = token
    return made


def rotate(match_id: str, kinds: tuple[Kind, ...]) -> dict[str, str]:
    """Revoke the live tokens of ``kinds`` and issue new ones (inside a write transaction)."""
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    AccessToken.update(revoked_at=now).where(
        (AccessToken.match_id == match_id)
        & AccessToken.kind.in_(kinds)
        & AccessToken.revoked_at.is_null()
    ).execute()
    return issue(match_id, kinds)


def issue_seats(match_id: str, players: list[str]) -> list[dict[str, str]]:
    """One seat credential per player (issue 11), replacing the player's live one (inside a
    write transaction).

    :returns: ``[{"player": name, "token": "st_…"}]`` (shown once; only hashes are stored).
    """
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    AccessToken.update(revoked_at=now).where(
        (AccessToken.match_id == match_id)
        & (AccessToken.kind == "seat")
        & AccessToken.seat.in_(players)
        & AccessToken.revoked_at.is_null()
    ).execute()
    made = []
    for player in players:
        token = _PREFIX["seat"] + secrets.token_urlsafe(24)
        AccessToken.create(match_id=match_id, kind="seat", seat=player,
                           token_hash=token_hash(token))
        made.append({"player": player, "token": token})
    return made


class Grant(NamedTuple):
    """What a presented token grants: its ``kind`` ("write", "read" or "seat"), the
    ``token_id`` of its stored row (which names the credential in the ledger when the writer
    gives no name) and, for a seat, the ``seat`` (the player's name)."""

    kind: str
    token_id: int
    seat: str | None = None

    @property
    def principal(self) -> str:
        """Who makes an entry, as the ledger records it: "seat:Ann" or "write token"."""
        return f"seat:{self.seat}" if self.kind == "seat" else "write token"


def authenticate(match_id: str, token: str | None, needed: str) -> Grant:
    """What ``token`` grants on ``match_id`` when it grants ``needed`` (see :data:`Needed`:
    the write token grants everything, a seat reads and records, the read token reads).

    :raises TokenRefused: 401 when missing, unknown or revoked; 403 when it is a token of
        another match, or does not grant ``needed``.
    """
    if not token:
        raise TokenRefused(401, "This match needs its token: send 'Authorization: Bearer …'.")
    presented = token_hash(token)
    row = execute(_LIVE_TOKEN, (presented,)).fetchone()
    if row is None or not hmac.compare_digest(row[2], presented):
        raise TokenRefused(401, "This token is not valid (wrong, or rotated away).")
    token_match, kind, token_id, seat = row[0], row[1], row[3], row[4]
    if not hmac.compare_digest(token_match, match_id):
        raise TokenRefused(403, "This token belongs to another match.")
    if kind == "read" and needed != "read":
        raise TokenRefused(403, "This is the read-only share token: recording needs the write "
                                "token or a seat's.")
    if kind == "seat" and needed == "write":
        raise TokenRefused(403, "A seat records, confirms and disputes deals; this needs the "
                                "match's write token.")
    if kind not in ("write", "read", "seat"):
        raise TokenRefused(401, "This token is not valid (wrong, or rotated away).")
    return Grant(kind, int(token_id), seat if kind == "seat" else None)


# Every request runs it: written out (see referee.store.db.execute).
_LIVE_TOKEN = (
    'SELECT "match_id", "kind", "token_hash", "id", "seat" FROM "access_token" '
    'WHERE "token_hash" = ? AND "revoked_at" IS NULL'
)
