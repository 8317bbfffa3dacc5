"""The Piquet laws' consequences (PT 10–12, 16, 21, 22, 39–43, 52–54, 57, 58, 59 III) by
their codes and parameters: the English word for word as the engine said it before (pinned
before they had codes), made again from the code and parameters alone (as an event stores
them), and worded in French, German and Polish with the same law sections."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from referee.i18n.sentences import consequence_said
from referee.piquet.irregular import (
    Irregularity,
    answered_lead,
    deal_out_of_turn_irregularity,
    false_call_irregularity,
    lead_out_of_turn_irregularity,
    long_hand_irregularity,
    misdeal_irregularity,
    short_hand_irregularity,
    wrong_deal_irregularity,
)
from referee.piquet.records import TAKEN_IN
from referee.violations import CONSEQUENCE_WORDS, consequence_words, said
from tests.api.test_languages_consequences import ENGLISH as ENGLISH_WORDS
from tests.api.test_languages_consequences import OTHERS

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


#: The code of each pinned consequence, in the order of :data:`ENGLISH`.
CODES = [
    "piquet.misdeal", "piquet.misdeal", "piquet.wrong_deal.play_on",
    "piquet.wrong_deal.play_on", "piquet.wrong_deal.fresh_deal", "piquet.wrong_deal.taken_in",
    "piquet.wrong_deal.taken_in.fresh_deal", "piquet.deal_out_of_turn.fresh_deal",
    "piquet.deal_out_of_turn.stands", "piquet.false_call.reckon_nothing",
    "piquet.false_call.call_only", "piquet.false_call.misnomer",
    "piquet.false_call.impossible", "piquet.lead_out_of_turn", "piquet.long_hand.void",
    "piquet.long_hand.reckon_nothing.unplayed", "piquet.long_hand.void.unplayed",
    "piquet.short_hand.found", "piquet.short_hand.lone", "piquet.short_hand.lone",
]
#: The misdeals' violations, opening their sentences (``what``).
FIRST = {0: said("hand_size.dealt", "Q2", "dealt.elder", hand="elder", n=11),
         1: said("talon_size", "Q2", "talon", n=9)}
_SECTIONS = re.compile(r"PT \d+(?:[–-]\d+)?(?: [IVX]+)?|\b[IVX]{2,}\b")


@pytest.mark.parametrize(("index", "code"), list(enumerate(CODES)))
def test_each_by_its_code_and_parameters(index: int, code: str) -> None:
    found, english = ENGLISH[index]
    assert found.coded is not None and found.coded.code == code
    stored = json.loads(json.dumps(found.coded.as_fields()))  # as an event keeps it
    first = FIRST[index].message if index in FIRST else ""
    assert consequence_words(stored["consequence_code"], first,
                             stored["consequence_params"]) == english
    violations = [FIRST[index].as_dict()] if index in FIRST else []
    for language in OTHERS:
        words = consequence_said(code, stored["consequence_params"], violations, language)
        assert words is not None and not ENGLISH_WORDS.search(words), (language, words)
        assert "  " not in words, words  # a French violation's space before its colon
        assert sorted(_SECTIONS.findall(words)) == sorted(_SECTIONS.findall(english)), words


def test_the_parameters_name_the_players_cards_and_law() -> None:
    """Players by name when known, cards in notation, counts as numbers, the law cited."""
    wrong = wrong_deal_irregularity({"elder": 13, "younger": 12}, "play_on", NAMES).coded
    assert wrong is not None and dict(wrong.params) == {
        "elder": ("elder", "Bill"), "elder_dealt": 13, "younger": ("younger", "Ann"),
        "younger_dealt": 12, "law": "PT 41"}
    call = false_call_irregularity("declarations.elder.point", "elder", "reckon_nothing",
                                   None, ("point", "point of seven")).coded
    assert call is not None and dict(call.params) == {
        "hand": "elder", "call": ("point", "point of seven"), "adversary": "younger"}
    lead = answered_lead("Ann", "7S", "QS")
    assert (lead.code, dict(lead.params)) == (
        "piquet.lead_out_of_turn.answered", {"leader": "Ann", "lead": "7S", "card": "QS"})
    assert lead.text.startswith("Ann led 7S out of turn and QS was played to it")
    assert set(CODES) | {lead.code} <= set(CONSEQUENCE_WORDS)
