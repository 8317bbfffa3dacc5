// @ts-check
/* The organiser's seating and links at a club night (docs/events.md E3, E7, "Lost links"):
 *
 *   seatingPanel  the next round as the movement seats it, laid out as tables: each seat
 *                 and each player on the bye a button — tap one player, then another (the
 *                 two swap), a table's "seat here" (or a new table's) or the bye's "give the
 *                 bye" — buttons the keyboard works as well as a finger, nothing dragged;
 *                 a table of four's partnership; then "Start round n" with those tables
 *                 (the movement's own seating when nothing was changed)
 *   lostLinks     new links for a table (its match's tokens and every seat) or one player's
 *
 * Nothing here checks a seating: the referee does (POST …/rounds answers its problem in a
 * sentence, shown as it comes). Every write carries an Idempotency-Key (api.js) and the
 * event's version as If-Match.
 */
import { api, ApiError } from "./api.js";
import { el } from "./dom.js";
import { t } from "./language.js";

/**
 * What a panel needs from the organiser's screen: the event as streamed, the organiser's
 * token, where refusals are told, and what to do with credentials just handed out.
 * @typedef {{ id: string, token: string, event: any, refused: (error: any) => void,
 *   repaint: () => void, keepLinks: (round: number, table: number, links: any[],
 *   phone: string | null) => void }} Screen
 */

/**
 * The organiser's seating being edited: the proposal it started from (as JSON), its tables
 * ({seats, partnership}), the players on the bye and the referee's refusal of it, if any (shown
 * by the button until the seating changes).
 * @type {{ from: string, tables: {seats: string[], partnership: boolean}[],
 *   byes: string[], problem: string } | null}
 */
let draft = null;

/** Each player's key → the name shown (a club's night knows its players by ids, E13): the
 * event's `names`, as last painted. */
let NAMES = {};

/** The name shown for player `key`: a club's id by its name, a removed one as such. */
function named(key) {
  if (!(key in NAMES)) return key;
  return NAMES[key] === null ? t("event.removed", "(removed)") : NAMES[key];
}

/** The tables whose "lost its link?" is open (kept open when the screen is painted again). */
const opened = new Set();

/** A table of the proposal as an editable one: partners opposite when it has two sides of
 * two (E3, P1). */
function editable(table) {
  const partnership = table.seats.length === 4 && table.sides.length === 2 &&
    table.sides.every((side) => side.length === 2);
  return { seats: [...table.seats], partnership };
}

/** The draft for the proposal `round`: kept while the proposal stays the same. */
function draftFor(round) {
  const from = JSON.stringify(round);
  if (!draft || draft.from !== from) {
    draft = { from, tables: round.tables.map(editable), byes: [...round.byes], problem: "" };
    chosen = "";
    said = "";
  }
  return draft;
}

/** Whether the draft still is the movement's own seating. */
function unchanged(round) {
  const own = { tables: round.tables.map(editable), byes: round.byes };
  return JSON.stringify({ tables: draft.tables, byes: draft.byes }) === JSON.stringify(own);
}

/** The player chosen to move (the first of two taps), or "". */
let chosen = "";
/** What the last move did, said to screen readers (and shown) until the next one. */
let said = "";

/** Where `player` is: [table index, seat index], or [-1, index on the bye]. */
function place(player) {
  const i = draft.tables.findIndex((table) => table.seats.includes(player));
  return i >= 0 ? [i, draft.tables[i].seats.indexOf(player)] : [-1, draft.byes.indexOf(player)];
}

/** Put `player` at [i, s] (a table's seat, or i = -1: the bye's place s). */
function put(where, player) {
  const [i, s] = where;
  if (i >= 0) draft.tables[i].seats[s] = player; else draft.byes[s] = player;
}

/** Take `player` from where they are (a table left empty goes). */
function takeOut(player) {
  const [i, s] = place(player);
  if (i >= 0) draft.tables[i].seats.splice(s, 1); else draft.byes.splice(s, 1);
  draft.tables = draft.tables.filter((table) => table.seats.length > 0);
}

/** The second tap: `player` and the one chosen swap places (seats or the bye). */
function swap(player) {
  const mine = place(chosen);
  put(place(player), chosen);
  put(mine, player);
  said = t("event.swapped", "{a} and {b} swapped.", { a: named(chosen), b: named(player) });
}

/** The second tap on a table's "seat here" (i: a new table when past the last), or the
 * bye's: the one chosen moves there. */
