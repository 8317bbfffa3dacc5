"""Pitch with more points (docs/rules/pitch-variants.md, V1-V15): the 5- to 13-point games.

The 4-point game (P1-P10) keeps its own engine (:mod:`referee.pitch.hand`); a table whose
options are not the 4-point game's (:attr:`~referee.pitch.records.PitchOptions.classic`) is
ruled here. What differs:

- the pack may hold one or two jokers and be stripped (V2); ``JK`` is the joker of a one-joker
  pack, or either joker when they are alike (``joker_order="first_played"``, V4);
- trumps are the trump suit plus the off-jack, off-ace, off-three and jokers the game's points
  name (V3.1), ranked as V4 says; the pitcher may name trump (``trump``, V3.2);
- three play rules (V5): ``trump_anytime`` (P4's), ``follow_suit`` and ``trump_only``, where
  players fold (``None`` in a trick, V5.3) and a hand may have fewer than six tricks;
- the scoring points and their values (V7), Game (V8), bids up to ``max_bid`` (V9).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from referee.cards import (
    ACE,
    BIG_JOKER,
    FULL_PACK,
    JACK,
    JOKER_CODES,
    JOKER_SUIT,
    LITTLE_JOKER,
    SUIT_NAMES,
    TEN,
    Card,
    CardError,
    card_name,
    describe_card,
    game_point_value,
    parse_card,
)
from referee.frozen import quick_init
from referee.pitch.bidding import BiddingStatus, check_bidding
from referee.pitch.claims import seat_words, side_words
from referee.pitch.play import card_not_held
from referee.pitch.records import (
    HAND_SIZE,
    POINT_VALUES,
    TRICKS_PER_HAND,
    Call,
    Irregularity,
    PitchOptions,
    check_dealer,
    check_names,
    irregularity_from_record,
    seat_named,
    side_of_seat,
    sides_of,
)
from referee.violations import RecordError, Violation, card_code, said

#: V2: the other suit of the same colour (spades and clubs black, hearts and diamonds red).
PARTNER_SUIT: dict[str, str] = {"S": "C", "C": "S", "H": "D", "D": "H"}

#: The placeholder of a ``JK`` under ``joker_order="first_played"`` until play says which
#: joker it is (V4).
_ALIKE = Card(1, JOKER_SUIT)

#: Ranks each ``deck`` leaves out (V2).
_STRIPPED: dict[str, frozenset[int]] = {
    "full": frozenset(),
    "five_to_ace": frozenset({2, 3, 4}),
    "nine_to_ace": frozenset(range(2, 9)),
    "two_and_nine_to_ace": frozenset(range(3, 9)),
}

#: Power of a card in a trick: a trump above a card of the suit led above any other (V4).
_TRUMP_POWER, _LED_POWER = 200, 100


def jokers_of(points: Sequence[str]) -> tuple[Card, ...]:
    """The jokers in the pack (V2, V13): none, one (``joker``: :data:`BIG_JOKER`, written
    ``JK``) or two (``big_joker`` and ``little_joker``)."""
    if "big_joker" in points:
        return (BIG_JOKER, LITTLE_JOKER)
    if "joker" in points:
        return (BIG_JOKER,)
    return ()


@cache
def pack_of(points: tuple[str, ...], deck: str) -> frozenset[Card]:
    """The cards of the pack (V2): the 52 cards less the ranks ``deck`` strips, plus the
    jokers ``points`` name."""
    stripped = _STRIPPED[deck]
    return frozenset(
        [card for card in FULL_PACK if card.rank not in stripped] + list(jokers_of(points)))


@cache
def trump_order(trump: str, points: tuple[str, ...], joker_rank: str) -> tuple[Card, ...]:
    """The trumps, highest first (V3.1, V4): A (off-A) K Q J (off-J) (jokers below the jacks)
    10 … 3 (off-3) 2 (jokers below the two), each off-card only when ``points`` names it."""
    other = PARTNER_SUIT[trump]
    jokers = list(jokers_of(points))
    order: list[Card] = [Card(ACE, trump)]
    if "off_ace" in points:
        order.append(Card(ACE, other))
    order += [Card(13, trump), Card(12, trump), Card(JACK, trump)]
    if "off_jack" in points:
        order.append(Card(JACK, other))
    if joker_rank == "below_jacks":
        order += jokers
    order += [Card(rank, trump) for rank in range(TEN, 2, -1)]
    if "off_three" in points:
        order.append(Card(3, other))
    order.append(Card(2, trump))
    if joker_rank == "below_two":
        order += jokers
    return tuple(order)


@cache
def _trump_rank(trump: str, points: tuple[str, ...], joker_rank: str) -> dict[Card, int]:
    """Each trump's strength (V4): the lowest 1, the highest the number of trumps."""
    order = trump_order(trump, points, joker_rank)
    return {card: len(order) - k for k, card in enumerate(order)}


#: Each point's card, given trump (V7); ``high``, ``low`` and ``game`` are found otherwise.
def _point_card(name: str, trump: str) -> Card | None:
    other = PARTNER_SUIT[trump]
    return {
        "jack": Card(JACK, trump), "off_jack": Card(JACK, other), "joker": BIG_JOKER,
        "big_joker": BIG_JOKER, "little_joker": LITTLE_JOKER, "ten": Card(TEN, trump),
        "three": Card(3, trump), "five": Card(5, trump), "off_ace": Card(ACE, other),
        "off_three": Card(3, other),
    }.get(name)


def variant_card_name(card: Card, options: PitchOptions) -> str:
    """A card as the variants write it (V2): ``JK`` for a one-joker pack's joker and for
    either joker when they are alike, else the card's code."""
    if card.suit == JOKER_SUIT and ("joker" in options.points
                                    or options.joker_order == "first_played"):
        return "JK"
    return card_name(card)


