// Says the page's phrases (referee/web/language.js `say`) under Node, in a locale: reads
// {locale, messages, cases} on stdin (each case a phrase, a list of them or a text; a case
// {card: "KS"} is cards.js cardPhrase("KS")), writes the list of what each says on stdout.
import { readFileSync } from "node:fs";

const { locale, messages, cases } = JSON.parse(readFileSync(0, "utf8"));
globalThis.fetch = async () => ({ ok: true, json: async () => ({ messages }) });
globalThis.document = /** @type {any} */ ({ querySelectorAll: () => [], documentElement: {} });
const language = await import(new URL("../../referee/web/language.js", import.meta.url).href);
const { cardPhrase } = await import(new URL("../../referee/web/cards.js", import.meta.url).href);
await language.useLocale(locale);
const made = (c) => (c && typeof c === "object" && "card" in c ? cardPhrase(c.card) : c);
process.stdout.write(JSON.stringify(cases.map((c) => language.say(
  Array.isArray(c) ? c.map(made) : made(c)))));
