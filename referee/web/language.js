// @ts-check
/* The page's language (docs/translating.md): en, fr, de or pl, chosen on this phone (kept in
 * localStorage) or, at first, from the browser's languages. The page's own strings come from
 * /table/i18n/<locale>.json, made from the same catalogs as the API's sentences; the API is
 * asked in the same language (api.js sends Accept-Language), so a ruling is shown in the
 * referee's own words, never rewritten here. */

/** The locales the referee speaks, with each one's name in its own language. */
export const LOCALES = { en: "English", fr: "Français", de: "Deutsch", pl: "Polski" };
const KEPT = "referee.lang";

/** @type {Record<string, string>} the page's words in the current locale, by name */
let words = {};
/** @type {Record<string, Record<string, string>>} the strings said of a count: each one's
 * forms by CLDR plural category ("one", "few", "many", "other"), in the current locale */
let plurals = {};
let current = "en";
/** @type {WeakMap<Element, string>} each marked element's English, as the HTML has it */
const english = new WeakMap();

/** The first of `tags` ("fr-CA", "de") the referee speaks, a region falling back to its
 * language; "en" when none. */
export function negotiate(tags) {
  for (const tag of tags) {
    const base = String(tag).toLowerCase().split(/[-_]/)[0];
    if (base in LOCALES) return base;
  }
  return "en";
}

/** The locale chosen on this phone, else the browser's. */
export function chosenLocale() {
  try {
    const kept = localStorage.getItem(KEPT);
    if (kept && kept in LOCALES) return kept;
  } catch { /* storage refused: the browser's languages */ }
  return negotiate(navigator.languages && navigator.languages.length
    ? navigator.languages : [navigator.language || "en"]);
}

/** The page's current locale ("en", "fr", "de", "pl"). */
export function locale() {
  return current;
}

/** The string `name` in the current locale (`fallback`, its English, when the catalog has
 * none), with `{placeholders}` filled from `params`. */
export function t(name, fallback, params) {
  return fillIn(words[name] || fallback, params);
}

/** `text` with its `{placeholders}` filled from `params` (those not given left as they are). */
function fillIn(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key])
    : whole));
}

/** The string `name` said of `count` in the current locale: the form of the count's plural
 * category (`Intl.PluralRules`: Polish 1 → "one", 2 → "few", 5 → "many"), else the English,
 * `one` for 1 and `other` for any other number; `{placeholders}` filled from `params`
 * (default `{n: count}`). */
export function tn(name, one, other, count, params) {
  const forms = plurals[name];
  const kind = new Intl.PluralRules(forms ? current : "en").select(Number(count));
  const text = forms ? forms[kind] || forms.other || Object.values(forms).pop() || other
    : kind === "one" ? one : other;
  return fillIn(text, params || { n: count });
}

/** Take `catalog` (`/table/i18n/<loc>.json`: `messages` and `plurals`) as the words of
 * `loc`; an empty catalog leaves the English. */
export function useCatalog(loc, catalog) {
  current = loc in LOCALES ? loc : "en";
  words = (catalog && catalog.messages) || {};
  plurals = (catalog && catalog.plurals) || {};
}

/**
 * A string of the catalog kept as what it is made of — its name, its English and its
 * parameters, each a value or a phrase itself — to be worded later (`say`) in whatever
 * language the page speaks then: an entry waiting on the phone keeps its label so
 * (writes.js), and reads in the phone's language of the moment. `lower`: its first letter in
 * lower case (but in German, whose nouns keep their capital).
 * @param {string} name
 * @param {string} fallback
 * @param {Record<string, any>} [params]
 * @param {boolean} [lower]
 * @returns {{name: string, fallback: string, params?: Record<string, any>, lower?: boolean}}
 */
export function phrase(name, fallback, params, lower) {
  return { name, fallback, ...(params ? { params } : {}), ...(lower ? { lower } : {}) };
}

/**
 * `said` in the current locale: a phrase (`phrase`) worded from the catalog, a list of them
 * one after the other, a text as it is (a label stored before labels were kept as phrases
 * keeps its words).
 * @param {any} said
 * @returns {string}
 */
export function say(said) {
  if (said === null || said === undefined) return "";
  if (Array.isArray(said)) return said.map(say).join("");
  if (typeof said !== "object") return String(said);
  const params = said.params ? Object.fromEntries(Object.entries(said.params).map(
    ([key, value]) => [key, value !== null && typeof value === "object" ? say(value) : value]))
    : undefined;
  const text = t(said.name, said.fallback, params);
  return said.lower && current !== "de" ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** Put every `data-i18n` element of `root` in the current locale (as text). */
export function translatePage(root) {
  for (const node of Array.from((root || document).querySelectorAll("[data-i18n]"))) {
    if (!english.has(node)) english.set(node, node.textContent || "");
    const name = node.getAttribute("data-i18n") || "";
    node.textContent = t(name, english.get(node) || "");
  }
  document.title = t("title", "referee — the table");
}

/** Load `loc`'s words and show the page in them; `<html lang>` then says which language the
 * page's text is in (set only once the words are in place, English when they could not be
 * loaded), so nothing reads `lang` ahead of the text it describes. */
export async function useLocale(loc) {
  useCatalog(loc, {});
  if (current !== "en") {
    try {
      const answer = await fetch(`i18n/${current}.json`);
      if (answer.ok) useCatalog(current, await answer.json());
    } catch { /* offline and not kept: the English */ }
  }
  translatePage(document);
  document.documentElement.lang = current === "en" || Object.keys(words).length ? current : "en";
}

/** Keep `loc` as this phone's choice and show the page in it (the match is read again in
 * that language). */
export function chooseLocale(loc) {
  try {
    localStorage.setItem(KEPT, loc);
  } catch { /* kept for this visit only */ }
  location.reload();
}

/** An amount of money the locale's way: "41,20 €" (fr, de), "41,20 EUR" for a currency
 * that is not an ISO code; English as the page always wrote it ("41.20 EUR"). */
export function money(amount, currency) {
  if (current === "en") return `${amount}${currency ? " " + currency : ""}`;
  const value = Number(amount);
  if (!currency || !/^[A-Za-z]{3}$/.test(currency)) {
    return new Intl.NumberFormat(current, { minimumFractionDigits: 2 }).format(value) +
      (currency ? " " + currency : "");
  }
  return new Intl.NumberFormat(current, { style: "currency", currency: currency.toUpperCase() })
    .format(value);
}
