// @ts-check
/* Before the first card (optional): the hands as dealt, the exchange, the declarations. */
import { RANKS, RANK_WORD, SUITS, cardText, cardWords, isRed } from "../cards.js";
import { currentDeal } from "../deal.js";
import { $, el, fill } from "../dom.js";
import { post } from "../match.js";
import { S, render } from "../state.js";
import { askAnyway } from "./anyway.js";
import { t, tn } from "../language.js";

export function renderSetup(deal, write) {
  const box = $("#deal-setup");
  const m = S.match;
  const canStart = write && !m.deal_in_progress && !deal.cards.length && !deal.bids.length;
  const canExchange = write && m.game === "piquet" && deal.dealt && !deal.exchange &&
    !deal.cards.length;
  if (S.declaring) {
    fill(box, declarationForm());
    box.hidden = false;
    return;
  }
  if (!S.setup) {
    const buttons = [];
    if (canStart) {
      buttons.push(el("button", { type: "button", id: "record-hands",
        onclick: () => startSetup("hands") }, t("setup.record_hands", "Record the hands as dealt (optional)")));
    }
    if (canExchange) {
      buttons.push(el("button", { type: "button", id: "record-exchange",
        onclick: () => startSetup("exchange") }, t("setup.record_exchange", "Record the exchange")));
    }
    if (write && m.game === "piquet" && deal.cards.length < 2) {
      buttons.push(el("button", { type: "button", id: "record-declaration",
        onclick: () => {
          // Q5: elder declares before leading; after the lead only younger can still declare.
          const role = deal.declarations.elder || deal.cards.length ? "younger" : "elder";
          S.declaring = { role, point: "",
            sequence: "", sets: [], carte_blanche: false };
          render();
        } }, t("setup.record_declaration", "Record a declaration (optional)")));
    }
    const note = canStart
      ? t("setup.hands_note", "With the hands the referee knows each player's cards: it offers only the cards each player may play. Without them, just tap the cards as they fall.")
      : canExchange ? t("setup.exchange_note", "Each player's discards; the cards taken come from the talon in order.")
        : null;
    fill(box, ...buttons, note ? el("p", { class: "note" }, note) : null);
    box.hidden = !buttons.length;
    return;
  }
  box.hidden = false;
  const setup = S.setup;
  const step = setup.steps[setup.index];
  const taken = new Map(); // card → the step that has it
  for (const [i, s] of setup.steps.entries()) for (const c of s.cards) taken.set(c, i);
  const pool = step.pool ? new Set(step.pool) : null;
  const grid = el("div", { class: "cards " + m.game },
    ...SUITS.map((suit) => el("div", { class: "suit" }, ...RANKS[m.game].map((rank) => {
      const card = rank + suit;
      const owner = taken.get(card);
      const mine = owner === setup.index;
      const unavailable = (owner !== undefined && !mine) || (pool && !pool.has(card));
      const order = mine && step.ordered ? step.cards.indexOf(card) + 1 : null;
      return el("button", {
        type: "button",
        class: "card" + (isRed(card) ? " red" : "") + (mine ? " picked" : "") +
          (unavailable ? " taken" : ""),
        "data-card": card,
        "aria-pressed": mine ? "true" : "false",
        "aria-label": `${cardText(card)} ${cardWords(card)}` +
          (order ? t("setup.number", ", number {n}", { n: order }) : "") +
          (unavailable ? t("setup.not_available", ", not available") : ""),
        disabled: unavailable,
        onclick: () => toggleSetupCard(card),
      }, cardText(card), order ? el("span", { class: "order" }, order) : null);
    }))));
  const count = step.cards.length;
  const { min, max } = limits(setup, step);
  const ready = count >= min && count <= max;
  const last = setup.index === setup.steps.length - 1;
  fill(box,
    el("h2", {}, step.title),
    el("p", { class: "setup-steps" },
      t("setup.step", "Step {n} of {steps}", { n: setup.index + 1, steps: setup.steps.length }) +
      " · " + tn("setup.chosen", "{n} card chosen", "{n} cards chosen", count) +
      (min === max ? t("setup.of", " of {max}", { max })
        : t("setup.range", " ({min} to {max})", { min, max }))),
    step.hint ? el("p", { class: "note" }, step.hint) : null,
    min !== step.min ? el("p", { class: "note", id: "misdeal-note" }, tn("setup.misdeal_note", "Something irregular happened: pick the cards really dealt, even a wrong number ({n} card is right); the referee says what a misdeal means before anything is recorded.", "Something irregular happened: pick the cards really dealt, even a wrong number ({n} cards is right); the referee says what a misdeal means before anything is recorded.", step.max)) : null,
    grid,
    el("div", { class: "actions" },
      el("button", { type: "button", onclick: () => {
        if (setup.index === 0) S.setup = null;
        else setup.index -= 1;
        render();
      } }, setup.index === 0 ? t("setup.cancel", "Cancel") : t("setup.back", "Back")),
      el("button", { type: "button", class: "primary", id: "setup-next", disabled: !ready,
        onclick: () => {
          if (!last) {
            setup.index += 1;
            render();
          } else saveSetup();
        } }, last ? t("setup.save", "Save") : t("setup.next", "Next"))),
  );
}

