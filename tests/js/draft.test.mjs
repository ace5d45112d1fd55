// The battle being entered (web/kit/draft.js): survives a reload of the tab, and each screen opens on
// the set-up entered on the other.
import {test} from "node:test";
import assert from "node:assert/strict";
import {afterEdit, afterKeep, newerFor, readDraft, saveEdit, keepShown} from "../../web/kit/draft.js";

const EMPTY = {rev: 0, from: null, setup: null, requests: {}, seen: {}};
const BATTLE = {op: "resolve", ruleset: "1942-2e", system: {name: "dice"}, seed: "s",
  attacker: {units: {tank: 2}}, defender: {units: {infantry: 3}}};

class Store {
  constructor() { this.map = new Map(); }
  getItem(key) { return this.map.has(key) ? this.map.get(key) : null; }
  setItem(key, value) { this.map.set(key, String(value)); }
}

test("an edit on Battle is news to Odds, not to Battle", () => {
  const draft = afterEdit(EMPTY, "battle", BATTLE);
  assert.equal(newerFor(draft, "battle"), null);
  assert.deepEqual(newerFor(draft, "odds").attacker, {units: {tank: 2}});
  const seen = afterKeep(draft, "odds", {op: "calc"});
  assert.equal(newerFor(seen, "odds"), null, "taken once, not again");
  const again = afterEdit(seen, "battle", {...BATTLE, attacker: {units: {tank: 3}}});
  assert.deepEqual(newerFor(again, "odds").attacker.units, {tank: 3});
  assert.deepEqual(again.requests.odds, {op: "calc"}, "each screen's own form is kept");
});

test("stored for the tab: a reload reads it back; a damaged entry is an empty draft", () => {
  const store = new Store();
  assert.deepEqual(readDraft(store), EMPTY);
  saveEdit("battle", BATTLE, store);
  keepShown("odds", {op: "calc", ruleset: "1942-2e"}, store);
  const read = readDraft(store);
  assert.deepEqual(read.requests.battle, BATTLE);
  assert.equal(read.rev, 1);
  assert.equal(read.seen.odds, 1);
  store.setItem("luckdial.draft", "{not json");
  assert.deepEqual(readDraft(store), EMPTY);
  const refusing = {getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); }};
  assert.deepEqual(readDraft(refusing), EMPTY);
  assert.doesNotThrow(() => saveEdit("battle", BATTLE, refusing));
});
