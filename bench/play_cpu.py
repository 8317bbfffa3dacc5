"""The CPU one recorded play costs, in process: the service against the bare baseline.

The requests of ``make -C bench http`` (bench/matches.py's plays, round-robin over Pitch and
Piquet matches, each with the write token, If-Match and a fresh Idempotency-Key; the
baseline's ``POST /plays`` with the same bodies), handed straight to each app's WSGI callable
(no gunicorn, no network, no load generator): the process's CPU time per request is the
app's own cost, and it hardly moves when other processes share the cores, unlike the wrk
runs' rates. Each app runs in a child process of its own (both bind the store's database
proxy), one after the other, ``--rounds`` times alternating; the figure is the median.

    python -m bench.play_cpu                        # SQLite, both apps, 3 rounds
    python -m bench.play_cpu --database postgresql  # on BENCH_PG_URL (dropped, re-created)
    python -m bench.play_cpu --profile cprofile     # the service's request, by function
    python -m bench.play_cpu --profile pyinstrument

"CPU" is user + system time of the process (the fsync of a commit is a wait, not CPU).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from bench.matches import create_body, match_plan, step_json
from bench.servers import DEFAULT_PG_URL, ROOT, fresh_postgres, machine, migrate

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def environ(method: str, path: str, body: bytes, headers: dict[str, str]) -> dict[str, Any]:
    """A WSGI environ as gunicorn makes one for wrk's request (loopback, HTTP/1.1)."""
    env: dict[str, Any] = {
        "REQUEST_METHOD": method, "SCRIPT_NAME": "", "PATH_INFO": path, "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1", "REMOTE_PORT": "40000", "HTTP_HOST": "127.0.0.1:8000",
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body)),
        "wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr, "wsgi.multithread": False, "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for name, value in headers.items():
        env["HTTP_" + name.upper().replace("-", "_")] = value
    return env


def call(app: WsgiApp, env: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
    """Run one request through ``app``: (status, headers, body)."""
    got: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None
                       ) -> Callable[[bytes], None]:
        got["status"], got["headers"] = int(status.split()[0]), dict(headers)
        return lambda _: None

    result = app(env, start_response)
    try:
        body = b"".join(result)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()
    return got["status"], got["headers"], body


