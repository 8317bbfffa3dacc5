// @ts-check
/* Record files (docs/format.md): download the open match's record (GET …/record), and open a
 * record file on this phone to have it ruled (POST /v1/records:score) or imported as a new
 * match (POST /v1/matches:import). The file's text is sent as it is; every word shown is text. */
import { $, el, fill } from "../dom.js";
import { t } from "../language.js";
import { S } from "../state.js";
import { saveMatch } from "../store.js";

const TOML = "application/toml";

/** The API client and the refusals in words, loaded when first needed (as home.js does). */
async function client() {
  const [api, messages] = await Promise.all([import("../api.js"), import("../messages.js")]);
  return { ...api, problemText: messages.problemText };
}

/** Download the open match as a record file: `<game>-<id>.toml`, with its ledger head. */
export async function downloadRecord() {
  const button = /** @type {HTMLButtonElement} */ ($("#download-record"));
  const note = $("#download-note");
  button.disabled = true;
  try {
    const { api, matchPath } = await client();
    const { data } = await api("GET", matchPath("/record"));
    const url = URL.createObjectURL(new Blob([String(data)], { type: TOML }));
    const link = el("a", { href: url, download: `${S.match.game}-${S.id}.toml`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    note.textContent = t("records.downloaded", "The record is downloaded.");
  } catch (error) {
    const { problemText } = await client();
    note.textContent = problemText(error);
  } finally {
    button.disabled = false;
  }
}

/** The file chosen, as text (null: none). */
let chosen = /** @type {{name: string, text: string} | null} */ (null);

/** A refusal with its problems, each as `file:line: (deal n) message`. */
function problemsList(name, error, problemText) {
  const problems = (error.problem && error.problem.problems) || [];
  return [el("p", { class: "error" }, problemText(error)),
    problems.length ? el("ul", { class: "problems" }, ...problems.map((p) => el("li", {},
      `${name}:${p.line}:${p.deal ? ` (${t("records.deal", "deal")} ${p.deal})` : ""} ` +
      `${p.message}${p.location ? ` (${p.location})` : ""}`))) : null];
}

/** Each deal of a file ruled, in a line: its score and whether the claim agrees. */
function ruledList(answer) {
  return el("ul", { class: "ruled", id: "record-ruled" }, ...answer.deals.map((d) => {
    const scores = d.ruling.scores;
    const roles = d.roles || {};  // Piquet: the players' names by role in this deal
    const line = Array.isArray(scores) ? scores.join(", ")
      : Object.entries(scores || {}).map(([who, points]) => `${roles[who] || who} ${points}`)
        .join(", ");
    const claim = d.claims_agree === true ? t("records.agrees", "the claim agrees")
      : d.claims_agree === false ? t("records.parts", "the claim parts from the ruling") : "";
    return el("li", { "data-deal": d.deal },
      `${t("records.deal", "deal")} ${d.number || d.deal} (${d.level}): ${line}` +
      (claim ? ` — ${claim}` : ""));
  }));
}

async function ruleIt() {
  if (!chosen) return;
  const box = $("#record-answer");
  const { api, problemText } = await client();
  try {
    const { data } = await api("POST", "/v1/records:score", undefined,
      { token: null, raw: { type: TOML, text: chosen.text } });
    fill(box, el("p", {}, t("records.ruled", "Every deal ruled:")), ruledList(data));
  } catch (error) {
    fill(box, ...problemsList(chosen.name, error, problemText));
  }
}

/** A rule a deal breaks (a section such as "Q6"), not the file's own shape. */
const RULE = /^[A-Z]+\s*\d/;

/** Import the chosen file; `disputed`: the deals that break the rules imported disputed
 * (`?violations=dispute`, docs/format.md). Refused for the rules, the page offers that. */
async function importIt(disputed = false) {
  if (!chosen) return;
  const box = $("#record-answer");
  const { api, problemText } = await client();
  const path = "/v1/matches:import" + (disputed === true ? "?violations=dispute" : "");
  try {
    const { data } = await api("POST", path, undefined,
      { token: null, raw: { type: TOML, text: chosen.text } });
    saveMatch({ id: data.id, game: data.game, players: data.players,
      write: data.tokens.write, read: data.tokens.read });
    location.hash = "match=" + encodeURIComponent(data.id);
  } catch (error) {
    const problems = (error.problem && error.problem.problems) || [];
    const broken = disputed !== true && error.status === 422 &&
      problems.some((/** @type {{rule: string}} */ p) => RULE.test(p.rule || ""));
    const again = broken ? el("button", { type: "button", id: "import-disputed" },
      t("records.import_disputed", "Import it anyway, these deals disputed")) : null;
    if (again) again.addEventListener("click", () => importIt(true));
    fill(box, ...problemsList(chosen.name, error, problemText),
      broken ? el("p", {}, t("records.import_disputed_text",
        "The deals that break the rules are recorded as they stand and disputed until their cards rule them.")) : null,
      again);
  }
}

/** Wire "Open a record" on the home screen (once, at boot). */
export function initOpenRecord() {
  const input = /** @type {HTMLInputElement} */ ($("#record-file-input"));
  const rule = /** @type {HTMLButtonElement} */ ($("#rule-record"));
  const take = /** @type {HTMLButtonElement} */ ($("#import-record"));
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    chosen = file ? { name: file.name, text: await file.text() } : null;
    rule.disabled = take.disabled = !chosen;
    fill($("#record-answer"));
  });
  rule.addEventListener("click", ruleIt);
  take.addEventListener("click", () => importIt());
}
