// @ts-check
/* Play: the score line, whose turn, the trick on the table, the bids and the cards to tap,
 * what waits to be sent, the deal so far. */
import {
  RANKS, SUITS, cardSpan, cardText, cardWords, isRed, jokersOf, packOf,
} from "../cards.js";
import { $, el, fill } from "../dom.js";
import { currentDeal } from "../deal.js";
import { declaredWords } from "../declared.js";
import { colorClass } from "../match.js";
import { rulingDetails } from "../ruling.js";
import { S } from "../state.js";
import { actorChooser, recordedAnyway, tableIrregularities, tapStep } from "./anyway.js";
import { renderConflict } from "./clash.js";
import { renderSetup } from "./setup.js";
import { t, tn } from "../language.js";
import { entryLabel } from "../writes.js";

/** "Deal 3 of 6": counted deals (a voided deal is played again under the next number). */
export function dealLine(m) {
  const required = m.deals_required || 6;
  const counted = Math.min(m.deals_played + 1, required);
  const extra = m.deal_number !== counted
    ? t("play.ledger_number", " (deal no. {n} in the ledger)", { n: m.deal_number }) : "";
  return t("play.deal_of", "Deal {n} of {required}", { n: counted, required }) + extra;
}

/** The end of the match in words; while a deal is disputed the winner waits (Q9, P7, issue
 * 11: the referee withholds the result until that deal is ruled). */
function overWords(m, sentence) {
  if (m.settlement_withheld) {
    return sentence ? t("play.withheld", "All the deals are in; the result waits for the disputed deal.")
      : t("play.withheld_short", "Result waits for the disputed deal");
  }
  // A deal still to confirm: the result stands once it is (the Score tab says which).
  const until = m.provisional_result ? t("play.provisional", " (provisional)") : "";
  if (m.drawn) {
    return sentence ? t("play.drawn", "The match is drawn{until}.", { until })
      : t("play.drawn_short", "Match drawn{until}", { until });
  }
  return sentence ? t("play.over", "The match is over: {winner} wins{until}.",
    { winner: m.winner, until })
    : t("play.over_short", "Match over: {winner} wins{until}", { winner: m.winner, until });
}

export function renderScoreline() {
  const m = S.match;
  const meta = [];
  if (m.reentry) { // an earlier deal's cards, step by step (screens/reentry.js)
    meta.push(m.game === "piquet"
      ? t("play.settling_deal", "Settling deal {n} by its cards", { n: m.reentry.deal })
      : t("play.settling_hand", "Settling hand {n} by its cards", { n: m.reentry.deal }),
    t("play.dealt", "{player} dealt", { player: m.dealer.player }));
  } else if (m.finished) meta.push(overWords(m, false));
  else if (m.game === "piquet") {
    meta.push(dealLine(m), t("play.roles", "{elder} elder, {younger} deals",
      { elder: m.elder, younger: m.younger }));
  } else {
    meta.push(t("play.hand", "Hand {n}", { n: m.deal_number }),
      t("play.deals", "{player} deals", { player: m.dealer.player }),
      t("play.to_target", "to {target}", { target: m.options.target }));
  }
  $("#match-title").textContent = `${m.game === "piquet" ? "Piquet" : "Pitch"}: ` +
    m.players.join(m.players.length === 2 ? t("play.versus", " v ") : ", ");
  fill($("#scoreline"),
    ...m.standings.map((s, i) => el("div", { class: "who " + colorClass(i) },
      el("span", {}, s.name), el("b", { "data-score": s.name }, s.score))),
    el("div", { class: "meta" }, meta.join(" · ")),
  );
}

