"""Errors as RFC 9457 problem+json, handled in one place (design.md, "API conventions").

Every error response has ``type``, ``title``, ``status`` and ``detail``; rule errors add
``violations`` (a list of ``{code, rule, rule_url, message, location}``), validation errors add
``errors`` (marshmallow's messages keyed by location in the body).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, NoReturn

import marshmallow as ma
import peewee
from flask import Flask, Response, json, request
from flask_smorest import Api
from playhouse.pool import MaxConnectionsExceeded
from werkzeug.exceptions import HTTPException

from referee import metrics
from referee.api import problems as registry
from referee.api.problems import (
    BAD_REQUEST,
    DATABASE_BUSY,
    DATABASE_UNAVAILABLE,
    INTERNAL_SERVER_ERROR,
    LEDGER_FULL,
    LEDGER_TAMPERED,
    RECORD_NOT_SCORABLE,
    STORAGE_FULL,
    WRITE_OUTCOME_UNKNOWN,
    ProblemType,
)
from referee.store.db import DatabaseBusy, WriteOutcomeUnknown
from referee.violations import InputError, RecordError, Violation

PROBLEM_JSON = "application/problem+json"


class ViolationSchema(ma.Schema):
    """One rule violation: a stable code, the rules section and where to read it, a sentence,
    a path into the record."""

    code = ma.fields.String(required=True, metadata={"example": "revoke"})
    rule = ma.fields.String(
        required=True,
        metadata={"example": "Q6", "description": "The section of the rules it breaks (P1-P10 "
                  "Pitch, Q1-Q12 Piquet); empty when none applies"},
    )
    rule_url = ma.fields.String(
        allow_none=True,
        metadata={"example": "/rules/Q6", "description": "Where that section is served as "
                  "HTML (this service's /rules/); null when no section applies"},
    )
    message = ma.fields.String(required=True)
    location = ma.fields.String(required=True, metadata={"example": "tricks[3][1]"})


class ProblemSchema(ma.Schema):
    """RFC 9457 problem details, as every error of this API is sent (extension members
    allowed, as RFC 9457 says)."""

    class Meta:
        unknown = ma.INCLUDE

    type = ma.fields.String(
        required=True,
        metadata={"enum": registry.every_uri(),
                  "description": "What went wrong, as a URI to switch on (README.md, "
                                 "\"Errors\"): a specific type, or the generic type of the "
                                 "status"},
    )
    title = ma.fields.String(required=True)
    status = ma.fields.Integer(required=True)
    detail = ma.fields.String()
    errors = ma.fields.Dict(metadata={"description": "Validation errors by location in the body"})
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))
    match = ma.fields.Nested(
        "MatchSchema",
        metadata={"description": "412 or 409 on a match: the match as it stands now (as "
                                 "GET gives)"},
    )


def problems(blp: Any, *statuses: int) -> Any:
    """Decorator documenting the problem+json responses a route may give (e.g. 401, 422)."""

    def decorate(view: Any) -> Any:
        for status in statuses:
            view = blp.alt_response(status, response=HTTPStatus(status).name)(view)
        return view

    return decorate


def _split(status: int | ProblemType, problem_type: ProblemType | str | None
           ) -> tuple[int, ProblemType | str | None]:
    """(the status, the type) of an error given by its registered type or by its status."""
    if isinstance(status, ProblemType):
        return status.status, status
    return status, problem_type


class ProblemError(HTTPException):
    """An HTTP error carrying a problem document; raise it (or call :func:`abort_problem`).

    ``status``: a registered :class:`~referee.api.problems.ProblemType` (its status, type and
    title: ``ProblemError(STALE_VERSION, "…")``), or a bare status, answered with its
    generic type (or with ``problem_type``, a registered type's slug)."""

    def __init__(
        self,
        status: int | ProblemType,
        detail: str,
        *,
        problem_type: ProblemType | str | None = None,
        title: str | None = None,
        violations: Iterable[Violation] = (),
        extra: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(description=detail)
        self.code, self.problem_type = _split(status, problem_type)
        self.title = title
        self.violations = tuple(violations)
        self.extra = dict(extra or {})
        self.problem_headers = dict(headers or {})


def abort_problem(status: int | ProblemType, detail: str, **kwargs: Any) -> NoReturn:
    """Stop the request with a problem+json response (see :class:`ProblemError`)."""
    raise ProblemError(status, detail, **kwargs)


def problem_response(
    status: int | ProblemType,
    detail: str,
    *,
    problem_type: ProblemType | str | None = None,
    title: str | None = None,
    violations: Iterable[Violation] = (),
    errors: Any = None,
    extra: Mapping[str, Any] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """Build a problem+json :class:`Response` (status, detail, optional violations/errors):
    its ``type`` and ``title`` those of the registered type (:mod:`referee.api.problems`) —
    ``status`` itself, ``problem_type``, or the generic type of the status."""
    code, problem_type = _split(status, problem_type)
    kind = registry.resolve(code, problem_type)
    body: dict[str, Any] = {
        "type": kind.uri,
        "title": title or kind.title,
        "status": code,
        "detail": detail,
    }
    found = [v.as_dict() for v in violations]
    if found:
        body["violations"] = found
    if errors is not None:
        body["errors"] = errors
    body.update(extra or {})
    response = Response(json.dumps(body), status=code, mimetype=PROBLEM_JSON)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def input_errors(error: InputError) -> dict[str, list[str]]:
    """An :class:`InputError`'s violations as a 400's ``errors``: messages keyed by their
    location in the body (``"sets[0]"``, ``"sheet.sets.elder[0]"``)."""
    errors: dict[str, list[str]] = {}
    for v in error.violations:
        errors.setdefault(v.location or "body", []).append(v.message)
    return errors


def input_error_response(error: InputError) -> Response:
    """400 for input that cannot be read (words that name no combination): ``errors`` keyed
    by location, as for a body that does not match the schema."""
    return problem_response(BAD_REQUEST, "The request cannot be read: " + str(error),
                            errors=input_errors(error))


def record_error_response(error: RecordError) -> Response:
    """422 for a record too broken to rule on: the violations say why (Q11, P9)."""
    return problem_response(
        RECORD_NOT_SCORABLE,
        "The record breaks the rules too badly to be ruled on: " + str(error),
        violations=error.violations,
    )


class ProblemApi(Api):
    """flask-smorest's Api sending every error as problem+json, keeping Werkzeug's headers."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self) -> None:
        """Document every error response as ``application/problem+json`` (RFC 9457)."""
        from flask_smorest.utils import prepare_response

        # ProblemSchema.match names the match's schema: loaded before the Problem is documented.
        import referee.api.match_schemas  # noqa: F401

        for status in HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            if status == HTTPStatus.PRECONDITION_FAILED:  # the match's version as it stands
                response["headers"] = {"ETag": {"$ref": "#/components/headers/ETag"}}
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)
        default = {"description": "Error (problem+json)", "schema": self.ERROR_SCHEMA}
        prepare_response(default, self.spec, PROBLEM_JSON)
        self.spec.components.response("DEFAULT_ERROR", default, lazy=True)

    def handle_http_exception(self, error: HTTPException) -> Response:
        """Turn any HTTPException (abort, validation, 404, 405…) into problem+json."""
        status = error.code or 500
        headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
        if isinstance(error, ProblemError):
            headers.update(error.problem_headers)
            return problem_response(
                status,
                error.description or HTTPStatus(status).phrase,
                problem_type=error.problem_type,
                title=error.title,
                violations=error.violations,
                extra=error.extra,
                headers=headers,
            )
        data = getattr(error, "data", None) or {}
        errors = data.get("errors") or data.get("messages")
        detail = data.get("message") or error.description or HTTPStatus(status).phrase
        if errors is not None:
            if status == 422:  # webargs' default for a schema error: design.md says 400
                status = 400
            if "json" in errors and errors["json"] == ["Invalid JSON body."]:
                detail = "The request body is not valid JSON."
            else:
                detail = "The request does not match the schema: see errors."
            errors = _flatten_location(errors)
        headers.update(data.get("headers") or {})
        return problem_response(status, detail, errors=errors, headers=headers)


def _flatten_location(errors: Any) -> Any:
    """marshmallow's nested messages as ``{"tricks[0][1]": [messages]}`` (paths as in
    violations); webargs' location level ("json", "query") is dropped."""
    if isinstance(errors, dict) and len(errors) == 1:
        (location, inner), = errors.items()
        if location in ("json", "query", "headers", "form"):
            errors = inner
    flat: dict[str, list[str]] = {}

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                step = f"[{key}]" if isinstance(key, int) or str(key).isdigit() else (
                    f".{key}" if path else str(key)
                )
                walk(value, path + step)
        elif isinstance(node, list) and all(isinstance(m, str) for m in node):
            flat.setdefault(path or "body", []).extend(node)
        else:
            flat.setdefault(path or "body", []).append(str(node))

    walk(errors, "")
    return flat


@dataclass(frozen=True)
class DatabaseFault:
    """How a database fault is answered: 503 problem+json of ``kind`` (a registered type)
    with ``detail`` and ``Retry-After: retry_after`` (seconds)."""

    kind: ProblemType
    detail: str
    retry_after: int


_UNAVAILABLE = DatabaseFault(
    DATABASE_UNAVAILABLE,
    "The referee's database cannot be reached just now; nothing was stored. Try again shortly.",
    5)
_BUSY = DatabaseFault(
    DATABASE_BUSY,
    "The referee's database stayed busy longer than it waits; nothing was stored. Try again.",
    1)
_FULL = DatabaseFault(
    STORAGE_FULL,
    "The referee's database has run out of disk space; nothing was stored. The operator must "
    "free space; try again later.", 30)
_UNKNOWN = DatabaseFault(
    WRITE_OUTCOME_UNKNOWN,
    "The connection to the database was lost while this write was being committed: it may "
    "or may not have been stored. Send it again with the same Idempotency-Key: the answer "
    "then says what was recorded (never twice).", 1)

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


def register_error_handlers(app: Flask) -> None:
    """Handlers for what is not an HTTPException: InputError → 400, RecordError → 422,
    anything else → 500."""

    @app.errorhandler(RecordError)
    def _record_error(error: RecordError) -> Response:
        return record_error_response(error)

    @app.errorhandler(InputError)
    def _input_error(error: InputError) -> Response:
        return input_error_response(error)

    from referee.store.ledger import LedgerFull, LedgerTampered

    @app.errorhandler(LedgerFull)
    def _full(error: LedgerFull) -> Response:
        app.logger.warning("ledger full: match %s holds its %d events", error.match_id,
                           error.limit)
        return problem_response(
            LEDGER_FULL,
            f"This match holds the most events a match may hold ({error.limit}): nothing "
            "more is recorded on it. Start a new match to go on.",
            extra={"max_events": error.limit},
        )

    @app.errorhandler(LedgerTampered)
    def _tampered(error: LedgerTampered) -> Response:
        metrics.LEDGERS_DAMAGED.inc()
        app.logger.error("LEDGER TAMPERED: match %s does not verify at event %d",
                         error.match_id, error.seq)
        return problem_response(
            LEDGER_TAMPERED,
            f"The ledger of this match does not verify at event {error.seq}: it was changed "
            "outside the referee. Nothing is served or recorded from it; the operator can "
            "inspect it with 'flask db verify'.",
            extra={"broken_at": error.seq},
        )

    @app.errorhandler(DatabaseBusy)
    @app.errorhandler(WriteOutcomeUnknown)
    @app.errorhandler(peewee.DatabaseError)
    @app.errorhandler(peewee.InterfaceError)
    @app.errorhandler(MaxConnectionsExceeded)
    def _database_fault(error: Exception) -> Response:
        fault = database_fault(error)
        if fault is None:  # a programming error (a bad statement, a constraint): a bug
            return _unexpected(error)
        metrics.DATABASE_FAULTS.labels(fault.kind.slug).inc()
        app.logger.error("database fault (%s) on %s %s, match %s: %s", fault.kind.slug,
                         request.method, request.path,
                         (request.view_args or {}).get("match_id", "-"), error,
                         exc_info=error)
        return problem_response(fault.kind, fault.detail,
                                headers={"Retry-After": str(fault.retry_after)})

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        app.logger.exception("unhandled error", exc_info=error)
        return problem_response(INTERNAL_SERVER_ERROR,
                                "The referee failed unexpectedly; the request stored nothing.")
