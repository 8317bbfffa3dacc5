// @ts-check
/* Cards in notation ("TS") and in words ("ten of spades"), as design.md writes them. */
import { el } from "./dom.js";
import { phrase, say } from "./language.js";

export const SUITS = ["S", "H", "D", "C"];
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_WORD = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const RANK_WORD = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
/** The ranks of each game's pack, high to low (Piquet: 32 cards; Pitch: 52). */
export const RANKS = { piquet: "AKQJT987".split(""), pitch: "AKQJT98765432".split("") };

export const rankText = (r) => (r === "T" ? "10" : r);
/** The jokers of the games with more points (V2), in words. */
export const JOKER_WORD = { BJ: "big joker", LJ: "little joker", JK: "joker" };
/** "10♠"; a joker as written (V2: "BJ", "LJ", "JK"); a fold (null, V5.3) "—". */
export const cardText = (c) => (c === null ? "—" : c in JOKER_WORD ? c
  : rankText(c[0]) + SUIT_SYMBOL[c[1]]);
/** A card in the page's language: "ten of spades" ("dix de pique", "Pik-Zehn", "dziesiątka
 * pik"); "big joker"; a fold: "out of trumps". */
export const cardWords = (c) => say(cardPhrase(c));
/** A card's words as a phrase (language.js `phrase`), worded when said. */
export const cardPhrase = (c) => (c === null ? phrase("card.fold", "out of trumps")
  : c in JOKER_WORD ? phrase(`card.joker.${c}`, JOKER_WORD[c])
  : phrase("card.words", "{rank} of {suit}", {
    rank: phrase(`card.rank.${c[0]}`, RANK_WORD[c[0]]),
    suit: phrase(`card.suit.${c[1]}`, SUIT_WORD[c[1]]) }));
export const isRed = (c) => c !== null && (c[1] === "H" || c[1] === "D");

/**
 * The jokers of a Pitch match's pack as its card picker offers them (V2, V13): none in the
 * 4-point game; "JK" for a one-joker pack, or for two jokers told apart by the order of play
 * (`joker_order` "first_played"); else "BJ" and "LJ".
 * @param {{points?: string[], joker_order?: string}} options  the match's options
 * @returns {string[]}
 */
export function jokersOf(options) {
  const points = options.points || [];
  if (points.includes("joker")) return ["JK"];
  if (!points.includes("big_joker")) return [];
  return options.joker_order === "first_played" ? ["JK"] : ["BJ", "LJ"];
}
/** Every card of the game's pack, suit by suit. */
export const packOf = (game) => SUITS.flatMap((s) => RANKS[game].map((r) => r + s));

/** A card as shown in text: "10♠", coloured, with its words as a tooltip. */
export function cardSpan(card) {
  return el("span", { class: "c" + (isRed(card) ? " red" : ""), title: cardWords(card) },
    cardText(card));
}

/** Card codes inside a referee's sentence ("played 8S on JC") in words. */
export function cardsInWords(text) {
  return String(text).replace(/\b([AKQJT2-9])([SHDC])\b/g, (_, r, s) => cardWords(r + s));
}
