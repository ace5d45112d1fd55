// The research game on this phone: kept in localStorage, exported and imported as a JSON file.
//
// A game is plain data: nations, each with its ledgers as the steps of a
// `research` request (pycore replays them; nothing derived is stored) and its
// bombing fees owed this turn. Nothing a player entered is lost silently:
// a storage that is blocked or full is reported, a saved game that cannot
// be read is set aside under another key, never overwritten, and two open
// tabs merge their changes (mergeGames) instead of overwriting each other.

import {newSeed as seed} from "../kit/seed.js";
import {keptStore, safeStorage} from "../kit/kept-store.js";

export const KEY = "luckdial.research.v1";
export const FILE_KIND = "research-game";
export const MAX_NATIONS = 40; // the form's limit; a stored or imported game may hold twice as many (two tabs merged)
const MAX_STORED_NATIONS = 2 * MAX_NATIONS;
const MAX_STEPS = 300;

export function emptyGame() {
  return {luckdial: FILE_KIND, version: 1, nations: [], selected: null};
}

export const newSeed = () => seed(12); // ids and seeds of nations and raids, as before

export function newNation(name, system, options = {}) {
  const nation = {id: newSeed(), name, system, seed: newSeed(), bombing: {owed: 0, log: []}};
  nation.ledgers = system === "lowluck"
    ? {industrial: {steps: []}, air: {steps: []}}
    : {dice: {steps: [], keep_tokens: Boolean(options.keep_tokens), low_luck: Boolean(options.low_luck)}};
  return nation;
}

/** The `research` request of one ledger: what pycore replays, and what a share link holds. */
export function ledgerRequest(nation, key) {
  const ledger = nation.ledgers[key];
  const request = {op: "research", system: nation.system, steps: ledger.steps, seed: ledger.seed || `${nation.seed}:${key}`,
    label: nation.name};
  if (nation.system === "lowluck") request.category = key;
  else Object.assign(request, {keep_tokens: ledger.keep_tokens, low_luck: ledger.low_luck});
  return request;
}

export function ledgerKeys(nation) {
  return nation.system === "lowluck" ? ["industrial", "air"] : ["dice"];
}

/** What the game's store says to the player (kit/kept-store.js): the game, kept by exporting it. */
const WORDS = {
  blocked: "This browser does not let Luckdial keep data (private mode or storage blocked): the game lives in " +
    "this tab only. Export it before you close the tab.",
  notSaved: "Not saved: this browser does not let Luckdial keep data. Export the game to keep it.",
  keepIt: "Your last change lives in this tab only — export the game to keep it.",
  theirsUnreadable: "A copy saved by another tab could not be read.",
  unreadable: (message, aside) => (aside === null
    ? `The saved game could not be read (${message}). Export to keep this one.`
    : `The saved research game could not be read: ${message}.${aside}`),
};

/**
 * The game as kept in this browser, shared by every open tab (kit/kept-store.js): load(), save(game) and
 * pull(game) after another tab's change (onChange), each answering {game, notes, problem}. A save over a copy
 * another tab changed is merged (mergeGames), never written over it; `notes` say what came from the other tab,
 * a note {text, alert}: alert for what the player must look at (both copies of a nation kept).
 */
export function openStore(storage = safeStorage()) {
  return keptStore({key: KEY, storage, name: "game", empty: emptyGame, decode: (raw) => checkGame(JSON.parse(raw)),
    merge: mergeGames, same: (a, b) => canonical(a.nations) === canonical(b.nations), // `selected` is each tab's own
    words: WORDS});
}

// ---- two tabs: the merge ----------------------------------------------------------------------------

/**
 * JSON with sorted keys (and, as in JSON, no undefined field): two copies of a nation compare equal
 * whatever order their fields were made in — one built in this tab, one read back from storage.
 */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item) ?? "null").join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const clone = (value) => JSON.parse(JSON.stringify(value));
const list = (names) => names.map((name) => `“${name}”`).join(", ");

/**
 * Three-way merge of a game changed in this tab (`mine`) and in another (`theirs`) since both were the
 * stored copy `base` (null: nothing was stored). Nations are matched by id; nothing either tab entered is
 * lost (docs/research.md, "Two tabs"):
 * - a nation changed, added or removed in one tab only: that tab's change;
 * - changed in both tabs, differently: both are kept — the other tab's under its name, this tab's as a
 *   copy "Name (2)" — and a note asks the player to remove the one he does not want (rounds recorded in
 *   two tabs cannot be put in one order by the app);
 * - removed in one tab and changed in the other: kept, with a note;
 * - two nations of one name added in the two tabs: this tab's is renamed "Name (2)".
 * `selected` stays this tab's. Returns {value, notes}.
 */
