"""Where a claim parts from the ruling (issue 11.3): a score sheet or totals against the cards.

A claim is what one side says the deal gave — a score sheet (:func:`~referee.piquet.rule_sheet`)
or bare totals (:func:`~referee.piquet.rule_totals`).  :func:`compare_claim` sets it beside the
ruling on the cards, step by step in the order of counting (Q8: carte blanche, point,
sequences, sets, the play, the cards, then repique and pique, Q7), and says the first point
where they part and every difference.

Bare totals say nothing of the steps: the comparison says by how much each total parts, and
which counts of the ruling could explain it (a count of that size missed or counted twice,
the other player's count taken, a long sequence counted at its length, capot counted as the
cards, points in play).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from referee.piquet.combinations import SEQUENCE_SCORES
from referee.piquet.counting import (
    CAPOT_POINTS,
    CARDS_POINTS,
    STEP_RULES,
    STEP_WORDS,
    STEPS,
    Count,
)
from referee.piquet.records import ROLES, Role, other
from referee.piquet.sheet import MOST_IN_PLAY


class Ruled(Protocol):
    """What a comparison reads of a ruling: its level, scores and counting records."""

    @property
    def level(self) -> str: ...  # pragma: no cover - protocol

    @property
    def scores(self) -> Mapping[Role, int]: ...  # pragma: no cover - protocol

    @property
    def counts(self) -> tuple[Count, ...]: ...  # pragma: no cover - protocol


class Difference(NamedTuple):
    """One step where the claim and the ruling differ.

    ``step``: the Q8 step ("point", "play"…, or "totals" for a totals claim); ``rule``: its
    section; ``ruling`` / ``claim``: what each says there, in words; ``points``: claim minus
    ruling per role; ``explanations``: for totals, the counts of the ruling that could explain
    the difference, in counting order.
    """

    step: str
    rule: str
    ruling: str
    claim: str
    points: Mapping[Role, int]
    explanations: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """``{step, rule, ruling, claim, difference, explanations?}``."""
        data: dict[str, Any] = {"step": self.step, "rule": self.rule, "ruling": self.ruling,
                                "claim": self.claim, "difference": dict(self.points)}
        if self.explanations:
            data["explanations"] = list(self.explanations)
        return data


@dataclass(frozen=True, slots=True)
class ClaimComparison:
    """A claim beside the ruling: ``agrees``, the first difference in counting order
    (``parts_at``, None when it agrees) and every difference."""

    agrees: bool
    parts_at: Difference | None
    differences: tuple[Difference, ...]

    def as_dict(self) -> dict[str, Any]:
        """``{"agrees", "parts_at": {...} | null, "differences": [...]}`` (CONTRACT.md §1)."""
        return {
            "agrees": self.agrees,
            "parts_at": self.parts_at.as_dict() if self.parts_at else None,
            "differences": [d.as_dict() for d in self.differences],
        }


def compare_claim(ruling: Ruled, claim_ruling: Ruled) -> ClaimComparison:
    """Set a claim (a sheet or totals ruling) beside the ruling on the cards (Q8 order).

    A sheet is compared step by step (each step's points per player); totals, which give no
    steps, player by player, with the counts that could explain each difference.  Only the
    players a claim names are compared (a claim may give one player's total).

    :returns: a :class:`ClaimComparison`.
    """
    if claim_ruling.level == "totals":
        differences = _totals_differences(ruling, claim_ruling.scores)
    else:
        differences = _step_differences(ruling.counts, claim_ruling.counts)
    return ClaimComparison(not differences, differences[0] if differences else None,
                           tuple(differences))


def _by_step(counts: Sequence[Count], step: str) -> list[Count]:
    return [c for c in counts if c.step == step]


def _step_words(counts: Sequence[Count], step: str) -> str:
    """What a ruling says in one step: "the younger hand: point of six, 57 (6)"; the play as
    each player's sum."""
    found = _by_step(counts, step)
    if step == "play":
        sums = {r: sum(c.points for c in found if c.who == r) for r in ROLES}
        return f"in play elder {sums['elder']}, younger {sums['younger']}"
    if not found:
        return f"nobody scores {STEP_WORDS[step]}"
    return "; ".join(f"the {c.who} hand: {c.what} ({c.points})" for c in found)


def _step_differences(ruled: Sequence[Count], claimed: Sequence[Count]) -> list[Difference]:
    out: list[Difference] = []
    for step in STEPS:
        mine, theirs = _by_step(ruled, step), _by_step(claimed, step)
        points = {r: sum(c.points for c in theirs if c.who == r)
                  - sum(c.points for c in mine if c.who == r) for r in ROLES}
        if any(points.values()):
            out.append(Difference(step, STEP_RULES[step], _step_words(ruled, step),
                                  _step_words(claimed, step), points))
    return out


def _totals_differences(ruling: Ruled, claimed: Mapping[Role, int]) -> list[Difference]:
    out: list[Difference] = []
    points = {r: claimed[r] - ruling.scores[r] if r in claimed else 0 for r in ROLES}
    for role in ROLES:
        if not points[role]:
            continue
        out.append(Difference(
            "totals", "Q8", f"the {role} hand {ruling.scores[role]}",
            f"the {role} hand {claimed[role]}", {r: points[r] if r == role else 0 for r in ROLES},
            tuple(_explain(ruling.counts, role, points[role], points[other(role)]))))
    return out


def _explain(counts: Sequence[Count], role: Role, gap: int, other_gap: int) -> list[str]:
    """Counts of the ruling that could explain a claim ``gap`` points off for ``role`` (negative:
    the claim is short), in counting order."""
    size = abs(gap)
    mine = [c for c in counts if c.who == role]
    found: list[str] = []
    for c in mine:
        if c.points == size and c.step != "play":
            found.append(f"{_named(c)} ({c.points}) {'missed' if gap < 0 else 'counted twice'}")
    if gap > 0:
        for c in counts:
            if c.who != role and c.points == size and c.step != "play":
                taken = "taken from the other hand" if other_gap == -gap else "counted as his"
                found.append(f"{_named(c, owner=True)} ({c.points}) {taken}")
    if gap < 0:
        for c in mine:
            if c.step == "sequence" and c.points > 5:
                length = next(n for n, s in SEQUENCE_SCORES.items() if s == c.points)
                if c.points - length == size:
                    found.append(f"{_named(c)} counted as {length}, its length, not "
                                 f"{c.points}")
            if c.step == "cards" and c.points == CAPOT_POINTS \
                    and size == CAPOT_POINTS - CARDS_POINTS:
                found.append("capot counted as the cards (10), not 40")
    play = [c for c in mine if c.step == "play"]
    in_play = sum(c.points for c in play)
    if gap < 0 and play and size <= in_play:
        found.append(f"{size} of the {in_play} points in play missed")
    if gap > 0 and play and in_play + size <= MOST_IN_PLAY:
        found.append(f"{size} more in play than the {in_play} the cards give")
    return found


def _named(c: Count, owner: bool = False) -> str:
    """A count in words with its article: "the three aces", "the cards, 7 tricks to 5";
    with ``owner``: "the elder hand's three aces"."""
    if c.what.startswith("the "):
        return f"{c.what} of the {c.who} hand" if owner else c.what
    return f"the {c.who} hand's {c.what}" if owner else f"the {c.what}"
