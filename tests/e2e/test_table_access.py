"""Layout and access: every screen of the table page at 320 px (portrait) and in
landscape, light and dark, checked with axe-core (vendored: tests/e2e/vendor/axe.min.js,
MPL-2.0) — no serious or critical violation — plus what axe cannot see: one h1 per screen, tap
targets of 44×44 px at least, no "null" printed. Screenshots are kept in artifacts/."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.table import (
    Q10_CARDS,
    SETTLED,
    match_id,
    start_match,
    tap_card,
    undo,
    version,
    write_token,
)

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"

#: (name, viewport, colour scheme)
LOOKS = [
    ("320", {"width": 320, "height": 640}, "light"),
    ("390", {"width": 390, "height": 844}, "light"),
    ("landscape-dark", {"width": 844, "height": 390}, "dark"),
]


@pytest.fixture(params=LOOKS, ids=[look[0] for look in LOOKS])
def looked(browser: Any, request: Any) -> Iterator[tuple[str, Any]]:
    """A phone of that size and colour scheme; axe is injected (the page's CSP is bypassed for
    the test's script only)."""
    name, viewport, scheme = request.param
    context = browser.new_context(viewport=viewport, has_touch=True, is_mobile=True,
                                  color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield name, page
    context.close()
    assert not errors, errors


def check(page: Any, look: str, screen: str, settled: bool = True) -> None:
    """axe on the page as it is; h1, tap targets and words checked; a screenshot kept."""
    if settled:
        page.wait_for_selector(SETTLED, state="attached")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
          nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
    }""")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{screen}-{look}.png"), full_page=True)
    serious = [v for v in found if v["impact"] in ("serious", "critical")]
    assert not serious, f"{screen} ({look}): " + json.dumps(serious, indent=1)
    headings = page.evaluate("""() => [...document.querySelectorAll("h1")]
        .filter((h) => h.offsetParent !== null).length""")
    assert headings == 1, f"{screen}: {headings} visible h1"
    small = page.evaluate("""() => [...document.querySelectorAll(
        "main button, main a[href], main select, main input[type=checkbox], main summary")]
        .filter((b) => b.offsetParent !== null && !b.disabled)
        .map((b) => [b.closest("label") || b, b]).map(([box, b]) => {
          const r = box.getBoundingClientRect();
          return [b.dataset.card || b.id || b.textContent.trim().slice(0, 20), r.width, r.height];
        }).filter(([, w, h]) => w < 44 || h < 44)""")
    assert not small, f"{screen} ({look}): tap targets under 44×44 px: {small[:8]}"
    text = page.inner_text("body")
    assert "null" not in text and "undefined" not in text and "NaN" not in text, screen
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{screen}: {width} px wide, cut off"


def _record(base: str, match: str, token: str, body: dict[str, Any]) -> None:
    read = urllib.request.Request(f"{base}/v1/matches/{match}",
                                  headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(read, timeout=10) as response:
        etag = response.headers["ETag"]
    request = urllib.request.Request(
        f"{base}/v1/matches/{match}/deals", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": "Bearer " + token, "Content-Type": "application/json",
                 "If-Match": etag})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201


Q10_TRICKS = [Q10_CARDS[i:i + 2] for i in range(0, 24, 2)]


def test_every_piquet_screen(served: str, looked: tuple[str, Any]) -> None:
    look, page = looked
    page.goto(served + "/table/")
    page.wait_for_selector("#home:not([hidden])")
    check(page, look, "home")
    start_match(page, served, "piquet", ["Bill", "Ann"])
    check(page, look, "piquet-play")
    tap_card(page, "KS")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.locator("#trick").is_visible(), "the trick stays in view below the pack"
    check(page, look, "piquet-trick")

    page.click("#record-declaration")
    check(page, look, "piquet-declaration")
    page.click("#deal-setup button:has-text('Cancel')")

    match, token = match_id(page), write_token(page, match_id(page))
    undo(page)
    assert "Undone: Bill's king of spades." in page.inner_text("#message")
    page.click("#record-hands")
    check(page, look, "piquet-hands")
    page.click("#deal-setup button:has-text('Cancel')")

    before = version(page)
    _record(served, match, token, {"tricks": Q10_TRICKS})
    page.wait_for_selector(f'body:not([data-version="{before}"])', state="attached")
    page.click("button[data-tab=score]")
    page.wait_for_selector("#chart:not([hidden]) svg")
    check(page, look, "piquet-score")
    page.click("button[data-tab=share]")
    page.wait_for_selector("#read-qr svg path")
    check(page, look, "share")

    page.context.set_offline(True)
    page.click("button[data-tab=play]")
    page.click('#cards [data-card="AH"]')
    page.wait_for_selector('body[data-pending="1"]', state="attached")
    check(page, look, "piquet-pending", settled=False)
    page.context.set_offline(False)
    page.wait_for_selector('body[data-pending="0"]', state="attached", timeout=15000)


def test_every_pitch_screen(served: str, looked: tuple[str, Any]) -> None:
    look, page = looked
    start_match(page, served, "pitch", ["Ann", "Bob", "Cid", "Dee"])
    check(page, look, "pitch-bids")
    for call in ("2", "pass", "pass", "pass"):
        before = page.get_attribute("body", "data-version")
        page.click(f'#bids [data-call="{call}"]')
        page.wait_for_selector(f'body:not([data-version="{before}"])[data-pending="0"]',
                               state="attached")
    tap_card(page, "AH")
    tap_card(page, "3H")
    # The 52 cards do not push the trick off the screen: it is in view at the bottom too.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    box = page.locator("#trick").bounding_box()
    assert box is not None and 0 <= box["y"] < page.viewport_size["height"]
    check(page, look, "pitch-cards")


def test_the_watching_phone(served: str, phone: Any, looked: tuple[str, Any]) -> None:
    look, page = looked
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    phone.click("button[data-tab=share]")
    page.goto(phone.input_value("#read-link"))
    page.wait_for_selector('body[data-version="1"]', state="attached")
    check(page, look, "watching")


def test_the_tabs_are_tabs(served: str, phone: Any) -> None:
    """WAI-ARIA tabs: one tab in the tab order, arrow keys move, each panel named by its tab."""
    start_match(phone, served, "piquet", ["Bill", "Ann"])
    phone.focus("#tabbtn-play")
    phone.keyboard.press("ArrowRight")
    assert phone.evaluate("document.activeElement.id") == "tabbtn-score"
    assert phone.is_visible("#tab-score") and phone.is_hidden("#tab-play")
    phone.keyboard.press("ArrowLeft")
    phone.keyboard.press("ArrowLeft")
    assert phone.evaluate("document.activeElement.id") == "tabbtn-share"
    assert phone.get_attribute("#tabbtn-share", "tabindex") == "0"
    assert phone.get_attribute("#tabbtn-play", "tabindex") == "-1"
    assert phone.get_attribute("#tab-share", "aria-labelledby") == "tabbtn-share"
    assert phone.get_attribute("#turn", "aria-live") == "polite"
