// @ts-check
/* A club night (docs/events.md), through the public /v1/events API only:
 *
 *   #event=new                                  the organiser creates the event
 *   #event=<id>   (the organiser's token kept)  the organiser's screen: check players in,
 *                                               start the next round, every table's progress,
 *                                               the seats' join links, the standings
 *   #event=<id>&token=<ro_…>&view=board         the big screen: the tables and the standings
 *                                               in large type, following live, no controls
 *   #event=<id>&token=<ro_…>&player=<name>      a player's phone: "your table, your seat,
 *                                               your partner" in the last round (GET …/where)
 *   …&view=statistics (after any of them)       the statistics per player, with their
 *                                               charts (eventstats.js, GET …/statistics)
 *
 * The organiser's screen seats a substitute at a table being played (eventsubs.js, E14).
 * Both screens follow the event's stream (GET /v1/events/{id}/stream: the event and its
 * standings after every change, at any of its tables too). Every write carries an
 * Idempotency-Key (api.js) and, but for the create, If-Match with the event's version.
 * Text goes in as text (dom.js).
 */
import { api, ApiError, followEvent } from "./api.js";
import { clubPanel, keepClub, keptClub, keptClubs } from "./clubview.js";
import { $, el, fill } from "./dom.js";
import { lostLinks, seatingPanel } from "./eventseats.js";
import { statisticsSection } from "./eventstats.js";
import { substituteForm } from "./eventsubs.js";
import { t } from "./language.js";

const KEPT = "referee.table.events";
/** The event on screen: {id, token, board, version, event, standings, stop}. */
const E = { id: "", token: "", board: false, player: "", stats: false, version: 0,
  event: null, standings: null, stop: () => {} };

/** The events kept on this phone: [{id, name, organiser, read, seats: {<round>: tables}}]. */
function keptEvents() {
  try {
    return JSON.parse(localStorage.getItem(KEPT) || "[]");
  } catch (error) {
    return [];
  }
}

/** What this phone keeps of event `id`, or an empty object. */
function kept(id) {
  return keptEvents().find((e) => e.id === id) || {};
}

/** Keep (or update) what this phone knows of an event. */
function keep(entry) {
  const rest = keptEvents().filter((e) => e.id !== entry.id);
  rest.unshift({ ...kept(entry.id), ...entry });
  try {
    localStorage.setItem(KEPT, JSON.stringify(rest.slice(0, 20)));
  } catch (error) {
    /* private mode: this screen still works until it is closed */
  }
}

/**
 * Show the event's section (and hide the others), with `title` as its heading; `board`: as
 * the big screen (the event's own screens: whether this one is; a club's screen: never).
 * @param {string} title
 * @param {boolean} [board]
 */
export function showEventSection(title, board = E.board) {
  $("#home").hidden = true;
  $("#match").hidden = true;
  $("#event").hidden = false;
  $("#event-title").textContent = title;
  document.title = title;
  document.body.dataset.board = board ? "true" : "false";
}

/** Leave the event's screens (the router opens another). */
export function closeEvent() {
  E.stop();
  E.stop = () => {};
  $("#event").hidden = true;
  document.body.dataset.board = "false";
}

/** A refusal in the referee's words, in the screen's message line. */
function refused(error) {
  const line = $("#event-message");
  line.hidden = false;
  // what was refused where (an option the game refuses: "options.stake: …"), after the detail
  const errors = error instanceof ApiError && error.problem.errors || {};
  const where = Object.entries(errors).map(([at, said]) => `${at}: ${[].concat(said).join(" ")}`);
  line.textContent = error instanceof ApiError ? [error.message, ...where].join(" ")
    : t("event.no_answer", "No answer from the referee: try again.");
}

/** The version an ETag names ("v12" → 12). */
function versionOf(etag) {
  const found = /v(\d+)/.exec(etag || "");
  return found ? Number(found[1]) : 0;
}

/**
 * Open an event from the address's `params`: the create form, the organiser's screen or the
 * big screen (see the module's docstring).
 */
export function openEvent(params) {
  E.stop();
  const id = params.get("event") || "";
  if (id === "new") {
    E.board = false;
    showCreate();
    return;
  }
  const linked = params.get("token") || "";
  const saved = kept(id);
  E.id = id;
  E.board = params.get("view") === "board";
  E.stats = params.get("view") === "statistics";
  E.player = params.get("player") || "";
  E.token = E.board || E.player ? linked || saved.read || saved.organiser
    : saved.organiser || linked;
  E.event = null;
  E.standings = null;
  showEventSection(t("event.title", "Club night"));
  fill($("#event-body"), el("p", { class: "note", role: "status" },
    t("event.loading", "Reading the event…")));
  if (!E.token) {
    fill($("#event-body"), el("p", { class: "error", role: "alert" },
      t("event.no_key", "This phone has no key to that event: open the link you were sent.")));
    return;
  }
  E.stop = followLive();
}

