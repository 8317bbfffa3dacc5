"""Benchmark 8: what one request costs on a very long ledger (a match of 1k, 20k and 100k
events), and what the integrity checks add.

No real match comes near 20,000 events (REFEREE_MAX_EVENTS, the cap: a Pitch game to 52
played card by card is some 3,000), so a longer one is the shape an attacker with a write
token makes: one bid recorded and undone, again and again (every undo an event, every
undone bid one more). This benchmark writes that ledger straight into the database (each
event linked under the server's key, as the service links them: the ledger verifies), past
the cap, and measures in process (no HTTP, no gunicorn), median of ``--repeat`` runs:

- ``cold read``: a worker that has not folded the match (a restart): read every event,
  check every link, fold them all (``folds.load_state`` on an empty fold cache);
- ``warm read``: the fold cached, checked within REFEREE_LEDGER_RECHECK_SECONDS: the match
  view's and a write's usual cost;
- ``recheck``: the fold cached, every stored link checked again (the ledger and its CSV
  always; the match view and writes once per recheck time);
- ``log page``: one page of 100 events of ``/log`` read and checked, from the middle;
- ``undo``: take back the last bid (an undo folds the whole ledger again).

    python -m bench.long_ledger                         # SQLite file, 1k / 20k / 100k
    python -m bench.long_ledger --database-url postgresql://…/bench
    python -m bench.long_ledger --sizes 1000,20000 --repeat 3 --json out/long-ledger.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.engines import calibration
from bench.matches import create_body
from bench.servers import machine, migrate


def _ms(work: Callable[[], Any], repeat: int, before: Callable[[], Any] | None = None) -> float:
    """Median milliseconds of ``work()`` over ``repeat`` runs (``before()`` untimed first)."""
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 2)


def build(app: Any, client: Any, events: int) -> str:
    """A Pitch match of ``events`` events: created, a deal started, then the first bid recorded and
    undone again and again, and a last bid (live: the undo measured takes it back)."""
    from referee.store import ledger
    from referee.store.db import execute

    made = client.post("/v1/matches", json=create_body("pitch"))
    assert made.status_code == 201, made.json
    match_id = made.json["id"]
    write = {"Authorization": "Bearer " + made.json["tokens"]["write"]}
    hands = _hands()
    answer = client.post(f"/v1/matches/{match_id}/events", headers={**write, "If-Match": '"v1"'},
                         json={"type": "deal_started", "hands": hands})
    assert answer.status_code == 201, answer.json
    state = answer.json["match"]
    call = state["next"]["legal_calls"][0]
    answer = client.post(f"/v1/matches/{match_id}/events", headers={**write, "If-Match": '"v2"'},
                         json={"type": "bid", "call": call})
    assert answer.status_code == 201, answer.json
    with app.app_context():
        _, kind, payload, actor, _, _, _ = execute(
            'SELECT "seq", "kind", "payload", "actor", "prev_hash", "hash", "key_id" '
            'FROM "event" WHERE "match_id" = ? ORDER BY "seq" DESC LIMIT 1',
            (match_id,)).fetchone()
        step = json.loads(payload)
        head = ledger.chain_head(match_id)
        version, prev = head
        wanted = events - version
        new: list[tuple[str, dict[str, Any]]] = []
        at = version
        while len(new) + 2 <= wanted:
            new.append(("undo", {"voids": [at], "reason": "bench", "by": None}))
            new.append((kind, step))
            at += 2
        rows = ledger.chain(version, prev, new, actor)
        now = "2026-01-01 00:00:00"
        db = app.extensions["referee.db"]
        with db.atomic():
            for start in range(0, len(rows), 5000):
                batch = [(match_id, s, k, t, a, now, p, h, kid)
                         for s, k, t, a, p, h, kid in rows[start:start + 5000]]
                db.cursor().executemany(
                    ledger._INSERT_EVENT.replace("?", db.param), batch)
        assert ledger.verify_chain(match_id) is None
    return match_id


def snapshot(app: Any, match_id: str) -> int:
    """Store the fold snapshots the service would have written had it recorded the ledger
    (one every REFEREE_SNAPSHOT_EVERY events): the ledger above is written straight into the
    database, past the service."""
    from referee import resume

    with app.app_context():
        return resume.build(match_id)


def _hands() -> list[list[str]]:
    from random import Random

    from bench.deals import pitch_record

    return pitch_record(Random(8), 4, 0)["hands"]


def measure(app: Any, match_id: str, repeat: int) -> dict[str, Any]:
    from referee import folds
    from referee.match import commands
    from referee.store import ledger

    out: dict[str, Any] = {}
    with app.app_context():
        events = ledger.chain_head(match_id)[0]
        out["events"] = events
        out["cold read ms"] = _ms(lambda: folds.load_state(match_id), repeat,
                                  before=folds.FOLDS.clear)
        folds.load_state(match_id)
        out["warm read ms"] = _ms(lambda: folds.load_state(match_id), repeat)
        out["recheck ms"] = _ms(lambda: folds.load_state(match_id, whole=True), repeat)
        out["log page ms"] = _ms(lambda: ledger.event_rows(match_id, events // 2, 100), repeat)
        kind, step = _last_step(match_id)

        def write(decide: Any) -> None:  # as a route writes: one transaction
            def work() -> None:
                fold = folds.expect(match_id, None)
                folds.append(match_id, fold, decide(fold.state()), None)

            folds.transact(work, match_id)

        def again() -> None:  # a bid to take back (recorded; not timed)
            if folds.load_state(match_id).last_undoable[0] != ledger.chain_head(match_id)[0]:
                write(lambda s: [(kind, step)])

        def take_back() -> None:
            write(lambda s: commands.undo(s, "bench", None))

        out["undo ms"] = _ms(take_back, repeat, before=again)
    return out


def _last_step(match_id: str) -> tuple[str, dict[str, Any]]:
    """The step recorded and undone again and again: its kind and payload."""
    from referee.store.db import execute

    kind, payload = execute('SELECT "kind", "payload" FROM "event" WHERE "match_id" = ? AND '
                            '"kind" <> ? ORDER BY "seq" DESC LIMIT 1',
                            (match_id, "undo")).fetchone()
    return kind, dict(json.loads(payload))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,20000,100000")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--json", default="")
    args = parser.parse_args(argv)
    name = args.database_url.rsplit("/", 1)[-1].split("?")[0]
    if args.database_url and name in ("test", "postgres"):
        parser.error("use a database of its own (it is written to), not test or postgres")
    os.environ["REFEREE_MAX_EVENTS"] = "1000000"  # the benchmark goes past the cap
    # "warm read" is the cached fold within its recheck time: a cold read of 100k events may
    # take longer than the default 10 s on a loaded machine ("recheck" asks for it anyway).
    os.environ["REFEREE_LEDGER_RECHECK_SECONDS"] = "1000000"
    with tempfile.TemporaryDirectory() as work:
        url = args.database_url or f"sqlite:///{Path(work) / 'bench.db'}"
        os.environ["DATABASE_URL"] = url
        os.environ.setdefault("REFEREE_LEDGER_KEY", "bench-ledger-key-" + "k" * 32)
        migrate(url)
        from referee.api import create_app

        app = create_app({"DATABASE_URL": url, "TESTING": True})
        client = app.test_client()
        results = []
        for size in (int(s) for s in args.sizes.split(",")):
            start = time.perf_counter()
            match_id = build(app, client, size)
            built = time.perf_counter() - start
            start = time.perf_counter()
            made = snapshot(app, match_id)
            snapshotted = time.perf_counter() - start
            row = measure(app, match_id, args.repeat)
            row["built s"] = round(built, 1)
            row["snapshots"] = made
            row["snapshots s"] = round(snapshotted, 1)
            row["sum(range(1000)) us"] = calibration()
            results.append(row)
            print(json.dumps(row), flush=True)
    report = {"database": "postgresql" if url.startswith("postgres") else "sqlite",
              "machine": machine(), "results": results}
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
