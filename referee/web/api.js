// @ts-check
/* The API client: every request of the page goes through here (the public /v1 API only).
 *
 * Every write carries an Idempotency-Key (a retry after a lost answer is answered, not recorded
 * twice) and If-Match with the version last read (a phone that is behind gets the current state
 * back with a 412 instead of overwriting what another phone recorded). Writes to a match go
 * through the persistent queue (writes.js), which sends them one by one with send(); the live
 * stream (follow()) keeps the match up to date, or polling with If-None-Match when it cannot.
 */
import { locale, t } from "./language.js";
import { $ } from "./dom.js";
import { S } from "./state.js";

export class ApiError extends Error {
  constructor(status, problem) {
    super((problem && problem.detail) || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A key per write, reused by its retries. crypto.randomUUID needs https; this does not. */
export function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return "table-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The path of a match resource: matchPath("/log") → "/v1/matches/<id>/log". */
export function matchPath(rest, id) {
  return `/v1/matches/${encodeURIComponent(id || S.id)}${rest || ""}`;
}

/**
 * One call to the API. Writes get an Idempotency-Key and, when `version` is given, If-Match.
 * A network failure, a 5xx or a 409 "still in progress" is retried with the same key.
 * :returns: {data, etag, replayed}; :raises ApiError: (status 0: no answer).
 */
export async function api(method, path, body, opts) {
  const options = opts || {};
  const headers = { Accept: "application/json", "Accept-Language": locale() };
  const token = "token" in options ? options.token : S.token;
  if (token) headers.Authorization = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // options.raw ({type, text}): a body sent as it is (a record file, application/toml)
  if (options.raw) headers["Content-Type"] = options.raw.type;
  if (method !== "GET") headers["Idempotency-Key"] = options.key || newKey();
  if (options.version !== undefined) headers["If-Match"] = `"v${options.version}"`;
  if (options.etag) headers["If-None-Match"] = options.etag;
  // options.delays: the waits before each retry (a question the player waits for: fewer)
  const delays = options.delays ||
    (method === "GET" ? [400, 1500] : [400, 1000, 2000, 4000, 8000]);
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: options.raw ? options.raw.text
          : body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
      });
    } catch (networkError) {
      showOffline(true);
      if (attempt >= delays.length) throw new ApiError(0, {
        detail: t("api.no_answer",
          "No answer from the referee: check the phone's Wi-Fi, then tap again."),
      });
      await sleep(delays[attempt]);
      continue;
    }
    showOffline(false);
    const retryable = response.status >= 500 ||
      (response.status === 409 && method !== "GET");
    if (retryable && attempt < delays.length) {
      await sleep(delays[attempt]);
      continue;
    }
    if (response.status === 304) return { data: null, etag: options.etag, notModified: true };
    const type = response.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await response.json() : await response.text();
    if (!response.ok) throw new ApiError(response.status, typeof data === "object" ? data : {});
    return { data, etag: response.headers.get("ETag"),
      replayed: response.headers.get("Idempotent-Replayed") === "true" };
  }
}

/**
 * One attempt at a queued write (no retry here: the queue retries with the same key).
 * :returns: {status, data} (status 0: no answer, the network is down).
 */
export async function send(entry, version, token) {
  const headers = {
    Accept: "application/json", "Content-Type": "application/json",
    "Accept-Language": locale(), Authorization: "Bearer " + token,
    "Idempotency-Key": entry.key,
    // a write that cannot be recorded twice (a seat taken up) goes whatever the version
    "If-Match": entry.anyVersion ? "*" : `"v${version}"`,
  };
  let response;
  try {
    response = await fetch(matchPath(entry.path, entry.match), {
      method: "POST", headers, body: JSON.stringify(entry.body), cache: "no-store",
    });
  } catch (error) {
    showOffline(true);
    return { status: 0, data: {} };
  }
  showOffline(false);
  const type = response.headers.get("Content-Type") || "";
  let data = {};
  try {
    data = type.includes("json") ? await response.json() : {};
  } catch (error) {
    return { status: 0, data: {} }; // the answer was cut off: send again with the same key
  }
  return { status: response.status, data };
}

let offlineShown = false;

/** The "offline" badge in the bar (and body[data-online]). */
export function showOffline(offline) {
  if (offline === offlineShown) return;
  offlineShown = offline;
  $("#conn").hidden = !offline;
  document.body.dataset.online = offline ? "false" : "true";
}

/** Parse Server-Sent Events from text chunks; calls onEvent({event, id, data, retry}). */
export function sseParser(onEvent) {
  let buffer = "";
  let fields = {};
  return (chunk) => {
    buffer += chunk;
    let at;
    while ((at = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + (buffer.startsWith("\r\n", at) ? 2 : 1));
      if (line === "") {
        if (fields.data !== undefined || fields.retry !== undefined) onEvent(fields);
        fields = {};
      } else if (!line.startsWith(":")) {
        const colon = line.indexOf(":");
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (name === "data") fields.data = fields.data === undefined ? value : fields.data + "\n" + value;
        else fields[name] = value;
      }
    }
  };
}

const POLL_MS = 4000;

