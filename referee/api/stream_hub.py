"""The live streams' hub (:mod:`referee.api.live`): which streams a worker process serves,
what they follow, and their limits.

How a change reaches the streams: each worker process has one :class:`Hub` with one
:class:`referee.store.changes.Watcher` (one LISTEN connection on PostgreSQL, one cheap poll on
SQLite) that wakes the streams of that process following the match. The first stream to wake
renders the match once for all of them (:meth:`Hub.snapshot`); after a revocation the first to
wake reads the match's live credentials once for all of them (:meth:`Hub.token_live`).

Limits (docs/security.md): the hub admits a stream only while this worker holds fewer than
:class:`StreamLimits` allow of its token, of its match, from its client's address and in all;
else it raises :class:`StreamRefused`. The counts are the worker's own (each gunicorn worker
counts its streams).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

import peewee
from flask import current_app

from referee import metrics
from referee.store.changes import Watcher

#: Seconds the watcher waits, with nobody following any match, before it lets go of its
#: connection (it starts again with the next stream).
WATCHER_IDLE_SECONDS = 5.0

Snapshot = tuple[int, str]  # (version, the match's JSON text)


@dataclass(frozen=True, slots=True)
class StreamLimits:
    """How many streams one worker process admits: of one token (``per_token``), of one
    match (``per_match``), from one client address (``per_address``) and in all
    (``per_worker``). The defaults are docs/security.md's (the app's config)."""

    per_token: int = 100
    per_match: int = 200
    per_address: int = 250
    per_worker: int = 8000

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> StreamLimits:
        """The limits of an app's config (``STREAMS_PER_TOKEN``, ``STREAMS_PER_MATCH``,
        ``STREAMS_PER_ADDRESS``, ``STREAMS_PER_WORKER``)."""
        return cls(int(config["STREAMS_PER_TOKEN"]), int(config["STREAMS_PER_MATCH"]),
                   int(config["STREAMS_PER_ADDRESS"]), int(config["STREAMS_PER_WORKER"]))


class StreamRefused(Exception):
    """A stream not admitted: ``limit`` says which count is full ("token", "match",
    "address" or "server") and ``cap`` its limit."""

    def __init__(self, limit: str, cap: int) -> None:
        self.limit = limit
        self.cap = cap
        super().__init__(f"{limit}: {cap}")


class Subscription:
    """One admitted stream: the match it follows (or the event, ``ev_…``), its token's sha256
    (``token_key``), its client's address, its wake-up :class:`threading.Event`, the
    revocation generation of its match it last checked its token at (``checked``), and the
    other matches whose changes wake it too (``follows``: an event's tables,
    :meth:`Hub.follow`)."""

    __slots__ = ("address", "checked", "checked_at", "follows", "match_id", "token_key",
                 "waiter")

    def __init__(self, match_id: str, token_key: str, address: str) -> None:
        self.match_id = match_id
        self.token_key = token_key
        self.address = address
        self.waiter = threading.Event()
        self.checked: int | None = None
        self.checked_at = 0.0
        self.follows: frozenset[str] = frozenset()


class Hub:
    """The streams of one worker process and what they follow.

    ``subscribe``/``unsubscribe`` admit (within :class:`StreamLimits`) and register a
    stream's :class:`Subscription` for a match; the watcher's ``on_change`` and
    ``on_revoked`` wake them; ``snapshot`` renders the match once per version and
    ``token_live`` reads a match's live credentials once per revocation for every stream of
    the process. Restarted cleanly in a forked worker.
    """

    def __init__(self, db: peewee.Database, poll_seconds: float,
                 limits: StreamLimits | None = None) -> None:
        self.db = db
        self.poll_seconds = poll_seconds
        self.limits = limits or StreamLimits()
        self._reset()

    def _reset(self) -> None:
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self._waiters: dict[str, set[Subscription]] = {}
        self._by_token: dict[str, int] = {}
        self._by_address: dict[str, int] = {}
        self._total = 0
        self._known: dict[str, int] = {}  # the last version the watcher saw, per match
        self._snapshots: dict[str, Snapshot] = {}
        self._rendering: dict[str, threading.Lock] = {}
        self._revocations: dict[str, int] = {}  # revocations the watcher told of, per match
        # per match: (revocations when read, time read, the live credentials' hashes)
        self._live: dict[str, tuple[int, float, frozenset[str]]] = {}
        self._checking: dict[str, threading.Lock] = {}
        # the streams that follow a match besides their own (an event's), and its version
        self._followers: dict[str, set[Subscription]] = {}
        self._followed: dict[str, int] = {}
        self._watcher: Watcher | None = None
        self._idle_since: float | None = None

    # ------------------------------------------------------------------ streams' side

    def subscribe(self, match_id: str, token_key: str = "", address: str = "") -> Subscription:
        """Admit a new stream following ``match_id`` with the token of sha256 ``token_key``
        from client ``address`` (the watcher is started when it is not running).

        :raises StreamRefused: this worker holds as many streams of that token, match or
            address, or in all, as :attr:`limits` allow.
        """
        if self._pid != os.getpid():  # a forked worker: nothing of the parent's applies
            self._reset()
        subscription = Subscription(match_id, token_key, address)
        limits = self.limits
        with self._lock:
            waiters = self._waiters.get(match_id, ())
            if self._by_token.get(token_key, 0) >= limits.per_token:
                raise StreamRefused("token", limits.per_token)
            if len(waiters) >= limits.per_match:
                raise StreamRefused("match", limits.per_match)
            if self._by_address.get(address, 0) >= limits.per_address:
                raise StreamRefused("address", limits.per_address)
            if self._total >= limits.per_worker:
                raise StreamRefused("server", limits.per_worker)
            self._waiters.setdefault(match_id, set()).add(subscription)
            self._by_token[token_key] = self._by_token.get(token_key, 0) + 1
            self._by_address[address] = self._by_address.get(address, 0) + 1
            self._total += 1
            self._idle_since = None
            if self._watcher is None:
                self._watcher = Watcher(self.db, self.on_change, self.on_lost, self.watched,
                                        self.poll_seconds, should_stop=self._watcher_may_stop,
                                        on_revoked=self.on_revoked)
                self._watcher.start()
        metrics.OPEN_STREAMS.inc()
        return subscription

    def check_room(self, address: str) -> None:
        """Whether a stream from ``address`` could be admitted now, as far as the address's
        and the worker's counts go (asked before the token is checked; :meth:`subscribe`
        decides).

        :raises StreamRefused: no room for it.
        """
        with self._lock:
            if self._by_address.get(address, 0) >= self.limits.per_address:
                raise StreamRefused("address", self.limits.per_address)
            if self._total >= self.limits.per_worker:
                raise StreamRefused("server", self.limits.per_worker)

    def follow(self, subscription: Subscription, match_ids: Collection[str]) -> None:
        """Wake ``subscription``'s stream also when any of ``match_ids`` moves on (an
        event's stream follows its tables' matches, which it renders itself); replaces what
        it followed before."""
        with self._lock:
            self._unfollow(subscription)
            subscription.follows = frozenset(match_ids)
            for match_id in subscription.follows:
                self._followers.setdefault(match_id, set()).add(subscription)

    def _unfollow(self, subscription: Subscription) -> None:
        """(Under the lock.) ``subscription`` follows nothing besides its own match."""
        for match_id in subscription.follows:
            followers = self._followers.get(match_id)
            if followers is not None:
                followers.discard(subscription)
                if not followers:
                    del self._followers[match_id]
                    self._followed.pop(match_id, None)
        subscription.follows = frozenset()

    def unsubscribe(self, subscription: Subscription) -> None:
        """The stream ended (call once per admitted stream)."""
        metrics.OPEN_STREAMS.dec()
        match_id = subscription.match_id
        with self._lock:
            self._unfollow(subscription)
            _decrement(self._by_token, subscription.token_key)
            _decrement(self._by_address, subscription.address)
            self._total -= 1
            waiters = self._waiters.get(match_id)
            if waiters is not None:
                waiters.discard(subscription)
                if not waiters:  # nobody follows it here any more: forget it
                    del self._waiters[match_id]
                    for kept in (self._known, self._snapshots, self._rendering,
                                 self._revocations, self._live, self._checking):
                        kept.pop(match_id, None)

    def token_live(self, subscription: Subscription, read: Callable[[], frozenset[str]],
                   max_age: float) -> bool:
        """Whether the stream's token is still live: checked against the match's live
        credentials (``read()``: their hashes), read once for every stream of the match after
        each revocation the watcher tells of, and again when older than ``max_age`` seconds.
        Cheap (no query) when nothing was revoked since the stream last checked.

        :raises: whatever ``read`` raises (a database fault).
        """
        match_id = subscription.match_id
        now = time.monotonic()
        with self._lock:
            generation = self._revocations.get(match_id, 0)
            if subscription.checked == generation and now - subscription.checked_at < max_age:
                return True
            cached = self._live.get(match_id)
            checking = self._checking.setdefault(match_id, threading.Lock())
        if cached is None or cached[0] != generation or now - cached[1] >= max_age:
            with checking:
                with self._lock:  # read by another stream while this one waited?
                    generation = self._revocations.get(match_id, 0)
                    cached = self._live.get(match_id)
                if cached is None or cached[0] != generation or now - cached[1] >= max_age:
                    cached = (generation, time.monotonic(), read())
                    with self._lock:
                        if match_id in self._waiters:
                            self._live[match_id] = cached
        subscription.checked, subscription.checked_at = cached[0], cached[1]
        return subscription.token_key in cached[2]

    def streams(self) -> int:
        """How many streams this process serves (bench and tests)."""
        with self._lock:
            return self._total

    def snapshot(self, match_id: str, render: Callable[[], Snapshot]) -> Snapshot:
        """The match as last rendered in this process, rendered again (once, whoever asks
        first) when the watcher saw a newer version.

        :raises: whatever ``render`` raises (e.g. :class:`ledger.MatchNotFound`).
        """
        with self._lock:
            cached = self._snapshots.get(match_id)
            if cached is not None and cached[0] >= self._known.get(match_id, 0):
                return cached
            rendering = self._rendering.setdefault(match_id, threading.Lock())
        with rendering:
            with self._lock:  # rendered by another stream while this one waited?
                cached = self._snapshots.get(match_id)
                if cached is not None and cached[0] >= self._known.get(match_id, 0):
                    return cached
            fresh = render()
            with self._lock:
                if match_id in self._waiters:
                    cached = self._snapshots.get(match_id)
                    if cached is None or cached[0] <= fresh[0]:
                        self._snapshots[match_id] = fresh
                    self._known[match_id] = max(self._known.get(match_id, 0), fresh[0])
            return fresh

    # ------------------------------------------------------------------ watcher's side

    def watched(self) -> list[str]:
        """The matches (and events) someone follows in this process."""
        with self._lock:
            return list(self._waiters.keys() | self._followers.keys())

    def on_change(self, match_id: str, version: int) -> None:
        """``match_id`` is at ``version``: wake its streams, and those that follow it
        (:meth:`follow`), if that is news."""
        waiters: list[Subscription] = []
        with self._lock:
            if version > self._followed.get(match_id, 0) and match_id in self._followers:
                self._followed[match_id] = version
                waiters.extend(self._followers[match_id])
            if version > self._known.get(match_id, 0) and match_id in self._waiters:
                self._known[match_id] = version
                waiters.extend(self._waiters[match_id])
        for waiter in waiters:
            waiter.waiter.set()

    def on_revoked(self, match_id: str) -> None:
        """Tokens of ``match_id`` were revoked: its streams check their token again."""
        with self._lock:
            if match_id not in self._waiters:
                return
            self._revocations[match_id] = self._revocations.get(match_id, 0) + 1
            waiters = list(self._waiters[match_id])
        for waiter in waiters:
            waiter.waiter.set()

    def on_lost(self) -> None:
        """The watcher may have missed changes: every stream renders its match again and
        checks its token."""
        with self._lock:
            self._snapshots.clear()
            for match_id in self._waiters:
                self._revocations[match_id] = self._revocations.get(match_id, 0) + 1
            waiters = [w for ws in self._waiters.values() for w in ws]
        for waiter in waiters:
            waiter.waiter.set()

    def _watcher_may_stop(self) -> bool:
        """True (and the watcher is forgotten) after WATCHER_IDLE_SECONDS with no stream."""
        with self._lock:
            if self._waiters:
                self._idle_since = None
                return False
            now = time.monotonic()
            if self._idle_since is None:
                self._idle_since = now
            if now - self._idle_since < WATCHER_IDLE_SECONDS:
                return False
            self._watcher = None
            self._idle_since = None
            return True


def _decrement(counts: dict[str, int], key: str) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


def hub() -> Hub:
    """The app's hub (one per worker process)."""
    found: Hub = current_app.extensions["referee.hub"]
    return found


def register_hub(app: Any) -> None:
    """Give ``app`` its :class:`Hub` (called by the app factory once the database is open)."""
    limits = StreamLimits.from_config(app.config)
    app.extensions["referee.hub"] = Hub(app.extensions["referee.db"],
                                        float(app.config["STREAM_POLL_SECONDS"]), limits)
    metrics.STREAM_CAP.set(limits.per_worker)
