// A turn as plain data (docs/api.md `plan_turn`, docs/rules.md §9.5): one pool of units — the player's side on
// the Odds form — split over several territories, the first the form's other side, the others the cards the
// player adds. Attacking, each card holds the territory's defenders, its value in IPCs and an optional chance
// it must be taken with; defending, the threat against it, the player's units already there and its value.
// In both, a card's `units` are the enemy's. Here: the turn read from a plan_turn request and written back as
// one (so a link restores what was entered), the answer said in words a new player reads at a table
// ("Karelia: send 2 infantry and 1 tank"), and where an error's field is on the page. Pure functions, no DOM:
// tests/js/turn-state.test.mjs.
//
// Not for: the controls (turn-form.js), drawing the answer (turn-view.js), the pool and territory 1 (the form's).

import {countName} from "../kit/rulesets.js";
import {restOf} from "../kit/feedback.js";
import {chanceOf, percentOf, typed} from "./calc-state.js";

/** Battles in all (pycore takes 6): territory 1 is the form's, so 5 cards at most. */
export const MOST_TERRITORIES = 6;

/**
 * A territory card as entered: its name (empty: "Territory N"), the enemy's units (attacking: its defenders;
 * defending: the threat), the player's own units already there (defending), value and target as typed.
 */
export const emptyTerritory = () => ({name: "", units: {}, there: {}, value: "0", target: ""});

/**
 * A turn as attacker with only territory 1 (the form's other side), worth nothing, no target, no money limit
 * (`budget` as typed: "" is none).
 */
export const emptyTurn = () => ({side: "attacker", budget: "", first: {name: "", value: "0", target: "", there: {}}, others: []});

/** The form's sides in a turn: whose units are the pool ("mine") and who is territory 1's enemy. */
export const rolesOf = (side) => (side === "defender" ? {mine: "defender", enemy: "attacker"} : {mine: "attacker", enemy: "defender"});

/** The name a territory goes by: as typed, else "Territory N" (n from 1). */
export const nameOf = (name, n) => String(name || "").trim() || `Territory ${n}`;

/** The turn with one more territory card (as it was at the most). */
export function addTerritory(turn) {
  if (turn.others.length + 1 >= MOST_TERRITORIES) return turn;
  return {...turn, others: [...turn.others, emptyTerritory()]};
}

/** The turn without card `index` (0: territory 2); the cards after it move up. */
export const removeTerritory = (turn, index) => ({...turn, others: turn.others.filter((_, i) => i !== index)});

/** One battle's fields from what was typed: its name, value (land only) and target (a chance, attacking only). */
function battleFields(entered, n, kind, side) {
  const out = {name: nameOf(entered.name, n)};
  if (kind === "sea") out.kind = "sea";
  const value = String(entered.value ?? "").trim();
  if (kind !== "sea" && value !== "" && value !== "0") out.territory_value = typed(value);
  const target = side === "defender" ? null : chanceOf(entered.target ?? "");
  if (target !== null) out.target = target;
  return out;
}

/**
 * The plan_turn request of the form's battle (`base`: the calc request the form makes) and the turn entered:
 * the player's side on the form is the pool, the other side territory 1's enemy. Only what pycore reads for a
 * turn goes in: the ruleset, the system, the printed sub rule; the pool's options (technology, order of loss)
 * are not a turn's (docs/api.md).
 */
export function turnRequest(base, turn) {
  const kind = base.kind === "sea" ? "sea" : "land";
  const side = turn.side === "defender" ? "defender" : "attacker";
  const {mine, enemy} = rolesOf(side);
  const out = {op: "plan_turn", ruleset: base.ruleset, system: base.system};
  if (side === "defender") out.side = side;
  if (base.sub_rule) out.sub_rule = base.sub_rule;
  out.available = {...(base[mine]?.units || {})};
  // The money to spend, as typed (pycore judges a wrong one and names `budget`); empty: the units are all there.
  const budget = String(turn.budget ?? "").trim();
  if (budget !== "") out.budget = typed(budget);
  // Defending, the player's units already in a territory join what the pool places there.
  const held = (battle, entered) => {
    if (side === "defender" && Object.keys(entered.there || {}).length) battle.defender = {units: {...entered.there}};
    return battle;
  };
  out.battles = [held({...battleFields(turn.first, 1, kind, side), [enemy]: structuredClone(base[enemy] || {units: {}})}, turn.first),
    ...turn.others.map((entered, i) => held({...battleFields(entered, i + 2, kind, side), [enemy]: {units: {...entered.units}}}, entered))];
  return out;
}

