"""The table page on slow 4G: the time to the first usable screen, in Chromium.

Debian's Chromium (``/usr/bin/chromium``, driven by Playwright as in ``tests/e2e``) opens the
page on a fresh phone (an empty cache, no service worker yet) through Chromium's own network
emulation (CDP ``Network.emulateNetworkConditions``: 150 ms latency, 1.6 Mbit/s down, 750
kbit/s up), against gunicorn with ``gunicorn.conf.py`` on loopback and a fresh SQLite database.

Two screens, each timed from the start of the navigation (``performance.now()`` in the page)
to the moment it can be used, seen by a ``MutationObserver`` set up before the page's first
script:

- ``home``: ``/table/`` — the *Start a match* form drawn by the page's modules (its player
  rows filled in), the screen a new phone opens first. This is the budget: at most 1.0 s.
- ``match``: a recorder link (``/table/#match=<id>&token=<rw_…>``) of a new Piquet match —
  the score sheet of deal 1 drawn from the referee's answer (it adds the API's requests).

Each figure is the median of ``--runs`` loads (each in a new browser context); the requests
the page made before the screen was usable are counted from Resource Timing (+1 for the page).
``--budget`` makes the run fail (exit status 1) when the home screen's median is above it.

    .venv/bin/python -m bench.page_load [--runs 7] [--budget 1.0] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.servers import call, gunicorn, machine, migrate

CHROMIUM = "/usr/bin/chromium"
#: Slow 4G as the budget names it: latency in ms, throughput in bytes per second.
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
           "uploadThroughput": 750_000 / 8}

#: Set up before the page's own scripts: note when each screen is first usable.
WATCH = """
(() => {
  const usable = {
    home: () => { const h = document.getElementById("home");
      return h && !h.hidden && document.querySelectorAll("#players input").length > 0; },
    match: () => { const m = document.getElementById("match");
      return m && !m.hidden && document.getElementById("sheet-form") !== null; },
  };
  window.__usable = {};
  const look = () => {
    for (const [name, test] of Object.entries(usable)) {
      if (!(name in window.__usable) && test()) {
        window.__usable[name] = performance.now();
        window.__requests = performance.getEntriesByType("resource")
          .filter((e) => e.startTime <= performance.now()).length + 1;
      }
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true,
    attributes: true });
})();
"""


def load_once(browser: Any, url: str, screen: str) -> dict[str, float]:
    """One load of ``url`` on a fresh phone under slow 4G; ms to ``screen`` and requests."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(WATCH)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        page.goto(url, wait_until="commit")
        deadline = time.monotonic() + 30
        while (ms := page.evaluate(f"(window.__usable || {{}})['{screen}']")) is None:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the {screen} screen was not usable within 30 s")
            time.sleep(0.02)  # the time is noted in the page: polling only waits for it
        requests = page.evaluate("window.__requests")
        return {"ms": float(ms), "requests": float(requests)}
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    """Run the measurement; print (and with ``--json`` write) the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="loads per screen (median)")
    parser.add_argument("--budget", type=float, default=None,
                        help="fail when the home screen's median is above this, in seconds")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {"machine": machine(), "network": SLOW_4G, "runs": args.runs}
    with tempfile.TemporaryDirectory(prefix="page-load-") as tmp:
        database = f"sqlite:///{Path(tmp) / 'referee.db'}"
        migrate(database)
        with gunicorn("wsgi:app", database, 2, Path(tmp), "page") as base, \
                sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM,
                args=["--headless", "--no-sandbox", "--disable-gpu",
                      "--disable-background-networking"])
            try:
                urls = {"home": f"{base}/table/"}
                for screen in ("home", "match"):
                    loads = []
                    for _ in range(args.runs):
                        if screen == "match":  # a new match each time: nothing cached
                            status, _h, made = call("POST", base + "/v1/matches", {
                                "game": "piquet", "players": ["Ann", "Bill"]})
                            assert status == 201, made
                            urls["match"] = (f"{base}/table/#match={made['id']}"
                                             f"&token={made['tokens']['write']}")
                        loads.append(load_once(browser, urls[screen], screen))
                    ms = [x["ms"] for x in loads]
                    results[screen] = {
                        "median_ms": round(statistics.median(ms)),
                        "min_ms": round(min(ms)), "max_ms": round(max(ms)),
                        "requests": int(statistics.median(x["requests"] for x in loads)),
                        "all_ms": [round(x) for x in ms],
                    }
                    r = results[screen]
                    print(f"{screen:5}  median {r['median_ms']:5} ms  (min {r['min_ms']}, max "
                          f"{r['max_ms']})  {r['requests']} requests  runs {r['all_ms']}")
            finally:
                browser.close()
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    if args.budget is not None and results["home"]["median_ms"] > args.budget * 1000:
        print(f"over budget: the home screen took {results['home']['median_ms']} ms "
              f"(budget {args.budget * 1000:.0f} ms)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
