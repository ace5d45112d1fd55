// The journal's and the research game's stores (web/kit/kept-store.js under journal/journal-store.js and
// research/research-store.js, issue #32): blocked storage, an unreadable saved copy set aside, a full storage,
// another tab's unreadable copy, another tab's change pulled in, each said in the store's own words. The words
// are those the two stores said before they shared kit/kept-store.js (written out here from that code).
import {test} from "node:test";
import assert from "node:assert/strict";
import {KEY as JOURNAL_KEY, openJournalStore} from "../../web/journal/journal-store.js";
import {emptyJournal, newBattle} from "../../web/journal/journal-state.js";
import {emptyGame, KEY as GAME_KEY, newNation, openStore} from "../../web/research/research-store.js";

/** A localStorage stand-in: `full` makes every setItem fail as a full browser storage does. */
class FakeStorage {
  constructor(items = {}) {
    this.items = new Map(Object.entries(items));
    this.full = false;
    this.broken = false;
  }
  getItem(key) {
    if (this.broken) throw new Error("the storage cannot be read");
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    if (this.full) throw Object.assign(new Error("quota"), {name: "QuotaExceededError"});
    this.items.set(key, String(value));
  }
  removeItem(key) {
    this.items.delete(key);
  }
}

const LUCK = {swing: 3, law: {"-3": 0.625, "0": 0.125, "3": 0.25}, expected_swing: -1.125, percentile: 0.875};
const STORES = [
  {
    name: "journal", key: JOURNAL_KEY, open: openJournalStore, empty: emptyJournal,
    changed: () => ({...emptyJournal(), battles: [newBattle({attacker: "Germany", defender: "Russia", label: "b", luck: LUCK},
      {id: "b1", added: 1})]}),
    blocked: "This browser does not let Luckdial keep data (private mode or storage blocked): the journal lives in " +
      "this tab only. Share it as a link to keep it.",
    notSaved: "Not saved: this browser does not let Luckdial keep data.",
    full: "Not saved: this browser's storage is full. The journal lives in this tab only — share it as a link to keep it.",
    unreadable: /^The saved journal could not be read: .+\. It was set aside under the key "luckdial\.journal\.v1\.unreadable-\d+"\.$/,
    unread: "The saved journal could not be read: the storage cannot be read.",
    added: "Another tab added 1 battle of this journal.",
    theirs: /^A journal saved by another tab could not be read\. It was set aside under the key "luckdial\.journal\.v1\.unreadable-\d+"\.$/,
  },
  {
    name: "game", key: GAME_KEY, open: openStore, empty: emptyGame,
    changed: () => ({...emptyGame(), nations: [newNation("USA", "dice")]}),
    blocked: "This browser does not let Luckdial keep data (private mode or storage blocked): the game lives in " +
      "this tab only. Export it before you close the tab.",
    notSaved: "Not saved: this browser does not let Luckdial keep data. Export the game to keep it.",
    full: "Not saved: this browser's storage is full. Your last change lives in this tab only — export the game to keep it.",
    unreadable: /^The saved research game could not be read: .+\. It was set aside under the key "luckdial\.research\.v1\.unreadable-\d+"\.$/,
    unread: "The saved game could not be read (the storage cannot be read). Export to keep this one.",
    added: "Another tab added “USA”.",
    theirs: /^A copy saved by another tab could not be read\. It was set aside under the key "luckdial\.research\.v1\.unreadable-\d+"\.$/,
  },
];

const asideKeys = (storage, key) => [...storage.items.keys()].filter((name) => name.startsWith(`${key}.unreadable-`));

for (const s of STORES) {
  test(`${s.name}: a browser that keeps nothing is said, and the value lives on in the tab`, () => {
    const store = s.open(null);
    assert.deepEqual(store.load(), {[s.name]: s.empty(), notes: [], problem: s.blocked});
    const value = s.changed();
    assert.deepEqual(store.save(value), {[s.name]: value, notes: [], problem: s.notSaved});
    assert.equal(store.pull(value), null);
  });

  test(`${s.name}: an unreadable saved copy is set aside, never overwritten, and said`, () => {
    const storage = new FakeStorage({[s.key]: "{not json"});
    const loaded = s.open(storage).load();
    assert.deepEqual(loaded[s.name], s.empty());
    assert.match(loaded.problem, s.unreadable);
    const [aside] = asideKeys(storage, s.key);
    assert.equal(storage.getItem(aside), "{not json");
    assert.ok(loaded.problem.includes(aside));
    storage.broken = true; // a storage that cannot be read at all: nothing to set aside
    assert.equal(s.open(storage).load().problem, s.unread);
  });

  test(`${s.name}: a full storage is said, and the value is answered as it was given`, () => {
    const storage = new FakeStorage();
    const store = s.open(storage);
    store.load();
    storage.full = true;
    const value = s.changed();
    assert.deepEqual(store.save(value), {[s.name]: value, notes: [], problem: s.full});
    assert.equal(storage.getItem(s.key), null);
  });

  test(`${s.name}: another tab's unreadable copy is set aside before this tab's is written`, () => {
    const storage = new FakeStorage();
    const store = s.open(storage);
    store.load();
    storage.setItem(s.key, "garbage");
    const value = s.changed();
    const saved = store.save(value);
    assert.equal(saved.problem, null);
    assert.equal(saved.notes.length, 1);
    assert.equal(saved.notes[0].alert, true);
    assert.match(saved.notes[0].text, s.theirs);
    assert.equal(storage.getItem(asideKeys(storage, s.key)[0]), "garbage");
    assert.deepEqual(s.open(storage).load(), {[s.name]: value, notes: [], problem: null});
  });

  test(`${s.name}: another tab's change is pulled in; nothing new answers null`, () => {
    const storage = new FakeStorage();
    const here = s.open(storage);
    const mine = here.load()[s.name];
    assert.equal(here.pull(mine), null);
    const theirs = s.changed();
    assert.equal(s.open(storage).save(theirs).problem, null);
    const pulled = here.pull(mine);
    assert.deepEqual(pulled[s.name], theirs);
    assert.equal(pulled.problem, null);
    assert.deepEqual(pulled.notes, [{alert: false, text: s.added}]);
    assert.equal(here.pull(pulled[s.name]), null);
  });
}
