"""P4 Play: the pitcher leads, the first card's suit is trump, tricks, revokes.

A player able to follow the suit led may follow it *or* trump; a card of another non-trump
suit while holding the suit led is a revoke. The trick goes to the highest trump in it, else
to the highest card of the suit led, and its winner leads the next.

The record lists each trick's cards in play order starting with the leader, so the seat of
every card is implied: trick 1 is led by the pitcher (or, when the hands as dealt show that
another seat held the first card, by that seat, reported as ``first_lead_by_non_pitcher``),
each later trick by the previous winner.

Revokes (P4) are found two ways. With the hands as dealt, each play is checked against what
the player still held. Without them each player's hand is inferred from the cards he played
(every card of every hand is played), so a revoke is proven when he later shows a card of the
suit he failed to follow; the violation names both plays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from referee.cards import FULL_PACK, SUIT_NAMES, SUITS, Card, card_name, card_names
from referee.frozen import quick_init
from referee.pitch.records import seat_named
from referee.violations import Violation, said


@quick_init
@dataclass(frozen=True, slots=True)
class Trick:
    """One trick as played (P4): ``leader`` seat, ``cards`` in play order (the leader's
    first; card ``j`` was played by seat ``(leader + j) % players``) and the ``winner`` seat,
    ``None`` while the trick is incomplete. ``absent``: the seats of short hands that had no
    card left to play to it (P10); the cards are then those of the other seats in turn.
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    absent: frozenset[int] = frozenset()

    def seat_at(self, j: int, players: int) -> int:
        """The seat that played card ``j`` of the trick."""
        if not self.absent:
            return (self.leader + j) % players
        return trick_seats(players, self.leader, self.absent)[j]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"leader": 0, "cards": ["AS", ...], "winner": 2}``, and ``"absent":
        [0]`` when short hands played no card to it (P10)."""
        found: dict[str, Any] = {"leader": self.leader, "cards": card_names(self.cards),
                                 "winner": self.winner}
        if self.absent:
            found["absent"] = sorted(self.absent)
        return found


@quick_init
@dataclass(frozen=True, slots=True)
class Play:
    """The tricks of a hand walked through (P4).

    ``players``: the seats at the table. ``trump``: the suit of the first card, ``None``
    before it is played. ``tricks``: each :class:`Trick`. ``violations``:
    ``first_lead_by_non_pitcher``, ``card_not_held``, ``revoke`` (rule P4). ``played``: card
    → its place in the play, ``8 * trick + place in the trick`` (see :meth:`captor_of`,
    :meth:`seat_of`; one map instead of one per question, each card hashed once).
    ``holder``: card → seat it was dealt to (the hands as dealt, else the seat that played
    it: every card of a hand is played). ``off_suit``: (seat, trick, place, card, suit led)
    of each card that neither followed suit nor trumped (see :meth:`void_suits`).
    ``next_seat``: who plays the next card (meaningless
    once six tricks are complete).
    """

    players: int
    trump: str | None
    tricks: tuple[Trick, ...]
    violations: tuple[Violation, ...]
    played: dict[Card, int]
    holder: dict[Card, int]
    off_suit: tuple[tuple[int, int, int, Card, str], ...]
    next_seat: int

    def void_suits(self, seat: int) -> frozenset[str]:
        """The suits ``seat`` has shown void in: he did not follow them, nor trump (P4)."""
        return frozenset(led for who, _i, _j, _card, led in self.off_suit if who == seat)

    def captor_of(self, card: Card) -> int | None:
        """The seat that won the trick ``card`` was played to; ``None`` when it was not
        played or its trick is not complete."""
        place = self.played.get(card)
        return None if place is None else self.tricks[place >> 3].winner

    def seat_of(self, card: Card) -> int | None:
        """The seat that played ``card`` (its trick's leader and its place in the trick),
        ``None`` when it was not played."""
        place = self.played.get(card)
        if place is None:
            return None
        return self.tricks[place >> 3].seat_at(place & 7, self.players)


#: The tricks of a hand (P4).
TRICKS = 6


@cache
def _places(players: int) -> tuple[int, ...]:
    """The places (see :attr:`Play.played`) of the cards of six full tricks, in play order:
    ``8 * trick + place in the trick`` (7 players at most)."""
    return tuple(8 * i + j for i in range(6) for j in range(players))


def trick_seats(players: int, leader: int, absent: frozenset[int] = frozenset()
                ) -> tuple[int, ...]:
    """The seats that play to a trick led by ``leader``, in turn (P4), less the ``absent``
    short hands that have no card left (P10)."""
    seats = _seats_from(players)[leader]
    return seats if not absent else tuple(s for s in seats if s not in absent)


def absent_at(short: Mapping[int, int], i: int) -> frozenset[int]:
    """The short hands (P10: seat → the index of the first trick he had no card for) that
    play no card to trick index ``i``."""
    return frozenset(s for s, first in short.items() if i >= first) if short else frozenset()


def trick_winner_index(cards: Sequence[Card], trump: str) -> int:
    """Index in ``cards`` (play order) of the card that wins the trick (P4): the highest
    trump, else the highest card of the suit led.

    >>> from referee.cards import parse_cards
    >>> trick_winner_index(parse_cards(["KD", "AD", "2S", "QD"]), "S")
    2
    """
    powers = [*map(_POWER[trump, cards[0].suit].__getitem__, cards)]
    return powers.index(max(powers))


#: P4 as a table: for (trump, suit led), each card's power in the trick: a trump beats a card
#: of the suit led, which beats any other card; within a suit the higher rank wins. A card
#: below ``_FOLLOWS`` neither followed suit nor trumped (the only plays that can be revokes).
_FOLLOWS = 100
_POWER: dict[tuple[str, str], dict[Card, int]] = {
    (trump, led): {
        card: card.rank + (2 * _FOLLOWS if card.suit == trump else
                           _FOLLOWS if card.suit == led else 0)
        for card in FULL_PACK
    }
    for trump in SUITS for led in SUITS
}
#: The same table by trump, then by suit led: one look-up a trick once trump is known.
_POWER_BY_TRUMP: dict[str, dict[str, dict[Card, int]]] = {
    trump: {led: _POWER[trump, led] for led in SUITS} for trump in SUITS
}


def _suit_word(suit: str) -> str:
    return SUIT_NAMES[suit][:-1]  # "spades" -> "spade"


def play_tricks(
    players: int,
    pitcher: int,
    tricks: Sequence[Sequence[Card]],
    hands: Sequence[Sequence[Card]] | None = None,
    leaders: Mapping[int, int] | None = None,
    names: Sequence[str] = (),
    short: Mapping[int, int] | None = None,
) -> Play:
    """Walk the tricks (P4): seat every card, find each trick's winner and the violations.

    ``tricks``: up to 6 tricks of ``players`` cards, the last possibly incomplete, no card
    twice (the caller checks the shape). ``hands``: the hands as dealt, ``players`` hands of
    6 distinct cards, or ``None``. ``leaders``: trick index (1..5) → the seat that led it out
    of turn, a completed trick that stands (P10); the others are led by the last winner.
    ``names``: the players, one per seat, named in the violations ("Bob revoked…"); empty:
    "Seat 1 revoked…". ``short``: the short hands found in play (P10), seat → the index of
    the first trick he had no card for: from it on he plays to no trick, each holding one
    card fewer, and a trick he won leaves the lead to the next seat that still plays.
    """
    violations: list[Violation] = []
    leader = pitcher
    trump = tricks[0][0].suit if tricks and tricks[0] else None
    holder: dict[Card, int] = {}
    if hands is not None:
        for seat, hand in enumerate(hands):
            holder.update(dict.fromkeys(hand, seat))
        if trump is not None:
            leader = _first_leader(pitcher, tricks[0][0], holder, names, violations)
    walk = _Walk(players, trump, leaders or {}, holder if hands is not None else None,
                 short or {})
    walk.play(leader, tricks)
    if hands is not None:
        if walk.not_held:
            violations.extend(_cards_not_held(walk, holder, names))
        if walk.off_suit:
            violations.extend(_revokes_against_hands(walk, hands, names))
    else:
        holder = {card: walk.seat_at(place) for card, place in walk.played.items()}
        if walk.off_suit:
            violations.extend(_revokes_shown_later(walk, names))
    if len(violations) > 1:
        violations.sort(key=_location_key)
    return Play(
        players,
        trump,
        tuple(walk.results),
        tuple(violations),
        walk.played,
        holder,
        tuple(walk.off_suit),
        walk.next_seat,
    )



def _first_leader(
    pitcher: int, first: Card, holder: Mapping[Card, int], names: Sequence[str],
    violations: list[Violation],
) -> int:
    """Who led trick 1 (P4): the pitcher, unless the hands as dealt show the first card was
    another seat's (``first_lead_by_non_pitcher``, appended to ``violations``)."""
    seat = holder.get(first, pitcher)
    if seat != pitcher:
        violations.append(said("first_lead_by_non_pitcher", "P4", "tricks[0][0]",
                               pitcher=seat_named(pitcher, names), card=str(first),
                               who=seat_named(seat, names)))
    return seat


class _Walk:
    """Pass 1 of :func:`play_tricks` (P4): seat every card, find each trick's winner, note
    every card that neither followed suit nor trumped (the only plays that can be revokes).

    ``results``: the tricks; ``played``: card → its place (``8 * trick + place in the
    trick``); ``off_suit``: (seat, trick, place, card, suit led) of each card off the suit led
    and not a trump; ``not_held``: with the hands as dealt (``holder``), some card was played
    by a seat it was not dealt to; ``next_seat``: who plays next.
    """

    __slots__ = ("holder", "leaders", "next_seat", "not_held", "off_suit", "played", "players",
                 "results", "short", "trump")

    def __init__(self, players: int, trump: str | None, leaders: Mapping[int, int],
                 holder: Mapping[Card, int] | None, short: Mapping[int, int]) -> None:
        self.players = players
        self.short = short
        self.trump = trump
        self.leaders = leaders
        self.holder = holder
        self.results: list[Trick] = []
        self.played: dict[Card, int] = {}
        self.off_suit: list[tuple[int, int, int, Card, str]] = []
        self.not_held = False
        self.next_seat = 0

    def seat_at(self, place: int) -> int:
        """The seat that played the card at ``place`` (see :attr:`played`)."""
        return self.results[place >> 3].seat_at(place & 7, self.players)

    def _short_hands_done(self) -> None:
        """With short hands (P10): each card's place, and after a complete trick the next
        leader one who still plays."""
        results = self.results
        self.played = {card: 8 * i + j for i, t in enumerate(results)
                       for j, card in enumerate(t.cards)}
        if results and results[-1].winner is not None:
            self.next_seat = _present(self.next_seat, absent_at(self.short, len(results)),
                                      self.players)

    def play(self, leader: int, tricks: Sequence[Sequence[Card]]) -> None:
        """Walk ``tricks`` from ``leader``, the first trick's leader."""
        players, trump, leaders = self.players, self.trump, self.leaders
        off_suit, results = self.off_suit, self.results
        seats_from = _seats_from(players)
        self.next_seat = leader
        if trump is None:  # no card played yet: the first card sets trump
            return
        power_when_led = _POWER_BY_TRUMP[trump]
        cards: list[Card] = []  # every card played, in order
        seated: list[int] = []  # the seat that played each
        for i, trick in enumerate(tricks):
            if not trick:
                break
            if i in leaders:
                leader = leaders[i]
            absent = absent_at(self.short, i)
            if absent:  # P10: short hands with no card left
                leader = _present(leader, absent, players)
                seats = trick_seats(players, leader, absent)
            else:
                seats = seats_from[leader]
            cards += trick
            powers = [*map(power_when_led[trick[0][1]].__getitem__, trick)]
            if min(powers) < _FOLLOWS:
                led = trick[0][1]
                for j, power in enumerate(powers):
                    if power < _FOLLOWS:
                        off_suit.append((seats[j], i, j, trick[j], led))
            if len(trick) == len(seats):
                seated += seats
                winner = seats[powers.index(max(powers))]
                results.append(Trick(leader, tuple(trick), winner, absent))
                leader = self.next_seat = winner
            else:
                seated += seats[:len(trick)]
                results.append(Trick(leader, tuple(trick), None, absent))
                self.next_seat = seats[len(trick) % len(seats)]
        if self.short:
            self._short_hands_done()
        else:
            # Every trick but the last is full (the caller checks the shape), so the places
            # of the cards in order are those of full tricks.
            self.played = dict(zip(cards, _places(players), strict=False))
        if self.holder is not None:
            self.not_held = [*map(self.holder.get, cards)] != seated


def _present(seat: int, absent: frozenset[int], players: int) -> int:
    """``seat``, or when he is a short hand with no card left the next seat on his left that
    still plays (P10: he cannot lead)."""
    while seat in absent and len(absent) < players:
        seat = (seat + 1) % players
    return seat


def _cards_not_held(
    walk: _Walk, holder: Mapping[Card, int], names: Sequence[str]
) -> list[Violation]:
    """P4: each card played by a seat it was not dealt to (``card_not_held``)."""
    found = []
    for card, place in walk.played.items():
        owner = holder.get(card)
        seat = walk.seat_at(place)
        if owner != seat:
            found.append(card_not_held(seat, owner, str(card), place >> 3, place & 7, names))
    return found


def card_not_held(seat: int, owner: int | None, card: str, trick: int, place: int,
                  names: Sequence[str]) -> Violation:
    """P4: ``card`` (its code) played by ``seat`` at ``tricks[trick][place]`` (0-based) was
    not dealt to it: dealt to ``owner``, or to nobody (``None``)."""
    where = f"tricks[{trick}][{place}]"
    if owner is None:
        return said("card_not_held.not_dealt", "P4", where, who=seat_named(seat, names),
                    card=card, trick=trick + 1)
    return said("card_not_held.dealt_to", "P4", where, who=seat_named(seat, names), card=card,
                trick=trick + 1, owner=seat_named(owner, names))


def _revokes_against_hands(
    walk: _Walk, hands: Sequence[Sequence[Card]], names: Sequence[str]
) -> list[Violation]:
    """P4 with the hands as dealt: a play off the suit led (not a trump) while the player
    still held a card of that suit (his dealt cards of it not played before this trick)."""
    found = []
    played = walk.played
    results, players = walk.results, walk.players
    # Six full tricks, each card played by the seat it was dealt to: each seat played
    # exactly his six dealt cards, so what he still held at trick i is what he played after
    # it, and a play off the suit led is a revoke only if he plays that suit later.
    each_his_own = (not walk.not_held and len(results) == TRICKS
                    and len(results[-1].cards) == players == len(hands))
    for seat, i, j, card, led in walk.off_suit:
        if each_his_own:
            for later in results[i + 1:]:
                if later.cards[(seat - later.leader) % players][1] == led:
                    break
            else:
                continue
        # What he still held: his dealt cards of the suit led not played before this trick
        # (not played at all, or at a place from trick i on).
        start = 8 * i
        evidence = [c for c in hands[seat] if c.suit == led and played.get(c, start) >= start]
        if not evidence:
            continue
        shown = min(evidence)
        found.append(
            said("revoke.pitch", "P4", f"tricks[{i}][{j}]",
                 who=names[seat] if names else seat, trick=i + 1, card=card_name(card),
                 suit=led, held=card_name(shown))
        )
    return found


def _revokes_shown_later(walk: _Walk, names: Sequence[str]) -> list[Violation]:
    """P4 without the hands as dealt: a play off the suit led (not a trump) proven a revoke
    when the player later shows a card of the suit he failed to follow."""
    found = []
    results, players = walk.results, walk.players
    for seat, i, j, card, led in walk.off_suit:
        for i2 in range(i + 1, len(results)):
            later_trick = results[i2]
            j2 = (seat - later_trick.leader) % players
            if later_trick.absent:
                seats = trick_seats(players, later_trick.leader, later_trick.absent)
                j2 = seats.index(seat) if seat in seats else len(later_trick.cards)
            if j2 < len(later_trick.cards) and later_trick.cards[j2].suit == led:
                later = later_trick.cards[j2]
                found.append(
                    said("revoke.pitch.later", "P4", f"tricks[{i}][{j}]",
                         who=names[seat] if names else seat, trick=i + 1,
                         card=card_name(card), suit=led, later=card_name(later),
                         later_trick=i2 + 1)
                )
                break
    return found


@cache
def _seats_from(players: int) -> tuple[tuple[int, ...], ...]:
    """For each leader, the seats in play order: ``_seats_from(3)[2] == (2, 0, 1)``."""
    return tuple(tuple((lead + j) % players for j in range(players)) for lead in range(players))


def _location_key(violation: Violation) -> tuple[int, ...]:
    """Order violations by their place in the record (``tricks[i][j]``)."""
    digits = violation.location.replace("]", "").split("[")[1:]
    return tuple(int(d) for d in digits)
