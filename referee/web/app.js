// @ts-check
/* The table page: record a game of Pitch or Piquet from a phone, through the public /v1 API.
 *
 * Small ES modules, no build step, no library:
 *   app.js        boot, the router (#match=<id>&token=<token>), the home screen; the rest
 *                 (matchview.js) is loaded when a match is opened, so that the first screen
 *                 waits only for the few modules it needs
 *   matchview.js  the match's screens: registers each screen's render, wires the controls
 *   eventview.js  a club night (#event=…): the organiser's screen and the big screen
 *   clubview.js   a club's players on the organiser's screen (add, merge, remove, check in)
 *   clubscreen.js a club (#club=…): its link opened on another phone, its statistics
 *   eventseats.js eventstats.js eventsubs.js  the night's seating and links, statistics,
 *                 a substitute taking a seat (from eventview.js)
 *   api.js        the API client (tokens, ETags, Idempotency-Key, If-Match), the live stream
 *                 (follow: streaming with fetch, Last-Event-ID; polling with If-None-Match)
 *   writes.js     the persistent write queue (IndexedDB via idb.js): pending, in order, once
 *   match.js      the match on screen: open, follow, adopt answers, post() through the queue
 *   deal.js       the deal in progress: the referee's record plus the taps still waiting
 *   rules.js      the rules the page applies alone, offline: legal calls, who pitched, who
 *                 wins a trick, the sheet's play bounds (pure: tests/web runs it under Node)
 *   qr.js         QR codes as SVG (vendor/qrcode.js, MIT)
 *   state.js      the shared state `S` and the render hook (onRender/render)
 *   dom.js        el(), $, $$: text is always inserted as text
 *   cards.js      card notation and words
 *   language.js   the page's language: the switch, the browser's languages, the catalogs
 *   messages.js   the message box, refusals in the referee's words
 *   ruling.js     a deal's ruling in words
 *   declared.js   a Piquet player's declarations in words (from their codes)
 *   store.js      the matches kept on this phone (localStorage)
 *   screens/*.js  one module per screen: home, play (+ setup), score (+ chart), share, tabs,
 *                 sheet (the score sheet: sheet-pitch, sheet-piquet, picks), agree (confirm, dispute, claims), seats (join by QR),
 *                 anyway (something irregular happened: record it anyway, consequence first),
 *                 reentry (an earlier deal's cards entered step by step to settle it),
 *                 clash (two phones wrote the same deal or step: both lines, the choice),
 *                 records (download the match's record file; open one: rule it, import it)
 *   verdict.js    the referee's answer in words: checked, worked out, taken on trust
 * A screen module exports a render function; matchview.js registers it with onRender().
 * No module imports one that imports it back (tests/e2e/test_table_files.py checks it).
 * sw.js (the service worker, /table/sw.js) keeps these files so the page opens offline.
 */
import { chooseLocale, chosenLocale, LOCALES, locale, t, useLocale } from "./language.js";
import { S } from "./state.js";
import { savedMatch } from "./store.js";
import { initHome, showHome } from "./screens/home.js";

/** @type {Promise<typeof import("./matchview.js")> | null} */
let view = null;
/** @type {Promise<typeof import("./eventview.js")> | null} */
let eventView = null;

/** @type {Promise<typeof import("./clubscreen.js")> | null} */
let clubScreen = null;

/** A club's screen (clubscreen.js), loaded when a club is first opened. */
function clubs() {
  if (!clubScreen) clubScreen = import("./clubscreen.js");
  return clubScreen;
}

/** A club night's screens (eventview.js), loaded when an event is first opened. */
function events() {
  if (!eventView) eventView = import("./eventview.js");
  return eventView;
}

/** The match's screens (matchview.js), loaded once, when a match is first opened. */
function matchView() {
  if (!view) view = import("./matchview.js");
  return view;
}

/**
 * #match=<id>&token=<token>: open that match; no match: the home screen. A token from a link
 * is kept on this phone only once the referee accepts it (match.js, openMatch).
 */
function route() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (params.get("event")) { // a club night: #event=new, #event=<id>[&token=…&view=board]
    if (view) view.then((v) => v.stopLive());
    if (clubScreen) clubScreen.then((v) => v.closeClub());
    events().then((v) => v.openEvent(params));
    return;
  }
  if (eventView) eventView.then((v) => v.closeEvent());
  if (params.get("club")) { // a club: #club=<id>[&token=…][&view=statistics]
    if (view) view.then((v) => v.stopLive());
    clubs().then((v) => v.openClub(params));
    return;
  }
  if (clubScreen) clubScreen.then((v) => v.closeClub());
  const id = params.get("match");
  if (!id) {
    S.id = null;
    if (view) view.then((v) => v.stopLive());
    showHome();
    return;
  }
  const linked = params.get("token");
  const saved = savedMatch(id);
  const seat = linked && linked.startsWith("st_"); // a player's seat (screens/seats.js)
  if (linked && (linked.startsWith("rw_") || seat)) {
    // A recorder or seat link: its token is kept out of the address bar.
    history.replaceState(null, "", "#match=" + encodeURIComponent(id));
  }
  const own = linked && linked.startsWith("ro_") ? saved.read : seat ? saved.seat : saved.write;
  if (linked && linked !== own &&
      !(linked.startsWith("ro_") && (saved.write || saved.seat))) {
    matchView().then((v) => v.openMatch(id, linked, true,
      seat ? params.get("seat") || "" : undefined));
    return;
  }
  const token = saved.write || saved.seat || saved.read || linked;
  if (!token) {
    if (view) view.then((v) => v.stopLive());
    showHome(t("app.no_key", "This phone has no key to that match: open the link you were sent."));
    return;
  }
  matchView().then((v) => v.openMatch(id, token));
}

/** The language switch in the bar: the four locales, each in its own words; a choice is
 * kept on this phone (language.js). */
function initLanguage() {
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
  for (const [code, name] of Object.entries(LOCALES)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    select.append(option);
  }
  select.value = locale();
  select.addEventListener("change", () => chooseLocale(select.value));
}

async function init() {
  await useLocale(chosenLocale());
  initLanguage();
  initHome();
  window.addEventListener("hashchange", route);
  route();
  if ("serviceWorker" in navigator) {
    // sw.js sits beside the page (/table/sw.js): it keeps the page's files for offline use.
    navigator.serviceWorker.register(new URL("sw.js", document.baseURI)).catch(() => {});
  }
}

init();
