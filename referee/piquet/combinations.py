"""Q5 declarations: the point, sequences and sets (quatorzes and trios) of a hand.

A player's combinations are taken from his hand after the exchange (Q5).  Without an
announcement he is taken to announce his best in every category; with one, each announced
combination is checked against the hand (you cannot announce what you do not hold) and sinking
is honoured: an unannounced combination never scores, and announcing less than held scores what
was announced.  Only the better combination of a category scores, and its holder also scores his
other combinations of that category (sequences, sets); an exact tie scores nothing.

>>> from referee.cards import parse_cards
>>> result = compare_declarations(
...     parse_cards("AC 7C KS QS TS 9S 8S AH JH 8H AD JD".split()),
...     parse_cards("KC QC JC TC 9C 8C AS JS 7S QH 9H KD".split()))
>>> result.point.scored, result.sequence.scored, result.sets.scored
(('point of six',), ('sixième',), ('trio of aces',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import reduce
from itertools import product
from operator import itemgetter, or_
from typing import Any, NamedTuple

from referee.cards import ACE, JACK, KING, QUEEN, SUIT_NAMES, TEN, Card
from referee.frozen import quick_init
from referee.piquet.counting import CARTE_BLANCHE_POINTS, Count, count, judge_q7
from referee.piquet.records import (
    PACK_SET,
    ROLES,
    Announcement,
    PiquetOptions,
    Role,
    announcement_from_dict,
)
from referee.violations import InputError, RecordError, Violation
from referee.violations import said as violation

#: Sequence names and scores by length (Q5).
SEQUENCE_NAMES: dict[int, str] = {
    3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième",
}
SEQUENCE_SCORES: dict[int, int] = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
_SEQUENCE_LENGTHS: dict[str, int] = {
    **{name: n for n, name in SEQUENCE_NAMES.items()},
    "sixieme": 6, "septieme": 7, "huitieme": 8,
}
#: Set kinds: number of cards and score (Q5).
SET_SIZES: dict[str, int] = {"trio": 3, "quatorze": 4}
SET_SCORES: dict[int, int] = {3: 3, 4: 14}
_SET_KINDS: dict[int, str] = {3: "trio", 4: "quatorze"}
#: Ranks that can form a set (Q5): nines, eights and sevens never count.
SET_RANKS: tuple[int, ...] = (ACE, KING, QUEEN, JACK, TEN)
_RANK_BY_TEXT: dict[str, int] = {
    "7": 7, "8": 8, "9": 9, "T": TEN, "10": TEN, "J": JACK, "Q": QUEEN, "K": KING, "A": ACE,
}
_PLURALS: dict[int, str] = {
    ACE: "aces", KING: "kings", QUEEN: "queens", JACK: "jacks", TEN: "tens",
    9: "nines", 8: "eights", 7: "sevens",
}
_TOP_WORDS: dict[int, str] = {
    ACE: "ace", KING: "king", QUEEN: "queen", JACK: "jack", TEN: "ten", 9: "nine",
}
_NUMBERS: tuple[str, ...] = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)


class Combination(NamedTuple):
    """One combination a player holds or announced (Q5).

    ``words``: what the player says ("point of five", "quint", "trio of aces");
    ``score``: points it scores if its category is won; ``key``: comparison key within the
    category (higher wins: point (cards, pips), sequence (length, top rank), set (size, rank));
    ``shown``: the words with the detail an opponent may ask for ("point of five (47 pips)");
    ``full``: the combination in full as counted aloud ("point of five, 47", "quint to the
    king in clubs", "three aces").
    """

    words: str
    score: int
    key: tuple[int, int]
    shown: str
    full: str = ""


def point_words(length: int) -> str:
    """Words for a point of ``length`` cards: ``6`` → ``"point of six"``."""
    return f"point of {_NUMBERS[length]}" if 0 <= length <= 12 else f"point of {length}"


def set_words(size: int, rank: int) -> str:
    """Words for a set: ``(3, ACE)`` → ``"trio of aces"``, ``(4, TEN)`` → ``"quatorze of tens"``."""
    return f"{_SET_KINDS[size]} of {_PLURALS[rank]}"


def sequence_in_full(length: int, top: int | None, suit: str | None = None) -> str:
    """A sequence as a player says it: ``(5, KING, "C")`` → ``"quint to the king in clubs"``,
    ``(3, ACE, None)`` → ``"tierce major"``; without its top card just its name."""
    words = SEQUENCE_NAMES[length]
    if top is not None:
        words += " major" if top == ACE else f" to the {_TOP_WORDS.get(top, str(top))}"
    if suit is not None:
        words += f" in {SUIT_NAMES[suit]}"
    return words


def set_in_full(size: int, rank: int) -> str:
    """A set as a player says it: ``(3, ACE)`` → ``"three aces"``, ``(4, TEN)`` → ``"four
    tens"``."""
    return f"{_NUMBERS[size]} {_PLURALS[rank]}"


def point_in_full(length: int, pips: int | None) -> str:
    """A point as a player says it: ``(6, 54)`` → ``"point of six, 54"``."""
    words = point_words(length)
    return words if pips is None else f"{words}, {pips}"


def _point(length: int, pips: int) -> Combination:
    words = point_words(length)
    return Combination(words, length, (length, pips), f"{words} ({pips} pips)",
                       point_in_full(length, pips))


def _sequence(length: int, top: int, suit: str) -> Combination:
    words = SEQUENCE_NAMES[length]
    return Combination(words, SEQUENCE_SCORES[length], (length, top),
                       f"{words} (to the {_TOP_WORDS.get(top, str(top))}, {suit})",
                       sequence_in_full(length, top, suit))


def _set(size: int, rank: int) -> Combination:
    words = set_words(size, rank)
    return Combination(words, SET_SCORES[size], (size, rank), words, set_in_full(size, rank))


def _by_suit(hand: tuple[Card, ...] | frozenset[Card]) -> dict[str, list[int]]:
    """Ranks held in each suit, high to low."""
    suits: dict[str, list[int]] = {}
    for rank, suit in hand:
        suits.setdefault(suit, []).append(rank)
    for ranks in suits.values():
        ranks.sort(reverse=True)
    return suits


def _runs(suits: dict[str, list[int]]) -> list[tuple[int, int, str]]:
    """Maximal runs of 3+ consecutive ranks per suit, as (length, top rank, suit)."""
    runs = []
    for suit, ranks in suits.items():
        top = prev = ranks[0]
        for rank in ranks[1:]:
            if rank != prev - 1:
                if top - prev >= 2:
                    runs.append((top - prev + 1, top, suit))
                top = rank
            prev = rank
        if top - prev >= 2:
            runs.append((top - prev + 1, top, suit))
    return runs


def _pips(ranks: list[int]) -> int:
    return sum(11 if r == ACE else 10 if r >= JACK else r for r in ranks)


@quick_init
@dataclass(frozen=True, slots=True)
class Claims:
    """What one player scores in each category if he wins it, best combination first (Q5)."""

    point: Combination | None
    sequences: tuple[Combination, ...]
    sets: tuple[Combination, ...]


def _suit_table() -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    """For each set of ranks of one suit (bit r-7 for rank r): (cards, pips, runs of 3+ as
    (length, top rank), longest first)."""
    table = []
    for mask in range(256):
        ranks = sorted((r for r in range(7, 15) if mask >> (r - 7) & 1), reverse=True)
        runs: list[tuple[int, int]] = []
        if ranks:
            top = prev = ranks[0]
            for rank in [*ranks[1:], 0]:
                if rank != prev - 1:
                    if top - prev >= 2:
                        runs.append((top - prev + 1, top))
                    top = rank
                prev = rank
        table.append((len(ranks), _pips(ranks), tuple(sorted(runs, reverse=True))))
    return table


_SUIT_TABLE = _suit_table()
_POINTS: dict[tuple[int, int], Combination] = {}
_SEQUENCES: dict[tuple[int, int, str], Combination] = {
    (n, top, suit): _sequence(n, top, suit)
    for n in range(3, 9) for top in range(n + 6, 15) for suit in "SHDC"
}
_SETS: dict[tuple[int, int], Combination] = {(n, r): _set(n, r) for n in (3, 4) for r in SET_RANKS}
#: Each card's bit in a hand's 32-bit mask: a byte per suit (S H D C), bit r-7 for rank r.
_BIT: dict[Card, int] = {c: 1 << (8 * "SHDC".index(c.suit) + c.rank - 7) for c in PACK_SET}
#: A suit's ranks (bit r-7) spread to a 3-bit counter per set rank (Q5: tens to aces), so
#: that the four suits' counters add up to how many of each rank the hand holds.
_SPREAD: tuple[int, ...] = tuple(
    sum(1 << 3 * (r - TEN) for r in SET_RANKS if mask >> (r - 7) & 1) for mask in range(256))


def _set_table() -> dict[int, tuple[Combination, ...]]:
    """Q5 sets: for the added counters of :data:`_SPREAD`, the trios and quatorzes held,
    best first (a quatorze before a trio, then the higher rank)."""
    table: dict[int, tuple[Combination, ...]] = {}
    for counts in product(range(5), repeat=len(SET_RANKS)):
        held = sorted(((n, r) for n, r in zip(counts, SET_RANKS, strict=True) if n >= 3),
                      reverse=True)
        key = sum(n << 3 * (r - TEN) for n, r in zip(counts, SET_RANKS, strict=True))
        table[key] = tuple(_SETS[k] for k in held)
    return table


_SET_CLAIMS = _set_table()


def best_claims(hand: tuple[Card, ...] | frozenset[Card]) -> Claims:
    """A player announcing his best (Q5): his point, all his sequences, all his sets.

    ``hand``: the 12 cards after the exchange.
    """
    held = reduce(or_, map(_BIT.__getitem__, hand), 0)
    point = (0, 0)
    runs: list[tuple[int, int, str]] = []
    spread = 0
    for suit in "SHDC":
        mask = held & 255
        held >>= 8
        spread += _SPREAD[mask]
        count, pips, suit_runs = _SUIT_TABLE[mask]
        if (count, pips) > point:
            point = (count, pips)
        for n, top in suit_runs:
            runs.append((n, top, suit))
    if len(runs) > 1:
        runs.sort(reverse=True)
    combo = _POINTS.get(point)
    if combo is None:
        combo = _POINTS[point] = _point(*point)
    return Claims(
        point=combo if point[0] else None,
        sequences=tuple(map(_SEQUENCES.__getitem__, runs)),
        sets=_SET_CLAIMS[spread],
    )


def _bad(message_code: str, location: str, **params: Any) -> InputError:
    return InputError([violation(f"bad_announcement.{message_code}", "Q5", location, **params)])


def parse_sequence(text: str, location: str = "") -> tuple[int, int | None]:
    """Parse one announced sequence: ``"quint:A"`` → ``(5, 14)``, ``"tierce"`` → ``(3, None)``.

    :raises RecordError: (code ``bad_announcement``) for an unknown name or rank.
    """
    name, _, top = text.strip().partition(":")
    length = _SEQUENCE_LENGTHS.get(name.strip().lower())
    if length is None:
        raise _bad("sequence_text", location, value=repr(text))
    if not top.strip():
        return length, None
    rank = _RANK_BY_TEXT.get(top.strip().upper())
    if rank is None:
        raise _bad("rank", location, value=repr(top.strip()))
    return length, rank


def parse_set(text: str, location: str = "") -> tuple[int, int]:
    """Parse one announced set: ``"trio:A"`` → ``(3, 14)``, ``"quatorze:10"`` → ``(4, 10)``.

    :raises RecordError: (code ``bad_announcement``) for an unknown kind or rank.
    """
    kind, _, rank_text = text.strip().partition(":")
    size = SET_SIZES.get(kind.strip().lower())
    rank = _RANK_BY_TEXT.get(rank_text.strip().upper())
    if size is None or rank is None:
        raise _bad("set_text", location, value=repr(text))
    return size, rank


def parse_sequences(text: str, location: str = "") -> tuple[tuple[int, int | None], ...]:
    """Parse the ``sequence`` field of an announcement (one or several, comma separated).

    An empty part (``",,,"``, ``"quint:A,"``, blanks) is refused rather than read as no
    sequence: a sequence not announced is left out (null).

    :raises RecordError: (code ``bad_announcement``) for an unknown name or rank, or an empty
        part.
    """
    parts = text.split(",")
    if any(not part.strip() for part in parts):
        raise _bad("sequences_text", location, value=repr(text))
    return tuple(parse_sequence(part, location) for part in parts)


def _fit_sequences(
    wanted: list[tuple[int, int | None, int]],
    runs: list[tuple[int, int, str]],
    used: frozenset[Card],
) -> list[tuple[int, int, str, int]] | None:
    """Place announced sequences (length, top or None, index) on disjoint cards of the runs.

    Returns (length, top, suit, index) for each, highest tops first, or None if impossible.
    """
    if not wanted:
        return []
    length, top, index = wanted[0]
    candidates: list[tuple[int, str]] = []
    for run_len, run_top, suit in runs:
        low = run_top - run_len + 1
        if top is None:
            candidates.extend((t, suit) for t in range(run_top, low + length - 2, -1))
        elif low + length - 1 <= top <= run_top:
            candidates.append((top, suit))
    candidates.sort(reverse=True)
    for cand_top, suit in candidates:
        cards = frozenset(Card(r, suit) for r in range(cand_top - length + 1, cand_top + 1))
        if cards & used:
            continue
        rest = _fit_sequences(wanted[1:], runs, used | cards)
        if rest is not None:
            return [(length, cand_top, suit, index), *rest]
    return None


def check_announcement(data: Mapping[str, Any], location: str) -> Announcement:
    """Q5: an announcement as a table records it (``{point, sequence, sets, carte_blanche}``),
    checked for what can be checked without the hand: a point of 1 to 12 cards, sequences and
    sets that name real combinations (no set of nines, eights or sevens).

    :raises RecordError: ``bad_announcement`` / ``set_never_counts``, located at the field.
    """
    announcement = announcement_from_dict(data, location)
    if announcement.point is not None and not 1 <= announcement.point <= 12:
        raise _bad("point_cards", f"{location}.point")
    if announcement.sequence:
        parse_sequences(announcement.sequence, f"{location}.sequence")
    for i, text in enumerate(announcement.sets):
        _size, rank = parse_set(text, f"{location}.sets[{i}]")
        if rank not in SET_RANKS:
            raise RecordError([violation("set_never_counts.text", "Q5", f"{location}.sets[{i}]",
                                         value=repr(text))])
    return announcement


def announced_claims(
    hand: tuple[Card, ...] | frozenset[Card], announcement: Announcement, role: Role
) -> tuple[Claims, list[Violation]]:
    """Check an announcement against the hand after the exchange (Q5) and keep what scores.

    An announced combination the player does not hold is a violation and does not score;
    announcing less than held scores what was announced; an unannounced one never scores.

    :returns: the scoring claims (best first) and the violations found.
    :raises RecordError: (code ``bad_announcement``) for a name that is not a combination.
    """
    where = f"declarations.{role}"
    violations: list[Violation] = []
    suits = _by_suit(hand)
    point = None
    if announcement.point is not None:
        length = announcement.point
        if length < 1:
            raise _bad("point_cards.least", f"{where}.point")
        options = [_pips(ranks[:length]) for ranks in suits.values() if len(ranks) >= length]
        if options:
            point = _point(length, max(options))
        else:
            violations.append(violation(
                "announcement_not_held.point" + (".one" if length == 1 else ""), "Q5",
                f"{where}.point", hand=role, cards=length))
    sequences: list[Combination] = []
    if announcement.sequence:
        parsed = parse_sequences(announcement.sequence, f"{where}.sequence")
        runs = _runs(suits)
        wanted = sorted(((n, top, i) for i, (n, top) in enumerate(parsed)),
                        key=lambda w: (w[0], w[1] or 99), reverse=True)
        placed = _fit_sequences(wanted, runs, frozenset())
        if placed is None:
            # Keep the announced sequences that can be held together, flag the others.
            placed = []
            used: frozenset[Card] = frozenset()
            for n, top, i in wanted:
                one = _fit_sequences([(n, top, i)], runs, used)
                if one:
                    placed.extend(one)
                    _, t, s, _ = one[0]
                    used |= frozenset(Card(r, s) for r in range(t - n + 1, t + 1))
                else:
                    to = f" to the {_TOP_WORDS.get(top, str(top))}" if top else ""
                    violations.append(violation(
                        "announcement_not_held.sequence", "Q5", f"{where}.sequence", hand=role,
                        what=f"{SEQUENCE_NAMES[n]}{to}"))
        sequences = [_sequence(n, t, s) for n, t, s, _ in placed]
        sequences.sort(key=lambda c: c.key, reverse=True)
    sets: list[Combination] = []
    seen: set[int] = set()
    for i, text in enumerate(announcement.sets):
        size, rank = parse_set(text, f"{where}.sets[{i}]")
        held = sum(1 for card in hand if card.rank == rank)
        if rank not in SET_RANKS:
            violations.append(violation("set_never_counts", "Q5", f"{where}.sets[{i}]",
                                        hand=role, kind=_SET_KINDS[size], rank=rank))
        elif rank in seen:
            violations.append(violation("duplicate_announcement", "Q5", f"{where}.sets[{i}]",
                                   hand=role, rank=rank))
        elif held < size:
            violations.append(violation(
                "announcement_not_held.set", "Q5", f"{where}.sets[{i}]", hand=role,
                what=set_words(size, rank), held=held))
        else:
            seen.add(rank)
            sets.append(_set(size, rank))
    sets.sort(key=lambda c: c.key, reverse=True)
    return Claims(point, tuple(sequences), tuple(sets)), violations


@quick_init
@dataclass(frozen=True, slots=True)
class CategoryResult:
    """The outcome of one declaration category (Q5): point, sequence or sets.

    ``winner``: the role that scores it, or None (nobody announced, or exactly equal);
    ``elder`` / ``younger``: points each scored in it; ``scored``: the winner's combinations in
    words ("point of six", "sixième", "trio of aces") with their points in ``scored_points``;
    ``elder_shown`` / ``younger_shown``: the combination each compared, in words, or None;
    ``scored_in_full``: the winner's combinations in full ("quint to the king in clubs"),
    parallel to ``scored`` (not in :meth:`as_dict`; the counting records carry it);
    ``shown_in_full``: the combination each compared (elder's, younger's) in full, or None.
    """

    winner: Role | None
    elder: int
    younger: int
    scored: tuple[str, ...] = ()
    scored_points: tuple[int, ...] = ()
    elder_shown: str | None = None
    younger_shown: str | None = None
    scored_in_full: tuple[str, ...] = ()
    shown_in_full: tuple[str | None, str | None] = (None, None)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "winner": self.winner, "elder": self.elder, "younger": self.younger,
            "scored": list(self.scored), "scored_points": list(self.scored_points),
            "elder_shown": self.elder_shown, "younger_shown": self.younger_shown,
        }


