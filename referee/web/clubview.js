// @ts-check
/* A club's players on the organiser's screen (docs/events.md E13), through the public
 * /v1/clubs and /v1/events APIs only: the club's list (add a member or a guest, rename one,
 * merge one person entered twice, remove a player — the name and member number erased), the
 * links to the club's statistics and to open the club on another phone (clubscreen.js), and the
 * night's check-in from it (by id: two Anns stay two) or of a guest who arrives.
 *
 * The club's tokens are kept on this phone (`referee.table.clubs`) when it creates the club.
 * Every write carries an Idempotency-Key (api.js) and If-Match: the club's version for the
 * club's list, the event's for a check-in. Text goes in as text (dom.js).
 */
import { api } from "./api.js";
import { el, fill } from "./dom.js";
import { t } from "./language.js";

const KEPT = "referee.table.clubs";
/** The club on screen: {id, club (as GET /v1/clubs/{id} answers), version, at (the event's
 * version it was read at)}. */
const C = { id: "", club: null, version: 0, at: -1 };

/** The clubs kept on this phone: [{id, name, organiser, read}]. */
export function keptClubs() {
  try {
    return JSON.parse(localStorage.getItem(KEPT) || "[]");
  } catch (error) {
    return [];
  }
}

/** What this phone keeps of club `id`, or an empty object. */
export function keptClub(id) {
  return keptClubs().find((c) => c.id === id) || {};
}

/** Keep (or update) what this phone knows of a club. */
export function keepClub(entry) {
  const rest = keptClubs().filter((c) => c.id !== entry.id);
  rest.unshift({ ...keptClub(entry.id), ...entry });
  try {
    localStorage.setItem(KEPT, JSON.stringify(rest.slice(0, 20)));
  } catch (error) {
    /* private mode: this screen still works until it is closed */
  }
}

/** The panel's text inputs: what is typed in them survives a repaint. */
const TYPED = ["club-guest-name", "club-add-name", "club-add-member", "club-rename-name",
  "club-rename-member", "club-rename-who", "club-merge-away", "club-merge-into"];

/** The club's players as last read on this screen, but for those merged away or removed
 * (a substitute is chosen among them, eventsubs.js); none before the club is read. */
export function clubPlayers(id) {
  return C.id === id && C.club ? C.club.players.filter((p) => !p.removed &&
    p.merged_into === null) : [];
}

/** The address that opens club `id` with `token` (clubscreen.js), on this page. */
export function clubLink(id, token) {
  return new URL(`#club=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`,
    location.href).href;
}

/** The value of input `id` in `root`, or "". */
function inputValue(root, id) {
  const input = root.querySelector("#" + id);
  return input ? /** @type {HTMLInputElement} */ (input).value : "";
}

/** Empty the inputs `ids` on the screen (a write they made went through). */
function clear(...ids) {
  for (const id of ids) {
    const input = document.getElementById(id);
    if (input) /** @type {HTMLInputElement} */ (input).value = "";
  }
}

/** The version an ETag names ("v12" → 12). */
function versionOf(etag) {
  const found = /v(\d+)/.exec(etag || "");
  return found ? Number(found[1]) : 0;
}

/** A club player's line: the name, and the member number or "guest". */
function who(player) {
  return player.member === null ? t("club.guest_of", "{name} (guest)", { name: player.name })
    : t("club.member_of", "{name} (no. {member})", { name: player.name,
      member: player.member });
}

/**
 * The club's panel on the organiser's screen of `event` (its `club` set): the players, each
 * checked in by id or not yet; the forms that add, merge and remove them and check a guest
 * in. `eventToken` writes to the event; `refused(error)` shows a refusal; `changed()` reads
 * the event again after a change to the club alone (the names it shows); `repaint()`
 * paints the screen again when the club's players read differ from those last read (the
 * substitutes offered, eventsubs.js). The club is read again when the event moved on (a
 * guest added at check-in is the club's too).
 */
