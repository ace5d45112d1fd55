// The Odds screen's state as plain data: the luck dial's systems, the calculation of the rest of a
// battle in progress ("odds from here"), the More options as request fields, and the words of the
// "from round N" banner. Pure functions, no DOM: tests/js/calc-state.test.mjs.
//
// Not for: drawing results (calc-view.js) or asking the worker (calc-run.js).

import {BUILT_IN, capabilities, listUnits} from "../kit/rulesets.js";
import {ROLES} from "../kit/form-state.js";

/** The page's shorter words for A&A Chess's variants on the dial (docs/rules.md §6 names them). */
const CHESS_LABELS = {
  orthodox: "A&A Chess",
  ryof: "Chess, roll the fraction",
  ryof6: "Chess, roll every fraction",
  cof: "Chess, carry the fraction",
  cofr: "Chess, carry and roll",
};

/**
 * The luck dial's rows from pycore's systems (the rulesets op, through the generated kit/tables.js):
 * one row per system, or per variant of a system that has variants, in pycore's order. A system
 * pycore adds is on the dial at once; a variant the page has no words for shows pycore's name.
 * @param {Array<{id: string, name: string, variants?: Array<{id: string, name: string}>}>} systems
 * @returns {Array<{key: string, label: string, system: {name: string, variant?: string}}>}
 */
export function dialSystems(systems) {
  /** @type {Array<{key: string, label: string, system: {name: string, variant?: string}}>} */
  const rows = [];
  for (const s of systems) {
    if (!s.variants?.length) rows.push({key: s.id, label: s.name, system: {name: s.id}});
    for (const v of s.variants || []) {
      const label = (s.id === "chess" && CHESS_LABELS[v.id]) || `${s.name}, ${v.name}`;
      rows.push({key: `${s.id}-${v.id}`, label, system: {name: s.id, variant: v.id}});
    }
  }
  return rows;
}

/**
 * The luck dial's systems. Systems the core does not know yet (it answers a bad_request on
 * `system…`) show as "not available yet" instead of failing the dial.
 */
export const SYSTEMS = dialSystems(BUILT_IN.systems);

/** The dial's label for a request's system ("Low Luck", "Chess, carry the fraction"). */
export function systemLabel(system) {
  return SYSTEMS.find((s) => s.system.name === system?.name && (s.system.variant || null) === (system?.variant || null))?.label
    || system?.name || "";
}

/** pycore refused the system itself (one it does not know yet): that dial row says "not available". */
export const refusedSystem = (error) => error?.type === "bad_request" && /^system(\.|$)/.test(error.field || "");

/** A link's calculation starts at once only when the core estimates it at most this long (docs/api.md "Cost budget"). */
export const LINK_START_SECONDS = 2;

/** The calc request for the rest of a battle in progress: the armies left, from the next round. */
export function oddsFromBattle(request, result) {
  const done = (result.rounds || []).filter((r) => r.complete);
  const last = done.at(-1);
  const calc = {op: "calc", ruleset: request.ruleset, system: request.system};
  if (request.kind && request.kind !== "land") calc.kind = request.kind;
  if (request.lhtr) calc.lhtr = true;
  if (request.sub_rule) calc.sub_rule = request.sub_rule;
  for (const role of ROLES) {
    const side = request[role] || {};
    const out = {units: {...(last ? last.after?.[role] : side.units)}};
    for (const name of ["order_of_loss", "tech", "fold_subs"]) if (side[name] !== undefined) out[name] = side[name];
    const damaged = last?.damaged?.[role];
    if (damaged && Object.keys(damaged).length) out.damaged = {...damaged};
    calc[role] = out;
  }
  if (last) calc.round = last.round + 1;
  // A&A Chess COF / COF+R: the fractions each side carries into the next assault change the odds.
  const carry = result.carry;
  if (carry && (carry.attacker || carry.defender)) calc.carry = {attacker: carry.attacker || 0, defender: carry.defender || 0};
  return calc;
}

/** Whether a battle in progress carried cargo, which the calculator leaves out. */
export const carriedCargo = (request) => ROLES.some((role) => Object.values(request[role]?.cargo || {}).some(Boolean));

/** A number where the text is one; otherwise the text as typed, for the core to name. */
export const typed = (text) => (text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text);

/** A percentage as typed ("37.5", "80 %") as a chance (0.375), read as the decimal typed; empty → null; not a number → as typed. */
export function chanceOf(text) {
  const bare = String(text).trim().replace(/%$/, "").trim();
  if (bare === "") return null;
  const n = Number(bare);
  if (!Number.isFinite(n)) return bare;
  const exact = Number(`${n}e-2`); // 12.345 → 0.12345 exactly as typed, not 12.345 / 100's rounding
  return Number.isFinite(exact) ? exact : n / 100;
}

/** A chance (0.375) as the percentage a field shows ("37.5"); the inverse of chanceOf. */
export const percentOf = (p) => (typeof p === "number" ? String(Number.parseFloat((100 * p).toPrecision(12))) : String(p));

/** A wave's retreat rules as the fields show them when none is on: fight to the end. */
export const NO_RULES = Object.freeze({rounds: "0", retreatUnits: "0", retreatBelow: "", keepLand: false,
  profit: false, margin: "0", airLoss: "", strafe: ""});

