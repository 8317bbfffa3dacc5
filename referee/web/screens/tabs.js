// @ts-check
/* The match's tabs: Play, Score, Share — wired as tabs (WAI-ARIA tabs pattern: one tab in the
 * tab order, arrow keys, Home and End move between them). */
import { $, $$ } from "../dom.js";
import { hideMessage } from "../messages.js";
import { S } from "../state.js";

export const TABS = ["play", "score", "share"];
const listeners = [];

/** Call `fn(tab)` whenever a tab is shown. */
export function onTab(fn) {
  listeners.push(fn);
}

/** Show tab `tab` ("play", "score", "share"); `focus`: move the focus to its tab button. */
export function selectTab(tab, focus) {
  const changed = S.tab !== tab;
  S.tab = tab;
  for (const b of $$(".tabs [role=tab]")) {
    const selected = b.dataset.tab === tab;
    b.setAttribute("aria-selected", String(selected));
    b.tabIndex = selected ? 0 : -1;
    if (selected && focus) b.focus();
  }
  for (const t of TABS) $("#tab-" + t).hidden = t !== tab;
  if (changed) hideMessage(); // a refusal belongs to the tab it was made on
  for (const fn of listeners) fn(tab);
}

export function initTabs() {
  const tabs = $$(".tabs [role=tab]");
  for (const b of tabs) {
    b.addEventListener("click", () => selectTab(b.dataset.tab));
    b.addEventListener("keydown", (event) => {
      const at = TABS.indexOf(b.dataset.tab);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[
        event.key];
      if (to === undefined) return;
      event.preventDefault();
      selectTab(TABS[(to + TABS.length) % TABS.length], true);
    });
  }
}
