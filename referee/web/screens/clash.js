// @ts-check
/* Two phones wrote the same thing (the box #conflict on the Play tab).
 *
 * A clash (409 from the referee, writes.js): the deal or the place in the deal this phone's
 * waiting entry was written for already has another phone's entry (or is not the next one).
 * The box shows both lines side by side by player name — the other phone's from the referee
 * (`existing`), this phone's from the waiting entry, its roles (elder, younger, the bids from
 * the dealer's left) read with that deal's dealer and elder — and the player chooses; none of
 * the choices is the default, and nothing is renumbered or swapped without that choice:
 *  - a deal (deal-already-recorded): "Theirs is right" (confirm that deal when this phone may,
 *    and drop mine), "Mine is right: dispute theirs" (a dispute of that deal, with my line as
 *    this side's claim: the referee decides as for any dispute), "This was another deal"
 *    (recorded as the next deal, the line mapped by player to that deal's roles, which the box
 *    names);
 *  - a step (step-already-recorded, another card or call): "Theirs is right" (drop mine and my
 *    later taps of that trick or auction), "Both happened: record mine after it" (at the next
 *    place the referee gives), and, when theirs is still the last step recorded, "Mine is
 *    right: take theirs back" (an undo, then mine at that place);
 *  - not the next one (deal-not-next, step-not-next): drop mine, or for a step record it at
 *    the place the referee gives.
 * A 412 on an entry that says nothing of its place (an undo): what the other phone recorded,
 * and send mine after it or drop it (S.conflict).
 */
import { RANK_WORD, cardWords } from "../cards.js";
import { $, el, fill } from "../dom.js";
import { trickSize } from "../deal.js";
import { phrase, t, tn } from "../language.js";
import { dealPhrase, entryPhrase, entryWords } from "../match.js";
import { S, render } from "../state.js";
import { dropAll, entryLabel, keepAll, settleClash } from "../writes.js";
import { mySeat } from "./agree.js";

const ROLES = ["elder", "younger"];
const SEQUENCE_NAMES = { 3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième",
  8: "huitième" };
const COUNT_WORD = { 3: "three", 4: "four" };

/** The dispute being written in the box: {n, reason}. */
let disputing = null;

const capital = (text) => text[0].toUpperCase() + text.slice(1);
const kindOf = (problem) => String(problem.type || "").split("/").pop();

/** "Bill's phone", "the shared phone": who entered something. */
function phoneOf(enteredBy) {
  if (enteredBy && enteredBy.startsWith("seat:")) {
    return t("clash.phone_of", "{name}'s phone", { name: enteredBy.slice(5) });
  }
  // this phone records with the shared key too: the other one is just another phone
  return S.token && S.token.startsWith("rw_") ? t("clash.another_phone", "another phone")
    : t("clash.shared_phone", "the shared phone");
}

function dealWord(upper) {
  const word = S.match.game === "piquet" ? t("clash.deal", "deal") : t("clash.hand", "hand");
  return upper ? capital(word) : word;
}

// ------------------------------------------------------------------ a line by player name

/**
 * What a deal entry (`body`: {sheet} | {totals} | a cards record) says of each player, by
 * name: {name: [phrases]}. `roles`: that deal's {elder, younger} (Piquet) or {dealer} (Pitch),
 * by name. Nothing is scored here: the referee scores.
 */
