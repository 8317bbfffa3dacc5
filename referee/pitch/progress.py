"""A hand still being written: what is legal next (P3 calls, P4 cards).

For step-by-step recording: given the calls and tricks so far (the last trick may be
incomplete), :func:`progress` says which phase the hand is in, who acts, what he may call or
play, and the rule breaks found so far (a revoke is flagged as soon as a later play proves it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from referee.cards import FULL_PACK, Card, card_names
from referee.pitch.bidding import BiddingStatus, check_bidding
from referee.pitch.hand import auction_pitcher, verify_record
from referee.pitch.irregular import (
    forced_call,
    out_of_turn_leaders,
    read_bids,
    recordable,
    recorded_revokes,
    rule_misdeal,
)
from referee.pitch.play import Play, Trick, play_tricks
from referee.pitch.records import (
    DEFAULT_OPTIONS,
    NEW_DEAL_KINDS,
    TRICKS_PER_HAND,
    Call,
    Irregularity,
    PitchHand,
    PitchOptions,
    short_hands,
)
from referee.violations import RecordError, Violation, said

Phase = Literal["bidding", "play", "complete", "redeal", "misdeal"]

_PACK_ORDER: dict[Card, int] = {card: k for k, card in enumerate(FULL_PACK)}


@dataclass(frozen=True, slots=True)
class PitchProgress:
    """Where a partial hand stands.

    ``phase``: ``"bidding"`` (P3), ``"play"`` (P4), ``"complete"`` (six tricks: call
    :func:`~referee.pitch.hand.rule_hand`), ``"redeal"`` (everyone passed with
    ``stuck_dealer_min`` None, P8), ``"misdeal"`` (a misdeal was recorded, P10: a new deal,
    rule it with :func:`~referee.pitch.hand.rule_deal`). ``to_act``: the seat to call or
    play, ``None`` when complete, redealt or misdealt. ``legal_calls``: the calls open to him
    in bidding, else empty.
    ``legal_cards``: in play, the cards he may play, in pack order: from his dealt hand when
    the hands are known (following suit or trumping when he can follow, P4); else the cards not
    yet seen minus the suits he has shown void in (playing one would prove a revoke); ``None``
    when nothing useful is known (the opening lead without the hands) or not in play.
    ``violations``: rule breaks found so far. ``bidding``: the auction's status. ``pitcher``,
    ``bid``, ``trump``: once known. ``tricks``: the tricks so far (an incomplete trick has
    ``winner`` ``None``). ``recordable``: for the violations that are irregularities a table
    may record anyway (P10: a revoke), the entries to add to the record's ``irregular`` list.
    Revokes already recorded there are not violations. A bid out of turn recorded with
    ``must_pass`` / ``stands`` narrows the offender's ``legal_calls`` at his turn.
    """

    phase: Phase
    to_act: int | None
    legal_calls: tuple[Call, ...]
    legal_cards: tuple[Card, ...] | None
    violations: tuple[Violation, ...]
    bidding: BiddingStatus
    pitcher: int | None
    bid: int | None
    trump: str | None
    tricks: tuple[Trick, ...]
    recordable: tuple[Irregularity, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict of the fields above (cards canonical)."""
        return {
            "phase": self.phase,
            "to_act": self.to_act,
            "legal_calls": list(self.legal_calls),
            "legal_cards": None if self.legal_cards is None else card_names(self.legal_cards),
            "violations": [v.as_dict() for v in self.violations],
            "bidding": self.bidding.as_dict(),
            "pitcher": self.pitcher,
            "bid": self.bid,
            "trump": self.trump,
            "tricks": [trick.as_dict() for trick in self.tricks],
            "recordable": [item.as_dict() for item in self.recordable],
        }


def progress(hand: PitchHand, options: PitchOptions = DEFAULT_OPTIONS) -> PitchProgress:
    """Say what is legal next in a partial hand (P3, P4).

    ``hand.tricks``: up to six tricks, all full but the last, which may be incomplete. Once a
    card is played the auction is over, so a trailing bid of 4 is then read as a pitch (P3).

    :raises RecordError: as :func:`~referee.pitch.hand.verify_record` (shape, a card twice…),
        ``play_before_auction_ended`` (cards played before every call), ``no_pitcher`` / ``redeal``
        (cards played after an auction nobody won).
    """
    return stage(hand, options).progress


@dataclass(frozen=True, slots=True)
class PitchStage:
    """A hand in progress as :func:`progress` ruled it (``progress``), ready to rule its next
    card alone (:func:`play_card`): the ``hand`` and the ``options`` it was ruled with, and
    ``auction``: the auction's status and the pitcher, which no later card changes once a
    card is played (P3) — None when the next card is ruled over the whole hand again (no card
    played yet, irregularities recorded anyway, P10, or the hand not in play)."""

    hand: PitchHand
    options: PitchOptions
    progress: PitchProgress
    auction: tuple[BiddingStatus, int] | None = None