def variant_describe(card: Card, options: PitchOptions) -> str:
    """A card in words (V2): ``"joker"`` for a one-joker pack's, else as
    :func:`~referee.cards.describe_card`."""
    if card.suit == JOKER_SUIT and "joker" in options.points:
        return "joker"
    return describe_card(card)


# --- The record ---------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True, slots=True)
class VariantHand:
    """One hand of a variant as recorded (V13), cards parsed.

    As :class:`~referee.pitch.records.PitchHand`, and: ``tricks`` may hold ``None`` for a
    player who has folded (``trump_only`` only, V5.3), each trick then listing every seat from
    the one due to lead; ``trump``: the suit the pitcher named, or ``None`` (V3.2). Jokers are
    :data:`~referee.cards.BIG_JOKER` / :data:`~referee.cards.LITTLE_JOKER`; under
    ``first_played`` the record's ``JK`` are already told apart by the order of play.
    """

    players: int
    partnership: bool
    dealer: int
    bids: tuple[Call, ...]
    tricks: tuple[tuple[Card | None, ...], ...]
    hands: tuple[tuple[Card, ...], ...] | None = None
    claimed: tuple[int, ...] | None = None
    trump: str | None = None
    irregular: tuple[Irregularity, ...] = ()
    names: tuple[str, ...] = ()


def _bad(message_code: str, rule: str, location: str, **params: Any) -> RecordError:
    """A record that cannot be ruled on, for the one violation worded by ``message_code``."""
    return RecordError([said(message_code, rule, location, **params)])



def parse_variant_card(text: object, options: PitchOptions, location: str) -> Card:
    """One card of a variant's record (V2): a card of :func:`~referee.cards.parse_card`, or a
    joker ``BJ``/``HJ``, ``LJ``, ``JK``. ``JK`` is the lone joker of a one-joker pack, a
    placeholder resolved by the order of play under ``first_played``.

    :raises RecordError: ``malformed_card`` (V2) for anything else, or ``JK`` in a pack of two
        marked jokers.
    """
    if isinstance(text, str):
        code = text.strip().upper()
        if code in JOKER_CODES:
            joker = JOKER_CODES[code]
            if options.joker_order == "first_played":
                return _ALIKE
            if "joker" in options.points:
                return BIG_JOKER if joker is not LITTLE_JOKER else LITTLE_JOKER
            if joker is None:
                raise _bad("malformed_card.two_jokers", "V2", location)
            return joker
    try:
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a card")
        return parse_card(text)
    except CardError:
        raise _bad("malformed_card.joker", "V2", location, value=repr(text)) from None


def _card_rows(value: object, options: PitchOptions, location: str,
               folds: bool) -> tuple[tuple[Card | None, ...], ...]:
    """A list of lists of cards (tricks, hands); ``None`` entries only where ``folds``."""
    if not isinstance(value, (list, tuple)):
        raise _bad("malformed_record.list", "P9", location)
    rows = []
    for i, row in enumerate(value):
        if not isinstance(row, (list, tuple)):
            raise _bad("malformed_record.list", "P9", f"{location}[{i}]")
        cards: list[Card | None] = []
        for j, text in enumerate(row):
            if text is None:
                if not folds:
                    raise _bad("fold_outside_trump_only", "V5", f"{location}[{i}][{j}]")
                cards.append(None)
            else:
                cards.append(parse_variant_card(text, options, f"{location}[{i}][{j}]"))
        rows.append(tuple(cards))
    return tuple(rows)