export function lineByName(body, roles) {
  const m = S.match;
  const rows = Object.fromEntries(rowNames().map((n) => [n, []]));
  const say = (name, text) => {
    if (name in rows) rows[name].push(text);
  };
  if (m.game === "piquet") {
    const name = { elder: roles.elder, younger: roles.younger };
    if (body.totals) {
      for (const r of ROLES) {
        const v = (body.totals.scores || {})[r];
        if (v !== undefined) say(name[r], tn("clash.points", "{v} point", "{v} points", v, { v }));
      }
      return rows;
    }
    const sheet = body.sheet;
    if (!sheet) return rows;
    if (sheet.carte_blanche) say(name[sheet.carte_blanche], t("clash.carte_blanche",
      "carte blanche"));
    const good = sheet.good || {};
    const point = sheet.point || {};
    for (const r of ROLES) {
      if (!point[r]) continue;
      const pips = point[r].pips !== undefined
        ? tn("clash.pips", ", {pips} pip", ", {pips} pips", point[r].pips, { pips: point[r].pips }) : "";
      const equal = point.elder && point.younger ? t("clash.equal", " (equal)") : "";
      say(name[r], t("clash.point_of", "point of {cards}", { cards: point[r].cards }) + pips +
        equal + (good.point === r ? t("clash.good", ", good") : ""));
    }
    const sequence = sheet.sequence || {};
    for (const r of ROLES) {
      const q = sequence[r];
      if (!q) continue;
      const equal = sequence.elder && sequence.younger ? t("clash.equal", " (equal)") : "";
      say(name[r], (SEQUENCE_NAMES[q.length]
        ? t(`clash.sequence.${q.length}`, SEQUENCE_NAMES[q.length])
        : t("clash.sequence_of", "sequence of {n}", { n: q.length })) +
        (q.top ? t("clash.to_the", " to the {rank}", { rank: RANK_WORD[q.top]
          ? t(`clash.rank.${q.top}`, RANK_WORD[q.top]) : q.top }) : "") + equal);
    }
    for (const r of ROLES) {
      for (const set of (sheet.sets || {})[r] || []) {
        say(name[r], t("clash.set", "{count} {ranks}", {
          count: COUNT_WORD[set.count] ? t(`clash.count.${set.count}`, COUNT_WORD[set.count])
            : set.count,
          ranks: RANK_WORD[set.rank] ? t(`clash.ranks.${set.rank}`, `${RANK_WORD[set.rank]}s`)
            : `${set.rank}s` }));
      }
    }
    for (const r of ROLES) {
      const n = (sheet.tricks || {})[r];
      if (n !== undefined) say(name[r], tn("clash.tricks", "{n} trick", "{n} tricks", n));
    }
    for (const r of ROLES) {
      const p = (sheet.play || {})[r];
      if (p !== undefined) say(name[r], t("clash.in_play", "{p} in play", { p }));
    }
    if (sheet.pique) say(name[sheet.pique], t("clash.pique", "pique"));
    for (const r of ROLES) {
      const c = (sheet.claimed || {})[r];
      if (c !== undefined) say(name[r], t("clash.claims", "claims {c}", { c }));
    }
    return rows;
  }
  // Pitch: the bids from the dealer's left, then the points by seat (or side)
  const n = m.players.length;
  const sideOf = (seat) => rowNames()[m.options.partnership ? seat % rowNames().length : seat];
  const dealer = m.players.indexOf(roles.dealer);
  if (body.totals) {
    (body.totals.scores || []).forEach((v, i) => say(rowNames()[i],
      tn("clash.points", "{v} point", "{v} points", v, { v })));
    if (Number.isInteger(body.totals.pitcher)) {
      say(sideOf(body.totals.pitcher), t("clash.pitched", "pitched"));
    }
    return rows;
  }
  const sheet = body.sheet || {};
  (sheet.bids || []).forEach((call, i) => {
    const seat = (dealer + 1 + i) % n;
    const player = m.players[seat];
    say(sideOf(seat), call === "pass" ? t("clash.passed", "{player} passed", { player })
      : t("clash.bid", "{player} bid {call}", { player, call }));
  });
  for (const [key, word] of [["high", "High"], ["low", "Low"], ["jack", "Jack"],
    ["game", "Game"]]) {
    if (Number.isInteger(sheet[key])) say(rowNames()[sheet[key]], t(`ruling.point.${key}`, word));
  }
  return rows;
}

/** The rows of a line: the players (Piquet, Pitch) or the sides (a partnership). */
function rowNames() {
  const m = S.match;
  return m.game === "pitch" && m.options.partnership ? m.standings.map((s) => s.name)
    : m.players.slice();
}

