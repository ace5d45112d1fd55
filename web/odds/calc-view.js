// What the calculator shows: the win bar, the survivors histogram (SVG), the
// cost swing and its histogram, rounds and how the numbers were found. Pure rendering of a
// `calc` result (docs/api.md) into nodes; no state, no worker. calc.js owns
// the screen and the luck dial.

import {el} from "../kit/dom.js";
import {countName} from "../kit/rulesets.js";

const SVG = "http://www.w3.org/2000/svg";

// Outcomes in bar order; a name the core adds later still gets a grey segment.
const OUTCOMES = [
  ["attacker_wins", "Attacker wins", "attacker"],
  ["draw", "Draw", "draw"],
  ["retreat", "Attacker retreats", "other"],
  ["stalemate", "Stalemate", "other"],
  ["in_progress", "Still fighting", "other"],
  ["defender_wins", "Defender wins", "defender"],
  ["not_fought", "Not fought", "none"], // a plan's later battle, where an earlier one settled it (plan-view.js)
];

/** 0.253 → "25.3%"; the ends say "<0.1%" / ">99.9%" rather than round a real chance to 0 or 100. */
export function percent(p) {
  if (!(p > 0)) return "0%";
  if (p >= 1) return "100%";
  if (p < 0.001) return "<0.1%";
  if (p > 0.999) return ">99.9%";
  return `${(100 * p).toFixed(1)}%`;
}

const number = (x, digits = 1) => (Math.abs(x) < 0.05 ? (0).toFixed(digits) : x.toFixed(digits));

function outcomeList(outcome) {
  const known = OUTCOMES.map(([name]) => name);
  const extra = Object.keys(outcome).filter((name) => !known.includes(name))
    .map((name) => [name, name.replace(/_/g, " "), "other"]);
  return [...OUTCOMES, ...extra].filter(([name]) => name in outcome);
}

/**
 * The win bar: one segment per outcome, wide as its chance, and a legend a player can read. `labels`
 * names outcomes in the legend and the bar's words ({attacker_wins: "Holders win"}: a battle whose sides are
 * not the plan's); a compact bar otherwise shortens "Attacker wins" to "Att.".
 */
export function winBar(outcome, {compact = false, labels = /** @type {Record<string, string>} */ ({})} = {}) {
  const items = outcomeList(outcome).filter(([name]) => outcome[name] > 0 || name === "attacker_wins" || name === "defender_wins")
    .map(([name, label, look]) => [name, labels[name] ?? label, look, labels[name] ?? (compact ? short(label) : label)]);
  const words = items.map(([name, label]) => `${label} ${percent(outcome[name])}`).join(", ");
  const bar = el("div", {class: "win-bar", role: "img", "aria-label": words});
  for (const [name, , look] of items) {
    const p = outcome[name];
    if (!(p > 0)) continue;
    // Inline style attributes are refused by the page's CSP; a CSSOM write is not.
    const segment = el("span", {class: `seg ${look}`, dataset: {outcome: name}, title: `${percent(p)}`},
      // Its label only where it fits: "13.4%" in 17 px bold is 57 px wide, 19 % of the bar (308 px) on a 360 px phone.
      p >= (compact ? 0.16 : 0.19) ? percent(p) : "");
    segment.style.width = `${100 * p}%`;
    bar.append(segment);
  }
  const legend = el("p", {class: "win-legend"}, ...items.map(([name, , look, shown]) =>
    el("span", {class: `key ${look}`, dataset: {outcome: name, p: outcome[name]}},
      el("span", {class: "swatch", "aria-hidden": "true"}), `${shown} `,
      el("strong", {class: "p"}, percent(outcome[name])))));
  return el("div", {class: `win${compact ? " compact" : ""}`}, bar, legend);
}

const short = (label) => ({"Attacker wins": "Att.", "Defender wins": "Def.", "Attacker retreats": "Retreat"}[label] || label);

