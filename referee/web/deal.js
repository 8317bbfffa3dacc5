// @ts-check
/* The deal in progress as this phone sees it: the referee's record (match.current_deal) plus
 * the taps still waiting in the queue, and whose turn it is after them.
 *
 * While taps wait (offline), whose turn it is and the calls open to a bidder come from the
 * rules the page applies alone (rules.js: the order of play, who wins each trick, who
 * pitched, the legal calls). Whether a card was allowed is left to the referee: it checks each
 * card when it arrives.
 */
import { legalCalls, pitcherOf, seatToPlay, variantSeatToPlay } from "./rules.js";
import { S } from "./state.js";

/** Cards in a trick: 2 in Piquet, one per player in Pitch. */
export function trickSize() {
  return S.match.game === "piquet" ? 2 : S.match.players.length;
}

/** Cards in a whole deal: Piquet 24 (12 tricks), Pitch 6 tricks. */
function dealSize() {
  return S.match.game === "piquet" ? 24 : 6 * S.match.players.length;
}

/**
 * The deal so far: {hands, dealt, talon, exchange, declarations, bids, cards, tricks (the
 * cards by trick, as the referee recorded them, then the waiting taps), lastComplete (the
 * last of them is complete), pendingCards (Set), waiting (entries not yet sent), next
 * ({action, player, seat, role, legal_cards} — the referee's when nothing waits, else worked
 * out here), complete (all cards tapped)}. A Pitch trick short of a card (a hand found short
 * in play, P10) is as the referee recorded it: the page does not count it by players.
 */
export function currentDeal() {
  const m = S.match;
  const record = (m && m.deal_in_progress && m.current_deal) || {};
  const waiting = (S.pending || []).filter((e) => e.match === S.id);
  // Held back by a conflict or a clash: the referee's state as it is, the waiting taps apart.
  const overlaid = S.conflict || S.clash ? [] : waiting;
  const deal = {
    hands: record.hands || null, dealt: record.dealt || null, talon: record.talon || null,
    exchange: record.exchange || null, declarations: record.declarations || {},
    bids: [...(record.bids || [])], cards: (record.tricks || []).flat(),
    tricks: /** @type {any[][]} */ ((record.tricks || []).map((t) => [...t])),
    lastComplete: true,
    pendingCards: new Set(), pendingBids: 0, waiting, next: (m && m.next) || { action: "none" },
    complete: false,
  };
  if (!m) return deal;
  const at = m.next && m.next.at;
  const last = deal.tricks[deal.tricks.length - 1];
  deal.lastComplete = !last || (at && Number.isInteger(at.trick)
    ? at.trick > deal.tricks.length : last.length >= trickSize());
  // A step recorded anyway is no tap the page can play forward: its penalty (taken back, the
  // deal void…) is the referee's to apply, so whose turn it is waits for the answer.
  const isTap = (e) => e.body && !e.body.anyway && ["card", "bid"].includes(e.body.type);
  const taps = overlaid.filter(isTap);
  if (!taps.length || overlaid.some((e) => !isTap(e))) {
    for (const e of taps) {
      if (e.body.type === "card") deal.pendingCards.add(e.body.card);
    }
    if (taps.length || overlaid.some((e) => e.body &&
        (e.body.anyway || e.body.type === "irregularity"))) {
      deal.next = { action: "wait" };
    }
    return withTaps(deal, taps);
  }
  withTaps(deal, taps);
  deal.next = localNext(deal);
  return deal;
}

function withTaps(deal, taps) {
  for (const e of taps) {
    if (e.body.type === "card") {
      deal.cards.push(e.body.card);
      deal.pendingCards.add(e.body.card);
      if (deal.lastComplete) deal.tricks.push([]);
      const trick = deal.tricks[deal.tricks.length - 1];
      trick.push(e.body.card);
      deal.lastComplete = trick.length >= trickSize();
    } else {
      deal.bids.push(e.body.call);
      deal.pendingBids += 1;
    }
  }
  deal.complete = deal.cards.length >= dealSize();
  return deal;
}

/** Whose turn after the waiting taps (see the module's note). */
function localNext(deal) {
  const m = S.match;
  const n = m.players.length;
  if (deal.complete) return { action: "wait" };
  if (m.game === "pitch") {
    const calls = legalCalls(deal.bids, n, m.options);
    if (calls.length) {
      const seat = (m.dealer.seat + 1 + deal.bids.length) % n;
      return { action: "bid", player: m.players[seat], seat, legal_calls: calls };
    }
    const pitcher = pitcherOf(deal.bids, m.dealer.seat, n, m.options);
    if (!pitcher) return { action: "wait" }; // everybody passed: the referee says
    const seat = m.options.points // a game with more points (V4, V5.3)
      ? variantSeatToPlay(deal.cards, pitcher.seat, n, null, m.options)
      : seatToPlay("pitch", deal.cards, pitcher.seat, n);
    return { action: "card", player: m.players[seat], seat, legal_cards: null };
  }
  const elder = m.players.indexOf(m.elder);
  const seat = seatToPlay("piquet", deal.cards, elder, 2);
  return { action: "card", player: m.players[seat], seat, legal_cards: null,
    role: seat === elder ? "elder" : "younger" };
}