def stage(hand: PitchHand, options: PitchOptions = DEFAULT_OPTIONS) -> PitchStage:
    """:func:`progress` of ``hand``, kept so that its next card can be ruled by
    :func:`play_card` without reading the auction again.

    :raises RecordError: as :func:`progress`.
    """
    if any(item.kind in NEW_DEAL_KINDS for item in hand.irregular):
        rule_misdeal(hand, options)  # checks the dealer
        return PitchStage(hand, options, PitchProgress(
            phase="misdeal",
            to_act=None,
            legal_calls=(),
            legal_cards=None,
            violations=(),
            bidding=check_bidding(hand.players, hand.dealer, (), options, record_complete=False,
                                  names=hand.names),
            pitcher=None,
            bid=None,
            trump=None,
            tricks=(),
        ))
    verify_record(hand, complete=False)
    started = bool(hand.tricks)
    bids = read_bids(hand.players, hand.dealer, hand.bids, hand.irregular, options)
    status = check_bidding(hand.players, hand.dealer, bids, options, record_complete=started,
                           names=hand.names)
    if status.next_seat is not None and hand.irregular:
        forced = forced_call(status.next_seat, hand.dealer, hand.players, bids, hand.irregular,
                             options)
        if forced is not None:
            status = replace(status, legal_calls=(forced,))
    if not status.complete or (status.redeal and not started):
        if started:
            raise RecordError(
                [
                    said("play_before_auction_ended", "P3", "tricks[0][0]",
                         who=hand.names[status.next_seat or 0] if hand.names
                         else status.next_seat or 0)
                ]
            )
        return PitchStage(hand, options, PitchProgress(
            phase="redeal" if status.redeal else "bidding",
            to_act=status.next_seat,
            legal_calls=status.legal_calls,
            legal_cards=None,
            violations=status.violations,
            bidding=status,
            pitcher=None,
            bid=None,
            trump=None,
            tricks=(),
        ))
    pitcher = auction_pitcher(status, hand.names)
    found = _in_play(hand, status, pitcher)
    alone = started and not hand.irregular and found.phase == "play"
    return PitchStage(hand, options, found, (status, pitcher) if alone else None)


def play_card(before: PitchStage, card: Card) -> PitchStage:
    """The hand of ``before`` with ``card`` played next — to the trick in progress, else
    leading a new one (P4) — ruled as :func:`stage` rules it (the same value), from what
    ``before`` kept: the auction is not read again (a card played, it is over, P3); the
    record's shape and the play are checked again (a card twice, a revoke a later card
    proves, P4). A hand without ``before.auction`` is ruled by :func:`stage`.

    :raises RecordError: as :func:`progress` (e.g. a seventh trick, a card played twice).
    """
    hand = before.hand
    tricks = hand.tricks
    if tricks and len(tricks[-1]) < hand.players:
        played = (*tricks[:-1], (*tricks[-1], card))
    else:
        played = (*tricks, (card,))
    after = replace(hand, tricks=played)
    if before.auction is None:
        return stage(after, before.options)
    verify_record(after, complete=False)
    status, pitcher = before.auction
    found = _in_play(after, status, pitcher)
    return PitchStage(after, before.options, found,
                      before.auction if found.phase == "play" else None)


def _in_play(hand: PitchHand, status: BiddingStatus, pitcher: int) -> PitchProgress:
    """P4: the play of ``hand`` after the auction ``status`` won by ``pitcher``."""
    play = play_tricks(hand.players, pitcher, hand.tricks, hand.hands,
                       out_of_turn_leaders(hand.irregular), hand.names,
                       short_hands(hand.irregular))
    leaders = [t.leader for t in play.tricks]
    absent = [t.absent for t in play.tricks]
    play_violations, _ = recorded_revokes(play.violations, hand.irregular, leaders, hand.players,
                                          absent)
    done = len(play.tricks) == TRICKS_PER_HAND and play.tricks[-1].winner is not None
    to_act = None if done else play.next_seat
    return PitchProgress(
        phase="complete" if done else "play",
        to_act=to_act,
        legal_calls=(),
        legal_cards=None if to_act is None else _legal_cards(hand, play, to_act),
        violations=status.violations + tuple(play_violations),
        bidding=status,
        pitcher=pitcher,
        bid=status.high_bid,
        trump=play.trump,
        tricks=play.tricks,
        recordable=recordable(play_violations, leaders, hand.players, absent),
    )


def _legal_cards(hand: PitchHand, play: Play, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play next (P4); see :class:`PitchProgress`."""
    current = play.tricks[-1].cards if play.tricks and play.tricks[-1].winner is None else ()
    if hand.hands is None:
        if not play.played:
            return None  # the opening lead: any card of the pack may be pitched
        void = play.void_suits(seat)
        cards = [c for c in FULL_PACK if c not in play.played and c.suit not in void]
        return tuple(cards)
    remaining = [c for c in hand.hands[seat] if c not in play.played]
    if current:
        led = current[0].suit
        if any(c.suit == led for c in remaining):
            remaining = [c for c in remaining if c.suit == led or c.suit == play.trump]
    return tuple(sorted(remaining, key=_PACK_ORDER.__getitem__))
