// The end of a battle in the page's words (web/battle/log.js ``aftermath``): an attack on AA guns alone in
// 1942-2e / 1940-2e is no battle (docs/rules.md §2 "AA guns alone"), so the page says what the post says
// (pycore/report_words.py; tests/core/test_aa_alone.py holds the post to the same words).
import {test} from "node:test";
import assert from "node:assert/strict";
import {aftermath} from "../../web/battle/log.js";

const NAMES = new Map([["infantry", "infantry"], ["aa_gun", "AA gun"]]);

test("AA guns destroyed as the attack began are named, one or more", () => {
  assert.deepEqual(aftermath({rounds: [], destroyed: {aa_gun: 2}}, NAMES),
    ["Defender: 2 AA guns with no combat unit beside them, destroyed as the attack began: no battle was fought."]);
  assert.deepEqual(aftermath({rounds: [], destroyed: {aa_gun: 1}}, NAMES),
    ["Defender: 1 AA gun with no combat unit beside it, destroyed as the attack began: no battle was fought."]);
});

test("a battle without destroyed guns says nothing of them", () => {
  assert.deepEqual(aftermath({rounds: [], captured: {aa_gun: 1}}, NAMES), ["Captured with the territory: 1 AA gun."]);
});
