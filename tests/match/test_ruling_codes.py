"""What a deal's ruling stores: its findings with their stable codes (referee/rulings.py), and a
ruling stored before the codes read as it was stored (docs/records.md: never rewritten)."""

from __future__ import annotations

import copy
from typing import Any

from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import replay

from .table import Table
from .test_commands import Q10_SHEET


def _scored(events: list[Event]) -> dict[str, Any]:
    return next(e.payload["ruling"] for e in events if e.kind == "deal_scored")


def test_a_deal_scored_now_stores_each_finding_with_its_code() -> None:
    table = Table()
    table.deal(Q10_SHEET, level="sheet")
    ruling = _scored(table.events)
    for key in ("verified", "computed", "as_reported"):
        assert ruling[key] and all(set(f) == {"code", "rule", "what", "params"}
                                   for f in ruling[key])
    assert {"code": "tricks_add_up", "rule": "Q6", "what": "12 tricks: elder 5, younger 7.",
            "params": {"elder": 5, "younger": 7}} in ruling["verified"]


def test_a_ruling_stored_before_the_params_reads_as_stored() -> None:
    table = Table()
    table.deal(Q10_SHEET, level="sheet")
    older = copy.deepcopy(table.events)
    stored = _scored(older)
    for key in ("verified", "computed", "as_reported"):
        stored[key] = [{k: f[k] for k in ("code", "rule", "what")} for f in stored[key]]
    state = replay(older, GAMES)
    (deal,) = state.deals
    # no params made up for it, nothing rewritten; its kind is said when read
    assert deal.ruling == {**stored, "kind": "piquet_sheet"}


def test_a_ruling_stored_before_the_codes_reads_as_stored() -> None:
    table = Table()
    table.deal(Q10_SHEET, level="sheet")
    older = copy.deepcopy(table.events)
    stored = _scored(older)
    for key in ("verified", "computed", "as_reported"):
        stored[key] = [{"rule": f["rule"], "what": f["what"]} for f in stored[key]]
    state = replay(older, GAMES)
    (deal,) = state.deals
    # no code made up for it, nothing rewritten; its kind is said when read
    assert deal.ruling == {**stored, "kind": "piquet_sheet"}
    assert deal.scores == table.state.deals[0].scores
