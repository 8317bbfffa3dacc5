"""Live updates under load: how many open event streams one server holds, and how
long a write takes to reach every stream that follows its match.

    python -m bench.streams [--database sqlite|postgresql] [--streams 1000] [--matches 50]
                            [--writes 200] [--rate 20] [--workers 2] [--addresses 1]
                            [--json FILE]

Starts gunicorn with the repository's ``gunicorn.conf.py`` on a free loopback port and a fresh
database; creates ``--matches`` Piquet matches; opens ``--streams`` streams (``GET
/v1/matches/{id}/stream`` with each match's read token, spread evenly over the matches) from
one asyncio client (from ``--addresses`` loopback addresses) and waits until every one has
its first event; then records ``--writes``
plays (the cards of the worked deal Q10, match after match, ``--rate`` a second) through the
same server and times, for every stream of the match, the arrival of the new version after
the write was sent. Prints (and with ``--json`` writes) how many streams were held, the
delivery latency p50/p90/p99/max over all deliveries, deliveries missing, the write's own
latency, the server's CPU and memory (RSS of gunicorn's processes) with the streams open.

The client runs on the same machine (it costs CPU too); loopback only; bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import resource
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from bench.servers import (
    _PIDS,
    DEFAULT_PG_URL,
    call,
    fresh_postgres,
    gunicorn,
    machine,
    migrate,
    server_cpu_s,
)
from bench.verdict import judge_streams

#: The worked deal of the Piquet rules (Q10): 24 legal cards in the order played.
Q10_TRICKS = [["KS", "AS"], ["KC", "AC"], ["QS", "7S"], ["TS", "JS"], ["QC", "7C"],
              ["JC", "8S"], ["TC", "JH"], ["9C", "8H"], ["8C", "JD"], ["QH", "AH"],
              ["AD", "KD"], ["9S", "9H"]]
PLAYS = [card for trick in Q10_TRICKS for card in trick]


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by the nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def server_rss_mib(base: str) -> float:
    """Resident memory of gunicorn's master and workers, MiB (Linux /proc)."""
    master = _PIDS.get(base)
    total = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines()
                          if ":" in line)
        except (OSError, ValueError):
            continue
        pid, ppid = int(status.parent.name), int(fields.get("PPid", "0").strip())
        if pid == master or ppid == master:
            total += int(fields.get("VmRSS", "0 kB").split()[0])
    return total / 1024


class Arrivals:
    """When each stream saw each version: (match, version) → list of arrival times."""

    def __init__(self) -> None:
        self.times: dict[tuple[str, int], list[float]] = defaultdict(list)
        self.connected = 0
        self.failed = 0
        self.failures: Counter[str] = Counter()  # why, for the streams not admitted
        self.ended = 0


