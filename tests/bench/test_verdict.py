"""bench/: a figure from a broken run is never printed as a result (bench/verdict.py), and a
saturated streams run counts its failed writes instead of crashing (bench/streams.py)."""

from __future__ import annotations

from typing import Any

import pytest

from bench import streams
from bench.verdict import MIN_REQUESTS, judge_http, judge_streams, run_faults

# wrk's figures (bench/wrk/plays.lua's WRK_JSON line) of a sound 20 s run.
SOUND = {"requests": 9_240, "duration_us": 20_000_000, "ok": 9_240, "refused": 0, "other": 0,
         "socket_errors": 0, "non_2xx": 0}


def runs(baseline: dict[str, Any], service: dict[str, Any]) -> list[tuple[str, dict]]:
    return [("the baseline run", baseline), ("the service run", service)]


def test_sound_runs_give_the_ratio() -> None:
    verdict = judge_http(runs(SOUND, SOUND), 778.0, 462.0, 0.8)
    assert (verdict.ratio, verdict.met, verdict.reasons) == (0.594, False, ())
    assert verdict.line() == "  ratio service/baseline 0.594 (target ≥ 0.8: NOT met)"
    assert judge_http(runs(SOUND, SOUND), 500.0, 450.0, 0.8).met is True


def test_the_broken_baseline_that_once_read_as_ratio_299_is_refused() -> None:
    """2.5 req/s with 843,795 socket errors: "ratio 299.400 (met)" before; no ratio now."""
    broken = {**SOUND, "requests": 843_845, "ok": 50, "socket_errors": 843_795}
    verdict = judge_http(runs(broken, SOUND), 2.5, 748.5, 0.8)
    assert verdict.refused and verdict.ratio is None and verdict.met is None
    assert verdict.reasons == ("the baseline run had 843,795 socket errors",)
    assert verdict.line() == ("  no ratio: these runs are not a result (the baseline run had "
                              "843,795 socket errors)")
    assert "299" not in verdict.line() and "met" not in verdict.line()


@pytest.mark.parametrize(("fault", "reason"), [
    ({"non_2xx": 3, "refused": 3}, "the service run had 3 answers that were not 2xx"),
    ({"other": 2}, "the service run had 2 answers of an unexpected status"),
    ({"requests": MIN_REQUESTS - 1, "ok": MIN_REQUESTS - 1},
     "the service run made 99 requests, fewer than 100"),
])
def test_any_fault_of_any_run_refuses_the_ratio(fault: dict[str, int], reason: str) -> None:
    verdict = judge_http(runs(SOUND, {**SOUND, **fault}), 778.0, 462.0, 0.8)
    assert verdict.ratio is None and verdict.reasons == (reason,)


def test_every_fault_is_said() -> None:
    assert run_faults("round 2's baseline", {"requests": 40, "socket_errors": 7,
                                             "non_2xx": 1}) == [
        "round 2's baseline had 7 socket errors",
        "round 2's baseline had 1 answers that were not 2xx",
        "round 2's baseline made 40 requests, fewer than 100"]
    assert run_faults("x", {**SOUND, "requests": MIN_REQUESTS}) == []
    assert judge_http(runs(SOUND, SOUND), 0.0, 5.0, 0.8).reasons == (
        "the baseline answered 0.0 requests per second",)


def test_a_streams_run_is_judged_by_what_it_held_and_wrote() -> None:
    sound = {"streams_asked": 1000, "streams_held": 1000, "writes_asked": 200,
             "writes_failed": 0, "deliveries_missing": 0}
    assert judge_streams(sound) == ()
    assert judge_streams({**sound, "streams_held": 612, "writes_failed": 37,
                          "deliveries_missing": 1_500}) == (
        "612 of 1,000 streams held", "37 of 200 writes failed", "1,500 deliveries missing")


def test_a_saturated_server_fails_writes_without_crashing_the_writer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Writes answered 503, not answered at all, or taken: each counted; the versions follow
    what the server has."""
    answers: list[Any] = [
        (201, {}, {"match": {"version": 4}}),
        OSError("timed out"),
        (200, {}, {"version": 4}),  # the re-read after it: nothing was recorded
        (503, {}, {"detail": "busy"}),
        (200, {}, {"version": 5}),  # recorded after all
        (201, {}, {"match": {"version": 6}}),
    ]
    calls: list[tuple[str, str]] = []

    def call(method: str, url: str, body: Any = None, headers: Any = None) -> Any:
        calls.append((method, url))
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    monkeypatch.setattr(streams, "call", call)
    monkeypatch.setattr(streams.time, "sleep", lambda _: None)
    match = {"id": "m1", "write": "w", "version": 3, "played": 0}
    sent: dict[tuple[str, int], float] = {}
    latency: list[float] = []
    done = streams.Writes()
    streams.write_plays("http://x", [match], 4, 1000.0, sent, latency, done)
    assert (done.sent, done.failed) == (4, 2)
    assert done.last_failure.startswith("503: ")
    assert (match["version"], match["played"]) == (6, 3)
    assert sorted(v for _, v in sent) == [4, 6]  # only writes taken are awaited on the streams
    assert len(latency) == 4 and not answers
    assert [m for m, _ in calls] == ["POST", "POST", "GET", "POST", "GET", "POST"]
