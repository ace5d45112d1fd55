// Pasted links into the journal: a forum thread's posts pasted as one text, every Luckdial link
// in it read by pycore (`share` decode), each battle replayed (`resolve`) for its luck, a journal link's
// battles taken whole. A link that cannot be used is refused in a sentence naming it (its number in the
// paste and its first characters) and why; the others are kept. `call` is the client's call (a request →
// its envelope), so node --test runs this with a stand-in for pycore (tests/js/journal-import.test.mjs).
//
// Not for: finding the links (journal-state.js findLinks), or showing the outcome (journal.js).

import {restOf} from "../kit/feedback.js";
import {battleLabel, findLinks, linkName, newBattle} from "./journal-state.js";

const OTHER_OPS = {calc: "a calculation", wif: "a World in Flames combat", research: "a research ledger",
  bombing: "a bombing raid"};

/** One link read: {battles: [entry…]} or {refused: sentence}. */
async function readOne(link, index, call, {sides, known}) {
  const name = linkName(link, index);
  if (known.has(link)) return {refused: `${name} is already in the journal: not added twice.`};
  const decoded = await call({op: "share", decode: link});
  if (!decoded.ok) return {refused: `${name}: ${restOf(decoded.error).replace(/\.$/, "")}.`};
  const request = decoded.result.request;
  if (request.op === "journal") {
    return {battles: request.battles.map((b) => ({attacker: b.attacker, defender: b.defender, label: b.label, luck: b.luck}))};
  }
  if (request.op !== "resolve") return {refused: `${name} is ${OTHER_OPS[request.op] || `a “${request.op}” link`}, not a battle.`};
  if (request.beacon || (request.commit && !request.commit.secret)) {
    return {refused: `${name} is a battle declared but not fought yet (its dice are not drawn).`};
  }
  const played = await call(request);
  if (!played.ok) return {refused: `${name} could not be replayed: ${restOf(played.error).replace(/\.$/, "")}.`};
  const {result} = played;
  if (known.has(result.link)) return {refused: `${name} is already in the journal: not added twice.`};
  if (!result.luck) {
    return {refused: `${name}: ${(result.luck_reason || "no luck: its luck system rolls no dice").replace(/\.$/, "")}.`};
  }
  return {battles: [{...sides, label: battleLabel(request, result), luck: result.luck, link: result.link}]};
}

/**
 * Every link in `text`, read one after the other (the worker answers one at a time anyway):
 * {found, battles: [journal battles], refused: [sentences]}. sides: {attacker, defender}, the names a
 * pasted battle is added under; known: the links already in the journal; newId(), now(): a battle's id
 * and time added.
 */
export async function importLinks(text, call, {sides, known = new Set(), newId, now}) {
  const links = findLinks(text);
  const battles = [];
  const refused = [];
  const seen = new Set(known);
  for (const [index, link] of links.entries()) {
    const got = await readOne(link, index, call, {sides, known: seen});
    if (got.refused) refused.push(got.refused);
    for (const entry of got.battles || []) {
      battles.push(newBattle(entry, {id: newId(), added: now() + battles.length}));
      if (entry.link) seen.add(entry.link);
    }
    seen.add(link);
  }
  return {found: links.length, battles, refused};
}

/** What the import did, in one sentence. */
export function importWords({found, battles, refused}) {
  if (!found) return "No Luckdial link found in the pasted text (a link ends in #v1.…).";
  const added = battles.length === 1 ? "1 battle added" : `${battles.length} battles added`;
  const links = found === 1 ? "1 link" : `${found} links`;
  return `${links} found: ${added}${refused.length ? `, ${refused.length} refused (below)` : ""}.`;
}
