"""Every error the suite knows how to cause (tests/api/test_problems.py, one request for
each problem type), and a deal's ruling with its irregularities, sent in French, German and
Polish: no English sentence is left — each title, detail, error, violation, finding and
consequence differs from the English answer's at the same place, unless it is marked
English (``consequence_language`` / ``what_language``: "en") or is only names, numbers and
codes (docs/translating.md); a term the glossary gives the language as English writes it, as it
is."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.deals import BOB_SET_BACK_TRICKS, Q10_RECORD
from tests.api.test_languages_consequences import OTHERS
from tests.api.test_problems import _answers
from tests.i18n.test_catalogs import _glossary

#: The fields that hold a sentence for a player.
SENTENCES = frozenset({"title", "detail", "message", "what", "consequence"})


def _sentences(data: Any, path: str = "") -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(path, sentence, the object holding it) for every sentence of ``data``."""
    if isinstance(data, list):
        for i, item in enumerate(data):
            yield from _sentences(item, f"{path}[{i}]")
    elif isinstance(data, dict):
        for key, value in data.items():
            if key == "errors" and isinstance(value, dict):  # a 400's messages by location
                for where, said in value.items():
                    for i, text in enumerate(said if isinstance(said, list) else [said]):
                        if isinstance(text, str):
                            yield f"{path}.errors.{where}[{i}]", text, data
            elif key in SENTENCES and isinstance(value, str):
                yield f"{path}.{key}", value, data
            elif key != "params":  # a finding's values, never worded
                yield from _sentences(value, f"{path}.{key}")


def _english_left(english: Any, said: Any, locale: str) -> list[str]:
    """The sentences of ``said`` (in ``locale``) left as ``english`` has them."""
    alike = _glossary()[locale]  # a term the language writes as English does ("sixième")
    worded = {path: (text, holder) for path, text, holder in _sentences(said)}
    left = []
    for path, text, _ in _sentences(english):
        if path not in worded or not re.search(r"[a-z]{3}", text) or text in alike:
            continue
        again, holder = worded[path]
        marked = holder.get("consequence_language") == "en" or holder.get("what_language") \
            == "en"
        if again == text and not marked:
            left.append(f"{path}: {text}")
    return left


#: Answered before the app reads the request, so before its language is known
#: (referee/api/serving.py): English in every language for now (docs/translating.md).
BEFORE_THE_APP = frozenset({"request-entity-too-large"})


def _rulings(client: FlaskClient) -> dict[str, Any]:
    """A deal's ruling with an irregularity of each game (P10, Q12): a Pitch card exposed in
    dealing to seat 2, a Piquet talon offence, a card found faced in the talon."""
    pitch = {"players": 3, "dealer": 0, "bids": [2, "pass", "pass"],
             "tricks": BOB_SET_BACK_TRICKS,
             "irregular": [{"type": "exposed_in_dealing", "seat": 2}]}
    return {
        "pitch-irregularity": client.post("/v1/pitch/hands:score", json=pitch),
        **{f"piquet-{code}": client.post("/v1/piquet/deals:score", json={
            **Q10_RECORD, "irregular": [{"code": code, "location": where}]})
           for code, where in (("talon_offence", "elder"), ("faced_card", "talon"))},
    }


def _each_answer(client: FlaskClient, language: str) -> dict[str, Any]:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    try:
        answers = {**_answers(client), **_rulings(client)}
        return {name: answer.get_json() for name, answer in answers.items()
                if name not in BEFORE_THE_APP}
    finally:
        del client.environ_base["HTTP_ACCEPT_LANGUAGE"]


@pytest.mark.parametrize("language", OTHERS)
def test_every_error_in_each_language_leaves_no_english(bare_client: FlaskClient,
                                                        language: str) -> None:
    english = _each_answer(bare_client, "en")
    said = _each_answer(bare_client, language)
    left = {name: found for name in english
            if (found := _english_left(english[name], said[name], language))}
    assert not left, left
