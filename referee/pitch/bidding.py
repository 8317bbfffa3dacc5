"""P3 Bidding: one round from the dealer's left, ending with the dealer.

Every bid must be higher than the high bid and at least ``min_bid``; a bid of 4 made by
pitching a card ends the auction at once; a dealer whom everyone passed is stuck and must bid
at least ``stuck_dealer_min`` (or, with that option ``None``, the hand is redealt); the dealer
alone may steal by matching the high bid, as ``dealer_steal`` allows (P8).

How a record is read (documented interpretations):

- A 4 written as a number that ends the list before every player has called is a pitch (in a
  complete record nothing else can explain the missing calls). ``"pitch"`` says it explicitly.
  With ``record_complete=False`` (a record still being written) a trailing 4 is an ordinary
  bid and the auction goes on.
- Broken calls are reported, and the auction is then read as the table played it: a bid at
  least the high bid (an illegal steal, a bid under ``min_bid``) takes the bid; a bid below the
  high bid, a bid out of 1..4 and any call after the auction ended are ignored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from referee.frozen import quick_init
from referee.pitch.records import (
    DEFAULT_OPTIONS,
    MAX_BID,
    PASS,
    PITCH,
    Call,
    PitchOptions,
    check_dealer,
    check_players,
    seat_named,
)
from referee.violations import RecordError, Violation, said


@quick_init
@dataclass(frozen=True, slots=True)
class BiddingStatus:
    """Where an auction stands (P3).

    ``legal``: no violation. ``violations``: the broken calls, located ``bids[i]``.
    ``complete``: the auction is over (everyone called, or a pitch). ``high_bidder``: the seat
    holding the high bid (the pitcher once complete), or ``None``. ``high_bid``: 1..4 or
    ``None``. ``pitched``: the high bid was made by pitching a card. ``next_seat``: who calls
    next, ``None`` when complete. ``legal_calls``: the calls open to ``next_seat`` (empty when
    complete). ``redeal``: everyone passed and ``stuck_dealer_min`` is ``None`` (P8): no score,
    the next dealer deals.
    """

    legal: bool
    violations: tuple[Violation, ...]
    complete: bool
    high_bidder: int | None
    high_bid: int | None
    pitched: bool
    next_seat: int | None
    legal_calls: tuple[Call, ...]
    redeal: bool

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict of the fields above."""
        return {
            "legal": self.legal,
            "violations": [v.as_dict() for v in self.violations],
            "complete": self.complete,
            "high_bidder": self.high_bidder,
            "high_bid": self.high_bid,
            "pitched": self.pitched,
            "next_seat": self.next_seat,
            "legal_calls": list(self.legal_calls),
            "redeal": self.redeal,
        }


def can_steal(high_bid: int, options: PitchOptions = DEFAULT_OPTIONS) -> bool:
    """Whether the dealer may match ``high_bid`` (an unpitched bid) under ``dealer_steal`` (P3, P8).

    >>> can_steal(3), can_steal(4), can_steal(4, PitchOptions(dealer_steal="match_any"))
    (True, False, True)
    """
    if options.dealer_steal in ("match_below_4", "match_below_max"):
        return high_bid < options.max_bid  # V9: "match_below_max" is P3's rule in any game
    return options.dealer_steal == "match_any"


def legal_calls_for(
    is_dealer: bool, high_bid: int | None, options: PitchOptions = DEFAULT_OPTIONS
) -> tuple[Call, ...]:
    """The calls open to a player (P3): pass unless he is a stuck dealer, every bid above the
    high bid and at least ``min_bid`` (and ``stuck_dealer_min`` when stuck) up to ``max_bid``
    (V9), the dealer's steal when allowed, and, in the 4-point game only, ``"pitch"`` whenever
    4 is open.
    """
    stuck = is_dealer and high_bid is None and options.stuck_dealer_min is not None
    lowest = max(options.min_bid, (high_bid or 0) + 1)
    if stuck:
        lowest = max(lowest, options.stuck_dealer_min or 0)
    if is_dealer and high_bid is not None and can_steal(high_bid, options):
        lowest = min(lowest, high_bid)
    calls: list[Call] = [] if stuck else [PASS]
    most = options.max_bid
    calls.extend(range(lowest, most + 1))
    if lowest <= most and options.variant == "four_point":
        calls.append(PITCH)
    return tuple(calls)



def _call_value(call: Call, i: int, options: PitchOptions = DEFAULT_OPTIONS) -> int:
    """The value of a bid: a pitch is a bid of 4 (P3); it exists only in the 4-point game (V9).

    :raises RecordError: ``malformed_call`` for a call that is neither a pass nor a bid, or a
        pitch in another game.
    """
    if call == PITCH:
        if options.variant != "four_point":
            raise RecordError([said("malformed_call.pitch", "V9", f"bids[{i}]")])
        return MAX_BID
    if isinstance(call, int) and not isinstance(call, bool):
        return call
    raise RecordError([said("malformed_call.short", "P3", f"bids[{i}]", value=repr(call))])


class _Turn(NamedTuple):
    """Whose call it is: its place ``i`` in the auction, the ``seat``, the dealer or not, the
    players' ``names`` for the sentences."""

    i: int
    seat: int
    is_dealer: bool
    names: Sequence[str]


