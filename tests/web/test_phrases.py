"""A label kept as a phrase (referee/web/language.js ``phrase``: a catalog string's name, its
English and its parameters, each a value or a phrase) is worded when said, in the page's
language of that moment; a label stored as text before reads as it was stored. Run under Node
(skipped without it, except in CI)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.i18n.page import catalog_json
from tests.web.test_declared import node_answers

DRIVER = Path(__file__).with_name("phrase_driver.mjs")

CASES: list[Any] = [
    {"card": "KS"},                                                   # a card waiting
    {"name": "entry.bid", "fallback": "a bid of {call}", "params": {"call": 3}},
    ["Ann: ", {"card": "QH"},
     {"name": "anyway.label_anyway", "fallback": " (recorded anyway)"}],
    {"name": "reentry.start_label", "fallback": "the start of {deal} {n}'s cards",
     "params": {"n": 2, "deal": {"name": "sheet.deal_word", "fallback": "Deal",
                                 "lower": True}}},
    "roi de pique",                                                   # stored as text before
]

EXPECTED = {
    "en": ["king of spades", "a bid of 3", "Ann: queen of hearts (recorded anyway)",
           "the start of deal 2's cards", "roi de pique"],
    "fr": ["roi de pique", "une enchère de 3", "Ann: dame de cœur (enregistré malgré tout)",
           "le début des cartes de la donne 2", "roi de pique"],
    "de": ["Pik-König", "ein Gebot von 3", "Ann: Herz-Dame (trotzdem aufgezeichnet)",
           "der Anfang der Karten von Spiel 2", "roi de pique"],
}


@pytest.mark.parametrize("locale", sorted(EXPECTED))
def test_a_phrase_is_worded_in_the_language_of_the_moment(locale: str) -> None:
    said = node_answers(DRIVER, {"locale": locale, "cases": CASES,
                                 "messages": catalog_json(locale)["messages"]})
    assert said == EXPECTED[locale]
