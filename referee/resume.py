"""Folds resumed from stored snapshots (docs/operations.md, "Fold snapshots"): the glue between
the match's fold (referee/match/snapshot.py makes a fold into bytes and back) and the signed
blobs the store keeps (referee/store/snapshots.py).

- :func:`keep`: after a write, when the match's ledger went past a multiple of
  :func:`every` events, its fold is stored as a snapshot (also after a fold that had to
  replay that many events: a match recorded before snapshots, or after a new version).
- :func:`resume`: a fold made from the newest snapshot that the events after it do not reach
  into (no undo after it takes back an event it holds), and the events stored after it,
  their links checked from the snapshot's event on. A snapshot of another code version,
  one whose signature does not verify, or one whose event no longer has the link it was
  made on, is never used; the fold replays the ledger instead. None of this is ever an error
  to a client.

A fold resumed from a snapshot is as trusted as a worker's cached fold: the links after it
are checked at once, the whole chain at the cache's next recheck (docs/security.md).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Sequence

from referee.match import snapshot
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold
from referee.store import ledger, snapshots

log = logging.getLogger(__name__)

#: The default of :func:`every` (bench/RESULTS.md §15: a cold read or an undo
#: folds at most about twice this many events).
EVERY = 250


def every() -> int:
    """A snapshot every this many events of a match (``REFEREE_SNAPSHOT_EVERY``, default
    :data:`EVERY`; 0: no snapshots are written nor read)."""
    try:
        value = int(os.environ.get("REFEREE_SNAPSHOT_EVERY", EVERY))
    except ValueError:
        return EVERY
    return max(value, 0)


#: The default of :func:`kept`.
KEPT = 4


def kept() -> int:
    """How many snapshots of a match are kept, the newest (``REFEREE_SNAPSHOTS_KEPT``,
    default :data:`KEPT`, at least 1): what a match's snapshots take is bounded by that many
    folds, and an undo resumes from one while what it takes back is within about that many
    intervals of the end (further back, it replays the ledger, within the event cap)."""
    try:
        return max(int(os.environ.get("REFEREE_SNAPSHOTS_KEPT", KEPT)), 1)
    except ValueError:
        return KEPT


def keep(match_id: str, fold: Fold, before: int) -> None:
    """Store ``fold`` (the match's fold of its committed events) as a snapshot when the
    ledger went past a multiple of :func:`every` since event ``before`` (the version the
    write started from; 0 after a fold of the whole ledger). After the write committed: a
    snapshot that cannot be stored now (the database busy) is left for the next one, and
    the write's answer is the same either way."""
    n = every()
    if n == 0 or fold.version // n == before // n or fold.head is None:
        return
    try:
        snapshots.save(match_id, snapshot.version(), fold.version, fold.head, snapshot.dump(fold),
                       kept())
    except Exception:  # a cache: whatever goes wrong storing it, the write stands
        log.warning("fold snapshot of match %s at event %d not stored", match_id,
                    fold.version, exc_info=True)


def resume(match_id: str, extra: Sequence[Event] = ()) -> tuple[Fold, ledger.Row] | None:
    """The fold of the match's stored events followed by ``extra`` (events not stored yet:
    the undo a write is deciding), resumed from the newest usable snapshot; and the last
    stored row it folded. None when no snapshot is usable: the caller replays the ledger.

    :raises LedgerTampered: an event after the snapshot does not verify.
    """
    if every() == 0:
        return None
    head = ledger.last_row(match_id)
    if head is None:
        return None
    version = snapshot.version()
    candidates = snapshots.seqs(match_id, version, int(head[0]))
    if not candidates:
        return None
    start = candidates[0]
    rows = ledger.rows_from(match_id, start)
    for seq in candidates:
        if seq < start:  # an older snapshot: read the events between it and those read
            rows = [*ledger.rows_between(match_id, seq, start), *rows]
            start = seq
        at = seq - start
        if at >= len(rows) or rows[at][0] != seq:
            return None  # a gap in the ledger: the replay says where it breaks
        later = rows[at + 1:]
        try:
            reach = _reach(later, extra)
        except (ValueError, KeyError, TypeError):
            return None  # an undo that does not read: the replay checks its link
        if reach is not None and reach <= seq:
            continue  # an undo after it takes back an event it holds
        found = snapshots.read(match_id, version, seq)
        if found is None:
            continue
        if found.head != rows[at][5]:  # the ledger no longer leads to the event it was made on
            snapshots.discard(match_id, version, seq)
            continue
        try:
            fold = snapshot.load(found.state, GAMES)
        except Exception:  # signed by this server, yet unreadable: never used again
            log.warning("fold snapshot of match %s at event %d unreadable: deleted", match_id,
                        seq, exc_info=True)
            snapshots.discard(match_id, version, seq)
            continue
        ledger.check(match_id, later, rows[at])
        fold.extend([*_events(later), *extra])
        return fold, (later[-1] if later else rows[at])
    return None


def _events(rows: Sequence[ledger.Row]) -> list[Event]:
    """The match events of stored rows (their links checked)."""
    loads = json.loads
    return [Event(seq, kind, loads(payload), actor, digest)
            for seq, kind, payload, actor, _, digest, _ in rows]


def _reach(rows: Sequence[ledger.Row], extra: Sequence[Event]) -> int | None:
    """The earliest seq the undos among ``rows`` (stored, not checked yet) and ``extra`` take
    back, or None."""
    undone = [seq for row in rows if row[1] == "undo" for seq in json.loads(row[2])["voids"]]
    undone += [seq for event in extra if event.kind == "undo" for seq in event.payload["voids"]]
    return min((int(seq) for seq in undone), default=None)


def build(match_id: str) -> int:
    """Store the snapshots the service would have written had it recorded the match's
    events one write at a time (one every :func:`every` events, the newest :func:`kept`):
    for a ledger written before snapshots, or after they were dropped. Returns how many.

    :raises MatchNotFound:
    :raises LedgerTampered:
    """
    n = every()
    if n == 0:
        return 0
    rows = ledger.rows(match_id)
    if not rows:
        raise ledger.MatchNotFound(match_id)
    ledger.check(match_id, rows)
    events = _events(rows)
    version = snapshot.version()
    fold: Fold | None = None
    made = 0
    for end in range(n, len(events) + 1, n):
        chunk = events[end - n:end]
        if fold is not None and fold.can_extend(chunk):
            fold.extend(chunk)
        else:
            fold = Fold(events[:end], GAMES)
        assert fold.head is not None
        if end + kept() * n > len(events):  # only the newest are kept
            snapshots.save(match_id, version, fold.version, fold.head, snapshot.dump(fold),
                           kept())
            made += 1
    return made
