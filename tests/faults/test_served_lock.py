"""Under gunicorn (gevent): a write waiting for SQLite's lock, held by another process, never
freezes its worker's event loop (/healthz answers in under a second throughout), and past the
wait it is a 503 database-busy, not a 500 (docs/operations.md)."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from tests.api.test_piquet_http import Q10_TRICKS
from tests.conftest import ON_POSTGRES
from tests.served import Answer, call, start_gunicorn


@pytest.mark.slow
@pytest.mark.skipif(ON_POSTGRES, reason="an SQLite file's lock")
def test_a_locked_sqlite_file_never_freezes_the_worker(database_url: str, tmp_path: Path) -> None:
    server = start_gunicorn(database_url, tmp_path / "gunicorn.log", workers=1,
                            extra_env={"REFEREE_SQLITE_LOCK_WAIT": "3"})
    try:
        created = call(server.base, "POST", "/v1/matches",
                       {"game": "piquet", "players": ["Bill", "Ann"]})
        assert created.status == 201
        match = created.body
        other = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None,
                                check_same_thread=False)
        other.execute("BEGIN IMMEDIATE")  # another process's writer holds the lock 4 s
        answers: list[Answer] = []
        writer = threading.Thread(target=lambda: answers.append(call(
            server.base, "POST", f"/v1/matches/{match['id']}/deals",
            {"tricks": Q10_TRICKS, "expected_version": match["version"]},
            {"Authorization": "Bearer " + match["tokens"]["write"]}, timeout=30)))
        writer.start()
        slowest = 0.0
        try:
            deadline = time.monotonic() + 2.5  # while the write waits for the lock
            while time.monotonic() < deadline:
                started = time.monotonic()
                assert call(server.base, "GET", "/healthz", timeout=5).status == 200
                slowest = max(slowest, time.monotonic() - started)
                time.sleep(0.05)
        finally:
            writer.join(timeout=20)
            other.execute("ROLLBACK")
            other.close()
        # liveness bound, far from noise: SQLite's own wait blocked the loop for 10 s
        assert slowest < 1.0, f"/healthz took {slowest:.2f} s while a write waited"
        assert answers and answers[0].status == 503, answers
        assert answers[0].body["type"].endswith("/database-busy")
        assert answers[0].headers.get("Retry-After") == "1"
        # the lock gone: the write is taken at once
        again = call(server.base, "POST", f"/v1/matches/{match['id']}/deals",
                     {"tricks": Q10_TRICKS, "expected_version": match["version"]},
                     {"Authorization": "Bearer " + match["tokens"]["write"]})
        assert again.status == 201, again.body
    finally:
        server.stop()
