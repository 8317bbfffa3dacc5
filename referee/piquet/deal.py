"""The ruling on a complete Piquet deal: declarations, play, the cards, repique and pique, the log.

:func:`rule_deal` follows the rules of shared/rules/piquet.md: carte blanche (Q3), the exchange
(Q4), declarations (Q5), play (Q6), the cards and capot (Q6), repique and pique (Q7) judged in
the order of counting (Q8).  Its :class:`PiquetRuling` lists every scoring event in the order a
player counts aloud at the table (the Q10 narrative): elder's declarations, elder's first lead,
younger's declarations, then the play, then the cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from operator import itemgetter
from typing import Any, NamedTuple

from referee.cards import SUIT_NAMES, Card, card_name, describe_card
from referee.frozen import quick_init
from referee.piquet.combinations import (
    SEQUENCE_NAMES,
    SET_RANKS,
    CategoryResult,
    Claims,
    Declarations,
    announced_claims,
    best_claims,
    declare_counted,
    parse_sequences,
    parse_set,
    point_words,
    set_words,
)
from referee.piquet.counting import (
    CAPOT_POINTS,
    CARDS_POINTS,
    STEP_RULES,
    STEPS,
    Count,
    bonus_count,
    count,
    judge_q7,
)
from referee.piquet.exchange import (
    ExchangeFacts,
    check_exchange,
    is_carte_blanche,
    verify_cards,
)
from referee.piquet.irregular import (
    Irregularity,
    dealing_irregularities,
    false_call_irregularity,
    lead_out_of_turn_irregularity,
    lone_tricks,
    long_hand_irregularity,
    misdeal_irregularity,
    out_of_turn_tricks,
    penalty_counts,
    revoke_irregularity,
    set_aside_carte_blanche,
    short_hand_irregularity,
    table_irregularities,
    talon_offence_irregularity,
    talon_offence_penalty,
    trick_of,
    unmixed_breaks,
    wrong_hands,
)
from referee.piquet.play import (
    PlayPoint,
    PointTuple,
    TrickResult,
    find_revokes,
    play_tricks,
    plays_by_role,
    walk_tricks,
)
from referee.piquet.records import (
    PACK_SET,
    ROLES,
    Announcement,
    PiquetDeal,
    PiquetOptions,
    Role,
    other,
)
from referee.piquet.wording import finding
from referee.rulings import Finding, findings_dicts
from referee.violations import RecordError, Violation, said

_new = tuple.__new__  # builds a NamedTuple from a tuple without a Python-level call
_WINNER = itemgetter(3)  # a TrickResult's winner

class LogEntry(NamedTuple):
    """One scoring event, in the order a table counts aloud: ``who`` scored ``points`` for
    ``what`` (the short words: "point of six", "sixième", "lead KS", "wins trick 4", "the
    cards", "pique"...), and the running totals of the deal after it; ``note``: why, when the
    entry needs explaining (a repique counted before an earlier-said lead, Q8)."""

    who: Role
    what: str
    points: int
    elder_total: int
    younger_total: int
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (``note`` only when there is one)."""
        data: dict[str, Any] = {"who": self.who, "what": self.what, "points": self.points,
                                "elder_total": self.elder_total,
                                "younger_total": self.younger_total}
        if self.note:
            data["note"] = self.note
        return data


@quick_init
@dataclass(frozen=True, slots=True)
class PiquetRuling:
    """The ruling on one complete deal.

    ``scores``: the deal's points per role; ``tricks_won``: tricks per role;
    ``declarations``: point, sequence and sets results (Q5) with carte blanche (Q3);
    ``carte_blanche`` / ``repique`` / ``pique`` / ``capot`` / ``cards``: the role that scored
    it, or None (``cards``: who won the cards, Q6); ``tricks``: each trick's leader, cards and
    winner; ``hands``: each hand after the exchange (the cards it played), sorted;
    ``log``: every scoring event in the order a table counts aloud, with running totals;
    ``violations``: the rule breaks found (the deal is still scored); ``counts``: the counting
    records in the Q8 order (:class:`~referee.piquet.counting.Count`), the repique or pique
    right after the count that made it — the ruling is their sum.
    """

    scores: Mapping[Role, int]
    tricks_won: Mapping[Role, int]
    declarations: Declarations
    carte_blanche: Role | None
    repique: Role | None
    pique: Role | None
    capot: Role | None
    cards: Role | None
    tricks: tuple[TrickResult, ...]
    hands: Mapping[Role, tuple[Card, ...]]
    log: tuple[LogEntry, ...]
    violations: tuple[Violation, ...]
    counts: tuple[Count, ...] = ()
    irregularities: tuple[Irregularity, ...] = ()

    level = "cards"

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (cards as canonical strings, roles as "elder"/"younger"), with
        ``level`` "cards", the ``counts`` in Q8 order and what was ``verified`` / ``computed``
        / taken ``as_reported`` (the same keys as a score-sheet ruling)."""
        return {
            "level": "cards",
            "scores": dict(self.scores),
            "tricks_won": dict(self.tricks_won),
            "declarations": self.declarations.as_dict(),
            "carte_blanche": self.carte_blanche,
            "repique": self.repique,
            "pique": self.pique,
            "capot": self.capot,
            "cards": self.cards,
            "tricks": [t.as_dict() for t in self.tricks],
            "hands": {r: [card_name(c) for c in cards] for r, cards in self.hands.items()},
            "log": [e.as_dict() for e in self.log],
            "counts": [c.as_dict() for c in self.counts],
            "irregularities": [i.as_dict() for i in self.irregularities],
            **_grounds(self),
            "violations": [v.as_dict() for v in self.violations],
        }


def _grounds(ruling: PiquetRuling) -> dict[str, list[dict[str, Any]]]:
    """What a cards ruling verified and computed, step by step in the Q8 order (nothing is
    taken on trust: the cards are all there), each a :class:`~referee.rulings.Finding`
    whose code for a computed step is ``"<step>_counted"``."""
    broken = {v.code for v in ruling.violations}
    verified = [finding("tricks_checked", "Q6", broken="revoke" in broken)]
    if ruling.tricks:
        verified.append(finding("declarations_checked", "Q5", broken=any(
            v.location.startswith("declarations") for v in ruling.violations)))
    computed: list[Finding] = []
    for step in STEPS:
        found = [c for c in ruling.counts if c.step == step]
        if not found:
            continue
        if step == "play":
            sums = {r: sum(c.points for c in found if c.who == r) for r in ROLES}
            computed.append(finding("play_counted", STEP_RULES[step], elder=sums["elder"],
                                    younger=sums["younger"]))
        else:
            computed.append(finding(
                f"{step}_counted", STEP_RULES[step], who=tuple(c.who for c in found),
                what=tuple(c.what for c in found), points=tuple(c.points for c in found)))
    return {"verified": findings_dicts(verified), "computed": findings_dicts(computed),
            "as_reported": []}


def verify_tricks(
    tricks: Sequence[tuple[Card, ...]], complete: bool = True,
    lone: frozenset[int] = frozenset(),
) -> list[Violation]:
    """Q6 shape of the play: 12 tricks of 2 cards of the pack, no card played twice.

    ``complete=False`` (a deal in progress): at most 12 tricks, the last may hold 1 card, and a
    card played twice is returned as a violation instead of raised.  ``lone``: tricks that
    hold one card, the adversary of a short hand playing alone (PT 57).

    :raises RecordError: codes ``trick_count``, ``trick_size``, ``not_in_pack``,
        ``card_played_twice`` (complete deals only).
    """
    if complete and len(tricks) == 12:  # fast path: 12 tricks of 2, 24 distinct pack cards
        flat = set(chain.from_iterable(tricks))
        if len(flat) == 24 and flat <= PACK_SET and set(map(len, tricks)) == {2}:
            return []
    if len(tricks) > 12 or (complete and len(tricks) != 12):
        raise RecordError([said("trick_count", "Q6", "tricks", n=len(tricks))])
    seen: dict[Card, str] = {}
    twice: list[Violation] = []
    for i, trick in enumerate(tricks):
        last = i == len(tricks) - 1
        if len(trick) != 2 and (complete or not last or len(trick) != 1) \
                and not (i in lone and len(trick) == 1):
            raise RecordError([said("trick_size.one" if len(trick) == 1 else "trick_size", "Q6",
                                    f"tricks[{i}]", trick=i + 1, n=len(trick))])
        for pos, card in enumerate(trick):
            where = f"tricks[{i}][{pos}]"
            if card not in PACK_SET:
                raise RecordError([said("not_in_pack.played", "Q1", where,
                                        card=card_name(card))])
            if card in seen:
                violation = said("card_played_twice", "Q6", where, card=card_name(card),
                                 first=seen[card])
                if complete:
                    raise RecordError([violation])
                twice.append(violation)
            else:
                seen[card] = where
    return twice


def _most_courts_drawn(deal: PiquetDeal, role: Role) -> int:
    """Q4: the most court cards ``role`` can have drawn from the talon — the cards he took
    (his discards' count when known; else at most 5 for elder, 8 less elder's for younger),
    and, when the talon is known, no more than the court cards in his part of it."""
    exchange = deal.exchange or {}
    elder_took = len(exchange["elder"]) if "elder" in exchange else None
    if role == "elder":
        took = elder_took if elder_took is not None else 5
        start = 0
    else:
        took = len(exchange["younger"]) if "younger" in exchange else 8 - (elder_took or 1)
        start = elder_took if elder_took is not None else 1
    if deal.talon is None:
        return took
    if role == "younger" and elder_took is None:  # his part of the talon is not known exactly
        return min(took, sum(1 for c in deal.talon[1:] if c.is_court))
    return sum(1 for c in deal.talon[start:start + took] if c.is_court)


def _carte_blanche(
    deal: PiquetDeal, facts: ExchangeFacts, plays: Mapping[Role, Mapping[Card, Any]]
) -> tuple[Role | None, list[Violation]]:
    """Q3: who scores a carte blanche, from the dealt hand, or the claim when it is unknown."""
    declared = deal.declarations or {}
    violations: list[Violation] = []
    holders: list[Role] = []
    for r in ROLES:
        dealt = facts.dealt[r]
        ann = declared.get(r)
        if ann is None:  # announcing his best: a carte blanche he was dealt
            if dealt is not None and is_carte_blanche(dealt):
                holders.append(r)
            continue
        if not ann.carte_blanche:
            continue
        where = f"declarations.{r}.carte_blanche"
        if dealt is not None:
            courts = sorted((c for c in dealt if c.is_court), reverse=True)
            if courts:
                violations.append(said("carte_blanche_not_held.dealt", "Q3", where, hand=r,
                                       card=card_name(courts[0])))
                continue
        else:  # dealt hand unknown: court cards he discarded contradict the claim
            discards = (deal.exchange or {}).get(r, ())
            courts = sorted((c for c in discards if c.is_court), reverse=True)
            if courts:
                violations.append(said("carte_blanche_not_held.discarded", "Q3", where, hand=r,
                                       card=card_name(courts[0])))
                continue
            # …and so do more court cards after the exchange than he can have drawn (Q4).
            held = sum(1 for card in plays[r] if card.is_court)
            drawable = _most_courts_drawn(deal, r)
            if held > drawable:
                violations.append(said(
                    "carte_blanche_not_held.played" + (".one" if held == 1 else ""), "Q3", where,
                    hand=r, n=held, drawable=drawable))
                continue
        holders.append(r)
    if len(holders) == 2:
        for r in holders:
            violations.append(said("carte_blanche_not_held.both", "Q3",
                                   f"declarations.{r}.carte_blanche"))
        return None, violations
    return (holders[0] if holders else None), violations


def _claims(
    hands: Mapping[Role, frozenset[Card]], declarations: Mapping[Role, Announcement] | None
) -> tuple[dict[Role, Claims], list[Violation]]:
    """Q5: each role's scoring claims, from his announcement or his best."""
    claims: dict[Role, Claims] = {}
    violations: list[Violation] = []
    for r in ROLES:
        ann = declarations.get(r) if declarations else None
        if ann is None:
            claims[r] = best_claims(hands[r])
        else:
            claims[r], found = announced_claims(hands[r], ann, r)
            violations.extend(found)
    return claims, violations


def rule_deal(deal: PiquetDeal, options: PiquetOptions = PiquetOptions()) -> PiquetRuling:  # noqa: B008
    """Rule on a complete deal (12 tricks of 2 cards): every point, the scores, the violations.

    Implements Q2–Q8: the record's hands, talon and discards are checked against the play
    (Q2–Q4), the declarations against the hands after the exchange (Q5), following suit (Q6);
    the deal is scored with carte blanche, point, sequences, sets, play, the cards or capot,
    repique and pique (Q3, Q5–Q8).

    :returns: a :class:`PiquetRuling`; rule breaks that leave the deal scorable are listed in
        its ``violations``.
    :raises RecordError: when the record is too broken to score (not 12 tricks, a trick not of
        2 cards, a hand not of 12 cards, a card not in the 32-card pack, a card twice, an
        announcement that is not a combination).
    """
    accepted = frozenset(deal.irregular)
    whole = deal
    table: dict[str, Role] = {}
    lone: frozenset[int] = frozenset()
    dealing: list[Irregularity] = []
    if accepted:
        table = table_irregularities(deal)
        deal = wrong_hands(deal, table)
        dealing = dealing_irregularities(deal)  # PT 13, 14
        void = next((_void_ruling(i) for i in dealing if i.penalty == "fresh_deal"), None)
        void = void or _misdeal(deal, accepted)
        elected = (deal.elections or {}).get("talon_offence")
        if void is None and table.get("talon_offence") and talon_offence_penalty(
                elected, options.talon_offence) == "fresh_deal":  # PT 28–29
            void = _void_ruling(talon_offence_irregularity(
                table["talon_offence"], "fresh_deal", elected=elected is not None))
        if void is not None:
            return void
        if "short_hand" in table:
            lone = lone_tricks(deal.tricks)
    verify_tricks(deal.tricks, lone=lone)
    verify_cards(deal)
    results, play_points, plays = walk_tricks(deal.tricks, options,
                                              out_of_turn_tricks(accepted), lone,
                                              other(table.get("short_hand", "younger")))
    facts = check_exchange(deal, plays, complete=True)
    violations: list[Violation] = [*facts.violations, *unmixed_breaks(whole, table)]
    violations.extend(find_revokes(results, facts.after, plays, deal.retaken))
    hands: dict[Role, frozenset[Card]] = {"elder": frozenset(plays["elder"]),
                                         "younger": frozenset(plays["younger"])}
    if deal.unplayed:  # PT 58: a long hand's cards never played still bar the adversary
        hands = {r: hands[r].union(deal.unplayed.get(r, ())) for r in ROLES}
    claims, found = _claims(hands, deal.declarations)
    violations.extend(found)
    claims = _after_false_calls(claims, hands, accepted)
    blanche, found = _carte_blanche(deal, facts, plays)
    violations.extend(found)
    blanche = blanche or set_aside_carte_blanche(whole, deal)  # a hand of the wrong size
    decl, counts = declare_counted(claims, blanche)
    irregularities: list[Irregularity] = []
    if accepted:
        violations, irregularities = _recorded_anyway(violations, accepted, deal, results,
                                                      facts, hands, options)
        irregularities.extend(_at_the_table(deal, table, lone, options))
        irregularities.extend(dealing)  # PT 13: the deal stood
    if len(violations) > 1:
        violations.sort(key=_violation_order)

    won, seventh, cards_to = _the_cards(results)
    capot = cards_to if cards_to and won[cards_to] == 12 else None

    # The counting records in the Q8 order: carte blanche, point, sequences, sets, the play
    # trick by trick, the cards; then the one Q7 judge for repique and pique.
    n_declaring = len(counts)
    counts.extend(play_counts(results, play_points))
    if cards_to is not None:
        counts.append(cards_count(cards_to, won, seventh, options))
    judgement = judge_q7(counts)
    bonus = bonus_count(judgement, counts) if judgement else None
    if bonus is not None and judgement is not None:
        counts.insert(judgement.after + 1, bonus)
    if irregularities:  # Q12: after the judge, so an offender's counts still bar (PT 58)
        counts.extend(penalty_counts(counts, irregularities))

    declarations = Declarations(decl.point, decl.sequence, decl.sets, blanche, decl.scores,
                                judgement.who if judgement and bonus
                                and bonus.step == "repique" else None)
    log = table_log(counts, n_declaring + (bonus is not None and bonus.step == "repique"))
    # The deal's scores: every count once, as the log's running totals end (Q10).
    end = log[-1] if log else None
    totals: dict[Role, int] = {"elder": end.elder_total if end else 0,
                               "younger": end.younger_total if end else 0}
    return PiquetRuling(
        scores=totals,
        tricks_won=won,
        declarations=declarations,
        carte_blanche=blanche,
        repique=declarations.repique,
        pique=judgement.who if judgement and judgement.kind == "pique" else None,
        capot=capot,
        cards=cards_to,
        tricks=tuple(results),
        hands={"elder": tuple(sorted(hands["elder"], key=_CARD_ORDER.__getitem__)),
               "younger": tuple(sorted(hands["younger"], key=_CARD_ORDER.__getitem__))},
        log=log,
        violations=tuple(violations),
        counts=tuple(counts),
        irregularities=tuple(irregularities),
    )


def _the_cards(
    results: Sequence[TrickResult],
) -> tuple[dict[Role, int], int | None, Role | None]:
    """Q6 the cards: the tricks each role won, the index of the trick that was someone's
    seventh, and who has the cards (more tricks: 10, all twelve, capot: 40; six each: nobody).
    """
    winners = list(map(_WINNER, results))
    assert None not in winners
    won: dict[Role, int] = {"elder": winners.count("elder"), "younger": winners.count("younger")}
    seventh: int | None = None
    for who, tricks in won.items():
        if tricks >= 7:  # the trick after his first six won
            seventh = -1
            for _ in range(7):
                seventh = winners.index(who, seventh + 1)
    cards_to: Role | None = None
    if won["elder"] != won["younger"]:
        cards_to = "elder" if won["elder"] > won["younger"] else "younger"
    return won, seventh, cards_to


def _misdeal(deal: PiquetDeal, accepted: frozenset[tuple[str, str]]) -> PiquetRuling | None:
    """Q12: a wrong number of cards dealt (or 9 in the talon) recorded anyway: a fresh deal
    by the same dealer, this one scoring nothing (PT 10–14, 39–43)."""
    try:
        verify_cards(deal)
    except RecordError as error:
        first = error.violations[0]
        if first.code not in ("hand_size", "talon_size") \
                or (first.code, first.location) not in accepted:
            raise
        return _void_ruling(misdeal_irregularity(first.location, first))
    return None


def _void_ruling(item: Irregularity) -> PiquetRuling:
    """A deal that scores nothing and is dealt again (a misdeal, PT 10–14; a fresh deal the
    other player elects after a talon offence, PT 28–29)."""
    nothing = CategoryResult(None, 0, 0)
    none: dict[Role, int] = {"elder": 0, "younger": 0}
    return PiquetRuling(
        scores=dict(none), tricks_won=dict(none),
        declarations=Declarations(nothing, nothing, nothing, None, dict(none), None),
        carte_blanche=None, repique=None, pique=None, capot=None, cards=None, tricks=(),
        hands={"elder": (), "younger": ()}, log=(), violations=(), irregularities=(item,),
    )


def _at_the_table(
    deal: PiquetDeal, table: Mapping[str, Role], lone: frozenset[int], options: PiquetOptions
) -> list[Irregularity]:
    """Q12: the irregularities found at the table (not violations of the record): a hand of
    more or fewer than twelve cards in play (PT 57, 58), a talon offence (PT 27–29, 33, 35)."""
    found: list[Irregularity] = []
    if "long_hand" in table:
        role = table["long_hand"]
        found.append(long_hand_irregularity(
            role, len((deal.unplayed or {}).get(role, ())), options.long_hand))
    if "short_hand" in table:
        found.append(short_hand_irregularity(table["short_hand"], len(lone)))
    if "talon_offence" in table:
        elected = (deal.elections or {}).get("talon_offence") is not None
        found.append(talon_offence_irregularity(table["talon_offence"], "reckon_nothing",
                                                elected=elected))
    return found


def _recorded_anyway(
    violations: list[Violation],
    accepted: frozenset[tuple[str, str]],
    deal: PiquetDeal,
    results: Sequence[TrickResult],
    facts: ExchangeFacts,
    hands: Mapping[Role, frozenset[Card]],
    options: PiquetOptions,
) -> tuple[list[Violation], list[Irregularity]]:
    """Q12: the violations the table recorded anyway become irregularities with their
    penalty; a revoke under ``revoke: "replay"`` still asks for the replay."""
    kept: list[Violation] = []
    found: list[Irregularity] = []
    for v in violations:
        if (v.code, v.location) not in accepted:
            kept.append(v)
        elif v.code == "revoke":
            item = _revoke(results, v.location, options)
            found.append(item)
            if options.revoke == "replay":
                kept.append(_replay_required(results, v.location))
        elif v.code == "announcement_not_held":
            role: Role = "elder" if v.location.startswith("declarations.elder") else "younger"
            found.append(_false_call(deal, facts, hands[role], role, v.location, options))
        else:
            kept.append(v)
    for i in sorted(out_of_turn_tricks(accepted)):
        if i < len(results):
            found.append(lead_out_of_turn_irregularity(f"tricks[{i}][0]", results[i].leader))
    return kept, found


def revoke_of(
    deal: PiquetDeal, location: str, options: PiquetOptions = PiquetOptions()  # noqa: B008
) -> Irregularity:
    """A revoke recorded anyway (PT 59 IV), at ``location`` (``"tricks[5][1]"``) of the deal
    so far or complete, with the penalty of the table's ``revoke`` option: the one decision
    the dry run, the stored irregularity and the ruling read (under "replay" a deal in
    progress is put right by :func:`referee.piquet.progress.take_back_revoke`).

    :raises RecordError: the record cannot be read.
    """
    accepted = frozenset(deal.irregular)
    results, _ = play_tricks(deal.tricks, options, out_of_turn_tricks(accepted))
    return _revoke(results, location, options)


def _replay_required(results: Sequence[TrickResult], location: str) -> Violation:
    """Q12, PT 59 IV: a revoke recorded anyway under ``revoke: "replay"`` asks for the
    replay (the sentence of :func:`revoke_irregularity`'s consequence)."""
    trick = results[trick_of(location) or 0]
    offender = other(trick.leader)
    if len(trick.cards) != 2:
        return said("replay_required", "Q12", location, hand=offender,
                    trick=(trick_of(location) or 0) + 1, suit=trick.cards[0].suit)
    return said("replay_required.cards", "Q12", location, hand=offender,
                trick=(trick_of(location) or 0) + 1, card=str(trick.cards[1]),
                lead=str(trick.cards[0]), suit=trick.cards[0].suit)


def _revoke(results: Sequence[TrickResult], location: str, options: PiquetOptions) -> Irregularity:
    trick = results[trick_of(location) or 0]
    suit = SUIT_NAMES[trick.cards[0].suit][:-1]
    revoking = (trick.cards[1], trick.cards[0]) if len(trick.cards) == 2 else None
    return revoke_irregularity(location, other(trick.leader), suit, options.revoke,
                               revoking=revoking)


def false_call_of(
    deal: PiquetDeal, location: str, options: PiquetOptions = PiquetOptions()  # noqa: B008
) -> Irregularity:
    """A call of what one does not hold, recorded anyway (PT 52–54): the irregularity and its
    penalty, decided from what the record knows — the one decision the dry run, the stored
    irregularity and the ruling all read.

    ``deal``: the deal so far or complete; ``location``: the call
    (``"declarations.elder.point"``). His hand after the exchange is the cards he played when
    the deal is complete, else his known hand (dealt, talon and exchange); with his discard it
    says whether he could have held the call (PT 54) or misnamed one he holds (PT 53).

    :raises RecordError: the record cannot be read.
    """
    accepted = frozenset(deal.irregular)
    results, _ = play_tricks(deal.tricks, options, out_of_turn_tricks(accepted))
    plays = plays_by_role(results)
    complete = len(deal.tricks) == 12 and all(len(t) == 2 for t in deal.tricks)
    facts = check_exchange(deal, plays, complete=complete)
    role: Role = "elder" if location.startswith("declarations.elder") else "younger"
    known = facts.after[role]
    hand = frozenset(plays[role]) if complete else known
    return _false_call(deal, facts, hand, role, location, options)


def _false_call(
    deal: PiquetDeal, facts: ExchangeFacts, hand: frozenset[Card] | None, role: Role,
    location: str, options: PiquetOptions,
) -> Irregularity:
    """PT 52–54: the false call at ``location`` with its penalty; see :func:`false_call_of`."""
    announcement = (deal.declarations or {}).get(role)
    call = _call_words(announcement, location)
    discards = facts.discards[role]
    exempt: str | None = None
    if announcement is not None and hand is not None and discards is not None:
        _, found = announced_claims(hand | discards, announcement, role)
        if any(v.location == location for v in found):
            exempt = "misnomer" if _misnamed(hand, announcement, location) else "impossible"
    return false_call_irregularity(location, role, options.false_call, exempt, call)


#: The categories a call's location names (``declarations.elder.sets[0]`` → ``sets``), as
#: the fields of :class:`Claims` they are claimed in.
_CALLED = {"point": "point", "sequence": "sequences", "sets": "sets"}


def _after_false_calls(
    claims: dict[Role, Claims], hands: Mapping[Role, frozenset[Card]],
    accepted: frozenset[tuple[str, str]],
) -> dict[Role, Claims]:
    """PT 54, Case II: after a false call recorded anyway, the adversary "may reckon anything
    he has good, which is not barred by a correct call of the player in error": in the false
    call's category he claims his best (what he held, even if he allowed the call good and
    sank it), and only the offender's correct calls there still bar it (Q5 compares them).
    ``hands``: each role's cards after the exchange; :returns: the claims to count."""
    out = dict(claims)
    for code, location in accepted:
        field = _CALLED.get(_category(location).split("[")[0])
        if code != "announcement_not_held" or field is None:  # a carte blanche: no category
            continue
        adversary = other("elder" if location.startswith("declarations.elder") else "younger")
        best = best_claims(hands[adversary])
        out[adversary] = replace(out[adversary], **{field: getattr(best, field)})
    return out


def _category(location: str) -> str:
    """The part of a call's ``location`` that names its category: ``"point"``,
    ``"sequence"``, ``"sets[1]"`` of ``"declarations.elder.sets[1]"``; "" when it names none."""
    return location.split(".")[2] if location.count(".") >= 2 else ""


def _call_words(announcement: Announcement | None, location: str) -> tuple[str, str]:
    """The call at ``location`` as ``(kind, words)``: ``("point", "point of seven")``,
    ``("sequence", "quint:A")`` (as announced), ``("set", "trio of tens")``; ``("", "")``
    when it is not known ("a combination": :meth:`referee.violations.Words.call`)."""
    if announcement is None:
        return ("", "")
    category = _category(location)
    if category == "point" and announcement.point is not None:
        return ("point", point_words(announcement.point))
    if category == "sequence" and announcement.sequence:
        return ("sequence", str(announcement.sequence))
    if category.startswith("sets["):
        index = int(category[len("sets["):].rstrip("]"))
        if index < len(announcement.sets):
            size, rank = parse_set(announcement.sets[index])
            return ("set", set_words(size, rank))
    return ("", "")


def _misnamed(hand: frozenset[Card], announcement: Announcement, location: str) -> bool:
    """PT 53: he holds a combination of the counting value called (a sequence of that length,
    a set of that size) under another name (its top card, its rank)."""
    category = _category(location)
    if category == "sequence" and announcement.sequence:
        lengths = [n for n, _ in parse_sequences(announcement.sequence)]
        plain = ", ".join(SEQUENCE_NAMES[n] for n in lengths)
        _, found = announced_claims(hand, Announcement(sequence=plain), "elder")
        return not found
    if category.startswith("sets["):
        index = int(category[len("sets["):].rstrip("]"))
        if index < len(announcement.sets):
            size, rank = parse_set(announcement.sets[index])
            return any(r != rank and sum(1 for c in hand if c.rank == r) >= size
                       for r in SET_RANKS)
    return False


def play_counts(
    results: Sequence[TrickResult], play_points: Sequence[PlayPoint | PointTuple]
) -> list[Count]:
    """Q6: the points in play as counting records, trick by trick: "lead of the king of
    spades", "trick 4 won with the jack of spades", "the last trick". ``play_points``:
    :class:`PlayPoint` values or their plain tuples (:func:`walk_tricks`)."""
    out: list[Count] = []
    known = _PLAY_COUNTS.get
    for point in play_points:
        found = known(point)  # a lead or the last trick, 1 point
        if found is None and point[1][0] == "w":  # a trick won: with which card
            found = known((point, results[point[3]].cards[1]))
        out.append(found or _play_count(point, results))
    return out


def _play_count(point: PlayPoint | PointTuple, results: Sequence[TrickResult]) -> Count:
    """Q6: one point in play as its counting record."""
    who, said, points, trick = point
    cards = results[trick].cards
    if said[0] == "l":
        what = _LEAD_FULL[cards[0]] if said[1] == "e" else "the last trick"
    else:
        what = _WIN_FULL[trick, cards[1]]
    return _new(Count, (who, what, points, "playing", "Q6", "play", said, trick, points, ""))


def cards_count(
    to: Role, won: Mapping[Role, int], seventh: int | None, options: PiquetOptions
) -> Count:
    """Q6 the cards (10) or capot (40) as a counting record; for Q7 only 10 count, from the
    seventh trick won (option ``cards_count_for_pique``)."""
    trick = seventh if options.cards_count_for_pique else None
    if won[to] == 12:
        return count(to, "capot, all twelve tricks", CAPOT_POINTS, "the cards", "cards", "capot",
                     trick, CARDS_POINTS)
    what = f"the cards, {won[to]} tricks to {won[other(to)]}"
    return count(to, what, CARDS_POINTS, "the cards", "cards", "the cards", trick)


def table_log(counts: Sequence[Count], n_declaring: int) -> tuple[LogEntry, ...]:
    """The running log in the order a table counts aloud (Q5, Q10): carte blanche, the elder
    hand's declarations, his first lead, the younger hand's declarations, then the play and
    the cards; a repique or pique right after the count that made it.

    ``counts``: the counting records in Q8 order, the repique (if any) among the first
    ``n_declaring``.
    """
    rest = list(counts[n_declaring:])
    order: list[Count] = []  # carte blanche first
    elders: list[Count] = []
    youngers: list[Count] = []
    for c in counts[:n_declaring]:
        (order if c.step == "carte_blanche" else elders if c.who == "elder"
         else youngers).append(c)
    order += elders
    if rest and rest[0].step == "play" and rest[0].trick == 0 and rest[0].who == "elder":
        order.append(rest.pop(0))  # elder leads before younger declares (Q5)
        if rest and rest[0].step == "pique":
            order.append(rest.pop(0))  # 29 in hand and the first lead (Q7)
    order += youngers
    order += rest
    elder_total = younger_total = 0
    log: list[LogEntry] = []
    for c in order:
        if c.who == "elder":
            elder_total += c.points
        else:
            younger_total += c.points
        log.append(_new(LogEntry, (c.who, c.said, c.points, elder_total, younger_total,
                                   c.note)))
    return tuple(log)


_LEAD_FULL: dict[Card, str] = {c: f"lead of the {describe_card(c)}" for c in PACK_SET}
_WIN_FULL: dict[tuple[int, Card], str] = {
    (t, c): f"trick {t + 1} won with the {describe_card(c)}" for t in range(12) for c in PACK_SET
}

#: Q6: the counting record of every 1-point play point a deal can hold, built once from the
#: rule by :func:`_play_count`: a lead (keyed by its :class:`PlayPoint`), the last trick, a
#: trick won (keyed by the point and the winning card). Values are immutable and shared.
def _play_count_table() -> dict[Any, Count]:
    table: dict[Any, Count] = {}
    for who in ROLES:
        for trick in range(12):
            win = PlayPoint(who, f"wins trick {trick + 1}", 1, trick)
            for card in PACK_SET:
                lead = PlayPoint(who, f"lead {card_name(card)}", 1, trick)
                tricks = [TrickResult(trick + 1, who, (card, card), who)] * 12
                table[lead] = _play_count(lead, tricks)
                table[win, card] = _play_count(win, tricks)
                last = PlayPoint(who, "last trick", 1, 11)
                table[last] = _play_count(last, tricks)
    return table


_PLAY_COUNTS = _play_count_table()

#: Display order of cards in a hand: spades to clubs, ace to seven.
_CARD_ORDER: dict[Card, int] = {
    card: i for i, card in enumerate(sorted(PACK_SET, key=lambda c: ("SHDC".index(c.suit),
                                                                     -c.rank)))
}


def _violation_order(v: Violation) -> tuple[int, str]:
    for i, prefix in enumerate(("dealt", "talon", "exchange", "declarations", "tricks")):
        if v.location.startswith(prefix):
            return i, _location_key(v.location)
    return 9, v.location


def _location_key(location: str) -> str:
    # Zero-pad indices so that tricks[10] sorts after tricks[9].
    out, num = [], ""
    for ch in location:
        if ch.isdigit():
            num += ch
            continue
        if num:
            out.append(num.zfill(3))
            num = ""
        out.append(ch)
    if num:
        out.append(num.zfill(3))
    return "".join(out)