def variant_hand_from_record(
    record: Mapping[str, Any], players: int, partnership: bool, options: PitchOptions,
    names: Sequence[str] = (),
) -> VariantHand:
    """Parse a variant's record (V13): the 4-point record of design.md plus ``trump`` and the
    jokers and folds of V2 and V5.3. Only the shape is checked here.

    :raises RecordError: ``malformed_record`` / ``malformed_call`` / ``malformed_card`` /
        ``fold_outside_trump_only`` with the location of the first bad value.
    """
    from referee.pitch.records import _calls, _claimed  # the 4-point record's readers

    dealer = record.get("dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise _bad("malformed_record.dealer", "P9", "dealer")
    trump = record.get("trump")
    if trump is not None:
        trump = str(trump).strip().upper()[:1] if isinstance(trump, str) else trump
        if trump not in SUIT_NAMES:
            raise _bad("malformed_record.trump_suit", "V3", "trump")
    tricks = _card_rows(record.get("tricks"), options, "tricks", options.play == "trump_only")
    hands = None
    if record.get("hands") is not None:
        hands = tuple(tuple(c for c in row if c is not None)
                      for row in _card_rows(record["hands"], options, "hands", False))
    claimed = None if record.get("claimed") is None else _claimed(record["claimed"])
    irregular: tuple[Irregularity, ...] = ()
    if record.get("irregular"):
        irregular = tuple(irregularity_from_record(item, players, f"irregular[{i}]")
                          for i, item in enumerate(record["irregular"]))
    jokers = iter((BIG_JOKER, LITTLE_JOKER))  # V4 first_played: the first JK played is big
    tricks = tuple(tuple(next(jokers, LITTLE_JOKER) if card is _ALIKE else card
                         for card in trick) for trick in tricks)
    return VariantHand(players, partnership, dealer, _calls(record.get("bids")), tricks, hands,
                       claimed, trump, irregular, check_names(names, players))



# --- Play (V3, V5) --------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True, slots=True)
class VariantTrick:
    """One trick of a variant (V5): ``leader`` the seat of its first entry (the seat that
    led, or under ``trump_only`` the seat due to lead, V5.3), ``cards`` in seat order from
    it (``None`` for a player who has folded), ``winner`` the seat of its highest card (V4),
    ``written`` the cards as the ruling writes them (V2: ``JK``)."""

    leader: int
    cards: tuple[Card | None, ...]
    winner: int
    written: tuple[str | None, ...]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"leader": 0, "cards": ["AS", null, ...], "winner": 2}``."""
        return {"leader": self.leader, "cards": list(self.written), "winner": self.winner}


@dataclass(frozen=True, slots=True)
class _Play:
    """Where each card went (V5): ``seat`` card → (seat, trick, place) of its play; the
    ``tricks``; ``folded`` seat → (trick, place) of its first ``None``."""

    tricks: tuple[VariantTrick, ...]
    seat: dict[Card, tuple[int, int, int]]
    folded: dict[int, tuple[int, int]]
    suspects: tuple[tuple[int, int, int, Card, str], ...]
    violations: tuple[Violation, ...]


def _suit_of(card: Card, ranks: Mapping[Card, int]) -> str:
    """The suit a card belongs to in play (V3.1, V5.1): ``"T"`` for a trump (an off-card is
    not of its printed suit), else its printed suit."""
    return "T" if card in ranks else card.suit


def _power(card: Card | None, led: str, ranks: Mapping[Card, int]) -> int:
    """A card's strength in a trick (V4): a trump by its rank, above the suit led, above the
    rest; a fold nothing."""
    if card is None:
        return -1
    if card in ranks:
        return _TRUMP_POWER + ranks[card]
    return card.rank + (_LED_POWER if card.suit == led else 0)


def _breaks_rule(card: Card, led: str, play: str, ranks: Mapping[Card, int]) -> bool:
    """V5.2: the play of ``card`` to a trick of suit ``led`` (``"T"`` for trumps) is against
    the rule in force unless the player held nothing he had to play (checked by the caller)."""
    suit = _suit_of(card, ranks)
    if play == "trump_anytime":
        return suit != led and suit != "T"
    return suit != led  # follow_suit; trump_only is checked on its own


def _walk(hand: VariantHand, trump: str, pitcher: int, options: PitchOptions,
          ranks: Mapping[Card, int]) -> _Play:
    """Seat every card, find each trick's winner (V4) and every play that may break V5."""
    players = hand.players
    trump_only = options.play == "trump_only"
    leader = pitcher
    seat: dict[Card, tuple[int, int, int]] = {}
    folded: dict[int, tuple[int, int]] = {}
    suspects: list[tuple[int, int, int, Card, str]] = []
    violations: list[Violation] = []
    tricks: list[VariantTrick] = []
    for i, trick in enumerate(hand.tricks):
        lead = next((card for card in trick if card is not None), None)
        if lead is None:
            raise _bad("trick_empty", "V5", f"tricks[{i}]", trick=i + 1)
        led = _suit_of(lead, ranks)
        powers = [_power(card, led, ranks) for card in trick]
        for j, card in enumerate(trick):
            who = (leader + j) % players
            if card is None:
                folded.setdefault(who, (i, j))
                continue
            seat[card] = (who, i, j)
            if trump_only:
                violations.extend(_trump_only_play(who, i, j, card, folded, ranks, hand.names))
            elif j and _breaks_rule(card, led, options.play, ranks):
                suspects.append((who, i, j, card, led))
        winner = (leader + powers.index(max(powers))) % players
        tricks.append(VariantTrick(leader, trick, winner,
                                   tuple(None if c is None else variant_card_name(c, options)
                                         for c in trick)))
        leader = winner
    return _Play(tuple(tricks), seat, folded, tuple(suspects), tuple(violations))


def _trump_only_play(who: int, i: int, j: int, card: Card, folded: Mapping[int, tuple[int, int]],
                     ranks: Mapping[Card, int], names: Sequence[str]) -> list[Violation]:
    """V5.2 ``trump_only``: only trumps are played, and a player who folded stays out."""
    found = []
    player = seat_named(who, names)
    if card not in ranks:
        found.append(said("not_a_trump", "V5", f"tricks[{i}][{j}]", who=player,
                          card=card_code(card), trick=i + 1))
    if who in folded:
        found.append(said("played_after_folding", "V5", f"tricks[{i}][{j}]", who=player,
                          card=card_code(card), trick=i + 1, folded=folded[who][0] + 1))
    return found


def _revokes(hand: VariantHand, play: _Play, ranks: Mapping[Card, int]) -> list[Violation]:
    """V5.4: a play against the rule in force while the player held a card he had to play:
    shown by the hands as dealt, or without them by a later card of that suit."""
    found = []
    for who, i, j, card, led in play.suspects:
        if hand.hands is not None:
            shown = [c for c in hand.hands[who] if _suit_of(c, ranks) == led
                     and play.seat.get(c, (who, 99, 0))[1] >= i]
        else:
            shown = [c for c, (w, i2, _j) in play.seat.items()
                     if w == who and i2 > i and _suit_of(c, ranks) == led]
        if shown:
            if led == "T":
                found.append(said("revoke.variant.trump", "V5", f"tricks[{i}][{j}]",
                                  who=seat_named(who, hand.names), trick=i + 1,
                                  card=card_code(card), held=card_code(shown[0])))
            else:
                found.append(said("revoke.variant", "V5", f"tricks[{i}][{j}]",
                                  who=seat_named(who, hand.names), trick=i + 1,
                                  card=card_code(card), suit=led, held=card_code(shown[0])))
    return found


def _held_violations(hand: VariantHand, play: _Play, pitcher: int, options: PitchOptions,
                     ranks: Mapping[Card, int]) -> list[Violation]:
    """With the hands as dealt: cards played by a seat that was not dealt them (P4), the
    first lead not a trump though the pitcher held one (V3.4), trumps kept by a player who
    folded or never played (V5.2 ``trump_only``)."""
    assert hand.hands is not None
    names = hand.names
    found = []
    holder = {card: s for s, cards in enumerate(hand.hands) for card in cards}
    for card, (who, i, j) in play.seat.items():
        if holder.get(card) != who:
            found.append(card_not_held(who, holder.get(card), card_code(card), i, j, names))
    if options.play == "trump_only":
        for s, cards in enumerate(hand.hands):
            kept = [c for c in cards if c in ranks and c not in play.seat]
            if kept:
                i, j = play.folded.get(s, (len(play.tricks) - 1, 0))
                found.append(said(
                    "folded_holding_trump.kept", "V5",
                    f"tricks[{i}][{j}]" if s in play.folded else "tricks",
                    who=seat_named(s, names), card=card_code(kept[0])))
    return found


