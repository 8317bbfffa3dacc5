"""What the OpenAPI document says of every operation beyond its schemas, decided in one place.

An apispec plugin (:class:`Contract`) gives each operation, as its path is added to the
document:

- its ``operationId`` (:data:`OPERATION_IDS`: the verb and the thing, ``recordDeal``,
  ``scorePiquetSheet``), so generated clients have names people would write;
- the HTTP headers the server reads and sends, as parameters and response headers:
  ``Idempotency-Key`` and ``If-Match`` on every write to a match (and an event's, but for
  starting a round, If-Match only; its create takes neither), ``If-None-Match`` on the
  reads that answer 304, ``ETag`` on the answers that carry the match's version (their 2xx,
  304 and 412) and ``Idempotent-Replayed`` on a write's answer given again;
  ``Accept-Language`` on every operation and ``Content-Language`` on its answers (the
  players' languages, docs/translating.md);
- ``security: []`` on the operations that need no token (the stateless rulings, the create,
  the probes), so the document's lack of a global ``security`` reads as "public".

The routes keep their schemas, statuses and docstrings; nothing here is repeated there.
"""

from __future__ import annotations

from typing import Any

from apispec import BasePlugin

#: Every operation's id, by (method, path). tests/test_openapi.py keeps it complete.
OPERATION_IDS: dict[tuple[str, str], str] = {
    ("get", "/healthz"): "checkLiveness",
    ("get", "/readyz"): "checkReadiness",
    ("post", "/v1/matches"): "createMatch",
    ("post", "/v1/matches/{match_id}/tokens"): "rotateTokens",
    ("post", "/v1/matches/{match_id}/tokens:recover"): "recoverTokens",
    ("get", "/v1/matches/{match_id}"): "getMatch",
    ("get", "/v1/matches/{match_id}/me"): "getViewer",
    ("post", "/v1/matches/{match_id}/me:join"): "joinSeat",
    ("post", "/v1/matches/{match_id}/events"): "recordStep",
    ("post", "/v1/matches/{match_id}/deals"): "recordDeal",
    ("post", "/v1/matches/{match_id}/deals/{deal}/cards"): "recordDealCards",
    ("post", "/v1/matches/{match_id}/deals/{deal}/confirm"): "confirmDeal",
    ("post", "/v1/matches/{match_id}/deals/{deal}/dispute"): "disputeDeal",
    ("post", "/v1/matches/{match_id}/seats"): "issueSeats",
    ("post", "/v1/matches/{match_id}/undo"): "undoLastEntry",
    ("post", "/v1/matches/{match_id}/deals/{deal}/void"): "voidDeal",
    ("post", "/v1/matches/{match_id}/deals/{deal}/amend"): "amendDeal",
    ("get", "/v1/matches/{match_id}/ledger"): "getLedger",
    ("get", "/v1/matches/{match_id}/ledger.csv"): "getLedgerCsv",
    ("get", "/v1/matches/{match_id}/record"): "getMatchRecord",
    ("get", "/v1/matches/{match_id}/log"): "getEventLog",
    ("get", "/v1/matches/{match_id}/verify"): "verifyChain",
    ("get", "/v1/matches/{match_id}/stream"): "followMatch",
    ("post", "/v1/events"): "createEvent",
    ("get", "/v1/events/{event_id}"): "getEvent",
    ("post", "/v1/events/{event_id}/players"): "checkInPlayers",
    ("post", "/v1/events/{event_id}/players:leave"): "leaveEvent",
    ("post", "/v1/events/{event_id}/seats:substitute"): "substitutePlayer",
    ("post", "/v1/events/{event_id}/teams"): "formTeams",
    ("post", "/v1/events/{event_id}/rounds"): "startRound",
    ("post", "/v1/events/{event_id}/rounds:end"): "endRound",
    ("post", "/v1/events/{event_id}/rounds/{round_number}/tables/{table}/links"): "relinkTable",
    ("get", "/v1/events/{event_id}/where"): "getPlayerSeat",
    ("get", "/v1/events/{event_id}/standings"): "getEventStandings",
    ("get", "/v1/events/{event_id}/payments"): "getEventPayments",
    ("get", "/v1/events/{event_id}/statistics"): "getEventStatistics",
    ("get", "/v1/events/{event_id}/stream"): "streamEvent",
    ("post", "/v1/clubs"): "createClub",
    ("get", "/v1/clubs/{club_id}"): "getClub",
    ("post", "/v1/clubs/{club_id}/players"): "addClubPlayer",
    ("get", "/v1/clubs/{club_id}/players/{player_id}"): "getClubPlayer",
    ("post", "/v1/clubs/{club_id}/players/{player_id}/rename"): "renameClubPlayer",
    ("post", "/v1/clubs/{club_id}/players/{player_id}/merge"): "mergeClubPlayers",
    ("post", "/v1/clubs/{club_id}/players/{player_id}/remove"): "removeClubPlayer",
    ("get", "/v1/clubs/{club_id}/statistics"): "getClubStatistics",
    ("post", "/v1/piquet/deals:score"): "scorePiquetDeal",
    ("post", "/v1/piquet/sheets:score"): "scorePiquetSheet",
    ("post", "/v1/piquet/totals:check"): "checkPiquetTotals",
    ("post", "/v1/piquet/declarations:compare"): "comparePiquetDeclarations",
    ("post", "/v1/piquet/parties:settle"): "settlePiquetPartie",
    ("post", "/v1/pitch/hands:score"): "scorePitchHand",
    ("post", "/v1/pitch/sheets:score"): "scorePitchSheet",
    ("post", "/v1/pitch/totals:check"): "checkPitchTotals",
    ("post", "/v1/pitch/bidding:check"): "checkPitchBidding",
    ("post", "/v1/records:score"): "scoreRecord",
    ("post", "/v1/matches:import"): "importMatch",
}

