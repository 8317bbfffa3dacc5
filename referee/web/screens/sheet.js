/* The score sheet: the default way to record a deal (issue 10.5), the line a table writes.
 *
 * Pitch: the bids by button (pitcher and bid come from them), then who took High, Low, Jack
 * (or "not out") and Game (or "tied"): a hand in at most 8 taps after the bids.
 * Piquet: per category (point, sequence, sets) who was good and with what, or "none
 * announced"; the tricks elder won; the points each counted in play; carte blanche and pique
 * when they happened: a deal in at most 12 taps.
 * "Enter the cards instead" (the card-by-card screen) and "just the totals" (the last resort)
 * are one tap away. Nothing is sent until "Record": one write, with its Idempotency-Key and
 * If-Match (match.js post()).
 *
 * sheetForm() is also the claim form of a dispute (screens/agree.js).
 */
import { RANK_WORD, SUIT_SYMBOL, SUIT_WORD } from "../cards.js";
import { pitcherOf } from "../deal.js";
import { $, el, fill } from "../dom.js";
import { post } from "../match.js";
import { S, render } from "../state.js";
import { saveMatch, savedMatch } from "../store.js";
import { groundsView, levelWords, ruleLink, scoresWords } from "../verdict.js";

const ROLES = ["elder", "younger"];
/** Piquet sequences by length (Q5). */
const SEQUENCE_NAMES = { 3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième",
  8: "huitième" };
/** Piquet ranks, high to low; sets count from the ten up (Q5). */
const PIQUET_RANKS = "AKQJT987".split("");
const SET_RANKS = "AKQJT".split("");
const NUMBER_WORD = { 3: "three", 4: "four" };

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

// ------------------------------------------------------------------ small builders

/** A big choice button: aria-pressed, data-pick="<field>=<value>", named with its group. */
function pick(group, field, value, text, chosen, onPick) {
  return el("button", {
    type: "button",
    class: "pick" + (chosen ? " chosen" : ""),
    "data-pick": `${field}=${value}`,
    "aria-pressed": chosen ? "true" : "false",
    "aria-label": `${group}: ${text}`,
    onclick: () => onPick(value),
  }, text);
}

/** A fieldset of choice buttons: legend, then the buttons in a grid. */
function choices(legend, buttons, cls, help) {
  return el("fieldset", { class: "picks " + (cls || "") },
    el("legend", {}, legend),
    help ? el("p", { class: "note" }, help) : null,
    el("div", { class: "pick-row" }, ...buttons));
}

// ------------------------------------------------------------------ Piquet

function newPiquetDraft() {
  return {
    point: { who: null, cards: null, pips: "" },
    sequence: { who: null, length: null, top: null },
    sets: { who: null, sets: [] },
    carte: null,
    tricks: null,
    play: { elder: null, younger: null },
    pique: null,
  };
}

/** The most and least each can count in play with `tricks` (Q6; see referee/piquet/sheet.py). */
export function playRange(role, elderTricks, leadPoint) {
  const te = elderTricks;
  const ty = 12 - te;
  if (role === "elder") {
    const hi = te + 1 + Math.min(te, ty);
    return [leadPoint === "every" ? te + 1 : 0, hi];
  }
  const hi = ty + Math.min(ty, te + 1);
  return [leadPoint === "every" ? ty + (ty > 0 ? 1 : 0) : 0, hi];
}

