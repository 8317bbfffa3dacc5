"""A Piquet deal entered as the table writes it: the score sheet, or just the totals.

At the table nobody writes every card: the players say their declarations aloud, count as they
play, and write a line.  The **score sheet** (:class:`PiquetSheet`) holds that line: carte
blanche (Q3), what each player announced in point, sequence and sets and who was good (Q5), the
tricks each won and the points each counted in play (Q6), the totals each claims, a pique if
claimed (Q7).  :func:`rule_sheet` rules on it as the rules do:

- it **compares the declarations itself** (Q5) when both players' are written, and takes the
  table's "good" as reported when it cannot compare (equal lengths, pips or top cards not
  written); a "good" that contradicts the announcements is a violation;
- it **derives** the repique (Q7) with the one judge of :mod:`referee.piquet.counting`, from
  carte blanche, point, sequences and sets in the Q8 order, and the cards and capot (Q6) from
  the tricks;
- it **checks** everything a line allows: 12 tricks; a point of 1 to 8 cards with pips that fit;
  sequences that fit the announced point (the point is the longest suit) and each other; sets
  of tens or higher, no rank more than four times between the two hands; the play points each
  player counted against the tricks he won (below); a claimed pique against what the line makes
  possible; claimed totals against the computed ones.  An impossible line is a violation with a
  sentence a player understands and its place (``sheet.sequence.elder``).

Play points and tricks (Q6, ``lead_point: "every"``): the leader of a trick scores 1 for his
lead, the follower 1 if he wins it, the winner of the twelfth 1 more; elder leads first and the
winner of a trick leads the next.  So a player's leads are the tricks he won, less the last if
he won it, plus the first for elder, and::

    elder's play points   = elder's tricks + 1 + (tricks elder won on younger's lead)
    younger's play points = younger's tricks + (tricks younger won on elder's lead)

and, the lead passing back and forth, younger wins on elder's lead as often as elder on his, or
once more (exactly when younger wins the last trick); younger's first trick is always won on
elder's lead.  Under ``"ten_or_higher"`` those figures are the most each can count.

:func:`rule_totals` checks a deal's bare totals (:class:`PiquetTotals`) against what one deal
can score; see :data:`MOST_IN_ONE_DEAL`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from referee.cards import ACE, JACK, KING, QUEEN, TEN
from referee.piquet.combinations import (
    SEQUENCE_NAMES,
    SEQUENCE_SCORES,
    SET_SCORES,
    point_in_full,
    sequence_in_full,
    set_in_full,
)
from referee.piquet.counting import (
    CAPOT_POINTS,
    CARDS_POINTS,
    CARTE_BLANCHE_POINTS,
    PIQUE_POINTS,
    Count,
    bonus_count,
    count,
    judge_q7,
)
from referee.piquet.deal import PiquetRuling
from referee.piquet.records import ROLES, PiquetOptions, Role, other
from referee.piquet.wording import finding
from referee.piquet.words import (
    PointCall,
    SequenceCall,
    SetCall,
    read_point,
    read_sequence,
    read_set,
    says_nothing,
)
from referee.rulings import Finding
from referee.violations import RecordError, Violation, Words
from referee.violations import said as violation

#: The declaration categories of a sheet, in the Q5/Q8 order.
CATEGORIES: tuple[str, ...] = ("point", "sequence", "sets")
#: What the table may write under "good": the role that scored, or "equal" (nobody).
Good = Literal["elder", "younger", "equal"]

#: The most one hand can declare (Q5): point 3, four tierces 12 and three quatorzes 42 (the
#: ace, king and queen of every suit).  Found by trying every 12-card hand suit by suit
#: (tests/piquet/test_sheet.py recomputes it).
MOST_DECLARED = 57
#: The most one player can count in play (Q6): his tricks, 1 for the first lead (elder), and
#: the tricks he won on the other's lead — at most 13 whatever the split of the tricks.
MOST_IN_PLAY = 13
#: A sound bound on one player's points in one deal: carte blanche 10 (Q3), the best hand's 57
#: in declarations (Q5), repique 60 (Q7, which excludes the pique's 30), 13 in play and capot
#: 40 (Q6).  Not every combination of these can happen in one deal, so no real deal reaches it;
#: a total above it is certainly wrong.
MOST_IN_ONE_DEAL = CARTE_BLANCHE_POINTS + MOST_DECLARED + 60 + MOST_IN_PLAY + CAPOT_POINTS
#: The least the two players together count in play under ``lead_point: "every"``: 12 leads
#: and the last trick (Q6).
LEAST_PLAY_EVERY = 13

_RANK_WORDS = {ACE: "ace", KING: "king", QUEEN: "queen", JACK: "jack", TEN: "ten", 9: "nine",
               8: "eight", 7: "seven"}
_PIP_VALUES = (7, 8, 9, 10, 10, 10, 10, 11)  # 7, 8, 9, ten, jack, queen, king, ace (Q5)


@dataclass(frozen=True, slots=True)
class PiquetSheet:
    """The line a table writes for one deal (docs/records.md, "Piquet: the score-sheet line").

    ``carte_blanche``: the role that showed one (Q3), or None; ``point`` / ``sequence`` /
    ``sets``: what each role announced (a role absent: nothing announced); ``good``: what the
    table said in each category ("elder", "younger" or "equal"; absent: not written);
    ``tricks``: tricks won per role; ``play``: points each counted in play, or None;
    ``claimed``: the deal's totals each claims (either or both roles), or None; ``pique``: the
    role claiming a pique, or None; ``pique_said``: whether the sheet says anything about a
    pique (``"pique": null`` says there was none).
    """

    tricks: Mapping[Role, int]
    carte_blanche: Role | None = None
    point: Mapping[Role, PointCall] | None = None
    sequence: Mapping[Role, tuple[SequenceCall, ...]] | None = None
    sets: Mapping[Role, tuple[SetCall, ...]] | None = None
    good: Mapping[str, Good] | None = None
    play: Mapping[Role, int] | None = None
    claimed: Mapping[Role, int] | None = None
    pique: Role | None = None
    pique_said: bool = False


@dataclass(frozen=True, slots=True)
class PiquetTotals:
    """A deal entered as its points only (docs/records.md, "Piquet: totals"): ``scores`` per
    role (both when read by :func:`totals_from_record`; a claim may name one)."""

    scores: Mapping[Role, int]


@dataclass(frozen=True, slots=True)
class PiquetSheetRuling:
    """The ruling on a score sheet (or, with ``level`` "totals", on bare totals).

    ``scores``: the deal's points per role; ``counts``: the counting records in Q8 order
    (carte blanche, point, sequences, sets with the repique after the count that made it, the
    points in play per player, the cards, a pique); ``tricks_won``; ``carte_blanche``,
    ``repique``, ``pique``, ``capot``, ``cards``: the role that scored it, or None;
    ``verified`` / ``computed`` / ``as_reported``: what the referee checked, worked out, or had
    to take on trust, each with its rule; ``violations``: every impossibility found (the match
    layer refuses a line with any).
    """

    level: Literal["sheet", "totals"]
    scores: Mapping[Role, int]
    counts: tuple[Count, ...] = ()
    tricks_won: Mapping[Role, int] | None = None
    carte_blanche: Role | None = None
    repique: Role | None = None
    pique: Role | None = None
    capot: Role | None = None
    cards: Role | None = None
    verified: tuple[Finding, ...] = ()
    computed: tuple[Finding, ...] = ()
    as_reported: tuple[Finding, ...] = ()
    violations: tuple[Violation, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``level``, ``scores``, ``counts``, ``log`` (the counts with running
        totals, shaped like a cards ruling's log), ``verified``, ``computed``, ``as_reported``,
        ``violations`` and, for a sheet, the tricks and who scored the carte blanche, repique,
        pique, capot and the cards."""
        data: dict[str, Any] = {"level": self.level, "scores": dict(self.scores)}
        if self.level == "sheet":
            data.update({
                "tricks_won": dict(self.tricks_won or {}),
                "carte_blanche": self.carte_blanche, "repique": self.repique,
                "pique": self.pique, "capot": self.capot, "cards": self.cards,
            })
        data["counts"] = [c.as_dict() for c in self.counts]
        data["log"] = self.log()
        data["verified"] = [g.as_dict() for g in self.verified]
        data["computed"] = [g.as_dict() for g in self.computed]
        data["as_reported"] = [g.as_dict() for g in self.as_reported]
        data["violations"] = [v.as_dict() for v in self.violations]
        return data


    def log(self) -> list[dict[str, Any]]:
        """The counts in Q8 order with the running totals, as ``{who, what, points,
        elder_total, younger_total}`` (a cards ruling's log entries)."""
        totals = {"elder": 0, "younger": 0}
        entries: list[dict[str, Any]] = []
        for c in self.counts:
            totals[c.who] += c.points
            entry = {"who": c.who, "what": c.what, "points": c.points,
                     "elder_total": totals["elder"], "younger_total": totals["younger"]}
            if c.note:
                entry["note"] = c.note
            entries.append(entry)
        return entries