#: A combination's score and words (:class:`Combination`'s fields), read without a loop.
_SCORE, _WORDS = itemgetter(1), itemgetter(0)


def compare_category(
    elder: tuple[Combination, ...], younger: tuple[Combination, ...]
) -> CategoryResult:
    """Q5: the better first combination wins the category and its holder scores all of his.

    ``elder`` / ``younger``: each player's combinations in the category, best first (empty when
    nothing is announced).  Exactly equal best combinations: nobody scores.
    """
    e_key = elder[0].key if elder else (0, 0)
    y_key = younger[0].key if younger else (0, 0)
    full = (elder[0].full if elder else None, younger[0].full if younger else None)
    if e_key > y_key:
        scores = tuple(map(_SCORE, elder))
        return CategoryResult("elder", sum(scores), 0, tuple(map(_WORDS, elder)), scores,
                              elder[0].shown, younger[0].shown if younger else None,
                              tuple([c.full or c.words for c in elder]), full)
    if y_key > e_key:
        scores = tuple(map(_SCORE, younger))
        return CategoryResult("younger", 0, sum(scores), tuple(map(_WORDS, younger)), scores,
                              elder[0].shown if elder else None, younger[0].shown,
                              tuple([c.full or c.words for c in younger]), full)
    return CategoryResult(None, 0, 0, (), (), elder[0].shown if elder else None,
                          younger[0].shown if younger else None, (), full)


