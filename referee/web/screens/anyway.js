// @ts-check
/* Something irregular happened at the table (P10, Q12): a revoke, a card or a bid out of
 * turn, a wrong number of cards dealt. The table's real play is recorded, not refused: the
 * referee applies the penalty of the match's option. Before anything is sent the page asks
 * the referee what the step would do (POST …/events?dry_run=true, which stores nothing) and
 * shows it: what the rules say, the irregularity, its penalty, the consequence, the score
 * when it completes the deal. "Record it anyway" then goes through the write queue like every
 * write (Idempotency-Key, If-Match), with "anyway": true.
 *
 * Offline (or while earlier taps still wait to be sent) the referee cannot be asked: the panel
 * says so and the player chooses — record it anyway without seeing the consequence (queued,
 * the ruling shows the penalty once it is sent), or cancel and tap it again once online.
 *
 * S.irregular: the "something irregular happened" mode (every card can be tapped, the player
 * who acted can be named); S.actor: the player named (null: whose turn it is); S.anyway: the
 * step being decided {step, label, status, dry, error, focus}.
 */
import { api, matchPath } from "../api.js";
import { RANKS, SUITS, cardPhrase, cardText, cardWords, isRed } from "../cards.js";
import { currentDeal } from "../deal.js";
import { $, el, fill } from "../dom.js";
import { post } from "../match.js";
import { showMessage } from "../messages.js";
import { S, render } from "../state.js";
import { named, ruleLink, scoresWords } from "../verdict.js";
import { phrase, say, t, tn } from "../language.js";

/** The irregularities in words (the API's ``irregularity``). */
const WHAT = {
  revoke: "A revoke (not following suit when able)",
  out_of_turn: "Out of turn",
  incorrect_pack: "An incorrect pack (a card twice, or not of the pack)",
  misdeal: "A misdeal (a wrong number of cards dealt)",
  false_call: "A call of something not held",
  talon_offence: "A talon offence (looked at or took talon cards)",
  long_hand: "A hand with too many cards",
  short_hand: "A hand with too few cards",
  exposed_card: "A card exposed",
  other: "Against the rules, and no law gives a penalty for it",
};

/** The penalties in words (the match's options; the consequence sentence says the rest). */
const PENALTY = {
  withdrawn: "taken back: the play goes on as though it had not happened",
  replay: "the play from the revoking trick on is taken back and recorded again",
  void: "the deal is void and dealt again",
  as_played: "scored as played, the irregularity noted",
  score_as_played: "scored as played, the lead out of turn noted",
  set_back_bid: "the offender's side scores nothing and is set back the bid",
  all_fours: "the offender's side loses a point (two with the jack in play) and cannot score Jack or Game",
  cancel: "the call is void, the auction goes on in turn",
  must_pass: "the player who called out of turn must pass",
  stands: "it stands as made: a call as his call in turn, a deal out of turn as dealt",
  pass_deal: "a new deal: nobody scores, the next dealer deals",
  same_dealer: "a new deal: nobody scores, the same dealer deals again",
  reckon_nothing: "the offender reckons nothing this deal",
  call_only: "only the false call scores nothing",
  fresh_deal: "a fresh deal: this deal scores nothing, the same dealer deals again",
  play_on: "the deal stands and is played on",
  may_be_called: "the opponents may call the card",
  none: "no penalty",
};

/**
 * The irregularities found at the table that are no tap on a card or bid (Piquet Q12: PT
 * 27–29, 57, 58; Pitch P10), as the player says them; sent as the step
 * {"type": "irregularity", what, player}.
 */
const AT_THE_TABLE = {
  piquet: [
    ["talon_offence", "Looked at or took the talon cards (talon offence)"],
    ["long_hand", "Has more than twelve cards"],
    ["short_hand", "Has fewer than twelve cards (no card left to play)"],
  ],
  pitch: [
    ["exposed_card", "A card exposed"],
    ["long_hand", "A hand with too many cards"],
    ["short_hand", "A hand with too few cards (no card left to play)"],
  ],
};

