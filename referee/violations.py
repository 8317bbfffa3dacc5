"""Rule violations found in a record, shared by both engines (P9, Q11).

A :class:`Violation` names what broke (a stable ``code``), the rules section it
breaks (``rule``, e.g. ``"Q6"``, readable at ``rule_url`` = ``"/rules/Q6"``), a
sentence a player understands, and where in the record it is (``location``, e.g.
``"tricks[3][1]"``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass

from referee.rulings import ClaimHint

__all__ = ["RULES_PATH", "ClaimHint", "InputError", "RecordError", "Violation"]

#: Where the service shows a section of its rules (docs/rules, served by referee.api.rules).
RULES_PATH = "/rules/"


@dataclass(frozen=True, slots=True)
class Violation:
    """One rule break in a record.

    ``code``: stable snake_case identifier (e.g. ``"revoke"``); ``rule``: a
    section of the rules files (``"P4"``, ``"Q5"``); ``message``: one sentence
    for a player; ``location``: a path into the record (``"tricks[3][1]"``), or
    ``""`` for the record as a whole.
    """

    code: str
    rule: str
    message: str
    location: str = ""

    @property
    def rule_url(self) -> str | None:
        """Where the section can be read (``"/rules/Q6"``), or None when no section applies."""
        return RULES_PATH + self.rule if self.rule else None

    def as_dict(self) -> dict[str, str | None]:
        """The violation as a JSON-ready dict: code, rule, rule_url, message, location."""
        found: dict[str, str | None] = asdict(self)
        found["rule_url"] = self.rule_url
        return found


class RecordError(ValueError):
    """A record too broken to rule on at all (e.g. 13 cards in a hand).

    ``violations`` is a non-empty tuple of :class:`Violation` saying why.
    """

    def __init__(self, violations: Iterable[Violation]) -> None:
        self.violations: tuple[Violation, ...] = tuple(violations)
        first = self.violations[0].message if self.violations else "the record cannot be ruled on"
        super().__init__(first)


class InputError(RecordError):
    """Input that cannot be read at all — words that name no combination, a value of the
    wrong shape —, as opposed to a readable record that breaks the rules: the API answers
    400 with ``errors`` keyed by the ``location`` of each violation, and a match never
    records it "anyway" as an irregularity: it is a slip of the pen, to correct."""
