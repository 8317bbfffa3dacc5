"""A deal in progress: what has been played, who plays next and which cards are legal (Q6).

For step-by-step recording at the table: :func:`progress` takes a partial deal (the tricks so
far, the last one possibly holding only the lead) and reports the violations found so far, the
player to play and his legal cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from referee.cards import PIQUET_PACK, SUIT_NAMES, Card, card_name
from referee.piquet.combinations import Declarations, declare
from referee.piquet.deal import _carte_blanche, _claims, rule_deal, verify_tricks
from referee.piquet.exchange import ExchangeFacts, check_exchange, verify_cards, with_plays
from referee.piquet.irregular import (
    Irregularity,
    lone_tricks,
    out_of_turn_tricks,
    revoke_irregularity,
    table_irregularities,
    trick_of,
    unmixed_breaks,
    wrong_hands,
)
from referee.piquet.play import TrickResult, find_revokes, play_tricks, plays_by_role
from referee.piquet.records import PACK_SET, ROLES, PiquetDeal, PiquetOptions, Role, other
from referee.violations import RecordError, Violation, said


@dataclass(frozen=True, slots=True)
class PiquetProgress:
    """Where a deal stands (Q6).

    ``phase``: ``"play"`` or ``"complete"`` (12 tricks of 2 cards); ``to_play``: the role to
    play next (None when complete); ``legal_cards``: the cards he may play, from his known hand,
    else the cards not yet seen minus the suits he has shown void in (None when complete);
    ``violations``: rule breaks proven so far; ``tricks``: tricks so far with winners (the one
    in progress has winner None); ``tricks_won``: per role; ``score``: the running score
    (play points, plus declarations when both hands after the exchange are known, see
    ``declarations_counted``; the full deal score when complete).
    """

    phase: Literal["play", "complete"]
    to_play: Role | None
    legal_cards: tuple[Card, ...] | None
    violations: tuple[Violation, ...]
    tricks: tuple[TrickResult, ...]
    tricks_won: Mapping[Role, int]
    score: Mapping[Role, int]
    declarations_counted: bool

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (cards as canonical strings)."""
        return {
            "phase": self.phase,
            "to_play": self.to_play,
            "legal_cards": None if self.legal_cards is None
            else [card_name(c) for c in self.legal_cards],
            "violations": [v.as_dict() for v in self.violations],
            "tricks": [t.as_dict() for t in self.tricks],
            "tricks_won": dict(self.tricks_won),
            "score": dict(self.score),
            "declarations_counted": self.declarations_counted,
        }


def progress(deal: PiquetDeal, options: PiquetOptions = PiquetOptions()) -> PiquetProgress:  # noqa: B008
    """Where a partial deal stands (Q6): next player, legal cards, violations so far, score.

    ``deal.tricks``: the tricks so far (0 to 12), each of 2 cards except that the last may hold
    only its lead.  A revoke is flagged as soon as the known hand or a later play proves it; a
    card played twice or not held (when the hand is known) is flagged where it is played.

    :raises RecordError: when the record cannot be read at all (more than 12 tricks, a trick of
        0 or 3+ cards or a 1-card trick before the last, a card not in the pack, a dealt hand
        not of 12 cards...).
    """
    return stage(deal, options).progress


@dataclass(frozen=True, slots=True)
class _Fixed:
    """What the cards played do not change in a deal with nothing recorded anyway (Q12):
    the exchange as the record gives it (Q2–Q4: the hands, discards and talon cards taken,
    their breaks; the cards played are checked against it card by card, Q6) and, when both
    hands after the exchange are known, the declarations and their breaks (Q3, Q5, Q7; None:
    a hand unknown, or an announcement that cannot be read). Both hands after the exchange
    known, both hands as dealt are (Q4), so a carte blanche is read from them, never from
    the play (Q3)."""

    facts: ExchangeFacts
    declared: tuple[tuple[Violation, ...], Declarations] | None


