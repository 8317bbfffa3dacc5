"""The table page in the players' languages: it starts from the browser's language, its
switch changes every string it has words for, the choice is kept on the phone, ``<html lang>``
says which, and at 320 px the longer German words cause no horizontal scroll."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import api_get
from tests.e2e.sheet import axe_violations
from tests.e2e.table import (
    Q10_CARDS,
    SETTLED,
    bid,
    enter_cards,
    match_id,
    scores,
    tap_card,
    version,
    write_token,
)
from tests.e2e.test_table_pitch import TRICKS as PITCH_TRICKS

pytestmark = pytest.mark.e2e

#: English words of the rulings, none of which a French or German ruling holds.
ENGLISH_WORDS = re.compile(r"\b(the|of|and|with|bid|made|trumps|wins|tricks?|jack|hearts)\b")


def _phone(browser: Any, locale: str) -> Iterator[Any]:
    """A phone whose browser reads ``locale`` first, 320 px wide; no JavaScript error on it."""
    context = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True,
                                  is_mobile=True, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def german_phone(browser: Any) -> Iterator[Any]:
    """A phone whose browser reads German first, 320 px wide."""
    yield from _phone(browser, "de-AT")


def test_the_page_speaks_the_browser_s_language_and_keeps_a_choice(
    german_phone: Any, served: str
) -> None:
    page = german_phone
    # The catalog comes late (as on a slow club Wi-Fi): `<html lang>` must not say German
    # before the German words are on the page.
    page.route("**/i18n/de.json", lambda route: (time.sleep(0.5), route.continue_()))
    page.goto(served + "/table/")
    page.wait_for_selector("html[lang=de]", state="attached")
    assert page.text_content("#home h1") == "Eine Partie beginnen"
    assert page.text_content("#new-match button[type=submit]") == "Partie beginnen"
    assert page.input_value("#lang") == "de"
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    with page.expect_navigation():
        page.select_option("#lang", "fr")
    page.wait_for_selector("html[lang=fr]", state="attached")
    assert page.text_content("#home h1") == "Commencer une partie"
    page.reload()
    page.wait_for_selector("html[lang=fr]", state="attached")
    assert page.text_content("#home h1") == "Commencer une partie"
    assert page.title() == "referee — la table"


def test_a_match_s_ruling_reads_in_the_table_s_language(german_phone: Any, served: str) -> None:
    """A Piquet match started with French as the table's language: the running log of its
    first lead is in French on a German phone, and a refusal shows the referee's own words."""
    page = german_phone
    page.goto(served + "/table/")
    page.wait_for_selector("html[lang=de]", state="attached")
    page.fill("#players li:nth-child(1) input", "Bill")
    page.fill("#players li:nth-child(2) input", "Ann")
    page.select_option("#table-language", "fr")
    page.click("#new-match button[type=submit]")
    page.wait_for_selector("#match:not([hidden]) #turn[data-action]")
    match_id = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('match')")
    answer = page.evaluate(
        "async (id) => { const r = await fetch(`/v1/matches/${id}`, {headers: "
        "{Authorization: 'Bearer ' + JSON.parse(localStorage.getItem('referee.table.matches') || "
        "'[]').find((m) => m.id === id).write, 'Accept-Language': 'de'}}); "
        "return [r.headers.get('Content-Language'), (await r.json()).options.language]; }",
        match_id)
    assert answer == ["fr", "fr"]


@pytest.mark.parametrize(("locale", "heading"), [("fr-FR", "Q6 Le jeu de la carte"),
                                                 ("pl-PL", "Q6 Rozgrywka")])