# --- Reading a sheet -------------------------------------------------------------------------

_SHEET_KEYS = frozenset({"carte_blanche", "point", "sequence", "sets", "good", "tricks", "play",
                         "claimed", "pique"})


def _tricks(n: int) -> str:
    """A number of tricks in the engines' English: "1 trick", "5 tricks"."""
    return Words().tricks(n)


def _refuse(message_code: str, rule: str, location: str, **params: Any) -> RecordError:
    return RecordError([violation(message_code, rule, location, **params)])


def _role_or_none(value: Any, location: str, extra: tuple[str, ...] = ()) -> Any:
    if value is None or value in ROLES or value in extra:
        return value
    allowed = tuple(repr(v) for v in (*ROLES, *extra))
    raise _refuse("not_a_role", "Q1", location, value=repr(value), allowed=allowed)


def _per_role(value: Any, location: str) -> dict[Role, Any]:
    if not isinstance(value, Mapping):
        raise _refuse("not_an_object.roles", "Q1", location)
    out: dict[Role, Any] = {}
    for key, item in value.items():
        if key not in ROLES:
            raise _refuse("unknown_role", "Q1", location, value=repr(key))
        if item is not None:
            out[key] = item
    return out


def _numbers(value: Any, location: str, both: bool) -> dict[Role, int]:
    found = _per_role(value, location)
    for role, item in found.items():
        if not isinstance(item, int) or isinstance(item, bool):
            raise _refuse("not_a_number", "Q6", f"{location}.{role}")
    if both and set(found) != set(ROLES):
        missing = next(r for r in ROLES if r not in found)
        raise _refuse("missing_role", "Q6", f"{location}.{missing}", hand=missing)
    return found


def _entries(value: Any, location: str) -> list[tuple[Any, str]]:
    """One announcement or a list of them, each with its location; "none" and the like
    (nothing announced) left out."""
    if isinstance(value, list | tuple):
        pairs = [(item, f"{location}[{i}]") for i, item in enumerate(value)]
    else:
        pairs = [(value, location)]
    return [(item, where) for item, where in pairs if not says_nothing(item)]


