"""A card ruled alone from the fold's last ruling of its deal (``Game.check_after``) is
checked as the whole deal with it is (``Game.check_step``): at every card of the recorded
ledgers of tests/corpus, from the fold's own check, from a check without the engine's
ruling (a fold read cold) and from the ruling of another deal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.match.events import Event
from referee.match.games import GAMES, Ruled
from referee.match.state import Fold, MatchError, StepCheck
from referee.violations import RecordError
from tests.match.table import Table
from tests.match.test_snapshot import CORPUS, _events


def _check(run: Any, *args: Any) -> Any:
    """The check ``run(*args)`` makes, or the refusal's violations."""
    try:
        return run(*args)
    except (MatchError, RecordError) as error:
        return [(v.code, v.location) for v in error.violations]


def _cards_ruled_both_ways(events: list[Any]) -> int:
    """At every card of ``events`` the fold's deal takes, the check both ways; how many were
    ruled from the engine's last ruling."""
    alone = 0
    fold = Fold(events[:1], GAMES)
    for event in events[1:]:
        current = fold.current
        if event.kind == "card" and current is not None and fold.can_extend([event]) \
                and event.payload.get("deal") == current.number and not current.reentry:
            game, players, options = fold.game, fold.players, fold.options
            before = fold.state().check
            assert before is not None
            record, dealer = current.record, current.dealer
            try:
                new = game.apply_step(record, event, players)
            except MatchError:
                new = None
            if new is not None:
                whole = _check(game.check_step, new, dealer, players, options)
                cold = StepCheck(before.complete, before.next, before.violations)
                for check in (before, cold):
                    assert _check(game.check_after, record, new, check, dealer, players,
                                  options) == whole, event.seq
                alone += isinstance(before.ruled, Ruled)
        if fold.can_extend([event]):
            fold.extend([event])
        else:
            fold = Fold(events[:event.seq], GAMES)
    return alone


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_every_card_of_a_recorded_ledger(path: Path) -> None:
    _cards_ruled_both_ways(_events(path))


def test_the_corpus_rules_cards_alone() -> None:
    assert sum(_cards_ruled_both_ways(_events(path)) for path in CORPUS) > 100


@pytest.mark.parametrize("game", ["piquet", "pitch"])
def test_the_ruling_of_another_deal_is_not_used(game: str) -> None:
    table = Table(game)
    while table.state.next.action == "bid":  # Pitch: the auction first (P3)
        table.step("bid", call=table.state.next.legal_calls[-1])
    empty = table.state.check  # the deal with no card played
    assert empty is not None and isinstance(empty.ruled, Ruled)
    table.step("card", card=(table.state.next.legal_cards or ("AS",))[0])
    fold = Fold(table.events, GAMES)
    current = fold.current
    assert current is not None
    record, players, options = current.record, fold.players, fold.options
    nxt = fold.state().next.legal_cards
    assert nxt
    new = fold.game.apply_step(record, Event(0, "card", {"card": nxt[0]}), players)
    # the ruling of the deal with no card, given for the deal with one: not used
    assert fold.game.check_after(record, new, empty, current.dealer, players, options) \
        == fold.game.check_step(new, current.dealer, players, options)
