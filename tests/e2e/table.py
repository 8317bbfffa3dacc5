"""What a player does on the table page, as helpers for the browser tests.

Every helper waits for the page to settle (``body[data-busy=false]`` and a new
``data-version`` after a write), never for a fixed time.
"""

from __future__ import annotations

from typing import Any

#: The Q10 deal of rules/piquet.md, card by card (each trick: the leader's card first).
Q10_CARDS = ("KS AS KC AC QS 7S TS JS QC 7C JC 8S TC JH 9C 8H 8C JD QH AH AD KD 9S 9H").split()
#: The Q10 hands as dealt, the talon (top first) and the discards (/work/notes/piquet.md).
Q10_ELDER = "AC KS QS TS 9S 8S KH TH 7H AD TD 8D".split()
Q10_YOUNGER = "KC QC TC 9C 8C JS 7S 9H KD QD 9D 7D".split()
Q10_TALON = "AH JH 8H 7C JD AS QH JC".split()
Q10_ELDER_DISCARDS = "KH TH 7H TD 8D".split()
Q10_YOUNGER_DISCARDS = "QD 9D 7D".split()

SETTLED = "body[data-busy=false]:not([data-pending]), body[data-busy=false][data-pending='0']"


def version(page: Any) -> int:
    """The match version the page shows (its last read)."""
    return int(page.get_attribute("body", "data-version"))


def start_match(page: Any, base: str, game: str, players: list[str],
                fill: dict[str, str] | None = None, entry: str = "cards",
                check: list[str] | None = None) -> None:
    """Open /table/, fill in the new-match form and start; waits for the match screen.
    ``entry``: how the deals are entered, "cards" (card by card) or "sheet" (the page's
    default, the score sheet); ``check``: the checkboxes to tick (options)."""
    page.goto(base + "/table/")
    page.check(f'input[name=game][value="{game}"]')
    while page.locator("#players li").count() < len(players):
        page.click("#add-player")
    for i, name in enumerate(players, start=1):
        page.fill(f"#players li:nth-child({i}) input", name)
    for selector, value in (fill or {}).items():
        page.fill(selector, value)
    for selector in check or []:
        page.check(selector)
    page.click("text=Start the match")
    page.wait_for_selector("#match:not([hidden]) #turn[data-action]")
    page.wait_for_selector(SETTLED, state="attached")
    if entry == "cards":
        enter_cards(page)


def enter_cards(page: Any) -> None:
    """Tap "Enter the cards instead" (the score sheet is the default)."""
    page.click("#entry-cards")
    page.wait_for_selector("#turn:not([data-entry])", state="attached")


def _after_write(page: Any, before: int) -> None:
    page.wait_for_selector(
        f'body:not([data-version="{before}"])[data-busy=false][data-pending="0"]',
        state="attached")


def tap_card(page: Any, card: str) -> None:
    """Tap a card of the pack and wait until the referee has recorded it."""
    before = version(page)
    page.click(f'#cards [data-card="{card}"]')
    _after_write(page, before)


def tap_refused(page: Any, selector: str) -> str:
    """Tap something the referee refuses; the message shown (nothing recorded)."""
    page.click(selector)
    page.wait_for_selector("#message:not([hidden])")
    page.wait_for_selector(SETTLED, state="attached")
    return str(page.inner_text("#message"))


def bid(page: Any, call: str) -> None:
    """Tap a bid button ("pass", "2", "pitch"…) and wait until it is recorded."""
    before = version(page)
    page.click(f'#bids [data-call="{call}"]')
    _after_write(page, before)


def undo(page: Any) -> None:
    """Tap Undo and wait until it is recorded."""
    before = version(page)
    page.click("#undo")
    _after_write(page, before)


def scores(page: Any) -> dict[str, int]:
    """The standings of the score line at the top of the match screen."""
    cells = page.locator("#scoreline [data-score]")
    return {
        cells.nth(i).get_attribute("data-score"): int(cells.nth(i).inner_text())
        for i in range(cells.count())
    }


def turn(page: Any) -> str:
    """The turn banner's first line ("Ann (younger) to play")."""
    return str(page.inner_text("#turn")).splitlines()[0]


def write_token(page: Any, match_id: str) -> str:
    """The write token the page keeps on this phone (its localStorage)."""
    return str(page.evaluate(
        "(id) => JSON.parse(localStorage.getItem('referee.table.matches'))"
        ".find((m) => m.id === id).write", match_id))


def match_id(page: Any) -> str:
    """The id of the match on screen (from the address)."""
    fragment = str(page.evaluate("location.hash"))
    return fragment.split("match=")[1].split("&")[0]