def _first_lead(hand: VariantHand, play: _Play, pitcher: int, ranks: Mapping[Card, int],
                options: PitchOptions) -> list[Violation]:
    """V3.4 ``first_lead="trump"``: the pitcher leads a trump if he holds one (shown by the
    hands as dealt, or by a trump he played later)."""
    if options.first_lead != "trump" or not play.tricks:
        return []
    first = play.tricks[0]
    j = next(k for k, card in enumerate(first.cards) if card is not None)
    lead = first.cards[j]
    assert lead is not None
    if lead in ranks:
        return []
    if hand.hands is not None:
        held = [c for c in hand.hands[pitcher] if c in ranks]
    else:
        held = [c for c, (w, _i, _j) in play.seat.items() if w == pitcher and c in ranks]
    if not held:
        return []
    return [said("first_lead_not_trump", "V3", f"tricks[0][{j}]",
                 pitcher=seat_named(pitcher, hand.names), card=card_code(lead),
                 held=card_code(held[0]))]


# --- Trump, the record's shape --------------------------------------------------------------


def trump_of(hand: VariantHand, options: PitchOptions) -> str:
    """The trump suit (V3.2, V3.3, V3.4): the suit named (``trump``), else the printed suit of
    the first card led; a joker led first makes spades trump under ``pitched_joker="spades"``.

    :raises RecordError: ``trump_not_named`` (V3) when a joker is led first under ``"named"``,
        or play may open with any card (``first_lead="any"``), and ``trump`` is not given.
    """
    if hand.trump is not None:
        return hand.trump
    lead = next((card for trick in hand.tricks for card in trick if card is not None), None)
    if options.first_lead == "any":
        raise _bad("trump_not_named", "V3", "trump")
    if lead is None:
        raise _bad("wrong_trick_count.none", "V5", "tricks")
    if lead.suit != JOKER_SUIT:
        return lead.suit
    if options.pitched_joker == "spades":
        return "S"
    raise _bad("trump_not_named.joker", "V3", "trump")


def verify_variant_record(hand: VariantHand, options: PitchOptions) -> None:
    """The shape of a variant's record (P1, P2, V5.3, V6): six cards a hand, six tricks of one
    card a player (under ``trump_only`` one to six, each with an entry per player), no card
    twice.

    :raises RecordError: with every violation found (``hands_count``, ``hand_not_six``,
        ``wrong_trick_count``, ``trick_wrong_size``, ``card_dealt_twice``,
        ``card_played_twice``, ``claimed_wrong_length``).
    """
    players = hand.players
    sides = sides_of(players, hand.partnership)
    check_dealer(hand.dealer, players)
    found: list[Violation] = [
        Violation("malformed_irregularity", "P10", "A short hand found in play is ruled card "
                  "by card in the four-point game only; enter this hand's score-sheet line or "
                  "totals.", f"irregular[{k}]")
        for k, item in enumerate(hand.irregular) if item.kind == "short_hand"]
    if hand.hands is not None:
        if len(hand.hands) != players:
            found.append(said("hands_count", "P2", "hands", n=len(hand.hands), players=players))
        for s, cards in enumerate(hand.hands):
            if len(cards) != HAND_SIZE:
                found.append(said("hand_not_six.variant", "V6", f"hands[{s}]",
                                  who=seat_named(s, hand.names), n=len(cards)))
        found += _twice(hand.hands, "card_dealt_twice", "dealt", "hands")
    count = len(hand.tricks)
    if options.play == "trump_only":
        if not 1 <= count <= TRICKS_PER_HAND:
            found.append(said("wrong_trick_count.trump_only", "V5", "tricks", n=count))
    elif count != TRICKS_PER_HAND:
        found.append(said("wrong_trick_count", "P4", "tricks", n=count))
    for i, trick in enumerate(hand.tricks):
        if len(trick) != players:
            found.append(said("trick_wrong_size.variant", "V5", f"tricks[{i}]", trick=i + 1,
                              n=len(trick), players=players))
    found += _twice(hand.tricks, "card_played_twice", "played", "tricks")
    if hand.claimed is not None and len(hand.claimed) not in (players, len(sides)):
        found.append(said("claimed_wrong_length.variant", "P6", "claimed",
                          n=len(hand.claimed)))
    if found:
        raise RecordError(found)


def _twice(groups: Sequence[Sequence[Card | None]], code: str, verb: str,
           path: str) -> list[Violation]:
    """A violation at each repeat of a card (V2: the pack has one of each card)."""
    seen: set[Card] = set()
    found = []
    for i, group in enumerate(groups):
        for j, card in enumerate(group):
            if card is None or card is _ALIKE:  # two JK alike are two jokers (V4)
                continue
            if card in seen:
                found.append(said(f"{code}.variant", "V2", f"{path}[{i}][{j}]",
                                  card=card_code(card)))
            seen.add(card)
    return found


def _not_in_pack(hand: VariantHand, options: PitchOptions) -> list[Violation]:
    """V2: each card of the record that this game's pack does not hold."""
    pack = pack_of(options.points, options.deck)
    found = []
    groups = [("tricks", hand.tricks)] + ([("hands", hand.hands)] if hand.hands else [])
    for path, rows in groups:
        for i, row in enumerate(rows):
            for j, card in enumerate(row):
                if card is not None and card not in pack:
                    found.append(said("card_not_in_pack", "V2", f"{path}[{i}][{j}]",
                                      card=card_code(card)))
    return found


