// @ts-check
/* Agreement (docs/records.md): the other side confirms or disputes a deal, the referee decides.
 *
 * On the Play tab (#agree):
 *  - a deal the other side entered, still provisional: big Confirm / Dispute buttons; Dispute
 *    asks a reason and, optionally, this side's own claim (a score sheet or totals);
 *  - a disputed deal: who disputes and why, and "Enter the cards to settle it" (one tap): the
 *    cards tapped in play order, sent whole (POST /deals/{n}/cards); or "Enter the cards one
 *    by one": the Play tab's taps, each checked as it comes (screens/reentry.js);
 *  - the deal just ruled by its cards (else the last one ruled): each side's claim beside the
 *    ruling, the first point where it parts highlighted.
 * In the ledger (Score tab): each deal's agreement as a badge, the disputed deal marked until
 * ruled, "Check by its cards" on a deal written from a sheet or the totals (one by one), and
 * the claims beside the ruling under the table.
 */
import { RANKS, SUITS, cardSpan, cardText, cardWords, isRed } from "../cards.js";
import { $, $$, el, fill } from "../dom.js";
import { api, matchPath } from "../api.js";
import { post } from "../match.js";
import { S, render } from "../state.js";
import { savedMatch } from "../store.js";
import { groundsView, levelWords, named, ruleLink, scoresWords } from "../verdict.js";
import { canReenter, justRuled, oneByOneButton, startReentry, starting } from "./reentry.js";
import { sheetForm } from "./sheet.js";
import { locale, t, tn } from "../language.js";

/** What this phone is busy with in #agree: {kind: "dispute"|"cards", deal, ...}. */
let open = null;

/** Who this phone's credential is (GET /v1/matches/{id}/me), read again when the match moves:
 * {kind: "write" | "read" | "seat", player, to_confirm: [deal numbers]}. */
let me = { id: null, version: -1, data: null, loading: false };

function readMe() {
  const m = S.match;
  if (!S.token || S.token.startsWith("ro_") || me.loading) return;
  if (me.id === S.id && me.version === m.version) return;
  const id = S.id;
  const version = m.version;
  me.loading = true;
  api("GET", matchPath("/me")).then(({ data }) => {
    me = { id, version, data, loading: false };
    if (S.id === id) render();
  }).catch(() => {
    me.loading = false; // offline: the link's seat name until the referee answers
  });
}

/** The referee's answer on who this phone is, when it is about the match on screen. */
function known() {
  return me.id === S.id && me.data ? me.data : null;
}

/** This phone's seat ("Ann"), or null for the shared write token or a watcher. */
export function mySeat() {
  if (!S.token || !S.token.startsWith("st_")) return null;
  const who = known();
  return (who && who.player) || savedMatch(S.id).seatName || "";
}

/** Who entered a deal, in words. */
function enteredBy(by) {
  if (!by) return "the table";
  return by.startsWith("seat:") ? by.slice(5) : "the shared phone";
}

/** May this phone answer (confirm or dispute) ledger item `d`? What GET …/me lists in
 * `to_confirm` (a seat of the other side; the shared phone while no seat has joined and the
 * deals do not confirm themselves). Offline, a seat guesses from the entry; the shared phone
 * waits for the referee. */
function mayAnswer(d) {
  if (!S.canWrite || d.agreement !== "provisional" || d.status !== "live") return false;
  const who = known();
  if (who && me.version === S.match.version) return (who.to_confirm || []).includes(d.deal);
  const seat = mySeat();
  if (seat === null) return false;
  if (!seat) return true; // a seat link without its name: the referee decides
  if (d.entered_by === `seat:${seat}`) return false;
  const m = S.match;
  if (m.game === "pitch" && m.options.partnership && d.entered_by.startsWith("seat:")) {
    const a = m.players.indexOf(seat);
    const b = m.players.indexOf(d.entered_by.slice(5));
    if (a >= 0 && b >= 0 && a % 2 === b % 2) return false; // a partner's entry
  }
  return true;
}

/** May this phone confirm deal `n` of the ledger (the Score tab's provisional result)? */
export function mayConfirm(n) {
  const d = S.ledger.find((item) => item.deal === n);
  return Boolean(d) && mayAnswer(d);
}

/** Is this phone's answer on deal `n` waiting in the queue? */
export function answerWaiting(n) {
  return waiting(`/deals/${n}/confirm`) || waiting(`/deals/${n}/dispute`);
}

function dealWord() {
  return S.match.game === "piquet" ? t("sheet.deal_word", "Deal") : t("sheet.hand_word", "Hand");
}

