"""The order of counting (Q8) and the one judge of repique and pique (Q7).

A deal is ruled as a list of **counting records** (:class:`Count`), one per thing a player
counts aloud: who, what (the combination in full, as a player says it: "quint to the king in
clubs", "three aces", "point of six, 54", "lead of the king of spades"), the points, the stage
("declaring", "playing", "the cards") and the rule section.  The records come in the Q8 order:

1. carte blanche, 2. point, 3. sequences, 4. quatorzes and trios, 5. points in play (trick by
   trick), then the cards (or capot).

:func:`q7_race` walks them once in that order and says who, if anyone, reached 30 before the
opponent scored anything (Q7): during the declarations that is a repique (60), during the play
a pique (30).  The 10 for the cards counts towards a pique as soon as the seventh trick is won
(option ``cards_count_for_pique``): the cards' record carries that trick; capot's 40 counts
only as those 10.  Every ruling — on the cards, on a score sheet (whose pique, the order of
play unknown, it judges on the order the sheet makes certain or the most favourable one) —
asks this judge, so repique and pique are decided in one place, and a claim's hints say why
the cards give none by the same race (how far each player got before the other scored).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from referee.piquet.records import Role, other

#: Points for the cards, capot, carte blanche, repique and pique (Q3, Q6, Q7).
CARDS_POINTS, CAPOT_POINTS, CARTE_BLANCHE_POINTS = 10, 40, 10
REPIQUE_POINTS, PIQUE_POINTS = 60, 30
#: The score a player must reach before his opponent scores anything (Q7).
THRESHOLD = 30

#: The three stages of counting: the declarations, the play, the cards (Q8); a penalty for
#: an irregularity recorded anyway (Q12) comes after them.
Stage = Literal["declaring", "playing", "the cards", "penalty"]

#: The steps of the Q8 order, in order; repique and pique close it (Q7), penalties (Q12)
#: follow.
STEPS: tuple[str, ...] = (
    "carte_blanche", "point", "sequence", "sets", "play", "cards", "repique", "pique",
    "penalty",
)
#: The rule section of each step.
STEP_RULES: dict[str, str] = {
    "carte_blanche": "Q3", "point": "Q5", "sequence": "Q5", "sets": "Q5", "play": "Q6",
    "cards": "Q6", "repique": "Q7", "pique": "Q7", "penalty": "Q12",
}
#: Each step in words, for sentences ("in the sequences…").
STEP_WORDS: dict[str, str] = {
    "carte_blanche": "carte blanche", "point": "the point", "sequence": "the sequences",
    "sets": "the sets", "play": "the play", "cards": "the cards", "repique": "the repique",
    "pique": "the pique", "penalty": "penalties",
}


class Count(NamedTuple):
    """One counting record (Q8): ``who`` counts ``points`` for ``what``.

    ``what``: in full, as a player says it ("quint to the king in clubs", "lead of the king of
    spades"); ``stage``: "declaring", "playing" or "the cards"; ``rule``: the section ("Q5");
    ``step``: the Q8 step (:data:`STEPS`); ``said``: the short words of the running log
    ("quint", "lead KS"); ``trick``: the 0-based trick a play point belongs to, or for the cards
    the trick at which they count towards a pique (None: they do not); ``towards``: the points
    that count towards repique and pique (Q7: the cards' 10, never capot's 40); ``note``: why,
    when the count needs explaining (a repique counted before an earlier-said lead).
    """

    who: Role
    what: str
    points: int
    stage: Stage
    rule: str
    step: str
    said: str
    trick: int | None = None
    towards: int = 0
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{who, what, points, stage, rule, step}``, plus ``trick``
        (1-based) for a play point and ``note`` when there is one."""
        data: dict[str, Any] = {"who": self.who, "what": self.what, "points": self.points,
                                "stage": self.stage, "rule": self.rule, "step": self.step}
        if self.stage == "playing" and self.trick is not None:
            data["trick"] = self.trick + 1
        if self.note:
            data["note"] = self.note
        return data


_new = tuple.__new__  # builds a NamedTuple from a tuple without a Python-level call


def count(
    who: Role, what: str, points: int, stage: Stage, step: str, said: str,
    trick: int | None = None, towards: int | None = None,
) -> Count:
    """A :class:`Count`; ``towards`` defaults to ``points`` (everything but capot counts in
    full towards repique and pique)."""
    return _new(Count, (who, what, points, stage, STEP_RULES[step], step, said, trick,
                        points if towards is None else towards, ""))


class Judgement(NamedTuple):
    """The Q7 judge's finding: ``who`` made a ``kind`` ("repique" or "pique") when the count
    at index ``after`` (in the records judged) brought him to ``reached`` points while his
    opponent had nothing."""

    who: Role
    kind: Literal["repique", "pique"]
    after: int
    reached: int

    @property
    def points(self) -> int:
        """60 for a repique, 30 for a pique (Q7)."""
        return REPIQUE_POINTS if self.kind == "repique" else PIQUE_POINTS


def q8_timeline(counts: Sequence[Count]) -> Iterator[int]:
    """The indices of ``counts`` in the order they count towards repique and pique (Q8):
    the declarations as given, then the play trick by trick with the cards slotted in after
    the trick at which they count (the seventh won); cards that do not count are left out.
    Lazy: the judge stops as soon as both players have scored."""
    for i, c in enumerate(counts):
        if c.stage == "declaring":
            yield i
    cards = [i for i, c in enumerate(counts) if c.stage == "the cards" and c.trick is not None]
    for i, c in enumerate(counts):
        if c.stage != "playing":
            continue
        while (cards and c.trick is not None
               and (seventh := counts[cards[0]].trick) is not None and c.trick > seventh):
            yield cards.pop(0)
        yield i
    yield from cards


class Race(NamedTuple):
    """How the Q7 race went, walked once in the Q8 order by :func:`q7_race`.

    ``judgement``: who made a repique or pique (None: nobody); ``reached``: per role, the
    points it counted towards Q7 before its opponent first scored (all it counted when the
    opponent never did); ``stopped_by``: per role, the index (in the records judged) of the
    opponent's first scoring count, or None when the opponent never scored.
    """

    judgement: Judgement | None
    reached: Mapping[Role, int]
    stopped_by: Mapping[Role, int | None]


def q7_race(counts: Sequence[Count]) -> Race:
    """Q7, judged in the Q8 order: the first count after which its scorer has 30 or more
    while his opponent has scored nothing in the deal; and, for each player, how far he got
    before the other scored (why he made neither).

    Reached during the declarations (carte blanche, point, sequences, sets): a **repique**;
    during the play (the cards' 10 included from the seventh trick): a **pique**.  An equality
    scores nothing and so saves nobody; a carte blanche, counted first, saves its holder.

    ``counts``: the deal's counting records in Q8 order (repique and pique not among them).
    :returns: the :class:`Race`; the walk stops as soon as both players have scored.
    """
    totals: dict[Role, int] = {"elder": 0, "younger": 0}
    reached: dict[Role, int] = {}
    stopped_by: dict[Role, int | None] = {"elder": None, "younger": None}
    judgement: Judgement | None = None
    for index in q8_timeline(counts):
        c = counts[index]
        if not c.towards:
            continue
        opponent = other(c.who)
        if not totals[c.who]:  # his first score ends the opponent's race
            stopped_by[opponent], reached[opponent] = index, totals[opponent]
            if totals[opponent]:
                break  # both have scored: nobody can reach 30 first any more
        totals[c.who] += c.towards
        if judgement is None and totals[c.who] >= THRESHOLD and not totals[opponent]:
            kind: Literal["repique", "pique"] = \
                "repique" if c.stage == "declaring" else "pique"
            judgement = Judgement(c.who, kind, index, totals[c.who])
    for role, total in totals.items():
        reached.setdefault(role, total)
    return Race(judgement, reached, stopped_by)


def judge_q7(counts: Sequence[Count]) -> Judgement | None:
    """Q7, the one judge of repique and pique (:func:`q7_race`'s judgement).

    ``counts``: the deal's counting records in Q8 order (repique and pique not among them).
    :returns: the :class:`Judgement`, or None when nobody made either.
    """
    return q7_race(counts).judgement


def bonus_count(judgement: Judgement, counts: Sequence[Count]) -> Count:
    """The repique or pique as a counting record, with the note a player needs (Q7, Q8)."""
    trigger = counts[judgement.after]
    opponent = other(judgement.who)
    if judgement.kind == "repique":
        note = (f"The {judgement.who} hand reached {judgement.reached} with the "
                f"{trigger.what} before the {opponent} hand scored anything in the "
                "declarations.")
        if judgement.who == "younger":
            note += (" The declarations count before the play (Q8), so the elder hand's first "
                     "lead, said aloud before the younger hand declared, does not save him.")
        stage: Stage = "declaring"
    else:
        note = (f"The {judgement.who} hand reached {judgement.reached} with the "
                f"{trigger.what} before the {opponent} hand scored anything (Q8 order).")
        stage = "playing"
    return _new(Count, (judgement.who, judgement.kind, judgement.points, stage, "Q7",
                        judgement.kind, judgement.kind, trigger.trick, 0, note))