def _judge_bid(
    value: int, turn: _Turn, high_bid: int | None, options: PitchOptions,
    violations: list[Violation],
) -> bool:
    """P3: the breaks of one bid of ``value``, appended to ``violations``; whether the bid
    takes the high bid as the table played it (a bid out of 1..4, or below the high bid, is
    ignored)."""
    i = turn.i
    if not 1 <= value <= options.max_bid:
        violations.append(said("bid_out_of_range", "P3", f"bids[{i}]",
                               who=seat_named(turn.seat, turn.names), bid=value,
                               most=options.max_bid))
        return False
    if value < options.min_bid:
        violations.append(said("bid_below_minimum", "P3", f"bids[{i}]",
                               who=seat_named(turn.seat, turn.names), bid=value,
                               least=options.min_bid))
    stuck_min = options.stuck_dealer_min
    if turn.is_dealer and high_bid is None and stuck_min is not None and value < stuck_min:
        violations.append(said("stuck_dealer_bid_too_low", "P3", f"bids[{i}]",
                               who=seat_named(turn.seat, turn.names), least=stuck_min, bid=value))
    if high_bid is None or value > high_bid:
        return True
    if value < high_bid:
        violations.append(said("bid_not_higher", "P3", f"bids[{i}]",
                               who=seat_named(turn.seat, turn.names), bid=value, high=high_bid))
        return False
    if not turn.is_dealer:
        violations.append(said("steal_by_non_dealer", "P3", f"bids[{i}]",
                               who=seat_named(turn.seat, turn.names), high=high_bid))
    elif not can_steal(high_bid, options):
        violations.append(said(
            "steal_not_allowed" + (".outbid_only" if options.dealer_steal == "outbid_only"
                                   else ""), "P3", f"bids[{i}]",
            who=seat_named(turn.seat, turn.names), high=high_bid))
    return True


def check_bidding(
    players: int,
    dealer: int,
    bids: Sequence[Call],
    options: PitchOptions = DEFAULT_OPTIONS,
    *,
    record_complete: bool = True,
    names: Sequence[str] = (),
) -> BiddingStatus:
    """Check an auction (P3, options P8) and say where it stands.

    ``players``: 2..7; ``dealer``: his seat; ``bids``: the calls so far, in order from the
    dealer's left. ``record_complete``: the record holds the whole auction, so a trailing 4
    before everyone called is a pitch (see the module notes); pass ``False`` for an auction
    being written call by call. ``names``: the players, one per seat, named in the
    violations' sentences ("Bob bid 2…"); empty: "Seat 1 bid 2…".

    Violation codes (rule P3): ``bid_out_of_turn`` (a call after the auction ended),
    ``bid_out_of_range``, ``bid_below_minimum``, ``bid_not_higher``, ``steal_by_non_dealer``,
    ``steal_not_allowed``, ``stuck_dealer_passed``, ``stuck_dealer_bid_too_low``.

    :raises RecordError: ``player_count``, ``dealer_not_a_seat``, ``malformed_call``.
    """
    check_players(players, False)
    check_dealer(dealer, players)
    violations: list[Violation] = []
    high_bid: int | None = None
    high_bidder: int | None = None
    pitched = False
    ended = False
    last = len(bids) - 1
    stuck_min = options.stuck_dealer_min
    for i, call in enumerate(bids):
        seat = (dealer + 1 + i) % players
        if ended or i >= players:
            violations.append(said(
                "bid_out_of_turn." + ("after_pitch" if pitched else "after_dealer"), "P3",
                f"bids[{i}]", who=seat_named(seat, names), call=call))
            continue
        is_dealer = i == players - 1
        if call == PASS:
            if is_dealer and high_bid is None and stuck_min is not None:
                violations.append(said("stuck_dealer_passed", "P3", f"bids[{i}]",
                                       who=seat_named(seat, names),
                                       least=max(stuck_min, options.min_bid)))
            continue
        value = _call_value(call, i, options)
        turn = _Turn(i, seat, is_dealer, names)
        if not _judge_bid(value, turn, high_bid, options, violations):
            continue
        high_bid, high_bidder = value, seat
        if options.variant != "four_point":
            ended = value == options.max_bid  # V9: a bid of max_bid ends the auction
        elif call == PITCH or (value == MAX_BID and record_complete and i == last
                               and not is_dealer):
            pitched = ended = True
    complete = ended or len(bids) >= players
    next_seat = None if complete else (dealer + 1 + len(bids)) % players
    calls: tuple[Call, ...] = ()
    if next_seat is not None:
        calls = legal_calls_for(len(bids) == players - 1, high_bid, options)
    if violations and options.variant != "four_point":  # the variants' bidding is V9
        violations = [replace(v, rule="V9") if v.rule == "P3" else v for v in violations]
    return BiddingStatus(
        legal=not violations,
        violations=tuple(violations),
        complete=complete,
        high_bidder=high_bidder,
        high_bid=high_bid,
        pitched=pitched,
        next_seat=next_seat,
        legal_calls=calls,
        redeal=complete and high_bid is None and stuck_min is None,
    )


def verify_bidding(
    players: int, dealer: int, bids: Sequence[Call], options: PitchOptions = DEFAULT_OPTIONS
) -> BiddingStatus:
    """Like :func:`check_bidding` on a complete auction, raising on any rule break (P3).

    :raises RecordError: with the violations, when the auction is not legal.
    """
    status = check_bidding(players, dealer, bids, options)
    if status.violations:
        raise RecordError(status.violations)
    return status
