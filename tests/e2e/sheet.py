"""Helpers for the score-sheet and agreement browser tests: taps counted, axe-core run in the
page, screenshots at 390 and 320 px kept in artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import ARTIFACTS

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"


class Taps:
    """Counts the taps a player makes (each click through :meth:`tap`)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        """One tap on the (single, visible) element ``selector``."""
        self.page.locator(selector).click()
        self.count += 1

    def pick(self, field: str, value: object, within: str = "#sheet") -> None:
        """Tap the choice button ``field=value`` of the score sheet."""
        self.tap(f'{within} [data-pick="{field}={value}"]')


def record(taps: Taps, within: str = "#sheet") -> None:
    """Tap the form's submit button and wait until the referee has answered."""
    page = taps.page
    before = page.get_attribute("body", "data-version")
    taps.tap(f"{within} button[type=submit]")
    page.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                           state="attached")


def axe_violations(page: Any, within: str | None = None,
                   impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """axe-core's violations of ``impacts`` on the page as it is (vendored axe, never a CDN);
    ``within``: only in that element (a screen of this branch beside another's). Tap targets
    under 44×44 px are reported too."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # evaluate(), not a <script> tag: the page's policy allows no inline script
        page.evaluate("(source) => { (0, eval)(source); }", AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async (within) => {
        const context = within ? document.querySelector(within) : document;
        const result = await axe.run(context, {resultTypes: ['violations']});
        return result.violations.map((v) => ({id: v.id, impact: v.impact,
            nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5)}));
    }""", within)
    problems = [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in found
                if v["impact"] in impacts]
    # What axe does not check: every visible tap target at least 44×44 px.
    small = page.evaluate("""(within) => [...(within ? document.querySelector(within)
        : document).querySelectorAll(
        "main button, main a[href], main select, main input[type=checkbox], main summary")]
        .filter((b) => b.offsetParent !== null && !b.disabled)
        .map((b) => [b.closest("label") || b, b]).map(([box, b]) => {
          const r = box.getBoundingClientRect();
          return [b.dataset.pick || b.id || b.textContent.trim().slice(0, 20), r.width, r.height];
        }).filter(([, w, h]) => w < 44 || h < 44)""", within)
    return problems + [f"tap target under 44×44 px: {s}" for s in small]


def shots(page: Any, name: str) -> None:
    """Screenshots at 390 px (the whole page, and the screen as the phone shows it) and the
    whole page at 320 px wide (artifacts/, git-ignored); the page must fit 320 px."""
    ARTIFACTS.mkdir(exist_ok=True)
    size = page.viewport_size
    page.screenshot(path=str(ARTIFACTS / f"{name}-390.png"), full_page=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-390-screen.png"))  # what the phone shows
    page.set_viewport_size({"width": 320, "height": size["height"]})
    page.screenshot(path=str(ARTIFACTS / f"{name}-320.png"), full_page=True)
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    page.set_viewport_size(size)
    assert wide <= 320, f"{name}: the page is {wide} px wide at 320 px"