def sheet_from_record(record: Mapping[str, Any]) -> PiquetSheet:
    """Read a Piquet score-sheet record (docs/records.md) into a :class:`PiquetSheet`.

    Announcements are read from the words players say (:mod:`referee.piquet.words`) or their
    structured forms.  Only the shape is checked here; what is possible is
    :func:`rule_sheet`'s business.

    :raises RecordError: a field of the wrong shape or words that name no combination, located
        like ``sheet.sequence.elder`` (codes ``unknown_field``, ``not_an_object``,
        ``unknown_role``, ``not_a_role``, ``not_a_number``, ``missing_role``,
        ``bad_announcement``).
    """
    if not isinstance(record, Mapping):
        raise _refuse("not_an_object.sheet", "Q1", "sheet")
    unknown = sorted(set(record) - _SHEET_KEYS)
    if unknown:
        raise _refuse("unknown_field.piquet_sheet", "Q1", f"sheet.{unknown[0]}",
                      field=unknown[0])
    if record.get("tricks") is None:
        raise _refuse("missing_tricks", "Q6", "sheet.tricks")
    tricks = _numbers(record["tricks"], "sheet.tricks", both=True)
    point = {r: read_point(v, f"sheet.point.{r}")
             for r, v in _per_role(record.get("point") or {}, "sheet.point").items()
             if not says_nothing(v)}
    sequence: dict[Role, tuple[SequenceCall, ...]] = {}
    for r, v in _per_role(record.get("sequence") or {}, "sheet.sequence").items():
        calls = tuple(read_sequence(item, where)
                      for item, where in _entries(v, f"sheet.sequence.{r}"))
        if calls:
            sequence[r] = calls
    sets: dict[Role, tuple[SetCall, ...]] = {}
    for r, v in _per_role(record.get("sets") or {}, "sheet.sets").items():
        found = tuple(read_set(item, where) for item, where in _entries(v, f"sheet.sets.{r}"))
        if found:
            sets[r] = found
    good: dict[str, Good] = {}
    raw_good = record.get("good") or {}
    if not isinstance(raw_good, Mapping):
        raise _refuse("not_an_object.good", "Q5", "sheet.good")
    for category, said in raw_good.items():
        if category not in CATEGORIES:
            raise _refuse("unknown_field.category", "Q5", f"sheet.good.{category}",
                          value=repr(category))
        if _role_or_none(said, f"sheet.good.{category}", ("equal",)) is not None:
            good[category] = said
    play = _numbers(record["play"], "sheet.play", both=True) \
        if record.get("play") is not None else None
    claimed = _numbers(record["claimed"], "sheet.claimed", both=False) \
        if record.get("claimed") is not None else None
    return PiquetSheet(
        tricks=tricks,
        carte_blanche=_role_or_none(record.get("carte_blanche"), "sheet.carte_blanche"),
        point=point, sequence=sequence, sets=sets, good=good, play=play,
        claimed=claimed or None,
        pique=_role_or_none(record.get("pique"), "sheet.pique"),
        pique_said="pique" in record,
    )


def totals_from_record(record: Mapping[str, Any]) -> PiquetTotals:
    """Read a Piquet totals record ``{"scores": {"elder": 11, "younger": 41}}``.

    :raises RecordError: not an object, a role missing or a score not a whole number (located
        like ``totals.scores.elder``).
    """
    if not isinstance(record, Mapping) or set(record) - {"scores"}:
        raise _refuse("not_an_object.totals", "Q9", "totals")
    if record.get("scores") is None:
        raise _refuse("missing_role.scores", "Q9", "totals.scores")
    return PiquetTotals(_numbers(record["scores"], "totals.scores", both=True))


# --- Ruling on a sheet -----------------------------------------------------------------------


class _Notes:
    """What a ruling verified, computed and took as reported, and the violations found."""

    def __init__(self) -> None:
        self.verified: list[Finding] = []
        self.computed: list[Finding] = []
        self.as_reported: list[Finding] = []
        self.violations: list[Violation] = []

    def violation(self, code: str, rule: str, message: str, location: str) -> None:
        self.violations.append(Violation(code, rule, message, location))

    def said(self, message_code: str, rule: str, location: str, **params: Any) -> None:
        """A violation worded from its message code (:func:`referee.violations.said`)."""
        self.violations.append(violation(message_code, rule, location, **params))


class _Call(NamedTuple):
    """One announced combination, ready to compare: ``key`` (its first part always known,
    the second None when not written), ``score`` and the words in full."""

    key: tuple[int, int | None]
    score: int
    full: str


def _pips_range(cards: int) -> tuple[int, int]:
    """The fewest and most pips a point of ``cards`` cards can have (Q5)."""
    return sum(_PIP_VALUES[:cards]), sum(_PIP_VALUES[-cards:])


def _sequence_cards(call: SequenceCall) -> frozenset[tuple[int, str]]:
    assert call.top is not None and call.suit is not None
    return frozenset((r, call.suit) for r in range(call.top - call.length + 1, call.top + 1))


def _hand_words(role: Role) -> str:
    return f"the {role} hand"


def _check_point(sheet: PiquetSheet, notes: _Notes) -> dict[Role, list[_Call]]:
    """Q5 point: 1 to 8 cards (a suit has 8), pips that such a point can have."""
    calls: dict[Role, list[_Call]] = {}
    for role, call in (sheet.point or {}).items():
        where = f"sheet.point.{role}"
        if not 1 <= call.cards <= 8:
            notes.said("point_impossible", "Q5", where, n=call.cards, hand=role)
            continue
        if call.pips is not None:
            low, high = _pips_range(call.cards)
            if not low <= call.pips <= high:
                notes.said("point_impossible.pips", "Q5", where, cards=call.cards, low=low,
                           high=high, pips=call.pips, hand=role)
                continue
        calls[role] = [_Call((call.cards, call.pips), call.cards,
                             point_in_full(call.cards, call.pips))]
    return calls