/** The sheet record of a Piquet draft (contract: Piquet sheet), or null with what is missing. */
function piquetRecord(d) {
  const missing = [];
  const sheet = {};
  const good = {};
  if (d.carte) sheet.carte_blanche = d.carte;
  const p = d.point;
  if (!p.who) missing.push("the point");
  else if (p.who !== "none") {
    if (!p.cards) missing.push("the point's cards");
    else {
      const call = { cards: p.cards };
      if (String(p.pips).trim()) call.pips = Number(p.pips);
      sheet.point = p.who === "equal" ? { elder: call, younger: call } : { [p.who]: call };
      good.point = p.who;
    }
  }
  const q = d.sequence;
  if (!q.who) missing.push("the sequence");
  else if (q.who !== "none") {
    if (!q.length) missing.push("the sequence's length");
    else {
      const call = { length: q.length };
      if (q.top) call.top = q.top;
      sheet.sequence = q.who === "equal" ? { elder: call, younger: call } : { [q.who]: call };
      good.sequence = q.who;
    }
  }
  const t = d.sets;
  if (!t.who) missing.push("the sets");
  else if (t.who !== "none") {
    if (!t.sets.length) missing.push("which sets");
    else {
      sheet.sets = { [t.who]: t.sets.map((s) => ({ count: Number(s[0]), rank: s[1] })) };
      good.sets = t.who;
    }
  }
  if (Object.keys(good).length) sheet.good = good;
  if (d.tricks === null) missing.push("the tricks");
  else sheet.tricks = { elder: d.tricks, younger: 12 - d.tricks };
  if (d.play.elder === null || d.play.younger === null) missing.push("the points in play");
  else sheet.play = { elder: d.play.elder, younger: d.play.younger };
  if (d.pique) sheet.pique = d.pique;
  return { sheet, missing };
}

function piquetForm(d, redraw, ctx) {
  const m = S.match;
  const name = { elder: ctx.elder, younger: ctx.younger };
  const who = (role) => `${name[role]} (${role})`;
  const set = (path, value) => {
    const [a, b] = path.split(".");
    if (b === undefined) d[a] = value;
    else d[a][b] = value;
    redraw();
  };
  const goodButtons = (cat, equalToo) => [
    ...ROLES.map((r) => pick(cat, `${cat}.who`, r, name[r], d[cat].who === r,
      (v) => set(`${cat}.who`, v))),
    equalToo ? pick(cat, `${cat}.who`, "equal", "Equal", d[cat].who === "equal",
      (v) => set(`${cat}.who`, v)) : null,
    pick(`${cat}: none announced`, `${cat}.who`, "none", "None", d[cat].who === "none",
      (v) => set(`${cat}.who`, v)),
  ];
  const parts = [];
  const allNone = ["point", "sequence", "sets"].every((c) => d[c].who === "none");
  parts.push(el("div", { class: "decl-all" },
    el("button", { type: "button", class: "pick wide" + (allNone ? " chosen" : ""),
      "data-pick": "declarations=none", "aria-pressed": allNone ? "true" : "false",
      onclick: () => {
        for (const c of ["point", "sequence", "sets"]) d[c].who = "none";
        redraw();
      } }, "No declarations at all"),
    el("p", { class: "note" }, "The sheet scores what was announced; what nobody announced " +
      "scores nothing. Each his best counts only with the cards (enter the cards instead).")));

  // Point (Q5): who was good, with how many cards (pips optional)
  const p = d.point;
  parts.push(choices("Point: who was good?", goodButtons("point", true), "cols-4"));
  if (p.who && p.who !== "none") {
    parts.push(choices(p.who === "equal" ? "Point: each had" : `Point: ${who(p.who)} had`,
      [3, 4, 5, 6, 7, 8].map((n) => pick("Point", "point.cards", n, `${n} cards`,
        p.cards === n, (v) => set("point.cards", v))), "cols-3"),
    el("label", { class: "pips" }, "Pips (optional) ",
      el("input", { type: "number", inputmode: "numeric", min: 0, max: 88, name: "pips",
        value: p.pips, "aria-label": "Point: pips (optional)",
        oninput: (event) => { p.pips = event.target.value; } })));
  }

  // Sequence (Q5): who was good, its length, its top card (optional)
  const q = d.sequence;
  parts.push(choices("Sequence: who was good?", goodButtons("sequence", true), "cols-4"));
  if (q.who && q.who !== "none") {
    parts.push(choices(q.who === "equal" ? "Sequence: each had" : `Sequence: ${who(q.who)} had`,
      [3, 4, 5, 6, 7, 8].map((n) => pick("Sequence", "sequence.length", n, SEQUENCE_NAMES[n],
        q.length === n, (v) => set("sequence.length", v))), "cols-3"));
    if (q.length) {
      const tops = PIQUET_RANKS.filter((_, i) => i + q.length <= PIQUET_RANKS.length);
      parts.push(choices("Sequence: to the (optional)", tops.map((r) => pick("Sequence top",
        "sequence.top", r, RANK_WORD[r], q.top === r,
        (v) => set("sequence.top", q.top === v ? null : v))), "cols-4"));
    }
  }

  // Sets (Q5): who was good, and every set he scored
  const t = d.sets;
  parts.push(choices("Sets: who was good?", goodButtons("sets", false), "cols-3"));
  if (t.who && t.who !== "none") {
    const all = [];
    for (const count of [4, 3]) {
      for (const rank of SET_RANKS) all.push(`${count}${rank}`);
    }
    parts.push(choices(`Sets: ${who(t.who)} scored (tap each)`, all.map((code) => {
      const text = `${NUMBER_WORD[code[0]]} ${RANK_WORD[code[1]]}s`;
      const on = t.sets.includes(code);
      return pick("Sets", "sets.sets", code, text, on, (v) => {
        t.sets = on ? t.sets.filter((x) => x !== v) : [...t.sets, v];
        redraw();
      });
    }), "cols-2"));
  }

  // The play (Q6): tricks, then the points each counted
  parts.push(choices(`Tricks won by ${who("elder")}`,
    Array.from({ length: 13 }, (_, n) => pick(`Tricks won by ${name.elder}`, "tricks", n,
      String(n), d.tricks === n, (v) => {
        d.tricks = v;
        for (const role of ROLES) {
          const [lo, hi] = playRange(role, v, m.options.lead_point);
          const now = d.play[role];
          d.play[role] = lo === hi ? lo : now !== null && now >= lo && now <= hi ? now : null;
        }
        redraw();
      })), "cols-7",
    d.tricks === null ? null : `${who("younger")} won ${12 - d.tricks}.`));
  if (d.tricks !== null) {
    for (const role of ROLES) {
      const [lo, hi] = playRange(role, d.tricks, m.options.lead_point);
      const values = [];
      for (let v = lo; v <= hi; v++) values.push(v);
      parts.push(choices(`Points ${who(role)} counted in play`, values.map((v) =>
        pick(`${name[role]} in play`, `play.${role}`, v, String(v), d.play[role] === v,
          (x) => set(`play.${role}`, x))), "cols-7"));
    }
  }

  // Carte blanche (Q3) and pique (Q7): rare, so they default to "no"
  const rare = (legend, field, value) => choices(legend, [null, ...ROLES].map((r) =>
    pick(legend, field, r || "no", r ? name[r] : "No", value === r,
      (v) => set(field, v === "no" ? null : v))), "rare");
  parts.push(rare("Carte blanche", "carte", d.carte), rare("Pique", "pique", d.pique));
  return parts;
}

