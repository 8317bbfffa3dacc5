"""The Pitch rules engine (rules P1-P9 of shared/rules/pitch.md): pure functions and values.

- The 5- to 13-point games (docs/rules/pitch-variants.md, V1-V15): :func:`variant_options`
  makes a table's options from its ``variant`` (V12, V13), :func:`variant_hand_from_record`
  reads its record and :func:`rule_variant_hand` rules on it (:mod:`referee.pitch.variants`).
- :func:`rule_hand` rules on a complete hand (P3-P6, P9) → :class:`PitchRuling`.
- :func:`progress` says what is legal next in a partial hand → :class:`PitchProgress`.
- :func:`check_bidding` checks an auction (P3) → :class:`BiddingStatus`.
- :func:`next_dealer` (P2) and :func:`match_winner` (P7) run the match.
- :func:`hand_from_record` parses the JSON record of design.md into a :class:`PitchHand`.
- :func:`sheet_from_record` / :func:`rule_sheet` rule on a score-sheet line, and
  :func:`totals_from_record` / :func:`rule_totals` on bare totals (docs/records.md).
- :func:`compare_claim` puts a side's claim beside the ruling on the cards (P5, P6).
- Irregularities recorded anyway (P10): a record's ``irregular`` list; :func:`rule_deal` rules
  any recorded hand (a misdeal by :func:`rule_misdeal`), :func:`consequence` says a penalty,
  :func:`record_anyway` turns a refused step into the record with its irregularity.
"""

from referee.pitch.anyway import Anyway, holder_of, record_anyway
from referee.pitch.bidding import (
    BiddingStatus,
    can_steal,
    check_bidding,
    legal_calls_for,
    verify_bidding,
)
from referee.pitch.claims import (
    FINDING_CODES,
    HINT_CODES,
    Count,
    compare_claim,
)
from referee.pitch.hand import PitchRuling, rule_deal, rule_hand, side_name, verify_record
from referee.pitch.irregular import (
    IrregularityRuling,
    MisdealRuling,
    consequence,
    penalty_of,
    rule_misdeal,
    said_consequence,
)
from referee.pitch.match import match_winner, next_dealer
from referee.pitch.play import Trick, trick_winner_index
from referee.pitch.points import GameAward, PointAward, Points
from referee.pitch.progress import PitchProgress, PitchStage, play_card, progress, stage
from referee.pitch.records import (
    DEFAULT_OPTIONS,
    IRREGULARITY_KINDS,
    IRREGULARITY_OPTIONS,
    PASS,
    PITCH,
    VARIANT_OPTION_NAMES,
    Call,
    Irregularity,
    PitchHand,
    PitchOptions,
    card_named,
    cards_in_trick,
    check_names,
    hand_from_record,
    house_options,
    irregularity_from_record,
    parse_call,
    side_of_seat,
    sides_of,
    variant_options,
)
from referee.pitch.sheet import (
    PitchSheet,
    PitchSheetRuling,
    PitchTotals,
    PitchTotalsRuling,
    SheetPoint,
    most_game_points,
    rule_sheet,
    rule_totals,
    sheet_from_record,
    totals_from_record,
)
from referee.pitch.variant_sheet import (
    VariantSheetRuling,
    VariantTotalsRuling,
    point_words,
    rule_line_record,
    rule_variant_sheet,
    rule_variant_totals,
    variant_sheet_from_record,
    variant_totals_from_record,
)
from referee.pitch.variants import (
    VariantHand,
    VariantRuling,
    rule_record,
    rule_variant_hand,
    variant_card_name,
    variant_hand_from_record,
    variant_progress,
)
from referee.pitch.wording import FINDING_WORDS
from referee.rulings import ClaimComparison, Difference, Finding
from referee.violations import ClaimHint

__all__ = [
    "DEFAULT_OPTIONS",
    "FINDING_CODES",
    "FINDING_WORDS",
    "HINT_CODES",
    "IRREGULARITY_KINDS",
    "IRREGULARITY_OPTIONS",
    "PASS",
    "PITCH",
    "VARIANT_OPTION_NAMES",
    "Anyway",
    "BiddingStatus",
    "Call",
    "ClaimComparison",
    "ClaimHint",
    "Count",
    "Difference",
    "Finding",
    "GameAward",
    "Irregularity",
    "IrregularityRuling",
    "MisdealRuling",
    "PitchHand",
    "PitchOptions",
    "PitchProgress",
    "PitchRuling",
    "PitchSheet",
    "PitchSheetRuling",
    "PitchStage",
    "PitchTotals",
    "PitchTotalsRuling",
    "PointAward",
    "Points",
    "SheetPoint",
    "Trick",
    "VariantHand",
    "VariantRuling",
    "VariantSheetRuling",
    "VariantTotalsRuling",
    "can_steal",
    "card_named",
    "cards_in_trick",
    "check_bidding",
    "check_names",
    "compare_claim",
    "consequence",
    "hand_from_record",
    "holder_of",
    "house_options",
    "irregularity_from_record",
    "legal_calls_for",
    "match_winner",
    "most_game_points",
    "next_dealer",
    "parse_call",
    "penalty_of",
    "play_card",
    "point_words",
    "progress",
    "record_anyway",
    "rule_deal",
    "rule_hand",
    "rule_line_record",
    "rule_misdeal",
    "rule_record",
    "rule_sheet",
    "rule_totals",
    "rule_variant_hand",
    "rule_variant_sheet",
    "rule_variant_totals",
    "said_consequence",
    "sheet_from_record",
    "side_name",
    "side_of_seat",
    "sides_of",
    "stage",
    "totals_from_record",
    "trick_winner_index",
    "variant_card_name",
    "variant_hand_from_record",
    "variant_options",
    "variant_progress",
    "variant_sheet_from_record",
    "variant_totals_from_record",
    "verify_bidding",
    "verify_record",
]