/**
 * A wave's retreat rules (wave 1's are the More options) as request fields: {rounds, retreatUnits,
 * retreatBelow (the % as typed), keepLand, profit (on/off), margin (IPCs), airLoss and strafe (% as
 * typed)} → only what differs from "fight to the end, never retreat" (docs/api.md, calc and "Plan of attack").
 */
export function moreFields(shown) {
  const {rounds, retreatUnits, retreatBelow, keepLand, profit, margin, airLoss, strafe} = {...NO_RULES, ...shown};
  // A wave that only draws the AA fire (rounds 0) fights no round to read a rule after (docs/rules.md §9.1): the
  // others stay on the card, hidden, and are not asked (pycore refuses them with it).
  if (shown.beforeRound1) return {rounds: 0};
  const out = {};
  if (rounds.trim() !== "0") out.rounds = typed(rounds);
  if (retreatUnits.trim() !== "0") out.retreat_at_units = typed(retreatUnits);
  for (const [name, text] of [["retreat_below", retreatBelow], ["retreat_air_loss", airLoss], ["retreat_strafe", strafe]]) {
    const p = chanceOf(text);
    if (p !== null) out[name] = p;
  }
  if (keepLand) out.keep_land = shown.keepLandCount ?? true;
  if (profit) out.retreat_profit = margin.trim() === "" ? 0 : typed(margin);
  return out;
}

/** A request's (or a wave's) retreat rules as the fields show them (the inverse of moreFields). */
export function moreOf(request) {
  const pct = (p) => (p === undefined ? "" : percentOf(p));
  return {rounds: String(request.rounds ?? 0), retreatUnits: String(request.retreat_at_units ?? 0),
    retreatBelow: pct(request.retreat_below), keepLand: Boolean(request.keep_land),
    profit: request.retreat_profit !== undefined, margin: String(request.retreat_profit ?? 0),
    airLoss: pct(request.retreat_air_loss), strafe: pct(request.retreat_strafe), ...rulesBeyondControls(request)};
}

/** The entries of ``object`` under ``keys`` that are given (not undefined): what a link asked beyond a form's controls. */
export const definedOf = (object, keys) => Object.fromEntries(keys.filter((key) => object?.[key] !== undefined)
  .map((key) => [key, object[key]]));

/** What a link asks beyond the rules' plain fields (docs/api.md): `keep_land` n above 1 (its stepper's count), and
 * `rounds: 0` (a later wave's "only draws AA fire, then retreats"; wave 1 has no such control and keeps it as it
 * came, so the link opens and runs the same plan). */
export function rulesBeyondControls(request) {
  const out = {};
  if (typeof request.keep_land === "number" && request.keep_land > 1) out.keepLandCount = request.keep_land;
  if (request.rounds === 0) out.beforeRound1 = true;
  return out;
}

/** "From here" out of a calc request: {round, damaged, carry}, or null for a battle from round 1. */
export function fromHereOf(request) {
  if (!(request.round > 1 || request.carry)) return null;
  return {round: request.round || 1, carry: request.carry || null,
    damaged: Object.fromEntries(ROLES.filter((r) => request[r]?.damaged).map((r) => [r, request[r].damaged]))};
}

/** The request with a "from here" state: the round, damaged units, and (A&A Chess COF, COF+R) the carried fractions. */
export function withFromHere(request, here) {
  if (!here) return request;
  const out = {...request, round: here.round};
  for (const role of ROLES) if (here.damaged?.[role]) out[role] = {...out[role], damaged: here.damaged[role]};
  // Fractions carried between assaults exist only where the system says so (A&A Chess COF and COF+R; the luck
  // dial asks others too).
  if (here.carry && capabilities(request.system.name, request.system.variant).carries) out.carry = {...here.carry};
  return out;
}

/** The banner's words for a "from here" state; names: unit id → name. */
export function fromHereWords(here, names) {
  const hurt = ROLES.filter((r) => here.damaged?.[r]).map((r) => `${r} ${listUnits(here.damaged[r], names)}`);
  const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
  const carried = here.carry ? ` Carried fractions: attacker ${signed(here.carry.attacker)}, defender ${signed(here.carry.defender)}.` : "";
  return `Odds from round ${here.round} of a battle: no AA fire or bombardment.` +
    (hurt.length ? ` Already damaged: ${hurt.join("; ")}.` : "") + carried + (here.note ? ` ${here.note}` : "");
}

/** The history's label of a calculation; a plan's says its later waves and its chance to take (and hold). */
export function calcLabel(request, result, {rulesetName, names}) {
  const pct = (p) => `${(100 * p).toFixed(1)}%`;
  const later = (result.waves?.length || 1) - 1;
  const waves = later ? ` + ${later} more wave${later > 1 ? "s" : ""}` : "";
  const answer = result.waves
    ? `takes ${pct(result.takes_territory)}${result.holds === undefined ? "" : `, holds ${pct(result.holds)}`}`
    : `attacker wins ${pct(result.outcome.attacker_wins)}`;
  return `${rulesetName} · ${systemLabel(request.system)}: ${listUnits(request.attacker.units, names, "nothing")}${waves} v ` +
    `${listUnits(request.defender.units, names, "nothing")} — ${answer}`;
}
