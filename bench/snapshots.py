"""Benchmark 15: what fold snapshots cost and give, by how often they are written.

A Pitch game to 500 (the longest target the options allow) recorded card by card through the
service (the API, as a table writes: each step one write), ``--events`` events
long, once per snapshot interval ``--every`` (0: no snapshots, the plain code). For each:

- ``write ms``: the mean time of one write over the whole game (a snapshot is stored after
  the write that goes past each multiple of the interval: its cost is spread over them);
- ``snapshot KB``, ``dump ms``, ``save ms``, ``load ms``: the last snapshot's size, the time
  to make the fold into bytes, to store them (sign, one transaction) and to read them back
  (verify, unpickle);
- ``stored KB``: every snapshot of the match (only the newest few are kept);
- ``cold read ms``: a worker that never folded the match (``folds.load_state``, fold
  cache emptied), median of ``--repeat``;
- ``undo ms``: the last card taken back, through the API (a GET for its ETag and ``POST
  …/undo``; the card recorded again, untimed, before each).

    python -m bench.snapshots                        # SQLite file, 3,000 events
    python -m bench.snapshots --every 0,100,250,1000 --events 3000 --json out/snapshots.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from random import Random
from typing import Any

from bench.deals import pitch_record
from bench.engines import calibration
from bench.long_ledger import _ms
from bench.matches import PITCH_PLAYERS, create_body
from bench.servers import machine, migrate


def run(every: int, events: int, repeat: int, work: Path) -> dict[str, Any]:
    os.environ["REFEREE_SNAPSHOT_EVERY"] = str(every)
    url = f"sqlite:///{work / f'snapshots-{every}.db'}"
    os.environ["DATABASE_URL"] = url
    migrate(url)
    from referee import folds
    from referee.api import create_app
    from referee.match import snapshot
    from referee.store import snapshots
    from referee.store.db import execute

    app = create_app({"DATABASE_URL": url, "TESTING": True})
    client = app.test_client()
    made = client.post("/v1/matches", json=create_body("pitch"))
    match_id = made.json["id"]
    write = {"Authorization": "Bearer " + made.json["tokens"]["write"]}
    rng = Random(10)
    times = []
    version = made.json["version"]
    while version < events:
        with app.app_context():
            dealer = folds.load_state(match_id).next_dealer
        record = pitch_record(rng, len(PITCH_PLAYERS), dealer)
        while "pitch" in record["bids"]:  # every player calls (a step-by-step auction)
            record = pitch_record(rng, len(PITCH_PLAYERS), dealer)
        steps = [{"type": "deal_started", "hands": record["hands"]},
                 *({"type": "bid", "call": call} for call in record["bids"]),
                 *({"type": "card", "card": c} for trick in record["tricks"] for c in trick)]
        for body in steps:
            start = time.perf_counter()
            answer = client.post(f"/v1/matches/{match_id}/events", json=body,
                                 headers={**write, "If-Match": f'"v{version}"'})
            times.append(time.perf_counter() - start)
            assert answer.status_code == 201, answer.json
            version = answer.json["match"]["version"]
    out: dict[str, Any] = {"every": every, "events": version,
                           "write ms": round(statistics.mean(times) * 1000, 3)}
    with app.app_context():
        fold = folds.FOLDS.fold(match_id)
        blob = snapshot.dump(fold)
        out["snapshot KB"] = round(len(blob) / 1024, 1)
        out["dump ms"] = _ms(lambda: snapshot.dump(fold), repeat)
        tag = snapshot.version()
        assert fold.head is not None
        out["save ms"] = _ms(lambda: snapshots.save(match_id, "bench", fold.version, fold.head,
                                                     blob), repeat)
        out["load ms"] = _ms(lambda: snapshot.load(
            snapshots.read(match_id, "bench", fold.version).state, {fold.game.name: fold.game}),
            repeat)
        snapshots.drop(match_id)  # the bench's own went with the others of another version
        from referee import resume

        resume.build(match_id)  # what the writes had stored (the bench's save dropped them)
        stored = execute('SELECT COUNT(*), SUM(LENGTH("state")) FROM "fold_snapshot" '
                         'WHERE "version" = ?', (tag,)).fetchone()
        out["snapshots kept"] = int(stored[0])
        out["stored KB"] = round(int(stored[1] or 0) / 1024, 1)
        out["cold read ms"] = _ms(lambda: folds.load_state(match_id), repeat,
                                  before=folds.FOLDS.clear)
    base = f"/v1/matches/{match_id}"

    def again() -> None:  # the last card recorded again (untimed) when it was taken back
        state = client.get(base, headers=write).json
        if state["version"] > version and state["next"]["action"] == "card":
            answer = client.post(base + "/events", json=body,
                                 headers={**write, "If-Match": f'"v{state["version"]}"'})
            assert answer.status_code == 201, answer.json

    def take_back() -> None:
        now = client.get(base, headers=write).headers["ETag"]
        answer = client.post(base + "/undo", json={"reason": "bench"},
                             headers={**write, "If-Match": now})
        assert answer.status_code == 200, answer.json

    out["undo ms"] = _ms(take_back, repeat, before=again)
    out["sum(range(1000)) us"] = calibration()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", default="0,100,250,1000")
    parser.add_argument("--events", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", default="")
    args = parser.parse_args(argv)
    os.environ.setdefault("REFEREE_LEDGER_KEY", "bench-ledger-key-" + "k" * 32)
    results = []
    with tempfile.TemporaryDirectory() as work:
        for every in (int(n) for n in args.every.split(",")):
            row = run(every, args.events, args.repeat, Path(work))
            results.append(row)
            print(json.dumps(row), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": machine(), "results": results},
                                              indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
