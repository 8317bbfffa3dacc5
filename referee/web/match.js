// @ts-check
/* The match on screen: open it, follow it live, write to it through the queue. */
import { api, follow, matchPath, showOffline } from "./api.js";
import { cardPhrase, cardWords } from "./cards.js";
import { currentDeal, trickSize } from "./deal.js";
import { $ } from "./dom.js";
import { hideMessage, problemText, showMessage } from "./messages.js";
import { S, render } from "./state.js";
import { saveMatch, savedMatch } from "./store.js";
import { flush, loadPending, setWriteHooks, write } from "./writes.js";
import { showHome } from "./screens/home.js";
import { selectTab } from "./screens/tabs.js";
import { phrase, say, t, tn } from "./language.js";

const SNAPSHOT = "referee.table.snapshot.";
let stopFollowing = null;

/**
 * What a refused step offers: "It really happened: record it anyway" opens
 * `offerAnyway(step, label, done)` (app.js sets screens/anyway.js askAnyway: the screens use
 * this module, never the other way round).
 * @type {((step: object, label: string, done: () => void) => void) | null}
 */
let offerAnyway = null;

/** Set what a step the rules refuse offers (see offerAnyway). */
export function setOfferAnyway(fn) {
  offerAnyway = fn;
}

/**
 * Open match `id` with `token`. `candidate`: a token from a link, not yet kept on this phone —
 * it is kept only once the referee has accepted it (a stale or forged link must not replace
 * the token this phone already has); refused, the phone's own token is used instead.
 */
export async function openMatch(id, token, candidate, seatName) {
  stopLive();
  Object.assign(S, {
    // a seat's token (st_) records, confirms and disputes too (docs/records.md)
    id, token, canWrite: token.startsWith("rw_") || token.startsWith("st_"),
    match: null, ledger: [], ledgerVersion: -1,
    ledgerKey: null, setup: null, declaring: null, voiding: null, irregular: false,
    actor: null, anyway: null,
    pending: [], conflict: null, clash: null,
  });
  $("#irregular").checked = false;
  $("#home").hidden = true;
  $("#match").hidden = false;
  hideMessage();
  selectTab(S.tab);
  const snapshot = readSnapshot(id);
  if (snapshot && !candidate) {
    S.ledger = snapshot.ledger || [];
    S.ledgerVersion = snapshot.ledgerVersion ?? -1;
    S.ledgerKey = snapshot.ledgerKey || null;
    S.match = snapshot.match;
    await loadPending();
    render();
  }
  try {
    const { data } = await api("GET", matchPath());
    const moved = await ledgerMoved(S.match && S.match.head, data);
    if (moved) {
      // The referee's ledger no longer leads to what this phone saw: never keep showing the
      // phone's copy as though it were the referee's, and say so loudly.
      Object.assign(S, { match: null, ledger: [], ledgerVersion: -1, ledgerKey: null });
      showMessage(moved, "alarm");
    }
    if (candidate) {
      if (token.startsWith("st_")) saveMatch({ id, seat: token, seatName: seatName || "" });
      else saveMatch({ id, [token.startsWith("rw_") ? "write" : "read"]: token });
      candidate = null;
    }
    await adopt(data);
  } catch (error) {
    if (error.status === 401 || error.status === 403 || error.status === 404) {
      const own = savedMatch(id);
      const fallback = own.write || own.seat || own.read;
      if (candidate && fallback && fallback !== token) {
        await openMatch(id, fallback);
        showMessage(t("match.key_changed_own", "That link's key no longer opens the match: this phone keeps using its own key."), "info");
        return;
      }
      showHome(error.status === 404 ? t("match.no_such", "There is no such match.") :
        t("match.key_changed", "That link no longer opens the match (its key was changed)."));
      return;
    }
    if (!S.match) {
      showMessage(t("match.no_answer", "No answer from the referee: the match shows as soon as the phone is back online."), "info");
    }
  }
  if (S.id !== id) return;
  await loadPending();
  if (S.match) render();
  await takeSeat(id);
  stopFollowing = follow(id, S.token, (match) => adopt(match), (how) => {
    document.body.dataset.live = how; // "stream" or "poll" (the fallback)
    flush();
  });
  flush();
}

/**
 * A seat's phone takes up its seat (docs/records.md): until it has, the seat has not joined and the
 * shared phone's deals still confirm themselves (auto_confirm "auto"). Once, through the
 * write queue (If-Match: *: a join cannot be recorded twice).
 */
