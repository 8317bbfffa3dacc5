"""The stored matches' blueprint, ``/v1/matches``: one blueprint (its routes' endpoints are
``matches.<view>``, its OpenAPI tag "matches"), its answers' common headers (304 on a current
``If-None-Match``, ``no-store`` on credentials).

Its views live by resource — :mod:`~referee.api.match_views` (the match, who am I),
:mod:`~referee.api.writes` (steps, deals, agreements, corrections),
:mod:`~referee.api.credentials` (create, tokens, recovery, seats, join),
:mod:`~referee.api.ledger_views` (the ledger, the log, the chain's check) — and
:mod:`~referee.api.routes` maps each route to its view.
"""

from __future__ import annotations

from flask import Response, request

from referee.api.blueprint import Blueprint

blp = Blueprint(
    "matches",
    __name__,
    url_prefix="/v1/matches",
    description="Stored matches: an append-only ledger per match, standings, corrections.",
)


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