/** The create form: name, game, movement, the players (one a line). */
function showCreate() {
  showEventSection(t("event.new", "Run a club night"));
  const movements = {
    pitch: [["progressive", t("event.progressive", "Progressive (winners move up)")],
      ["fixed", t("event.fixed", "Fixed partnerships")],
      ["manual", t("event.manual", "Seated by the organiser")]],
    piquet: [["round_robin", t("event.round_robin", "Round robin (everyone meets everyone)")],
      ["manual", t("event.manual", "Seated by the organiser")]],
  };
  const game = el("select", { name: "game", id: "event-game" },
    el("option", { value: "pitch" }, "Pitch"), el("option", { value: "piquet" }, "Piquet"));
  const movement = el("select", { name: "movement", id: "event-movement" });
  // every table's match options (E1): a Pitch target, a Piquet stake
  const target = el("input", { name: "target", id: "event-target", type: "number", min: "1",
    max: "100", inputmode: "numeric" });
  const stake = el("input", { name: "stake", id: "event-stake", inputmode: "decimal",
    pattern: "[0-9]+([.][0-9]+)?" });
  const targetLabel = el("label", {}, el("span", {}, t("pitch.play_to", "Play to")), target);
  const stakeLabel = el("label", {}, el("span", {}, t("piquet.stake", "Stake per point")),
    stake);
  const setMovements = () => {
    fill(movement, ...movements[game.value].map(([value, words]) =>
      el("option", { value }, words)));
    targetLabel.hidden = game.value !== "pitch";
    stakeLabel.hidden = game.value !== "piquet";
  };
  game.addEventListener("change", setMovements);
  setMovements();
  // E13: a club's night knows its players by their ids in the club's list
  const club = el("select", { name: "club", id: "event-club" },
    el("option", { value: "" }, t("event.no_club", "No club (players by name)")),
    ...keptClubs().map((c) => el("option", { value: c.id }, c.name)),
    el("option", { value: "new" }, t("event.new_club", "A new club")));
  const clubName = el("input", { name: "club_name", id: "event-club-name", maxlength: "80" });
  const clubNameLabel = el("label", { hidden: true }, el("span", {}, t("event.club_name",
    "Name of the club")), clubName);
  club.addEventListener("change", () => { clubNameLabel.hidden = club.value !== "new"; });
  let madeClub = null;  // a club made by a first try that the event's create then refused
  const error = el("p", { class: "error", role: "alert", id: "event-message", hidden: true });
  const form = el("form", { class: "panel", id: "event-create", autocomplete: "off" },
    el("label", {}, el("span", {}, t("event.name", "Name of the night")),
      el("input", { name: "name", required: true, maxlength: "80", id: "event-name" })),
    el("label", {}, el("span", {}, t("home.game", "Game")), game),
    el("label", {}, el("span", {}, t("event.movement", "Movement")), movement),
    targetLabel, stakeLabel,
    el("label", {}, el("span", {}, t("event.club_choice", "Club")), club), clubNameLabel,
    el("label", {}, el("span", {}, t("event.players", "Players, one a line")),
      el("textarea", { name: "players", rows: "6", id: "event-players" })),
    el("button", { type: "submit", class: "primary big" }, t("event.create", "Create the event")),
    error);
  form.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    const data = new FormData(form);
    const players = String(data.get("players") || "").split("\n").map((p) => p.trim())
      .filter(Boolean);
    const options = {};
    if (game.value === "pitch" && target.value) options.target = Number(target.value);
    if (game.value === "piquet" && stake.value) options.stake = stake.value;
    const body = { name: String(data.get("name") || "").trim(), game: game.value,
      movement: movement.value, players, options };
    try {
      let clubId = club.value;
      if (clubId === "new" || (madeClub && clubId === madeClub.id)) {
        // the players typed become the new club's players (guests, with no member number)
        if (!madeClub) {
          ({ data: madeClub } = await api("POST", "/v1/clubs", { name: clubName.value.trim() ||
            body.name, players: players.map((name) => ({ name })) }, { token: null }));
          keepClub({ id: madeClub.id, name: madeClub.name,
            organiser: madeClub.tokens.organiser, read: madeClub.tokens.read });
          club.append(el("option", { value: madeClub.id }, madeClub.name));
          club.value = madeClub.id;
        }
        clubId = madeClub.id;
        body.players = madeClub.players.map((p) => p.id);
      } else if (clubId) {
        body.players = [];
        body.guests = players;  // members are checked in from the club's list
      }
      if (clubId) body.club = clubId;
      const { data: made } = await api("POST", "/v1/events", body,
        { token: clubId ? keptClub(clubId).organiser : null });
      keep({ id: made.id, name: made.name, organiser: made.tokens.organiser,
        read: made.tokens.read, seats: {} });
      location.hash = "#event=" + encodeURIComponent(made.id);
    } catch (failure) {
      refused(failure);
    }
  });
  fill($("#event-body"), form);
}

