/* The match on screen: open it, follow it, write to it. */
import { api, matchPath } from "./api.js";
import { $, $$ } from "./dom.js";
import { hideMessage, problemText, showMessage } from "./messages.js";
import { S, render } from "./state.js";
import { saveMatch } from "./store.js";
import { showHome } from "./screens/home.js";
import { selectTab } from "./screens/tabs.js";

const POLL_MS = 4000;

/** Open match `id` with `token`: read it, show it, follow it. */
export async function openMatch(id, token) {
  S.id = id;
  S.token = token;
  S.canWrite = token.startsWith("rw_") || token.startsWith("st_"); // a seat records too
  S.match = null;
  S.events = [];
  S.lastSeq = 0;
  S.ledger = [];
  S.ledgerVersion = -1;
  S.setup = null;
  S.declaring = null;
  S.voiding = null;
  S.anyCard = false;
  $("#any-card").checked = false;
  $("#home").hidden = true;
  $("#match").hidden = false;
  hideMessage();
  selectTab(S.tab);
  try {
    const { data } = await api("GET", matchPath());
    await adopt(data);
    saveMatch({ id, game: data.game, players: data.players });
  } catch (error) {
    if (error.status === 401 || error.status === 403 || error.status === 404) {
      showHome(error.status === 404 ? "There is no such match." :
        "That link no longer opens the match (its key was changed).");
      return;
    }
    showMessage(problemText(error));
  }
  startPolling();
}

/** Take a match body from any answer as the current state; fetch what changed with it. */
export async function adopt(match) {
  if (S.match && match.version < S.match.version) return; // an older answer, arriving late
  S.match = match;
  await Promise.all([loadLog(), loadLedger()]);
  render();
}

async function loadLog() {
  for (;;) {
    const path = matchPath("/log?limit=500" + (S.lastSeq ? `&cursor=${S.lastSeq}` : ""));
    const { data } = await api("GET", path);
    for (const item of data.items) {
      if (item.seq > S.lastSeq) {
        S.events.push(item);
        S.lastSeq = item.seq;
      }
    }
    if (!data.next_cursor) return;
  }
}

async function loadLedger() {
  if (S.ledgerVersion === S.match.version) return;
  const items = [];
  let cursor = null;
  for (;;) {
    const path = matchPath("/ledger?limit=500" + (cursor ? `&cursor=${cursor}` : ""));
    const { data } = await api("GET", path);
    items.push(...data.items);
    if (!data.next_cursor) break;
    cursor = data.next_cursor;
  }
  S.ledger = items;
  S.ledgerVersion = S.match.version;
}

/** Read the match again now (a tab shown again, a phone woken up). */
export async function refresh() {
  if (!S.id || !S.match || S.busy) return;
  try {
    const { data } = await api("GET", matchPath());
    await adopt(data);
  } catch (error) {
    /* shown by the offline badge */
  }
}

export function startPolling() {
  stopPolling();
  S.timer = setInterval(async () => {
    if (document.hidden || S.busy || !S.id) return;
    try {
      const { data } = await api("GET", matchPath());
      if (!S.match || data.version !== S.match.version) {
        await adopt(data);
      }
    } catch (error) {
      /* shown by the offline badge; try again at the next tick */
    }
  }, POLL_MS);
}

export function stopPolling() {
  if (S.timer) clearInterval(S.timer);
  S.timer = null;
}

export function setBusy(busy) {
  S.busy = busy;
  document.body.dataset.busy = busy ? "true" : "false";
  if (busy) {
    for (const b of $$("#tab-play button, #tab-score button, #new-match button")) {
      b.disabled = true;
    }
  } else {
    for (const b of $$("#new-match button")) b.disabled = false;
    if (S.match && !$("#match").hidden) render();
  }
}

/**
 * A write to the match (`path` after /v1/matches/{id}): sent with the version this phone last
 * read. A 412 means another phone wrote first: its state is shown and nothing is overwritten.
 * `done(answer)` runs once the referee has accepted it.
 */
export async function post(path, body, done) {
  if (!S.canWrite || S.busy) return;
  setBusy(true);
  hideMessage();
  try {
    const { data } = await api("POST", matchPath(path), body, { version: S.match.version });
    const match = data.match || data;
    if (done) done(data);
    await adopt(match);
  } catch (error) {
    if (error.status === 412 && error.problem.match) {
      setBusy(false);
      await adopt(error.problem.match);
      showMessage("Another phone recorded something first. Here is the match as it is now: " +
        "check it, then tap again if it is still needed.", "info");
      return;
    }
    showMessage(problemText(error), "error", error.problem.violations);
  } finally {
    setBusy(false);
  }
}

const STEP_KINDS = new Set(["deal_started", "bid", "exchange", "declaration", "card"]);

/** The deal in progress, rebuilt from the log (undone events left out). */
export function currentDeal() {
  const m = S.match;
  const deal = { hands: null, dealt: null, talon: null, exchange: null, bids: [], cards: [],
    steps: 0, declarations: {} };
  if (!m || !m.deal_in_progress) return deal;
  const undone = new Set();
  for (const e of S.events) if (e.kind === "undo") for (const s of e.payload.voids) undone.add(s);
  for (const e of S.events) {
    if (undone.has(e.seq) || !STEP_KINDS.has(e.kind) || e.payload.deal !== m.deal_number) {
      continue;
    }
    const p = e.payload;
    deal.steps += 1;
    if (e.kind === "deal_started") {
      deal.hands = p.hands || null;
      deal.dealt = p.dealt || null;
      deal.talon = p.talon || null;
    } else if (e.kind === "bid") deal.bids.push(p.call);
    else if (e.kind === "card") deal.cards.push(p.card);
    else if (e.kind === "exchange") deal.exchange = { ...(deal.exchange || {}), ...p };
    else if (e.kind === "declaration") deal.declarations[p.role] = p;
  }
  return deal;
}

/** Cards in a trick: 2 in Piquet, one per player in Pitch. */
export function trickSize() {
  return S.match.game === "piquet" ? 2 : S.match.players.length;
}

/** The class that gives player (or team) `i` its colour. */
export function colorClass(i) {
  return `pc${i % 7}`;
}