/** Units a side brings into the calculation (the base of `losses`: ships that only bombard do not count). */
export function startCount(request, role, ruleset) {
  const units = request[role]?.units || {};
  const domain = new Map((ruleset?.units || []).map((u) => [u.id, u.domain]));
  let n = 0;
  for (const [id, count] of Object.entries(units)) {
    if (role === "attacker" && request.kind === "amphibious" && domain.get(id) === "sea") continue;
    n += Number(count) || 0;
  }
  return n;
}

/**
 * P(units left = j) for j = 0..start: the core's `survivors_count` {"j left": p} when it gives
 * one, else start − k from `losses` {"k lost": p}.
 */
export function leftLaw(result, role, start) {
  const counted = result.survivors_count?.[role];
  const pairs = counted ? Object.entries(counted).map(([left, p]) => [Number(left), p])
    : Object.entries(result.losses?.[role] || {}).map(([lost, p]) => [start - Number(lost), p]);
  const law = new Array(Math.max(start, ...pairs.map(([left]) => left)) + 1).fill(0);
  for (const [left, p] of pairs) if (left >= 0) law[left] += p;
  return law;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

/**
 * Draw `chart` (an <svg>) with draw(width) at the width it is shown at, and again when that width
 * changes: the viewBox is then the box itself, so the labels keep their size and shape at any
 * screen width (a fixed viewBox stretched by preserveAspectRatio="none" drew them 1.8× wide at
 * 1280 px). Until the first layout it is drawn at `guess`.
 */
function fitted(chart, guess, draw) {
  let drawn = 0;
  const redraw = (width) => {
    if (!(width > 0) || Math.abs(width - drawn) < 1) return;
    drawn = width;
    chart.replaceChildren();
    draw(width);
  };
  redraw(guess);
  if (typeof ResizeObserver === "function") {
    new ResizeObserver((entries) => redraw(Math.round(entries.at(-1).contentRect.width))).observe(chart);
  }
  return chart;
}

/** A label's x, kept inside the chart (a bar-0 "100%" centred on a narrow bar ran off the left edge). */
function inside(cx, text, width, size) {
  const half = (text.length * size * 0.62) / 2; // a bold digit is about 0.6 em wide
  return Math.min(Math.max(cx, half + 1), width - half - 1);
}

// ---- histograms readable at any size ---------------------------------------------------------
// 500 units left drew 501 bars of 0.7 px and a count every 28 px ("126168210252…" ran together). Bars are
// now at least MIN_BAR px wide — units left in bins of a round size beyond that — and the counts under
// them are a round step apart, with room for the widest.
const MIN_BAR = 4;
const ROUND_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000];

/** law (P(j left) for j = 0..start) as bars {lo, hi, p}: one per count, or bins of a round size when narrow. */
export function binned(law, width) {
  const n = law.length;
  const size = ROUND_STEPS.find((k) => width / Math.ceil(n / k) >= MIN_BAR) ?? ROUND_STEPS.at(-1);
  const bars = [];
  for (let lo = 0; lo < n; lo += size) {
    const hi = Math.min(n - 1, lo + size - 1);
    bars.push({lo, hi, p: law.slice(lo, hi + 1).reduce((sum, p) => sum + p, 0)});
  }
  return bars;
}

/** The bars that get a count under them: every `step`-th (a round step leaving room for the widest count)
 * and the last, which replaces the one before it when the two would touch. */
export function labelled(bars, width, size) {
  const n = bars.length;
  const slot = width / n;
  const widest = String(bars.at(-1).hi).length * size * 0.62 + 10; // a bold digit is about 0.6 em wide
  const step = ROUND_STEPS.find((k) => k * slot >= widest) ?? n;
  const marks = new Set();
  for (let i = 0; i < n; i += step) marks.add(i);
  const last = Math.floor((n - 1) / step) * step;
  if (n - 1 !== last) {
    if ((n - 1 - last) * slot < widest && last !== 0) marks.delete(last);
    marks.add(n - 1);
  }
  return marks;
}