@dataclass(frozen=True, slots=True)
class Declarations:
    """The declarations of a deal (Q3, Q5, Q7 repique).

    ``point``, ``sequence``, ``sets``: one :class:`CategoryResult` each; ``carte_blanche``: the
    role that scored a carte blanche (Q3), or None; ``scores``: declaration points per role
    (carte blanche included, repique not); ``repique``: the role that made a repique from the
    declarations alone (Q7, judged in the Q8 order), or None.
    """

    point: CategoryResult
    sequence: CategoryResult
    sets: CategoryResult
    carte_blanche: Role | None = None
    scores: Mapping[Role, int] = field(default_factory=lambda: {"elder": 0, "younger": 0})
    repique: Role | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "carte_blanche": self.carte_blanche,
            "point": self.point.as_dict(),
            "sequence": self.sequence.as_dict(),
            "sets": self.sets.as_dict(),
            "scores": dict(self.scores),
            "repique": self.repique,
        }


def declare(
    claims: Mapping[Role, Claims], carte_blanche: Role | None = None
) -> Declarations:
    """Compare both players' claims category by category (Q5) and judge the repique (Q7, Q8).

    ``claims``: each role's scoring claims (from :func:`best_claims` / :func:`announced_claims`);
    ``carte_blanche``: the role whose carte blanche scores 10 (Q3), counted first (Q8).
    """
    decl, counts = declare_counted(claims, carte_blanche)
    judgement = judge_q7(counts)
    return replace(decl, repique=judgement.who if judgement else None)


