// @ts-check
/* The rules the page applies itself, without asking the referee (offline, or before a sheet is
 * sent): the calls open to the next bidder and who pitched (P3), who wins a trick (P4, Q6) and
 * so whose turn it is, and the points a player can have counted in play with his tricks (Q6).
 *
 * The referee decides the same facts (referee/pitch/bidding.py, referee/pitch/play.py,
 * referee/piquet/play.py, referee/piquet/sheet.py) and its answer always wins: the page uses
 * these only for what the referee has not said yet. Pure functions of plain values — no DOM, no
 * page state — so Node imports this module as it is served: tests/web/test_rules.py compares
 * it with the engines on thousands of generated auctions, tricks and sheets.
 */

/** @typedef {"pass" | "pitch" | number} Call  a Pitch call: pass, a bid 1…4, or a pitch (4) */
/**
 * @typedef {object} PitchOptions  the match's P8 options that bear on the auction
 * @property {number} [min_bid]  the lowest bid (default 1)
 * @property {number | null} [stuck_dealer_min]  what a dealer everyone passed must bid at
 *   least (default 2); null: everybody passed, the hand is dealt again
 * @property {string} [dealer_steal]  "match_below_4" (default), "match_below_max",
 *   "outbid_only", "match_any"
 * @property {number} [max_bid]  the highest bid (V9: the points of the game; default 4)
 * @property {string[]} [points]  a game with more points: its scoring points (V7, V13);
 *   absent in the 4-point game
 * @property {string} [play]  "trump_anytime" (default), "follow_suit", "trump_only" (V5)
 * @property {string} [joker_rank]  "below_jacks" (default) or "below_two" (V4)
 */
/** @typedef {"elder" | "younger"} Role */

/** Ranks high to low (both packs): a card is "AS", "TH", "7C"… rank then suit. */
const RANK_ORDER = "AKQJT98765432";

/** The highest bid (P3). */
export const MAX_BID = 4;

/** @param {string} a @param {string} b  does card `a` rank above card `b`? */
const higher = (a, b) => RANK_ORDER.indexOf(a[0]) < RANK_ORDER.indexOf(b[0]);

/**
 * @param {Call} call  the value of a call: a pitch is a bid of 4, pass none (null).
 * @param {number} [maxBid]  the highest bid of the game (V9; 4 in the 4-point game)
 */
function bidValue(call, maxBid) {
  if (call === "pitch") return MAX_BID;
  if (call === "pass") return null;
  const value = Number(call);
  return Number.isInteger(value) && value >= 1 && value <= (maxBid || MAX_BID) ? value : null;
}

/**
 * P3: the calls open to the next bidder, [] when the auction is over (everyone called, or a
 * pitch). `bids`: the calls so far from the dealer's left; `players`: how many (2–7);
 * `options`: the match's (P8). Pass unless the dealer is stuck (everyone before him passed
 * and `stuck_dealer_min` is not null: he bids at least that); every bid above the high bid and
 * at least `min_bid`; the dealer may also match the high bid as `dealer_steal` allows (a 1–3,
 * or any with "match_any"); "pitch" whenever a bid of 4 is open.
 * @param {Call[]} bids
 * @param {number} players
 * @param {PitchOptions} [options]
 * @returns {Call[]}
 */
export function legalCalls(bids, players, options) {
  const o = options || {};
  if (bids.length >= players || bids.includes("pitch")) return [];
  const maxBid = o.max_bid || MAX_BID;
  const values = bids.map((b) => bidValue(b, maxBid)).filter((v) => v !== null);
  const high = values.length ? Math.max(...values) : null;
  if (o.points && high === maxBid) return []; // V9: a bid of max_bid ends the auction
  const minBid = o.min_bid || 1;
  const stuckMin = o.stuck_dealer_min === undefined ? 2 : o.stuck_dealer_min;
  const dealer = bids.length === players - 1;
  const stuck = dealer && high === null && stuckMin !== null;
  let lowest = Math.max(minBid, (high || 0) + 1);
  if (stuck) lowest = Math.max(lowest, stuckMin);
  if (dealer && high !== null) {
    const steal = o.dealer_steal || "match_below_4";
    if (steal === "match_any" ||
        ((steal === "match_below_4" || steal === "match_below_max") && high < maxBid)) {
      lowest = Math.min(lowest, high);
    }
  }
  /** @type {Call[]} */
  const calls = stuck ? [] : ["pass"];
  for (let b = lowest; b <= maxBid; b++) calls.push(b);
  if (lowest <= maxBid && !o.points) calls.push("pitch"); // V9: only the 4-point game
  return calls;
}