export function irregularityWords(kind) {
  return WHAT[kind] ? t(`anyway.what.${kind}`, WHAT[kind]) : String(kind || "").replace(/_/g, " ");
}

export function penaltyWords(penalty) {
  return PENALTY[penalty] ? t(`anyway.penalty.${penalty}`, PENALTY[penalty])
    : String(penalty || "").replace(/_/g, " ");
}

/** What was found at the table, in words (AT_THE_TABLE). */
function atTableWords(game, what, words) {
  return t(`anyway.at_table.${game}.${what}`, words);
}

/** The player a tap is recorded for: the one named, else whose turn it is. */
export function actorOf(next) {
  const m = S.match;
  return S.irregular && S.actor && m.players.includes(S.actor) ? S.actor : next.player;
}

/** A step in words: "Cid: a bid of 3", "Ann: nine of spades". */
export function stepWords(step) {
  return say(stepPhrase(step));
}

/** A step as a phrase (language.js), worded when said: the label of a step recorded anyway,
 * kept with it while it waits on the phone. */
export function stepPhrase(step) {
  const who = step.player ? `${step.player}: ` : "";
  if (step.type === "card") return [who, cardPhrase(step.card)];
  if (step.type === "bid") {
    return [who, step.call === "pass" ? phrase("anyway.a_pass", "a pass")
      : phrase("anyway.a_bid", "a bid of {call}", { call: step.call })];
  }
  if (step.type === "deal_started") return phrase("anyway.hands", "the hands as dealt");
  if (step.type === "declaration") return phrase("anyway.declaration", "the declaration");
  if (step.type === "irregularity") {
    const kinds = (S.match && AT_THE_TABLE[S.match.game]) || [];
    const found = (kinds.find(([what]) => what === step.what) || [])[1];
    const cards = (step.cards || []).flatMap((c, i) => (i ? [", ", cardPhrase(c)] : [cardPhrase(c)]));
    const never = cards.length
      ? phrase("anyway.never_played", " (never played: {cards})", { cards }) : "";
    return [who, found ? phrase(`anyway.at_table.${S.match.game}.${step.what}`, found, undefined, true)
      : WHAT[step.what] ? phrase(`anyway.what.${step.what}`, WHAT[step.what])
        : String(step.what || "").replace(/_/g, " "), never];
  }
  return who + String(step.type || "the entry").replace(/_/g, " ");
}

/** Does the page already know the rules refuse `step`? (next: the referee's next.) */
function refusedHere(step, next) {
  if (step.player && next.player && step.player !== next.player) return true;
  if (step.type === "card" && next.legal_cards) return !next.legal_cards.includes(step.card);
  if (step.type === "bid" && next.legal_calls) {
    return !next.legal_calls.map(String).includes(String(step.call));
  }
  return false;
}

/**
 * A bid or a card tapped (`body`: {type, call | card}; `next`: whose turn as the page shows
 * it). In the irregular mode the player named goes with it; a step the page knows the rules
 * refuse is asked about first (the panel), anything else is queued at once.
 */
export function tapStep(body, next) {
  const step = { ...body };
  const who = actorOf(next);
  if (S.irregular && who && next.player && who !== next.player) step.player = who;
  if (S.irregular && refusedHere(step, next)) {
    askAnyway(step, stepPhrase({ ...step, player: step.player || who }));
    return;
  }
  S.actor = null;
  post("/events", step);
}

/**
 * Ask the referee what `step` would do (nothing stored) and show the panel; `label`: the step
 * in words, `done(answer)`: runs once the step is recorded.
 */
