"""Hypothesis properties over random legal hands for 2-7 players (P1-P7), and the score-sheet
and totals lines derived from them (the cards engine is the oracle).

Deals are made by shuffling FULL_PACK and dealing six cards each; the auction and the plays are
chosen at random among the legal ones, computed here independently of the engine. The engine's
ruling is compared with a small reference scorer written beside the generator.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.cards import FULL_PACK, JACK, Card, game_point_value
from referee.pitch import (
    Call,
    Irregularity,
    PitchHand,
    PitchOptions,
    PitchRuling,
    check_bidding,
    compare_claim,
    match_winner,
    progress,
    rule_hand,
    rule_sheet,
    rule_totals,
    sheet_from_record,
    sides_of,
    totals_from_record,
)

options_strategy = st.builds(
    PitchOptions,
    low=st.sampled_from(["captor", "holder"]),
    min_bid=st.integers(1, 2),
    stuck_dealer_min=st.sampled_from([2, 3, None]),
    dealer_steal=st.sampled_from(["match_below_4", "outbid_only", "match_any"]),
)


def reference_calls(is_dealer: bool, high: int | None, options: PitchOptions) -> list[Call]:
    """Legal calls of P3 with the P8 options, written independently of the engine."""
    stuck = is_dealer and high is None and options.stuck_dealer_min is not None
    lowest = max(options.min_bid, (high or 0) + 1)
    if stuck:
        lowest = max(lowest, options.stuck_dealer_min or 0)
    bids = list(range(lowest, 5))
    steal = options.dealer_steal == "match_any" or (
        options.dealer_steal == "match_below_4" and high is not None and high < 4
    )
    if is_dealer and high is not None and steal and high not in bids:
        bids.insert(0, high)
    calls: list[Call] = [] if stuck else ["pass"]
    calls.extend(bids)
    if 4 in bids:
        calls.append("pitch")
    return calls


def reference_winner(trick: Sequence[Card], trump: str) -> int:
    led = trick[0].suit
    return max(
        range(len(trick)),
        key=lambda j: (trick[j].suit == trump, trick[j].suit == led, trick[j].rank),
    )


@st.composite
def legal_hands(draw: st.DrawFn) -> tuple[PitchHand, PitchOptions]:
    partnership = draw(st.booleans()) and draw(st.booleans())
    players = 4 if partnership else draw(st.integers(2, 7))
    options = draw(options_strategy)
    dealer = draw(st.integers(0, players - 1))
    deck = draw(st.permutations(FULL_PACK))
    hands = [tuple(deck[6 * s : 6 * s + 6]) for s in range(players)]
    bids: list[Call] = []
    high: int | None = None
    pitcher: int | None = None
    for i in range(players):
        call = draw(st.sampled_from(reference_calls(i == players - 1, high, options)))
        bids.append(call)
        if call != "pass":
            high, pitcher = (4 if call == "pitch" else call), (dealer + 1 + i) % players
        if call == "pitch":
            break
    assume(pitcher is not None)
    assert pitcher is not None
    remaining = [list(h) for h in hands]
    tricks = []
    leader = pitcher
    trump = ""
    for _ in range(6):
        trick: list[Card] = []
        for j in range(players):
            hand = remaining[(leader + j) % players]
            choices = hand
            if trick:
                follow = [c for c in hand if c.suit == trick[0].suit]
                if follow:
                    choices = follow + [c for c in hand if c.suit == trump and c not in follow]
            card = draw(st.sampled_from(sorted(choices)))
            trump = trump or card.suit
            hand.remove(card)
            trick.append(card)
        tricks.append(tuple(trick))
        leader = (leader + reference_winner(trick, trump)) % players
    record = PitchHand(players, partnership, dealer, tuple(bids), tuple(tricks), tuple(hands))
    return record, options


def reference_changes(hand: PitchHand, options: PitchOptions) -> tuple[list[int], int, int]:
    """Score changes per side (P5, P6), the pitcher's side and its points won."""
    assert hand.hands is not None
    status = check_bidding(hand.players, hand.dealer, hand.bids, options)
    pitcher, bid = status.high_bidder, status.high_bid
    assert pitcher is not None and bid is not None
    sides = sides_of(hand.players, hand.partnership)
    side = {seat: k for k, seats in enumerate(sides) for seat in seats}
    trump = hand.tricks[0][0].suit
    captor: dict[Card, int] = {}
    game = [0] * len(sides)
    leader = pitcher
    for trick in hand.tricks:
        winner = (leader + reference_winner(trick, trump)) % hand.players
        for card in trick:
            captor[card] = winner
            game[side[winner]] += game_point_value(card)
        leader = winner
    holder = {card: seat for seat, cards in enumerate(hand.hands) for card in cards}
    trumps = sorted(c for c in holder if c.suit == trump)
    won = [0] * len(sides)
    won[side[captor[trumps[-1]]]] += 1
    low_seat = holder[trumps[0]] if options.low == "holder" else captor[trumps[0]]
    won[side[low_seat]] += 1
    if Card(JACK, trump) in holder:
        won[side[captor[Card(JACK, trump)]]] += 1
    if game.count(max(game)) == 1:
        won[game.index(max(game))] += 1
    changes = list(won)
    ps = side[pitcher]
    if won[ps] < bid:
        changes[ps] = -bid
    return changes, ps, won[ps]