/** A territory's entries from a battle of a request (a link's): the inverse of battleFields. */
function entered(battle, n) {
  const named = battle.name && ![`Battle ${n}`, `Territory ${n}`].includes(battle.name); // pycore's default, the page's
  return {name: named ? battle.name : "",
    value: String(battle.territory_value ?? 0), target: battle.target === undefined ? "" : percentOf(battle.target)};
}

/**
 * What a plan_turn request (a link's) shows: `form`, the calc request the battle form is filled with (the pool
 * as the player's side, territory 1's enemy as the other), and `turn`, the rest; null when it has no battle.
 */
export function turnOf(request) {
  if (!Array.isArray(request.battles) || !request.battles.length) return null;
  const side = request.side === "defender" ? "defender" : "attacker";
  const {mine, enemy} = rolesOf(side);
  const [first, ...others] = request.battles;
  const form = {op: "calc", ruleset: request.ruleset, system: request.system, [mine]: {units: {...request.available}},
    [enemy]: structuredClone(first[enemy] || {units: {}})};
  if (first.kind === "sea") form.kind = "sea";
  if (request.sub_rule) form.sub_rule = request.sub_rule;
  const there = (battle) => (side === "defender" ? {...(battle.defender?.units || {})} : {});
  const budget = request.budget === undefined ? "" : String(request.budget);
  return {form, turn: {side, budget, first: {...entered(first, 1), there: there(first)},
    others: others.map((battle, i) => ({...entered(battle, i + 2), units: {...(battle[enemy]?.units || {})}, there: there(battle)}))}};
}