@dataclass(frozen=True, slots=True)
class PiquetStage:
    """A deal in progress as :func:`progress` ruled it (``progress``), ready to rule its next
    card alone (:func:`play_card`): the ``deal`` and the ``options`` it was ruled with, and
    what no card changes (``fixed``: None when the next card is ruled over the whole deal
    again — a deal with irregularities recorded anyway, Q12, or complete)."""

    deal: PiquetDeal
    options: PiquetOptions
    progress: PiquetProgress
    fixed: _Fixed | None = None


def stage(deal: PiquetDeal, options: PiquetOptions = PiquetOptions()) -> PiquetStage:  # noqa: B008
    """:func:`progress` of ``deal``, kept so that its next card can be ruled by
    :func:`play_card` without reading the deal's hands, exchange and declarations again.

    :raises RecordError: as :func:`progress`.
    """
    whole = deal
    table: dict[str, Role] = {}
    lone: frozenset[int] = frozenset()
    if deal.irregular:  # a hand of the wrong size or a talon offence (Q12, PT 57, 58)
        table = table_irregularities(deal)
        deal = wrong_hands(deal, table)
        if "short_hand" in table:  # PT 57: once he has no card, the adversary plays alone
            lone = lone_tricks(deal.tricks)
    twice = verify_tricks(deal.tricks, complete=False, lone=lone)
    verify_cards(deal)
    complete = len(deal.tricks) == 12 and (len(deal.tricks[-1]) == 2 or 11 in lone)
    if complete and not twice:
        ruling = rule_deal(whole, options)
        return PiquetStage(whole, options, PiquetProgress(
            "complete", None, None, ruling.violations, ruling.tricks, ruling.tricks_won,
            ruling.scores, True))
    fixed = _fix(deal)
    found = _in_play(whole, deal, options, table, lone, twice, complete, fixed)
    regular = not whole.irregular and not whole.retaken and not whole.unplayed
    return PiquetStage(whole, options, found, fixed if regular and not complete else None)


def play_card(before: PiquetStage, card: Card) -> PiquetStage:
    """The deal of ``before`` with ``card`` played next — to the trick in progress, else
    leading a new one (Q6) — ruled as :func:`stage` rules it (the same value), from what
    ``before`` kept: the hands, the exchange and the declarations are not read or checked
    again (no card changes them, Q2–Q5); the play is walked again (a revoke is proven by a
    later card, Q6). A deal with irregularities recorded anyway, or one this card completes
    (ruled whole, Q8), is ruled by :func:`stage`.

    :raises RecordError: as :func:`progress` (e.g. a card after the twelfth trick).
    """
    deal = before.deal
    tricks = deal.tricks
    if tricks and len(tricks[-1]) == 1:
        played = (*tricks[:-1], (*tricks[-1], card))
    else:
        played = (*tricks, (card,))
    after = replace(deal, tricks=played)
    fixed = before.fixed
    complete = len(played) == 12 and len(played[-1]) == 2
    if fixed is None or complete or len(played) > 12 or card not in PACK_SET:
        return stage(after, before.options)
    twice = verify_tricks(played, complete=False)
    found = _in_play(after, after, before.options, {}, frozenset(), twice, False, fixed)
    return PiquetStage(after, before.options, found, fixed)


#: No card played yet (Q4: the exchange as the record alone gives it).
_NO_PLAYS: Mapping[Role, Mapping[Card, tuple[int, int]]] = {"elder": {}, "younger": {}}


def _fix(deal: PiquetDeal) -> _Fixed:
    """What no card changes in ``deal`` (see :class:`_Fixed`): Q3–Q5, Q7."""
    facts = check_exchange(deal, _NO_PLAYS, complete=False)
    known = facts.after
    hands_known = {r: h for r in ROLES if (h := known[r]) is not None and len(h) == 12}
    if len(hands_known) != 2:
        return _Fixed(facts, None)
    try:
        claims, found = _claims(hands_known, deal.declarations)
        blanche, found_cb = _carte_blanche(deal, facts, _NO_PLAYS)
    except RecordError:
        return _Fixed(facts, None)
    return _Fixed(facts, ((*found, *found_cb), declare(claims, blanche)))


