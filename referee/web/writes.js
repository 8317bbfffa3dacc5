// @ts-check
/* Every write to a match goes through this queue: kept in IndexedDB with its Idempotency-Key
 * and the version it was made against (If-Match), shown as pending, sent in order, once.
 *
 * - Taps faster than storage: each change to the stored entries waits for the ones before it
 *   (inTurn), so the entries keep the order of the taps and each counts its place from them.
 * - The network is down: the entry waits (the page shows it as pending) and is sent when the
 *   network returns ("online", the stream reconnecting, or a timer), even after a reload.
 * - The answer was lost: it is sent again with the same key; the referee answers it again
 *   instead of recording it twice.
 * - 412 (another phone wrote first): an entry that says where it belongs (a deal entry with
 *   its `deal`, a step with its `at`, a confirmation, dispute or void of deal n) is sent again
 *   at once against the new version, with the same key (a refused request stores nothing, so
 *   the key is free: README, Idempotency-Key): the referee records it where it says, or
 *   answers 409 when that place is taken. Any other entry (an undo…) waits: the page shows
 *   what the other phone recorded and the player sends the waiting entries after it or drops
 *   them.
 * - 409, the place is taken (deal-already-recorded, step-already-recorded) or is not the
 *   next one (deal-not-next, step-not-next): the same step by the same player is dropped
 *   (both phones agree); anything else holds the queue (S.clash) until the player chooses
 *   (screens/clash.js, settleClash()). Nothing is renumbered or moved silently.
 * - Refused (4xx): the entry is dropped and the refusal shown, in the referee's words.
 */
import { newKey, send } from "./api.js";
import { add, entries, put, remove } from "./idb.js";
import { S, render } from "./state.js";
import { say } from "./language.js";

const RETRY_MS = [300, 1000, 2000, 3000, 5000];
let flushing = false;
let again = false;
let timer = null;
let failures = 0;
const hooks = { adopt: null, refused: null, conflict: null, clash: null, busy: null,
  sent: null };
/** How many times in a row one entry is sent again after a 412 before the player is asked. */
const MOVED_MAX = 5;
/** The 409s that say the place an entry names is taken, or is not the next one. */
const CLASH = /\/(deal-already-recorded|step-already-recorded|deal-not-next|step-not-next)$/;

/** Set what the queue calls: adopt(match), refused(entry, answer), conflict(entry, answer),
 * clash(entry, problem), busy(bool), sent(entry, answer, before). */
export function setWriteHooks(given) {
  Object.assign(hooks, given);
}

/**
 * What a waiting entry is, in words, in the page's language of the moment: its label is kept as
 * a phrase (language.js), worded when shown; a label stored before (a text) reads as it was
 * stored; none: its kind.
 */
export function entryLabel(entry) {
  return say(entry.label) || entry.kind || "";
}

/** The waiting entries of the match on screen (S.pending), read again from storage. */
export async function loadPending() {
  S.pending = S.id ? await entries(S.id) : [];
  return S.pending;
}

/** @type {Promise<unknown>} */
let stored = Promise.resolve();

/**
 * Run `change` (async: it reads and changes the stored entries) after every change asked for
 * before it has been stored, so that taps made faster than storage answers (two in one turn of
 * the event loop) are stored in the order made, each counting its place from the ones before
 * it. :returns: what `change` returns.
 * @template T
 * @param {() => Promise<T>} change
 * @returns {Promise<T>}
 */
function inTurn(change) {
  const done = stored.then(change);
  stored = done.catch(() => null);
  return done;
}

/**
 * Queue a write to the match on screen (`path` after /v1/matches/{id}) and send it as soon as
 * possible. `make()` gives {body, label, more} once the entries before it are stored
 * (S.pending, as this page holds it, then counts them: a step counts its place from them):
 * `body` its JSON; `label` what it is in words ("ten of spades"), a phrase (language.js) kept
 * as it is made, so that it is worded when shown (`entryLabel`); `more` what the page knew at
 * the tap (`who`: whose turn it showed). `kind`: "card", "bid", "undo"…; `anyVersion`: sent
 * with If-Match: * (a write that cannot be recorded twice, e.g. a seat taken up).
 * :returns: the queued entry.
 */
export function write(path, make, kind, anyVersion) {
  return inTurn(async () => {
    // Made from S.pending as this page holds it, before storage is read again: the writes
    // before it have set it, and the queue (settle) keeps it in step with S.match, where a
    // read of storage may still hold an entry just recorded while S.match already counts it.
    const made = make();
    const waiting = await loadPending();
    const entry = await add({
      ...(made.more || {}),
      match: S.id, path, body: made.body, key: newKey(), label: made.label || "",
      kind: kind || "write", anyVersion: Boolean(anyVersion),
      // The first waiting entry names the version it was made against; the next ones are
      // sent against the version the previous one produced.
      base: waiting.length ? null : S.match.version,
      at: Date.now(),
    });
    S.pending = [...waiting, entry];
    render();
    flush();
    return entry;
  });
}

/** Take back the last waiting entry (never sent); :returns: it, or null. */
export function takeBackLast() {
  return inTurn(async () => {
    const waiting = await loadPending();
    const last = waiting[waiting.length - 1];
    if (!last || (flushing && waiting.length === 1)) return null; // on its way: undo it later
    await remove(last.n);
    await loadPending();
    render();
    return last;
  });
}

/** Drop every waiting entry of the match on screen (after a conflict). */
export function dropAll() {
  return inTurn(async () => {
    for (const e of await loadPending()) await remove(e.n);
    S.conflict = null;
    S.clash = null;
    await loadPending();
    render();
  });
}

