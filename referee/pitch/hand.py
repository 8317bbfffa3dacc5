"""The ruling on a complete hand: bidding (P3), play (P4), points (P5), score (P6).

:func:`rule_hand` is what a referee does with a finished hand: it seats every card, names
each trick's winner and who scored High, Low, Jack and Game, applies the set-back (P6),
compares the score the table wrote (``claimed``) and lists every rule break (P9).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.cards import Card, card_name, describe_card
from referee.frozen import quick_init
from referee.pitch.bidding import BiddingStatus, check_bidding
from referee.pitch.claims import (
    Count,
    bid_count,
    compare_claim,
    point_count,
    score_counts,
    seat_words,
    sentence_start,
    side_words,
)
from referee.pitch.irregular import (
    IrregularityRuling,
    MisdealRuling,
    apply_penalties,
    out_of_turn_leaders,
    read_bids,
    rule_misdeal,
)
from referee.pitch.play import Play, Trick, absent_at, play_tricks
from referee.pitch.points import Points, count_points
from referee.pitch.records import (
    DEFAULT_OPTIONS,
    HAND_SIZE,
    NEW_DEAL_KINDS,
    TRICKS_PER_HAND,
    PitchHand,
    PitchOptions,
    check_dealer,
    short_hands,
    side_of_seat,
    sides_of,
)
from referee.pitch.wording import finding
from referee.rulings import ClaimComparison, Finding, findings_dicts
from referee.violations import RecordError, Violation, said


@quick_init
@dataclass(frozen=True, slots=True)
class PitchRuling:
    """The referee's ruling on one complete hand.

    ``trump``: suit ``"S" "H" "D" "C"``. ``pitcher``: seat; ``bid``: 1..4; ``pitched``: the
    bid was made by pitching (P3). ``sides``: seats of each side (:func:`sides_of`);
    ``pitcher_side``: index into ``sides``. ``tricks``: the six tricks with leader and winner
    (P4). ``points``: High, Low, Jack, Game (P5). ``points_won``: points won per side (0..4).
    ``made_bid``: the pitcher's side won at least its bid. ``score_changes``: per side, the
    points won, or ``-bid`` for a pitcher set back (P6). ``claimed_ok``: the table's claimed
    score is right (``None`` when none was given). ``violations``: every rule break found (P9).
    ``next_dealer``: the seat dealing the next hand (P2). ``hands_known``: the hands as dealt
    were given. ``claim``: the table's claimed score beside the ruling, the first step where it
    parts (:func:`~referee.pitch.claims.compare_claim`), ``None`` without a claim.
    ``irregularities``: the irregularities recorded anyway (P10), each with its penalty and
    source; ``score_changes`` are then the scores after the penalties, ``as_played`` the
    scores before them (``None`` when the penalties changed nothing), ``void`` the hand counts
    for nobody. ``made_bid`` and ``points_won`` stay as played. ``names``: the players, one
    per seat, named in the sentences (empty: "seat 1").
    """

    players: int
    partnership: bool
    dealer: int
    trump: str
    pitcher: int
    bid: int
    pitched: bool
    sides: tuple[tuple[int, ...], ...]
    pitcher_side: int
    tricks: tuple[Trick, ...]
    points: Points
    points_won: tuple[int, ...]
    made_bid: bool
    score_changes: tuple[int, ...]
    claimed_ok: bool | None
    violations: tuple[Violation, ...]
    next_dealer: int
    hands_known: bool = True
    claim: ClaimComparison | None = None
    irregularities: tuple[IrregularityRuling, ...] = ()
    void: bool = False
    as_played: tuple[int, ...] | None = None
    penalty_findings: tuple[Finding, ...] = ()
    names: tuple[str, ...] = ()

    @property
    def scores(self) -> tuple[int, ...]:
        """The score change per side (P6): the same as ``score_changes``."""
        return self.score_changes

    def counts(self) -> tuple[Count, ...]:
        """How the hand counts, step by step: High, Low, Jack, Game, the bid, each side's
        score (P5, P6), for :func:`~referee.pitch.claims.compare_claim`."""
        return cards_counts(self)

    def findings(self) -> tuple[tuple[Finding, ...], tuple[Finding, ...], tuple[Finding, ...]]:
        """What the ruling verified, computed, and took as reported, each a tuple of
        :class:`~referee.pitch.claims.Finding`."""
        return cards_findings(self)

    def as_dict(self) -> dict[str, Any]:
        """The ruling as JSON-ready data: cards canonical (``"TH"``), suits ``"S" "H" "D" "C"``.

        Besides the fields: ``level`` ``"cards"``, ``scores`` (= ``score_changes``),
        ``verified`` / ``computed`` / ``as_reported`` (lists of ``{rule, what}``) and
        ``claim`` (the comparison with the claimed score, or ``None``), ``irregularities``,
        ``void``, ``as_played`` (P10). A void hand's ``pitcher_side`` is ``None`` there: its
        end is no P7 win (pass it to :func:`~referee.pitch.match.match_winner` as it is).
        """
        verified, computed, as_reported = self.findings()
        return {
            "level": "cards",
            "players": self.players,
            "partnership": self.partnership,
            "dealer": self.dealer,
            "trump": self.trump,
            "pitcher": self.pitcher,
            "bid": self.bid,
            "pitched": self.pitched,
            "sides": [list(side) for side in self.sides],
            # A void hand was not played to a result: no P7 win at its end (match_winner).
            "pitcher_side": None if self.void else self.pitcher_side,
            "tricks": [trick.as_dict() for trick in self.tricks],
            "points": self.points.as_dict(),
            "points_won": list(self.points_won),
            "made_bid": self.made_bid,
            "score_changes": list(self.score_changes),
            "claimed_ok": self.claimed_ok,
            "violations": [v.as_dict() for v in self.violations],
            "next_dealer": self.next_dealer,
            "scores": list(self.score_changes),
            "verified": findings_dicts(verified),
            "computed": findings_dicts(computed),
            "as_reported": findings_dicts(as_reported),
            "claim": None if self.claim is None else self.claim.as_dict(),
            "irregularities": [r.as_dict() for r in self.irregularities],
            "void": self.void,
            "as_played": None if self.as_played is None else list(self.as_played),
        }


_POINT_NAMES = ("High", "Low", "Jack", "Game")


def won_words(points: Points, sides: int) -> list[str]:
    """Per side, the points it won in words: ``"High, Game"`` (empty when none) (P5)."""
    names: list[list[str]] = [[] for _ in range(sides)]
    for name, award in zip(_POINT_NAMES, (points.high, points.low, points.jack), strict=False):
        if award is not None and award.side is not None:
            names[award.side].append(name)
    if points.game.side is not None:
        names[points.game.side].append("Game")
    return [", ".join(n) for n in names]


def cards_counts(ruling: PitchRuling) -> tuple[Count, ...]:
    """The counting steps of a cards ruling (see :meth:`PitchRuling.counts`)."""
    sides = ruling.sides
    names = ruling.names
    points = ruling.points
    found = []
    for step, award in (("high", points.high), ("low", points.low), ("jack", points.jack)):
        side = None if award is None else award.side
        detail = "" if award is None else describe_card(award.card)
        found.append(point_count(step, sides, side, detail, names))
    counts = " v ".join(map(str, points.game.game_points))
    found.append(point_count("game", sides, points.game.side, f"game points {counts}", names))
    won = ruling.points_won[ruling.pitcher_side]
    found.append(bid_count(sides, ruling.pitcher_side, ruling.bid, ruling.made_bid, won, names))
    found.extend(score_counts(sides, ruling.score_changes, won_words(points, len(sides)),
                              names))
    return tuple(found)


def cards_findings(
    ruling: PitchRuling,
) -> tuple[tuple[Finding, ...], tuple[Finding, ...], tuple[Finding, ...]]:
    """What a cards ruling verified, computed and took on trust (:meth:`PitchRuling.findings`)."""
    broken = {v.rule for v in ruling.violations}
    sides = ruling.sides
    names = ruling.names
    pitcher = seat_words(ruling.pitcher, names)
    verified: list[Finding] = []
    computed: list[Finding] = []
    as_reported: list[Finding] = []
    if "P3" not in broken:
        verified.append(
            finding("auction_legal", "P3", pitcher=pitcher, bid=ruling.bid)
        )
    else:
        computed.append(
            finding("auction_read_as_played", "P3", pitcher=pitcher, bid=ruling.bid)
        )
    revokes = sum(item.kind == "revoke" for item in ruling.irregularities)
    if "P4" not in broken and not revokes:
        verified.append(
            finding("no_revoke", "P4")
        )
    elif "P4" not in broken:
        verified.append(
            finding("no_revoke_but_recorded", "P4")
        )
    computed.append(
        finding("trump_and_tricks", "P4", trump=ruling.trump)
    )
    computed.append(
        finding("points_won", "P5", from_cards=True,
                sides=tuple(side_words(sides, k, names) for k in range(len(sides))),
                won=tuple(ruling.points_won),
                points=tuple(won_words(ruling.points, len(sides))))
    )
    computed.append(finding("bid_result", "P6",
                            pitcher=side_words(sides, ruling.pitcher_side, names),
                            bid=ruling.bid, won=ruling.points_won[ruling.pitcher_side],
                            as_played=ruling.as_played is not None))
    if ruling.claimed_ok:
        verified.append(finding("claim_agrees", "P6"))
    computed.extend(ruling.penalty_findings)
    computed.append(finding("next_dealer", "P2", dealer=seat_words(ruling.next_dealer, names)))
    for item in ruling.irregularities:
        (verified if item.proven else as_reported).append(
            finding("irregularity", "P10", what=item.what))
    if not ruling.hands_known:
        as_reported.append(
            finding("hands_not_given", "P2")
        )
    return tuple(verified), tuple(computed), tuple(as_reported)


def bid_sentence(
    sides: tuple[tuple[int, ...], ...], pitcher_side: int, bid: int, won: int,
    names: Sequence[str] = (),
) -> str:
    """P6 in words: the pitcher's side made its bid (won ``won`` points) or was set back;
    ``names`` as :func:`~referee.pitch.claims.side_words`."""
    who = sentence_start(side_words(sides, pitcher_side, names))
    if won >= bid:
        return f"{who} bid {bid} and won {won}: it scores {won}."
    return f"{who} bid {bid} and won only {won}: it is set back {bid}."


def side_name(sides: tuple[tuple[int, ...], ...], side: int, names: Sequence[str] = ()) -> str:
    """A side in words: its players' names when ``names`` are given (``"Ann and Cy"``), else
    ``"seat 2"`` solo, ``"the team of seats 0 and 2"`` in partnership."""
    seats = sides[side]
    if names:
        return side_words(sides, side, names)
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "the team of seats " + " and ".join(map(str, seats))


_SIX = frozenset((HAND_SIZE,))  # the size of every hand as dealt (P2)


def verify_record(hand: PitchHand, complete: bool) -> None:
    """Check the shape of a record, all at once (P1, P2, P4, P6).

    ``complete``: six tricks of ``players`` cards are required; otherwise up to six tricks,
    all full but the last, which holds at least one card.

    :raises RecordError: with every violation among ``player_count``, ``dealer_not_a_seat``,
        ``hands_count``, ``hand_not_six``, ``card_dealt_twice``, ``wrong_trick_count``,
        ``trick_wrong_size``, ``card_played_twice``, ``claimed_wrong_length``.
    """
    players = hand.players
    sides = sides_of(players, hand.partnership)
    check_dealer(hand.dealer, players)
    found: list[Violation] = []
    short = short_hands(hand.irregular)
    if hand.hands is not None:
        found.extend(_hands_shape(hand, hand.hands, short))
    tricks = hand.tricks
    if len(tricks) > TRICKS_PER_HAND or (complete and len(tricks) != TRICKS_PER_HAND):
        found.append(
            said("wrong_trick_count", "P4", "tricks", n=len(tricks))
        )
    last = len(tricks) - 1
    full = not short and [*map(len, tricks)].count(players) == len(tricks)  # every size right
    if short:
        found.extend(_short_tricks(hand, short, complete))
    for i, trick in ([] if full or short else enumerate(tricks)):
        size = len(trick)
        if size != players and (complete or i != last or not 0 < size < players):
            found.append(
                said("trick_wrong_size" + (".one" if size == 1 else ""), "P4", f"tricks[{i}]",
                     trick=i + 1, n=size, players=players)
            )
    if not full or len(set().union(*tricks)) != len(tricks) * players:
        found.extend(_cards_twice(tricks, "card_played_twice", "played", "tricks"))
    if hand.claimed is not None and len(hand.claimed) not in (players, len(sides)):
        found.append(
            said("claimed_wrong_length.partnership", "P6", "claimed", n=len(hand.claimed),
                 players=players, sides=len(sides)) if hand.partnership else
            said("claimed_wrong_length", "P6", "claimed", n=len(hand.claimed), players=players)
        )
    if found:
        raise RecordError(found)


def _hands_shape(hand: PitchHand, hands: Sequence[Sequence[Card]], short: Mapping[int, int]
                 ) -> list[Violation]:
    """P2: one hand of six per seat, no card dealt twice; P10: a short hand found in play
    holds one card for each trick he played to."""
    players = hand.players
    found = []
    if len(hands) != players:
        found.append(said("hands_count", "P2", "hands", n=len(hands), players=players))
    for seat, cards in (enumerate(hands) if short or not _SIX.issuperset(map(len, hands))
                        else ()):  # every hand of six: nothing to name
        if seat in short:
            if len(cards) != short[seat]:
                found.append(said("short_hand_dealt", "P10", f"hands[{seat}]",
                                  who=_who(hand, seat), trick=short[seat] + 1,
                                  cards=len(cards), n=short[seat]))
        elif len(cards) != HAND_SIZE:
            found.append(
                said("hand_not_six" + (".one" if len(cards) == 1 else ""), "P2",
                     f"hands[{seat}]", who=_who(hand, seat), n=len(cards))
            )
    if len(set().union(*hands)) != sum(map(len, hands)):  # a card held twice
        found.extend(_cards_twice(hands, "card_dealt_twice", "dealt", "hands"))
    return found


def _who(hand: PitchHand, seat: int) -> str | int:
    return hand.names[seat] if hand.names else seat


def _short_tricks(hand: PitchHand, short: Mapping[int, int], complete: bool) -> list[Violation]:
    """P10: with short hands each trick holds a card of each seat that still has one (P4); the
    last may be incomplete unless ``complete``."""
    found = []
    last = len(hand.tricks) - 1
    for i, trick in enumerate(hand.tricks):
        absent = absent_at(short, i)
        want, size = hand.players - len(absent), len(trick)
        if size != want and (complete or i != last or not 0 < size < want):
            seat = min(absent, key=short.__getitem__) if absent else next(iter(short))
            found.append(said("short_hand_trick", "P10", f"tricks[{i}]", who=_who(hand, seat),
                              trick=short[seat] + 1, n=want, given=size))
    return found


def _cards_twice(
    groups: Sequence[Sequence[Card]], code: str, verb: str, path: str
) -> list[Violation]:
    """A violation at each repeat of a card within ``groups`` (hands or tricks) (P1)."""
    count = sum(map(len, groups))
    if len(set().union(*groups)) == count:
        return []
    seen: set[Card] = set()
    found = []
    for i, group in enumerate(groups):
        for j, card in enumerate(group):
            if card in seen:
                found.append(
                    said(f"{code}.pitch", "P1", f"{path}[{i}][{j}]", card=card_name(card))
                )
            seen.add(card)
    return found


def claimed_violations(
    claimed: Sequence[int],
    changes: Sequence[int],
    players: int,
    partnership: bool,
    prefix: str = "",
    names: Sequence[str] = (),
) -> list[Violation]:
    """Where the score the table wrote differs from the rules' score (P6); ``names``: the
    players, one per seat, named in the sentences (or empty).

    ``claimed``: per seat (``players`` numbers) or per side (one per side, the length checked
    by the caller); ``changes``: the rules' score change per side. ``prefix`` goes before each
    location (``"sheet."`` gives ``sheet.claimed[1]``). Returns one ``claimed_score_differs``
    violation per wrong number, in order.
    """
    sides = sides_of(players, partnership)
    side_of = side_of_seat(players, partnership)
    per_seat = len(claimed) == players
    found = []
    for k, value in enumerate(claimed):
        side = side_of[k] if per_seat else k
        if value != changes[side]:
            found.append(
                said("claimed_score_differs.pitch", "P6", f"{prefix}claimed[{k}]", claimed=value,
                     who=tuple(names[s] for s in sides[side]) if names else sides[side],
                     ruled=changes[side])
            )
    return found


def auction_pitcher(status: BiddingStatus, names: Sequence[str] = ()) -> int:
    """The pitcher of a complete auction (P3); ``names``: the players, one per seat, named in
    the sentences (or empty).

    :raises RecordError: ``bidding_incomplete``, ``redeal`` (everyone passed with
        ``stuck_dealer_min`` None: no score), ``no_pitcher`` (a stuck dealer passed).
    """
    if not status.complete:
        raise RecordError(
            [
                said("bidding_incomplete", "P3", "bids",
                     who=names[status.next_seat or 0] if names else status.next_seat or 0)
            ]
        )
    if status.high_bidder is None:
        raise RecordError([said("redeal" if status.redeal else "no_pitcher", "P3", "bids"),
                           *status.violations])
    return status.high_bidder


def rule_hand(hand: PitchHand, options: PitchOptions = DEFAULT_OPTIONS) -> PitchRuling:
    """Rule on a complete hand (P2-P6, P9).

    ``hand``: six tricks of ``players`` cards each, the auction complete; ``hands`` and
    ``claimed`` optional. Rule breaks that leave the hand scorable (a bad call, a revoke, a
    card not held, a first lead by another than the pitcher, a wrong claimed score) are listed
    in ``ruling.violations``; the score is then the score of the hand as played.

    :raises RecordError: when the record cannot be scored at all: bad player count or dealer,
        hands not of six or not one per seat, a card dealt or played twice, not six tricks, a
        trick of the wrong size, a claimed score of the wrong length, an unfinished auction,
        everyone passing (``redeal``) or no pitcher.
    """
    _refuse_misdeal(hand)
    verify_record(hand, complete=True)
    players = hand.players
    bids = read_bids(players, hand.dealer, hand.bids, hand.irregular, options)
    status = check_bidding(players, hand.dealer, bids, options, names=hand.names)
    pitcher = auction_pitcher(status, hand.names)
    bid = status.high_bid or 0
    leaders = out_of_turn_leaders(hand.irregular)
    play = play_tricks(players, pitcher, hand.tricks, hand.hands, leaders, hand.names,
                       short_hands(hand.irregular))
    return _score(hand, options, status, pitcher, bid, play)


def _refuse_misdeal(hand: PitchHand) -> None:
    """A hand with a misdeal recorded is not scored (P10): :func:`rule_deal` rules it."""
    for k, item in enumerate(hand.irregular):
        if item.kind in NEW_DEAL_KINDS:
            raise RecordError(
                [
                    said("misdeal", "P10", f"irregular[{k}]")
                ]
            )


def rule_deal(
    hand: PitchHand, options: PitchOptions = DEFAULT_OPTIONS
) -> PitchRuling | MisdealRuling:
    """Rule on a hand as recorded, irregularities included (P2-P6, P9, P10): a misdeal (the
    record's ``{"type": "misdeal"}``) by :func:`~referee.pitch.irregular.rule_misdeal`, any
    other hand by :func:`rule_hand`.

    :raises RecordError: as :func:`rule_hand` / :func:`~referee.pitch.irregular.rule_misdeal`.
    """
    if any(item.kind in NEW_DEAL_KINDS for item in hand.irregular):
        return rule_misdeal(hand, options)
    return rule_hand(hand, options)


def _score(
    hand: PitchHand,
    options: PitchOptions,
    status: BiddingStatus,
    pitcher: int,
    bid: int,
    play: Play,
) -> PitchRuling:
    """Points (P5), the score with set-back (P6), and the claimed score."""
    players = hand.players
    sides = sides_of(players, hand.partnership)
    side_of = side_of_seat(players, hand.partnership)
    trump = play.trump
    assert trump is not None  # six complete tricks were verified
    holder = play.holder
    points = count_points(
        trump, play.tricks, holder.keys(), side_of, play.captor_of, holder, options.low
    )
    won = points.won_by_side(len(sides))
    pitcher_side = side_of[pitcher]
    made_bid = won[pitcher_side] >= bid
    changes = list(won)
    if not made_bid:
        changes[pitcher_side] = -bid  # P6: set back by the bid
    violations = [*status.violations, *play.violations]
    as_played = None
    void = False
    irregularities: tuple[IrregularityRuling, ...] = ()
    penalty_findings: tuple[Finding, ...] = ()
    if hand.irregular:
        penalised = apply_penalties(
            players,
            hand.partnership,
            hand.irregular,
            options,
            violations=violations,
            leaders=[t.leader for t in play.tricks],
            side_of=side_of,
            pitcher_side=pitcher_side,
            bid=bid,
            won=won,
            changes=changes,
            jack_in_play=points.jack is not None,
            jack_side=None if points.jack is None else points.jack.side,
            game_side=points.game.side,
            names=hand.names,
            absent=[t.absent for t in play.tricks],
        )
        if penalised.changes != tuple(changes):
            as_played = tuple(changes)
        changes = list(penalised.changes)
        violations = list(penalised.remaining)
        void = penalised.void
        irregularities = penalised.irregularities
        penalty_findings = penalised.findings
    claimed_ok = None
    if hand.claimed is not None:
        wrong = claimed_violations(hand.claimed, changes, players, hand.partnership,
                                   names=hand.names)
        claimed_ok = not wrong
        violations.extend(wrong)
    ruling = PitchRuling(
        players=players,
        partnership=hand.partnership,
        dealer=hand.dealer,
        trump=trump,
        pitcher=pitcher,
        bid=bid,
        pitched=status.pitched,
        sides=sides,
        pitcher_side=pitcher_side,
        tricks=play.tricks,
        points=points,
        points_won=won,
        made_bid=made_bid,
        score_changes=tuple(changes),
        claimed_ok=claimed_ok,
        violations=tuple(violations),
        next_dealer=(hand.dealer + 1) % players,  # P2, as next_dealer()
        hands_known=hand.hands is not None,
        irregularities=irregularities,
        void=void,
        as_played=as_played,
        penalty_findings=penalty_findings,
        names=hand.names,
    )
    if hand.claimed is not None:
        claim = claimed_counts(hand.claimed, players, hand.partnership, pitcher_side, bid,
                               hand.names)
        ruling = replace(ruling, claim=compare_claim(ruling, _Claim(claim)))
    return ruling


@dataclass(frozen=True, slots=True)
class _Claim:
    """The counting steps of a bare claimed score, for :func:`compare_claim`."""

    steps: tuple[Count, ...]

    def counts(self) -> tuple[Count, ...]:
        return self.steps


def claimed_counts(
    claimed: Sequence[int], players: int, partnership: bool, pitcher_side: int, bid: int,
    names: Sequence[str] = (),
) -> tuple[Count, ...]:
    """What a bare claimed score says (P6): the bid made or set back, each side's score
    (``names``: the players, one per seat, or empty).

    ``claimed``: per seat or per side; per seat in partnership, a side's claim is read from
    its first seat (a partner's differing number is a violation of its own, see
    :func:`claimed_violations`). The pitcher's side claims "set back" when its number is
    ``-bid``, else "made".
    """
    sides = sides_of(players, partnership)
    per_side = list(claimed)
    if len(claimed) == players and len(sides) != players:
        per_side = [claimed[seats[0]] for seats in sides]
    made = per_side[pitcher_side] != -bid
    return (bid_count(sides, pitcher_side, bid, made, None, names),
            *score_counts(sides, per_side, None, names))
