"""The real thing: the app under gunicorn (gunicorn.conf.py), migrated by the CLI, over HTTP."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.test_piquet_http import Q10_TRICKS
from tests.served import call, start_gunicorn


@pytest.fixture
def served(database_url: str, tmp_path: Path) -> Iterator[str]:
    """gunicorn serving wsgi:app on a free loopback port; yields its base URL."""
    server = start_gunicorn(database_url, tmp_path / "gunicorn.log")
    try:
        yield server.base
    finally:
        server.stop()


def _call(
    base: str, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    answer = call(base, method, path, body,
                  {"Authorization": f"Bearer {token}"} if token else None)
    return answer.status, answer.body


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
                           {"tricks": Q10_TRICKS, "expected_version": match["version"]}, token)
    assert status == 201, result
    status, match = _call(served, "GET", f"/v1/matches/{match['id']}", token=token)
    assert {s["name"]: s["score"] for s in match["standings"]} == {"Bill": 11, "Ann": 41}


@pytest.mark.slow
def test_stalled_clients_do_not_freeze_the_service(served: str) -> None:
    """Two connections sending half a header froze both sync workers (/healthz
    took 31 s). Twenty such connections now cost twenty greenlets; /healthz answers at once
    (the latency is recorded in bench/RESULTS.md, not asserted here)."""
    host, port = served.removeprefix("http://").split(":")
    stalled = []
    try:
        for _ in range(20):
            sock = socket.create_connection((host, int(port)), timeout=5)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nUser-Agent: hal")  # never ended
            stalled.append(sock)
        started = time.perf_counter()
        answer = call(served, "GET", "/healthz", timeout=2)  # a frozen service: socket.timeout
        elapsed_ms = (time.perf_counter() - started) * 1000
        assert answer.status == 200
        answer = call(served, "GET", "/readyz", timeout=2)
        assert answer.status == 200
        print(f"/healthz with 20 stalled connections open: {elapsed_ms:.1f} ms")
    finally:
        for sock in stalled:
            sock.close()


def _raw_exchange(base: str, head: bytes, chunks: list[bytes], pause: float = 0) -> bytes:
    """Send ``head`` then ``chunks`` in chunked encoding (``pause`` seconds apart), then read
    the answer until the server closes or has sent it whole."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(head)
        try:
            for chunk in chunks:
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                time.sleep(pause)
            sock.sendall(b"0\r\n\r\n")
        except OSError:  # the server answered and closed before the end: read the answer
            pass
        return _read_answer(sock)


def _read_answer(sock: socket.socket) -> bytes:
    """One HTTP answer: its head and its Content-Length of body (or up to the close)."""
    answer = b""
    while b"\r\n\r\n" not in answer and (chunk := sock.recv(65536)):
        answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), None)
    while (length is None or len(body) < length) and (chunk := sock.recv(65536)):
        body += chunk
    return head + b"\r\n\r\n" + body


@pytest.mark.slow
def test_a_chunked_body_over_the_limit_is_413(served: str) -> None:
    """A chunked body over 256 KiB was cut at the limit and answered 400."""
    body = b'{"game": "pitch", "players": ["' + b"a" * 300_000 + b'", "b"]}'
    answer = _raw_exchange(
        served,
        b"POST /v1/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n",
        [body[i:i + 16384] for i in range(0, len(body), 16384)],
    )
    assert answer.startswith(b"HTTP/1.1 413"), answer[:300]
    assert b"application/problem+json" in answer
    # Under the limit, chunked is fine.
    small = b'{"game": "pitch", "players": ["Ann", "Bob"]}'
    answer = _raw_exchange(
        served,
        b"POST /v1/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        [small[:10], small[10:]],
    )
    assert answer.startswith(b"HTTP/1.1 201"), answer[:300]


@pytest.mark.slow
def test_a_body_that_stops_arriving_is_408(database_url: str, tmp_path: Path) -> None:
    server = start_gunicorn(database_url, tmp_path / "gunicorn.log",
                            extra_env={"REFEREE_BODY_TIMEOUT": "1"})
    try:
        host, port = server.base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(b"POST /v1/matches HTTP/1.1\r\nHost: x\r\n"
                         b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
            answer = _read_answer(sock)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:300]
        assert call(server.base, "GET", "/healthz", timeout=2).status == 200
    finally:
        server.stop()