/** The roles of the deal another phone recorded (the referee's `existing`). */
function rolesOf(existing) {
  return { elder: existing.elder, younger: existing.younger, dealer: existing.dealer };
}

/**
 * The deal a line would go to as "another deal": the match's next deal, its dealer and roles
 * by name (the referee's match body), or null while a deal is being played card by card.
 */
export function nextDealOf(m) {
  if (m.next_deal && Number.isInteger(m.next_deal.number)) {
    const d = m.next_deal;
    return { number: d.number, dealer: d.dealer && (d.dealer.player || d.dealer),
      elder: d.elder, younger: d.younger };
  }
  if (m.deal_in_progress || m.finished) return null;
  return { number: m.deal_number, dealer: m.dealer.player, elder: m.elder, younger: m.younger };
}

/**
 * `body` (a deal entry written for a deal whose roles were `from`) mapped by player to a deal
 * whose roles are `to`: Piquet swaps "elder" and "younger" wherever they are named when the
 * players' roles differ; Pitch turns the bids round to the new dealer's left. Points given
 * by seat or side stay with their players.
 */
export function mapByPlayer(body, from, to) {
  const m = S.match;
  if (m.game === "piquet") {
    if (from.elder === to.elder) return body;
    const swap = (value) => {
      if (value === "elder") return "younger";
      if (value === "younger") return "elder";
      if (Array.isArray(value)) return value.map(swap);
      if (value && typeof value === "object") {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [swap(k), swap(v)]));
      }
      return value;
    };
    return swap(body);
  }
  if (!body.sheet || !Array.isArray(body.sheet.bids)) return body;
  const n = m.players.length;
  const was = m.players.indexOf(from.dealer);
  const now = m.players.indexOf(to.dealer);
  const bySeat = {};
  body.sheet.bids.forEach((call, i) => { bySeat[(was + 1 + i) % n] = call; });
  const bids = body.sheet.bids.map((_, j) => bySeat[(now + 1 + j) % n]);
  return { ...body, sheet: { ...body.sheet, bids } };
}

// ------------------------------------------------------------------ the box

/** Redraw #conflict: the clash or the conflict on screen, else hidden. */
export function renderConflict() {
  const box = $("#conflict");
  if (!box) return;
  if (S.clash) {
    const kind = kindOf(S.clash.problem);
    if (kind === "deal-already-recorded") fill(box, ...dealClash(S.clash));
    else if (kind === "step-already-recorded") fill(box, ...stepClash(S.clash));
    else fill(box, ...notNext(S.clash, kind));
    box.setAttribute("role", "region");
    box.setAttribute("aria-labelledby", "clash-title");
    box.hidden = false;
    return;
  }
  box.removeAttribute("role");
  box.removeAttribute("aria-labelledby");
  if (!S.conflict) {
    box.hidden = true;
    return;
  }
  fill(box, ...conflictParts());
  box.hidden = false;
}

function choice(id, text, note, onclick) {
  return el("div", { class: "clash-choice" },
    el("button", { type: "button", class: "choice", id, "aria-describedby": `${id}-note`,
      onclick }, text),
    el("p", { class: "note", id: `${id}-note` }, note));
}

/** Both lines, side by side by player name. */
function linesTable(caption, theirsHead, theirs, mineHead, mine) {
  const cell = (phrases) => el("td", {}, phrases && phrases.length ? phrases.join(", ") : "—");
  return el("table", { class: "clash-lines" },
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("clash.player", "Player")),
      el("th", { scope: "col" }, theirsHead), el("th", { scope: "col" }, mineHead))),
    el("tbody", {}, ...rowNames().map((name) => el("tr", { "data-player": name },
      el("th", { scope: "row" }, name), cell(theirs[name]), cell(mine[name])))));
}

