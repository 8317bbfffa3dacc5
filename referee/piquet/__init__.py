"""The Piquet rules engine (shared/rules/piquet.md, Q1–Q11): pure functions, frozen values.

- :func:`rule_deal` — the ruling on a complete deal (Q2–Q8), with its log and violations.
- :func:`progress` — a deal in progress: who plays, legal cards, violations so far (Q6).
- :func:`compare_declarations` — two hands after the exchange, each announcing his best (Q5).
- :func:`partie_status`, :func:`settle_partie` — the partie and the Rubicon (Q1, Q9).
"""

from referee.piquet.combinations import (
    CategoryResult,
    Combination,
    Declarations,
    check_announcement,
    compare_declarations,
)
from referee.piquet.deal import LogEntry, PiquetRuling, rule_deal
from referee.piquet.exchange import is_carte_blanche
from referee.piquet.partie import (
    PartieStatus,
    Settlement,
    elder_of_deal,
    partie_status,
    settle_partie,
)
from referee.piquet.play import TrickResult
from referee.piquet.progress import PiquetProgress, progress
from referee.piquet.records import (
    ROLES,
    Announcement,
    PiquetDeal,
    PiquetOptions,
    Role,
    announcement_from_dict,
    deal_from_record,
    other,
)

__all__ = [
    "ROLES",
    "Announcement",
    "CategoryResult",
    "Combination",
    "Declarations",
    "LogEntry",
    "PartieStatus",
    "PiquetDeal",
    "PiquetOptions",
    "PiquetProgress",
    "PiquetRuling",
    "Role",
    "Settlement",
    "TrickResult",
    "announcement_from_dict",
    "check_announcement",
    "compare_declarations",
    "deal_from_record",
    "elder_of_deal",
    "is_carte_blanche",
    "other",
    "partie_status",
    "progress",
    "rule_deal",
    "settle_partie",
]
