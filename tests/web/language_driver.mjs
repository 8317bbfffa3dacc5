// Runs the page's language module (referee/web/language.js) on the cases
// tests/web/test_plurals.py sends: reads {locale, catalog, cases: [[name, one, other, count,
// params]]} on stdin, takes the catalog as the page does and writes tn()'s answers on stdout.
import { readFileSync } from "node:fs";

const language = await import(new URL("../../referee/web/language.js", import.meta.url).href);
const { locale, catalog, cases } = JSON.parse(readFileSync(0, "utf8"));
language.useCatalog(locale, catalog);
const answers = cases.map(([name, one, other, count, params]) =>
  language.tn(name, one, other, count, params || undefined));
process.stdout.write(JSON.stringify(answers));