/** Follow the event's stream (api.js): each state renders the screen. :returns: stop(). */
function followLive() {
  return followEvent(E.id, E.token, (live) => {
    E.event = live.event;
    E.standings = live.standings;
    paint();
  }, (problem) => {
    fill($("#event-body"), el("p", { class: "error", role: "alert" }, problem.detail ||
      t("event.no_key", "This phone has no key to that event: open the link you were sent.")));
  });
}

/** The name shown for a player's key (E13: a club's id, or the name itself). */
function nameOf(key) {
  const names = (E.event && E.event.names) || {};
  if (!(key in names)) return key;
  return names[key] === null ? t("event.removed", "(removed)") : names[key];
}

/** "Ann & Cy against Bill & Di", or each player for himself. */
function sidesText(table) {
  return table.sides.map((side) => side.map(nameOf).join(" & ")).join(
    " " + t("event.against", "against") + " ");
}

/** A table's progress in words. */
function progress(table) {
  if (table.disputed && table.disputed.length) {
    return t("event.disputed", "deal {deals} disputed: the organiser rules",
      { deals: table.disputed.join(", ") });
  }
  return table.finished ? t("event.finished", "finished") : t("event.playing", "playing");
}

/** The standings as a table (E8): place, name, points, games won. */
function standingsTable() {
  const money = E.event && E.event.rule === "money";
  const head = el("tr", {}, el("th", { scope: "col" }, "#"),
    el("th", { scope: "col" }, t("event.player", "Player")),
    el("th", { scope: "col" }, money ? t("event.money", "Money")
      : t("event.points", "Points")),
    el("th", { scope: "col" }, t("event.won", "Won")));
  const rows = (E.standings ? E.standings.players : []).map((line) => el("tr", {},
    el("td", {}, String(line.place) + (line.shared ? "=" : "")),
    el("th", { scope: "row" }, line.name === null ? t("event.removed", "(removed)")
      : line.name),
    el("td", {}, money ? line.money : String(line.points)),
    el("td", {}, String(line.won))));
  return el("table", { class: "event-standings", id: "event-standings" },
    el("caption", {}, t("event.standings", "Standings")), el("thead", {}, head),
    el("tbody", {}, ...rows));
}

/** The tables of the last round started, with their progress. */
function tablesList() {
  const rounds = E.event.rounds;
  const last = rounds[rounds.length - 1];
  if (!last) return el("p", { class: "note" }, t("event.no_round", "No round has started yet."));
  const links = ((kept(E.id).seats || {})[last.number]) || {};
  const phones = ((kept(E.id).phones || {})[last.number]) || {};
  return el("section", { class: "event-round", id: "event-tables" },
    el("h2", {}, t("event.round", "Round {n}", { n: last.number })),
    el("ol", { class: "event-tables" }, ...last.tables.map((table) => el("li", {
      "data-table": String(table.number), "data-finished": String(table.finished) },
      el("strong", {}, t("event.table", "Table {n}", { n: table.number })), " ",
      sidesText(table), " — ", el("span", { class: "event-progress" }, progress(table)),
      E.board ? null : el("ul", { class: "event-seats" },
        // the organiser's token acts at the event's tables (E11): rule on a dispute there
        el("li", {}, el("a", { class: "event-open-table", href: "#match=" +
          encodeURIComponent(table.match_id) + "&token=" + encodeURIComponent(E.token) },
        t("event.open_table", "Open the table"))),
        phones[table.number] ? el("li", {}, el("a", { class: "event-phone",
          href: phones[table.number] }, t("event.phone_link", "The table's phone"))) : null,
        ...(links[table.number] || []).map((seat) => el("li", {}, el("a", { href: seat.link },
          t("event.seat_link", "{player}'s seat", { player: nameOf(seat.player) }))))),
      E.board ? null : substituteForm(screen(), last.number, table, nameOf),
      E.board ? null : lostLinks(screen(), last.number, table)))),
    last.byes.length ? el("p", {}, t("event.byes", "Bye: {players}",
      { players: last.byes.map(nameOf).join(", ") })) : null);
}

