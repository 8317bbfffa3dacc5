// @ts-check
/* The house rules of a new Pitch match (V13): every option of the game, filled from its
   preset (V12, rules.js pitchPreset) when the table opens them or picks another game; the
   match is created with only those the table changed (the referee fills the rest). Loaded
   when the house rules are first opened: the home screen does not wait for it. */
import { $$ } from "../dom.js";
import { pitchPreset } from "../rules.js";

/** The options chosen from a list (`<select>`), by their form names. */
const CHOICES = ["play", "first_lead", "pitched_joker", "joker_rank", "joker_order",
  "joker_game", "deck", "draw", "dealer_steal", "moon", "stuck_dealer_min"];
/** The options written as numbers. */
const NUMBERS = ["kitty", "cards_dealt", "min_bid", "max_bid"];

/**
 * Fill the house rules of `form` from `variant`'s preset (V12); remembers the game they show.
 * @param {HTMLFormElement} form  the new-match form
 * @param {string} variant  the game chosen ("ten_point")
 */
export function fillHouse(form, variant) {
  const preset = pitchPreset(variant);
  for (const box of /** @type {HTMLInputElement[]} */ ($$('input[name="point"]', form))) {
    box.checked = preset.points.includes(box.value);
  }
  const field = (/** @type {string} */ name) =>
    /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));
  for (const name of [...CHOICES, ...NUMBERS]) {
    field(name).value = preset[name] === null ? "" : String(preset[name]);
  }
  /** @type {HTMLInputElement} */ (field("pitcher_only_wins")).checked = preset.pitcher_only_wins;
  form.dataset.house = variant;
}

/**
 * The house rules the table changed from `variant`'s preset, as the match's options (V13):
 * `{}` when the house rules were never filled for this game.
 * @param {HTMLFormElement} form
 * @param {string} variant
 * @returns {Record<string, *>}
 */
export function houseOptions(form, variant) {
  if (form.dataset.house !== variant) return {};
  const preset = pitchPreset(variant);
  const field = (/** @type {string} */ name) =>
    /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));
  /** @type {Record<string, *>} */
  const chosen = {
    points: /** @type {HTMLInputElement[]} */ ($$('input[name="point"]', form))
      .filter((box) => box.checked).map((box) => box.value),
    pitcher_only_wins: /** @type {HTMLInputElement} */ (field("pitcher_only_wins")).checked,
  };
  for (const name of CHOICES) chosen[name] = field(name).value || null;
  if (chosen.stuck_dealer_min !== null) chosen.stuck_dealer_min = Number(chosen.stuck_dealer_min);
  for (const name of NUMBERS) chosen[name] = Number(field(name).value);
  /** @type {Record<string, *>} */
  const changed = {};
  for (const [name, value] of Object.entries(chosen)) {
    const same = name === "points"
      ? value.length === preset.points.length &&
        value.every((/** @type {string} */ p) => preset.points.includes(p))
      : value === preset[name];
    if (!same) changed[name] = value;
  }
  return changed;
}
