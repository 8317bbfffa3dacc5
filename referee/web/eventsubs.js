// @ts-check
/* A substitute takes a seat (docs/events.md E14), on the organiser's screen, through the
 * public API only (POST /v1/events/{id}/seats:substitute): under each table of the current
 * round still being played, "A substitute for <player>", the substitute chosen among the
 * club's players (clubview.js) or typed (a guest at a club's night, added to its list; a
 * name at a night of no club). The referee checks who may sit (present or checked in, at no
 * table of the round) and answers a refusal in its words, shown on the screen.
 *
 * What is chosen and typed survives the screen painted again (every entry at every table
 * repaints it). The write carries an Idempotency-Key (api.js) and the event's version as
 * If-Match.
 */
import { api } from "./api.js";
import { clubPlayers } from "./clubview.js";
import { el } from "./dom.js";
import { t } from "./language.js";

/** Per table ("round/table"): open or not, the seat, the club player chosen, the name typed. */
const drafts = new Map();

/** The draft of table `key`, made when first asked. */
function draftOf(key) {
  if (!drafts.has(key)) drafts.set(key, { open: false, seat: "0", who: "", typed: "" });
  return drafts.get(key);
}

/**
 * The form under table `table` of round `round` that seats a substitute (E14): `screen` as
 * eventseats.js's panels have it (the event, its token, refused(), repaint()); `nameOf`
 * names a player's key. Nothing for a finished table (its seats cannot change hands).
 */
export function substituteForm(screen, round, table, nameOf) {
  if (table.finished) return null;
  const key = `${round}/${table.number}`;
  const draft = draftOf(key);
  const id = (part) => `event-sub-${table.number}-${part}`;
  const seat = el("select", { id: id("seat") }, ...table.seats.map((player, i) =>
    el("option", { value: String(i) }, t("event.sub_for", "A substitute for {player}",
      { player: nameOf(player) }))));
  /** @type {HTMLSelectElement} */ (seat).value = draft.seat;
  seat.addEventListener("change", () => {
    draft.seat = /** @type {HTMLSelectElement} */ (seat).value;
  });
  const club = screen.event.club;
  const seated = new Set(table.seats);
  const choices = club ? clubPlayers(club).filter((p) => !seated.has(p.id)) : [];
  const who = choices.length ? el("select", { id: id("who") },
    el("option", { value: "" }, t("event.sub_guest", "A guest (type the name)")),
    ...choices.map((p) => el("option", { value: p.id }, p.name))) : null;
  if (who) {
    /** @type {HTMLSelectElement} */ (who).value = draft.who;
    who.addEventListener("change", () => {
      draft.who = /** @type {HTMLSelectElement} */ (who).value;
    });
  }
  const name = el("input", { id: id("name"), maxlength: "40", autocomplete: "off" });
  /** @type {HTMLInputElement} */ (name).value = draft.typed;
  name.addEventListener("input", () => {
    draft.typed = /** @type {HTMLInputElement} */ (name).value;
  });
  const go = el("button", { type: "submit", class: "event-sub-go" },
    t("event.sub_go", "Seat the substitute"));
  const form = el("form", { class: "event-sub-form" },
    el("label", { for: id("seat") }, t("event.sub_seat", "Seat")), seat,
    who ? el("label", { for: id("who") }, t("event.sub_who", "Who sits down")) : null, who,
    el("label", { for: id("name") }, club ? t("event.sub_name_guest", "Or a guest's name")
      : t("event.sub_name", "The substitute's name")), name, go);
  form.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    const body = { table: table.number, seat: Number(draft.seat) };
    const typed = draft.typed.trim();
    if (draft.who) body.player = draft.who;
    else if (!typed) {
      name.focus();
      return;
    } else if (club) body.guest = typed;
    else body.player = typed;
    go.disabled = true;
    try {
      await api("POST", `/v1/events/${encodeURIComponent(screen.id)}/seats:substitute`, body,
        { token: screen.token, version: screen.event.version });
      drafts.delete(key);  // done: closed, and emptied (the stream paints the new seat)
      screen.repaint();
    } catch (failure) {
      go.disabled = false;
      screen.refused(failure);
    }
  });
  const details = el("details", { class: "event-sub", open: draft.open },
    el("summary", {}, t("event.sub", "A substitute takes a seat?")), form);
  details.addEventListener("toggle", () => {
    draft.open = /** @type {HTMLDetailsElement} */ (details).open;
  });
  return details;
}