def _in_play(
    whole: PiquetDeal, deal: PiquetDeal, options: PiquetOptions, table: Mapping[str, Role],
    lone: frozenset[int], twice: list[Violation], complete: bool, fixed: _Fixed,
) -> PiquetProgress:
    """Q6: the play of ``deal`` (``whole`` as recorded, ``deal`` with the hands the table's
    irregularities leave, ``table``), checked against what no card changes (``fixed``); the
    declarations counted when both hands after the exchange are known (Q3, Q5, Q7)."""
    accepted = frozenset(deal.irregular)
    results, play_points = play_tricks(deal.tricks, options, out_of_turn_tricks(accepted),
                                       lone, other(table.get("short_hand", "younger")))
    plays = plays_by_role(results)
    facts = with_plays(fixed.facts, plays)
    violations = [*twice, *facts.violations, *unmixed_breaks(whole, table),
                  *find_revokes(results, facts.after, plays, deal.retaken)]

    won: dict[Role, int] = {"elder": 0, "younger": 0}
    for trick in results:
        if trick.winner is not None:
            won[trick.winner] += 1
    score: dict[Role, int] = {"elder": 0, "younger": 0}
    for p in play_points:
        score[p.who] += p.points
    counted = fixed.declared is not None
    if fixed.declared is not None:
        found, decl = fixed.declared
        violations += found
        for r in ROLES:
            score[r] += decl.scores[r]
            if decl.repique == r:
                score[r] += 60
    if accepted:  # recorded anyway (Q12): no longer in the way of the next step
        violations = [v for v in violations if (v.code, v.location) not in accepted]
    if complete:
        return PiquetProgress("complete", None, None, tuple(violations), tuple(results), won,
                              score, counted)
    to_play, led = _next_to_play(results, table)
    legal = _legal_cards(deal, facts, results, to_play, led)
    return PiquetProgress("play", to_play, legal, tuple(violations), tuple(results), won, score,
                          counted)


def _next_to_play(
    results: Sequence[TrickResult], table: Mapping[str, Role]
) -> tuple[Role, Card | None]:
    """Q6: who plays next (the follower of an open trick, else the last winner, elder first)
    and the card led to him, if any."""
    to_play: Role = "elder"
    led: Card | None = None
    if results and results[-1].winner is None:
        to_play = other(results[-1].leader)
        led = results[-1].cards[0]
    elif results and results[-1].winner is not None:
        to_play = results[-1].winner
    if led is None and table.get("short_hand") == to_play:  # PT 57: he has no card left
        to_play = other(to_play)
    return to_play, led


def _legal_cards(
    deal: PiquetDeal, facts: ExchangeFacts, results: Sequence[TrickResult], to_play: Role,
    led: Card | None,
) -> tuple[Card, ...]:
    """Q6: the cards ``to_play`` may play, following the suit of ``led`` if he can."""
    played_all = {c for trick in deal.tricks for c in trick}
    hand = facts.after[to_play]
    if hand is not None:
        remaining = [c for c in hand if c not in played_all]
        if led is not None and any(c.suit == led.suit for c in remaining):
            remaining = [c for c in remaining if c.suit == led.suit]
    else:
        remaining = _may_hold(deal, facts, results, to_play, played_all)
        retaken = deal.retaken or {}
        mine = {c for c in retaken.get(to_play, ()) if c not in played_all}
        if led is not None and any(c.suit == led.suit for c in mine):
            remaining = [c for c in remaining if c.suit == led.suit]
    return tuple(sorted(remaining, key=lambda c: ("SHDC".index(c.suit), -c.rank)))


def _may_hold(
    deal: PiquetDeal, facts: ExchangeFacts, results: Sequence[TrickResult], to_play: Role,
    played_all: set[Card],
) -> list[Card]:
    """Q6, his hand unknown: cards not yet seen that he may hold, minus the suits he has
    shown void in (not by a revoke recorded anyway: he held the suit), and the cards the
    other took back (PT 59 IV); a card of his own taken back he holds whatever he showed."""
    accepted = frozenset(deal.irregular)
    void = {
        t.cards[0].suit for i, t in enumerate(results)
        if len(t.cards) == 2 and t.leader != to_play and t.cards[1].suit != t.cards[0].suit
        and ("revoke", f"tricks[{i}][1]") not in accepted
    }
    retaken = deal.retaken or {}
    mine = {c for c in retaken.get(to_play, ()) if c not in played_all}
    theirs = {c for c in retaken.get(other(to_play), ()) if c not in played_all}
    excluded = facts.excluded(to_play)
    return [c for c in PIQUET_PACK
            if c not in played_all and c not in excluded and c not in theirs
            and (c.suit not in void or c in mine)]