// ------------------------------------------------------------------ Pitch

function newPitchDraft(bids) {
  return { bids: bids ? bids.slice() : [], trump: null, high: null, low: null, jack: undefined,
    game: undefined, single: false };
}

/**
 * The calls open to the next bidder (P3 with the table's P8 options); [] when the auction is
 * over. `bids` are the calls so far from the dealer's left.
 */
export function legalCalls(bids) {
  const m = S.match;
  const n = m.players.length;
  const o = m.options || {};
  if (bids.length >= n || bids.includes("pitch")) return [];
  const numeric = bids.filter((b) => b !== "pass").map(Number);
  const high = numeric.length ? Math.max(...numeric) : 0;
  const least = Math.max(o.min_bid || 1, high + 1);
  const dealer = bids.length === n - 1;
  const calls = [];
  const allPassed = !numeric.length;
  const stuck = o.stuck_dealer_min === undefined ? 2 : o.stuck_dealer_min;
  if (!(dealer && allPassed && stuck !== null)) calls.push("pass");
  let from = least;
  if (dealer && allPassed && stuck !== null) from = Math.max(stuck, o.min_bid || 1);
  if (dealer && high > 0) {
    const steal = o.dealer_steal || "match_below_4";
    if (steal === "match_any" || (steal === "match_below_4" && high < 4)) from = high;
  }
  for (let b = from; b <= 4; b++) calls.push(b);
  if (!bids.some((b) => b === 4)) calls.push("pitch");
  return calls;
}

