"""A fold's copy (referee.match.state.Fold.copy, what the worker's fold cache hands out) is
independent of the fold it was copied from, in every attribute — including ones added later.

The ledger: Piquet between Bill and Ann with seats; Bill enters deal 1 as totals (elder 30,
younger 12), Ann disputes it; Bill starts deal 2 (Q10's hands).
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from referee.match import commands
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold
from tests.api.deals import Q10_DEALT, Q10_TALON

#: Values the fold may share with its copies: nothing in them changes.
VALUES = (type(None), bool, int, float, str, bytes, tuple, frozenset)


def ledger() -> list[Event]:
    game = GAMES["piquet"]
    events: list[Event] = []

    def add(decided: list[tuple[str, dict[str, Any]]]) -> None:
        for kind, payload in decided:
            events.append(Event(len(events) + 1, kind, payload))

    def state() -> Any:
        return Fold(events, GAMES).state()

    add(commands.create(game, ["Bill", "Ann"], {}))
    add(commands.issue_seats(state(), ["Bill", "Ann"]))
    add(commands.join_seat(state(), "seat:Bill"))
    add(commands.record_deal(state(), game, {"scores": {"elder": 30, "younger": 12}}, "totals",
                             "seat:Bill"))
    add(commands.dispute(state(), game, 1, "I count 13", None, "seat:Ann"))
    add(commands.step(state(), game, "deal_started", {"dealt": Q10_DEALT, "talon": Q10_TALON},
                      None, "seat:Bill"))
    return events


def is_value(name: str, value: Any) -> bool:
    if name == "game":
        return value in GAMES.values()  # the rules: shared by every fold
    if dataclasses.is_dataclass(value):
        return type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
    return isinstance(value, VALUES)


def scribble(value: Any) -> bool:
    """Change a container in place (as the fold changes its own); False: not a container."""
    if isinstance(value, dict):
        value[-1] = "scribbled"
    elif isinstance(value, list):
        value.append("scribbled")
    elif isinstance(value, set):
        value.add("scribbled")
    else:
        return False
    return True


def test_changing_every_attribute_of_a_copy_leaves_the_fold_as_it_was() -> None:
    fold = Fold(ledger(), GAMES)
    fold.state()  # the cached state too
    assert fold.entered and fold.deals and fold.undoable and fold.joined
    before = {name: copy.deepcopy(value) for name, value in vars(fold).items()
              if name != "game"}
    twin = fold.copy()
    for name, value in vars(twin).items():
        if not scribble(value):
            assert is_value(name, value), (
                f"Fold.{name} is a {type(value).__name__}: Fold.copy must copy it, or it must "
                "be a value nothing changes")
    assert {name: value for name, value in vars(fold).items() if name != "game"} == before


def test_a_copy_extended_leaves_the_fold_and_its_state_as_they_were() -> None:
    events = ledger()
    fold = Fold(events, GAMES)
    state = fold.state()
    twin = fold.copy()
    seq = len(events) + 1
    twin.extend([Event(seq, "card", {"deal": 2, "dealer": 1, "card": "AC",
                                     "entered_by": "seat:Bill"})])
    assert twin.entered[seq] == "seat:Bill" and twin.state().last_undoable == (seq,)
    assert seq not in fold.entered
    assert fold.state() is state and fold.version == len(events)


def test_the_copied_attributes_are_every_container_of_the_fold() -> None:
    """``Fold.COPIED`` names exactly the attributes that are containers (a fresh fold's and
    one with deals, undos, pending entries and seats); the copy shares every other one."""
    for events in (ledger()[:1], ledger()):
        fold = Fold(events, GAMES)
        fold.state()
        containers = {name for name, value in vars(fold).items()
                      if isinstance(value, (dict, list, set))}
        assert containers == set(Fold.COPIED)
        twin = fold.copy()
        for name, value in vars(fold).items():
            assert (getattr(twin, name) is value) is (name not in Fold.COPIED), name
            assert getattr(twin, name) == value, name
