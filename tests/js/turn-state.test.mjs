// The Turn panel's state (web/odds/turn-state.js): the plan_turn request the panel asks (docs/api.md `plan_turn`),
// read back from a link into the form and the cards, the answer said in words, and where an error's field is.
import {test} from "node:test";
import assert from "node:assert/strict";
import {MOST_TERRITORIES, addTerritory, assignmentWords, chanceText, emptyTurn, formError, homeWords, likelyWords,
  nameOf, removeTerritory, swingText, swingWords, totalWords, turnOf, turnPlace, turnRequest, unitWords} from "../../web/odds/turn-state.js";

const NAMES = new Map([["infantry", "Infantry"], ["artillery", "Artillery"], ["tank", "Tank"], ["fighter", "Fighter"],
  ["AA", "AA gun"]]);

// The form's calc request: 1942-2e, dice, 4 infantry + 2 tanks + 1 fighter against 2 infantry.
const FORM = {op: "calc", ruleset: "1942-2e", system: {name: "dice"}, attacker: {units: {infantry: 4, tank: 2, fighter: 1},
  order_of_loss: ["infantry", "tank", "fighter"]}, defender: {units: {infantry: 2}}, rounds: 3};
const TURN = {first: {name: " Karelia ", value: "3", target: ""},
  others: [{name: "", units: {infantry: 1, artillery: 1}, value: "2", target: "80 %"}]};

test("the panel asks the form's attacker as the pool and its defender as territory 1, each card a battle after it", () => {
  assert.deepEqual(turnRequest(FORM, TURN), {op: "plan_turn", ruleset: "1942-2e", system: {name: "dice"},
    available: {infantry: 4, tank: 2, fighter: 1},
    battles: [{name: "Karelia", territory_value: 3, defender: {units: {infantry: 2}}},
      {name: "Territory 2", territory_value: 2, target: 0.8, defender: {units: {infantry: 1, artillery: 1}}}]});
  // At sea: no territory's value, and each battle says its kind; the printed sub rule goes with the turn.
  const sea = turnRequest({...FORM, kind: "sea", sub_rule: "printed"}, TURN);
  assert.equal(sea.sub_rule, "printed");
  assert.deepEqual(sea.battles.map((b) => [b.kind, b.territory_value]), [["sea", undefined], ["sea", undefined]]);
  // What pycore judges is sent as typed: a bad value or chance is its to name.
  const odd = turnRequest(FORM, {first: {name: "", value: "x", target: "lots"}, others: []});
  assert.deepEqual([odd.battles[0].territory_value, odd.battles[0].target, odd.battles[0].name], ["x", "lots", "Territory 1"]);
});

test("a turn's link fills the form and the cards as they were entered", () => {
  // pycore's canonical request of the turn above (share encode, then decode): a name the player left empty
  // ("Territory 2", or pycore's own "Battle 2" where a link has none) shows as an empty field again.
  const linked = {op: "plan_turn", ruleset: "1942-2e", system: {name: "dice"}, available: {infantry: 4, tank: 2, fighter: 1},
    battles: [{defender: {units: {infantry: 2}}, name: "Karelia", territory_value: 3},
      {defender: {units: {infantry: 1, artillery: 1}}, name: "Territory 2", territory_value: 2, target: 0.8}]};
  const read = turnOf(linked);
  assert.deepEqual(read.form, {op: "calc", ruleset: "1942-2e", system: {name: "dice"}, attacker: {units: {infantry: 4, tank: 2, fighter: 1}},
    defender: {units: {infantry: 2}}});
  assert.deepEqual(read.turn, {side: "attacker", budget: "", first: {name: "Karelia", value: "3", target: "", there: {}},
    others: [{name: "", value: "2", target: "80", units: {infantry: 1, artillery: 1}, there: {}}]});
  // Asked again, the same battles.
  assert.deepEqual(turnRequest(read.form, read.turn).battles.map((b) => [b.territory_value, b.target, b.defender]),
    linked.battles.map((b) => [b.territory_value, b.target, b.defender]));
  const unnamed = turnOf({...linked, battles: [linked.battles[0], {...linked.battles[1], name: undefined}]});
  assert.equal(unnamed.turn.others[0].name, "");
  assert.equal(turnOf({...linked, battles: [{...linked.battles[0], name: "Battle 1"}]}).turn.first.name, "");
  assert.equal(turnOf({...linked, battles: []}), null);
});

