// The plan of attack's state (web/odds/plan-state.js): a calc request's plan fields (docs/api.md, calc "Plan of
// attack") read into what the plan's controls show and written back, its edits, the cheapest army's goals,
// a plan's answer wave by wave, and the field an error names. Requests are shaped as pycore's share decoding
// answers them (its canonical form); results as its calc answers.
import {test} from "node:test";
import assert from "node:assert/strict";
import {MOST_COUNTERS, MOST_LATER_WAVES, addCounter, addWave, armyWords, countersIn, emptyPlan, goalOf, goalsFor, isPlan,
  planFields, planOf, planPlace, profitOf, removeCounter, removeWave, rulesOn, rulesWords, waveExtrasWords, waveMoreOn, waveRows,
  withCounter, withoutRecommend} from "../../web/odds/plan-state.js";
import {moreFields} from "../../web/odds/calc-state.js";

// pycore's decoding of a link of a plan with every field: `{"op": "share", "decode": …}` of the request
// encoded with these fields (its order of loss written out in full, as pycore's canonical JSON has it).
const LINKED = {op: "calc", ruleset: "1942-2e", system: {name: "dice"},
  attacker: {units: {infantry: 3, artillery: 1}}, defender: {units: {infantry: 3}}, retreat_profit: 0,
  waves: [
    {attacker: {units: {tank: 2}, order_of_loss: ["tank", "infantry"]}, rounds: 3, retreat_strafe: 0.8},
    {attacker: {units: {fighter: 1}}, retreat_at_units: 1, retreat_below: 0.3, retreat_profit: -2.5, retreat_air_loss: 0.12345,
      keep_land: true}],
  counter: {attacker: {units: {infantry: 2, tank: 1}}, defender: {order_of_loss: ["artillery", "infantry"]}},
  territory_value: 3, repair_between_waves: true,
  recommend: {available: {infantry: 4, artillery: 2, tank: 2}, goal: "holds", target: 0.9}};

const planPart = (request) => Object.fromEntries(["waves", "counter", "territory_value", "repair_between_waves", "recommend"]
  .filter((name) => request[name] !== undefined).map((name) => [name, request[name]]));

test("a link's plan shows in the controls and is written back exactly as the link had it", () => {
  const plan = planOf(LINKED);
  assert.equal(plan.waves.length, 2);
  assert.deepEqual(plan.waves[0].rules, {rounds: "3", retreatUnits: "0", retreatBelow: "", keepLand: false, profit: false,
    margin: "0", airLoss: "", strafe: "80"});
  assert.deepEqual(plan.waves[1].rules, {rounds: "0", retreatUnits: "1", retreatBelow: "30", keepLand: true, profit: true,
    margin: "-2.5", airLoss: "12.345", strafe: ""});
  assert.deepEqual(plan.counter.holders, {order_of_loss: ["artillery", "infantry"]}, "the holders' order is kept though not shown");
  assert.deepEqual(plan.recommend, {available: {infantry: 4, artillery: 2, tank: 2}, goal: "holds", target: "90"});
  assert.deepEqual(planFields(plan), planPart(LINKED));
});

test("a link's counter-attacks in turn: the first is the card, the later ones are written back as they came", () => {
  const {counter, ...rest} = LINKED;
  const later = {attacker: {units: {fighter: 2}}, defender: {order_of_loss: ["infantry"]}};
  const linked = {...rest, counters: [counter, later]};
  const plan = planOf(linked);
  assert.deepEqual(plan.counter.attacker, counter.attacker);
  assert.deepEqual(planFields(plan).counters, [counter, later]);
  assert.equal(planFields(plan).counter, undefined);
  assert.equal(isPlan({op: "calc", counters: [counter]}), true);
  assert.deepEqual(withCounter(plan, false).later, [], "without the counter-attack, none follows it");
});

test("an old link (one battle) has no plan, and an empty plan asks nothing", () => {
  const battle = {op: "calc", ruleset: "revised", system: {name: "dice"}, attacker: {units: {infantry: 1}}, defender: {units: {infantry: 1}},
    retreat_below: 0.5};
  assert.equal(isPlan(battle), false, "retreat_below is a single battle's rule");
  assert.deepEqual(planOf(battle), emptyPlan());
  assert.deepEqual(planFields(planOf(battle)), {});
  assert.equal(isPlan({...battle, retreat_strafe: 0.8}), true, "a rule of §9.3 alone makes a plan");
  assert.equal(isPlan({...battle, territory_value: 2}), true);
});