async function takeSeat(id) {
  if (!S.token.startsWith("st_") || !S.match || S.id !== id) return;
  let name = savedMatch(id).seatName;
  if (!name) {
    try {
      const { data } = await api("GET", matchPath("/me"));
      name = data.player;
      if (name) saveMatch({ id, seatName: name });
    } catch (error) {
      return; // offline: taken up on the next opening (or by this seat's first write)
    }
  }
  if ((S.match.joined || []).includes(name)) return;
  if (S.pending.some((entry) => entry.path === "/me:join")) return;
  await write("/me:join", () => ({ body: {}, label: name
    ? phrase("entry.seat_of", "{name}'s seat taken up", { name })
    : phrase("entry.your_seat", "your seat taken up") }), "join", true);
}

/**
 * What to tell the table when the referee's ledger does not lead to the head this phone last
 * saw (`kept`, from its snapshot): null when it does. Behind: the server was restored to an
 * earlier point (a backup), and what was recorded after it is missing; diverged: an event the
 * phone saw is no longer there as it was. Asks GET …/verify?head= only when the match read
 * (`fresh`) is not plainly ahead of the kept head.
 */
async function ledgerMoved(kept, fresh) {
  if (!kept || !fresh || !fresh.head) return null;
  if (fresh.head.seq > kept.seq) return null; // it went on since: the usual case
  if (fresh.head.seq === kept.seq && fresh.head.hash === kept.hash) return null;
  let report;
  try {
    ({ data: report } = await api("GET", matchPath(`/verify?head=${kept.seq}:${kept.hash}`)));
  } catch (error) {
    return null; // cannot ask now: asked again at the next opening
  }
  const status = report && report.known_head && report.known_head.status;
  if (status === "behind") {
    return tn("match.behind", "The referee's record of this match is behind what this phone last saw: it has {events} entry, this phone saw {seen}. The referee was probably restored from an earlier backup, and what was recorded after that point is missing: check the last deals against your score sheet and enter the missing ones again.", "The referee's record of this match is behind what this phone last saw: it has {events} entries, this phone saw {seen}. The referee was probably restored from an earlier backup, and what was recorded after that point is missing: check the last deals against your score sheet and enter the missing ones again.", report.events, { events: report.events, seen: kept.seq });
  }
  if (status === "diverged") {
    return t("match.diverged", "Entry {seen} of the referee's record of this match is not the one this phone saw: the record was changed. Keep your own score sheet and tell whoever runs the referee.", { seen: kept.seq });
  }
  return null;
}

/** Stop following the match on screen (leaving it). */
export function stopLive() {
  if (stopFollowing) stopFollowing();
  stopFollowing = null;
}

function readSnapshot(id) {
  try {
    return JSON.parse(localStorage.getItem(SNAPSHOT + id) || "null");
  } catch (error) {
    return null;
  }
}

function keepSnapshot() {
  try {
    localStorage.setItem(SNAPSHOT + S.id, JSON.stringify({ match: S.match, ledger: S.ledger,
      ledgerVersion: S.ledgerVersion, ledgerKey: S.ledgerKey }));
  } catch (error) {
    /* full or private: the page still works online */
  }
}

/** What, in the match, changes the ledger (a deal scored, voided, restored, ruled). */
function ledgerKeyOf(m) {
  return [m.deal_number, m.deals_played, m.finished, (m.disputed || []).join(","),
    (m.provisional || []).join(",")].join("/"); // a deal confirmed: its agreement in the ledger
}

/**
 * Take a match body from any answer (a write's answer, the stream, a read) as the current
 * state. The ledger is read again only when a deal was scored or corrected, or when the Score
 * tab shows it (If-None-Match: nothing is sent back when it has not changed).
 */
export async function adopt(match, force) {
  if (!match || (match.id && S.id && match.id !== S.id)) return;
  if (S.match && match.version < S.match.version) return; // an older answer, arriving late
  if (S.match && match.version === S.match.version && !force && S.ledgerKey) return;
  S.match = match;
  if (S.id) saveMatch({ id: S.id, game: match.game, players: match.players,
    finished: match.finished });
  await loadLedger();
  keepSnapshot();
  render();
}

/** Read the ledger if the match changed it (or `always`, for the Score tab). */
export async function loadLedger(always) {
  const m = S.match;
  if (!m) return;
  const key = ledgerKeyOf(m);
  if (S.ledgerVersion === m.version || (!always && key === S.ledgerKey)) return;
  try {
    const items = [];
    let cursor = null;
    for (;;) {
      const path = matchPath("/ledger?limit=500" + (cursor ? `&cursor=${cursor}` : ""));
      const etag = !cursor && S.ledgerVersion >= 0 ? `"v${S.ledgerVersion}"` : undefined;
      const { data, notModified } = await api("GET", path, undefined, { etag });
      if (notModified) {
        S.ledgerVersion = m.version;
        S.ledgerKey = key;
        return;
      }
      items.push(...data.items);
      if (!data.next_cursor) break;
      cursor = data.next_cursor;
    }
    S.ledger = items;
    S.ledgerVersion = m.version;
    S.ledgerKey = key;
  } catch (error) {
    /* offline: the ledger as last read */
  }
}

