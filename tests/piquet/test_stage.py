"""A deal ruled card by card from the last ruling (:func:`play_card`) is ruled as the whole
deal is (:func:`progress`, Q6): legal and illegal cards, hands known or not, declarations."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import FULL_PACK, PIQUET_PACK, Card, parse_card
from referee.piquet import PiquetDeal, PiquetOptions
from referee.piquet.progress import play_card, progress, stage
from referee.piquet.records import Announcement
from referee.violations import RecordError
from tests.stages import Engine, assert_ruled_card_by_card, errors

from .examples import random_deal

OPTIONS = st.builds(
    PiquetOptions,
    lead_point=st.sampled_from(["every", "ten_or_higher"]),
    cards_count_for_pique=st.booleans(),
)


def _announcement(rng: Random) -> Announcement | None:
    """Nothing (his best), or a point, a sequence, a set and a carte blanche, held or not
    (Q3, Q5)."""
    if rng.random() < 0.4:
        return None
    return Announcement(
        point=rng.choice([None, 3, 4, 5, 6]),
        sequence=rng.choice([None, "tierce", "quart:A", "quint:K"]),
        sets=rng.choice([(), ("trio:A",), ("quatorze:T",)]),
        carte_blanche=rng.random() < 0.15,
    )


def _table(rng: Random) -> tuple[PiquetDeal, list[Card]]:
    """An empty deal (what the record gives besides the tricks: some of the hands, the talon,
    the discards, the declarations, or none) and the cards then played: a legal play, some
    cards changed for any card of the pack (a card twice, not held, a revoke), cut short or
    run past the twelfth trick."""
    deal, _ = random_deal(rng, with_records=rng.random() < 0.7)
    keep = rng.choice(["all", "all", "elder", "younger", "talon", "exchange"])
    dealt = deal.dealt
    if dealt is not None and keep in ("elder", "younger"):
        dealt = {keep: dealt[keep]}
    declarations = None
    if rng.random() < 0.5:
        declarations = {r: a for r in ("elder", "younger") if (a := _announcement(rng))}
    empty = PiquetDeal(
        tricks=(),
        dealt=None if keep in ("talon", "exchange") else dealt,
        talon=None if keep == "exchange" else deal.talon,
        exchange=deal.exchange,
        declarations=declarations,
        irregular=(("revoke", "tricks[2][1]"),) if rng.random() < 0.05 else (),
    )
    cards = [c for trick in deal.tricks for c in trick]
    odd = rng.choice([0.0, 0.05, 0.2])
    cards = [rng.choice(PIQUET_PACK) if rng.random() < odd else c for c in cards]
    if rng.random() < 0.1:
        cards.append(rng.choice(PIQUET_PACK))  # a 25th card
    if rng.random() < 0.05:
        cards[rng.randrange(len(cards))] = parse_card("2S")  # not of the Piquet pack (Q1)
    return empty, cards[:rng.randint(1, len(cards))]


def _with(deal: PiquetDeal, cards: list[Card]) -> PiquetDeal:
    """``deal`` with ``cards`` played in order, two a trick (Q6)."""
    tricks = tuple(tuple(cards[i:i + 2]) for i in range(0, len(cards), 2))
    return PiquetDeal(tricks, deal.dealt, deal.talon, deal.exchange, deal.declarations,
                      deal.irregular)


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), OPTIONS)
def test_card_by_card_is_the_whole_deal_ruled(rng: Random, options: PiquetOptions) -> None:
    empty, cards = _table(rng)
    assert_ruled_card_by_card(Engine(stage, play_card, progress), empty, cards, options,
                              _with, "deal")


def test_a_card_after_a_complete_deal_is_refused_as_the_whole_deal_is() -> None:
    deal, _ = random_deal(Random(3))
    done = stage(deal)
    assert done.progress.phase == "complete" and done.fixed is None
    with pytest.raises(RecordError) as raised:
        play_card(done, PIQUET_PACK[0])
    assert errors(raised.value) == [("trick_count", "tricks")]


def test_the_hands_and_declarations_are_not_read_again() -> None:
    # What no card changes is kept from the last ruling: the exchange's facts and the claims
    # are the very same values after a card (Q4, Q5).
    deal, _ = random_deal(Random(7))
    empty = PiquetDeal((), deal.dealt, deal.talon, deal.exchange)
    first = stage(empty)
    after = play_card(first, deal.tricks[0][0])
    assert first.fixed is not None and after.fixed is first.fixed
    assert first.fixed.declared is not None
    assert after.progress.declarations_counted


def test_a_card_not_of_the_pack_is_refused_as_the_whole_deal_is() -> None:
    two = next(c for c in FULL_PACK if c not in PIQUET_PACK)
    with pytest.raises(RecordError) as raised:
        play_card(stage(PiquetDeal(())), two)
    assert errors(raised.value) == [("not_in_pack", "tricks[0][0]")]