test("territory's value: empty or 0 is none; what is not a number goes as typed for pycore to name", () => {
  const plan = emptyPlan();
  assert.deepEqual(planFields({...plan, value: ""}), {});
  assert.deepEqual(planFields({...plan, value: " 12 "}), {territory_value: 12});
  assert.deepEqual(planFields({...plan, value: "ten"}), {territory_value: "ten"});
});

test("the cheapest army is asked only with units available; its target and goal as entered", () => {
  const plan = emptyPlan();
  assert.equal(plan.recommend.target, "90");
  assert.deepEqual(planFields({...plan, recommend: {available: {}, target: "90", goal: "takes"}}), {});
  assert.deepEqual(planFields({...plan, recommend: {available: {tank: 3}, target: "75", goal: "takes"}}),
    {recommend: {available: {tank: 3}, target: 0.75, goal: "takes"}});
  assert.deepEqual(planFields({...plan, recommend: {available: {tank: 3}, target: "", goal: ""}}), {recommend: {available: {tank: 3}}});
  assert.deepEqual(planOf({recommend: {available: {tank: 3}, goal: "wins"}}).recommend, {available: {tank: 3}, goal: "wins", target: ""},
    "a link without a target shows none, not the default");
  assert.deepEqual(withoutRecommend(LINKED).recommend, undefined);
  assert.deepEqual(withoutRecommend(LINKED).waves, LINKED.waves);
});

test("add a wave: the new one opens, the others fold; at most 7 after the first; remove moves the later ones up", () => {
  let plan = emptyPlan();
  plan = addWave(plan);
  assert.deepEqual(plan.waves[0].attacker, {units: {}});
  assert.equal(plan.waves[0].open, true);
  plan = addWave(plan);
  assert.deepEqual(plan.waves.map((w) => w.open), [false, true]);
  for (let i = 0; i < 10; i++) plan = addWave(plan);
  assert.equal(plan.waves.length, MOST_LATER_WAVES);
  const three = planOf(LINKED);
  const two = removeWave(three, 0);
  assert.deepEqual(two.waves.map((w) => w.attacker.units), [{fighter: 1}]);
  assert.equal(three.waves.length, 2, "the plan removed from is unchanged");
  assert.deepEqual(addWave(emptyPlan()).waves[0].rules, planOf({waves: [{attacker: {units: {}}}]}).waves[0].rules,
    "a new wave fights to the end");
});

test("the counter-attack on and off; holding as the goal goes with it", () => {
  const plan = planOf(LINKED);
  const off = withCounter(plan, false);
  assert.equal(off.counter, null);
  assert.equal(off.recommend.goal, "", "back to the default goal");
  assert.deepEqual(withCounter(off, true).counter, {attacker: {units: {}}, holders: null, open: true});
  assert.equal(withCounter(plan, true), plan, "a counter-attack already there stays");
  assert.equal(withCounter({...plan, recommend: {...plan.recommend, goal: "wins"}}, false).recommend.goal, "wins");
});

test("the goals: take, hold (with a counter-attack) or win on land; win, or hold the zone, at sea (docs/rules.md §9.2, §9.4)", () => {
  assert.deepEqual(goalsFor("land", false).map(([id]) => id), ["takes", "wins"]);
  assert.deepEqual(goalsFor("amphibious", true).map(([id]) => id), ["takes", "holds", "wins"]);
  assert.deepEqual(goalsFor("sea", false).map(([id]) => id), ["wins"]);
  assert.deepEqual(goalsFor("sea", true).map(([id]) => id), ["wins", "holds"]);
  assert.equal(goalOf("holds", "sea", true), "holds");
  assert.equal(goalOf("holds", "land", false), "takes");
  assert.equal(goalOf("", "sea", false), "wins");
  assert.equal(goalOf("wins", "land", true), "wins");
});

