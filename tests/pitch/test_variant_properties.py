"""Hypothesis properties over random legal hands of every preset of the games with more points
(docs/rules/pitch-variants.md V12): deals from the game's pack, an auction won at the lowest
bid, play chosen at random among the cards the play rule allows (V5, folds under trump-only
play), each hand ruled by the engine and compared with a reference count written here.

Checked for each hand: no violation; each side's points equal the reference count (each
point to its captor, Low to its holder where the game says so, Game to the single highest
count, V7, V8); the points awarded add up to the values of the points whose card was in
play plus Game when not tied, never more than the game's total; the bid made or set back
(V10); and the same hand written as a score-sheet line and as totals is ruled alike (V7,
V10), its totals within what the game allows.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import pitch
from referee.cards import JOKER_SUIT, Card, card_name, game_point_value
from referee.pitch.records import POINT_VALUES, VARIANT_CHOICES
from referee.pitch.variants import PARTNER_SUIT, pack_of, trump_order

PRESETS = VARIANT_CHOICES["variant"][1:]  # the 4-point game has its own properties


def written(card: Card, options: pitch.PitchOptions) -> str:
    """A card as a record writes it: ``JK`` for a one-joker pack's joker."""
    return pitch.variant_card_name(card, options)


def point_card(name: str, trump: str) -> Card | None:
    """V7: the card of each point that has one (``high``, ``low``, ``game`` found otherwise)."""
    other = PARTNER_SUIT[trump]
    return {"jack": Card(11, trump), "off_jack": Card(11, other), "joker": Card(16, JOKER_SUIT),
            "big_joker": Card(16, JOKER_SUIT), "little_joker": Card(15, JOKER_SUIT),
            "ten": Card(10, trump), "three": Card(3, trump), "five": Card(5, trump),
            "off_ace": Card(14, other), "off_three": Card(3, other)}.get(name)


