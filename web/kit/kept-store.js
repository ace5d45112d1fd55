// A store the player's work is kept in on this device (the journal, the research game): one entry shared by
// every open tab (kit/shared-entry.js), behind load/save/pull/onChange answers the screen can say as they are.
//
// Why one module: what a store does when the browser lets it keep nothing, when the saved copy cannot be read
// (it is set aside under a key of its own, never overwritten) and when the storage is full is the same for
// every store; only the words differ (what is kept, and what the player can do to keep it), so each store
// brings its own `words`.
//
// Not for: what the entry holds (the caller's decode and merge), or the two tabs' plumbing (shared-entry.js).

import {sharedEntry} from "./shared-entry.js";

/** This origin's localStorage, or null when the browser blocks it (private mode, storage disabled). */
export function safeStorage() {
  try {
    return window.localStorage || null;
  } catch {
    return null;
  }
}

/** Keep an unreadable copy under a key of its own, never overwritten; the sentence that says where. */
function setAside(storage, key, raw) {
  const aside = `${key}.unreadable-${Date.now()}`;
  try {
    storage.setItem(aside, raw);
    return ` It was set aside under the key "${aside}".`;
  } catch {
    return " It could not be set aside either.";
  }
}

/**
 * keptStore({key, storage, name, empty, decode, merge, same, words}) → {load(), save(value), pull(value),
 * onChange(callback)}; each answer is {[name]: value, notes, problem} (pull: null when nothing is new), where
 * problem is a sentence for the player or null and a note is {text, alert}.
 *   storage: a Storage, or null when the browser keeps nothing (then the value lives in this tab only);
 *   empty() → the value when nothing is stored; decode, merge, same: as sharedEntry's;
 *   words: {blocked (load without storage), notSaved (save without storage), keepIt (after "Not saved: why."),
 *     theirsUnreadable (another tab's copy cannot be read), unreadable(message, aside) (the saved copy cannot be
 *     read; aside is the sentence that says where it was set aside, or null when nothing could be read)}.
 */
export function keptStore({key, storage, name, empty, decode, merge, same = undefined, words}) {
  const entry = storage && sharedEntry(key, {
    storage, decode, merge, same,
    unreadable: (raw) => [{alert: true, text: `${words.theirsUnreadable}${setAside(storage, key, raw)}`}],
  });
  const saveProblem = (error) => {
    const full = error && (error.name === "QuotaExceededError" || error.code === 22);
    return `Not saved: ${full ? "this browser's storage is full" : error.message}. ${words.keepIt}`;
  };
  const answer = ({value, notes, error}) => ({[name]: value, notes, problem: error ? saveProblem(error) : null});
  return {
    load() {
      if (!entry) return {[name]: empty(), notes: [], problem: words.blocked};
      try {
        return {[name]: entry.read() || empty(), notes: [], problem: null};
      } catch (error) {
        let raw = null;
        try {
          raw = storage.getItem(key);
        } catch {
          // the read itself failed: nothing to set aside
        }
        const aside = raw === null ? null : setAside(storage, key, raw);
        return {[name]: empty(), notes: [], problem: words.unreadable(error.message, aside)};
      }
    },
    /** Save, merged with another tab's newer copy if there is one; the answer's value is what was stored. */
    save(value) {
      if (!entry) return {[name]: value, notes: [], problem: words.notSaved};
      try {
        return answer(entry.write(value));
      } catch (error) {
        return {[name]: value, notes: [], problem: saveProblem(error)};
      }
    },
    /** After another tab's change: merged as a save would; null when nothing is new. */
    pull(value) {
      if (!entry) return null;
      try {
        const got = entry.pull(value);
        return got && answer(got);
      } catch (error) {
        return {[name]: value, notes: [], problem: saveProblem(error)};
      }
    },
    /** Call back when another tab changes (or clears) the entry, or this tab comes back into view. */
    onChange(callback) {
      entry?.onChange(callback);
    },
  };
}