/** Keep the waiting entries after a conflict: send them after what the other phone recorded. */
export function keepAll() {
  return inTurn(async () => {
    const waiting = await loadPending();
    if (waiting.length) await put({ ...waiting[0], base: S.match.version });
    S.conflict = null;
    render();
    flush();
  });
}

/**
 * Settle the clash on screen (S.clash) as the player chose: the waiting entry is replaced by
 * `instead` — a list of {path, body, label, kind} sent in its place, in order, each with a new
 * Idempotency-Key (none: it is dropped) — and each later waiting entry goes as `later(entry)`
 * says: true drops it, an entry replaces it (same key: it was never recorded), anything else
 * leaves it. Then the queue goes on.
 */
export function settleClash(instead, later) {
  return inTurn(async () => {
    const clash = S.clash;
    if (!clash) return;
    const waiting = await loadPending();
    const first = waiting.find((e) => e.n === clash.entry.n);
    for (const e of waiting) {
      if (e === first || !later) continue;
      const fate = later(e);
      if (fate === true) await remove(e.n);
      else if (fate && typeof fate === "object") await put({ ...fate, n: e.n });
    }
    if (first) {
      const list = instead || [];
      if (!list.length) await remove(first.n);
      // Before the entry's own place in the queue (its number), in the order given; the last
      // one takes the entry's number.
      for (let i = 0; i < list.length; i++) {
        const n = i === list.length - 1 ? first.n : first.n - (list.length - 1 - i) / list.length;
        await put({ ...first, ...list[i], n, key: newKey(), base: i ? null : S.match.version,
          moved: 0 });
      }
      const rest = (await loadPending()).filter((e) => e.n > first.n);
      if (!list.length && rest.length) await put({ ...rest[0], base: S.match.version });
    }
    S.clash = null;
    await loadPending();
    render();
    flush();
  });
}

/**
 * An entry is done (recorded, or the same as what the referee has): it leaves S.pending and
 * the referee's `match` becomes S.match in the same turn of the event loop, so that a tap
 * made meanwhile never counts its place from one without the other (match.js placeOf).
 */
function settle(entry, match) {
  S.pending = (S.pending || []).filter((e) => e.n !== entry.n);
  if (match && (!S.match || match.version >= S.match.version)) S.match = match;
}

/** Does `entry` say where it belongs (so that, sent again after a 412, it is recorded there
 * or answered with a 409, never recorded somewhere else)? */
function placed(entry) {
  const body = entry.body || {};
  if (entry.path === "/deals") return Number.isInteger(body.deal);
  if (entry.path === "/events") return Boolean(body.at);
  return entry.anyVersion || /^\/deals\/\d+\/(confirm|dispute|void|amend)$/.test(entry.path);
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(flush, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
}

/** Send the waiting entries of the match on screen, in order, one at a time. */
export async function flush() {
  if (flushing) {
    again = true;
    return;
  }
  if (!S.id || !S.token || !S.match || S.conflict || S.clash) return;
  flushing = true;
  if (!(await loadPending()).length) {
    flushing = false;
    if (again) flush();
    return;
  }
  clearTimeout(timer);
  hooks.busy(true);
  try {
    for (;;) {
      again = false;
      const waiting = await loadPending();
      if (!waiting.length) break;
      const entry = waiting[0];
      const version = entry.base === null || entry.base === undefined ? S.match.version
        : entry.base;
      const before = S.match;
      const answer = await send(entry, version, S.token);
      const problem = answer.data || {};
      if (answer.status === 409 && CLASH.test(String(problem.type || ""))) {
        if (problem.same === true) { // the same step by the same player: both phones agree
          await remove(entry.n);
          settle(entry, problem.match);
          if (waiting[1]) await put({ ...waiting[1], base: S.match.version });
          await loadPending();
          if (problem.match) await hooks.adopt(problem.match, true);
          hooks.sent(entry, problem, before);
          continue;
        }
        S.clash = { entry, problem }; // held before the match is shown: its taps stay apart
        if (problem.match) await hooks.adopt(problem.match, true);
        await hooks.clash(entry, problem);
        break;
      }
      if (answer.status === 0 || answer.status >= 500 || answer.status === 409) {
        failures += 1; // no answer, or the server is busy: the same key again later
        schedule();
        break;
      }
      failures = 0;
      const match = answer.data && (answer.data.match || (answer.data.version ? answer.data
        : null));
      if (answer.status < 300) {
        await remove(entry.n);
        settle(entry, match);
        if (waiting[1]) await put({ ...waiting[1], base: match ? match.version : version });
        await loadPending();
        if (match) await hooks.adopt(match, true);
        hooks.sent(entry, answer.data, before);
        continue;
      }
      if (answer.status === 412) {
        const moved = answer.data.match || null;
        if (moved && placed(entry) && (entry.moved || 0) < MOVED_MAX) {
          // Sent again against the version the referee has now: recorded where the entry
          // says, or a 409 when that place is taken (above).
          await hooks.adopt(moved, true);
          await put({ ...entry, base: moved.version, moved: (entry.moved || 0) + 1 });
          continue;
        }
        S.conflict = { entry, match: answer.data.match || null };
        if (S.conflict.match) await hooks.adopt(S.conflict.match, true);
        hooks.conflict(entry, answer.data, before);
        break;
      }
      // Refused: the rules say no (422), or the request itself is wrong. Dropped, and said.
      await remove(entry.n);
      if (waiting[1]) await put({ ...waiting[1], base: version });
      await loadPending();
      hooks.refused(entry, answer);
    }
  } finally {
    flushing = false;
    hooks.busy(false);
  }
  if (again) flush();
}

window.addEventListener("online", () => {
  failures = 0;
  flush();
});
