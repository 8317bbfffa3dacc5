"""A club's night in the browser (docs/events.md E13): the organiser creates a night with a new
club of the players typed (two Anns stay two), then works the club's list on the organiser's
screen — a member added and checked in by id, a guest who arrives, one person entered twice
merged, a player removed (name and number erased), one renamed — on a phone 320 px wide,
axe-clean; and the club's link opened on another phone, which keeps the club."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.e2e.conftest import api_get
from tests.e2e.sheet import axe_violations


def _send(base: str, path: str, body: dict[str, Any], token: str | None = None) -> str:
    """POST ``body`` to the API (a create: no If-Match); the answer's text."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    sent = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                  headers=headers, method="POST")
    with urllib.request.urlopen(sent, timeout=10) as response:
        return str(response.read().decode())


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

    # Bill is renamed, with a member number: the id and his results stay, the night says so.
    bill = next(p["id"] for p in api_get(served, f"/v1/clubs/{club['id']}",
                                         club["read"])["players"] if p["name"] == "Bill")
    page.select_option("#club-rename-who", bill)
    page.fill("#club-rename-name", "Billy")
    page.fill("#club-rename-member", "7")
    assert axe_violations(page, "#event") == []
    page.click("#club-rename button[type=submit]")
    page.wait_for_function("() => [...document.querySelectorAll('#club-players .club-who')]"
                           ".some((w) => w.textContent === 'Billy (no. 7)')")
    renamed = api_get(served, f"/v1/clubs/{club['id']}/players/{bill}", club["read"])
    assert (renamed["name"], renamed["member"]) == ("Billy", "7")
    page.wait_for_function("() => document.querySelector('#event-check-in p')"
                           ".textContent.includes('Billy')")
    assert page.input_value("#club-rename-name") == "", "the form emptied once it went through"


def test_a_clubs_link_opens_it_on_another_phone(served: str, browser: Any,
                                                narrow: Any) -> None:
    made = json.loads(_send(served, "/v1/clubs", {"name": "Thursday club", "players": [
        {"name": "Ann", "member": "1"}, {"name": "Bob"}]}))
    page = narrow
    page.goto(served + "/table/")
    page.evaluate("(kept) => localStorage.setItem('referee.table.clubs', kept)", json.dumps(
        [{"id": made["id"], "name": made["name"], "organiser": made["tokens"]["organiser"],
          "read": made["tokens"]["read"]}]))
    event = json.loads(_send(served, "/v1/events", {
        "name": "Night", "game": "piquet", "movement": "round_robin", "club": made["id"],
        "players": [p["id"] for p in made["players"]]}, made["tokens"]["organiser"]))
    page.evaluate("(kept) => localStorage.setItem('referee.table.events', kept)", json.dumps(
        [{"id": event["id"], "name": "Night", "organiser": event["tokens"]["organiser"],
          "read": event["tokens"]["read"], "seats": {}}]))
    page.goto(f"{served}/table/#event={event['id']}")
    page.wait_for_selector("#club-players li")
    # the next round's seating names the club's players, not their ids
    assert sorted(page.locator(".event-seat").all_text_contents()) == [
        "Seat 1: Ann", "Seat 2: Bob"]
    page.click(".event-seat >> nth=0")
    assert page.locator("#move-bye").inner_text().startswith("Give ")
    assert "pl_" not in page.locator("#move-bye").inner_text()
    page.click(".club-links summary")
    read_link = page.get_attribute("#club-read-link", "href")
    organiser_link = page.get_attribute("#club-organiser-link", "href")
    assert read_link.endswith(f"#club={made['id']}&token={made['tokens']['read']}")
    assert organiser_link.endswith(f"&token={made['tokens']['organiser']}")
    assert axe_violations(page, "#event") == []

    # Another phone opens the read link: the club is shown, and kept there (not in the bar).
    other = browser.new_context(viewport={"width": 320, "height": 640})
    try:
        phone = other.new_page()
        errors: list[str] = []
        phone.on("pageerror", lambda error: errors.append(str(error)))
        phone.goto(read_link)
        phone.wait_for_selector("#club-screen")
        assert phone.inner_text("#event-title") == "Thursday club"
        assert phone.locator("#club-players .club-who").all_inner_texts() == [
            "Ann (no. 1)", "Bob (guest)"]
        assert "token" not in phone.evaluate("location.hash")
        kept = json.loads(phone.evaluate("localStorage.getItem('referee.table.clubs')"))
        assert kept == [{"id": made["id"], "name": "Thursday club",
                         "read": made["tokens"]["read"]}]
        assert axe_violations(phone, "#event") == []
        phone.click("#club-stats-link")
        phone.wait_for_selector("#event-statistics")
        assert phone.inner_text("#event-statistics .note") == "No game has been played yet."
        # The organiser's link: kept as the organiser's, the create form offers the club.
        phone.goto(organiser_link)
        phone.wait_for_selector("#club-screen")
        kept = json.loads(phone.evaluate("localStorage.getItem('referee.table.clubs')"))
        assert kept[0]["organiser"] == made["tokens"]["organiser"]
        phone.click("#club-new-night")
        phone.wait_for_selector("#event-create")
        assert phone.locator(f'#event-club option[value="{made["id"]}"]').count() == 1
        assert not errors, errors
    finally:
        other.close()


def test_a_clubs_link_the_referee_refuses_is_not_kept(served: str, narrow: Any) -> None:
    made = json.loads(_send(served, "/v1/clubs", {"name": "Friday club", "players": []}))
    page = narrow
    page.goto(f"{served}/table/#club={made['id']}")
    page.wait_for_selector("#event-body .error")
    assert page.inner_text("#event-body .error") == (
        "This phone has no key to that club: open the link you were sent.")
    page.goto(f"{served}/table/#club={made['id']}&token=ro_not-a-token")
    page.wait_for_selector("#event-message")
    assert page.evaluate("localStorage.getItem('referee.table.clubs')") is None
    page.goto(f"{served}/table/")
    page.wait_for_selector("#home:not([hidden])")
    assert page.locator("#event").is_hidden()
