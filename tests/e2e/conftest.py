"""The table page in a real browser: Debian's Chromium driven by Playwright for Python, against
the app served by gunicorn on loopback.

Never downloads a browser: Playwright launches ``/usr/bin/chromium`` (``apt-get install
chromium``). Without it (or without the ``playwright`` package) the tests skip with the reason —
except in CI (``CI=true``), where a missing browser is a failure, not a skip.
"""

from __future__ import annotations

import contextlib
import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ON_POSTGRES, POSTGRES_URL
from tests.served import start_gunicorn

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: A phone (the issue: 390×844).
# Waits until a service worker controls the page. Evaluated once (a promise), never polled:
# Playwright's polling wait_for_function compiles its predicate with eval, which the page's
# Content-Security-Policy (script-src 'self') refuses.
CONTROLLED = ("navigator.serviceWorker.controller !== null || new Promise((done) => "
              "navigator.serviceWorker.addEventListener('controllerchange', () => done(true), "
              "{once: true}))")

PHONE = {"width": 390, "height": 844}
#: The narrowest phone the page is read at.
NARROW = {"width": 320, "height": 640}
#: Where the screenshots are kept (git-ignored).
ARTIFACTS = ROOT / "artifacts"


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run the browser tests: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium from Debian's package, launched by Playwright (session-wide)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[test]')")
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} is missing (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@contextlib.contextmanager
def opened_page(browser: Any, what: str = "the page", **options: Any) -> Iterator[Any]:
    """A page in a browser context of its own, made with ``options`` (viewport, touch…);
    closed on leaving, when no JavaScript error may have been thrown on it (``what`` names
    it in the failure)."""
    context = browser.new_context(**options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on {what}: {errors}"


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A new phone: a browser context of 390×844 with touch (its own storage), and its page."""
    with opened_page(browser, viewport=PHONE, has_touch=True, is_mobile=True,
                     device_scale_factor=1) as page:
        yield page


@pytest.fixture
def narrow(browser: Any) -> Iterator[Any]:
    """A phone 320 px wide with touch, the narrowest the page is read at, and its page."""
    with opened_page(browser, viewport=NARROW, has_touch=True, is_mobile=True) as page:
        yield page


@pytest.fixture
def second_phone(browser: Any) -> Iterator[Any]:
    """Another phone at the same table (a separate browser context)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def api_post(base: str, match: str, token: str, path: str, body: dict[str, Any]) -> Any:
    """POST ``body`` to the match's ``path`` behind the page's back, If-Match'd with the
    version just read (what another phone, or the test, writes); the answer's JSON."""
    read = urllib.request.Request(f"{base}/v1/matches/{match}",
                                  headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(read, timeout=10) as response:
        etag = response.headers["ETag"]
    request = urllib.request.Request(
        f"{base}/v1/matches/{match}{path}", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": "Bearer " + token, "Content-Type": "application/json",
                 "If-Match": etag})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status in (200, 201)
        return json.loads(response.read())


def api_get(base: str, path: str, token: str) -> Any:
    """GET a /v1 resource with a token (what the test checks behind the page's back)."""
    request = urllib.request.Request(base + path, headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture(scope="session")
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[str]:
    """gunicorn serving wsgi:app on a free loopback port (2 workers); yields its base URL.

    One server per test session (per xdist worker): starting gunicorn and migrating took 3–9 s
    of every browser test. Each test works in matches of its own (their ids are random) on
    phones of its own (fresh browser contexts), so a server shared by the tests changes
    nothing they check. Its database: a SQLite file of its own, or the worker's PostgreSQL
    database (emptied between tests by :func:`tests.conftest.database_url`, which only ever
    removes the matches of tests already finished).
    """
    if ON_POSTGRES:
        request.getfixturevalue("_postgres_ready")
        database_url = POSTGRES_URL
    else:
        database_url = f"sqlite:///{tmp_path_factory.mktemp('served') / 'referee.db'}"
    server = start_gunicorn(database_url, tmp_path_factory.mktemp("gunicorn") / "gunicorn.log")
    try:
        yield server.base
    finally:
        server.stop()
