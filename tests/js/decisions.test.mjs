// web/battle/decisions.js: a battle's decisions in order, and the request without the last one (#29).
// Run: node --test tests/js   (tests/js/test_node.py runs it under pytest).

import {test} from "node:test";
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";

import {decisions, undo, undoLabel} from "../../web/battle/decisions.js";

// Battles played as the Battle screen plays them, each request with pycore's answer (tests/js/fixtures.py).
const battles = JSON.parse(readFileSync(new URL("./fixtures/decisions.json", import.meta.url), "utf8"));

for (const battle of battles) {
  test(`undo gives back the request before each decision: ${battle.name}`, () => {
    battle.steps.forEach(({request, result}, k) => {
      const back = undo(request, result);
      assert.ok(back, `step ${k}: something to undo`);
      if (k === 0) assert.equal(back.request, null, "undoing round 1 goes back to the set-up");
      else assert.deepEqual(back.request, battle.steps[k - 1].request, `step ${k} (${back.undone.label})`);
    });
  });
}

test("a battle's decisions are listed in the order they were made", () => {
  const seeded = battles.find((b) => b.name.startsWith("seeded"));
  const {request, result} = seeded.steps.at(-1);
  assert.deepEqual(decisions(request, result).map((d) => d.label), [
    "Undo: round 1",
    ...request.casualties.filter((c) => c.round === 1).map((c) => `Undo: ${c.side}'s casualties`),
    "Undo: round 2",
    ...request.casualties.filter((c) => c.round === 2).map((c) => `Undo: ${c.side}'s casualties`),
    "Undo: retreat"]);
});

test("at a table the dice of one step are one decision, and a later round is opened by its dice", () => {
  const table = battles.find((b) => b.name.startsWith("table hits"));
  const {request, result} = table.steps.at(-1);
  const list = decisions(request, result);
  assert.deepEqual(list.map((d) => [d.kind, d.round, d.step]),
    [["round", 1, undefined], ["dice", 1, "aa"], ["dice", 1, "main"], ["dice", 2, "main"]]);
  assert.deepEqual(list[2].entries, [
    {side: "attacker", group: "main", entry: {hits: 4}}, {side: "defender", group: "main", entry: {hits: 3}}]);
  assert.equal(list[3].opensRound, true);
  assert.deepEqual(undoLabel(request, result), {text: "Undo: round 2 hits", title: "Undo the hits entered for the main fire of round 2"});
  // What was entered comes back with the undo, for the pads to offer again.
  assert.deepEqual(undo(request, result).undone.entries.map((e) => e.entry), [{hits: 1}, {hits: 0}]);
});

test("the button names each kind of decision", () => {
  const label = (name, k) => {
    const step = battles.find((b) => b.name.startsWith(name)).steps[k];
    return undoLabel(step.request, step.result).text;
  };
  assert.equal(label("seeded", 0), "Undo: round 1");
  assert.equal(label("seeded", 6), "Undo: retreat");
  assert.equal(label("table hits", 1), "Undo: AA hits");
  assert.equal(label("table faces, Low Luck", 1), "Undo: AA dice");
  assert.equal(label("table faces, Low Luck", 2), "Undo: round 1 dice");
  assert.equal(label("table faces: Roll", 3), "Undo: round 2");
  assert.equal(label("sea", 1), "Undo: submerge");
  assert.match(label("coloured", 1), /^Undo: (attacker|defender)'s casualties$/);
});

test("a retreat's undo leaves no choices behind, so the link is the one before it", () => {
  const request = {op: "resolve", seed: "x", rounds: 3, choices: ["press", "press", "retreat"]};
  const result = {rounds: [1, 2, 3].map((round) => ({round, complete: true, steps: []})), outcome: "retreat"};
  assert.deepEqual(undo(request, result).request, {op: "resolve", seed: "x", rounds: 3});
});

test("a decision given for a step the battle has not reached yet is still undone, last", () => {
  // The dice of round 1's main fire given while the battle waits for its AA die.
  const request = {op: "resolve", dice: [{attacker: {main: {hits: 2}}}], rounds: 1};
  const result = {rounds: [{round: 1, complete: false, steps: []}], outcome: "in_progress", waiting: {kind: "dice"}};
  const back = undo(request, result);
  assert.equal(back.undone.kind, "dice");
  assert.deepEqual(back.request, {op: "resolve", dice: [{}], rounds: 1});
});

test("nothing to undo before the battle starts", () => {
  assert.equal(undo({op: "resolve", seed: "x"}, {rounds: []}), null);
  assert.equal(undoLabel({op: "resolve", seed: "x"}, null), null);
});

test("a side's dice given as a plain list (its main group) are undone whole", () => {
  const request = {op: "resolve", dice: [{attacker: [1, 2], defender: {main: [3]}}], rounds: 1};
  const result = {rounds: [{round: 1, complete: true, steps: [{step: "main",
    fire: [{side: "attacker", group: "main"}, {side: "defender", group: "main"}], casualties: []}]}]};
  assert.deepEqual(undo(request, result).request, {op: "resolve", dice: [{}], rounds: 1});
  assert.equal(undoLabel(request, result).text, "Undo: round 1 dice");
});
