"""Benchmark 2 (and 4): HTTP, side by side in one run, same machine, same gunicorn settings.

(a) the bare baseline (bench/baseline_app.py: Flask + marshmallow + peewee, one validated
    insert per request in an IMMEDIATE transaction);
(b) the real service recording plays step by step into many concurrent matches (Pitch and
    Piquet), with the write token, If-Match and an Idempotency-Key on every request.

The load generator is wrk (Debian package ``wrk``) with bench/wrk/plays.lua, on loopback,
bounded in time (``--duration``) and in count (each thread stops when its steps run out).

    python -m bench.http_load                          # SQLite (default), about a minute
    python -m bench.http_load --database postgresql    # PostgreSQL (DATABASE_URL of --pg-url)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.matches import create_body, match_plan, step_json
from bench.servers import (
    DEFAULT_PG_URL,
    ROOT,
    call,
    fresh_postgres,
    gunicorn,
    machine,
    migrate,
    server_cpu_s,
)
from bench.verdict import judge_http

LUA = Path(__file__).resolve().parent / "wrk" / "plays.lua"
#: The service's rate over the baseline's that recording a play must reach, per database.
TARGET_RATIO = {"sqlite": 0.8, "postgresql": 0.65}


def create_matches(base: str, plan: list[tuple[str, list[dict[str, Any]]]]
                   ) -> list[tuple[str, str, int]]:
    """Create one match per plan entry; returns (id, write token, version) for each."""
    made = []
    for game, _ in plan:
        status, _, body = call("POST", base + "/v1/matches", create_body(game))
        if status != 201:
            raise RuntimeError(f"creating a match failed: {status} {body}")
        made.append((body["id"], body["tokens"]["write"], int(body["version"])))
    return made


def write_thread_files(data_dir: Path, threads: int, plan: list[tuple[str, list[dict]]],
                       made: list[tuple[str, str, int]]) -> int:
    """Deal the matches to the wrk threads (round-robin); returns the number of steps."""
    data_dir.mkdir(parents=True, exist_ok=True)
    files = [open(data_dir / f"thread{k + 1}.tsv", "w") for k in range(threads)]  # noqa: SIM115
    total = 0
    try:
        for i, ((_, steps), (match_id, token, version)) in enumerate(zip(plan, made,
                                                                         strict=True)):
            out = files[i % threads]
            for step in steps:
                out.write(f"{match_id}\t{token}\t{version}\t{step_json(step)}\n")
                total += 1
    finally:
        for fh in files:
            fh.close()
    return total


def run_wrk(base: str, data_dir: Path, mode: str, threads: int, duration: int) -> dict[str, Any]:
    """Run wrk against ``base``; returns the figures its script printed."""
    cpu_before = server_cpu_s(base)
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk (see bench/README.md)")
    out = subprocess.run(
        [wrk, "-t", str(threads), "-c", str(threads), "-d", f"{duration}s", "--timeout", "10s",
         "-s", str(LUA), base, "--", str(data_dir), mode],
        capture_output=True, text=True, check=True, timeout=duration + 60,
    ).stdout
    found = re.search(r"^WRK_JSON (.*)$", out, re.M)
    if found is None:
        raise RuntimeError("wrk printed no figures:\n" + out)
    figures: dict[str, Any] = json.loads(found.group(1))
    seconds = figures["duration_us"] / 1e6
    figures["req_per_s"] = round(figures["requests"] / seconds, 1)
    figures["ok_per_s"] = round(figures["ok"] / seconds, 1)
    # The server's own CPU per request answered (its workers, all cores together).
    cpu = server_cpu_s(base) - cpu_before
    figures["server_cpu_ms_per_req"] = round(1000 * cpu / max(figures["requests"], 1), 3)
    return figures


def run_once(args: argparse.Namespace, work: Path, round_no: int) -> dict[str, Any]:
    """One baseline run and one service run, on fresh databases."""
    if args.database == "postgresql":
        fresh_postgres(args.pg_url)
        service_url = baseline_url = args.pg_url
    else:
        service_url = f"sqlite:///{work}/service-{round_no}.db"
        baseline_url = f"sqlite:///{work}/baseline-{round_no}.db"
    migrate(service_url)
    plan = match_plan(args.seed + round_no, args.matches, deals=args.deals)
    results: dict[str, Any] = {}
    data_dir = work / f"data-{round_no}"
    with gunicorn("wsgi:app", service_url, args.workers, work, f"service-{round_no}") as base:
        made = create_matches(base, plan)
        steps = write_thread_files(data_dir, args.connections, plan, made)
        # The baseline posts the same bodies; its run comes first (the service's database
        # is already filled with the new matches, which costs it nothing while idle).
        with gunicorn("bench.baseline_app:app", baseline_url, args.workers, work,
                      f"baseline-{round_no}") as baseline:
            results["baseline"] = run_wrk(baseline, data_dir, "baseline", args.connections,
                                          args.duration)
        if args.plain_wait and args.database == "sqlite":
            # The same baseline with SQLite's own busy wait: what the cooperative wait for
            # the write lock (referee.store.db.write_transaction) gains or costs.
            with gunicorn("bench.baseline_app:app", f"sqlite:///{work}/plain-{round_no}.db",
                          args.workers, work, f"plain-{round_no}",
                          {"BASELINE_SQLITE_WAIT": "busy_timeout"}) as plain:
                results["baseline_plain_wait"] = run_wrk(plain, data_dir, "baseline",
                                                         args.connections, args.duration)
        results["service"] = run_wrk(base, data_dir, "service", args.connections,
                                     args.duration)
        # The ledger took exactly the steps answered 201 (none lost, none twice).
        first_id, first_token, _ = made[0]
        status, _, body = call("GET", f"{base}/v1/matches/{first_id}",
                                     headers={"Authorization": f"Bearer {first_token}"})
        results["check"] = {"first_match_version": body.get("version"), "status": status}
    results["steps_available"] = steps
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL", DEFAULT_PG_URL),
                        help=f"PostgreSQL database to recreate and use ({DEFAULT_PG_URL})")
    parser.add_argument("--duration", type=int, default=20, help="seconds per run (20)")
    parser.add_argument("--connections", type=int, default=8,
                        help="wrk threads = connections (8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers, both (2)")
    parser.add_argument("--matches", type=int, default=200, help="concurrent matches (200)")
    parser.add_argument("--deals", type=int, default=6, help="deals prepared per match (6)")
    parser.add_argument("--rounds", type=int, default=1, help="baseline+service rounds (1)")
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--plain-wait", action="store_true",
                        help="SQLite: also run the baseline with SQLite's own busy wait")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="referee-bench-http-"))
    rounds = []
    try:
        for round_no in range(args.rounds):
            rounds.append(run_once(args, work, round_no))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"work directory kept: {work}")
    best = {
        kind: max((r[kind] for r in rounds), key=lambda f: f["ok_per_s"])
        for kind in ("baseline", "service")
    }
    # Every run is judged, not only the best: one broken run makes the comparison no result.
    verdict = judge_http(
        [(f"the {kind} run" + (f" of round {n + 1}" if args.rounds > 1 else ""), r[kind])
         for n, r in enumerate(rounds) for kind in ("baseline", "service")],
        best["baseline"]["ok_per_s"], best["service"]["ok_per_s"], TARGET_RATIO[args.database])
    summary = {
        "machine": machine(),
        "database": args.database,
        "settings": {k: getattr(args, k) for k in ("duration", "connections", "workers",
                                                   "matches", "deals", "rounds", "seed")},
        "rounds": rounds,
        "ratio": verdict.ratio,
        "target_ratio": TARGET_RATIO[args.database],
        "target_met": verdict.met,
        "not_a_result": list(verdict.reasons),
    }
    print(f"HTTP on {args.database}, {args.workers} gunicorn workers, {args.connections} "
          f"connections, {args.duration} s per run, {args.matches} matches")
    for kind in ("baseline", "service"):
        f = best[kind]
        print(f"  {kind:8} {f['ok_per_s']:>8} req/s  p50 {f['p50_us'] / 1000:7.1f} ms  "
              f"p99 {f['p99_us'] / 1000:7.1f} ms  ({f['requests']} requests: {f['ok']} taken, "
              f"{f['refused']} refused, {f['non_2xx']} not 2xx, {f['socket_errors']} socket "
              f"errors; server CPU {f['server_cpu_ms_per_req']:.2f} ms/req)")
    for n, r in enumerate(rounds):
        if "baseline_plain_wait" in r:
            f = r["baseline_plain_wait"]
            print(f"  round {n + 1}: baseline with SQLite's busy wait {f['ok_per_s']} req/s "
                  f"(p99 {f['p99_us'] / 1000:.1f} ms, {f['non_2xx']} not 2xx), with the "
                  f"cooperative wait {r['baseline']['ok_per_s']} req/s (p99 "
                  f"{r['baseline']['p99_us'] / 1000:.1f} ms)")
    print(verdict.line())
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n")
    return 2 if verdict.refused else 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
