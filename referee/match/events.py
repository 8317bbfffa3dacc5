"""The events of a match ledger, as values (docs/records.md).

A match is an append-only list of events. Each event has a ``seq`` (1, 2, … without gaps),
a ``kind`` and a JSON ``payload`` (cards written canonically). Nothing is ever changed or
removed: corrections are events too.

Kinds and payloads:

- ``match_created`` {game, players, options, rules_version}
- ``deal_started`` {deal, dealer, and optionally the hands: Pitch ``hands``; Piquet ``dealt``,
  ``talon``}
- ``bid`` {deal, seat, call} (Pitch); ``exchange`` {deal, elder?, younger?} (Piquet discards);
  ``declaration`` {deal, role, point, sequence, sets, carte_blanche} (Piquet);
  ``card`` {deal, seat or role, card}
- ``deal_recorded`` {deal, dealer, record, level, imported?}: a whole deal recorded at once,
  at entry ``level`` "cards" (a deal record), "sheet" (a score-sheet line) or "totals" (its
  points); ``imported``: read from a record file, what it said of who entered and confirmed
  the deal (referee.match.transfer)
- ``deal_scored`` {deal, scores (per player or team name), ruling, entered_by}: written by the
  service when a deal is complete (after its last card, a whole record, an amendment, or its
  cards); ``entered_by`` the credential that entered it ("seat:Ann" or "write token")
- ``deal_cards_recorded`` {deal, record, entered_by, changes, claims}: the cards of a deal
  entered as a sheet or totals, or disputed; its ``deal_scored`` follows and supersedes the
  earlier entry (kept in the ledger). ``changes``: the earlier entry against the cards'
  ruling; ``claims``: each side's claim with its comparison (``parts_at``)
- ``deal_confirmed`` {deal, entered_by}: the other side accepts the deal
- ``deal_disputed`` {deal, reason, entered_by, claim?, imported?}: the other side disputes
  it, with its own claim {level, record, scores} when it gives one; ``imported``: read from a
  record file, who disputed
- ``seats_issued`` {players, joined}: seat credentials were made for these players (the
  tokens are never in the ledger). ``joined`` false: each seat joins when its phone takes it
  up; older events, without it, joined on issue (auto-confirm "auto" turns off)
- ``seat_joined`` {player}: the seat's phone took it up (so does the seat's first write):
  from then on deals wait for the other side (auto-confirm "auto" turns off)
- ``undo`` {voids: [seq, …], reason, by}: takes back the last entry (and the score it caused)
- ``deal_voided`` {deal, reason, by}; ``deal_amended`` {deal, record, reason, by}
- ``irregularity`` {deal, dealer, irregularity, penalty, step, violations, consequence |
  consequence_code + consequence_params, entered_by, irregular?, record?, dealt_by?}: a step
  recorded anyway, or an irregularity found at the table (a talon offence, a hand of the
  wrong size, an exposed card, one of the dealing), with its penalty; what the penalty means
  is stored by its code and parameters when the match or the Pitch engine words it
  (:data:`referee.violations.CONSEQUENCE_WORDS`, worded when read, in the reader's language),
  as an English sentence (``consequence``) when the Piquet engine words it, and as that sentence in
  events stored before the codes (read as stored, upcast to a code when the words read back
  into one: :func:`referee.match.irregularities.stored_consequence`); ``dealt_by`` the seat
  that really dealt (PT 16)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Event kinds a table records while a deal is being played.
STEP_KINDS = frozenset({"deal_started", "bid", "exchange", "declaration", "card"})

#: Event kinds that correct earlier events.
CORRECTION_KINDS = frozenset({"undo", "deal_voided", "deal_amended"})


@dataclass(frozen=True, slots=True)
class Event:
    """One ledger entry: ``seq`` ≥ 1, ``kind`` (see module docstring), ``payload`` a JSON-ready
    dict, ``actor`` who made it (free text, optional), ``hash`` its link in the ledger's chain
    (64 hex characters, made by the store: referee.store.chain; None for an event not
    stored yet)."""

    seq: int
    kind: str
    payload: dict[str, Any]
    actor: str | None = None
    hash: str | None = None