def _check_sequences(sheet: PiquetSheet, notes: _Notes) -> dict[Role, list[_Call]]:
    """Q5 sequences: a real run (a tierce ends at the nine or higher), no longer than the
    player's announced point (the longest suit), the player's runs on different cards and no
    more than his 12; with suits written, no card in both hands.

    A point announced shorter than a sequence the same player announced is refused as a slip
    of the pen: sinking the point while showing a longer run of its suit gains nothing, so the
    line is asked to be corrected rather than scored."""
    calls: dict[Role, list[_Call]] = {}
    held: dict[Role, frozenset[tuple[int, str]]] = {}
    for role, announced in (sheet.sequence or {}).items():
        where = f"sheet.sequence.{role}"
        point = (sheet.point or {}).get(role)
        good: list[_Call] = []
        mine: frozenset[tuple[int, str]] = frozenset()
        for call in announced:
            name = SEQUENCE_NAMES[call.length]
            if call.top is not None and call.top < call.length + 6:
                notes.said("sequence_impossible.top", "Q5", where,
                           what=f"{name} to the {_RANK_WORDS[call.top]}")
                continue
            if point is not None and 1 <= point.cards < call.length:
                notes.said("sequence_longer_than_point", "Q5", where, what=name,
                           length=call.length, hand=role, cards=point.cards)
                continue
            if call.top is not None and call.suit is not None:
                cards = _sequence_cards(call)
                if cards & mine:
                    notes.said("sequence_impossible.share", "Q5", where, hand=role)
                    continue
                mine |= cards
            good.append(_Call((call.length, call.top), SEQUENCE_SCORES[call.length],
                              sequence_in_full(call.length, call.top, call.suit)))
        if sum(c.key[0] for c in good) > 12:
            notes.said("sequence_impossible.too_many", "Q5", where, hand=role)
            continue
        held[role] = mine
        if good:
            good.sort(key=lambda c: (c.key[0], c.key[1] or 0), reverse=True)
            calls[role] = good
    if len(held) == 2 and held["elder"] & held["younger"]:
        notes.said("sequence_impossible.both", "Q5", "sheet.sequence.younger")
        calls.pop("younger", None)
    return calls


def _check_sets(sheet: PiquetSheet, notes: _Notes) -> dict[Role, list[_Call]]:
    """Q5 sets: only of tens or higher, each rank once per hand, no rank more than four times
    between both hands (a quatorze leaves none of it to the other)."""
    calls: dict[Role, list[_Call]] = {}
    held: dict[Role, dict[int, int]] = {}
    for role, announced in (sheet.sets or {}).items():
        where = f"sheet.sets.{role}"
        mine: dict[int, int] = {}
        good: list[_Call] = []
        for call in announced:
            kind = "quatorze" if call.size == 4 else "trio"
            if call.rank < TEN:
                notes.said("set_never_counts.sheet", "Q5", where, kind=kind, rank=call.rank)
                continue
            if call.rank in mine:
                notes.said("set_impossible.twice", "Q5", where, hand=role, rank=call.rank)
                continue
            mine[call.rank] = call.size
            good.append(_Call((call.size, call.rank), SET_SCORES[call.size],
                              set_in_full(call.size, call.rank)))
        held[role] = mine
        if good:
            good.sort(key=lambda c: c.key, reverse=True)
            calls[role] = good
    if len(held) == 2:
        for rank, size in held["elder"].items():
            if size + held["younger"].get(rank, 0) > 4:
                notes.said("set_impossible", "Q5", "sheet.sets.younger", rank=rank,
                           elder=size, younger=held["younger"][rank])
                calls.pop("younger", None)
                break
    return calls


def _check_sequences_against_sets(sheet: PiquetSheet, notes: _Notes) -> None:
    """Q5: a quatorze holds every card of its rank, so the other hand's sequences (with their
    top written) cannot run through that rank."""
    for role in ROLES:
        quatorzes = {c.rank for c in (sheet.sets or {}).get(role, ()) if c.size == 4}
        for call in (sheet.sequence or {}).get(other(role), ()):
            if call.top is None:
                continue
            ranks = set(range(call.top - call.length + 1, call.top + 1))
            clash = sorted(ranks & quatorzes, reverse=True)
            if clash:
                notes.said("sequence_impossible.quatorze", "Q5", f"sheet.sequence.{other(role)}",
                           hand=role, rank=clash[0], other=other(role),
                           what=sequence_in_full(call.length, call.top, call.suit))


def _fewest_cards(point: int, lengths: tuple[int, ...]) -> int:
    """The fewest cards that hold a point of ``point`` cards and sequences of ``lengths``
    together (Q5): some sequences lie in the point's suit (at most its 8 cards), the others
    each in cards of their own."""
    best = 99
    for mask in range(1 << len(lengths)):
        inside = sum(n for i, n in enumerate(lengths) if mask >> i & 1)
        if inside > 8:
            continue
        outside = sum(lengths) - inside
        best = min(best, max(point, inside) + outside)
    return best


def _check_point_with_sequences(sheet: PiquetSheet, notes: _Notes) -> None:
    """Q5: a player's point and sequences must fit together in his 12 cards (a point of seven
    with a sixième and two tierces needs 13)."""
    for role, announced in (sheet.sequence or {}).items():
        point = (sheet.point or {}).get(role)
        if point is None or not 1 <= point.cards <= 12:
            continue
        lengths = tuple(c.length for c in announced)
        if _fewest_cards(point.cards, lengths) > 12:
            notes.said("sequence_impossible.point", "Q5", f"sheet.sequence.{role}", hand=role,
                       cards=point.cards)


def _compare(e: _Call | None, y: _Call | None) -> Good | Literal["none", "unknown"]:
    """Q5: the better of the two best combinations: "elder", "younger", "equal", "none"
    (neither announced) or "unknown" (equal as far as written)."""
    if e is None and y is None:
        return "none"
    if y is None:
        return "elder"
    if e is None:
        return "younger"
    if e.key[0] != y.key[0]:
        return "elder" if e.key[0] > y.key[0] else "younger"
    if e.key[1] is None or y.key[1] is None:
        return "unknown"
    if e.key[1] == y.key[1]:
        return "equal"
    return "elder" if e.key[1] > y.key[1] else "younger"


_TIE_BREAK = {"point": "the pips", "sequence": "the top cards", "sets": "the ranks"}
_CATEGORY_WORDS = {"point": "the point", "sequence": "the sequences", "sets": "the sets"}


