/* A deal's ruling in words: what scored and why (Piquet: the counting order of its log). */
import { SUIT_WORD, cardWords, cardsInWords } from "./cards.js";
import { el } from "./dom.js";
import { penaltyWords } from "./screens/anyway.js";
import { S } from "./state.js";
import { named, ruleLink, verdictDetails } from "./verdict.js";

/** A <details> telling how ledger item `d` scored (null when there is nothing to say). */
export function rulingDetails(d, open) {
  const r = d.ruling || {};
  if (r.level === "sheet" || r.level === "totals") return verdictDetails(d, open);
  const items = [];
  if (Array.isArray(r.log)) {
    const name = { elder: r.elder, younger: r.younger };
    for (const e of r.log) {
      const who = name[e.who] || e.who;
      items.push(el("li", {}, `${who ? who + ": " : ""}${cardsInWords(e.what)}` +
        (e.points !== null && e.points !== undefined
          ? ` (${e.points < 0 ? e.points : "+" + e.points})` : "") +
        ` → ${r.elder} ${e.elder_total ?? 0}, ${r.younger} ${e.younger_total ?? 0}`));
    }
  } else if (r.points) {
    const m = S.match;
    const sideName = (side) => {
      const seats = (r.sides || [])[side] || [];
      return seats.map((s) => m.players[s]).join(" & ") || `side ${side}`;
    };
    const seatName = (a) => (a && a.seat !== null && a.seat !== undefined
      ? m.players[a.seat] : a && a.side !== null && a.side !== undefined ? sideName(a.side)
        : "nobody");
    if (r.pitcher !== null && r.pitcher !== undefined) {
      const bid = r.bid === null || r.bid === undefined ? "" : ` ${r.bid}`;
      items.push(el("li", {}, `${m.players[r.pitcher]} bid${bid}` +
        (r.trump ? `, trumps ${SUIT_WORD[r.trump]}` : "") +
        (r.made_bid === false ? " — set back" : r.made_bid ? " — made it" : "")));
    }
    for (const key of ["high", "low", "jack"]) {
      const a = r.points[key];
      if (a) items.push(el("li", {}, `${key[0].toUpperCase() + key.slice(1)}` +
        (a.card ? ` (${cardWords(a.card)})` : "") + `: ` +
        (a.side !== null && a.side !== undefined ? sideName(a.side) : seatName(a))));
    }
    if (r.points.game) {
      const game = r.points.game;
      items.push(el("li", {}, "Game: " + (game.side === null || game.side === undefined
        ? "tied, nobody" : sideName(game.side)) +
        (game.game_points ? ` (${game.game_points.join(" / ")})` : "")));
    }
  } else if (r.redeal) {
    items.push(el("li", {}, "Everybody passed: redeal."));
  }
  items.push(...irregularityItems(r));
  if (!items.length) return null;
  return el("details", { class: "ruling", open: open || null },
    el("summary", {}, `How deal ${d.deal} scored`), el("ol", {}, ...items));
}

/**
 * The irregularities of a ruling in words (issue 11.4): those the game's engine ruled (Pitch
 * P10 ``irregularities``: what, the penalty and its source) and the steps recorded anyway
 * (``recorded_anyway``: the consequence as the player read it before sending it).
 */
export function irregularityItems(r) {
  const items = [];
  const ruled = Array.isArray(r.irregularities) ? r.irregularities : [];
  for (const i of ruled) {
    const rule = i.rule || i.law;
    items.push(el("li", { class: "irregular", "data-irregularity": i.type || i.kind || "" },
      "Irregularity: ", named(i.what || i.consequence || i.type || i.kind || "", r),
      rule ? " " : null, ruleLink(rule)));
  }
  for (const n of Array.isArray(r.recorded_anyway) ? r.recorded_anyway : []) {
    const said = n.consequence || "";
    if (ruled.some((i) => i.penalty === n.penalty)) continue; // the engine's line says it
    items.push(el("li", { class: "irregular", "data-irregularity": n.irregularity },
      "Recorded anyway: ", named(said, r),
      ` (penalty: ${penaltyWords(n.penalty)})`));
  }
  return items;
}
