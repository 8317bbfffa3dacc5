// @ts-check
/* The Pitch score sheet (sheet.js draws the form around it): the bids by button, only the
 * calls the auction allows (P3, rules.js), the pitcher and his bid worked out from them; then
 * who took High, Low, Jack (or "not out") and Game (or "tied") (P5): a hand in at most 8 taps
 * after the bids. In a game with more points, who took each of its points (the off-jack, the
 * jokers, the three, the ten …, V7). And the totals, the last resort: each standing's points
 * and the pitcher. */
import { SUIT_SYMBOL, SUIT_WORD } from "../cards.js";
import { el } from "../dom.js";
import { legalCalls, pitcherOf } from "../rules.js";
import { S } from "../state.js";
import { ruleLink } from "../verdict.js";
import { choices, pick } from "./picks.js";
import { t } from "../language.js";

/** A new sheet's draft; the bids as already written (a claim on a recorded hand), if any. */
function newDraft(ctx) {
  const bids = ctx.bids;
  return { bids: bids ? bids.slice() : [], trump: null, high: null, low: null, jack: undefined,
    game: undefined, single: false };
}

/** The standings a Pitch point can go to: [{seat, name}] (a side names its first seat). */
function pitchStandings() {
  const m = S.match;
  if (m.options.partnership) {
    return m.standings.map((s, i) => ({ seat: i, name: s.name }));
  }
  return m.players.map((p, seat) => ({ seat, name: p }));
}

/** The sheet record of a Pitch draft (contract: Pitch sheet), and what is still missing. */
function record(d) {
  const missing = [];
  const sheet = { bids: d.bids.slice() };
  const open = legalCalls(d.bids, S.match.players.length, S.match.options);
  if (open.length) missing.push(t("pt.m.bids", "the bids")); // the auction is not over (P3)
  if (d.trump) sheet.trump = d.trump;
  for (const key of ["high", "low"]) {
    if (d[key] === null) missing.push(key === "high" ? t("pt.high", "High") : t("pt.low", "Low"));
    else sheet[key] = d[key];
  }
  for (const key of pointsOf(S.match.options).filter((k) => k !== "high" && k !== "low")) {
    if (d[key] === undefined) missing.push(t(`pt.point.${key}`, POINT_NAME[key]));
    else sheet[key] = d[key];
  }
  if (d.single && !S.match.options.points) sheet.single_trump = true;
  return { sheet, missing };
}

/** Each point as the sheet names it (P5; the games with more points, V7). */
const POINT_NAME = { high: "High", low: "Low", jack: "the Jack", game: "Game",
  off_jack: "the off-jack", joker: "the joker", big_joker: "the big joker",
  little_joker: "the little joker", three: "the three", ten: "the ten", five: "the five",
  off_ace: "the off-ace", off_three: "the off-three" };
/** What a point's sheet row says when nobody took it (its card not in play; Game tied). */
const POINT_VALUE = { three: 3, five: 5, off_three: 3 };

/** The scoring points of the match's game (V7, V13): the 4-point game's four by default. */
function pointsOf(options) {
  return options.points || ["high", "low", "jack", "game"];
}

