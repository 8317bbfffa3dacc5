"""A hand ruled card by card from the last ruling (:func:`play_card`) is ruled as the whole
hand is (:func:`progress`, P3, P4): legal and illegal cards, hands known or not, 2–7 players
and partnerships, the auction's options."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import FULL_PACK, Card
from referee.pitch import PitchHand, PitchOptions
from referee.pitch.progress import play_card, progress, stage
from tests.stages import Engine, assert_ruled_card_by_card

from .examples import make_hand
from .test_properties import legal_hands


def _with(hand: PitchHand, cards: list[Card]) -> PitchHand:
    """``hand`` (no card played) with ``cards`` played in order, a trick a card from each
    seat (P4)."""
    n = hand.players
    tricks = tuple(tuple(cards[i:i + n]) for i in range(0, len(cards), n))
    return PitchHand(n, hand.partnership, hand.dealer, hand.bids, tricks, hand.hands)


@settings(max_examples=200, deadline=None)
@given(legal_hands(), st.booleans(), st.sampled_from([0.0, 0.05, 0.25]), st.data())
def test_card_by_card_is_the_whole_hand_ruled(
    case: tuple[PitchHand, PitchOptions], known: bool, odd: float, data: st.DataObject,
) -> None:
    legal, options = case
    cards = [c for trick in legal.tricks for c in trick]
    # some cards changed for any card of the pack (a card twice, not held, a revoke), a
    # card after the sixth trick, the hand cut short
    changed = data.draw(st.lists(st.floats(0, 1), min_size=len(cards), max_size=len(cards)))
    others = data.draw(st.lists(st.sampled_from(FULL_PACK), min_size=len(cards) + 1,
                                max_size=len(cards) + 1))
    cards = [others[k] if changed[k] < odd else c for k, c in enumerate(cards)]
    if data.draw(st.booleans()) and odd:
        cards.append(others[-1])
    cards = cards[:data.draw(st.integers(1, len(cards)))]
    empty = PitchHand(legal.players, legal.partnership, legal.dealer, legal.bids, (),
                      legal.hands if known else None)
    assert_ruled_card_by_card(Engine(stage, play_card, progress), empty, cards, options,
                              _with, "hand")


def test_the_auction_is_not_read_again_once_a_card_is_played() -> None:
    # P3: the first card ends the auction (a trailing 4 is then a pitch): ruled with the
    # whole hand; from the second card on the auction's status is the very same value.
    hand = make_hand(3, 2, ["pass", 2, 3], ["2H AH KH"], ["AH 9S 8D 7C 6S 5S",
                                                                "KH 9H 8H 7H 6H 5H",
                                                                "2H 3S 4D 5C 6C 7D"])
    empty = stage(PitchHand(3, False, 2, hand.bids, (), hand.hands))
    assert empty.auction is None
    first = play_card(empty, hand.tricks[0][0])
    assert first.auction is not None
    second = play_card(first, hand.tricks[0][1])
    assert second.auction is first.auction
    assert second.progress == progress(PitchHand(3, False, 2, hand.bids,
                                                 (hand.tricks[0][:2],), hand.hands))
