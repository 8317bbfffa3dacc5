"""The organiser's seating and lost links in the browser (docs/events.md E7, "Lost links"), on a
phone 320 px wide: the next round shown as tables, players swapped, given the bye and seated
again by two taps (a player, then another, a table or the bye; the keyboard does the same, no
dragging); a seating the referee refuses
shows its sentence and starts nothing; the adjusted round starts with those tables; then new
links for a table and for one player replace the old ones; once the last table finishes, round
2 as the movement seats it from the results is adjusted and started the same way. axe-clean
throughout."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from tests.e2e.conftest import api_get, api_post
from tests.e2e.sheet import axe_violations, shots


def _status(base: str, path: str, token: str) -> int:
    """The status a GET with ``token`` gets (401 for a credential replaced)."""
    request = urllib.request.Request(base + path, headers={"Authorization": "Bearer " + token})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as refused:
        return refused.code


def _seats(page: Any, table: int | str) -> list[str]:
    """The players of a table of the seating being edited, seat by seat ("byes": the bye)."""
    where = ("#event-seating-byes" if table == "byes"
             else f'#event-seating fieldset[data-table="{table}"]')
    return [str(v) for v in page.eval_on_selector_all(
        f"{where} .event-seat", "(seats) => seats.map((s) => s.dataset.player)")]


def _taps(page: Any, *ids: str) -> None:
    """Tap the controls ``ids`` in turn (a player, then another, a table or the bye)."""
    for control in ids:
        page.click(f"#{control}")


def _links(page: Any, table: int) -> dict[str, str]:
    """The seats' join links the organiser's screen shows for a table: {player's text: href}."""
    found = page.locator(f'#event-tables li[data-table="{table}"] .event-seats a'
                         ':not(.event-open-table):not(.event-phone)')
    return {found.nth(i).inner_text(): found.nth(i).get_attribute("href")
            for i in range(found.count())}


def _token(link: str) -> str:
    return link.split("&token=")[1]


def test_the_organiser_adjusts_the_seating_and_replaces_lost_links(
        served: str, narrow: Any) -> None:
    page = narrow
    page.goto(served + "/table/#event=new")
    page.wait_for_selector("#event-create")
    page.fill("#event-name", "Friday")
    page.select_option("#event-game", "pitch")
    page.select_option("#event-movement", "progressive")
    page.fill("#event-target", "4")
    page.fill("#event-players", "\n".join("ABCDEFGH"))
    page.click("#event-create button[type=submit]")
    page.wait_for_selector("#event-seating")
    kept = json.loads(page.evaluate("localStorage.getItem('referee.table.events')"))[0]
    event_id, organiser = kept["id"], kept["organiser"]
    # The movement's seating (E4), shown as tables: the head table in partnership.
    assert _seats(page, 1) == list("ABCD") and _seats(page, 2) == list("EFGH")
    assert _seats(page, "byes") == []
    assert page.is_checked("#partners-1")
    assert page.locator("#event-seating-reset").count() == 0
    assert page.is_disabled("#move-bye")  # nobody chosen yet
    assert axe_violations(page, "#event") == []
    # Everyone reads it on the big screen (another tab: no control there).
    board = page.context.new_page()
    board.goto(f"{served}/table/#event={event_id}&token={kept['read']}&view=board")
    board.wait_for_selector("#event-board #event-next")
    assert board.locator("#event-next li").all_inner_texts() == [
        "Table 1: A & C against B & D", "Table 2: E & G against F & H"]
    assert board.locator("#event-board select, #event-board button").count() == 0
    assert axe_violations(board, "#event") == []
    board.close()

    # A, then E: the two swap.
    page.click("#seat-1-1")
    assert page.get_attribute("#seat-1-1", "aria-pressed") == "true"
    page.wait_for_selector("#event-seating-status:text-matches('^A chosen')")
    page.click("#seat-2-1")
    assert _seats(page, 1) == list("EBCD") and _seats(page, 2) == list("AFGH")
    page.wait_for_selector("#event-seating-status:text-is('A and E swapped.')")
    assert "Seated by you" in page.inner_text("#event-seating")
    # With the keyboard alone: B and C swap, then swap back.
    for _ in range(2):
        page.focus("#seat-1-2")
        page.keyboard.press("Enter")
        page.focus("#seat-1-3")
        page.keyboard.press("Space")
    assert _seats(page, 1) == list("EBCD")
    # H, then G and F, get the bye: table 2 keeps A alone, which the referee refuses.
    _taps(page, "seat-2-4", "move-bye", "seat-2-3", "move-bye", "seat-2-2", "move-bye")
    assert _seats(page, 2) == ["A"] and _seats(page, "byes") == list("HGF")
    assert axe_violations(page, "#event") == []
    shots(page, "club-seating")
    page.click("#event-start")
    page.wait_for_selector("#event-seating-problem")  # by the button, in the referee's words
    assert "Length must be between 2 and 7" in page.inner_text("#event-seating-problem")
    assert axe_violations(page, "#event") == []
    assert api_get(served, f"/v1/events/{event_id}", organiser)["rounds"] == []
    # F and G sit at table 2 again; H keeps the bye.
    _taps(page, "bye-3", "move-2", "bye-2", "move-2")
    assert _seats(page, 2) == list("AFG") and _seats(page, "byes") == ["H"]
    page.click("#event-start")
    page.wait_for_selector('#event-tables li[data-table="2"]')
    event = api_get(served, f"/v1/events/{event_id}", organiser)
    [made] = event["rounds"]
    assert [t["seats"] for t in made["tables"]] == [list("EBCD"), list("AFG")]
    assert made["tables"][0]["sides"] == [["E", "C"], ["B", "D"]]
    assert made["tables"][1]["sides"] == [["A"], ["F"], ["G"]] and made["byes"] == ["H"]
    match_id = made["tables"][1]["match_id"]

    # Table 2's phone lost its link: new links for the whole table.
    old = _links(page, 2)
    assert set(old) == {"A's seat", "F's seat", "G's seat"}
    page.click('#event-tables li[data-table="2"] .event-lost summary')
    assert axe_violations(page, "#event") == []
    page.click('#event-tables li[data-table="2"] .event-relink')
    page.wait_for_selector('#event-tables li[data-table="2"] .event-phone')
    new = _links(page, 2)
    assert set(new) == set(old) and not set(new.values()) & set(old.values())
    path = f"/v1/matches/{match_id}"
    assert _status(served, path, _token(old["A's seat"])) == 401
    assert _status(served, path, _token(new["A's seat"])) == 200
    phone = page.get_attribute('#event-tables li[data-table="2"] .event-phone', "href")
    assert _status(served, path, _token(phone)) == 200
    # One player lost a link: only that seat is replaced.
    page.click('#event-tables li[data-table="2"] .event-relink-seat:text-is("New link for F")')
    page.wait_for_function(
        "(before) => [...document.querySelectorAll('#event-tables li[data-table=\"2\"] "
        ".event-seats a')].every((a) => a.getAttribute('href') !== before)",
        arg=new["F's seat"])
    again = _links(page, 2)
    assert list(again) == ["A's seat", "F's seat", "G's seat"]  # in their seats' order
    assert again["A's seat"] == new["A's seat"] and again["F's seat"] != new["F's seat"]
    assert _status(served, path, _token(new["F's seat"])) == 401
    assert _status(served, path, _token(again["F's seat"])) == 200
    assert _status(served, path, _token(phone)) == 200  # the table's phone keeps its token
    assert axe_violations(page, "#event") == []
    shots(page, "club-links")

    # The last table finishes: the next round, as the movement seats it from the results, is
    # shown for adjusting in its turn (E4, E7). E and C win table 1, A wins table 2.
    api_post(served, made["tables"][0]["match_id"], organiser, "/deals",
             {"totals": {"scores": [4, 0], "pitcher": 0, "bid": 4}})
    api_post(served, match_id, organiser, "/deals",
             {"totals": {"scores": [4, 0, 0], "pitcher": 0, "bid": 4}})
    page.wait_for_selector("#event-seating h2:text-is('Next: round 2')")
    proposed = api_get(served, f"/v1/events/{event_id}", organiser)["next"]["round"]
    assert [_seats(page, n + 1) for n in range(len(proposed["tables"]))] == [
        t["seats"] for t in proposed["tables"]]
    first, second = proposed["tables"][0]["seats"][0], proposed["tables"][-1]["seats"][0]
    last = len(proposed["tables"])
    _taps(page, "seat-1-1", f"seat-{last}-1")  # the head table's first seat swaps with another
    page.click("#event-start")
    page.wait_for_selector("#event-tables h2:text-is('Round 2')")
    seated = [t["seats"] for t in api_get(served, f"/v1/events/{event_id}", organiser)[
        "rounds"][1]["tables"]]
    assert seated[0][0] == second and seated[-1][0] == first
    assert axe_violations(page, "#event") == []