def _category(
    category: str, calls: Mapping[Role, list[_Call]], sheet: PiquetSheet, notes: _Notes
) -> tuple[Role | None, list[_Call]]:
    """Q5, one category: who scores, and what (the winner scores every combination of it he
    announced).  Compared by the referee when it can be; else the table's "good" as
    reported."""
    said = (sheet.good or {}).get(category)
    where = f"sheet.good.{category}"
    words = _CATEGORY_WORDS[category]
    written = getattr(sheet, category) or {}
    if said in ROLES and said not in written:
        notes.said("good_without_announcement", "Q5", where, who=said, category=words)
        return None, []
    if any(r in written and r not in calls for r in ROLES):
        return None, []  # an impossible announcement, flagged where it is written
    best = {r: calls[r][0] if r in calls else None for r in ROLES}
    found = _compare(best["elder"], best["younger"])
    shown = {r: c.full for r, c in best.items() if c is not None}
    if found == "none":
        if said == "equal":
            notes.said("good_contradicts.none", "Q5", where, category=words)
        return None, []
    if found == "unknown":
        if said is None:
            notes.said("cannot_compare", "Q5", where, elder=shown["elder"],
                       younger=shown["younger"], category=words,
                       tie_break=_TIE_BREAK[category])
            return None, []
        notes.as_reported.append(finding(
            "good_as_reported", "Q5", category=words, said=said, elder=shown["elder"],
            younger=shown["younger"], tie_break=_TIE_BREAK[category]))
        winner = None if said == "equal" else said
        return winner, calls[winner] if winner else []
    winner = None if found == "equal" else found
    if said == "elder" and found == "younger":
        # PT 51: younger allowed elder's call good holding better and did not correct it in
        # time (the sheet writes the reply as it stood): the reply stands, elder scores.
        notes.as_reported.append(finding(
            "good_stands", "PT 51", category=words, elder=shown["elder"],
            younger=shown["younger"]))
        return "elder", calls["elder"]
    if said is not None and said != found:
        if found == "equal":
            notes.said("good_contradicts.good.equal", "Q5", where, said=said, category=words)
        else:
            notes.said(f"good_contradicts.{'equal' if said == 'equal' else 'good'}.beats",
                       "Q5", where, said=said, category=words, best=shown[found],
                       beaten=shown.get(other(found), "nothing"))
        return None, []
    if len(shown) == 2:
        notes.verified.append(finding("category_compared", "Q5", category=words, good=winner,
                                      elder=shown["elder"], younger=shown["younger"]))
    else:
        only = next(iter(shown))
        notes.as_reported.append(finding("one_side_written", "Q5", category=words, who=only,
                                         shown=shown[only]))
    return winner, calls[winner] if winner else []


def _check_carte_blanche(sheet: PiquetSheet, notes: _Notes) -> None:
    """Q3/Q4: a carte blanche is dealt without court cards, so its holder's court cards
    after the exchange came from the talon: at most 5 for elder, 7 for younger."""
    holder = sheet.carte_blanche
    if holder is None:
        return
    notes.as_reported.append(finding("carte_blanche_as_reported", "Q3", who=holder))
    courts = sum(c.size for c in (sheet.sets or {}).get(holder, ()) if c.rank in (KING, QUEEN,
                                                                                JACK))
    most = 5 if holder == "elder" else 7
    if courts > most:
        notes.said("carte_blanche_impossible", "Q3", "sheet.carte_blanche", hand=holder,
                   most=most, courts=courts)


def _play_fits(
    tricks: Mapping[Role, int], play: Mapping[Role, int], options: PiquetOptions
) -> list[tuple[str, dict[str, Any], str]]:
    """Q6: can each player have counted ``play`` points with these tricks?  Returns the
    problems as (message code after ``play_impossible.``, its parameters, location); see the
    module docstring for the arithmetic."""
    t_e, t_y = tricks["elder"], tricks["younger"]
    p_e, p_y = play["elder"], play["younger"]
    problems: list[tuple[str, dict[str, Any], str]] = []
    most_e, most_y = t_e + 1 + min(t_e, t_y), t_y + min(t_y, t_e + 1)
    every = options.lead_point == "every"
    least_e = t_e + 1 if every else 0
    least_y = t_y + min(1, t_y) if every else 0
    for role, points, least, most, won in (("elder", p_e, least_e, most_e, t_e),
                                           ("younger", p_y, least_y, most_y, t_y)):
        if points < least:
            problems.append((f"least.{role}", {"hand": role, "points": points, "won": won,
                                               "least": least}, f"sheet.play.{role}"))
        elif points > most:
            problems.append(("most", {"hand": role, "points": points, "won": won,
                                      "most": most}, f"sheet.play.{role}"))
    if problems:
        return problems
    if every:
        w_e, w_y = p_e - t_e - 1, p_y - t_y
        if w_y - w_e not in (0, 1):
            problems.append(("together", {"elder": p_e, "elder_won": w_e, "younger": p_y,
                                          "younger_won": w_y}, "sheet.play"))
        return problems
    for w_y in range(min(1, t_y), t_y + 1):
        for w_e in (w_y - 1, w_y):
            if not 0 <= w_e <= t_e:
                continue
            last_younger = w_y > w_e
            if p_e <= t_e + 1 + w_e and p_y <= t_y + w_y \
                    and (p_y if last_younger else p_e) >= 1:
                return []
    problems.append(("tricks", {}, "sheet.play"))
    return problems


def _declaration_counts(
    sheet: PiquetSheet, notes: _Notes,
    calls_by_category: Sequence[tuple[str, Mapping[Role, list[_Call]]]],
) -> list[Count]:
    """The declarations of a sheet as counting records in the Q8 order: carte blanche (Q3),
    then point, sequences, sets (Q5), each combination the winner of a category scores."""
    counts: list[Count] = []
    if sheet.carte_blanche is not None:
        counts.append(count(sheet.carte_blanche, "carte blanche", CARTE_BLANCHE_POINTS,
                            "declaring", "carte_blanche", "carte blanche"))
    for category, calls in calls_by_category:
        winner, scored = _category(category, calls, sheet, notes)
        if winner is None:
            continue
        for call in scored:
            said = call.full.split(",")[0]
            counts.append(count(winner, call.full, call.score, "declaring", category, said))
    return counts


