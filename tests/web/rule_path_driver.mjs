// Runs the page's rule links (referee/web/verdict.js rulePath) under Node: reads a list of
// rule sections on stdin, writes the path each links to (null: shown as text) on stdout.
import { readFileSync } from "node:fs";

const cited = JSON.parse(readFileSync(0, "utf8"));
globalThis.document = /** @type {any} */ ({ querySelectorAll: () => [], documentElement: {} });
const { rulePath } = await import(new URL("../../referee/web/verdict.js", import.meta.url).href);
process.stdout.write(JSON.stringify(cited.map((rule) => rulePath(rule))));
