"""The worker's garbage collector policy (referee.collector): what is alive at a step leaves
the collector's passes, and a full step reclaims the cycles that died frozen."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from referee.collector import Collector


class _Node:
    """An object in a reference cycle (freed only by the cyclic collector)."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def _unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()  # the rest of the suite runs with CPython's own policy


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_freeze_takes_what_is_alive_out_of_the_collectors_passes() -> None:
    clock = _Clock()
    collector = Collector(10, 900, clock)
    kept = _Node()
    clock.now = 10
    assert collector.tick() == "freeze"
    assert not any(o is kept for o in gc.get_objects())  # frozen: no pass looks at it
    assert gc.get_freeze_count() > 0


def test_a_cycle_that_died_frozen_waits_for_the_full_step() -> None:
    clock = _Clock()
    collector = Collector(10, 900, clock)
    node = _Node()
    gone = weakref.ref(node)
    clock.now = 10
    assert collector.tick() == "freeze"
    del node
    gc.collect()
    assert gone() is not None  # frozen garbage: the ordinary passes leave it
    clock.now = 900
    assert collector.tick() == "full"
    assert gone() is None  # reclaimed by the full step
    assert collector.last_full == 900
    clock.now = 910
    assert collector.tick() == "freeze"  # the next full step is 900 s later


def test_garbage_without_cycles_is_freed_at_once_even_frozen() -> None:
    class Plain:
        pass

    clock = _Clock()
    collector = Collector(10, 900, clock)
    plain = Plain()
    gone = weakref.ref(plain)
    clock.now = 10
    collector.tick()
    del plain
    assert gone() is None


@pytest.mark.parametrize(("freeze", "full"), [(0, 900), (-1, 900), (10, 5)])
def test_periods_that_make_no_sense_are_refused(freeze: float, full: float) -> None:
    with pytest.raises(ValueError, match="freeze_seconds"):
        Collector(freeze, full)
