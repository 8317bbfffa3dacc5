// @ts-check
/* The score sheet: the default way to record a deal (docs/records.md), the line a table writes.
 *
 * Each game's sheet is a module of its own: sheet-pitch.js (the bids, then who took High,
 * Low, Jack and Game: at most 8 taps after the bids), sheet-piquet.js (who was good in each
 * category and with what, the tricks, the points in play, carte blanche and pique: at most 12
 * taps). This module draws the form around them, the screen, and the entry level.
 * "Enter the cards instead" (the card-by-card screen) and "just the totals" (the last resort)
 * are one tap away. Nothing is sent until "Record": one write, with its Idempotency-Key and
 * If-Match (match.js post()).
 *
 * sheetForm() is also the claim form of a dispute (screens/agree.js).
 */
import { $, el, fill } from "../dom.js";
import { post } from "../match.js";
import { S, render } from "../state.js";
import { saveMatch, savedMatch } from "../store.js";
import { groundsView, levelWords, ruleLink, scoresWords } from "../verdict.js";
import { pitchSheet } from "./sheet-pitch.js";
import { piquetSheet } from "./sheet-piquet.js";
import { t } from "../language.js";

/** The drafts being filled in, by purpose ("record", "claim:<deal>"): kept across redraws. */
const drafts = new Map();

// ------------------------------------------------------------------ entry level of this phone

/** How this phone enters a new deal: "sheet" (default), "cards" or "totals". */
export function entryMode() {
  return (S.id && savedMatch(S.id).entry) || "sheet";
}

export function setEntryMode(mode) {
  saveMatch({ id: S.id, entry: mode });
  render();
}

// ------------------------------------------------------------------ the form

/**
 * The score-sheet (or totals) form for purpose `key` ("record" or "claim:<n>"): `level`
 * "sheet" | "totals"; `submit(body)` gets {"sheet": …} or {"totals": …}; `label` names the
 * button. Returns the form element.
 */
export function sheetForm({ key, level, submit, label, id = null, deal = null }) {
  const m = S.match;
  const game = m.game === "piquet" ? piquetSheet : pitchSheet;
  const ctx = deal || currentContext();
  const draftKey = `${S.id}:${ctx.number}:${key}:${level}`;
  if (!drafts.has(draftKey)) {
    drafts.set(draftKey, level === "totals" ? game.newTotals(ctx) : game.newDraft(ctx));
  }
  const d = drafts.get(draftKey);
  const build = () => (level === "totals" ? game.totalsRecord(d, ctx) : game.record(d));
  const form = el("form", { class: "sheet-form", id: id || null, "data-level": level,
    onsubmit: (event) => {
      event.preventDefault();
      const { missing, ...body } = build();
      if (missing.length) return;
      submit(body, () => drafts.delete(draftKey));
    } });
  const button = /** @type {HTMLButtonElement} */ (el("button", { type: "submit",
    class: "primary big", "data-submit": key }, label));
  const note = el("p", { class: "note missing", "aria-live": "polite" });
  const update = () => {
    const { missing } = build();
    note.textContent = missing.length
      ? t("sheet.still_missing", "Still to fill in: {missing}.", { missing: missing.join(", ") }) : "";
    button.disabled = missing.length > 0 || S.busy;
  };
  const redraw = () => {
    const fields = level === "totals"
      ? [el("p", { class: "note" }, t("sheet.totals_note", "Just the deal's points, when nothing else is known: the referee can only check they are possible in one deal.")),
        ...game.totalsForm(d, redraw, ctx)]
      : game.form(d, redraw, ctx);
    fill(form, ...fields, note, button);
    update();
  };
  form.addEventListener("input", update);
  redraw();
  return form;
}

/** The deal about to be recorded: its number, roles and dealer. */
function currentContext() {
  const m = S.match;
  return { number: m.deal_number, elder: m.elder, younger: m.younger,
    dealerSeat: m.dealer.seat, bids: null, pitcher: null };
}

// ------------------------------------------------------------------ the screen

/**
 * Card by card (Piquet): what each player announced, made explicit — "none announced", "each
 * his best" (what the cards hold), or "as announced" (the declaration form) — while the
 * referee still takes declarations (next.also). Null when there is nothing to ask.
 */
function declarationsChoice() {
  const m = S.match;
  if (m.game !== "piquet" || S.declaring) return null;
  const pending = ((m.next && m.next.also) || []).filter((a) => a.type === "declaration");
  if (!pending.length) return null;
  const send = async (announced) => {
    for (const a of pending) {
      await post("/events", { type: "declaration", role: a.role, announced });
    }
  };
  const who = pending.map((a) => `${a.player} (${a.role === "elder" ? t("play.elder", "elder")
    : t("play.younger", "younger")})`).join(t("sheet.and", " and "));
  return el("fieldset", { class: "picks cols-3 declarations-choice" },
    el("legend", {}, t("sheet.declarations_of", "Declarations of {who} ", { who }), ruleLink("Q5")),
    el("div", { class: "pick-row" },
      el("button", { type: "button", class: "pick", "data-announced": "none",
        onclick: () => send("none") }, t("sheet.none_announced", "None announced")),
      el("button", { type: "button", class: "pick", "data-announced": "best",
        onclick: () => send("best") }, t("sheet.each_best", "Each his best")),
      el("button", { type: "button", class: "pick", "data-announced": "as_announced",
        onclick: () => {
          S.declaring = { role: pending[0].role, point: "", sequence: "", sets: [],
            carte_blanche: false };
          render();
        } }, t("sheet.as_announced", "As announced…"))),
    el("p", { class: "note" }, t("sheet.say_before", "Say it before the first card: a declaration left out is counted as each his best.")));
}

/** The deal this phone has just recorded (its answer is shown open). */
let justRecorded = null;

