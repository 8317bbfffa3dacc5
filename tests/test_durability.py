"""Two phones at one table, and a crash: against gunicorn, on SQLite and (in CI) PostgreSQL.

- Two client processes append to one match at once, each reading the match and sending the
  next legal step with If-Match and an Idempotency-Key: the final ledger holds every
  acknowledged event exactly once, gapless and in a legal order; the losers got 412.
- kill -9 of gunicorn's master and workers while a client records a partie: after a restart
  every event that got a 2xx is there, nothing half-written, and the hash chain verifies;
  the request in flight at the crash, retried right after the restart with its
  Idempotency-Key, is recorded exactly once (its transaction died with the server: no
  "in progress" to wait out).
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from referee.cards import FULL_PACK, card_name
from tests.api.test_piquet_http import Q10_TRICKS
from tests.served import Server, call, start_gunicorn

pytestmark = pytest.mark.slow


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _choose(match: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The next legal step a phone would offer: a legal call, or a card the referee allows
    (any card not yet seen when it cannot know more)."""
    nxt = match["next"]
    if nxt["action"] == "bid":
        calls = [c for c in nxt["legal_calls"] if c != "pitch"]
        return {"type": "bid", "call": rng.choice(calls)}
    cards = nxt["legal_cards"]
    if cards is None:
        record = match["current_deal"] or {"tricks": []}
        seen = {c for trick in record.get("tricks", []) for c in trick}
        cards = [card_name(c) for c in FULL_PACK if card_name(c) not in seen]
    return {"type": "card", "card": rng.choice(cards)}


def phone(base: str, match_id: str, token: str, seed: int, seconds: float) -> dict[str, Any]:
    """One phone recording steps until the match ends or time is up; returns what it saw."""
    rng = random.Random(seed)
    acknowledged: list[tuple[int, str]] = []
    refused: dict[int, int] = {}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        read = call(base, "GET", f"/v1/matches/{match_id}", headers=_auth(token))
        match = read.body
        if match["finished"] or match["next"]["action"] == "none":
            break
        step = _choose(match, rng)
        headers = {**_auth(token), "If-Match": read.headers["ETag"],
                   "Idempotency-Key": str(uuid.uuid4())}
        answer = call(base, "POST", f"/v1/matches/{match_id}/events", step, headers)
        if answer.status == 201:
            acknowledged.extend((e["seq"], e["kind"]) for e in answer.body["events"])
        else:
            refused[answer.status] = refused.get(answer.status, 0) + 1
    return {"acknowledged": acknowledged, "refused": refused}


def _full_log(base: str, match_id: str, token: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        query = f"?limit=500&cursor={cursor}" if cursor else "?limit=500"
        page = call(base, "GET", f"/v1/matches/{match_id}/log{query}", headers=_auth(token)).body
        items.extend(page["items"])
        cursor = page["next_cursor"]
        if cursor is None:
            return items


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Any:
    running = start_gunicorn(database_url, tmp_path / "gunicorn.log", workers=3)
    yield running
    if running.process.poll() is None:
        running.stop()


def test_two_phones_at_one_table_never_lose_or_interleave(server: Server) -> None:
    created = call(server.base, "POST", "/v1/matches",
                   {"game": "pitch", "players": ["Ann", "Bob", "Cid"],
                    "options": {"target": 11}}).body
    match_id, token = created["id"], created["tokens"]["write"]
    with ProcessPoolExecutor(max_workers=2) as pool:
        runs = [pool.submit(phone, server.base, match_id, token, seed, 20.0) for seed in (1, 2)]
        results = [run.result(timeout=120) for run in runs]
    acknowledged = [ack for r in results for ack in r["acknowledged"]]
    seqs = [seq for seq, _ in acknowledged]
    assert len(seqs) == len(set(seqs)), "an event was acknowledged to both phones"
    log = _full_log(server.base, match_id, token)
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))  # gapless
    assert {(e["seq"], e["kind"]) for e in log[1:]} == set(acknowledged)
    assert len(acknowledged) > 20
    for r in results:
        assert set(r["refused"]) <= {412}, r["refused"]  # no 409 "in progress" any more
    final = call(server.base, "GET", f"/v1/matches/{match_id}", headers=_auth(token))
    assert final.status == 200  # the ledger replays under the rules
    check = call(server.base, "GET", f"/v1/matches/{match_id}/verify", headers=_auth(token))
    assert check.body["intact"] is True and check.body["events"] == len(log)


def _record_parties(base: str, stop: threading.Event, sink: dict[str, list[Any]],
                    in_flight: list[Any]) -> None:
    """Record Piquet parties card by card (the Q10 deal every deal) until stopped or refused;
    ``in_flight`` holds the last request sent (match, body, headers) until it is answered."""
    try:
        while not stop.is_set():
            created = call(base, "POST", "/v1/matches",
                           {"game": "piquet", "players": ["Bill", "Ann"]}).body
            match_id, token = created["id"], created["tokens"]["write"]
            sink[match_id] = [token]
            etag = '"v1"'
            for _deal in range(6):
                for trick in Q10_TRICKS:
                    for card in trick:
                        body = {"type": "card", "card": card}
                        headers = {**_auth(token), "If-Match": etag,
                                   "Idempotency-Key": str(uuid.uuid4())}
                        in_flight[:] = [match_id, body, headers]
                        answer = call(base, "POST", f"/v1/matches/{match_id}/events",
                                      body, headers, timeout=5)
                        in_flight.clear()
                        assert answer.status == 201, answer.body
                        etag = answer.headers["ETag"]
                        sink[match_id].extend(
                            (e["seq"], e["kind"], e["payload"]) for e in answer.body["events"]
                        )
    except OSError:
        return  # the server died under us


def test_kill_9_loses_no_acknowledged_event(server: Server, database_url: str,
                                            tmp_path: Path) -> None:
    stop = threading.Event()
    sink: dict[str, list[Any]] = {}
    in_flight: list[Any] = []
    client = threading.Thread(target=_record_parties, args=(server.base, stop, sink,
                                                            in_flight))
    client.start()
    time.sleep(3.0)
    server.kill()
    stop.set()
    client.join(timeout=30)
    acknowledged = sum(len(v) - 1 for v in sink.values())
    assert acknowledged > 20, "the client recorded too little before the crash to test it"

    restarted = start_gunicorn(database_url, tmp_path / "gunicorn-2.log", workers=2)
    try:
        # Right after the restart, the phone retries the card it sent when the server died
        # (nothing is in flight only when the crash hit a create, a 1-in-144 chance).
        if in_flight:
            match_id, body, headers = in_flight
            url = f"/v1/matches/{match_id}/events"
            retried = call(restarted.base, "POST", url, body, headers)
            assert retried.status == 201, retried.body
            sink[match_id].extend(
                (e["seq"], e["kind"], e["payload"]) for e in retried.body["events"])
            again = call(restarted.base, "POST", url, body, headers)
            assert again.status == 201 and again.body == retried.body  # once, not twice
        for match_id, (token, *events) in sink.items():
            log = {e["seq"]: e for e in _full_log(restarted.base, match_id, token)}
            assert list(log) == list(range(1, len(log) + 1))
            for seq, kind, payload in events:
                assert log[seq]["kind"] == kind and log[seq]["payload"] == payload
            check = call(restarted.base, "GET", f"/v1/matches/{match_id}/verify",
                         headers=_auth(token)).body
            assert check["intact"] is True
            state = call(restarted.base, "GET", f"/v1/matches/{match_id}", headers=_auth(token))
            assert state.status == 200
    finally:
        restarted.stop()