/** The deal's word inside a sentence (German nouns keep their capital). */
function dealLower() {
  return locale() === "de" ? dealWord() : dealWord().toLowerCase();
}

// ------------------------------------------------------------------ confirm or dispute

/** Is a write to `path` waiting in the queue (no network yet)? */
function waiting(path) {
  return (S.pending || []).some((e) => e.path === path);
}

function waitingNote() {
  return el("p", { class: "note", role: "status" }, t("agree.sent_online", "Sent as soon as the phone is back online: nothing more to do."));
}

function answerBox(d) {
  const n = d.deal;
  const box = el("section", { class: "answer-box", "data-answer": n,
    "aria-labelledby": `answer-${n}` },
  el("h2", { id: `answer-${n}` }, t("agree.wrote", "{word} {n}: {who} wrote {scores}",
    { word: dealWord(), n, who: enteredBy(d.entered_by), scores: scoresWords(d.scores) })),
  el("p", { class: "note" }, t("agree.entered", "Entered {how}. Confirm it if that is what happened; dispute it if not, and the referee decides.", { how: levelWords(d.level) })),
  el("details", {}, el("summary", {}, t("agree.checked", "What the referee checked")), groundsView(d.ruling)));
  if (waiting(`/deals/${n}/confirm`) || waiting(`/deals/${n}/dispute`)) {
    box.append(waitingNote());
    return box;
  }
  if (open && open.kind === "dispute" && open.deal === n) {
    box.append(disputeForm(d));
    return box;
  }
  box.append(el("div", { class: "answer-actions" },
    el("button", { type: "button", class: "confirm", "data-confirm": n,
      onclick: () => post(`/deals/${n}/confirm`, {}) }, t("agree.confirm", "✓ Confirm")),
    el("button", { type: "button", class: "dispute", "data-dispute": n,
      onclick: () => { open = { kind: "dispute", deal: n, reason: "", claim: "none" }; render(); },
    }, t("agree.dispute", "✗ Dispute"))));
  return box;
}

function disputeForm(d) {
  const n = d.deal;
  const state = open;
  const reason = el("textarea", { id: "dispute-reason", name: "reason", maxlength: 500,
    required: true, placeholder: t("agree.reason_placeholder", "e.g. I count 38, not 41"), "aria-describedby": "reason-help",
    oninput: (event) => { state.reason = event.target.value; } });
  reason.value = state.reason;
  const send = (claim, after) => {
    if (!state.reason.trim()) {
      reason.focus();
      return;
    }
    const body = { reason: state.reason.trim() };
    if (claim) body.claim = claim;
    post(`/deals/${n}/dispute`, body, () => {
      open = null;
      if (after) after(); // the claim's draft goes once the referee has it
    });
  };
  const claimPick = (value, text) => el("button", { type: "button",
    class: "pick" + (state.claim === value ? " chosen" : ""), "data-claim": value,
    "aria-pressed": state.claim === value ? "true" : "false",
    onclick: () => { state.claim = value; render(); } }, text);
  const parts = [
    el("label", { for: "dispute-reason" }, t("agree.why", "Why do you dispute it?")),
    el("p", { id: "reason-help", class: "note" }, t("agree.who_reads", "The other side and the referee read it.")),
    reason,
    el("fieldset", { class: "picks cols-3" }, el("legend", {}, t("agree.own_count", "Your own count (optional)")),
      el("div", { class: "pick-row" }, claimPick("none", t("agree.no_claim", "No claim")),
        claimPick("totals", t("agree.totals", "Totals")), claimPick("sheet", t("agree.sheet", "Score sheet")))),
  ];
  if (state.claim === "none") {
    parts.push(el("button", { type: "button", class: "primary big", id: "dispute-send",
      onclick: () => send(null) }, t("agree.dispute_deal", "Dispute {word} {n}", { word: dealLower(), n })));
  } else {
    parts.push(sheetForm({ key: `claim:${n}`, level: state.claim, deal: dealContext(d),
      id: "claim-form", label: t("agree.dispute_with", "Dispute {word} {n} with this claim", { word: dealLower(), n }),
      submit: (claim, clear) => send(claim, clear) }));
  }
  parts.push(el("button", { type: "button", class: "small", id: "dispute-cancel",
    onclick: () => { open = null; render(); } }, t("setup.cancel", "Cancel")));
  return el("div", { class: "dispute-form" }, ...parts);
}

