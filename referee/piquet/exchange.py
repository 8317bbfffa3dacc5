"""Q2–Q4: the deal, carte blanche and the exchange, checked against the cards played.

Elder discards 1 to 5 cards and takes that many from the top of the talon; younger discards 1
to (8 − elder's count) and takes the next ones in order (Q4).  Whatever the record gives
(hands as dealt, talon, discards) is checked against the cards each player played; what it
does not give is inferred where the other parts determine it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import chain
from typing import Any

from referee.cards import Card, card_name
from referee.frozen import quick_init
from referee.piquet.records import PACK_SET, ROLES, TAKEN_IN, PiquetDeal, Role, other
from referee.violations import RecordError, Violation, said

#: Where each card was played: card → (trick index, position in trick).
Plays = Mapping[Card, tuple[int, int]]


#: The twelve court cards (Q3): kings, queens and jacks.
COURT_CARDS: frozenset[Card] = frozenset(c for c in PACK_SET if c.is_court)


#: Elder stood a wrong deal (PT 11, 40–43): the record's ``irregular`` lists it so.
STANDS = ("deal_stands", "elder")

#: The wrong deals elder may stand (PT 11, 40–43) by the cards dealt to (elder, younger):
#: the law and the talon's size. Any other wrong deal is a fresh deal (PT 11, 12).
STANDING_DEALS: dict[tuple[int, int], tuple[str, int]] = {
    (13, 11): ("PT 40", 8), (13, 12): ("PT 41", 7), (11, 13): ("PT 42", 8), (12, 13): ("PT 43", 7),
}


def standing_law(dealt: Mapping[Role, tuple[Card, ...]] | None) -> str | None:
    """The law under which elder may stand a deal with these hands as dealt ("PT 40"…"PT
    43"), or None: both hands of twelve, a hand unknown, or more than one card wrong."""
    if not dealt or len(dealt) != 2:
        return None
    found = STANDING_DEALS.get((len(dealt["elder"]), len(dealt["younger"])))
    return None if found is None else found[0]


def taken_in_unannounced(deal: PiquetDeal) -> bool:
    """PT 39: the record says elder, dealt 11 or 13, took in without announcing it (the
    election :data:`~referee.piquet.records.TAKEN_IN` of its ``deal_stands`` entry)."""
    return STANDS in deal.irregular and (deal.elections or {}).get("deal_stands") == TAKEN_IN


def extra_taken(deal: PiquetDeal) -> dict[Role, int]:
    """How many more talon cards each hand takes in than it discards: 0 each, but when elder
    stood a wrong deal (:data:`STANDS`, PT 40–43) 12 minus the cards dealt it, so that each
    plays with twelve — a hand of thirteen discards one more than it takes in, one of eleven
    one fewer (none if it takes one)."""
    if STANDS not in deal.irregular or standing_law(deal.dealt) is None:
        return {"elder": 0, "younger": 0}
    dealt = deal.dealt or {}
    return {r: 12 - len(dealt[r]) for r in ROLES}


def is_carte_blanche(dealt: frozenset[Card] | tuple[Card, ...]) -> bool:
    """Q3: a hand as dealt with no court card (no K, Q or J)."""
    return COURT_CARDS.isdisjoint(dealt)


def _error(message_code: str, rule: str, location: str, **params: Any) -> RecordError:
    return RecordError([said(message_code, rule, location, **params)])


def verify_cards(deal: PiquetDeal) -> None:
    """Q1/Q2: the cards of the record are cards of the 32-card pack, each dealt once.

    Hands as dealt hold 12 cards, the talon 8; no card is in two of them or discarded twice.

    :raises RecordError: codes ``hand_size``, ``talon_size``, ``not_in_pack``,
        ``duplicate_card``.
    """
    if STANDS not in deal.irregular and _cards_all_right(deal):
        return
    owner: dict[Card, str] = {}
    for where, cards in _dealt_parts(deal):
        for i, card in enumerate(cards):
            if card not in PACK_SET:
                raise _error("not_in_pack", "Q1", f"{where}[{i}]", card=card_name(card))
            if card in owner:
                raise _error("duplicate_card.dealt", "Q2", f"{where}[{i}]",
                             card=card_name(card), first=owner[card], second=where)
            owner[card] = where
    discarded: dict[Card, str] = {}
    for role, cards in (deal.exchange or {}).items():
        for i, card in enumerate(cards):
            where = f"exchange.{role}[{i}]"
            if card not in PACK_SET:
                raise _error("not_in_pack", "Q1", where, card=card_name(card))
            if card in discarded:
                raise _error("duplicate_card.discarded", "Q4", where, card=card_name(card))
            discarded[card] = where


_TWELVE = frozenset((12,))  # the size of a hand as dealt (Q2)


def _cards_all_right(deal: PiquetDeal) -> bool:
    """The fast path of :func:`verify_cards` (Q1, Q2): right sizes, all distinct cards of the
    pack."""
    dealt, talon, exchange = deal.dealt or {}, deal.talon, deal.exchange or {}
    if not _TWELVE.issuperset(map(len, dealt.values())) or (
        talon is not None and len(talon) != 8
    ):
        return False
    given = [*chain.from_iterable(dealt.values())]
    if talon is not None:
        given.extend(talon)
    discards = [*chain.from_iterable(exchange.values())]
    seen, thrown = set(given), set(discards)
    return (len(seen) == len(given) and len(thrown) == len(discards)
            and seen <= PACK_SET and thrown <= PACK_SET)


def _dealt_parts(deal: PiquetDeal) -> list[tuple[str, tuple[Card, ...]]]:
    """The hands as dealt and the talon, each with its place in the record, their sizes
    checked (Q2).

    :raises RecordError: ``hand_size``, ``talon_size``.
    """
    parts: list[tuple[str, tuple[Card, ...]]] = []
    sizes = {"elder": 12, "younger": 12}
    talon_size = 8
    if STANDS in deal.irregular:  # PT 11, 40–43: elder stood a deal one card wrong
        if standing_law(deal.dealt) is None:
            raise _error("bad_irregular.stands", "Q12", "dealt")
        dealt_now = deal.dealt or {}
        sizes = {r: len(dealt_now[r]) for r in ROLES}
        if sizes["elder"] == 12 and taken_in_unannounced(deal):  # PT 39: 11 or 13 only
            raise _error("bad_irregular.taken_in", "Q12", "irregular", n=12)
        talon_size = 32 - sizes["elder"] - sizes["younger"]
    for role, cards in (deal.dealt or {}).items():
        if len(cards) != sizes[role]:
            raise _error("hand_size.dealt" + (".one" if len(cards) == 1 else ""), "Q2",
                         f"dealt.{role}", hand=role, n=len(cards))
        parts.append((f"dealt.{role}", cards))
    if deal.talon is not None:
        if len(deal.talon) != talon_size:
            raise _error("talon_size" if talon_size == 8 else "talon_size.seven", "Q2", "talon",
                         n=len(deal.talon))
        parts.append(("talon", deal.talon))
    return parts


@quick_init
@dataclass(frozen=True, slots=True)
class ExchangeFacts:
    """What the record says or implies about each hand (Q2–Q4).

    ``dealt``: the hand as dealt (given or inferred), or None; ``after``: the hand after the
    exchange as the deal, talon and discards give it (not from the play), or None;
    ``discards`` / ``taken``: each player's discards and talon cards taken, when known;
    ``violations``: Q4/Q6 breaks found (counts, discards, cards not held).
    """

    dealt: Mapping[Role, frozenset[Card] | None]
    after: Mapping[Role, frozenset[Card] | None]
    discards: Mapping[Role, frozenset[Card] | None]
    taken: Mapping[Role, tuple[Card, ...] | None]
    talon: tuple[Card, ...] | None
    violations: tuple[Violation, ...]

    def excluded(self, role: Role) -> dict[Card, str]:
        """Cards ``role`` cannot hold after the exchange, each with the reason's code:
        ``"not_taken"`` (a talon card he did not take), ``"dealt_to_other"``,
        ``"discarded_by_other"``, ``"not_in_hand"`` (his hand after the exchange is known),
        ``"discarded"`` (his own discard, Q4)."""
        o = other(role)
        ex: dict[Card, str] = {}
        talon, mine = self.talon, self.taken[role]
        if talon is not None:
            if mine is not None:
                for card in talon:
                    if card not in mine:
                        ex[card] = "not_taken"
            else:
                theirs = self.taken[o]
                for card in talon[5:] if role == "elder" else theirs or ():
                    ex[card] = "not_taken"
        for card in self.dealt[o] or ():
            ex[card] = "dealt_to_other"
        for card in self.discards[o] or ():
            ex[card] = "discarded_by_other"
        held = self.after[role]
        if held is not None:
            for card in PACK_SET - held:
                ex.setdefault(card, "not_in_hand")
        for card in self.discards[role] or ():
            ex[card] = "discarded"
        return ex

    def forbidden(self, role: Role) -> frozenset[Card]:
        """The cards of :meth:`excluded` as a set (fast path)."""
        held = self.after[role]
        if held is not None:
            return PACK_SET - held
        return frozenset(self.excluded(role))


_NONE: Mapping[Role, None] = {"elder": None, "younger": None}
_NOTHING_KNOWN = ExchangeFacts(_NONE, _NONE, _NONE, _NONE, None, ())


def _all_known(
    dealt: Mapping[Role, tuple[Card, ...]],
    exchange: Mapping[Role, tuple[Card, ...]],
    talon: tuple[Card, ...],
    plays: Mapping[Role, Plays],
) -> ExchangeFacts | None:
    """Fast path for a complete record that is legal (Q4); None when anything is off."""
    d_e, d_y = frozenset(dealt["elder"]), frozenset(dealt["younger"])
    x_e, x_y = frozenset(exchange["elder"]), frozenset(exchange["younger"])
    n_e, n_y = len(x_e), len(x_y)
    if not (1 <= n_e <= 5 and 1 <= n_y <= 8 - n_e and x_e <= d_e and x_y <= d_y):
        return None
    t_e, t_y = talon[:n_e], talon[n_e:n_e + n_y]
    a_e, a_y = (d_e - x_e).union(t_e), (d_y - x_y).union(t_y)
    if a_e != plays["elder"].keys() or a_y != plays["younger"].keys():
        return None
    return ExchangeFacts({"elder": d_e, "younger": d_y}, {"elder": a_e, "younger": a_y},
                         {"elder": x_e, "younger": x_y}, {"elder": t_e, "younger": t_y},
                         talon, ())


def check_exchange(
    deal: PiquetDeal, plays: Mapping[Role, Plays], complete: bool
) -> ExchangeFacts:
    """Q4: check the exchange against the record and the cards each player played.

    ``plays``: each role's played cards with their (trick index, position); ``complete``: all
    12 tricks are played, so each player's hand after the exchange is exactly what he played.
    Assumes :func:`verify_cards` passed.
    """
    dealt_given = deal.dealt or {}
    exchange = deal.exchange or {}
    talon = deal.talon
    if not dealt_given and not exchange and talon is None:  # nothing to check
        return _NOTHING_KNOWN
    extra = extra_taken(deal)  # PT 40–43: a wrong deal stood
    stood = any(extra.values())
    if complete and not stood and len(dealt_given) == 2 and len(exchange) == 2 \
            and talon is not None:
        facts = _all_known(dealt_given, exchange, talon, plays)
        if facts is not None:
            return facts
    dealt: dict[Role, frozenset[Card] | None] = {
        r: frozenset(dealt_given[r]) if r in dealt_given else None for r in ROLES
    }
    discards, counts, where_count, violations = _discards(exchange, dealt, plays, complete)
    if stood:
        violations.extend(_standing_count_breaks(counts, where_count, extra,
                                                 standing_law(deal.dealt) or "",
                                                 taken_in_unannounced(deal)))
    else:
        violations.extend(_count_breaks(counts, where_count))
    taken = _taken(talon, {r: None if n is None else n + extra[r] for r, n in counts.items()},
                   dealt, plays, complete)
    after: dict[Role, frozenset[Card] | None] = {}
    for r in ROLES:
        d, x, t = dealt[r], discards[r], taken[r]
        after[r] = (d - x) | frozenset(t) if d is not None and x is not None and t is not None \
            else None
        if d is None and x is not None and t is not None and complete:
            inferred = (frozenset(plays[r]) - frozenset(t)) | x
            if len(inferred) == 12:
                dealt[r] = inferred
    facts = ExchangeFacts(dealt, after, discards, taken, talon, ())
    violations.extend(_played_not_held(facts, plays))
    if complete:
        _unplayed(deal, dealt, discards, taken, plays, violations)
    return ExchangeFacts(dealt, after, discards, taken, talon, tuple(violations))


def with_plays(facts: ExchangeFacts, plays: Mapping[Role, Plays]) -> ExchangeFacts:
    """Q4, Q6: ``facts`` of a deal in progress as the record alone gives them
    (:func:`check_exchange` with no card played, ``complete`` False) checked against the cards
    each player played: the same as :func:`check_exchange` with ``plays`` (a card he cannot
    hold is the only break the play of a deal in progress adds)."""
    found = _played_not_held(facts, plays)
    if not found:
        return facts
    return ExchangeFacts(facts.dealt, facts.after, facts.discards, facts.taken, facts.talon,
                         (*facts.violations, *found))


def _discards(
    exchange: Mapping[Role, tuple[Card, ...]],
    dealt: Mapping[Role, frozenset[Card] | None],
    plays: Mapping[Role, Plays],
    complete: bool,
) -> tuple[dict[Role, frozenset[Card] | None], dict[Role, int | None], dict[Role, str],
           list[Violation]]:
    """Q4: each role's discards (given, or in a complete deal the dealt cards he did not
    play), their count, where the count is read from, and discards he was not dealt."""
    violations: list[Violation] = []
    discards: dict[Role, frozenset[Card] | None] = {}
    counts: dict[Role, int | None] = {}
    where_count: dict[Role, str] = {}
    for r in ROLES:
        d = dealt[r]
        if r in exchange:
            discards[r] = frozenset(exchange[r])
            counts[r] = len(exchange[r])
            where_count[r] = f"exchange.{r}"
            if d is not None:
                violations.extend(
                    said("discard_not_held", "Q4", f"exchange.{r}[{i}]", hand=r,
                         card=card_name(card))
                    for i, card in enumerate(exchange[r]) if card not in d)
        elif d is not None and complete:
            discards[r] = d - plays[r].keys()
            counts[r] = len(discards[r] or ())
            where_count[r] = f"dealt.{r}"
        else:
            discards[r] = None
            counts[r] = None
    return discards, counts, where_count, violations


def _count_breaks(
    counts: Mapping[Role, int | None], where_count: Mapping[Role, str]
) -> list[Violation]:
    """Q4 counts: elder exchanges 1..5 cards, younger 1..(8 - elder's count)."""
    violations = []
    n_e, n_y = counts["elder"], counts["younger"]
    if n_e is not None and not 1 <= n_e <= 5:
        violations.append(said("exchange_count.elder", "Q4", where_count["elder"], n=n_e))
    if n_y is not None:
        most = 8 - n_e if n_e is not None and 1 <= n_e <= 5 else 7
        if not 1 <= n_y <= most:
            violations.append(said("exchange_count.younger", "Q4", where_count["younger"],
                                   most=most, n=n_y))
    return violations


def _standing_count_breaks(
    counts: Mapping[Role, int | None], where_count: Mapping[Role, str],
    extra: Mapping[Role, int], law: str, taken_in: bool = False,
) -> list[Violation]:
    """PT 40–43, a wrong deal elder stood: each hand takes in 1 card or more (elder at most
    five), discarding ``extra`` fewer than it takes in (a hand of thirteen at least two, one
    of eleven none if it takes one), so that each plays with twelve; younger takes at most
    what elder left of the talon (32 minus the cards dealt). ``taken_in``: elder took in
    without announcing his 11 or 13 (PT 39): he must leave at least three cards for younger,
    so takes at most the talon's size less three (four of a talon of seven, where PT 41 lets
    an elder who stood take all five)."""
    violations = []
    talon = 8 + extra["elder"] + extra["younger"]  # 32 less the cards dealt
    n_e, n_y = counts["elder"], counts["younger"]
    took_e = None if n_e is None else n_e + extra["elder"]
    words = {1: "fewer", 0: "same", -1: "more"}
    most_e = min(5, talon - 3) if taken_in else 5
    if took_e is not None and not 1 <= took_e <= most_e:
        if taken_in:  # PT 39: at least three cards left for younger
            violations.append(said(
                f"exchange_count.taken_in.{words[extra['elder']]}", "Q4", where_count["elder"],
                cards=12 - extra["elder"], law=law, most=most_e, took=took_e))
        else:
            violations.append(said(
                f"exchange_count.stands.elder.{words[extra['elder']]}", "Q4",
                where_count["elder"], law=law, n=n_e))
        took_e = None
    if n_y is not None:
        most = talon - took_e if took_e is not None else talon - 1
        took_y = n_y + extra["younger"]
        if not 1 <= took_y <= most:
            violations.append(said(
                f"exchange_count.stands.younger.{words[extra['younger']]}", "Q4",
                where_count["younger"], most=most, law=law, n=n_y))
    return violations


def _taken(
    talon: tuple[Card, ...] | None,
    counts: Mapping[Role, int | None],
    dealt: Mapping[Role, frozenset[Card] | None],
    plays: Mapping[Role, Plays],
    complete: bool,
) -> dict[Role, tuple[Card, ...] | None]:
    """Q4: the talon cards each role took, elder the top ones, younger the next, when known
    (else, in a complete deal, the cards he played that he was not dealt)."""
    taken: dict[Role, tuple[Card, ...] | None] = {"elder": None, "younger": None}
    n_e, n_y = counts["elder"], counts["younger"]
    if talon is not None and n_e is not None:
        taken["elder"] = talon[:n_e]
        if n_y is not None:
            taken["younger"] = talon[n_e:n_e + n_y]
    elif complete:
        for r in ROLES:
            d = dealt[r]
            if d is not None:
                taken[r] = tuple(c for c in plays[r] if c not in d)
    return taken


def _played_not_held(facts: ExchangeFacts, plays: Mapping[Role, Plays]) -> list[Violation]:
    """Played cards he cannot hold (Q6 "a card not held"; a discard played, Q4)."""
    violations = []
    for r in ROLES:
        bad = plays[r].keys() & facts.forbidden(r)
        if not bad:
            continue
        ex = facts.excluded(r)
        for card in sorted(bad, key=plays[r].__getitem__):
            i, pos = plays[r][card]
            reason = ex[card]
            code, rule = ("discard_played", "Q4") if reason == "discarded" \
                else ("card_not_held", "Q6")
            violations.append(said(f"{code}.{reason}", rule, f"tricks[{i}][{pos}]",
                                   trick=i + 1, hand=r, card=card_name(card)))
    return violations


def _unplayed(
    deal: PiquetDeal,
    dealt: Mapping[Role, frozenset[Card] | None],
    discards: Mapping[Role, frozenset[Card] | None],
    taken: Mapping[Role, tuple[Card, ...] | None],
    plays: Mapping[Role, Plays],
    violations: list[Violation],
) -> None:
    """Q4: in a complete deal every card kept or taken is played by its holder."""
    dealt_given = deal.dealt or {}
    for r in ROLES:
        x = discards[r]
        if r in dealt_given and x is not None:
            for i, card in enumerate(dealt_given[r]):
                if card not in x and card not in plays[r]:
                    violations.append(said("card_not_played.kept", "Q4", f"dealt.{r}[{i}]",
                                           hand=r, card=card_name(card)))
        t = taken[r]
        if t is not None and deal.talon is not None:
            start = 0 if r == "elder" else len(taken["elder"] or ())
            for k, card in enumerate(t):
                if card not in plays[r]:
                    violations.append(said("card_not_played.taken", "Q4", f"talon[{start + k}]",
                                           hand=r, card=card_name(card)))