/**
 * P3: who pitched — the player whose bid stands highest once the auction is over: a bid that
 * equals the high bid (the dealer's steal) takes the contract from the one who made it first;
 * a bid below the high bid, or not 1–4, is read as not made; a pitch ends the auction.
 * `bids`: the calls from the dealer's left; `dealerSeat`: the dealer's seat (0…); `players`:
 * how many. Null when nobody bid. The referee's ruling says it too (`ruling.pitcher`), and the
 * page uses that once there is a ruling.
 * @param {Call[]} bids
 * @param {number} dealerSeat
 * @param {number} players
 * @param {PitchOptions} [options]  the match's (a game with more points bids to `max_bid`)
 * @returns {{seat: number, bid: number} | null}
 */
export function pitcherOf(bids, dealerSeat, players, options) {
  const first = (dealerSeat + 1) % players;
  const maxBid = (options && options.max_bid) || MAX_BID;
  /** @type {{seat: number, bid: number} | null} */
  let best = null;
  for (let i = 0; i < Math.min(bids.length, players); i++) {
    const value = bidValue(bids[i], maxBid);
    if (value === null) continue;
    if (!best || value >= best.bid) best = { seat: (first + i) % players, bid: value };
    if (bids[i] === "pitch") break;
  }
  return best;
}

/**
 * Who wins a complete trick: its position (0: the leader). Pitch (P4): the highest trump,
 * else the highest card of the suit led; Piquet (Q6, `trump` null): the higher card of the
 * suit led — a card of another suit never wins.
 * @param {string[]} trick  the cards in the order played, the lead first ("KD")
 * @param {string | null} trump  the trump suit ("S", "H", "D", "C") or null
 * @returns {number}
 */
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
 * Whose turn it is to play after `cards` (every card of the deal so far, in order): the first
 * trick is led by `leader`, each trick's winner leads the next (P4, Q6); seats go round
 * clockwise, seat (s + 1) % players after seat s (Piquet: two seats, elder's and younger's).
 * Pitch's trump is the suit of the first card (P4); Piquet has none (`game` "piquet").
 * @param {"pitch" | "piquet"} game
 * @param {string[]} cards
 * @param {number} leader  the seat that leads the first trick (the pitcher; elder)
 * @param {number} players  seats at the table, one card each per trick
 * @returns {number} the seat to play next
 */
export function seatToPlay(game, cards, leader, players) {
  const trump = game === "pitch" && cards.length ? cards[0][1] : null;
  let lead = leader;
  const full = cards.length - (cards.length % players);
  for (let i = 0; i < full; i += players) {
    lead = (lead + trickWinner(cards.slice(i, i + players), trump)) % players;
  }
  return (lead + (cards.length % players)) % players;
}

/** V2: the other suit of the same colour. @type {Record<string, string>} */
const PARTNER = { S: "C", C: "S", H: "D", D: "H" };

/**
 * V3.1, V4: the trumps of a game with more points, highest first: A (off-A) K Q J (off-J)
 * (jokers below the jacks) 10 … 3 (off-3) 2 (jokers below the two), each off-card and joker
 * only when the game's `points` name it; jokers written BJ, LJ (one joker: BJ).
 * @param {string} trump  "S", "H", "D", "C"
 * @param {PitchOptions} options
 * @returns {string[]}
 */
export function trumpOrder(trump, options) {
  const points = options.points || ["high", "low", "jack", "game"];
  const other = PARTNER[trump];
  const jokers = points.includes("big_joker") ? ["BJ", "LJ"]
    : points.includes("joker") ? ["BJ"] : [];
  const order = ["A" + trump];
  if (points.includes("off_ace")) order.push("A" + other);
  order.push("K" + trump, "Q" + trump, "J" + trump);
  if (points.includes("off_jack")) order.push("J" + other);
  const below = options.joker_rank === "below_two";
  if (!below) order.push(...jokers);
  for (const r of "T9876543") order.push(r + trump);
  if (points.includes("off_three")) order.push("3" + other);
  order.push("2" + trump);
  if (below) order.push(...jokers);
  return order;
}