const leftWords = (bar) => (bar.lo === bar.hi ? `${bar.lo}` : `${bar.lo}–${bar.hi}`);

/**
 * The survivors histogram of one side: a bar for each number of units left
 * (0 … start), its height the chance of ending with exactly that many; bins of
 * a round size where a bar a count would be narrower than MIN_BAR px.
 */
export function histogram(role, law, {compact = false, title = "", peak = Math.max(...law, 1e-12)} = {}) {
  const height = compact ? 50 : 150;
  const top = compact ? 4 : 20; // room for the percentages over the bars
  const bottom = compact ? 15 : 22; // room for the counts under them
  const size = compact ? 12 : 13; // the labels' font size (calc.css)
  const plot = height - top - bottom;
  const likely = law.indexOf(Math.max(...law));
  const chart = svg("svg", {class: `hist ${role}`, role: "img", height,
    "aria-label": `${title}: most likely ${likely} left (${percent(law[likely])})`, preserveAspectRatio: "none"});
  return fitted(chart, compact ? 170 : 340, (width) => {
    chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const bars = binned(law, width);
    const n = bars.length;
    const tallest = bars.length === law.length ? peak : Math.max(...bars.map((b) => b.p), 1e-12);
    const mostBar = bars.findIndex((b) => b.lo <= likely && likely <= b.hi);
    const slot = width / n;
    const gap = Math.min(4, slot * 0.15);
    const counted = labelled(bars, width, size);
    chart.append(svg("line", {x1: 0, x2: width, y1: top + plot + 0.5, y2: top + plot + 0.5, class: "axis"}));
    bars.forEach((bar, i) => {
      const p = bar.p;
      const h = p > 0 ? Math.max(1.5, (plot * p) / tallest) : 0;
      const x = i * slot + gap / 2;
      const rect = svg("rect", {x: x.toFixed(2), y: (top + plot - h).toFixed(2), width: Math.max(1, slot - gap).toFixed(2),
        height: h.toFixed(2), class: i === mostBar ? "bar likely" : "bar", "data-left": bar.lo, "data-p": p,
        ...(bar.hi !== bar.lo ? {"data-right": bar.hi} : {})});
      rect.append(svg("title", {}, document.createTextNode(`${leftWords(bar)} left: ${percent(p)}`)));
      chart.append(rect);
      const cx = (i + 0.5) * slot;
      if (counted.has(i)) {
        const text = String(i === n - 1 ? bar.hi : bar.lo);
        chart.append(svg("text", {x: inside(cx, text, width, size).toFixed(2), y: height - 4, class: "count"},
          document.createTextNode(text)));
      }
      if (!compact && p >= 0.005 && (n <= 9 || i === mostBar)) {
        const text = p > 0.995 && p < 1 ? ">99%" : `${Math.round(100 * p)}%`;
        chart.append(svg("text", {x: inside(cx, text, width, size).toFixed(2), y: (top + plot - h - 5).toFixed(2), class: "pct"},
          document.createTextNode(text)));
      }
    });
  });
}

const signed = (ipc) => (ipc > 0 ? `+${ipc}` : ipc < 0 ? `−${-ipc}` : "0");
const MOST_SWING_BARS = 24;

/**
 * The swing's law (`result.swing`, docs/api.md) in bars: {lo, hi, p} from the lowest swing to the
 * highest, one bar per value when they are few, else bins of equal width that never mix a loss, an
 * even result and a gain (0 has a bar of its own), so the colours tell who comes out ahead.
 */
