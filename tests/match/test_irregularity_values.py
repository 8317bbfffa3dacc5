"""The typed values of an irregularity (referee/match/irregularities.py; P10, Q12): what a
game's adapter rules (:class:`TableRuling`, :class:`AnywayRuling`) and the notes the deal in
progress keeps (:class:`IrregularityNote`), each asked directly, without Flask.

Pitch: Ann deals, Bob pitches the king of hearts, Cid plays the ace and Ann, holding the three
and two of hearts, may revoke with the nine of spades (P4). Piquet: the Q10 deal, Bill elder,
Ann the dealer.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

import pytest

from referee.match.games import GAMES
from referee.match.irregularities import AnywayRuling, IrregularityNote, TableRuling
from referee.violations import Violation
from tests.match.test_irregularities import pitch_to_the_revoke, q10_exchanged


def _note(**payload: Any) -> dict[str, Any]:
    return {"deal": 1, "dealer": 0, "irregularity": "out_of_turn", "penalty": "withdrawn",
            "consequence": "Taken back.", "violations": [], "entered_by": None, **payload}


def test_the_category_of_an_engines_ruling_is_its_first_known_kind() -> None:
    def ruling(*kinds: str) -> AnywayRuling:
        return AnywayRuling({}, (), kinds, ("p",) * len(kinds), ("c.",) * len(kinds), ())

    assert ruling("bid_out_of_turn").category == "out_of_turn"
    assert ruling("lead_out_of_turn", "revoke").category == "revoke"
    assert ruling("false_call", "misdeal").category == "misdeal"  # misdeal before false call
    assert ruling("no_discard").category == "no_discard"


def test_an_engines_ruling_notes_its_first_penalty_and_every_consequence() -> None:
    found = AnywayRuling({}, (), ("revoke", "false_call"), ("fresh_deal", "reckon_nothing"),
                         ("Bill revoked.", "Ann called a quart she did not hold."), ())
    assert found.penalty == "fresh_deal" and found.fresh_deal
    assert found.consequence == "Bill revoked. Ann called a quart she did not hold."
    with pytest.raises(FrozenInstanceError):
        found.penalties = ("void",)  # type: ignore[misc]


def test_an_old_penalty_is_read_by_its_name_today_and_only_for_its_irregularity() -> None:
    renamed = GAMES["piquet"].laws.renamed
    assert IrregularityNote.read(_note(irregularity="revoke"), renamed).penalty == "replay"
    assert IrregularityNote.read(_note(), renamed).penalty == "withdrawn"  # out of turn
    assert IrregularityNote.read(_note(irregularity="revoke")).penalty == "withdrawn"


def test_a_note_acknowledges_its_violations_and_is_listed_as_stored() -> None:
    stored = {"code": "revoke", "rule": "Q6", "message": "Bill revoked.",
              "location": "tricks[3][1]", "rule_url": "/rules/Q6"}
    note = IrregularityNote.read(_note(irregularity="revoke", penalty="reckon_nothing",
                                       violations=[stored]))
    assert note.acknowledged == {("revoke", "tricks[3][1]")}
    recorded = note.as_recorded()
    assert list(recorded) == ["irregularity", "penalty", "violations", "consequence"]
    assert recorded["violations"] == [stored] and isinstance(recorded["violations"], list)
    assert list(note.as_shown()) == ["irregularity", "penalty", "consequence", "violations",
                                     "step"]
    assert note.as_shown()["step"] is None  # not stored: shown as null


@pytest.mark.parametrize(("step", "at", "penalty", "lead"), [
    ({"type": "card", "player": "Bob", "card": "5H"}, {"deal": 1, "trick": 2, "position": 1},
     "withdrawn", ("Bob", "5H", {"deal": 1, "trick": 2, "position": 1})),
    ({"type": "card", "player": "Bob", "card": "5H"}, {"deal": 1, "trick": 2, "position": 2},
     "withdrawn", None),  # a card out of turn within a trick is no lead
    ({"type": "card", "player": "Bob", "card": "5H"}, {"deal": 1, "trick": 2, "position": 1},
     "void", None),  # the deal was voided: nothing to play to
    ({"type": "bid", "player": "Bob", "call": 2}, None, "withdrawn", None),
    ({"type": "card", "card": "5H"}, {"deal": 1, "trick": 2, "position": 1}, "withdrawn",
     None),  # no offender named
])
def test_a_lead_out_of_turn_taken_back_is_told_from_its_note(
    step: dict[str, Any], at: dict[str, Any] | None, penalty: str, lead: Any,
) -> None:
    """PT 59 III: a card played to a lead taken back makes it stand, so the note must say
    whose lead it was, which card, and where."""
    note = IrregularityNote.read(_note(step=step, penalty=penalty,
                                       **({"at": at} if at else {})))
    assert note.withdrawn_lead() == lead


def test_the_deal_in_progress_keeps_its_notes_typed_as_a_replay_reads_them() -> None:
    table = pitch_to_the_revoke()
    table.cards(["3H"])
    table.step("card", anyway=True, card="5H", player="Bob")
    [note] = table.state.current.irregular  # type: ignore[union-attr]
    assert isinstance(note, IrregularityNote)
    assert note.withdrawn_lead() == ("Bob", "5H", {"deal": 1, "trick": 2, "position": 1})
    assert table.replayed().current.irregular == (note,)  # type: ignore[union-attr]


def test_a_talon_offence_found_at_the_table_is_ruled_typed() -> None:
    """PT 28–29: younger took a card of elder's talon; elder elects a fresh deal, or the
    offender reckons nothing and the record lists it."""
    table = q10_exchanged()
    current = table.state.current
    assert current is not None
    piquet = GAMES["piquet"]
    found = piquet.record_irregularity(current.record, "talon_offence", 1, 1, ["Bill", "Ann"],
                                       table.state.options)
    assert isinstance(found, TableRuling) and not found.fresh_deal
    assert found.entries == ({"code": "talon_offence", "location": "younger"},)
    assert found.record["irregular"] == list(found.entries)
    assert found.penalty == "reckon_nothing" and "Ann" in found.said.text
    fresh = piquet.record_irregularity(current.record, "talon_offence", 1, 1, ["Bill", "Ann"],
                                       table.state.options, election="fresh_deal")
    assert fresh.fresh_deal and fresh.entries[0]["election"] == "fresh_deal"


def test_a_pitch_revoke_is_ruled_typed_by_its_engine() -> None:
    table = pitch_to_the_revoke()
    current = table.state.current
    assert current is not None
    found = GAMES["pitch"].record_anyway(current.record, "card", {"card": "9S"}, 0,
                                         ["Ann", "Bob", "Cid"], table.state.options)
    assert isinstance(found, AnywayRuling)
    assert found.kinds == ("revoke",) and found.category == "revoke"
    assert found.record["irregular"] == list(found.entries)
    assert all(isinstance(v, Violation) for v in found.violations)
