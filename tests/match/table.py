"""A match in memory for the match layer's tests: each command decides on the match's state
and its events are appended as a write appends them (referee/folds.py), without
Flask or a database.

- Each payload goes through its stored JSON text (``canonical_json``), as the store keeps it.
- The served fold is extended with the events a command decided, with the rules' view of
  the deal the command already ruled (``Decided.check``: a step ruled once), or folded again
  after an undo — as :func:`referee.folds.append` does. :attr:`Table.state` is that
  served state; :meth:`Table.replayed` a fresh replay of every event, which must equal it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from referee.match import commands
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold, MatchState, replay
from referee.store.chain import canonical_json

NewEvent = tuple[str, dict[str, Any]]


class Table:
    """One match: ``game`` "pitch" or "piquet", its players and options (as a create sends
    them)."""

    def __init__(self, game: str = "piquet", players: Sequence[str] | None = None,
                 **options: Any) -> None:
        self.game = GAMES[game]
        if players is None:
            players = ["Bill", "Ann"] if game == "piquet" else ["Ann", "Bob", "Cid"]
        self.events: list[Event] = []
        self._append(commands.create(self.game, list(players), options))
        self.fold = Fold(self.events, GAMES)

    # ------------------------------------------------------------------------ the ledger

    @property
    def state(self) -> MatchState:
        """The match as served: the fold extended by each write."""
        return self.fold.state()

    def replayed(self) -> MatchState:
        """A fresh replay of every event."""
        return replay(self.events, GAMES)

    @property
    def kinds(self) -> list[str]:
        """Every event's kind, in order."""
        return [e.kind for e in self.events]

    def _append(self, decided: Sequence[NewEvent]) -> list[Event]:
        start = len(self.events) + 1
        added = [Event(start + k, kind, json.loads(canonical_json(payload)))
                 for k, (kind, payload) in enumerate(decided)]
        self.events += added
        return added

    def add(self, decided: Sequence[NewEvent]) -> list[NewEvent]:
        """Append what a command decided (as the store does); returns it as decided."""
        added = self._append(decided)
        fold = self.fold.copy()
        if fold.can_extend(added):
            fold.extend(added, getattr(decided, "check", None))
        else:
            fold = Fold(self.events, GAMES)
        self.fold = fold
        return list(decided)

    # -------------------------------------------------------------------------- commands

    def decide_step(self, kind: str, anyway: bool = False, by: str | None = None,
                    **payload: Any) -> list[NewEvent]:
        """What :func:`commands.step` decides, appended nowhere (a dry run)."""
        return list(commands.step(self.state, self.game, kind, payload, None, entered_by=by,
                                  anyway=anyway))

    def step(self, kind: str, anyway: bool = False, by: str | None = None,
             **payload: Any) -> list[NewEvent]:
        """One step decided and appended."""
        return self.add(commands.step(self.state, self.game, kind, payload, None,
                                      entered_by=by, anyway=anyway))

    def cards(self, cards: Sequence[str], by: str | None = None) -> list[NewEvent]:
        """Each card in turn; the last one's events."""
        decided: list[NewEvent] = []
        for card in cards:
            decided = self.step("card", card=card, by=by)
        return decided

    def deal(self, record: dict[str, Any], level: str = "cards", by: str | None = None,
             deal: int | None = None) -> list[NewEvent]:
        """A whole deal (:func:`commands.record_deal`)."""
        return self.add(commands.record_deal(self.state, self.game, record, level, by,
                                             deal=deal))

    def undo(self, principal: str | None = None, reason: str | None = "slip") -> list[NewEvent]:
        """:func:`commands.undo`."""
        return self.add(commands.undo(self.state, reason, "Ann", principal))

    def void(self, number: int, reason: str = "misdeal") -> list[NewEvent]:
        """:func:`commands.void_deal`, checked by the game's rules."""
        return self.add(commands.void_deal(self.state, number, reason, "Ann", game=self.game))

    def amend(self, number: int, record: dict[str, Any], reason: str = "wrong card",
              by: str | None = None) -> list[NewEvent]:
        """:func:`commands.amend_deal`."""
        return self.add(commands.amend_deal(self.state, self.game, number, record, reason,
                                            "Ann", entered_by=by))

    def confirm(self, number: int, principal: str = "write token") -> list[NewEvent]:
        """:func:`commands.confirm`."""
        return self.add(commands.confirm(self.state, number, principal))

    def dispute(self, number: int, principal: str, reason: str = "not so",
                claim: dict[str, Any] | None = None) -> list[NewEvent]:
        """:func:`commands.dispute`."""
        return self.add(commands.dispute(self.state, self.game, number, reason, claim,
                                         principal))

    def record_cards(self, number: int, record: dict[str, Any],
                     by: str | None = None) -> list[NewEvent]:
        """:func:`commands.record_cards`."""
        return self.add(commands.record_cards(self.state, self.game, number, record, by))

    def seats(self, *players: str) -> list[NewEvent]:
        """:func:`commands.issue_seats` (every player when none is named)."""
        return self.add(commands.issue_seats(self.state, players or self.state.players))

    def join(self, player: str) -> list[NewEvent]:
        """:func:`commands.join_seat` for ``player``'s seat."""
        return self.add(commands.join_seat(self.state, f"seat:{player}"))