def declare_counted(
    claims: Mapping[Role, Claims], carte_blanche: Role | None = None
) -> tuple[Declarations, list[Count]]:
    """Q5 category by category, with the declarations' counting records (Q8 order); the
    repique is left to the caller's Q7 judge (``repique`` None)."""
    e, y = claims["elder"], claims["younger"]
    point = compare_category((e.point,) if e.point else (), (y.point,) if y.point else ())
    sequence = compare_category(e.sequences, y.sequences)
    sets = compare_category(e.sets, y.sets)
    counts = declaration_counts(point, sequence, sets, carte_blanche)
    totals: dict[Role, int] = {"elder": 0, "younger": 0}
    for c in counts:
        totals[c.who] += c.points
    return Declarations(point, sequence, sets, carte_blanche, totals), counts


def declaration_counts(
    point: CategoryResult,
    sequence: CategoryResult,
    sets: CategoryResult,
    carte_blanche: Role | None = None,
) -> list[Count]:
    """The declarations as counting records in the Q8 order: 1 carte blanche (Q3, 10),
    2 point, 3 sequences, 4 quatorzes and trios (Q5) — each combination the winner of a
    category scores, in full ("quint to the king in clubs")."""
    counts: list[Count] = []
    if carte_blanche is not None:
        counts.append(count(carte_blanche, "carte blanche", CARTE_BLANCHE_POINTS, "declaring",
                            "carte_blanche", "carte blanche"))
    for step, category in (("point", point), ("sequence", sequence), ("sets", sets)):
        who = category.winner
        if who is None:
            continue
        full = category.scored_in_full or category.scored
        for said, what, points in zip(category.scored, full, category.scored_points,
                                      strict=True):
            counts.append(count(who, what, points, "declaring", step, said))
    return counts


