"""A club night's statistics per player in the browser (docs/events.md E12): a Pitch night
made through the API, a hand recorded where the bidder is set; its statistics screen at
320 px shows a card per player with charts the page drew (titles and descriptions that a
screen reader reads), axe-clean. A club's night: substitutes seated on the organiser's
screen (E14) and the club's statistics over its nights, with the same cards."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.e2e.conftest import api_get, api_post
from tests.e2e.sheet import axe_violations, shots


def _post(base: str, path: str, body: dict[str, Any], token: str | None = None,
          etag: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    if etag:
        headers["If-Match"] = etag
    sent = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                  headers=headers, method="POST")
    with urllib.request.urlopen(sent, timeout=10) as response:
        return json.loads(response.read())


def _etag(base: str, event_id: str, token: str) -> str:
    """The event's ETag as it stands (its version)."""
    read = urllib.request.Request(f"{base}/v1/events/{event_id}",
                                  headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(read, timeout=10) as response:
        return str(response.headers["ETag"])



def test_the_statistics_screen_draws_each_players_charts(served: str, narrow: Any) -> None:
    made = _post(served, "/v1/events", {"name": "Friday", "game": "pitch",
                                        "movement": "manual",
                                        "players": ["Ann", "Bob", "Cid"],
                                        "options": {"target": 11}})
    event_id, organiser, read = made["id"], made["tokens"]["organiser"], made["tokens"]["read"]
    started = _post(served, f"/v1/events/{event_id}/rounds",
                    {"tables": [{"seats": ["Ann", "Bob", "Cid"]}]}, organiser,
                    _etag(served, event_id, organiser))
    match_id = started["tables"][0]["match_id"]
    # Bob bids 3 and takes only High: set back (P6); Ann takes Low and Game, Cid the Jack.
    api_post(served, match_id, organiser, "/deals", {"sheet": {
        "pitcher": 1, "bid": 3, "high": 1, "low": 0, "jack": 2, "game": 0}})
    bob = next(line for line in api_get(served, f"/v1/events/{event_id}/statistics",
                                        read)["pitch"] if line["player"] == "Bob")
    assert bob["bids"] == [{"level": 3, "made": 0, "set": 1}]

    page = narrow
    page.goto(f"{served}/table/#event={event_id}&token={read}&player=Bob")
    page.wait_for_selector("#event-stats-link")
    page.click("#event-stats-link")
    page.wait_for_selector('#event-statistics .stats-card[data-player="Bob"]')
    card = page.locator('.stats-card[data-player="Bob"]')
    assert card.locator(".stats-figures").inner_text() == "1 hand, points per hand: -3.00"
    titles = card.locator("svg title").all_text_contents()
    assert titles == ["Bids made and set, by level", "How often the side took each point"]
    assert card.locator("figcaption").all_inner_texts() == titles
    assert card.locator("svg desc").first.text_content() == "Bid 3: 0 made, 1 set"
    assert "High: 1 of 1" in card.locator("svg desc").nth(1).text_content()
    assert page.locator(".stats-card").count() == 3
    assert axe_violations(page, "#event") == []
    shots(page, "club-statistics")  # and the page fits 320 px
    with page.expect_download() as downloading:
        page.click("#event-stats-csv")
    saved = downloading.value
    assert saved.suggested_filename == f"statistics-{event_id}.csv"
    with open(saved.path(), encoding="utf-8") as kept:
        assert kept.readline().startswith('"player","hands","points","points per hand"')

    # A deal recorded meanwhile: the screen follows the event's stream.
    api_post(served, match_id, organiser, "/deals",
             {"totals": {"scores": [0, 2, 0], "pitcher": 1, "bid": 2}})
    page.wait_for_function("() => document.querySelector('.stats-card[data-player=\"Bob\"]"
                           " .stats-figures').textContent.startsWith('2 hands')")
    page.click("#event-stats-back")
    page.wait_for_selector("#event-player")


def test_a_piquet_players_card(served: str, narrow: Any) -> None:
    made = _post(served, "/v1/events", {"name": "Piquet club", "game": "piquet",
                                        "movement": "manual", "players": ["Ann", "Bill"]})
    event_id, organiser = made["id"], made["tokens"]["organiser"]
    started = _post(served, f"/v1/events/{event_id}/rounds",
                    {"tables": [{"seats": ["Bill", "Ann"]}]}, organiser,
                    _etag(served, event_id, organiser))
    match_id = started["tables"][0]["match_id"]
    for _ in range(6):  # Bill takes 41 a deal, Ann 11: 246 to 66, Ann rubiconed (Q9)
        elder = api_get(served, f"/v1/matches/{match_id}", organiser)["next_deal"]["elder"]
        scores = {"elder": 41, "younger": 11} if elder == "Bill" else \
            {"elder": 11, "younger": 41}
        api_post(served, match_id, organiser, "/deals", {"totals": {"scores": scores}})
    page = narrow
    page.goto(f"{served}/table/#event={event_id}&token={made['tokens']['read']}"
              "&player=Ann&view=statistics")
    page.wait_for_selector('.stats-card[data-player="Bill"]')
    card = page.locator('.stats-card[data-player="Bill"]')
    assert card.locator(".stats-figures").all_inner_texts() == [
        "6 deals, points per deal: 41.00", "Rubicons: 1 given, 0 taken"]
    assert card.locator("svg desc").first.text_content() == "Won: 1; Lost: 0; Drawn: 0"
    assert card.locator("svg desc").nth(1).text_content() == (
        "Piques: 0 of 0; Repiques: 0 of 0; Capots: 0 of 0")
    assert axe_violations(page, "#event") == []
    shots(page, "club-statistics-piquet")


def test_a_substitute_sits_down_and_the_clubs_statistics(served: str, narrow: Any) -> None:
    club = _post(served, "/v1/clubs", {"name": "Pitch club", "players": [
        {"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}, {"name": "Dan"}]})
    ids = {p["name"]: p["id"] for p in club["players"]}
    made = _post(served, "/v1/events", {"name": "Monday", "game": "pitch", "movement": "manual",
                                        "club": club["id"],
                                        "players": [ids["Ann"], ids["Bob"], ids["Cid"]],
                                        "options": {"target": 11}},
                 club["tokens"]["organiser"])
    event_id, organiser = made["id"], made["tokens"]["organiser"]
    started = _post(served, f"/v1/events/{event_id}/rounds",
                    {"tables": [{"seats": [ids["Ann"], ids["Bob"], ids["Cid"]]}]}, organiser,
                    _etag(served, event_id, organiser))
    match_id = started["tables"][0]["match_id"]
    # Bob bids 2 and makes it (High and Game).
    api_post(served, match_id, organiser, "/deals", {"sheet": {
        "pitcher": 1, "bid": 2, "high": 1, "low": 0, "jack": 2, "game": 1}})
    page = narrow
    page.goto(served + "/table/")
    page.evaluate("([clubs, events]) => { localStorage.setItem('referee.table.clubs', clubs);"
                  " localStorage.setItem('referee.table.events', events); }", [
                      json.dumps([{"id": club["id"], "name": "Pitch club",
                                   "organiser": club["tokens"]["organiser"],
                                   "read": club["tokens"]["read"]}]),
                      json.dumps([{"id": event_id, "name": "Monday", "organiser": organiser,
                                   "read": made["tokens"]["read"], "seats": {}}])])
    page.goto(f"{served}/table/#event={event_id}")
    # Dan, a club player not at the table (nor checked in), takes Bob's seat.
    page.wait_for_selector("#event-sub-1-who option[value]:not([value=''])", state="attached")
    page.click('#event-tables li[data-table="1"] .event-sub summary')
    assert page.locator("#event-sub-1-seat option").all_inner_texts() == [
        "A substitute for Ann", "A substitute for Bob", "A substitute for Cid"]
    assert page.locator("#event-sub-1-who option").all_inner_texts() == [
        "A guest (type the name)", "Dan"]
    # the seats' new links name the club's players, not their ids
    assert page.locator('li[data-table="1"] .event-relink-seat').all_text_contents() == [
        "New link for Ann", "New link for Bob", "New link for Cid"]
    page.select_option("#event-sub-1-seat", "1")
    page.select_option("#event-sub-1-who", ids["Dan"])
    assert axe_violations(page, "#event") == []
    page.click('#event-tables li[data-table="1"] .event-sub-go')
    page.wait_for_function("() => [...document.querySelectorAll('#event-sub-1-seat option')]"
                           ".some((o) => o.textContent === 'A substitute for Dan')")
    seats = api_get(served, f"/v1/events/{event_id}", organiser)["rounds"][-1]["tables"][0]
    assert seats["seats"] == [ids["Ann"], ids["Dan"], ids["Cid"]]
    # A guest typed takes Cid's seat: added to the club's list.
    page.wait_for_selector('#event-tables li[data-table="1"] .event-sub:not([open])')
    page.click('#event-tables li[data-table="1"] .event-sub summary')
    page.select_option("#event-sub-1-seat", "2")
    page.fill("#event-sub-1-name", "Eve")
    page.click('#event-tables li[data-table="1"] .event-sub-go')
    page.wait_for_function("() => [...document.querySelectorAll('#event-sub-1-seat option')]"
                           ".some((o) => o.textContent === 'A substitute for Eve')")
    listed = api_get(served, f"/v1/clubs/{club['id']}", club["tokens"]["read"])["players"]
    assert [(p["name"], p["member"]) for p in listed][-1] == ("Eve", None)
    # Dan bids 3 and is set: his deal is his, Bob's stays Bob's (E14).
    api_post(served, match_id, organiser, "/deals", {"sheet": {
        "pitcher": 1, "bid": 3, "high": 1, "low": 0, "jack": 0, "game": 0}})

    # The club's statistics over its nights: the event's cards, from the club's panel.
    page.click("#club-stats-link")
    card = '#event-statistics .stats-card[data-player="{}"]'.format
    page.wait_for_selector(card(ids["Dan"]))
    assert page.inner_text("#event-title") == "Pitch club"
    bob, dan = page.locator(card(ids["Bob"])), page.locator(card(ids["Dan"]))
    assert bob.locator("h3").inner_text() == "Bob"
    assert bob.locator(".stats-figures").inner_text() == "1 hand, points per hand: 2.00"
    assert bob.locator("svg desc").first.text_content() == "Bid 2: 1 made, 0 set"
    assert dan.locator(".stats-figures").inner_text() == "1 hand, points per hand: -3.00"
    assert dan.locator("svg desc").first.text_content() == "Bid 3: 0 made, 1 set"
    assert axe_violations(page, "#event") == []
    shots(page, "club-statistics-club")
    with page.expect_download() as downloading:
        page.click("#club-stats-pitch-csv")
    saved = downloading.value
    assert saved.suggested_filename == f"statistics-{club['id']}-pitch.csv"
    with open(saved.path(), encoding="utf-8") as kept:
        assert kept.readline().startswith('"player","name","hands","points"')
        assert any(row.startswith(f'"{ids["Dan"]}","Dan","1","-3"') for row in kept)
    assert page.locator("#club-stats-piquet-csv").count() == 0
    page.click("#event-stats-back")
    page.wait_for_selector("#club-screen")
