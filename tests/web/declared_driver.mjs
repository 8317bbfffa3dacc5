// Runs the page's declarations in words (referee/web/declared.js) under Node, in a locale:
// reads {locale, messages, cases} on stdin (messages: the page's catalog of that locale, as
// /table/i18n/<locale>.json serves it), writes the list of declaredWords(case) on stdout.
import { readFileSync } from "node:fs";

const { locale, messages, cases } = JSON.parse(readFileSync(0, "utf8"));
// What the page's language module touches: the catalog's fetch and the document's title.
globalThis.fetch = async () => ({ ok: true, json: async () => ({ messages }) });
globalThis.document = /** @type {any} */ ({ querySelectorAll: () => [], documentElement: {} });
const language = await import(new URL("../../referee/web/language.js", import.meta.url).href);
const { declaredWords } = await import(new URL("../../referee/web/declared.js", import.meta.url).href);
await language.useLocale(locale);
process.stdout.write(JSON.stringify(cases.map((c) => declaredWords(c))));
