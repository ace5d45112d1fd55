// Pasted links into the journal (web/journal/journal-import.js, issue #33), against a stand-in for pycore
// that answers as docs/api.md says `share` decode and `resolve` answer: each link refused in words naming it,
// the others kept; a journal link's battles taken whole; a battle already in the journal not added twice.
// (tests/e2e/test_journal.py does the same against pycore itself in the browser.)
import {test} from "node:test";
import assert from "node:assert/strict";
import {importLinks, importWords} from "../../web/journal/journal-import.js";

const LUCK = {swing: 3, law: {"-3": 0.625, "0": 0.125, "3": 0.25}, percentile: 0.875, expected_swing: -1.125};
const BATTLE = {op: "resolve", ruleset: "classic", system: {name: "dice"}, attacker: {units: {infantry: 1}},
  defender: {units: {infantry: 1}}, seed: "s"};
const LINKS = {
  "v1.good": BATTLE,
  "v1.good2": {...BATTLE, seed: "t"},
  "v1.chess": {...BATTLE, system: {name: "chess", variant: "orthodox"}},
  "v1.calc": {op: "calc", ruleset: "classic"},
  "v1.declared": {...BATTLE, seed: undefined, beacon: {round: 5}},
  "v1.game": {op: "journal", battles: [{attacker: "Japan", defender: "China", luck: LUCK, label: "Shanghai"}]},
};

/** The stand-in: decode from LINKS (else damaged), resolve with luck (null under chess). */
async function call(request) {
  if (request.op === "share") {
    const found = LINKS[request.decode];
    return found ? {ok: true, result: {request: found}}
      : {ok: false, error: {type: "bad_request", field: "decode", message: "decode: the link is damaged (cut short or edited): it does not decode."}};
  }
  const chess = request.system.name === "chess";
  return {ok: true, result: {outcome: "attacker_wins", link: chess ? "v1.canonical-chess" : `v1.canonical-${request.seed}`, rounds: [{}],
    luck: chess ? null : LUCK, ...(chess ? {luck_reason: "no luck: this system rolls no dice, so the result follows from the forces alone"} : {})}};
}

const options = (known = new Set()) => {
  let n = 0;
  return {sides: {attacker: "Germany", defender: "Russia"}, known, newId: () => `id${n++}`, now: () => 1000};
};

test("a forum thread: the good links kept, each other one refused by its number and its reason", async () => {
  const text = "#v1.good and #v1.broken, #v1.chess #v1.calc #v1.declared, again #v1.good, #v1.good2";
  const got = await importLinks(text, call, options());
  assert.equal(got.found, 6); // v1.good once
  assert.deepEqual(got.battles.map((b) => [b.attacker, b.defender, b.label, b.link]), [
    ["Germany", "Russia", "1 infantry v 1 infantry — attacker won", "v1.canonical-s"],
    ["Germany", "Russia", "1 infantry v 1 infantry — attacker won", "v1.canonical-t"]]);
  assert.deepEqual(got.refused, [
    "Link 2 (#v1.broken): the link is damaged (cut short or edited): it does not decode.",
    "Link 3 (#v1.chess): no luck: this system rolls no dice, so the result follows from the forces alone.",
    "Link 4 (#v1.calc) is a calculation, not a battle.",
    "Link 5 (#v1.declared) is a battle declared but not fought yet (its dice are not drawn)."]);
  assert.equal(importWords(got), "6 links found: 2 battles added, 4 refused (below).");
});

test("a journal link's battles are taken whole; a battle already in the journal is not added twice", async () => {
  const got = await importLinks("#v1.game #v1.good", call, options(new Set(["v1.canonical-s"])));
  assert.deepEqual(got.battles.map((b) => [b.attacker, b.defender, b.label]), [["Japan", "China", "Shanghai"]]);
  assert.deepEqual(got.refused, ["Link 2 (#v1.good) is already in the journal: not added twice."]);
});

test("no link at all is said", async () => {
  const got = await importLinks("just words", call, options());
  assert.equal(importWords(got), "No Luckdial link found in the pasted text (a link ends in #v1.…).");
});