/** The roles and dealer of ledger item `d` (its claim is written as that deal was dealt). */
export function dealContext(d) {
  const m = S.match;
  const r = d.ruling || {};
  const dealerSeat = m.players.indexOf(d.dealer);
  const record = d.record || {};
  return {
    number: d.deal,
    elder: r.elder || (m.game === "piquet" ? m.players[1 - dealerSeat] : null),
    younger: r.younger || d.dealer,
    dealerSeat,
    bids: Array.isArray(record.bids) ? record.bids : null,
    pitcher: r.pitcher,
  };
}

// ------------------------------------------------------------------ disputed: settle by the cards

function disputedBox(d) {
  const n = d.deal;
  const reasons = (d.claims || []).filter((c) => !c.entry && c.reason);
  const box = el("section", { class: "answer-box disputed", "data-disputed": n,
    "aria-labelledby": `disputed-${n}` },
  el("h2", { id: `disputed-${n}` }, t("agree.is_disputed", "{word} {n} is disputed", { word: dealWord(), n })),
  // an import's dispute of a deal that breaks the rules: its violations, in the page's language
  ...reasons.map((c) => el("p", {}, `${c.side || enteredBy(c.entered_by)}: “${c.violations
    ? c.violations.map((/** @type {{message: string}} */ v) => v.message).join(" ")
    : c.reason}”` +
      (c.scores ? t("agree.claims", " — claims {scores}", { scores: scoresWords(c.scores) }) : ""))),
  el("p", { class: "note" }, t("agree.decides", "The referee decides from the cards: enter them as they were played (from the players' tricks). Until then the deal counts as written, and the result is withheld.")));
  const reentry = S.match.reentry;
  if (waiting(`/deals/${n}/cards`) || starting(n)) {
    box.append(waitingNote());
  } else if (reentry && reentry.deal === n) {
    box.append(el("p", { class: "note", "data-settling": n }, t("agree.being_entered", "Its cards are being entered one by one: the taps below, each checked as it comes.")));
  } else if (reentry) {
    box.append(el("p", { class: "note" }, t("agree.other_entered", "The cards of {word} {n} are being entered: finish or give them up first.", { word: dealLower(), n: reentry.deal })));
  } else if (open && open.kind === "cards" && open.deal === n) {
    box.append(cardsEntry(d));
  } else if (S.canWrite) {
    box.append(el("div", { class: "settle-actions" },
      el("button", { type: "button", class: "primary big", "data-settle": n,
        onclick: () => {
          open = { kind: "cards", deal: n, cards: [], declarations: null };
          render();
        } }, t("agree.settle", "Enter the cards to settle it")),
      canReenter(d) ? oneByOneButton(d, "big") : null));
    if (!canReenter(d) && S.match.deal_in_progress) {
      box.append(el("p", { class: "note" }, t("agree.once", "One by one: once {word} {n} is finished or undone.", { word: dealLower(), n: S.match.deal_number })));
    }
  }
  return box;
}

