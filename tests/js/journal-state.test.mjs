// The game journal as data (web/journal/journal-state.js, issue #33): names, add / remove / clear and Undo,
// the `journal` request, the links found in a pasted forum thread, the chart's series, two tabs merged.
import {test} from "node:test";
import assert from "node:assert/strict";
import {addBattle, battleLabel, checkJournal, clearJournal, emptyJournal, findLinks, journalFromRequest, journalRequest,
  linkName, MAX_BATTLES, mergeJournals, namesProblem, newBattle, removeBattle, restoreBattles, seriesOf, swapSides,
  tidyName} from "../../web/journal/journal-state.js";

const LUCK = {swing: 3, law: {"-3": 0.625, "0": 0.125, "3": 0.25}, expected_swing: -1.125, percentile: 0.875};
const battle = (id, added, attacker = "Germany", defender = "Russia") =>
  newBattle({attacker, defender, label: `battle ${id}`, luck: LUCK}, {id, added});
const journalOf = (...battles) => ({...emptyJournal(), battles});

test("a side's name is one tidy line; the two sides must be named and differ (whatever their case)", () => {
  assert.equal(tidyName("  Soviet \n Union "), "Soviet Union");
  assert.equal(tidyName("x".repeat(60)).length, 40);
  assert.match(namesProblem("", "Russia"), /^Attacker: give/);
  assert.match(namesProblem("Germany", "  "), /^Defender: give/);
  assert.equal(namesProblem("Germany", "germany"), "Defender: “germany” is the attacker's name too; a side cannot fight itself.");
  assert.equal(namesProblem("Germany", "Russia"), null);
});

test("add, remove, swap, clear and Undo: the battles come back in their order", () => {
  let journal = emptyJournal();
  for (const b of [battle("a", 1), battle("b", 2), battle("c", 3)]) journal = addBattle(journal, b).journal;
  assert.deepEqual(removeBattle(journal, "b").battles.map((b) => b.id), ["a", "c"]);
  assert.deepEqual(swapSides(journal, "c").battles[2], {...journal.battles[2], attacker: "Russia", defender: "Germany"});
  const {journal: cleared, undo} = clearJournal(journal);
  assert.equal(cleared.battles.length, 0);
  const later = addBattle(cleared, battle("d", 4)).journal; // added after the clear: kept by its Undo
  assert.deepEqual(restoreBattles(later, undo).battles.map((b) => b.id), ["a", "b", "c", "d"]);
});

test("a full journal refuses one more battle, in words", () => {
  const full = journalOf(...Array.from({length: MAX_BATTLES}, (_, i) => battle(`b${i}`, i)));
  const {journal, problem} = addBattle(full, battle("late", 999));
  assert.equal(journal, full);
  assert.match(problem, /full \(200 battles\)/);
});

test("the journal request holds each battle's sides, luck and label; a link's request gives the journal back", () => {
  const journal = journalOf(battle("a", 1), {...battle("b", 2, "Russia", "Germany"), label: ""});
  const request = journalRequest(journal);
  assert.deepEqual(request, {op: "journal", battles: [
    {attacker: "Germany", defender: "Russia", luck: LUCK, label: "battle a"},
    {attacker: "Russia", defender: "Germany", luck: LUCK}]});
  let n = 0;
  const back = journalFromRequest(request, () => `id${n++}`, 100);
  assert.deepEqual(back.battles.map((b) => [b.id, b.attacker, b.added]), [["id0", "Germany", 100], ["id1", "Russia", 101]]);
  assert.deepEqual(journalRequest(back), request);
});

test("every Luckdial link in a pasted thread, once each, wherever the forum wrapped it", () => {
  const text = "Post 1 [url=https://a.github.io/luckdial/#v1.AbC-_9]battle[/url]\n" +
    "Post 2 <https://a.github.io/luckdial/#v1.XyZ> and (https://b.example/#v1.AbC-_9)\n" +
    "a newer one https://a.github.io/luckdial/#v2.qq, a screen #battle, nothing else";
  assert.deepEqual(findLinks(text), ["v1.AbC-_9", "v1.XyZ", "v2.qq"]);
  assert.deepEqual(findLinks(""), []);
  assert.equal(linkName("v1.abcdefghijklmnopqrstuvwxyz", 2), "Link 3 (#v1.abcdefghijklmn…)");
  assert.equal(linkName("v1.AAAA", 0), "Link 1 (#v1.AAAA)");
});

