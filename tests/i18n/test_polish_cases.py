"""Polish nouns in the case their preposition needs (docs/translating.md, "Counts: plural
forms"): a count, a card or a term the catalog fills in after a preposition is either a plural
entry written in that case, or the sentence is worded around it ("a jego wygrane to 5 lew",
"wyjście: król pik") — never "przy 5 lew" or "na dama kier"."""

from __future__ import annotations

import re

import pytest

from referee.i18n import catalog
from referee.i18n.sentences import said
from referee.i18n.terms import POINT_OF, POINT_PIPS
from referee.violations import COUNTED_NOUNS

#: Polish prepositions, each of which governs a case other than the nominative.
PREPOSITIONS = ("przy", "do", "z", "ze", "od", "po", "w", "we", "na", "o", "za", "bez", "dla",
                "przez", "przed", "nad", "pod", "u")
#: Kinds of value whose Polish words are a noun in one fixed case (the nominative; a count's
#: forms in the case of "ma 1 lewę"): a card, a Piquet term, ranks, or a number of something.
FIXED_CASE = ("card", "term", "ranks", "tricks", *COUNTED_NOUNS)


def test_no_polish_entry_puts_a_noun_of_one_case_after_a_preposition() -> None:
    pattern = re.compile(rf"\b(?:{'|'.join(PREPOSITIONS)}) \{{\w+:(?:{'|'.join(FIXED_CASE)})\}}",
                         re.IGNORECASE)
    found = {key: hit[0] for key, entry in catalog("pl").items()
             for text in (entry.forms or (entry.text,)) if (hit := pattern.search(text))}
    assert not found, found


@pytest.mark.parametrize(("won", "tricks"), [(1, "1 lewa"), (2, "2 lewy"), (5, "5 lew"),
                                             (12, "12 lew")])
def test_points_in_play_beside_the_tricks_won(won: int, tricks: str) -> None:
    worded = said("play_impossible.most", {"hand": "elder", "points": 9, "won": won,
                                           "most": 7}, "pl")
    assert worded is not None
    assert f"w rozgrywce, a jego wygrane to {tricks}:" in worded and "przy" not in worded


@pytest.mark.parametrize(("cards", "pl", "fr", "de"), [
    (1, "point z 1 karty", "point de 1 carte", "Point mit 1 Karte"),
    (3, "point z 3 kart", "point de 3 cartes", "Point mit 3 Karten"),
    (5, "point z 5 kart", "point de 5 cartes", "Point mit 5 Karten"),
    (12, "point z 12 kart", "point de 12 cartes", "Point mit 12 Karten"),
])
def test_a_point_of_cards_in_each_language(cards: int, pl: str, fr: str, de: str) -> None:
    assert (POINT_OF("pl", cards=cards), POINT_OF("fr", cards=cards),
            POINT_OF("de", cards=cards)) == (pl, fr, de)
    assert POINT_PIPS("pl", cards=cards, pips=48) == f"{pl}, 48"
    assert POINT_OF("en", cards=cards) == f"point of {cards}"


def test_a_piquet_revoke_names_its_cards_without_a_preposition() -> None:
    """The card led and the card played, each in the words of the card (the nominative),
    never after "na"."""
    params = {"trick": 1, "hand": "younger", "card": "KC", "lead": "KS", "held": "7S"}
    worded = said("revoke.piquet", params, "pl")
    assert worded == ("W lewie 1 młodszy nie dołożył do koloru (wyjście: KS, zagrana karta: "
                      "KC), choć miał w ręku: 7S.")
    assert said("revoke.piquet", params, "en") == (
        "In trick 1 the younger hand played KC on KS without following suit although "
        "holding the 7S.")


def test_a_number_of_digits() -> None:
    assert catalog("pl")["schema.digits"].text.format(digits=2) == (
        "Liczba całkowita może mieć najwyżej tyle cyfr: 2.")
