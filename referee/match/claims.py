"""What each side claims a deal gave (docs/records.md, "agreement"), as a typed, frozen value.

A deal entered as a score sheet or totals is its side's claim until its cards rule it; a
dispute may carry the disputing side's own claim. Once the cards rule the deal, each claim is
set beside their ruling (its ``comparison``: the engine's
:class:`~referee.rulings.ClaimComparison` or the match's
:class:`~referee.match.state.ScoresComparison`, in the JSON form the ledger stored).

A claim is read from the events that stored it (:meth:`Claim.read`: a ``deal_disputed``
event's, or the claims a ``deal_cards_recorded`` event compared) and becomes JSON again only
where an event or an answer needs it (:meth:`Claim.as_dict`), the same object as stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Claim:
    """One side's claim on a deal.

    ``side``: the claiming player or team (None: the write token's); ``entered_by``: the
    credential that sent it ("seat:Ann", "write token"); ``reason``: a dispute's (None for an
    entry); ``entry``: True when it is the deal's entry itself, not a dispute's claim;
    ``level``: "cards", "sheet" or "totals" when it claims a record (None: a dispute that
    gave only its reason), with that ``record`` and its points ``scores`` by standing name;
    ``comparison``: once the cards rule the deal, the claim beside their ruling (JSON, as
    stored), else None; ``imported``: for a dispute read from a record file, what the file
    said of it (``{"by": name, …}``), else None; ``violations``: for an import's dispute of a
    deal that breaks the rules (docs/format.md, ``violations=dispute``), the violations that
    dispute it (JSON, as stored), else None.
    """

    side: str | None
    entered_by: str | None
    reason: str | None = None
    entry: bool = False
    level: str | None = None
    record: dict[str, Any] | None = None
    scores: dict[str, int] | None = None
    comparison: dict[str, Any] | None = None
    imported: dict[str, Any] | None = None
    violations: list[dict[str, Any]] | None = None

    @classmethod
    def read(cls, stored: Mapping[str, Any]) -> Claim:
        """The claim of its stored JSON object (as :meth:`as_dict` gives it).

        >>> Claim.read({"side": "Bob", "entered_by": "seat:Bob", "reason": "Low was mine",
        ...             "entry": False}).level is None
        True
        """
        return cls(stored.get("side"), stored.get("entered_by"), stored.get("reason"),
                   bool(stored.get("entry")), stored.get("level"), stored.get("record"),
                   stored.get("scores"), stored.get("comparison"), stored.get("imported"),
                   stored.get("violations"))

    def claims_record(self) -> bool:
        """Whether it claims a record (a level, record and points), not only a reason: the
        cards compare it."""
        return bool(self.level)

    def by(self, principal: str | None) -> bool:
        """Whether ``principal`` disputed with it (the deal's entry is nobody's dispute)."""
        return not self.entry and self.entered_by == principal

    def as_dict(self) -> dict[str, Any]:
        """JSON: ``{"side", "entered_by", "reason", "entry"}``, then ``level``, ``record``
        and ``scores`` when it claims a record, ``imported`` and ``comparison`` when known.

        >>> Claim("Ann", "seat:Ann", None, True, "totals", {"scores": {"Ann": 2}},
        ...       {"Ann": 2}).as_dict()["scores"]
        {'Ann': 2}
        """
        found: dict[str, Any] = {"side": self.side, "entered_by": self.entered_by,
                                 "reason": self.reason, "entry": self.entry}
        if self.level is not None:
            found.update(level=self.level, record=self.record, scores=self.scores)
        if self.imported is not None:
            found["imported"] = self.imported
        if self.comparison is not None:
            found["comparison"] = self.comparison
        if self.violations is not None:
            found["violations"] = self.violations
        return found
