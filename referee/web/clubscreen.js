// @ts-check
/* A club's own screen (docs/events.md E13), through the public /v1/clubs API only:
 *
 *   #club=<id>&token=<token>    a club's link opened on another phone: the token is kept on
 *                               this phone once the referee accepts it (the organiser's, or
 *                               the read token's "ro_…"), as a club created here is kept
 *   #club=<id>                  the club's players, its nights and the link to its statistics
 *   …&view=statistics           each player's statistics over all the club's nights (E12),
 *                               the event's cards and charts (eventstats.js)
 *
 * It shows in the event's section of the page. Nothing here writes: the organiser's list
 * is worked on a club night's screen (clubview.js). Text goes in as text (dom.js).
 */
import { api, ApiError } from "./api.js";
import { keepClub, keptClub } from "./clubview.js";
import { $, el, fill } from "./dom.js";
import { downloads, playerCards } from "./eventstats.js";
import { showEventSection } from "./eventview.js";
import { t } from "./language.js";

/** The club asked last: a slower answer to an earlier one is not painted over it. */
let asked = "";

/** Leave the club's screen (the router opens another). */
export function closeClub() {
  asked = "";
  $("#event").hidden = true;
}

/** A refusal, or no answer, in the screen's message line. */
function trouble(failure) {
  return el("p", { class: "error", role: "alert", id: "event-message" },
    failure instanceof ApiError ? failure.message
      : t("event.no_answer", "No answer from the referee: try again."));
}

/** Open the club of the address's `params` (see the module's docstring). */
export async function openClub(params) {
  const id = params.get("club") || "";
  const linked = params.get("token") || "";
  const statistics = params.get("view") === "statistics";
  const mine = keptClub(id);
  const token = linked || mine.organiser || mine.read;
  const key = location.hash;
  asked = key;
  showEventSection(t("club.title", "Club"), false); // the club shows in the event's section
  fill($("#event-body"), el("p", { class: "note", role: "status" },
    t("club.loading", "Reading the club…")));
  if (!token) {
    fill($("#event-body"), el("p", { class: "error", role: "alert" }, t("club.no_link",
      "This phone has no key to that club: open the link you were sent.")));
    return;
  }
  let club;
  try {
    ({ data: club } = await api("GET", `/v1/clubs/${encodeURIComponent(id)}`, undefined,
      { token }));
  } catch (failure) {
    if (asked === key) fill($("#event-body"), trouble(failure));
    return;
  }
  if (asked !== key) return;
  if (linked) {
    // accepted: kept as a club created here is (the create form offers it), out of the bar
    keepClub({ id, name: club.name, ...(linked.startsWith("ro_") ? { read: linked }
      : { organiser: linked }) });
    history.replaceState(null, "", `#club=${encodeURIComponent(id)}` +
      (statistics ? "&view=statistics" : ""));
  }
  showEventSection(club.name, false);
  if (statistics) {
    const section = await statisticsOf(id, token);
    if (asked === key) fill($("#event-body"), section);
    return;
  }
  fill($("#event-body"), clubSection(club));
}

/** The club's players (read only) and its nights, with the link to its statistics. */
function clubSection(club) {
  const live = club.players.filter((p) => !p.removed && p.merged_into === null);
  return el("section", { class: "panel", id: "club-screen" },
    el("p", {}, el("a", { id: "club-stats-link", href: `#club=${encodeURIComponent(club.id)}`
      + "&view=statistics" }, t("club.statistics", "The club's statistics, all its nights"))),
    el("h2", {}, t("club.players_of", "Players ({n})", { n: live.length })),
    el("ul", { class: "club-players", id: "club-players" }, ...live.map((p) =>
      el("li", { "data-player": p.id }, el("span", { class: "club-who" },
        p.member === null ? t("club.guest_of", "{name} (guest)", { name: p.name })
          : t("club.member_of", "{name} (no. {member})", { name: p.name,
            member: p.member }))))),
    el("p", {}, t("club.nights", "Nights: {n}", { n: club.events.length })),
    el("p", {}, el("a", { class: "button", href: "#event=new", id: "club-new-night" },
      t("event.new", "Run a club night"))));
}

/** Each player's statistics over the club's nights (GET /v1/clubs/{id}/statistics): the
 * event's cards (eventstats.js), a list per game the club played. */
async function statisticsOf(id, token) {
  let stats;
  try {
    ({ data: stats } = await api("GET", `/v1/clubs/${encodeURIComponent(id)}/statistics`,
      undefined, { token }));
  } catch (failure) {
    return trouble(failure);
  }
  const games = [["pitch", "Pitch"], ["piquet", "Piquet"]].map(([game, name]) => {
    const cards = playerCards(game, stats[game], stats.names);
    return cards ? [el("h3", {}, name), cards,
      downloads({ club: id }, token, `${id}-${game}`, `club-stats-${game}`, `&game=${game}`)]
      : [];
  }).flat();
  return el("section", { id: "event-statistics" },
    el("p", {}, el("a", { href: `#club=${encodeURIComponent(id)}`, id: "event-stats-back" },
      t("club.back", "Back to the club"))),
    el("h2", {}, t("club.stats_title", "Statistics per player, all the club's nights")),
    ...(games.length ? games
      : [el("p", { class: "note" }, t("stats.none", "No game has been played yet."))]),
    el("p", { class: "note", role: "status", id: "event-stats-note" }));
}
