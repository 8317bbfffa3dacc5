"""A flood of hostile connections against the deployment the docs prescribe (gunicorn with
gunicorn.conf.py, as README's *Serving* says; docs/security.md, "Limits"): 6,300 connections
at once — three times the 2,000 that stopped the whole service before the limits — of
live-update streams (from 200 tokens of 100 matches, from 37 client addresses, one of them
sending 600 alone) and of half-sent request headers (sent again as soon as the server drops
them). Meanwhile ``/healthz``, ``/readyz`` and a write each answer within a second, the
streams past the limits are refused with 429 problem+json and Retry-After, and the held
streams still get the write.

Heavy (about a minute or two): marker ``flood``, excluded from the default run; ``make
floods`` runs it (.ci/run after the fault suite).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import resource
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bench.streams import PLAYS
from tests.served import Server, call, start_gunicorn

pytestmark = [pytest.mark.flood, pytest.mark.slow]

#: Hostile connections held at once, and how they are made up.
STREAMS_SPREAD = 3600  # 100 from each of 36 addresses (127.0.1.1 - 127.0.1.36)
STREAMS_ONE_ADDRESS = 600  # all from 127.0.0.1: past its cap (250 per worker)
HALF_SENT = 2100
TOTAL = STREAMS_SPREAD + STREAMS_ONE_ADDRESS + HALF_SENT
assert TOTAL == 6300

MATCHES = 100
#: How long the flood is held while the service is probed: past two rounds of half-sent
#: headers (dropped after gunicorn.conf.py's 5 s, and sent again at once).
PROBE_SECONDS = 12.0


@dataclass
class Flood:
    """What the hostile clients saw."""

    statuses: Counter[int] = field(default_factory=Counter)
    open_now: int = 0
    opened: int = 0
    refusals: list[tuple[dict[str, str], dict[str, object]]] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)  # stream → "id" lines received
    by_address: Counter[str] = field(default_factory=Counter)  # admitted streams per address
    held_low: int = TOTAL  # the fewest connections open while probed
    held_samples: list[int] = field(default_factory=list)  # open while probed, every 0.1 s
    held_at_ready: int = 0  # connections open when the flood was in place


async def _headers(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    status_line = await reader.readline()
    if not status_line:
        raise ConnectionError("closed")
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), headers


async def hostile_stream(port: int, source: str, match_id: str, token: str, flood: Flood,
                         stop: asyncio.Event, name: str) -> None:
    """Hold a stream open; when refused, keep the connection (idle) until the server drops
    it, and ask again."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                          local_addr=(source, 0))
        except OSError:
            await asyncio.sleep(0.5)
            continue
        flood.opened += 1
        flood.open_now += 1
        try:
            writer.write(f"GET /v1/matches/{match_id}/stream HTTP/1.1\r\nHost: x\r\n"
                         f"Authorization: Bearer {token}\r\n\r\n".encode())
            status, headers = await _headers(reader)
            flood.statuses[status] += 1
            if status == 200:
                flood.by_address[source] += 1
                try:
                    while not stop.is_set():
                        line = await reader.readline()
                        if not line:
                            break
                        if line.startswith(b"id: "):
                            flood.events[name] += 1
                finally:
                    flood.by_address[source] -= 1
            else:
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                if len(flood.refusals) < 50:
                    flood.refusals.append((headers, json.loads(body)))
                await reader.read()  # idle until the server drops the connection
        except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        finally:
            flood.open_now -= 1
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
        await asyncio.sleep(0.5)


async def half_sent(port: int, flood: Flood, stop: asyncio.Event, delay: float) -> None:
    """After ``delay`` seconds, send half a request's headers and stop; when the server drops
    it, again at once."""
    await asyncio.sleep(delay)
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.5)
            continue
        flood.opened += 1
        flood.open_now += 1
        try:
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            await reader.read()  # nothing comes until the server drops it
        except OSError:
            pass
        finally:
            flood.open_now -= 1
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()


@dataclass
class Probe:
    """One probe of the service during the flood: what, its status, its seconds."""

    what: str
    status: int
    seconds: float


def probe(base: str, match: dict[str, object], probes: list[Probe]) -> None:
    """``/healthz``, ``/readyz`` and a write, each timed (a 1 s limit: no answer in time is
    status 0). The write is the next card of the worked deal (Q10's play); once all are
    played, an undo of the last, and that card again: the probes never run out of writes."""
    played = int(str(match.get("played", 0)))
    auth = {"Authorization": f"Bearer {match['write']}", "If-Match": f'"v{match["version"]}"'}
    write = (f"/v1/matches/{match['id']}/events", {"type": "card", "card": PLAYS[played]}) \
        if played < len(PLAYS) else (f"/v1/matches/{match['id']}/undo", {})
    for what, method, path, body, headers in (
        ("healthz", "GET", "/healthz", None, {}),
        ("readyz", "GET", "/readyz", None, {}),
        ("write", "POST", write[0], write[1], auth),
    ):
        began = time.monotonic()
        try:
            answer = call(base, method, path, body, headers, timeout=1.0)
            status = answer.status
            if what == "write" and status in (200, 201, 412):
                # 412: the last write was stored after its probe gave up on it.
                match["version"] = answer.body.get("match", answer.body)["version"]
                match["played"] = played + (1 if played < len(PLAYS) else -1)
        except OSError:
            status = 0
        probes.append(Probe(what, status, time.monotonic() - began))