#: The match's version as its ETag: ``"v12"``.
ETAG_PATTERN = r'^(W/)?"v[0-9]+"$'

PARAMETERS: dict[str, dict[str, Any]] = {
    "IfMatch": {
        "name": "If-Match",
        "in": "header",
        "required": False,
        "description": (
            "The ETag of the match (or event) as last read (`\"v12\"`): a write against an "
            "older version is refused with 412 (the match, or event, as it stands, and its "
            "ETag). A write that records in the ledger needs it, or `expected_version` in the "
            "body (else 428); so does every write to an event."
        ),
        # Any string: one that is no ETag of the match is answered 412, like a stale one.
        "schema": {"type": "string", "example": '"v12"'},
    },
    "IdempotencyKey": {
        "name": "Idempotency-Key",
        "in": "header",
        "required": False,
        "description": (
            "Any 1 to 255 characters the client makes once per intended write (a UUID; "
            "else 400): a retry with the same key gets the stored answer "
            "(`Idempotent-Replayed: true`), never a second entry; the same key with a "
            "different body is 422."
        ),
        # The server's rule (referee.api.writing.idempotency_key): 1 to 255 characters as
        # sent, not only double quotes (a key may be sent quoted).
        "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": '[^"]'},
    },
    "AcceptLanguage": {
        "name": "Accept-Language",
        "in": "header",
        "required": False,
        "description": (
            "The languages the client reads, best first (q values): `en`, `fr`, `de` or `pl`, "
            "a region falling back to its language (`fr-CA` → `fr`), anything else English. "
            "Only sentences change (findings' `what`, Piquet's count words, problem titles and "
            "the sentences with words in that language); codes, rule sections, locations, "
            "params and numbers do not. A match created with `options.language` answers in "
            "that language instead (docs/translating.md)."
        ),
        "schema": {"type": "string", "example": "fr-CA, fr;q=0.9, en;q=0.5"},
    },
    "IfNoneMatch": {
        "name": "If-None-Match",
        "in": "header",
        "required": False,
        "description": "The ETag last read: 304 with no body while the match is unchanged.",
        "schema": {"type": "string", "example": '"v12"'},
    },
}

