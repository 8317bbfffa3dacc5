"""Serving the real app for end-to-end tests: gunicorn on a free loopback port (plain http, or
https with a certificate the test made), and a tiny HTTP client (urllib) — what a phone at the
table would do."""

from __future__ import annotations

import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Answer:
    """An HTTP answer: status, JSON body (or None), headers."""

    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


def call(
    base: str, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
    timeout: float = 10, context: ssl.SSLContext | None = None,
) -> Answer:
    """One JSON request; HTTP errors are answers too (connection errors raise OSError).
    ``context``: what an https ``base`` is checked with (the test's own CA)."""
    data = None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json", **(headers or {})}
    request = urllib.request.Request(base + path, data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=timeout, context=context) as response:
            raw = response.read()
            return Answer(response.status, json.loads(raw) if raw else None,
                          dict(response.headers))
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            parsed = json.loads(raw)
        except ValueError:
            parsed = None
        return Answer(error.code, parsed, dict(error.headers))


@dataclass
class Server:
    """A running gunicorn: its base URL and process (the leader of its own process group)."""

    base: str
    process: subprocess.Popen[bytes]
    log_path: Path

    def stop(self) -> None:
        """Graceful stop (SIGTERM), waiting for it."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)

    def kill(self) -> None:
        """kill -9 the master and every worker at once (the whole process group)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=20)


def start_gunicorn(database_url: str, log_path: Path, workers: int = 2,
                   extra_env: dict[str, str] | None = None,
                   context: ssl.SSLContext | None = None) -> Server:
    """Migrate ``database_url`` with the CLI and serve wsgi:app with gunicorn.conf.py
    (``extra_env``: more environment, e.g. REFEREE_BODY_TIMEOUT; with CERTFILE and KEYFILE
    there it serves https, checked with ``context``, and the base URL is https)."""
    env = {**os.environ, "DATABASE_URL": database_url, "WEB_CONCURRENCY": str(workers),
           "ACCESS_LOG": "-",
           # open live-update streams would hold a graceful stop for 10 s
           "GRACEFUL_TIMEOUT": "1",
           # every client here is 127.0.0.1, creating as fast as it can: no create quota
           # (tests/api/test_limits.py tests it)
           "REFEREE_CREATE_QUOTA": "0", **(extra_env or {})}
    port = free_port()
    env["BIND"] = f"127.0.0.1:{port}"
    subprocess.run([str(BIN / "flask"), "--app", "wsgi", "db", "upgrade"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    log = log_path.open("ab")
    process = subprocess.Popen(
        [str(BIN / "gunicorn"), "-c", "gunicorn.conf.py", "wsgi:app"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    log.close()
    scheme = "https" if env.get("CERTFILE") else "http"
    base = f"{scheme}://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if call(base, "GET", "/healthz", timeout=2, context=context).status == 200:
                return Server(base, process, log_path)
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("gunicorn did not start:\n" + log_path.read_text(errors="replace"))
