"""The fault suite (`make faults`; .ci/run runs it in a short form, FAULT_SECONDS=5): a
PostgreSQL server of its own and gunicorn, writers recording all along, and one fault at a
time: PostgreSQL restarted (fast and immediate), stopped, frozen, a COMMIT whose reply is
lost; SQLite locked by another process; a full disk; a worker frozen. After each: every
acknowledged write stored exactly once, every ledger verifies, every answer 2xx or 503
problem+json, /healthz under a second throughout, writes again within a second of the end
(docs/operations.md)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.faults.harness import FAULT_SECONDS, PostgresServer, Prober, Writers, postgres_bin
from tests.faults.proxy import CommitReplyDropper
from tests.served import Server, call, start_gunicorn

pytestmark = [pytest.mark.faults, pytest.mark.slow]

needs_postgres = pytest.mark.skipif(postgres_bin() is None,
                                    reason="PostgreSQL's binaries are not installed")


@pytest.fixture(scope="module")
def postgres() -> Iterator[PostgresServer]:
    if postgres_bin() is None:
        pytest.skip("PostgreSQL's binaries are not installed")
    server = PostgresServer()
    try:
        yield server
    finally:
        server.close()


def _workers(server: Server) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(server.process.pid)], capture_output=True,
                           text=True)
    return [int(p) for p in found.stdout.split()]


def _run(base: str, fault: Callable[[], None], settle: float = 3.0,
         excused: Callable[[float], bool] = lambda started: False) -> float:
    """Writers and the prober around ``fault()`` (which returns when the fault is over);
    then every check of the module docstring. Returns the seconds writes took to resume.
    ``excused(started)`` is true of a probe that no server could answer in time (one inside
    a process when it was frozen): it is left out of the checks on /healthz."""
    writers = Writers(base)
    prober = Prober(base)
    writers.start()
    time.sleep(2)  # every worker warm (its first requests import and build what they need)
    prober.start()
    time.sleep(1)
    fault()
    ended = time.monotonic()
    time.sleep(settle)
    writers.finish()
    prober.finish()
    bad = [b for o in writers.outcomes for b in o.bad]
    assert not bad, bad[:5]
    failures = [what for started, what in prober.failures if not excused(started)]
    assert not failures, failures[:5]
    times = [(when, took) for when, took in prober.times if not excused(when)]
    slow = [(round(when - ended, 1), round(took, 2)) for when, took in times if took > 0.5]
    slowest = max(took for _, took in times)
    assert slowest < 1.0, f"/healthz took {slowest:.2f} s (slow probes, seconds " \
        f"after the fault's end: {slow})"
    resumed = [min((t for t in o.oks if t >= ended), default=float("inf")) - ended
               for o in writers.outcomes]
    for outcome in writers.outcomes:
        for match_id, acknowledged in outcome.acknowledged.items():
            token = {"Authorization": "Bearer " + outcome.tokens[match_id]}
            match = call(base, "GET", f"/v1/matches/{match_id}", headers=token)
            assert match.status == 200, match.body
            assert match.body["deals_played"] == acknowledged, (match_id, match.body)
            verified = call(base, "GET", f"/v1/matches/{match_id}/verify", headers=token)
            assert verified.status == 200 and verified.body["intact"], verified.body
    assert sum(sum(o.acknowledged.values()) for o in writers.outcomes) > 0
    assert max(resumed) < 1.0, f"writes resumed {max(resumed):.2f} s after the fault"
    return max(resumed)


@pytest.fixture
def served_pg(postgres: PostgresServer, tmp_path: Path) -> Iterator[Server]:
    server = start_gunicorn(postgres.url, tmp_path / "gunicorn.log", workers=2)
    try:
        yield server
    finally:
        server.stop()


@needs_postgres
@pytest.mark.parametrize("mode", ["fast", "immediate"])
def test_postgres_restarted(postgres: PostgresServer, served_pg: Server, mode: str) -> None:
    _run(served_pg.base, lambda: postgres.restart(mode))


@needs_postgres
def test_postgres_stopped(postgres: PostgresServer, served_pg: Server) -> None:
    def stopped() -> None:
        postgres.stop("fast")
        time.sleep(FAULT_SECONDS)
        postgres.start()

    _run(served_pg.base, stopped)


@needs_postgres
def test_postgres_frozen(postgres: PostgresServer, served_pg: Server) -> None:
    def frozen() -> None:
        with postgres.frozen():
            time.sleep(FAULT_SECONDS)

    _run(served_pg.base, frozen)


@needs_postgres
def test_a_commit_whose_reply_is_lost(postgres: PostgresServer, tmp_path: Path) -> None:
    proxy = CommitReplyDropper(("127.0.0.1", postgres.port))
    parts = urllib.parse.urlsplit(postgres.url)
    through = urllib.parse.urlunsplit(parts._replace(netloc=f"postgres@127.0.0.1:{proxy.port}"))
    server = start_gunicorn(through, tmp_path / "gunicorn.log", workers=2)
    try:
        def lost() -> None:
            for _ in range(3):  # three COMMITs whose replies never come
                proxy.fired.clear()
                proxy.armed.set()
                assert proxy.fired.wait(30), "no COMMIT went through the proxy"
                time.sleep(0.5)

        _run(server.base, lost)
    finally:
        server.stop()
        proxy.close()


def test_sqlite_locked_by_another_process(tmp_path: Path) -> None:
    path = tmp_path / "referee.db"
    server = start_gunicorn(f"sqlite:///{path}", tmp_path / "gunicorn.log", workers=2)
    try:
        def locked() -> None:
            holder = subprocess.Popen([sys.executable, "-c", (
                "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], "
                "isolation_level=None); c.execute('BEGIN IMMEDIATE'); print('held', "
                "flush=True); time.sleep(float(sys.argv[2])); c.execute('ROLLBACK')"),
                str(path), str(FAULT_SECONDS * 1.25)], stdout=subprocess.PIPE, text=True)
            assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
            holder.wait(timeout=FAULT_SECONDS * 2 + 30)

        _run(server.base, locked)
    finally:
        server.stop()


def test_a_worker_frozen(tmp_path: Path) -> None:
    server = start_gunicorn(f"sqlite:///{tmp_path / 'referee.db'}", tmp_path / "gunicorn.log",
                            workers=2)
    stopped = []

    def inside_when_stopped(started: float) -> bool:
        """A probe sent just before the SIGSTOP may have been taken up by the worker that
        was then frozen: nothing answers it until the worker goes on or is replaced."""
        return any(0 <= when - started < 0.5 for when in stopped)

    try:
        def frozen() -> None:
            worker = _workers(server)[0]
            stopped.append(time.monotonic())
            os.kill(worker, signal.SIGSTOP)
            try:
                time.sleep(FAULT_SECONDS)
            finally:
                os.kill(worker, signal.SIGCONT)

        _run(server.base, frozen, excused=inside_when_stopped)
    finally:
        server.stop()


def _mount_tmpfs(where: Path, size: str) -> bool:
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True)
    return done.returncode == 0


def test_a_full_disk(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    # Room for the seconds of writes before the fault (a quick machine's WAL grew past 64 MB
    # in them and the filler could not even be created): the filler takes the rest.
    if os.geteuid() != 0 or not _mount_tmpfs(disk, "256m"):
        pytest.skip("cannot mount a small tmpfs here (needs root and mount rights): the full "
                    "disk is not tried")
    try:
        filler = disk / "filler"
        filler.touch()  # made while the disk has room: the fault only fills it
        server = start_gunicorn(f"sqlite:///{disk / 'referee.db'}", tmp_path / "gunicorn.log",
                                workers=2)
        try:
            def full() -> None:
                # Unbuffered: the write that finds the disk full leaves nothing for close()
                # to flush (a buffered close raised ENOSPC again, out of the loop's catch).
                with filler.open("ab", buffering=0) as out:  # take what is left of the disk
                    try:
                        while True:
                            out.write(b"\0" * 65536)
                            out.flush()
                    except OSError:
                        pass
                time.sleep(FAULT_SECONDS / 2)
                ready = call(server.base, "GET", "/readyz")
                assert ready.status == 503, ready.body
                filler.unlink()

            _run(server.base, full)
        finally:
            server.stop()
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)
