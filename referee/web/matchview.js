// @ts-check
/* The match on screen, its screens and controls: loaded by app.js when a match is first
 * opened (the home screen does not wait for these modules). Each screen module exports a
 * render function, registered here in the order they draw; the match's tabs, Undo and the
 * "something irregular happened" switch are wired once, when this module is first loaded.
 */
import { S, onRender, render } from "./state.js";
import { $ } from "./dom.js";
import { phrase, t } from "./language.js";
import { showMessage } from "./messages.js";
import { loadLedger, post, refresh, setOfferAnyway } from "./match.js";
import { entryLabel, takeBackLast } from "./writes.js";
import { renderPlay, renderScoreline } from "./screens/play.js";
import { renderScore } from "./screens/score.js";
import { downloadRecord } from "./screens/records.js";
import { renderSheet } from "./screens/sheet.js";
import { renderAgree, renderAgreeLedger } from "./screens/agree.js";
import { askAnyway, renderAnyway } from "./screens/anyway.js";
import { renderReentry } from "./screens/reentry.js";
import { renderSeats } from "./screens/seats.js";
import { initShare, renderShare } from "./screens/share.js";
import { initTabs, onTab } from "./screens/tabs.js";

export { openMatch, stopLive } from "./match.js";

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

/** Undo: a tap still waiting is simply taken back; else the referee undoes the last entry. */
async function undo() {
  const taken = await takeBackLast();
  if (taken) {
    showMessage(t("match.taken_back", "Taken back: {what} (it had not been sent yet).",
      { what: entryLabel(taken) }), "ok");
    return;
  }
  post("/undo", { reason: t("match.undo_reason", "undone at the table") }, null,
    phrase("entry.undo", "an undo"));
}

initTabs();
initShare();
onTab((tab) => {
  if (tab === "score" && S.match) loadLedger(true).then(render);
});
$("#undo").addEventListener("click", undo);
$("#download-record").addEventListener("click", downloadRecord);
$("#irregular").addEventListener("change", (event) => {
  S.irregular = /** @type {HTMLInputElement} */ (event.target).checked;
  S.actor = null;
  render();
});
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) refresh();
});
