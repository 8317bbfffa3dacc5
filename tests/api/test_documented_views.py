"""flask-smorest's documenting decorators (``alt_response``, ``doc``) add no call layer to the
API's views (referee.api.blueprint.documented): the view is given back as a copy of itself
carrying the notes the OpenAPI document is made of. A write route had eight such layers, each
a look-up of the current app (bench/RESULTS.md)."""

from __future__ import annotations

import inspect
from typing import Any

from flask import Flask
from flask_smorest import Blueprint as SmorestBlueprint

from referee.api.blueprint import Blueprint, documented


def _wrapper_codes() -> set[Any]:
    """The code of flask-smorest's own documenting wrappers."""
    probe = Blueprint("probe", __name__)

    def view() -> str:
        return "ok"

    return {SmorestBlueprint.alt_response(probe, 401, response="UNAUTHORIZED")(view).__code__,
            SmorestBlueprint.doc(summary="x")(view).__code__}


def test_a_write_route_reaches_its_view_through_no_documenting_layer(app: Flask) -> None:
    codes = _wrapper_codes()
    func: Any = app.view_functions["matches.record_step"]
    chain = []
    while func is not None:
        chain.append(func)
        func = getattr(func, "__wrapped__", None)
    assert not [f for f in chain if f.__code__ in codes]
    notes = next(f._apidoc for f in chain if "response" in getattr(f, "_apidoc", {}))
    assert {401, 403, 404, 409, 412, 422, 428, 200} <= set(notes["response"]["responses"])
    assert notes["manual_doc"] == {"security": [{"bearerAuth": []}]}


def test_a_documented_view_is_the_view_with_its_notes() -> None:
    blp = Blueprint("notes", __name__)
    seen: list[Any] = []

    def view(a: int, *, b: int = 2) -> int:
        """The view."""
        seen.append((a, b))
        return a + b

    flat = blp.doc(summary="Adds")(blp.alt_response(404, response="NOT_FOUND")(view))
    assert flat(1) == 3 and flat(1, b=5) == 6 and seen == [(1, 2), (1, 5)]
    assert flat.__code__ is view.__code__
    assert (flat.__name__, flat.__doc__, flat.__annotations__) == (
        "view", "The view.", view.__annotations__)
    assert flat._apidoc["manual_doc"] == {"summary": "Adds"}  # type: ignore[attr-defined]
    assert flat._apidoc["response"]["responses"][404] == ["NOT_FOUND"]  # type: ignore[attr-defined]
    assert flat.__wrapped__.__wrapped__ is view  # type: ignore[attr-defined]
    assert not hasattr(view, "_apidoc")  # the view itself is left as it was


def test_a_coroutine_or_a_callable_keeps_flask_smorest_s_wrapper() -> None:
    async def later() -> str:
        return "never"

    class View:
        def __call__(self) -> str:
            return "ok"

    codes = _wrapper_codes()
    decorate = documented(SmorestBlueprint.doc(summary="x"))
    assert decorate(later).__code__ in codes
    assert inspect.iscoroutinefunction(later)
    assert decorate(View()).__code__ in codes
