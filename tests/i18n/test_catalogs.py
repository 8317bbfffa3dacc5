"""Every word the service says has words in every locale (docs/translating.md).

Each failure names what is missing, so that whoever adds a finding code, a problem type, a
sentence or a page string sees which catalog entries to write (``make i18n`` adds them
empty to every ``.po`` file).  An entry is missing when it is absent, empty, fuzzy, made
from other English than the code's now, or fills in other placeholders; an entry identical
to its English counts as missing unless it is only placeholders and punctuation, or
docs/glossary.md gives that same word (or each of its words) for the language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.api import problems
from referee.i18n import DEFAULT, LOCALES, MESSAGES, catalog, placeholders
from referee.i18n.page import PAGE
from referee.i18n.sentences import TITLES
from referee.i18n.update import load_every_message

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "referee" / "web"
OTHERS = [loc for loc in LOCALES if loc != DEFAULT]

load_every_message()


def _glossary() -> dict[str, set[str]]:
    """Per locale, the English words docs/glossary.md says that language writes alike."""
    same: dict[str, set[str]] = {loc: set() for loc in OTHERS}
    rows = [line.strip().strip("|").split("|") for line in
            (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("|") and not line.startswith("|-")]
    header = [cell.strip() for cell in rows[0]]
    for row in rows[1:]:
        cells = dict(zip(header, (c.strip() for c in row), strict=False))
        for loc in OTHERS:
            for english in cells.get("en", "").split(" / "):
                if english and english in cells.get(loc, "").split(" / "):
                    same[loc].add(english)
    return same


def _words(text: str) -> list[str]:
    """The words of a template, outside its placeholders."""
    return re.findall(r"[^\W\d_]+", re.sub(r"\{\w+[^{}]*\}", "", text))


def _only_form(text: str) -> bool:
    return not re.search(r"[^\W\d_]", re.sub(r"\{\w+[^{}]*\}", "", text))


@pytest.mark.parametrize("locale", OTHERS)
def test_every_message_has_words_in_the_catalog(locale: str) -> None:
    entries = catalog(locale)
    alike = _glossary()[locale]
    missing = []
    for key, found in MESSAGES.items():
        entry = entries.get(key)
        if entry is None or not entry.text:
            missing.append(f"{key} (no words)")
        elif entry.fuzzy:
            missing.append(f"{key} (fuzzy)")
        elif entry.english != found.english:
            missing.append(f"{key} (made from older English: {entry.english!r})")
        elif placeholders(entry.text) != placeholders(found.english):
            missing.append(f"{key} (placeholders {sorted(placeholders(entry.text))}, "
                           f"not {sorted(placeholders(found.english))})")
        elif entry.text == found.english and not _only_form(found.english) \
                and found.english not in alike and not set(_words(found.english)) <= alike:
            missing.append(f"{key} (still the English {found.english!r})")
    assert not missing, f"{locale}: {len(missing)} entries want words:\n" + "\n".join(missing)


@pytest.mark.parametrize("locale", OTHERS)
def test_no_catalog_keeps_an_entry_the_code_no_longer_says(locale: str) -> None:
    obsolete = sorted(set(catalog(locale)) - set(MESSAGES))
    assert not obsolete, f"{locale}: obsolete entries (run make i18n): {obsolete}"


def test_every_problem_type_has_a_title_message() -> None:
    missing = [slug for slug, kind in problems.REGISTRY.items() if kind.uri not in TITLES]
    assert not missing


def _page_marks() -> dict[str, str]:
    """Each ``data-i18n`` name of index.html with its English, whitespace folded."""
    html = (WEB / "index.html").read_text(encoding="utf-8")
    return {name: " ".join(text.split()) for name, text in
            re.findall(r'data-i18n="([\w.]+)"[^>]*>([^<]*)<', html)}


def _script_strings() -> dict[str, str]:
    """Each ``t("name", "English")`` (and ``phrase("name", "English")``) of the page's scripts."""
    found: dict[str, str] = {}
    for path in WEB.rglob("*.js"):
        if "vendor" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for name, english in re.findall(
                r'\b(?:t|phrase)\(\s*"([\w.]+)",\s*"((?:[^"\\]|\\.)*)"', text):
            found[name] = english.encode().decode("unicode_escape").encode("latin-1").decode()
    return found


def test_every_page_string_is_registered_with_its_english() -> None:
    marks = {**_page_marks(), **_script_strings()}
    assert marks, "no page strings found"
    unknown = sorted(set(marks) - set(PAGE))
    differ = sorted(f"{n}: page {e!r}, registry {PAGE[n].english!r}"
                    for n, e in marks.items() if n in PAGE and " ".join(
                        PAGE[n].english.split()) != e and PAGE[n].english != e)
    assert not unknown, f"page strings not in referee/i18n/page.py: {unknown}"
    assert not differ, "page strings whose English differs:\n" + "\n".join(differ)
