// The journal's chart: each side's running luck over the game's battles, one line and one
// colour per side, the zero line between lucky and unlucky, each line's end labelled with its side and its
// total — read on a phone without a number. chartGeometry is pure (tests/js/journal-chart.test.mjs);
// drawChart turns it into SVG.
//
// Not for: the numbers behind it (journal-view.js's table), or the sums (pycore's `journal` op).

import {signedIpcs} from "../kit/luck-words.js";

const SVG = "http://www.w3.org/2000/svg";
// Told apart by colour-blind players too (Okabe & Ito's palette), and each line has its own dash as well.
export const COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "", "6 3"];
const LABEL_GAP = 15; // px between two end labels (13 px text)

/**
 * The chart's shapes in a width × height box: {zeroY, lines: [{side, colour, dash, points: [[x, y]…],
 * end: {x, y, text}}], top, bottom, battles}. series: [{side, running: [luck after battle 1, 2, …]}],
 * each as long as the game (a battle a side did not fight leaves its luck where it was). The luck axis is
 * symmetric about zero, so "above the line" always means luckier.
 */
export function chartGeometry(series, {width = 360, height = 220, labelWidth = 118} = {}) {
  const battles = Math.max(0, ...series.map((s) => s.running.length));
  const reach = Math.max(1, ...series.flatMap((s) => s.running.map(Math.abs)));
  const top = niceCeiling(reach);
  const plot = {left: 8, right: width - labelWidth, top: 14, bottom: height - 22};
  const x = (i) => plot.left + (battles ? (i / battles) * (plot.right - plot.left) : 0);
  const y = (value) => plot.top + ((top - value) / (2 * top)) * (plot.bottom - plot.top);
  const lines = series.map((s, index) => {
    const points = [[x(0), y(0)], ...s.running.map((value, i) => [x(i + 1), y(value)])];
    const total = s.running.at(-1) ?? 0;
    return {side: s.side, colour: COLOURS[index % COLOURS.length], dash: DASHES[index % DASHES.length], points,
      end: {x: points.at(-1)[0] + 6, y: points.at(-1)[1], text: `${short(s.side)} ${signedIpcs(total)}`}};
  });
  spreadLabels(lines.map((line) => line.end), plot.top + 4, plot.bottom);
  return {zeroY: y(0), lines, top, bottom: -top, battles, plot, width, height};
}

/** 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 15…: the luck axis ends at a round number of IPCs. */
export function niceCeiling(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 1.5, 2, 3, 4, 5, 6, 8, 10].map((step) => Number((step * power).toPrecision(12))).find((step) => step >= value);
}

const short = (name) => (name.length > 11 ? `${name.slice(0, 10)}…` : name);

/** End labels moved apart (in place) so no two overlap, kept inside [low, high]. */
export function spreadLabels(ends, low, high) {
  const order = [...ends].sort((a, b) => a.y - b.y);
  for (let i = 1; i < order.length; i++) order[i].y = Math.max(order[i].y, order[i - 1].y + LABEL_GAP);
  const overflow = (order.at(-1)?.y ?? 0) - high;
  if (overflow > 0) for (const end of order) end.y -= overflow;
  for (let i = 0; i < order.length; i++) order[i].y = Math.max(order[i].y, low + i * LABEL_GAP);
}

function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== "" && value !== undefined) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The chart as an <svg> node; `title` says what it shows to a screen reader. */
export function drawChart(geometry, title) {
  const {width, height, plot, zeroY, lines, top, battles} = geometry;
  const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, class: "journal-chart", id: "journal-chart", role: "img",
    "aria-label": title});
  root.append(svg("title", {}, title));
  root.append(svg("text", {x: plot.left, y: plot.top - 3, class: "axis-word"}, `luckier ↑  (+${top} IPCs)`));
  root.append(svg("text", {x: plot.left, y: plot.bottom + 14, class: "axis-word"}, `unluckier ↓  (−${top})`));
  root.append(svg("line", {x1: plot.left, x2: plot.right, y1: zeroY, y2: zeroY, class: "zero-line"}));
  root.append(svg("text", {x: plot.right, y: plot.bottom + 14, class: "axis-word", "text-anchor": "end"},
    battles === 1 ? "1 battle" : `${battles} battles →`));
  for (const line of lines) {
    const points = line.points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" ");
    root.append(svg("polyline", {points, class: "luck-line", stroke: line.colour, "stroke-dasharray": line.dash,
      "data-side": line.side}));
    const [ex, ey] = line.points.at(-1);
    root.append(svg("circle", {cx: ex, cy: ey, r: 4, fill: line.colour}));
    root.append(svg("text", {x: line.end.x, y: line.end.y + 4, class: "end-label", fill: line.colour, "data-side": line.side},
      line.end.text));
  }
  return root;
}
