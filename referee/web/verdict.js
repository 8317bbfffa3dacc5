// @ts-check
/* The referee's answer in words: what it checked, worked out and took on trust, each with its
 * rule section linked to the rules pages (/rules/Q5), and refusals as the sentence a player
 * reads with its section. Names replace "the elder hand", "seat 2" and "side 1". */
import { cardsInWords } from "./cards.js";
import { el } from "./dom.js";
import { S } from "./state.js";
import { t } from "./language.js";

/** A section the rules pages know: P1–P10, Q1–Q12, V1–V15, a law of Piquet (PT 1–78, "PT 59
 * III"). */
const SECTION = /^([PQV][1-9][0-9]?|PT ?[1-9][0-9]?|PT ?59 (I|II|III|IV|V))$/;

/**
 * Where the rules pages show section `rule`: "Q5" → /rules/Q5, "PT 54" → /rules/PT54; null
 * when it is no section ("" or a source's name).
 * @param {string} rule
 * @returns {string | null}
 */
export function rulePath(rule) {
  return SECTION.test(rule) ? `/rules/${rule.replace(/ /g, "")}` : null;
}

/** A link to rule section `rule` (:func:`rulePath`), or its text when it is no section. */
export function ruleLink(rule) {
  if (!rule) return null;
  const path = rulePath(rule);
  if (path === null) return el("span", { class: "rule" }, rule);
  return el("a", { class: "rule", href: path, target: "_blank", rel: "noopener",
    title: t("verdict.rule_title", "Rule {rule} (opens the rules)", { rule }) }, rule);
}

/** The seats of side `side` of a Pitch ruling, as names ("Ann & Cid"). */
function sideNames(ruling, side) {
  const m = S.match;
  const seats = ((ruling && ruling.sides) || [])[side] || [side];
  return seats.map((s) => m.players[s]).join(" & ");
}

/**
 * A referee's sentence with the players' names: "the elder hand" → "Bill (elder)", "seat 2" →
 * "Cid", "side 1" → "Bob & Dan", card codes in words.
 */
export function named(text, ruling) {
  const m = S.match;
  let words = cardsInWords(String(text));
  if (!m) return words;
  if (m.game === "piquet") {
    const elder = (ruling && ruling.elder) || m.elder;
    const younger = (ruling && ruling.younger) || m.younger;
    words = words
      .replace(/ \(the (elder|younger) hand\)/g, " ($1)") // "Ann (the younger hand)": named
      .replace(/\b[Tt]he elder hand\b/g, `${elder} (elder)`)
      .replace(/\b[Tt]he younger hand\b/g, `${younger} (younger)`)
      .replace(/\belder (\d+)/g, `${elder} $1`)
      .replace(/\byounger (\d+)/g, `${younger} $1`);
  } else {
    words = words
      .replace(/\b[Ss]eat \d+ \(([^)]+)\)/g, "$1") // "seat 0 (Ann)": the referee named it
      .replace(/ \(seat (\d+)\)/g, (all, n, at, said) => // "Ann (seat 0)": named already
        (said.slice(0, at).endsWith(m.players[Number(n)]) ? "" : all))
      .replace(/\b[Ss]eat (\d+)\b/g, (_, n) => m.players[Number(n)] || `seat ${n}`)
      .replace(/\b[Ss]ide (\d+)\b/g, (_, n) => sideNames(ruling, Number(n)));
  }
  return words;
}

/** One `{rule, what}` ground as a list item: the sentence, then its section. */
function groundItem(ground, ruling) {
  return el("li", {}, named(ground.what, ruling), " ", ruleLink(ground.rule));
}

const GROUNDS = () => [
  ["verified", t("verdict.checked", "Checked"),
    t("verdict.checked_hint", "what the referee verified against the rules")],
  ["computed", t("verdict.worked_out", "Worked out"),
    t("verdict.worked_out_hint", "what the referee computed itself")],
  ["as_reported", t("verdict.on_trust", "Taken on trust (as reported)"),
    t("verdict.on_trust_hint", "what the sheet says and nothing can check")],
];

/**
 * What the referee verified, computed and took on trust, as three short lists (headings h3
 * unless `level` says otherwise); null when the ruling has none of them (a cards ruling of old).
 */
export function groundsView(ruling, headingTag) {
  const r = ruling || {};
  const parts = [];
  for (const [key, title, hint] of GROUNDS()) {
    const list = r[key] || [];
    if (!list.length) continue;
    parts.push(el("div", { class: "grounds " + key, "data-grounds": key },
      el(headingTag || "h3", { title: hint }, title),
      el("ul", {}, ...list.map((g) => groundItem(g, r)))));
  }
  return parts.length ? el("div", { class: "verdict" }, ...parts) : null;
}

/** The level of an entry in words. */
export function levelWords(level) {
  return { cards: t("verdict.by_cards", "by its cards"),
    sheet: t("verdict.from_sheet", "from the score sheet"),
    totals: t("verdict.from_totals", "from the totals") }[level] || "";
}

/** A deal's points in words, in the standings' order: "Ann 41, Bill 11". */
export function scoresWords(scores) {
  const m = S.match;
  const names = m ? m.standings.map((s) => s.name) : Object.keys(scores || {});
  return names.filter((n) => scores && n in scores).map((n) => `${n} ${scores[n]}`).join(", ");
}

/**
 * A refusal as a player reads it: each violation's sentence with its section linked; or the
 * problem's detail. Returns a node for a role="alert" box.
 */
export function refusalView(error) {
  const problem = (error && error.problem) || {};
  const violations = problem.violations || [];
  if (violations.length) {
    return el("ul", { class: "refusal" }, ...violations.map((v) => el("li", {},
      named(v.message), " ", ruleLink(v.rule))));
  }
  if (problem.errors) {
    return el("p", {}, t("message.unreadable", "The page sent something the referee cannot read: ") +
      JSON.stringify(problem.errors));
  }
  return el("p", {}, named(problem.detail || (error && error.message) ||
    t("message.wrong", "Something went wrong.")));
}

/** A <details> with the grounds of ledger item `d` (sheet and totals entries). */
export function verdictDetails(d, open) {
  const view = groundsView(d.ruling, "h4");
  if (!view) return null;
  return el("details", { class: "ruling", open: open || null, "data-verdict": d.deal },
    el("summary", {}, t("verdict.how_scored", "How deal {n} scored ({how})",
      { n: d.deal, how: levelWords(d.level || d.ruling.level) })),
    view);
}