def _sheet_cards(
    tricks: Mapping[Role, int], tricks_ok: bool, notes: _Notes
) -> tuple[Role | None, Role | None, int]:
    """Q6 the cards and capot, from the tricks: who has the cards, who made capot, and the
    points (10, 40 or 0)."""
    if not tricks_ok:
        return None, None, 0
    if tricks["elder"] == tricks["younger"]:
        notes.computed.append(finding("cards_none", "Q6"))
        return None, None, 0
    cards_to: Role = "elder" if tricks["elder"] > tricks["younger"] else "younger"
    capot = cards_to if tricks[cards_to] == 12 else None
    cards_points = CAPOT_POINTS if capot else CARDS_POINTS
    notes.computed.append(finding("cards_won", "Q6", who=cards_to, capot=capot is not None,
                                  tricks=tricks[cards_to], other_tricks=tricks[other(cards_to)],
                                  points=cards_points))
    return cards_to, capot, cards_points


def rule_sheet(
    sheet: PiquetSheet,
    options: PiquetOptions = PiquetOptions(),  # noqa: B008 - frozen, shared default
) -> PiquetSheetRuling:
    """Rule on a score-sheet line (Q3–Q8): compare the declarations, derive the repique, the
    cards and capot, check the play points, a claimed pique and claimed totals.

    :returns: a :class:`PiquetSheetRuling`; an impossible line is listed in its
        ``violations`` (with the rest ruled as far as it can be).
    """
    notes = _Notes()
    tricks = dict(sheet.tricks)
    tricks_ok = all(0 <= t <= 12 for t in tricks.values()) and sum(tricks.values()) == 12
    if not tricks_ok:
        notes.said("tricks_not_twelve", "Q6", "sheet.tricks", elder=tricks["elder"],
                   younger=tricks["younger"])
    else:
        notes.verified.append(finding("tricks_add_up", "Q6", elder=tricks["elder"],
                                      younger=tricks["younger"]))

    # Q3, Q5 the declarations, then Q7 the repique with the one judge, in the Q8 order.
    _check_carte_blanche(sheet, notes)
    point_calls = _check_point(sheet, notes)
    sequence_calls = _check_sequences(sheet, notes)
    set_calls = _check_sets(sheet, notes)
    _check_sequences_against_sets(sheet, notes)
    _check_point_with_sequences(sheet, notes)
    counts = _declaration_counts(sheet, notes, (("point", point_calls),
                                                ("sequence", sequence_calls),
                                                ("sets", set_calls)))
    judgement = judge_q7(counts)
    repique: Role | None = None
    if judgement is not None:
        repique = judgement.who
        counts.insert(judgement.after + 1, bonus_count(judgement, counts))
        notes.computed.append(finding("repique", "Q7", who=repique,
                                      reached=judgement.reached))
    else:
        notes.computed.append(finding("no_repique", "Q7"))
    declared = {r: sum(c.points for c in counts if c.who == r) for r in ROLES}

    cards_to, capot, cards_points = _sheet_cards(tricks, tricks_ok, notes)

    # Q6 the play points: as counted, checked against the tricks; or derived from the totals.
    play = _play_points(sheet, declared, cards_to, cards_points, tricks, tricks_ok, options,
                        notes)

    # Q7 the pique: computed when certain, checked for possibility when claimed.
    pique = _pique(sheet, _PiqueFacts(declared, repique, play, tricks, tricks_ok, cards_to,
                                      options), notes)

    for role in ROLES:
        if play is not None:
            counts.append(count(role, f"{play[role]} in play", play[role], "playing", "play",
                                "play"))
    if cards_to is not None:
        counts.append(count(cards_to, "capot, all twelve tricks" if capot else
                            f"the cards, {tricks[cards_to]} tricks to {tricks[other(cards_to)]}",
                            cards_points, "the cards", "cards",
                            "capot" if capot else "the cards"))
    if pique is not None:
        counts.append(count(pique, "pique", PIQUE_POINTS, "playing", "pique", "pique"))
    scores = {r: sum(c.points for c in counts if c.who == r) for r in ROLES}

    if sheet.claimed is not None and sheet.play is not None:
        for role, claim in sheet.claimed.items():
            if claim == scores[role]:
                notes.verified.append(finding("claim_adds_up", "Q8", who=role,
                                              claimed=claim))
            else:
                notes.said("claimed_score_differs.sheet", "Q8", f"sheet.claimed.{role}",
                           hand=role, claim=claim, total=scores[role],
                           parts=_breakdown(counts, role))
    return PiquetSheetRuling(
        level="sheet", scores=scores, counts=tuple(counts), tricks_won=tricks,
        carte_blanche=sheet.carte_blanche, repique=repique, pique=pique, capot=capot,
        cards=cards_to, verified=tuple(notes.verified), computed=tuple(notes.computed),
        as_reported=tuple(notes.as_reported), violations=tuple(notes.violations),
    )


def _breakdown(counts: Sequence[Count], role: Role) -> tuple[tuple[str, int], ...]:
    """Each step's points of ``role`` (the declarations together), in order (Q8)."""
    parts: dict[str, int] = {}
    for c in counts:
        if c.who == role:
            key = {"carte_blanche": "declarations", "point": "declarations",
                   "sequence": "declarations", "sets": "declarations"}.get(c.step, c.step)
            parts[key] = parts.get(key, 0) + c.points
    return tuple(parts.items())