export async function askAnyway(step, label, done) {
  const clean = { ...step };
  delete clean.anyway;
  const ask = { step: clean, label: label || stepPhrase(clean), status: "asking", dry: null,
    error: null, focus: true, done };
  S.anyway = ask;
  render();
  const waiting = (S.pending || []).length;
  if (waiting) {
    ask.status = "waiting"; // the referee would answer about a deal this phone is ahead of
  } else if (navigator.onLine === false) {
    ask.status = "offline";
  } else {
    try {
      const { data } = await api("POST", matchPath("/events?dry_run=true"), clean,
        { delays: [400, 1000] });
      ask.dry = data;
      ask.status = data.would_record ? (clean.type === "irregularity" ? "found" : "allowed")
        : data.anyway ? "shown" : "refused";
    } catch (error) {
      ask.error = error;
      ask.status = error.status === 0 ? "offline" : "error";
    }
  }
  if (S.anyway !== ask) return; // cancelled meanwhile
  ask.focus = true;
  render();
}

function close() {
  S.anyway = null;
  render();
  const row = $("#irregular");
  if (row && !row.closest("[hidden]")) row.focus();
}

/** Record the step being decided: anyway (unless the rules allow it as it is), queued. */
function record() {
  const ask = S.anyway;
  if (!ask) return;
  if (ask.dry && ask.dry.version !== S.match.version) {
    askAnyway(ask.step, ask.label, ask.done); // the match moved on: ask again, show the new answer
    return;
  }
  // An irregularity found at the table is a step of its own: the rules take it as it is.
  const anyway = ask.step.type !== "irregularity" && ask.status !== "allowed";
  const body = anyway ? { ...ask.step, anyway: true } : ask.step;
  S.anyway = null;
  S.actor = null;
  S.irregular = false; // one irregularity: the pack offers the allowed cards again
  post("/events", body, (answer) => {
    if (ask.done) ask.done(answer);
    const note = ((answer && answer.events) || []).find((e) => e.kind === "irregularity");
    if (note) {
      const how = ask.step.type === "irregularity" ? t("anyway.recorded", "Recorded")
        : t("anyway.recorded_anyway", "Recorded anyway");
      showMessage(`${how}: ${named(note.payload.consequence)}`, "ok");
    }
  }, anyway ? [ask.label, phrase("anyway.label_anyway", " (recorded anyway)")] : ask.label);
  render();
}

function violationsList(violations) {
  return el("ul", { class: "refusal" }, ...violations.map((v) => el("li", {},
    named(v.message), v.rule ? " " : null, ruleLink(v.rule))));
}

