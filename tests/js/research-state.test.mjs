// The Research screen's state (web/research/research-state.js): what the next round's entry says before
// it is recorded, worked by hand from docs/rules.md §5 (Low Luck tech: categories' minimum and maximum,
// break-through thresholds; tech dice: 5 IPC a die, a 6 discovers, Low Luck's sure dice).
import {test} from "node:test";
import assert from "node:assert/strict";
import {diceEntry, lowLuckEntry, nationProblem, researchWords} from "../../web/research/research-state.js";

const AIR = {minimum: 6, maximum: 18, thresholds: [24, 36], cost: 24};

test("Low Luck: below the minimum a project lapses and what it held is lost", () => {
  const lapse = lowLuckEntry({rules: AIR, invest: 4, saved: 12, complete: false, attempting: false, round: 3});
  assert.deepEqual(lapse, {canAttempt: false, warn: true, label: "Lapse: lose 16",
    hint: "Below the minimum of 6: the project lapses and 16 are lost."});
  assert.equal(lowLuckEntry({rules: AIR, invest: 0, saved: 0, complete: false, attempting: false, round: 1}).hint, "No research this round.");
});

test("Low Luck: a break-through may be tried once the savings reach the first threshold", () => {
  const short = lowLuckEntry({rules: AIR, invest: 6, saved: 12, complete: false, attempting: true, round: 2});
  assert.equal(short.canAttempt, false); // 12 + 6 = 18 < 24
  assert.equal(short.hint, "18 saved after this round. A break-through needs 24.");
  assert.equal(short.label, "Record round 2", "an attempt that cannot be made is not offered");
  const ready = lowLuckEntry({rules: AIR, invest: 12, saved: 12, complete: false, attempting: true, round: 2});
  assert.deepEqual(ready, {canAttempt: true, warn: false, label: "Record and try (round 2)",
    hint: "24 saved after this round. A break-through costs 24."});
  assert.equal(lowLuckEntry({rules: AIR, invest: 12, saved: 12, complete: true, attempting: true, round: 2}).canAttempt, false);
  // Before pycore answers there are no thresholds: nothing may be tried yet.
  assert.equal(lowLuckEntry({rules: {minimum: 6, maximum: 18}, invest: 18, saved: 99, complete: false, attempting: true, round: 1}).canAttempt, false);
});

test("tech dice: every die held is rolled; under Low Luck sixes are sure and one die rolls the rest", () => {
  assert.deepEqual(diceEntry({held: 3, bought: 3, lowLuck: false}), {count: 3, hint: "3 dice rolled this turn (15 spent).",
    title: "Your dice: 3 × d6", rolls: "Roll 3 dice and tap each one: a 6 discovers."});
  assert.equal(diceEntry({held: 8, bought: 2, lowLuck: true}).rolls, "Low Luck: 1 sure, then roll one die: it discovers at 2 or less.");
  assert.deepEqual(diceEntry({held: 12, bought: 2, lowLuck: true}).count, 0);
  assert.equal(diceEntry({held: 1, bought: 1, lowLuck: false}).hint, "1 die rolled this turn (5 spent).");
});

test("a new nation needs a name of its own, and room in the game", () => {
  const nations = [{name: "Germany"}];
  assert.equal(nationProblem("", nations, 8), "Give the nation a name.");
  assert.equal(nationProblem("Germany", nations, 8), 'There is already a nation called "Germany".');
  assert.equal(nationProblem("Japan", nations, 1), "A game holds at most 1 nations: remove one first.");
  assert.equal(nationProblem("Japan", nations, 8), "");
});

test("pycore's research errors in words: the turn and the field, never steps[0]", () => {
  assert.equal(researchWords({field: "steps[1].invest", message: "steps[1].invest: turn 2: must be at least 0, got -1"}),
    "Turn 2, invest: must be at least 0, got -1");
  assert.equal(researchWords({field: "category", message: "category: must be \"industrial\" or \"air\""}),
    'Research category: must be "industrial" or "air"');
});
