""""Record it anyway": a step the rules refuse, kept as an irregularity that happened (P10).

For step-by-step entry. A table that saw a revoke, a bid or a lead out of turn, or a misdeal
records the step anyway; :func:`record_anyway` says what the record becomes (the step plus the
entries of its ``irregular`` list), which irregularities that is, and what each means under the
table's options, so a page can show the consequence before sending, and the match layer can
store the new record. Pure: JSON records in, JSON records out.

Steps (``step`` dict): ``{"kind": "bid", "call": 3, "seat": 2}``, ``{"kind": "card",
"card": "5S", "seat": 2}`` (``seat``: who really called or played; omit it when it was his
turn), ``{"kind": "deal_started", "hands": [[...], ...]}`` and ``{"kind": "misdeal",
"seat": 1}`` (seat optional).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from referee.cards import parse_card
from referee.pitch.irregular import penalty_of, said_consequence
from referee.pitch.progress import progress
from referee.pitch.records import (
    DEFAULT_OPTIONS,
    HAND_SIZE,
    Irregularity,
    PitchOptions,
    cards_in_trick,
    hand_from_record,
    parse_call,
    seat_named,
)
from referee.rulings import Consequence
from referee.violations import RecordError, Violation, said


@dataclass(frozen=True, slots=True)
class Anyway:
    """What recording a step anyway does (P10).

    ``record``: the new record (the step applied, new entries appended to ``irregular``).
    ``irregularities``: the new entries; ``penalties``: for each, the table's option value;
    ``consequences``: for each, the penalty with its source, by its code and parameters
    (:func:`~referee.pitch.irregular.said_consequence`). ``refused``: why the step needed
    "anyway" (the violations the rules give it); empty when the step was legal.
    """

    record: dict[str, Any]
    irregularities: tuple[Irregularity, ...]
    penalties: tuple[str, ...]
    consequences: tuple[Consequence, ...]
    refused: tuple[Violation, ...]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"record", "irregularities": [{"type", "seat", …, "penalty",
        "what"}], "refused": [violations]}``."""
        return {
            "record": self.record,
            "irregularities": [
                {**item.as_dict(), "rule": "P10", "penalty": penalty, "what": what.text}
                for item, penalty, what in zip(
                    self.irregularities, self.penalties, self.consequences, strict=True
                )
            ],
            "refused": [v.as_dict() for v in self.refused],
        }


class _Table(NamedTuple):
    """What :func:`record_anyway`'s steps share: the table (``players``, ``partnership``,
    ``options``, ``names``), the record being written (``new``), the irregularities found
    (``entries``) and the violations they answer (``refused``)."""

    players: int
    partnership: bool
    options: PitchOptions
    names: Sequence[str]
    new: dict[str, Any]
    entries: list[Irregularity]
    refused: list[Violation]



def _parse(record: Mapping[str, Any], table: _Table) -> Any:
    """The record as the table's game reads it: the 4-point game's hand, or a variant's
    (V13) with its jokers and folds."""
    if table.options.classic:
        return hand_from_record(record, table.players, table.partnership, table.names)
    from referee.pitch.variants import variant_hand_from_record

    return variant_hand_from_record(record, table.players, table.partnership, table.options,
                                    table.names)


def _progress(hand: Any, options: PitchOptions) -> Any:
    """Where the hand stands (:func:`~referee.pitch.progress.progress`, or a variant's)."""
    if options.classic:
        return progress(hand, options)
    from referee.pitch.variants import variant_progress

    return variant_progress(hand, options)


def _deal_started(table: _Table, hands: Any) -> None:
    """P2, P10: hands dealt; one not of six cards is a misdeal."""
    new, names = table.new, table.names
    new["hands"] = hands
    short = [s for s, cards in enumerate(new["hands"] or ()) if len(cards) != HAND_SIZE]
    if short:
        table.entries.append(Irregularity("misdeal", short[0]))
        dealt = len(new["hands"][short[0]])
        table.refused.append(said("hand_not_six" + (".one" if dealt == 1 else ""), "P2",
                                  f"hands[{short[0]}]", who=seat_named(short[0], names), n=dealt))


def _bid_anyway(table: _Table, hand: Any, seat: int | None, value: object) -> None:
    """P3, P10: a call; by a seat whose turn it is not, a bid out of turn."""
    names = table.names
    call = parse_call(value, "call")
    state = _progress(hand, table.options)
    if state.phase != "bidding":
        raise RecordError([said("bid_out_of_turn.over", "P3", "call")])
    if seat is not None and seat != state.to_act:
        table.entries.append(Irregularity("bid_out_of_turn", seat, None, call))
        table.refused.append(said("bid_out_of_turn", "P3", "bids", who=seat_named(seat, names),
                                  call=call, due=seat_named(state.to_act or 0, names)))
    else:
        table.new["bids"] = [*table.new["bids"], call]