/**
 * V4, V5: who wins a trick of a game with more points: its position (0: the first entry).
 * The highest trump (`trumpOrder`: off-cards and jokers are trumps), else the highest card of
 * the suit led (the first card's, a trump lead when it is a trump); `null` entries are
 * players who folded (trump-only play, V5.3). A one-joker pack's `JK` is BJ; under
 * `joker_order` "first_played" the first `JK` of the hand is the big joker — pass `BJ`/`LJ`.
 * @param {(string | null)[]} trick
 * @param {string} trump
 * @param {PitchOptions} options
 * @returns {number}
 */
export function variantTrickWinner(trick, trump, options) {
  const order = trumpOrder(trump, options);
  const name = (/** @type {string} */ c) => (c === "JK" ? "BJ" : c);
  const lead = trick.find((c) => c !== null);
  if (!lead) return 0;
  const led = order.includes(name(lead)) ? "T" : lead[1];
  const power = (/** @type {string | null} */ c) => {
    if (c === null) return -1;
    const k = order.indexOf(name(c));
    if (k >= 0) return 1000 - k;
    return (c[1] === led ? 100 : 0) + (14 - RANK_ORDER.indexOf(c[0]));
  };
  let best = 0;
  for (let i = 1; i < trick.length; i++) if (power(trick[i]) > power(trick[best])) best = i;
  return best;
}

/**
 * V5.3: whose turn it is in a game with more points after `entries` (every card of the hand
 * so far in order, `null` for a player who folded): each trick has an entry for every player
 * from the one due to lead (the pitcher, then each trick's winner). `trump`: the trump suit;
 * null: the printed suit of the first card (a joker first: spades, V3.3).
 * @param {(string | null)[]} entries
 * @param {number} leader  the pitcher's seat
 * @param {number} players
 * @param {string | null} trump
 * @param {PitchOptions} options
 * @returns {number}
 */
export function variantSeatToPlay(entries, leader, players, trump, options) {
  const first = entries.find((c) => c !== null);
  const suit = trump || (first && !first.endsWith("J") && first !== "JK" ? first[1] : "S");
  let lead = leader;
  const full = entries.length - (entries.length % players);
  for (let i = 0; i < full; i += players) {
    const trick = entries.slice(i, i + players);
    if (trick.some((c) => c !== null)) {
      lead = (lead + variantTrickWinner(trick, suit, options)) % players;
    }
  }
  return (lead + (entries.length % players)) % players;
}

/**
 * Q6: the least and the most `role` can have counted in play when elder won `elderTricks` of
 * the twelve tricks (younger the rest): 1 for each of his leads (elder leads the first, the
 * winner of a trick leads the next), 1 for each trick won on the other's lead, 1 for the last
 * trick. With `leadPoint` "every" each trick he won counts at least once, elder's first lead
 * too, and younger's first trick is won on elder's lead; with "ten_or_higher" only leads and
 * wins of a ten or better count, so the least is 0. See referee/piquet/sheet.py.
 * @param {Role} role
 * @param {number} elderTricks  0…12
 * @param {string} leadPoint  the match's `lead_point` option: "every" or "ten_or_higher"
 * @returns {[number, number]} [least, most]
 */
export function playRange(role, elderTricks, leadPoint) {
  const te = elderTricks;
  const ty = 12 - te;
  const every = leadPoint === "every";
  if (role === "elder") return [every ? te + 1 : 0, te + 1 + Math.min(te, ty)];
  return [every ? ty + Math.min(1, ty) : 0, ty + Math.min(ty, te + 1)];
}

/**
 * Q6: can elder and younger together have counted `play` in play with these tricks? Each
 * within his `playRange`, and — the lead passing to whoever wins — younger wins on elder's lead
 * as often as elder on his, or once more (exactly when younger wins the last trick); with
 * "ten_or_higher" the winner of the last trick counts at least 1.
 * @param {number} elderTricks  0…12
 * @param {{elder: number, younger: number}} play
 * @param {string} leadPoint  "every" or "ten_or_higher"
 * @returns {boolean}
 */