test("the money to spend goes in the request as typed, and a link's budget fills the field again", () => {
  // docs/api.md plan_turn: `budget`, 0–10,000 IPCs, optional; the page sends nothing when the field is empty.
  assert.equal("budget" in turnRequest(FORM, {...TURN, budget: ""}), false);
  assert.equal("budget" in turnRequest(FORM, {...TURN, budget: "  "}), false);
  assert.equal(turnRequest(FORM, {...TURN, budget: " 20 "}).budget, 20);
  assert.equal(turnRequest(FORM, {...TURN, budget: "0"}).budget, 0);
  assert.equal(turnRequest(FORM, {...TURN, budget: "lots"}).budget, "lots"); // pycore names `budget` and quotes it
  const linked = {...turnRequest(FORM, {...TURN, budget: "20"})};
  const read = turnOf(linked);
  assert.equal(read.turn.budget, "20");
  assert.equal(turnRequest(read.form, read.turn).budget, 20);
  assert.equal(turnOf({...linked, budget: undefined}).turn.budget, "");
  assert.equal(emptyTurn().budget, "");
  // A wrong budget is marked on its own field, not on the panel as a whole.
  assert.deepEqual(turnPlace("budget"), {part: "budget"});
  assert.deepEqual(turnPlace("budget", "defender"), {part: "budget"});
});

// Defending: the form's defender is the pool, its attacker territory 1's threat; a card's enemy units are the
// threat, and the player's units already there go with it (pycore's canonical request, decoded from its link).
const DEFENCE = {op: "plan_turn", ruleset: "1942-2e", system: {name: "dice"}, side: "defender", available: {infantry: 4, tank: 1},
  battles: [{attacker: {units: {infantry: 3, tank: 2}}, name: "Karelia", territory_value: 3},
    {attacker: {units: {infantry: 2, artillery: 1}}, defender: {units: {infantry: 1}}, name: "Ukraine", territory_value: 2}]};

test("a defence: the form's defender places its units against each threat, the units already there kept", () => {
  const form = {...FORM, attacker: {units: {infantry: 3, tank: 2}}, defender: {units: {infantry: 4, tank: 1}}};
  const turn = {side: "defender", first: {name: "Karelia", value: "3", target: "90", there: {}},
    others: [{name: "Ukraine", units: {infantry: 2, artillery: 1}, there: {infantry: 1}, value: "2", target: ""}]};
  // No target defending (pycore takes one only attacking): a chance typed before the switch is not sent.
  assert.deepEqual(turnRequest(form, turn), DEFENCE);
  const read = turnOf(DEFENCE);
  assert.deepEqual(read.form, {op: "calc", ruleset: "1942-2e", system: {name: "dice"}, defender: {units: {infantry: 4, tank: 1}},
    attacker: {units: {infantry: 3, tank: 2}}});
  assert.deepEqual(read.turn.others, [{name: "Ukraine", value: "2", target: "", units: {infantry: 2, artillery: 1}, there: {infantry: 1}}]);
  assert.deepEqual(turnRequest(read.form, read.turn), DEFENCE);
  // pycore's answer to DEFENCE: Karelia left to fall (−3 IPCs), everything to Ukraine.
  const karelia = assignmentWords({battle: "Karelia", units: {}, swing: -3.0, territory_value: 3, holds: 0.0}, NAMES);
  assert.equal(karelia.headline, "Karelia: place nothing there");
  assert.equal(karelia.chance, "0 % to hold it — no chance");
  assert.equal(karelia.swingLine, "Average swing −3.0 IPCs: you lose 3.0 IPCs on average");
  const ukraine = assignmentWords({battle: "Ukraine", units: {infantry: 4, tank: 1}, swing: 6.2210068589165015, holds: 0.9970129965451183}, NAMES);
  assert.equal(ukraine.headline, "Ukraine: place 4 infantry and 1 tank there");
  assert.equal(ukraine.chance, "over 99 % to hold it — almost sure");
  assert.equal(homeWords({}, NAMES, "defender"), "Keep back: nothing — every unit is placed");
  assert.equal(homeWords({tank: 1}, NAMES, "defender"), "Keep back: 1 tank");
  // Its errors: the pool is the form's defender, territory 1's threat its attacker, a card's own rows.
  assert.deepEqual(turnPlace("available.tank", "defender"), {part: "form", field: "defender.units.tank"});
  assert.deepEqual(turnPlace("battles[0].attacker.units.tank", "defender"), {part: "form", field: "attacker.units.tank"});
  assert.deepEqual(turnPlace("battles[0].defender.units.tank", "defender"), {part: "first", what: "there", unit: "tank"});
  assert.deepEqual(turnPlace("battles[1].attacker.units.tank", "defender"), {part: "card", index: 0, what: "units", unit: "tank"});
  assert.deepEqual(turnPlace("battles[1].defender.units.tank", "defender"), {part: "card", index: 0, what: "there", unit: "tank"});
});

test("cards are added up to pycore's 6 battles and removed by place", () => {
  let turn = emptyTurn();
  for (let i = 0; i < 10; i++) turn = addTerritory(turn);
  assert.equal(turn.others.length + 1, MOST_TERRITORIES);
  turn = {...turn, others: turn.others.map((card, i) => ({...card, name: `T${i + 2}`}))};
  assert.deepEqual(removeTerritory(turn, 1).others.map((card) => card.name), ["T2", "T4", "T5", "T6"]);
  assert.equal(nameOf("  ", 3), "Territory 3");
});