function turnText(m, deal, next) {
  if ((m.finished && !m.reentry) || next.action === "none") {
    return [overWords(m, true), m.provisional_result ? m.provisional_result.message
      : m.settlement ? t("play.score_tab_settlement", "The Score tab has the ledger and the settlement.")
        : t("play.score_tab", "The Score tab has the ledger.")];
  }
  if (next.action === "wait") {
    return [deal.complete ? t("play.all_cards_in", "All the cards are in")
      : t("play.waiting_referee", "Waiting for the referee"),
    t("play.score_online", "The score comes when the phone is back online.")];
  }
  if (next.action === "bid") {
    return [t("play.to_bid", "{player} to bid", { player: next.player }),
      t("play.hand_deals", "Hand {n}, {player} deals", { n: m.deal_number, player: m.dealer.player })];
  }
  if (next.action === "card") {
    const last = deal.tricks[deal.tricks.length - 1];
    const inTrick = deal.lastComplete ? 0 : last.length;
    const trickNo = deal.tricks.length + (deal.lastComplete ? 1 : 0);
    const who = next.player || t("play.next_card", "Next card");
    const role = next.role ? ` (${next.role === "elder" ? t("play.elder", "elder")
      : next.role === "younger" ? t("play.younger", "younger") : next.role})` : "";
    // With "Something irregular happened" ticked every card can be tapped: the banner says so.
    const only = S.irregular ? t("play.every_card", " · every card can be tapped")
      : next.legal_cards && next.legal_cards.length < packOf(m.game).length - deal.cards.length
        ? t("play.only_allowed", " · only the cards allowed are offered") : "";
    return [inTrick === 0 ? t("play.to_lead", "{who} to lead", { who: who + role })
      : t("play.to_play", "{who} to play", { who: who + role }),
    t("play.trick", "Trick {n}", { n: trickNo }) + only];
  }
  return [t("play.next", "Next: {action}", { action: next.action }), ""];
}

export function renderPlay() {
  const m = S.match;
  const deal = currentDeal();
  const next = deal.next;
  const write = S.canWrite && (!m.finished || Boolean(m.reentry));

  const [line, small] = turnText(m, deal, next);
  const turn = $("#turn");
  const first = turn.querySelector(".line");
  // Only what changed is replaced: the live region then announces the new turn, once.
  if (!first || first.textContent !== line) {
    fill(turn, el("span", { class: "line" }, line), small ? el("small", {}, small) : "");
  } else {
    const note = turn.querySelector("small");
    if (note) note.textContent = small;
  }
  turn.dataset.player = next.player || "";
  turn.dataset.action = next.action;

  renderTrick(deal);
  renderPending(deal);
  renderConflict();
  renderSetup(deal, write);
  const setting = Boolean(S.setup || S.declaring);
  renderBids(next, write && !setting);
  renderCards(deal, next, write && !setting);

  renderIrregular(next, write, setting);
  $("#play-actions").hidden = !S.canWrite;
  $("#undo").disabled = m.version <= 1 && !deal.waiting.length;
  renderSoFar(deal);
}

/** The trick on the table, always above the cards (and sticky while tapping). */
function renderTrick(deal) {
  const box = $("#trick");
  const last = deal.tricks[deal.tricks.length - 1];
  box.hidden = !last;
  if (!last) return;
  fill(box, el("span", { class: "label" }, deal.lastComplete
    ? t("play.last_trick", "Last trick:") : t("play.on_table", "On the table:")),
    ...last.map((c) => cardChip(c, deal)));
}

function cardChip(card, deal) {
  const chip = cardSpan(card);
  if (deal.pendingCards.has(card)) {
    chip.classList.add("pending");
    chip.title = cardWords(card) + t("play.chip_waiting", " (waiting to be sent)");
  }
  return chip;
}

/** What waits to be sent: how many, and the last one. */
function renderPending(deal) {
  const box = $("#pending");
  const waiting = deal.waiting;
  document.body.dataset.pending = String(waiting.length);
  if (!waiting.length) {
    box.hidden = true;
    return;
  }
  const last = waiting[waiting.length - 1];
  fill(box,
    el("b", {}, tn("play.waiting", "{n} entry waiting to be sent",
      "{n} entries waiting to be sent", waiting.length)),
    t("play.waiting_last", " · last: {last}. ", { last: entryLabel(last) }),
    el("span", {}, S.conflict || S.clash ? t("play.held_back", "Held back: see below.")
      : t("play.in_order", "They go in order as soon as the referee answers; nothing is lost.")),
  );
  box.hidden = false;
}

