// The Odds screen's state (web/odds/calc-state.js): odds from a battle in progress, the More options
// and the "from here" banner. Battle answers are shaped as pycore's resolve result (docs/api.md).
import {test} from "node:test";
import assert from "node:assert/strict";
import {RULESETS} from "../../web/kit/tables.js";
import {SYSTEMS, calcLabel, dialSystems, chanceOf, fromHereOf, fromHereWords, moreFields, moreOf, oddsFromBattle, percentOf, refusedSystem,
  systemLabel, withFromHere} from "../../web/odds/calc-state.js";

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
  const off = {rounds: "0", retreatUnits: "0", retreatBelow: "", keepLand: false, profit: false, margin: "0", airLoss: "", strafe: ""};
  assert.deepEqual(moreFields(off), {});
  assert.deepEqual(moreFields({rounds: "0", retreatUnits: "0", retreatBelow: "", keepLand: false}), {}, "an older caller's four fields");
  assert.deepEqual(moreFields({...off, rounds: "3", retreatUnits: "2", retreatBelow: "37.5 %", keepLand: true}),
    {rounds: 3, retreat_at_units: 2, retreat_below: 0.375, keep_land: true});
  assert.deepEqual(moreFields({...off, rounds: "lots", retreatBelow: "half"}), {rounds: "lots", retreat_below: "half"});
  for (const shown of [off, {...off, rounds: "3", retreatUnits: "2", retreatBelow: "37.5", keepLand: true}]) {
    assert.deepEqual(moreOf(moreFields(shown)), shown);
  }
});

test("the rules that weigh the battle's worth (docs/rules.md §9.3): profit with its margin, aircraft and strafe as chances", () => {
  const off = moreOf({});
  assert.deepEqual(moreFields({...off, profit: true}), {retreat_profit: 0}, "on, no margin: the best rule");
  assert.deepEqual(moreFields({...off, profit: true, margin: "-2.5"}), {retreat_profit: -2.5});
  assert.deepEqual(moreFields({...off, margin: "5"}), {}, "a margin without the rule asks nothing");
  assert.deepEqual(moreFields({...off, airLoss: "50", strafe: "80 %"}), {retreat_air_loss: 0.5, retreat_strafe: 0.8});
  assert.deepEqual(moreFields({...off, strafe: "most"}), {retreat_strafe: "most"}, "pycore names what is not a number");
  const shown = {...off, profit: true, margin: "2", airLoss: "12.345", strafe: "7"};
  assert.deepEqual(moreOf(moreFields(shown)), shown, "a link's rules show as typed");
});

test("a percentage is read as the decimal typed, and shown back as it was", () => {
  assert.equal(chanceOf("12.345"), 0.12345, "not 12.345 / 100 = 0.12345000000000001");
  assert.equal(chanceOf("7"), 0.07);
  assert.equal(chanceOf(" 100 % "), 1);
  assert.equal(chanceOf(""), null);
  assert.equal(chanceOf("abc"), "abc");
  for (const p of [0.07, 0.12345, 0.375, 1, 0, 0.999]) assert.equal(chanceOf(percentOf(p)), p);
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
  // One row per system or variant pycore lists (the generated tables), in its order.
  const fromCore = RULESETS.systems.flatMap((s) => (s.variants?.length ? s.variants.map((v) => `${s.id}-${v.id}`) : [s.id]));
  assert.deepEqual(keys, fromCore);
  const more = dialSystems([...RULESETS.systems, {id: "mystery", name: "Mystery dice"},
    {id: "chess", name: "A&A Chess", variants: [{id: "new", name: "New"}]}]);
  assert.deepEqual(more.slice(-2).map((s) => [s.key, s.label]), [["mystery", "Mystery dice"], ["chess-new", "A&A Chess, New"]]);
  assert.ok(refusedSystem({type: "bad_request", field: "system.variant"}));
  assert.ok(!refusedSystem({type: "bad_request", field: "attacker.units"}));
});

test("the history's label: a battle's chance to win, a plan's waves and its chances to take and hold", () => {
  const names = new Map([["infantry", "Infantry"], ["tank", "Tank"]]);
  const request = {system: {name: "dice"}, attacker: {units: {infantry: 3}}, defender: {units: {infantry: 2}}};
  assert.equal(calcLabel(request, {outcome: {attacker_wins: 0.5}}, {rulesetName: "Revised", names}),
    "Revised · Dice: 3 infantry v 2 infantry — attacker wins 50.0%");
  const plan = {waves: [{}, {}, {}], takes_territory: 0.888, holds: 0.298, outcome: {attacker_wins: 0.8}};
  assert.equal(calcLabel(request, plan, {rulesetName: "Revised", names}),
    "Revised · Dice: 3 infantry + 2 more waves v 2 infantry — takes 88.8%, holds 29.8%");
});
