"""The match's served state is a fresh replay of its events, whatever the table sends
(hypothesis RuleBasedStateMachine, no Flask, no database): steps legal and illegal, steps
recorded anyway, irregularities found at the table, whole deals at each entry level, undo,
void, amend, seats, confirm and dispute, on a Piquet or a Pitch match. A refused command
appends nothing. The served state is the fold extended by each write with the check its
step was ruled against (as referee/folds.py serves it, tests/match/table.py).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from referee.cards import FULL_PACK, PIQUET_PACK, card_name
from referee.match import commands
from referee.match.state import MatchError
from referee.violations import RecordError
from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    BOB_SET_BACK_TRICKS,
    Q10_DEALT,
    Q10_TALON,
    random_piquet_record,
)
from tests.match.table import NewEvent, Table

SETTINGS = settings(
    max_examples=40,
    stateful_step_count=50,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)

#: Who may write: the shared phone, or a player's seat.
PRINCIPALS = {"piquet": ["write token", "seat:Bill", "seat:Ann"],
              "pitch": ["write token", "seat:Ann", "seat:Bob", "seat:Cid"]}


class MatchMachine(RuleBasedStateMachine):
    """One match in memory, written to the way tables do (and mis-do)."""

    #: How often each command was stored or refused (the test checks both happened a lot).
    seen: dict[str, int]

    def __init__(self) -> None:
        super().__init__()
        self.table: Table | None = None

    @initialize(game=st.sampled_from(["piquet", "pitch"]), auto=st.sampled_from(
        ["auto", False]))
    def create(self, game: str, auto: Any) -> None:
        self.game = game
        self.table = Table(game, auto_confirm=auto)

    @property
    def t(self) -> Table:
        assert self.table is not None
        return self.table

    def attempt(self, name: str, command: Any) -> list[NewEvent] | None:
        """Run a command on the table: stored, or refused with nothing appended."""
        before = len(self.t.events)
        try:
            decided: list[NewEvent] = command()
        except (MatchError, RecordError):
            assert len(self.t.events) == before, "a refusal stored"
            self.seen[f"{name} refused"] = self.seen.get(f"{name} refused", 0) + 1
            return None
        self.seen[name] = self.seen.get(name, 0) + 1
        return decided

    # --------------------------------------------------------------------------- rules

    @rule(data=st.data(), legal=st.sampled_from([True, True, True, False]),
          anyway=st.sampled_from([False, False, True]), who=st.integers(0, 3))
    def step(self, data: st.DataObject, legal: bool, anyway: bool, who: int) -> None:
        nxt = self.t.state.next
        by = PRINCIPALS[self.game][who % len(PRINCIPALS[self.game])]
        if nxt.action == "none":
            return
        if nxt.action == "bid":
            calls = [c for c in nxt.legal_calls or () if c != "pitch"] if legal else []
            call = data.draw(st.sampled_from(calls or ["pass", 2, 3, 4, 9]))
            self.attempt("bid", lambda: self.t.step("bid", anyway=anyway, by=by, call=call))
            return
        pack = PIQUET_PACK if self.game == "piquet" else FULL_PACK
        cards = (list(nxt.legal_cards or ()) if legal else None) or [card_name(c)
                                                                     for c in pack]
        card = data.draw(st.sampled_from(cards))
        player = None if legal else data.draw(st.sampled_from([None, *self.t.state.players]))
        self.attempt("card", lambda: self.t.step("card", anyway=anyway, by=by, card=card,
                                                 player=player))

    @rule(known=st.booleans(), short=st.booleans(), anyway=st.booleans())
    def deal_started(self, known: bool, short: bool, anyway: bool) -> None:
        """A deal starts, with its hands or without, a hand short (a misdeal) or not."""
        hands: dict[str, Any] = {}
        if known and self.game == "piquet":
            elder = Q10_DEALT["elder"][:11] if short else Q10_DEALT["elder"]
            hands = {"dealt": {**Q10_DEALT, "elder": elder}, "talon": Q10_TALON}
        elif known:
            ann = BOB_SET_BACK_HANDS[0][:5] if short else BOB_SET_BACK_HANDS[0]
            hands = {"hands": [ann, *BOB_SET_BACK_HANDS[1:]]}
        self.attempt("deal_started", lambda: self.t.step("deal_started", anyway=anyway,
                                                         **hands))

    @rule(what=st.sampled_from(["talon_offence", "long_hand", "short_hand", "exposed_card"]),
          pick=st.integers(0, 3))
    def at_the_table(self, what: str, pick: int) -> None:
        players = self.t.state.players
        self.attempt("irregularity", lambda: self.t.step(
            "irregularity", what=what, player=players[pick % len(players)]))

    @precondition(lambda self: self.table is not None and self.table.state.current is None)
    @rule(seed=st.integers(0, 10_000), totals=st.booleans(), who=st.integers(0, 3))
    def whole_deal(self, seed: int, totals: bool, who: int) -> None:
        """A whole deal (none is being recorded step by step): its cards or its points."""
        by = PRINCIPALS[self.game][who % len(PRINCIPALS[self.game])]
        record: dict[str, Any]
        level = "totals" if totals else "cards"
        if self.game == "piquet" and totals:
            record = {"scores": {"elder": 10 + seed % 30, "younger": seed % 20}}
        elif self.game == "piquet":
            record = random_piquet_record(seed)
        elif totals:  # Cid pitched a 2 and made 3, Ann took one (P6)
            record = {"scores": [1, 0, 3], "pitcher": 2, "bid": 2}
        else:  # Ann deals, Bob pitches and is set back (tests/api/deals.py)
            record = {"hands": BOB_SET_BACK_HANDS, "bids": [2, "pass", "pass"],
                      "tricks": BOB_SET_BACK_TRICKS}
        self.attempt("deal", lambda: self.t.deal(record, level=level, by=by))

    @rule(who=st.integers(0, 3))
    def undo(self, who: int) -> None:
        principal = PRINCIPALS[self.game][who % len(PRINCIPALS[self.game])]
        self.attempt("undo", lambda: self.t.undo(principal))

    @rule(pick=st.integers(0, 8), counted=st.sampled_from([True, True, False]))
    def void(self, pick: int, counted: bool) -> None:
        live = self.t.state.live_deals
        number = live[pick % len(live)].number if counted and live else pick
        self.attempt("void", lambda: self.t.void(number))

    @precondition(lambda self: self.table is not None and bool(self.table.state.live_deals))
    @rule(pick=st.integers(0, 8), seed=st.integers(0, 10_000))
    def amend(self, pick: int, seed: int) -> None:
        live = self.t.state.live_deals
        entry = live[pick % len(live)]
        record = random_piquet_record(seed) if self.game == "piquet" else dict(entry.record)
        self.attempt("amend", lambda: self.t.amend(entry.number, record))

    @rule(pick=st.integers(0, 3))
    def seats_and_join(self, pick: int) -> None:
        players = self.t.state.players
        if not self.t.state.seats:
            self.attempt("seats", lambda: self.t.seats())
        self.attempt("join", lambda: self.t.join(players[pick % len(players)]))

    @precondition(lambda self: self.table is not None and bool(self.table.state.live_deals))
    @rule(pick=st.integers(0, 8), who=st.integers(0, 3), dispute=st.booleans())
    def answer(self, pick: int, who: int, dispute: bool) -> None:
        live = self.t.state.live_deals
        number = live[pick % len(live)].number
        principals = PRINCIPALS[self.game]
        waiting = [p for p in principals if number in commands.to_confirm(self.t.state, p)]
        principal = (waiting or principals)[who % len(waiting or principals)]
        if dispute:
            self.attempt("dispute", lambda: self.t.dispute(number, principal))
        else:
            self.attempt("confirm", lambda: self.t.confirm(number, principal))

    @precondition(lambda self: self.table is not None and self.game == "piquet"
                  and bool(self.table.state.disputed))
    @rule(seed=st.integers(0, 10_000))
    def cards_of_a_disputed_deal(self, seed: int) -> None:
        number = self.t.state.disputed[0]
        self.attempt("cards", lambda: self.t.record_cards(number, random_piquet_record(seed)))

    # ---------------------------------------------------------------------- invariants

    @invariant()
    def served_is_a_fresh_replay(self) -> None:
        if self.table is None:
            return
        assert self.t.state == self.t.replayed()
        assert self.t.state.version == len(self.t.events)


def test_the_served_state_is_always_a_fresh_replay() -> None:
    seen: dict[str, int] = {}
    machine = type("MatchMachineCounted", (MatchMachine,), {"seen": seen})
    run_state_machine_as_test(machine, settings=SETTINGS)
    for name in ("bid", "card", "deal", "undo", "void", "amend", "confirm", "dispute",
                 "irregularity"):
        assert seen.get(name, 0) > 0, (name, sorted(seen.items()))
    assert sum(n for name, n in seen.items() if name.endswith("refused")) > 20, seen
