"""Helpers of the HTTP benchmarks: fresh databases, gunicorn started and stopped, JSON calls.

Everything listens on 127.0.0.1 only; every server started here is stopped by its own pid.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PG_URL = "postgresql://postgres@127.0.0.1:5432/bench"


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def fresh_postgres(url: str) -> None:
    """Drop and create the PostgreSQL database of ``url`` (never the suite's ``test``)."""
    import psycopg

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    if not name or name in ("test", "postgres", "template0", "template1"):
        raise SystemExit(f"refusing to recreate database {name!r}: use a database of your own")
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def migrate(database_url: str) -> None:
    """Apply the service's migrations (``flask --app wsgi db upgrade``)."""
    subprocess.run(
        [sys.executable, "-m", "flask", "--app", "wsgi", "db", "upgrade"],
        cwd=ROOT, env={**os.environ, "DATABASE_URL": database_url}, check=True,
        stdout=subprocess.DEVNULL,
    )


@contextlib.contextmanager
def gunicorn(app: str, database_url: str, workers: int, log_dir: Path, name: str,
             extra_env: dict[str, str] | None = None) -> Iterator[str]:
    """Run ``gunicorn -c gunicorn.conf.py APP`` (the service's settings; ``extra_env`` added
    to its environment) on a free loopback port; yields its base URL and stops it (SIGTERM
    to its own pid) afterwards."""
    port = free_port()
    env = {
        **os.environ,
        **(extra_env or {}),
        "DATABASE_URL": database_url,
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": str(workers),
        "ACCESS_LOG": str(log_dir / f"{name}-access.log"),
        "REFEREE_CREATE_QUOTA": "0",  # the bench creates its matches from one address
    }
    with open(log_dir / f"{name}-error.log", "wb") as errors:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", app],
            cwd=ROOT, env=env, stdout=errors, stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    _PIDS[base] = proc.pid
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                call("GET", base + "/healthz")
                break
            except (OSError, urllib.error.URLError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"gunicorn {app} did not start: see {log_dir}") from None
                time.sleep(0.2)
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


_PIDS: dict[str, int] = {}


def server_cpu_s(base: str) -> float:
    """CPU seconds (user + system) used so far by the gunicorn at ``base`` and its workers
    (Linux /proc; 0.0 elsewhere)."""
    master = _PIDS.get(base)
    if master is None or not Path("/proc").is_dir():
        return 0.0
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(stat.parent.name), int(fields[1])
        if pid == master or ppid == master:
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


def call(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None
         ) -> tuple[int, dict[str, str], Any]:
    """One JSON request: (status, headers, decoded body)."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, dict(resp.headers), json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read() or b"null")


def machine() -> dict[str, Any]:
    """Cores, memory, CPU model, Python: what RESULTS.md states with each figure."""
    info: dict[str, Any] = {"cores": os.cpu_count(), "python": sys.version.split()[0]}
    with contextlib.suppress(OSError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                info["memory_gib"] = round(int(line.split()[1]) / 1024 / 1024, 1)
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    with contextlib.suppress(OSError):
        info["load_average"] = os.getloadavg()
    return info
