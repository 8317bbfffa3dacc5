// Runs the page's rules module (referee/web/rules.js) on the cases tests/web/test_rules.py
// generates: reads a JSON list of {fn, args} on stdin, writes the list of answers on stdout.
import { readFileSync } from "node:fs";

const rules = await import(new URL("../../referee/web/rules.js", import.meta.url).href);
const cases = JSON.parse(readFileSync(0, "utf8"));
const answers = cases.map(({ fn, args }) => {
  if (typeof rules[fn] !== "function") throw new Error(`rules.js has no function ${fn}`);
  return rules[fn](...args);
});
process.stdout.write(JSON.stringify(answers));
