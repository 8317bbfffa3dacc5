// @ts-check
/* A deal's ruling in words: what scored and why (Piquet: the counting order of its log). */
import { SUIT_WORD, cardWords, cardsInWords } from "./cards.js";
import { el } from "./dom.js";
import { penaltyWords } from "./screens/anyway.js";
import { t } from "./language.js";
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
      return seats.map((s) => m.players[s]).join(" & ") || t("ruling.side", "side {side}",
        { side });
    };
    const seatName = (a) => (a && a.seat !== null && a.seat !== undefined
      ? m.players[a.seat] : a && a.side !== null && a.side !== undefined ? sideName(a.side)
        : t("ruling.nobody", "nobody"));
    if (r.pitcher !== null && r.pitcher !== undefined) {
      const player = m.players[r.pitcher];
      items.push(el("li", {}, (r.bid === null || r.bid === undefined
        ? t("ruling.bid_no_number", "{player} bid", { player })
        : t("ruling.bid", "{player} bid {bid}", { player, bid: r.bid })) +
        (r.trump ? t("ruling.trumps", ", trumps {suit}",
          { suit: t(`ruling.suit.${r.trump}`, SUIT_WORD[r.trump]) }) : "") +
        (r.made_bid === false ? t("ruling.set_back", " — set back")
          : r.made_bid ? t("ruling.made_it", " — made it") : "")));
    }
    // P5; in a game with more points each of its points (V7), in the order it counts them.
    for (const key of pointKeys(r).filter((k) => k !== "game")) {
      const a = r.points[key];
      if (a) items.push(el("li", {}, pointWords(key) +
        (a.card ? ` (${cardWords(a.card)})` : "") + `: ` +
        (a.side !== null && a.side !== undefined ? sideName(a.side) : seatName(a))));
    }
    if (r.points.game) {
      const game = r.points.game;
      items.push(el("li", {}, t("ruling.game", "Game: {who}", { who: game.side === null ||
        game.side === undefined ? t("ruling.tied", "tied, nobody") : sideName(game.side) }) +
        (game.game_points ? ` (${game.game_points.join(" / ")})` : "")));
    }
  } else if (r.redeal) {
    items.push(el("li", {}, t("ruling.redeal", "Everybody passed: redeal.")));
  }
  items.push(...irregularityItems(r));
  if (!items.length) return null;
  return el("details", { class: "ruling", open: open || null },
    el("summary", {}, t("ruling.how", "How deal {n} scored", { n: d.deal })),
    el("ol", {}, ...items));
}

/**
 * The irregularities of a ruling in words (P10, Q12): those the game's engine ruled (Pitch
 * P10 ``irregularities``: what, the penalty and its source) and the steps recorded anyway
 * (``recorded_anyway``: the consequence as the player read it before sending it).
 */
export function irregularityItems(r) {
  const items = [];
  const ruled = Array.isArray(r.irregularities) ? r.irregularities : [];
  for (const i of ruled) {
    const rule = i.rule || i.law;
    items.push(el("li", { class: "irregular", "data-irregularity": i.type || i.kind || "" },
      t("ruling.irregularity", "Irregularity: "), named(i.what || i.consequence || i.type || i.kind || "", r),
      rule ? " " : null, ruleLink(rule)));
  }
  for (const n of Array.isArray(r.recorded_anyway) ? r.recorded_anyway : []) {
    const said = n.consequence || "";
    if (ruled.some((i) => i.penalty === n.penalty)) continue; // the engine's line says it
    items.push(el("li", { class: "irregular", "data-irregularity": n.irregularity },
      t("ruling.recorded_anyway", "Recorded anyway: "), named(said, r),
      t("ruling.penalty", " (penalty: {penalty})", { penalty: penaltyWords(n.penalty) })));
  }
  return items;
}

/** The Q8 counting steps in words (Piquet `counts[].step`); capot is the cards' 40. */
const STEP_WORDS = {
  carte_blanche: "carte blanche", point: "point", sequence: "sequence", sets: "sets",
  play: "play", cards: "the cards", capot: "capot", repique: "repique", pique: "pique",
  penalty: "penalty",
};

const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/**
 * The points of a ruling in the order the game counts them (P5: High, Low, Jack, Game; a game
 * with more points: its `points` option, V7), whatever order the answer's keys come in.
 */
function pointKeys(r) {
  const order = (S.match && S.match.options.points) || ["high", "low", "jack", "game"];
  return order.filter((k) => k in r.points);
}

/** A scoring point in words (P5, V7): "High", "Off-jack", "Big joker", "Three (3)". */
function pointWords(key) {
  const words = key.replace("off_", "off-").replace("_", " ");
  const worth = { three: 3, five: 5, off_three: 3 }[key];
  return t(`ruling.point.${key}`,
    words[0].toUpperCase() + words.slice(1) + (worth ? ` (${worth})` : ""));
}

/**
 * How ledger item `d` scored, by declaration and per player, in one line each — from the
 * ruling's data: Piquet its `counts` (point, sequence, sets, carte blanche, repique or pique,
 * the cards or capot, play, as Q8 counts them), Pitch its `points` (high, low, jack, game;
 * a pitcher set back). [] when the ruling has no breakdown (totals, a redeal, a void).
 */
export function breakdownLines(d) {
  const r = d.ruling || {};
  const m = S.match;
  const scores = d.scores || {};
  if (Array.isArray(r.counts) && r.elder && r.younger) {
    return ["elder", "younger"].map((role) => {
      const name = r[role];
      const parts = new Map();
      for (const c of r.counts) {
        if (c.who !== role || !c.points) continue;
        const step = c.step === "cards" && c.points === 40 ? "capot" : c.step;
        parts.set(step, (parts.get(step) || 0) + c.points);
      }
      const words = [...parts].map(([step, p]) => `${STEP_WORDS[step]
        ? t(`ruling.step.${step}`, STEP_WORDS[step]) : step} ${p}`);
      return `${name}: ${words.length ? words.join(", ") : t("ruling.nothing", "nothing")} = ` +
        `${scores[name] ?? 0}`;
    });
  }
  if (r.points && Array.isArray(r.sides)) {
    const names = m.standings.map((s) => s.name);
    return r.sides.map((_, side) => {
      const won = pointKeys(r).filter((k) => r.points[k] &&
        r.points[k].side === side).map((k) => (r.variant ? pointWords(k)
        : t(`ruling.won.${k}`, k)));
      const name = names[side];
      const words = won.length ? [won.join(", ")] : [];
      if (r.pitcher_side === side && r.made_bid === false) {
        words.push(t("ruling.set_back_by", "set back {bid}", { bid: r.bid }));
      }
      return `${name}: ${words.length ? words.join("; ") : t("ruling.nothing", "nothing")} = ` +
        `${signed(scores[name] ?? 0)}`;
    });
  }
  return [];
}

/** Ledger item `d` explained: its breakdown (always shown) and how it scored (details). */
export function dealExplained(d) {
  const lines = breakdownLines(d);
  const details = rulingDetails(d, false);
  if (!lines.length && !details) return null;
  return el("section", { class: "deal-how", "data-deal-how": d.deal,
    "aria-label": t("ruling.deal", "Deal {n}", { n: d.deal }) },
  lines.length ? el("p", { class: "breakdown" }, el("b", {}, t("ruling.deal_lead", "Deal {n}. ",
    { n: d.deal })),
    ...lines.flatMap((line, i) => (i ? [el("br"), line] : [line]))) : null,
  details);
}