function dealClash(clash) {
  const m = S.match;
  const { entry, problem } = clash;
  const existing = problem.existing || {};
  const n = problem.deal || existing.deal;
  const roles = rolesOf(existing);
  const word = dealWord(false);
  const Word = dealWord(true);
  const theirPhone = phoneOf(existing.entered_by);
  const theirs = lineByName(existing.entry || {}, roles);
  for (const [name, points] of Object.entries(existing.scores || {})) {
    if (name in theirs) theirs[name].push(tn("clash.points_in_all", "{points} point in all",
      "{points} points in all", points, { points }));
  }
  const mine = lineByName(entry.body, roles);
  const mineWords = entryWords(entry.body);
  const who = m.game === "piquet" ? t("clash.who_piquet", "{elder} elder, {younger} dealt",
    { elder: roles.elder, younger: roles.younger })
    : t("clash.who_pitch", "{dealer} dealt", { dealer: roles.dealer });
  const parts = [
    el("h2", { id: "clash-title" }, t("clash.already", "{Deal} {n} is already recorded",
      { Deal: Word, n })),
    el("p", {}, t("clash.deal_first", "{Phone} recorded {deal} {n} first. This phone's {mine}, was written before it knew and waits: nothing of it is recorded until you choose.",
      { Phone: capital(theirPhone), deal: word, n, mine: mineWords })),
    linesTable(t("clash.two_lines", "{Deal} {n} ({who}): the two lines", { Deal: Word, n, who }),
      capital(theirPhone), theirs, t("clash.this_phone", "This phone"), mine),
  ];
  const me = clash.me || null;
  const mayAnswer = !me || (me.to_confirm || []).includes(n);
  const seat = mySeat();
  const claimer = seat || t("clash.this_side", "this side");
  if (disputing && disputing.n === n && disputing.key === entry.key) {
    parts.push(disputeForm(clash, n));
    return parts;
  }
  const choices = [];
  choices.push(choice("clash-theirs", t("clash.theirs", "Theirs is right"),
    mayAnswer ? t("clash.confirmed", "{Deal} {n} is confirmed as {phone} wrote it; this phone's line is dropped.",
      { Deal: Word, n, phone: theirPhone })
      : t("clash.stays", "{Deal} {n} stays as {phone} wrote it; this phone's line is dropped.",
        { Deal: Word, n, phone: theirPhone }),
    () => settleClash(mayAnswer ? [{ path: `/deals/${n}/confirm`, body: {},
      label: phrase("clash.confirming", "confirming {deal} {n}", { deal: dealPhrase(), n }),
      kind: "confirm" }] : [])));
  if (mayAnswer) {
    choices.push(choice("clash-mine", t("clash.mine_dispute", "Mine is right: dispute theirs"),
      t("clash.disputed", "{Deal} {n} is disputed, with this phone's line as {claimer}'s claim; the referee decides from the cards, as for any dispute.",
        { Deal: Word, n, claimer }), () => {
        disputing = { n, key: entry.key,
          reason: t("clash.reason", "{phone} wrote {deal} {n} otherwise.", {
            phone: seat ? t("clash.phone_of", "{name}'s phone", { name: seat })
              : t("clash.this_phone", "This phone"), deal: word, n }) };
        render();
        const area = $("#clash-reason");
        if (area) area.focus();
      }));
  }
  const next = nextDealOf(m);
  if (next && (entry.body.sheet || entry.body.totals)) {
    const whoNext = m.game === "piquet" ? t("clash.next_piquet",
      "{elder} is elder and {younger} deals", { elder: next.elder, younger: next.younger })
      : t("clash.next_pitch", "{dealer} deals", { dealer: next.dealer });
    choices.push(choice("clash-another", t("clash.another", "This was another deal"),
      t("clash.recorded_as", "Recorded as {deal} {n}, where {who}: each player's part of the line goes to the same player.",
        { deal: word, n: next.number, who: whoNext }), () => {
        const mapped = mapByPlayer(entry.body, roles, next);
        const body = { ...mapped, deal: next.number };
        settleClash([{ path: "/deals", body, label: entryPhrase(body), kind: "deals" }]);
      }));
  }
  parts.push(el("div", { class: "clash-choices", role: "group",
    "aria-label": t("clash.what_happened", "What happened?") }, ...choices));
  if (!mayAnswer) {
    parts.push(el("p", { class: "note" }, t("clash.cannot_dispute", "This phone cannot dispute {deal} {n} (the other side's phone answers it): if it is wrong, void it on the Score tab and record it again.",
      { deal: word, n })));
  }
  return parts;
}

