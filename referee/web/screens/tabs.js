/* The match's tabs: Play, Score, Share. */
import { $, $$ } from "../dom.js";
import { S } from "../state.js";

export const TABS = ["play", "score", "share"];

/** Show tab `tab` ("play", "score", "share"). */
export function selectTab(tab) {
  S.tab = tab;
  for (const b of $$(".tabs button")) {
    b.setAttribute("aria-selected", String(b.dataset.tab === tab));
  }
  for (const t of TABS) $("#tab-" + t).hidden = t !== tab;
}

export function initTabs() {
  for (const b of $$(".tabs button")) b.addEventListener("click", () => selectTab(b.dataset.tab));
}