test("a wave's rules in a few words for its folded card", () => {
  const rules = planOf(LINKED).waves.map((w) => w.rules);
  assert.equal(rulesWords(rules[0]), "strafes above 80%, at most 3 rounds");
  assert.equal(rulesWords(rules[1]), "retreats when it would lose over 2.5 IPCs, saves its aircraft above 12.345%, " +
    "retreats below 30%, retreats at 1 unit, keeps a land unit");
  assert.equal(rulesWords({...rules[1], margin: "2"}).split(", ")[0], "retreats unless it gains 2 IPCs");
  assert.equal(rulesWords(addWave(emptyPlan()).waves[0].rules), "fights to the end");
  assert.equal(rulesWords({...rules[0], rounds: "0", strafe: "", profit: true, margin: "0"}), "retreats when it would lose IPCs");
  assert.equal(rulesOn(rules[1]), 5, "at units, below, profit, aircraft, keep a land unit");
});

test("an army in words with its cost", () => {
  const units = [{id: "infantry", name: "Infantry", cost: 3}, {id: "tank", name: "Tank", cost: 6}];
  assert.equal(armyWords({infantry: 2, tank: 1}, units), "2 infantry, 1 tank · 12 IPCs");
  assert.equal(armyWords({}, units), "no units yet");
});

// pycore's answer to the hand-worked plan of docs/api.md ("Plan of attack"): 1942-2e, dice, one infantry, then
// a second wave of one infantry, against one infantry (tests/core/test_calc_waves.py works it by hand), as
// `python3 -m pycore` answers it (its exact fields left out).
const TWO_INFANTRY = {takes_territory: 17 / 32, swing: {"-6": 25 / 64, "-3": 5 / 64, "0": 9 / 32, "3": 1 / 4}, cost_swing: -1.828125,
  waves: [
    {wave: 1, fights: 1, outcome: {attacker_wins: 0.25, defender_wins: 0.625, draw: 0.125}, takes_territory: 0.25, defender_left: 0.625,
      attacker_left: 0.25, cost_lost: {attacker: 2.25, defender: 1.125}, cost_swing: -1.125, rounds: 2.25},
    {wave: 2, fights: 0.75, outcome: {attacker_wins: 0.28125, defender_wins: 0.390625, draw: 0.078125}, takes_territory: 17 / 32,
      defender_left: 0.390625, attacker_left: 0.28125, cost_lost: {attacker: 3.65625, defender: 1.828125}, cost_swing: -1.828125,
      rounds: 1.53125}]};

test("wave by wave: a wave not fought (the territory taken already) is a part of its bar", () => {
  const rows = waveRows(TWO_INFANTRY);
  assert.deepEqual(rows[0].outcome, TWO_INFANTRY.waves[0].outcome, "wave 1 is always fought");
  assert.equal(rows[1].outcome.not_fought, 0.25);
  const sum = Object.values(rows[1].outcome).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - 1) < 1e-12, `the bar covers every plan: ${sum}`);
  assert.equal(rows[1].takes, 17 / 32);
});

test("the profit law: the waves' swing, or the exchange's where there is a counter-attack", () => {
  assert.deepEqual(profitOf(TWO_INFANTRY), {law: TWO_INFANTRY.swing, mean: -1.828125, held: false});
  const held = {...TWO_INFANTRY, exchange: {swing: {"1": 1}, cost_swing: 1}};
  assert.deepEqual(profitOf(held), {law: {"1": 1}, mean: 1, held: true});
});

test("an error's field in the plan, in the player's words", () => {
  const names = new Map([["tank", "Tank"], ["fighter", "Fighter"]]);
  assert.deepEqual(planPlace("waves[0].attacker.units.tank", names), {part: "wave", index: 0, unit: "tank", label: "Wave 2, tanks"});
  assert.deepEqual(planPlace("waves[1].attacker.units", names), {part: "wave", index: 1, unit: null, label: "Wave 3"});
  assert.deepEqual(planPlace("waves[2].retreat_strafe", names), {part: "wave", index: 2, rule: "retreat_strafe", label: "Wave 4, strafe"});
  assert.deepEqual(planPlace("waves[0]", names), {part: "wave", index: 0, unit: null, label: "Wave 2"});
  assert.deepEqual(planPlace("counter.attacker.units.fighter", names), {part: "counter", index: 0, unit: "fighter", label: "Counter-attack, fighters"});
  assert.deepEqual(planPlace("counter", names), {part: "counter", index: 0, unit: null, label: "Counter-attack"});
  assert.deepEqual(planPlace("recommend.attacker.units.tank", names),
    {part: "recommend", what: "available", unit: "tank", label: "Units you have, tanks"});
  assert.equal(planPlace("recommend.goal", names).label, "Cheapest army, goal");
  assert.equal(planPlace("territory_value", names).part, "value");
  assert.equal(planPlace("retreat_strafe", names), null, "wave 1's rule is the More options'");
  assert.equal(planPlace("attacker.units.tank", names), null);
});

