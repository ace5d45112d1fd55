// This device's storage for the conveniences (history, saved armies, the table's rules): JSON under
// a key, read afresh for every change so two tabs do not undo each other. A refusal (private
// mode, full storage) is never an error on screen by itself: the callers say what it means.

/** The value stored under `key`, or null when there is none or it is unreadable. */
export function readStored(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch {
    return null;
  }
}

/** Store `value` under `key`; false when the browser refused. */
export function writeStored(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
