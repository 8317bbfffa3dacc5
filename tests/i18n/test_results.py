"""A match's provisional result in the reader's language (referee/i18n/results.py): made
again from its deals and phones, its English word for word the match layer's sentence."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.i18n.results import provisional_words
from referee.match.commands import ProvisionalResult
from tests.api.test_matches_agreement import Table
from tests.api.test_matches_last_deal import partie

#: What may make a result final: (deal, the credentials that may confirm it) per deal.
CASES = [
    ((6, ("seat:Ann",)),),
    ((5, ("seat:Ann",)), (6, ("seat:Ann",))),
    ((1, ("write token", "seat:Ann")), (2, ("seat:Ann", "seat:Bob", "seat:Cid"))),
    ((3, ()),),
]


@pytest.mark.parametrize("confirm", CASES)
@pytest.mark.parametrize(("game", "word"), [("piquet", "deal"), ("pitch", "hand")])
def test_the_english_is_the_match_layer_s(confirm: tuple[tuple[int, tuple[str, ...]], ...],
                                          game: str, word: str) -> None:
    result = ProvisionalResult(confirm, word).as_dict()
    assert provisional_words(result, game, "en") == result["message"]
    for locale in ("fr", "de", "pl"):
        said = provisional_words(result, game, locale)
        assert said != result["message"] and not re.search(r"\bphone\b", said), said
        assert all(str(n) in said for n, _ in confirm)
        assert all(p.removeprefix("seat:") in said for _, by in confirm for p in by
                   if p != "write token")


def test_a_sentence_the_templates_do_not_make_stays_as_it_is() -> None:
    result = {**ProvisionalResult(((6, ("seat:Ann",)),), "deal").as_dict(),
              "message": "Provisional, as an older referee said."}
    assert provisional_words(result, "piquet", "fr") == result["message"]


def _ended(client: FlaskClient, locale: str, disputed: bool = False) -> Any:
    """A partie Bill's phone entered with seats joined (its deals provisional), deal 6
    disputed by Ann when asked, read in ``locale``."""
    table = Table(client, stake="0.10", currency="EUR")
    table.join()
    partie(table, who="Bill")
    if disputed:
        assert table.post("/deals/6/dispute", {"reason": "no"}, who="Ann").status_code == 200
    return client.get(table.url(), headers={"Authorization": f"Bearer {table.write}",
                                             "Accept-Language": locale}).get_json()


@pytest.mark.parametrize(("locale", "message"), [
    ("fr", "Provisoire tant que les donnes 1, 2, 3, 4, 5 et 6 ne sont pas confirmées, depuis le "
           "téléphone de Ann."),
    ("de", "Vorläufig, bis die Spiele 1, 2, 3, 4, 5 und 6 bestätigt sind, über das Telefon von "
           "Ann."),
    ("pl", "Wynik tymczasowy, dopóki rozdania 1, 2, 3, 4, 5 i 6 nie zostaną potwierdzone, przez "
           "telefon gracza Ann."),
])
def test_a_partie_s_provisional_result_in_the_language_asked(client: FlaskClient, locale: str,
                                                             message: str) -> None:
    shown = _ended(client, locale)
    assert shown["provisional_result"]["message"] == message
    assert shown["provisional_result"]["deals"] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(("locale", "withheld"), [
    ("en", "Deal 6 is disputed: the partie is settled once its cards are entered and ruled (or "
           "the dispute is undone)."),
    ("fr", "La donne 6 est contestée : la partie est réglée une fois ses cartes saisies et "
           "arbitrées (ou la contestation annulée)."),
    ("de", "Spiel 6 ist bestritten: die Partie wird abgerechnet, sobald seine Karten eingegeben "
           "und entschieden sind (oder der Einspruch zurückgenommen ist)."),
])
def test_a_result_withheld_by_a_dispute_in_the_language_asked(client: FlaskClient, locale: str,
                                                              withheld: str) -> None:
    """Q9: Ann disputes the partie's last deal; the settlement waits for its cards."""
    shown = _ended(client, locale, disputed=True)
    assert (shown["settlement_withheld"], shown["disputed"]) == (withheld, [6])
