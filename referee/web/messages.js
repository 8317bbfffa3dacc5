// @ts-check
/* The message box above a match: refusals in the referee's words, notices. */
import { $, el, fill } from "./dom.js";
import { t } from "./language.js";
import { ruleLink } from "./verdict.js";

/** A refusal in the referee's own words, in the page's language (api.js asks the API in
 * it): the violations' messages, else the problem's detail. */
export function problemText(error) {
  const problem = error.problem || {};
  const violations = problem.violations || [];
  if (violations.length) return violations.map((v) => v.message).join(" ");
  if (problem.errors) {
    return t("message.unreadable", "The page sent something the referee cannot read: ") +
      JSON.stringify(problem.errors);
  }
  return problem.detail || error.message || t("message.wrong", "Something went wrong.");
}

/** Show `text` in the message box; kind "error" (default: "Not recorded."), "info" or "ok".
 * `action` ({id, text, onclick}): a button after the words (a refusal's way on). */
export function showMessage(text, kind, violations, action) {
  const box = $("#message");
  box.className = "message" + (kind && kind !== "error" ? " " + kind : "");
  const rules = [...new Set((violations || []).map((v) => v.rule).filter(Boolean))];
  fill(box,
    el("strong", {}, kind === "info" || kind === "ok" ? "" :
      kind === "alarm" ? t("message.changed", "The record has changed. ")
        : t("message.not_recorded", "Not recorded. ")), text,
    // each section linked to the rules pages (/rules/Q6)
    rules.length ? el("span", { class: "rule" }, t("message.rule", " (rule "),
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
