"""An event's statistics per player (docs/events.md E12), as stored: each table's match read
once per version of its ledger for its facts (:mod:`referee.events.facts`, what its rulings
decided), then counted by :mod:`referee.events.statistics`.

Each seat's player is known by the event's player identity for that seat (today the name on
the table's seat, E1); the statistics never read it, so it may become another key.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from referee import folds
from referee.events.facts import match_facts
from referee.events.log import Folded
from referee.events.statistics import (
    PiquetMatch,
    PiquetStatistics,
    PitchMatch,
    PitchStatistics,
    piquet_statistics,
    pitch_statistics,
)
from referee.store import club_events, ledger

__all__ = ["EventStatistics", "FactsCache", "event_statistics", "version"]


@dataclass(frozen=True, slots=True)
class EventStatistics:
    """An event's statistics: its ``game``, its ``version`` (the event's log and every
    table's ledger: it grows with each of them) and one line per player of the roster and
    of its tables, Piquet's or Pitch's by the game (the other empty)."""

    game: str
    version: int
    piquet: tuple[PiquetStatistics, ...] = ()
    pitch: tuple[PitchStatistics, ...] = ()


class FactsCache:
    """The facts of the matches read lately, each with its ledger's head (its length and last
    link) and seat keys: a match's facts change only with its ledger, so a read folds and
    reads only the matches written since; a match's older facts are replaced (least recently
    used matches dropped past ``size``)."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._kept: OrderedDict[str, tuple[tuple[int, str], tuple[str, ...],
                                           PiquetMatch | PitchMatch]] = OrderedDict()
        self._lock = threading.Lock()

    def facts(self, match_id: str, head: tuple[int, str],
              keys: Sequence[str]) -> PiquetMatch | PitchMatch:
        """The facts of ``match_id`` whose ledger's head is ``head`` (its length and last
        link, :func:`referee.store.ledger.chain_head`), its seats' players ``keys``."""
        seats = tuple(keys)
        with self._lock:
            kept = self._kept.get(match_id)
            if kept is not None and kept[0] == head and kept[1] == seats:
                self._kept.move_to_end(match_id)
                return kept[2]
        found = match_facts(folds.load_state(match_id), seats)
        with self._lock:
            self._kept[match_id] = (head, seats, found)
            self._kept.move_to_end(match_id)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return found


#: The worker's cache of facts.
CACHE = FactsCache()


def version(event_id: str, folded: Folded) -> int:
    """The statistics' version: the event's log's entries plus every table's ledger's."""
    return club_events.version(event_id) + sum(
        ledger.chain_head(match_id)[0] for match_id in folded.matches.values())


def event_statistics(event_id: str, folded: Folded,
                     cache: FactsCache | None = None) -> EventStatistics:
    """E12: the statistics of every player of ``folded`` over every table's game so far
    (a game still playing counts its deals, not its result)."""
    cache = CACHE if cache is None else cache
    event = folded.event
    found = []
    total = club_events.version(event_id)
    for round_ in event.rounds:
        for table in round_.tables:
            match_id = folded.matches[(round_.number, table.number)]
            head = ledger.chain_head(match_id)
            total += head[0]
            found.append(cache.facts(match_id, head, table.seats))
    players = [entry.player for entry in event.roster]
    if event.game == "piquet":
        parties = [f for f in found if isinstance(f, PiquetMatch)]
        return EventStatistics(event.game, total,
                               piquet=tuple(piquet_statistics(parties, players).values()))
    games = [f for f in found if isinstance(f, PitchMatch)]
    return EventStatistics(event.game, total,
                           pitch=tuple(pitch_statistics(games, players).values()))
