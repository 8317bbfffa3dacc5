"""The club night of docs/events.md end to end in browsers: a 12-player progressive Pitch
night of three rounds. The organiser's phone starts each round; each table records its game
on the table page in a browser context of its own (the seat link of the player in seat 0);
the movement (E4) and the standings (E8) are checked against what the test works out by
hand from the games played."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import PHONE, api_get
from tests.e2e.sheet import Taps, record

pytestmark = pytest.mark.e2e

PLAYERS = list("ABCDEFGHIJKL")


@pytest.fixture
def tables(browser: Any) -> Iterator[list[Any]]:
    """Three phones, one per table (each a browser context of its own)."""
    contexts = [browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
                for _ in range(3)]
    pages = [context.new_page() for context in contexts]
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda error: errors.append(str(error)))
    yield pages
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors at a table: {errors}"


def _create(base: str) -> dict[str, Any]:
    import json
    import urllib.request

    body = {"name": "Friday", "game": "pitch", "movement": "progressive",
            "players": PLAYERS, "options": {"target": 4}}
    request = urllib.request.Request(base + "/v1/events", data=json.dumps(body).encode(),
                                     method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        made: dict[str, Any] = json.loads(response.read())
    return made


def _play_the_game(page: Any, base: str, link: str) -> str:
    """Open a seat's link and record the game's one deal on the score sheet: the first
    bidder bids 4 and makes it (High, Low, Jack and Game to that side: 4 points, the target).
    :returns: the first bidder's name (the side of the pitcher won)."""
    page.goto(base + link)
    page.wait_for_selector("#match:not([hidden]) #sheet [data-pick^='bid=']")
    bidder = page.locator("#sheet fieldset legend").first.inner_text().removesuffix(" bids")
    taps = Taps(page)
    four = page.locator('#sheet [data-pick="bid=4"]')
    taps.tap('#sheet [data-pick="bid=4"]' if four.count() else '#sheet [data-pick="bid=pitch"]')
    while page.locator('#sheet [data-pick="bid=pass"]').count():
        taps.tap('#sheet [data-pick="bid=pass"]')
    for field in ("high", "low", "jack", "game"):
        page.locator(f'#sheet [data-pick^="{field}="]', has_text=bidder).first.click()
    record(taps)
    return bidder


def _sides(table: dict[str, Any]) -> set[frozenset[str]]:
    return {frozenset(side) for side in table["sides"]}


def test_a_progressive_pitch_night_of_three_rounds(served: str, phone: Any,
                                                    tables: list[Any]) -> None:
    made = _create(served)
    event_id, organiser, read = made["id"], made["tokens"]["organiser"], made["tokens"]["read"]
    page = phone
    page.goto(f"{served}/table/#event={event_id}&token={organiser}")
    points = dict.fromkeys(PLAYERS, 0)
    won = dict.fromkeys(PLAYERS, 0)
    expected: list[set[frozenset[str]]] | None = None
    for number in (1, 2, 3):
        page.wait_for_selector("#event-start")
        assert page.inner_text("#event-start") == f"Start round {number}"
        page.click("#event-start")
        page.wait_for_selector(f'#event-tables h2:text("Round {number}")')
        page.wait_for_selector('#event-tables li[data-table="3"] .event-seats '
                               'a:not(.event-open-table)')
        event = api_get(served, f"/v1/events/{event_id}", read)
        seated = event["rounds"][number - 1]["tables"]
        assert len(seated) == 3 and all(len(t["seats"]) == 4 for t in seated)
        if expected is not None:  # the movement, worked out by hand below
            assert [_sides(t) for t in seated] == expected
        winners: list[frozenset[str]] = []
        for table, context in zip(seated, tables, strict=True):
            link = page.locator(f'#event-tables li[data-table="{table["number"]}"] '
                                '.event-seats a:not(.event-open-table)').first
            bidder = _play_the_game(context, served, link.get_attribute("href"))
            side = next(s for s in table["sides"] if bidder in s)
            winners.append(frozenset(side))
            for player in side:
                points[player] += 4
                won[player] += 1
        page.wait_for_selector('#event-tables li[data-table="1"][data-finished="true"]')
        # E4 by hand: the winners move up, the losers stay, the head table's losers go down
        # to the lowest table; the head table's two pairs keep their partnerships; elsewhere
        # the stayers (in their seat order) partner the arrivals (in theirs), first with
        # first, second with second.
        won_at = [_in_seat_order(t, w) for t, w in zip(seated, winners, strict=True)]
        lost_at = [_in_seat_order(t, frozenset(t["seats"]) - w)
                   for t, w in zip(seated, winners, strict=True)]
        expected = [{frozenset(won_at[0]), frozenset(won_at[1])},
                    _crossed(lost_at[1], won_at[2]), _crossed(lost_at[2], lost_at[0])]
    lines = api_get(served, f"/v1/events/{event_id}/standings", read)["players"]
    assert {line["name"]: (line["points"], line["won"]) for line in lines} == {
        p: (points[p], won[p]) for p in PLAYERS}
    # The organiser's screen follows: its standings come to the referee's order (live).
    page.wait_for_function("""(names) => JSON.stringify([...document.querySelectorAll(
        '#event-standings tbody tr th')].map((th) => th.textContent)) === JSON.stringify(names)
        """, arg=[line["name"] for line in lines])
    best = max(points.values())
    assert [line["place"] for line in lines if line["points"] == best] == [1] * sum(
        1 for p in PLAYERS if points[p] == best)


def _in_seat_order(table: dict[str, Any], group: frozenset[str]) -> list[str]:
    return [p for p in table["seats"] if p in group]


def _crossed(stayers: list[str], arrivals: list[str]) -> set[frozenset[str]]:
    """The partnerships of a table of two stayers and two arrivals (E4, rule 5)."""
    return {frozenset({stayers[0], arrivals[0]}), frozenset({stayers[1], arrivals[1]})}