async def follow(host: str, port: int, match_id: str, token: str, arrivals: Arrivals,
                 stop: asyncio.Event, source: str | None = None) -> None:
    """One stream (from the loopback address ``source``): read events until ``stop``; note
    every version's arrival time. A stream refused (429) counts as failed."""
    try:
        reader, writer = await asyncio.open_connection(
            host, port, local_addr=(source, 0) if source else None)
    except OSError:
        arrivals.failed += 1
        return
    writer.write((f"GET /v1/matches/{match_id}/stream HTTP/1.1\r\nHost: {host}\r\n"
                  f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode())
    try:
        status = await reader.readline()
        if b" 200 " not in status:
            arrivals.failed += 1
            arrivals.failures[status.decode(errors="replace").strip()[9:] or "closed"] += 1
            return
        while (await reader.readline()) not in (b"\r\n", b""):
            pass  # the headers
        first = True
        # Read line by line until the stream ends, or until run() cancels this task at the
        # end (a task per line, raced against a stop event, cost the client more than the
        # server: at 10,000 streams it was the client that fell behind).
        async for line in _lines(reader):
            if line.startswith("id: "):
                arrivals.times[(match_id, int(line[4:]))].append(time.monotonic())
                if first:
                    arrivals.connected += 1
                    first = False
        if not stop.is_set():
            arrivals.ended += 1
    except (OSError, asyncio.IncompleteReadError):
        arrivals.failed += 1
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()


async def _lines(reader: asyncio.StreamReader) -> Any:
    """The lines of a chunked (or plain) HTTP body, as text without their line ends."""
    buffer = b""
    while True:
        size_line = await reader.readline()
        if not size_line:
            return
        try:
            size = int(size_line.strip() or b"0", 16)
        except ValueError:  # not chunked: the line is content
            buffer += size_line
            size = -1
        if size == 0:
            return
        if size > 0:
            buffer += await reader.readexactly(size)
            await reader.readexactly(2)  # the chunk's CRLF
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            yield line.decode()


class Writes:
    """What the writer did: writes sent, and those that failed (refused, an error status, no
    answer), with the last failure in words."""

    def __init__(self) -> None:
        self.sent = 0
        self.failed = 0
        self.last_failure = ""


def write_plays(base: str, matches: list[dict[str, Any]], writes: int, rate: float,
                sent: dict[tuple[str, int], float], write_latency: list[float],
                done: Writes) -> None:
    """Record ``writes`` plays, ``rate`` a second, round-robin over the matches. A write that
    fails (a saturated server: no answer in time, a connection refused, a 5xx) is counted in
    ``done`` and the match's version read again; the run goes on (bench/verdict.py then says
    its latency is no result)."""
    interval = 1 / rate
    next_at = time.monotonic()
    for n in range(writes):
        match = matches[n % len(matches)]
        play = match["played"]
        if play >= len(PLAYS):
            continue
        version = match["version"]
        next_at += interval
        pause = next_at - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        began = time.monotonic()
        key = (match["id"], version + 1)
        sent[key] = began
        done.sent += 1
        try:
            status, _, body = call(
                "POST", f"{base}/v1/matches/{match['id']}/events",
                {"type": "card", "card": PLAYS[play]},
                {"Authorization": f"Bearer {match['write']}", "If-Match": f'"v{version}"'})
        except (OSError, ValueError) as error:  # no answer, or not JSON
            status, body = 0, repr(error)
        write_latency.append(time.monotonic() - began)
        if status == 201:
            match["played"], match["version"] = play + 1, body["match"]["version"]
            continue
        del sent[key]  # nothing to deliver
        done.failed += 1
        done.last_failure = f"{status or 'no answer'}: {str(body)[:200]}"
        _reread(base, match)


def _reread(base: str, match: dict[str, Any]) -> None:
    """After a failed write: the match's version and cards played as the server has them
    (the write may have been recorded after all); left as they were when it cannot say."""
    with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
        status, _, body = call("GET", f"{base}/v1/matches/{match['id']}",
                               headers={"Authorization": f"Bearer {match['write']}"})
        if status == 200 and body["version"] != match["version"]:
            match["played"] += body["version"] - match["version"]
            match["version"] = body["version"]


async def run(base: str, args: argparse.Namespace) -> dict[str, Any]:
    host, port = base.removeprefix("http://").split(":")
    matches = []
    for n in range(args.matches):
        status, _, body = call("POST", f"{base}/v1/matches",
                               {"game": "piquet", "players": [f"Bill{n}", f"Ann{n}"]})
        assert status == 201, body
        matches.append({"id": body["id"], "read": body["tokens"]["read"],
                        "write": body["tokens"]["write"], "version": body["version"],
                        "played": 0})
    arrivals = Arrivals()
    stop = asyncio.Event()
    opened = time.monotonic()
    tasks = []
    for n in range(args.streams):
        match = matches[n % len(matches)]
        source = f"127.0.2.{1 + n % args.addresses}" if args.addresses > 1 else None
        tasks.append(asyncio.ensure_future(
            follow(host, int(port), match["id"], match["read"], arrivals, stop, source)))
        if n % 50 == 49:
            await asyncio.sleep(0.05)  # open them in waves, as phones would come
    while arrivals.connected + arrivals.failed < args.streams:
        if time.monotonic() - opened > args.connect_timeout:
            break
        await asyncio.sleep(0.1)
    connect_s = time.monotonic() - opened
    # The client's 10,000 streams are hundreds of thousands of objects: a full pass of its
    # garbage collector stalled its event loop for up to 410 ms (client_loop_lag_ms), a delay
    # of the measuring, not of the server. What is alive now is left out of its passes.
    gc.collect()
    gc.freeze()
    await asyncio.sleep(1)
    cpu_idle_start = server_cpu_s(base)
    await asyncio.sleep(args.idle)
    idle_cpu = (server_cpu_s(base) - cpu_idle_start) / args.idle
    rss = server_rss_mib(base)

    sent: dict[tuple[str, int], float] = {}
    write_latency: list[float] = []
    done = Writes()
    lags: list[float] = []
    lag_probe = asyncio.ensure_future(_loop_lag(lags))
    cpu_before = server_cpu_s(base)
    writer = threading.Thread(target=write_plays,
                              args=(base, matches, args.writes, args.rate, sent, write_latency,
                                    done))
    began = time.monotonic()
    writer.start()
    while writer.is_alive():
        await asyncio.sleep(0.05)
    await asyncio.sleep(2)  # the last deliveries
    cpu_writes = server_cpu_s(base) - cpu_before
    writes_s = time.monotonic() - began
    lag_probe.cancel()
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)

    per_match = defaultdict(int)
    for n in range(args.streams):
        per_match[matches[n % len(matches)]["id"]] += 1
    latencies: list[float] = []
    firsts: list[float] = []  # per write: its first delivery
    spreads: list[float] = []  # per write: its last delivery less its first
    missing = 0
    for (match_id, version), at in sent.items():
        got = arrivals.times.get((match_id, version), [])
        latencies += [t - at for t in got]
        missing += per_match[match_id] - len(got)
        if got:
            firsts.append(1000 * (min(got) - at))
            spreads.append(1000 * (max(got) - min(got)))
    ms = [1000 * v for v in latencies]
    lag_ms = [1000 * v for v in lags]
    result = {
        "streams_asked": args.streams,
        "streams_held": arrivals.connected,
        "streams_failed": arrivals.failed,
        "streams_refused_by_status": dict(arrivals.failures),
        "streams_ended_early": arrivals.ended,
        "connect_all_s": round(connect_s, 2),
        "matches": args.matches,
        "writes_asked": done.sent,
        "writes": len(sent),
        "writes_failed": done.failed,
        "last_write_failure": done.last_failure or None,
        "deliveries": len(latencies),
        "deliveries_missing": missing,
        "latency_ms": {"p50": _ms(ms, 50), "p90": _ms(ms, 90), "p99": _ms(ms, 99),
                       "max": round(max(ms), 1) if ms else None},
        "first_delivery_ms": {"p50": _ms(firsts, 50), "p99": _ms(firsts, 99)},
        "fan_out_spread_ms": {"p50": _ms(spreads, 50), "p99": _ms(spreads, 99)},
        "client_loop_lag_ms": {"p50": _ms(lag_ms, 50), "p99": _ms(lag_ms, 99),
                               "max": round(max(lag_ms), 1) if lag_ms else None},
        "write_ms": {"p50": round(1000 * statistics.median(write_latency), 1)
                     if write_latency else None,
                     "p99": _ms([1000 * v for v in write_latency], 99)},
        "server_cpu_idle_cores": round(idle_cpu, 3),
        "server_cpu_during_writes_cores": round(cpu_writes / writes_s, 3),
        "server_rss_mib": round(rss, 1),
    }
    result["not_a_result"] = list(judge_streams(result))
    return result


