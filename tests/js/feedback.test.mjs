// Errors in the player's words (web/kit/feedback.js): pycore's messages start with the field's path
// (pycore/errors.py LuckdialError: "field: message"); the page never shows that path.
import {test} from "node:test";
import assert from "node:assert/strict";
import {fieldWords, inWords, linkWords, nodeFor, restOf} from "../../web/kit/feedback.js";

// Messages as pycore gives them today (python3 -m pycore, 2026: the examples of issue #29 item 5).
const EMPTY = {field: "attacker.units", message: "attacker.units: the attacker needs at least one unit"};
const RETREAT = {field: "retreat_below", message: "retreat_below: must be a chance to win from 0 to 1 (0 % to 100 %), got 1.5"};
const TURN = {field: "steps[0].tech", message: "steps[0].tech: turn 1: is required when dice are bought"};

test("the path goes, the control's name takes its place", () => {
  assert.equal(inWords(RETREAT, "Retreat below"), "Retreat below: must be a chance to win from 0 to 1 (0 % to 100 %), got 1.5");
  assert.equal(inWords({field: "seed", message: "seed: must be 1 to 200 characters long, got 0"}, "Seed"),
    "Seed: must be 1 to 200 characters long, got 0");
});

test("words that already name the control are not labelled twice", () => {
  assert.equal(inWords(EMPTY, "Attacker"), "The attacker needs at least one unit");
  assert.equal(inWords(TURN, "Turn 1, technology"), "Turn 1, technology: is required when dice are bought");
});

test("without a label: the message without its path, as a sentence", () => {
  assert.equal(inWords(EMPTY), "The attacker needs at least one unit");
  assert.equal(restOf(RETREAT), "must be a chance to win from 0 to 1 (0 % to 100 %), got 1.5");
  assert.equal(inWords({message: "no field here"}), "No field here");
  assert.equal(inWords(null), "Something went wrong.");
  for (const error of [EMPTY, RETREAT, TURN]) assert.ok(!inWords(error, "X").includes(error.field), error.field);
});

test("a field maps to the longest control key that heads it", () => {
  const nodes = {"modifiers[2]": "row 3", modifiers: "list", seed: "seed"};
  assert.equal(nodeFor("modifiers[2].count", nodes), "row 3");
  assert.equal(nodeFor("modifiers[5]", nodes), "list");
  assert.equal(nodeFor("seedling", nodes), null);
});

// A link's errors (linkWords): where in the battle, in words; "damaged" said once; nothing "kept" on a page the
// link itself opened. The messages are pycore's (python3 -m pycore, share decode of edited links, 2026-11-28).
test("an edited count says which side and unit", () => {
  const edited = {type: "bad_request", field: "attacker.units.infantry",
    message: "attacker.units.infantry: must be a whole number from 0 to 999, got -4"};
  assert.equal(linkWords(edited),
    "This link is damaged or was edited: attacker, infantry: must be a whole number from 0 to 999, got -4. What you entered is kept.");
  assert.equal(fieldWords("waves[0].attacker.units.tank"), "wave 2, attacker, tank");
  assert.equal(fieldWords("system.chart[0].color"), "luck system, chart row 1, color");
  assert.equal(fieldWords("decode"), "");
});

test("a link that does not decode is called damaged once", () => {
  const damaged = {type: "bad_request", field: "decode",
    message: "decode: the link is damaged (cut short or edited): it does not decode"};
  const said = linkWords(damaged, "");
  assert.equal(said, "This link is damaged (cut short or edited): it does not decode.");
  assert.equal(said.split("damaged").length - 1, 1);
});

test("a link that opened the page keeps nothing it could claim to keep", () => {
  const edited = {type: "bad_request", field: "seed", message: "seed: must be 1 to 200 characters long, got 0"};
  assert.equal(linkWords(edited, ""), "This link is damaged or was edited: seed: must be 1 to 200 characters long, got 0.");
  assert.ok(!linkWords(edited, "").includes("kept"));
});
