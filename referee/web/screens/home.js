// @ts-check
/* Home: start a match, or reopen one kept on this phone. */
import { $, $$, el, fill } from "../dom.js";
import { LOCALES, t } from "../language.js";
import { saveMatch, savedMatches } from "../store.js";
import { initOpenRecord } from "./records.js";

/** Show the home screen, with `error` (a sentence) if given. */
export function showHome(error) {
  $("#home").hidden = false;
  $("#match").hidden = true;
  document.title = t("title", "referee — the table");
  const form = $("#new-match");
  if (!$("#players").children.length) {
    setGame("piquet");
  }
  const err = $("#new-error");
  err.hidden = !error;
  err.textContent = error || "";
  const seen = new Set();
  const list = savedMatches().filter((m) => m.id && !seen.has(m.id) && seen.add(m.id));
  $("#saved").hidden = !list.length;
  const ul = $("#saved-list");
  fill(ul, ...list.map((m) => el("li", {},
    el("a", { href: "#match=" + encodeURIComponent(m.id) },
      `${m.game === "pitch" ? "Pitch" : "Piquet"}: ${(m.players || []).join(", ") || m.id}`,
      el("small", {}, (m.finished ? "finished" : m.write ? "recording" : "watching") +
        " · last opened " + new Date(m.at).toLocaleString())))));
  form.hidden = false;
}

function playerInputs() {
  return $$("#players input").map((i) => i.value.trim());
}

function setGame(game) {
  const ol = $("#players");
  const count = game === "piquet" ? 2 : Math.max(3, Math.min(7, ol.children.length || 3));
  const names = playerInputs();
  fill(ol);
  for (let i = 0; i < count; i++) addPlayerRow(names[i] || "");
  $("#add-player").hidden = game === "piquet";
  $("#players-hint").textContent = game === "piquet"
    ? t("home.second_deals", "(the second player deals first unless you choose)")
    : t("home.clockwise", "in seating order, clockwise");
  for (const fs of $$("fieldset.options")) fs.hidden = fs.dataset.game !== game;
  updateDealerChoices();
}

function addPlayerRow(value) {
  const ol = $("#players");
  const n = ol.children.length + 1;
  const input = el("input", {
    name: "player", maxlength: 40, required: true, value: value || "",
    placeholder: t("home.player_n", "Player {n}", { n }), "aria-label": t("home.player_n", "Player {n}", { n }), autocapitalize: "words",
    oninput: updateDealerChoices,
  });
  const game = $("#new-match").game.value;
  const remove = game === "pitch" ? el("button", {
    type: "button", class: "small", "aria-label": t("home.remove_player", "Remove this player"), text: "✕",
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
  const names = playerInputs().map((n, i) => n || t("home.player_n", "Player {n}", { n: i + 1 }));
  for (const [id, preferred] of [["#piquet-first-dealer", 1], ["#pitch-first-dealer", 0]]) {
    const select = $(id);
    const before = select.selectedIndex;
    fill(select, ...names.map((n, i) => el("option", { value: i }, n)));
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
    err.textContent = t("home.names", "Give every player a name.");
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
    if (form.variant.value !== "four_point") options.variant = form.variant.value; // V12
    options.target = Number(form.target.value);
    options.low = form.low.value;
    if (form.partnership.checked) options.partnership = true;
    if (form.dataset.house) { // V13: the house rules the table changed from the game's
      const { houseOptions } = await import("./house.js");
      Object.assign(options, houseOptions(form, form.variant.value));
    }
  }
  if (form.language.value) options.language = form.language.value;
  const submit = form.querySelector("button[type=submit]");
  submit.disabled = true;
  document.body.dataset.busy = "true";
  // The API client and the refusals in words, only now: the home screen is drawn without
  // waiting for them (index.html has already asked for both).
  /** @type {(error: *) => string} */
  let problemText = (error) => String((error && error.message) ||
    t("home.no_answer", "No answer from the referee."));
  try {
    const [{ api }, messages] = await Promise.all([import("../api.js"),
      import("../messages.js")]);
    problemText = messages.problemText;
    const { data } = await api("POST", "/v1/matches", { game, players, options },
      { token: null });
    saveMatch({ id: data.id, game, players, write: data.tokens.write, read: data.tokens.read });
    location.hash = "match=" + encodeURIComponent(data.id);
  } catch (error) {
    err.textContent = problemText(error);
    err.hidden = false;
  } finally {
    submit.disabled = false;
    document.body.dataset.busy = "false";
  }
}

/** Each Pitch game's target and Low rule (V12), as the referee fills them. */
const PRESETS = {
  four_point: [7, "captor"], five_point: [15, "captor"], five_point_joker: [10, "holder"],
  six_point: [15, "captor"], seven_point: [21, "holder"], nine_point: [31, "captor"],
  ten_point: [52, "holder"], eleven_point: [52, "holder"], thirteen_point: [52, "holder"],
};

/**
 * Fill the house rules from the chosen game's preset (screens/house.js, loaded now).
 * @param {HTMLFormElement} form
 */
async function showHouse(form) {
  const { fillHouse } = await import("./house.js");
  if (form.dataset.house !== form.variant.value) fillHouse(form, form.variant.value);
}

/** Wire the new-match form (once, at boot). */
export function initHome() {
  const form = $("#new-match");
  // The table's language: none (each phone its own), or one every phone then reads.
  fill($("#table-language"), el("option", { value: "" }, t("home.each_phone", "each phone's own")),
    ...Object.entries(LOCALES).map(([code, name]) => el("option", { value: code, lang: code },
      name)));
  form.addEventListener("submit", createMatch);
  // V12: a game's target and Low rule as its preset has them (the table may change them).
  form.variant.addEventListener("change", () => {
    const [target, low] = PRESETS[form.variant.value] || PRESETS.four_point;
    form.target.value = String(target);
    form.low.value = low;
    if (form.dataset.house) showHouse(form);
  });
  // V13: the house rules, filled from the game's preset when first opened.
  $("#house-rules").addEventListener("toggle", (event) => {
    if (/** @type {HTMLDetailsElement} */ (event.target).open) showHouse(form);
  });
  initOpenRecord();
  for (const radio of $$('input[name="game"]', form)) {
    radio.addEventListener("change", () => setGame(radio.value));
  }
  $("#add-player").addEventListener("click", () => {
    if ($("#players").children.length < 7) {
      addPlayerRow("");
      updateDealerChoices();
    }
  });
}
