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
from referee.i18n import (
    DEFAULT,
    LOCALES,
    MESSAGES,
    Entry,
    Message,
    catalog,
    categories,
    placeholders,
)
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
        elif found.english_plural is not None or entry.english_plural is not None:
            missing.extend(_plural_wants(locale, key, found, entry, alike))
        elif entry.english != found.english:
            missing.append(f"{key} (made from older English: {entry.english!r})")
        elif placeholders(entry.text) != placeholders(found.english):
            missing.append(f"{key} (placeholders {sorted(placeholders(entry.text))}, "
                           f"not {sorted(placeholders(found.english))})")
        elif entry.text == found.english and not _only_form(found.english) \
                and found.english not in alike and not set(_words(found.english)) <= alike:
            missing.append(f"{key} (still the English {found.english!r})")
    assert not missing, f"{locale}: {len(missing)} entries want words:\n" + "\n".join(missing)


def _plural_wants(locale: str, key: str, found: Message, entry: Entry,
                  alike: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """What a plural entry lacks: made from both English forms, a form for every plural
    category of the locale, each form filling the plural English's placeholders (the form
    for one may leave out the count: Polish "jedna lewa")."""
    if found.english_plural is None:
        return [f"{key} (a plural entry for a message that is not plural)"]
    if (entry.english, entry.english_plural) != (found.english, found.english_plural):
        return [f"{key} (made from other English: {entry.english!r}, {entry.english_plural!r})"]
    kinds = categories(locale)
    wants = []
    if len(entry.forms) != len(kinds):
        wants.append(f"{key} ({len(entry.forms)} forms, {locale} needs {len(kinds)}: {kinds})")
    english = placeholders(found.english_plural)
    for kind, form in zip(kinds, entry.forms, strict=False):
        need = english - ({found.count} if kind == "one" else set())
        if not form:
            wants.append(f"{key} (no words for {kind})")
        elif not need <= placeholders(form) <= english:
            wants.append(f"{key} ({kind}: placeholders {sorted(placeholders(form))}, "
                         f"not {sorted(english)})")
    if entry.forms and entry.forms[0] == found.english and not _only_form(found.english) \
            and not set(_words(found.english)) <= alike:
        wants.append(f"{key} (still the English {found.english!r})")
    return wants


def test_plural_categories_follow_the_languages_rules() -> None:
    """The forms of a plural entry are those of each language's gettext Plural-Forms, named
    by the CLDR categories the page chooses with (Intl.PluralRules)."""
    assert categories("en") == categories("de") == ("one", "other")
    assert categories("fr") == ("one", "many", "other")
    assert categories("pl") == ("one", "few", "many")


def test_a_plural_entry_lacking_a_form_wants_words() -> None:
    found = Message("x", "{n} trick", "{n} tricks")
    whole = Entry("{n} trick", "{n} lewa", False, "{n} tricks", ("{n} lewa", "{n} lewy", "{n} lew"))
    assert _plural_wants("pl", "x", found, whole) == []
    short = Entry("{n} trick", "{n} lewa", False, "{n} tricks", ("{n} lewa", "{n} lewy"))
    assert _plural_wants("pl", "x", found, short) == ["x (2 forms, pl needs 3: "
                                                       "('one', 'few', 'many'))"]
    empty = Entry("{n} trick", "{n} lewa", False, "{n} tricks", ("{n} lewa", "", "{n} lew"))
    assert _plural_wants("pl", "x", found, empty) == ["x (no words for few)"]
    lost = Entry("{n} trick", "lewa", False, "{n} tricks", ("jedna lewa", "lewy", "{n} lew"))
    assert _plural_wants("pl", "x", found, lost) == ["x (few: placeholders [], not ['n'])"]


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


_STRING = r'"((?:[^"\\]|\\.)*)"'


def _unescaped(english: str) -> str:
    return english.encode().decode("unicode_escape").encode("latin-1").decode()


def _script_strings() -> dict[str, str]:
    """Each ``t("name", "English")`` (and ``phrase("name", "English")``) of the page's scripts."""
    found: dict[str, str] = {}
    for path in WEB.rglob("*.js"):
        if "vendor" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for name, english in re.findall(r'\b(?:t|phrase)\(\s*"([\w.]+)",\s*' + _STRING,
                                      text):
            found[name] = _unescaped(english)
    return found


def _script_plurals() -> dict[str, tuple[str, str]]:
    """Each ``tn("name", "English for one", "English for others", count)`` of the scripts."""
    found: dict[str, tuple[str, str]] = {}
    for path in WEB.rglob("*.js"):
        if "vendor" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for name, one, other in re.findall(
                r'\btn\(\s*"([\w.]+)",\s*' + _STRING + r',\s*' + _STRING, text):
            found[name] = (_unescaped(one), _unescaped(other))
    return found


def test_every_page_string_is_registered_with_its_english() -> None:
    marks = {**_page_marks(), **_script_strings()}
    plurals = _script_plurals()
    assert marks and plurals, "no page strings found"
    unknown = sorted((set(marks) | set(plurals)) - set(PAGE))
    differ = sorted(f"{n}: page {e!r}, registry {PAGE[n].english!r}"
                    for n, e in marks.items() if n in PAGE and " ".join(
                        PAGE[n].english.split()) != e and PAGE[n].english != e)
    differ += sorted(f"{n}: page {e!r}, registry {(PAGE[n].english, PAGE[n].english_plural)!r}"
                     for n, e in plurals.items()
                     if n in PAGE and e != (PAGE[n].english, PAGE[n].english_plural))
    not_plural = sorted(n for n in marks if n in PAGE and PAGE[n].english_plural is not None)
    not_plural += sorted(n for n in plurals if n in PAGE and PAGE[n].english_plural is None)
    assert not unknown, f"page strings not in referee/i18n/page.py: {unknown}"
    assert not differ, "page strings whose English differs:\n" + "\n".join(differ)
    assert not not_plural, f"said with t() but plural, or with tn() but not: {not_plural}"


def test_no_page_string_puts_a_number_before_a_noun_of_one_form() -> None:
    """A count beside a noun is said with tn() (plural forms), never with one form fixed:
    no registered page string has "{n} cards" or "1 card" unless it is a plural one."""
    noun = r"(points?|tricks?|cards?|deals?|hands?|entries|entry|pips?|undos?|steps?)\b"
    fixed = sorted(name for name, found in PAGE.items() if found.english_plural is None
                   and re.search(r"(\{(?!player|dealer|elder|younger)\w+\}|\b1) " + noun,
                                 found.english))
    assert not fixed, f"page strings with a count and a noun of one form: {fixed}"


def _glossary_words(english: str, locale: str) -> list[str]:
    """The words docs/glossary.md gives ``locale`` for the term ``english``."""
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == english:
            column = ["en", "fr", "de", "pl"].index(locale)
            return cells[column].split(" / ")
    raise AssertionError(f"docs/glossary.md has no row {english!r}")


def test_the_french_catalog_names_a_set_of_three_as_the_glossary_does() -> None:
    """French tables say both "brelan" and "trio": the glossary picks the service's word and
    every French sentence uses it; words quoted as what a player may write ('trio:A') are
    data, not the sentence's words."""
    [chosen] = _glossary_words("trio", "fr")
    other = ({"brelan", "trio"} - {chosen}).pop()
    said = [(key, entry.text) for key, entry in catalog("fr").items()
            for text in [re.sub(r"'[^']*'", "", " ".join(
                entry.forms if entry.forms else [entry.text]))]
            if re.search(rf"\b{other}s?\b", text, re.IGNORECASE)]
    assert not said, f"French entries that say {other!r}, not the glossary's {chosen!r}: {said}"
    assert catalog("fr")["term.piquet.trio"].text.startswith(chosen)
