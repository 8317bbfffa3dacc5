"""Who asks and against which version: a match route's bearer token and the grant it gives,
``If-Match`` (or ``expected_version``) and the ETag, the match loaded for a read.

A credential refused (:class:`referee.store.tokens.TokenRefused`) or a match not found is
answered by :mod:`referee.api.handlers`.
"""

from __future__ import annotations

from typing import Any

from flask import g, request

from referee import folds
from referee.api.errors import ProblemError
from referee.api.language import note_table_language
from referee.api.problems import PRECONDITION_FAILED, PRECONDITION_REQUIRED
from referee.i18n import details
from referee.match.state import ORGANISER, MatchState
from referee.store import tokens

#: Security requirement documented on every match route (the match's bearer token).
BEARER: list[dict[str, list[str]]] = [{"bearerAuth": []}]


def etag(state: MatchState) -> str:
    """The match's ETag: its version, ``"v12"`` (what a write sends back in If-Match).

    Every answer about a match asks for its ETag here, so here the answer learns the match's
    table language (:func:`referee.api.language.note_table_language`)."""
    note_table_language(state.options)
    return f'"v{state.version}"'


def bearer_token() -> str | None:
    """The request's ``Authorization: Bearer …`` token, or None."""
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def authorize(match_id: str, needed: str, revoked_ok: bool = False) -> tokens.Grant:
    """401 without a live token, 403 with another match's token (or one that does not grant
    ``needed``: "read", "record" or "write", see :data:`referee.store.tokens.Needed`). The
    grant is kept for the request (:func:`principal`). ``revoked_ok``: see
    :func:`referee.store.tokens.authenticate`."""
    grant = tokens.authenticate(match_id, bearer_token(), needed, revoked_ok)
    g.grant = grant
    return grant


def principal_of(grant: tokens.Grant) -> str:
    """Who makes an entry with ``grant``: "seat:Ann", "write token", or
    :data:`~referee.match.state.ORGANISER` for an event's organiser at one of its tables
    (docs/events.md E11)."""
    return ORGANISER if grant.organiser else grant.principal


def principal() -> str:
    """Who makes this request's entry (:func:`principal_of` its credential)."""
    grant: tokens.Grant = g.grant
    return principal_of(grant)


def expected_version(body: dict[str, Any], required: bool, any_ok: bool = False) -> int | None:
    """The version the client last read: ``If-Match: "v12"`` or ``expected_version`` in the
    body. ``required``: 428 when neither is given. ``any_ok``: ``If-Match: *`` (any version)
    is accepted, for writes that cannot record anything twice (token rotation); elsewhere it
    is 428 too."""
    header = request.headers.get("If-Match")
    if header and header.strip() == "*":
        if any_ok or not required:
            return None  # RFC 9110: any current version
        raise ProblemError(PRECONDITION_REQUIRED, details.IF_MATCH_ANY.said())
    if header:
        value = header.strip().removeprefix("W/").strip('"')
        if value.startswith("v") and value[1:].isdigit():
            return int(value[1:])
        raise ProblemError(PRECONDITION_FAILED, details.IF_MATCH_BAD.said())
    expected = body.pop("expected_version", None)
    if expected is None and required:
        raise ProblemError(PRECONDITION_REQUIRED, details.IF_MATCH_MISSING.said())
    return int(expected) if expected is not None else None


def read_state(match_id: str, whole: bool = False) -> MatchState:
    """The match for a read (``whole``: every stored link checked now, for what serves the
    whole ledger).

    :raises TokenRefused: no credential that reads this match.
    :raises MatchNotFound: no such match.
    :raises LedgerTampered: it does not verify.
    """
    authorize(match_id, "read")
    return folds.load_state(match_id, whole)