export function clubPanel(event, eventToken, refused, changed, repaint) {
  const panel = el("section", { class: "panel", id: "club-panel", "aria-live": "polite" });
  const token = keptClub(event.club).organiser;
  if (!token) {
    fill(panel, el("p", { class: "note" }, t("club.no_key",
      "This phone has no key to the club's list: check players in by their id.")));
    return panel;
  }
  const draw = () => {
    const typed = TYPED.map((id) => [id, inputValue(document, id)]);
    fill(panel, ...contents(event, eventToken, token, refused, reload, changed));
    for (const [id, value] of typed) {  // a name being typed survives the club read again
      const input = panel.querySelector("#" + id);
      // a choice survives too, while its player is still listed
      if (input && value && (input.tagName !== "SELECT" ||
        input.querySelector(`option[value="${CSS.escape(value)}"]`))) {
        /** @type {HTMLInputElement} */ (input).value = value;
      }
    }
  };
  /** Read the club again; `written`: after a write of this panel, which reads the event
   * again itself (changed()) or follows its stream. */
  const reload = async (written) => {
    try {
      const { data, etag } = await api("GET", `/v1/clubs/${encodeURIComponent(event.club)}`,
        undefined, { token });
      const before = JSON.stringify(clubPlayers(event.club));
      Object.assign(C, { id: event.club, club: data, version: versionOf(etag),
        at: event.version });
      if (!written && repaint && before !== JSON.stringify(clubPlayers(event.club))) repaint();
      else draw();
    } catch (failure) {
      refused(failure);
    }
  };
  if (C.id === event.club && C.club && C.at === event.version) draw();
  else {
    if (C.id === event.club && C.club) draw();  // as last read, until read again
    reload();
  }
  return panel;
}

/** The panel's parts: the list with each player's check-in, the forms and the links. */
function contents(event, eventToken, token, refused, reload, changed) {
  const club = C.club;
  if (!club) return [el("p", { class: "note" }, t("club.loading", "Reading the club…"))];
  const live = club.players.filter((p) => !p.removed && p.merged_into === null);
  const present = new Set(event.roster.filter((e) => e.left === null).map((e) => e.player));
  const eventPath = `/v1/events/${encodeURIComponent(event.id)}`;
  const clubPath = `/v1/clubs/${encodeURIComponent(club.id)}`;
  /** A write to `path` (the event's when `asEvent`, else the club's), sending a body, then
   * the club read again; a refusal shown. */
  const write = (path, asEvent) => async (body) => {
    try {
      await api("POST", path, body, asEvent ? { token: eventToken, version: event.version }
        : { token, version: C.version });
    } catch (failure) {
      refused(failure);
      return false;
    }
    await reload(true);
    if (!asEvent) changed();  // the event's stream follows its own changes, not the club's
    return true;
  };
  const rows = live.map((player) => el("li", { "data-player": player.id },
    el("span", { class: "club-who" }, who(player)), " ",
    present.has(player.id)
      ? el("span", { class: "note" }, t("club.here", "checked in"))
      : el("button", { type: "button", class: "club-check-in",
        onclick: () => write(eventPath + "/players", true)({ players: [player.id] }) },
      t("club.check_in", "Check {name} in", { name: player.name })),
    el("details", { class: "club-remove" },
      el("summary", {}, t("club.remove", "Remove…")),
      el("p", {}, t("club.remove_what",
        "Erases the name and the member number for good; the results stay, with no name.")),
      el("button", { type: "button", class: "warn",
        onclick: () => write(`${clubPath}/players/${encodeURIComponent(player.id)}/remove`,
          false)({}) }, t("club.remove_now", "Erase {name}", { name: player.name })))));
  return [
    el("h2", {}, t("club.players", "{club}: players ({n})", { club: club.name,
      n: live.length })),
    el("ul", { class: "club-players", id: "club-players" }, ...rows),
    guestForm(write(eventPath + "/players", true)),
    addForm(write(clubPath + "/players", false)),
    live.length ? renameForm(live, clubPath, write) : null,
    live.length > 1 ? mergeForm(live, clubPath, write) : null,
    clubLinks(club.id, token),
  ];
}

/** A labelled text input. */
function field(id, label, attrs) {
  const input = el("input", { id, maxlength: "40", ...(attrs || {}) });
  return [input, el("label", { for: id }, label)];
}

/** "A guest who arrives": added to the club as a guest and checked in (E13). */
function guestForm(writer) {
  const [name, label] = field("club-guest-name", t("club.guest", "A guest who arrives"),
    { required: true });
  const form = el("form", { id: "club-guest", autocomplete: "off" }, label, name,
    el("button", { type: "submit" }, t("club.check_in_guest", "Check the guest in")));
  form.addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    writer({ guests: [name.value.trim()] }).then((done) => done && clear("club-guest-name"));
  });
  return form;
}

