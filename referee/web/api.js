/* The API client: every request of the page goes through here (the public /v1 API only).
 *
 * Every write carries an Idempotency-Key (a retry after a lost answer is answered, not recorded
 * twice) and If-Match with the version last read (a phone that is behind gets the current state
 * back with a 412 instead of overwriting what another phone recorded).
 */
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
  const headers = { Accept: "application/json" };
  const token = "token" in options ? options.token : S.token;
  if (token) headers.Authorization = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["Idempotency-Key"] = options.key || newKey();
  if (options.version !== undefined) headers["If-Match"] = `"v${options.version}"`;
  const delays = method === "GET" ? [400, 1500] : [400, 1000, 2000, 4000, 8000];
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
      });
    } catch (networkError) {
      showOffline(true);
      if (attempt >= delays.length) throw new ApiError(0, {
        detail: "No answer from the referee: check the phone's Wi-Fi, then tap again.",
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
    const type = response.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await response.json() : await response.text();
    if (!response.ok) throw new ApiError(response.status, typeof data === "object" ? data : {});
    return { data, etag: response.headers.get("ETag"),
      replayed: response.headers.get("Idempotent-Replayed") === "true" };
  }
}

export function showOffline(offline) {
  $("#conn").hidden = !offline;
}
