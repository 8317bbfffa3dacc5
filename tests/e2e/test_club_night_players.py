"""A club's night in the browser (docs/events.md E13): the organiser creates a night with a new
club of the players typed (two Anns stay two), then works the club's list on the organiser's
screen — a member added and checked in by id, a guest who arrives, one person entered twice
merged, a player removed (name and number erased) — on a phone 320 px wide, axe-clean."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import api_get
from tests.e2e.sheet import axe_violations


@pytest.fixture
def narrow(browser: Any) -> Iterator[Any]:
    """The organiser's phone at 320 px, the narrowest the page is read at."""
    context = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _listed(page: Any) -> list[str]:
    return page.locator("#club-players .club-who").all_inner_texts()


def test_the_organiser_keeps_the_clubs_players(served: str, narrow: Any) -> None:
    page = narrow
    page.goto(served + "/table/")
    page.wait_for_selector("#home:not([hidden])")
    page.click("#new-event")
    page.wait_for_selector("#event-create")
    page.fill("#event-name", "Tuesday")
    page.select_option("#event-game", "pitch")
    page.select_option("#event-movement", "manual")
    page.select_option("#event-club", "new")
    page.fill("#event-club-name", "The Pitch club")
    page.fill("#event-players", "Ann\nAnn\nBill\nCy")
    assert axe_violations(page, "#event") == []
    page.click("#event-create button[type=submit]")
    page.wait_for_selector("#club-players li")
    club = json.loads(page.evaluate("localStorage.getItem('referee.table.clubs')"))[0]
    event = json.loads(page.evaluate("localStorage.getItem('referee.table.events')"))[0]
    listed = api_get(served, f"/v1/clubs/{club['id']}", club["read"])
    assert listed["name"] == "The Pitch club" and listed["events"] == [event["id"]]
    anns = [p["id"] for p in listed["players"] if p["name"] == "Ann"]
    assert len(anns) == 2, "two Anns stay two"
    assert _listed(page) == ["Ann (guest)", "Ann (guest)", "Bill (guest)", "Cy (guest)"]
    assert page.locator("#club-players .club-check-in").count() == 0, "all checked in"
    assert page.inner_text("#event-check-in p") == "Ann, Ann, Bill, Cy"
    assert axe_violations(page, "#event") == []

    # A member joins the club and is checked in from the list, by id.
    page.fill("#club-add-name", "Di")
    page.fill("#club-add-member", "12")
    page.click("#club-add button[type=submit]")
    page.wait_for_selector("#club-players li .club-check-in")
    assert _listed(page)[-1] == "Di (no. 12)"
    page.click("#club-players .club-check-in")
    page.wait_for_function("() => document.querySelector('#event-check-in p')"
                           ".textContent.endsWith(', Di')")
    # A guest who arrives: added to the club and checked in at once.
    page.fill("#club-guest-name", "Eve")
    page.click("#club-guest button[type=submit]")
    page.wait_for_function("() => document.querySelector('#event-check-in p')"
                           ".textContent.endsWith(', Eve')")
    page.wait_for_function("() => [...document.querySelectorAll('#club-players .club-who')]"
                           ".some((w) => w.textContent === 'Eve (guest)')")

    # Cy entered a second time as "Cyril": merged into Cy (the merged-away id points there).
    page.fill("#club-add-name", "Cyril")
    page.click("#club-add button[type=submit]")
    page.wait_for_function("() => [...document.querySelectorAll('#club-players .club-who')]"
                           ".some((w) => w.textContent === 'Cyril (guest)')")
    ids = {p["name"]: p["id"] for p in api_get(
        served, f"/v1/clubs/{club['id']}", club["read"])["players"] if p["name"] != "Ann"}
    page.select_option("#club-merge-away", ids["Cyril"])
    page.select_option("#club-merge-into", ids["Cy"])
    assert axe_violations(page, "#event") == []
    page.click("#club-merge button[type=submit]")
    page.wait_for_function("() => ![...document.querySelectorAll('#club-players .club-who')]"
                           ".some((w) => w.textContent === 'Cyril (guest)')")
    cyril = api_get(served, f"/v1/clubs/{club['id']}/players/{ids['Cyril']}", club["read"])
    assert cyril["merged_into"] == ids["Cy"] and cyril["name"] is None

    # Eve is removed: her name is erased; the night shows her as removed.
    eve = page.locator(f'#club-players li[data-player="{ids["Eve"]}"]')
    eve.locator("summary").click()
    eve.locator("button.warn").click()
    page.wait_for_function("() => document.querySelector('#event-check-in p')"
                           ".textContent.endsWith(', (removed)')")
    gone = api_get(served, f"/v1/clubs/{club['id']}/players/{ids['Eve']}", club["read"])
    assert (gone["name"], gone["removed"]) == (None, True)
    assert "Eve" not in " ".join(_listed(page))
    assert axe_violations(page, "#event") == []
