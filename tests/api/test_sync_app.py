"""referee.api.SyncFlask hands every view and hook back as it is (no ``async`` check per
call): that holds only while none of them is a coroutine function, which this checks on the
app as built, down through every wrapper (flask-smorest's, webargs')."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

from flask import Flask

from referee.api import SyncFlask


def registered(app: Flask) -> Iterator[Callable[..., Any]]:
    """Every view, hook and error handler of ``app``, and every function each wraps."""
    found: list[Any] = list(app.view_functions.values())
    for hooks in (app.before_request_funcs, app.after_request_funcs,
                  app.teardown_request_funcs, app.url_value_preprocessors,
                  app.url_default_functions, app.template_context_processors):
        for funcs in hooks.values():
            found += funcs
    found += app.teardown_appcontext_funcs
    for by_code in app.error_handler_spec.values():
        for handlers in by_code.values():
            found += handlers.values()
    for func in found:
        while func is not None:
            yield func
            func = getattr(func, "__wrapped__", None)


def coroutines(app: Flask) -> list[str]:
    """The names of the ``async`` functions among :func:`registered`."""
    return [getattr(f, "__qualname__", repr(f)) for f in registered(app)
            if inspect.iscoroutinefunction(f)]


def test_no_view_or_hook_is_async(app: Flask) -> None:
    assert isinstance(app, SyncFlask)
    assert len(list(registered(app))) > 100  # the views, their wrappers and the hooks
    assert coroutines(app) == []


def test_an_async_view_would_be_found(app: Flask) -> None:
    async def later() -> str:
        return "never"

    app.add_url_rule("/async-later", "async_later", later)
    assert coroutines(app) == ["test_an_async_view_would_be_found.<locals>.later"]


def test_ensure_sync_hands_the_function_back(app: Flask) -> None:
    def view() -> str:
        return "ok"

    assert app.ensure_sync(view) is view