@settings(max_examples=300, deadline=None)
@given(legal_hands())
def test_legal_hands_rule_cleanly(case: tuple[PitchHand, PitchOptions]) -> None:
    hand, options = case
    ruling = rule_hand(hand, options)
    assert ruling.violations == ()
    assert len(ruling.tricks) == 6 and all(t.winner is not None for t in ruling.tricks)
    # Cards are conserved: the tricks hold exactly the cards dealt.
    assert hand.hands is not None
    dealt = Counter(c for h in hand.hands for c in h)
    assert Counter(c for t in ruling.tricks for c in t.cards) == dealt
    # The score is the reference score; at most 4 points change hands before the set-back.
    changes, pitcher_side, pitcher_won = reference_changes(hand, options)
    assert list(ruling.score_changes) == changes
    assert ruling.pitcher_side == pitcher_side
    assert 0 <= sum(ruling.points_won) <= 4 and min(ruling.points_won) >= 0
    assert ruling.made_bid == (pitcher_won >= ruling.bid)
    # Each of High, Low, Jack, Game goes to at most one side, a real one.
    for award in (ruling.points.high, ruling.points.low, ruling.points.jack):
        assert award is None or award.side in range(len(ruling.sides))
    assert ruling.points.high is not None and ruling.points.low is not None
    assert ruling.points.game.side in (None, *range(len(ruling.sides)))
    # Deterministic; without the hands (inferred from the plays) the ruling is the same.
    again = rule_hand(hand, options)
    assert again == ruling and again.as_dict() == ruling.as_dict()
    blind = rule_hand(
        PitchHand(hand.players, hand.partnership, hand.dealer, hand.bids, hand.tricks),
        options,
    )
    # Only what was taken on trust differs: the hands as dealt were not given.
    blind_dict, full_dict = blind.as_dict(), ruling.as_dict()
    assert blind_dict.pop("as_reported") and not full_dict.pop("as_reported")
    assert blind_dict == full_dict
    # The claimed score the rules give is accepted.
    claimed = PitchHand(
        hand.players,
        hand.partnership,
        hand.dealer,
        hand.bids,
        hand.tricks,
        hand.hands,
        ruling.score_changes,
    )
    assert rule_hand(claimed, options).claimed_ok is True


@settings(max_examples=150, deadline=None)
@given(legal_hands(), st.integers(1, 6))
def test_result_does_not_depend_on_which_seat_is_listed_first(
    case: tuple[PitchHand, PitchOptions], shift: int
) -> None:
    hand, options = case
    n = hand.players
    k = shift % n
    assert hand.hands is not None
    rotated_hands = [hand.hands[(s - k) % n] for s in range(n)]
    rotated = PitchHand(
        n, hand.partnership, (hand.dealer + k) % n, hand.bids, hand.tricks, tuple(rotated_hands)
    )
    before, after = rule_hand(hand, options), rule_hand(rotated, options)
    sides = before.sides
    side = {seat: i for i, seats in enumerate(sides) for seat in seats}
    for seat in range(n):
        assert before.score_changes[side[seat]] == after.score_changes[side[(seat + k) % n]]
    assert [(t.winner + k) % n for t in before.tricks] == [t.winner for t in after.tricks]  # type: ignore[operator]
    assert after.pitcher == (before.pitcher + k) % n


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-10, 20), min_size=2, max_size=7), st.data())
def test_match_winner_does_not_depend_on_the_order_of_sides(
    totals: list[int], data: st.DataObject
) -> None:
    pitcher = data.draw(st.sampled_from([None, *range(len(totals))]))
    order = data.draw(st.permutations(range(len(totals))))
    permuted = [totals[i] for i in order]
    moved = None if pitcher is None else order.index(pitcher)
    for options in (PitchOptions(), PitchOptions(pitcher_only_wins=False, target=11)):
        winner = match_winner(totals, pitcher, options)
        again = match_winner(permuted, moved, options)
        assert again == (None if winner is None else order.index(winner))
        if winner is not None:
            assert totals[winner] >= options.target
        if options.pitcher_only_wins:
            assert winner in (None, pitcher)


