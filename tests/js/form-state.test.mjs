// The battle form's shared state (web/kit/form-state.js): the set-up Battle and Odds both enter, and
// what each field an error names is called on the page.
import {test} from "node:test";
import assert from "node:assert/strict";
import {fieldOf, setupOf, systemOf, withSetup} from "../../web/kit/form-state.js";

const RESOLVE = {op: "resolve", ruleset: "1942-2e", system: {name: "chess", variant: "cof"}, kind: "sea", seed: "s",
  choose_casualties: true, lhtr: true, sub_rule: "printed",
  attacker: {units: {destroyer: 1}, tech: ["super_subs"], cargo: {infantry: 2}},
  defender: {units: {transport: 2}, order_of_loss: ["transport"]}};

test("A&A Chess always carries its variant; other systems never do", () => {
  assert.deepEqual(systemOf("chess"), {name: "chess", variant: "orthodox"});
  assert.deepEqual(systemOf("dice", "cof"), {name: "dice"});
});

test("the shared set-up leaves out what only one screen asks (seed, cargo, casualty choice)", () => {
  assert.deepEqual(setupOf(RESOLVE), {ruleset: "1942-2e", system: {name: "chess", variant: "cof"}, kind: "sea",
    lhtr: true, sub_rule: "printed",
    attacker: {units: {destroyer: 1}, tech: ["super_subs"]}, defender: {units: {transport: 2}, order_of_loss: ["transport"]}});
  assert.equal(setupOf({op: "calc", ruleset: "revised", system: {name: "dice"}, attacker: {}, defender: {units: {}}}).kind, "land");
});

test("a screen takes the other's set-up and keeps its own fields", () => {
  const calc = {op: "calc", ruleset: "classic", system: {name: "lowluck"}, rounds: 3, keep_land: true,
    attacker: {units: {infantry: 9}}, defender: {units: {infantry: 9}, damaged: {battleship: 1}}};
  const taken = withSetup(calc, setupOf(RESOLVE));
  assert.equal(taken.op, "calc");
  assert.equal(taken.rounds, 3);
  assert.equal(taken.keep_land, true);
  assert.deepEqual(taken.system, {name: "chess", variant: "cof"});
  assert.deepEqual(taken.attacker, {units: {destroyer: 1}, tech: ["super_subs"]});
  assert.deepEqual(taken.defender, {damaged: {battleship: 1}, units: {transport: 2}, order_of_loss: ["transport"]});
  // And back: Battle keeps its seed and cargo, drops LHTR and the sub rule the other set-up lacks.
  const back = withSetup(RESOLVE, setupOf(calc));
  assert.equal(back.seed, "s");
  assert.deepEqual(back.attacker, {cargo: {infantry: 2}, units: {infantry: 9}});
  assert.equal(back.kind, undefined, "a land battle leaves kind out, as pycore's canonical request does");
  assert.equal("lhtr" in back || "sub_rule" in back, false);
});

test("a field is named in words: the side and the unit's plural, or the control's label", () => {
  const names = new Map([["tank", "Tank"], ["aa_gun", "AA gun"]]);
  assert.deepEqual(fieldOf("attacker.units.tank", names), {key: "side", role: "attacker", unit: "tank", label: "Attacker, tanks"});
  assert.equal(fieldOf("defender.units.aa_gun", names).label, "Defender, AA guns");
  assert.deepEqual(fieldOf("attacker.units", names), {key: "side", role: "attacker", unit: null, label: "Attacker"});
  assert.equal(fieldOf("defender.order_of_loss[2]").label, "Defender, order of loss");
  assert.equal(fieldOf("system.variant").label, "A&A Chess variant");
  assert.equal(fieldOf("system.chart[2].rolls[0]").label, "Colour chart");
  assert.equal(fieldOf("ruleset").label, "Ruleset");
  assert.equal(fieldOf("seed"), null, "not the form's: the Battle screen's own field");
  assert.equal(fieldOf(""), null);
});
