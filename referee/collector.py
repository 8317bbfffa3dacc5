"""The garbage collector of a worker that holds thousands of open streams.

CPython's cyclic garbage collector makes a full pass over every object it tracks whenever a
quarter more objects than it held have reached its oldest generation since the last full
pass, and that pass stops the process — under gevent, every greenlet. A worker holding 5,000
live-update streams tracks about 400,000 objects (each stream's request, headers, socket,
greenlet, timers), and a full pass over them took 150–450 ms (bench/RESULTS.md, section 12):
every event due meanwhile waits, in both workers about once a minute, since the timers of
the streams' heartbeats (alive 15 s) keep reaching the oldest generation.

So a gunicorn worker (``post_worker_init`` in gunicorn.conf.py) runs a :class:`Collector`:

- every ``freeze_seconds`` (10) it moves every object then alive out of the collector's
  passes (:func:`gc.freeze`): the automatic passes then look only at what was made since,
  a few milliseconds, however many streams are open;
- every ``full_seconds`` (900) it puts them back and makes one full pass (:func:`gc.collect`)
  before freezing again: the garbage cycles among frozen objects (a finished request and its
  environ refer to each other) are reclaimed there. That one long pause comes four times an
  hour instead of once a minute.

Objects without cycles are freed as ever, when their last reference goes, frozen or not.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class Collector:
    """Freezes what is alive every ``freeze_seconds`` and makes a full pass every
    ``full_seconds`` (seconds, ``clock``'s). :meth:`tick` does one step; :meth:`start` runs
    the steps in a daemon thread (a greenlet under gevent)."""

    def __init__(self, freeze_seconds: float = 10.0, full_seconds: float = 900.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if freeze_seconds <= 0 or full_seconds < freeze_seconds:
            raise ValueError("want 0 < freeze_seconds <= full_seconds")
        self.freeze_seconds = freeze_seconds
        self.full_seconds = full_seconds
        self.clock = clock
        self.last_full = clock()

    def tick(self) -> str:
        """One step: ``"full"`` (everything unfrozen, collected, frozen again) when the last
        full pass is ``full_seconds`` old, else ``"freeze"`` (what is alive now frozen)."""
        now = self.clock()
        if now - self.last_full >= self.full_seconds:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.last_full = now
            return "full"
        gc.freeze()
        return "freeze"

    def start(self) -> Collector:
        """Freeze what is alive now (the app, once loaded), then tick every
        ``freeze_seconds`` in a daemon thread."""
        gc.collect()
        gc.freeze()
        self.last_full = self.clock()
        threading.Thread(target=self._run, name="referee-collector", daemon=True).start()
        return self

    def _run(self) -> None:
        while True:
            time.sleep(self.freeze_seconds)
            try:
                self.tick()
            except Exception:  # never end the worker for this
                log.exception("garbage collector step failed")
