// The luck of a battle in words (web/kit/luck-words.js, issue #33). The golden battle is docs/api.md's:
// Classic, dice, 1 infantry against 1 infantry, the attacker won — swing +3, law {-3: 5/8, 0: 1/8, 3: 1/4},
// so the mean is (−15 + 6)/8 = −1.125 and the attacker's percentile P(S < 3) + ½·P(S = 3) = 3/4 + 1/8 = 0.875
// (tests/core/test_luck.py works it by hand).
import {test} from "node:test";
import assert from "node:assert/strict";
import {luckDetails, luckLine, percentileWords, sigmas, signedIpcs} from "../../web/kit/luck-words.js";

const WON = {swing: 3, expected_swing: -1.125, sd: 2.5709, luck: 4.125, percentile: 0.875, exact: true, rounds: null};

test("the line under a result: the attacker's percentile, the swing against the swing expected", () => {
  assert.equal(luckLine(WON), "Attacker: luckier than 88 % of outcomes — swing +3 IPCs (expected −1.1)");
  // The same battle lost (swing −3): P(S < −3) + ½·P(S = −3) = 0 + 5/16.
  assert.equal(luckLine({...WON, swing: -3, luck: -1.875, percentile: 0.3125}),
    "Attacker: unluckier than 69 % of outcomes — swing −3 IPCs (expected −1.1)");
  assert.equal(luckLine({...WON, swing: 0, percentile: 0.5}), "Attacker: as lucky as the typical outcome — swing 0 IPCs (expected −1.1)");
});

test("mid-battle it is the luck so far; no luck (A&A Chess orthodox) says nothing", () => {
  assert.equal(luckLine(WON, {soFar: true}), "Luck so far, attacker: luckier than 88 % of outcomes — swing +3 IPCs (expected −1.1)");
  assert.equal(luckLine(null), null);
  assert.deepEqual(luckDetails(null), []);
});

test("a result short of the best is never said to beat every outcome", () => {
  assert.equal(percentileWords(0.996), "Luckier than 99 % of outcomes");
  assert.equal(percentileWords(1), "Luckier than 100 % of outcomes");
  assert.equal(percentileWords(0.004), "Unluckier than 99 % of outcomes");
});

test("numbers with their sign, one decimal where they have one", () => {
  assert.deepEqual([6, 2.44, -2.45, 0.04, -0.04, 0].map(signedIpcs), ["+6", "+2.4", "−2.4", "0", "0", "0"]);
  assert.deepEqual([1.25, -0.44, 0].map(sigmas), ["+1.3", "−0.4", "0"]);
});

test("the details: luck in IPCs and standard deviations, ties split, exact or sampled", () => {
  const [luck, percentile, how] = luckDetails(WON);
  assert.match(luck, /\+4\.1 IPCs .*\+1\.6 standard deviations \(one is 2\.6 IPCs\)/); // 4.125 / 2.5709 = 1.60
  assert.match(percentile, /87\.5 %.*ties split/);
  assert.match(how, /exactly/);
  assert.match(luckDetails({...WON, exact: false})[2], /sample/);
});

test("a WiF 67 roll: the rolled cell's place among the rolls at these odds (docs/wif.md, Luck)", async () => {
  const {wifLuckLine} = await import("../../web/kit/luck-words.js");
  // docs/wif.md: at 1:1, dice 1 + 1 read "3/-" with 3 chances in 100 and nothing below it: 0 + 3/200.
  assert.equal(wifLuckLine({percentile: 0.015}), "Attacker: unluckier than 99 % of rolls at these odds");
  assert.equal(wifLuckLine({percentile: 0.5}), "Attacker: as lucky as the typical roll");
  assert.equal(wifLuckLine(null), null);
});
