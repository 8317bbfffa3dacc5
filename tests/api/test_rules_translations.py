"""The rules reference translated whole (docs/rules/<lang>/, served by referee.api.rules):
every translated page has the English page's headings, one for one, with the same section
numbers and the same anchors, the catalog's heading words, and the English page's tables,
section links and option names; a page not translated keeps its English text (every page is
translated in every language now, the records page too)."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from referee.api import rules
from referee.i18n import LOCALES

OTHERS = [locale for locale in LOCALES if locale != "en"]
#: The pages translated in every language: the rules themselves and the records page.
RULES_PAGES = ["pitch", "piquet", "irregularities", "pitch-variants", "laws-of-piquet", "records"]
_HEADING = re.compile(r"^(#{1,3}) (.+)$", re.M)


def _headings(text: str) -> list[tuple[str, str]]:
    return _HEADING.findall(text)


@pytest.mark.parametrize("locale", OTHERS)
@pytest.mark.parametrize("name", RULES_PAGES)
def test_the_rules_pages_are_translated(name: str, locale: str) -> None:
    assert rules.translated_path(name, locale).is_file(), (name, locale)


@pytest.mark.parametrize("locale", OTHERS)
@pytest.mark.parametrize("name", list(rules.PAGES))
def test_a_translation_has_the_english_sections_and_anchors(
        bare_client: FlaskClient, name: str, locale: str) -> None:
    english_text = (rules.DOCS_DIR / rules.PAGES[name][0]).read_text(encoding="utf-8")
    path = rules.translated_path(name, locale)
    if not path.is_file():
        pytest.skip(f"{name} is not translated into {locale}: its English text is served")
    text = path.read_text(encoding="utf-8")
    english, theirs = _headings(english_text), _headings(text)
    assert [h for h, _ in theirs] == [h for h, _ in english], "the same headings, one for one"
    for (_, mine), (_, said) in zip(english, theirs, strict=True):
        number = rules.SECTION.match(mine)
        assert (number.group(1) if number else None) == (
            m.group(1) if (m := rules.SECTION.match(said)) else None), (mine, said)
        assert said == rules.HEADINGS[mine](locale), "the catalog's heading words"
    # The same links to sections, tables and option names as the English.
    assert sorted(re.findall(r"\]\(([^)]*)\)", text)) == \
        sorted(re.findall(r"\]\(([^)]*)\)", english_text))
    assert text.count("\n|") == english_text.count("\n|")
    assert sorted(set(re.findall(r"`([a-z_]+)`", text))) == \
        sorted(set(re.findall(r"`([a-z_]+)`", english_text)))
    page = bare_client.get(f"/rules/{name}?lang={locale}").get_data(as_text=True)
    plain = bare_client.get(f"/rules/{name}").get_data(as_text=True)
    assert rules.anchors(page) == rules.anchors(plain)
    assert rules.row_anchors(page) == rules.row_anchors(plain), "each law's row, each case"
    assert f'<html lang="{locale}">' in page


@pytest.mark.parametrize("locale", OTHERS)
def test_the_records_page_is_served_in_the_language(bare_client: FlaskClient, locale: str) -> None:
    """/rules/records?lang= (or Accept-Language) serves the translation whole, with the note
    that the English is the reference, and no note that its text is English."""
    page = bare_client.get(f"/rules/records?lang={locale}").get_data(as_text=True)
    asked = bare_client.get("/rules/records", headers={"Accept-Language": locale})
    assert asked.get_data(as_text=True) == page
    assert html.escape(rules.WORDS["translated"](locale)) in page
    assert html.escape(rules.WORDS["note"](locale)) not in page
    words = {"fr": "Le registre", "de": "Das Protokoll", "pl": "Rejestr"}[locale]
    assert f">{words}</h2>" in page
    assert 'id="the-ledger"' in page and "<code>deal_cards_recorded</code>" in page


@pytest.mark.parametrize("locale", OTHERS)
def test_the_contents_say_no_text_is_english_once_every_page_is_translated(
        bare_client: FlaskClient, locale: str) -> None:
    page = bare_client.get(f"/rules/?lang={locale}").get_data(as_text=True)
    assert html.escape(rules.WORDS["note"](locale)) not in page
    assert html.escape(rules.WORDS["translated"](locale)) in page
