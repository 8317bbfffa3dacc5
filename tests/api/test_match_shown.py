"""referee.api.match_views.state_dict makes the match as MatchSchema dumps it — key for key,
in the same order, each value as its field dumps it — at every event of every recorded ledger
of tests/corpus: a write's answer gives it as it is (referee.api.dumping.Dumped), so it is
the very text marshmallow's dump of it would be."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.api.dumping import Dumped, response_dumper
from referee.api.match_views import state_dict
from referee.api.view_schemas import MatchSchema
from referee.api.write_schemas import StepResultSchema
from referee.match import commands
from referee.match.games import GAMES
from referee.match.state import Fold, MatchState
from referee.violations import RecordError
from tests.match.test_last_deal import WRITE, Ledger, partie
from tests.match.test_settled import CORPUS, _events


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_the_match_shown_is_its_dump_at_every_event(path: Path) -> None:
    events = _events(path)
    fold = Fold(events[:1], GAMES)
    for event in [None, *events[1:]]:
        if event is not None:
            if not fold.can_extend([event]):  # an undo of an earlier event: folded anew
                fold = Fold(events[:event.seq], GAMES)
            else:
                fold.extend([event])
        try:
            state = fold.state()
        except RecordError:  # mid-write (a deal's cards before its deal_scored): no state
            continue
        assert_shown_as_dumped(state)


def assert_shown_as_dumped(state: MatchState) -> None:
    shown = state_dict("m-1", state)
    assert type(shown) is Dumped and shown.schema is MatchSchema
    text = json.dumps(shown)
    assert text == json.dumps(MatchSchema().dump(shown)), state.version
    answer = {"events": [], "scored": None, "match": shown}
    assert response_dumper(StepResultSchema)(answer)["match"] is shown
    assert json.dumps(StepResultSchema().dump(answer)) == json.dumps(
        {"events": [], "scored": None, "match": json.loads(text)})


def test_an_ended_match_waiting_for_confirmations_and_one_withheld() -> None:
    """What the corpus does not hold: a result provisional (the ways to confirm it), then
    withheld by a dispute, then settled."""
    table = Ledger("piquet", ["Bill", "Ann"], stake="0.10", auto_confirm=False)
    state = partie(table)
    assert state_dict("m-1", state)["provisional_result"] is not None
    assert_shown_as_dumped(state)
    state = table.add(commands.dispute(state, GAMES["piquet"], 6, "I count 13", None, WRITE))
    assert state.withheld is not None
    assert_shown_as_dumped(state)
    pitch = Ledger("pitch", ["Ann", "Bob", "Cid", "Dee"], auto_confirm=False)
    pitch.seats("Ann", "Bob")
    assert_shown_as_dumped(pitch.state)