def check_hand(hand: tuple[Card, ...], location: str) -> None:
    """A 12-card hand of distinct cards of the Piquet pack (Q1, Q2).

    :raises RecordError: (codes ``hand_size``, ``not_in_pack``, ``duplicate_card``).
    """
    if len(hand) != 12:
        raise RecordError([violation("hand_size", "Q2", location, n=len(hand))])
    seen: set[Card] = set()
    for i, card in enumerate(hand):
        if card not in PACK_SET:
            raise RecordError([violation("not_in_pack", "Q1", f"{location}[{i}]",
                                         card=str(card))])
        if card in seen:
            raise RecordError([violation("duplicate_card", "Q2", f"{location}[{i}]",
                                         card=str(card))])
        seen.add(card)


def compare_declarations(
    elder: tuple[Card, ...],
    younger: tuple[Card, ...],
    options: PiquetOptions = PiquetOptions(),  # noqa: B008 - frozen, shared default
) -> Declarations:
    """Q5: two 12-card hands after the exchange, each announcing his best: who scores what.

    Also judges a repique from the declarations alone (Q7, Q8); no carte blanche (it needs the
    dealt hands, see :func:`referee.piquet.rule_deal`).

    :raises RecordError: when a hand is not 12 distinct cards of the pack or the hands share a
        card.
    """
    del options  # the declarations do not depend on the table options
    check_hand(elder, "elder")
    check_hand(younger, "younger")
    shared = set(elder) & set(younger)
    if shared:
        card = min(shared)
        raise RecordError([violation("duplicate_card.both", "Q2",
                                     f"younger[{younger.index(card)}]", card=str(card))])
    return declare({r: best_claims(h) for r, h in zip(ROLES, (elder, younger), strict=True)})
