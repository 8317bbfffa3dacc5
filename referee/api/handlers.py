"""Every error a request can end with, answered in one place (design.md, "API conventions").

The layers below raise their own errors (a match that is not there, a stale version, a step
the rules refuse, a token refused, a ledger full or tampered with, a database fault); this
module is the one table from those errors to problem+json answers and their statuses
(:data:`DOMAIN_ERRORS`, looked up along the error's class hierarchy as Flask does). Views
raise and let them come here; :class:`~referee.api.errors.ProblemError` is for what the HTTP
layer itself refuses. Anything else is a bug: 500, logged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import peewee
from flask import Flask, Response, current_app, request
from playhouse.pool import MaxConnectionsExceeded

from referee import folds, metrics
from referee.api import problems as registry
from referee.api.errors import input_errors, located_errors, problem_response
from referee.api.match_views import state_dict
from referee.api.problems import (
    BAD_REQUEST,
    CLUB_REFUSED,
    CREATE_QUOTA_EXCEEDED,
    DATABASE_BUSY,
    DATABASE_UNAVAILABLE,
    EVENT_REFUSED,
    IDEMPOTENCY_KEY_REUSED,
    INTERNAL_SERVER_ERROR,
    LEDGER_FULL,
    LEDGER_TAMPERED,
    NOT_FOUND,
    RECORD_NOT_SCORABLE,
    REFUSED,
    RULE_VIOLATION,
    STALE_VERSION,
    STORAGE_FULL,
    WRITE_OUTCOME_UNKNOWN,
    ProblemType,
)
from referee.events import EventError
from referee.events.players import ClubError
from referee.i18n import details
from referee.i18n.details import duration
from referee.match.state import Clash, MatchError
from referee.store import idempotency, ledger, quota, tokens
from referee.store.club_events import EventNotFound
from referee.store.clubs import ClubNotFound
from referee.store.db import DatabaseBusy, WriteOutcomeUnknown
from referee.violations import InputError, RecordError


def _match_id() -> str:
    """The match the request names (its route's ``match_id``), or "" (a create)."""
    return str((request.view_args or {}).get("match_id", ""))


def _etag(version: int) -> dict[str, str]:
    return {"ETag": f'"v{version}"'}


def _not_found(error: ledger.MatchNotFound) -> Response:
    return problem_response(NOT_FOUND, details.NO_MATCH.said(id=_match_id()))


def _stale(error: folds.VersionMismatch) -> Response:
    """412: the match moved on since the client read it; the match as it stands and its ETag."""
    return problem_response(
        STALE_VERSION, details.STALE.said(),
        extra={"match": state_dict(_match_id(), error.current)},
        headers=_etag(error.current.version),
    )


def _clash(clash: Clash) -> Response:
    """409 for a :class:`Clash`: what the match layer found (the existing entry or step, the
    next deal or place), the match as it stands and its ETag (to send again with)."""
    return problem_response(
        registry.lookup(clash.problem), _first(clash), violations=clash.violations,
        extra={**clash.details, "match": state_dict(_match_id(), clash.state)},
        headers=_etag(clash.state.version),
    )


def _first(error: MatchError | RecordError) -> str:
    """The first violation's sentence (the error's English), worded at the edge from its
    message code and parameters (:class:`referee.i18n.sentences.ViolationSaid`)."""
    from referee.i18n.sentences import ViolationSaid

    return ViolationSaid(error.violations[0]) if error.violations else str(error)


def _event_refused(error: EventError) -> Response:
    """422 ``event-refused``: a change the event refuses (docs/events.md), with its ``code``
    and the ``section`` that says why; what was refused where in ``errors``, worded as a
    schema's (the tables' options)."""
    errors = located_errors(error.errors) if error.errors is not None else None
    return problem_response(EVENT_REFUSED,
                            details.refusal(str(error), error.words, error.params),
                            errors=errors, extra={"code": error.code, "section": error.section})


def _event_not_found(error: EventNotFound | ClubNotFound) -> Response:
    """404: no event, or no club, of the id asked for (worded as a token's look-up says it)."""
    owner, found = ("event", error.event_id) if isinstance(error, EventNotFound) \
        else ("club", error.club_id)
    refused = tokens.refused(404, f"no_such.{owner}", id=found)
    return problem_response(NOT_FOUND, details.refusal(str(refused), refused.words,
                                                       refused.params))


def _club_refused(error: ClubError) -> Response:
    """422 ``club-refused``: a change the club's player list refuses (docs/events.md E13),
    with its ``code`` and ``section``."""
    return problem_response(CLUB_REFUSED,
                            details.refusal(str(error), error.words, error.params),
                            extra={"code": error.code, "section": error.section})


def _refused(error: MatchError) -> Response:
    return problem_response(REFUSED, _first(error), violations=error.violations)


def _token_refused(refused: tokens.TokenRefused) -> Response:
    """401 (no live token; a bearer challenge, but for a recovery code), 403 (another
    match's token, or one that does not grant what the route needs) or 404."""
    challenge = refused.status == 401 and request.endpoint != "matches.recover_tokens"
    said = details.refusal(str(refused), refused.words, refused.params)
    return problem_response(refused.status, said, headers=(
        {"WWW-Authenticate": 'Bearer realm="referee"'} if challenge else {}))


def _key_reused(error: idempotency.KeyReused) -> Response:
    return problem_response(IDEMPOTENCY_KEY_REUSED, details.KEY_REUSED.said())


def _unreadable(error: InputError) -> Response:
    """400 for input that cannot be read (words that name no combination, a slip of the pen:
    never an irregularity): ``errors`` keyed by location, as for a body off the schema."""
    from referee.api.language import answer_locale
    from referee.i18n.sentences import CANNOT_READ, violation_words

    locale = answer_locale()
    errors = input_errors(error, lambda v: violation_words(v, locale))
    first = next(iter(errors.values()))[0] if errors else str(error)
    return problem_response(BAD_REQUEST, CANNOT_READ(locale, first=first), errors=errors)


def _record_refused(error: RecordError) -> Response:
    """422. On a match (a write): ``rule-violation``, nothing recorded. Elsewhere (a record
    sent to be ruled, /v1/pitch, /v1/piquet): ``record-not-scorable``, the record breaks the
    rules too badly to be ruled on (Q11, P9). The violations say why."""
    if request.blueprint == "matches":
        return problem_response(RULE_VIOLATION, details.NOT_RECORDED.said(first=_first(error)),
                                violations=error.violations)
    return problem_response(
        RECORD_NOT_SCORABLE, details.NOT_SCORABLE.said(first=_first(error)),
        violations=error.violations,
    )


def _quota_exceeded(refused: quota.QuotaExceeded) -> Response:
    """429: the client address created its quota of matches (docs/security.md, "Limits and
    their defaults"), with ``Retry-After`` (seconds); counted."""
    limit = int(current_app.config["CREATE_QUOTA"])
    window = int(current_app.config["CREATE_QUOTA_SECONDS"])
    metrics.LIMIT_REFUSALS.labels("create_quota").inc()
    return problem_response(
        CREATE_QUOTA_EXCEEDED,
        details.QUOTA.said(limit=limit, window=duration(window),
                           wait=duration(refused.retry_after)),
        headers={"Retry-After": str(refused.retry_after)},
    )


def _full(error: ledger.LedgerFull) -> Response:
    current_app.logger.warning("ledger full: match %s holds its %d events", error.match_id,
                               error.limit)
    return problem_response(
        LEDGER_FULL,
        details.LEDGER_FULL.said(limit=error.limit),
        extra={"max_events": error.limit},
    )


def _tampered(error: ledger.LedgerTampered) -> Response:
    metrics.LEDGERS_DAMAGED.inc()
    current_app.logger.error("LEDGER TAMPERED: match %s does not verify at event %d",
                             error.match_id, error.seq)
    return problem_response(
        LEDGER_TAMPERED,
        details.LEDGER_TAMPERED.said(seq=error.seq),
        extra={"broken_at": error.seq},
    )


def _database_fault(error: Exception) -> Response:
    """503 (:func:`database_fault`), logged and counted; a programming error: 500."""
    fault = database_fault(error)
    if fault is None:  # a programming error (a bad statement, a constraint): a bug
        return _unexpected(error)
    metrics.DATABASE_FAULTS.labels(fault.kind.slug).inc()
    current_app.logger.error("database fault (%s) on %s %s, match %s: %s", fault.kind.slug,
                             request.method, request.path, _match_id() or "-", error,
                             exc_info=error)
    return problem_response(fault.kind, fault.detail,
                            headers={"Retry-After": str(fault.retry_after)})


def _unexpected(error: Exception) -> Response:
    current_app.logger.exception("unhandled error", exc_info=error)
    return problem_response(INTERNAL_SERVER_ERROR, details.UNEXPECTED.said())


#: The one table: each error of the layers below and how it is answered (the most specific
#: class of an error's hierarchy wins: a Clash is no plain MatchError, an InputError no plain
#: RecordError).
DOMAIN_ERRORS: dict[type[Exception], Callable[[Any], Response]] = {
    ledger.MatchNotFound: _not_found,               # 404
    folds.VersionMismatch: _stale,                 # 412 stale-version
    Clash: _clash,                                  # 409, its registered type
    MatchError: _refused,                           # 422 refused
    EventError: _event_refused,                     # 422 event-refused
    EventNotFound: _event_not_found,                # 404
    ClubError: _club_refused,                       # 422 club-refused
    ClubNotFound: _event_not_found,                 # 404
    tokens.TokenRefused: _token_refused,            # 401, 403, 404
    idempotency.KeyReused: _key_reused,             # 422 idempotency-key-reused
    quota.QuotaExceeded: _quota_exceeded,           # 429 create-quota-exceeded
    InputError: _unreadable,                        # 400
    RecordError: _record_refused,                   # 422 rule-violation, record-not-scorable
    ledger.LedgerFull: _full,                       # 409 ledger-full
    ledger.LedgerTampered: _tampered,               # 500 ledger-tampered
    DatabaseBusy: _database_fault,                  # 503, see database_fault
    WriteOutcomeUnknown: _database_fault,
    peewee.DatabaseError: _database_fault,
    peewee.InterfaceError: _database_fault,
    MaxConnectionsExceeded: _database_fault,
    Exception: _unexpected,                         # 500: a bug
}


def register_error_handlers(app: Flask) -> None:
    """Answer every error of :data:`DOMAIN_ERRORS` as it says (HTTP errors, ProblemError
    included, are :class:`~referee.api.errors.ProblemApi`'s)."""
    for kind, answer in DOMAIN_ERRORS.items():
        app.register_error_handler(kind, answer)


@dataclass(frozen=True)
class DatabaseFault:
    """How a database fault is answered: 503 problem+json of ``kind`` (a registered type)
    with ``detail`` and ``Retry-After: retry_after`` (seconds)."""

    kind: ProblemType
    detail: str
    retry_after: int


_UNAVAILABLE = DatabaseFault(DATABASE_UNAVAILABLE, details.DATABASE_UNAVAILABLE.said(), 5)
_BUSY = DatabaseFault(DATABASE_BUSY, details.DATABASE_BUSY.said(), 1)
_FULL = DatabaseFault(STORAGE_FULL, details.STORAGE_FULL.said(), 30)
_UNKNOWN = DatabaseFault(WRITE_OUTCOME_UNKNOWN, details.WRITE_OUTCOME_UNKNOWN.said(), 1)

#: Words of the drivers' errors that say the disk is full (SQLite, PostgreSQL).
_FULL_WORDS = ("database or disk is full", "no space left on device", "disk full",
               "could not extend file", "could not write to file")
#: … and that a lock or a statement waited past its bound.
_BUSY_WORDS = ("database is locked", "database table is locked", "lock timeout",
               "canceling statement due to statement timeout", "could not obtain lock")


def database_fault(error: BaseException) -> DatabaseFault | None:
    """The 503 a database error is answered with, or None for an error that is a bug
    (a constraint or a statement the code got wrong: a 500).

    Disk full → ``storage-full``; a lock or statement past its bound, or the pool empty past
    its wait → ``database-busy``; a COMMIT whose reply was lost → ``write-outcome-unknown``;
    anything else the database or its connection fails with → ``database-unavailable``.
    """
    if isinstance(error, WriteOutcomeUnknown):
        return _UNKNOWN
    if isinstance(error, (DatabaseBusy, MaxConnectionsExceeded)):
        return _BUSY
    if isinstance(error, (peewee.IntegrityError, peewee.ProgrammingError)):
        return None
    text = " ".join(str(e).lower() for e in (error, error.__cause__, error.__context__) if e)
    if any(words in text for words in _FULL_WORDS):
        return _FULL
    if any(words in text for words in _BUSY_WORDS):
        return _BUSY
    return _UNAVAILABLE
