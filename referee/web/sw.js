// @ts-check
/* The table page's service worker (served at /table/sw.js, scope /table/): it keeps the page's
 * files so the page opens with no network. The API (/v1/…) is never touched here: writes wait
 * in the page's own queue (IndexedDB) and the match is read live.
 *
 * The server puts the current asset version in place of __ASSET_VERSION__: a new release is a
 * new cache, and the old one is dropped once this worker takes over.
 */
/** The worker's own scope, typed (a service worker's global). */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "__ASSET_VERSION__";
const CACHE = "referee-table-" + VERSION;
const STATIC = "static/" + VERSION + "/";

/** Every file the page loads (tests/e2e/test_table_files.py checks the list is whole). */
const FILES = [
  "app.js", "api.js", "cards.js", "clubscreen.js", "clubview.js", "deal.js", "declared.js",
  "dom.js",
  "eventseats.js", "eventstats.js", "eventsubs.js", "eventview.js", "idb.js",
  "match.js",
  "matchview.js",
  "language.js", "messages.js", "qr.js", "rules.js", "ruling.js", "state.js", "store.js", "verdict.js", "writes.js",
  "screens/agree.js", "screens/anyway.js", "screens/chart.js", "screens/clash.js",
  "screens/home.js", "screens/house.js", "screens/picks.js",
  "screens/play.js", "screens/records.js", "screens/reentry.js", "screens/score.js",
  "screens/seats.js",
  "screens/setup.js", "screens/share.js",
  "screens/sheet.js", "screens/sheet-pitch.js", "screens/sheet-piquet.js", "screens/tabs.js",
  "vendor/qrcode.js", "table.css", "sheet.css", "favicon.svg",
];

/** The page's words in each language (/table/i18n/<locale>.json), kept for offline use. */
const WORDS = ["fr", "de", "pl"].map((locale) => `i18n/${locale}.json`);

worker.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(["./", ...FILES.map((f) => STATIC + f), ...WORDS]);
    await worker.skipWaiting();
  })());
});

worker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("referee-table-") && name !== CACHE) await caches.delete(name);
    }
    await worker.clients.claim();
  })());
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const scope = new URL(worker.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  if (request.mode === "navigate" || path === "") {
    // The page: the network first (an update shows at once), the kept copy when offline.
    event.respondWith((async () => {
      try {
        const fresh = await fetch(request);
        if (fresh.ok) (await caches.open(CACHE)).put("./", fresh.clone());
        return fresh;
      } catch (error) {
        const kept = await caches.match("./", { cacheName: CACHE });
        if (kept) return kept;
        throw error;
      }
    })());
    return;
  }
  if (path.startsWith("i18n/")) {
    // The page's words: the network first (revalidated, 304 when unchanged), else kept.
    event.respondWith((async () => {
      try {
        const fresh = await fetch(request);
        if (fresh.ok) (await caches.open(CACHE)).put(request, fresh.clone());
        return fresh;
      } catch (error) {
        const kept = await caches.match(request, { cacheName: CACHE });
        if (kept) return kept;
        throw error;
      }
    })());
    return;
  }
  if (path.startsWith("static/")) {
    // Versioned files never change under their URL: the kept copy first.
    event.respondWith((async () => {
      const kept = await caches.match(request, { cacheName: CACHE });
      if (kept) return kept;
      const fresh = await fetch(request);
      if (fresh.ok && path.startsWith(STATIC)) (await caches.open(CACHE)).put(request, fresh.clone());
      return fresh;
    })());
  }
});