export function mergeGames(base, mine, theirs) {
  const index = (game) => new Map((game?.nations || []).map((nation) => [nation.id, nation]));
  const before = index(base);
  const here = index(mine);
  const there = index(theirs);
  const same = (a, b) => canonical(a) === canonical(b);
  const untouchedThere = (nation) => before.has(nation.id) && same(before.get(nation.id), nation);
  const dropped = new Set(theirs.nations.filter((nation) => !here.has(nation.id) && untouchedThere(nation)).map((n) => n.id));
  const names = new Set(theirs.nations.filter((nation) => !dropped.has(nation.id)).map((nation) => nation.name));
  const unique = (name) => {
    for (let n = 2; ; n++) {
      const suffix = ` (${n})`;
      const candidate = name.slice(0, 60 - suffix.length) + suffix;
      if (!names.has(candidate)) return candidate;
    }
  };
  const nations = [];
  const news = {added: [], changed: [], removed: []}; // what the other tab did
  const conflicts = [];
  let selected = mine.selected ? {...mine.selected} : null;

  for (const other of theirs.nations) {
    const was = before.get(other.id);
    const own = here.get(other.id);
    if (!was) news.added.push(other.name);
    else if (!same(was, other)) news.changed.push(other.name);
    if (!own) {
      if (dropped.has(other.id)) continue; // removed in this tab, untouched there
      nations.push(other);
      if (was) conflicts.push(`“${other.name}”, removed in this tab, was changed in another tab: it is kept.`);
      continue;
    }
    if (!was || same(was, own) || same(own, other)) {
      nations.push(other); // this tab did not change it (or made the same change)
    } else if (same(was, other)) {
      nations.push(own); // only this tab changed it
    } else {
      const copy = {...clone(own), id: newSeed(), name: unique(own.name)};
      names.add(copy.name);
      nations.push(other, copy);
      if (selected?.nation === own.id) selected.nation = copy.id;
      conflicts.push(`“${own.name}” was changed in this tab and in another one: both are kept, the other ` +
        `tab's as “${other.name}” and this tab's as “${copy.name}”. Remove the one you do not want.`);
    }
  }
  for (const own of mine.nations) {
    if (there.has(own.id)) continue;
    const was = before.get(own.id);
    if (was) {
      news.removed.push(own.name);
      if (same(was, own)) continue; // removed there, untouched here
      conflicts.push(`“${own.name}”, removed in another tab, was changed in this one: it is kept.`);
    }
    const nation = names.has(own.name) ? {...own, name: unique(own.name)} : own;
    if (nation !== own) conflicts.push(`Another tab added a nation “${own.name}” too: this tab's is now “${nation.name}”.`);
    names.add(nation.name);
    nations.push(nation);
  }
  if (selected && !nations.some((nation) => nation.id === selected.nation)) selected = null;
  const said = [["added", news.added], ["changed", news.changed], ["removed", news.removed]]
    .filter(([, names]) => names.length).map(([verb, names]) => `${verb} ${list(names)}`);
  const notes = said.length ? [{alert: false, text: `Another tab ${said.join("; ")}.`}] : [];
  return {value: {luckdial: FILE_KIND, version: 1, nations, selected},
    notes: [...notes, ...conflicts.map((text) => ({alert: true, text}))]};
}

// ---- shape check of a game (storage and imported files); pycore checks every ledger after ----

// A place in a saved game, in words: "nations[0].ledgers.air.steps[2]" → "Nation 1, air ledger, round 3".
const PLACE_WORDS = {file: "The file", luckdial: "The file's kind", version: "The file's version", nations: "The nations",
  id: "id", name: "name", seed: "seed", system: "research system", ledgers: "ledgers", steps: "rounds", bombing: "bombing",
  owed: "IPCs owed", log: "log"};
function placeWords(path) {
  const words = [];
  for (const [, name, index] of path.matchAll(/([a-z_]+)(?:\[(\d+)\])?/g)) {
    const prev = words.at(-1);
    if (name === "nations" && index !== undefined) words.push(`Nation ${Number(index) + 1}`);
    else if (name === "steps" && index !== undefined) words.push(`round ${Number(index) + 1}`);
    else if (prev === "ledgers") words[words.length - 1] = `${name} ledger`;
    else words.push(PLACE_WORDS[name] || name);
  }
  return words.join(", ");
}