export function swingBars(swing) {
  const values = Object.entries(swing || {}).map(([ipc, p]) => [Number(ipc), p]).filter(([ipc, p]) => Number.isFinite(ipc) && p > 0)
    .sort((a, b) => a[0] - b[0]);
  if (values.length <= MOST_SWING_BARS) return values.map(([ipc, p]) => ({lo: ipc, hi: ipc, p}));
  const reach = Math.max(...values.map(([ipc]) => Math.abs(ipc)));
  const width = Math.ceil(reach / Math.floor((MOST_SWING_BARS - 1) / 2));
  const bins = new Map();
  for (const [ipc, p] of values) {
    const k = Math.sign(ipc) * Math.ceil(Math.abs(ipc) / width);
    const bin = bins.get(k) || {lo: k > 0 ? (k - 1) * width + 1 : k * width, hi: k < 0 ? (k + 1) * width - 1 : k * width, p: 0};
    if (k === 0) bin.lo = bin.hi = 0;
    bin.p += p;
    bins.set(k, bin);
  }
  return [...bins.entries()].sort((a, b) => a[0] - b[0]).map(([, bin]) => bin);
}

/** Who comes out ahead: the chances of a swing above, at and below zero. */
export function swingSides(swing) {
  const sides = {ahead: 0, even: 0, behind: 0};
  for (const [ipc, p] of Object.entries(swing || {})) sides[Number(ipc) > 0 ? "ahead" : Number(ipc) < 0 ? "behind" : "even"] += p;
  return sides;
}

/** The cost swing's histogram: a bar per swing (or range of swings), red where the attacker gains, blue where he loses. */
export function swingHistogram(swing) {
  const bars = swingBars(swing);
  const n = bars.length;
  const height = 120;
  const top = 18;
  const bottom = 22;
  const size = 13;
  const plot = height - top - bottom;
  const peak = Math.max(...bars.map((b) => b.p), 1e-12);
  const likely = bars.findIndex((b) => b.p === peak);
  const range = (b) => (b.lo === b.hi ? `${signed(b.lo)} ${Math.abs(b.lo) === 1 ? "IPC" : "IPCs"}` : `${signed(b.lo)} to ${signed(b.hi)} IPCs`);
  const {ahead, even, behind} = swingSides(swing);
  const chart = svg("svg", {class: "hist swing", role: "img", height, preserveAspectRatio: "none",
    "aria-label": `Cost swing: attacker ahead ${percent(ahead)}, even ${percent(even)}, behind ${percent(behind)}; ` +
      `most likely ${range(bars[likely] || {lo: 0, hi: 0})} (${percent(peak)})`});
  return fitted(chart, 340, (width) => {
    chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const slot = width / Math.max(n, 1);
    const gap = Math.min(4, slot * 0.15);
    const roomy = n * 40 <= width; // a label under every bar (room for "−20"), else the two ends and zero
    chart.append(svg("line", {x1: 0, x2: width, y1: top + plot + 0.5, y2: top + plot + 0.5, class: "axis"}));
    // No bar for an even result: a mark at zero, between the last loss and the first gain.
    const firstGain = bars.findIndex((b) => b.lo > 0);
    if (!bars.some((b) => b.lo <= 0 && b.hi >= 0) && firstGain > 0) {
      const x = firstGain * slot;
      chart.append(svg("line", {x1: x, x2: x, y1: top, y2: top + plot + 4, class: "zero"}));
      // Its "0" only where the labels of the two end bars leave room for it.
      if (!roomy && x - slot / 2 >= 30 && (n - 0.5) * slot - x >= 30) {
        chart.append(svg("text", {x: x.toFixed(2), y: height - 4, class: "count"}, document.createTextNode("0")));
      }
    }
    bars.forEach((b, i) => {
      const h = Math.max(1.5, (plot * b.p) / peak);
      const side = b.hi < 0 ? "behind" : b.lo > 0 ? "ahead" : "even";
      const bar = svg("rect", {x: (i * slot + gap / 2).toFixed(2), y: (top + plot - h).toFixed(2),
        width: Math.max(1, slot - gap).toFixed(2), height: h.toFixed(2), class: `bar ${side}${i === likely ? " likely" : ""}`,
        "data-lo": b.lo, "data-hi": b.hi, "data-p": b.p});
      bar.append(svg("title", {}, document.createTextNode(`${range(b)}: ${percent(b.p)}`)));
      chart.append(bar);
      const cx = (i + 0.5) * slot;
      const zero = b.lo <= 0 && b.hi >= 0;
      if (roomy || i === 0 || i === n - 1 || zero) {
        const text = b.lo === b.hi ? signed(b.lo) : signed(b.lo > 0 ? b.hi : b.lo);
        chart.append(svg("text", {x: inside(cx, text, width, size).toFixed(2), y: height - 4, class: "count"}, document.createTextNode(text)));
      }
      if (i === likely || (n <= 9 && b.p >= 0.005)) {
        const text = `${Math.round(100 * b.p)}%`;
        chart.append(svg("text", {x: inside(cx, text, width, size).toFixed(2), y: (top + plot - h - 5).toFixed(2), class: "pct"},
          document.createTextNode(text)));
      }
    });
  });
}