/** The sheet's fields: the bids, then (once the auction is over) the points of P5. */
function form(d, redraw, ctx) {
  const m = S.match;
  const n = m.players.length;
  const first = (ctx.dealerSeat + 1) % n;
  const parts = [];
  const calls = legalCalls(d.bids, S.match.players.length, S.match.options);
  if (d.bids.length) {
    parts.push(el("p", { class: "bids-so-far", "data-bids": d.bids.join(",") },
      t("pt.bids_so_far", "Bids: {bids}.", { bids: d.bids.map((c, i) =>
        `${m.players[(first + i) % n]} ${c === "pass" ? t("play.pass_word", "pass") : c}`)
        .join(", ") })));
  }
  if (calls.length) {
    const bidder = m.players[(first + d.bids.length) % n];
    parts.push(choices(t("pt.bids", "{player} bids", { player: bidder }),
      calls.map((call) => pick(`${bidder} bids`, "bid",
        call, call === "pass" ? t("play.pass", "Pass") : call === "pitch" ? t("play.pitch", "Pitch (4)")
          : t("play.bid", "Bid {call}", { call }), false,
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
      } }, t("pt.unbid", "↶ Take back the last bid")));
  }
  if (calls.length) return parts;
  const pitcher = pitcherOf(d.bids, ctx.dealerSeat, m.players.length, m.options);
  if (!pitcher) {
    parts.push(el("p", { class: "note" }, t("pt.all_passed", "Everybody passed: nothing to score, the deal passes on.")));
    return parts;
  }
  parts.push(el("p", { class: "pitcher" }, t("pt.pitches", "{player} pitches, bid {bid}.",
    { player: m.players[pitcher.seat], bid: pitcher.bid })));
  const who = pitchStandings();
  const row = (legend, field, extra) => choices(legend, [
    ...who.map((w) => pick(legend, field, w.seat, w.name, d[field] === w.seat,
      (v) => { d[field] = v; redraw(); })),
    extra ? pick(legend, field, "none", extra, d[field] === null,
      () => { d[field] = null; redraw(); }) : null,
  ], "cols-3");
  parts.push(choices(t("pt.trumps", "Trumps (optional)"), ["S", "H", "D", "C"].map((s) => pick("Trumps",
    "trump", s, `${SUIT_SYMBOL[s]} ${SUIT_WORD[s]}`, d.trump === s,
    (v) => { d.trump = d.trump === v ? null : v; redraw(); })), "cols-2 trumps"));
  const low = m.options.low === "holder" ? t("pt.low_dealt", "Low was dealt to")
    : t("pt.low_went", "Low went to"); // P8 option
  for (const key of pointsOf(m.options)) {
    if (key === "high") parts.push(row(t("pt.high_went", "High went to"), "high"));
    else if (key === "low") parts.push(row(low, "low"));
    else if (key === "game") parts.push(row(t("pt.game_went", "Game went to"), "game", t("pt.tied", "Tied")));
    else {
      const name = t(`pt.point.${key}`, POINT_NAME[key]);
      const worth = POINT_VALUE[key] ? t("pt.worth", " (worth {n})", { n: POINT_VALUE[key] }) : "";
      parts.push(row(t("pt.went_to", "{point} went to", { point: `${name[0].toUpperCase()}${name.slice(1)}${worth}` }), key,
        t("pt.not_out", "Not out")));
    }
  }
  if (m.options.points) return parts; // V7: no single-trump shortcut outside the 4-point game
  parts.push(el("label", { class: "check" }, el("input", { type: "checkbox",
    name: "single_trump", checked: d.single,
    onchange: (event) => { d.single = event.target.checked; redraw(); } }),
  t("pt.single_trump", "Only one trump was in play (it is High and Low) "), ruleLink("P5")));
  return parts;
}

// ------------------------------------------------------------------ totals (last resort)

/** The totals' draft; its pitcher: the referee's word when it has ruled (the ruling's
 * pitcher), else the same rule here (P3). */
function newTotals(ctx) {
  const m = S.match;
  const d = { scores: {}, pitcher: undefined };
  const p = pitcherOf(ctx.bids || [], ctx.dealerSeat, m.players.length, m.options);
  if (ctx.pitcher !== null && ctx.pitcher !== undefined) d.pitcher = ctx.pitcher;
  else if (p) d.pitcher = p.seat;
  return d;
}

function totalsForm(d, redraw) {
  const m = S.match;
  const parts = [];
  m.standings.forEach((s, i) => {
    parts.push(el("label", {}, t("pt.scored", "{player} scored", { player: s.name }),
      el("input", { type: "number", inputmode: "numeric", min: -(m.options.max_bid || 4),
        max: m.options.max_bid || 4, name: `s${i}`,
        "data-total": String(i), value: d.scores[i] === undefined ? "" : d.scores[i],
        oninput: (event) => { d.scores[i] = event.target.value; } })));
  });
  parts.push(el("label", {}, t("pt.the_pitcher", "The pitcher"),
    el("select", { name: "pitcher", onchange: (event) => {
      d.pitcher = event.target.value;
      redraw();
    } }, el("option", { value: "" }, t("pt.who_pitched", "who pitched?")), ...m.players.map((p, seat) =>
      el("option", { value: seat, selected: String(d.pitcher) === String(seat) }, p)))));
  return parts;
}

function totalsRecord(d) {
  const m = S.match;
  const missing = [];
  const scores = m.standings.map((_, i) => Number(d.scores[i] || 0));
  if (d.pitcher === undefined || d.pitcher === "") missing.push(t("pt.m.pitcher", "the pitcher"));
  return { totals: { scores, pitcher: Number(d.pitcher) }, missing };
}

/** The Pitch sheet and totals, as sheet.js asks a game for them. */
export const pitchSheet = { newDraft, form, record, newTotals, totalsForm, totalsRecord };
