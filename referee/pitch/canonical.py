"""The canonical words of a Pitch record (P3, P4): what a record file writes, whatever
language the table used (docs/format.md, "The words").

A pass is read in the players' languages (:data:`referee.pitch.records.PASS_WORDS`:
"passe", "weiter", "pas") and written ``"pass"``; a sheet line's trump is read as a suit's
symbol or name in any language ("cœur", "Herz", "kier", "♥") and written as its letter
(``"H"``). Anything else is written as the table had it (a bid's number, a call or suit that
names nothing: its ruling refuses it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.pitch.records import PASS, parse_call
from referee.pitch.sheet import trump_letter
from referee.violations import RecordError

__all__ = ["canonical_record"]


def _call(value: Any) -> Any:
    """A pass in any language → ``"pass"``; any other call as it is."""
    if not isinstance(value, str):
        return value
    try:
        return PASS if parse_call(value) == PASS else value
    except RecordError:
        return value


def canonical_record(level: str, record: Mapping[str, Any]) -> dict[str, Any]:
    """A Pitch record of entry ``level`` (docs/records.md) with its words canonical: each of
    its ``bids`` (cards and sheet), a sheet line's ``trump``. Totals have no words."""
    out = dict(record)
    if isinstance(out.get("bids"), list):
        out["bids"] = [_call(call) for call in out["bids"]]
    if level == "sheet" and isinstance(out.get("trump"), str):
        out["trump"] = trump_letter(out["trump"]) or out["trump"]
    return out