/** A side's histogram with its heading, for the result card or a dial row. */
export function sideHistogram(result, request, role, ruleset, {compact = false, peak = undefined} = {}) {
  const name = role === "attacker" ? "Attacker" : "Defender";
  const start = startCount(request, role, ruleset);
  const law = leftLaw(result, role, start);
  return el("figure", {class: `hist-box ${role}`, dataset: {role}},
    el("figcaption", {}, compact ? `${name} left` : `${name}: units left (of ${law.length - 1})`),
    histogram(role, law, {compact, title: `${name} units left`, peak}));
}

/** The tallest bar of each side over the dial's rows: one height scale, so the spreads compare. */
export function dialPeaks(rows, request, ruleset) {
  const peaks = {};
  for (const role of ["attacker", "defender"]) {
    const start = startCount(request, role, ruleset);
    peaks[role] = Math.max(1e-12, ...rows.flatMap((r) => leftLaw(r.result, role, start)));
  }
  return peaks;
}

function costText(result) {
  const a = result.cost_lost?.attacker ?? 0;
  const d = result.cost_lost?.defender ?? 0;
  const swing = result.cost_swing ?? d - a;
  const who = swing > 0.05 ? "the attacker comes out ahead" : swing < -0.05 ? "the defender comes out ahead" : "even";
  return {a, d, swing, who};
}

const expected = (counts, names) => {
  const parts = Object.entries(counts || {}).filter(([, x]) => x >= 0.05)
    .map(([id, x]) => countName(Number(x.toFixed(1)), names.get(id) || id));
  return parts.length ? parts.join(", ") : "none";
};

/** "exact" or "simulated, ±x % at 95 %". */
export function methodText(result) {
  if (result.method === "monte_carlo") {
    const spans = Object.values(result.intervals || {}).map(([lo, hi]) => (hi - lo) / 2);
    const half = spans.length ? Math.max(...spans) : NaN;
    const samples = result.samples ? `${result.samples.toLocaleString("en")} battles` : "many battles";
    const margin = Number.isFinite(half) ? `, ±${(100 * half).toFixed(1)}% at 95% confidence` : "";
    return `Simulated (${samples})${margin}: too big to count every outcome.`;
  }
  const pruned = result.pruned > 1e-9 ? ` (outcomes rarer than one in ten trillion left out: ${result.pruned.toExponential(1)} in all)` : "";
  return `Exact: every way the battle can go is counted${pruned}.`;
}