const SEQUENCES = ["tierce", "quart", "quint", "sixième", "septième", "huitième"];
const SET_RANKS = ["A", "K", "Q", "J", "T"];

/**
 * What one player announced (Q5): his point (number of cards), his sequence, his sets, a
 * carte blanche (Q3). Whatever is not announced does not score (sinking); a player
 * with no declaration recorded is taken to announce his best.
 */
function declarationForm() {
  const d = S.declaring;
  const m = S.match;
  const names = { elder: `${m.elder} (${t("play.elder", "elder")})`,
    younger: `${m.younger} (${t("play.younger", "younger")})` };
  const select = (name, choices, value, label) => el("label", {}, label,
    el("select", { name, onchange: (event) => { d[name] = event.target.value; } },
      ...choices.map(([v, text]) => el("option", { value: v, selected: v === value }, text))));
  const setBox = (kind, rank) => {
    const code = `${kind}:${rank}`;
    return el("label", { class: "check" }, el("input", {
      type: "checkbox", name: code, checked: d.sets.includes(code),
      onchange: (event) => {
        d.sets = d.sets.filter((x) => x !== code);
        if (event.target.checked) d.sets.push(code);
      },
    }), kind === "trio" ? t(`setup.trio.${rank}`, `trio of ${RANK_WORD[rank]}s`)
      : t(`setup.quatorze.${rank}`, `quatorze of ${RANK_WORD[rank]}s`));
  };
  const form = el("form", { class: "declaration", onsubmit: (event) => {
    event.preventDefault();
    const body = { type: "declaration", role: d.role,
      sets: d.sets.slice(), carte_blanche: d.carte_blanche };
    body.point = d.point === "" ? null : Number(d.point);
    body.sequence = d.sequence === "" ? null : d.sequence;
    post("/events", body, () => { S.declaring = null; });
  } },
  el("h2", {}, t("setup.declaration", "Declaration")),
  el("p", { class: "note" }, t("setup.declaration_note", "What the player announced aloud. Whatever is not announced does not score (it is sunk).")),
  select("role", ["elder", "younger"].map((r) => [r, names[r]]), d.role, t("setup.who", "Who")),
  select("point", [["", t("setup.no_point", "no point announced")],
    ...[3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => [String(n), t("play.point_of", "point of {n}", { n })])],
  d.point, t("setup.point", "Point")),
  select("sequence", [["", t("setup.no_sequence", "no sequence announced")],
    ...SEQUENCES.map((q) => [q, t(`setup.sequence.${q}`, q)])],
  d.sequence, t("setup.sequence", "Sequence")),
  el("fieldset", {}, el("legend", {}, t("setup.sets", "Sets")),
    ...SET_RANKS.map((r) => setBox("quatorze", r)), ...SET_RANKS.map((r) => setBox("trio", r))),
  el("label", { class: "check" }, el("input", { type: "checkbox", name: "carte_blanche",
    checked: d.carte_blanche, onchange: (event) => { d.carte_blanche = event.target.checked; },
  }), t("play.carte_blanche", "carte blanche")),
  el("div", { class: "actions" },
    el("button", { type: "button", onclick: () => { S.declaring = null; render(); } },
      t("setup.cancel", "Cancel")),
    el("button", { type: "submit", class: "primary", id: "declaration-save" },
      t("setup.save", "Save"))));
  return form;
}