/** The next round as the movement seats it, for everyone to read (the big screen): once the
 * last round has finished at every table (or before the first); nothing while one is played. */
function upcoming() {
  const round = E.event.next.round;
  if (!round) return null;
  return el("section", { id: "event-next" },
    el("h2", {}, t("event.next", "Next: round {n}", { n: round.number })),
    el("ol", { class: "event-tables" }, ...round.tables.map((table) => el("li", {},
      t("event.table", "Table {n}", { n: table.number }), ": ", sidesText(table)))),
    round.byes.length ? el("p", {}, t("event.byes", "Bye: {players}",
      { players: round.byes.join(", ") })) : null);
}

/** The screen, from the event and its standings as last streamed. */
function paint() {
  if (!E.event) return;
  showEventSection(E.event.name);
  if (E.stats) {
    paintStatistics();
    return;
  }
  const message = el("p", { class: "error", role: "alert", id: "event-message", hidden: true });
  if (E.board) {
    fill($("#event-body"), el("div", { class: "board", id: "event-board" }, tablesList(),
      upcoming(), standingsTable()));
    return;
  }
  if (E.player) {
    paintPlayer();
    return;
  }
  const typed = /** @type {HTMLInputElement | null} */ ($("#event-check-in-name"));
  const keepTyped = typed ? typed.value : "";
  const saved = kept(E.id);
  const board = saved.read ? el("p", {}, el("a", { id: "event-board-link",
    href: "#event=" + encodeURIComponent(E.id) + "&token=" + encodeURIComponent(saved.read) +
      "&view=board" }, t("event.board", "The big screen (open it on the TV)"))) : null;
  fill($("#event-body"), message, board, statisticsLink(), tablesList(), nextRound(),
    E.event.club ? clubPanel(E.event, E.token, refused, readAgain, paint) : null, checkIn(),
    standingsTable());
  if (keepTyped) {  // a name being typed survives a deal recorded meanwhile
    /** @type {HTMLInputElement} */ ($("#event-check-in-name")).value = keepTyped;
  }
}

/** Read the event and its standings again (a change to its club's list: the names shown). */
async function readAgain() {
  const path = `/v1/events/${encodeURIComponent(E.id)}`;
  try {
    const [{ data: event }, { data: standings }] = await Promise.all([
      api("GET", path, undefined, { token: E.token }),
      api("GET", path + "/standings", undefined, { token: E.token })]);
    E.event = event;
    E.standings = standings;
    paint();
  } catch (failure) {
    refused(failure);
  }
}

/** The link to this screen's statistics per player (E12). */
function statisticsLink() {
  return el("p", {}, el("a", { id: "event-stats-link", href: location.hash + "&view=statistics" },
    t("stats.title", "Statistics per player")));
}

/** The statistics per player (eventstats.js), read again at every change of the event. */
async function paintStatistics() {
  const asked = E.event;
  const back = location.hash.replace(/&view=statistics/, "");
  const section = await statisticsSection(E.id, E.token, back, E.event && E.event.names);
  if (asked !== E.event || !E.stats) return; // a newer state is being painted
  fill($("#event-body"), section);
}

/** The button that ends the round now, its games counted as they stand (E11). */
function endRound() {
  const end = el("button", { type: "button", class: "warn", id: "event-end" },
    t("event.end", "End the round now (the games count as they stand)"));
  end.addEventListener("click", async () => {
    end.disabled = true;
    try {
      await api("POST", `/v1/events/${encodeURIComponent(E.id)}/rounds:end`, {},
        { token: E.token, version: E.event.version });
    } catch (failure) {
      end.disabled = false;
      refused(failure);
    }
  });
  return end;
}

/** A player's phone (E3): where the player sits in the last round, as the referee says
 * (GET …/where), read again at every change of the event. */
