// The battle being entered, kept for this tab: what each screen's form last held (so a reload during
// the set-up gives it back) and the set-up both Battle and Odds share (so each opens on the battle
// entered on the other). A player's edit or a link opened moves the shared set-up (a revision
// number); a screen takes it when it is shown and the revision is newer than the last it saw. A set-up
// only taken from the other screen, or a battle in progress's odds, does not move it.
//
// sessionStorage: it survives a reload and is this tab's alone (another tab enters its own battle);
// a refusal (private mode) leaves the conveniences out, never an error on screen.
//
// Not for: the battle in progress (its link, in the address) or the remembered ruleset and system
// (kit/prefs.js, for every visit).

import {setupOf} from "./form-state.js";

const KEY = "luckdial.draft";
const EMPTY = Object.freeze({rev: 0, from: null, setup: null, requests: {}, seen: {}});

/** The draft after `screen`'s player edited its form into `request`. Pure. */
export function afterEdit(draft, screen, request) {
  const rev = draft.rev + 1;
  return {rev, from: screen, setup: setupOf(request), requests: {...draft.requests, [screen]: request},
    seen: {...draft.seen, [screen]: rev}};
}

/** The draft once `screen` holds `request` without a player's edit (a link, a set-up taken): it has seen all. Pure. */
export function afterKeep(draft, screen, request) {
  return {...draft, requests: {...draft.requests, [screen]: request}, seen: {...draft.seen, [screen]: draft.rev}};
}

/** The shared set-up `screen` has not seen yet (entered on another screen since), or null. Pure. */
export function newerFor(draft, screen) {
  return draft.setup && draft.rev > (draft.seen[screen] || 0) && draft.from !== screen ? draft.setup : null;
}

function storage() {
  try {
    return globalThis.sessionStorage || null;
  } catch {
    return null; // storage refused outright (a sandboxed frame)
  }
}

/** This tab's draft (an empty one when there is none or it cannot be read). */
export function readDraft(store = storage()) {
  try {
    const draft = JSON.parse(store?.getItem(KEY) || "null");
    return draft && Number.isInteger(draft.rev) && draft.requests && draft.seen ? draft : EMPTY;
  } catch {
    return EMPTY;
  }
}

function write(draft, store) {
  try {
    store?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // full or refused: the form itself is untouched, only a reload would not give it back
  }
  return draft;
}

/** Remember a player's edit on `screen`. */
export const saveEdit = (screen, request, store = storage()) => write(afterEdit(readDraft(store), screen, request), store);

/** Remember what `screen` shows now, not a player's edit. */
export const keepShown = (screen, request, store = storage()) => write(afterKeep(readDraft(store), screen, request), store);