/** The last deal's answer, above the next sheet: its points, agreement and grounds. */
function lastAnswer() {
  const live = S.ledger.filter((d) => d.status === "live");
  const d = live[live.length - 1];
  if (!d || !d.ruling) return [];
  const word = S.match.game === "piquet" ? t("sheet.deal_word", "Deal") : t("sheet.hand_word", "Hand");
  const agreement = { provisional: S.match.auto_confirm_on
    ? t("sheet.confirmed_next", " · confirmed when the next deal starts")
    : t("sheet.waiting_other", " · waiting for the other side to confirm"),
  confirmed: t("sheet.confirmed", " · confirmed"), disputed: t("sheet.disputed", " · disputed"),
  ruled: t("sheet.ruled", " · ruled by its cards") };
  const view = groundsView(d.ruling);
  return [el("details", { class: "last-answer", id: "last-answer", "data-deal": d.deal,
    open: justRecorded === d.deal || null },
  el("summary", {}, el("strong", {}, `${word} ${d.deal}: ${scoresWords(d.scores)}`),
    d.agreement === "ruled" ? t("sheet.ruled", " · ruled by its cards")
      : ` ${levelWords(d.level)}${agreement[d.agreement] || ""}`),
  view || el("p", { class: "note" }, t("sheet.scored_by_cards", "Scored by its cards (the Score tab has the details).")))];
}

/** Redraw #sheet: the score sheet of the next deal, or the bar to switch entry level. */
export function renderSheet() {
  const box = $("#sheet");
  const m = S.match;
  if (!box || !m) return;
  const turn = $("#turn");
  if (turn) delete turn.dataset.entry;
  const soFar = $("#so-far");
  if (soFar) soFar.hidden = false;
  const write = S.canWrite && (!m.finished || Boolean(m.reentry)) && m.next &&
    m.next.action !== "none";
  if (!write) {
    fill(box);
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const mode = entryMode();
  const switches = el("div", { class: "entry-switch" },
    mode !== "cards" ? el("button", { type: "button", id: "entry-cards", class: "small",
      onclick: () => setEntryMode("cards") }, t("sheet.enter_cards", "Enter the cards instead")) : null,
    mode !== "sheet" ? el("button", { type: "button", id: "entry-sheet", class: "small",
      onclick: () => setEntryMode("sheet") }, t("sheet.use_sheet", "Use the score sheet")) : null,
    mode === "sheet" ? el("button", { type: "button", id: "entry-totals", class: "small",
      onclick: () => setEntryMode("totals") }, t("sheet.just_totals", "Just the totals")) : null);
  if (m.deal_in_progress || mode === "cards") {
    // Card by card: the declarations are made explicit before the first card (Q5).
    const parts = [m.deal_in_progress ? null : switches, declarationsChoice()].filter(Boolean);
    fill(box, ...parts);
    box.hidden = !parts.length;
    return;
  }
  // The card-by-card screen waits behind the sheet (and the last deal's answer moves up).
  for (const id of ["#deal-setup", "#bids", "#cards", "#any-card-row", "#so-far"]) {
    const node = $(id);
    if (node) node.hidden = true;
  }
  const word = m.game === "piquet" ? t("sheet.deal_word", "Deal") : t("sheet.hand_word", "Hand");
  const queued = (S.pending || []).find((e) => e.path === "/deals");
  if (queued) {
    // Written, not yet sent (no network): the queue sends it once, as soon as it can.
    const number = (queued.body && queued.body.deal) || m.deal_number;
    const clashed = S.clash && S.clash.entry.n === queued.n;
    if (turn) {
      fill(turn, t("sheet.the_sheet", "{word} {n}: the score sheet", { word, n: number }),
        el("small", {}, clashed ? t("sheet.another_phone", "Another phone recorded it too: choose below.")
          : t("sheet.written_waiting", "Written, waiting to be sent.")));
      turn.dataset.entry = mode;
    }
    fill(box, el("p", { class: "answer-box", id: "sheet-waiting", role: "status" },
      clashed ? t("sheet.meets_other", "{word} {n} from this phone meets another phone's entry: choose above what happened.", { word, n: number })
        : t("sheet.waits", "{word} {n} is written and waits to be sent: it is recorded as soon as the phone is back online. Nothing more to do.", { word, n: number })));
    return;
  }
  const title = t("sheet.the_sheet", "{word} {n}: the score sheet", { word, n: m.deal_number });
  const sub = m.game === "piquet"
    ? t("sheet.piquet_sub", "{elder} is elder, {younger} deals.", { elder: m.elder, younger: m.younger })
    : t("sheet.pitch_sub", "{dealer} deals; {first} bids first.", { dealer: m.dealer.player,
      first: m.players[(m.dealer.seat + 1) % m.players.length] });
  if (turn) {
    fill(turn, mode === "totals"
      ? t("sheet.the_totals", "{word} {n}: just the totals", { word, n: m.deal_number }) : title,
      el("small", {}, sub));
    turn.dataset.entry = mode;
  }
  const number = m.deal_number;
  const form = sheetForm({
    key: "record",
    level: mode,
    id: "sheet-form",
    label: `Record ${m.game === "piquet" ? "deal" : "hand"} ${number}`,
    // The deal it was written for goes with it: a phone that was behind is told (409),
    // never recorded as another deal.
    submit: (body, clear) => post("/deals", { ...body, deal: number }, (answer) => {
      clear();
      justRecorded = answer.deal;
      setTimeout(() => window.scrollTo({ top: 0 }), 0); // the answer is at the top
      // "Just the totals" is a last resort: the next deal is offered the sheet again.
      if (mode === "totals") saveMatch({ id: S.id, entry: "sheet" });
    }),
  });
  fill(box, ...lastAnswer(), switches, form);
}
