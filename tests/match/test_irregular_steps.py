"""Steps recorded anyway in the match layer, without HTTP (rules/irregularities.md Q12): the
penalty the engine decides is the one the dry run shows, the one stored and the one the
ruling applies.

Bill (elder) and Ann (younger, the dealer) with the Q10 hands of tests/api/deals.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.match import commands
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.irregularities import IrregularityNote
from referee.match.state import MatchState, replay
from referee.piquet import deal_from_record, rule_deal
from referee.violations import InputError
from tests.api.deals import (
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_TALON,
    Q10_TRICKS,
    REVOKE_FIRST,
    REVOKE_REPLAYED,
    REVOKE_REPLAYED_TRICKS,
    REVOKE_THEN_PROOF,
)


class Ledger:
    """A match's events in memory: each step decided by :func:`commands.step` on the state the
    events fold to, then appended (what the store does, without a database)."""

    def __init__(self, **options: Any) -> None:
        game = GAMES["piquet"]
        self.events = [Event(1, kind, payload) for kind, payload in
                       commands.create(game, ["Bill", "Ann"], options)]

    @property
    def state(self) -> MatchState:
        return replay(self.events, GAMES)

    def decide(self, kind: str, anyway: bool = False, **payload: Any) -> list[Any]:
        """The events the step would append (nothing appended: a dry run)."""
        return list(commands.step(self.state, GAMES["piquet"], kind, payload, None,
                                  anyway=anyway))

    def step(self, kind: str, anyway: bool = False, **payload: Any) -> list[Any]:
        """Decide the step and append its events; returns them."""
        decided = self.decide(kind, anyway, **payload)
        for new_kind, new_payload in decided:
            self.events.append(Event(len(self.events) + 1, new_kind, new_payload))
        return decided

    def cards(self, cards: list[str]) -> list[Any]:
        decided: list[Any] = []
        for card in cards:
            decided = self.step("card", card=card)
        return decided


def q10_dealt(ledger: Ledger) -> None:
    ledger.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    ledger.step("exchange", **Q10_EXCHANGE)


def test_a_call_that_could_not_be_held_is_told_stored_and_scored_alike() -> None:
    """Bill calls a point of seven: his hand and discard hold at most six of a suit (hearts),
    so PT 54 exempts it. The dry run, the stored irregularity and the deal's ruling say the
    same — no penalty (PT 54) — and the score applies none: Bill 11, Ann 41 as in Q10."""
    ledger = Ledger()
    q10_dealt(ledger)
    call = {"role": "elder", "point": 7, "sets": ["trio:A"]}
    [(kind, dry)] = ledger.decide("declaration", anyway=True, **call)
    assert kind == "irregularity"
    [(_, stored)] = ledger.step("declaration", anyway=True, **call)
    assert stored == dry
    assert (stored["irregularity"], stored["penalty"]) == ("false_call", "none")
    said = IrregularityNote.read(stored).consequence.text
    assert stored["consequence_code"] == "piquet.false_call.impossible"
    assert said == (
        "The elder hand called a point of seven, which its hand and discard together could not "
        "hold: no penalty (PT 54); the call scores nothing.")
    ledger.step("card", card=Q10_TRICKS[0][0])
    ledger.step("declaration", role="younger", **Q10_DECLARATIONS["younger"])
    decided = ledger.cards([c for trick in Q10_TRICKS for c in trick][1:])
    scored = decided[-1][1]
    assert scored["scores"] == {"Bill": 11, "Ann": 41}
    [ruled] = scored["ruling"]["irregularities"]
    assert {k: ruled[k] for k in ("penalty", "consequence")} == {
        "penalty": stored["penalty"], "consequence": said}
    assert ruled["law"] == "PT 54"
    assert scored["ruling"]["recorded_anyway"][0]["penalty"] == "none"


def test_a_revoke_proven_later_is_replayed_by_the_fold() -> None:
    """PT 59 IV under ``revoke: "replay"``, hands not recorded: Bill's ♣8 in trick 7 proves
    his ♠8 on ♣J in trick 6 a revoke. One ``irregularity`` event (penalty "replay") carries
    the record with the play from the ♠8 on taken back; the fold takes it, Bill is offered
    the clubs he may hold, and the deal recorded again scores as the replayed play."""
    ledger = Ledger()
    ledger.cards(REVOKE_FIRST + REVOKE_THEN_PROOF[:2])
    [(kind, note)] = ledger.step("card", anyway=True, card=REVOKE_THEN_PROOF[2])
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "revoke",
                                                             "replay")
    assert note["record"]["tricks"] == [*Q10_TRICKS[:5], ["JC"]]
    assert note["record"]["retaken"] == {"elder": ["8S", "8C"], "younger": ["TC"]}
    state = ledger.state
    assert state.current is not None and state.current.record == note["record"]
    assert (state.next.player, state.next.legal_cards) == ("Bill", ("9C", "8C"))
    decided = ledger.cards([c for t in REVOKE_REPLAYED for c in t][1:])
    kind, scored = decided[-1]
    assert kind == "deal_scored"
    ruled = rule_deal(deal_from_record({"tricks": REVOKE_REPLAYED_TRICKS}))
    assert scored["scores"] == {"Bill": ruled.scores["elder"], "Ann": ruled.scores["younger"]}
    assert scored["ruling"]["recorded_anyway"][0]["penalty"] == "replay"


def test_a_declaration_in_the_score_sheets_words_is_recorded_as_made() -> None:
    """Bill's "three aces" is read as the score sheet reads it: a declaration, no
    irregularity; the deal scores as Q10 (Bill 11, Ann 41)."""
    ledger = Ledger()
    q10_dealt(ledger)
    [(kind, _)] = ledger.step("declaration", role="elder", point="point of five",
                              sets=["three aces"])
    assert kind == "declaration"
    ledger.step("card", card=Q10_TRICKS[0][0])
    ledger.step("declaration", role="younger", point="point of six", sequence="sixième")
    decided = ledger.cards([c for trick in Q10_TRICKS for c in trick][1:])
    assert decided[-1][1]["scores"] == {"Bill": 11, "Ann": 41}
    assert decided[-1][1]["ruling"].get("recorded_anyway") in (None, [])


def test_a_slip_of_the_pen_is_never_recorded_anyway() -> None:
    """Words that name no combination are refused as input (InputError), even "anyway":
    nothing is appended, the deal is not voided."""
    ledger = Ledger()
    q10_dealt(ledger)
    version = ledger.state.version
    with pytest.raises(InputError) as caught:
        ledger.step("declaration", anyway=True, role="elder", sets=["three axes"])
    assert [v.location for v in caught.value.violations] == ["sets[0]"]
    assert ledger.state.version == version and ledger.state.current is not None