def test_a_ruling_s_link_opens_its_section_in_the_reader_s_language(
    browser: Any, served: str, locale: str, heading: str
) -> None:
    """A violation's ``rule_url`` (/rules/Q6) on a French or Polish phone: the page translated
    whole, the section's heading in that language at the same anchor, the note that the English
    is the reference, and no horizontal scroll at 320 px (its wide tables scroll in their own
    box, which the keyboard can focus), axe clean."""
    context = browser.new_context(viewport={"width": 320, "height": 640}, locale=locale)
    page = context.new_page()
    try:
        page.goto(served + "/rules/Q6")
        language = locale[:2]
        page.wait_for_selector(f"html[lang={language}]", state="attached")
        found = page.wait_for_selector("h2#Q6")
        assert found.text_content() == heading
        assert page.url.endswith("/rules/piquet#Q6")
        page.wait_for_selector("main h1 + p em")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        # axe's own checks; a link inside a sentence of the text is exempt from the 44 px
        # tap target (WCAG 2.5.8, "inline"), which the table page's buttons are held to
        assert not [found for found in axe_violations(page)
                    if not found.startswith("tap target")]
    finally:
        context.close()


@pytest.mark.parametrize(("locale", "cited", "lands", "found", "words"), [
    ("pl-PL", "V9", "/rules/pitch-variants#V9", "h2#V9", "V9 Licytacja"),
    ("de-DE", "PT54", "/rules/laws-of-piquet#PT54", "tr#PT54", "54"),
])
def test_a_variant_s_section_and_a_law_open_in_the_reader_s_language(
    browser: Any, served: str, locale: str, cited: str, lands: str, found: str, words: str
) -> None:
    """A games-with-more-points section (V9) and a law of Piquet (PT 54) as a ruling cites
    them open their translated page at the same anchor (the law's row, starting with its
    number), at 320 px without horizontal scroll, axe clean."""
    context = browser.new_context(viewport={"width": 320, "height": 640}, locale=locale)
    page = context.new_page()
    try:
        page.goto(served + "/rules/" + cited)
        page.wait_for_selector(f"html[lang={locale[:2]}]", state="attached")
        assert page.url.endswith(lands)
        assert (page.wait_for_selector(found).text_content() or "").strip().startswith(words)
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        assert not axe_violations(page)
    finally:
        context.close()


@pytest.fixture
def french_phone(browser: Any) -> Iterator[Any]:
    """A phone whose browser reads French first, 320 px wide."""
    yield from _phone(browser, "fr-FR")


def test_cards_waiting_entries_and_an_undo_s_reason_are_in_the_phone_s_language(
    french_phone: Any, served: str
) -> None:
    """On a French phone a card is named in French ("roi de pique"), an entry waiting to be
    sent is labelled in French (a card, an undo), the undo it sends gives its reason in
    French, and what it took back is said in French."""
    page = french_phone
    _start(page, served, "piquet", ["Bill", "Ann"], "fr")
    assert page.get_attribute('#cards [data-card="KS"]', "aria-label").startswith(
        "K♠ roi de pique")
    tap_card(page, "KS")

    page.context.set_offline(True)
    page.click('#cards [data-card="AS"]')
    page.wait_for_selector('body[data-pending="1"]', state="attached")
    assert "dernière : as de pique." in page.inner_text("#pending")
    page.click("#undo")  # a tap still waiting is taken back
    page.wait_for_selector('body[data-pending="0"]', state="attached")
    assert "Repris : as de pique (pas encore envoyé)." in page.inner_text("#message")
    page.click("#undo")  # nothing waiting: the undo itself waits to be sent
    page.wait_for_selector('body[data-pending="1"]', state="attached")
    assert "dernière : une annulation." in page.inner_text("#pending")

    page.context.set_offline(False)
    page.wait_for_selector('body[data-pending="0"][data-busy=false]', state="attached",
                           timeout=15000)
    assert "Annulé : roi de pique de Bill." in page.inner_text("#message")
    match = match_id(page)
    log = api_get(served, f"/v1/matches/{match}/log?limit=500", write_token(page, match))
    undos = [e["payload"]["reason"] for e in log["items"] if e["kind"] == "undo"]
    assert undos == ["annulé à la table"]


