"""Benchmark 1: the rules engines alone, pure Python on one core.

Piquet deals ruled per second and Pitch hands ruled per second over a fixed set of random
legal deals from a seeded shuffle (bench/deals.py); the median of several runs.

Two figures per game:
- ``record+rule``: from the JSON record (``deal_from_record``/``hand_from_record``) to the
  ruling, what a dispute ruling costs the service (the target applies to this one);
- ``rule``: the ruling alone on records already parsed.

    python -m bench.engines                 # the figures (about 20 s)
    python -m bench.engines --profile pitch # where the time goes (pyinstrument)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.deals import piquet_records, pitch_records
from referee import piquet, pitch

TARGETS = {"piquet": 10_000, "pitch": 20_000}


def _pin_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def piquet_work(count: int, seed: int) -> tuple[Callable[[], None], Callable[[], None]]:
    """(record+rule, rule) loops over ``count`` Piquet deals."""
    records = piquet_records(seed, count)
    deals = [piquet.deal_from_record(r) for r in records]
    for deal in deals:  # every deal is legal: a benchmark of broken deals would lie
        ruling = piquet.rule_deal(deal)
        assert ruling.violations == (), ruling.violations
    options = piquet.PiquetOptions()

    def from_records() -> None:
        for record in records:
            piquet.rule_deal(piquet.deal_from_record(record), options)

    def parsed() -> None:
        for deal in deals:
            piquet.rule_deal(deal, options)

    return from_records, parsed


def pitch_work(count: int, seed: int) -> tuple[Callable[[], None], Callable[[], None]]:
    """(record+rule, rule) loops over ``count`` Pitch hands (2-7 players, default options)."""
    records = pitch_records(seed, count)
    hands = [pitch.hand_from_record(r, n) for r, n in records]
    for hand in hands:
        ruling = pitch.rule_hand(hand)
        assert ruling.violations == (), ruling.violations
    options = pitch.DEFAULT_OPTIONS

    def from_records() -> None:
        for record, n in records:
            pitch.rule_hand(pitch.hand_from_record(record, n), options)

    def parsed() -> None:
        for hand in hands:
            pitch.rule_hand(hand, options)

    return from_records, parsed


WORK = {"piquet": piquet_work, "pitch": pitch_work}


def measure(loop: Callable[[], None], count: int, runs: int) -> dict[str, Any]:
    """Deals per second of ``runs`` timed runs of ``loop`` (one warm-up run first).

    The rate is per second of the process's CPU time (one core): on a shared machine the wall
    clock also counts the time other processes held the core (``wall_median_per_s``)."""
    loop()
    rates, wall_rates = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        loop()
        rates.append(count / (time.process_time() - cpu))
        wall_rates.append(count / (time.perf_counter() - wall))
    return {
        "median_per_s": round(statistics.median(rates)),
        "min_per_s": round(min(rates)),
        "max_per_s": round(max(rates)),
        "us_per_deal": round(1e6 / statistics.median(rates), 1),
        "wall_median_per_s": round(statistics.median(wall_rates)),
    }


def calibration() -> float:
    """µs for ``sum(range(1000))`` (best of 5): how fast this core runs Python, so figures
    from different machines can be compared (about 7 µs on a current desktop core)."""
    import timeit

    timer = timeit.Timer("sum(range(1000))")
    loops = 2000
    return round(min(timer.repeat(5, loops)) / loops * 1e6, 2)


def profile(game: str, count: int, seed: int) -> None:
    """Print a pyinstrument profile of ``record+rule`` for ``game``."""
    from pyinstrument import Profiler

    loop, _ = WORK[game](count, seed)
    loop()
    profiler = Profiler(interval=0.0005)
    profiler.start()
    for _ in range(3):
        loop()
    profiler.stop()
    print(profiler.output_text(unicode=True, color=False, show_all=False))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000, help="deals per game (2000)")
    parser.add_argument("--runs", type=int, default=7, help="timed runs, median kept (7)")
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--game", choices=sorted(WORK), action="append")
    parser.add_argument("--profile", choices=sorted(WORK), help="profile this game instead")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    _pin_one_core()
    if args.profile:
        profile(args.profile, args.count, args.seed)
        return 0
    results: dict[str, Any] = {
        "python": platform.python_version(),
        "count": args.count,
        "runs": args.runs,
        "seed": args.seed,
        "calibration_sum_range_1000_us": calibration(),
        "load_average": os.getloadavg(),
    }
    print(f"this core: sum(range(1000)) in {results['calibration_sum_range_1000_us']} µs; "
          f"load average {results['load_average'][0]:.2f}")
    failed = False
    for game in args.game or ["piquet", "pitch"]:
        from_records, parsed = WORK[game](args.count, args.seed)
        full = measure(from_records, args.count, args.runs)
        alone = measure(parsed, args.count, args.runs)
        met = full["median_per_s"] >= TARGETS[game]
        failed |= not met
        results[game] = {"record+rule": full, "rule": alone, "target_per_s": TARGETS[game],
                         "target_met": met}
        unit = "deals" if game == "piquet" else "hands"
        print(f"{game:7} record+rule {full['median_per_s']:>7} {unit}/s "
              f"({full['us_per_deal']} µs each; runs {full['min_per_s']}–{full['max_per_s']}; "
              f"wall {full['wall_median_per_s']}/s)"
              f"   rule only {alone['median_per_s']:>7}/s   target {TARGETS[game]}: "
              f"{'met' if met else 'NOT met'}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=2)
    return 1 if failed and "--strict" in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