// A link with every field of a wave's card (docs/api.md "Plan of attack": a wave's reinforcements, its own order of
// loss for the defender and territory value, `rounds: 0`, `keep_land` n; the search's side, by and top), as pycore's
// share decoding answers it: each in its control, and written back unchanged, so the link runs the same plan.
const BEYOND = {op: "calc", ruleset: "1942-2e", system: {name: "dice"}, keep_land: 2,
  attacker: {units: {infantry: 3, fighter: 1}}, defender: {units: {infantry: 3}},
  waves: [
    {attacker: {units: {fighter: 2}}, rounds: 0, reinforce: {units: {infantry: 2}}},
    {attacker: {units: {infantry: 2, tank: 1}}, keep_land: 2, territory_value: 5,
      defender_order_of_loss: ["infantry", "artillery"]}],
  recommend: {available: {infantry: 4}, target: 0.5, side: "defender", by: "units", top: 3}};

test("a wave's own fields show in its card's controls and are written back as the link had them", () => {
  const plan = planOf(BEYOND);
  assert.deepEqual(planPart(planFields(plan)), planPart(BEYOND));
  assert.deepEqual(plan.waves[0].reinforce, {infantry: 2});
  assert.equal(plan.waves[0].rules.beforeRound1, true, "rounds 0 is the AA-only choice");
  assert.deepEqual([plan.waves[1].value, plan.waves[1].order], ["5", ["infantry", "artillery"]]);
  assert.deepEqual([plan.waves[0].value, plan.waves[0].order], ["", null], "none: the plan's value, the order so far");
  assert.equal(plan.waves[1].rules.keepLandCount, 2);
  assert.equal(rulesWords(plan.waves[0].rules), "only draws AA fire, then retreats");
  assert.equal(rulesWords(plan.waves[1].rules), "keeps 2 land units");
  const units = [{id: "infantry", name: "Infantry", cost: 3}];
  assert.equal(waveExtrasWords(plan.waves[0], units), "2 infantry · 6 IPCs join the defender before it");
  assert.equal(waveExtrasWords(plan.waves[1], units), "worth 5 IPCs if it takes it; the defender's own order of loss from here");
  assert.equal(waveMoreOn(plan.waves[1]), 2, "the value and the order are set under More for this wave");
  assert.equal(waveMoreOn(plan.waves[0]), 0, "the reinforcements have their own fold");
  // The defaults are not written: a search for the attacker by IPCs, one army.
  const plain = planOf({recommend: {available: {tank: 1}, side: "attacker", by: "ipcs", top: 1}});
  assert.deepEqual(planFields(plain).recommend, {available: {tank: 1}});
});

test("a wave's own fields as entered: empty ones are left out, typed ones go as typed for pycore to name", () => {
  const plan = addWave(emptyPlan());
  const wave = plan.waves[0];
  assert.deepEqual([wave.reinforce, wave.value, wave.order], [{}, "", null], "a new wave asks none of them");
  assert.deepEqual(planFields(plan).waves, [{attacker: {units: {}}}]);
  const entered = {...wave, reinforce: {tank: 1, infantry: "x"}, value: " -4 ", order: ["tank"]};
  assert.deepEqual(planFields({...plan, waves: [entered]}).waves[0],
    {attacker: {units: {}}, reinforce: {units: {tank: 1, infantry: "x"}}, defender_order_of_loss: ["tank"], territory_value: -4});
  assert.equal(planFields({...plan, waves: [{...wave, value: "ten"}]}).waves[0].territory_value, "ten");
  assert.equal(planFields({...plan, waves: [{...wave, value: "0"}]}).waves[0].territory_value, 0,
    "0 is a value (the wave takes a territory worth nothing), not the plan's");
});

test("only draws AA fire (rounds 0): no other rule is asked with it, and off again the rules come back", () => {
  const rules = {rounds: "3", retreatUnits: "2", retreatBelow: "40", keepLand: true, keepLandCount: 2, profit: false,
    margin: "0", airLoss: "", strafe: "90"};
  assert.deepEqual(moreFields({...rules, beforeRound1: true}), {rounds: 0}, "pycore refuses any rule read after a round with it");
  assert.deepEqual(moreFields(rules), {rounds: 3, retreat_at_units: 2, retreat_below: 0.4, keep_land: 2, retreat_strafe: 0.9});
  assert.deepEqual(moreFields({...rules, keepLandCount: undefined}).keep_land, true, "one land unit is written as true");
});