def _play_points(
    sheet: PiquetSheet,
    declared: Mapping[Role, int],
    cards_to: Role | None,
    cards_points: int,
    tricks: Mapping[Role, int],
    tricks_ok: bool,
    options: PiquetOptions,
    notes: _Notes,
) -> dict[Role, int] | None:
    """Q6: the points each counted in play, checked against the tricks; without them, what
    the claimed totals leave after the declarations, the cards and a claimed pique."""
    if sheet.play is not None:
        play = dict(sheet.play)
        notes.as_reported.append(finding("play_as_reported", "Q6", elder=play["elder"],
                                         younger=play["younger"]))
        source = "play"
    elif sheet.claimed is not None and set(sheet.claimed) == set(ROLES):
        play = {}
        for role in ROLES:
            rest = declared[role] + (cards_points if cards_to == role else 0) \
                + (PIQUE_POINTS if sheet.pique == role else 0)
            play[role] = sheet.claimed[role] - rest
        notes.as_reported.append(finding("play_from_totals", "Q6", elder=play["elder"],
                                         younger=play["younger"]))
        source = "claimed"
    else:
        notes.said("play_missing", "Q6", "sheet.play")
        return None
    if not tricks_ok:
        return play
    problems = _play_fits(tricks, play, options)
    for kind, params, location in problems:
        if source == "claimed":
            tail = location.rsplit(".", 1)[-1]
            location = f"sheet.claimed.{tail}" if tail in ROLES else "sheet.claimed"
            kind = "claimed." + kind
            params = {**params, "left_elder": play["elder"], "left_younger": play["younger"]}
        notes.said(f"play_impossible.{kind}", "Q6", location, **params)
    if not problems:
        notes.verified.append(finding(
            "play_fits_tricks", "Q6", elder=play["elder"], elder_tricks=tricks["elder"],
            younger=play["younger"], younger_tricks=tricks["younger"]))
    return play


@dataclass(frozen=True, slots=True)
class _PiqueFacts:
    """What a sheet says that bears on a pique (Q7): the points each ``declared`` (Q5), the
    ``repique`` (it excludes a pique), the ``play`` points (``None`` when unknown), the
    ``tricks`` each won (``tricks_ok``: they add up to 12), who won the cards (``cards_to``),
    and the table's options."""

    declared: Mapping[Role, int]
    repique: Role | None
    play: Mapping[Role, int] | None
    tricks: Mapping[Role, int]
    tricks_ok: bool
    cards_to: Role | None
    options: PiquetOptions


def _pique(sheet: PiquetSheet, facts: _PiqueFacts, notes: _Notes) -> Role | None:
    """Q7 pique on a sheet: certain, possible or impossible for each player; the play's order
    is not on a sheet, so a possible pique is taken as reported only when claimed."""
    verdicts = {r: _pique_verdict(r, facts) for r in ROLES}
    certain = next((r for r in ROLES if verdicts[r][0] == "certain"), None)
    claimed = sheet.pique
    if claimed is not None:
        verdict, why = verdicts[claimed]
        if verdict == "impossible":
            notes.said("pique_impossible", "Q7", "sheet.pique", hand=claimed, why=why)
            return None
        if verdict == "certain":
            notes.verified.append(finding("pique_verified", "Q7", who=claimed, why=why))
        else:
            notes.as_reported.append(finding("pique_as_reported", "Q7", who=claimed, why=why))
        return claimed
    if certain is not None:
        if sheet.pique_said:
            notes.said("pique_missed", "Q7", "sheet.pique", hand=certain,
                       why=verdicts[certain][1])
            return None
        notes.computed.append(finding("pique_computed", "Q7", who=certain,
                                      why=verdicts[certain][1]))
        return certain
    possible = [r for r in ROLES if verdicts[r][0] == "possible"]
    if possible:
        notes.as_reported.append(finding("pique_possible_not_claimed", "Q7", who=possible[0],
                                         why=verdicts[possible[0]][1]))
    elif facts.repique is None:
        notes.computed.append(finding("no_pique", "Q7"))
    return None


def _pique_first(role: Role, declared: int, play: int, cards: int = 0) -> bool:
    """Whether the one Q7 judge (:func:`~referee.piquet.counting.judge_q7`) gives ``role`` a
    pique when his counts come first, in the Q8 order: ``declared`` points in the
    declarations, then ``play`` points in play, then ``cards`` towards it from the cards,
    before his opponent scores anything.  A sheet has no order of play, so the verdicts ask
    the judge on the order that is certain (the opponent scores nothing) or the most
    favourable one (possible)."""
    counts = []
    if declared:
        counts.append(count(role, "the declarations", declared, "declaring", "point", "point"))
    if play:
        counts.append(count(role, "the play", play, "playing", "play", "play", 0))
    if cards:
        counts.append(count(role, "the cards", cards, "the cards", "cards", "the cards", 0))
    judgement = judge_q7(counts)
    return judgement is not None and judgement.kind == "pique"


