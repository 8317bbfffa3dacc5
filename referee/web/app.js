/* The table page: record a game of Pitch or Piquet from a phone, through the public /v1 API.
 *
 * Small ES modules, no build step, no library:
 *   app.js        boot, the router (#match=<id>&token=<token>), the screens' registry
 *   api.js        the API client (tokens, ETags, Idempotency-Key, If-Match)
 *   match.js      the match on screen: open, follow, write (post), the deal in progress
 *   state.js      the shared state `S` and the render hook (onRender/render)
 *   dom.js        el(), $, $$, plural(): text is always inserted as text
 *   cards.js      card notation and words
 *   messages.js   the message box, refusals in words
 *   ruling.js     a deal's ruling in words
 *   store.js      the matches kept on this phone (localStorage)
 *   screens/*.js  one module per screen: home, play (+ setup), score (+ chart), share, tabs,
 *                 sheet (the score sheet), agree (confirm, dispute, claims), seats (join by QR)
 *   verdict.js    the referee's answer in words: checked, worked out, taken on trust
 * A screen module exports a render function; app.js registers it with onRender().
 */
import { S, onRender, render } from "./state.js";
import { $ } from "./dom.js";
import { savedMatch, saveMatch } from "./store.js";
import { openMatch, post, refresh, stopPolling } from "./match.js";
import { initHome, showHome } from "./screens/home.js";
import { renderPlay, renderScoreline } from "./screens/play.js";
import { renderScore } from "./screens/score.js";
import { renderSheet } from "./screens/sheet.js";
import { renderAgree, renderAgreeLedger } from "./screens/agree.js";
import { renderSeats } from "./screens/seats.js";
import { initShare, renderShare } from "./screens/share.js";
import { initTabs } from "./screens/tabs.js";

function renderFrame() {
  const m = S.match;
  document.title = `${m.game === "piquet" ? "Piquet" : "Pitch"}: ` +
    m.standings.map((s) => `${s.name} ${s.score}`).join(" · ");
  document.body.dataset.version = String(m.version);
  $("#readonly").hidden = S.canWrite;
}

onRender(renderFrame);
onRender(renderScoreline);
onRender(renderPlay);
onRender(renderSheet); // after renderPlay: the score sheet stands in for the cards by default
onRender(renderAgree);
onRender(renderScore);
onRender(renderAgreeLedger); // after renderScore: marks the ledger's rows
onRender(renderShare);
onRender(renderSeats);

/** #match=<id>&token=<token>: open that match; no match: the home screen. */
function route() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const id = params.get("match");
  stopPolling();
  if (!id) {
    S.id = null;
    showHome();
    return;
  }
  let token = params.get("token");
  const saved = savedMatch(id);
  if (token && token.startsWith("rw_")) {
    // A recorder link: keep the token on this phone, and out of the address bar.
    saveMatch({ id, write: token });
    history.replaceState(null, "", "#match=" + encodeURIComponent(id));
  } else if (token && token.startsWith("st_")) {
    // A seat's join link (screens/seats.js): this phone is that player's seat.
    saveMatch({ id, seat: token, seatName: params.get("seat") || "" });
    history.replaceState(null, "", "#match=" + encodeURIComponent(id));
  } else if (token) {
    saveMatch({ id, read: token });
  } else if (saved.id) {
    token = saved.write || saved.seat || saved.read;
  }
  if (!token) {
    showHome("This phone has no key to that match: open the link you were sent.");
    return;
  }
  openMatch(id, token);
}

function init() {
  initHome();
  initTabs();
  initShare();
  $("#undo").addEventListener("click", () => post("/undo", { reason: "undone at the table" }));
  $("#any-card").addEventListener("change", (event) => {
    S.anyCard = event.target.checked;
    render();
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) refresh();
  });
  window.addEventListener("hashchange", route);
  route();
}

init();