HEADERS: dict[str, dict[str, Any]] = {
    "ETag": {
        "description": "The match's version after this answer (`\"v12\"`): send it as "
                       "If-Match on the next write, or If-None-Match to poll.",
        "schema": {"type": "string", "pattern": ETAG_PATTERN},
    },
    "ContentLanguage": {
        "description": "The language the answer's sentences are in: `en`, `fr`, `de` or `pl`.",
        "schema": {"type": "string", "enum": ["en", "fr", "de", "pl"]},
    },
    "IdempotentReplayed": {
        "description": "`true` on an answer given again for a retried Idempotency-Key.",
        "schema": {"type": "string", "enum": ["true"]},
    },
}


def _ref(kind: str, name: str) -> dict[str, str]:
    return {"$ref": f"#/components/{kind}/{name}"}


def _is_match_write(method: str, path: str) -> bool:
    """A POST that changes a match (the create included)."""
    return method == "post" and path.startswith("/v1/matches")


def _is_event_write(method: str, path: str) -> bool:
    """A POST that changes an event or a club (not its create): If-Match and an
    Idempotency-Key."""
    return method == "post" and path.startswith(("/v1/events/", "/v1/clubs/"))


def _is_idempotent_write(method: str, path: str) -> bool:
    """A write that takes an Idempotency-Key (every match's, event's and club's, creates
    included)."""
    return method == "post" and path.startswith(("/v1/matches", "/v1/events", "/v1/clubs"))


class Contract(BasePlugin):
    """apispec plugin: operationIds, header parameters and response headers, public
    operations' ``security: []`` (see the module's docstring)."""

    def init_spec(self, spec: Any) -> None:
        super().init_spec(spec)
        for name, parameter in PARAMETERS.items():
            where = parameter["in"]
            spec.components.parameter(name, where, {k: v for k, v in parameter.items()
                                                     if k != "in"})
        for name, header in HEADERS.items():
            spec.components.header(name, dict(header))

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None,
                         **kwargs: Any) -> None:
        if path is None or operations is None:
            return
        for method, operation in operations.items():
            self._operation(method, path, operation)

    @staticmethod
    def _operation(method: str, path: str, operation: dict[str, Any]) -> None:
        operation["operationId"] = OPERATION_IDS[(method, path)]
        operation.setdefault("security", [])
        responses: dict[str, Any] = operation.get("responses", {})
        parameters = operation.setdefault("parameters", [])
        parameters.append("AcceptLanguage")  # a component, by name: every answer has words
        cacheable = method == "get" and "304" in {str(status) for status in responses}
        if _is_idempotent_write(method, path):
            parameters.append("IdempotencyKey")  # a component, by name
        if (_is_match_write(method, path) and path != "/v1/matches") or _is_event_write(
                method, path):
            parameters.append("IfMatch")  # a component, by name
        if cacheable:
            parameters.append("IfNoneMatch")  # a component, by name
        for status, response in responses.items():
            headers = _headers(method, path, str(status), cacheable)
            # A shared response component (named by a string, as 412's PRECONDITION_FAILED)
            # states its own headers (referee.api.errors).
            if headers and isinstance(response, dict) and "$ref" not in response:
                response["headers"] = {**response.get("headers", {}), **headers}


def _headers(method: str, path: str, status: str, cacheable: bool) -> dict[str, Any]:
    """The response headers of one status of an operation."""
    headers: dict[str, Any] = {"Content-Language": _ref("headers", "ContentLanguage")}
    write = _is_idempotent_write(method, path)
    read_event = method == "get" and path in ("/v1/events/{event_id}",
                                              "/v1/clubs/{club_id}") and status == "200"
    if (cacheable and status in ("200", "304")) or (write and status.startswith("2")) or (
            status == "412" and path.startswith(("/v1/matches/", "/v1/events/",
                                                 "/v1/clubs/"))) or read_event:
        headers["ETag"] = _ref("headers", "ETag")
    if _is_idempotent_write(method, path) and status.startswith("2"):
        headers["Idempotent-Replayed"] = _ref("headers", "IdempotentReplayed")
    return headers

