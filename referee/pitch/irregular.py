"""P10 Irregularities that really happened and were recorded anyway, and their penalties.

At a real table a revoke is proven after the fact, a player leads or bids out of turn, a
dealer gives someone five cards. The record keeps them in its ``irregular`` list
(:class:`~referee.pitch.records.Irregularity`) instead of being refused, and the ruling
applies the penalty the table chose (:class:`~referee.pitch.records.PitchOptions`, the
P10 options, whose defaults come from the published laws in rules/irregularities.md):

- a revoke (``revoke_penalty``): F (Foster's Complete Hoyle, 1897) and EB29 (Encyclopaedia
  Britannica, 1929): the hand is scored as played, the offender scores nothing and is set
  back the bid; a pitcher who did not revoke cannot be set back;
- a lead out of turn (``lead_out_of_turn``): taken back unless the trick was completed; a
  completed one stands (score as played, noted) or voids the hand; a wrong first lead is
  always taken back (only the pitcher's lead sets trump);
- a bid out of turn (``bid_out_of_turn``): cancelled, or the offender must pass, or it stands;
- a misdeal (``misdeal``): a new deal (F, EB29), by the next dealer or the same one; so is a
  card exposed in dealing (``exposed_in_dealing``, F: "if an exposed card or a wrong number
  be dealt to a player there must be a new deal");
- a hand found in play with more than six cards (``long_hand``): a new deal, as a misdeal, by
  analogy with Work, *Auction of To-day* (1913): "a long hand means a new deal";
- a card exposed during play (``exposed_card``): no score penalty; in the partnership game
  the opponents may call it (F, All Fours: exposed cards are "liable to be called by the
  adversaries"); nothing is found for the game of each for himself.

Everything here is pure: the engine reads the record's ``irregular`` list, adjusts the
auction or the leaders it implies, and turns the score as played into the score after the
penalty, saying each step with its source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card
from referee.pitch.claims import seat_words, side_words
from referee.pitch.play import trick_seats
from referee.pitch.records import (
    DEFAULT_OPTIONS,
    HAND_SIZE,
    NEW_DEAL_KINDS,
    PASS,
    Call,
    Irregularity,
    PitchHand,
    PitchOptions,
    check_dealer,
    sides_of,
)
from referee.pitch.wording import finding
from referee.rulings import Consequence, Finding, findings_dicts
from referee.violations import RecordError, Violation, card_code, said
from referee.violations import consequence as said_as

#: Where each option value comes from (rules/irregularities.md, "Sources").
SOURCES: dict[tuple[str, str], str] = {
    ("revoke", "set_back_bid"): "F: Foster's Complete Hoyle, Auction Pitch; EB29",
    ("revoke", "all_fours"): "F: Foster's Complete Hoyle, All Fours, by analogy",
    ("revoke", "void"): "no law: the table's option",
    ("misdeal", "pass_deal"): "F, EB29: a new deal; USPCC, SA: the deal passes",
    ("misdeal", "same_dealer"): "F, EB29: a new deal; USPCC Smudge: the same dealer",
    ("bid_out_of_turn", "cancel"): "proposal, no Pitch law",
    ("bid_out_of_turn", "must_pass"): "proposal, no Pitch law",
    ("bid_out_of_turn", "stands"): "Foster's three-hand auction, by analogy",
    ("lead_out_of_turn", "score_as_played"): (
        "no Pitch law: as played, noted; Hoffmann law 82, PT 59 III by analogy"
    ),
    ("lead_out_of_turn", "void"): "no Pitch law: the table's option",
    ("exposed_in_dealing", "pass_deal"): "F: a card exposed in dealing, a new deal; USPCC, "
                                         "SA: the deal passes",
    ("exposed_in_dealing", "same_dealer"): "F: a card exposed in dealing, a new deal; USPCC "
                                           "Smudge: the same dealer",
    ("long_hand", "pass_deal"): "Work 1913 by analogy: a new deal; USPCC, SA: the deal passes",
    ("long_hand", "same_dealer"): "Work 1913 by analogy: a new deal; USPCC Smudge: the same "
                                  "dealer",
    ("exposed_card", "may_be_called"): "F: Foster's Complete Hoyle, All Fours (partnership)",
    ("exposed_card", "none"): "no law for the game of each for himself",
    ("short_hand", "none"): "Work 1913 by analogy: a short hand answers for any revoke",
}

_OPTION_OF = {
    "revoke": "revoke_penalty",
    "misdeal": "misdeal",
    "bid_out_of_turn": "bid_out_of_turn",
    "lead_out_of_turn": "lead_out_of_turn",
    "long_hand": "misdeal",
    "exposed_in_dealing": "misdeal",
}


def penalty_of(
    kind: str, options: PitchOptions = DEFAULT_OPTIONS, partnership: bool = False
) -> tuple[str, str]:
    """The option value the table applies to an irregularity of ``kind`` and its source; an
    exposed card has no option: ``"may_be_called"`` in the partnership game (F), else
    ``"none"``; nor has a short hand found in play: ``"none"`` (Work 1913 by analogy: the
    hand is played out, he answering for any revoke)."""
    if kind == "exposed_card":
        penalty = "may_be_called" if partnership else "none"
    elif kind == "short_hand":
        penalty = "none"
    else:
        penalty = str(getattr(options, _OPTION_OF[kind]))
    return penalty, SOURCES[(kind, penalty)]


@dataclass(frozen=True, slots=True)
class IrregularityRuling:
    """One irregularity as ruled (P10): what happened (``kind``, ``seat``, ``trick`` 1..6,
    ``call``), the ``penalty`` applied (the option's value) and its ``source``, ``what`` it
    means for the score in words, and ``proven``: the record itself shows it (a revoke proven
    by a later card, a hand of the wrong size) rather than only the table saying so."""

    kind: str
    seat: int | None
    trick: int | None
    call: Call | None
    penalty: str
    source: str
    what: str
    proven: bool

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"type", "seat", "trick", "call", "rule": "P10", "penalty",
        "source", "what", "proven"}``."""
        return {
            "type": self.kind,
            "seat": self.seat,
            "trick": self.trick,
            "call": self.call,
            "rule": "P10",
            "penalty": self.penalty,
            "source": self.source,
            "what": self.what,
            "proven": self.proven,
        }


def consequence(
    irregularity: Irregularity,
    options: PitchOptions = DEFAULT_OPTIONS,
    bid: int | None = None,
    next_dealer: int | None = None,
    partnership: bool = False,
    names: Sequence[str] = (),
    card: Card | None = None,
) -> str:
    """What recording ``irregularity`` means under the table's options, in words (P10): the
    sentence to show before "record it anyway" is sent (:func:`said_consequence`'s, in
    English)."""
    return said_consequence(irregularity, options, bid, next_dealer, partnership, names,
                            card).text


def said_consequence(
    irregularity: Irregularity,
    options: PitchOptions = DEFAULT_OPTIONS,
    bid: int | None = None,
    next_dealer: int | None = None,
    partnership: bool = False,
    names: Sequence[str] = (),
    card: Card | None = None,
) -> Consequence:
    """What recording ``irregularity`` means under the table's options (P10), by its code
    (``"pitch.<kind>.<penalty>"``, :data:`referee.violations.CONSEQUENCE_WORDS`) and
    parameters, so that each language words it. ``bid``: the high bid when known;
    ``names``: the players, one per seat, named in the sentence (empty: "seat 1");
    ``card``: the card exposed, when the table names it ("exposed the nine of spades").

    >>> said_consequence(Irregularity("revoke", 1, 2, None), names=("Ann", "Bob")).text
    "Bob revoked in trick 2: the hand is scored as played; the offender's side scores \
nothing and is set back the bid; a pitcher who did not revoke cannot be set back (F: \
Foster's Complete Hoyle, Auction Pitch; EB29)."
    """
    penalty, source = penalty_of(irregularity.kind, options, partnership)
    kind = irregularity.kind
    if kind not in ("revoke", "lead_out_of_turn", "bid_out_of_turn", "short_hand",
                    "exposed_card", "long_hand", "exposed_in_dealing"):
        kind = "misdeal"
    seat = irregularity.seat or 0
    params: dict[str, Any] = {"who": names[seat] if names else seat}
    if kind in ("revoke", "lead_out_of_turn", "short_hand", "exposed_card"):
        params["trick"] = irregularity.trick
    if kind == "revoke":
        params["bid"] = bid
    elif kind == "bid_out_of_turn":
        params["call"] = irregularity.call
    elif kind == "exposed_card":
        params["card"] = None if card is None else card_code(card)
    elif kind in ("misdeal", "long_hand", "exposed_in_dealing"):
        params["to"] = None if irregularity.seat is None else params["who"]
        params["next"] = None if next_dealer is None else (
            names[next_dealer] if names else next_dealer)
    if kind == "revoke" and penalty not in ("set_back_bid", "all_fours"):
        penalty = "void"
    elif kind == "lead_out_of_turn" and penalty != "void":
        penalty = "score_as_played"
    elif kind == "exposed_card" and penalty != "may_be_called":
        penalty = "none"
    elif kind in ("misdeal", "long_hand", "exposed_in_dealing") and penalty != "pass_deal":
        penalty = "same_dealer"
    params["source"] = source
    return said_as(f"pitch.{kind}.{penalty}", **params)


# --- The auction and the leaders, as the irregularities make them ----------------------------


def read_bids(
    players: int,
    dealer: int,
    bids: Sequence[Call],
    irregular: Sequence[Irregularity],
    options: PitchOptions = DEFAULT_OPTIONS,
) -> tuple[Call, ...]:
    """The auction as the table's ``bid_out_of_turn`` option makes it (P3, P10).

    ``bids`` are the calls in turn order from the dealer's left. ``"cancel"``: unchanged (the
    out-of-turn call was void). ``"must_pass"``: the offender's call at his turn is a pass,
    unless he is a dealer stuck by everyone passing (P3 still makes him bid). ``"stands"``:
    his call at his turn is the call he made out of turn.
    """
    rule = options.bid_out_of_turn
    if rule == "cancel":
        return tuple(bids)
    calls = list(bids)
    for item in irregular:
        if item.kind != "bid_out_of_turn" or item.seat is None:
            continue
        turn = (item.seat - dealer - 1) % players
        if turn >= len(calls):
            continue
        if rule == "stands" and item.call is not None:
            calls[turn] = item.call
        elif rule == "must_pass":
            stuck = (
                turn == players - 1
                and options.stuck_dealer_min is not None
                and all(c == PASS for c in calls[:turn])
            )
            if not stuck:
                calls[turn] = PASS
    return tuple(calls)


def forced_call(
    seat: int,
    dealer: int,
    players: int,
    bids: Sequence[Call],
    irregular: Sequence[Irregularity],
    options: PitchOptions = DEFAULT_OPTIONS,
) -> Call | None:
    """The call ``seat`` must make at his turn because of a bid out of turn (P10), or
    ``None`` when he calls freely: ``"pass"`` under ``must_pass`` (not for a stuck dealer),
    his out-of-turn call under ``stands``."""
    rule = options.bid_out_of_turn
    for item in irregular:
        if item.kind != "bid_out_of_turn" or item.seat != seat or rule == "cancel":
            continue
        if rule == "stands":
            return item.call
        turn = (seat - dealer - 1) % players
        stuck = (
            turn == players - 1
            and options.stuck_dealer_min is not None
            and all(c == PASS for c in bids[:turn])
        )
        return None if stuck else PASS
    return None


def out_of_turn_leaders(irregular: Sequence[Irregularity]) -> dict[int, int]:
    """Trick index → the seat that led it out of turn, for the completed tricks that stand
    (P10). A first trick led out of turn cannot stand: only the pitcher's lead sets trump.

    :raises RecordError: ``first_lead_out_of_turn`` (P10) for trick 1.
    """
    leaders = {}
    for k, item in enumerate(irregular):
        if item.kind != "lead_out_of_turn" or item.trick is None or item.seat is None:
            continue
        if item.trick == 1:
            raise RecordError(
                [
                    said("first_lead_out_of_turn", "P10", f"irregular[{k}]")
                ]
            )
        leaders[item.trick - 1] = item.seat
    return leaders


def revoke_seat(violation: Violation, leaders: Sequence[int], players: int,
                absent: Sequence[frozenset[int]] = ()) -> tuple[int, int]:
    """The (trick index, seat) of a ``revoke`` violation located ``tricks[i][j]``: the seat
    that played card ``j`` of trick ``i`` led by ``leaders[i]``; ``absent``: each trick's
    short hands that played no card to it (P10)."""
    digits = violation.location.replace("]", "").split("[")[1:]
    i, j = int(digits[0]), int(digits[1])
    if i < len(absent) and absent[i]:
        return i, trick_seats(players, leaders[i], absent[i])[j]
    return i, (leaders[i] + j) % players


def recordable(
    violations: Sequence[Violation], leaders: Sequence[int], players: int,
    absent: Sequence[frozenset[int]] = (),
) -> tuple[Irregularity, ...]:
    """The irregularities a table may record anyway for these violations (P10): each revoke
    found in the play becomes ``{"type": "revoke", "seat": s, "trick": t}``. ``leaders``: each
    trick's leading seat, in order; ``absent``: each trick's short hands (P10)."""
    found = []
    for v in violations:
        if v.code == "revoke":
            i, seat = revoke_seat(v, leaders, players, absent)
            found.append(Irregularity("revoke", seat, i + 1))
    return tuple(found)


def recorded_revokes(
    violations: Sequence[Violation],
    irregular: Sequence[Irregularity],
    leaders: Sequence[int],
    players: int,
    absent: Sequence[frozenset[int]] = (),
) -> tuple[list[Violation], set[tuple[int, int]]]:
    """Split the ``revoke`` violations the table recorded as irregularities from the rest:
    returns the violations left and the (trick index, seat) of each recorded revoke that the
    record itself proves."""
    wanted = {((item.trick or 0) - 1, item.seat) for item in irregular if item.kind == "revoke"}
    left, proven = [], set()
    for v in violations:
        if v.code == "revoke":
            spot = revoke_seat(v, leaders, players, absent)
            if spot in wanted:
                proven.add(spot)
                continue
        left.append(v)
    return left, proven


# --- Penalties on the score -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Penalised:
    """The score after the irregularities' penalties: ``changes`` per side, ``void`` (the
    hand counts for nobody), each irregularity as ruled, the ``remaining`` violations (those
    recorded as irregularities are no longer violations), and findings to report."""

    changes: tuple[int, ...]
    void: bool
    irregularities: tuple[IrregularityRuling, ...]
    remaining: tuple[Violation, ...]
    findings: tuple[Finding, ...]


def _proven(item: Irregularity, proven_revokes: set[tuple[int, int]], leaders: Sequence[int],
            absent: Sequence[frozenset[int]]) -> bool:
    """Whether the record itself shows ``item`` (P10): a revoke a later card proves, a lead
    out of turn the cards list from that seat, a short hand the tricks with a card fewer."""
    if item.kind == "revoke":
        return ((item.trick or 0) - 1, item.seat) in proven_revokes
    if item.kind == "lead_out_of_turn":
        return bool(leaders)
    if item.kind == "short_hand":
        return any(item.seat in seats for seats in absent)
    return False


def apply_penalties(
    players: int,
    partnership: bool,
    irregular: Sequence[Irregularity],
    options: PitchOptions,
    *,
    violations: Sequence[Violation],
    leaders: Sequence[int],
    side_of: Sequence[int],
    pitcher_side: int,
    bid: int,
    won: Sequence[int],
    changes: Sequence[int],
    jack_in_play: bool,
    jack_side: int | None,
    game_side: int | None,
    names: Sequence[str] = (),
    absent: Sequence[frozenset[int]] = (),
) -> Penalised:
    """Apply the P10 penalties of the ``irregular`` entries to the score as played.

    ``won``: points won per side (P5); ``changes``: the score as played (P6). Revokes
    (``revoke_penalty``): ``"set_back_bid"`` each offending side scores ``-bid`` and every
    other side what it won, the pitcher's side not set back unless it offended;
    ``"all_fours"`` each offending side loses 1 (2 with the jack of trumps in play) from what
    it won without Jack and Game (a pitcher's side short of its bid set back as usual), the
    others as ``"set_back_bid"``; ``"void"`` nobody scores. A completed lead out of turn voids
    the hand under ``lead_out_of_turn="void"``. A bid out of turn changes only the auction.
    ``violations`` and ``leaders`` (each trick's leader) come from the cards; a score sheet
    passes none (nothing is proven by the record then). ``names``: the players, one per
    seat, named in the sentences (empty: "seat 1"). A short hand found in play changes no
    score (``"none"``); ``absent``: each trick's short hands that played no card to it.
    """
    sides = sides_of(players, partnership)
    remaining, proven_revokes = recorded_revokes(violations, irregular, leaders, players,
                                                 absent)
    rulings = []
    void = False
    offenders: set[int] = set()
    revoke_rule, _ = penalty_of("revoke", options)
    for item in irregular:
        penalty, source = penalty_of(item.kind, options)
        proven = _proven(item, proven_revokes, leaders, absent)
        if item.kind == "revoke":
            assert item.seat is not None
            offenders.add(side_of[item.seat])
            void = void or penalty == "void"
        elif item.kind == "lead_out_of_turn":
            void = void or penalty == "void"
        if item.kind == "exposed_card":
            penalty, source = penalty_of(item.kind, options, partnership)
        what = consequence(item, options, bid, partnership=partnership, names=names)
        rulings.append(
            IrregularityRuling(item.kind, item.seat, item.trick, item.call, penalty, source,
                               what, proven)
        )
    findings = []
    if void:
        after = (0,) * len(sides)
        findings.append(finding("hand_void", "P10"))
    elif offenders:
        after_list = []
        for side in range(len(sides)):
            if side not in offenders:
                after_list.append(won[side])  # the pitcher who did not revoke: not set back
                continue
            if revoke_rule == "set_back_bid":
                after_list.append(-bid)
                continue
            counted = won[side] - (jack_side == side) - (game_side == side)
            if side == pitcher_side and counted < bid:
                counted = -bid
            after_list.append(counted - (2 if jack_in_play else 1))
        after = tuple(after_list)
        findings.append(finding(
            "revoke_penalised", "P10", penalty=revoke_rule,
            offenders=tuple(side_words(sides, s, names) for s in sorted(offenders)),
            after=after))
    else:
        after = tuple(changes)
    return Penalised(after, void, tuple(rulings), tuple(remaining), tuple(findings))


# --- A misdeal --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MisdealRuling:
    """The ruling on a misdeal (P10): a new deal, nobody scores. ``next_dealer``: the next
    seat (``misdeal="pass_deal"``) or the same dealer (``"same_dealer"``). ``scores``: zeros
    per side. ``irregularities``: the misdeal as ruled. ``violations``: empty (a misdeal
    recorded is not a rule break of the record)."""

    players: int
    partnership: bool
    dealer: int
    sides: tuple[tuple[int, ...], ...]
    next_dealer: int
    irregularities: tuple[IrregularityRuling, ...]
    verified: tuple[Finding, ...]
    computed: tuple[Finding, ...]
    as_reported: tuple[Finding, ...]
    violations: tuple[Violation, ...] = ()

    @property
    def scores(self) -> tuple[int, ...]:
        """Zero for every side: a misdealt hand scores nothing."""
        return (0,) * len(self.sides)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``level`` ``"cards"``, ``misdeal`` and ``void`` true, ``scores`` zeros,
        ``pitcher`` / ``pitcher_side`` / ``bid`` null (nobody pitched: P7 has no winner)."""
        return {
            "level": "cards",
            "misdeal": True,
            "void": True,
            "players": self.players,
            "partnership": self.partnership,
            "dealer": self.dealer,
            "sides": [list(s) for s in self.sides],
            "pitcher": None,
            "pitcher_side": None,
            "bid": None,
            "score_changes": list(self.scores),
            "scores": list(self.scores),
            "irregularities": [r.as_dict() for r in self.irregularities],
            "verified": findings_dicts(self.verified),
            "computed": findings_dicts(self.computed),
            "as_reported": findings_dicts(self.as_reported),
            "violations": [v.as_dict() for v in self.violations],
            "next_dealer": self.next_dealer,
        }


def rule_misdeal(hand: PitchHand, options: PitchOptions = DEFAULT_OPTIONS) -> MisdealRuling:
    """Rule on a misdealt hand (P10): a new deal, nobody scores, and who deals it.

    The misdeal is the record's ``{"type": "misdeal"}`` entry, or, without one, hands as dealt
    of the wrong size (proven by the record). Anything else in the record is ignored.

    :raises RecordError: ``dealer_not_a_seat``; ``no_misdeal`` when the record shows none.
    """
    players = hand.players
    check_dealer(hand.dealer, players)
    sides = sides_of(players, hand.partnership)
    short = [s for s, cards in enumerate(hand.hands or ()) if len(cards) != HAND_SIZE]
    entries = [item for item in hand.irregular if item.kind in NEW_DEAL_KINDS]
    if not entries and not short:
        raise RecordError(
            [said("no_misdeal", "P10", "irregular")]
        )
    if not entries:
        entries = [Irregularity("misdeal", short[0])]
    penalty, source = penalty_of("misdeal", options)
    next_dealer = hand.dealer if penalty == "same_dealer" else (hand.dealer + 1) % players
    rulings = tuple(
        IrregularityRuling(item.kind, item.seat, None, None, penalty,
                           SOURCES[(item.kind, penalty)],
                           consequence(item, options, None, next_dealer, names=hand.names),
                           bool(short) and (item.seat is None or item.seat in short))
        for item in entries
    )
    verified: tuple[Finding, ...] = ()
    if short:
        dealt = hand.hands or ()
        verified = (finding("misdeal_shown", "P2",
                            players=tuple(seat_words(s, hand.names) for s in short),
                            cards=tuple(len(dealt[s]) for s in short)),)
    as_reported = () if short else (finding("misdeal_reported", "P10"),)
    return MisdealRuling(
        players=players,
        partnership=hand.partnership,
        dealer=hand.dealer,
        sides=sides,
        next_dealer=next_dealer,
        irregularities=rulings,
        verified=verified,
        computed=(finding("new_deal", "P10", dealer=seat_words(next_dealer, hand.names),
                          source=source),),
        as_reported=as_reported,
    )
