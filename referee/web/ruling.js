/* A deal's ruling in words: what scored and why (Piquet: the counting order of its log). */
import { SUIT_WORD, cardText } from "./cards.js";
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
      items.push(el("li", {}, `${name[e.who] || e.who}: ${e.what} (+${e.points}) → ` +
        `${r.elder} ${e.elder_total}, ${r.younger} ${e.younger_total}`));
    }
  } else if (r.points) {
    const m = S.match;
    const sideName = (side) => {
      const seats = (r.sides || [])[side] || [];
      return seats.map((s) => m.players[s]).join(" & ") || `side ${side}`;
    };
    const seatName = (a) => (a && a.seat !== null && a.seat !== undefined
      ? m.players[a.seat] : a ? sideName(a.side) : "nobody");
    if (r.pitcher !== null && r.pitcher !== undefined) {
      items.push(el("li", {}, `${m.players[r.pitcher]} bid ${r.bid}` +
        (r.trump ? `, trumps ${SUIT_WORD[r.trump]}` : "") +
        (r.made_bid === false ? " — set back" : r.made_bid ? " — made it" : "")));
    }
    for (const key of ["high", "low", "jack"]) {
      const a = r.points[key];
      if (a) items.push(el("li", {}, `${key[0].toUpperCase() + key.slice(1)} (` +
        `${cardText(a.card)}): ${a.side !== null ? sideName(a.side) : seatName(a)}`));
    }
    if (r.points.game) {
      items.push(el("li", {}, "Game: " + (r.points.game.side === null ? "tied, nobody"
        : sideName(r.points.game.side)) + ` (${r.points.game.game_points.join(" / ")})`));
    }
  } else if (r.redeal) {
    items.push(el("li", {}, "Everybody passed: redeal."));
  }
  if (!items.length) return null;
  return el("details", { class: "ruling", open: open || null },
    el("summary", {}, `How deal ${d.deal} scored`), el("ol", {}, ...items));
}
