// @ts-check
/* The organiser's seating and links at a club night (docs/events.md E3, E7, "Lost links"):
 *
 *   seatingPanel  the next round as the movement seats it, laid out as tables: each seat a
 *                 select of every present player (choosing one swaps the two, or seats a
 *                 player who had the bye), each player on the bye a select of the table to
 *                 join, a table of four's partnership; then "Start round n" with those
 *                 tables (the movement's own seating when nothing was changed)
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
  }
  return draft;
}

/** Whether the draft still is the movement's own seating. */
function unchanged(round) {
  const own = { tables: round.tables.map(editable), byes: round.byes };
  return JSON.stringify({ tables: draft.tables, byes: draft.byes }) === JSON.stringify(own);
}

/** Put `player` (seated elsewhere or on the bye) in seat `s` of table `i`; its occupant goes
 * where `player` was (a swap), or to the bye when `player` is "" (the seat is taken away). */
function seat(i, s, player) {
  draft.problem = "";
  const tables = draft.tables;
  const sitting = tables[i].seats[s];
  if (!player) {
    tables[i].seats.splice(s, 1);
    draft.byes.push(sitting);
  } else {
    const at = tables.findIndex((table) => table.seats.includes(player));
    if (at >= 0) {
      tables[at].seats[tables[at].seats.indexOf(player)] = sitting;
    } else {
      draft.byes[draft.byes.indexOf(player)] = sitting;
    }
    tables[i].seats[s] = player;
  }
  draft.tables = tables.filter((table) => table.seats.length > 0);
}

/** Seat a player who has the bye at table `i` (the last seat), or at a new lowest table. */
function join(player, i) {
  draft.problem = "";
  draft.byes = draft.byes.filter((p) => p !== player);
  if (i < draft.tables.length) {
    draft.tables[i].seats.push(player);
  } else {
    draft.tables.push({ seats: [player], partnership: false });
  }
}

/** Every player the draft seats or gives the bye, in the order they appear. */
function everyone() {
  return [...draft.tables.flatMap((table) => table.seats), ...draft.byes];
}

/** The select of seat `s` at table `i`: every player, and "the bye". */
function seatSelect(screen, i, s) {
  const id = `seat-${i + 1}-${s + 1}`;
  const sitting = draft.tables[i].seats[s];
  const select = el("select", { id, "data-table": String(i + 1), "data-seat": String(s + 1) },
    ...everyone().map((player) => el("option", { value: player, selected: player === sitting },
      player)),
    el("option", { value: "" }, t("event.seat_bye", "— the bye —")));
  select.addEventListener("change", () => {
    seat(i, s, select.value);
    screen.repaint();
    const again = document.getElementById(id);
    if (again) again.focus();  // the keyboard stays where it was
  });
  return el("li", {}, el("label", { for: id }, t("event.seat", "Seat {n}", { n: s + 1 })),
    " ", select);
}

/** One table of the draft: a group of its seats' selects, and a table of four's partnership
 * (Pitch). */
function tableFieldset(screen, table, i) {
  const partners = screen.event.game === "pitch" && table.seats.length === 4;
  const box = el("input", { type: "checkbox", id: `partners-${i + 1}`,
    checked: partners && table.partnership });
  box.addEventListener("change", () => {
    table.partnership = box.checked;
    draft.problem = "";
    screen.repaint();
  });
  return el("fieldset", { class: "event-seating-table", "data-table": String(i + 1) },
    el("legend", {}, t("event.table", "Table {n}", { n: i + 1 })),
    el("ol", { class: "event-seating-seats" },
      ...table.seats.map((_, s) => seatSelect(screen, i, s))),
    partners ? el("label", { class: "check" }, box, " ",
      t("event.partners_opposite", "Partners sit opposite (seats 1 and 3)")) : null);
}

/** The players on the bye, each with the table they could join. */
function byesList(screen) {
  if (!draft.byes.length) return null;
  return el("ul", { class: "event-seating-byes" }, ...draft.byes.map((player, b) => {
    const id = `bye-${b + 1}`;
    const select = el("select", { id },
      el("option", { value: "" }, t("event.bye_keep", "keeps the bye")),
      ...draft.tables.map((_, i) => el("option", { value: String(i) },
        t("event.table", "Table {n}", { n: i + 1 }))),
      el("option", { value: String(draft.tables.length) },
        t("event.table_new", "A new table {n}", { n: draft.tables.length + 1 })));
    select.addEventListener("change", () => {
      if (select.value === "") return;
      join(player, Number(select.value));
      screen.repaint();
    });
    return el("li", {}, el("label", { for: id },
      t("event.bye_player", "{player} (bye)", { player })), " ", select);
  }));
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
      : t("event.seating_movement",
        "As the movement seats it. Change any seat to swap two players.")),
    ...draft.tables.map((table, i) => tableFieldset(screen, table, i)),
    byesList(screen), start,
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
        t("event.relink_seat", "New link for {player}", { player }));
      one.addEventListener("click", () => ask(one, [player]));
      return one;
    }));
  details.addEventListener("toggle", () => {
    if (details.open) opened.add(key); else opened.delete(key);
  });
  return details;
}
