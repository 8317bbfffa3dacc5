"""The facts of a match a player relies on, taken from the API's answers: the recorder
(:mod:`tests.corpus.record`) stores them as each ledger's ``expected`` and the corpus test
(:mod:`tests.corpus.test_corpus`) compares them with what today's code answers.

Only facts, never wording: scores, totals, the winner and the settlement, deal numbers and
who dealt, each deal's level and agreement, who acts next and what is legal, the verify
result and what one undo takes back. A field renamed or reshaped later is followed here, in
one place; the recorded values in the corpus never change.
"""

from __future__ import annotations

import csv
import io
from typing import Any

#: The settlement's facts (Piquet, Q9): who pays whom, how much, in what.
SETTLEMENT_KEYS = ("winner", "loser", "rubiconed", "payment", "amount", "currency")


def _sorted(values: list[Any] | None) -> list[Any] | None:
    return None if values is None else sorted(values, key=str)


def match_facts(body: dict[str, Any]) -> dict[str, Any]:
    """What ``GET /v1/matches/{id}`` says that a player relies on (see the module)."""
    nxt = body["next"]
    settlement = body.get("settlement")
    reentry = body.get("reentry")
    current = body.get("current_deal")
    facts: dict[str, Any] = {
        "game": body["game"],
        "players": body["players"],
        "rules_version": body["rules_version"],
        "version": body["version"],
        "deal_number": body["deal_number"],
        "deal_in_progress": body["deal_in_progress"],
        "dealer": body["dealer"]["player"],
        "standings": {s["name"]: s["score"] for s in body["standings"]},
        "agreed": {s["name"]: s["agreed"] for s in body["standings"]},
        "deals_played": body["deals_played"],
        "finished": body["finished"],
        "winner": body["winner"],
        "drawn": body["drawn"],
        "settlement": (None if settlement is None
                       else {k: settlement.get(k) for k in SETTLEMENT_KEYS}),
        "settlement_withheld": bool(body.get("settlement_withheld")),
        "provisional": body["provisional"],
        "disputed": body["disputed"],
        "seats": body["seats"],
        "joined": body["joined"],
        "next": {
            "action": nxt["action"],
            "player": nxt.get("player"),
            "role": nxt.get("role"),
            "legal_calls": _sorted(nxt.get("legal_calls")),
            "legal_cards": _sorted(nxt.get("legal_cards")),
        },
        "reentry": (None if reentry is None
                    else {k: reentry.get(k) for k in ("deal", "level", "agreement")}),
        "current_tricks": None if current is None else current.get("tricks"),
    }
    if body["game"] == "piquet":
        facts["elder"], facts["younger"] = body["elder"], body["younger"]
    return facts


def after_undo_facts(body: dict[str, Any]) -> dict[str, Any]:
    """The facts of the match one undo leaves: what counts and where the match stands (not
    who may act next, which the engines decide for a deal put back in progress)."""
    return {
        "version": body["version"],
        "deal_number": body["deal_number"],
        "deal_in_progress": body["deal_in_progress"],
        "standings": {s["name"]: s["score"] for s in body["standings"]},
        "deals_played": body["deals_played"],
        "finished": body["finished"],
        "winner": body["winner"],
        "disputed": body["disputed"],
    }


def ledger_facts(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each row of ``GET …/ledger``: the deal, who dealt, whether it counts, its level and
    agreement, its scores and the running totals, the earlier entries it superseded and each
    side's claim."""
    return [
        {
            "deal": item["deal"],
            "dealer": item["dealer"],
            "status": item["status"],
            "amended": item["amended"],
            "level": item["level"],
            "agreement": item["agreement"],
            "scores": item["scores"],
            "totals": item["totals"],
            "superseded": [{"level": s.get("level"), "scores": s.get("scores")}
                           for s in item.get("superseded") or []],
            "claims": [{"side": c.get("side"), "entry": c.get("entry"),
                        "scores": c.get("scores")} for c in item.get("claims") or []],
        }
        for item in items
    ]


def csv_facts(text: str) -> list[dict[str, Any]]:
    """Each row of ``GET …/ledger.csv``: the deal number and every "… points" and "… total"
    column (as text, as the file has them)."""
    rows = list(csv.reader(io.StringIO(text)))
    header, body = rows[0], rows[1:]
    wanted = [k for k, name in enumerate(header)
              if name == "deal" or name.endswith((" points", " total"))]
    return [{header[k]: row[k] for k in wanted} for row in body]


def verify_facts(body: dict[str, Any]) -> dict[str, Any]:
    """``GET …/verify``: intact, where it breaks, how many events, the last link."""
    return {k: body.get(k) for k in ("intact", "broken_at", "events", "head")}