@settings(max_examples=60, deadline=None)
@given(legal_hands())
def test_progress_follows_a_legal_hand_step_by_step(
    case: tuple[PitchHand, PitchOptions],
) -> None:
    hand, options = case
    n = hand.players
    for i in range(len(hand.bids)):
        state = progress(
            PitchHand(n, hand.partnership, hand.dealer, hand.bids[:i], (), hand.hands), options
        )
        assert state.phase == "bidding" and state.to_act == (hand.dealer + 1 + i) % n
        assert list(state.legal_calls) == reference_calls(
            i == n - 1, state.bidding.high_bid, options
        )
        assert hand.bids[i] in state.legal_calls
    ruling = rule_hand(hand, options)
    for t, trick in enumerate(ruling.tricks):
        for j, card in enumerate(trick.cards):
            done = (*hand.tricks[:t], trick.cards[:j]) if j else hand.tricks[:t]
            for hands in (hand.hands, None):
                state = progress(
                    PitchHand(n, hand.partnership, hand.dealer, hand.bids, done, hands), options
                )
                assert state.phase == "play" and state.violations == ()
                assert state.to_act == (trick.leader + j) % n
                assert state.legal_cards is None or card in state.legal_cards
                assert hands is None or state.legal_cards is not None
    final = progress(hand, options)
    assert final.phase == "complete" and final.to_act is None
    assert final.tricks == ruling.tricks


def sheet_line_of(ruling: PitchRuling, hand: PitchHand, with_bids: bool) -> dict[str, object]:
    """The score-sheet line a table would write for a hand ruled from its cards."""
    points = ruling.points
    assert points.high is not None and points.low is not None
    game = points.game.side
    line: dict[str, object] = {
        "dealer": hand.dealer,
        "trump": ruling.trump,
        "high": points.high.seat,
        "low": points.low.seat,
        "jack": None if points.jack is None else points.jack.seat,
        # Game is won by a side: name any seat of it (the last, to test that any will do).
        "game": None if game is None else ruling.sides[game][-1],
        "game_points": list(points.game.game_points),
        "single_trump": points.high.card == points.low.card,
        "claimed": list(ruling.score_changes),
    }
    if with_bids:
        line["bids"] = list(hand.bids)
    else:
        line["pitcher"], line["bid"] = ruling.pitcher, ruling.bid
    return line


@settings(max_examples=200, deadline=None)
@given(legal_hands(), st.booleans())
def test_the_sheet_derived_from_the_cards_rules_as_the_cards(
    case: tuple[PitchHand, PitchOptions], with_bids: bool
) -> None:
    hand, options = case
    cards = rule_hand(hand, options)
    line = sheet_line_of(cards, hand, with_bids)
    ruling = rule_sheet(sheet_from_record(line, hand.players, hand.partnership), options)
    assert ruling.violations == ()
    assert ruling.scores == cards.scores
    assert (ruling.pitcher, ruling.pitcher_side, ruling.bid) == (
        cards.pitcher, cards.pitcher_side, cards.bid
    )
    assert (ruling.points_won, ruling.made_bid) == (cards.points_won, cards.made_bid)
    assert ruling.claimed_ok is True
    assert compare_claim(cards, ruling).agrees
    # The totals the table would write are possible too, and agree.
    totals = rule_totals(
        totals_from_record(
            {"scores": list(cards.scores), "pitcher": cards.pitcher, "bid": cards.bid},
            hand.players,
            hand.partnership,
        ),
        options,
    )
    assert totals.violations == ()
    assert compare_claim(cards, totals).agrees
    without_bid = rule_totals(
        totals_from_record(
            {"scores": list(cards.scores), "pitcher": cards.pitcher},
            hand.players,
            hand.partnership,
        ),
        options,
    )
    assert without_bid.violations == () and compare_claim(cards, without_bid).agrees


@settings(max_examples=150, deadline=None)
@given(legal_hands(), st.data())
def test_a_revoke_told_sets_the_offender_back_and_spares_the_pitcher(
    case: tuple[PitchHand, PitchOptions], data: st.DataObject
) -> None:
    """P10 (F, EB29): whoever revoked, his side scores -bid; every other side scores what it
    won, the pitcher's side included (it cannot be set back by another's revoke)."""
    hand, options = case
    seat = data.draw(st.integers(0, hand.players - 1))
    trick = data.draw(st.integers(1, 6))
    as_played = rule_hand(hand, options)
    told = dataclasses.replace(hand, irregular=(Irregularity("revoke", seat, trick),))
    ruling = rule_hand(told, options)
    offender = as_played.sides.index(next(s for s in as_played.sides if seat in s))
    for side, score in enumerate(ruling.score_changes):
        expected = -as_played.bid if side == offender else as_played.points_won[side]
        assert score == expected
    assert ruling.irregularities[0].proven is False  # a legal hand shows no revoke
    void = rule_hand(told, dataclasses.replace(options, revoke_penalty="void"))
    assert set(void.score_changes) == {0} and void.as_dict()["pitcher_side"] is None
