"""The canonical words of Piquet's declarations (Q5): what a record file writes, whatever
language or form the table used (docs/format.md, "The words").

The declarations are read in any of the service's languages and forms
(:mod:`referee.piquet.words`: "point de cinq", "drei Asse", "kwarta", ``5``, ``"trio:A"``,
``{"cards": 5, "pips": 48}``) and written in the English words the engine's rulings use
(:mod:`referee.piquet.combinations`):

- a point: ``"point of five"``, with its pips when said: ``"point of five, 48"``;
- sequences: a list, each in full as said: ``["quint to the king in clubs"]``,
  ``["tierce major"]``, ``["sixième"]`` (no top card said);
- sets: a list, each by its name: ``["trio of aces"]``, ``["quatorze of tens"]``;
- nothing announced: a point ``None`` (the file's ``"none"``), sequences and sets ``[]``.

Each value is read back before it replaces the table's: words that would not read to the same
call (a point of no cards), and words that name no combination, are kept as the table wrote
them (the ruling says what is wrong with them). So reading the canonical words gives the same
calls, and the same ruling, as reading the table's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.piquet.combinations import point_in_full, sequence_in_full, set_words
from referee.piquet.words import (
    SequenceCall,
    read_point,
    read_sequence,
    read_sequences,
    read_sets,
    says_nothing,
)
from referee.violations import InputError

__all__ = ["canonical_declaration", "canonical_record", "canonical_words"]

#: The categories of a declaration (Q5) and how each is made canonical.
_CATEGORIES = ("point", "sequence", "sets")


def _read_point(value: Any) -> Any:
    return None if value is None or says_nothing(value) else read_point(value, "point")


def _read_sheet_sequences(value: Any) -> tuple[SequenceCall, ...]:
    """A score-sheet line's sequences of one role: one or a list, each read alone (a line
    does not part one sequence from another at its commas)."""
    items = value if isinstance(value, list | tuple) else [value]
    return tuple(read_sequence(v, "sequence") for v in items if not says_nothing(v))


def _reader(category: str, sheet: bool) -> Callable[[Any], Any]:
    if category == "point":
        return _read_point
    if category == "sequence":
        return _read_sheet_sequences if sheet else lambda v: read_sequences(v, "sequence")
    return lambda v: read_sets(v, "sets")


def _written(category: str, calls: Any) -> Any:
    """The canonical words of what ``category``'s reader read (module docstring)."""
    if category == "point":
        return None if calls is None else point_in_full(calls.cards, calls.pips)
    if category == "sequence":
        return [sequence_in_full(*call) for call in calls]
    return [set_words(*call) for call in calls]


def canonical_words(category: str, value: Any, sheet: bool = False) -> Any:
    """``value``, announced in ``category`` ("point", "sequence" or "sets", Q5) of a cards
    record's declaration or, ``sheet``, of a score-sheet line, in the canonical words (module
    docstring). ``None`` stays ``None``; words that name no combination, or that cannot be
    written so and read back to the same calls, are returned unchanged."""
    if value is None:
        return None
    read = _reader(category, sheet)
    try:
        calls = read(value)
        canonical = _written(category, calls)
        if read(canonical) == calls:
            return canonical
    except InputError:
        pass
    return value


def canonical_declaration(announced: Mapping[str, Any]) -> dict[str, Any]:
    """One hand's declaration of a cards record (``{"point", "sequence", "sets",
    "carte_blanche"}``, docs/records.md) with its words canonical; other keys as they are."""
    return {k: canonical_words(k, v) if k in _CATEGORIES else v for k, v in announced.items()}


def _by_role(value: Any, category: str) -> Any:
    if not isinstance(value, Mapping):
        return value
    return {role: canonical_words(category, said, sheet=True) for role, said in value.items()}


def canonical_record(level: str, record: Mapping[str, Any]) -> dict[str, Any]:
    """A Piquet record of entry ``level`` ("cards", "sheet" or "totals", docs/records.md) with
    the words of its declarations canonical: a cards record's ``declarations`` of each role,
    a score-sheet line's ``point``, ``sequence`` and ``sets`` of each role. Totals have no
    words; a field of the wrong shape is left as it is (its ruling refuses it)."""
    out = dict(record)
    if level == "cards" and isinstance(out.get("declarations"), Mapping):
        out["declarations"] = {
            role: canonical_declaration(said) if isinstance(said, Mapping) else said
            for role, said in out["declarations"].items()}
    elif level == "sheet":
        for category in _CATEGORIES:
            if category in out:
                out[category] = _by_role(out[category], category)
    return out