/** Read the match again now (a tab shown again, a phone woken up). */
export async function refresh() {
  if (!S.id || !S.match) return;
  try {
    const { data } = await api("GET", matchPath());
    await adopt(data);
  } catch (error) {
    /* shown by the offline badge */
  }
}

export function setBusy(busy) {
  S.busy = busy;
  document.body.dataset.busy = busy ? "true" : "false";
}

/**
 * A write to the match (`path` after /v1/matches/{id}): queued, then sent with the version this
 * phone last read. `done(answer)` runs once the referee has accepted it; `label` says what it
 * is ("ten of spades"), for the pending line: a phrase (language.js), worded when shown.
 */
export function post(path, body, done, label) {
  if (!S.canWrite || !S.match) return null;
  hideMessage();
  const kind = body && body.type ? body.type : path.split("/").pop();
  // Made once the taps before it are stored (writes.js): its place counts them.
  const made = () => {
    let sent = body;
    const more = {};
    if (path === "/events" && body && !body.at) {
      // Where the step belongs, so that a phone that was behind is told, not obeyed (409).
      const at = placeOf(body);
      if (at) sent = { ...body, at };
      more.who = body.player || currentDeal().next.player || null;
    }
    return { body: sent, label: label || describe(sent, path), more };
  };
  return write(path, made, kind, false).then((entry) => {
    if (done) doneAfter.set(entry.key, done);
    return entry;
  });
}

const doneAfter = new Map();

/**
 * Where step `body` belongs (`at`: {deal, trick, position}, {deal, bid} or {deal}): the
 * referee's `next.at` (the place the next step takes), moved on by one place for each tap of
 * the same deal still waiting on this phone (taps made offline are numbered in the order they
 * were made). Null when the referee gives no place (an older server), for the hands of an
 * earlier deal (its body names the deal), and when the waiting taps run past the deal's end.
 */
export function placeOf(body) {
  const m = S.match;
  const next = m && m.next && m.next.at;
  if (!next || !Number.isInteger(next.deal) || !body || !body.type) return null;
  if (body.type === "deal_started" && body.deal !== undefined) return null;
  const earlier = (S.pending || []).filter((e) => e.path === "/events" && e.body &&
    e.body.at && e.body.at.deal === next.deal && e.body.type === body.type);
  if (body.type === "card") {
    const size = trickSize();
    // the first card after the auction is trick 1's lead
    const from = next.trick ? (next.trick - 1) * size + (next.position - 1) : 0;
    if (!next.trick && next.bid === undefined) return null;
    const index = from + earlier.length;
    if (index >= (m.game === "piquet" ? 24 : 6 * m.players.length)) return null;
    return { deal: next.deal, trick: Math.floor(index / size) + 1, position: index % size + 1 };
  }
  if (body.type === "bid") {
    if (next.bid === undefined) return null;
    return { deal: next.deal, bid: next.bid + earlier.length };
  }
  return { deal: next.deal };
}

/** A deal entry in words, as players say it: "deal 2, by score sheet". */
export function entryWords(body) {
  return say(entryPhrase(body));
}

/** A deal entry as a phrase (language.js `phrase`), worded when said. */
export function entryPhrase(body) {
  const how = body.sheet ? phrase("entry.by_sheet", "by score sheet")
    : body.totals ? phrase("entry.by_totals", "just the totals")
      : phrase("entry.by_cards", "by its cards");
  const n = body.deal || (S.match && S.match.deal_number);
  return S.match && S.match.game === "pitch" ? phrase("entry.hand", "hand {n}, {how}", { n, how })
    : phrase("entry.deal", "deal {n}, {how}", { n, how });
}

/** "deal" (Piquet) or "hand" (Pitch), as a phrase, for the match on screen. */
export function dealPhrase() {
  return S.match && S.match.game === "piquet" ? phrase("clash.deal", "deal")
    : phrase("clash.hand", "hand");
}

/** The steps the page sends, in words ("deal started"), by their type. */
const STEP_WORDS = {
  deal_started: () => phrase("entry.deal_started", "deal started"),
  declaration: () => phrase("entry.declaration", "declaration"),
  exchange: () => phrase("entry.exchange", "exchange"),
  irregularity: () => phrase("entry.irregularity", "irregularity"),
};

/**
 * An entry waiting on this phone in words ("ten of spades", "an undo"), kept with it as a
 * phrase: it is worded when shown, in the phone's language of the moment (writes.js
 * `entryLabel`).
 */