class Retake(NamedTuple):
    """A revoke taken back (PT 59 IV): the ``tricks`` kept (up to the revoking trick's lead),
    the cards each player took back (``retaken``, in the order played), the irregularities
    recorded anyway that still stand (``irregular``: those of the play taken back go with
    it), and the ``irregularity`` with its consequence."""

    tricks: tuple[tuple[Card, ...], ...]
    retaken: Mapping[Role, tuple[Card, ...]]
    irregular: tuple[tuple[str, str], ...]
    irregularity: Irregularity


def take_back_revoke(
    deal: PiquetDeal, location: str, options: PiquetOptions = PiquetOptions()  # noqa: B008
) -> Retake:
    """PT 59 IV, the ``revoke`` option "replay": the revoke at ``location``
    (``"tricks[5][1]"``, found when it was played or proven by a later card) is put right —
    the revoking card and every card played after it are taken back into the hands that
    played them, the offender follows suit, and the play is recorded again from there "as
    though no error had been committed" (no score penalty).

    ``deal``: the deal so far, the card that proved the revoke included.

    :raises RecordError: code ``bad_irregular`` when ``location`` is not the second card of
        a trick of the deal.
    """
    index = trick_of(location)
    if index is None or index >= len(deal.tricks) or len(deal.tricks[index]) < 2 \
            or not location.endswith("[1]"):
        raise RecordError([said("bad_irregular.revoke", "Q12", location)])
    accepted = frozenset(deal.irregular)
    table = table_irregularities(deal) if deal.irregular else {}
    lone = lone_tricks(deal.tricks) if "short_hand" in table else frozenset()
    results, _ = play_tricks(deal.tricks, options, out_of_turn_tricks(accepted), lone,
                             other(table.get("short_hand", "younger")))
    back: dict[Role, list[Card]] = {r: list((deal.retaken or {}).get(r, ())) for r in ROLES}
    taken: dict[Role, list[Card]] = {"elder": [], "younger": []}
    for trick in results[index:]:
        first = 1 if trick.number - 1 == index else 0
        for position in range(first, len(trick.cards)):
            who = trick.leader if position == 0 else other(trick.leader)
            taken[who].append(trick.cards[position])
    for role in ROLES:
        back[role].extend(c for c in taken[role] if c not in back[role])
    revoked = results[index]
    offender = other(revoked.leader)
    kept_irregular = tuple(
        (code, where) for code, where in deal.irregular
        if (t := trick_of(where)) is None or t < index
        or (t == index and where.endswith("[0]")))
    item = revoke_irregularity(
        location, offender, SUIT_NAMES[revoked.cards[0].suit][:-1], "replay",
        retaken={r: tuple(taken[r]) for r in ROLES},
        revoking=(revoked.cards[1], revoked.cards[0]))
    return Retake((*deal.tricks[:index], deal.tricks[index][:1]),
                  {r: tuple(back[r]) for r in ROLES if back[r]}, kept_irregular, item)


def holder_of(deal: PiquetDeal, card: Card) -> Role | None:
    """PT 59 III, Q6: the role whose hand after the exchange is known (from the hands dealt,
    the talon and the discards, Q4) and holds ``card``, not yet played; None when no known
    hand holds it. A card sent for the player to play that only the other holds was played
    by the other: out of turn, never a card "not held" (the laws take a lead out of turn up,
    they do not void the deal).

    :raises RecordError: the record cannot be read (see :func:`progress`).
    """
    if deal.irregular:
        deal = wrong_hands(deal, table_irregularities(deal))
    played = {c for trick in deal.tricks for c in trick}
    if card in played:
        return None
    facts = check_exchange(deal, {"elder": {}, "younger": {}}, complete=False)
    return next((r for r in ROLES if (h := facts.after[r]) is not None and card in h), None)
