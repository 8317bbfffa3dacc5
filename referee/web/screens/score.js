// @ts-check
/* Score: the settlement, the standings, the chart, the ledger with its void buttons. */
import { $, el, fill } from "../dom.js";
import { colorClass, post } from "../match.js";
import { dealExplained } from "../ruling.js";
import { money, t, tn } from "../language.js";
import { S, render } from "../state.js";
import { named } from "../verdict.js";
import { answerWaiting, mayConfirm } from "./agree.js";
import { renderChart } from "./chart.js";
import { pitchPreset } from "../rules.js";

export function renderScore() {
  const m = S.match;
  const live = S.ledger.filter((d) => d.status === "live");

  const settlement = $("#settlement");
  if (m.settlement && m.settlement.winner) {
    const s = m.settlement;
    const paid = s.amount !== null && s.amount !== undefined
      ? ` = ${money(s.amount, s.currency)}` : "";
    fill(settlement, el("div", { class: "settlement", id: "settlement-box" },
      el("b", {}, t("score.wins", "{winner} wins the partie.", { winner: s.winner })), el("br"),
      s.rubiconed
        ? t("score.rubiconed", "{loser} is rubiconed (under 100) and pays both totals plus 100, ",
          { loser: s.loser })
        : t("score.pays", "{loser} pays the difference plus 100, ", { loser: s.loser }),
      el("b", {}, tn("score.payment", "{payment} point", "{payment} points", s.payment,
        { payment: s.payment }) + paid), "."));
  } else if (m.finished && m.drawn) {
    fill(settlement, el("div", { class: "settlement" },
      el("b", {}, t("score.drawn", "The partie is drawn:")), t("score.nobody_pays", " nobody pays.")));
  } else if (m.finished && m.winner) { // Pitch (P7)
    fill(settlement, el("div", { class: "settlement", id: "settlement-box" },
      el("b", {}, m.winner.includes(" & ")
        ? t("score.side_wins", "{winner} win the match.", { winner: m.winner })
        : t("score.player_wins", "{winner} wins the match.", { winner: m.winner }))));
  } else if (m.game === "piquet") {
    fill(settlement, el("p", { class: "note" },
      tn("score.partie", "Partie of {deals} deal: {played} played. Under 100 at the end is the Rubicon.",
        "Partie of {deals} deals: {played} played. Under 100 at the end is the Rubicon.",
        m.deals_required || 6, { deals: m.deals_required || 6, played: m.deals_played })));
  } else {
    fill(settlement, el("p", { class: "note" },
      t("score.playing_to", "Playing to {target}: the pitcher wins when his side reaches it.",
        { target: m.options.target })));
  }
  if (m.game === "pitch") settlement.append(pitchGame(m.options));

  if (m.provisional_result) settlement.append(provisionalResult(m.provisional_result));

  fill($("#standings"), ...m.standings.map((s, i) =>
    el("div", { class: "who " + colorClass(i), "data-standing": s.name },
      el("span", {}, s.name), el("b", {}, s.score))));

  renderChart(live);

  const names = m.standings.map((s) => s.name);
  const box = $("#ledger");
  if (!S.ledger.length) {
    fill(box, el("p", { class: "note" }, t("score.none_yet", "No deal scored yet.")));
    return;
  }
  const rows = [];
  for (const d of S.ledger) {
    const voided = d.status !== "live";
    rows.push(el("tr", { class: voided ? "voided" : null, "data-deal": d.deal },
      el("td", {}, `${d.deal}`, el("br"), el("small", {}, t("score.dealt_by", "dealt by {dealer}", { dealer: d.dealer }))),
      ...names.map((n) => el("td", {}, `${d.scores[n] >= 0 && d.scores[n] !== 0 ? "+" : ""}` +
        `${d.scores[n] || 0}`, el("br"), el("small", {}, voided ? "" : `${d.totals[n]}`))),
      el("td", { class: "why" }, voided ? voidReason(d) : (S.canWrite && !m.finished ? el("button", {
        type: "button", class: "small warn", "data-void": d.deal,
        "aria-label": t("score.void_deal", "Void deal {n}", { n: d.deal }),
        onclick: () => { S.voiding = d.deal; render(); } }, t("score.void", "Void")) : ""))));
    if (S.voiding === d.deal && !voided && !m.finished) {
      rows.push(el("tr", {}, el("td", { colspan: names.length + 2 }, voidForm(d.deal))));
    }
  }
  fill(box,
    el("div", { class: "ledger-wrap", tabindex: "0", role: "region", "aria-label": t("score.the_deals", "The deals") },
      el("table", { class: "ledger" },
        el("thead", {}, el("tr", {}, el("th", {}, t("score.deal", "Deal")),
          ...names.map((n) => el("th", {}, n)), el("th", {}, el("span", { class: "sr-only" },
            t("score.notes", "Notes"))))),
        el("tbody", {}, ...rows))),
    ...live.slice().reverse().map(dealExplained).filter(Boolean),
  );
}