/** The standings a Pitch point can go to: [{seat, name}] (a side names its first seat). */
function pitchStandings() {
  const m = S.match;
  if (m.options.partnership) {
    return m.standings.map((s, i) => ({ seat: i, name: s.name }));
  }
  return m.players.map((p, seat) => ({ seat, name: p }));
}

function pitchRecord(d) {
  const missing = [];
  const sheet = { bids: d.bids.slice() };
  if (legalCalls(d.bids).length) missing.push("the bids");
  if (d.trump) sheet.trump = d.trump;
  for (const key of ["high", "low"]) {
    if (d[key] === null) missing.push(key === "high" ? "High" : "Low");
    else sheet[key] = d[key];
  }
  if (d.jack === undefined) missing.push("the Jack");
  else sheet.jack = d.jack;
  if (d.game === undefined) missing.push("Game");
  else sheet.game = d.game;
  if (d.single) sheet.single_trump = true;
  return { sheet, missing };
}

function pitchForm(d, redraw, ctx) {
  const m = S.match;
  const n = m.players.length;
  const first = (ctx.dealerSeat + 1) % n;
  const parts = [];
  const calls = legalCalls(d.bids);
  if (d.bids.length) {
    parts.push(el("p", { class: "bids-so-far", "data-bids": d.bids.join(",") }, "Bids: " +
      d.bids.map((c, i) => `${m.players[(first + i) % n]} ${c === "pass" ? "pass" : c}`)
        .join(", ") + "."));
  }
  if (calls.length) {
    const bidder = m.players[(first + d.bids.length) % n];
    parts.push(choices(`${bidder} bids`, calls.map((call) => pick(`${bidder} bids`, "bid",
      call, call === "pass" ? "Pass" : call === "pitch" ? "Pitch (4)" : `Bid ${call}`, false,
      (v) => {
        d.bids.push(v);
        redraw();
      })), "cols-3 bids-pick"));
  }
  if (d.bids.length) {
    parts.push(el("button", { type: "button", class: "small", id: "sheet-unbid",
      onclick: () => {
        d.bids.pop();
        redraw();
      } }, "↶ Take back the last bid"));
  }
  if (calls.length) return parts;
  const pitcher = pitcherOf(d.bids, ctx.dealerSeat, m.players.length);
  if (!pitcher) {
    parts.push(el("p", { class: "note" }, "Everybody passed: nothing to score, the deal " +
      "passes on."));
    return parts;
  }
  parts.push(el("p", { class: "pitcher" }, `${m.players[pitcher.seat]} pitches, bid ` +
    `${pitcher.bid}.`));
  const who = pitchStandings();
  const row = (legend, field, extra) => choices(legend, [
    ...who.map((w) => pick(legend, field, w.seat, w.name, d[field] === w.seat,
      (v) => { d[field] = v; redraw(); })),
    extra ? pick(legend, field, "none", extra, d[field] === null,
      () => { d[field] = null; redraw(); }) : null,
  ], "cols-3");
  parts.push(choices("Trumps (optional)", ["S", "H", "D", "C"].map((s) => pick("Trumps",
    "trump", s, `${SUIT_SYMBOL[s]} ${SUIT_WORD[s]}`, d.trump === s,
    (v) => { d.trump = d.trump === v ? null : v; redraw(); })), "cols-2 trumps"));
  const low = m.options.low === "holder" ? "Low was dealt to" : "Low went to"; // P8 option
  parts.push(row("High went to", "high"), row(low, "low"),
    row("Jack went to", "jack", "Not out"), row("Game went to", "game", "Tied"));
  parts.push(el("label", { class: "check" }, el("input", { type: "checkbox",
    name: "single_trump", checked: d.single,
    onchange: (event) => { d.single = event.target.checked; redraw(); } }),
  "Only one trump was in play (it is High and Low) ", ruleLink("P5")));
  return parts;
}

// ------------------------------------------------------------------ totals (last resort)