/** A member (with a member number) or a guest (none) added to the club's list. */
function addForm(writer) {
  const [name, nameLabel] = field("club-add-name", t("club.add_name", "Name"),
    { required: true });
  const [member, memberLabel] = field("club-add-member",
    t("club.add_member", "Member number (none for a guest)"), { maxlength: "20" });
  const form = el("form", { id: "club-add", autocomplete: "off" },
    el("h3", {}, t("club.add", "Add to the club")), nameLabel, name, memberLabel, member,
    el("button", { type: "submit" }, t("club.add_button", "Add")));
  form.addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    writer({ name: name.value.trim(), member: member.value.trim() || null })
      .then((done) => done && clear("club-add-name", "club-add-member"));
  });
  return form;
}

/** One person entered twice: merge the first into the second (E13). */
function mergeForm(live, clubPath, write) {
  const choices = (id, label) => {
    const select = el("select", { id }, ...live.map((p) => el("option", { value: p.id },
      who(p))));
    return [select, el("label", { for: id }, label)];
  };
  const [away, awayLabel] = choices("club-merge-away", t("club.merge_away", "This entry"));
  const [into, intoLabel] = choices("club-merge-into",
    t("club.merge_into", "is the same person as"));
  /** @type {HTMLSelectElement} */ (into).selectedIndex = 1;
  const form = el("form", { id: "club-merge", autocomplete: "off" },
    el("h3", {}, t("club.merge", "One person entered twice")), awayLabel, away, intoLabel,
    into, el("button", { type: "submit" }, t("club.merge_button", "Merge")));
  form.addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    const from = /** @type {HTMLSelectElement} */ (away).value;
    const to = /** @type {HTMLSelectElement} */ (into).value;
    write(`${clubPath}/players/${encodeURIComponent(from)}/merge`, false)({ into: to });
  });
  return form;
}

/** A player's new name and member number (none: a guest); the id and its results stay
 * (E13). */
function renameForm(live, clubPath, write) {
  const select = el("select", { id: "club-rename-who" }, ...live.map((p) =>
    el("option", { value: p.id }, who(p))));
  const [name, nameLabel] = field("club-rename-name", t("club.rename_name", "New name"),
    { required: true });
  const [member, memberLabel] = field("club-rename-member",
    t("club.add_member", "Member number (none for a guest)"), { maxlength: "20" });
  const form = el("form", { id: "club-rename", autocomplete: "off" },
    el("h3", {}, t("club.rename", "Rename a player")),
    el("label", { for: "club-rename-who" }, t("club.rename_who", "Player")), select,
    nameLabel, name, memberLabel, member,
    el("button", { type: "submit" }, t("club.rename_button", "Rename")));
  form.addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    const id = /** @type {HTMLSelectElement} */ (select).value;
    write(`${clubPath}/players/${encodeURIComponent(id)}/rename`, false)({
      name: /** @type {HTMLInputElement} */ (name).value.trim(),
      member: /** @type {HTMLInputElement} */ (member).value.trim() || null,
    }).then((done) => done && clear("club-rename-name", "club-rename-member"));
  });
  return form;
}

/** The club's statistics over its events, and its links to hand to another phone: the
 * organiser's (every change to the list) and the read link (its players and statistics). */
function clubLinks(id, token) {
  const read = keptClub(id).read;
  return el("div", { class: "club-links" },
    el("p", {}, el("a", { id: "club-stats-link", href: `#club=${encodeURIComponent(id)}` +
      "&view=statistics" }, t("club.statistics", "The club's statistics, all its nights"))),
    el("details", {},
      el("summary", {}, t("club.links", "Open the club on another phone")),
      el("ul", { class: "event-seats" },
        el("li", {}, el("a", { id: "club-organiser-link", href: clubLink(id, token) },
          t("club.organiser_link", "The organiser's link (changes the list)"))),
        read ? el("li", {}, el("a", { id: "club-read-link", href: clubLink(id, read) },
          t("club.read_link", "The read link (players and statistics)"))) : null)));
}
