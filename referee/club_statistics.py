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
from referee.club import load
from referee.events.facts import Sittings, match_facts
from referee.events.log import Folded
from referee.events.statistics import (
    PiquetMatch,
    PiquetStatistics,
    PitchMatch,
    PitchStatistics,
    piquet_statistics,
    pitch_statistics,
)
from referee.events.substitutes import seat_changes
from referee.store import club_events, clubs, ledger

__all__ = ["EventStatistics", "FactsCache", "club_statistics", "event_statistics", "version"]


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
        self._kept: OrderedDict[str, tuple[tuple[int, str],
                                           tuple[tuple[str, ...], Sittings],
                                           PiquetMatch | PitchMatch]] = OrderedDict()
        self._lock = threading.Lock()

    def facts(self, match_id: str, head: tuple[int, str],
              keys: Sequence[str], sittings: Sittings = ()) -> PiquetMatch | PitchMatch:
        """The facts of ``match_id`` whose ledger's head is ``head`` (its length and last
        link, :func:`referee.store.ledger.chain_head`), its seats' players ``keys`` (deal by
        deal ``sittings`` when a substitute took a seat, E14)."""
        seats = (tuple(keys), sittings)
        with self._lock:
            kept = self._kept.get(match_id)
            if kept is not None and kept[0] == head and kept[1] == seats:
                self._kept.move_to_end(match_id)
                return kept[2]
        found = match_facts(folds.load_state(match_id), seats[0], sittings)
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


def _facts(folded: Folded, cache: FactsCache) -> tuple[int, list[PiquetMatch | PitchMatch]]:
    """Every table's game of ``folded`` read for its facts (E12, E14: deal by deal when a
    substitute took a seat), and the sum of their ledgers' lengths."""
    event = folded.event
    found = []
    total = 0
    for round_ in event.rounds:
        for table in round_.tables:
            match_id = folded.matches[(round_.number, table.number)]
            head = ledger.chain_head(match_id)
            total += head[0]
            found.append(cache.facts(match_id, head, table.seats,
                                     seat_changes(event, round_.number, table.number)))
    return total, found


def _counted(game: str, version: int, found: Sequence[PiquetMatch | PitchMatch],
             piquet_players: Sequence[str], pitch_players: Sequence[str]) -> EventStatistics:
    """E12: the facts counted per player, Piquet's and Pitch's."""
    parties = [f for f in found if isinstance(f, PiquetMatch)]
    games = [f for f in found if isinstance(f, PitchMatch)]
    return EventStatistics(
        game, version,
        piquet=tuple(piquet_statistics(parties, piquet_players).values()) if (
            parties or piquet_players) else (),
        pitch=tuple(pitch_statistics(games, pitch_players).values()) if (
            games or pitch_players) else ())


def event_statistics(event_id: str, folded: Folded,
                     cache: FactsCache | None = None) -> EventStatistics:
    """E12: the statistics of every player of ``folded`` over every table's game so far
    (a game still playing counts its deals, not its result)."""
    total, found = _facts(folded, CACHE if cache is None else cache)
    event = folded.event
    players = [entry.player for entry in event.roster]
    return _counted(event.game, club_events.version(event_id) + total, found,
                    players if event.game == "piquet" else [],
                    players if event.game == "pitch" else [])


def club_statistics(club_id: str, cache: FactsCache | None = None) -> EventStatistics:
    """E12, E13: the statistics of every player of the club's events over all their games,
    each player by the club's id as it stands now (a merged-away id counts as the one it was
    merged into); ``game`` ``"club"``; its version grows with every event's log and table."""
    cache = CACHE if cache is None else cache
    total = clubs.version(club_id)
    found: list[PiquetMatch | PitchMatch] = []
    players: dict[str, list[str]] = {"piquet": [], "pitch": []}
    for event_id in clubs.events(club_id):
        folded = load(event_id)
        counted, facts = _facts(folded, cache)
        total += club_events.version(event_id) + counted
        found += facts
        listed = players[folded.event.game]
        listed += [e.player for e in folded.event.roster if e.player not in listed]
    return _counted("club", total, found, players["piquet"], players["pitch"])
