// The journal's chart geometry (web/journal/journal-chart.js chartGeometry, issue #33): the luck axis
// symmetric about zero (above the line is always luckier), one point per battle after the start, end
// labels that never overlap.
import {test} from "node:test";
import assert from "node:assert/strict";
import {chartGeometry, niceCeiling, spreadLabels} from "../../web/journal/journal-chart.js";

test("the luck axis ends at a round number at least as far as the largest luck", () => {
  assert.deepEqual([0.3, 1, 1.2, 7, 9, 23, 51].map(niceCeiling), [0.3, 1, 1.5, 8, 10, 30, 60]);
});

test("each side a line from the zero line at the start, one point per battle; the zero line in the middle", () => {
  const g = chartGeometry([{side: "Germany", running: [3, 6, -3]}, {side: "Russia", running: [-3, -6, 3]}],
    {width: 360, height: 220, labelWidth: 118});
  assert.equal(g.top, 6);
  assert.equal(g.zeroY, (g.plot.top + g.plot.bottom) / 2);
  const [germany, russia] = g.lines;
  assert.equal(germany.points.length, 4);
  assert.deepEqual(germany.points[0], [g.plot.left, g.zeroY]);
  assert.equal(germany.points[2][1], g.plot.top, "+6, the top of the axis, is at the top of the plot");
  assert.equal(russia.points[2][1], g.plot.bottom);
  assert.equal(germany.points[3][0], g.plot.right, "the last battle at the right edge of the plot");
  assert.equal(germany.end.text, "Germany −3");
  assert.notEqual(germany.colour, russia.colour);
});

test("end labels of lines ending together are moved apart and stay inside the plot", () => {
  const ends = [{y: 100}, {y: 101}, {y: 99}];
  spreadLabels(ends, 10, 200);
  const ys = ends.map((e) => e.y).sort((a, b) => a - b);
  assert.ok(ys[1] - ys[0] >= 15 && ys[2] - ys[1] >= 15, ys.join());
  const low = [{y: 195}, {y: 196}];
  spreadLabels(low, 10, 200);
  assert.ok(Math.max(...low.map((e) => e.y)) <= 200);
});

test("a long side name is cut in the chart (its whole name is in the numbers)", () => {
  const g = chartGeometry([{side: "The Soviet Union of 1942", running: [1]}]);
  assert.equal(g.lines[0].end.text, "The Soviet… +1");
});