function move(i) {
  takeOut(chosen);
  if (i === -1) {
    draft.byes.push(chosen);
    said = t("event.moved_bye", "{player} has the bye.", { player: named(chosen) });
  } else {
    if (i >= draft.tables.length) draft.tables.push({ seats: [], partnership: false });
    draft.tables[Math.min(i, draft.tables.length - 1)].seats.push(chosen);
    said = t("event.moved", "{player} sits at table {n}.", { player: named(chosen),
      n: Math.min(i, draft.tables.length - 1) + 1 });
  }
}

/** Do `change` to the draft and paint it again, the keyboard's focus kept on the control
 * with the same id. */
function changeDraft(screen, change) {
  const focused = document.activeElement ? document.activeElement.id : "";
  change();
  draft.problem = "";
  screen.repaint();
  const again = focused ? document.getElementById(focused) : null;
  if (again) again.focus();
  // said into the status line once it is on the page (a live region filled as it is
  // inserted is not always read out)
  const status = document.getElementById("event-seating-status");
  if (status) setTimeout(() => { status.textContent = said; }, 50);
}

/** A player's button (a seat, or the bye): the first tap chooses them, the second (on
 * another player) swaps the two; tapping the one chosen again lets go. */
function playerButton(screen, id, player, words) {
  const button = el("button", { type: "button", class: "event-seat", id,
    "data-player": player, "aria-pressed": String(chosen === player) }, words);
  button.addEventListener("click", () => changeDraft(screen, () => {
    if (!chosen) {
      chosen = player;
      said = t("event.chosen", "{player} chosen: now a player to swap with, a table or the bye.",
        { player: named(player) });
    } else {
      if (chosen !== player) swap(player); else said = "";
      chosen = "";
    }
  }));
  return button;
}

/** Where the one chosen can go (a table, a new table, the bye): disabled with nobody chosen,
 * or for where they already are. */
function targetButton(screen, id, i, words) {
  const here = chosen ? place(chosen)[0] : NaN;
  const button = el("button", { type: "button", class: "event-move", id,
    disabled: !chosen || here === i }, words);
  button.addEventListener("click", () => changeDraft(screen, () => {
    move(i);
    chosen = "";
  }));
  return button;
}

/** One table of the draft: its seats, "seat here", and a table of four's partnership
 * (Pitch). */
function tableFieldset(screen, table, i) {
  const partners = screen.event.game === "pitch" && table.seats.length === 4;
  const box = el("input", { type: "checkbox", id: `partners-${i + 1}`,
    checked: partners && table.partnership });
  box.addEventListener("change", () => changeDraft(screen, () => {
    table.partnership = box.checked;
  }));
  return el("fieldset", { class: "event-seating-table", "data-table": String(i + 1) },
    el("legend", {}, t("event.table", "Table {n}", { n: i + 1 })),
    el("ol", { class: "event-seating-seats" }, ...table.seats.map((player, s) => el("li", {},
      playerButton(screen, `seat-${i + 1}-${s + 1}`, player,
        t("event.seat_player", "Seat {n}: {player}", { n: s + 1, player: named(player) }))))),
    targetButton(screen, `move-${i + 1}`, i, chosen
      ? t("event.move_here", "Seat {player} here", { player: named(chosen) })
      : t("event.move_here_none", "Seat a player here")),
    partners ? el("label", { class: "check" }, box, " ",
      t("event.partners_opposite", "Partners sit opposite (seats 1 and 3)")) : null);
}

/** The bye: its players (each a player's button) and the button that gives it to the one
 * chosen; and a new table for the one chosen. */
function byesFieldset(screen) {
  return el("fieldset", { class: "event-seating-table", id: "event-seating-byes" },
    el("legend", {}, t("event.bye_title", "The bye")),
    el("ul", { class: "event-seating-seats" }, ...draft.byes.map((player, b) => el("li", {},
      playerButton(screen, `bye-${b + 1}`, player, named(player))))),
    targetButton(screen, "move-bye", -1, chosen
      ? t("event.move_bye", "Give {player} the bye", { player: named(chosen) })
      : t("event.move_bye_none", "Give a player the bye")),
    targetButton(screen, "move-new", draft.tables.length, chosen
      ? t("event.move_new", "Seat {player} at a new table {n}", { player: named(chosen),
        n: draft.tables.length + 1 })
      : t("event.move_new_none", "Seat a player at a new table")));
}

/** A refusal in the referee's words: its sentence, and each field it names (a request the
 * schema refuses). */