function disputeForm(clash, n) {
  const { entry } = clash;
  const word = dealWord(false);
  const area = el("textarea", { id: "clash-reason", name: "reason", maxlength: 500,
    required: true, oninput: (event) => { disputing.reason = event.target.value; } });
  area.value = disputing.reason;
  const send = () => {
    const reason = disputing.reason.trim();
    if (!reason) {
      area.focus();
      return;
    }
    const claim = entry.body.sheet ? { sheet: entry.body.sheet } : { totals: entry.body.totals };
    disputing = null;
    settleClash([{ path: `/deals/${n}/dispute`, body: { reason, claim },
      label: phrase("clash.disputing", "disputing {deal} {n}", { deal: dealPhrase(), n }),
      kind: "dispute" }]);
  };
  return el("div", { class: "clash-dispute" },
    el("label", { for: "clash-reason" }, t("clash.why_wrong", "Why is {deal} {n} wrong?",
      { deal: word, n })),
    el("p", { class: "note" }, t("clash.dispute_note", "The other side and the referee read it; this phone's line goes with it as the claim.")),
    area,
    el("div", { class: "actions" },
      el("button", { type: "button", class: "choice", id: "clash-dispute-send", onclick: send },
        t("clash.dispute", "Dispute {deal} {n}", { deal: word, n })),
      el("button", { type: "button", class: "choice", id: "clash-dispute-back",
        onclick: () => { disputing = null; render(); } }, t("clash.back", "Back"))));
}

/** "deal 1, trick 2, card 1" — a place in a deal. */
function placeWords(at) {
  if (!at) return "";
  const word = dealWord(false);
  if (at.trick) {
    return t("clash.place_card", "{deal} {n}, trick {trick}, card {card}",
      { deal: word, n: at.deal, trick: at.trick, card: at.position });
  }
  if (at.bid) return t("clash.place_call", "{deal} {n}, call {call}", { deal: word, n: at.deal,
    call: at.bid });
  return `${word} ${at.deal}`;
}

/** "Ann's seven of spades", "Bill's pass" (`player` unknown: "the seven of spades"). */
function stepWords(step, player) {
  const what = step.type === "card" ? cardWords(step.card)
    : step.type === "bid" ? (step.call === "pass" ? t("clash.pass", "pass")
      : t("clash.bid_of", "bid of {call}", { call: step.call }))
      : String(step.type || "step").replace(/_/g, " ");
  return player ? t("clash.players_step", "{player}'s {what}", { player, what })
    : t("clash.the_step", "the {what}", { what });
}

/** Is the step at `at` still the last one the referee has recorded? */
function lastRecorded(at) {
  const m = S.match;
  const record = m.deal_in_progress && m.deal_number === at.deal ? m.current_deal || {} : null;
  if (!record) return false;
  const cards = (record.tricks || []).flat().length;
  if (at.trick) return cards === (at.trick - 1) * trickSize() + at.position;
  if (at.bid) return !cards && (record.bids || []).length === at.bid;
  return false;
}

/** The later waiting steps of the same deal, numbered again from place `at` (the next one). */
function after(entry, at) {
  let index = at.trick ? (at.trick - 1) * trickSize() + at.position - 1 : null;
  let bid = at.bid || null;
  return (e) => {
    const b = e.body || {};
    if (e.path !== "/events" || !b.at || b.at.deal !== entry.body.at.deal ||
        b.type !== entry.body.type) return undefined;
    if (b.type === "card" && index !== null) {
      index += 1;
      const size = trickSize();
      return { ...e, body: { ...b, at: { deal: at.deal, trick: Math.floor(index / size) + 1,
        position: index % size + 1 } } };
    }
    if (b.type === "bid" && bid !== null) {
      bid += 1;
      return { ...e, body: { ...b, at: { deal: at.deal, bid } } };
    }
    return undefined;
  };
}

