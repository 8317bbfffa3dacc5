"""Benchmark 3: does a request cost more when the database, or the match, is bigger?

The time to read a match (``GET /v1/matches/{id}``) and to record its next play (``POST
.../events`` with the write token, If-Match and an Idempotency-Key), in process through the
WSGI app (no network, no gunicorn: the service's own cost), on a SQLite file holding 1k,
100k and 1M events of other matches. The other matches are copies of a real recorded Pitch
match (events with their hash chain, two tokens each) and, as clients send an
Idempotency-Key with every write, one stored key (with its response) per step event.
The database grows in place: 1k, then 100k, then 1M.

First, on the small database, a match that already has 0, 10, 50 and 100 deals behind it.

Each figure is the median over the same sequence of requests (the same seeded deals);
"flat" means within ±20% of the smallest database's figure.

    python -m bench.scale                  # all of it (a few minutes: the 1M fill)
    python -m bench.scale --sizes 1000,100000 --deals 0,10
    python -m bench.scale --profile        # where a step's time goes (pyinstrument)
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from itertools import count
from pathlib import Path
from random import Random
from typing import Any

from bench.engines import calibration
from bench.matches import create_body, pitch_steps
from bench.servers import machine, migrate

_keys = count(1)
_fill_ids = count(1)


class Client:
    """The service in process (Flask test client) on one database."""

    def __init__(self, database_url: str) -> None:
        os.environ["DATABASE_URL"] = database_url
        from referee.api import create_app

        # no create quota: the bench creates every match from one address
        self.app = create_app({"DATABASE_URL": database_url, "TESTING": True,
                               "CREATE_QUOTA": 0})
        self.client = self.app.test_client()

    def create(self, game: str = "pitch") -> tuple[str, str, int]:
        resp = self.client.post("/v1/matches", json=create_body(game))
        assert resp.status_code == 201, resp.json
        body = resp.json
        assert body is not None
        return body["id"], body["tokens"]["write"], body["version"]

    def step(self, match: list[Any], step: dict[str, Any]) -> float:
        """Record one step; returns its time in ms and moves the match's version on."""
        match_id, token, version = match
        start = time.perf_counter()
        resp = self.client.post(
            f"/v1/matches/{match_id}/events", json=step,
            headers={"Authorization": f"Bearer {token}", "If-Match": f'"v{version}"',
                     "Idempotency-Key": f"scale-{next(_keys)}"},
        )
        elapsed = (time.perf_counter() - start) * 1000
        assert resp.status_code == 201, resp.json
        match[2] = int(resp.headers["ETag"].strip('"v'))
        return elapsed

    def record_deal(self, match: list[Any], record: dict[str, Any]) -> None:
        match_id, token, version = match
        resp = self.client.post(
            f"/v1/matches/{match_id}/deals", json=record,
            headers={"Authorization": f"Bearer {token}", "If-Match": f'"v{version}"',
                     "Idempotency-Key": f"scale-{next(_keys)}"},
        )
        assert resp.status_code == 201, resp.json
        match[2] = int(resp.headers["ETag"].strip('"v'))

    def read(self, match: list[Any]) -> float:
        match_id, token, _ = match
        start = time.perf_counter()
        resp = self.client.get(f"/v1/matches/{match_id}",
                               headers={"Authorization": f"Bearer {token}"})
        elapsed = (time.perf_counter() - start) * 1000
        assert resp.status_code == 200
        return elapsed


# ------------------------------------------------------------------- filling the database


def template_rows(path: Path, match_id: str) -> dict[str, list[tuple]]:
    """The stored rows of one recorded match: its events and the keys of its steps."""
    con = sqlite3.connect(path)
    try:
        events = con.execute(
            "SELECT seq, kind, payload, actor, created_at, prev_hash, hash, key_id FROM event "
            "WHERE match_id = ? ORDER BY seq", (match_id,)).fetchall()
        keys = con.execute(
            "SELECT fingerprint, state, status, response, headers, first_seq "
            "FROM idempotency_key WHERE scope = ? ORDER BY id", (match_id,)).fetchall()
    finally:
        con.close()
    return {"events": events, "keys": keys}


