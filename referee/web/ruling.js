/* A deal's ruling in words: what scored and why (Piquet: the counting order of its log). */
import { SUIT_WORD, cardWords, cardsInWords } from "./cards.js";
import { el } from "./dom.js";
import { S } from "./state.js";
import { verdictDetails } from "./verdict.js";

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
        (e.points !== null && e.points !== undefined ? ` (+${e.points})` : "") +
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
  if (!items.length) return null;
  return el("details", { class: "ruling", open: open || null },
    el("summary", {}, `How deal ${d.deal} scored`), el("ol", {}, ...items));
}