/** The match is over with deals still to confirm: the referee's sentence, and a Confirm
 * button for each deal this phone may confirm (GET …/me's to_confirm, screens/agree.js). */
function provisionalResult(result) {
  const piquet = S.match.game === "piquet";
  const buttons = result.deals.filter(mayConfirm).map((n) => (answerWaiting(n)
    ? el("p", { class: "note" }, piquet
      ? t("score.answer_waiting_deal", "Your answer on deal {n} is sent as soon as the phone is back online.", { n })
      : t("score.answer_waiting_hand", "Your answer on hand {n} is sent as soon as the phone is back online.", { n }))
    : el("button", { type: "button", class: "confirm", "data-confirm-result": n,
      onclick: () => post(`/deals/${n}/confirm`, {}) }, piquet
      ? t("score.confirm_deal", "✓ Confirm deal {n}", { n })
      : t("score.confirm_hand", "✓ Confirm hand {n}", { n }))));
  return el("div", { class: "provisional-result", id: "provisional-result", role: "status" },
    el("p", {}, el("b", {}, result.message)),
    buttons.length ? el("div", { class: "answer-actions" }, ...buttons) : null);
}

function voidReason(d) {
  const notes = (d.corrections || []).filter((c) => c.kind === "deal_voided");
  const note = notes[notes.length - 1];
  // a void by an irregularity's penalty gives the referee's sentence: with the players' names
  return el("small", {}, t("score.voided", "voided") + (note && note.reason ? `: ${named(note.reason)}` : ""));
}

function voidForm(deal) {
  const input = el("input", { name: "reason", placeholder: t("score.why_placeholder", "Why? e.g. misdeal"),
    maxlength: 500, "aria-label": t("score.why_void", "Why void deal {n}", { n: deal }), id: "void-reason",
    value: S.voidText || "", oninput: (event) => { S.voidText = event.target.value; } });
  const form = el("form", { class: "void-form", onsubmit: (event) => {
    event.preventDefault();
    const reason = input.value.trim();
    if (!reason) {
      input.focus();
      return;
    }
    post(`/deals/${deal}/void`, { reason }, () => {
      S.voiding = null;
      S.voidText = "";
    });
  } }, input,
  el("button", { type: "submit", class: "warn", id: "void-confirm" },
    t("score.void_deal", "Void deal {n}", { n: deal })),
  el("button", { type: "button", "aria-label": t("score.keep_deal", "Keep deal {n}", { n: deal }),
    onclick: () => { S.voiding = null; render(); } }, t("score.keep", "Keep")));
  return form;
}

/**
 * The game a Pitch match plays (V12) and the house rules its table chose (V13: each option
 * the game's preset does not have), worded as the new-match form words them (its
 * `data-i18n` texts, in the page's language).
 * @param {Record<string, *>} options  the match's options
 * @returns {HTMLElement}
 */
function pitchGame(options) {
  const variant = options.variant || "four_point";
  const word = (/** @type {string} */ key) => {
    const node = document.querySelector(`#new-match [data-i18n="${key}"]`);
    return node && node.textContent ? node.textContent.trim() : key;
  };
  const preset = pitchPreset(variant);
  const house = [];
  for (const [name, value] of Object.entries(preset)) {
    if (name === "target" || !(name in options)) continue;
    const given = options[name];
    if (name === "points") {
      if (given.length !== value.length || given.some((/** @type {string} */ p) =>
        !value.includes(p))) {
        house.push(`${word("house.points")}: ` +
          given.map((/** @type {string} */ p) => word(`house.point.${p}`)).join(", "));
      }
    } else if (given !== value) {
      house.push(houseRule(name, given, word));
    }
  }
  return el("p", { class: "note", id: "pitch-game" },
    `${word("pitch.variant")}: ${word(`pitch.variant.${variant}`)}`,
    house.length ? `. ${word("house.title")}: ${house.join("; ")}.` : ".");
}

/**
 * One house rule in the new-match form's words ("Play: follow suit or trump").
 * @param {string} name  the option
 * @param {*} value  the table's value
 * @param {(key: string) => string} word
 * @returns {string}
 */
function houseRule(name, value, word) {
  if (name === "low") return `${word("pitch.low_goes")}: ${word(`pitch.low_${value}`)}`;
  if (name === "pitcher_only_wins") return word(value ? "house.pitcher_only_wins"
    : "house.either_side_wins");
  if (name === "stuck_dealer_min") {
    return `${word("house.stuck")}: ${value === null ? word("house.stuck.none") : value}`;
  }
  if (typeof value === "number") return `${word(`house.${name}`)}: ${value}`;
  return `${word(`house.${name}`)}: ${word(`house.${name}.${value === null ? "none" : value}`)}`;
}