function describe(body, path) {
  if (path === "/deals" && body) return entryPhrase(body);
  if (body && body.type === "card") return cardPhrase(body.card);
  if (body && body.type === "bid") {
    return body.call === "pass" ? phrase("entry.pass", "a pass")
      : phrase("entry.bid", "a bid of {call}", { call: body.call });
  }
  if (body && body.type) {
    return body.type in STEP_WORDS ? STEP_WORDS[body.type]() : body.type.replace("_", " ");
  }
  if (path === "/undo") return phrase("entry.undo", "an undo");
  const voided = /^\/deals\/(\d+)\/void$/.exec(path);
  if (voided) return phrase("entry.void", "the void of deal {n}", { n: voided[1] });
  const answered = /^\/deals\/(\d+)\/(confirm|dispute)$/.exec(path);
  if (answered) {
    return answered[2] === "confirm"
      ? phrase("entry.confirming", "confirming deal {n}", { n: answered[1] })
      : phrase("entry.disputing", "disputing deal {n}", { n: answered[1] });
  }
  return path.replace(/^\//, "");
}

setWriteHooks({
  adopt,
  busy: setBusy,
  sent(entry, answer, before) {
    const done = doneAfter.get(entry.key);
    doneAfter.delete(entry.key);
    if (done) done(answer);
    if (entry.path === "/undo" && before) {
      showMessage(undoneText(before, S.match), "ok");
    }
    render();
  },
  refused(entry, answer) {
    doneAfter.delete(entry.key);
    const problem = answer.data || {};
    // A step the rules refuse may still have happened at the table: offer to record it
    // anyway, its consequence shown first (screens/anyway.js).
    const step = offerAnyway && entry.path === "/events" && entry.body &&
      !entry.body.anyway && answer.status === 422 && (problem.violations || []).length
      ? entry.body : null;
    showMessage(problemText({ problem, message: `HTTP ${answer.status}` }), "error",
      problem.violations, step ? { id: "refused-anyway", text: t("match.record_anyway", "It really happened: record it anyway"), onclick: () => offerAnyway(step, entry.label, () => {
        S.setup = null; // the hands, exchange or declaration form it came from is done
        S.declaring = null;
      }) } : null);
    render();
  },
  conflict() {
    render();
  },
  async clash(entry, problem) {
    // May this phone confirm or dispute the deal another phone recorded? (GET /me)
    const deal = problem.existing && problem.existing.deal;
    if (deal && entry.path === "/deals") {
      try {
        const { data } = await api("GET", matchPath("/me"), undefined, { delays: [400] });
        if (S.clash && S.clash.entry.n === entry.n) S.clash.me = data;
      } catch (error) {
        /* unknown: the referee says when the phone answers */
      }
    }
    render();
  },
});

window.addEventListener("online", () => showOffline(false));

/** "Undone: Ann's nine of hearts" — what an undo took back, from the match before and after. */
export function undoneText(before, after) {
  const record = (m) => (m && m.deal_in_progress && m.current_deal) || {};
  const cards = (m) => (record(m).tricks || []).flat();
  const bids = (m) => record(m).bids || [];
  const player = after.next && after.next.player;
  if (before.deal_in_progress && after.deal_number === before.deal_number) {
    const was = cards(before);
    const now = cards(after);
    if (now.length === was.length - 1) {
      const card = cardWords(was[was.length - 1]);
      return player ? t("undone.card_of", "Undone: {player}'s {card}.", { player, card })
        : t("undone.card", "Undone: the {card}.", { card });
    }
    const b = bids(before);
    if (bids(after).length === b.length - 1) {
      const call = b[b.length - 1];
      if (call === "pass") {
        return player ? t("undone.pass_of", "Undone: {player}'s pass.", { player })
          : t("undone.pass", "Undone: the pass.");
      }
      return player ? t("undone.bid_of", "Undone: {player}'s bid of {call}.", { player, call })
        : t("undone.bid", "Undone: the bid of {call}.", { call });
    }
  }
  if (after.deal_in_progress && !before.deal_in_progress &&
      after.deal_number === before.deal_number - 1) {
    const n = after.deal_number;
    return player ? t("undone.last_card_of",
      "Undone: the last card of deal {n} ({player}'s) and the deal's score.", { n, player })
      : t("undone.last_card", "Undone: the last card of deal {n} and the deal's score.", { n });
  }
  if (after.deals_played > before.deals_played) {
    return t("undone.void", "Undone: the void (the deal counts again).");
  }
  if (after.deals_played < before.deals_played) {
    return t("undone.deal", "Undone: the last deal recorded.");
  }
  return t("undone.entry", "Undone: the last entry.");
}

/** The class that gives player (or team) `i` its colour. */
export function colorClass(i) {
  return `pc${i % 7}`;
}

// Kept for the screens written against the first split: the deal in
// progress now lives in deal.js, and the live stream replaced polling.
export { currentDeal, trickSize };
export const stopPolling = stopLive;
