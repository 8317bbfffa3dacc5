"""Whether a benchmark's figures are a result at all (bench/README.md, "Reading a run").

A run that lost requests to socket errors, answered anything but 2xx, or made fewer than
:data:`MIN_REQUESTS` requests measured a broken server, a saturated client or a machine too
busy to say anything: its rate is not the service's. One baseline run of 2.5 req/s with
843,795 socket errors once gave "ratio 299.400 (met)"; :func:`judge_http` refuses to give a
ratio from such runs and says why, and :func:`judge_streams` does the same for the latency of
a streams run that could not hold every stream or record every write.

Pure functions of the figures (no server, no clock): the unit tests call them directly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: Fewer requests than this in a run: too few to be a rate.
MIN_REQUESTS = 100


@dataclass(frozen=True)
class Verdict:
    """What may be printed of a comparison.

    ``ratio``: the service's rate over the baseline's, or None when refused; ``target``: the
    ratio aimed at; ``met``: whether the ratio reaches it (None when refused); ``reasons``:
    why the figures are not a result, one sentence per fault (empty when they are).
    """

    ratio: float | None
    target: float
    met: bool | None
    reasons: tuple[str, ...] = ()

    @property
    def refused(self) -> bool:
        """True when the figures are not a result."""
        return bool(self.reasons)

    def line(self) -> str:
        """The line to print: the ratio and whether it meets the target, or why there is
        none."""
        if self.ratio is None:
            return ("  no ratio: these runs are not a result (" + "; ".join(self.reasons)
                    + ")")
        return (f"  ratio service/baseline {self.ratio:.3f} (target ≥ {self.target}: "
                f"{'met' if self.met else 'NOT met'})")


def run_faults(name: str, figures: Mapping[str, Any]) -> list[str]:
    """Why one wrk run (the figures of bench/wrk/plays.lua's ``WRK_JSON`` line: ``requests``,
    ``socket_errors``, ``non_2xx``, ``other``) is not a result: socket errors (connect, read,
    write, timeout), answers that are not 2xx (a 409/412/422 included: the plan's steps are
    legal and each connection owns its matches), other statuses, fewer than
    :data:`MIN_REQUESTS` requests. Empty when it is one."""
    faults = []
    requests = int(figures.get("requests", 0))
    errors = int(figures.get("socket_errors", 0))
    non_2xx = int(figures.get("non_2xx", 0))
    other = int(figures.get("other", 0))
    if errors:
        faults.append(f"{name} had {errors:,} socket errors")
    if non_2xx:
        faults.append(f"{name} had {non_2xx:,} answers that were not 2xx")
    elif other:
        faults.append(f"{name} had {other:,} answers of an unexpected status")
    if requests < MIN_REQUESTS:
        faults.append(f"{name} made {requests:,} requests, fewer than {MIN_REQUESTS}")
    return faults


def judge_http(runs: Sequence[tuple[str, Mapping[str, Any]]], baseline_rate: float,
               service_rate: float, target: float) -> Verdict:
    """The verdict of bench/http_load.py: the ratio ``service_rate / baseline_rate`` (requests
    answered per second) against ``target``, refused when any of ``runs`` (``(name,
    figures)``, every round of both kinds, not only the best) is at fault (:func:`run_faults`)
    or a rate is not positive."""
    reasons = [fault for name, figures in runs for fault in run_faults(name, figures)]
    if baseline_rate <= 0:
        reasons.append(f"the baseline answered {baseline_rate} requests per second")
    if reasons:
        return Verdict(None, target, None, tuple(reasons))
    ratio = service_rate / baseline_rate
    return Verdict(round(ratio, 3), target, ratio >= target)


def judge_streams(figures: Mapping[str, Any]) -> tuple[str, ...]:
    """Why the latency of a bench/streams.py run is not a result (empty when it is): streams
    asked for but not held, writes that failed, deliveries missing (the server was saturated,
    or the client's file descriptors ran out). ``figures``: the run's result (``streams_asked``,
    ``streams_held``, ``writes_failed``, ``writes_asked``, ``deliveries_missing``)."""
    reasons = []
    asked, held = int(figures.get("streams_asked", 0)), int(figures.get("streams_held", 0))
    if held < asked:
        reasons.append(f"{held:,} of {asked:,} streams held")
    failed = int(figures.get("writes_failed", 0))
    if failed:
        reasons.append(f"{failed:,} of {int(figures.get('writes_asked', 0)):,} writes failed")
    missing = int(figures.get("deliveries_missing", 0))
    if missing:
        reasons.append(f"{missing:,} deliveries missing")
    return tuple(reasons)