/** The panel: what the rules say and what recording it anyway would do. */
export function renderAnyway() {
  const box = $("#anyway");
  const ask = S.anyway;
  if (!box) return;
  if (!ask || !S.match || !S.canWrite) {
    box.hidden = true;
    return;
  }
  // The decision stands in for the pack while it is open.
  for (const id of ["#bids", "#cards", "#deal-setup", "#any-card-row"]) $(id).hidden = true;
  const dry = ask.dry || {};
  const parts = [
    el("h2", { id: "anyway-title", tabindex: "-1" }, t("anyway.title", "Record it anyway?")),
    el("p", { class: "anyway-step" }, t("anyway.at_table", "At the table: "), el("b", {}, say(ask.label)), "."),
  ];
  const buttons = [];
  const cancel = el("button", { type: "button", id: "anyway-cancel", onclick: close },
    t("setup.cancel", "Cancel"));
  if (ask.status === "pick") {
    parts.push(el("p", { id: "unplayed-note" }, t("anyway.which_never", "Which cards will {player} never play? Tap them if the table knows: they are his, and still bar a pique or repique (PT 58). Or go on without them.", { player: ask.step.player })), unplayedGrid(ask));
    const n = ask.picked.length;
    buttons.push(el("button", { type: "button", class: "primary", id: "anyway-unplayed",
      onclick: () => askAnyway(n ? { ...ask.step, cards: [...ask.picked] } : ask.step) },
    n ? tn("anyway.go_on", "Go on with {n} card", "Go on with {n} cards", n)
      : t("anyway.go_on_without", "Go on without them")), cancel);
  } else if (ask.status === "asking") {
    parts.push(el("p", { role: "status" }, t("anyway.asking", "Asking the referee what the rules say…")));
    buttons.push(cancel);
  } else if (ask.status === "shown" || ask.status === "found") {
    if (ask.status === "shown") {
      parts.push(el("h3", {}, t("anyway.rules_say", "What the rules say")), violationsList(dry.violations || []));
    }
    parts.push(
      el("h3", {}, ask.status === "shown" ? t("anyway.if_anyway", "If you record it anyway")
        : t("anyway.if", "If you record it")),
      el("dl", { class: "anyway-what" },
        el("dt", {}, t("anyway.irregularity", "Irregularity")), el("dd", { "data-irregularity": dry.irregularity },
          irregularityWords(dry.irregularity)),
        el("dt", {}, t("anyway.penalty", "Penalty (the table's option)")), el("dd", { "data-penalty": dry.penalty },
          penaltyWords(dry.penalty)),
        el("dt", {}, t("anyway.happens", "What happens")), el("dd", { id: "anyway-consequence" },
          named(dry.consequence || ""))),
      dry.scored ? el("p", { id: "anyway-score" }, t("anyway.completes", "It completes the deal: "),
        el("b", {}, scoresWords(dry.scored.scores)), ".") : null,
      el("p", { class: "note" }, t("anyway.nothing_until", "Nothing is recorded until you tap “Record it anyway”; Undo takes it back like any entry.")),
    );
    buttons.push(el("button", { type: "button", class: "warn", id: "anyway-record",
      onclick: record }, t("anyway.record_anyway", "Record it anyway")), cancel);
  } else if (ask.status === "allowed") {
    parts.push(el("p", { role: "status" }, t("anyway.allowed", "The rules allow it as the deal stands now: it can be recorded as it is.")));
    buttons.push(el("button", { type: "button", class: "primary", id: "anyway-record",
      onclick: record }, t("anyway.record", "Record it")), cancel);
  } else if (ask.status === "refused") {
    parts.push(el("p", { role: "alert" }, t("anyway.cannot", "The referee cannot record this, even anyway:")),
      violationsList(dry.violations || []));
    buttons.push(el("button", { type: "button", id: "anyway-cancel", onclick: close }, "Close"));
  } else if (ask.status === "offline" || ask.status === "waiting") {
    parts.push(el("p", { role: "status", id: "anyway-offline" }, ask.status === "offline"
      ? t("anyway.offline", "No connection: the referee cannot say now what the rules make of it.")
      : t("anyway.earlier", "Earlier entries still wait to be sent: the referee can say what this does once they are in.")),
    el("p", {}, t("anyway.blind", "You can record it anyway without seeing the consequence: it waits with the other entries and is sent in order; the referee applies the table's penalty and the deal so far shows it. Or cancel, and tap it again when the phone is back online to see the consequence first.")));
    buttons.push(el("button", { type: "button", class: "warn", id: "anyway-record",
      onclick: record }, t("anyway.record_blind", "Record it anyway without seeing the consequence")), cancel);
  } else {
    parts.push(el("p", { role: "alert" }, named((ask.error && ask.error.message) ||
      t("anyway.no_answer", "The referee did not answer."))));
    buttons.push(el("button", { type: "button", id: "anyway-cancel", onclick: close }, "Close"));
  }
  parts.push(el("div", { class: "actions" }, ...buttons));
  fill(box, ...parts);
  box.hidden = false;
  if (ask.focus) {
    ask.focus = false;
    const title = $("#anyway-title");
    if (title) title.focus();
  }
}

/** Piquet, a hand of more than twelve cards: the cards not played yet, to pick those he will
 * never play (the step's ``cards``, PT 58). */
