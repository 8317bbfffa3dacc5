"""Errors as RFC 9457 problem+json (design.md, "API conventions"): the document, the HTTP
layer's own refusals (:class:`ProblemError`) and flask-smorest's errors. The errors of the
layers below are answered in :mod:`referee.api.handlers`.

Every error response has ``type``, ``title``, ``status`` and ``detail``; rule errors add
``violations`` (a list of ``{code, rule, rule_url, message, location}``), validation errors add
``errors`` (marshmallow's messages keyed by location in the body).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from http import HTTPStatus
from typing import Any, NoReturn

import marshmallow as ma
from flask import Response, json
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from referee.api import problems as registry
from referee.api.problems import ProblemType
from referee.i18n import Worded
from referee.violations import MESSAGE_WORDS, InputError, Violation

PROBLEM_JSON = "application/problem+json"


class ProblemResponse(Response):
    """A problem+json answer that keeps its ``detail`` as made (``said``): a sentence made
    from a registered message and its parameters (:class:`referee.i18n.Worded`), which the
    edge words in the answer's language (:func:`referee.api.language.word_answer`); None
    for a sentence made otherwise (worded, if at all, from its English)."""

    said: Worded | None = None


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
    message = ma.fields.String(required=True, metadata={
        "description": "One sentence for a player, in the answer's language (Content-Language)"})
    location = ma.fields.String(required=True, metadata={"example": "tricks[3][1]"})
    message_code = ma.fields.String(metadata={
        "example": "revoke.pitch", "enum": sorted(MESSAGE_WORDS),
        "description": "The sentence's template: the code, then a variant when the code has "
                       "several sentences. With params, a client may word the sentence its "
                       "own way; the same in every language. Absent on violations stored "
                       "before sentences were made from templates, and on sentences not yet "
                       "made from one."})
    params = ma.fields.Dict(metadata={
        "example": {"who": "Bob", "trick": 3, "card": "KS", "suit": "H", "held": "QH"},
        "description": "The values the sentence is made of (names, numbers, cards in the "
                       "records' notation, suit letters, \"elder\"/\"younger\"), the same "
                       "in every language; present with message_code"})


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


def problems(
    blp: Any, *statuses: int
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator documenting the problem+json responses a route may give (e.g. 401, 422) on
    the flask-smorest Blueprint ``blp``."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
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
    response = ProblemResponse(json.dumps(body), status=code, mimetype=PROBLEM_JSON)
    if isinstance(detail, Worded):
        response.said = detail
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def input_errors(error: InputError,
                 words: Callable[[Violation], str] | None = None) -> dict[str, list[str]]:
    """An :class:`InputError`'s violations as a 400's ``errors``: messages keyed by their
    location in the body (``"sets[0]"``, ``"sheet.sets.elder[0]"``), each worded by ``words``
    (the answer's language) or as the violation says it (English)."""
    errors: dict[str, list[str]] = {}
    for v in error.violations:
        errors.setdefault(v.location or "body", []).append(v.message if words is None
                                                           else words(v))
    return errors


class ProblemApi(Api):  # type: ignore[misc]  # flask-smorest's Api is untyped
    """flask-smorest's Api sending every error as problem+json, keeping Werkzeug's headers."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self) -> None:
        """Document every error response as ``application/problem+json`` (RFC 9457)."""
        from flask_smorest.utils import prepare_response

        # ProblemSchema.match names the match's schema: loaded before the Problem is documented.
        import referee.api.view_schemas  # noqa: F401

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
            extra = error.extra
            if isinstance(extra.get("errors"), dict):  # a body refused before its schema
                from referee.api.language import answer_locale
                from referee.i18n.schema import said_errors

                extra = {**extra, "errors": said_errors(extra["errors"], answer_locale())}
            return problem_response(
                status,
                error.description or HTTPStatus(status).phrase,
                problem_type=error.problem_type,
                title=error.title,
                violations=error.violations,
                extra=extra,
                headers=headers,
            )
        data = getattr(error, "data", None) or {}
        errors = data.get("errors") or data.get("messages")
        detail = data.get("message") or error.description or HTTPStatus(status).phrase
        if detail == type(error).description and status in (404, 405):
            from referee.i18n.details import HTTP  # werkzeug's own words for a 404, a 405

            detail = HTTP[status].said()
        if errors is not None:
            if status == 422:  # webargs' default for a schema error: design.md says 400
                status = 400
            if "json" in errors and errors["json"] == ["Invalid JSON body."]:
                detail = "The request body is not valid JSON."
            else:
                detail = "The request does not match the schema: see errors."
            # marshmallow's messages, each in the answer's language (the detail is worded with
            # the problem's title, referee.i18n.localize)
            errors = located_errors(errors)
        headers.update(data.get("headers") or {})
        return problem_response(status, detail, errors=errors, headers=headers)


def located_errors(errors: Any) -> dict[str, list[Any]]:
    """A problem's ``errors``: marshmallow's nested messages by location
    (:func:`_flatten_location`), each in the answer's language (referee.i18n.schema)."""
    from referee.api.language import answer_locale
    from referee.i18n.schema import said_errors

    return said_errors(_flatten_location(errors), answer_locale())


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