function startSetup(kind) {
  const m = S.match;
  const deal = currentDeal();
  if (kind === "hands" && m.game === "piquet") {
    S.setup = { kind, index: 0, steps: [
      { key: "elder", title: t("setup.elder_dealt", "{player} (elder hand): the 12 cards dealt",
        { player: m.elder }), min: 12, max: 12, cards: [] },
      { key: "younger", title: t("setup.younger_dealt", "{player} (younger hand, dealer): the 12 cards dealt", { player: m.younger }),
        min: 12, max: 12, cards: [] },
      { key: "talon", title: t("setup.talon", "The talon, from the top down (optional)"), min: 0, max: 8,
        ordered: true, cards: [],
        hint: t("setup.talon_hint", "Nobody knows the talon before the exchange: skip it (Save) if you like. To record it, tap the eight cards in the order they lie: elder takes from the top.") },
    ] };
  } else if (kind === "hands") {
    const first = (m.dealer.seat + 1) % m.players.length;
    S.setup = { kind, index: 0, steps: m.players.map((_, k) => {
      const seat = (first + k) % m.players.length;
      return { key: seat, title: t("setup.six_dealt", "{player}: the 6 cards dealt",
        { player: m.players[seat] }), min: 6, max: 6,
        cards: [] };
    }) };
  } else {
    S.setup = { kind, index: 0, steps: [
      { key: "elder", title: t("setup.elder_discards", "{player} (elder) discards",
        { player: m.elder }), min: 1, max: 5, cards: [],
        pool: deal.dealt.elder,
        hint: t("setup.elder_hint", "Tap the cards {player} puts out: at least one, at most five (Q4).", { player: m.elder }) },
      { key: "younger", title: t("setup.younger_discards", "{player} (younger) discards",
        { player: m.younger }), min: 1, cards: [],
        max: (setup) => 8 - setup.steps[0].cards.length,
        pool: deal.dealt.younger,
        hint: t("setup.younger_hint", "Tap the cards {player} puts out: at least one, at most what the talon still holds (Q4).", { player: m.younger }) },
    ] };
  }
  render();
}

/**
 * How many cards a step takes: its own limits, or — a hand in the irregular mode — a wrong
 * number too (a misdeal really happened: recorded anyway, P10 / Q12, screens/anyway.js).
 */
function limits(setup, step) {
  const max = typeof step.max === "function" ? step.max(setup) : step.max;
  if (S.irregular && setup.kind === "hands" && step.key !== "talon") {
    return { min: 1, max: max + 2 };
  }
  return { min: step.min, max };
}

function toggleSetupCard(card) {
  const step = S.setup.steps[S.setup.index];
  const at = step.cards.indexOf(card);
  if (at >= 0) step.cards.splice(at, 1);
  else if (step.cards.length < limits(S.setup, step).max) {
    step.cards.push(card);
  }
  render();
}

function saveSetup() {
  const setup = S.setup;
  const m = S.match;
  /** @type {Record<string, *>} */
  let body;
  if (setup.kind === "exchange") {
    body = { type: "exchange", elder: setup.steps[0].cards, younger: setup.steps[1].cards };
  } else if (m.game === "piquet") {
    body = { type: "deal_started",
      dealt: { elder: setup.steps[0].cards, younger: setup.steps[1].cards } };
    if (setup.steps[2].cards.length) body.talon = setup.steps[2].cards;
  } else {
    const hands = m.players.map(() => []);
    for (const step of setup.steps) hands[step.key] = step.cards;
    body = { type: "deal_started", hands };
  }
  const done = () => {
    S.setup = null;
  };
  const wrong = setup.kind === "hands" && setup.steps.some((step) =>
    step.key !== "talon" && step.cards.length !== step.max);
  if (wrong) askAnyway(body, "the hands as dealt (a wrong number of cards)", done);
  else post("/events", body, done);
}
