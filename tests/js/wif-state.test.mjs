// The WiF 67 screen's state (web/wif/wif-state.js): what was typed read as request values, modifier
// entries and when they apply (docs/rules.md §8), the figures and the § extra loss in words.
import {test} from "node:test";
import assert from "node:assert/strict";
import {applies, entryValue, extraWords, modifierEntry, modifierNote, pct, readDie, readNumber, signed} from "../../web/wif/wif-state.js";

test("a factor: a decimal comma is read, anything else goes to pycore as typed", () => {
  assert.equal(readNumber("36,5"), 36.5);
  assert.equal(readNumber(" 10 "), 10);
  assert.equal(readNumber(""), undefined);
  assert.equal(readNumber("lots"), "lots");
  assert.equal(readDie("0"), 0);
  assert.equal(readDie("x"), "x");
});

test("a modifier's entry: a count, an HQ's reorganisation or a tick, none when off; and back", () => {
  const unit = {id: "arm", group: "combat", per_unit: true, value: 1};
  const hq = {id: "hq", group: "hq", value: 0};
  const tick = {id: "river", group: "combat", value: -3};
  assert.deepEqual(modifierEntry(unit, 2), {id: "arm", count: 2});
  assert.deepEqual(modifierEntry(hq, 3), {id: "hq", reorganisation: 3});
  assert.deepEqual(modifierEntry(tick, true), {id: "river"});
  assert.equal(modifierEntry(unit, 0), null);
  assert.equal(modifierEntry(tick, false), null);
  for (const [kind, value] of [[unit, 2], [hq, 3], [tick, true]]) assert.equal(entryValue(kind, modifierEntry(kind, value)), value);
  assert.equal(entryValue(unit, {id: "arm"}), 1, "an old link's entry without a count is one unit");
});

test("fine-weather modifiers count in fine weather only, winter ones in snow and blizzard", () => {
  assert.ok(applies({needs_weather: "fine"}, "fine") && !applies({needs_weather: "fine"}, "rain"));
  assert.ok(applies({needs_weather: "snow_or_blizzard"}, "blizzard") && !applies({needs_weather: "snow_or_blizzard"}, "storm"));
  assert.ok(applies({}, "storm"));
  assert.equal(modifierNote({group: "combat", value: -3, needs_table: "blitz", needs_weather: "fine"}),
    "−3 · Blitz table only, fine weather only");
  assert.equal(modifierNote({group: "combat", value: 1, per_unit: true}), "+1 each");
});

test("figures and the § extra loss in words", () => {
  assert.equal(pct(0), "0%");
  assert.equal(pct(0.0004), "<0.1%");
  assert.equal(pct(0.1234), "12.3%");
  assert.equal(signed(-2), "−2");
  assert.equal(extraWords({decided_by: "modifiers", applies: true, reasons: ["city"]}), "Auto: the § extra loss applies (city).");
  assert.equal(extraWords({decided_by: "player", applies: false, reasons: ["river"]}), "The § extra loss does not apply despite (river).");
});
