"""Access tokens per match: a write token and a read-only share token.

Tokens are shown once, when made; only their sha256 is stored, and a presented token's hash
is compared in constant time. Rotating revokes a kind's live tokens and makes new ones.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import secrets
from typing import Literal

from referee.store.db import execute
from referee.store.models import AccessToken

Kind = Literal["write", "read"]
KINDS: tuple[Kind, Kind] = ("write", "read")
_PREFIX = {"write": "rw_", "read": "ro_"}


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


def authenticate(match_id: str, token: str | None, needed: Kind) -> Kind:
    """The kind of ``token`` for ``match_id`` when it grants ``needed`` (write grants read).

    :raises TokenRefused: 401 when missing, unknown or revoked, or a read token used to
        write; 403 when it is a token of another match.
    """
    if not token:
        raise TokenRefused(401, "This match needs its token: send 'Authorization: Bearer …'.")
    presented = token_hash(token)
    row = execute(_LIVE_TOKEN, (presented,)).fetchone()
    if row is None or not hmac.compare_digest(row[2], presented):
        raise TokenRefused(401, "This token is not valid (wrong, or rotated away).")
    token_match, kind = row[0], row[1]
    if not hmac.compare_digest(token_match, match_id):
        raise TokenRefused(403, "This token belongs to another match.")
    if needed == "write" and kind != "write":
        raise TokenRefused(403, "This is the read-only share token: recording needs the write "
                                "token.")
    return "write" if kind == "write" else "read"


# Every request runs it: written out (see referee.store.db.execute).
_LIVE_TOKEN = (
    'SELECT "match_id", "kind", "token_hash" FROM "access_token" '
    'WHERE "token_hash" = ? AND "revoked_at" IS NULL'
)
