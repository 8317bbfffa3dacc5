// @ts-check
/* What a Piquet player declared (Q5), in the page's words: made from the codes a declaration
 * carries — a point's number of cards (and pips), a sequence's name and top card ("quint",
 * "quint:A", {length: 5, top: "A", suit: "C"}), a set's kind and rank ("trio:A",
 * {count: 3, rank: "A"}), carte blanche, "best" — each worded from the page's catalog, so
 * every phone reads the same declaration in its own language. Words a player typed himself
 * ("three aces", "quinte au roi") are the table's own and are shown as written. */
import { SUIT_WORD } from "./cards.js";
import { t } from "./language.js";

/** The sequences by length (Q5), as the declaration form sends their names. */
const SEQUENCES = { 3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième" };
const LENGTHS = Object.fromEntries(Object.entries(SEQUENCES).map(([n, name]) => [name, Number(n)]));
/** The top card of a sequence, in words with its article ("to the king"). */
const TOPS = {
  A: () => t("play.sequence_top.A", "{sequence} to the ace"),
  K: () => t("play.sequence_top.K", "{sequence} to the king"),
  Q: () => t("play.sequence_top.Q", "{sequence} to the queen"),
  J: () => t("play.sequence_top.J", "{sequence} to the jack"),
  T: () => t("play.sequence_top.T", "{sequence} to the ten"),
  9: () => t("play.sequence_top.9", "{sequence} to the nine"),
};
/** The ranks of the sets that count (Q5): aces down to tens, with their English plural. */
const SET_RANKS = ["A", "K", "Q", "J", "T"];
const RANK_NAMES = { A: "aces", K: "kings", Q: "queens", J: "jacks", T: "tens" };

/** A rank as the codes write it ("A", "T"; "10" is "T"), or null. */
function rankCode(value) {
  const text = String(value).toUpperCase();
  return text === "10" ? "T" : /^[AKQJT98]$/.test(text) ? text : null;
}

/** A sequence's name in the page's words ("quinte"), from its length. */
function sequenceName(length) {
  const name = SEQUENCES[length];
  return name ? t(`setup.sequence.${name}`, name) : null;
}

/** One sequence in words, or null when it is no code the page knows. */
function sequenceWords(value) {
  let length = null;
  let top = null;
  let suit = null;
  if (typeof value === "string") {
    const found = /^\s*([^\s:]+)\s*(?::\s*(\w+))?\s*$/.exec(value);
    if (!found || !(found[1] in LENGTHS)) return null;
    length = LENGTHS[found[1]];
    if (found[2] !== undefined && !(top = rankCode(found[2]))) return null;
  } else if (value && typeof value === "object") {
    length = value.length;
    if (value.top !== undefined && value.top !== null && !(top = rankCode(value.top))) return null;
    if (value.suit !== undefined && value.suit !== null) {
      suit = String(value.suit).toUpperCase();
      if (!(suit in SUIT_WORD)) return null;
    }
  }
  let said = sequenceName(length);
  if (!said) return null;
  if (top) {
    if (!(top in TOPS)) return null;
    said = TOPS[top]().replace("{sequence}", said);
  }
  if (suit) {
    said = t("play.sequence_suit", "{sequence} in {suit}", {
      sequence: said, suit: t(`card.suit.${suit}`, SUIT_WORD[suit]) });
  }
  return said;
}

/** One set in words ("trio of aces"), or null when it is no code the page knows. */
function setWords(value) {
  let kind = null;
  let rank = null;
  if (typeof value === "string") {
    const found = /^\s*(trio|quatorze)\s*:\s*(\w+)\s*$/.exec(value);
    if (!found) return null;
    kind = found[1];
    rank = rankCode(found[2]);
  } else if (value && typeof value === "object") {
    kind = { 3: "trio", 4: "quatorze" }[value.count] || null;
    rank = rankCode(value.rank);
  }
  if (!kind || !rank || !SET_RANKS.includes(rank)) return null;
  return kind === "trio" ? t(`setup.trio.${rank}`, `trio of ${RANK_NAMES[rank]}`)
    : t(`setup.quatorze.${rank}`, `quatorze of ${RANK_NAMES[rank]}`);
}
/** A point in words ("point of 5", "point of 5, 48"), or null when it is no code. */
function pointWords(value) {
  if (typeof value === "number") return t("play.point_of", "point of {n}", { n: value });
  if (value && typeof value === "object" && typeof value.cards === "number") {
    return typeof value.pips === "number"
      ? t("play.point_pips", "point of {n}, {pips}", { n: value.cards, pips: value.pips })
      : t("play.point_of", "point of {n}", { n: value.cards });
  }
  return null;
}

/** A value of several (a list, or words separated by commas) as its parts. */
function parts(value) {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return value.split(",").map((s) => s.trim()).filter(Boolean);
  return value ? [value] : [];
}

/** What was written, when the page has no words for it: text as typed, else its JSON. */
const asWritten = (value) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * What one player declared (a deal record's `declarations[role]`), in the page's words:
 * "carte blanche, point of 5, quint to the ace, trio of kings"; "his best" for "best"; "" when
 * he declared nothing.
 * @param {any} declared
 * @returns {string}
 */
export function declaredWords(declared) {
  if (declared === "best") return t("play.declared_best", "his best");
  if (!declared || typeof declared !== "object") return "";
  const said = [];
  if (declared.carte_blanche) said.push(t("play.carte_blanche", "carte blanche"));
  if (declared.point !== null && declared.point !== undefined) {
    said.push(pointWords(declared.point) || asWritten(declared.point));
  }
  // Words as a player wrote them are kept whole (their commas are his).
  const sequences = parts(declared.sequence);
  const worded = sequences.map(sequenceWords);
  if (worded.every(Boolean)) said.push(...worded);
  else if (declared.sequence) said.push(asWritten(declared.sequence));
  for (const set of parts(declared.sets)) said.push(setWords(set) || asWritten(set));
  return said.join(", ");
}
