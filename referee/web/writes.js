/* Every write to a match goes through this queue: kept in IndexedDB with its Idempotency-Key
 * and the version it was made against (If-Match), shown as pending, sent in order, once.
 *
 * - The network is down: the entry waits (the page shows it as pending) and is sent when the
 *   network returns ("online", the stream reconnecting, or a timer), even after a reload.
 * - The answer was lost: it is sent again with the same key; the referee answers it again
 *   instead of recording it twice.
 * - 412 (another phone wrote first): nothing more is sent; the page shows what the other phone
 *   recorded and the player keeps the waiting entries (sent after it) or drops them.
 * - Refused (4xx): the entry is dropped and the refusal shown, in the referee's words.
 */
import { newKey, send } from "./api.js";
import { add, entries, put, remove } from "./idb.js";
import { S, render } from "./state.js";

const RETRY_MS = [300, 1000, 2000, 3000, 5000];
let flushing = false;
let again = false;
let timer = null;
let failures = 0;
const hooks = { adopt: null, refused: null, conflict: null, busy: null, sent: null };

/** Set what the queue calls: adopt(match), refused(entry, answer), conflict(entry, answer),
 * busy(bool), sent(entry, answer, before). */
export function setWriteHooks(given) {
  Object.assign(hooks, given);
}

/** The waiting entries of the match on screen (S.pending), read again from storage. */
export async function loadPending() {
  S.pending = S.id ? await entries(S.id) : [];
  return S.pending;
}

/**
 * Queue a write to the match on screen (`path` after /v1/matches/{id}, its JSON `body`) and
 * send it as soon as possible. `label`: what it is in words ("ten of spades"); `kind`:
 * "card", "bid", "undo"…; `anyVersion`: sent with If-Match: * (a write that cannot be
 * recorded twice, e.g. a seat taken up). :returns: the queued entry.
 */
export async function write(path, body, label, kind, anyVersion) {
  const waiting = await loadPending();
  const entry = await add({
    match: S.id, path, body, key: newKey(), label: label || "", kind: kind || "write",
    anyVersion: Boolean(anyVersion),
    // The first waiting entry names the version it was made against; the next ones are sent
    // against the version the previous one produced.
    base: waiting.length ? null : S.match.version,
    at: Date.now(),
  });
  S.pending = [...waiting, entry];
  render();
  flush();
  return entry;
}

/** Take back the last waiting entry (never sent); :returns: it, or null. */
export async function takeBackLast() {
  const waiting = await loadPending();
  const last = waiting[waiting.length - 1];
  if (!last || (flushing && waiting.length === 1)) return null; // on its way: undo it later
  await remove(last.n);
  await loadPending();
  render();
  return last;
}

/** Drop every waiting entry of the match on screen (after a conflict). */
export async function dropAll() {
  for (const e of await loadPending()) await remove(e.n);
  S.conflict = null;
  await loadPending();
  render();
}

/** Keep the waiting entries after a conflict: send them after what the other phone recorded. */
export async function keepAll() {
  const waiting = await loadPending();
  if (waiting.length) await put({ ...waiting[0], base: S.match.version });
  S.conflict = null;
  render();
  flush();
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
  if (!S.id || !S.token || !S.match || S.conflict) return;
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
        if (waiting[1]) await put({ ...waiting[1], base: match ? match.version : version });
        await loadPending();
        if (match) await hooks.adopt(match);
        hooks.sent(entry, answer.data, before);
        continue;
      }
      if (answer.status === 412) {
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
