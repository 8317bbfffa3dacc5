"""The real thing: the app under gunicorn (gunicorn.conf.py), migrated by the CLI, over HTTP."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.test_piquet_http import Q10_TRICKS

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _call(
    base: str, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture
def served(database_url: str, tmp_path: Path) -> Iterator[str]:
    """gunicorn serving wsgi:app on a free loopback port; yields its base URL."""
    env = {**os.environ, "DATABASE_URL": database_url, "WEB_CONCURRENCY": "2"}
    port = _free_port()
    env["BIND"] = f"127.0.0.1:{port}"
    subprocess.run(
        [str(BIN / "flask"), "--app", "wsgi", "db", "upgrade"], cwd=ROOT, env=env, check=True,
        capture_output=True,
    )
    log = (tmp_path / "gunicorn.log").open("w")
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "-c", "gunicorn.conf.py", "wsgi:app"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                if _call(base, "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("gunicorn did not start: " + (tmp_path / "gunicorn.log").read_text())
        yield base
    finally:
        server.terminate()
        server.wait(timeout=15)
        log.close()


@pytest.mark.slow
def test_q10_over_gunicorn_and_a_stored_match(served: str) -> None:
    status, ruling = _call(served, "POST", "/v1/piquet/deals:score", {"tricks": Q10_TRICKS})
    assert status == 200
    assert ruling["scores"] == {"elder": 11, "younger": 41}

    status, match = _call(served, "POST", "/v1/matches",
                          {"game": "piquet", "players": ["Bill", "Ann"]})
    assert status == 201
    token = match["tokens"]["write"]
    status, result = _call(served, "POST", f"/v1/matches/{match['id']}/deals",
                           {"tricks": Q10_TRICKS}, token)
    assert status == 201, result
    status, match = _call(served, "GET", f"/v1/matches/{match['id']}", token=token)
    assert {s["name"]: s["score"] for s in match["standings"]} == {"Bill": 11, "Ann": 41}
