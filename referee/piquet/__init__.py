"""The Piquet rules engine (shared/rules/piquet.md, Q1–Q11): pure functions, frozen values.

- :func:`rule_deal` — the ruling on a complete deal (Q2–Q8), with its log and violations.
- :func:`progress` — a deal in progress: who plays, legal cards, violations so far (Q6).
- :func:`compare_declarations` — two hands after the exchange, each announcing his best (Q5).
- :func:`partie_status`, :func:`settle_partie` — the partie and the Rubicon (Q1, Q9).
- :func:`sheet_from_record`, :func:`rule_sheet` — a deal as the score sheet gives it;
  :func:`totals_from_record`, :func:`rule_totals` — a deal as bare totals;
  :func:`sheet_record_of` — the sheet a table would write for a deal ruled from its cards.
- :func:`compare_claim` — where a claim (sheet or totals) parts from the cards (Q5–Q8);
  :func:`compare_claimed` and :func:`claimed_violations` — claimed totals beside the cards;
  :func:`rule_claimed_deal` — a deal ruled with the totals its table claimed (a
  :class:`ClaimedRuling`).
"""

from referee.piquet.claims import (
    FINDING_CODES,
    HINT_CODES,
    ClaimedRuling,
    claimed_violations,
    compare_claim,
    compare_claimed,
    rule_claimed_deal,
)
from referee.piquet.combinations import (
    CategoryResult,
    Combination,
    Declarations,
    check_announcement,
    compare_declarations,
)
from referee.piquet.counting import Count, Judgement, judge_q7
from referee.piquet.deal import LogEntry, PiquetRuling, false_call_of, revoke_of, rule_deal
from referee.piquet.exchange import is_carte_blanche
from referee.piquet.irregular import (
    IRREGULAR_CODES,
    TABLE_CODES,
    Irregularity,
    exchange_irregularity,
    talon_offence_penalty,
    trick_of,
)
from referee.piquet.partie import (
    PartieStatus,
    Settlement,
    elder_of_deal,
    partie_status,
    settle_partie,
)
from referee.piquet.play import TrickResult
from referee.piquet.progress import (
    PiquetProgress,
    PiquetStage,
    Retake,
    holder_of,
    play_card,
    progress,
    stage,
    take_back_revoke,
)
from referee.piquet.records import (
    ROLES,
    Announcement,
    PiquetDeal,
    PiquetOptions,
    Role,
    announcement_from_dict,
    card_named,
    deal_from_record,
    other,
)
from referee.piquet.sheet import (
    PiquetSheet,
    PiquetSheetRuling,
    PiquetTotals,
    rule_sheet,
    rule_totals,
    sheet_from_record,
    sheet_record_of,
    totals_from_record,
)
from referee.piquet.wording import FINDING_WORDS
from referee.rulings import ClaimComparison, Difference, Finding
from referee.violations import ClaimHint

#: A Piquet ruling's finding, by its first name.
Ground = Finding

__all__ = [
    "FINDING_CODES",
    "FINDING_WORDS",
    "HINT_CODES",
    "IRREGULAR_CODES",
    "ROLES",
    "TABLE_CODES",
    "Announcement",
    "CategoryResult",
    "ClaimComparison",
    "ClaimHint",
    "ClaimedRuling",
    "Combination",
    "Count",
    "Declarations",
    "Difference",
    "Finding",
    "Ground",
    "Irregularity",
    "Judgement",
    "LogEntry",
    "PartieStatus",
    "PiquetDeal",
    "PiquetOptions",
    "PiquetProgress",
    "PiquetRuling",
    "PiquetSheet",
    "PiquetSheetRuling",
    "PiquetStage",
    "PiquetTotals",
    "Retake",
    "Role",
    "Settlement",
    "TrickResult",
    "announcement_from_dict",
    "card_named",
    "check_announcement",
    "claimed_violations",
    "compare_claim",
    "compare_claimed",
    "compare_declarations",
    "deal_from_record",
    "elder_of_deal",
    "exchange_irregularity",
    "false_call_of",
    "holder_of",
    "is_carte_blanche",
    "judge_q7",
    "other",
    "partie_status",
    "play_card",
    "progress",
    "revoke_of",
    "rule_claimed_deal",
    "rule_deal",
    "rule_sheet",
    "rule_totals",
    "settle_partie",
    "sheet_from_record",
    "sheet_record_of",
    "stage",
    "take_back_revoke",
    "talon_offence_penalty",
    "totals_from_record",
    "trick_of",
]
