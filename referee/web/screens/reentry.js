// @ts-check
/* Settling an earlier deal by its cards, one step at a time (docs/records.md).
 *
 * "Enter the cards one by one" (on a disputed deal, or on a deal written from the score sheet
 * or the totals, in the ledger) sends the first step with the deal's number
 * (POST /events {"type": "deal_started", "deal": n}, through the write queue). From then on the
 * match's `reentry` names the deal whose cards are entered: the Play tab's bid and card taps,
 * whose turn, the trick on the table and Undo are those of that deal, as it was dealt; each
 * step is checked as it comes; its last card rules it, and the claims are shown beside the
 * ruling (screens/agree.js). This module draws:
 *  - #reentry, in the head of the Play tab: "Settling deal n by its cards", always in view;
 *  - #reentry-panel: what it means, the bids as written (Pitch, one tap), and Give up (undo
 *    every step of the entry, after a confirmation: reentry.undo_steps undos, queued).
 * Every phone following the match sees the same, from the match body.
 */
import { $, el, fill } from "../dom.js";
import { post } from "../match.js";
import { S, render } from "../state.js";
import { levelWords } from "../verdict.js";
import { selectTab } from "./tabs.js";
import { locale, phrase, t, tn } from "../language.js";

/** This phone's view of the entry: {id, deal} being settled; {id, deal, played} ruled. */
let watching = null;
let ruled = null;
let confirming = false;

function word(lower) {
  const w = S.match.game === "piquet" ? t("sheet.deal_word", "Deal") : t("sheet.hand_word", "Hand");
  return lower && locale() !== "de" ? w.toLowerCase() : w;
}

/** `word(true)` as a phrase (language.js), worded when said: a waiting entry's label. */
function dealWord() {
  return S.match.game === "piquet" ? phrase("sheet.deal_word", "Deal", undefined, true)
    : phrase("sheet.hand_word", "Hand", undefined, true);
}

/** May this phone start entering the cards of ledger item `d` one by one? (The referee takes
 * them for a deal written from a sheet or the totals, or a disputed one; no other deal may be
 * in progress.) */
export function canReenter(d) {
  const m = S.match;
  if (!S.canWrite || !m || d.status !== "live" || m.deal_in_progress) return false;
  if (d.agreement === "ruled") return false;
  return d.agreement === "disputed" || d.level === "sheet" || d.level === "totals";
}

/** The first step of the entry, waiting in the queue (no network yet)? */
export function starting(n) {
  return (S.pending || []).some((e) => e.path === "/events" && e.body && e.body.deal === n);
}

/** Start entering the cards of deal `n` step by step, and show the Play tab. */
export function startReentry(n) {
  confirming = false;
  post("/events", { type: "deal_started", deal: n }, null,
    phrase("reentry.start_label", "the start of {deal} {n}'s cards", { deal: dealWord(), n }));
  selectTab("play");
  window.scrollTo({ top: 0 });
}

/** The "Enter the cards one by one" button for ledger item `d` (`cls`: its class). */
export function oneByOneButton(d, cls) {
  return el("button", { type: "button", class: cls || "primary big", "data-one-by-one": d.deal,
    onclick: () => startReentry(d.deal) }, t("reentry.one_by_one", "Enter the cards one by one"));
}

/** The deal this phone saw settled by its cards step by step, while nothing else was scored
 * since (agree.js shows its claims beside the ruling); or null. */
export function justRuled() {
  const m = S.match;
  if (!ruled || ruled.id !== S.id || m.deal_in_progress || m.deals_played !== ruled.played) {
    return null;
  }
  return ruled.deal;
}

/** Remember the deal whose cards are entered, and when its entry ends ruled. */
function follow(m) {
  if (m.reentry) {
    watching = { id: S.id, deal: m.reentry.deal };
    return;
  }
  // The entry ended: how, the ledger read again after it says (the deal number changed with
  // it, so the ledger is read again; an answer drawn before that waits for it).
  if (watching && watching.id === S.id && S.ledgerVersion === m.version) {
    const d = S.ledger.find((x) => x.deal === watching.deal);
    if (d && d.agreement === "ruled") {
      ruled = { id: S.id, deal: d.deal, played: m.deals_played };
      watching = null;
    } else if (!m.deal_in_progress) {
      watching = null; // given up (or undone from another phone)
    }
  }
}