test("a battle's label: its forces and its end, in the ruleset's unit names, at most 80 characters", () => {
  const request = {ruleset: "classic", attacker: {units: {tank: 1, infantry: 3}}, defender: {units: {infantry: 4}}};
  assert.equal(battleLabel(request, {outcome: "attacker_wins"}), "3 infantry, 1 tank v 4 infantry — attacker won");
  assert.equal(battleLabel(request, {outcome: "in_progress", rounds: [{}, {}]}), "3 infantry, 1 tank v 4 infantry — after round 2");
  const big = {ruleset: "classic", attacker: {units: {infantry: 9, tank: 9, fighter: 9, bomber: 9}}, defender: {units: {infantry: 9, tank: 9, fighter: 9}}};
  const cut = battleLabel(big, {outcome: "defender_wins"});
  assert.ok(cut.length <= 80, cut);
  // The forces give way, cut after a whole unit; the end, who won, is kept whole.
  assert.equal(cut, "9 infantry, 9 tanks, 9 fighters, 9 bombers v 9 infantry… — defender held");
  const long = {ruleset: "classic", attacker: {units: {infantry: 3, tank: 3, fighter: 1}},
    defender: {units: {infantry: 4, tank: 1, fighter: 1, bomber: 1, battleship: 1}}};
  assert.match(battleLabel(long, {outcome: "attacker_wins"}), /^3 infantry, 3 tanks, 1 fighter v .*… — attacker won$/);
});

test("the chart's series: a side's luck stays where it was over the battles it did not fight", () => {
  const sides = [{side: "Germany", running: [{battle: 0, luck: 2}, {battle: 2, luck: -1}]},
    {side: "Japan", running: [{battle: 1, luck: 4}]}];
  assert.deepEqual(seriesOf(sides, 3), [{side: "Germany", running: [2, 2, -1]}, {side: "Japan", running: [0, 4, 4]}]);
});

test("two tabs: a battle added in either is kept, one removed in either is gone, in the order added", () => {
  const base = journalOf(battle("a", 1), battle("b", 2));
  const mine = journalOf(battle("a", 1), battle("b", 2), battle("m", 4)); // this tab added m
  const theirs = journalOf(battle("b", 2), battle("t", 3)); // the other removed a, added t
  const {value, notes} = mergeJournals(base, mine, theirs);
  assert.deepEqual(value.battles.map((b) => b.id), ["b", "t", "m"]);
  assert.deepEqual(notes, [{alert: false, text: "Another tab added 1 battle and removed 1 of this journal."}]);
  // Cleared here while the other tab added one: the cleared stay cleared, the new one is kept.
  assert.deepEqual(mergeJournals(base, emptyJournal(), journalOf(...base.battles, battle("n", 5))).value.battles.map((b) => b.id), ["n"]);
  // Nothing stored before: both tabs' battles are kept.
  assert.deepEqual(mergeJournals(null, journalOf(battle("x", 2)), journalOf(battle("y", 1))).value.battles.map((b) => b.id), ["y", "x"]);
});

test("a stored journal is checked: the first battle at fault is named", () => {
  const good = journalOf(battle("a", 1));
  assert.deepEqual(checkJournal(JSON.parse(JSON.stringify(good))), good);
  assert.throws(() => checkJournal({...good, luckdial: "research-game"}), /The journal's kind/);
  assert.throws(() => checkJournal(journalOf(battle("a", 1), {...battle("b", 2), luck: null})), /^Error: Battle 2, luck/);
  assert.throws(() => checkJournal(journalOf(battle("a", 1), battle("a", 2))), /Battle 2, id/);
});
