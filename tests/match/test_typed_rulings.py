"""A deal's ruling travels typed from the engine to the event that stores it
(referee.match.state.DealRuling): the engine's frozen ruling, and what the match adds (the
players by role, the declarations used, the irregularities recorded anyway) as typed fields;
JSON only in the ``deal_scored`` payload, as before (Q1, Q5, Q12; P3, P10)."""

from __future__ import annotations

from referee import piquet
from referee.match.games import GAMES
from referee.match.state import DealRuling, Redeal
from referee.violations import Violation
from tests.api.deals import Q10_RECORD
from tests.match.table import Table


def test_a_piquet_deal_is_ruled_into_the_engines_typed_ruling() -> None:
    state = Table("piquet").state
    ruled = GAMES["piquet"].rule(Q10_RECORD, state.next_dealer, state.players, state.options)
    assert isinstance(ruled, DealRuling)
    assert isinstance(ruled.ruling, piquet.PiquetRuling)
    assert sorted(dict(ruled.roles).values()) == sorted(state.players)
    data = ruled.as_dict()
    assert list(data)[-3:] == ["declarations_used", "elder", "younger"]
    assert data["level"] == "cards" and data["scores"] == dict(ruled.ruling.scores)
    assert {data["elder"]: data["scores"]["elder"],
            data["younger"]: data["scores"]["younger"]} == ruled.scores


def test_the_stored_ruling_is_the_typed_rulings_json() -> None:
    table = Table("piquet")
    state = table.state
    ruled = GAMES["piquet"].rule(Q10_RECORD, state.next_dealer, state.players, state.options)
    [_, (kind, scored)] = table.deal(Q10_RECORD)
    assert kind == "deal_scored"
    assert scored["ruling"] == ruled.as_dict()


def test_a_pitch_hand_everyone_passed_is_a_typed_redeal() -> None:
    assert Redeal(0, ("pass", "pass")).as_dict() == {
        "redeal": True, "dealer": 0, "bids": ["pass", "pass"], "level": "cards"}


def test_a_dry_runs_violations_are_typed() -> None:
    table = Table("pitch", ["Ann", "Bob", "Cid"])
    dry = table.game  # the game, to ask the match what a step out of turn would do
    from referee.match import commands

    answer = commands.dry_run(table.state, dry, "bid", {"call": 2, "player": "Cid"}, None)
    assert answer.violations and all(isinstance(v, Violation) for v in answer.violations)
    assert answer.as_dict()["violations"] == [v.as_dict() for v in answer.violations]
