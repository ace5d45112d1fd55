// A screen's methods over its state: its logic is plain module functions f(state, ...args), each short
// and readable on its own; bound(state, {f, g}) hands them out as methods f(...args), g(...args).

/**
 * {name: fn(state, ...args)} → {name: (...args) => fn(state, ...args)}.
 * @template S
 * @template {Record<string, (state: S, ...args: any[]) => any>} F
 * @param {S} state
 * @param {F} functions
 * @returns {{[K in keyof F]: F[K] extends (state: S, ...args: infer A) => infer R ? (...args: A) => R : never}}
 */
export function bound(state, functions) {
  return /** @type {any} */ (Object.fromEntries(Object.entries(functions).map(([name, fn]) => [name, (...args) => fn(state, ...args)])));
}
