"""A side's claim on a deal as a typed value (referee/match/claims.py; docs/records.md,
"agreement"): read from what the ledger stored and made JSON again, the same object, and who
disputed with it."""

from __future__ import annotations

from typing import Any

import pytest

from referee.match.claims import Claim

#: The shapes the ledger stores (tests/corpus/v1): an entry's claim compared with the cards,
#: a dispute with a reason only, a dispute with its own totals, one read from a record file.
STORED: list[dict[str, Any]] = [
    {"side": "Ann", "entered_by": "seat:Ann", "reason": None, "entry": True, "level": "totals",
     "record": {"scores": {"elder": 30, "younger": 12}}, "scores": {"Bill": 30, "Ann": 12},
     "comparison": {"agrees": False, "parts_at": None, "differences": []}},
    {"side": "Bob", "entered_by": "seat:Bob", "reason": "Low was mine", "entry": False},
    {"side": "Bill", "entered_by": "write token", "reason": "41, not 38", "entry": False,
     "level": "totals", "record": {"scores": {"elder": 11, "younger": 41}},
     "scores": {"Bill": 11, "Ann": 41}},
    {"side": None, "entered_by": "import", "reason": None, "entry": False,
     "imported": {"by": "Ann"}},
]


@pytest.mark.parametrize("stored", STORED)
def test_a_stored_claim_reads_and_writes_back_key_for_key(stored: dict[str, Any]) -> None:
    claim = Claim.read(stored)
    assert claim.as_dict() == stored and list(claim.as_dict()) == list(stored)
    assert Claim.read(claim.as_dict()) == claim


def test_only_a_claim_with_a_record_is_compared_with_the_cards() -> None:
    assert [Claim.read(s).claims_record() for s in STORED] == [True, False, True, False]


def test_a_dispute_is_its_senders_and_the_entry_is_nobodys_dispute() -> None:
    """docs/records.md: a side disputes a deal once; the entry it made is its claim, not a
    dispute, so it does not stop that side disputing."""
    entry, reason_only, *_ = (Claim.read(s) for s in STORED)
    assert reason_only.by("seat:Bob") and not reason_only.by("seat:Ann")
    assert not entry.by("seat:Ann")
