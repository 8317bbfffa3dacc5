// @ts-check
/* The Piquet score sheet (sheet.js draws the form around it): per category (point, sequence,
 * sets, Q5) who was good and with what, or "none announced"; the tricks elder won and the
 * points each counted in play, offered within what the tricks allow and checked together
 * before anything is sent (Q6, rules.js); carte
 * blanche (Q3) and pique (Q7) when they happened: a deal in at most 12 taps. And the totals,
 * the last resort: the points each hand scored. */
import { RANK_WORD } from "../cards.js";
import { el } from "../dom.js";
import { playFits, playRange } from "../rules.js";
import { S } from "../state.js";
import { ROLES, choices, pick } from "./picks.js";
import { t, tn } from "../language.js";

/** Piquet sequences by length (Q5). */
const SEQUENCE_NAMES = { 3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième",
  8: "huitième" };
/** Piquet ranks, high to low; sets count from the ten up (Q5). */
const PIQUET_RANKS = "AKQJT987".split("");
const SET_RANKS = "AKQJT".split("");
const NUMBER_WORD = { 3: "three", 4: "four" };

/** A new sheet's draft: nothing chosen yet. */
function newDraft() {
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

/** The sheet record of a Piquet draft (contract: Piquet sheet), and what is still missing. */
function record(d) {
  const missing = [];
  const sheet = {};
  const good = {};
  if (d.carte) sheet.carte_blanche = d.carte;
  const p = d.point;
  if (!p.who) missing.push(t("pq.m.point", "the point"));
  else if (p.who !== "none") {
    if (!p.cards) missing.push(t("pq.m.point_cards", "the point's cards"));
    else {
      const call = { cards: p.cards };
      if (String(p.pips).trim()) call.pips = Number(p.pips);
      sheet.point = p.who === "equal" ? { elder: call, younger: call } : { [p.who]: call };
      good.point = p.who;
    }
  }
  const q = d.sequence;
  if (!q.who) missing.push(t("pq.m.sequence", "the sequence"));
  else if (q.who !== "none") {
    if (!q.length) missing.push(t("pq.m.sequence_length", "the sequence's length"));
    else {
      const call = { length: q.length };
      if (q.top) call.top = q.top;
      sheet.sequence = q.who === "equal" ? { elder: call, younger: call } : { [q.who]: call };
      good.sequence = q.who;
    }
  }
  const st = d.sets;
  if (!st.who) missing.push(t("pq.m.sets", "the sets"));
  else if (st.who !== "none") {
    if (!st.sets.length) missing.push(t("pq.m.which_sets", "which sets"));
    else {
      sheet.sets = { [st.who]: st.sets.map((s) => ({ count: Number(s[0]), rank: s[1] })) };
      good.sets = st.who;
    }
  }
  if (Object.keys(good).length) sheet.good = good;
  if (d.tricks === null) missing.push(t("pq.m.tricks", "the tricks"));
  else sheet.tricks = { elder: d.tricks, younger: 12 - d.tricks };
  if (d.play.elder === null || d.play.younger === null) {
    missing.push(t("pq.m.play", "the points in play"));
  }
  else if (!playFits(d.tricks, d.play, S.match.options.lead_point)) {
    // Q6: each within his bounds, yet not together (the lead passes to whoever wins)
    missing.push(t("pq.m.play_fit", "points in play that fit together with the tricks (these cannot, Q6)"));
  }
  else sheet.play = { elder: d.play.elder, younger: d.play.younger };
  if (d.pique) sheet.pique = d.pique;
  return { sheet, missing };
}

/** The sheet's fields, category by category (Q3, Q5, Q6, Q7). */
function form(d, redraw, ctx) {
  const m = S.match;
  const name = { elder: ctx.elder, younger: ctx.younger };
  const who = (role) => `${name[role]} (${role === "elder" ? t("play.elder", "elder")
    : t("play.younger", "younger")})`;
  const set = (path, value) => {
    const [a, b] = path.split(".");
    if (b === undefined) d[a] = value;
    else d[a][b] = value;
    redraw();
  };
  const goodButtons = (cat, equalToo) => [
    ...ROLES.map((r) => pick(cat, `${cat}.who`, r, name[r], d[cat].who === r,
      (v) => set(`${cat}.who`, v))),
    equalToo ? pick(cat, `${cat}.who`, "equal", t("pq.equal", "Equal"), d[cat].who === "equal",
      (v) => set(`${cat}.who`, v)) : null,
    pick(`${cat}: none announced`, `${cat}.who`, "none", t("pq.none", "None"), d[cat].who === "none",
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
      } }, t("pq.no_declarations", "No declarations at all")),
    el("p", { class: "note" }, t("pq.sheet_note", "The sheet scores what was announced; what nobody announced scores nothing. Each his best counts only with the cards (enter the cards instead)."))));

  // Point (Q5): who was good, with how many cards (pips optional)
  const p = d.point;
  parts.push(choices(t("pq.point_good", "Point: who was good?"), goodButtons("point", true), "cols-4"));
  if (p.who && p.who !== "none") {
    parts.push(choices(p.who === "equal" ? t("pq.point_each", "Point: each had")
      : t("pq.point_had", "Point: {who} had", { who: who(p.who) }),
      [3, 4, 5, 6, 7, 8].map((n) => pick("Point", "point.cards", n, tn("pq.n_cards", "{n} card", "{n} cards", n),
        p.cards === n, (v) => set("point.cards", v))), "cols-3"),
    el("label", { class: "pips" }, t("pq.pips", "Pips (optional) "),
      el("input", { type: "number", inputmode: "numeric", min: 0, max: 88, name: "pips",
        value: p.pips, "aria-label": t("pq.pips_label", "Point: pips (optional)"),
        oninput: (event) => { p.pips = event.target.value; } })));
  }

  // Sequence (Q5): who was good, its length, its top card (optional)
  const q = d.sequence;
  parts.push(choices(t("pq.sequence_good", "Sequence: who was good?"), goodButtons("sequence", true), "cols-4"));
  if (q.who && q.who !== "none") {
    parts.push(choices(q.who === "equal" ? t("pq.sequence_each", "Sequence: each had")
      : t("pq.sequence_had", "Sequence: {who} had", { who: who(q.who) }),
      [3, 4, 5, 6, 7, 8].map((n) => pick("Sequence", "sequence.length", n,
        t(`setup.sequence.${SEQUENCE_NAMES[n]}`, SEQUENCE_NAMES[n]),
        q.length === n, (v) => set("sequence.length", v))), "cols-3"));
    if (q.length) {
      const tops = PIQUET_RANKS.filter((_, i) => i + q.length <= PIQUET_RANKS.length);
      parts.push(choices(t("pq.sequence_top", "Sequence: to the (optional)"), tops.map((r) => pick("Sequence top",
        "sequence.top", r, RANK_WORD[r], q.top === r,
        (v) => set("sequence.top", q.top === v ? null : v))), "cols-4"));
    }
  }

  // Sets (Q5): who was good, and every set he scored
  const st = d.sets;
  parts.push(choices(t("pq.sets_good", "Sets: who was good?"), goodButtons("sets", false), "cols-3"));
  if (st.who && st.who !== "none") {
    const all = [];
    for (const count of [4, 3]) {
      for (const rank of SET_RANKS) all.push(`${count}${rank}`);
    }
    parts.push(choices(t("pq.sets_scored", "Sets: {who} scored (tap each)", { who: who(st.who) }), all.map((code) => {
      const text = t(`pq.set.${code}`, `${NUMBER_WORD[code[0]]} ${RANK_WORD[code[1]]}s`);
      const on = st.sets.includes(code);
      return pick("Sets", "sets.sets", code, text, on, (v) => {
        st.sets = on ? st.sets.filter((x) => x !== v) : [...st.sets, v];
        redraw();
      });
    }), "cols-2"));
  }

  // The play (Q6): tricks, then the points each counted
  parts.push(choices(t("pq.tricks_won", "Tricks won by {who}", { who: who("elder") }),
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
    d.tricks === null ? null : t("pq.younger_won", "{who} won {n}.", { who: who("younger"), n: 12 - d.tricks })));
  if (d.tricks !== null) {
    for (const role of ROLES) {
      const [lo, hi] = playRange(role, d.tricks, m.options.lead_point);
      const values = [];
      for (let v = lo; v <= hi; v++) values.push(v);
      parts.push(choices(t("pq.points_in_play", "Points {who} counted in play", { who: who(role) }), values.map((v) =>
        pick(`${name[role]} in play`, `play.${role}`, v, String(v), d.play[role] === v,
          (x) => set(`play.${role}`, x))), "cols-7"));
    }
  }

  // Carte blanche (Q3) and pique (Q7): rare, so they default to "no"
  const rare = (legend, field, value) => choices(legend, [null, ...ROLES].map((r) =>
    pick(legend, field, r || "no", r ? name[r] : t("pq.no", "No"), value === r,
      (v) => set(field, v === "no" ? null : v))), "rare");
  parts.push(rare(t("pq.carte_blanche", "Carte blanche"), "carte", d.carte),
    rare(t("pq.pique", "Pique"), "pique", d.pique));
  return parts;
}

// ------------------------------------------------------------------ totals (last resort)

function newTotals() {
  return { scores: {} };
}

function totalsForm(d, redraw, ctx) {
  const parts = [];
  for (const role of ROLES) {
    parts.push(el("label", {}, t("pq.scored", "{player} ({role}) scored", { player: ctx[role],
      role: role === "elder" ? t("play.elder", "elder") : t("play.younger", "younger") }),
      el("input", { type: "number", inputmode: "numeric", min: 0, max: 999, name: role,
        "data-total": role, value: d.scores[role] === undefined ? "" : d.scores[role],
        oninput: (event) => { d.scores[role] = event.target.value; } })));
  }
  return parts;
}

function totalsRecord(d, ctx) {
  const missing = [];
  const scores = {};
  for (const role of ROLES) {
    if (d.scores[role] === undefined || String(d.scores[role]).trim() === "") {
      missing.push(t("pq.m.points_of", "{player}'s points", { player: ctx[role] }));
    } else scores[role] = Number(d.scores[role]);
  }
  return { totals: { scores }, missing };
}

/** The Piquet sheet and totals, as sheet.js asks a game for them. */
export const piquetSheet = { newDraft, form, record, newTotals, totalsForm, totalsRecord };
