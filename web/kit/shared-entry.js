// One localStorage entry shared by every open tab of Luckdial: no tab overwrites another tab's change unseen.
//
// A tab remembers the text it last read or wrote (its base). Before writing it reads the entry again: if
// another tab wrote since, the caller's merge(base, mine, theirs) combines the three copies and the result
// is written instead of this tab's copy. Another tab's write reaches this tab as a `storage` event (the
// browser fires it in every other tab of the origin, never in the one that wrote): onChange calls back, and
// pull() merges the newer copy in the same way.
//
// Reading and writing are synchronous, so one tab's read-merge-write cannot interleave with another step
// of the same tab; two tabs writing within the same few milliseconds remain a race the browser does not
// close (localStorage has no lock): both read the same copy, both write, and the second write lands over
// the first unseen. So each stored copy says which write it is and which copy it was made from (META):
// a tab that finds its own write overwritten by a copy made from an older one merges the two with
// that older copy as their common base, and both tabs' changes are kept (or the player is asked).
//
// Not for: what the entry holds (the caller's decode and merge), or telling the player (the caller's notes).

/** The stored copy's own key: {rev, parent}; decode() leaves it out of the value. */
export const META = "shared";
const newRev = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/**
 * sharedEntry(key, {storage, decode, merge, same, unreadable}):
 *   decode(text) → value, or throws when the text is unreadable;
 *   merge(base, mine, theirs) → {value, notes}: base may be null (nothing was stored when this tab read);
 *   same(a, b) → whether two values hold the same shared data (default: equal JSON);
 *   unreadable(text, error) → notes: called when another tab's copy cannot be read, before it is overwritten.
 */
export function sharedEntry(key, {storage, decode, merge, same = (a, b) => JSON.stringify(a) === JSON.stringify(b),
  unreadable = (_text, _error) => []}) {
  let raw = null; // the text this tab last read or wrote
  let base = null; // that text decoded, or null
  // the copies this tab read or wrote, by their META.rev (the last few): the base for a copy made
  // from one of them, even after this tab wrote again.
  let rev = null; // raw's META.rev
  const seen = new Map();

  function metaOf(text) {
    try {
      const meta = JSON.parse(text)?.[META];
      return meta && typeof meta === "object" ? meta : {};
    } catch {
      return {};
    }
  }
  function remember(text, value) {
    rev = metaOf(text).rev ?? null;
    if (rev === null) return;
    seen.set(rev, value);
    if (seen.size > 16) seen.delete(seen.keys().next().value);
  }
  /** The copy another tab's `text` was made from, when this tab knows it: their common base. */
  function baseFor(text) {
    const parent = metaOf(text).parent;
    return parent && parent !== rev && seen.has(parent) ? seen.get(parent) : base;
  }

  /** Another tab's copy, decoded; null when there is none or it cannot be read (then `notes` says so). */
  function theirsOf(text, notes) {
    if (text === null) return null;
    try {
      return decode(text);
    } catch (error) {
      notes.push(...unreadable(text, error));
      return null;
    }
  }

  function put(value, notes, parent = rev) {
    const text = JSON.stringify({...value, [META]: {rev: newRev(), parent}});
    try {
      storage.setItem(key, text);
    } catch (error) {
      return {value, notes, error};
    }
    raw = text;
    base = decode(text); // a copy of its own: the tab goes on changing `value` in place
    remember(text, base);
    return {value, notes, error: null};
  }

  return {
    key,
    /**
     * The stored value (null when none), remembered as this tab's base; throws what getItem or decode throw.
     * After an unreadable read the base is null and the text is still this tab's: the next write replaces it.
     */
    read() {
      raw = storage.getItem(key);
      base = null;
      base = raw === null ? null : decode(raw);
      if (raw !== null) remember(raw, base);
      return base;
    },
    /**
     * Store `value`, merged with another tab's newer copy if there is one: {value, notes, error}.
     * `value` in the answer is what was stored (or would have been: `error` says why not).
     */
    write(value) {
      const notes = [];
      const now = storage.getItem(key);
      if (now === raw) return put(value, notes);
      const theirs = theirsOf(now, notes);
      if (theirs === null) return put(value, notes);
      const merged = merge(baseFor(now), value, theirs);
      return put(merged.value, [...notes, ...merged.notes], metaOf(now).rev ?? null);
    },
    /**
     * Another tab's newer copy merged into `value`: {value, notes, error}, or null when there is nothing new.
     * Writes back only when the merge kept something of this tab's that the stored copy lacks, so two tabs
     * never answer each other's writes for ever.
     */
    pull(value) {
      const now = storage.getItem(key);
      if (now === raw) return null;
      const notes = [];
      const theirs = theirsOf(now, notes);
      if (theirs === null) return put(value, notes); // cleared or unreadable elsewhere: this tab's copy is kept
      const merged = merge(baseFor(now), value, theirs);
      raw = now;
      base = decode(now);
      remember(now, base);
      return same(merged.value, theirs) ? {value: merged.value, notes: merged.notes, error: null}
        : put(merged.value, merged.notes);
    },
    /**
     * Call `callback()` when another tab changes (or clears) this entry; also when this tab comes back into
     * view, in case a phone froze it while the other tab wrote (pull() is then a no-op if nothing changed).
     */
    onChange(callback) {
      window.addEventListener("storage", (event) => {
        if (event.storageArea === storage && (event.key === key || event.key === null)) callback();
      });
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") callback();
      });
    },
  };
}
