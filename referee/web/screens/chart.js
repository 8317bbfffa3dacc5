// @ts-check
/* Running totals across the deals: a line per player, drawn as SVG (text as text nodes). */
import { $, el, fill } from "../dom.js";
import { t } from "../language.js";
import { colorClass } from "../match.js";
import { S } from "../state.js";

const NS = "http://www.w3.org/2000/svg";

/** Draw the chart of the live ledger items `live` into #chart (hidden when there are none). */
export function renderChart(live) {
  const fig = $("#chart");
  const m = S.match;
  if (live.length < 1) {
    fig.hidden = true;
    return;
  }
  const names = m.standings.map((s) => s.name);
  const series = names.map((n) => [0, ...live.map((d) => d.totals[n] || 0)]);
  const all = series.flat();
  const lo = Math.min(0, ...all);
  const hi = Math.max(10, ...all, m.game === "piquet" ? 100 : m.options.target || 7);
  const W = 360;
  const H = 200;
  const pad = { l: 34, r: 10, t: 10, b: 24 };
  const x = (i) => pad.l + (i * (W - pad.l - pad.r)) / Math.max(1, live.length);
  const y = (v) => pad.t + ((hi - v) * (H - pad.t - pad.b)) / (hi - lo || 1);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("chart.label", "Running scores by deal: {scores}", {
    scores: names.map((n, i) => `${n} ${series[i][series[i].length - 1]}`).join(", ") }));
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  const step = hi - lo > 150 ? 50 : hi - lo > 40 ? 20 : hi - lo > 15 ? 5 : 1;
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) {
    add("line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v),
      stroke: v === 0 ? "#9ca3af" : "#e5e7eb", "stroke-width": 1 });
    add("text", { x: pad.l - 4, y: y(v) + 4, "text-anchor": "end", "font-size": 11,
      fill: "#6b7280" }, String(v));
  }
  if (m.game === "piquet") {
    add("line", { x1: pad.l, x2: W - pad.r, y1: y(100), y2: y(100), stroke: "#ca8a04",
      "stroke-dasharray": "4 3", "stroke-width": 1.5 });
    add("text", { x: W - pad.r, y: y(100) + (y(100) < pad.t + 14 ? 13 : -4),
      "text-anchor": "end", "font-size": 11, fill: "#a16207" },
    t("chart.rubicon", "Rubicon 100"));
  }
  for (let i = 0; i <= live.length; i++) {
    add("text", { x: x(i), y: H - 6, "text-anchor": "middle", "font-size": 11,
      fill: "#6b7280" }, i === 0 ? "0" : String(live[i - 1].deal));
  }
  series.forEach((points, k) => {
    const color = getComputedStyle(document.documentElement)
      .getPropertyValue(`--p${k % 7}`).trim() || "#000";
    add("polyline", { points: points.map((v, i) => `${x(i)},${y(v)}`).join(" "),
      fill: "none", stroke: color, "stroke-width": 3, "stroke-linejoin": "round" });
    points.forEach((v, i) => add("circle", { cx: x(i), cy: y(v), r: 3.5, fill: color }));
  });
  const caption = el("figcaption", {}, ...names.map((n, i) =>
    el("span", { class: "key " + colorClass(i) }, n)), el("span", {}, "· by deal"));
  fill(fig, svg, caption);
  fig.hidden = false;
}
