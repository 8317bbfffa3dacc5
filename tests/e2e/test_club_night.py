"""A club night in the browser (docs/events.md): the organiser creates a progressive Pitch
night on a phone, starts round 1 and checks a latecomer in; a big screen (another browser
context, 320 px wide) follows the tables and the standings live while a table's game is
recorded; both screens axe-clean at 320 px."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import NARROW, api_get, api_post, opened_page
from tests.e2e.sheet import axe_violations, shots


@pytest.fixture
def board(browser: Any) -> Iterator[Any]:
    """The big screen: a browser context of its own, 320 px wide (the narrowest it is read
    at); the club's TV is wider."""
    with opened_page(browser, "the big screen", viewport=NARROW) as page:
        yield page


def _standings(page: Any) -> list[tuple[str, str]]:
    """The standings as the screen shows them: (name, points) in order."""
    rows = page.locator("#event-standings tbody tr")
    return [(rows.nth(i).locator("th").inner_text(), rows.nth(i).locator("td").nth(1)
             .inner_text()) for i in range(rows.count())]


def test_the_organiser_runs_a_round_and_the_big_screen_follows(
        served: str, phone: Any, board: Any) -> None:
    page = phone
    page.goto(served + "/table/")
    page.wait_for_selector("#home:not([hidden])")
    assert axe_violations(page, "#club-night") == []
    page.click("#new-event")
    page.wait_for_selector("#event-create")
    assert axe_violations(page, "#event") == []
    page.fill("#event-name", "Friday")
    page.select_option("#event-game", "pitch")
    page.select_option("#event-movement", "progressive")
    page.fill("#event-target", "4")  # every table plays to 4: one deal of 4 wins a game
    page.fill("#event-players", "\n".join("ABCDEFGH"))
    page.click("#event-create button[type=submit]")
    page.wait_for_selector("#event-start")
    kept = json.loads(page.evaluate("localStorage.getItem('referee.table.events')"))[0]
    event_id, organiser, read = kept["id"], kept["organiser"], kept["read"]
    assert page.inner_text("#event-title") == "Friday"
    assert page.inner_text("#event-waiting" if page.locator("#event-waiting").count()
                           else "#event-start") == "Start round 1"

    page.click("#event-start")
    page.wait_for_selector('#event-tables li[data-table="2"]')
    seats = page.locator('#event-tables li[data-table="1"] '
                         '.event-seats a:not(.event-open-table)')
    assert seats.count() == 4 and seats.first.get_attribute("href").startswith(
        "/table/#match=")
    assert axe_violations(page, "#event") == []
    shots(page, "club-organiser")

    # A player's phone (E3): D's link, handed out from the organiser's screen.
    page.click(".event-player-links summary")
    href = page.locator(".event-player-links a", has_text="D").get_attribute("href")
    board.goto(f"{served}/table/{href}")
    board.wait_for_selector("#event-player .event-you-sit")
    assert board.locator("#event-player p").all_inner_texts() == [
        "Round 1: table 1, seat 4", "Your partner: B", "Against: A, C"]
    assert axe_violations(board) == []

    board.goto(f"{served}/table/#event={event_id}&token={read}&view=board")
    board.wait_for_selector("#event-board #event-standings")
    assert board.locator("#event-board button, #event-board form").count() == 0
    assert axe_violations(board) == []
    assert {points for _, points in _standings(board)} == {"0"}

    event = api_get(served, f"/v1/events/{event_id}", read)
    head = event["rounds"][0]["tables"][0]
    # The organiser's token records at the event's tables (E11): A and C bid 4 and make it,
    # which wins their game (P7: the target the organiser set, 4).
    deals = 0
    while not api_get(served, f"/v1/events/{event_id}", read)["rounds"][0]["tables"][0][
            "finished"]:
        api_post(served, head["match_id"], organiser, "/deals",
                 {"totals": {"scores": [4, 0], "pitcher": 0, "bid": 4}})
        deals += 1
        assert deals <= 1, "one deal of 4 wins a game played to 4"
    board.wait_for_selector('#event-board li[data-table="1"][data-finished="true"]')
    # Worked out by hand: A and C 4 points a deal each, the others 0; ties listed by name.
    won = str(4 * deals)
    assert _standings(board)[:3] == [("A", won), ("C", won), ("B", "0")]
    page.wait_for_selector('#event-tables li[data-table="1"][data-finished="true"]')

    page.fill("#event-check-in-name", "I")
    page.click("#event-check-in button[type=submit]")
    page.wait_for_function("() => document.querySelector('#event-check-in p')"
                           " && document.querySelector('#event-check-in p')"
                           ".textContent.endsWith(', I')")
    assert [line["name"] for line in api_get(
        served, f"/v1/events/{event_id}/standings", read)["players"]][-1] == "I"
    board.wait_for_function("() => [...document.querySelectorAll('#event-standings th')]"
                            ".some((th) => th.textContent === 'I')")
    assert axe_violations(board) == []

    # Table 2 still plays: the organiser may end the round (E11), and opens a table's match
    # on the table page with the organiser's token, which records there (not read-only).
    assert page.locator("#event-end").count() == 1
    page.click('#event-tables li[data-table="2"] .event-open-table')
    page.wait_for_selector("#match:not([hidden])")
    assert page.locator("#readonly").is_hidden()
    assert page.locator("#event").is_hidden()