// ---- the answer in words ------------------------------------------------------------------------------
/** "2 infantry and 1 tank", "1 fighter", "2 infantry, 1 tank and 1 fighter"; `none` when empty. names: id → name. */
export function unitWords(counts, names, none = "nothing") {
  const order = [...names.keys(), ...Object.keys(counts || {}).filter((id) => !names.has(id))];
  const parts = order.filter((id) => counts?.[id] > 0).map((id) => countName(counts[id], names.get(id) || id));
  if (parts.length < 2) return parts[0] || none;
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** A chance as a whole percent a player reads at a glance: never "0 %" or "100 %" unless it is so. */
export function chanceText(p) {
  if (!(p > 0)) return "0 %";
  if (p >= 1) return "100 %";
  if (p < 0.01) return "under 1 %";
  if (p > 0.99) return "over 99 %";
  return `${Math.round(100 * p)} %`;
}

/** How likely, in a word or two, for whoever does not read percentages. */
export function likelyWords(p) {
  if (!(p > 0)) return "no chance";
  if (p >= 0.995) return "almost sure";
  if (p >= 0.8) return "likely";
  if (p >= 0.6) return "more likely than not";
  if (p > 0.4) return "a coin flip";
  if (p > 0.2) return "unlikely";
  return "a long shot";
}

/** IPCs with their sign and one decimal: "+3.2", "−0.4", "0.0". */
export function swingText(x) {
  const shown = Math.abs(x) < 0.05 ? "0.0" : Math.abs(x).toFixed(1);
  return x >= 0.05 ? `+${shown}` : x <= -0.05 ? `−${shown}` : shown;
}

/** An average swing in plain words: "you gain 3.2 IPCs on average", "you lose 0.4 IPCs on average", "even on average". */
export function swingWords(x) {
  if (Math.abs(x) < 0.05) return "about even on average";
  return `you ${x > 0 ? "gain" : "lose"} ${Math.abs(x).toFixed(1)} IPCs on average`;
}

/**
 * One territory's answer as the page says it: {name, headline ("Karelia: send 2 infantry and 1 tank" or
 * "Karelia: leave it alone"), chance ("81 % to take it — likely"), swing ("average swing +3.2 IPCs: you gain
 * 3.2 IPCs on average"), sent (whether any unit goes), p, value}. sea: the battle is at sea (won, not taken).
 */
export function assignmentWords(assignment, names, {sea = false} = {}) {
  const sent = Object.values(assignment.units || {}).some((n) => n > 0);
  const holding = assignment.holds !== undefined;
  const p = (holding ? assignment.holds : assignment.takes) ?? 0;
  const goal = holding ? "to hold it" : sea ? "to win" : "to take it";
  const {battle} = assignment;
  const headline = holding ? `${battle}: ${sent ? `place ${unitWords(assignment.units, names)}` : "place nothing"} there`
    : sent ? `${battle}: send ${unitWords(assignment.units, names)}` : `${battle}: leave it alone`;
  return {
    name: battle,
    sent,
    p,
    swing: assignment.swing,
    headline,
    chance: sent || holding ? `${chanceText(p)} ${goal} — ${likelyWords(p)}` : "No attack, no losses: nothing changes there.",
    swingLine: `Average swing ${swingText(assignment.swing)} IPCs: ${swingWords(assignment.swing)}`,
    target: assignment.target === undefined || assignment.target === null ? "" : `You asked for at least ${chanceText(assignment.target)}.`,
  };
}

/**
 * "Stay home: 1 infantry" or "Stay home: nothing — every unit is sent" ("placed", defending). With money to
 * spend (`budget`), the pool is what could be bought: "Not bought: 1 tank".
 */
export function homeWords(home, names, side = "attacker", {budget = undefined} = {}) {
  const left = unitWords(home, names, "");
  if (budget !== undefined) return left ? `Not bought: ${left}` : "Not bought: nothing — every unit is used";
  return left ? `${side === "defender" ? "Keep back" : "Stay home"}: ${left}`
    : side === "defender" ? "Keep back: nothing — every unit is placed" : "Stay home: nothing — every unit is sent";
}

/** "Spends 18 of the 20 IPCs" (pycore's `spent`, given with a budget), or "" without a budget. */
export function moneyWords(budget, spent) {
  if (budget === undefined || budget === null) return "";
  return spent === undefined || spent === null ? `At most ${budget} IPCs to spend.` : `Spends ${spent} of the ${budget} IPCs.`;
}

/** "In all: +8.6 IPCs on average". */
export const totalWords = (swing) => `In all: ${swingText(swing)} IPCs on average`;

// ---- where an error's field is -------------------------------------------------------------------------
/**
 * Where an error of a plan_turn request of `side` points: {part: "form", field} (the pool is the form's side of
 * the player, territory 1's enemy the other: the field as the form names it), {part: "card", index (0:
 * territory 2), what: "units" (the enemy's) | "there" | "value" | "target" | "name" | "card", unit}, {part:
 * "first", what, unit}, {part: "budget"} (the money to spend), or {part: "panel"} for the turn as a whole
 * ("battles"); null: no field.
 */
export function turnPlace(field, side = "attacker") {
  if (!field) return null;
  const {mine, enemy} = rolesOf(side);
  const pool = /^available(?:\.(.+))?$/.exec(field);
  if (pool) return {part: "form", field: pool[1] ? `${mine}.units.${pool[1]}` : mine};
  const battle = /^battles\[(\d+)\](?:\.(.*))?$/.exec(field);
  if (!battle) {
    if (field === "budget") return {part: "budget"};
    return ["ruleset", "system", "sub_rule"].includes(field.split(".")[0]) ? {part: "form", field} : {part: "panel"};
  }
  const index = Number(battle[1]);
  const rest = battle[2] || "";
  const unit = /^(?:attacker|defender)\.units\.(.+)$/.exec(rest)?.[1] || null;
  const what = {territory_value: "value", target: "target", name: "name"}[rest]
    || (rest.startsWith(enemy) ? "units" : side === "defender" && rest.startsWith("defender") ? "there" : "card");
  if (index === 0) {
    if (what === "units") return {part: "form", field: rest};
    return what === "card" ? {part: "panel"} : {part: "first", what, unit};
  }
  return {part: "card", index: index - 1, what, unit};
}

/**
 * The error as the battle form names it, where its field is the form's (the pool is the form's attacker,
 * territory 1's defenders its defender): "available.tank" → "attacker.units.tank", its message's path too,
 * so the form marks its own row. Any other error as it is.
 */
export function formError(error, side = "attacker") {
  const place = turnPlace(error?.field, side);
  if (!place || place.part !== "form" || place.field === error.field) return error;
  return {...error, field: place.field, message: `${place.field}: ${restOf(error)}`};
}
