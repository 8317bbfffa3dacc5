// @ts-check
/* A club night's statistics per player (docs/events.md E12), from the API only
 * (GET /v1/events/{id}/statistics): a card per player with its figures and small charts
 * drawn here as SVG (each with its <title> and <desc>; text as text nodes), and the
 * statistics downloaded as CSV or as a statistics file (docs/format.md).
 */
import { api, ApiError } from "./api.js";
import { el } from "./dom.js";
import { locale, t, tn } from "./language.js";

const NS = "http://www.w3.org/2000/svg";
/** The bars' colours: made / won (green), set / lost (red), drawn and the rest (blue). */
const MADE = "#15803d";
const SET = "#b91c1c";
const OTHER = "#1d4ed8";
/** Text in the colour of the text around (light or dark). */
const INK = "currentColor";

let serial = 0;

/**
 * A small horizontal bar chart: one row per bar, its label on the left, its parts stacked,
 * its value in words on the right, in a <figure> captioned `title`. `bars`: [{label, parts: [[value, colour]], text}];
 * `max`: the scale's end (at least 1). The chart is one image for a screen reader: its
 * <title> and a <desc> that says every bar.
 */
export function barChart(title, bars, max) {
  const id = `stats-chart-${++serial}`;
  const W = 300;
  const row = 24;
  const label = 92;
  const value = 96;
  const H = bars.length * row + 4;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("class", "stats-chart");
  svg.setAttribute("aria-labelledby", `${id}-title ${id}-desc`);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  add("title", { id: `${id}-title` }, title);
  add("desc", { id: `${id}-desc` }, bars.map((bar) => `${bar.label}: ${bar.text}`).join("; "));
  const span = W - label - value;
  const scale = Math.max(1, max);
  bars.forEach((bar, i) => {
    const y = 2 + i * row;
    add("text", { x: label - 6, y: y + 15, "text-anchor": "end", "font-size": 13, fill: INK },
      bar.label);
    let x = label;
    for (const [amount, colour] of bar.parts) {
      const width = (amount * span) / scale;
      if (width > 0) add("rect", { x, y: y + 3, width, height: row - 8, fill: colour });
      x += width;
    }
    add("text", { x: W - value + 6, y: y + 15, "font-size": 13, fill: INK }, bar.text);
  });
  return el("figure", { class: "stats-figure" }, el("figcaption", {}, title), svg);
}

