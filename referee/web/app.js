// @ts-check
/* The table page: record a game of Pitch or Piquet from a phone, through the public /v1 API.
 *
 * Small ES modules, no build step, no library:
 *   app.js        boot, the router (#match=<id>&token=<token>), the screens' registry
 *   api.js        the API client (tokens, ETags, Idempotency-Key, If-Match), the live stream
 *                 (follow: streaming with fetch, Last-Event-ID; polling with If-None-Match)
 *   writes.js     the persistent write queue (IndexedDB via idb.js): pending, in order, once
 *   match.js      the match on screen: open, follow, adopt answers, post() through the queue
 *   deal.js       the deal in progress: the referee's record plus the taps still waiting
 *   qr.js         QR codes as SVG (vendor/qrcode.js, MIT)
 *   state.js      the shared state `S` and the render hook (onRender/render)
 *   dom.js        el(), $, $$, plural(): text is always inserted as text
 *   cards.js      card notation and words
 *   messages.js   the message box, refusals in words
 *   ruling.js     a deal's ruling in words
 *   store.js      the matches kept on this phone (localStorage)
 *   screens/*.js  one module per screen: home, play (+ setup), score (+ chart), share, tabs,
 *                 sheet (the score sheet), agree (confirm, dispute, claims), seats (join by QR),
 *                 anyway (something irregular happened: record it anyway, consequence first),
 *                 reentry (an earlier deal's cards entered step by step to settle it),
 *                 clash (two phones wrote the same deal or step: both lines, the choice)
 *   verdict.js    the referee's answer in words: checked, worked out, taken on trust
 * A screen module exports a render function; app.js registers it with onRender().
 * sw.js (the service worker, /table/sw.js) keeps these files so the page opens offline.
 */
import { S, onRender, render } from "./state.js";
import { $ } from "./dom.js";
import { showMessage } from "./messages.js";
import { savedMatch } from "./store.js";
import { loadLedger, openMatch, post, refresh, setOfferAnyway, stopLive } from "./match.js";
import { takeBackLast } from "./writes.js";
import { initHome, showHome } from "./screens/home.js";
import { renderPlay, renderScoreline } from "./screens/play.js";
import { renderScore } from "./screens/score.js";
import { renderSheet } from "./screens/sheet.js";
import { renderAgree, renderAgreeLedger } from "./screens/agree.js";
import { askAnyway, renderAnyway } from "./screens/anyway.js";
import { renderReentry } from "./screens/reentry.js";
import { renderSeats } from "./screens/seats.js";
import { initShare, renderShare } from "./screens/share.js";
import { initTabs, onTab } from "./screens/tabs.js";

function renderFrame() {
  const m = S.match;
  document.title = `${m.game === "piquet" ? "Piquet" : "Pitch"}: ` +
    m.standings.map((s) => `${s.name} ${s.score}`).join(" · ");
  document.body.dataset.version = String(m.version);
  $("#readonly").hidden = S.canWrite;
}

setOfferAnyway(askAnyway); // a refused step: "record it anyway" (match.js)
onRender(renderFrame);
onRender(renderScoreline);
onRender(renderPlay);
onRender(renderSheet); // after renderPlay: the score sheet stands in for the cards by default
onRender(renderReentry); // before renderAgree: it knows which deal was just settled
onRender(renderAnyway); // after both: a step being recorded anyway stands in for the pack
onRender(renderAgree);
onRender(renderScore);
onRender(renderAgreeLedger); // after renderScore: marks the ledger's rows
onRender(renderShare);
onRender(renderSeats);

/**
 * #match=<id>&token=<token>: open that match; no match: the home screen. A token from a link
 * is kept on this phone only once the referee accepts it (match.js, openMatch).
 */
function route() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const id = params.get("match");
  stopLive();
  if (!id) {
    S.id = null;
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
    openMatch(id, linked, true, seat ? params.get("seat") || "" : undefined);
    return;
  }
  const token = saved.write || saved.seat || saved.read || linked;
  if (!token) {
    showHome("This phone has no key to that match: open the link you were sent.");
    return;
  }
  openMatch(id, token);
}

/** Undo: a tap still waiting is simply taken back; else the referee undoes the last entry. */
async function undo() {
  const taken = await takeBackLast();
  if (taken) {
    showMessage(`Taken back: ${taken.label || taken.kind} (it had not been sent yet).`, "ok");
    return;
  }
  post("/undo", { reason: "undone at the table" }, null, "an undo");
}

function init() {
  initHome();
  initTabs();
  initShare();
  onTab((tab) => {
    if (tab === "score" && S.match) loadLedger(true).then(render);
  });
  $("#undo").addEventListener("click", undo);
  $("#irregular").addEventListener("change", (event) => {
    S.irregular = event.target.checked;
    S.actor = null;
    render();
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) refresh();
  });
  window.addEventListener("hashchange", route);
  route();
  if ("serviceWorker" in navigator) {
    // sw.js sits beside the page (/table/sw.js): it keeps the page's files for offline use.
    navigator.serviceWorker.register(new URL("sw.js", document.baseURI)).catch(() => {});
  }
}

init();
