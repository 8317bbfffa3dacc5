"""A club night's statistics per player in the browser (docs/events.md E12): a Pitch night
made through the API, a hand recorded where the bidder is set; its statistics screen at
320 px shows a card per player with charts the page drew (titles and descriptions that a
screen reader reads), axe-clean."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

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


@pytest.fixture
def narrow(browser: Any) -> Iterator[Any]:
    """A phone 320 px wide, its own context."""
    context = browser.new_context(viewport={"width": 320, "height": 640})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


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
    assert card.locator(".stats-figures").inner_text() == "1 hands, -3.00 points per hand"
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
        "6 deals, 41.00 points per deal", "Rubicons: 1 given, 0 taken"]
    assert card.locator("svg desc").first.text_content() == "Won: 1; Lost: 0; Drawn: 0"
    assert card.locator("svg desc").nth(1).text_content() == (
        "Piques: 0 of 0; Repiques: 0 of 0; Capots: 0 of 0")
    assert axe_violations(page, "#event") == []
    shots(page, "club-statistics-piquet")