test("counter-attacks in turn: add up to 4, each edited and written back; remove any, the later ones move up", () => {
  let plan = addCounter(emptyPlan());
  assert.equal(countersIn(plan), 1);
  assert.equal(plan.counter.open, true);
  plan = {...plan, counter: {...plan.counter, attacker: {units: {tank: 1}}}};
  plan = addCounter(plan);
  assert.deepEqual([plan.counter.open, plan.later[0].open], [false, true], "the new one opens, the others fold");
  plan = {...plan, later: [{...plan.later[0], attacker: {units: {fighter: 2}}}]};
  assert.deepEqual(planFields(plan).counters, [{attacker: {units: {tank: 1}}}, {attacker: {units: {fighter: 2}}}]);
  assert.equal(planFields(plan).counter, undefined);
  plan = addCounter(addCounter(plan));
  assert.equal(countersIn(plan), MOST_COUNTERS);
  assert.equal(addCounter(plan), plan, "at the most counter-attacks nothing is added");
  const second = removeCounter(plan, 1);
  assert.equal(countersIn(second), 3);
  assert.deepEqual(second.counter.attacker.units, {tank: 1});
  const first = removeCounter(plan, 0);
  assert.deepEqual(first.counter.attacker.units, {fighter: 2}, "without the first, the second is the first");
  let one = removeCounter(removeCounter(first, 2), 1);
  one = removeCounter(one, 1);
  assert.deepEqual(planFields(one), {counter: {attacker: {units: {fighter: 2}}}}, "one left is written as counter");
  const none = removeCounter({...one, recommend: {...one.recommend, goal: "holds"}}, 0);
  assert.deepEqual([none.counter, none.recommend.goal], [null, ""], "none left: no goal of holding");
});

test("a link's later counter-attacks are cards too, their holders' order kept as they came", () => {
  const later = {attacker: {units: {fighter: 2}}, defender: {order_of_loss: ["infantry"]}};
  const plan = planOf({counters: [{attacker: {units: {tank: 1}}}, later]});
  assert.deepEqual(plan.later, [{attacker: {units: {fighter: 2}}, holders: {order_of_loss: ["infantry"]}, open: false}]);
  assert.deepEqual(planFields(plan).counters[1], later);
});

test("an error on a wave's own field or a later counter-attack points at its control", () => {
  const names = new Map([["tank", "Tank"], ["infantry", "Infantry"]]);
  assert.deepEqual(planPlace("waves[0].reinforce.units.tank", names),
    {part: "wave", index: 0, what: "reinforce", unit: "tank", label: "Wave 2, reinforcements, tanks"});
  assert.deepEqual(planPlace("waves[1].reinforce", names),
    {part: "wave", index: 1, what: "reinforce", unit: null, label: "Wave 3, defender's reinforcements"});
  assert.deepEqual(planPlace("waves[0].defender_order_of_loss[1]", names),
    {part: "wave", index: 0, what: "defender_order_of_loss", unit: null, label: "Wave 2, defender's order of loss"});
  assert.equal(planPlace("waves[2].territory_value", names).label, "Wave 4, territory's value");
  assert.equal(planPlace("waves[0].rounds", names).rule, "rounds");
  assert.equal(planPlace("waves[0].keep_land", names).label, "Wave 2, keep land units", "a stepper of N, not one");
  assert.deepEqual(planPlace("counters[2].attacker.units.tank", names),
    {part: "counter", index: 2, unit: "tank", label: "Counter-attack 3, tanks"});
  assert.deepEqual(planPlace("counter.attacker.units.tank", names),
    {part: "counter", index: 0, unit: "tank", label: "Counter-attack, tanks"});
});

test("the defender's goals: keep the territory or destroy every attacker; at sea only the latter", () => {
  assert.deepEqual(goalsFor("land", false, "defender").map(([id]) => id), ["holds", "wins"]);
  assert.deepEqual(goalsFor("sea", true, "defender").map(([id]) => id), ["wins"]);
  assert.equal(goalOf("takes", "land", false, "defender"), "holds");
  assert.equal(goalOf("takes", "land", false), "takes");
});
