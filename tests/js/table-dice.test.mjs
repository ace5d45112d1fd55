// web/battle/table-dice.js, its pure parts: the pads' words, the counts offered, typed faces, the request (#29).
// The `need` entries are pycore's next_dice for the battle (tests/core/test_table_hits.py asserts
// pycore gives exactly these): 1942 Second Edition, 3 infantry, 2 tanks, 1 fighter v 4 infantry, 1 artillery, 1 AA gun.

import {test} from "node:test";
import assert from "node:assert/strict";

import {appliesAtOnce, chipText, entryDone, facesOrder, hitChoices, hitText, missing, padTitle, parseFaces,
  rollLines, startingEntries, startingMode, sureText, totalText} from "../../web/battle/table-dice.js";
// The entries go into the request by the one model of a battle's decisions (decisions.js).
import {enterDice} from "../../web/battle/decisions.js";

const NAMES = new Map([["infantry", "Infantry"], ["artillery", "Artillery"], ["tank", "Tank"], ["fighter", "Fighter"],
  ["bomber", "Bomber"], ["aa_gun", "AA gun"]]);
const AA = {round: 1, side: "defender", group: "aa", count: 1, sides: 6, at: [1], step: "aa", units: {aa_gun: 1},
  rolls: [{units: {aa_gun: 1}, at: 1, dice: 1}], sure_hits: 0, least_hits: 0, most_hits: 1};
const ATTACK = {round: 1, side: "attacker", group: "main", count: 6, sides: 6, at: [3, 3, 3, 1, 1, 1], step: "main",
  units: {infantry: 3, tank: 2, fighter: 1},
  rolls: [{units: {tank: 2, fighter: 1}, at: 3, dice: 3}, {units: {infantry: 3}, at: 1, dice: 3}],
  sure_hits: 0, least_hits: 0, most_hits: 6};
const LOW_LUCK = {round: 1, side: "defender", group: "main", count: 1, sides: 6, at: [4], step: "main",
  units: {infantry: 4, artillery: 1, aa_gun: 1}, rolls: [{units: {infantry: 4, artillery: 1}, at: 4, dice: 1}],
  sure_hits: 1, least_hits: 0, most_hits: 1};

test("each pad names its units and the value each needs", () => {
  assert.equal(padTitle(ATTACK), "Attacker");
  assert.equal(padTitle(AA), "Defender — AA guns");
  assert.deepEqual(rollLines(ATTACK, NAMES), [
    {units: "2 tanks, 1 fighter", roll: "3 dice, hit on 3 or less"},
    {units: "3 infantry", roll: "3 dice, hit on a 1"}]);
  assert.deepEqual(rollLines(AA, NAMES), [{units: "1 AA gun", roll: "1 die, hit on a 1"}]);
  assert.deepEqual(rollLines(LOW_LUCK, NAMES), [{units: "4 infantry, 1 artillery", roll: "1 die, hit on 4 or less"}]);
  assert.equal(sureText(LOW_LUCK), "1 sure hit already, plus what the dice score:");
  assert.equal(sureText(ATTACK), "");
});

test("a d10 and a unit keeping the better of two dice are said so", () => {
  const ryof6 = {...AA, sides: 10, at: [4], rolls: [{units: {aa_gun: 1}, at: 4, dice: 1, sides: 10}]};
  assert.deepEqual(rollLines(ryof6, NAMES), [{units: "1 AA gun", roll: "1 d10, hit on 4 or less"}]);
  const lhtr = {...ATTACK, count: 4, at: [4, 4, 4, 4], rolls: [{units: {bomber: 2}, at: 4, dice: 4, best_of_two: true}],
    least_hits: 0, most_hits: 2};
  assert.deepEqual(rollLines(lhtr, NAMES), [{units: "2 bombers", roll: "4 dice (each keeps the better of two), hit on 4 or less"}]);
  assert.deepEqual(hitChoices(lhtr), [0, 1, 2]);
  assert.equal(hitText(6), "always hits");
});

