"""The API's typed Blueprint: flask-smorest's, with its request bodies read by the API's one
reader of JSON and its validation errors 400 problem+json, and a decorator for the stateless
rulings."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from types import FunctionType
from typing import Any, TypeVar

import marshmallow as ma
from flask import Response
from flask_smorest import Blueprint as _Blueprint
from webargs.core import missing
from webargs.flaskparser import FlaskParser, is_json_request

from referee.api.errors import ProblemError, problems
from referee.api.inbound import load_body
from referee.api.problems import BAD_REQUEST
from referee.i18n.details import NESTED


class _Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400  # design.md: malformed input is 400

    def _raw_load_json(self, req: Any) -> Any:
        """The JSON body, checked once for the whole API (:func:`referee.api.inbound.load_body`):
        bounded numbers, no NUL or lone surrogate in any text; nested too deeply is a 400."""
        if not is_json_request(req):
            return missing
        try:
            return load_body(req.get_data(cache=True))
        except RecursionError:
            raise ProblemError(BAD_REQUEST, NESTED.said()) from None


#: A decorator of views as flask-smorest's are (the view registered, documented, or wrapped to
#: load its arguments and dump its answer).
ViewDecorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def documented(decorator: ViewDecorator) -> ViewDecorator:
    """One of flask-smorest's documenting decorators (``alt_response``, ``doc``) without the
    call layer it adds: its wrapper only calls ``current_app.ensure_sync(view)``, which
    :class:`referee.api.SyncFlask` hands back as it is, and holds the view's OpenAPI notes
    (``_apidoc``). The view is given back as a copy of itself (same code, globals, defaults
    and closure) carrying the wrapper's attributes (``_apidoc``, ``__wrapped__``, names): a
    call runs the view at once. A write route has eight of them (its problems, its doc):
    bench/RESULTS.md. Anything but a plain function (or a coroutine function) keeps the
    wrapper."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        wrapper = decorator(view)
        if not isinstance(view, FunctionType) or inspect.iscoroutinefunction(view):
            return wrapper
        flat = FunctionType(view.__code__, view.__globals__, view.__name__, view.__defaults__,
                            view.__closure__)
        flat.__kwdefaults__ = view.__kwdefaults__
        flat.__dict__.update(wrapper.__dict__)
        for name in ("__module__", "__qualname__", "__doc__", "__annotations__"):
            setattr(flat, name, getattr(wrapper, name))
        return flat

    return decorate


@dataclass(frozen=True)
class StatelessRuling:
    """A stateless ruling as :meth:`Blueprint.ruling` registers it: the ``request`` schema, the
    plain ``view`` (the loaded body in, the answer's data out) and the ``answer`` schema; a
    record file's deals are ruled through these (:mod:`referee.api.records`), the very path
    of ``POST /v1/pitch/…`` and ``/v1/piquet/…``."""

    request: type[ma.Schema]
    view: Callable[[dict[str, Any]], Any]
    answer: type[ma.Schema]


#: Every stateless ruling by (blueprint name, path), e.g. ``("piquet", "/deals:score")``.
RULINGS: dict[tuple[str, str], StatelessRuling] = {}

_AfterRequest = TypeVar("_AfterRequest", bound=Callable[[Response], Response])


# flask-smorest has no annotations: its Blueprint is Any to mypy, so it is subclassed with
# that one exception, and the decorators used below are typed here, each passing its
# arguments through unchanged (the views keep their checked bodies under mypy --strict).
class Blueprint(_Blueprint):  # type: ignore[misc]  # flask-smorest's Blueprint is untyped
    """flask-smorest Blueprint whose body validation errors are 400 problem+json."""

    ARGUMENTS_PARSER = _Parser()

    def route(self, rule: str, **options: Any) -> ViewDecorator:
        """flask-smorest's ``route``: the view served at ``rule`` (Flask's options)."""
        decorator: ViewDecorator = super().route(rule, **options)
        return decorator

    def arguments(self, schema: type[ma.Schema] | ma.Schema, **options: Any) -> ViewDecorator:
        """flask-smorest's ``arguments``: the request's part (``location``) loaded with
        ``schema``, given to the view as an argument."""
        decorator: ViewDecorator = super().arguments(schema, **options)
        return decorator

    def response(
        self, status_code: int,
        schema: type[ma.Schema] | ma.Schema | dict[str, Any] | None = None, **options: Any,
    ) -> ViewDecorator:
        """flask-smorest's ``response``: the view's answer dumped with ``schema`` (or, a
        dict, documented with that OpenAPI schema)."""
        decorator: ViewDecorator = super().response(status_code, schema, **options)
        return decorator

    def alt_response(
        self, status_code: int, response: str | None = None, **options: Any
    ) -> ViewDecorator:
        """flask-smorest's ``alt_response``: another answer the view may give, documented
        (:func:`documented`: no call layer added)."""
        return documented(super().alt_response(status_code, response, **options))

    @staticmethod
    def doc(**kwargs: Any) -> ViewDecorator:
        """flask-smorest's ``doc``: the view's OpenAPI operation, completed with ``kwargs``
        (:func:`documented`: no call layer added)."""
        return documented(_Blueprint.doc(**kwargs))

    def after_request(self, f: _AfterRequest) -> _AfterRequest:
        """Flask's ``after_request``: ``f`` run on every answer of this blueprint's views."""
        registered: _AfterRequest = super().after_request(f)
        return registered

    def ruling(
        self, path: str, request: type[ma.Schema], answer: type[ma.Schema]
    ) -> ViewDecorator:
        """Decorator of a stateless ruling (``/v1/pitch/…``, ``/v1/piquet/…``): ``POST path``
        with the game's ``request`` schema, 200 with its ``answer`` schema, 422 problem+json
        for a record that cannot be ruled on."""

        def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
            RULINGS[(self.name, path)] = StatelessRuling(request, view, answer)
            documented = problems(self, 422)(view)
            return self.route(path, methods=["POST"])(
                self.arguments(request)(self.response(200, answer)(documented)))

        return decorate