def _card_anyway(table: _Table, hand: Any, seat: int | None, card: object) -> None:
    """P4, P10: a card; a card proving a revoke is played and recorded. A card out of turn
    is taken back (refused): within a trick, and as a lead at every trick, nobody having
    played to it yet ("withdrawn unless the trick is complete", P10; PT 59 III by analogy:
    "the card led may be taken up, unless the adversary have played to the trick"). Anything
    else the rules refuse is raised."""
    new, names, options = table.new, table.names, table.options
    state = _progress(hand, options)
    tricks = [list(t) for t in new["tricks"]]
    leading = not tricks or len(tricks[-1]) == cards_in_trick(
        table.players, new.get("irregular") or (), len(tricks) - 1)  # P10: short hands
    if seat is not None and seat != state.to_act:
        due = seat_named(state.to_act or 0, names)
        if not leading:
            raise RecordError([said("out_of_turn.within_trick", "P4", "seat", due=due)])
        raise RecordError([said("lead_out_of_turn", "P10", "seat", who=seat_named(seat, names),
                                trick=len(tricks) + 1, due=due)])
    if leading:
        tricks.append([])
    tricks[-1].append(card)
    new["tricks"] = tricks
    with_card = _progress(_parse(new, table), options)
    before = set(state.violations)
    fresh = [v for v in with_card.violations if v not in before]
    others = [v for v in fresh if v.code != "revoke"]
    if others:
        raise RecordError(others)  # no recordable irregularity: refused as before
    table.refused.extend(fresh)
    revokes = with_card.recordable
    table.entries.extend(revokes)
    if revokes:
        new["irregular"] = [*(new.get("irregular") or []), *(r.as_dict() for r in revokes)]


def record_anyway(
    record: Mapping[str, Any],
    step: Mapping[str, Any],
    players: int,
    partnership: bool = False,
    options: PitchOptions = DEFAULT_OPTIONS,
    names: Sequence[str] = (),
) -> Anyway:
    """Apply ``step`` to ``record`` keeping what the rules refuse as an irregularity (P10).

    - a bid by a ``seat`` whose turn it is not: a bid out of turn (the auction stays in turn;
      ``bid_out_of_turn`` decides what it means);
    - a card that proves a revoke: the card is played, the revoke recorded;
    - a card led or played by a ``seat`` whose turn it is not: refused, the card taken back
      (at every trick nobody has played to it yet; a lead out of turn everyone played to
      is recorded in a whole hand's ``irregular`` list, P10);
    - hands dealt with a hand not of six cards, or an explicit misdeal: a misdeal.

    ``names``: the players, one per seat, named in the sentences (empty: "seat 1").

    :raises RecordError: the step breaks a rule that is no recordable irregularity (the
        violations), or the record cannot be read.
    """
    kind = step.get("kind")
    new: dict[str, Any] = {key: value for key, value in record.items()}
    new.setdefault("bids", [])
    new.setdefault("tricks", [])
    entries: list[Irregularity] = []
    refused: list[Violation] = []
    table = _Table(players, partnership, options, names, new, entries, refused)
    hand = _parse(new, table)
    seat = step.get("seat")
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
    ):
        raise RecordError([said("malformed_step", "P10", "seat", most=players - 1,
                                value=repr(seat))])
    if kind == "misdeal":
        entries.append(Irregularity("misdeal", seat))
    elif kind == "deal_started":
        _deal_started(table, step.get("hands"))
    elif kind == "bid":
        _bid_anyway(table, hand, seat, step.get("call"))
    elif kind == "card":
        _card_anyway(table, hand, seat, step.get("card"))
    else:
        raise RecordError([said("bad_step.pitch_hand", "P10", "kind", value=repr(kind))])
    if entries and kind != "card":  # a card's entries are in the record already
        new["irregular"] = [*(new.get("irregular") or []), *(e.as_dict() for e in entries)]
    parsed = _parse(new, table)
    if kind == "bid":
        known = set(_progress(hand, options).violations)
        left = [v for v in _progress(parsed, options).violations if v not in known]
        if left:
            raise RecordError(left)
    state_bid = None if kind in ("misdeal", "deal_started") else _progress(parsed, options).bid
    next_dealer = None
    if any(e.kind == "misdeal" for e in entries):
        penalty, _ = penalty_of("misdeal", options)
        dealer = int(new.get("dealer", 0))
        next_dealer = dealer if penalty == "same_dealer" else (dealer + 1) % players
    consequences = tuple(said_consequence(e, options, state_bid, next_dealer, names=names)
                         for e in entries)
    penalties = tuple(penalty_of(e.kind, options)[0] for e in entries)
    return Anyway(new, tuple(entries), penalties, consequences, tuple(refused))


def holder_of(
    record: Mapping[str, Any], card: Any, players: int, partnership: bool = False,
) -> int | None:
    """P4, P10: the seat dealt ``card`` (``"5H"``), not yet played, when the hands as dealt
    are recorded; None when they are not, or nobody holds it. A card sent for the player to
    play that another holds was played by that other: out of turn, taken back (P10), never a
    card "not held".

    :raises RecordError: the record cannot be read.
    """
    hand = hand_from_record(record, players, partnership)
    if hand.hands is None:
        return None
    try:
        wanted = parse_card(str(card))
    except ValueError:
        return None
    if any(wanted in trick for trick in hand.tricks):
        return None
    return next((s for s, held in enumerate(hand.hands) if wanted in held), None)
