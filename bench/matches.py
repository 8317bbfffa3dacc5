"""Whole matches as the steps a phone sends (POST /v1/matches/{id}/events bodies).

A Pitch match (4 players, target 500 so it never ends during a run) or a Piquet partie (six
deals, Q1), each deal a random legal one from :mod:`bench.deals`, step by step: the deal
started with the hands, then the bids (Pitch) or the exchange (Piquet), then every card.
"""

from __future__ import annotations

import json
from random import Random
from typing import Any

from bench.deals import piquet_record, pitch_record

PITCH_PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
PIQUET_PLAYERS = ["Eve", "Yan"]  # the first dealer is the second player (younger hand)


def create_body(game: str) -> dict[str, Any]:
    """The POST /v1/matches body for a benchmark match of ``game``."""
    if game == "pitch":
        return {"game": "pitch", "players": PITCH_PLAYERS, "options": {"target": 500}}
    return {"game": "piquet", "players": PIQUET_PLAYERS}


def pitch_steps(rng: Random, deals: int) -> list[dict[str, Any]]:
    """The step bodies of ``deals`` Pitch hands, dealers rotating to the left (P2)."""
    steps: list[dict[str, Any]] = []
    n = len(PITCH_PLAYERS)
    for k in range(deals):
        record = pitch_record(rng, n, k % n)
        steps.append({"type": "deal_started", "hands": record["hands"]})
        steps.extend({"type": "bid", "call": call} for call in record["bids"])
        steps.extend({"type": "card", "card": c} for trick in record["tricks"] for c in trick)
    return steps


def piquet_steps(rng: Random, deals: int = 6) -> list[dict[str, Any]]:
    """The step bodies of a Piquet partie's ``deals`` deals (at most six, Q1)."""
    steps: list[dict[str, Any]] = []
    for _ in range(min(deals, 6)):
        record = piquet_record(rng)
        steps.append({"type": "deal_started", "dealt": record["dealt"],
                      "talon": record["talon"]})
        steps.append({"type": "exchange", **record["exchange"]})
        steps.extend({"type": "card", "card": c} for trick in record["tricks"] for c in trick)
    return steps


def match_plan(seed: int, count: int, games: tuple[str, ...] = ("pitch", "piquet"),
               deals: int = 6) -> list[tuple[str, list[dict[str, Any]]]]:
    """``count`` matches (game, steps), games alternating through ``games``."""
    rng = Random(seed)
    plan = []
    for i in range(count):
        game = games[i % len(games)]
        steps = pitch_steps(rng, deals) if game == "pitch" else piquet_steps(rng, deals)
        plan.append((game, steps))
    return plan


def step_json(step: dict[str, Any]) -> str:
    """A step body as one line of JSON (no tabs or newlines: the wrk data files are TSV)."""
    return json.dumps(step, separators=(",", ":"))
