"""Under gunicorn on PostgreSQL: a database server that stops answering (frozen) never takes
the service down with it. /healthz answers at once, /readyz says 503 within about a second,
and once the server answers again so does everything (docs/operations.md)."""

from __future__ import annotations

import time
import urllib.parse
from pathlib import Path

import pytest

from tests.conftest import ON_POSTGRES, POSTGRES_URL
from tests.faults.proxy import FreezableProxy
from tests.served import call, start_gunicorn


@pytest.mark.slow
@pytest.mark.skipif(not ON_POSTGRES, reason="a PostgreSQL server's connection")
def test_a_frozen_database_server_is_not_ready_within_a_second(
    database_url: str, tmp_path: Path,
) -> None:
    parts = urllib.parse.urlsplit(POSTGRES_URL)
    proxy = FreezableProxy((parts.hostname or "127.0.0.1", parts.port or 5432))
    through = urllib.parse.urlunsplit(parts._replace(
        netloc=f"{parts.username or 'postgres'}@127.0.0.1:{proxy.port}"))
    server = start_gunicorn(through, tmp_path / "gunicorn.log", workers=1)
    try:
        assert call(server.base, "GET", "/readyz").status == 200
        proxy.freeze()
        started = time.monotonic()
        ready = call(server.base, "GET", "/readyz", timeout=10)
        took = time.monotonic() - started
        assert ready.status == 503, ready.body
        assert ready.body["type"].endswith("/not-ready")
        assert took < 3.0, f"/readyz took {took:.1f} s against a frozen database"
        started = time.monotonic()
        assert call(server.base, "GET", "/healthz", timeout=5).status == 200
        assert time.monotonic() - started < 1.0
        proxy.thaw()
        deadline = time.monotonic() + 10
        while call(server.base, "GET", "/readyz").status != 200:
            assert time.monotonic() < deadline, "not ready again after the database thawed"
            time.sleep(0.2)
    finally:
        proxy.close()
        server.stop()
