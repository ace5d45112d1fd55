// The Battle screen's state (web/battle/battle-state.js): a battle is its resolve request, and each
// decision is one more entry in one of its lists, so undo is dropping that entry. Hand-made requests
// and answers shaped as pycore's (docs/api.md resolve).
import {test} from "node:test";
import assert from "node:assert/strict";
import {historyKey, phaseOf, retreating, submergeSides, tableDice} from "../../web/battle/battle-state.js";
// The decisions a battle is made of (decisions.js: one more entry of the request each).
import {decide, enterDice, firstRound, nextRound, pressOn, retreat, submerge} from "../../web/battle/decisions.js";

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
  assert.deepEqual(enterDice({dice: []}, [{round: 2, side: "attacker", group: "main", entry: [4, 1]}]).dice,
    [{}, {attacker: {main: [4, 1]}}]);
  const old = {dice: [{defender: [2, 2]}]};
  assert.deepEqual(enterDice(old, [{round: 1, side: "defender", group: "aa", entry: [1]}]).dice,
    [{defender: {main: [2, 2], aa: [1]}}]);
  assert.deepEqual(old, {dice: [{defender: [2, 2]}]}, "the request's own dice are not changed in place");
  assert.deepEqual(enterDice({...BATTLE, dice: [{}]}, [{round: 1, side: "attacker", group: "main", entry: [6]}]).dice,
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
  // pycore says who may retreat after a complete round (may_retreat, docs/api.md): here everyone.
  const fighting = phaseOf({request: BATTLE, result: {rounds: [round(1, {attacker: {infantry: 3}})], outcome: "in_progress",
    may_retreat: {infantry: 3}}});
  assert.ok(fighting.press && fighting.retreat && fighting.odds && !fighting.share && fighting.locked);
  assert.equal(fighting.leaving, null, "everyone leaves: the button says only Retreat");
  assert.equal(fighting.rounds, 1);
  assert.equal(phaseOf({request: BATTLE, result: {rounds: [round(1, {})], outcome: "in_progress"}}, {busy: true}).odds, false);
  const waiting = phaseOf({request: BATTLE, result: {rounds: [round(1, {}, false)], outcome: "in_progress", waiting: {kind: "dice"}}});
  assert.ok(waiting.waiting && !waiting.press && !waiting.odds, "no odds before a round is resolved");
  const over = phaseOf({request: BATTLE, result: {rounds: [round(1, {})], outcome: "attacker_wins"}});
  assert.ok(over.over && over.share && over.fresh && !over.press && !over.odds);
  assert.equal(phaseOf({request: {...BATTLE, dice: []}, result: {rounds: [], outcome: "in_progress"}}).referee, true);
});

test("Retreat: offered only when someone may leave, naming them when not everyone does (pycore's may_retreat)", () => {
  const amphibious = {...BATTLE, kind: "amphibious"};
  const after = {attacker: {infantry: 2, fighter: 1}, defender: {infantry: 1}};
  const aircraft = phaseOf({request: amphibious, result: {rounds: [round(1, after)], outcome: "in_progress",
    may_retreat: {fighter: 1}}});
  assert.ok(aircraft.retreat && aircraft.press);
  assert.deepEqual(aircraft.leaving, {fighter: 1});
  assert.deepEqual(retreating({rounds: [round(1, after)], may_retreat: {fighter: 1}}), {fighter: 1});
  const nobody = phaseOf({request: amphibious, result: {rounds: [round(1, {attacker: {infantry: 2}})], outcome: "in_progress"}});
  assert.ok(nobody.press && !nobody.retreat, "the aircraft left: nobody may retreat, the button is not offered");
  assert.equal(retreating({rounds: [round(1, after)], may_retreat: {}}), null);
});

test("fair dice round by round: waiting for the next draw keeps New battle, no Press on", () => {
  const drawing = phaseOf({request: {...BATTLE, beacon: {draws: [{round: 9}]}},
    result: {rounds: [], outcome: "in_progress", waiting: {kind: "draw", draw: 1, round: 1, needs: "beacon"}}});
  assert.ok(drawing.waiting && drawing.drawing && drawing.fresh && !drawing.press && !drawing.retreat);
  const dice = phaseOf({request: BATTLE, result: {rounds: [round(1, {}, false)], outcome: "in_progress", waiting: {kind: "dice"}}});
  assert.ok(!dice.drawing && !dice.fresh && !dice.share, "a pause for the players' dice: no draw, only Undo on the bar");
});

test("one history entry per battle: the same start, whatever the rounds and decisions", () => {
  assert.equal(historyKey({...BATTLE, rounds: 1}), historyKey(decide({...BATTLE, rounds: 4}, "choices", "press")));
  assert.notEqual(historyKey(BATTLE), historyKey({...BATTLE, seed: "t"}));
});

test("at a table the next round's pads show once a round ends: no Press on then; a seeded battle keeps Press on", () => {
  const needs = [{round: 2, side: "attacker", group: "main", count: 3}];
  const after = {rounds: [round(1, {attacker: {infantry: 3}})], outcome: "in_progress", next_dice: needs,
    may_retreat: {infantry: 3}};
  const table = {request: {...BATTLE, seed: undefined, dice: [{}], rounds: 1}, result: after};
  assert.deepEqual(tableDice(table), needs);
  const phase = phaseOf(table);
  assert.ok(phase.fighting && !phase.press && phase.retreat, "entering the dice presses on; Retreat stays");
  const seeded = {request: BATTLE, result: after}; // pycore gives next_dice to every battle in progress
  assert.equal(tableDice(seeded), null);
  assert.ok(phaseOf(seeded).press);
  const waiting = {request: table.request, result: {rounds: [round(1, {}, false)], outcome: "in_progress",
    waiting: {kind: "dice", dice: needs}}};
  assert.deepEqual(tableDice(waiting), needs);
  const colored = {request: {...table.request, system: {name: "colored"}}, result: after};
  assert.equal(tableDice(colored), null, "coloured dice have their own pause");
});

test("Undo is offered once a battle is shown, named for the last decision; never with fair dice", () => {
  const shown = {request: {...BATTLE, rounds: 1}, result: {rounds: [round(1, {})], outcome: "in_progress"}};
  assert.deepEqual(phaseOf(shown).undo, {text: "Undo: round 1", title: "Undo round 1: back to the set-up"});
  assert.equal(phaseOf(null).undo, null);
  for (const fair of [{beacon: {draws: [{round: 9, signature: "ab"}]}}, {commit: {hash: "00", draws: []}}]) {
    assert.equal(phaseOf({...shown, request: {...shown.request, ...fair}}).undo, null,
      "a fair draw follows each posted decision: no taking one back after seeing its dice");
  }
});
