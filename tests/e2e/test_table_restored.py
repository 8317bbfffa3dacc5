"""A server restored to an earlier point (a backup, docs/operations.md): the phone keeps the
last ledger head it saw and, when the referee's ledger no longer leads there, says so loudly
and shows the referee's record, not its own copy."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.table import SETTLED, match_id, start_match, tap_card, version

pytestmark = pytest.mark.e2e


def _snapshot(page: Any, match: str) -> dict[str, Any]:
    raw = page.evaluate(f"localStorage.getItem('referee.table.snapshot.{match}')")
    return dict(json.loads(raw))


def _pretend_the_phone_saw(page: Any, match: str, head: dict[str, Any], ahead: int) -> None:
    """The phone's kept copy, as it would be had it seen ``head`` at version + ``ahead``
    (what a restore to an earlier point leaves a phone with)."""
    snapshot = _snapshot(page, match)
    snapshot["match"]["head"] = head
    snapshot["match"]["version"] += ahead
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"referee.table.snapshot.{match}", json.dumps(snapshot)])


def test_a_ledger_behind_what_the_phone_saw_is_said_as_a_restore(served: str, phone: Any) -> None:
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    tap_card(phone, "KS")
    tap_card(phone, "AS")
    match = match_id(phone)
    seen = _snapshot(phone, match)["match"]["head"]
    shown = version(phone)
    # the server restored from a backup taken before the phone's last 3 entries
    _pretend_the_phone_saw(phone, match, {"seq": seen["seq"] + 3, "hash": "ab" * 32}, 3)
    phone.reload()
    phone.wait_for_selector("#message:not([hidden])")
    text = phone.inner_text("#message")
    assert "behind what this phone last saw" in text and "earlier backup" in text, text
    phone.wait_for_selector(SETTLED, state="attached")
    assert version(phone) == shown  # the referee's record, not the phone's copy


def test_a_ledger_that_no_longer_holds_what_the_phone_saw_is_said_as_changed(
    served: str, phone: Any,
) -> None:
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    tap_card(phone, "KS")
    match = match_id(phone)
    seen = _snapshot(phone, match)["match"]["head"]
    _pretend_the_phone_saw(phone, match, {"seq": seen["seq"], "hash": "cd" * 32}, 0)
    phone.reload()
    phone.wait_for_selector("#message:not([hidden])")
    text = phone.inner_text("#message")
    assert "The record has changed" in text and "not the one this phone saw" in text, text
