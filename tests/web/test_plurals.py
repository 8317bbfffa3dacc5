"""The page's plural strings (referee/web/language.js ``tn``) under Node: the catalog the
server serves (``/table/i18n/<locale>.json``, referee/i18n/page.py) carries a form per plural
category of the language, and the page chooses among them with ``Intl.PluralRules`` — Polish
1 lewa, 2 lewy, 5 lew, 12 lew, 22 lewy; the English one form for 1, the other for the rest.
Without Node the tests skip, except in CI (``CI=true``), where they fail."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from referee.i18n.page import catalog_json

DRIVER = Path(__file__).with_name("language_driver.mjs")
TRICKS = ("clash.tricks", "{n} trick", "{n} tricks")


def run_tn(locale: str, cases: list[tuple[Any, ...]], catalog: Any = None) -> list[str]:
    """tn()'s answers to ``cases`` (name, one, other, count, params) in ``locale``, the page
    holding ``catalog`` (default: the one the server serves for the locale)."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the page's language module under Node", pytrace=False)
        pytest.skip("node is missing (the page's language module runs under Node)")
    payload = json.dumps({"locale": locale, "cases": [list(c) for c in cases],
                          "catalog": catalog_json(locale) if catalog is None else catalog})
    done = subprocess.run([node, str(DRIVER)], input=payload, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    answers: list[str] = json.loads(done.stdout)
    return answers


def test_the_served_catalog_carries_every_form_of_the_language() -> None:
    assert catalog_json("pl")["plurals"]["clash.tricks"] == {  # type: ignore[index]
        "one": "{n} lewa", "few": "{n} lewy", "many": "{n} lew"}
    assert set(catalog_json("fr")["plurals"]["clash.tricks"]) == {  # type: ignore[index]
        "one", "many", "other"}
    assert set(catalog_json("de")["plurals"]["clash.tricks"]) == {  # type: ignore[index]
        "one", "other"}
    assert catalog_json("en")["plurals"]["clash.tricks"] == {  # type: ignore[index]
        "one": "{n} trick", "other": "{n} tricks"}


def test_polish_forms_by_the_count() -> None:
    counts = [1, 2, 5, 12, 22]
    said = run_tn("pl", [(*TRICKS, n, None) for n in counts]
                  + [("score.payment", "{payment} point", "{payment} points", n,
                      {"payment": n}) for n in counts])
    assert said == ["1 lewa", "2 lewy", "5 lew", "12 lew", "22 lewy",
                    "1 punkt", "2 punkty", "5 punktów", "12 punktów", "22 punkty"]


def test_english_one_and_other() -> None:
    assert run_tn("en", [(*TRICKS, 1, None), (*TRICKS, 2, None), (*TRICKS, 0, None)]) == [
        "1 trick", "2 tricks", "0 tricks"]


def test_french_and_german() -> None:
    assert run_tn("fr", [(*TRICKS, n, None) for n in (0, 1, 2, 1_000_000)]) == [
        "0 levée", "1 levée", "2 levées", "1000000 de levées"]
    assert run_tn("de", [(*TRICKS, n, None) for n in (1, 2)]) == ["1 Stich", "2 Stiche"]


def test_a_string_the_catalog_lacks_falls_back_to_the_english_forms() -> None:
    empty = {"messages": {}, "plurals": {}}
    assert run_tn("pl", [(*TRICKS, 1, None), (*TRICKS, 3, None)], empty) == [
        "1 trick", "3 tricks"]
