"""What an operator watches, as Prometheus metrics (docs/operations.md, "Metrics").

Counters and gauges live here, below the API and the store, so both can count without
importing each other. Under gunicorn every worker process counts for itself and
``/metrics`` adds them up: gunicorn.conf.py points ``PROMETHEUS_MULTIPROC_DIR`` at a fresh
folder before the workers start (prometheus-client's multiprocess mode). Without it (tests, a
single process) the process's own registry is served.
"""

from __future__ import annotations

import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import multiprocess as _multiprocess

#: Answers by HTTP status ("200", "412", "503"…).
RESPONSES = Counter("referee_http_responses", "Answers sent, by HTTP status", ["status"])

#: 503 answers for a database fault, by problem type (database-busy, storage-full…).
DATABASE_FAULTS = Counter("referee_database_faults", "Database faults answered 503, by cause",
                          ["cause"])

#: Seconds a SQLite writer waited for the write lock (0 when it was free at once).
LOCK_WAIT = Histogram("referee_database_lock_wait_seconds",
                      "Seconds a writer waited for SQLite's write lock",
                      buckets=(0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10))

#: Live-update streams open now (every worker's added up).
OPEN_STREAMS = Gauge("referee_open_streams", "Live-update streams open",
                     multiprocess_mode="livesum")

#: The streams each worker admits in all (REFEREE_STREAMS_PER_WORKER), added up: the cap
#: that referee_open_streams runs against.
STREAM_CAP = Gauge("referee_stream_cap", "Live-update streams the workers admit in all",
                   multiprocess_mode="livesum")

#: Requests refused by a limit: a stream past a cap ("stream_token", "stream_match",
#: "stream_address", "stream_server") or a create past its address's quota ("create_quota").
LIMIT_REFUSALS = Counter("referee_limit_refusals", "Requests refused by a limit, by limit",
                         ["limit"])

#: Matches whose ledger was found not to verify (served nothing, logged LEDGER TAMPERED).
LEDGERS_DAMAGED = Counter("referee_ledgers_damaged", "Reads or writes refused on a ledger that "
                          "does not verify")


def exposition() -> tuple[bytes, str]:
    """The metrics in Prometheus' text format, every worker's added up when gunicorn runs
    several (multiprocess mode), and its content type."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        _multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(), CONTENT_TYPE_LATEST


def worker_exited(pid: int) -> None:
    """gunicorn's ``child_exit`` hook: a worker's live gauges no longer count."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        _multiprocess.mark_process_dead(pid)
