"""What a match's finished deals decide (standings, totals, the outcome, the next deal) is
worked out once for them and reused while they stay the same (referee.match.state._Settled):
the state of a fold extended event by event, asked at every event, is the state of a fresh
fold of the same events — on every recorded ledger of tests/corpus (deals scored, agreed,
disputed, voided, amended, undone, re-entered) — and the steps of a deal in progress do not
work the outcome out again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold
from referee.violations import RecordError

CORPUS = sorted((Path(__file__).resolve().parent.parent / "corpus").glob("v*/*.json"))


def _events(path: Path) -> list[Event]:
    rows = json.loads(path.read_text("utf-8"))["events"]
    return [Event(r["seq"], r["kind"], json.loads(r["payload"]), r["actor"], r["hash"])
            for r in rows]


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_a_fold_extended_event_by_event_is_a_fresh_fold(path: Path) -> None:
    events = _events(path)
    fold = Fold(events[:1], GAMES)
    fold.state()
    for seq in range(2, len(events) + 1):
        if not fold.can_extend(events[seq - 1:seq]):  # an undo of an earlier event
            fold = Fold(events[:seq], GAMES)
        else:
            fold = fold.copy()  # as the worker's cache hands it out
            fold.extend(events[seq - 1:seq])
        try:
            fresh = Fold(events[:seq], GAMES).state()
        except RecordError:  # mid-write (a deal's cards before its deal_scored): no state
            continue
        assert fold.state() == fresh, seq


class Counting:
    """A game's rules, counting the calls of ``outcome``."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.outcomes = 0

    def outcome(self, *args: Any) -> Any:
        self.outcomes += 1
        return self.game.outcome(*args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def test_the_steps_of_a_deal_work_the_outcome_out_once() -> None:
    events = _events(next(p for p in CORPUS if p.stem == "piquet-card-by-card"))
    started = [e.seq for e in events if e.kind == "deal_started"]
    scored = [e.seq for e in events if e.kind == "deal_scored"]
    assert len(started) >= 2 and scored[0] < started[1]
    counting = Counting(GAMES["piquet"])
    fold = Fold(events[:started[1]], {"piquet": counting})  # deal 2 just started
    states = [fold.state()]
    counting.outcomes = 0
    for event in events[started[1]:scored[1] - 1]:  # deal 2's steps, not its scoring
        fold = fold.copy()
        fold.extend([event])
        states.append(fold.state())
    assert len(states) > 10 and counting.outcomes == 0
    assert all(s.standings == states[0].standings and s.standings is not states[0].standings
               for s in states[1:])
    fold.extend(events[scored[1] - 1:scored[1]])  # scored: worked out again
    assert fold.state().standings != states[0].standings and counting.outcomes > 0