def test_an_entry_waiting_on_the_phone_reads_in_the_language_chosen_since(
    french_phone: Any, served: str
) -> None:
    """An entry waiting on the phone keeps what it is (its words' names and parameters), not
    the words of the language it was made in: a card tapped on a French phone that cannot
    reach the referee reads in German once the phone is switched to German."""
    page = french_phone
    _start(page, served, "piquet", ["Bill", "Ann"], "fr")
    page.route("**/v1/matches/*/events", lambda route: route.abort())  # the referee unreached
    page.click('#cards [data-card="KS"]')
    page.wait_for_selector('body[data-pending="1"]', state="attached")
    assert "dernière : roi de pique." in page.inner_text("#pending")
    with page.expect_navigation():
        page.select_option("#lang", "de")
    page.wait_for_selector("html[lang=de]", state="attached")
    page.wait_for_selector('body[data-pending="1"]', state="attached")
    waiting = page.inner_text("#pending")
    assert "Pik-König" in waiting and "roi de pique" not in waiting, waiting


def _start(page: Any, served: str, game: str, players: list[str], lang: str) -> None:
    """Start a match from the page once it reads in ``lang`` ("fr", "de"), the cards entered
    one by one."""
    page.goto(served + "/table/")
    page.wait_for_selector(f"html[lang={lang}]", state="attached")
    page.check(f'input[name=game][value="{game}"]')
    while page.locator("#players li").count() < len(players):
        page.click("#add-player")
    for i, name in enumerate(players, start=1):
        page.fill(f"#players li:nth-child({i}) input", name)
    page.click("#new-match button[type=submit]")
    page.wait_for_selector("#match:not([hidden]) #turn[data-action]")
    page.wait_for_selector(SETTLED, state="attached")
    enter_cards(page)


def _declare(page: Any, role: str, point: str, sequence: str = "",
             sets: tuple[str, ...] = ()) -> None:
    page.click("#record-declaration")
    page.select_option("#deal-setup select[name=role]", role)
    page.select_option("#deal-setup select[name=point]", point)
    if sequence:
        page.select_option("#deal-setup select[name=sequence]", sequence)
    for code in sets:
        page.check(f'#deal-setup input[name="{code}"]')
    before = version(page)
    page.click("#declaration-save")
    page.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                           state="attached")


def _fits_and_is_clean(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert not axe_violations(page)


def test_a_piquet_deal_in_french_end_to_end(french_phone: Any, served: str) -> None:
    """Q10 on a French phone at 320 px: the declarations as the play screen says them (from
    their codes, in French), every card tapped, the score and the ruling in French; no
    horizontal scroll, axe clean, ``<html lang="fr">``."""
    page = french_phone
    _start(page, served, "piquet", ["Bill", "Ann"], "fr")
    assert page.get_attribute("html", "lang") == "fr"
    _declare(page, "elder", "5", sets=("trio:A",))
    _declare(page, "younger", "6", sequence="sixième")
    assert page.inner_text('[data-declared="elder"]') == "Bill a annoncé : point de 5, brelan d'as."
    assert page.inner_text('[data-declared="younger"]') == "Ann a annoncé : point de 6, sixième."
    _fits_and_is_clean(page)
    for card in Q10_CARDS:
        tap_card(page, card)
    assert scores(page) == {"Bill": 11, "Ann": 41}
    page.click("button[data-tab=score]")
    page.click("#ledger details.ruling summary")
    ruling = page.inner_text("#ledger")
    assert "sixième" in ruling and not ENGLISH_WORDS.search(ruling), ruling
    _fits_and_is_clean(page)


def test_a_pitch_hand_in_german_end_to_end(german_phone: Any, served: str) -> None:
    """A Pitch hand on a German phone at 320 px (P3–P6): bids by button, every card tapped,
    the score and the ruling in German (cards in German words); no horizontal scroll, axe
    clean, ``<html lang="de">``."""
    page = german_phone
    _start(page, served, "pitch", ["Ann", "Bob", "Cid"], "de")
    assert page.get_attribute("html", "lang") == "de"
    bid(page, "2")
    bid(page, "pass")
    bid(page, "pass")
    _fits_and_is_clean(page)
    for trick in PITCH_TRICKS:
        for card in trick:
            tap_card(page, card)
    assert scores(page) == {"Ann": 0, "Bob": 3, "Cid": 1}
    page.click("button[data-tab=score]")
    page.click("#ledger details.ruling summary")
    ruling = page.inner_text("#ledger")
    assert "Herz-Bube" in ruling and not ENGLISH_WORDS.search(ruling), ruling
    _fits_and_is_clean(page)
