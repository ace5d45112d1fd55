// The Odds screen's state (web/odds/calc-state.js): odds from a battle in progress, the More options
// and the "from here" banner. Battle answers are shaped as pycore's resolve result (docs/api.md).
import {test} from "node:test";
import assert from "node:assert/strict";
import {SYSTEMS, fromHereOf, fromHereWords, moreFields, moreOf, oddsFromBattle, refusedSystem, systemLabel, withFromHere}
  from "../../web/odds/calc-state.js";

const BATTLE = {op: "resolve", ruleset: "revised", system: {name: "dice"}, kind: "sea", lhtr: true, seed: "s",
  attacker: {units: {battleship: 1, destroyer: 2}, tech: ["super_subs"], cargo: {infantry: 1}},
  defender: {units: {submarine: 2}, order_of_loss: ["submarine"]}};

test("odds from here: the forces after the last complete round, from the next round, damage kept", () => {
  const result = {rounds: [
    {round: 1, complete: true, after: {attacker: {battleship: 1, destroyer: 1}, defender: {submarine: 1}}, damaged: {attacker: {battleship: 1}}},
    {round: 2, complete: false, after: {attacker: {}, defender: {}}},
  ]};
  assert.deepEqual(oddsFromBattle(BATTLE, result), {op: "calc", ruleset: "revised", system: {name: "dice"}, kind: "sea", lhtr: true,
    attacker: {units: {battleship: 1, destroyer: 1}, tech: ["super_subs"], damaged: {battleship: 1}},
    defender: {units: {submarine: 1}, order_of_loss: ["submarine"]}, round: 2});
});

test("odds from here before any round: the start, and A&A Chess's carried fractions", () => {
  const calc = oddsFromBattle({...BATTLE, system: {name: "chess", variant: "cof"}}, {rounds: [], carry: {attacker: 4, defender: -2}});
  assert.deepEqual(calc.attacker.units, {battleship: 1, destroyer: 2});
  assert.equal(calc.round, undefined);
  assert.deepEqual(calc.carry, {attacker: 4, defender: -2});
});

test("the More options: only what differs from fighting to the end; a typed non-number goes as typed", () => {
  const off = {rounds: "0", retreatUnits: "0", retreatBelow: "", keepLand: false};
  assert.deepEqual(moreFields(off), {});
  assert.deepEqual(moreFields({rounds: "3", retreatUnits: "2", retreatBelow: "37.5 %", keepLand: true}),
    {rounds: 3, retreat_at_units: 2, retreat_below: 0.375, keep_land: true});
  assert.deepEqual(moreFields({...off, rounds: "lots", retreatBelow: "half"}), {rounds: "lots", retreat_below: "half"});
  for (const shown of [off, {rounds: "3", retreatUnits: "2", retreatBelow: "37.5", keepLand: true}]) {
    assert.deepEqual(moreOf(moreFields(shown)), shown);
  }
});

test("from here: round 2's banner and request; fractions only for COF and COF+R", () => {
  const request = {op: "calc", ruleset: "classic", system: {name: "chess", variant: "cof"}, round: 2, carry: {attacker: 4, defender: -2},
    attacker: {units: {infantry: 3}}, defender: {units: {battleship: 1}, damaged: {battleship: 1}}};
  const here = fromHereOf(request);
  assert.deepEqual(here, {round: 2, carry: {attacker: 4, defender: -2}, damaged: {defender: {battleship: 1}}});
  assert.equal(fromHereWords(here, new Map([["battleship", "Battleship"]])),
    "Odds from round 2 of a battle: no AA fire or bombardment. Already damaged: defender 1 battleship. " +
    "Carried fractions: attacker +4, defender −2.");
  const bare = {...request, round: undefined, carry: undefined, defender: {units: {battleship: 1}}};
  delete bare.round;
  delete bare.carry;
  assert.deepEqual(withFromHere(bare, here), request);
  const dice = withFromHere({...bare, system: {name: "dice"}}, here);
  assert.equal(dice.carry, undefined, "a dice row of the luck dial carries nothing");
  assert.equal(fromHereOf({...bare, round: 1}), null);
});

test("the dial's systems and their names; a refused system is the system's field", () => {
  const keys = SYSTEMS.map((s) => s.key);
  for (const key of ["dice", "lowluck", "chess-orthodox", "chess-ryof", "chess-ryof6", "chess-cof", "chess-cofr", "colored"]) {
    assert.ok(keys.includes(key), key);
  }
  assert.equal(new Set(keys).size, keys.length, "one row per system");
  assert.equal(systemLabel({name: "chess", variant: "ryof"}), "Chess, roll the fraction");
  assert.equal(systemLabel({name: "lowluck"}), "Low Luck");
  assert.ok(refusedSystem({type: "bad_request", field: "system.variant"}));
  assert.ok(!refusedSystem({type: "bad_request", field: "attacker.units"}));
});
