"""Every consequence of a step recorded anyway is worded from its code and parameters
(referee.violations.CONSEQUENCE_WORDS, referee.i18n.sentences.consequence_said; P10, Q12): in
English as the match and the Pitch engine say it, and in every language with the same
placeholders, opening with the first violation in that language."""

from __future__ import annotations

import string
from typing import Any

import pytest

from referee.i18n import LOCALES, catalog
from referee.i18n.consequences import coded, read_back
from referee.i18n.sentences import consequence_said
from referee.violations import CONSEQUENCE_WORDS, consequence, said

OTHERS = [locale for locale in LOCALES if locale != "en"]

#: A value of each kind a consequence's placeholder names (None: a part not said).
SAMPLES: dict[str, Any] = {"law": "P10: cancelled and the order restored", "step": "exchange",
                           "source": "no law: the table's option", "in_trick": 3,
                           "no_card_for": 6, "the_bid": 2, "shown": "9S", "to_seat": "Ann",
                           "dealer_named": 1, "Seat": "Ann", "seat": "Ann", "": 7,
                           "card": "9S", "hand": "elder", "Hand": "younger", "suit": "S",
                           "retaken": (("elder", ("9S",)), ("younger", ("KH", "7C"))),
                           "Player_hand": ("elder", "Ann"), "player_hand": ("younger", "Bob"),
                           "call": ("point", "point of seven"), "discards": 13, "cards": 13}
#: A value said as it is in English that another language may word (cards in notation, PT 59
#: III's ``piquet.lead_out_of_turn.answered``), by its placeholder's name.
AS_IT_IS: dict[str, Any] = {"lead": "KS", "card": "9S", "leader": "Ann"}


def _params(template: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None and name != "what" and name not in found:
            found[name] = SAMPLES.get(spec, 7) if spec else AS_IT_IS.get(name, 7)
    return found


@pytest.mark.parametrize("code", sorted(CONSEQUENCE_WORDS))
def test_every_consequence_is_worded_from_its_code_and_parameters(code: str) -> None:
    first = said("out_of_turn", "P4", "player", due="Ann", named="Bob")
    made = consequence(code, first, **_params(CONSEQUENCE_WORDS[code]))
    data = made.as_fields()
    violations = [first.as_dict()]
    assert data["consequence_code"] == code
    assert consequence_said(code, data["consequence_params"], violations, "en") == made.text
    for locale in OTHERS:
        entry = catalog(locale)[f"consequence.{code}"]
        assert {n for _, n, _, _ in string.Formatter().parse(entry.text) if n} == \
            {n for _, n, _, _ in string.Formatter().parse(CONSEQUENCE_WORDS[code]) if n}
        worded = consequence_said(code, data["consequence_params"], violations, locale)
        assert worded and worded != made.text, (locale, worded)
        if "{what}" in CONSEQUENCE_WORDS[code]:
            assert "Ann" in worded and "Bob" in worded


#: The parts said only when known, not known (a trick, the bid, a card or a player).
UNKNOWN = {"in_trick": None, "no_card_for": None, "the_bid": None, "shown": None,
           "to_seat": None, "dealer_named": None, "Player_hand": ("elder", None),
           "player_hand": ("younger", None), "Seat": 2, "seat": 2}


@pytest.mark.parametrize("known", [True, False], ids=["known", "unknown"])
@pytest.mark.parametrize("code", sorted(CONSEQUENCE_WORDS))
def test_every_consequence_is_read_back_from_its_english(code: str, known: bool) -> None:
    """A ruling holds an irregularity's consequence in English only (Pitch P10, Piquet Q12):
    read back by its template into the code and values, it is worded in each language as
    from the code itself; in English it is as it was."""
    template = CONSEQUENCE_WORDS[code]
    params = _params(template)
    if not known:
        for _, name, spec, _ in string.Formatter().parse(template):
            if name in params and (spec or "") in UNKNOWN:
                params[name] = UNKNOWN[spec or ""]
    first = said("out_of_turn", "P4", "player", due="Ann", named="Bob")
    made = consequence(code, first, **params)
    assert coded(made.text) is not None, made.text
    violations = [first.as_dict()]
    assert read_back(made.text, "en") == made.text
    for locale in OTHERS:
        from_code = consequence_said(code, made.as_fields()["consequence_params"], violations,
                                     locale)
        assert read_back(made.text, locale) == from_code, (locale, made.text)


def test_a_sentence_no_template_makes_stays_english() -> None:
    assert coded("The elder hand led trick 2 out of turn; it stands.") is None
    assert read_back("Something the engine said.", "fr") is None
