// The game journal kept on this device: one localStorage entry shared by every open tab
// (kit/shared-entry.js), so a battle added in one tab is never lost to a save in another — the two copies
// are merged (journal-state.js mergeJournals), as Research's game is (research/research-store.js). The
// names of the last sides a battle was added under are remembered apart (kit/local.js), a convenience.
//
// Not for: what the journal holds (journal-state.js), or telling the player (journal.js says the notes).

import {keptStore, safeStorage} from "../kit/kept-store.js";
import {readStored, writeStored} from "../kit/local.js";
import {checkJournal, emptyJournal, mergeJournals, tidyName} from "./journal-state.js";

export const KEY = "luckdial.journal.v1";
const SIDES_KEY = "luckdial.journal.sides";

/** What the journal's store says to the player (kit/kept-store.js): the journal, kept by sharing it as a link. */
const WORDS = {
  blocked: "This browser does not let Luckdial keep data (private mode or storage blocked): the journal lives " +
    "in this tab only. Share it as a link to keep it.",
  notSaved: "Not saved: this browser does not let Luckdial keep data.",
  keepIt: "The journal lives in this tab only — share it as a link to keep it.",
  theirsUnreadable: "A journal saved by another tab could not be read.",
  unreadable: (message, aside) => `The saved journal could not be read: ${message}.${aside ?? ""}`,
};

/** The journal store: load(), save(journal), pull(journal), onChange(callback); each answer {journal, notes, problem}. */
export function openJournalStore(storage = safeStorage()) {
  return keptStore({key: KEY, storage, name: "journal", empty: emptyJournal, decode: (raw) => checkJournal(JSON.parse(raw)),
    merge: mergeJournals, words: WORDS});
}

/** The names the last battle was added under: {attacker, defender}, "" where none yet. */
export function lastSides() {
  const stored = readStored(SIDES_KEY) || {};
  return {attacker: tidyName(stored.attacker), defender: tidyName(stored.defender)};
}

export function rememberSides(attacker, defender) {
  writeStored(SIDES_KEY, {attacker: tidyName(attacker), defender: tidyName(defender)});
}