/** The pack as buttons to tap in play order; the tricks so far; send when complete. */
function cardsEntry(d) {
  const m = S.match;
  const state = open;
  const size = m.game === "piquet" ? 2 : m.players.length;
  const total = m.game === "piquet" ? 24 : 6 * m.players.length;
  const chosen = new Set(state.cards);
  const ctx = dealContext(d);
  const parts = [];
  if (m.game === "piquet") {
    const decl = (value, text) => el("button", { type: "button",
      class: "pick" + (state.declarations === value ? " chosen" : ""), "data-declarations": value,
      "aria-pressed": state.declarations === value ? "true" : "false",
      onclick: () => { state.declarations = value; render(); } }, text);
    parts.push(el("fieldset", { class: "picks cols-2" },
      el("legend", {}, t("agree.declarations", "Declarations ("), ruleLink("Q5"), ")"),
      el("div", { class: "pick-row" }, decl("best", t("sheet.each_best", "Each his best")),
        decl("none", t("sheet.none_announced", "None announced")))));
  } else if (!ctx.bids) {
    parts.push(el("p", { class: "note" }, t("agree.no_bids", "This hand was entered without its bids: the referee needs them with the cards.")));
  }
  const tricks = [];
  for (let i = 0; i < state.cards.length; i += size) tricks.push(state.cards.slice(i, i + size));
  const leader = m.game === "piquet" ? ctx.elder
    : m.players[(ctx.dealerSeat + 1) % m.players.length];
  parts.push(el("p", { class: "setup-steps", "aria-live": "polite" },
    tn("agree.progress", "{n} of {total} card · trick {trick}: tap each trick's cards, the leader's first ({leader} leads the first).",
      "{n} of {total} cards · trick {trick}: tap each trick's cards, the leader's first ({leader} leads the first).",
      total, { n: state.cards.length, total, trick: Math.min(tricks.length +
        (state.cards.length % size === 0 ? 1 : 0), total / size), leader })));
  parts.push(el("div", { class: "cards " + m.game }, ...SUITS.map((suit) => el("div",
    { class: "suit" }, ...RANKS[m.game].map((rank) => {
      const card = rank + suit;
      const taken = chosen.has(card);
      return el("button", { type: "button",
        class: "card" + (isRed(card) ? " red" : "") + (taken ? " taken" : ""),
        "data-recard": card, disabled: taken || state.cards.length >= total,
        onclick: () => { state.cards.push(card); render(); } }, cardText(card),
      // the visible text stays in the name (WCAG 2.5.3); the words follow for screen readers
      el("span", { class: "vh" }, ` ${cardWords(card)}${taken ? t("agree.tapped", ", tapped") : ""}`));
    })))));
  if (tricks.length) {
    parts.push(el("ol", { class: "trick-list" }, ...tricks.map((t) => el("li", {},
      ...t.flatMap((c, j) => (j ? [" ", cardSpan(c)] : [cardSpan(c)]))))));
  }
  const ready = state.cards.length === total && (m.game !== "piquet" || state.declarations) &&
    (m.game === "piquet" || ctx.bids);
  parts.push(el("div", { class: "actions" },
    el("button", { type: "button", disabled: !state.cards.length, id: "recard-back",
      onclick: () => { state.cards.pop(); render(); } }, t("agree.take_back_card", "↶ Take back a card")),
    el("button", { type: "button", id: "recard-cancel",
      onclick: () => { open = null; render(); } }, t("setup.cancel", "Cancel"))),
  el("button", { type: "button", class: "primary big", id: "recard-send", disabled: !ready,
    onclick: () => {
      const record = { tricks };
      if (m.game === "piquet") record.declarations = state.declarations;
      else record.bids = ctx.bids;
      post(`/deals/${d.deal}/cards`, record, () => { open = null; });
    } }, t("agree.rule_by_cards", "Rule {word} {n} by its cards", { word: dealLower(), n: d.deal })));
  return el("div", { class: "recards" }, ...parts);
}

// ------------------------------------------------------------------ claims beside the ruling

/** Each side's claim beside the ruling of ledger item `d`, the first parting highlighted. */
export function claimsView(d) {
  const claims = (d.claims || []).filter((c) => c.comparison);
  if (!claims.length) return null;
  const names = S.match.standings.map((s) => s.name);
  const who = (c) => (c.entry
    ? t("agree.entry_of", "{who}'s entry", { who: c.side || enteredBy(c.entered_by) })
    : t("agree.claim_of", "{who}'s claim", { who: c.side || enteredBy(c.entered_by) }));
  const table = el("table", { class: "claims" },
    el("caption", { class: "note" }, t("agree.the_points", "{word} {n}: the points", { word: dealWord(), n: d.deal })),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("agree.player", "Player")),
      el("th", { scope: "col" }, t("agree.ruling_cards", "Ruling (cards)")),
      ...claims.map((c) => el("th", { scope: "col" }, who(c))))),
    el("tbody", {}, ...names.map((n) => el("tr", {}, el("th", { scope: "row" }, n),
      el("td", {}, String(d.scores[n])),
      ...claims.map((c) => el("td", { class: c.scores && c.scores[n] !== d.scores[n]
        ? "parts" : null }, c.scores ? String(c.scores[n]) : "—"))))));
  const notes = claims.map((c) => {
    const cmp = c.comparison;
    if (cmp.agrees) {
      return el("p", { class: "agrees", "data-claim-side": c.side || "" },
        t("agree.agrees", "{who} agrees with the ruling.", { who: who(c) }));
    }
    const at = cmp.parts_at;
    const rest = (cmp.differences || []).slice(1);
    return el("div", { class: "parts-at", "data-claim-side": c.side || "" },
      el("p", {}, el("strong", {}, t("agree.parts_at", "{who} parts from the ruling at {step}", { who: who(c), step: at.step })), " ",
        ruleLink(at.rule), t("agree.ruling_says", ": the ruling says "), el("q", {}, named(at.ruling, d.ruling)),
        c.entry ? t("agree.the_entry", ", the entry ") : t("agree.the_claim", ", the claim "), el("q", {}, named(at.claim, d.ruling)),
        "."),
      (at.explanations || []).length ? el("ul", {}, ...at.explanations.map((x) =>
        el("li", {}, named(x, d.ruling)))) : null,
      rest.length ? el("p", { class: "note" }, t("agree.then", "Then: {rest}.", { rest: rest.map((x) =>
        t("agree.against", "{step}: {ruling} against {claim}", { step: x.step,
          ruling: named(x.ruling, d.ruling), claim: named(x.claim, d.ruling) })).join("; ") }))
        : null);
  });
  return el("section", { class: "claims-view", "data-claims": d.deal,
    "aria-labelledby": `claims-${d.deal}` },
  el("h2", { id: `claims-${d.deal}` }, t("agree.claims_beside", "{word} {n}: the claims beside the ruling", { word: dealWord(), n: d.deal })),
  table, ...notes);
}