/**
 * Follow match `id` live: GET /v1/matches/{id}/stream read with fetch() streaming (the token
 * in the Authorization header, Last-Event-ID on reconnect). When streaming is unavailable
 * (no such route, no readable body, repeated failures) it polls GET /v1/matches/{id} with
 * If-None-Match (304 while nothing changed), trying the stream again now and then. A stream the
 * server refuses for now (429 too-many-streams) is not asked for again before its Retry-After:
 * the page polls meanwhile.
 * `onMatch(match)` gets every new state; `onLive()` runs when a connection is (re)made.
 * :returns: a function that stops following.
 */
export function follow(id, token, onMatch, onLive) {
  let stopped = false;
  let controller = null;
  let lastId = null;
  let retry = 3000;
  let failures = 0;
  let refusedUntil = 0; // a refused stream (429) is not asked for again before this time
  let wake = null;
  const pause = (ms) => new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => { clearTimeout(timer); resolve(); };
  });
  const deliver = (match) => {
    if (match && typeof match.version === "number") {
      lastId = String(match.version);
      onMatch(match);
    }
  };

  async function stream() {
    controller = new AbortController();
    const headers = { Accept: "text/event-stream", "Accept-Language": locale(),
      Authorization: "Bearer " + token };
    if (lastId) headers["Last-Event-ID"] = lastId;
    const response = await fetch(matchPath("/stream", id), {
      headers, signal: controller.signal, cache: "no-store",
    });
    const type = response.headers.get("Content-Type") || "";
    if (response.status === 429) {
      const after = Number(response.headers.get("Retry-After"));
      refusedUntil = Date.now() + 1000 * (after > 0 ? Math.min(after, 3600) : 30);
      return "refused";
    }
    if (!response.ok || !type.includes("text/event-stream") || !response.body) {
      return response.status === 404 || response.status === 405 || response.ok ? "unavailable"
        : "failed";
    }
    showOffline(false);
    failures = 0;
    if (onLive) onLive("stream");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parse = sseParser((event) => {
      if (event.retry && /^\d+$/.test(event.retry)) retry = Number(event.retry);
      if (event.event === "match" && event.data) {
        try {
          deliver(JSON.parse(event.data));
        } catch (error) {
          /* a broken event: the next one carries the whole match again */
        }
      }
    });
    for (;;) {
      const { value, done } = await reader.read();
      if (done || stopped) return "ended";
      parse(value);
    }
  }

  async function poll() {
    try {
      const etag = lastId ? `"v${lastId}"` : undefined;
      const { data, notModified } = await api("GET", matchPath("", id), undefined,
        { token, etag });
      if (!notModified) deliver(data);
      if (onLive) onLive("poll");
    } catch (error) {
      /* the offline badge says it; poll again */
    }
  }

  (async () => {
    let polling = false;
    let polls = 0;
    while (!stopped) {
      if (polling && (polls++ % 15 !== 14 || Date.now() < refusedUntil)) {
        await poll();
        if (!stopped) await pause(POLL_MS);
        continue;
      }
      let outcome;
      try {
        outcome = await stream();
      } catch (error) {
        outcome = stopped ? "ended" : "failed";
        if (!stopped && error.name !== "AbortError") showOffline(true);
      }
      if (stopped) return;
      if (outcome === "unavailable" || outcome === "refused") polling = true;
      else if (outcome === "failed" && ++failures >= 3 && navigator.onLine !== false) polling = true;
      else if (outcome === "ended") polling = false;
      await pause(outcome === "ended" ? Math.min(retry, 1000) : Math.min(retry, 1000 * failures));
    }
  })();

  const reconnect = () => { if (wake) wake(); };
  window.addEventListener("online", reconnect);
  return () => {
    stopped = true;
    window.removeEventListener("online", reconnect);
    if (controller) controller.abort();
    if (wake) wake();
  };
}

/**
 * Follow club night `id` live: GET /v1/events/{id}/stream read with fetch() streaming (the
 * token in the Authorization header, Last-Event-ID on reconnect, again 3 s after a drop).
 * `onLive({version, event, standings})` gets each new state; `onRefused(problem)` a refusal
 * that reconnecting cannot mend (a 4xx but 429), after which it stops.
 * :returns: a function that stops following.
 */
export function followEvent(id, token, onLive, onRefused) {
  let stopped = false;
  let controller = null;
  let lastId = "";
  (async () => {
    while (!stopped) {
      try {
        controller = new AbortController();
        const headers = { Accept: "text/event-stream", "Accept-Language": locale(),
          Authorization: "Bearer " + token };
        if (lastId) headers["Last-Event-ID"] = lastId;
        const response = await fetch(`/v1/events/${encodeURIComponent(id)}/stream`,
          { headers, signal: controller.signal, cache: "no-store" });
        if (!response.ok || !response.body) {
          if (response.status < 500 && response.status !== 429) {
            onRefused(await response.json().catch(() => ({})));
            return;
          }
          throw new ApiError(response.status, {});
        }
        showOffline(false);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const parse = sseParser((event) => {
          if (event.event !== "standings" || !event.data) return;
          try {
            const live = JSON.parse(event.data);
            lastId = String(live.version);
            onLive(live);
          } catch (error) {
            /* a broken event: the next one carries everything again */
          }
        });
        for (;;) {
          const { value, done } = await reader.read();
          if (done || stopped) break;
          parse(value);
        }
      } catch (error) {
        if (stopped) return;
      }
      if (!stopped) await sleep(3000);
    }
  })();
  return () => {
    stopped = true;
    if (controller) controller.abort();
  };
}
