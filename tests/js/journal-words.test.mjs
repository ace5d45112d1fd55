// The journal in words (web/journal/journal-words.js, issue #33): the leader and a side's numbers.
import {test} from "node:test";
import assert from "node:assert/strict";
import {leaderWords, sideWords} from "../../web/journal/journal-words.js";

const SIDES = [
  {side: "Germany", battles: 3, luck: 5.79, sd: 10.59, z: 0.547, percentile: 0.71, exact: true},
  {side: "Russia", battles: 3, luck: -5.79, sd: 10.59, z: -0.547, percentile: 0.29, exact: true}];

test("the leader: the side with the most luck, or nobody when every total is about zero", () => {
  assert.equal(leaderWords(SIDES), "Germany was luckier: +5.8 IPCs over 3 battles.");
  assert.match(leaderWords(SIDES.map((s) => ({...s, luck: 0.01}))), /^Nobody was luckier/);
  assert.equal(leaderWords([]), null);
});

test("a side's numbers: IPCs, standard deviations, the exact percentile", () => {
  assert.equal(sideWords(SIDES[0]), "Germany: +5.8 IPCs, +0.5 SD over 3 battles — luckier than 71 % of outcomes");
  assert.equal(sideWords({...SIDES[1], z: null, exact: false}),
    "Russia: −5.8 IPCs over 3 battles — unluckier than 71 % of outcomes (some battles sampled)");
});