test("units, chances and swings in the words a new player reads", () => {
  assert.equal(unitWords({tank: 1, infantry: 2}, NAMES), "2 infantry and 1 tank");
  assert.equal(unitWords({fighter: 1}, NAMES), "1 fighter");
  assert.equal(unitWords({fighter: 2, tank: 1, infantry: 2, AA: 1}, NAMES), "2 infantry, 1 tank, 2 fighters and 1 AA gun");
  assert.equal(unitWords({}, NAMES), "nothing");
  assert.deepEqual([0, 0.004, 0.81, 0.9951, 0.999, 1].map(chanceText), ["0 %", "under 1 %", "81 %", "over 99 %", "over 99 %", "100 %"]);
  assert.deepEqual([0, 0.1, 0.3, 0.5, 0.7, 0.81, 0.996].map(likelyWords),
    ["no chance", "a long shot", "unlikely", "a coin flip", "more likely than not", "likely", "almost sure"]);
  assert.deepEqual([3.2158, -0.44, 0.01, 8.6105].map(swingText), ["+3.2", "−0.4", "0.0", "+8.6"]);
  assert.equal(swingWords(3.2158), "you gain 3.2 IPCs on average");
  assert.equal(swingWords(-1.25), "you lose 1.3 IPCs on average");
  assert.equal(swingWords(0.02), "about even on average");
});

test("pycore's answer to the turn said territory by territory, then home and the total", () => {
  // pycore's answer to turnRequest(FORM, TURN) without the target (docs/api.md's example request, run with
  // `.venv/bin/python -c 'import json,pycore.api as a; ...'`), its figures as it gives them.
  const karelia = {battle: "Karelia", units: {infantry: 2, tank: 1}, swing: 3.2158628900780015, territory_value: 3, takes: 0.810596579570285};
  assert.deepEqual(assignmentWords(karelia, NAMES), {name: "Karelia", sent: true, p: 0.810596579570285, swing: 3.2158628900780015,
    headline: "Karelia: send 2 infantry and 1 tank", chance: "81 % to take it — likely",
    swingLine: "Average swing +3.2 IPCs: you gain 3.2 IPCs on average", target: ""});
  const idle = assignmentWords({battle: "Ukraine", units: {}, swing: 0, takes: 0, target: 0.5}, NAMES);
  assert.equal(idle.headline, "Ukraine: leave it alone");
  assert.equal(idle.chance, "No attack, no losses: nothing changes there.");
  assert.equal(idle.target, "You asked for at least 50 %.");
  assert.equal(assignmentWords({...karelia, units: {fighter: 1}}, NAMES, {sea: true}).chance, "81 % to win — likely");
  assert.equal(homeWords({infantry: 1}, NAMES), "Stay home: 1 infantry");
  assert.equal(homeWords({}, NAMES), "Stay home: nothing — every unit is sent");
  assert.equal(totalWords(8.610558143660851), "In all: +8.6 IPCs on average");
});

test("an error's field is marked where it was entered: the form's rows, territory 1's fields, a card's", () => {
  assert.deepEqual(turnPlace("available.tank"), {part: "form", field: "attacker.units.tank"});
  assert.deepEqual(turnPlace("battles[0].defender.units.infantry"), {part: "form", field: "defender.units.infantry"});
  assert.deepEqual(turnPlace("battles[0].territory_value"), {part: "first", what: "value", unit: null});
  assert.deepEqual(turnPlace("battles[2].defender.units.tank"), {part: "card", index: 1, what: "units", unit: "tank"});
  assert.deepEqual(turnPlace("battles[1].target"), {part: "card", index: 0, what: "target", unit: null});
  assert.deepEqual(turnPlace("battles[1].name"), {part: "card", index: 0, what: "name", unit: null});
  assert.deepEqual(turnPlace("system"), {part: "form", field: "system"});
  assert.deepEqual(turnPlace("battles"), {part: "panel"});
  assert.equal(turnPlace(undefined), null);
  // The message is the form's: its path renamed with its field, so the form's marker reads it.
  const error = {type: "bad_request", field: "available.infantry", message: "available.infantry: must be a whole number from 0 to 999, got \"x\""};
  assert.deepEqual(formError(error), {type: "bad_request", field: "attacker.units.infantry",
    message: "attacker.units.infantry: must be a whole number from 0 to 999, got \"x\""});
  const tooBig = {type: "too_big", message: "this battle is too big to work out here: …"};
  assert.equal(formError(tooBig), tooBig);
  const card = {type: "bad_request", field: "battles[1].target", message: "battles[1].target: …"};
  assert.equal(formError(card), card);
});
