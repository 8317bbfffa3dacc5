"""How a route writes to a match: the Idempotency-Key (its claim, a retry's stored answer),
and :func:`write`, the one write transaction, opened here (:func:`referee.folds.transact`):
the claim, the If-Match check, the decision, the events and the stored answer commit
together. The store calls nothing back: this layer calls the store's and the fold's steps
in order.

A refusal (a stale version, a step the rules refuse, a key reused) propagates, answered by
:mod:`referee.api.handlers`.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

import marshmallow as ma
from flask import Response, request

from referee import folds
from referee.api.access import authorize, etag, expected_version
from referee.api.dumping import answer_text, response_dumper
from referee.api.errors import ProblemError
from referee.api.problems import BAD_REQUEST
from referee.i18n.details import KEY_LENGTH
from referee.match.state import MatchState
from referee.store import idempotency
from referee.store.chain import canonical_json


def idempotency_key() -> str | None:
    """The request's ``Idempotency-Key`` (quotes taken off), or None.

    :raises ProblemError: 400, not 1 to 255 characters (or only double quotes).
    """
    sent = request.headers.get("Idempotency-Key")
    if sent is None:
        return None
    sent = sent.strip()
    key = sent.strip('"')
    # As the document's IdempotencyKey parameter says: 1 to 255 characters as sent, not only
    # double quotes.
    if not 1 <= len(sent) <= 255 or not key:
        raise ProblemError(BAD_REQUEST, KEY_LENGTH.said())
    return key


def request_fingerprint(who: str = "") -> str:
    """sha256 of the request (method, path, canonical body; ``who`` when the answer belongs
    to one credential, e.g. the hash of the token that rotated)."""
    raw = request.get_data(cache=True)
    try:
        canonical = canonical_json(json.loads(raw)) if raw else ""
    except ValueError:
        canonical = raw.decode("utf-8", "replace")
    text = f"{request.method} {request.path}\n{canonical}\n{who}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def claim_key(scope: str, key: str | None, fingerprint: str | None
           ) -> idempotency.StoredResponse | None:
    """Claim the key inside the write's transaction (a concurrent duplicate waits for the
    first request's transaction, then gets its stored answer): the stored answer of a retry,
    or None (a first request, or no key).

    :raises idempotency.KeyReused: the key was used for another request (422).
    """
    if key is None or fingerprint is None:
        return None
    return idempotency.claim(scope, key, fingerprint)


@functools.cache
def response_schema(schema: type[ma.Schema]) -> ma.Schema:
    """One instance per response schema (building one deep-copies all its fields)."""
    return schema()


def json_response(text: str, status: int, headers: dict[str, str]) -> Response:
    """An ``application/json`` answer of ``text`` (JSON already dumped)."""
    return Response(text, status=status, mimetype="application/json", headers=headers)


def replay(stored: idempotency.StoredResponse, body: str | None = None) -> Response:
    """A retry's answer: the stored one (its ``body`` replaced, e.g. with credentials made
    again), marked ``Idempotent-Replayed: true``."""
    headers = {**stored.headers, "Idempotent-Replayed": "true"}
    return json_response(stored.body if body is None else body, stored.status, headers)


def write(
    match_id: str,
    body: dict[str, Any],
    decide: Callable[[MatchState], Sequence[Any]],
    render: Callable[[folds.Appended], dict[str, Any]],
    schema: type[ma.Schema],
    status: int = 200,
    version_required: bool = True,
    needed: str = "write",
    any_version: bool = False,
) -> Response:
    """One write to a match, THE way a route records: authorize (``needed``: "write", or
    "record" for what a seat's token may do too), then in ONE transaction
    (:func:`referee.folds.transact`) claim the Idempotency-Key (a retry, or a duplicate
    that waited for the first, gets the stored answer), check If-Match against the match's
    current version (:func:`referee.folds.expect`, 412), decide, append the events
    (:func:`referee.folds.append`) and store the answer for the key. A refusal or a crash
    rolls all of it back.

    ``decide(state)`` returns the events to append (pure; it raises MatchError/RecordError
    to refuse, answered by :mod:`referee.api.handlers`); ``render(appended)`` the answer's
    body, dumped with ``schema``.
    ``any_version``: ``If-Match: *`` is accepted (a write that cannot record anything twice).
    """
    grant = authorize(match_id, needed)
    # The actor is the credential that wrote; a name sent (``by``) is a note in the payload
    # (corrections always name someone: the name sent, else the credential).
    sent_by = body.get("by")
    body.setdefault("by", grant.label)
    expected = expected_version(body, version_required, any_version)
    key = idempotency_key()
    fingerprint = request_fingerprint() if key is not None else None

    def work() -> Response:
        stored = claim_key(match_id, key, fingerprint)
        if stored is not None:
            return replay(stored)
        fold = folds.expect(match_id, expected)
        appended = folds.append(match_id, fold, noted(decide(fold.state()), sent_by),
                                grant.label)
        text = answer_text(response_dumper(schema)(render(appended)))
        headers = {"ETag": etag(appended.state)}
        if key is not None:
            first = appended.events[0].seq if appended.events else None
            idempotency.complete(match_id, key, idempotency.StoredResponse(
                status, text, headers), match_id, first)
        return json_response(text, status, headers)

    return folds.transact(work, match_id)


def noted(events: Sequence[Any], by: str | None) -> Sequence[Any]:
    """The events a write decided, the name its sender gave (``by``: a note, not who wrote;
    the event's actor is the credential) in the first one's payload unless it has its own
    ``by`` (corrections)."""
    if by is None or not events or "by" in events[0][1]:
        return events
    kind, payload = events[0]
    noted = events if isinstance(events, list) else list(events)
    noted[0] = (kind, {**payload, "by": by})
    return noted
