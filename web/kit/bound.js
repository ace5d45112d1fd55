// A screen's methods over its state: its logic is plain module functions f(state, ...args), each short
// and readable on its own; bound(state, {f, g}) hands them out as methods f(...args), g(...args).

/** {name: fn(state, ...args)} → {name: (...args) => fn(state, ...args)}. */
export function bound(state, functions) {
  return Object.fromEntries(Object.entries(functions).map(([name, fn]) => [name, (...args) => fn(state, ...args)]));
}
