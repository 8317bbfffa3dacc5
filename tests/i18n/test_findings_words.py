"""Findings worded at the edge (referee.i18n.findings): in English, from code and params
alone, the very sentence the engine stored; in every other locale, a sentence with no
English left in it where the catalog has words, and the same numbers."""

from __future__ import annotations

import re
from random import Random

import pytest

from referee import piquet, pitch
from referee.i18n import LOCALES
from referee.i18n.findings import RENDERERS, word_finding
from referee.i18n.terms import piquet_term
from tests.piquet.examples import q10_deal, random_deal
from tests.pitch.examples import FOUR_BIDS, FOUR_DEALER, FOUR_HANDS, FOUR_TRICKS, make_hand
from tests.test_ruling_codes import _findings, _piquet_rulings, _pitch_rulings


def _piquet_data() -> list[dict]:
    return [data for deal in (q10_deal(), *(random_deal(Random(s))[0] for s in range(40)))
            for data in _piquet_rulings(deal)]


def _pitch_data() -> list[dict]:
    hands = [make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS),
             make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS),
             make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, partnership=True)]
    return [data for hand in hands for names in ((), ("Ann", "Bob", "Cy", "Di"))
            for data in _pitch_rulings(hand, names=names)]


@pytest.mark.parametrize("engine", [pitch, piquet], ids=["pitch", "piquet"])
def test_every_finding_code_has_an_edge_wording(engine) -> None:
    game = engine.__name__.rsplit(".", 1)[-1]
    missing = sorted(set(engine.FINDING_CODES) - set(RENDERERS[game]))
    assert not missing, f"{game} finding codes without words in referee/i18n/findings.py: {missing}"


@pytest.mark.parametrize(("game", "data"), [("piquet", _piquet_data), ("pitch", _pitch_data)])
def test_english_at_the_edge_is_the_engines_sentence(game, data) -> None:
    for ruling in data():
        for found in _findings(ruling):
            assert word_finding(game, found["code"], found["params"], "en") == found["what"]


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
@pytest.mark.parametrize(("game", "data"), [("piquet", _piquet_data), ("pitch", _pitch_data)])
def test_other_locales_keep_the_numbers_and_leave_no_english(game, data, locale) -> None:
    english_words = re.compile(r"\b(the|hand|tricks?|declarations|scored|bid|won|took|nobody)\b")
    for ruling in data():
        for found in _findings(ruling):
            if found["code"] == "irregularity":
                continue
            said = word_finding(game, found["code"], found["params"], locale)
            assert said is not None
            assert not set(_numbers(found["what"])) - set(_numbers(said)), (found, said)
            assert not english_words.search(said), (locale, found["code"], said)


def test_piquet_counts_read_back_from_their_words() -> None:
    assert piquet_term("point of five, 48", "fr") == "point de 5 cartes, 48"
    assert piquet_term("quint to the king in clubs", "de") != "quint to the king in clubs"
    assert piquet_term("trio of aces", "pl") != "trio of aces"
    assert piquet_term("something else", "fr") == "something else"
    assert piquet_term("point of five, 48", "en") == "point of five, 48"


def test_a_penalty_count_read_back_from_its_words() -> None:
    """Q12: a penalty count says what it is for ("reckons nothing this deal: talon offence
    (PT 27–29, 33, 35)"); its law as it is; a cause the grammar does not know stays English."""
    english = "reckons nothing this deal: talon offence (PT 27–29, 33, 35)"
    assert piquet_term(english, "fr") == \
        "ne compte rien dans cette donne : faute au talon (PT 27–29, 33, 35)"
    assert piquet_term("the deal is void: more than twelve cards (PT 58)", "pl") == \
        "rozdanie jest nieważne: więcej niż dwanaście kart (PT 58)"
    assert piquet_term("penalty", "de") == "Strafe"
    assert piquet_term(english, "en") == english
    unknown = "reckons nothing this deal: something new (PT 99)"
    assert piquet_term(unknown, "fr") == unknown


@pytest.mark.parametrize(("locale", "source"), [
    ("fr", "(F, EB29 : une nouvelle donne ; USPCC, SA : la donne passe)."),
    ("de", "(F, EB29: neues Geben; USPCC, SA: das Geben geht weiter)."),
    ("pl", "(F, EB29: nowe rozdanie; USPCC, SA: rozdanie przechodzi dalej)."),
])
def test_a_new_deal_names_its_sources_in_the_language(locale: str, source: str) -> None:
    """P10: a misdeal recorded anyway; the rule books' words inside the sentence are worded
    as the irregularity's consequence words them, not left English."""
    params = {"dealer": "Bob", "source": "F, EB29: a new deal; USPCC, SA: the deal passes"}
    said = word_finding("pitch", "new_deal", params, locale)
    assert said is not None and said.endswith(source) and "Bob" in said
    assert word_finding("pitch", "new_deal", params, "en") == (
        "A new deal, nobody scores; Bob deals (F, EB29: a new deal; USPCC, SA: the deal "
        "passes).")