function fail(path, message) {
  throw new Error(`${placeWords(path)}: ${message}`);
}

const quote = (value) => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 40 ? text.slice(0, 39) + "…" : text;
};

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function text(value, path, max) {
  if (typeof value !== "string" || value.length < 1 || value.length > max) {
    fail(path, `must be text of 1 to ${max} characters, got ${quote(value)}`);
  }
  return value;
}

function whole(value, path, max) {
  if (!Number.isInteger(value) || value < 0 || value > max) fail(path, `must be a whole number from 0 to ${max}, got ${quote(value)}`);
  return value;
}

/** A game object with the expected shape, or an Error naming the first field at fault. */
export function checkGame(data) {
  if (!isObject(data)) fail("file", `must be a JSON object, got ${quote(data)}`);
  if (data.luckdial !== FILE_KIND) fail("luckdial", `must be "${FILE_KIND}" (this is not a Luckdial research game), got ${quote(data.luckdial)}`);
  if (data.version !== 1) fail("version", `must be 1, got ${quote(data.version)}`);
  if (!Array.isArray(data.nations) || data.nations.length > MAX_STORED_NATIONS) {
    fail("nations", `must be a list of at most ${MAX_STORED_NATIONS}, got ${quote(data.nations)}`);
  }
  const ids = new Set();
  const nations = data.nations.map((nation, index) => {
    const path = `nations[${index}]`;
    if (!isObject(nation)) fail(path, `must be an object, got ${quote(nation)}`);
    const id = text(nation.id, `${path}.id`, 40);
    if (ids.has(id)) fail(`${path}.id`, `${quote(id)} is used twice`);
    ids.add(id);
    const out = {id, name: text(nation.name, `${path}.name`, 60), seed: text(nation.seed, `${path}.seed`, 100)};
    if (nation.system !== "lowluck" && nation.system !== "dice") fail(`${path}.system`, `must be "lowluck" or "dice", got ${quote(nation.system)}`);
    out.system = nation.system;
    if (!isObject(nation.ledgers)) fail(`${path}.ledgers`, `must be an object, got ${quote(nation.ledgers)}`);
    const keys = nation.system === "lowluck" ? ["industrial", "air"] : ["dice"];
    out.ledgers = {};
    for (const key of Object.keys(nation.ledgers)) {
      if (!keys.includes(key)) fail(`${path}.ledgers.${key}`, `unknown ledger (expected ${keys.join(", ")})`);
    }
    for (const key of keys) {
      const ledger = nation.ledgers[key];
      const where = `${path}.ledgers.${key}`;
      if (!isObject(ledger)) fail(where, `must be an object, got ${quote(ledger)}`);
      if (!Array.isArray(ledger.steps) || ledger.steps.length > MAX_STEPS) fail(`${where}.steps`, `must be a list of at most ${MAX_STEPS} rounds, got ${quote(ledger.steps)}`);
      ledger.steps.forEach((step, i) => { if (!isObject(step)) fail(`${where}.steps[${i}]`, `must be an object, got ${quote(step)}`); });
      out.ledgers[key] = {steps: ledger.steps.map((step) => ({...step}))};
      if (ledger.seed !== undefined) out.ledgers[key].seed = text(ledger.seed, `${where}.seed`, 200);
      if (key === "dice") {
        out.ledgers[key].keep_tokens = Boolean(ledger.keep_tokens);
        out.ledgers[key].low_luck = Boolean(ledger.low_luck);
      }
    }
    const bombing = nation.bombing === undefined ? {owed: 0, log: []} : nation.bombing;
    if (!isObject(bombing)) fail(`${path}.bombing`, `must be an object, got ${quote(bombing)}`);
    const log = bombing.log === undefined ? [] : bombing.log;
    if (!Array.isArray(log) || log.length > 500 || log.some((line) => typeof line !== "string")) fail(`${path}.bombing.log`, "must be a list of text lines");
    out.bombing = {owed: whole(bombing.owed ?? 0, `${path}.bombing.owed`, 9999), log: [...log]};
    return out;
  });
  const selected = typeof data.selected === "object" && data.selected && ids.has(data.selected.nation)
    ? {nation: data.selected.nation, ledger: String(data.selected.ledger || ""), view: data.selected.view === "bombing" ? "bombing" : "research"}
    : null;
  return {luckdial: FILE_KIND, version: 1, nations, selected};
}
