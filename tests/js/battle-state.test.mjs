// The Battle screen's state (web/battle/battle-state.js): a battle is its resolve request, and each
// decision is one more entry in one of its lists, so undo is dropping that entry. Hand-made requests
// and answers shaped as pycore's (docs/api.md resolve).
import {test} from "node:test";
import assert from "node:assert/strict";
import {decide, enterDice, firstRound, historyKey, nextRound, phaseOf, pressOn, retreat, submerge, submergeSides, withDice}
  from "../../web/battle/battle-state.js";

const BATTLE = {op: "resolve", ruleset: "1942-2e", system: {name: "dice"}, attacker: {units: {infantry: 3}},
  defender: {units: {infantry: 2}}, seed: "s"};
const round = (n, after, complete = true) => ({round: n, complete, after});

test("the first round asks one round; press on asks one more than shown", () => {
  assert.deepEqual(firstRound(BATTLE), {...BATTLE, rounds: 1});
  const shown = {request: {...BATTLE, rounds: 2}, result: {rounds: [round(1, {}), round(2, {})], outcome: "in_progress"}};
  assert.equal(pressOn(shown).rounds, 3);
  assert.equal(BATTLE.rounds, undefined, "the request shown is never changed in place");
});

test("referee mode: each next round gets an empty entry for its dice, the dice entered kept", () => {
  const referee = {...BATTLE, seed: undefined, dice: [{attacker: {main: [1, 2, 3]}}]};
  assert.deepEqual(nextRound(referee, 1).dice, [{attacker: {main: [1, 2, 3]}}, {}]);
  assert.deepEqual(nextRound({...BATTLE, dice: []}, 0).dice, [{}]);
});

test("retreat after round 3: pressed on after rounds 1 and 2, retreats after 3 (docs/api.md choices)", () => {
  const shown = {request: {...BATTLE, rounds: 3}, result: {rounds: [round(1, {}), round(2, {}), round(3, {})]}};
  const asked = retreat(shown);
  assert.equal(asked.rounds, 3);
  assert.deepEqual(asked.choices, ["press", "press", "retreat"]);
});

test("a decision is the last entry of its list: dropping it is the undo", () => {
  const choice = {round: 1, step: "main", side: "defender", lost: {infantry: 1}, damaged: {}};
  const once = decide(BATTLE, "casualties", choice);
  const twice = decide(once, "casualties", {...choice, round: 2});
  assert.deepEqual(twice.casualties.map((c) => c.round), [1, 2]);
  assert.deepEqual({...twice, casualties: twice.casualties.slice(0, -1)}, once);
  assert.equal(BATTLE.casualties, undefined);
});

test("dice entered go to their round, side and group; a bare list of a side stays its main group", () => {
  assert.deepEqual(withDice([], [{round: 2, side: "attacker", group: "main", values: [4, 1]}]),
    [{}, {attacker: {main: [4, 1]}}]);
  const old = [{defender: [2, 2]}];
  assert.deepEqual(withDice(old, [{round: 1, side: "defender", group: "aa", values: [1]}]),
    [{defender: {main: [2, 2], aa: [1]}}]);
  assert.deepEqual(old, [{defender: [2, 2]}], "the request's own dice are not changed in place");
  assert.deepEqual(enterDice({...BATTLE, dice: [{}]}, [{round: 1, side: "attacker", group: "main", values: [6]}]).dice,
    [{attacker: {main: [6]}}]);
});

test("subs may submerge in a sea battle after a complete round, unless the enemy has a destroyer", () => {
  const sea = {...BATTLE, kind: "sea"};
  const result = {rounds: [round(1, {attacker: {submarine: 2}, defender: {submarine: 1, destroyer: 1}})]};
  assert.deepEqual(submergeSides({request: sea, result}), ["defender"]); // the attacker faces a destroyer
  assert.deepEqual(submergeSides({request: BATTLE, result}), []); // a land battle
  const asked = submerge({request: sea, result}, "defender");
  assert.deepEqual(asked.submerge, [{round: 1, side: "defender"}]);
  assert.deepEqual(submergeSides({request: asked, result}), [], "once per side and round");
  const partial = {rounds: [round(1, {attacker: {submarine: 2}, defender: {}}, false)]};
  assert.deepEqual(submergeSides({request: sea, result: partial}), []);
});

test("the phase: set-up, fighting, waiting for the players, over", () => {
  const setup = phaseOf(null);
  assert.ok(setup.setup && setup.roll && !setup.press && !setup.share && !setup.locked);
  assert.equal(phaseOf(null, {declared: true}).roll, false, "a declared battle is not rolled again");
  assert.ok(phaseOf(null, {declared: true}).fresh && phaseOf(null, {replaying: true}).locked);
  const fighting = phaseOf({request: BATTLE, result: {rounds: [round(1, {})], outcome: "in_progress"}});
  assert.ok(fighting.press && fighting.retreat && fighting.odds && !fighting.share && fighting.locked);
  assert.equal(fighting.rounds, 1);
  assert.equal(phaseOf({request: BATTLE, result: {rounds: [round(1, {})], outcome: "in_progress"}}, {busy: true}).odds, false);
  const waiting = phaseOf({request: BATTLE, result: {rounds: [round(1, {}, false)], outcome: "in_progress", waiting: {kind: "dice"}}});
  assert.ok(waiting.waiting && !waiting.press && !waiting.odds, "no odds before a round is resolved");
  const over = phaseOf({request: BATTLE, result: {rounds: [round(1, {})], outcome: "attacker_wins"}});
  assert.ok(over.over && over.share && over.fresh && !over.press && !over.odds);
  assert.equal(phaseOf({request: {...BATTLE, dice: []}, result: {rounds: [], outcome: "in_progress"}}).referee, true);
});

test("one history entry per battle: the same start, whatever the rounds and decisions", () => {
  assert.equal(historyKey({...BATTLE, rounds: 1}), historyKey(decide({...BATTLE, rounds: 4}, "choices", "press")));
  assert.notEqual(historyKey(BATTLE), historyKey({...BATTLE, seed: "t"}));
});