test("a pad offers the counts its dice can score, one tap each; a big group gets a stepper", () => {
  assert.deepEqual(hitChoices(ATTACK), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(hitChoices({...ATTACK, least_hits: 2, most_hits: 4}), [2, 3, 4]);
  assert.equal(hitChoices({...ATTACK, count: 20, most_hits: 20}), null);
  assert.equal(hitChoices({...ATTACK, count: 11, most_hits: 11}).length, 12);
  assert.deepEqual([chipText(AA, 0), chipText(AA, 1), chipText(ATTACK, 3)], ["Miss", "Hit", "3"]);
  assert.deepEqual([totalText(ATTACK, 1), totalText(ATTACK, 4), totalText(LOW_LUCK, 1)], ["1 hit", "4 hits", "2 hits in all"]);
});

test("typed faces: digits of a d6 in any spacing, a d10's separated with 0 for 10", () => {
  assert.deepEqual(parseFaces("3 1 6"), {faces: [3, 1, 6], bad: ""});
  assert.deepEqual(parseFaces("316"), {faces: [3, 1, 6], bad: ""});
  assert.deepEqual(parseFaces("3,1, 6 "), {faces: [3, 1, 6], bad: ""});
  assert.deepEqual(parseFaces("3 7 1"), {faces: [3], bad: "7"});
  assert.deepEqual(parseFaces("3 0"), {faces: [3], bad: "0"});
  assert.deepEqual(parseFaces("10 4 0", 10), {faces: [10, 4, 10], bad: ""});
  assert.deepEqual(parseFaces("11", 10), {faces: [], bad: "11"});
  assert.deepEqual(parseFaces(""), {faces: [], bad: ""});
});

test("faces are read in pycore's order, said in words", () => {
  assert.equal(facesOrder(ATTACK), "3 hitting on 3 or less, then 3 hitting on a 1");
});

test("a step before the main fire is applied as soon as entered; the main fire waits for its button", () => {
  assert.equal(appliesAtOnce([AA]), true);
  assert.equal(appliesAtOnce([ATTACK, {...LOW_LUCK}]), false);
  assert.equal(appliesAtOnce([{...AA, step: undefined}]), false); // an older pycore: never at once
  assert.equal(appliesAtOnce([]), false);
});

test("an entry is done when it is a count in range or every face", () => {
  assert.equal(entryDone(ATTACK, {hits: 6}), true);
  assert.equal(entryDone(ATTACK, {hits: 7}), false);
  assert.equal(entryDone(ATTACK, [1, 2, 3, 4, 5, 6]), true);
  assert.equal(entryDone(ATTACK, [1, 2]), false);
  assert.equal(entryDone(ATTACK, null), false);
  const entries = new Map([["attacker/main", {hits: 2}]]);
  assert.deepEqual(missing([ATTACK, LOW_LUCK], entries), [LOW_LUCK]);
});

test("the entries go into the request: counts and faces, a next round opened with its rounds", () => {
  const request = {op: "resolve", dice: [{defender: {aa: {hits: 0}}}], rounds: 1};
  const step = enterDice(request, [
    {round: 1, side: "attacker", group: "main", entry: {hits: 4}},
    {round: 1, side: "defender", group: "main", entry: [1, 1, 2, 6, 6]}]);
  assert.deepEqual(step, {op: "resolve", rounds: 1, dice: [
    {defender: {aa: {hits: 0}, main: [1, 1, 2, 6, 6]}, attacker: {main: {hits: 4}}}]});
  assert.deepEqual(request, {op: "resolve", dice: [{defender: {aa: {hits: 0}}}], rounds: 1}, "the request is not changed");
  const next = enterDice(step, [{round: 2, side: "attacker", group: "main", entry: {hits: 1}}]);
  assert.equal(next.rounds, 2);
  assert.deepEqual(next.dice[1], {attacker: {main: {hits: 1}}});
  // A side given as a plain list (its main group) keeps it beside a new group.
  assert.deepEqual(enterDice({dice: [{attacker: [1, 2]}]}, [{round: 1, side: "attacker", group: "subs", entry: {hits: 0}}]).dice,
    [{attacker: {main: [1, 2], subs: {hits: 0}}}]);
});

test("an undo's entries come back to the pads, in the way they were entered", () => {
  const undone = {kind: "dice", entries: [{side: "attacker", group: "main", entry: {hits: 4}}, {side: "defender", group: "main", entry: [1, 6]}]};
  const start = startingEntries(undone);
  assert.deepEqual([...start], [["attacker/main", {hits: 4}], ["defender/main", [1, 6]]]);
  assert.equal(startingMode(start, "hits"), "faces");
  assert.equal(startingMode(startingEntries({kind: "dice", entries: [undone.entries[0]]}), "faces"), "hits");
  assert.equal(startingMode(new Map(), "faces"), "faces");
  assert.equal(startingMode(new Map(), null), "hits");
  assert.equal(startingEntries({kind: "retreat"}).size, 0);
});