def _pique_verdict(
    role: Role, facts: _PiqueFacts
) -> tuple[Literal["certain", "possible", "impossible"], str]:
    """Q7 for one player: ("certain" | "possible" | "impossible", why in words), each
    decided by the one judge on the order the sheet allows (:func:`_pique_first`)."""
    declared, repique, play, tricks = facts.declared, facts.repique, facts.play, facts.tricks
    tricks_ok, cards_to, options = facts.tricks_ok, facts.cards_to, facts.options
    opponent = other(role)
    if repique is not None:
        return "impossible", "a repique was made, and it excludes a pique in the same deal"
    if declared[opponent]:
        return "impossible", (f"the {opponent} hand scored {declared[opponent]} in the "
                              "declarations, which count before the play (Q8)")
    mine = declared[role]
    cards_towards = CARDS_POINTS if cards_to == role and options.cards_count_for_pique else 0
    most_play = play[role] if play is not None else MOST_IN_PLAY
    opponent_play = play[opponent] if play is not None else None
    if opponent_play == 0 and tricks_ok and cards_to != opponent:
        # The opponent scores nothing at all: every point of this player comes first.
        reached = mine + most_play + cards_towards
        if _pique_first(role, mine, most_play, cards_towards):
            return "certain", (f"{mine} in the declarations, {most_play} in play and the "
                               f"{opponent} hand nothing in the deal")
        return "impossible", f"the deal gives him only {reached} before the end"
    if options.lead_point == "every":
        if role == "younger":
            return "impossible", ("the elder hand's first lead scores 1 before the younger "
                                  "hand plays, so under lead_point 'every' only the elder hand "
                                  "can win a pique")
        if _pique_first(role, mine, 1):
            return "certain", f"{mine} in the declarations and 1 for the first lead"
        streak = tricks["elder"] if tricks_ok else 12
        if play is not None and tricks_ok:
            streak = max(0, tricks["elder"] - max(0, play["elder"] - tricks["elder"] - 1))
        # Before the younger hand's first point the elder hand counts his leads while he wins
        # from the first trick on, and the lead of the trick the younger hand wins first.
        led = min(streak + 1, 12) + (1 if streak == 12 else 0)
        cards_in_streak = CARDS_POINTS if streak >= 7 and options.cards_count_for_pique else 0
        best = mine + led + cards_in_streak
        if _pique_first(role, mine, led, cards_in_streak):
            return "possible", (f"{mine} in the declarations and up to {_tricks(streak)} led "
                                "and won in a row from the first")
        return "impossible", (f"{mine} in the declarations and at most {_tricks(streak)} won in "
                              f"a row from the first lead make only {best} before the younger "
                              "hand scores")
    best = mine + most_play + cards_towards
    cards_words = " and the cards" if cards_towards else ""
    if _pique_first(role, mine, most_play, cards_towards):
        return "possible", f"{mine} in the declarations, {most_play} in play{cards_words}"
    return "impossible", (f"{mine} in the declarations, {most_play} in play{cards_words} make "
                          f"only {best}")


# --- Totals ----------------------------------------------------------------------------------


def rule_totals(
    totals: PiquetTotals,
    options: PiquetOptions = PiquetOptions(),  # noqa: B008 - frozen, shared default
) -> PiquetSheetRuling:
    """Rule on a deal's bare totals (Q3–Q7): taken as reported, checked against what one deal
    can give.

    Checks: no total below 0 or above :data:`MOST_IN_ONE_DEAL` (180); under
    ``lead_point: "every"`` the elder hand has at least 1 (his first lead), the two totals add
    up to at least 13 (12 leads and the last trick), and a younger hand with nothing was
    capot, so the elder hand has at least 53 (capot 40 and 13 in play).

    :returns: a :class:`PiquetSheetRuling` with ``level`` "totals".
    """
    notes = _Notes()
    scores = dict(totals.scores)
    for role in scores:
        value = scores[role]
        where = f"totals.scores.{role}"
        if value < 0:
            notes.said("total_impossible.negative", "Q8", where, hand=role, points=value)
        elif value > MOST_IN_ONE_DEAL:
            notes.said("total_impossible.too_many", "Q8", where, points=value,
                       most=MOST_IN_ONE_DEAL, declared=MOST_DECLARED, in_play=MOST_IN_PLAY)
    every = options.lead_point == "every"
    if len(scores) < 2:  # one player's claim: only its own bounds
        notes.as_reported.append(finding("claimed_as_reported", "Q8", **scores))
        return PiquetSheetRuling(level="totals", scores=scores, as_reported=tuple(
            notes.as_reported), violations=tuple(notes.violations))
    if every and not notes.violations:
        if scores["elder"] < 1:
            notes.said("total_impossible.first_lead", "Q6", "totals.scores.elder")
        elif sum(scores.values()) < LEAST_PLAY_EVERY:
            notes.said("total_impossible.play", "Q6", "totals.scores", least=LEAST_PLAY_EVERY,
                       total=sum(scores.values()))
        elif scores["younger"] == 0 and scores["elder"] < CAPOT_POINTS + MOST_IN_PLAY:
            notes.said("total_impossible.capot", "Q6", "totals.scores.elder",
                       points=scores["elder"])
    if not notes.violations:
        notes.verified.append(finding("totals_possible", "Q8", most=MOST_IN_ONE_DEAL,
                                      every_lead=every))
    notes.as_reported.append(finding("totals_as_reported", "Q8", elder=scores["elder"],
                                     younger=scores["younger"]))
    return PiquetSheetRuling(
        level="totals", scores=scores, verified=tuple(notes.verified),
        as_reported=tuple(notes.as_reported), violations=tuple(notes.violations),
    )


# --- A sheet from the cards ------------------------------------------------------------------


def sheet_record_of(ruling: PiquetRuling) -> dict[str, Any]:
    """The score-sheet record a table would write for a deal ruled from its cards: each
    player's compared combination in every category (the winner's all), who was good, the
    tricks, the points in play, a pique and the totals — in the words players say.

    Ruling this record with :func:`rule_sheet` gives the cards' scores (a property test holds
    the engine to it).
    """
    record: dict[str, Any] = {"carte_blanche": ruling.carte_blanche}
    good: dict[str, str] = {}
    decl = ruling.declarations
    for category, result in (("point", decl.point), ("sequence", decl.sequence),
                             ("sets", decl.sets)):
        said: dict[str, Any] = {}
        for role, shown in zip(ROLES, result.shown_in_full, strict=True):
            if shown is None:
                continue
            if role == result.winner:
                said[role] = list(result.scored_in_full)
            else:
                said[role] = [shown]
        if category == "point":
            said = {r: v[0] for r, v in said.items()}
        record[category] = said
        if said:
            good[category] = result.winner or "equal"
    record["good"] = good
    record["tricks"] = dict(ruling.tricks_won)
    record["play"] = {r: sum(c.points for c in ruling.counts if c.who == r and c.step == "play")
                      for r in ROLES}
    record["pique"] = ruling.pique
    record["claimed"] = dict(ruling.scores)
    return record
