"""What a match says about an irregularity, as the table reads it (P4, P10): the players by
name from the engine itself (no "seat 1" renamed afterwards, no "he"), each trick once, each
card in words.

Pitch: Ann, Bob, Cid with tests/api/deals.py's hands; Ann deals, Bob bids 2 and leads ♥K, Cid
plays ♥A; Ann, holding hearts, plays ♠9 (tests/api/test_matches_irregular.py)."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.api.deals import PITCH_PLAYERS
from tests.api.test_matches_agreement import Table
from tests.api.test_matches_irregular import AFTER_REVOKE, _pitch_to_the_revoke, _play

PRONOUN = re.compile(r"\b(he|his|him)\b", re.IGNORECASE)
SEAT = re.compile(r"\b[Ss]eats? \d")
TRICK_TWICE = re.compile(r"\(tricks?\b|tricks\[")
DIGIT_CARD = re.compile(r"\b\d+ of (spades|hearts|diamonds|clubs)\b")


def _sentences(answer: Any) -> list[str]:
    if isinstance(answer, str):
        return [answer]
    if isinstance(answer, dict):
        return [t for v in answer.values() for t in _sentences(v)]
    if isinstance(answer, list):
        return [t for v in answer for t in _sentences(v)]
    return []


def _clean(answer: Any) -> list[str]:
    said = [s for s in _sentences(answer) if " " in s]
    return [s for s in said if PRONOUN.search(s) or SEAT.search(s) or TRICK_TWICE.search(s)
            or DIGIT_CARD.search(s)]


def test_a_revoke_recorded_anyway_is_told_by_name_once_per_trick(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    dry = table.post("/events?dry_run=true", {"type": "card", "card": "9S"}).json
    assert dry["violations"][0]["message"] == (
        "Ann revoked in trick 1, playing the nine of spades on a heart lead while holding the "
        "two of hearts.")
    assert dry["consequence"].startswith("Ann revoked in trick 1")
    assert not _clean(dry), _clean(dry)
    assert table.post("/events", {"type": "card", "card": "9S", "anyway": True}).status_code \
        == 201
    scored = _play(table, AFTER_REVOKE)["scored"]
    assert not _clean(scored), _clean(scored)
    assert "Revoke (set_back_bid): Ann penalised" in " ".join(_sentences(scored))