def fill(path: Path, template: dict[str, list[tuple]], events_wanted: int, start: int) -> int:
    """Add copies of the template match until the other matches hold ``events_wanted``
    events (``start`` already there); returns the number of events now stored."""
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=wal")
    con.execute("PRAGMA synchronous=off")  # filling only; the measured requests use FULL
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None).isoformat(" ")
    per_match = len(template["events"])
    have = start
    try:
        while have < events_wanted:
            batch_matches, batch_events, batch_tokens, batch_keys = [], [], [], []
            for _ in range(min(2000, max(1, (events_wanted - have) // per_match))):
                n = next(_fill_ids)
                mid = f"fill{n:012d}"
                batch_matches.append((mid, "pitch", now))
                batch_events.extend((mid, *row) for row in template["events"])
                batch_tokens.append((mid, "write", f"{n:064x}w", now, None))
                batch_tokens.append((mid, "read", f"{n:064x}r", now, None))
                batch_keys.extend((mid, f"fill-{n}-{k}", *row[:5], mid, row[5], now, now)
                                  for k, row in enumerate(template["keys"]))
                have += per_match
            with con:
                con.executemany("INSERT INTO match (id, game, created_at) VALUES (?, ?, ?)",
                                batch_matches)
                con.executemany(
                    "INSERT INTO event (match_id, seq, kind, payload, actor, created_at, "
                    "prev_hash, hash, key_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", batch_events)
                con.executemany(
                    "INSERT INTO access_token (match_id, kind, token_hash, created_at, "
                    "revoked_at) VALUES (?, ?, ?, ?, ?)", batch_tokens)
                con.executemany(
                    "INSERT INTO idempotency_key (scope, key, fingerprint, state, status, "
                    "response, headers, match_id, first_seq, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", batch_keys)
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.execute("ANALYZE")
    finally:
        con.close()
    return have


# ------------------------------------------------------------------------------ measuring


def measure_match(client: Client, seed: int, warm_deals: int, reads: int) -> dict[str, Any]:
    """A new Pitch match: ``warm_deals`` whole deals recorded, then one deal step by step
    (every step timed) and ``reads`` reads timed."""
    rng = Random(seed)
    match = list(client.create("pitch"))
    if warm_deals:
        from bench.deals import pitch_record

        for k in range(warm_deals):
            client.record_deal(match, pitch_record(rng, 4, k % 4))
    steps = pitch_steps(Random(seed + 1), 1)
    # pitch_steps deals from seat 0: rotate the deal to the dealer due after warm_deals.
    if warm_deals % 4:
        steps = _redealt(Random(seed + 1), warm_deals % 4)
    core_us = calibration()  # this VM's speed drifts: say how fast it ran at the time
    step_ms = [client.step(match, s) for s in steps]
    read_ms = [client.read(match) for _ in range(reads)]
    return {
        "core_us": core_us,
        "record_ms": round(statistics.median(step_ms), 3),
        "record_p90_ms": round(sorted(step_ms)[int(0.9 * (len(step_ms) - 1))], 3),
        "read_ms": round(statistics.median(read_ms), 3),
        "steps": len(step_ms),
        "events_in_match": match[2],
    }


def _redealt(rng: Random, dealer: int) -> list[dict[str, Any]]:
    from bench.deals import pitch_record

    record = pitch_record(rng, 4, dealer)
    steps: list[dict[str, Any]] = [{"type": "deal_started", "hands": record["hands"]}]
    steps.extend({"type": "bid", "call": c} for c in record["bids"])
    steps.extend({"type": "card", "card": c} for t in record["tricks"] for c in t)
    return steps


def check_purge_indexed(path: Path) -> None:
    """The purge of expired Idempotency-Keys must search an index (migration 0003), not scan
    the key table: before it, every write grew linearly with the database."""
    con = sqlite3.connect(path)
    try:
        plan = " ".join(str(row[-1]) for row in con.execute(
            "EXPLAIN QUERY PLAN DELETE FROM idempotency_key WHERE created_at < ?", ("",)))
    finally:
        con.close()
    if "USING INDEX" not in plan and "USING COVERING INDEX" not in plan:
        raise SystemExit(f"the Idempotency-Key purge scans its table ({plan}): migrations?")


def flat(values: list[float]) -> bool:
    """Within ±20% of the first value."""
    return all(abs(v - values[0]) <= 0.2 * values[0] for v in values)


def run(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    path = work / "scale.db"
    url = f"sqlite:///{path}"
    migrate(url)
    check_purge_indexed(path)
    client = Client(url)
    # The template: one Pitch match of two deals recorded step by step, as phones do.
    tmpl_match = list(client.create("pitch"))
    for step in pitch_steps(Random(args.seed), 2):
        client.step(tmpl_match, step)
    template = template_rows(path, tmpl_match[0])
    results: dict[str, Any] = {"template_events_per_match": len(template["events"]),
                               "sizes": [], "deals": []}
    # Long matches first, while the database is small (quicker to fill afterwards).
    for deals in args.deals:
        figures = measure_match(client, args.seed + deals, deals, args.reads)
        figures["deals_before"] = deals
        results["deals"].append(figures)
        print(f"  match with {deals:>4} deals ({figures['events_in_match']:>4} events): read "
              f"{figures['read_ms']:7.2f} ms, record a play {figures['record_ms']:7.2f} ms "
              f"[core {figures['core_us']} µs]", flush=True)
    con = sqlite3.connect(path)
    have = con.execute("SELECT count(*) FROM event").fetchone()[0]
    con.close()
    for size in args.sizes:
        start = time.perf_counter()
        have = fill(path, template, size, have)
        filled_s = time.perf_counter() - start
        figures = measure_match(client, args.seed, 0, args.reads)
        figures.update(events_in_db=have, fill_s=round(filled_s, 1),
                       db_mib=round(path.stat().st_size / 2**20, 1))
        results["sizes"].append(figures)
        print(f"  {have:>9} events in the database ({figures['db_mib']} MiB): read "
              f"{figures['read_ms']:7.2f} ms, record a play {figures['record_ms']:7.2f} ms "
              f"(p90 {figures['record_p90_ms']:.2f}) [core {figures['core_us']} µs]", flush=True)
        if args.profile and size == args.sizes[-1]:
            profile(client, args.seed)
    for key in ("read_ms", "record_ms"):
        results[f"db_size_flat_{key}"] = flat([f[key] for f in results["sizes"]])
        if results["deals"]:
            results[f"match_length_flat_{key}"] = flat([f[key] for f in results["deals"]])
    return results


def profile(client: Client, seed: int) -> None:
    """pyinstrument over one deal recorded step by step, on the current database."""
    from pyinstrument import Profiler

    match = list(client.create("pitch"))
    profiler = Profiler(interval=0.0002)
    profiler.start()
    for step in pitch_steps(Random(seed + 7), 1):
        client.step(match, step)
    profiler.stop()
    print(profiler.output_text(unicode=True, color=False))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,100000,1000000",
                        type=lambda s: [int(x) for x in s.split(",") if x],
                        help="events of other matches in the database (1000,100000,1000000)")
    parser.add_argument("--deals", default="0,10,50,100",
                        type=lambda s: [int(x) for x in s.split(",") if x],
                        help="deals already in the measured match (0,10,50,100)")
    parser.add_argument("--reads", type=int, default=50, help="reads timed per figure (50)")
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--profile", action="store_true",
                        help="profile a deal's steps on the largest database")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--keep", action="store_true", help="keep the database")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="referee-bench-scale-"))
    try:
        print("Scale on SQLite (in process, the service's own time per request)")
        results = run(args, work)
    finally:
        if args.keep:
            print(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    results["machine"] = machine()
    print("  flat (±20%) with the database's size: read "
          f"{results['db_size_flat_read_ms']}, record {results['db_size_flat_record_ms']}")
    if results["deals"]:
        print("  flat (±20%) with the match's length: read "
              f"{results['match_length_flat_read_ms']}, record "
              f"{results['match_length_flat_record_ms']}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
