"""Where a claim parts from the ruling (Q5–Q8): a score sheet or totals against the cards.

A claim is what one side says the deal gave — a score sheet (:func:`~referee.piquet.rule_sheet`)
or bare totals (:func:`~referee.piquet.rule_totals`).  :func:`compare_claim` sets it beside the
ruling on the cards, step by step in the order of counting (Q8: carte blanche, point,
sequences, sets, the play, the cards, then repique and pique, Q7), and says the first point
where they part and every difference.

Bare totals say nothing of the steps: the comparison says by how much each total parts, and
what could explain it, each a :class:`Hint` with a stable code and its rule: a count of
that size missed or counted twice, the other player's count taken, a long sequence counted at
its length, capot counted as the cards, points in play, a pique or repique counted that the
cards do not give or one counted for the other (Q7), the two totals written in each other's
column (Q1), a negative total (Q8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from referee.piquet.combinations import SEQUENCE_SCORES
from referee.piquet.counting import (
    CAPOT_POINTS,
    CARDS_POINTS,
    PIQUE_POINTS,
    REPIQUE_POINTS,
    STEP_RULES,
    STEP_WORDS,
    STEPS,
    Count,
    q7_race,
)
from referee.piquet.deal import PiquetRuling, rule_deal
from referee.piquet.records import ROLES, PiquetDeal, PiquetOptions, Role, other
from referee.piquet.sheet import MOST_IN_PLAY, PiquetTotals, rule_totals
from referee.rulings import ClaimComparison, Difference, Hint, Params
from referee.violations import Violation, said


class Ruled(Protocol):
    """What a comparison reads of a ruling: its level, scores and counting records."""

    @property
    def level(self) -> str: ...  # pragma: no cover - protocol

    @property
    def scores(self) -> Mapping[Role, int]: ...  # pragma: no cover - protocol

    @property
    def counts(self) -> tuple[Count, ...]: ...  # pragma: no cover - protocol


#: Every code of a Piquet ruling's findings (verified, computed, as reported), with what it
#: says; a ruling on the cards also says ``<step>_counted`` for each step of the Q8 order it
#: counted (``point_counted``, ``play_counted``…).
FINDING_CODES: dict[str, str] = {
    "tricks_checked": "12 tricks of 2 cards, following suit checked (Q6)",
    "declarations_checked": "the declarations against the cards each hand played (Q5)",
    **{f"{step}_counted": f"{STEP_WORDS[step]}, as counted (Q8)" for step in STEPS},
    "tricks_add_up": "the tricks written make 12 (Q6)",
    "category_compared": "a category's announcements compared: who is good (Q5)",
    "good_as_reported": "who was good in a category, as the table said (Q5)",
    "good_stands": "younger allowed elder's call good holding better: the reply stands (PT 51)",
    "one_side_written": "only one hand's announcement written in a category (Q5)",
    "carte_blanche_as_reported": "a carte blanche, as written (Q3)",
    "repique": "the repique, reached in the declarations (Q7)",
    "no_repique": "nobody reached 30 in the declarations first (Q7)",
    "cards_won": "who won the cards, or capot (Q6)",
    "cards_none": "six tricks each: nobody scores the cards (Q6)",
    "play_as_reported": "the points in play, as counted at the table (Q6)",
    "play_from_totals": "the points in play, taken from the claimed totals (Q6)",
    "play_fits_tricks": "the points in play fit the tricks (Q6)",
    "pique_verified": "the pique claimed, certain from the line (Q7)",
    "pique_as_reported": "the pique claimed, possible: taken as reported (Q7)",
    "pique_computed": "a pique the line makes certain (Q7)",
    "pique_possible_not_claimed": "a pique possible but not claimed: none scored (Q7)",
    "no_pique": "nobody could reach 30 before the other scored (Q7)",
    "claim_adds_up": "a claimed total is what the line adds up to (Q8)",
    "claimed_as_reported": "one player's claimed points, as reported (Q8)",
    "totals_possible": "each total within what one deal can give (Q6, Q8)",
    "totals_as_reported": "the deal's points, as reported (Q8)",
}

#: Every hint code, with what it means.
HINT_CODES: dict[str, str] = {
    "columns_swapped": "the two totals written in each other's column (Q1: who is elder)",
    "negative_total": "a total below 0, which no deal gives (Q8)",
    "count_missed": "a count of the claimant's of that size left out",
    "count_counted_twice": "a count of the claimant's of that size counted twice",
    "count_of_the_other_hand": "the other player's count of that size counted as the "
                               "claimant's",
    "pique_missed": "the pique the cards give left out (Q7)",
    "repique_missed": "the repique the cards give left out (Q7)",
    "pique_counted_twice": "the pique counted twice (Q7)",
    "repique_counted_twice": "the repique counted twice (Q7)",
    "pique_not_given": "30 more: a pique counted that the cards do not give (Q7)",
    "repique_not_given": "60 more: a repique counted that the cards do not give (Q7)",
    "pique_as_repique": "the pique counted as a repique, 60 instead of 30 (Q7)",
    "repique_as_pique": "the repique counted as a pique, 30 instead of 60 (Q7)",
    "sequence_at_length": "a sequence of six or more counted at its length (Q5)",
    "capot_as_cards": "capot counted as the cards, 10 instead of 40 (Q6)",
    "play_missed": "points of the play left out (Q6)",
    "play_added": "more points in play than the cards give (Q6)",
}


def compare_claim(ruling: Ruled, claim_ruling: Ruled,
                  names: Mapping[Role, str] | None = None) -> ClaimComparison:
    """Set a claim (a sheet or totals ruling) beside the ruling on the cards (Q8 order).

    A sheet is compared step by step (each step's points per player); totals, which give no
    steps, player by player, with the counts that could explain each difference.  Only the
    players a claim names are compared (a claim may give one player's total).  ``names``: the
    players by role (Q1), who each difference's points are given to; without them, the roles.

    :returns: a :class:`ClaimComparison`.
    """
    if claim_ruling.level == "totals":
        differences = _totals_differences(ruling, claim_ruling.scores)
    else:
        differences = _step_differences(ruling.counts, claim_ruling.counts)
    if names:
        differences = [_by_name(d, names) for d in differences]
    return ClaimComparison.of(differences)


def compare_claimed(
    ruling: Ruled, claimed: Mapping[Role, int],
    options: PiquetOptions = PiquetOptions(),  # noqa: B008 - frozen, shared default
) -> ClaimComparison:
    """The points each side claims (either or both roles) beside the ruling on the cards
    (Q8): the claim is ruled as bare totals (:func:`~referee.piquet.sheet.rule_totals`) and
    compared total by total, each difference with what could explain it.

    :returns: a :class:`ClaimComparison`.
    """
    return compare_claim(ruling, rule_totals(PiquetTotals(claimed), options))


def claimed_violations(
    ruling: Ruled, claimed: Mapping[Role, int], comparison: ClaimComparison,
) -> tuple[Violation, ...]:
    """Q8: one ``claimed_score_differs`` violation (located at ``claimed.<role>``) per claimed
    total that parts from the cards, its sentence giving the gap and its explanations
    (``comparison``: :func:`compare_claimed` of the same claim)."""
    found = []
    for difference in comparison.differences:
        points = difference.points or {}
        role = next(r for r in ROLES if points.get(r))
        gap = points[role]
        code = "claimed_score_differs." + ("more" if gap > 0 else "fewer") \
            + (".why" if difference.explanations else "")
        found.append(said(code, "Q8", f"claimed.{role}", hand=role, claimed=claimed[role],
                          ruled=ruling.scores[role], gap=abs(gap),
                          why=tuple(difference.explanations)))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class ClaimedRuling:
    """A deal ruled on its cards beside the totals its table claimed (Q8), as a Pitch hand's
    ruling carries its claim (P6): ``ruling`` the cards' (:func:`~referee.piquet.rule_deal`);
    ``comparison`` the claim beside it (:func:`compare_claimed`), None when nothing was
    claimed; ``claimed_violations`` one ``claimed_score_differs`` per claimed total that
    parts from the cards (:func:`claimed_violations`)."""

    ruling: PiquetRuling
    comparison: ClaimComparison | None = None
    claimed_violations: tuple[Violation, ...] = ()

    @property
    def claimed_ok(self) -> bool | None:
        """Whether the claim agrees with the cards; None when nothing was claimed."""
        return None if self.comparison is None else self.comparison.agrees

    @property
    def violations(self) -> tuple[Violation, ...]:
        """The ruling's violations, then the claim's."""
        return (*self.ruling.violations, *self.claimed_violations)

    def as_dict(self) -> dict[str, Any]:
        """The ruling's JSON (:meth:`PiquetRuling.as_dict`) with ``violations`` the claim's
        too, ``claimed_ok`` and ``claim`` (the comparison's JSON, or None)."""
        data = self.ruling.as_dict()
        data["violations"] = [v.as_dict() for v in self.violations]
        data["claimed_ok"] = self.claimed_ok
        data["claim"] = None if self.comparison is None else self.comparison.as_dict()
        return data


def rule_claimed_deal(
    deal: PiquetDeal, claimed: Mapping[Role, int] | None,
    options: PiquetOptions = PiquetOptions(),  # noqa: B008 - frozen, shared default
) -> ClaimedRuling:
    """Rule ``deal`` on its cards (Q3–Q8) and set beside it the totals ``claimed`` (either or
    both roles; None or empty: no claim), each total that parts from the cards a
    ``claimed_score_differs`` violation with what could explain it (Q8).

    :raises RecordError: the deal cannot be ruled (as :func:`~referee.piquet.rule_deal`).
    """
    ruling = rule_deal(deal, options)
    if not claimed:
        return ClaimedRuling(ruling)
    comparison = compare_claimed(ruling, claimed, options)
    return ClaimedRuling(ruling, comparison, claimed_violations(ruling, claimed, comparison))


def _by_name(difference: Difference, names: Mapping[Role, str]) -> Difference:
    """``difference`` with its points per player by name (Q1: ``names`` by role)."""
    points = difference.points
    if points is None or not set(points) <= set(ROLES):
        return difference
    return replace(difference, points={names[r]: points[r] for r in ROLES if r in points})


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
        points: dict[str, int] = {r: sum(c.points for c in theirs if c.who == r)
                                  - sum(c.points for c in mine if c.who == r) for r in ROLES}
        if any(points.values()):
            out.append(Difference(step, STEP_RULES[step], _step_words(ruled, step),
                                  _step_words(claimed, step), points))
    return out


def _totals_differences(ruling: Ruled, claimed: Mapping[Role, int]) -> list[Difference]:
    out: list[Difference] = []
    points = {r: claimed[r] - ruling.scores[r] if r in claimed else 0 for r in ROLES}
    swapped = _swapped(ruling.scores, claimed)
    for role in ROLES:
        if not points[role]:
            continue
        if swapped is not None:
            hints: tuple[Hint, ...] = (swapped,)
        else:
            hints = tuple(_explain(ruling.counts, role, claimed[role], ruling.scores[role],
                                   points[other(role)]))
        gap: dict[str, int] = {r: points[r] if r == role else 0 for r in ROLES}
        out.append(Difference("totals", "Q8", f"the {role} hand {ruling.scores[role]}",
                              f"the {role} hand {claimed[role]}", gap, hints))
    return out


def _swapped(ruled: Mapping[Role, int], claimed: Mapping[Role, int]) -> Hint | None:
    """Q1: the two totals written in each other's column (who is elder mistaken), when the
    claim gives both and they are the ruling's, crossed."""
    if set(claimed) != set(ROLES) or ruled["elder"] == ruled["younger"]:
        return None
    if (claimed["elder"], claimed["younger"]) != (ruled["younger"], ruled["elder"]):
        return None
    return Hint("columns_swapped", "Q1", (
        f"the two totals written in each other's column: the cards give the elder hand (the "
        f"one who did not deal) {ruled['elder']} and the younger hand (the dealer) "
        f"{ruled['younger']}"), (("elder", ruled["elder"]), ("younger", ruled["younger"])))


def _explain(counts: Sequence[Count], role: Role, claim: int, ruled: int,
             other_gap: int) -> list[Hint]:
    """What could explain ``role``'s claim of ``claim`` points where the cards give ``ruled``:
    a negative total (Q8), then the counts of the ruling of the difference's size, in counting
    order, and a pique or repique counted wrongly (Q7)."""
    gap = claim - ruled
    if claim < 0 <= ruled:
        slip = f": perhaps {ruled}, the minus sign a slip" if claim == -ruled else ""
        found = [Hint("negative_total", "Q8", f"a deal's points are never negative{slip}",
                      (("who", role), ("claimed", claim), ("ruled", ruled)))]
        if claim == -ruled:
            return found
    else:
        found = []
    size = abs(gap)
    mine = [c for c in counts if c.who == role]
    for c in mine:
        if c.points == size and c.step != "play":
            bonus = c.step in ("pique", "repique")
            code = (c.step if bonus else "count") + ("_missed" if gap < 0 else "_counted_twice")
            found.append(Hint(code, c.rule, f"{_named(c)} ({c.points}) "
                              f"{'missed' if gap < 0 else 'counted twice'}", _of(c)))
    if gap > 0:
        for c in counts:
            if c.who != role and c.points == size and c.step != "play":
                taken = "taken from the other hand" if other_gap == -gap else "counted as his"
                found.append(Hint("count_of_the_other_hand", c.rule,
                                  f"{_named(c, owner=True)} ({c.points}) {taken}",
                                  (("claimant", role), *_of(c))))
    found += _bonus_hints(counts, role, gap)
    if gap < 0:
        found += _counted_short(mine, size)
    found += _play_hints(mine, gap)
    return found


def _counted_short(mine: Sequence[Count], size: int) -> list[Hint]:
    """A claim ``size`` short that a count scored at the wrong value explains: a sequence of
    five or more counted at its length (Q5), capot counted as the cards (Q6)."""
    found = []
    for c in mine:
        if c.step == "sequence" and c.points > 5:
            length = next(n for n, s in SEQUENCE_SCORES.items() if s == c.points)
            if c.points - length == size:
                found.append(Hint("sequence_at_length", c.rule, (
                    f"{_named(c)} counted as {length}, its length, not {c.points}"),
                    (*_of(c), ("length", length))))
        if c.step == "cards" and c.points == CAPOT_POINTS \
                and size == CAPOT_POINTS - CARDS_POINTS:
            found.append(Hint("capot_as_cards", c.rule,
                              "capot counted as the cards (10), not 40", _of(c)))
    return found


def _play_hints(mine: Sequence[Count], gap: int) -> list[Hint]:
    """Q6: a gap the points in play can explain, missed (short) or added (over)."""
    size = abs(gap)
    play = [c for c in mine if c.step == "play"]
    in_play = sum(c.points for c in play)
    if gap < 0 and play and size <= in_play:
        return [Hint("play_missed", "Q6", f"{size} of the {in_play} points in play missed",
                     (("points", size), ("in_play", in_play)))]
    if gap > 0 and play and in_play + size <= MOST_IN_PLAY:
        return [Hint("play_added", "Q6", f"{size} more in play than the {in_play} the cards give",
                     (("points", size), ("in_play", in_play)))]
    return []


_BONUS = {"pique": PIQUE_POINTS, "repique": REPIQUE_POINTS}


def _bonus_hints(counts: Sequence[Count], role: Role, gap: int) -> list[Hint]:
    """Q7: a claim 30 or 60 over or short that a pique or repique explains: one counted that
    the cards do not give (and why not), or the one they give counted as the other."""
    held = next((c.step for c in counts if c.who == role and c.step in _BONUS), None)
    found: list[Hint] = []
    for kind, points in _BONUS.items():
        if gap == points and held is None:
            found.append(Hint(f"{kind}_not_given", "Q7", (
                f"a {kind} ({points}) counted, but the cards give the {role} hand none: "
                + _no_bonus_reason(counts, role, kind)), (("who", role), ("points", points))))
    if held == "pique" and gap == REPIQUE_POINTS - PIQUE_POINTS:
        found.append(Hint("pique_as_repique", "Q7", "the pique counted as a repique (60), not 30",
                          (("who", role),)))
    if held == "repique" and gap == PIQUE_POINTS - REPIQUE_POINTS:
        found.append(Hint("repique_as_pique", "Q7", "the repique counted as a pique (30), not 60",
                          (("who", role),)))
    return found


def _no_bonus_reason(counts: Sequence[Count], role: Role, kind: str) -> str:
    """Why the cards give ``role`` no ``kind`` (Q7), as the one judge
    (:func:`~referee.piquet.counting.q7_race`) ran the race in the order of Q8: the other hand
    scored before ``role`` reached 30, or ``role`` never reached it (a repique: the race of
    the declarations alone)."""
    base = [c for c in counts if c.step not in ("repique", "pique", "penalty")
            and (kind != "repique" or c.stage == "declaring")]
    race = q7_race(base)
    stop = race.stopped_by[role]
    if stop is not None:
        c = base[stop]
        return (f"the {c.who} hand scored ({_named(c)}: {c.points}) while the {role} hand "
                f"had {race.reached[role]}, short of 30 (counted in the order of Q8)")
    where = " in the declarations" if kind == "repique" else ""
    return f"the {role} hand reaches only {race.reached[role]}{where}, short of 30"


def _of(c: Count) -> Params:
    """A count's parameters: whose, which step, what (in words), how many points."""
    return (("who", c.who), ("step", c.step), ("what", c.what), ("points", c.points))


def _named(c: Count, owner: bool = False) -> str:
    """A count in words with its article: "the three aces", "the cards, 7 tricks to 5";
    with ``owner``: "the elder hand's three aces"."""
    if c.what.startswith("the "):
        return f"{c.what} of the {c.who} hand" if owner else c.what
    return f"the {c.who} hand's {c.what}" if owner else f"the {c.what}"