/** "Something irregular happened": the switch, and who acted (screens/anyway.js). */
function renderIrregular(next, write, setting) {
  const hands = S.setup && S.setup.kind === "hands"; // a wrong number of cards dealt
  const row = $("#any-card-row");
  row.hidden = !(write && (hands || (["bid", "card"].includes(next.action) && !setting)));
  $("#irregular").checked = Boolean(S.irregular);
  fill($("#actor-row"), hands ? null : actorChooser(next),
    hands || !write || setting ? null : tableIrregularities(next));
}

const CALLS = ["pass", 1, 2, 3, 4, "pitch"];

function renderBids(next, write) {
  const box = $("#bids");
  if (next.action !== "bid" || !write) {
    box.hidden = true;
    return;
  }
  const legal = next.legal_calls ? next.legal_calls.map(String) : null;
  // Irregular: every call (a bid out of turn, a call the auction does not allow).
  const calls = S.irregular && legal
    ? CALLS.filter((c) => legal.includes(String(c)) || c !== 1)
    : next.legal_calls || ["pass", 2, 3, 4, "pitch"];
  fill(box, ...calls.map((call) => {
    const text = call === "pass" ? t("play.pass", "Pass") : call === "pitch"
      ? t("play.pitch", "Pitch (4)") : t("play.bid", "Bid {call}", { call });
    const refused = legal && !legal.includes(String(call));
    return el("button", {
      type: "button",
      class: [call === "pass" ? "pass" : "", refused ? "illegal" : ""].join(" ").trim() || null,
      "data-call": String(call),
      "aria-label": refused ? text + t("play.not_allowed", ", not allowed") : null,
      onclick: () => tapStep({ type: "bid", call }, next),
    }, text);
  }));
  box.hidden = false;
}

function renderCards(deal, next, write) {
  const box = $("#cards");
  if (next.action !== "card" || !write) {
    box.hidden = true;
    return;
  }
  const game = S.match.game;
  const played = new Set(deal.cards);
  const legal = next.legal_cards ? new Set(next.legal_cards) : null;
  box.className = "cards " + game;
  const options = S.match.options;
  // V2: the jokers of the pack (two "JK" under first_played: each may be played once).
  const jokers = game === "pitch" ? jokersOf(options) : [];
  const twoAlike = jokers.length === 1 && (options.points || []).includes("big_joker");
  const jkPlayed = deal.cards.filter((c) => c === "JK").length;
  const extra = jokers.length ? [el("div", { class: "suit jokers" }, ...jokers.map((card) =>
    cardButton(card, deal, next, legal, card === "JK" && twoAlike ? jkPlayed >= 2
      : played.has(card))))] : [];
  if (game === "pitch" && options.play === "trump_only") {
    // V5.3: a player out of trumps folds; his entry is null.
    const must = legal && legal.size === 0;
    extra.push(el("div", { class: "suit folds" }, el("button", {
      type: "button", class: "card fold" + (must ? " legal" : ""), "data-card": "fold",
      "aria-label": t("play.folds_label", "— out of trumps (folds)")
        + (legal && !must ? t("play.not_allowed", ", not allowed") : ""),
      disabled: Boolean(legal && !must && !S.irregular),
      onclick: () => tapStep({ type: "card", card: null }, next),
    }, t("play.folds", "— out of trumps"))));
  }
  fill(box, ...SUITS.map((suit) => el("div", { class: "suit" },
    ...RANKS[game].map((rank) => {
      const card = rank + suit;
      const isPlayed = played.has(card);
      const isLegal = !isPlayed && (!legal || legal.has(card));
      const classes = ["card"];
      if (isRed(card)) classes.push("red");
      if (deal.pendingCards.has(card)) classes.push("played", "pending");
      else if (isPlayed) classes.push("played");
      else if (legal && isLegal) classes.push("legal");
      else if (!isLegal) classes.push("illegal");
      const state = deal.pendingCards.has(card) ? t("play.state_waiting", ", waiting to be sent")
        : isPlayed ? t("play.state_played", ", played")
          : !isLegal ? t("play.not_allowed", ", not allowed") : "";
      return el("button", {
        type: "button",
        class: classes.join(" "),
        "data-card": card,
        // The name starts with the visible text (WCAG 2.5.3), then the words.
        "aria-label": `${cardText(card)} ${cardWords(card)}${state}`,
        disabled: isPlayed || !(isLegal || S.irregular),
        onclick: () => tapStep({ type: "card", card }, next),
      }, cardText(card));
    }))), ...extra);
  box.hidden = false;
}

