// @ts-check
/* The score sheet's big choice buttons, shared by both games' sheets (sheet-piquet.js,
 * sheet-pitch.js) and the form around them (sheet.js). */
import { el } from "../dom.js";

/** The two Piquet hands. */
export const ROLES = /** @type {const} */ (["elder", "younger"]);

/**
 * A big choice button: aria-pressed, data-pick="<field>=<value>", named with its group.
 * @param {string} group @param {string} field @param {*} value @param {string} text
 * @param {boolean} chosen @param {(value: *) => void} onPick
 */
export function pick(group, field, value, text, chosen, onPick) {
  return el("button", {
    type: "button",
    class: "pick" + (chosen ? " chosen" : ""),
    "data-pick": `${field}=${value}`,
    "aria-pressed": chosen ? "true" : "false",
    "aria-label": `${group}: ${text}`,
    onclick: () => onPick(value),
  }, text);
}

/**
 * A fieldset of choice buttons: legend, then the buttons in a grid.
 * @param {string} legend @param {Array<Node | null>} buttons @param {string} [cls]
 * @param {string | null} [help]
 */
export function choices(legend, buttons, cls, help) {
  return el("fieldset", { class: "picks " + (cls || "") },
    el("legend", {}, legend),
    help ? el("p", { class: "note" }, help) : null,
    el("div", { class: "pick-row" }, ...buttons));
}
