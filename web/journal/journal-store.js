// The game journal kept on this device (issue #33): one localStorage entry shared by every open tab
// (kit/shared-entry.js), so a battle added in one tab is never lost to a save in another — the two copies
// are merged (journal-state.js mergeJournals), as Research's game is (research/research-store.js). The
// names of the last sides a battle was added under are remembered apart (kit/local.js), a convenience.
//
// Not for: what the journal holds (journal-state.js), or telling the player (journal.js says the notes).

import {sharedEntry} from "../kit/shared-entry.js";
import {readStored, writeStored} from "../kit/local.js";
import {checkJournal, emptyJournal, mergeJournals, tidyName} from "./journal-state.js";

export const KEY = "luckdial.journal.v1";
const SIDES_KEY = "luckdial.journal.sides";

function safeStorage() {
  try {
    return window.localStorage || null;
  } catch {
    return null;
  }
}

function saveProblem(error) {
  const full = error && (error.name === "QuotaExceededError" || error.code === 22);
  return `Not saved: ${full ? "this browser's storage is full" : error.message}. ` +
    "The journal lives in this tab only — share it as a link to keep it.";
}

/** Keep an unreadable copy under a key of its own; the sentence that says where. */
function setAside(storage, raw) {
  const aside = `${KEY}.unreadable-${Date.now()}`;
  try {
    storage.setItem(aside, raw);
    return ` It was set aside under the key "${aside}".`;
  } catch {
    return " It could not be set aside either.";
  }
}

/** The journal store: load(), save(journal), pull(journal), onChange(callback); each answer {journal, notes, problem}. */
export function openJournalStore(storage = safeStorage()) {
  const entry = storage && sharedEntry(KEY, {
    storage,
    decode: (raw) => checkJournal(JSON.parse(raw)),
    merge: mergeJournals,
    unreadable: (raw) => [{alert: true, text: `A journal saved by another tab could not be read.${setAside(storage, raw)}`}],
  });
  const answer = ({value, notes, error}) => ({journal: value, notes, problem: error ? saveProblem(error) : null});
  return {
    load() {
      if (!entry) {
        return {journal: emptyJournal(), notes: [], problem: "This browser does not let Luckdial keep data (private " +
          "mode or storage blocked): the journal lives in this tab only. Share it as a link to keep it."};
      }
      try {
        return {journal: entry.read() || emptyJournal(), notes: [], problem: null};
      } catch (error) {
        let raw = null;
        try {
          raw = storage.getItem(KEY);
        } catch {
          // the read itself failed: nothing to set aside
        }
        const aside = raw === null ? "" : setAside(storage, raw);
        return {journal: emptyJournal(), notes: [], problem: `The saved journal could not be read: ${error.message}.${aside}`};
      }
    },
    save(journal) {
      if (!entry) return {journal, notes: [], problem: "Not saved: this browser does not let Luckdial keep data."};
      try {
        return answer(entry.write(journal));
      } catch (error) {
        return {journal, notes: [], problem: saveProblem(error)};
      }
    },
    pull(journal) {
      if (!entry) return null;
      try {
        const got = entry.pull(journal);
        return got && answer(got);
      } catch (error) {
        return {journal, notes: [], problem: saveProblem(error)};
      }
    },
    onChange(callback) {
      entry?.onChange(callback);
    },
  };
}

/** The names the last battle was added under: {attacker, defender}, "" where none yet. */
export function lastSides() {
  const stored = readStored(SIDES_KEY) || {};
  return {attacker: tidyName(stored.attacker), defender: tidyName(stored.defender)};
}

export function rememberSides(attacker, defender) {
  writeStored(SIDES_KEY, {attacker: tidyName(attacker), defender: tidyName(defender)});
}
