"""Benchmark 21: club nights and tournaments, pure Python on one core (docs/events.md).

- ``standings``: the standings of a 200-player progressive Pitch event of 12 rounds (600
  games) recomputed from its games' results (E8), the median of several runs; its target is
  50 ms;
- ``movement``: the 12 rounds seated by the progressive movement (E4) from random winners;
- ``payments``: the fewest payments for 15 players with a balance (E9, the exact search at
  its limit), and for 200 (greedy).

    python -m bench.events
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from decimal import Decimal
from random import Random
from typing import Any

from referee.events import (
    GameResult,
    Round,
    progressive_first,
    progressive_next,
    settle,
    standings,
)

TARGETS = {"standings": 0.050}


def _pin_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def night(players: int, rounds: int, seed: int) -> tuple[list[Round], list[GameResult]]:
    """A progressive night: its rounds and every game's result (random winners, the losers
    scoring 0–3 points and the winners 4–11)."""
    rng = Random(seed)
    names = [f"P{i:03d}" for i in range(players)]
    made = [progressive_first(names)]
    results: list[GameResult] = []
    while True:
        last = made[-1]
        winners: dict[int, set[str]] = {}
        for table in last.tables:
            side = table.teams[rng.randrange(len(table.teams))]
            won = {table.seats[i] for i in side}
            winners[table.number] = won
            points = {p: rng.randint(4, 11) if p in won else rng.randint(0, 3)
                      for p in table.seats}
            results.append(GameResult(last.number, table.number, points, frozenset(won)))
        if len(made) == rounds:
            return made, results
        made.append(progressive_next(last, winners, names))


def _median(work: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _balances(count: int, seed: int) -> dict[str, Decimal]:
    rng = Random(seed)
    amounts = [Decimal(rng.randint(-5000, 5000)) / 100 for _ in range(count - 1)]
    amounts.append(-sum(amounts, Decimal(0)))
    return {f"P{i}": a for i, a in enumerate(amounts)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    _pin_one_core()
    _, results = night(args.players, args.rounds, 1)
    names = [f"P{i:03d}" for i in range(args.players)]
    figures = {
        "python": platform.python_version(),
        "games": len(results),
        "standings_s": _median(lambda: standings(results, "points", names), args.runs),
        "movement_s": _median(lambda: night(args.players, args.rounds, 2), args.runs),
        "payments_15_s": _median(lambda: settle(_balances(15, 3)), args.runs),
        "payments_200_s": _median(lambda: settle(_balances(200, 4)), args.runs),
    }
    for name, value in figures.items():
        shown = f"{value * 1000:.1f} ms" if name.endswith("_s") else value
        print(f"{name:>16}: {shown}")
    verdict = figures["standings_s"] <= TARGETS["standings"]
    print(f"standings target {TARGETS['standings'] * 1000:.0f} ms: "
          f"{'met' if verdict else 'MISSED'}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)


if __name__ == "__main__":
    main()