// ------------------------------------------------------------------ the screens

/** Is deal `n` the one a clash on screen is about? Its box (screens/clash.js) answers it. */
function inClash(n) {
  const problem = S.clash && S.clash.problem;
  return Boolean(problem && problem.existing && problem.existing.deal === n);
}

/** Redraw #agree on the Play tab. */
export function renderAgree() {
  const box = $("#agree");
  const m = S.match;
  if (!box || !m) return;
  readMe();
  const live = S.ledger.filter((d) => d.status === "live");
  const parts = [];
  const reentry = m.reentry; // an earlier deal's cards, one by one: the rest waits till then
  for (const d of live) {
    if (reentry && reentry.deal !== d.deal) continue;
    if (d.agreement === "disputed") parts.push(disputedBox(d));
    else if (mayAnswer(d) && !inClash(d.deal)) parts.push(answerBox(d));
  }
  // The deal this phone saw settled one by one (shown beside what else waits), else the last
  // deal when it was ruled by its cards.
  const settled = live.find((d) => d.deal === justRuled() && d.agreement === "ruled");
  const last = settled || live[live.length - 1];
  if (last && last.agreement === "ruled" && (settled || !parts.length)) {
    const view = claimsView(last);
    if (view) parts.push(view);
  }
  if (open && !live.some((d) => d.deal === open.deal)) open = null;
  fill(box, ...parts);
  box.hidden = !parts.length;
  // Settling a dispute (its claim, its cards): the next deal's sheet waits.
  if (open) {
    const sheet = $("#sheet");
    if (sheet) sheet.hidden = true;
  }
}

const BADGE = () => ({ provisional: t("agree.to_confirm", "to confirm"),
  disputed: t("reentry.disputed", "disputed"), ruled: t("agree.ruled_cards", "ruled by the cards") });

/** Mark the ledger's rows with their agreement and put the claims under the table. */
export function renderAgreeLedger() {
  const box = $("#ledger");
  if (!box || !S.match) return;
  const byDeal = new Map(S.ledger.map((d) => [String(d.deal), d]));
  for (const row of $$("tr[data-deal]", box)) {
    const d = byDeal.get(row.dataset.deal);
    if (!d || d.status !== "live") continue;
    row.dataset.agreement = d.agreement || "";
    if (d.agreement === "disputed") row.classList.add("disputed");
    const first = row.firstElementChild;
    if (first && BADGE()[d.agreement]) {
      first.append(el("br"), el("span", { class: "badge " + d.agreement }, BADGE()[d.agreement]));
    }
    if (first && S.match.reentry && S.match.reentry.deal === d.deal) {
      first.append(el("br"), el("span", { class: "badge settling", "data-settling-row": d.deal },
        t("agree.cards_being_entered", "cards being entered")));
    }
    const last = row.lastElementChild;
    if (mySeat() !== null && last) { // voids stay with the shared write token
      for (const b of $$("[data-void]", last)) b.remove();
    }
    if (last && d.agreement !== "disputed" && canReenter(d)) { // a sheet or totals entry
      last.append(el("button", { type: "button", class: "small", "data-check-cards": d.deal,
        // the visible text first in the name (WCAG 2.5.3), then which deal
        "aria-label": t("agree.check_label", "Check by its cards: {word} {n}, one by one", { word: dealLower(), n: d.deal }),
        onclick: () => startReentry(d.deal) }, t("agree.check", "Check by its cards")));
    }
  }
  const views = S.ledger.filter((d) => d.status === "live").map(claimsView).filter(Boolean);
  if (views.length) box.append(...views.reverse());
}