function stepClash(clash) {
  const m = S.match;
  const { entry, problem } = clash;
  const at = problem.at || entry.body.at;
  const existing = problem.existing || {};
  const theirPhone = phoneOf(existing.entered_by);
  const Their = capital(theirPhone);
  const theirs = {};
  const mine = {};
  if (existing.player) theirs[existing.player] = [stepWords(existing)];
  if (entry.who) mine[entry.who] = [stepWords(entry.body)];
  const parts = [
    el("h2", { id: "clash-title" }, t("clash.step_first", "Another phone recorded {place} first",
      { place: placeWords(at) })),
    el("p", {}, t("clash.step_both", "{Phone} has {theirs} there; this phone has {mine}, tapped before it knew: it waits until you choose.",
      { Phone: Their, theirs: stepWords(existing, existing.player),
        mine: stepWords(entry.body, entry.who) })),
    linesTable(t("clash.two_entries", "{Place}: the two entries", { Place: capital(placeWords(at)) }),
      Their, theirs, t("clash.this_phone", "This phone"), mine),
  ];
  const trickOf = (e) => e.body && e.body.at && e.body.at.deal === at.deal &&
    (at.trick ? e.body.at.trick === at.trick : at.bid ? Boolean(e.body.at.bid) : false);
  const choices = [
    choice("clash-theirs", t("clash.theirs", "Theirs is right"), at.trick
      ? t("clash.dropped_trick", "This phone's entry is dropped, with its later taps of trick {trick}.",
        { trick: at.trick })
      : at.bid ? t("clash.dropped_calls", "This phone's entry is dropped, with its later calls.")
        : t("clash.dropped", "This phone's entry is dropped."),
    () => settleClash([], (e) => trickOf(e) && e.path === "/events")),
  ];
  const nextAt = m.next && m.next.at;
  if (nextAt && nextAt.deal === at.deal) {
    choices.push(choice("clash-both", t("clash.both", "Both happened: record mine after it"),
      t("clash.goes_at", "This phone's entry goes at {place}, its later taps after it; the referee checks it there.",
        { place: placeWords(nextAt) }), () => settleClash([{ path: "/events",
        body: { ...entry.body, at: nextAt }, label: entry.label, kind: entry.kind }],
      after(entry, nextAt))));
  }
  if (lastRecorded(at)) {
    choices.push(choice("clash-mine", t("clash.mine_undo", "Mine is right: take theirs back"),
      t("clash.undone", "{Phone}'s entry is undone (it is the last one recorded), then this phone's is recorded at {place}.",
        { Phone: Their, place: placeWords(at) }), () => settleClash([
      { path: "/undo", body: { reason: t("clash.undo_reason", "two phones recorded {place}: {step} is right",
        { place: placeWords(at), step: stepWords(entry.body, entry.who) }) },
      label: phrase("entry.undo", "an undo"), kind: "undo" },
      { path: "/events", body: { ...entry.body, at }, label: entry.label, kind: entry.kind },
    ])));
  }
  parts.push(el("div", { class: "clash-choices", role: "group",
    "aria-label": t("clash.what_happened", "What happened?") }, ...choices));
  if (!lastRecorded(at)) {
    parts.push(el("p", { class: "note" }, t("clash.followed", "If this phone's entry is right, {Phone}'s is followed by other entries now: undo back to it, or record what happened with “Something irregular happened”.",
      { Phone: Their })));
  }
  return parts;
}

