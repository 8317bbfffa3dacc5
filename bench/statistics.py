"""Benchmark 28: statistics per player over 10,000 matches, pure Python on one core
(docs/events.md E12).

Each match's facts are read once from its rulings (:mod:`referee.events.facts`, kept by the
match's ledger head) and counted per player once (their ``tally``); what a read of the
statistics then costs is the plain pass over those tallies (:mod:`referee.events.statistics`),
timed here (``*_s``), beside a first read that counts every match's tally too
(``*_first_s``: every match new since the last read):

- ``pitch``: 10,000 Pitch games (four players in partnership, 8 to 14 hands each, a quarter
  of the hands entered by their totals) among 200 players;
- ``piquet``: 10,000 Piquet parties (six deals, a tenth by their totals) among 200 players.

CPU time of this process (``time.process_time``) on one pinned core, the median of several
runs; the target is 100 ms for each. The core's speed is printed as bench.engines prints it
(``sum(range(1000))``); on a busy machine count instructions instead::

    python -m bench.statistics
    # instructions of N reads: run with --runs 1 and --runs 3, the difference halved is one
    # read of each game (pitch + piquet)
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python -m bench.statistics --reads-only --runs 1
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from random import Random
from typing import Any

from bench.engines import calibration
from referee.events.statistics import (
    PiquetDeal,
    PiquetMatch,
    PitchHand,
    PitchMatch,
    piquet_statistics,
    pitch_statistics,
)

TARGET_S = 0.100


def _pin_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def pitch_games(count: int, players: int, seed: int) -> list[PitchMatch]:
    """``count`` Pitch games of four players in partnership, as their facts."""
    rng = Random(seed)
    names = [f"P{i:03d}" for i in range(players)]
    games = []
    for _ in range(count):
        a, b, c, d = rng.sample(names, 4)
        sides = ((a, c), (b, d))
        hands = []
        for _ in range(rng.randint(8, 14)):
            pitcher_side = rng.randrange(2)
            pitcher = sides[pitcher_side][rng.randrange(2)]
            bid = rng.randint(2, 4)
            takers = [rng.randrange(2) for _ in range(4)]
            won = [takers.count(0), takers.count(1)]
            made = won[pitcher_side] >= bid
            scores = list(won)
            if not made:
                scores[pitcher_side] = -bid
            detailed = rng.random() >= 0.25
            hands.append(PitchHand(
                sides, pitcher, bid, made, tuple(scores),
                *(takers if detailed else (None, None, None, None)), awards_known=detailed))
        games.append(PitchMatch(tuple(hands)))
    return games


def piquet_parties(count: int, players: int, seed: int) -> list[PiquetMatch]:
    """``count`` Piquet parties of six deals, as their facts."""
    rng = Random(seed)
    names = [f"P{i:03d}" for i in range(players)]
    parties = []
    for _ in range(count):
        first, second = rng.sample(names, 2)
        deals = []
        totals = {first: 0, second: 0}
        for _ in range(6):
            a, b = rng.randint(0, 60), rng.randint(0, 60)
            totals[first] += a
            totals[second] += b
            detailed = rng.random() >= 0.1
            pique = first if detailed and rng.random() < 0.05 else None
            repique = second if detailed and rng.random() < 0.02 else None
            capot = first if detailed and rng.random() < 0.01 else None
            deals.append(PiquetDeal(((first, a), (second, b)), pique, repique, capot, detailed))
        winner = max(totals, key=totals.__getitem__) if totals[first] != totals[second] else None
        loser = None if winner is None else (second if winner == first else first)
        rubiconed = loser is not None and totals[loser] < 100
        parties.append(PiquetMatch((first, second), tuple(deals), True, winner, loser,
                                   rubiconed))
    return parties


def _median_cpu(work: Callable[[], Any], runs: int,
                fresh: Callable[[], Any] | None = None) -> float:
    """The median CPU time of ``work`` (given what ``fresh`` makes, untimed, when given)."""
    times = []
    for _ in range(runs):
        made = fresh() if fresh is not None else None
        start = time.process_time()
        work() if made is None else work(made)
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--reads-only", action="store_true",
                        help="time the reads only, not a first read (for callgrind)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    _pin_one_core()
    games = pitch_games(args.matches, args.players, 1)
    parties = piquet_parties(args.matches, args.players, 2)
    figures: dict[str, Any] = {
        "python": platform.python_version(),
        "calibration_sum_range_1000_us": calibration(),
        "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "matches": args.matches,
        "pitch_hands": sum(len(g.hands) for g in games),
        "piquet_deals": sum(len(p.deals) for p in parties),
    }
    if not args.reads_only:
        figures["pitch_first_s"] = _median_cpu(pitch_statistics, args.runs,
                                               lambda: [PitchMatch(g.hands) for g in games])
        figures["piquet_first_s"] = _median_cpu(piquet_statistics, args.runs, lambda: [
            PiquetMatch(p.players, p.deals, p.settled, p.winner, p.loser, p.rubiconed)
            for p in parties])
    else:  # the tallies counted once, untimed: only the reads below are
        pitch_statistics(games)
        piquet_statistics(parties)
    figures["pitch_s"] = _median_cpu(lambda: pitch_statistics(games), args.runs)
    figures["piquet_s"] = _median_cpu(lambda: piquet_statistics(parties), args.runs)
    print(f"this core: sum(range(1000)) in {figures['calibration_sum_range_1000_us']} µs; "
          f"load average {figures['load_average']}")
    for name, value in figures.items():
        shown = f"{value * 1000:.1f} ms CPU" if name.endswith("_s") else value
        print(f"{name:>30}: {shown}")
    for game in ("pitch", "piquet"):
        met = figures[f"{game}_s"] <= TARGET_S
        print(f"{game} over {args.matches:,} matches, target {TARGET_S * 1000:.0f} ms: "
              f"{'met' if met else 'MISSED'}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)


if __name__ == "__main__":
    main()
