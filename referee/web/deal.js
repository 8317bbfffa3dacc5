/* The deal in progress as this phone sees it: the referee's record (match.current_deal) plus
 * the taps still waiting in the queue, and whose turn it is after them.
 *
 * While taps wait (offline), whose turn it is comes from the rules the page can apply alone:
 * the order of play and who wins each trick (Q6: the higher card of the suit led; P4: the
 * highest trump, trumps being the suit of the pitcher's first lead). Whether a card was
 * allowed is left to the referee: it checks each card when it arrives.
 */
import { S } from "./state.js";

const ORDER = "AKQJT98765432";
const higher = (a, b) => ORDER.indexOf(a[0]) < ORDER.indexOf(b[0]);

/** Cards in a trick: 2 in Piquet, one per player in Pitch. */
export function trickSize() {
  return S.match.game === "piquet" ? 2 : S.match.players.length;
}

/** Cards in a whole deal: Piquet 24 (12 tricks), Pitch 6 tricks. */
function dealSize() {
  return S.match.game === "piquet" ? 24 : 6 * S.match.players.length;
}

/** The winning position (0…) in a complete `trick`; `trump` a suit letter or null. */
export function trickWinner(trick, trump) {
  let best = 0;
  for (let i = 1; i < trick.length; i++) {
    const c = trick[i];
    const b = trick[best];
    if (trump && c[1] === trump && b[1] !== trump) best = i;
    else if (c[1] === b[1] && higher(c, b)) best = i;
  }
  return best;
}

/**
 * Who pitched (P3): the player whose bid stands highest once the auction is over — a bid
 * that equals the high bid (the dealer's steal) takes the contract from the one who made it
 * first, and a pitch ends the auction. `bids`: the calls from the dealer's left ("pass", 1…4,
 * "pitch"); `dealerSeat` the dealer's seat; `players` how many. Answers {seat, bid} or null
 * (nobody bid). The one place the page decides it: the referee's ruling says it too
 * (`ruling.pitcher`), and the page uses that once there is a ruling.
 */
export function pitcherOf(bids, dealerSeat, players) {
  const first = (dealerSeat + 1) % players;
  let best = null;
  for (let i = 0; i < Math.min(bids.length, players); i++) {
    const call = bids[i];
    if (call === "pass") continue;
    const value = call === "pitch" ? 4 : Number(call);
    if (!(value >= 1 && value <= 4)) continue;
    if (!best || value >= best.bid) best = { seat: (first + i) % players, bid: value };
    if (call === "pitch") break;
  }
  return best;
}

/**
 * The deal so far: {hands, dealt, talon, exchange, declarations, bids, cards, pendingCards
 * (Set), waiting (entries not yet sent), next ({action, player, seat, role, legal_cards} —
 * the referee's when nothing waits, else worked out here), complete (all cards tapped)}.
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
    pendingCards: new Set(), pendingBids: 0, waiting, next: (m && m.next) || { action: "none" },
    complete: false,
  };
  if (!m) return deal;
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
    const first = (m.dealer.seat + 1) % n;
    if (deal.bids.length < n && !deal.bids.includes("pitch")) {
      const seat = (first + deal.bids.length) % n;
      return { action: "bid", player: m.players[seat], seat, legal_calls: null };
    }
    const pitcher = pitcherOf(deal.bids, m.dealer.seat, n);
    if (!pitcher) return { action: "wait" }; // everybody passed: the referee says
    return nextCard(deal, pitcher.seat, deal.cards.length ? deal.cards[0][1] : null, (s) => (s + 1) % n);
  }
  const elder = m.players.indexOf(m.elder);
  const seat = nextCard(deal, elder, null, (s) => 1 - s);
  return { ...seat, role: seat.seat === elder ? "elder" : "younger" };
}

function nextCard(deal, leader, trump, after) {
  const m = S.match;
  const size = trickSize();
  let lead = leader;
  const cards = deal.cards;
  const full = cards.length - (cards.length % size);
  for (let i = 0; i < full; i += size) {
    const trick = cards.slice(i, i + size);
    let seat = lead;
    for (let k = 0; k < trickWinner(trick, trump); k++) seat = after(seat);
    lead = seat;
  }
  let seat = lead;
  for (let k = 0; k < cards.length % size; k++) seat = after(seat);
  return { action: "card", player: m.players[seat], seat, legal_cards: null };
}