function notNext(clash, kind) {
  const { entry, problem } = clash;
  const word = dealWord(false);
  const parts = [];
  const choices = [choice("clash-drop", t("clash.drop", "Drop mine"),
    t("clash.not_recorded", "This phone's entry is not recorded."), () => settleClash([], null))];
  if (kind === "step-not-next") {
    const at = entry.body.at;
    const nextAt = problem.next_at;
    parts.push(el("h2", { id: "clash-title" }, t("clash.not_next_place",
      "Not the next place: {place}", { place: placeWords(at) })),
    el("p", {}, t("clash.tapped_for", "{Step} on this phone was tapped for {place}; the referee's next place is {next}.",
      { Step: capital(stepWords(entry.body, entry.who)), place: placeWords(at),
        next: placeWords(nextAt) || t("clash.elsewhere", "elsewhere") })));
    if (nextAt && nextAt.deal) {
      choices.push(choice("clash-next", t("clash.record_there", "Record it there"),
        t("clash.at_next", "At {place}, its later taps after it; the referee checks it there.",
          { place: placeWords(nextAt) }),
        () => settleClash([{ path: "/events", body: { ...entry.body, at: nextAt },
          label: entry.label, kind: entry.kind }], after(entry, nextAt))));
    }
  } else {
    parts.push(el("h2", { id: "clash-title" }, t("clash.not_next_deal",
      "Not the next {deal}: {deal} {n}", { deal: word, n: problem.deal || entry.body.deal })),
    el("p", {}, t("clash.written_for", "This phone's {entry} was written for a {deal} that is not the next one: the referee's next {deal} is {next}.",
      { entry: entryWords(entry.body), deal: word, next: problem.next_deal })));
  }
  parts.push(el("div", { class: "clash-choices", role: "group",
    "aria-label": t("clash.what_now", "What now?") }, ...choices));
  return parts;
}

/** A 412 on an entry that names no place (an undo…): what the other phone recorded. */
function conflictParts() {
  const m = S.match;
  const waiting = (S.pending || []).map(entryLabel);
  let theirs;
  const cards = (m.current_deal && m.current_deal.tricks || []).flat();
  if (m.deal_in_progress && cards.length) {
    theirs = t("clash.cards_so_far", "the cards of {deal} {n} so far: {cards}", {
      deal: dealWord(false), n: m.deal_number, cards: cards.slice(-4).map(cardWords).join(", ") }) +
      (cards.length > 4 ? t("clash.last_four", " (the last four)") : "");
  } else if (m.deal_in_progress && m.current_deal && (m.current_deal.bids || []).length) {
    theirs = t("clash.bids_so_far", "the bids so far: {bids}",
      { bids: m.current_deal.bids.join(", ") });
  } else {
    const deals = m.deals_played === 1 ? `1 ${dealWord(false)}`
      : S.match.game === "piquet" ? tn("clash.deals", "{n} deal", "{n} deals", m.deals_played)
        : tn("clash.hands", "{n} hand", "{n} hands", m.deals_played);
    theirs = m.deals_played ? t("clash.scored", "{deals} scored; the match is now at {deal} {n}",
      { deals, deal: dealWord(false), n: m.deal_number })
      : t("clash.match_at", "the match is at {deal} {n}", { deal: dealWord(false),
        n: m.deal_number });
  }
  const now = m.next && m.next.player ? (m.next.action === "bid"
    ? t("clash.now_bid", " Now: {player} to bid.", { player: m.next.player })
    : t("clash.now_play", " Now: {player} to play.", { player: m.next.player })) : "";
  return [
    el("h2", {}, t("clash.something_first", "Another phone recorded something first")),
    el("p", {}, t("clash.it_recorded", "It recorded {theirs}.", { theirs }) + now),
    el("p", {}, tn("clash.waiting", "This phone still has {n} entry waiting: {entries}.",
      "This phone still has {n} entries waiting: {entries}.", waiting.length,
      { n: waiting.length, entries: waiting.join(", ") })),
    S.conflict.entry && S.conflict.entry.path === "/undo" ? el("p", { class: "note" },
      t("clash.undo_now", "An undo sent now takes back the last entry the referee has: the other phone's.")) : null,
    el("div", { class: "actions" },
      el("button", { type: "button", class: "choice", id: "conflict-keep", onclick: keepAll },
        t("clash.send_after", "Send mine after it")),
      el("button", { type: "button", class: "choice", id: "conflict-drop", onclick: dropAll },
        t("clash.drop", "Drop mine"))),
  ];
}