async def hold_flood(port: int, tokens: list[tuple[str, str]], ready: Any, stop: Any
                     ) -> Flood:
    """Open the flood and hold it: ``ready`` is set once it is in place — every connection
    open, every stream answered (admitted or refused; opening 4,200 streams is work the server
    does once, for hostile and genuine watchers alike) — and it is held until ``stop``."""
    flood = Flood()
    halt = asyncio.Event()
    tasks = []
    for n in range(STREAMS_SPREAD + STREAMS_ONE_ADDRESS):
        match_id, token = tokens[n % len(tokens)]
        source = (f"127.0.1.{1 + n % 36}" if n < STREAMS_SPREAD else "127.0.0.1")
        tasks.append(asyncio.ensure_future(
            hostile_stream(port, source, match_id, token, flood, halt, f"s{n}")))
        if n % 200 == 199:
            await asyncio.sleep(0.1)
    for n in range(HALF_SENT):  # spread over a round: as many dropped and back every second
        tasks.append(asyncio.ensure_future(half_sent(port, flood, halt, 5.0 * n / HALF_SENT)))
        if n % 200 == 199:
            await asyncio.sleep(0.1)
    streams = STREAMS_SPREAD + STREAMS_ONE_ADDRESS
    began = time.monotonic()
    while ((flood.open_now < TOTAL or flood.statuses.total() < streams)
           and time.monotonic() - began < 240):
        await asyncio.sleep(0.2)
    await asyncio.sleep(1)
    flood.held_at_ready = flood.open_now
    ready.set()
    while not stop.is_set():
        flood.held_low = min(flood.held_low, flood.open_now)
        flood.held_samples.append(flood.open_now)
        await asyncio.sleep(0.1)
    halt.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return flood


def flood_process(port: int, tokens: list[tuple[str, str]], ready: Any, stop: Any,
                  results: Any) -> None:
    """The hostile clients, in a process of their own (the probes are timed apart from
    them): what they saw goes to ``results``."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    flood = asyncio.run(hold_flood(port, tokens, ready, stop))
    results.put({"statuses": dict(flood.statuses), "held_low": flood.held_low,
                 "held_at_ready": flood.held_at_ready,
                 "held_mean": sum(flood.held_samples) / max(1, len(flood.held_samples)),
                 "opened": flood.opened, "refusals": flood.refusals})


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> object:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:  # this process holds the 6,300 client sockets
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if min(hard, 20000) < TOTAL + 1000:
        pytest.skip(f"the open-files limit ({hard}) is too low for {TOTAL} connections")
    started = start_gunicorn(database_url, tmp_path / "gunicorn.log",
                             extra_env={"ACCESS_LOG": str(tmp_path / "access.log")})
    yield started
    started.stop()


def test_a_flood_of_streams_and_half_sent_headers_leaves_the_service_answering(
    server: Server,
) -> None:
    matches = []
    for n in range(MATCHES + 1):
        created = call(server.base, "POST", "/v1/matches",
                       {"game": "piquet", "players": [f"Bill{n}", f"Ann{n}"]})
        assert created.status == 201
        matches.append({"id": created.body["id"], "version": created.body["version"],
                        **created.body["tokens"]})
    watched = matches.pop()  # a table playing on during the flood (its own phone: no stream)

    port = int(server.base.rsplit(":", 1)[1])
    tokens = [(str(m["id"]), str(m[kind])) for m in matches for kind in ("read", "write")]
    spawn = multiprocessing.get_context("spawn")
    ready, stop, results = spawn.Event(), spawn.Event(), spawn.Queue()
    hostile = spawn.Process(target=flood_process, args=(port, tokens, ready, stop, results))
    hostile.start()
    try:
        assert ready.wait(300), "the flood was not in place within 5 minutes"
        probes: list[Probe] = []
        ended = time.monotonic() + PROBE_SECONDS
        while time.monotonic() < ended:
            probe(server.base, watched, probes)
            time.sleep(0.3)
        stop.set()
        seen = results.get(timeout=60)
    finally:
        stop.set()
        hostile.join(30)
        if hostile.is_alive():
            hostile.kill()
    flood = Flood(Counter(seen["statuses"]), opened=seen["opened"],
                  refusals=seen["refusals"], held_low=seen["held_low"],
                  held_at_ready=seen["held_at_ready"])

    # The flood was what it says: 6,300 connections held at once.
    # (Half-sent ones are dropped every 5 s and sent again, 420 a second: the count at the
    # instant of readiness may miss the few between the two.)
    assert flood.held_at_ready >= TOTAL - 10, (flood.held_at_ready, flood.statuses)
    assert seen["held_mean"] >= TOTAL * 0.9, (seen["held_mean"], flood.held_low)
    # Streams past the limits were refused as the docs say; the others were held.
    assert flood.statuses[200] >= STREAMS_SPREAD, flood.statuses
    assert set(flood.statuses) <= {200, 429}, flood.statuses
    assert flood.statuses[429] > 0  # 600 from one address: past 250 per worker
    for headers, body in flood.refusals:
        assert headers["content-type"] == "application/problem+json"
        assert int(headers["retry-after"]) > 0
        assert body["type"] == "https://referee.example/problems/too-many-streams"
        assert body["limit"] == "address"
    assert len(probes) >= 3 * 5

    # The liveness bound: every probe answered, each within a second.
    slow = [p for p in probes if not (p.status in (200, 201) and p.seconds < 1.0)]
    assert not slow, "; ".join(f"{p.what} {p.status} {p.seconds:.2f} s" for p in probes)