function totalsForm(d, redraw, ctx) {
  const m = S.match;
  const parts = [el("p", { class: "note" }, "Just the deal's points, when nothing else is " +
    "known: the referee can only check they are possible in one deal.")];
  if (m.game === "piquet") {
    for (const role of ROLES) {
      parts.push(el("label", {}, `${ctx[role]} (${role}) scored`,
        el("input", { type: "number", inputmode: "numeric", min: 0, max: 999, name: role,
          "data-total": role, value: d.scores[role] === undefined ? "" : d.scores[role],
          oninput: (event) => { d.scores[role] = event.target.value; } })));
    }
  } else {
    const standings = m.standings.map((s) => s.name);
    standings.forEach((name, i) => {
      parts.push(el("label", {}, `${name} scored`,
        el("input", { type: "number", inputmode: "numeric", min: -4, max: 4, name: `s${i}`,
          "data-total": String(i), value: d.scores[i] === undefined ? "" : d.scores[i],
          oninput: (event) => { d.scores[i] = event.target.value; } })));
    });
    parts.push(el("label", {}, "The pitcher",
      el("select", { name: "pitcher", onchange: (event) => {
        d.pitcher = event.target.value;
        redraw();
      } }, el("option", { value: "" }, "who pitched?"), ...m.players.map((p, seat) =>
        el("option", { value: seat, selected: String(d.pitcher) === String(seat) }, p)))));
  }
  return parts;
}

function totalsRecord(d, ctx) {
  const m = S.match;
  const missing = [];
  if (m.game === "piquet") {
    const scores = {};
    for (const role of ROLES) {
      if (d.scores[role] === undefined || String(d.scores[role]).trim() === "") {
        missing.push(`${ctx[role]}'s points`);
      } else scores[role] = Number(d.scores[role]);
    }
    return { totals: { scores }, missing };
  }
  const scores = m.standings.map((_, i) => Number(d.scores[i] || 0));
  if (d.pitcher === undefined || d.pitcher === "") missing.push("the pitcher");
  return { totals: { scores, pitcher: Number(d.pitcher) }, missing };
}

// ------------------------------------------------------------------ the form

/**
 * The score-sheet (or totals) form for purpose `key` ("record" or "claim:<n>"): `level`
 * "sheet" | "totals"; `submit(body)` gets {"sheet": …} or {"totals": …}; `label` names the
 * button. Returns the form element.
 */
