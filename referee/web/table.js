/* The table page: record a game of Pitch or Piquet from a phone, through the public /v1 API.
 *
 * No library: the page reads the match (GET /v1/matches/{id}), its event log (/log, to show
 * the deal so far) and its ledger (/ledger), and writes steps, undos and voids. Every write
 * carries an Idempotency-Key (a retry after a lost answer is answered, not recorded twice) and
 * If-Match with the version last read (a phone that is behind gets the current state back with
 * a 412 instead of overwriting what another phone recorded).
 */
"use strict";

(function () {
  // ------------------------------------------------------------------ cards and words
  const SUITS = ["S", "H", "D", "C"];
  const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const SUIT_WORD = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const RANK_WORD = {
    A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
    6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
  };
  const RANKS = { piquet: "AKQJT987".split(""), pitch: "AKQJT98765432".split("") };
  const STORE_KEY = "referee.table.matches";
  const POLL_MS = 4000;

  const rankText = (r) => (r === "T" ? "10" : r);
  const cardText = (c) => rankText(c[0]) + SUIT_SYMBOL[c[1]];
  const cardWords = (c) => `${RANK_WORD[c[0]]} of ${SUIT_WORD[c[1]]}`;
  const isRed = (c) => c[1] === "H" || c[1] === "D";
  const packOf = (game) => SUITS.flatMap((s) => RANKS[game].map((r) => r + s));

  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function cardSpan(card) {
    return el("span", { class: "c" + (isRed(card) ? " red" : ""), title: cardWords(card) },
      cardText(card));
  }

  /** A key per write, reused by its retries. crypto.randomUUID needs https; this does not. */
  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return "table-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // ------------------------------------------------------------------ state
  const S = {
    id: null,
    token: null,
    canWrite: false,
    match: null,
    events: [],
    lastSeq: 0,
    ledger: [],
    ledgerVersion: -1,
    tab: "play",
    anyCard: false,
    setup: null, // recording the hands or the exchange before the first card
    declaring: null, // a declaration being filled in
    voiding: null, // deal number whose void form is open
    voidText: "",
    busy: false,
    timer: null,
  };

  // ------------------------------------------------------------------ the API
  class ApiError extends Error {
    constructor(status, problem) {
      super((problem && problem.detail) || `HTTP ${status}`);
      this.status = status;
      this.problem = problem || {};
    }
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * One call to the API. Writes get an Idempotency-Key and, when `version` is given, If-Match.
   * A network failure, a 5xx or a 409 "still in progress" is retried with the same key.
   */
  async function api(method, path, body, opts) {
    const options = opts || {};
    const headers = { Accept: "application/json" };
    const token = "token" in options ? options.token : S.token;
    if (token) headers.Authorization = "Bearer " + token;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (method !== "GET") headers["Idempotency-Key"] = newKey();
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

  function showOffline(offline) {
    $("#conn").hidden = !offline;
  }

  // ------------------------------------------------------------------ phone storage
  function savedMatches() {
    try {
      return JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
    } catch (error) {
      return [];
    }
  }

  function saveMatch(entry) {
    const list = savedMatches().filter((m) => m.id !== entry.id);
    const old = savedMatches().find((m) => m.id === entry.id) || {};
    list.unshift({ ...old, ...entry, at: new Date().toISOString() });
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(list.slice(0, 30)));
    } catch (error) {
      /* private mode: the link still works */
    }
  }

  // ------------------------------------------------------------------ routing
  function route() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    const id = params.get("match");
    stopPolling();
    if (!id) {
      S.id = null;
      showHome();
      return;
    }
    let token = params.get("token");
    const saved = savedMatches().find((m) => m.id === id);
    if (token && token.startsWith("rw_")) {
      // A recorder link: keep the token on this phone, and out of the address bar.
      saveMatch({ id, write: token });
      history.replaceState(null, "", "#match=" + encodeURIComponent(id));
    } else if (token) {
      saveMatch({ id, read: token });
    } else if (saved) {
      token = saved.write || saved.read;
    }
    if (!token) {
      showHome("This phone has no key to that match: open the link you were sent.");
      return;
    }
    openMatch(id, token);
  }

  // ------------------------------------------------------------------ home: a new match
  function showHome(error) {
    $("#home").hidden = false;
    $("#match").hidden = true;
    document.title = "referee — the table";
    const form = $("#new-match");
    if (!$("#players").children.length) {
      setGame("piquet");
    }
    const err = $("#new-error");
    err.hidden = !error;
    err.textContent = error || "";
    const list = savedMatches();
    $("#saved").hidden = !list.length;
    const ul = $("#saved-list");
    ul.replaceChildren(...list.map((m) => el("li", {},
      el("a", { href: "#match=" + encodeURIComponent(m.id) },
        `${m.game === "pitch" ? "Pitch" : "Piquet"}: ${(m.players || []).join(", ") || m.id}`,
        el("small", {}, (m.write ? "recording" : "watching") + " · started " +
          new Date(m.at).toLocaleString())))));
    form.hidden = false;
  }

  function playerInputs() {
    return $$("#players input").map((i) => i.value.trim());
  }

  function setGame(game) {
    const ol = $("#players");
    const count = game === "piquet" ? 2 : Math.max(3, Math.min(7, ol.children.length || 3));
    const names = playerInputs();
    ol.replaceChildren();
    for (let i = 0; i < count; i++) addPlayerRow(names[i] || "");
    $("#add-player").hidden = game === "piquet";
    $("#players-hint").textContent = game === "piquet"
      ? "(the second player deals first unless you choose)"
      : "in seating order, clockwise";
    for (const fs of $$("fieldset.options")) fs.hidden = fs.dataset.game !== game;
    updateDealerChoices();
  }

  function addPlayerRow(value) {
    const ol = $("#players");
    const n = ol.children.length + 1;
    const input = el("input", {
      name: "player", maxlength: 40, required: true, value: value || "",
      placeholder: `Player ${n}`, "aria-label": `Player ${n}`, autocapitalize: "words",
      oninput: updateDealerChoices,
    });
    const game = $("#new-match").game.value;
    const remove = game === "pitch" ? el("button", {
      type: "button", class: "small", "aria-label": "Remove this player", text: "✕",
      onclick: () => {
        if (ol.children.length > 2) {
          li.remove();
          updateDealerChoices();
        }
      },
    }) : null;
    const li = el("li", {}, el("div", {}, input, remove));
    ol.append(li);
  }

  function updateDealerChoices() {
    const names = playerInputs().map((n, i) => n || `Player ${i + 1}`);
    for (const [id, preferred] of [["#piquet-first-dealer", 1], ["#pitch-first-dealer", 0]]) {
      const select = $(id);
      const before = select.selectedIndex;
      select.replaceChildren(...names.map((n, i) => el("option", { value: i }, n)));
      select.selectedIndex = before >= 0 && before < names.length ? before : preferred;
    }
  }

  async function createMatch(event) {
    event.preventDefault();
    const form = event.target;
    const game = form.game.value;
    const players = playerInputs();
    const err = $("#new-error");
    err.hidden = true;
    if (players.some((p) => !p)) {
      err.textContent = "Give every player a name.";
      err.hidden = false;
      return;
    }
    const options = {};
    if (game === "piquet") {
      options.first_dealer = players[Number(form.first_dealer_piquet.value)];
      options.lead_point = form.lead_point.value;
      options.cards_count_for_pique = form.cards_count_for_pique.checked;
      if (form.stake.value.trim()) options.stake = form.stake.value.trim();
      if (form.currency.value.trim()) options.currency = form.currency.value.trim();
    } else {
      options.first_dealer = players[Number(form.first_dealer_pitch.value)];
      options.target = Number(form.target.value);
      options.low = form.low.value;
      if (form.partnership.checked) options.partnership = true;
    }
    setBusy(true);
    try {
      const { data } = await api("POST", "/v1/matches", { game, players, options },
        { token: null });
      saveMatch({ id: data.id, game, players, write: data.tokens.write, read: data.tokens.read });
      location.hash = "match=" + encodeURIComponent(data.id);
    } catch (error) {
      err.textContent = problemText(error);
      err.hidden = false;
    } finally {
      setBusy(false);
    }
  }

  // ------------------------------------------------------------------ a match
  async function openMatch(id, token) {
    S.id = id;
    S.token = token;
    S.canWrite = token.startsWith("rw_");
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
      const { data } = await api("GET", `/v1/matches/${encodeURIComponent(id)}`);
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
  async function adopt(match) {
    if (S.match && match.version < S.match.version) return; // an older answer, arriving late
    S.match = match;
    await Promise.all([loadLog(), loadLedger()]);
    render();
  }

  async function loadLog() {
    for (;;) {
      const path = `/v1/matches/${encodeURIComponent(S.id)}/log?limit=500` +
        (S.lastSeq ? `&cursor=${S.lastSeq}` : "");
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
      const path = `/v1/matches/${encodeURIComponent(S.id)}/ledger?limit=500` +
        (cursor ? `&cursor=${cursor}` : "");
      const { data } = await api("GET", path);
      items.push(...data.items);
      if (!data.next_cursor) break;
      cursor = data.next_cursor;
    }
    S.ledger = items;
    S.ledgerVersion = S.match.version;
  }

  function startPolling() {
    stopPolling();
    S.timer = setInterval(async () => {
      if (document.hidden || S.busy || !S.id) return;
      try {
        const { data } = await api("GET", `/v1/matches/${encodeURIComponent(S.id)}`);
        if (!S.match || data.version !== S.match.version) {
          await adopt(data);
        }
      } catch (error) {
        /* shown by the offline badge; try again at the next tick */
      }
    }, POLL_MS);
  }

  function stopPolling() {
    if (S.timer) clearInterval(S.timer);
    S.timer = null;
  }

  function setBusy(busy) {
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
   * A write to the match: sent with the version this phone last read. A 412 means another
   * phone wrote first: its state is shown and nothing is overwritten.
   */
  async function post(path, body, done) {
    if (!S.canWrite || S.busy) return;
    setBusy(true);
    hideMessage();
    try {
      const { data } = await api("POST", `/v1/matches/${encodeURIComponent(S.id)}${path}`,
        body, { version: S.match.version });
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

  /** A refusal in words a player understands (violation messages, rule sections). */
  function problemText(error) {
    const problem = error.problem || {};
    const violations = problem.violations || [];
    if (violations.length) return violations.map((v) => plainWords(v.message)).join(" ");
    if (problem.errors) {
      return "The page sent something the referee cannot read: " +
        JSON.stringify(problem.errors);
    }
    return plainWords(problem.detail || error.message || "Something went wrong.");
  }

  /** "tricks[3][1]" → "trick 4": positions in the record read as the table counts them. */
  function plainWords(text) {
    const m = S.match;
    let words = String(text);
    if (m && m.game === "piquet" && m.elder) {
      words = words.replace(/\bthe elder hand\b/g, `${m.elder} (elder hand)`)
        .replace(/\bthe younger hand\b/g, `${m.younger} (younger hand)`);
    }
    return words
      .replace(/tricks\[(\d+)\]\[\d+\]/g, (_, t) => `trick ${Number(t) + 1}`)
      .replace(/tricks\[(\d+)\]/g, (_, t) => `trick ${Number(t) + 1}`)
      .replace(/bids\[(\d+)\]/g, (_, b) => `call ${Number(b) + 1}`);
  }

  function showMessage(text, kind, violations) {
    const box = $("#message");
    box.className = "message" + (kind && kind !== "error" ? " " + kind : "");
    const rules = (violations || []).map((v) => v.rule).filter(Boolean);
    box.replaceChildren(
      el("strong", {}, kind === "info" || kind === "ok" ? "" : "Not recorded. "), text,
      rules.length ? el("span", { class: "rule" }, ` (rule ${[...new Set(rules)].join(", ")})`)
        : null,
    );
    box.hidden = false;
  }

  function hideMessage() {
    $("#message").hidden = true;
  }

  // ------------------------------------------------------------------ the deal so far
  const STEP_KINDS = new Set(["deal_started", "bid", "exchange", "declaration", "card"]);

  /** The deal in progress, rebuilt from the log (undone events left out). */
  function currentDeal() {
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

  function trickSize() {
    return S.match.game === "piquet" ? 2 : S.match.players.length;
  }

  // ------------------------------------------------------------------ rendering
  /** The class that gives player (or team) ``i`` its colour. */
  function colorClass(i) {
    return `pc${i % 7}`;
  }

  function render() {
    const m = S.match;
    if (!m) return;
    document.title = `${m.game === "piquet" ? "Piquet" : "Pitch"}: ` +
      m.standings.map((s) => `${s.name} ${s.score}`).join(" · ");
    document.body.dataset.version = String(m.version);
    $("#readonly").hidden = S.canWrite;
    renderScoreline();
    renderPlay();
    renderScore();
    renderShare();
  }

  function renderScoreline() {
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

  function renderPlay() {
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
      onclick: () => recordBid(call),
    }, call === "pass" ? "Pass" : call === "pitch" ? "Pitch (4)" : `Bid ${call}`)));
    box.hidden = false;
  }

  function recordBid(call) {
    post("/events", { type: "bid", call });
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

  // ----------------------------------------------------- the hands and the exchange (optional)
  function renderSetup(deal, write, next) {
    const box = $("#deal-setup");
    const m = S.match;
    const canStart = write && !m.deal_in_progress;
    const canExchange = write && m.game === "piquet" && deal.dealt && !deal.exchange &&
      !deal.cards.length;
    if (S.declaring) {
      box.replaceChildren(declarationForm());
      box.hidden = false;
      return;
    }
    if (!S.setup) {
      const buttons = [];
      if (canStart) {
        buttons.push(el("button", { type: "button", id: "record-hands",
          onclick: () => startSetup("hands") }, "Record the hands as dealt (optional)"));
      }
      if (canExchange) {
        buttons.push(el("button", { type: "button", id: "record-exchange",
          onclick: () => startSetup("exchange") }, "Record the exchange"));
      }
      if (write && m.game === "piquet" && deal.cards.length < 2) {
        buttons.push(el("button", { type: "button", id: "record-declaration",
          onclick: () => {
            S.declaring = { role: deal.declarations.elder ? "younger" : "elder", point: "",
              sequence: "", sets: [], carte_blanche: false };
            render();
          } }, "Record a declaration (optional)"));
      }
      box.replaceChildren(...buttons,
        buttons.length ? el("p", { class: "note" }, canStart
          ? "With the hands the referee knows each player's cards: it offers only the cards " +
            "he may play. Without them, just tap the cards as they fall."
          : "Each player's discards; the cards taken come from the talon in order.") : null);
      box.hidden = !buttons.length;
      return;
    }
    box.hidden = false;
    const setup = S.setup;
    const step = setup.steps[setup.index];
    const taken = new Map(); // card → the step that has it
    for (const [i, s] of setup.steps.entries()) for (const c of s.cards) taken.set(c, i);
    const pool = step.pool ? new Set(step.pool) : null;
    const grid = el("div", { class: "cards " + m.game },
      ...SUITS.map((suit) => el("div", { class: "suit" }, ...RANKS[m.game].map((rank) => {
        const card = rank + suit;
        const owner = taken.get(card);
        const mine = owner === setup.index;
        const unavailable = (owner !== undefined && !mine) || (pool && !pool.has(card));
        const order = mine && step.ordered ? step.cards.indexOf(card) + 1 : null;
        return el("button", {
          type: "button",
          class: "card" + (isRed(card) ? " red" : "") + (mine ? " picked" : "") +
            (unavailable ? " taken" : ""),
          "data-card": card,
          "aria-pressed": mine ? "true" : "false",
          disabled: unavailable,
          onclick: () => toggleSetupCard(card),
        }, cardText(card), order ? el("span", { class: "order" }, order) : null);
      }))));
    const count = step.cards.length;
    const ready = count >= step.min && count <= step.max;
    const last = setup.index === setup.steps.length - 1;
    box.replaceChildren(
      el("h2", {}, step.title),
      el("p", { class: "setup-steps" },
        `Step ${setup.index + 1} of ${setup.steps.length} · ${count} chosen` +
        (step.min === step.max ? ` of ${step.max}` : ` (${step.min} to ${step.max})`)),
      step.hint ? el("p", { class: "note" }, step.hint) : null,
      grid,
      el("div", { class: "actions" },
        el("button", { type: "button", onclick: () => {
          if (setup.index === 0) S.setup = null;
          else setup.index -= 1;
          render();
        } }, setup.index === 0 ? "Cancel" : "Back"),
        el("button", { type: "button", class: "primary", id: "setup-next", disabled: !ready,
          onclick: () => {
            if (!last) {
              setup.index += 1;
              render();
            } else saveSetup();
          } }, last ? "Save" : "Next")),
    );
  }

  const SEQUENCES = ["tierce", "quart", "quint", "sixième", "septième", "huitième"];
  const SET_RANKS = ["A", "K", "Q", "J", "T"];

  /**
   * What one player announced (Q5): his point (number of cards), his sequence, his sets, a
   * carte blanche (Q3). Whatever he does not announce does not score (sinking); a player
   * with no declaration recorded is taken to announce his best.
   */
  function declarationForm() {
    const d = S.declaring;
    const m = S.match;
    const names = { elder: `${m.elder} (elder)`, younger: `${m.younger} (younger)` };
    const select = (name, choices, value, label) => el("label", {}, label,
      el("select", { name, onchange: (event) => { d[name] = event.target.value; } },
        ...choices.map(([v, text]) => el("option", { value: v, selected: v === value }, text))));
    const setBox = (kind, rank) => {
      const code = `${kind}:${rank}`;
      return el("label", { class: "check" }, el("input", {
        type: "checkbox", name: code, checked: d.sets.includes(code),
        onchange: (event) => {
          d.sets = d.sets.filter((x) => x !== code);
          if (event.target.checked) d.sets.push(code);
        },
      }), `${kind} of ${RANK_WORD[rank]}s`);
    };
    const form = el("form", { class: "declaration", onsubmit: (event) => {
      event.preventDefault();
      const body = { type: "declaration", role: d.role,
        sets: d.sets.slice(), carte_blanche: d.carte_blanche };
      body.point = d.point === "" ? null : Number(d.point);
      body.sequence = d.sequence === "" ? null : d.sequence;
      post("/events", body, () => { S.declaring = null; });
    } },
    el("h2", {}, "Declaration"),
    el("p", { class: "note" }, "What the player announced aloud. What he does not announce " +
      "does not score (he sinks it)."),
    select("role", ["elder", "younger"].map((r) => [r, names[r]]), d.role, "Who"),
    select("point", [["", "no point announced"],
      ...[3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => [String(n), `point of ${n}`])],
    d.point, "Point"),
    select("sequence", [["", "no sequence announced"], ...SEQUENCES.map((q) => [q, q])],
      d.sequence, "Sequence"),
    el("fieldset", {}, el("legend", {}, "Sets"),
      ...SET_RANKS.map((r) => setBox("quatorze", r)), ...SET_RANKS.map((r) => setBox("trio", r))),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "carte_blanche",
      checked: d.carte_blanche, onchange: (event) => { d.carte_blanche = event.target.checked; },
    }), "carte blanche"),
    el("div", { class: "actions" },
      el("button", { type: "button", onclick: () => { S.declaring = null; render(); } },
        "Cancel"),
      el("button", { type: "submit", class: "primary", id: "declaration-save" }, "Save")));
    return form;
  }

  function startSetup(kind) {
    const m = S.match;
    const deal = currentDeal();
    if (kind === "hands" && m.game === "piquet") {
      S.setup = { kind, index: 0, steps: [
        { key: "elder", title: `${m.elder} (elder hand): the 12 cards dealt`, min: 12, max: 12,
          cards: [] },
        { key: "younger", title: `${m.younger} (younger hand, dealer): the 12 cards dealt`,
          min: 12, max: 12, cards: [] },
        { key: "talon", title: "The talon, from the top down", min: 8, max: 8, ordered: true,
          hint: "Tap the eight cards in the order they lie: elder takes from the top.",
          cards: [] },
      ] };
    } else if (kind === "hands") {
      const first = (m.dealer.seat + 1) % m.players.length;
      S.setup = { kind, index: 0, steps: m.players.map((_, k) => {
        const seat = (first + k) % m.players.length;
        return { key: seat, title: `${m.players[seat]}: the 6 cards dealt`, min: 6, max: 6,
          cards: [] };
      }) };
    } else {
      S.setup = { kind, index: 0, steps: [
        { key: "elder", title: `${m.elder} (elder) discards`, min: 1, max: 5, cards: [],
          pool: deal.dealt.elder, hint: "Tap the cards elder puts out (one to five)." },
        { key: "younger", title: `${m.younger} (younger) discards`, min: 0, max: 5, cards: [],
          pool: deal.dealt.younger,
          hint: "Tap the cards younger puts out (he may take up to what elder left)." },
      ] };
    }
    render();
  }

  function toggleSetupCard(card) {
    const step = S.setup.steps[S.setup.index];
    const at = step.cards.indexOf(card);
    if (at >= 0) step.cards.splice(at, 1);
    else if (step.cards.length < step.max) step.cards.push(card);
    render();
  }

  function saveSetup() {
    const setup = S.setup;
    const m = S.match;
    let body;
    if (setup.kind === "exchange") {
      body = { type: "exchange", elder: setup.steps[0].cards };
      if (setup.steps[1].cards.length) body.younger = setup.steps[1].cards;
    } else if (m.game === "piquet") {
      body = { type: "deal_started",
        dealt: { elder: setup.steps[0].cards, younger: setup.steps[1].cards },
        talon: setup.steps[2].cards };
    } else {
      const hands = m.players.map(() => []);
      for (const step of setup.steps) hands[step.key] = step.cards;
      body = { type: "deal_started", hands };
    }
    post("/events", body, () => {
      S.setup = null;
    });
  }

  // ------------------------------------------------------------------ score
  function renderScore() {
    const m = S.match;
    const live = S.ledger.filter((d) => d.status === "live");

    const settlement = $("#settlement");
    if (m.settlement && m.settlement.winner) {
      const s = m.settlement;
      const money = s.amount !== null && s.amount !== undefined
        ? ` = ${s.amount}${s.currency ? " " + s.currency : ""}` : "";
      settlement.replaceChildren(el("div", { class: "settlement", id: "settlement-box" },
        el("b", {}, `${s.winner} wins the partie.`), el("br"),
        s.rubiconed
          ? `${s.loser} is rubiconed (under 100) and pays both totals plus 100, `
          : `${s.loser} pays the difference plus 100, `,
        el("b", {}, `${s.payment} points${money}`), "."));
    } else if (m.finished && m.drawn) {
      settlement.replaceChildren(el("div", { class: "settlement" },
        el("b", {}, "The partie is drawn:"), " nobody pays."));
    } else if (m.game === "piquet") {
      settlement.replaceChildren(el("p", { class: "note" },
        `Partie of ${m.deals_required || 6} deals: ${m.deals_played} played. ` +
        "Under 100 at the end is the Rubicon."));
    } else {
      settlement.replaceChildren(el("p", { class: "note" },
        `Playing to ${m.options.target}: the pitcher wins when his side reaches it.`));
    }

    $("#standings").replaceChildren(...m.standings.map((s, i) =>
      el("div", { class: "who " + colorClass(i), "data-standing": s.name },
        el("span", {}, s.name), el("b", {}, s.score))));

    renderChart(live);

    const names = m.standings.map((s) => s.name);
    const box = $("#ledger");
    if (!S.ledger.length) {
      box.replaceChildren(el("p", { class: "note" }, "No deal scored yet."));
      return;
    }
    const rows = [];
    for (const d of S.ledger) {
      const voided = d.status !== "live";
      rows.push(el("tr", { class: voided ? "voided" : null, "data-deal": d.deal },
        el("td", {}, `${d.deal}`, el("br"), el("small", {}, d.dealer)),
        ...names.map((n) => el("td", {}, `${d.scores[n] >= 0 && d.scores[n] !== 0 ? "+" : ""}` +
          `${d.scores[n] || 0}`, el("br"), el("small", {}, voided ? "" : `${d.totals[n]}`))),
        el("td", { class: "why" }, voided ? voidReason(d) : (S.canWrite ? el("button", {
          type: "button", class: "small warn", "data-void": d.deal,
          onclick: () => { S.voiding = d.deal; render(); } }, "Void") : ""))));
      if (S.voiding === d.deal && !voided) {
        rows.push(el("tr", {}, el("td", { colspan: names.length + 2 }, voidForm(d.deal))));
      }
    }
    box.replaceChildren(
      el("table", { class: "ledger" },
        el("thead", {}, el("tr", {}, el("th", {}, "Deal"),
          ...names.map((n) => el("th", {}, n)), el("th", {}, ""))),
        el("tbody", {}, ...rows)),
      ...live.slice(-3).reverse().map((d) => rulingDetails(d, false)),
    );
  }

  function voidReason(d) {
    const notes = (d.corrections || []).filter((c) => c.kind === "deal_voided");
    const note = notes[notes.length - 1];
    return el("small", {}, "voided" + (note && note.reason ? `: ${note.reason}` : ""));
  }

  function voidForm(deal) {
    const input = el("input", { name: "reason", placeholder: "Why? e.g. misdeal",
      maxlength: 500, "aria-label": `Why void deal ${deal}`, id: "void-reason",
      value: S.voidText || "", oninput: (event) => { S.voidText = event.target.value; } });
    const form = el("form", { class: "void-form", onsubmit: (event) => {
      event.preventDefault();
      const reason = input.value.trim();
      if (!reason) {
        input.focus();
        return;
      }
      post(`/deals/${deal}/void`, { reason }, () => {
        S.voiding = null;
        S.voidText = "";
      });
    } }, input,
    el("button", { type: "submit", class: "warn", id: "void-confirm" }, `Void deal ${deal}`),
    el("button", { type: "button", onclick: () => { S.voiding = null; render(); } }, "Keep"));
    return form;
  }

  /** What scored in a deal, in words (Piquet: the counting order of the ruling's log). */
  function rulingDetails(d, open) {
    const r = d.ruling || {};
    const items = [];
    if (Array.isArray(r.log)) {
      const name = { elder: r.elder, younger: r.younger };
      for (const e of r.log) {
        items.push(el("li", {}, `${name[e.who] || e.who}: ${e.what} (+${e.points}) → ` +
          `${r.elder} ${e.elder_total}, ${r.younger} ${e.younger_total}`));
      }
    } else if (r.points) {
      const m = S.match;
      const sideName = (side) => {
        const seats = (r.sides || [])[side] || [];
        return seats.map((s) => m.players[s]).join(" & ") || `side ${side}`;
      };
      const seatName = (a) => (a && a.seat !== null && a.seat !== undefined
        ? m.players[a.seat] : a ? sideName(a.side) : "nobody");
      if (r.pitcher !== null && r.pitcher !== undefined) {
        items.push(el("li", {}, `${m.players[r.pitcher]} bid ${r.bid}` +
          (r.trump ? `, trumps ${SUIT_WORD[r.trump]}` : "") +
          (r.made_bid === false ? " — set back" : r.made_bid ? " — made it" : "")));
      }
      for (const key of ["high", "low", "jack"]) {
        const a = r.points[key];
        if (a) items.push(el("li", {}, `${key[0].toUpperCase() + key.slice(1)} (` +
          `${cardText(a.card)}): ${a.side !== null ? sideName(a.side) : seatName(a)}`));
      }
      if (r.points.game) {
        items.push(el("li", {}, "Game: " + (r.points.game.side === null ? "tied, nobody"
          : sideName(r.points.game.side)) + ` (${r.points.game.game_points.join(" / ")})`));
      }
    } else if (r.redeal) {
      items.push(el("li", {}, "Everybody passed: redeal."));
    }
    if (!items.length) return null;
    return el("details", { class: "ruling", open: open || null },
      el("summary", {}, `How deal ${d.deal} scored`), el("ol", {}, ...items));
  }

  /** Running totals across the deals: a line per player, drawn as SVG. */
  function renderChart(live) {
    const fig = $("#chart");
    const m = S.match;
    if (live.length < 1) {
      fig.hidden = true;
      return;
    }
    const names = m.standings.map((s) => s.name);
    const series = names.map((n) => [0, ...live.map((d) => d.totals[n] || 0)]);
    const all = series.flat();
    const lo = Math.min(0, ...all);
    const hi = Math.max(10, ...all, m.game === "piquet" ? 100 : m.options.target || 7);
    const W = 360;
    const H = 200;
    const pad = { l: 34, r: 10, t: 10, b: 24 };
    const x = (i) => pad.l + (i * (W - pad.l - pad.r)) / Math.max(1, live.length);
    const y = (v) => pad.t + ((hi - v) * (H - pad.t - pad.b)) / (hi - lo || 1);
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "Running scores by deal: " + names.map((n, i) =>
      `${n} ${series[i][series[i].length - 1]}`).join(", "));
    const add = (tag, attrs, text) => {
      const node = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      svg.append(node);
      return node;
    };
    const step = hi - lo > 150 ? 50 : hi - lo > 40 ? 20 : hi - lo > 15 ? 5 : 1;
    for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) {
      add("line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v),
        stroke: v === 0 ? "#9ca3af" : "#e5e7eb", "stroke-width": 1 });
      add("text", { x: pad.l - 4, y: y(v) + 4, "text-anchor": "end", "font-size": 11,
        fill: "#6b7280" }, String(v));
    }
    if (m.game === "piquet") {
      add("line", { x1: pad.l, x2: W - pad.r, y1: y(100), y2: y(100), stroke: "#ca8a04",
        "stroke-dasharray": "4 3", "stroke-width": 1.5 });
      add("text", { x: W - pad.r, y: y(100) + (y(100) < pad.t + 14 ? 13 : -4), "text-anchor": "end", "font-size": 11,
        fill: "#a16207" }, "Rubicon 100");
    }
    for (let i = 0; i <= live.length; i++) {
      add("text", { x: x(i), y: H - 6, "text-anchor": "middle", "font-size": 11,
        fill: "#6b7280" }, i === 0 ? "0" : String(live[i - 1].deal));
    }
    series.forEach((points, k) => {
      const color = getComputedStyle(document.documentElement)
        .getPropertyValue(`--p${k % 7}`).trim() || "#000";
      add("polyline", { points: points.map((v, i) => `${x(i)},${y(v)}`).join(" "),
        fill: "none", stroke: color, "stroke-width": 3, "stroke-linejoin": "round" });
      points.forEach((v, i) => add("circle", { cx: x(i), cy: y(v), r: 3.5, fill: color }));
    });
    const caption = el("figcaption", {}, ...names.map((n, i) =>
      el("span", { class: "key " + colorClass(i) }, n)), el("span", {}, "· by deal"));
    fig.replaceChildren(svg, caption);
    fig.hidden = false;
  }

  // ------------------------------------------------------------------ share
  function renderShare() {
    const saved = savedMatches().find((x) => x.id === S.id) || {};
    const base = location.href.split("#")[0];
    const read = saved.read || (S.token.startsWith("ro_") ? S.token : null);
    $("#read-link").value = read
      ? `${base}#match=${encodeURIComponent(S.id)}&token=${encodeURIComponent(read)}` : "";
    $("#read-link").hidden = !read;
    $('[data-copy="read-link"]').hidden = !read;
    $("#no-read-link").hidden = !!read;
    $("#write-share").hidden = !S.canWrite;
    $("#write-link").value = S.canWrite
      ? `${base}#match=${encodeURIComponent(S.id)}&token=${encodeURIComponent(S.token)}` : "";
  }

  function selectTab(tab) {
    S.tab = tab;
    for (const b of $$(".tabs button")) b.setAttribute("aria-selected", String(b.dataset.tab === tab));
    for (const t of ["play", "score", "share"]) $("#tab-" + t).hidden = t !== tab;
  }

  // ------------------------------------------------------------------ wiring
  function init() {
    const form = $("#new-match");
    form.addEventListener("submit", createMatch);
    for (const radio of $$('input[name="game"]', form)) {
      radio.addEventListener("change", () => setGame(radio.value));
    }
    $("#add-player").addEventListener("click", () => {
      if ($("#players").children.length < 7) {
        addPlayerRow("");
        updateDealerChoices();
      }
    });
    for (const b of $$(".tabs button")) b.addEventListener("click", () => selectTab(b.dataset.tab));
    $("#undo").addEventListener("click", () => post("/undo", { reason: "undone at the table" }));
    $("#any-card").addEventListener("change", (event) => {
      S.anyCard = event.target.checked;
      render();
    });
    for (const b of $$("[data-copy]")) {
      b.addEventListener("click", async () => {
        const input = $("#" + b.dataset.copy);
        input.select();
        try {
          await navigator.clipboard.writeText(input.value);
          b.textContent = "Copied";
        } catch (error) {
          document.execCommand && document.execCommand("copy");
          b.textContent = "Selected";
        }
      });
    }
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && S.id && S.match && !S.busy) {
        api("GET", `/v1/matches/${encodeURIComponent(S.id)}`).then(({ data }) => adopt(data))
          .catch(() => {});
      }
    });
    window.addEventListener("hashchange", route);
    route();
  }

  init();
})();