/** Redraw the banner and the panel (registered after renderPlay). */
export function renderReentry() {
  const m = S.match;
  const banner = $("#reentry");
  const panel = $("#reentry-panel");
  if (!banner || !panel || !m) return;
  follow(m);
  const r = m.reentry;
  if (!r) {
    confirming = false;
    banner.hidden = true;
    panel.hidden = true;
    fill(banner);
    fill(panel);
    return;
  }
  const n = r.deal;
  const as = r.level === "cards" ? t("reentry.as_first", "as first entered") : levelWords(r.level);
  fill(banner, el("strong", {}, t("reentry.settling", "Settling {word} {n} by its cards",
    { word: word(true), n })),
  el("small", {}, t("reentry.counts_as", "{word} {n} is {agreement}: it counts as written {as} until its last card is in.",
    { word: word(), n, agreement: agreementWord(r.agreement), as })));
  banner.dataset.deal = String(n);
  banner.hidden = false;

  const parts = [el("p", { class: "note" }, m.game === "pitch"
    ? t("reentry.tap_pitch", "Tap the bids and the cards as they were played: each is checked at once, the last one rules the deal, and each side's claim is shown beside the ruling.")
    : t("reentry.tap", "Tap the cards as they were played: each is checked at once, the last one rules the deal, and each side's claim is shown beside the ruling."))];
  const bids = writtenBids(n);
  if (bids) parts.push(bids);
  if (S.canWrite) parts.push(giveUp(r));
  fill(panel, ...parts);
  panel.hidden = false;
}

/** Pitch: the bids as the deal's entry wrote them, sent in one tap (each still checked). */
function writtenBids(n) {
  const m = S.match;
  if (m.game !== "pitch" || !S.canWrite) return null;
  const record = (m.current_deal || {});
  if ((record.bids || []).length || (record.tricks || []).length) return null;
  if ((S.pending || []).some((e) => e.body && e.body.type === "bid")) return null;
  const d = S.ledger.find((x) => x.deal === n);
  const written = d && d.record && Array.isArray(d.record.bids) ? d.record.bids : null;
  if (!written || !written.length) return null;
  const first = (m.dealer.seat + 1) % m.players.length;
  const said = written.map((call, i) => `${m.players[(first + i) % m.players.length]} ` +
    `${call === "pass" ? t("play.pass_word", "pass") : call}`).join(", ");
  return el("button", { type: "button", id: "reentry-bids", onclick: async () => {
    for (const call of written) await post("/events", { type: "bid", call });
  } }, t("reentry.bids_written", "The bids as written: {said}", { said }));
}

/** Give up the entry: every step taken back (reentry.undo_steps undos), after a "sure?". */
function giveUp(r) {
  const n = r.deal;
  const undos = (S.pending || []).filter((e) => e.path === "/undo").length;
  if (undos) {
    return el("p", { class: "note", role: "status" },
      tn("reentry.taking_back", "Taking back the steps entered: {n} undo to send.",
        "Taking back the steps entered: {n} undos to send.", undos));
  }
  if (!confirming) {
    return el("button", { type: "button", class: "warn small", id: "reentry-give-up",
      onclick: () => { confirming = true; render(); } }, t("reentry.give_up", "Give up entering the cards"));
  }
  // the steps still waiting to be sent count too: each is one more to take back
  const steps = r.undo_steps + (S.pending || []).filter((e) => e.path === "/events").length;
  return el("div", { class: "reentry-confirm", role: "group",
    "aria-labelledby": "reentry-confirm-q" },
  el("p", { id: "reentry-confirm-q" }, tn("reentry.take_back", "Take back the {n} step entered? ",
    "Take back the {n} steps entered? ", steps) +
    t("reentry.stays", "{word} {n} stays as it was written ({agreement}).",
      { word: word(), n, agreement: agreementWord(r.agreement) })),
  el("div", { class: "actions" },
    el("button", { type: "button", class: "warn", id: "reentry-give-up-yes", onclick: () => {
      confirming = false;
      for (let k = 0; k < steps; k++) {
        post("/undo", { reason: t("reentry.gave_up", "gave up entering the cards of {deal} {n}",
          { deal: word(true), n }) }, null, phrase("entry.undo", "an undo"));
      }
    } }, t("reentry.yes", "Yes, take them back")),
    el("button", { type: "button", id: "reentry-give-up-no",
      onclick: () => { confirming = false; render(); } }, t("reentry.no", "No, go on"))));
}

/** A deal's agreement in words ("provisional", "disputed"…). */
function agreementWord(agreement) {
  return { provisional: t("reentry.provisional", "provisional"),
    confirmed: t("reentry.confirmed", "confirmed"), disputed: t("reentry.disputed", "disputed"),
    ruled: t("reentry.ruled", "ruled") }[agreement] || agreement || t("reentry.entered", "entered");
}