function unplayedGrid(ask) {
  const played = new Set(currentDeal().cards);
  const toggle = (card) => {
    const at = ask.picked.indexOf(card);
    if (at >= 0) ask.picked.splice(at, 1);
    else ask.picked.push(card);
    render();
    const again = $(`#anyway [data-card="${card}"]`);
    if (again) again.focus();
  };
  return el("div", { class: "cards " + S.match.game },
    ...SUITS.map((suit) => el("div", { class: "suit" }, ...RANKS[S.match.game].map((rank) => {
      const card = rank + suit;
      const mine = ask.picked.includes(card);
      const gone = played.has(card);
      return el("button", {
        type: "button",
        class: "card" + (isRed(card) ? " red" : "") + (mine ? " picked" : "") +
          (gone ? " played" : ""),
        "data-card": card,
        "aria-pressed": mine ? "true" : "false",
        "aria-label": `${cardText(card)} ${cardWords(card)}${gone ? ", played" : ""}`,
        disabled: gone,
        onclick: () => toggle(card),
      }, cardText(card));
    }))));
}

/** Who acted, in the irregular mode: the player whose turn it is preselected. */
export function actorChooser(next) {
  const m = S.match;
  if (!S.irregular || !["bid", "card"].includes(next.action) || !next.player) return null;
  const who = actorOf(next);
  return el("div", { class: "actor", role: "group", "aria-labelledby": "actor-label" },
    el("span", { id: "actor-label" }, next.action === "bid" ? t("anyway.who_called", "Who called:")
      : t("anyway.who_played", "Who played:")),
    ...m.players.map((name) => el("button", {
      type: "button", class: "small", "data-actor": name,
      "aria-pressed": name === who ? "true" : "false",
      onclick: () => {
        S.actor = name === next.player ? null : name;
        render();
      },
    }, name + (name === next.player ? t("anyway.turn", " (turn)") : ""))));
}

/**
 * The irregularities found at the table that are no tap (a talon offence, a hand of the wrong
 * size, a card exposed), in the irregular mode while a deal is entered step by step: one
 * button each, for the player named in the "who" row; each is asked about first (the panel).
 */
export function tableIrregularities(next) {
  const m = S.match;
  const kinds = AT_THE_TABLE[m.game];
  if (!S.irregular || !kinds || !["bid", "card"].includes(next.action)) return null;
  const who = actorOf(next);
  if (!who) return null;
  return el("div", { class: "at-table", role: "group", "aria-labelledby": "at-table-label" },
    el("span", { id: "at-table-label" }, t("anyway.something_else", "Or something else {who} did:", { who })),
    ...kinds.map(([what, words]) => el("button", {
      type: "button", class: "small", "data-what": what,
      onclick: () => {
        const step = { type: "irregularity", what, player: who };
        if (what !== "long_hand" || m.game !== "piquet") {
          askAnyway(step);
          return;
        }
        S.anyway = { step, label: stepPhrase(step), status: "pick", picked: [], focus: true };
        render();
      },
    }, atTableWords(m.game, what, words))));
}

/** The steps of the deal in progress recorded anyway, as the deal so far shows them. */
export function recordedAnyway() {
  const notes = (S.match && S.match.current_irregularities) || [];
  if (!notes.length) return null;
  return el("div", { class: "recorded-anyway", id: "recorded-anyway" },
    el("h2", {}, t("anyway.recorded_anyway", "Recorded anyway")),
    el("ul", {}, ...notes.map((n) => el("li", { "data-irregularity": n.irregularity },
      el("b", {}, `${stepWords(n.step || {})}: `), named(n.consequence || ""),
      t("anyway.penalty_is", " Penalty: {penalty}.", { penalty: penaltyWords(n.penalty) }),
      ...[...new Set((n.violations || []).map((v) => v.rule).filter(Boolean))]
        .flatMap((r) => [" ", ruleLink(r)])))));
}