export function playFits(elderTricks, play, leadPoint) {
  const te = elderTricks;
  const ty = 12 - te;
  for (const role of /** @type {Role[]} */ (["elder", "younger"])) {
    const [least, most] = playRange(role, te, leadPoint);
    if (play[role] < least || play[role] > most) return false;
  }
  if (leadPoint === "every") {
    const wonOnYounger = play.elder - te - 1;
    const wonOnElder = play.younger - ty;
    return wonOnElder - wonOnYounger === 0 || wonOnElder - wonOnYounger === 1;
  }
  for (let wy = Math.min(1, ty); wy <= ty; wy++) {
    for (const we of [wy - 1, wy]) {
      if (we < 0 || we > te) continue;
      const lastYounger = wy > we;
      if (play.elder <= te + 1 + we && play.younger <= ty + wy &&
          (lastYounger ? play.younger : play.elder) >= 1) return true;
    }
  }
  return false;
}

/** V7: each scoring point's value, in the order of V13. @type {Record<string, number>} */
export const POINT_VALUES = {
  high: 1, low: 1, jack: 1, game: 1, off_jack: 1, joker: 1, big_joker: 1, little_joker: 1,
  ten: 1, three: 3, five: 5, off_ace: 1, off_three: 3,
};

const TEN_POINT = {
  points: ["high", "low", "jack", "off_jack", "big_joker", "little_joker", "three", "ten"],
  low: "holder", play: "trump_only", min_bid: 5, target: 52, cards_dealt: 9, draw: "non_trump",
};

/** V12: each game's row, what differs from every game's defaults. @type {Record<string, *>} */
const PRESET_ROWS = {
  four_point: { points: ["high", "low", "jack", "game"], min_bid: 1, stuck_dealer_min: 2,
    dealer_steal: "match_below_4", target: 7 },
  five_point: { points: ["high", "low", "jack", "off_jack", "game"], min_bid: 2, target: 15 },
  five_point_joker: { points: ["high", "low", "jack", "joker", "game"], low: "holder",
    min_bid: 1, stuck_dealer_min: 2, dealer_steal: "match_below_max", pitched_joker: "spades",
    joker_rank: "below_two", target: 10 },
  six_point: { points: ["high", "low", "jack", "off_jack", "joker", "game"], min_bid: 2,
    target: 15 },
  seven_point: { points: ["high", "low", "jack", "off_jack", "big_joker", "little_joker",
    "game"], low: "holder", min_bid: 3, target: 21, cards_dealt: 9, draw: "non_trump" },
  nine_point: { points: ["high", "low", "jack", "five", "game"], min_bid: 3, target: 31,
    cards_dealt: 9, draw: "non_trump" },
  ten_point: TEN_POINT,
  eleven_point: { ...TEN_POINT, points: [...TEN_POINT.points, "off_ace"] },
  thirteen_point: { ...TEN_POINT, points: [...TEN_POINT.points, "off_three"] },
};

/**
 * V12, V13: every option of a Pitch game as its preset fills it (the referee's
 * `variant_options({"variant": variant})`): the row of V12 over the defaults of every game,
 * `max_bid` the points' total (13 at most), `stuck_dealer_min` the `min_bid` unless the row
 * gives it. The house-rules form starts from it and sends only what the table changed.
 * @param {string} variant  a preset's name ("ten_point"); anything else is four_point
 * @returns {Record<string, *>}
 */
export function pitchPreset(variant) {
  const row = PRESET_ROWS[variant] || PRESET_ROWS.four_point;
  /** @type {Record<string, *>} */
  const found = {
    low: "captor", play: "trump_anytime", first_lead: "trump", pitched_joker: "named",
    joker_rank: "below_jacks", joker_order: "marked", joker_game: "none", deck: "full",
    draw: "none", kitty: 0, cards_dealt: 6, dealer_steal: "outbid_only",
    pitcher_only_wins: true, moon: null, ...row, points: [...row.points],
  };
  found.max_bid = Math.min(13, found.points.reduce(
    (/** @type {number} */ sum, /** @type {string} */ p) => sum + POINT_VALUES[p], 0));
  if (!("stuck_dealer_min" in row)) found.stuck_dealer_min = found.min_bid;
  return found;
}

/**
 * V7: what a scoring point is worth (a three 3, the five 5).
 * @param {string} name  a point's name ("three")
 * @returns {number}
 */
export function pointValue(name) {
  return POINT_VALUES[name];
}