function problemOf(failure) {
  if (!(failure instanceof ApiError)) return failure;
  const errors = failure.problem.errors;
  if (!errors) return failure;
  const lines = [];
  const walk = (value, at) => {
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) {
      lines.push(`${at}: ${value.join(" ")}`);
    } else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) walk(inner, at ? `${at}.${key}` : key);
    }
  };
  walk(errors, "");
  return new ApiError(failure.status, { ...failure.problem,
    detail: [failure.message, ...lines].join(" ") });
}

/**
 * The next round as the movement seats it, editable before it starts (E7), and the button that
 * starts it with the tables as they stand.
 * @param {Screen} screen
 */
export function seatingPanel(screen) {
  NAMES = screen.event.names || {};
  const round = screen.event.next.round;
  draftFor(round);
  const changed = !unchanged(round);
  const start = el("button", { type: "button", class: "primary big", id: "event-start" },
    t("event.start", "Start round {n}", { n: round.number }));
  start.addEventListener("click", async () => {
    start.disabled = true;
    const body = changed ? { tables: draft.tables.map((table) => ({ seats: table.seats,
      partnership: table.partnership && table.seats.length === 4 })) } : {};
    try {
      // If-Match: the version this screen shows (a round another screen started meanwhile
      // is 412, not a second round)
      const { data } = await api("POST", `/v1/events/${encodeURIComponent(screen.id)}/rounds`,
        body, { token: screen.token, version: screen.event.version });
      for (const table of data.tables) {
        screen.keepLinks(data.number, table.number, table.seat_tokens, null);
      }
      draft = null;
      screen.repaint();
    } catch (failure) {
      // the referee's sentence, by the button that asked (painted afresh: enabled again)
      const problem = problemOf(failure);
      draft.problem = problem instanceof ApiError ? problem.message
        : t("event.no_answer", "No answer from the referee: try again.");
      screen.repaint();
    }
  });
  const reset = el("button", { type: "button", id: "event-seating-reset" },
    t("event.seating_reset", "Back to the movement's seating"));
  reset.addEventListener("click", () => {
    draft = null;
    screen.repaint();
  });
  return el("section", { class: "panel", id: "event-seating" },
    el("h2", {}, t("event.next", "Next: round {n}", { n: round.number })),
    el("p", { class: "note" }, changed
      ? t("event.seating_changed", "Seated by you: the referee checks it when the round starts.")
      : t("event.seating_taps",
        "As the movement seats it. Tap a player, then another to swap them, a table or the bye.")),
    el("p", { class: "note", role: "status", id: "event-seating-status" }),
    ...draft.tables.map((table, i) => tableFieldset(screen, table, i)),
    byesFieldset(screen), start,
    draft.problem ? el("p", { class: "error", role: "alert", id: "event-seating-problem" },
      draft.problem) : null,
    changed ? reset : null);
}

/**
 * New links for table `table` of round `round`: every seat's and the table's phone's (its
 * match's tokens replaced), or one player's seat only; the old ones stop working.
 * @param {Screen} screen
 */
export function lostLinks(screen, round, table) {
  NAMES = screen.event.names || {};
  const ask = async (button, players) => {
    button.disabled = true;
    try {
      const { data } = await api("POST", `/v1/events/${encodeURIComponent(screen.id)}/rounds/`
        + `${round}/tables/${table.number}/links`, players ? { players } : {},
        { token: screen.token, version: screen.event.version });
      const phone = data.tokens.write ? `/table/#match=${encodeURIComponent(data.match_id)}`
        + `&token=${encodeURIComponent(data.tokens.write)}` : null;
      screen.keepLinks(round, table.number, data.seat_tokens, phone);
      screen.repaint();
    } catch (failure) {
      button.disabled = false;
      screen.refused(failure);
    }
  };
  const all = el("button", { type: "button", class: "event-relink" },
    t("event.relink", "New links for table {n}", { n: table.number }));
  all.addEventListener("click", () => ask(all, null));
  const key = `${round}/${table.number}`;
  const details = el("details", { class: "event-lost", open: opened.has(key) },
    el("summary", {}, t("event.lost", "A phone lost its link?")),
    el("p", { class: "note" }, t("event.lost_note",
      "New links replace the old ones, which stop working.")),
    all, ...table.seats.map((player) => {
      const one = el("button", { type: "button", class: "event-relink-seat" },
        t("event.relink_seat", "New link for {player}", { player: named(player) }));
      one.addEventListener("click", () => ask(one, [player]));
      return one;
    }));
  details.addEventListener("toggle", () => {
    if (details.open) opened.add(key); else opened.delete(key);
  });
  return details;
}
