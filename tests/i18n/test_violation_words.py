"""Violations worded from their message code and parameters (referee.violations.said,
referee.i18n.sentences.said; docs/translating.md): every template the engines word a
violation with is made from its parameters alone, in English as the engines say it and in
every language, with the same placeholders (and the same kinds of value) as the English."""

from __future__ import annotations

import string
from typing import Any

import pytest

from referee.i18n import LOCALES, catalog
from referee.i18n.localize import localize
from referee.i18n.sentences import said as word
from referee.violations import MESSAGE_WORDS, said

OTHERS = [locale for locale in LOCALES if locale != "en"]

#: A value of each kind a placeholder's spec names.
SAMPLES: dict[str, Any] = {"card": "KS", "suit": "H", "role": "elder", "hand": "younger",
                           "Hand": "elder", "seat": 2, "Seat": "Ann", "ranks": 14,
                           "list": ("Ann", "Bob"), "point": 5, "team": (0, 2),
                           "Team": ("Ann", "Cid"), "field": "dealer", "+d": -3,
                           "rank": 13, "term": "quint to the king", "Term": "trio of aces",
                           "text": "the pique (30) missed",
                           "texts": ("the pique (30) missed", "capot counted as the cards (10), "
                                     "not 40"),
                           "why": "the deal gives him only 21 before the end",
                           "steps": (("declarations", 17), ("play", 9)), "side": "seat 2",
                           "Side": "seats 0 and 2", "sides": ("Ann", "Bob and Cid"),
                           "values": (("High", 1), ("off-jack", 1)),
                           "either": ("elder", "younger"), "award": "off-jack",
                           "Award": "High", "awards": ("High", "off-jack"), "tricks": 5,
                           "place": (2, 4, 1), "lead_by": ("Ann", "Cid"),
                           "card_by": ("Ann", "Cid")}


def _fields(template: str) -> set[tuple[str, str]]:
    """The placeholders and the kinds of their values (a capital first, which opens a
    sentence, is the language's choice)."""
    return {(name, (spec or "").lower()) for _, name, spec, _
            in string.Formatter().parse(template) if name is not None}


def _params(template: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None and (spec or name not in found):
            found[name] = SAMPLES.get(spec or "", 7)
    return found


@pytest.mark.parametrize("message_code", sorted(MESSAGE_WORDS))
def test_every_sentence_is_worded_from_its_code_and_parameters(message_code: str) -> None:
    template = MESSAGE_WORDS[message_code]
    found = said(message_code, "Q1", "here", **_params(template))
    assert found.code == message_code.split(".")[0]
    data = found.as_dict()
    assert data["message_code"] == message_code
    assert word(message_code, data["params"], "en") == found.message
    for locale in OTHERS:
        entry = catalog(locale)[f"message.{message_code}"]
        assert _fields(entry.text) == _fields(template), (locale, entry.text)
        worded = word(message_code, data["params"], locale)
        assert worded and worded != found.message, (locale, worded)


def test_the_values_are_worded_in_the_language() -> None:
    found = said("revoke.pitch", "P4", "tricks[2][1]", who=2, trick=3, card="KS", suit="H",
                 held="QH").as_dict()
    assert found["message"] == ("Seat 2 revoked in trick 3, playing the king of spades on a "
                                "heart lead while holding the queen of hearts.")
    fr = localize({"violations": [dict(found)]}, "fr")["violations"][0]
    assert fr["message"] == ("Place 2 a renoncé dans la levée 3 en jouant la carte roi de pique "
                             "sur une entame à cœur alors qu'il tenait la carte dame de cœur.")
    assert {k: v for k, v in fr.items() if k != "message"} == \
        {k: v for k, v in found.items() if k != "message"}
    de = word("duplicate_announcement", {"hand": "elder", "rank": 13}, "de")
    assert de == "Die Vorhand hat die Könige zweimal angesagt."


def test_a_violation_stored_without_a_message_code_is_read_from_its_english() -> None:
    """Rulings stored before violations had message codes keep their English sentence, read
    back by the registered templates where one matches."""
    old = {"code": "no_such_deal", "rule": "", "message": "There is no counted deal 4.",
           "location": "deal"}
    said_fr = localize({"violations": [dict(old)]}, "fr")["violations"][0]
    assert said_fr["message"] == "Il n'y a pas de donne comptée 4."
    odd = {**old, "message": "Words no template knows."}
    assert localize({"violations": [dict(odd)]}, "pl")["violations"][0] == odd


def test_parameters_that_do_not_fill_the_template_leave_the_english() -> None:
    found = {"code": "hand_size", "rule": "Q2", "message": "A hand holds 12 cards, not 11.",
             "location": "", "message_code": "hand_size", "params": {}}
    assert localize({"violations": [dict(found)]}, "de")["violations"][0] == found


def test_every_message_code_the_code_says_has_its_words() -> None:
    """Each violation worded in the code names a message code of MESSAGE_WORDS: a literal one
    is that code; one made with an f-string (``f"not_provisional.{agreement}"``) has at least
    one code of its prefix."""
    import ast
    from pathlib import Path

    helpers = {"said", "violation", "_bad", "_error", "_refuse", "_malformed", "_bad_input",
               "_bad_option", "bad"}
    prefixes = {"_bad_option": "bad_option.", "bad": "malformed_irregularity."}
    root = Path(__file__).resolve().parents[2] / "referee"
    unknown = []
    for path in root.rglob("*.py"):
        if path.name == "variant_sheet.py":  # the variants' lines: worded without templates
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in helpers and node.args):
                continue
            first = node.args[0]
            prefix = prefixes.get(node.func.id, "")
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                if " " in first.value:
                    unknown.append(f"{path.name}:{node.lineno} a sentence, not a code")
            elif isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant):
                start = str(first.values[0].value)
                if start and not any(c.startswith((start, prefix + start)) or f".{start}" in c
                                     for c in MESSAGE_WORDS):
                    unknown.append(f"{path.name}:{node.lineno} {start}…")
    assert not unknown, unknown