async def _loop_lag(lags: list[float], period: float = 0.005) -> None:
    """The client's own delay: how late its event loop wakes from a ``period`` sleep (every
    delivery it times is late by as much when it is busy reading other streams)."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(period)
        lags.append(max(0.0, time.monotonic() - asked - period))


def _ms(values: list[float], q: float) -> float | None:
    """A percentile rounded to 0.1 ms, None when there are no values (JSON has no NaN)."""
    return round(percentile(values, q), 1) if values else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL", DEFAULT_PG_URL))
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--writes", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20.0, help="writes per second")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--addresses", type=int, default=1, choices=range(1, 255),
                        metavar="1-254",
                        help="client addresses the streams come from (127.0.2.1 and on, "
                             "Linux loopback): a venue's watchers are many phones, and one "
                             "address holds at most REFEREE_STREAMS_PER_ADDRESS per worker")
    parser.add_argument("--idle", type=float, default=5.0,
                        help="seconds the streams stay idle while CPU is measured")
    parser.add_argument("--connect-timeout", type=float, default=60.0)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.streams + 100:  # the client's sockets (the server inherits it too)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, args.streams * 2 + 200), hard))
    with tempfile.TemporaryDirectory(prefix="referee-streams-") as tmp:
        if args.database == "postgresql":
            fresh_postgres(args.pg_url)
            url = args.pg_url
        else:
            url = f"sqlite:///{tmp}/streams.db"
        migrate(url)
        with gunicorn("wsgi:app", url, args.workers, Path(tmp), "service") as base:
            result = asyncio.run(run(base, args))
    result = {"database": args.database, "workers": args.workers, "addresses": args.addresses,
              **result,
              "machine": machine()}
    print(json.dumps(result, indent=2))
    print(f"streams held: {result['streams_held']} of {result['streams_asked']}; writes "
          f"failed: {result['writes_failed']} of {result['writes_asked']}")
    if result["not_a_result"]:
        print("the latency figures are not a result (the server or the client was saturated: "
              + "; ".join(result["not_a_result"]) + ")")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 2 if result["not_a_result"] else 0


if __name__ == "__main__":
    sys.exit(main())
