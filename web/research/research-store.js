// The research game on this phone: kept in localStorage, exported and imported as a JSON file.
//
// A game is plain data: nations, each with its ledgers as the steps of a
// `research` request (pycore replays them; nothing derived is stored) and its
// bombing fees owed this turn. Nothing a player entered is lost silently:
// a storage that is blocked or full is reported, and a saved game that cannot
// be read is set aside under another key, never overwritten.

import {newSeed as seed} from "../kit/seed.js";

export const KEY = "luckdial.research.v1";
export const FILE_KIND = "research-game";
const MAX_NATIONS = 40;
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

/** Read the saved game: {game, problem}; problem is a sentence for the player, or null. */
export function load(storage = safeStorage()) {
  if (!storage) {
    return {game: emptyGame(), problem: "This browser does not let Luckdial keep data (private mode or storage " +
      "blocked): the game lives in this tab only. Export it before you close the tab."};
  }
  let raw;
  try {
    raw = storage.getItem(KEY);
  } catch (error) {
    return {game: emptyGame(), problem: `The saved game could not be read (${error.message}). Export to keep this one.`};
  }
  if (raw === null) return {game: emptyGame(), problem: null};
  try {
    return {game: checkGame(JSON.parse(raw)), problem: null};
  } catch (error) {
    const aside = `${KEY}.unreadable-${Date.now()}`;
    let kept = "";
    try {
      storage.setItem(aside, raw);
      kept = ` It was set aside under the key "${aside}".`;
    } catch {
      kept = " It could not be set aside either.";
    }
    return {game: emptyGame(), problem: `The saved research game could not be read: ${error.message}.${kept}`};
  }
}

/** Save; returns null, or a sentence saying why the game is not kept. */
export function save(game, storage = safeStorage()) {
  if (!storage) return "Not saved: this browser does not let Luckdial keep data. Export the game to keep it.";
  try {
    storage.setItem(KEY, JSON.stringify(game));
    return null;
  } catch (error) {
    const full = error && (error.name === "QuotaExceededError" || error.code === 22);
    return `Not saved: ${full ? "this browser's storage is full" : error.message}. ` +
      "Your last change lives in this tab only — export the game to keep it.";
  }
}

function safeStorage() {
  try {
    const storage = window.localStorage;
    return storage || null;
  } catch {
    return null;
  }
}

// ---- shape check of a game (storage and imported files); pycore checks every ledger after ----

function fail(path, message) {
  throw new Error(`${path}: ${message}`);
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
  if (!Array.isArray(data.nations) || data.nations.length > MAX_NATIONS) fail("nations", `must be a list of at most ${MAX_NATIONS}, got ${quote(data.nations)}`);
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