def child(args: argparse.Namespace) -> dict[str, Any]:
    """One app's run in this process (``--app``): its CPU per request."""
    os.environ["REFEREE_CREATE_QUOTA"] = "0"
    plan = match_plan(args.seed, args.matches, deals=args.deals)
    if args.app == "service":
        from referee.api import create_app

        app: WsgiApp = create_app()
        made = []
        for game, _ in plan:
            status, _, raw = call(app, environ("POST", "/v1/matches",
                                               json.dumps(create_body(game)).encode(), {}))
            assert status == 201, raw
            body = json.loads(raw)
            made.append([body["id"], body["tokens"]["write"], int(body["version"])])
    else:
        from bench.baseline_app import app as baseline

        app = baseline
        made = [[f"m{i}", "", 0] for i in range(len(plan))]
    queues = [[step_json(s).encode() for s in steps] for _, steps in plan]
    sent = 0

    def one(i: int) -> None:
        nonlocal sent
        match_id, token, version = made[i]
        step = queues[i][sent // len(plan)]
        sent += 1
        if args.app == "service":
            env = environ("POST", f"/v1/matches/{match_id}/events", step, {
                "Authorization": f"Bearer {token}", "If-Match": f'"v{version}"',
                "Idempotency-Key": f"cpu-{sent}"})
        else:
            env = environ("POST", "/plays", b'{"match_id":"%s",%s' % (
                match_id.encode(), step[1:]), {})
        status, headers, raw = call(app, env)
        if status != 201:
            raise RuntimeError(f"play {sent}: {status} {raw[:300]!r}")
        if "ETag" in headers:
            made[i][2] = int(headers["ETag"].strip('"v'))

    plays = min(args.plays + args.warmup, len(plan) * min(len(q) for q in queues))
    for n in range(args.warmup):
        one(n % len(plan))
    measured = plays - args.warmup
    profiler = start_profile(args.profile)
    if os.environ.get("BENCH_CALLGRIND"):  # count from here on (see run_child)
        subprocess.run(["callgrind_control", "--zero", str(os.getpid())], check=True,
                       capture_output=True)
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    for n in range(args.warmup, plays):
        one(n % len(plan))
    cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start_wall
    stop_profile(args, profiler)
    return {"app": args.app, "plays": measured, "cpu_ms_per_play": 1000 * cpu / measured,
            "wall_ms_per_play": 1000 * wall / measured}


def start_profile(kind: str | None) -> Any:
    """A profiler started (``cprofile``: CPU time; ``pyinstrument``: wall time), or None."""
    if kind == "cprofile":
        import cProfile

        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        return profiler
    if kind == "pyinstrument":
        from pyinstrument import Profiler

        sampler = Profiler(interval=0.0002)
        sampler.start()
        return sampler
    return None


def stop_profile(args: argparse.Namespace, profiler: Any) -> None:
    """Stop ``profiler`` and print what it found on stderr."""
    if args.profile == "cprofile":
        import pstats

        profiler.disable()
        pstats.Stats(profiler, stream=sys.stderr).sort_stats(args.sort).print_stats(args.top)
    elif args.profile == "pyinstrument":
        profiler.stop()
        print(profiler.output_text(unicode=True, color=False), file=sys.stderr)


def run_child(args: argparse.Namespace, app: str, url: str, work: str) -> dict[str, Any]:
    """``--app APP`` in a child process on the database ``url`` (migrated first); with
    ``--callgrind`` under valgrind, counting the instructions of the measured plays."""
    if url.startswith("postgresql"):
        fresh_postgres(url)
    if app == "service":
        migrate(url)
    prefix: list[str] = []
    env = {**os.environ, "DATABASE_URL": url}
    counts = Path(work) / f"callgrind-{app}.out"
    if args.callgrind:
        prefix = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={counts}"]
        env["BENCH_CALLGRIND"] = "1"
        # A play takes some 50 times longer under valgrind: the folds' whole-chain recheck,
        # due every 10 s of wall clock, would come every few plays of a match instead of
        # every hundred or so, as in the wrk run.
        env.setdefault("REFEREE_LEDGER_RECHECK_SECONDS", "300")
    argv = [*prefix, sys.executable, "-m", "bench.play_cpu", "--app", app, "--plays",
            str(args.plays), "--warmup", str(args.warmup), "--matches", str(args.matches),
            "--deals", str(args.deals), "--seed", str(args.seed)]
    if args.profile and app == "service":
        argv += ["--profile", args.profile, "--sort", args.sort, "--top", str(args.top)]
    out = subprocess.run(argv, cwd=ROOT, env=env, check=True, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL if args.callgrind else None,
                         text=True).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    if args.callgrind:
        total = re.search(r"^(?:totals|summary): (\d+)", counts.read_text(), re.M)
        assert total is not None, "no total in callgrind's output"
        result["instructions_per_play"] = int(total.group(1)) / result["plays"]
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL", DEFAULT_PG_URL))
    parser.add_argument("--plays", type=int, default=1500, help="plays measured (1500)")
    parser.add_argument("--warmup", type=int, default=200, help="plays before (200)")
    parser.add_argument("--matches", type=int, default=40, help="matches, round-robin (40)")
    parser.add_argument("--deals", type=int, default=3, help="deals per match (3)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each app (3)")
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--only", choices=["service", "baseline"],
                        help="run one app only")
    parser.add_argument("--profile", choices=["cprofile", "pyinstrument"],
                        help="profile the service's plays (printed on stderr)")
    parser.add_argument("--sort", default="cumulative", help="cProfile's order (cumulative)")
    parser.add_argument("--top", type=int, default=60, help="cProfile's lines (60)")
    parser.add_argument("--callgrind", action="store_true",
                        help="count instructions under valgrind (slow: use --plays 300)")
    parser.add_argument("--app", choices=["service", "baseline"], help=argparse.SUPPRESS)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    if args.app:  # the child
        print(json.dumps(child(args)), flush=True)
        if os.environ.get("BENCH_CALLGRIND"):
            os._exit(0)  # nothing after the plays in callgrind's count
        return 0
    apps = [args.only] if args.only else ["baseline", "service"]
    runs: dict[str, list[dict[str, Any]]] = {app: [] for app in apps}
    with tempfile.TemporaryDirectory(prefix="referee-bench-cpu-") as work:
        for n in range(args.rounds):
            for app in apps:
                url = (args.pg_url if args.database == "postgresql"
                       else f"sqlite:///{work}/{app}-{n}.db")
                runs[app].append(run_child(args, app, url, work))
    median = {app: statistics.median(r["cpu_ms_per_play"] for r in rs)
              for app, rs in runs.items()}
    print(f"CPU per recorded play, in process, {args.database}, {args.plays} plays over "
          f"{args.matches} matches, {args.rounds} rounds (median; each run's in brackets)")
    for app, rs in runs.items():
        each = ", ".join(f"{r['cpu_ms_per_play']:.3f}" for r in rs)
        print(f"  {app:8} {median[app]:.3f} ms  [{each}]")
    if len(median) == 2:
        print(f"  baseline / service CPU: {median['baseline'] / median['service']:.3f}")
    if args.callgrind:
        counted = {app: statistics.median(r["instructions_per_play"] for r in rs)
                   for app, rs in runs.items()}
        for app, per_play in counted.items():
            print(f"  {app:8} {per_play / 1e6:.2f} M instructions a play (callgrind)")
        if len(counted) == 2:
            print(f"  baseline / service instructions: "
                  f"{counted['baseline'] / counted['service']:.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": machine(), "runs": runs,
                                               "median_ms": median}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