async function paintPlayer() {
  const asked = E.event;
  let seat;
  try {
    ({ data: seat } = await api("GET", `/v1/events/${encodeURIComponent(E.id)}/where?player=` +
      encodeURIComponent(E.player), undefined, { token: E.token }));
  } catch (failure) {
    fill($("#event-body"), el("p", { class: "error", role: "alert", id: "event-message" },
      failure instanceof ApiError ? failure.message
        : t("event.no_answer", "No answer from the referee: try again.")));
    return;
  }
  if (asked !== E.event) return; // a newer state is being painted
  const lines = [];
  if (seat.table !== null) {
    lines.push(el("p", { class: "event-you-sit" }, t("event.you_sit",
      "Round {round}: table {table}, seat {seat}",
      { round: seat.round, table: seat.table, seat: seat.seat + 1 })));
    if (seat.partners.length) {
      lines.push(el("p", {}, t("event.partner", "Your partner: {players}",
        { players: seat.partners.map(nameOf).join(", ") })));
    }
    lines.push(el("p", {}, t("event.opponents", "Against: {players}",
      { players: seat.opponents.map(nameOf).join(", ") })));
  } else if (seat.bye) {
    lines.push(el("p", { class: "event-you-sit" }, t("event.bye",
      "Round {round}: you have the bye.", { round: seat.round })));
  } else {
    lines.push(el("p", { class: "event-you-sit" }, t("event.not_seated",
      "You are not seated yet: wait for the next round.")));
  }
  fill($("#event-body"), el("section", { class: "panel", id: "event-player" },
    el("h2", {}, nameOf(seat.player)), ...lines), standingsTable(), statisticsLink());
}

/** The next round as the movement seats it, which the organiser may adjust, and the button
 * that starts it (eventseats.js); or why not (and, while a round is played, the button that
 * ends it). */
function nextRound() {
  const next = E.event.next;
  if (!next.round) {
    const playing = next.waiting.code === "round_in_progress";
    return el("div", {}, el("p", { class: "note", id: "event-waiting" }, next.waiting.message),
      playing ? endRound() : null);
  }
  return seatingPanel(screen());
}

/** What the seating and links panels (eventseats.js) need of this screen. */
function screen() {
  return { id: E.id, token: E.token, event: E.event, refused, repaint: paint,
    keepLinks: (round, table, links, phone) => {
      const { seats = {}, phones = {} } = kept(E.id);
      // the seats replaced take their new links, in their places; the others keep theirs
      const fresh = new Map(links.map((seat) => [seat.player, seat.link]));
      const before = (seats[round] || {})[table] || [];
      const known = new Set(before.map((seat) => seat.player));
      seats[round] = { ...(seats[round] || {}), [table]: [
        ...before.map((seat) => ({ player: seat.player,
          link: fresh.get(seat.player) || seat.link })),
        ...links.filter((seat) => !known.has(seat.player)).map((seat) =>
          ({ player: seat.player, link: seat.link }))] };
      if (phone) phones[round] = { ...(phones[round] || {}), [table]: phone };
      keep({ id: E.id, seats, phones });
    } };
}

/** Each present player's screen ("your table, your seat, your partner"), a link to hand
 * out (it holds the event's read token). */
function playerLinks() {
  const read = kept(E.id).read;
  if (!read) return null;
  return el("details", { class: "event-player-links" },
    el("summary", {}, t("event.player_links", "Each player's screen (where to sit)")),
    el("ul", { class: "event-seats" }, ...E.event.roster.filter((entry) => entry.left === null)
      .map((entry) => el("li", {}, el("a", { href: "#event=" + encodeURIComponent(E.id) +
        "&token=" + encodeURIComponent(read) + "&player=" + encodeURIComponent(entry.player) },
      nameOf(entry.player))))));
}

/** Check a player in (E2): on the roster from the next round made. */
function checkIn() {
  const name = el("input", { id: "event-check-in-name", maxlength: "40", required: true });
  const form = el("form", { class: "panel", id: "event-check-in", autocomplete: "off" },
    el("h2", {}, t("event.roster", "Players ({n})", { n: E.event.roster.filter(
      (entry) => entry.left === null).length })),
    el("p", {}, E.event.roster.filter((entry) => entry.left === null)
      .map((entry) => nameOf(entry.player)).join(", ")),
    playerLinks(),
    // a club's night checks in from the club's list (clubview.js), by id
    E.event.club ? null : el("label", {}, el("span", {}, t("event.check_in_name",
      "A player who arrives")), name),
    E.event.club ? null : el("button", { type: "submit" }, t("event.check_in", "Check in")));
  form.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    try {
      const { etag } = await api("POST", `/v1/events/${encodeURIComponent(E.id)}/players`,
        { players: [name.value.trim()] }, { token: E.token, version: E.event.version });
      E.event.version = versionOf(etag);
      name.value = "";
    } catch (failure) {
      refused(failure);
    }
  });
  return form;
}