/** A joker's button in the card picker (V2), as each card's. */
function cardButton(card, deal, next, legal, isPlayed) {
  const isLegal = !isPlayed && (!legal || legal.has(card));
  const classes = ["card", "joker"];
  if (isPlayed) classes.push("played");
  else if (legal && isLegal) classes.push("legal");
  else if (!isLegal) classes.push("illegal");
  const state = isPlayed ? t("play.state_played", ", played")
    : !isLegal ? t("play.not_allowed", ", not allowed") : "";
  return el("button", {
    type: "button", class: classes.join(" "), "data-card": card,
    "aria-label": `${cardText(card)} ${cardWords(card)}${state}`,
    disabled: isPlayed || !(isLegal || S.irregular),
    onclick: () => tapStep({ type: "card", card }, next),
  }, cardText(card));
}

function renderSoFar(deal) {
  const m = S.match;
  const box = $("#so-far");
  const parts = [];
  if (m.deal_in_progress || deal.cards.length) {
    if (deal.bids.length) {
      const first = (m.dealer.seat + 1) % m.players.length;
      parts.push(el("h2", {}, t("play.bids", "Bids")), el("ol", {}, ...deal.bids.map((call, i) =>
        el("li", {}, `${m.players[(first + i) % m.players.length]}: ${call === "pass"
          ? t("play.pass_word", "pass") : call}`))));
    }
    if (deal.exchange) {
      parts.push(el("p", { class: "note" }, t("play.exchange_recorded", "Exchange recorded: {list}.", {
        list: ["elder", "younger"].filter((r) => deal.exchange[r])
          .map((r) => tn("play.exchanged", "{player} exchanged {n} card",
            "{player} exchanged {n} cards", deal.exchange[r].length,
            { player: m[r], n: deal.exchange[r].length }))
          .join(", ") })));
    }
    for (const role of ["elder", "younger"]) {
      const d = deal.declarations[role];
      if (!d) continue;
      parts.push(el("p", { class: "note", "data-declared": role },
        t("play.declared", "{player} declared: {said}.", { player: m[role],
          said: declaredWords(d) || t("play.nothing", "nothing") })));
    }
    if (deal.cards.length) {
      const tricks = deal.tricks;
      parts.push(el("h2", {}, t("play.tricks_so_far", "Deal {n}: tricks so far", { n: m.deal_number })),
        el("ol", { class: "tricks" }, ...tricks.map((t) =>
          el("li", {}, ...t.flatMap((c, j) => (j ? [" ", cardChip(c, deal)]
            : [cardChip(c, deal)]))))));
    }
  }
  parts.push(recordedAnyway());
  const last = S.ledger.filter((d) => d.status === "live").slice(-1)[0];
  if (last && !deal.cards.length) {
    parts.push(el("h2", {}, t("play.scored", "Deal {n} scored", { n: last.deal })),
      el("p", {}, Object.entries(last.scores).map(([n, p]) => `${n} ${p}`).join(", ") + "."),
      rulingDetails(last, true));
  }
  fill(box, ...parts);
}
