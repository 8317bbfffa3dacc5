/* Play: the score line, whose turn, the bids and the cards to tap, the deal so far. */
import { RANKS, RANK_WORD, SUITS, cardSpan, cardText, cardWords, isRed, packOf } from "../cards.js";
import { $, el } from "../dom.js";
import { colorClass, currentDeal, post, trickSize } from "../match.js";
import { rulingDetails } from "../ruling.js";
import { S } from "../state.js";
import { renderSetup } from "./setup.js";

export function renderScoreline() {
  const m = S.match;
  const meta = [];
  if (m.finished) meta.push(m.drawn ? "Match drawn" : `Match over: ${m.winner} wins`);
  else if (m.game === "piquet") {
    meta.push(`Deal ${m.deal_number} of ${m.deals_required || 6}`,
      `${m.elder} elder, ${m.younger} deals`);
  } else {
    meta.push(`Hand ${m.deal_number}`, `${m.dealer.player} deals`,
      `to ${m.options.target}`);
  }
  $("#scoreline").replaceChildren(
    ...m.standings.map((s, i) => el("div", { class: "who " + colorClass(i) },
      el("span", {}, s.name), el("b", { "data-score": s.name }, s.score))),
    el("div", { class: "meta" }, meta.join(" · ")),
  );
}

export function renderPlay() {
  const m = S.match;
  const deal = currentDeal();
  const next = m.next || { action: "none" };
  const write = S.canWrite && !m.finished;

  // Whose turn
  const turn = $("#turn");
  if (next.action === "none" || m.finished) {
    turn.replaceChildren(m.drawn ? "The match is drawn." :
      `The match is over: ${m.winner} wins.`,
    el("small", {}, "The Score tab has the ledger" +
        (m.settlement ? " and the settlement." : ".")));
  } else if (next.action === "bid") {
    turn.replaceChildren(`${next.player} to bid`,
      el("small", {}, `Hand ${m.deal_number}, ${m.dealer.player} deals`));
  } else if (next.action === "card") {
    const inTrick = deal.cards.length % trickSize();
    const trickNo = Math.floor(deal.cards.length / trickSize()) + 1;
    const who = next.player || "Next card";
    const verb = inTrick === 0 ? "to lead" : "to play";
    const role = next.role ? ` (${next.role})` : "";
    turn.replaceChildren(`${who}${role} ${verb}`,
      el("small", {}, `Trick ${trickNo}` + (next.legal_cards && next.legal_cards.length <
        packOf(m.game).length - deal.cards.length ? " · only the cards allowed are offered" :
        "")));
  } else {
    turn.replaceChildren(`Next: ${next.action}`);
  }
  turn.dataset.player = next.player || "";
  turn.dataset.action = next.action;

  renderSetup(deal, write, next);
  const setting = Boolean(S.setup || S.declaring);
  renderBids(next, write && !setting);
  renderCards(deal, next, write && !setting);

  $("#any-card-row").hidden = !(write && next.action === "card" && !setting);
  $("#play-actions").hidden = !S.canWrite;
  $("#undo").disabled = S.busy || m.version <= 1;
  renderSoFar(deal);
}

function renderBids(next, write) {
  const box = $("#bids");
  if (next.action !== "bid" || !write) {
    box.hidden = true;
    return;
  }
  const calls = next.legal_calls || ["pass", 1, 2, 3, 4];
  box.replaceChildren(...calls.map((call) => el("button", {
    type: "button",
    class: call === "pass" ? "pass" : null,
    "data-call": String(call),
    onclick: () => post("/events", { type: "bid", call }),
  }, call === "pass" ? "Pass" : call === "pitch" ? "Pitch (4)" : `Bid ${call}`)));
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
  box.replaceChildren(...SUITS.map((suit) => el("div", { class: "suit" },
    ...RANKS[game].map((rank) => {
      const card = rank + suit;
      const isPlayed = played.has(card);
      const isLegal = !isPlayed && (!legal || legal.has(card));
      const classes = ["card"];
      if (isRed(card)) classes.push("red");
      if (isPlayed) classes.push("played");
      else if (legal && isLegal) classes.push("legal");
      else if (!isLegal) classes.push("illegal");
      return el("button", {
        type: "button",
        class: classes.join(" "),
        "data-card": card,
        "aria-label": cardWords(card) + (isPlayed ? ", played" : ""),
        disabled: S.busy || !(isLegal || S.anyCard),
        onclick: () => post("/events", { type: "card", card }),
      }, cardText(card));
    }))));
  box.hidden = false;
}

function renderSoFar(deal) {
  const m = S.match;
  const box = $("#so-far");
  const parts = [];
  if (m.deal_in_progress) {
    if (deal.bids.length) {
      const first = (m.dealer.seat + 1) % m.players.length;
      parts.push(el("h2", {}, "Bids"), el("ol", {}, ...deal.bids.map((call, i) => el("li", {},
        `${m.players[(first + i) % m.players.length]}: ${call === "pass" ? "pass" : call}`))));
    }
    if (deal.exchange) {
      parts.push(el("p", { class: "note" }, "Exchange recorded: " +
        ["elder", "younger"].filter((r) => deal.exchange[r])
          .map((r) => `${r} discarded ${deal.exchange[r].length}`).join(", ") + "."));
    }
    for (const role of ["elder", "younger"]) {
      const d = deal.declarations[role];
      if (!d) continue;
      const said = [];
      if (d.carte_blanche) said.push("carte blanche");
      if (d.point !== null && d.point !== undefined) said.push(`point of ${d.point}`);
      if (d.sequence) said.push(d.sequence);
      for (const set of d.sets || []) {
        const [kind, rank] = set.split(":");
        said.push(`${kind} of ${RANK_WORD[rank] || rank}s`);
      }
      parts.push(el("p", { class: "note", "data-declared": role },
        `${m[role]} declared: ${said.join(", ") || "nothing"}.`));
    }
    if (deal.cards.length) {
      const size = trickSize();
      const tricks = [];
      for (let i = 0; i < deal.cards.length; i += size) tricks.push(deal.cards.slice(i, i + size));
      parts.push(el("h2", {}, `Deal ${m.deal_number}: tricks so far`),
        el("ol", { class: "tricks" }, ...tricks.map((t) =>
          el("li", {}, ...t.flatMap((c, j) => (j ? [" ", cardSpan(c)] : [cardSpan(c)]))))));
    }
  }
  const last = S.ledger.filter((d) => d.status === "live").slice(-1)[0];
  if (last && !deal.cards.length) {
    parts.push(el("h2", {}, `Deal ${last.deal} scored`),
      el("p", {}, Object.entries(last.scores).map(([n, p]) => `${n} ${p}`).join(", ") + "."),
      rulingDetails(last, true));
  }
  box.replaceChildren(...parts);
}