def _resolve_hands(hand: VariantHand, play: _Play) -> VariantHand:
    """V4 ``first_played``: each hand's ``JK`` is the joker its player played (the seats of
    the plays do not depend on which joker is which), a ``JK`` never played the other one."""
    if hand.hands is None or not any(_ALIKE in cards for cards in hand.hands):
        return hand
    spare = [j for j in (BIG_JOKER, LITTLE_JOKER) if j not in play.seat]
    rows = []
    for s, cards in enumerate(hand.hands):
        mine = [j for j in (BIG_JOKER, LITTLE_JOKER) if play.seat.get(j, (-1,))[0] == s]
        row = []
        for card in cards:
            if card is _ALIKE:
                card = mine.pop(0) if mine else (spare.pop(0) if spare else LITTLE_JOKER)
            row.append(card)
        rows.append(tuple(row))
    return VariantHand(hand.players, hand.partnership, hand.dealer, hand.bids, hand.tricks,
                       tuple(rows), hand.claimed, hand.trump, hand.irregular, hand.names)


# --- Points and the ruling (V7, V8, V10) ----------------------------------------------------


@quick_init
@dataclass(frozen=True, slots=True)
class VariantAward:
    """Who scores one point of a variant (V7): its ``card`` (``written`` as the ruling writes
    it, V2), the ``seat`` that scores it (the captor, or for Low under ``"holder"`` the player
    who held and played it) and that seat's ``side``; ``seat`` and ``side`` are ``None`` when
    the card was in play but never won (a record with a violation). ``value``: what it is
    worth (a three 3, V7)."""

    card: Card
    written: str
    seat: int | None
    side: int | None
    value: int

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"card": "JD", "seat": 2, "side": 0}``."""
        return {"card": self.written, "seat": self.seat, "side": self.side}


@quick_init
@dataclass(frozen=True, slots=True)
class VariantGame:
    """Game (V8): ``game_points`` per side (ten 10, ace 4, king 3, queen 2, jack 1; jokers 0)
    and the ``side`` scoring it, ``None`` on a tie for most (after ``joker_game``'s
    tie-break)."""

    side: int | None
    game_points: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"side": 1, "game_points": [12, 20]}``."""
        return {"side": self.side, "game_points": list(self.game_points)}


def count_variant_points(
    hand: VariantHand, play: _Play, trump: str, options: PitchOptions, side_of: Sequence[int],
    ranks: Mapping[Card, int],
) -> tuple[tuple[tuple[str, VariantAward | None], ...], VariantGame | None]:
    """Award each of the game's points (V7) and Game (V8).

    "In play": with the hands as dealt every card held when play began, else every card
    played. High: the highest trump in play; Low: the lowest trump in play other than a joker
    (to its captor, or its holder under ``low="holder"``); each other point to its card's
    captor, nobody when its card is not in play.
    """
    if hand.hands is not None:
        in_play = {card for cards in hand.hands for card in cards} | set(play.seat)
        holder = {card: s for s, cards in enumerate(hand.hands) for card in cards}
    else:
        in_play = set(play.seat)
        holder = {card: where[0] for card, where in play.seat.items()}
    trumps = [card for card in trump_order(trump, options.points, options.joker_rank)
              if card in in_play]  # highest first
    natural = [card for card in trumps if card.suit != JOKER_SUIT]

    def captor(card: Card) -> int | None:
        where = play.seat.get(card)
        return None if where is None else play.tricks[where[1]].winner

    def award(name: str, card: Card, seat: int | None) -> VariantAward:
        return VariantAward(card, variant_card_name(card, options), seat,
                            None if seat is None else side_of[seat], POINT_VALUES[name])

    found: list[tuple[str, VariantAward | None]] = []
    for name in options.points:
        if name == "game":
            continue
        card: Card | None
        if name == "high":
            card = trumps[0] if trumps else None
        elif name == "low":
            card = natural[-1] if natural else None
        else:
            card = _point_card(name, trump)
        if card is None or card not in in_play:
            found.append((name, None))
        elif name == "low" and options.low == "holder":
            found.append((name, award(name, card, holder.get(card))))
        else:
            found.append((name, award(name, card, captor(card))))
    game = _game(play, options, side_of, ranks) if "game" in options.points else None
    return tuple(found), game


def _game(play: _Play, options: PitchOptions, side_of: Sequence[int],
          ranks: Mapping[Card, int]) -> VariantGame:
    """V8: each side's game points in the cards it won (only trumps under ``trump_only``);
    the side with most scores Game, a tie nobody, or under ``joker_game="tiebreak"`` the tied
    side that won more jokers."""
    sides = max(side_of) + 1
    counts = [0] * sides
    jokers = [0] * sides
    for trick in play.tricks:
        side = side_of[trick.winner]
        for card in trick.cards:
            if card is None or (options.play == "trump_only" and card not in ranks):
                continue
            counts[side] += game_point_value(card)
            jokers[side] += card.suit == JOKER_SUIT
    most = max(counts)
    tied = [s for s in range(sides) if counts[s] == most]
    if len(tied) > 1 and options.joker_game == "tiebreak":
        best = max(jokers[s] for s in tied)
        tied = [s for s in tied if jokers[s] == best]
    return VariantGame(tied[0] if len(tied) == 1 else None, tuple(counts))


