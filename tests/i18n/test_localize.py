"""The walk that words an answer in a locale (referee.i18n.localize): what it changes and
what it leaves, rulings stored before findings had parameters included."""

from __future__ import annotations

import copy

from referee.i18n import negotiate
from referee.i18n.localize import localize


def test_english_is_left_as_it_is() -> None:
    data = {"code": "bid_legal", "rule": "P3", "what": "anything", "params": {"bid": 2}}
    assert localize(copy.deepcopy(data), "en") == data


def test_a_finding_stored_without_params_keeps_its_words() -> None:
    old = [{"code": "bid_legal", "rule": "P3", "what": "A bid of 2 is a legal bid."},
           {"code": "bid_legal", "rule": "P3", "what": "A bid of 2 is a legal bid.",
            "params": {}}]
    assert localize(copy.deepcopy(old), "fr") == old


def test_an_unknown_code_or_sentence_stays_english() -> None:
    data = {"violations": [{"code": "new_rule", "rule": "P9", "message": "Some new words.",
                            "location": ""}],
            "verified": [{"code": "brand_new", "rule": "P9", "what": "New.", "params": {}}]}
    assert localize(copy.deepcopy(data), "de") == data


def test_only_sentences_change() -> None:
    data = {"game": "pitch", "verified": [
        {"code": "bid_legal", "rule": "P3", "what": "A bid of 2 is a legal bid at this table "
         "(1 to 4).", "params": {"bid": 2, "least": 1, "most": 4}}]}
    said = localize(copy.deepcopy(data), "pl")["verified"][0]
    assert said["what"] == "Odzywka 2 jest przy tym stole prawidłowa (1 do 4)."
    assert {k: v for k, v in said.items() if k != "what"} == \
        {k: v for k, v in data["verified"][0].items() if k != "what"}


def test_negotiation() -> None:
    assert negotiate(["fr-CA"]) == "fr"
    assert negotiate(["pt-BR", "de-CH"]) == "de"
    assert negotiate(["PL"]) == "pl"
    assert negotiate([]) == "en"
    assert negotiate(["*"]) == "en"