class Hand:
    """A random legal hand and its reference count."""

    def __init__(self, data: st.DataObject, options: pitch.PitchOptions) -> None:
        self.options = options
        self.players = data.draw(st.sampled_from([2, 3, 4]), label="players")
        self.partnership = self.players == 4 and data.draw(st.booleans(), label="partners")
        pack = sorted(pack_of(options.points, options.deck))
        cards = data.draw(st.permutations(pack), label="pack")[: 6 * self.players]
        self.hands = [list(cards[6 * s: 6 * s + 6]) for s in range(self.players)]
        self.dealer = data.draw(st.integers(0, self.players - 1), label="dealer")
        self.pitcher = (self.dealer + 1) % self.players
        self.bid = options.min_bid
        self.bids: list[Any] = [self.bid] + ["pass"] * (self.players - 1)
        # V3.2: the pitcher names a suit he holds (trump opens: he holds a trump)
        self.trump = data.draw(st.sampled_from(sorted(
            {c.suit for c in self.hands[self.pitcher] if c.suit != JOKER_SUIT})), label="trump")
        self.order = trump_order(self.trump, options.points, options.joker_rank)
        self.rank = {card: len(self.order) - k for k, card in enumerate(self.order)}
        self.tricks: list[list[Card | None]] = []
        self.captor: dict[Card, int] = {}
        self.player_of: dict[Card, int] = {}
        self._play(data)

    def suit(self, card: Card) -> str:
        return "T" if card in self.rank else card.suit

    def _legal(self, held: list[Card], led: str | None) -> list[Card]:
        """V5.2, written from the rule: what a player may play to a trick led ``led``."""
        play = self.options.play
        trumps = [c for c in held if c in self.rank]
        if play == "trump_only":
            return trumps
        if led is None:
            if not self.tricks and self.options.first_lead == "trump" and trumps:
                return trumps  # V3.4: trump opens
            return list(held)
        follow = [c for c in held if self.suit(c) == led]
        if not follow:
            return list(held)
        if play == "follow_suit" or led == "T":
            return follow
        return follow + [c for c in trumps if c not in follow]

    def _winner(self, trick: list[Card | None], leader: int) -> int:
        lead = next(c for c in trick if c is not None)
        led = self.suit(lead)

        def power(card: Card | None) -> int:
            if card is None:
                return -1
            if card in self.rank:
                return 1000 + self.rank[card]
            return card.rank + (100 if card.suit == led else 0)

        powers = [power(c) for c in trick]
        return (leader + powers.index(max(powers))) % self.players

    def _play(self, data: st.DataObject) -> None:
        held = [list(h) for h in self.hands]
        leader = self.pitcher
        trump_only = self.options.play == "trump_only"
        for _ in range(6):
            if trump_only and not any(c in self.rank for h in held for c in h):
                break  # V5.2: nobody holds a trump, the hand is over
            trick: list[Card | None] = []
            led: str | None = None
            for j in range(self.players):
                seat = (leader + j) % self.players
                legal = self._legal(held[seat], led)
                if trump_only and not legal:
                    trick.append(None)  # V5.3: out of trumps, folds
                    continue
                card = data.draw(st.sampled_from(legal), label="card")
                held[seat].remove(card)
                self.player_of[card] = seat
                trick.append(card)
                led = led or self.suit(card)
            winner = self._winner(trick, leader)
            for card in trick:
                if card is not None:
                    self.captor[card] = winner
            self.tricks.append(trick)
            leader = winner

    def record(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "bids": self.bids, "trump": self.trump,
                "hands": [[written(c, self.options) for c in h] for h in self.hands],
                "tricks": [[None if c is None else written(c, self.options) for c in t]
                           for t in self.tricks]}

    def side(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat

    def reference(self) -> tuple[dict[str, int | None], list[int]]:
        """Who scores each point (its side, ``None`` nobody) and each side's points (V7, V8)."""
        sides = 2 if self.partnership else self.players
        in_play = [c for c in self.order if c in self.captor]  # highest first
        natural = [c for c in in_play if c.suit != JOKER_SUIT]
        taken: dict[str, int | None] = {}
        for name in self.options.points:
            if name == "game":
                continue
            card = (in_play[0] if name == "high" and in_play else
                    natural[-1] if name == "low" and natural else point_card(name, self.trump))
            if card is None or card not in self.captor:
                taken[name] = None
            elif name == "low" and self.options.low == "holder":
                taken[name] = self.side(self.player_of[card])
            else:
                taken[name] = self.side(self.captor[card])
        if "game" in self.options.points:
            counts, jokers = [0] * sides, [0] * sides
            for card, seat in self.captor.items():
                if self.options.play == "trump_only" and card not in self.rank:
                    continue
                counts[self.side(seat)] += game_point_value(card)
                jokers[self.side(seat)] += card.suit == JOKER_SUIT
            tied = [s for s in range(sides) if counts[s] == max(counts)]
            if len(tied) > 1 and self.options.joker_game == "tiebreak":
                tied = [s for s in tied if jokers[s] == max(jokers[t] for t in tied)]
            taken["game"] = tied[0] if len(tied) == 1 else None
        won = [0] * sides
        for name, side in taken.items():
            if side is not None:
                won[side] += POINT_VALUES[name]
        return taken, won


@pytest.mark.parametrize("variant", PRESETS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_preset_rules_random_legal_hands_as_the_reference_counts(
    variant: str, data: st.DataObject,
) -> None:
    options = pitch.variant_options({"variant": variant})
    hand = Hand(data, options)
    parsed = pitch.variant_hand_from_record(hand.record(), hand.players, hand.partnership,
                                            options)
    ruling = pitch.rule_variant_hand(parsed, options)
    assert ruling.violations == (), [v.message for v in ruling.violations]
    taken, won = hand.reference()
    assert list(ruling.points_won) == won
    awarded = {name: None if found is None else found.side for name, found in ruling.awards}
    if ruling.game is not None:
        awarded["game"] = ruling.game.side
    assert awarded == taken
    in_play = sum(POINT_VALUES[n] for n, side in taken.items() if side is not None)
    assert sum(ruling.points_won) == in_play <= options.total
    pitcher_side = hand.side(hand.pitcher)
    made = won[pitcher_side] >= hand.bid
    assert ruling.made_bid is made
    expected = list(won)
    if not made:
        expected[pitcher_side] = -hand.bid
    assert list(ruling.score_changes) == expected
    # The same hand as a score-sheet line (who took each point, by seat) and as totals.
    seat_of_side = {hand.side(s): s for s in reversed(range(hand.players))}
    line: dict[str, Any] = {"dealer": hand.dealer, "bids": hand.bids}
    for name, side in taken.items():
        line[name] = None if side is None else seat_of_side[side]
    sheet = pitch.rule_line_record("sheet", line, hand.players, hand.partnership, options)
    assert sheet.score_changes == ruling.score_changes
    assert pitch.compare_claim(ruling, sheet).agrees
    totals = pitch.rule_line_record(
        "totals", {"scores": list(ruling.score_changes), "pitcher": hand.pitcher, "bid": hand.bid},
        hand.players, hand.partnership, options)
    assert totals.violations == (), [v.message for v in totals.violations]


def test_card_names_round_trip() -> None:
    options = pitch.variant_options({"variant": "six_point"})
    assert written(Card(16, JOKER_SUIT), options) == "JK"
    assert card_name(Card(14, "S")) == "AS"
