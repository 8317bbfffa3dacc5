"""The create quota: how many matches one client address may create (docs/security.md,
"Limits and their defaults").

A sliding window counter kept in the database (table ``create_quota``), so every worker of
every server on the database shares it and no other service is needed: each address has a
count per window of ``window`` seconds; a create is allowed while this window's count plus
the last window's, weighted by the share of the last window still inside the sliding one,
stays within ``limit``. The count is taken in the create's own transaction
(:func:`take`): a create refused, or one that fails, counts nothing.

The address is the client's (``request.remote_addr``, which trusts a proxy's forwarded
address only as the app is configured to); an IPv6 client counts by its /64 network (one
household or phone is given a whole /64).
"""

from __future__ import annotations

import datetime
import ipaddress
import math
import time

from referee.store.db import execute

#: How often a process drops the counts of windows that no longer count.
PURGE_EVERY = datetime.timedelta(minutes=5)

_last_purge = 0.0


class QuotaExceeded(Exception):
    """The address created its quota of matches: ``retry_after`` (whole seconds, ≥ 1) until
    it may create one again."""

    def __init__(self, retry_after: int) -> None:
        self.retry_after = retry_after
        super().__init__(f"create quota exceeded: retry after {retry_after} s")


def client_key(address: str | None) -> str:
    """What the quota counts by: an IPv4 address as it is, an IPv6 address's /64 network
    (``"2001:db8:1:2::/64"``; an IPv4-mapped one as IPv4), anything else (none, a Unix
    socket's peer) as its text, at most 64 characters."""
    if not address:
        return "unknown"
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def estimate(previous: int, current: int, elapsed: float, window: float) -> float:
    """The sliding window's count: ``current`` (this window's count, ``elapsed`` seconds into
    it) plus the share of ``previous`` (the last window's) still inside the sliding window."""
    return previous * (window - elapsed) / window + current


def retry_after(previous: int, current: int, elapsed: float, window: float, limit: int) -> int:
    """Whole seconds (≥ 1) until one more create fits, ``current`` creates counted in this
    window (``elapsed`` seconds into it) and ``previous`` in the last one, no other create
    meanwhile."""
    if current + 1 <= limit:  # this window: wait until enough of the last one slid out
        wait = window - elapsed - (limit - current - 1) * window / previous if previous else 0.0
    else:  # the next window, where this one's creates are the last window's
        wait = window - elapsed + max(0.0, window * (1 - (limit - 1) / current))
    return max(1, math.ceil(wait))


def take(key: str, limit: int, window: int, now: float | None = None) -> None:
    """Count one create of ``key`` (:func:`client_key`), inside the create's transaction.

    :param limit: creates allowed per sliding window; 0 or less: no quota.
    :param window: the window, in seconds (> 0).
    :param now: seconds since the epoch (the clock by default).
    :raises QuotaExceeded: the create would pass the quota (nothing counted: the caller's
        transaction rolls back).
    """
    if limit <= 0:
        return
    global _last_purge
    now = time.time() if now is None else now
    start = int(now // window) * window
    if now - _last_purge > PURGE_EVERY.total_seconds():
        execute('DELETE FROM "create_quota" WHERE "window_start" < ?', (start - window,))
        _last_purge = now
    execute(_COUNT, (key, start))
    counts = dict(execute(_COUNTS, (key, start - window, start)).fetchall())
    previous, current = int(counts.get(start - window, 0)), int(counts.get(start, 0))
    elapsed = now - start
    if estimate(previous, current, elapsed, window) > limit:
        raise QuotaExceeded(retry_after(previous, current - 1, elapsed, window, limit))


def purge(window: int, now: float | None = None) -> int:
    """Drop the counts of windows that no longer count (``flask db prune``); returns how many."""
    now = time.time() if now is None else now
    start = int(now // window) * window
    cursor = execute('DELETE FROM "create_quota" WHERE "window_start" < ?', (start - window,))
    return max(0, int(cursor.rowcount))


# The statements of every create, written out (see referee.store.db.execute).
_COUNT = (
    'INSERT INTO "create_quota" ("address", "window_start", "count") VALUES (?, ?, 1) '
    'ON CONFLICT ("address", "window_start") DO UPDATE SET "count" = "create_quota"."count" + 1'
)
_COUNTS = (
    'SELECT "window_start", "count" FROM "create_quota" '
    'WHERE "address" = ? AND "window_start" IN (?, ?)'
)