export function sheetForm({ key, level, submit, label, id, deal }) {
  const m = S.match;
  const ctx = deal || currentContext();
  const draftKey = `${S.id}:${ctx.number}:${key}:${level}`;
  if (!drafts.has(draftKey)) {
    drafts.set(draftKey, level === "totals" ? { scores: {} }
      : m.game === "piquet" ? newPiquetDraft() : newPitchDraft(ctx.bids));
  }
  const d = drafts.get(draftKey);
  if (level === "totals" && d.pitcher === undefined && m.game === "pitch") {
    // The referee's word when it has ruled (the ruling's pitcher), else the same rule here.
    const p = pitcherOf(ctx.bids || [], ctx.dealerSeat, m.players.length);
    if (ctx.pitcher !== null && ctx.pitcher !== undefined) d.pitcher = ctx.pitcher;
    else if (p) d.pitcher = p.seat;
  }
  const build = () => {
    if (level === "totals") return totalsRecord(d, ctx);
    return m.game === "piquet" ? piquetRecord(d) : pitchRecord(d);
  };
  const form = el("form", { class: "sheet-form", id: id || null, "data-level": level,
    onsubmit: (event) => {
      event.preventDefault();
      const { missing, ...body } = build();
      if (missing.length) return;
      submit(body, () => drafts.delete(draftKey));
    } });
  const button = el("button", { type: "submit", class: "primary big", "data-submit": key },
    label);
  const note = el("p", { class: "note missing", "aria-live": "polite" });
  const update = () => {
    const { missing } = build();
    note.textContent = missing.length ? `Still to fill in: ${missing.join(", ")}.` : "";
    button.disabled = missing.length > 0 || S.busy;
  };
  const redraw = () => {
    const fields = level === "totals" ? totalsForm(d, redraw, ctx)
      : m.game === "piquet" ? piquetForm(d, redraw, ctx) : pitchForm(d, redraw, ctx);
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
  const who = pending.map((a) => `${a.player} (${a.role})`).join(" and ");
  return el("fieldset", { class: "picks cols-3 declarations-choice" },
    el("legend", {}, `Declarations of ${who} `, ruleLink("Q5")),
    el("div", { class: "pick-row" },
      el("button", { type: "button", class: "pick", "data-announced": "none",
        onclick: () => send("none") }, "None announced"),
      el("button", { type: "button", class: "pick", "data-announced": "best",
        onclick: () => send("best") }, "Each his best"),
      el("button", { type: "button", class: "pick", "data-announced": "as_announced",
        onclick: () => {
          S.declaring = { role: pending[0].role, point: "", sequence: "", sets: [],
            carte_blanche: false };
          render();
        } }, "As announced…")),
    el("p", { class: "note" }, "Say it before the first card: a declaration left out is " +
      "counted as each his best."));
}

/** The deal this phone has just recorded (its answer is shown open). */
let justRecorded = null;

/** The last deal's answer, above the next sheet: its points, agreement and grounds. */
function lastAnswer() {
  const live = S.ledger.filter((d) => d.status === "live");
  const d = live[live.length - 1];
  if (!d || !d.ruling) return [];
  const word = S.match.game === "piquet" ? "Deal" : "Hand";
  const agreement = { provisional: S.match.auto_confirm_on
    ? " · confirmed when the next deal starts" : " · waiting for the other side to confirm",
    confirmed: " · confirmed", disputed: " · disputed", ruled: " · ruled by its cards" };
  const view = groundsView(d.ruling);
  return [el("details", { class: "last-answer", id: "last-answer", "data-deal": d.deal,
    open: justRecorded === d.deal || null },
  el("summary", {}, el("strong", {}, `${word} ${d.deal}: ${scoresWords(d.scores)}`),
    d.agreement === "ruled" ? " · ruled by its cards"
      : ` ${levelWords(d.level)}${agreement[d.agreement] || ""}`),
  view || el("p", { class: "note" }, "Scored by its cards (the Score tab has the details)."))];
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
      onclick: () => setEntryMode("cards") }, "Enter the cards instead") : null,
    mode !== "sheet" ? el("button", { type: "button", id: "entry-sheet", class: "small",
      onclick: () => setEntryMode("sheet") }, "Use the score sheet") : null,
    mode === "sheet" ? el("button", { type: "button", id: "entry-totals", class: "small",
      onclick: () => setEntryMode("totals") }, "Just the totals") : null);
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
  const word = m.game === "piquet" ? "Deal" : "Hand";
  const queued = (S.pending || []).find((e) => e.path === "/deals");
  if (queued) {
    // Written, not yet sent (no network): the queue sends it once, as soon as it can.
    const number = (queued.body && queued.body.deal) || m.deal_number;
    const clashed = S.clash && S.clash.entry.n === queued.n;
    if (turn) {
      fill(turn, `${word} ${number}: the score sheet`, el("small", {}, clashed
        ? "Another phone recorded it too: choose below." : "Written, waiting to be sent."));
      turn.dataset.entry = mode;
    }
    fill(box, el("p", { class: "answer-box", id: "sheet-waiting", role: "status" },
      clashed ? `${word} ${number} from this phone meets another phone's entry: choose ` +
        "above what happened."
        : `${word} ${number} is written and waits to be sent: it is recorded as soon as ` +
        "the phone is back online. Nothing more to do."));
    return;
  }
  const title = m.game === "piquet"
    ? `Deal ${m.deal_number}: the score sheet`
    : `Hand ${m.deal_number}: the score sheet`;
  const sub = m.game === "piquet" ? `${m.elder} is elder, ${m.younger} deals.`
    : `${m.dealer.player} deals; ${m.players[(m.dealer.seat + 1) % m.players.length]} bids ` +
      "first.";
  if (turn) {
    fill(turn, mode === "totals" ? `${word} ${m.deal_number}: just the totals` : title,
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