/** "12.50" or "–" when there is none yet. */
function per(value) {
  return value === null || value === undefined ? "–"
    : new Intl.NumberFormat(locale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      .format(value);
}

/** Each player's key → the name shown (E13: a club's ids), for the cards being made. */
let NAMES = {};

/** The name shown for a player's key: a club's id by its name, a removed one as such. */
function nameOf(key) {
  if (!(key in NAMES)) return key;
  return NAMES[key] === null ? t("event.removed", "(removed)") : NAMES[key];
}

/** One Pitch player's card: hands, points per hand, bids by level, the points taken. */
function pitchCard(line) {
  const bids = line.bids.map((bid) => ({
    label: bid.level === null ? t("stats.bid_unknown", "Bid not written")
      : t("stats.bid_level", "Bid {level}", { level: bid.level }),
    parts: [[bid.made, MADE], [bid.set, SET]],
    text: t("stats.made_set", "{made} made, {set} set", { made: bid.made, set: bid.set }),
  }));
  const most = Math.max(1, ...line.bids.map((bid) => bid.made + bid.set));
  const points = [["high", t("house.point.high", "High")], ["low", t("house.point.low", "Low")],
    ["jack", t("house.point.jack", "Jack")], ["game", t("house.point.game", "Game")]]
    .map(([key, name]) => ({ label: name, parts: [[line[key], OTHER]],
      text: t("stats.of", "{n} of {total}", { n: line[key], total: line.awards_hands }) }));
  return el("li", { class: "panel stats-card", "data-player": line.player },
    el("h3", {}, nameOf(line.player)),
    el("p", { class: "stats-figures" }, tn("stats.hands", "{hands} hand", "{hands} hands", line.hands,
      { hands: line.hands }) + t("stats.per_hand", ", points per hand: {points}",
      { points: per(line.points_per_hand) })),
    bids.length ? barChart(t("stats.bids", "Bids made and set, by level"), bids, most)
      : el("p", { class: "note" }, t("stats.no_bids", "No bid yet.")),
    barChart(t("stats.taken", "How often the side took each point"), points,
      line.awards_hands));
}

/** One Piquet player's card: parties, rubicons, points per deal, piques and the rest. */
function piquetCard(line) {
  const parties = [
    { label: t("stats.won", "Won"), parts: [[line.won, MADE]], text: String(line.won) },
    { label: t("stats.lost", "Lost"), parts: [[line.lost, SET]], text: String(line.lost) },
    { label: t("stats.drawn", "Drawn"), parts: [[line.drawn, OTHER]],
      text: String(line.drawn) },
  ];
  const feats = [
    [t("stats.piques", "Piques"), line.piques],
    [t("stats.repiques", "Repiques"), line.repiques],
    [t("stats.capots", "Capots"), line.capots],
  ].map(([name, n]) => ({ label: name, parts: [[n, OTHER]],
    text: t("stats.of", "{n} of {total}", { n, total: line.detailed_deals }) }));
  return el("li", { class: "panel stats-card", "data-player": line.player },
    el("h3", {}, nameOf(line.player)),
    el("p", { class: "stats-figures" }, tn("stats.deals", "{deals} deal", "{deals} deals", line.deals,
      { deals: line.deals }) + t("stats.per_deal", ", points per deal: {points}",
      { points: per(line.points_per_deal) })),
    el("p", { class: "stats-figures" }, t("stats.rubicons",
      "Rubicons: {given} given, {taken} taken",
      { given: line.rubicons_given, taken: line.rubicons_taken })),
    barChart(t("stats.parties", "Parties"), parties, line.parties),
    barChart(t("stats.feats", "Piques, repiques and capots"), feats,
      Math.max(1, line.piques, line.repiques, line.capots)));
}

/**
 * A button that downloads the statistics of `of` (`{ club }` or `{ event }`: its id; GET
 * …/statistics read with `token`) in `format` ("csv", "toml", then `query`) as `file`; `id`
 * names the button, `words` labels it, `type` is the file's media type.
 */
export function downloadButton({ of, query = "", token, format, file, id, words, type }) {
  const button = el("button", { type: "button", class: "stats-download", id }, words);
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const asked = `?format=${format}${query}`;
      const { data } = await (of.club
        ? api("GET", `/v1/clubs/${encodeURIComponent(of.club)}/statistics${asked}`,
          undefined, { token })
        : api("GET", `/v1/events/${encodeURIComponent(of.event)}/statistics${asked}`,
          undefined, { token }));
      const url = URL.createObjectURL(new Blob([String(data)], { type }));
      const link = el("a", { href: url, download: file, hidden: true });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (failure) {
      const note = document.getElementById("event-stats-note");
      if (note) {
        note.textContent = failure instanceof ApiError ? failure.message
          : t("event.no_answer", "No answer from the referee: try again.");
      }
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

/** The two downloads (CSV, the statistics file) of the statistics of `of` (`{ club }` or
 * `{ event }`); `name` ends the files' names and `prefix` the buttons' ids; `query` narrows
 * the download. */
export function downloads(of, token, name, prefix, query = "") {
  return el("p", { class: "stats-downloads" },
    downloadButton({ of, query, token, format: "csv", file: `statistics-${name}.csv`,
      id: `${prefix}-csv`, words: t("stats.csv", "Download as CSV"), type: "text/csv" }), " ",
    downloadButton({ of, query, token, format: "toml", file: `statistics-${name}.toml`,
      id: `${prefix}-toml`, words: t("stats.file", "Download the statistics file"),
      type: "application/toml" }));
}

/**
 * A card per player of `game` ("pitch" or "piquet") from its statistics `lines` (as
 * GET …/statistics answers them, an event's or a club's), each named by `names` (each
 * player's key → the name shown, E13); null when none of them has played a deal yet.
 */
export function playerCards(game, lines, names) {
  NAMES = names || {};
  if (!lines.some((line) => (line.hands || line.deals || 0) > 0)) return null;
  return el("ul", { class: "stats-cards", "data-game": game }, ...lines.map((line) =>
    game === "piquet" ? piquetCard(line) : pitchCard(line)));
}

/**
 * The statistics screen's section for event `id` read with `token`, read now from the API;
 * `back`: the address of the event's screen; `names`: each player's key → the name to show
 * (the event's `names`, E13).
 */
export async function statisticsSection(id, token, back, names) {
  let stats;
  try {
    ({ data: stats } = await api("GET", `/v1/events/${encodeURIComponent(id)}/statistics`,
      undefined, { token }));
  } catch (failure) {
    return el("p", { class: "error", role: "alert", id: "event-message" },
      failure instanceof ApiError ? failure.message
        : t("event.no_answer", "No answer from the referee: try again."));
  }
  const lines = stats.game === "piquet" ? stats.piquet : stats.pitch;
  return el("section", { id: "event-statistics" },
    el("p", {}, el("a", { href: back, id: "event-stats-back" }, t("stats.back", "Back to the event"))),
    el("h2", {}, t("stats.title", "Statistics per player")),
    playerCards(stats.game, lines, names) ||
      el("p", { class: "note" }, t("stats.none", "No game has been played yet.")),
    downloads({ event: id }, token, id, "event-stats"),
    el("p", { class: "note", role: "status", id: "event-stats-note" }));
}
