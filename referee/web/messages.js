// @ts-check
/* The message box above a match: refusals in a player's words, notices. */
import { $, el, fill } from "./dom.js";
import { S } from "./state.js";
import { ruleLink } from "./verdict.js";

/** A refusal in words a player understands (violation messages, rule sections). */
export function problemText(error) {
  const problem = error.problem || {};
  const violations = problem.violations || [];
  if (violations.length) return violations.map((v) => plainWords(v.message)).join(" ");
  if (problem.errors) {
    return "The page sent something the referee cannot read: " +
      JSON.stringify(problem.errors);
  }
  return plainWords(problem.detail || error.message || "Something went wrong.");
}

/** "tricks[3][1]" → "trick 4": positions in the record read as the table counts them. */
export function plainWords(text) {
  const m = S.match;
  let words = String(text);
  if (m && m.game === "piquet" && m.elder) {
    words = words.replace(/\bthe elder hand\b/g, `${m.elder} (elder hand)`)
      .replace(/\bthe younger hand\b/g, `${m.younger} (younger hand)`);
  }
  return words
    .replace(/tricks\[(\d+)\]\[\d+\]/g, (_, t) => `trick ${Number(t) + 1}`)
    .replace(/tricks\[(\d+)\]/g, (_, t) => `trick ${Number(t) + 1}`)
    .replace(/bids\[(\d+)\]/g, (_, b) => `call ${Number(b) + 1}`);
}

/** Show `text` in the message box; kind "error" (default: "Not recorded."), "info" or "ok".
 * `action` ({id, text, onclick}): a button after the words (a refusal's way on). */
export function showMessage(text, kind, violations, action) {
  const box = $("#message");
  box.className = "message" + (kind && kind !== "error" ? " " + kind : "");
  const rules = [...new Set((violations || []).map((v) => v.rule).filter(Boolean))];
  fill(box,
    el("strong", {}, kind === "info" || kind === "ok" ? "" :
      kind === "alarm" ? "The record has changed. " : "Not recorded. "), text,
    // each section linked to the rules pages (/rules/Q6)
    rules.length ? el("span", { class: "rule" }, " (rule ",
      ...rules.flatMap((r, i) => (i ? [", ", ruleLink(r)] : [ruleLink(r)])), ")") : null,
    action ? el("div", { class: "actions" }, el("button", { type: "button", class: "primary",
      id: action.id, onclick: action.onclick }, action.text)) : null,
  );
  box.hidden = false;
  // a refusal after a long form (the score sheet): bring it into view
  if (kind !== "info" && kind !== "ok" && box.scrollIntoView) {
    box.scrollIntoView({ block: "nearest" });
  }
}

export function hideMessage() {
  $("#message").hidden = true;
}
