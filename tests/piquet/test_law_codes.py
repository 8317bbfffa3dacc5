"""The English of the Piquet laws' consequences (PT 10–12, 16, 21, 22, 39–43, 52–54, 57, 58,
59 III), word for word as the engine says them: pinned before they were made from codes."""

from __future__ import annotations

from typing import Any

import pytest

from referee.piquet.irregular import (
    Irregularity,
    deal_out_of_turn_irregularity,
    false_call_irregularity,
    lead_out_of_turn_irregularity,
    long_hand_irregularity,
    misdeal_irregularity,
    short_hand_irregularity,
    wrong_deal_irregularity,
)
from referee.piquet.records import TAKEN_IN
from referee.violations import said

NAMES: Any = {"elder": "Bill", "younger": "Ann"}

ENGLISH: list[tuple[Irregularity, str]] = [
    (misdeal_irregularity("dealt.elder", said("hand_size.dealt", "Q2", "dealt.elder",
                                             hand="elder", n=11)),
     "The elder hand was dealt 11 cards: a misdeal. The same dealer deals afresh (no "
     "law moves the deal); this deal scores nothing."),
    (misdeal_irregularity("talon", said("talon_size", "Q2", "talon", n=9)),
     "The talon holds 8 cards, not 9: a misdeal. The same dealer deals afresh (no "
     "law moves the deal); this deal scores nothing."),
    (wrong_deal_irregularity({"elder": 13, "younger": 11}, "play_on", NAMES),
     "Bill (the elder hand) was dealt 13 cards and Ann (the younger hand) 11 cards: "
     "elder elected to stand the deal (PT 11). The elder hand discards one more than "
     "it takes in, at least two; the younger hand one fewer than it takes in, none if "
     "it takes one; each plays with twelve (PT 40)."),
    (wrong_deal_irregularity({"elder": 12, "younger": 13}, "play_on"),
     "The elder hand was dealt 12 cards and the younger hand 13 cards: elder elected "
     "to stand the deal (PT 11). The elder hand discards as many as it takes in; the "
     "younger hand one more than it takes in, at least two; each plays with twelve "
     "(PT 43)."),
    (wrong_deal_irregularity({"elder": 11, "younger": 13}, "fresh_deal", NAMES),
     "Bill (the elder hand) was dealt 11 cards and Ann (the younger hand) 13 cards: "
     "elder elected a fresh deal (PT 11); the same dealer deals again and this deal "
     "scores nothing."),
    (wrong_deal_irregularity({"elder": 13, "younger": 12}, TAKEN_IN, NAMES),
     "Bill (the elder hand) was dealt 13 cards and Ann (the younger hand) 12 cards: "
     "the elder hand took in without announcing it and has lost his option of a fresh "
     "deal (PT 39); the deal stands. He cannot alter his discard and must leave at "
     "least three cards for the younger hand. The elder hand discards one more than "
     "it takes in, at least two; the younger hand as many as it takes in; each plays "
     "with twelve (PT 41)."),
    (wrong_deal_irregularity({"elder": 11, "younger": 14}, TAKEN_IN),
     "The elder hand was dealt 11 cards and the younger hand 14 cards, seven in the "
     "talon, and the elder hand took in without announcing it: there must be a fresh "
     "deal (PT 39); the same dealer deals again and this deal scores nothing."),
    (deal_out_of_turn_irregularity(True, NAMES),
     "Ann (the younger hand) dealt out of turn, found before either player took up "
     "his cards: the deal is void and the right dealer, Bill (the elder hand), deals "
     "(PT 16); it scores nothing."),
    (deal_out_of_turn_irregularity(False),
     "The younger hand dealt out of turn, found after the hands were taken up: the "
     "deal stands as dealt and the elder hand deals the next two deals, unless this "
     "deal or the next is the partie's last (PT 16)."),
    (false_call_irregularity("declarations.elder.point", "elder", "reckon_nothing",
                             None, ("point", "point of seven")),
     "The elder hand called a point of seven it did not hold and reckons nothing this "
     "deal (PT 54); the younger hand reckons what it has good."),
    (false_call_irregularity("declarations.younger.sets[0]", "younger", "call_only",
                             None, ("set", "trio of tens")),
     "The younger hand called a trio of tens it did not hold: the call scores nothing "
     "(table option)."),
    (false_call_irregularity("declarations.elder.sequence", "elder", "call_only",
                             "misnomer", ("sequence", "quint:A")),
     "The elder hand misnamed a sequence (quint:A): it holds one of that value, but "
     "its hand and discard together could not hold the one named. A misnomer, no "
     "penalty (PT 53); the call as made scores nothing."),
    (false_call_irregularity("declarations.elder.point", "elder", "reckon_nothing",
                             "impossible"),
     "The elder hand called a combination, which its hand and discard together could "
     "not hold: no penalty (PT 54); the call scores nothing."),
    (lead_out_of_turn_irregularity("tricks[3][0]", "younger"),
     "The younger hand led trick 4 out of turn; the elder hand played to it, so the "
     "lead stands and the play goes on from it (PT 59 III)."),
    (long_hand_irregularity("elder", 0, "void"),
     "The elder hand played with more than twelve cards: the deal is void, nobody "
     "scores (table option: PT 58 can profit the offender, Case XXII)."),
    (long_hand_irregularity("elder", 2, "reckon_nothing", NAMES),
     "Bill (the elder hand) played with more than twelve cards (2 cards never played) "
     "and reckons nothing this deal but a carte blanche (PT 58, Case XXI); its cards "
     "and calls still bar a pique or repique of the younger hand, and the twelfth "
     "trick is the last (Case XIX)."),
    (long_hand_irregularity("younger", 1, "void", NAMES),
     "Ann (the younger hand) played with more than twelve cards (1 card never "
     "played): the deal is void, nobody scores (table option: PT 58 can profit the "
     "offender, Case XXII)."),
    (short_hand_irregularity("younger", 0, NAMES),
     "Ann (the younger hand) has no card left to play: fewer than twelve cards, no "
     "penalty (PT 57); each card of the elder hand that cannot be played to is a "
     "trick it wins."),
    (short_hand_irregularity("elder", 1),
     "The elder hand played with fewer than twelve cards: no penalty (PT 57); the "
     "younger hand counts as tricks the 1 card that could not be played to."),
    (short_hand_irregularity("younger", 3, NAMES),
     "Ann (the younger hand) played with fewer than twelve cards: no penalty (PT 57); "
     "the elder hand counts as tricks the 3 cards that could not be played to."),

]


@pytest.mark.parametrize(("found", "english"), ENGLISH)
def test_the_english_as_it_was(found: Irregularity, english: str) -> None:
    assert found.consequence == english
    assert found.as_dict()["consequence"] == english
