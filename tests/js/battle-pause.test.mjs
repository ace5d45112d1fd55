// The casualty panel's pure parts (web/battle/battle-pause.js): the hit points a choice takes, counted as
// pycore counts them (pycore/engine/army.py hits_to_apply: a lost unit takes its damaged ones first, one hit
// each), the tally's words, and the rows in the side's order of loss.
import {test} from "node:test";
import assert from "node:assert/strict";
import {hitPointsTaken, inOrderOfLoss, tallyWords} from "../../web/battle/battle-pause.js";

const UNITS = {infantry: {hit_points: 1}, tank: {hit_points: 1}, battleship: {hit_points: 2}};

test("each lost unit its hit points, each damaged unit one, already damaged ones lost first", () => {
  // By hand: 3 infantry lost = 3; a whole battleship lost = 2; one damaged = 1.
  assert.equal(hitPointsTaken({lost: {infantry: 3}}, UNITS), 3);
  assert.equal(hitPointsTaken({lost: {battleship: 1}}, UNITS), 2);
  assert.equal(hitPointsTaken({damaged: {battleship: 1}}, UNITS), 1);
  // Two battleships, one damaged before: losing one takes the damaged one (1 hit), losing both 1 + 2 = 3.
  assert.equal(hitPointsTaken({lost: {battleship: 1}}, UNITS, {battleship: 1}), 1);
  assert.equal(hitPointsTaken({lost: {battleship: 2}}, UNITS, {battleship: 1}), 3);
  assert.equal(hitPointsTaken({lost: {infantry: 1, tank: 1}, damaged: {battleship: 1}}, UNITS), 3);
});

test("the tally says what is left to do", () => {
  assert.equal(tallyWords(3, 3), "To take: 3 hits · chosen: 3 hits — ready to confirm");
  assert.equal(tallyWords(3, 4), "To take: 3 hits · chosen: 4 hits — 1 hit too many");
  assert.equal(tallyWords(3, 1), "To take: 3 hits · chosen: 1 hit — choose 2 hits more");
});

test("rows in the order of loss, units outside it last", () => {
  // Issue 42 item 7: the rows came as Fighter, Infantry, Tank (the targets' order).
  assert.deepEqual(inOrderOfLoss(["fighter", "infantry", "tank"], ["infantry", "artillery", "tank", "fighter"]),
    ["infantry", "tank", "fighter"]);
  assert.deepEqual(inOrderOfLoss(["bomber", "infantry"], ["infantry"]), ["infantry", "bomber"]);
});