@quick_init
@dataclass(frozen=True, slots=True)
class VariantRuling:
    """The ruling on a complete hand of a variant (V10): as
    :class:`~referee.pitch.hand.PitchRuling`, with ``awards`` one per scoring point of the
    variant (V7) in the order of ``points``, ``game`` (``None`` when the variant has no Game),
    ``points_won`` per side counting each point at its value, ``options`` the table's.
    """

    players: int
    partnership: bool
    dealer: int
    trump: str
    pitcher: int
    bid: int
    sides: tuple[tuple[int, ...], ...]
    pitcher_side: int
    tricks: tuple[VariantTrick, ...]
    awards: tuple[tuple[str, VariantAward | None], ...]
    game: VariantGame | None
    points_won: tuple[int, ...]
    made_bid: bool
    score_changes: tuple[int, ...]
    claimed_ok: bool | None
    violations: tuple[Violation, ...]
    next_dealer: int
    options: PitchOptions
    hands_known: bool = True
    irregularities: tuple[Any, ...] = ()
    void: bool = False
    as_played: tuple[int, ...] | None = None
    names: tuple[str, ...] = ()

    @property
    def scores(self) -> tuple[int, ...]:
        """The score change per side (V10): the same as ``score_changes``."""
        return self.score_changes

    def counts(self) -> tuple[Any, ...]:
        """The counting steps (V7, V10) for :func:`~referee.pitch.claims.compare_claim`:
        High, Low, Jack, Game where the game has them, the bid, each side's score."""
        from referee.pitch.variant_sheet import variant_counts

        taking = {name: None if found is None else found.side for name, found in self.awards}
        if self.game is not None:
            taking["game"] = self.game.side
        return variant_counts(self.sides, taking, self.pitcher_side, self.bid, self.made_bid,
                              self.points_won, self.score_changes, self.names)

    def won_words(self) -> list[str]:
        """Per side, the points it won in words: ``"High, three, Game"`` (V7)."""
        from referee.pitch.variant_sheet import point_words

        words: list[list[str]] = [[] for _ in self.sides]
        for name, found in self.awards:
            if found is not None and found.side is not None:
                words[found.side].append(point_words(name))
        if self.game is not None and self.game.side is not None:
            words[self.game.side].append("Game")
        return [", ".join(w) for w in words]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, as :meth:`~referee.pitch.hand.PitchRuling.as_dict`, with ``variant``
        and ``points`` holding one award per point of the variant, ``game`` ``None`` without
        Game (V13)."""
        from referee.pitch.wording import finding
        from referee.rulings import findings_dicts

        points: dict[str, Any] = {name: None if found is None else found.as_dict()
                                  for name, found in self.awards}
        points["game"] = None if self.game is None else self.game.as_dict()
        side_names = [side_words(self.sides, side, self.names)
                      for side in range(len(self.sides))]
        broken = {v.rule for v in self.violations}
        verified = []
        if "V9" not in broken:
            verified.append(finding("auction_legal", "V9", pitcher=seat_words(self.pitcher,
                                                                               self.names),
                                    bid=self.bid))
        if "V5" not in broken and "V3" not in broken:
            recorded = any(r.kind == "revoke" for r in self.irregularities)
            verified.append(finding("no_revoke_but_recorded" if recorded else "no_revoke",
                                    "V5"))
        computed = [
            finding("trump_and_tricks", "V3", trump=self.trump),
            finding("variant_points_won", "V7", sides=tuple(side_names),
                    won=tuple(self.points_won), points=tuple(self.won_words())),
            finding("bid_result", "V10", pitcher=side_names[self.pitcher_side],
                    bid=self.bid, won=self.points_won[self.pitcher_side], as_played=False),
            finding("next_dealer", "P2", dealer=seat_words(self.next_dealer, self.names)),
        ]
        if self.claimed_ok:
            verified.append(finding("claim_agrees", "V10"))
        as_reported = [] if self.hands_known else [finding("hands_not_given", "P2")]
        return {
            "level": "cards",
            "variant": self.options.variant,
            "players": self.players,
            "partnership": self.partnership,
            "dealer": self.dealer,
            "trump": self.trump,
            "pitcher": self.pitcher,
            "bid": self.bid,
            "pitched": False,
            "sides": [list(side) for side in self.sides],
            "pitcher_side": None if self.void else self.pitcher_side,
            "tricks": [trick.as_dict() for trick in self.tricks],
            "points": points,
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
            "claim": None,
            "irregularities": [r.as_dict() for r in self.irregularities],
            "void": self.void,
            "as_played": None if self.as_played is None else list(self.as_played),
        }


def _closing_folds_dropped(hand: VariantHand, options: PitchOptions) -> VariantHand:
    """V5.2 under ``trump_only``: a last trick in which everyone folds is how a hand written
    card by card without the hands says that nobody holds a trump; it is no trick."""
    tricks = hand.tricks
    while options.play == "trump_only" and len(tricks) > 1 and all(
            card is None for card in tricks[-1]):
        tricks = tricks[:-1]
    if tricks == hand.tricks:
        return hand
    return VariantHand(hand.players, hand.partnership, hand.dealer, hand.bids, tricks,
                       hand.hands, hand.claimed, hand.trump, hand.irregular, hand.names)


def rule_variant_hand(hand: VariantHand, options: PitchOptions) -> VariantRuling:
    """Rule on a complete hand of a variant (V3-V10).

    Rule breaks that leave the hand scorable (a card not in the pack, a bad call, a revoke, a
    first lead not a trump, a play after folding…) are listed in ``violations``; the score is
    that of the hand as played.

    :raises RecordError: when the record cannot be ruled: its shape (see
        :func:`verify_variant_record`), trump not named where it must be (V3), an unfinished
        auction or no pitcher (V9), a misdeal recorded (P10).
    """
    from referee.pitch.hand import auction_pitcher, claimed_violations
    from referee.pitch.irregular import apply_penalties, read_bids

    for k, item in enumerate(hand.irregular):
        if item.kind in ("misdeal", "exposed_in_dealing", "long_hand"):
            raise _bad("misdeal", "P10", f"irregular[{k}]")
    hand = _closing_folds_dropped(hand, options)
    verify_variant_record(hand, options)
    players = hand.players
    bids = read_bids(players, hand.dealer, hand.bids, hand.irregular, options)
    status: BiddingStatus = check_bidding(players, hand.dealer, bids, options, names=hand.names)
    pitcher = auction_pitcher(status, hand.names)
    bid = status.high_bid or 0
    trump = trump_of(hand, options)
    ranks = _trump_rank(trump, options.points, options.joker_rank)
    play = _walk(hand, trump, pitcher, options, ranks)
    hand = _resolve_hands(hand, play)
    violations = [*status.violations, *_not_in_pack(hand, options)]
    violations += _first_lead(hand, play, pitcher, ranks, options)
    if hand.hands is not None:
        violations += _held_violations(hand, play, pitcher, options, ranks)
    violations += play.violations
    violations += _revokes(hand, play, ranks)
    sides = sides_of(players, hand.partnership)
    side_of = side_of_seat(players, hand.partnership)
    awards, game = count_variant_points(hand, play, trump, options, side_of, ranks)
    won = [0] * len(sides)
    for _name, found in awards:
        if found is not None and found.side is not None:
            won[found.side] += found.value
    if game is not None and game.side is not None:
        won[game.side] += POINT_VALUES["game"]
    pitcher_side = side_of[pitcher]
    made_bid = won[pitcher_side] >= bid
    changes = list(won)
    if not made_bid:
        changes[pitcher_side] = -bid  # V10, P6: set back by the bid
    as_played: tuple[int, ...] | None = None
    void = False
    irregularities: tuple[Any, ...] = ()
    if hand.irregular:
        jack = dict(awards).get("jack")
        penalised = apply_penalties(
            players, hand.partnership, hand.irregular, options, violations=violations,
            leaders=[t.leader for t in play.tricks], side_of=side_of, pitcher_side=pitcher_side,
            bid=bid, won=won, changes=changes, jack_in_play=jack is not None,
            jack_side=None if jack is None else jack.side,
            game_side=None if game is None else game.side, names=hand.names)
        if penalised.changes != tuple(changes):
            as_played = tuple(changes)
        changes = list(penalised.changes)
        violations = list(penalised.remaining)
        void = penalised.void
        irregularities = penalised.irregularities
    claimed_ok = None
    if hand.claimed is not None:
        wrong = claimed_violations(hand.claimed, changes, players, hand.partnership,
                                   names=hand.names)
        claimed_ok = not wrong
        violations += wrong
    return VariantRuling(
        players=players, partnership=hand.partnership, dealer=hand.dealer, trump=trump,
        pitcher=pitcher, bid=bid, sides=sides, pitcher_side=pitcher_side, tricks=play.tricks,
        awards=awards, game=game, points_won=tuple(won), made_bid=made_bid,
        score_changes=tuple(changes), claimed_ok=claimed_ok, violations=tuple(violations),
        next_dealer=(hand.dealer + 1) % players, options=options,
        hands_known=hand.hands is not None, irregularities=irregularities, void=void,
        as_played=as_played, names=hand.names)


def rule_record(
    record: Mapping[str, Any], players: int, partnership: bool, options: PitchOptions,
    names: Sequence[str] = (),
) -> Any:
    """Rule on a hand's JSON record under the table's options: the 4-point game (P1-P10) by
    :func:`~referee.pitch.hand.rule_deal`, any other game by :func:`rule_variant_hand` (V1).
    Returns the ruling (:class:`~referee.pitch.hand.PitchRuling`, a misdeal's
    :class:`~referee.pitch.irregular.MisdealRuling` or :class:`VariantRuling`).

    :raises RecordError: as the engine ruling it.
    """
    from referee.pitch.hand import rule_deal
    from referee.pitch.records import hand_from_record

    if options.classic:
        return rule_deal(hand_from_record(record, players, partnership, names), options)
    hand = variant_hand_from_record(record, players, partnership, options, names)
    return rule_variant_hand(hand, options)


def variant_progress(hand: VariantHand, options: PitchOptions) -> Any:
    """Where a variant's hand being written card by card stands (V5, V9), as
    :func:`~referee.pitch.progress.progress` says it: the phase, who acts, the calls open to
    him (V9). Outside trump-only play cards are checked when the hand is ruled
    (``legal_cards`` is ``None``) and the hand is complete after six full tricks; under
    ``trump_only`` see :func:`_trump_only_progress`.

    :raises RecordError: trump not named where it must be (V3), no pitcher (V9).
    """
    from referee.pitch.hand import auction_pitcher
    from referee.pitch.progress import PitchProgress

    status = check_bidding(hand.players, hand.dealer, hand.bids, options,
                           record_complete=bool(hand.tricks), names=hand.names)

    def made(phase: Any, to_act: int | None, pitcher: int | None, trump: str | None,
             legal: tuple[Card, ...] | None = None,
             violations: Sequence[Violation] = ()) -> PitchProgress:
        return PitchProgress(phase=phase, to_act=to_act,
                             legal_calls=status.legal_calls if phase == "bidding" else (),
                             legal_cards=legal, violations=(*status.violations, *violations),
                             bidding=status, pitcher=pitcher, bid=status.high_bid, trump=trump,
                             tricks=())

    if not status.complete:
        return made("bidding", status.next_seat, None, None)
    if status.redeal:
        return made("redeal", None, None, None)
    pitcher = auction_pitcher(status, hand.names)
    if options.play == "trump_only":
        return _trump_only_progress(hand, options, pitcher, made)
    full = [trick for trick in hand.tricks if len(trick) == hand.players]
    if not hand.tricks:
        return made("play", pitcher, pitcher, hand.trump)
    trump = trump_of(hand, options)
    ranks = _trump_rank(trump, options.points, options.joker_rank)
    found, recordable = _revokes_so_far(hand, trump, pitcher, options, ranks)
    done = VariantHand(hand.players, hand.partnership, hand.dealer, hand.bids, tuple(full),
                       None, None, trump, (), hand.names)
    play = _walk(done, trump, pitcher, options, ranks)
    if len(full) == TRICKS_PER_HAND:
        return replace(made("complete", None, pitcher, trump, violations=found),
                       recordable=recordable)
    leader = play.tricks[-1].winner if play.tricks else pitcher
    started = len(hand.tricks[-1]) if len(hand.tricks) > len(full) else 0
    return replace(made("play", (leader + started) % hand.players, pitcher, trump,
                        violations=found), recordable=recordable)


def _revokes_so_far(hand: VariantHand, trump: str, pitcher: int, options: PitchOptions,
                    ranks: Mapping[Card, int]) -> tuple[list[Violation], tuple[Any, ...]]:
    """V5.4, P10 card by card: the revokes the cards so far show (with the hands as dealt at
    once, without them by a later card of the suit), less those the table recorded anyway;
    and the irregularities the table may record for the others."""
    from referee.pitch.irregular import recordable, recorded_revokes

    play = _walk(hand, trump, pitcher, options, ranks)
    leaders = [trick.leader for trick in play.tricks]
    found, _proven = recorded_revokes(_revokes(_resolve_hands(hand, play), play, ranks),
                                      hand.irregular, leaders, hand.players)
    return found, recordable(found, leaders, hand.players)


def _trump_only_progress(hand: VariantHand, options: PitchOptions, pitcher: int,
                         made: Any) -> Any:
    """V5.2, V5.3 card by card under ``trump_only``: each trick has an entry for every
    player from the one due to lead, a card or ``None`` (he is out of trumps, "folds").

    Refused as they come: a card that is not a trump (``not_a_trump``), a card after folding
    (``played_after_folding``), and with the hands as dealt a fold while holding a trump
    (``folded_holding_trump``) or a card he does not hold (``card_not_held``). With the
    hands the legal cards are the trumps he still holds (none: he folds, ``null``) and the
    hand is complete when nobody holds a trump; without them it is complete after six
    tricks, or after a trick of ``null`` only (everyone out: the table says the hand is
    over).
    """
    players, names = hand.players, hand.names
    tricks = hand.tricks
    played = [card for trick in tricks for card in trick if card is not None]
    trump = trump_of(hand, options) if played else hand.trump
    ranks = _trump_rank(trump, options.points, options.joker_rank) if trump else {}
    full = [trick for trick in tricks if len(trick) == players]
    partial = tricks[len(full)] if len(tricks) > len(full) else ()
    entries, leader = _seats_of_entries(full, partial, pitcher, players, ranks)
    folded: dict[int, tuple[int, int]] = {}
    violations: list[Violation] = []
    for (i, j, who), card in entries.items():
        if card is None:
            folded.setdefault(who, (i, j))
        elif trump is not None:
            violations += _trump_only_play(who, i, j, card, folded, ranks, names)
    held: list[list[Card]] | None = None
    if hand.hands is not None and trump is not None:
        held = _trumps_held(hand.hands, entries, ranks)
        for (i, j, who), card in entries.items():
            if card is None and held[who] and folded[who] == (i, j):
                violations.append(said("folded_holding_trump", "V5", f"tricks[{i}][{j}]",
                                       who=seat_named(who, names), trick=i + 1,
                                       card=card_code(held[who][0])))
            elif card is not None and _alike(card) not in map(_alike, hand.hands[who]):
                violations.append(said("card_not_held.not_his", "P4", f"tricks[{i}][{j}]",
                                       who=seat_named(who, names), card=card_code(card),
                                       trick=i + 1))
    over = bool(full) and all(card is None for card in full[-1])  # everyone out
    if not partial and (over or len(full) == TRICKS_PER_HAND
                        or (held is not None and bool(full) and not any(held))):
        return made("complete", None, pitcher, trump, violations=violations)
    to_act = (leader + len(partial)) % players
    legal = None if held is None else tuple(held[to_act])
    return made("play", to_act, pitcher, trump, legal, violations)


def _alike(card: Card) -> Card:
    """A joker as a hand dealt under ``first_played`` holds it (``JK``, V4), any other card
    as it is; for telling whether a card played was dealt to its player."""
    return _ALIKE if card.suit == JOKER_SUIT else card


def _trumps_held(hands: Sequence[Sequence[Card]],
                 entries: Mapping[tuple[int, int, int], Card | None],
                 ranks: Mapping[Card, int]) -> list[list[Card]]:
    """V5.2: the trumps each seat still holds: dealt, less those he played (a joker matched
    to a dealt ``JK`` under ``first_played``)."""
    held = []
    for seat, cards in enumerate(hands):
        mine = [_alike(card) for (_i, _j, who), card in entries.items()
                if who == seat and card is not None]
        left = []
        for card in cards:
            if _alike(card) in mine:
                mine.remove(_alike(card))
            elif card in ranks or card is _ALIKE:
                left.append(card)
        held.append(left)
    return held


def _seats_of_entries(
    full: Sequence[tuple[Card | None, ...]], partial: tuple[Card | None, ...], pitcher: int,
    players: int, ranks: Mapping[Card, int],
) -> tuple[dict[tuple[int, int, int], Card | None], int]:
    """V5.3: each entry by (trick, place, seat), the entries of a trick from the seat due to
    lead (the pitcher, then each trick's winner); and the seat due to lead the trick after
    the full ones."""
    found: dict[tuple[int, int, int], Card | None] = {}
    leader = pitcher
    for i, trick in enumerate([*full, partial]):
        for j, card in enumerate(trick):
            found[(i, j, (leader + j) % players)] = card
        if len(trick) == players and any(card is not None for card in trick):
            led = _suit_of(next(c for c in trick if c is not None), ranks)
            powers = [_power(card, led, ranks) for card in trick]
            leader = (leader + powers.index(max(powers))) % players
    return found, leader