/** The full result card of one calculation. */
export function resultCard(result, request, ruleset) {
  const names = new Map((ruleset?.units || []).map((u) => [u.id, u.name]));
  const {a, d, swing, who} = costText(result);
  const land = (request.kind || "land") !== "sea";
  const rows = [
    land ? ["Takes the territory", percent(result.takes_territory ?? 0), "calc-takes"] : null,
    ["Rounds, on average", number(result.rounds ?? 0, 2), "calc-rounds-expected"],
  ].filter(Boolean);
  return el("div", {class: "calc-card", id: "calc-card"},
    winBar(result.outcome || {}),
    el("dl", {class: "calc-facts"}, ...rows.flatMap(([label, value, id]) => [el("dt", {}, label), el("dd", {id}, value)])),
    el("div", {class: "hists"},
      sideHistogram(result, request, "attacker", ruleset),
      sideHistogram(result, request, "defender", ruleset)),
    el("div", {class: "cost", id: "calc-cost"},
      el("h3", {}, "Cost (IPCs lost, on average)"),
      el("p", {class: "cost-line"},
        el("span", {class: "attacker"}, "Attacker ", el("strong", {}, number(a))),
        el("span", {class: "defender"}, "Defender ", el("strong", {}, number(d))),
        el("span", {class: "swing"}, "Swing ", el("strong", {id: "calc-swing"}, `${swing > 0.05 ? "+" : ""}${number(swing)}`))),
      el("p", {class: "hint"}, `Swing = defender's loss − attacker's: ${who}.`),
      result.swing ? swingFigure(result.swing) : null),
    el("p", {class: "survivors"}, el("strong", {}, "Left on average: "),
      `attacker ${expected(result.survivors?.attacker, names)}; defender ${expected(result.survivors?.defender, names)}.`),
    el("p", {class: "method hint", id: "calc-method"}, methodText(result)));
}

/** The swing's histogram with the line a player reads first: how often the attacker comes out ahead. */
function swingFigure(swing) {
  const {ahead, even, behind} = swingSides(swing);
  return el("figure", {class: "hist-box swing-box", id: "calc-swing-law"},
    el("figcaption", {}, "Swing, battle by battle (IPCs)"),
    el("dl", {class: "swing-sides", id: "calc-ahead"},
      ...[["attacker", "Ahead", ahead], ["even", "Even", even], ["defender", "Behind", behind]]
        .map(([look, words, p]) => el("div", {class: look}, el("dt", {}, words), el("dd", {}, percent(p))))),
    swingHistogram(swing));
}

/** One compact row of the luck dial: the system's name, its win bar and both histograms. */
export function dialRow(label, {result, request, ruleset, error, state, peaks = /** @type {{attacker?: number, defender?: number}} */ ({})}) {
  const row = el("li", {class: `dial-row ${state || ""}`.trim()}, el("h3", {class: "dial-name"}, label));
  if (result) {
    row.append(winBar(result.outcome || {}, {compact: true}),
      el("div", {class: "hists compact"},
        sideHistogram(result, request, "attacker", ruleset, {compact: true, peak: peaks.attacker}),
        sideHistogram(result, request, "defender", ruleset, {compact: true, peak: peaks.defender})));
  } else if (state === "unavailable") {
    row.append(el("p", {class: "hint"}, "not available yet"));
  } else if (error) {
    row.append(el("p", {class: "field-error"}, error));
  } else {
    row.append(el("p", {class: "hint"}, state === "cancelled" ? "Cancelled." : "Waiting…"));
  }
  return row;
}

/**
 * What a calculation a link holds will do, said before it starts (its `estimate`, docs/api.md
 * "Cost budget"): beyond the exact chains' bound it is a simulation, with the interval it will have.
 */
export function estimateText(estimate) {
  if (!estimate.within_budget) {
    return `Not started: this battle would take ${estimate.words} of work, more than the ${estimate.budget_seconds}\u00a0s ` +
      "a calculation may take. Use fewer units, or tap Calculate for the details.";
  }
  if (estimate.method === "monte_carlo") {
    const half = 100 * 1.96 * Math.sqrt(0.25 / Math.max(1, estimate.states));
    return `Not started yet: too big to count every outcome, so Calculate simulates at least ` +
      `${estimate.states.toLocaleString("en")} battles (within ±${half.toFixed(1)}% at 95% confidence, ` +
      `${estimate.words}). Tap Calculate to start it.`;
  }
  return `Not started yet: this calculation takes ${estimate.words}. Tap Calculate to start it.`;
}
