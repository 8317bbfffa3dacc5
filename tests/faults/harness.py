"""The fault suite's tools: a PostgreSQL server of its own (initdb in a temp folder, its own
port; never the machine's shared server), writers that keep recording through gunicorn, and a
prober that times /healthz throughout (docs/operations.md, "The fault suite")."""

from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.api.test_piquet_http import Q10_TRICKS
from tests.served import call, free_port

#: Seconds each fault lasts: 20 (25 for SQLite's lock) in the full run (`make faults`), less in
#: .ci/run's short form (FAULT_SECONDS=5).
FAULT_SECONDS = float(os.environ.get("FAULT_SECONDS", "20"))


def postgres_bin() -> Path | None:
    """The installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<n>/bin)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _as_postgres(args: list[str]) -> list[str]:
    """initdb and postgres refuse root: run them as the postgres user when we are root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


class PostgresServer:
    """A throwaway PostgreSQL cluster on its own port, started and stopped by the test."""

    def __init__(self) -> None:
        bin_dir = postgres_bin()
        if bin_dir is None:
            raise RuntimeError("no PostgreSQL binaries (apt-get install postgresql)")
        self.bin = bin_dir
        # A folder the postgres user can reach (pytest's own are root's, mode 0700).
        self.root = root = Path(tempfile.mkdtemp(prefix="referee-faults-pg-"))
        self.data = root / "data"
        self.port = free_port()
        if os.geteuid() == 0:
            shutil.chown(root, "postgres")
        subprocess.run(_as_postgres([str(self.bin / "initdb"), "-D", str(self.data), "-A",
                                     "trust", "-U", "postgres", "--no-sync"]),
                       check=True, capture_output=True, timeout=120)
        self.start()
        subprocess.run(_as_postgres([str(self.bin / "createdb"), "-h", "127.0.0.1", "-p",
                                     str(self.port), "-U", "postgres", "faults"]),
                       check=True, capture_output=True, timeout=60)

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/faults"

    def _ctl(self, *args: str) -> None:
        subprocess.run(_as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.data), "-w",
                                     "-t", "60", *args]), check=True, capture_output=True,
                       timeout=90)

    def start(self) -> None:
        self._ctl("-o", f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                  "-c fsync=off", "-l", str(self.root / "server.log"), "start")

    def stop(self, mode: str = "fast") -> None:
        self._ctl("-m", mode, "stop")

    def restart(self, mode: str) -> None:
        self.stop(mode)
        self.start()

    def pids(self) -> list[int]:
        """The postmaster and every process it started (backends, checkpointer…)."""
        pid = int((self.data / "postmaster.pid").read_text().split()[0])
        children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
        return [pid, *(int(p) for p in children.stdout.split())]

    @contextmanager
    def frozen(self) -> Iterator[None]:
        """SIGSTOP the whole server (as a stalled machine would), SIGCONT after."""
        pids = self.pids()
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        try:
            yield
        finally:
            for pid in pids:
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGCONT)

    def close(self) -> None:
        with suppress(subprocess.SubprocessError, OSError):
            self.stop("immediate")


@dataclass
class Outcome:
    """What one writer saw."""

    acknowledged: dict[str, int] = field(default_factory=dict)  # match id → deals answered 2xx
    tokens: dict[str, str] = field(default_factory=dict)  # match id → its write token
    statuses: dict[int, int] = field(default_factory=dict)  # 0: no answer (connection lost)
    bad: list[str] = field(default_factory=list)  # answers neither 2xx nor 503 problem+json
    oks: list[float] = field(default_factory=list)  # monotonic times of 2xx answers


#: Deals a writer records into one match before it starts another (a partie is six).
DEALS_PER_MATCH = 5


class Writers:
    """``count`` writers, each recording whole Q10 deals into matches of its own. Every write
    keeps its Idempotency-Key until it is answered 2xx: a 503 or a lost answer is sent again
    with the same key, as docs/operations.md tells clients; anything else is a bad answer."""

    def __init__(self, base: str, count: int = 4) -> None:
        self.base = base
        self.stop = threading.Event()
        self.outcomes = [Outcome() for _ in range(count)]
        self.threads = [threading.Thread(target=self._write, args=(o,), daemon=True)
                        for o in self.outcomes]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def finish(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=120)

    def _send(self, outcome: Outcome, method: str, path: str, body: Any,
              headers: dict[str, str]) -> Any:
        """Send until answered 2xx (same Idempotency-Key); None when refused or stopped."""
        headers = {**headers, "Idempotency-Key": str(uuid.uuid4())}
        while True:
            try:
                answer = call(self.base, method, path, body, headers, timeout=30)
            except OSError:
                outcome.statuses[0] = outcome.statuses.get(0, 0) + 1
                time.sleep(0.1)
                continue
            outcome.statuses[answer.status] = outcome.statuses.get(answer.status, 0) + 1
            if 200 <= answer.status < 300:
                outcome.oks.append(time.monotonic())
                return answer
            problem = answer.headers.get("Content-Type", "").startswith(
                "application/problem+json")
            if answer.status != 503 or not problem:
                outcome.bad.append(f"{method} {path}: {answer.status} {answer.body}")
                return None
            time.sleep(0.1)

    def _write(self, outcome: Outcome) -> None:
        while not self.stop.is_set():
            created = self._send(outcome, "POST", "/v1/matches",
                                 {"game": "piquet", "players": ["Bill", "Ann"]}, {})
            if created is None:
                return
            match_id, token = created.body["id"], created.body["tokens"]["write"]
            outcome.tokens[match_id] = token
            outcome.acknowledged[match_id] = 0
            version = created.body["version"]
            for _ in range(DEALS_PER_MATCH):
                if self.stop.is_set():
                    return
                answer = self._send(outcome, "POST", f"/v1/matches/{match_id}/deals",
                                    {"tricks": Q10_TRICKS},
                                    {"Authorization": "Bearer " + token,
                                     "If-Match": f'"v{version}"'})
                if answer is None:
                    return
                outcome.acknowledged[match_id] += 1
                version = int(answer.headers["ETag"].strip('"').removeprefix("v"))


class Prober:
    """GETs /healthz every 0.1 s in a new connection and keeps the slowest answer."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.stop = threading.Event()
        self.slowest = 0.0
        self.times: list[tuple[float, float]] = []  # (when, seconds) of every probe
        self.failures: list[tuple[float, str]] = []  # (when, what) of every failed probe
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def finish(self) -> None:
        self.stop.set()
        self.thread.join(timeout=10)

    def _run(self) -> None:
        while not self.stop.is_set():
            started = time.monotonic()
            try:
                status = call(self.base, "GET", "/healthz", timeout=5).status
                if status != 200:
                    self.failures.append((started, f"status {status}"))
            except OSError as error:
                self.failures.append((started, repr(error)))
            took = time.monotonic() - started
            self.times.append((started, took))
            self.slowest = max(self.slowest, took)
            time.sleep(0.1)
