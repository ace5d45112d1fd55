// The game journal as plain data: the battles of one game on this device, each with its two
// sides' names and its luck (pycore's `result.luck`), added one by one, removed, cleared and brought back;
// the `journal` request pycore sums them with (docs/api.md); the links found in a pasted text; two tabs'
// copies merged so neither loses a battle. Pure: node --test runs it (tests/js/journal-state.test.mjs).
//
// Not for: storage (journal-store.js), asking pycore (journal-import.js), drawing (journal-view.js).

import {BUILT_IN, listUnits} from "../kit/rulesets.js";

export const FILE_KIND = "game-journal";
export const MAX_BATTLES = 200; // a long game's battles; the journal op's own limit is pycore's
export const MAX_NAME = 40;
const MAX_LABEL = 80; // as pycore/ops/journal.py

export function emptyJournal() {
  return {luckdial: FILE_KIND, version: 1, battles: []};
}

/** A side's name as typed, tidied: one line, no outer spaces, at most MAX_NAME characters. */
export function tidyName(text) {
  return String(text ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
}

/** What is wrong with the two names a battle is added under, in words naming the field; null when nothing. */
export function namesProblem(attacker, defender) {
  if (!tidyName(attacker)) return "Attacker: give the attacking side a name (a nation or a player).";
  if (!tidyName(defender)) return "Defender: give the defending side a name (a nation or a player).";
  if (tidyName(attacker).toLowerCase() === tidyName(defender).toLowerCase()) {
    return `Defender: “${tidyName(defender)}” is the attacker's name too; a side cannot fight itself.`;
  }
  return null;
}

/** A battle of the journal: {id, attacker, defender, label, luck, link, added}. */
export function newBattle({attacker, defender, label, luck, link = null}, {id, added}) {
  const battle = {id, attacker: tidyName(attacker), defender: tidyName(defender),
    label: String(label || "").slice(0, MAX_LABEL), luck, added};
  if (link) battle.link = link;
  return battle;
}

/** The journal with `battle` at its end, or the same journal and a sentence when it is full. */
export function addBattle(journal, battle) {
  if (journal.battles.length >= MAX_BATTLES) {
    return {journal, problem: `The journal is full (${MAX_BATTLES} battles): remove some, or clear it for a new game.`};
  }
  return {journal: {...journal, battles: [...journal.battles, battle]}, problem: null};
}

export function removeBattle(journal, id) {
  return {...journal, battles: journal.battles.filter((battle) => battle.id !== id)};
}

/** The battle with its attacker and defender's names swapped (a pasted battle read the other way). */
export function swapSides(journal, id) {
  return {...journal, battles: journal.battles.map((b) => (b.id === id ? {...b, attacker: b.defender, defender: b.attacker} : b))};
}

/** Clear: the empty journal, and what Undo puts back. */
export function clearJournal(journal) {
  return {journal: {...journal, battles: []}, undo: journal.battles};
}

/** Undo of a clear: the battles cleared come back before any added since (none is lost twice). */
export function restoreBattles(journal, battles) {
  const have = new Set(journal.battles.map((b) => b.id));
  return {...journal, battles: [...battles.filter((b) => !have.has(b.id)), ...journal.battles]};
}

/** The `journal` request of docs/api.md: each battle's sides, luck and label. */
export function journalRequest(journal) {
  return {op: "journal", battles: journal.battles.map(({attacker, defender, luck, label}) =>
    (label ? {attacker, defender, luck, label} : {attacker, defender, luck}))};
}

/** The journal a `journal` request (a link's) holds: its battles, with fresh ids. */
export function journalFromRequest(request, newId, now = 0) {
  const battles = (request.battles || []).map((battle, index) => newBattle(battle, {id: newId(), added: now + index}));
  return {...emptyJournal(), battles};
}

const ENDS = {attacker_wins: "attacker won", defender_wins: "defender held", draw: "both wiped out",
  stalemate: "stalemate", retreat: "attacker retreated"};

/**
 * A battle's label in the journal: "3 infantry, 1 tank v 4 infantry — attacker won" (at most 80
 * characters, pycore's limit), from its request and pycore's answer; unit names from `names` (id → name)
 * or the built-in tables.
 */
export function battleLabel(request, result, names = unitNames(request.ruleset)) {
  const forces = ["attacker", "defender"].map((role) => listUnits(request[role]?.units, names, "nothing"));
  const end = ENDS[result?.outcome] || (result?.rounds ? `after round ${result.rounds.length}` : "");
  const tail = end ? ` — ${end}` : "";
  const text = `${forces.join(" v ")}${tail}`;
  if (text.length <= MAX_LABEL) return text;
  // Too long: the forces give way, never the end ("… 1 fighter — attacker…" hid who won), and they are
  // cut after a whole unit ("4 infantry…"), not in the middle of a name.
  const all = forces.join(" v ");
  const room = MAX_LABEL - tail.length - 1;
  const whole = Math.max(all.lastIndexOf(", ", room), all.lastIndexOf(" v ", room));
  return `${whole > 0 ? all.slice(0, whole) : all.slice(0, room)}…${tail}`;
}

/** Unit id → name of a built-in ruleset (kit/rulesets.js), empty when unknown. */
export function unitNames(rulesetId) {
  const ruleset = BUILT_IN.rulesets.find((r) => r.id === rulesetId);
  return new Map((ruleset?.units || []).map((unit) => [unit.id, unit.name]));
}

/**
 * The chart's series from the `journal` op's sides: each side's luck after every battle of the game
 * (running holds only the battles it fought; between them its luck stays where it was).
 */
export function seriesOf(sides, battles) {
  return (sides || []).map((side) => {
    const running = [];
    let luck = 0;
    let next = 0;
    for (let i = 0; i < battles; i++) {
      while (next < side.running.length && side.running[next].battle === i) luck = side.running[next++].luck;
      running.push(luck);
    }
    return {side: side.side, running};
  });
}

/** The sides of the journal in the order they first appear. */
export function sidesOf(journal) {
  const seen = [];
  for (const battle of journal.battles) {
    for (const side of [battle.attacker, battle.defender]) if (!seen.includes(side)) seen.push(side);
  }
  return seen;
}

// ---- pasted text: every Luckdial link in it ------------------------------------------------------------

// A link is a fragment "#v<version>.<base64url>" at the end of any address (docs/links.md); a forum may
// wrap it in [url=…], <…>, (…) or quotes, which the character class stops at.
const LINK = /#(v\d{1,6}\.[A-Za-z0-9_-]*)/g;

/** The links in `text`, each once, in order of appearance: ["v1.…", …]. */
export function findLinks(text) {
  const found = [];
  for (const match of String(text ?? "").matchAll(LINK)) if (!found.includes(match[1])) found.push(match[1]);
  return found;
}

/** A link as named in a refusal: its number in the paste and its first characters. */
export function linkName(link, index) {
  return `Link ${index + 1} (#${link.length > 18 ? `${link.slice(0, 17)}…` : link})`;
}

// ---- two tabs --------------------------------------------------------------------------------------

/**
 * Three-way merge of this tab's journal (`mine`) and another tab's (`theirs`), both changed since the
 * stored copy `base` (null: nothing was stored). A battle is kept when either tab has it, unless the other
 * tab removed it (it was in `base` and one tab no longer has it); a battle both tabs changed (swapped
 * sides) is this tab's. Order: by when each battle was added. {value, notes}: a note says what came from
 * the other tab.
 */
export function mergeJournals(base, mine, theirs) {
  const ids = (journal) => new Set((journal?.battles || []).map((battle) => battle.id));
  const before = ids(base);
  const here = ids(mine);
  const there = ids(theirs);
  const removed = (id) => before.has(id) && (!here.has(id) || !there.has(id));
  const kept = new Map();
  for (const battle of [...theirs.battles, ...mine.battles]) if (!removed(battle.id)) kept.set(battle.id, battle);
  const battles = [...kept.values()].sort((a, b) => a.added - b.added || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const added = theirs.battles.filter((b) => !before.has(b.id) && !here.has(b.id)).length;
  const gone = [...before].filter((id) => here.has(id) && !there.has(id)).length;
  const parts = [];
  if (added) parts.push(`added ${added} battle${added === 1 ? "" : "s"}`);
  if (gone) parts.push(`removed ${gone}`);
  const notes = parts.length ? [{alert: false, text: `Another tab ${parts.join(" and ")} of this journal.`}] : [];
  return {value: {...emptyJournal(), battles}, notes};
}

// ---- shape check (storage, links) ------------------------------------------------------------------

function fail(where, message) {
  throw new Error(`${where}: ${message}`);
}

/** A journal object with the expected shape, or an Error naming the first battle and field at fault. */
export function checkJournal(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) fail("The journal", "must be an object");
  if (data.luckdial !== FILE_KIND) fail("The journal's kind", `must be "${FILE_KIND}"`);
  if (!Array.isArray(data.battles) || data.battles.length > 2 * MAX_BATTLES) fail("The battles", "must be a list");
  const ids = new Set();
  const battles = data.battles.map((battle, index) => {
    const where = `Battle ${index + 1}`;
    if (!battle || typeof battle !== "object") fail(where, "must be an object");
    if (typeof battle.id !== "string" || !battle.id || ids.has(battle.id)) fail(`${where}, id`, "must be text of its own");
    ids.add(battle.id);
    for (const side of ["attacker", "defender"]) {
      if (typeof battle[side] !== "string" || !tidyName(battle[side])) fail(`${where}, ${side}`, "must be a name");
    }
    if (!battle.luck || typeof battle.luck !== "object" || !Number.isFinite(battle.luck.swing) || !battle.luck.law) {
      fail(`${where}, luck`, "must be a battle's luck");
    }
    if (!Number.isFinite(battle.added)) fail(`${where}, added`, "must be a time");
    return newBattle(battle, {id: battle.id, added: battle.added});
  });
  return {...emptyJournal(), battles};
}
