// The plan of attack as plain data (docs/api.md, calc "Plan of attack"; docs/rules.md §9.1–§9.4): the
// later waves, each with its attacker and its own retreat rules, the counter-attack, what the territory
// is worth, repairs between waves and the cheapest-army search — read from a calc request and written
// back as its fields, so a share link restores exactly what was entered; the plan's edits (add a wave,
// remove one, the counter-attack on or off), the goals the search may have, what a result says wave by
// wave, and the field an error names. Pure functions, no DOM: tests/js/plan-state.test.mjs.
//
// Not for: the controls (plan-form.js), drawing the answer (plan-view.js), wave 1 (the battle form's
// attacker and the More options).

import {fieldOf} from "../kit/form-state.js";
import {listUnits} from "../kit/rulesets.js";
import {NO_RULES, chanceOf, definedOf, moreFields, moreOf, percentOf, typed} from "./calc-state.js";

/** The fields that make a calc request a plan (docs/api.md); the three rules of §9.3 make one too. */
export const PLAN_FIELDS = ["waves", "counter", "counters", "territory_value", "repair_between_waves", "recommend"];
export const WORTH_FIELDS = ["retreat_profit", "retreat_air_loss", "retreat_strafe"];
/** Waves after the first (pycore takes 8 in all). */
export const MOST_LATER_WAVES = 7;
/** The cheapest army's target chance until the player types another (%). */
export const DEFAULT_TARGET = "90";

/** What an error on a wave's own fields is called, by its request field. */
export const WAVE_WORDS = {reinforce: "defender's reinforcements", defender_order_of_loss: "defender's order of loss",
  territory_value: "territory's value"};

/** What an error on each retreat rule is called (kit/feedback.js markField), by its request field. */
export const RULE_WORDS = {rounds: "Round limit", retreat_at_units: "Retreat at", retreat_below: "Retreat below",
  keep_land: "Keep land units", retreat_profit: "Retreat when pressing on loses IPCs",
  retreat_air_loss: "Retreat before losing an aircraft", retreat_strafe: "Strafe"};

/** Whether a calc request asks for a plan (its answer then has `waves`). */
export const isPlan = (request) => [...PLAN_FIELDS, ...WORTH_FIELDS].some((name) => request?.[name] !== undefined);

/** The request without the cheapest-army search (the luck dial and the advisor ask the plan alone). */
export function withoutRecommend(request) {
  const {recommend, ...rest} = request;
  return rest;
}

const side = (given) => ({...structuredClone(given || {}), units: {...(given?.units || {})}});

/** A plan with no later wave, no counter-attack, a territory worth nothing and no search. */
export const emptyPlan = () => ({waves: [], counter: null, later: [], value: "0", repair: false,
  recommend: {available: {}, target: DEFAULT_TARGET, goal: ""}});

/** The search's choices beyond its units, target and goal (docs/api.md `recommend.side`, `by`, `top`), and their
 * defaults: a link's are kept as it gives them, written back only where they differ. */
export const SEARCH_DEFAULTS = {side: "attacker", by: "ipcs", top: 1};

const searchChoices = (asked) => definedOf(asked, Object.keys(SEARCH_DEFAULTS));

/** Counter-attacks in turn, the first included (pycore takes 4: docs/api.md `counters`). */
export const MOST_COUNTERS = 4;

/** A wave's own fields beside its attacker and retreat rules (docs/api.md "Plan of attack"), as its card shows them:
 * the defender's reinforcements that join him before this wave (`reinforce`: after the wave before it, so every
 * later wave may have them and wave 1 none), the territory's worth where this wave takes it (typed, "" for the
 * plan's value), the defender's order of loss from this wave on (null: the one before goes on). */
function waveExtrasOf(wave) {
  return {reinforce: {...(wave.reinforce?.units || {})},
    value: wave.territory_value === undefined ? "" : String(wave.territory_value),
    order: wave.defender_order_of_loss ? [...wave.defender_order_of_loss] : null};
}

/** The inverse of waveExtrasOf: only what the wave asks (no reinforcement, no value, no order are left out). */
function waveExtrasFields({reinforce, value, order}) {
  const out = {};
  if (reinforce && Object.keys(reinforce).length) out.reinforce = {units: {...reinforce}};
  if (order) out.defender_order_of_loss = [...order];
  const typedValue = (value ?? "").trim();
  if (typedValue !== "") out.territory_value = typed(typedValue);
  return out;
}

/** How many of a wave's own fields are set: the "More for this wave" summary (the reinforcements are said apart). */
export const waveMoreOn = (wave) => Object.keys(waveExtrasFields({...wave, reinforce: null})).length;

/** What a wave's own fields say, for its folded card and its "More for this wave" summary (units: the ruleset's
 * [{id, name, cost}]): "2 infantry · 6 IPCs join the defender before it", "worth 5 IPCs if it takes it", "the
 * defender's own order of loss from here". */
export function waveExtrasWords(wave, units) {
  const parts = [];
  if (Object.keys(wave.reinforce || {}).length) parts.push(`${armyWords(wave.reinforce, units)} join the defender before it`);
  const value = (wave.value ?? "").trim();
  if (value !== "") parts.push(`worth ${value} IPCs if it takes it`);
  if (wave.order) parts.push("the defender's own order of loss from here");
  return parts.join("; ");
}

/** A counter-attack as its card shows it (holders: the holders' order of loss and tech, kept as given). */
const counterOf = (given) => ({attacker: side(given.attacker), holders: given.defender ? structuredClone(given.defender) : null,
  open: false});

function counterFields(card) {
  const out = {attacker: side(card.attacker)};
  if (card.holders) out.defender = structuredClone(card.holders);
  return out;
}

/** The plan a calc request holds (a link's, a draft's): what the plan's controls show. */
export function planOf(request) {
  const asked = request.recommend;
  // Several counter-attacks in turn (a link's `counters`): the first is `counter`, the later ones `later`, each a card.
  const [first, ...later] = request.counters || (request.counter ? [request.counter] : []);
  return {
    waves: (request.waves || []).map((wave) => ({attacker: side(wave.attacker), rules: moreOf(wave), open: false,
      ...waveExtrasOf(wave)})),
    counter: first ? counterOf(first) : null,
    later: later.map(counterOf),
    value: String(request.territory_value ?? 0),
    repair: Boolean(request.repair_between_waves),
    recommend: {available: {...(asked?.available || {})}, goal: asked?.goal || "",
      target: asked ? (asked.target === undefined ? "" : percentOf(asked.target)) : DEFAULT_TARGET, ...searchChoices(asked)},
  };
}

/** The plan as calc request fields (the inverse of planOf): only what differs from a single battle. */
export function planFields(plan) {
  const out = {};
  if (plan.waves.length) {
    out.waves = plan.waves.map((wave) => ({attacker: side(wave.attacker), ...moreFields(wave.rules), ...waveExtrasFields(wave)}));
  }
  if (plan.counter) {
    const first = counterFields(plan.counter);
    if (plan.later?.length) out.counters = [first, ...plan.later.map(counterFields)];
    else out.counter = first;
  }
  const value = plan.value.trim();
  if (value !== "" && value !== "0") out.territory_value = typed(value);
  if (plan.repair) out.repair_between_waves = true;
  const {available, target, goal} = plan.recommend;
  if (Object.keys(available).length) {
    out.recommend = {available: {...available}};
    const chance = chanceOf(target);
    if (chance !== null) out.recommend.target = chance;
    if (goal) out.recommend.goal = goal;
    for (const [key, value] of Object.entries(searchChoices(plan.recommend))) {
      if (value !== SEARCH_DEFAULTS[key]) out.recommend[key] = value;
    }
  }
  return out;
}

/** The plan with one more wave at the end, open to be filled (the others folded); as it was at the most waves. */
export function addWave(plan) {
  if (plan.waves.length >= MOST_LATER_WAVES) return plan;
  return {...plan, waves: [...plan.waves.map((wave) => ({...wave, open: false})),
    {attacker: {units: {}}, rules: {...NO_RULES}, open: true, reinforce: {}, value: "", order: null}]};
}

/** The plan without its later wave `index` (0: wave 2); the waves after it move up. */
export const removeWave = (plan, index) => ({...plan, waves: plan.waves.filter((_, i) => i !== index)});

/** The plan with a counter-attack (empty, open to be filled) or without any; a goal of holding goes with it. */
export function withCounter(plan, on) {
  if (on) return plan.counter ? plan : {...plan, counter: {attacker: {units: {}}, holders: null, open: true}};
  const goal = plan.recommend.goal === "holds" ? "" : plan.recommend.goal;
  return {...plan, counter: null, later: [], recommend: {...plan.recommend, goal}};
}

/** How many counter-attacks the plan has in turn. */
export const countersIn = (plan) => (plan.counter ? 1 + (plan.later?.length || 0) : 0);

/** The plan with one more counter-attack after the others (the first one if none), open to be filled, the others
 * folded; as it was at the most counter-attacks. */
export function addCounter(plan) {
  if (!plan.counter) return withCounter(plan, true);
  if (countersIn(plan) >= MOST_COUNTERS) return plan;
  const fold = (card) => ({...card, open: false});
  return {...plan, counter: fold(plan.counter),
    later: [...(plan.later || []).map(fold), {attacker: {units: {}}, holders: null, open: true}]};
}

/** The plan without its counter-attack `index` (0: the first); the later ones move up; without the last one, the
 * plan has none (and no goal of holding). */
export function removeCounter(plan, index) {
  const all = [plan.counter, ...(plan.later || [])].filter((card, i) => card && i !== index);
  if (!all.length) return withCounter(plan, false);
  return {...plan, counter: all[0], later: all.slice(1)};
}

/** The goals the cheapest army may aim at, [id, words]: a sea battle takes no territory (but may hold the zone it
 * cleared); holding needs a counter-attack. */
export function goalsFor(kind, hasCounter, side = "attacker") {
  if (side === "defender") return kind === "sea" ? [["wins", "Win"]] : [["holds", "Hold it"], ["wins", "Win"]];
  if (kind === "sea") return [["wins", "Win"], ...(hasCounter ? [["holds", "Hold the zone"]] : [])];
  return [["takes", "Take it"], ...(hasCounter ? [["holds", "Hold it"]] : []), ["wins", "Win"]];
}

/** The goal the search aims at: the one chosen where it still applies, else the core's default. */
export function goalOf(goal, kind, hasCounter, side = "attacker") {
  if (goalsFor(kind, hasCounter, side).some(([id]) => id === goal)) return goal;
  return kind === "sea" ? "wins" : side === "defender" ? "holds" : "takes";
}

/** What a goal's chance is, in words ("to take the territory"). */
export const GOAL_WORDS = {takes: "to take the territory", holds: "to hold it after the counter-attack", wins: "to win"};

/** The defender's goals' chance in words (docs/api.md `recommend.side`: "holds" is no wave taking it). */
export const DEFENDER_GOAL_WORDS = {holds: "to keep the territory", wins: "to destroy every attacker"};

/** How many of a wave's retreat rules are on (the More options' summary). */
export function rulesOn(shown) {
  return Object.keys(moreFields(shown)).length;
}

/** A wave's retreat rules in a few words, for its folded card ("fights to the end", "strafes above 80%"). */
export function rulesWords(shown) {
  const f = moreFields(shown);
  const pct = (p) => (typeof p === "number" ? `${percentOf(p)}%` : `“${p}”`);
  const parts = [];
  const margin = f.retreat_profit;
  if (margin !== undefined) {
    parts.push(margin === 0 || typeof margin !== "number" ? "retreats when it would lose IPCs"
      : margin > 0 ? `retreats unless it gains ${margin} IPCs` : `retreats when it would lose over ${-margin} IPCs`);
  }
  if (f.retreat_air_loss !== undefined) parts.push(`saves its aircraft above ${pct(f.retreat_air_loss)}`);
  if (f.retreat_strafe !== undefined) parts.push(`strafes above ${pct(f.retreat_strafe)}`);
  if (f.retreat_below !== undefined) parts.push(`retreats below ${pct(f.retreat_below)}`);
  if (f.retreat_at_units !== undefined) parts.push(`retreats at ${f.retreat_at_units} unit${f.retreat_at_units === 1 ? "" : "s"}`);
  if (f.rounds === 0) parts.push("only draws AA fire, then retreats");
  else if (f.rounds !== undefined) parts.push(`at most ${f.rounds} rounds`);
  if (typeof f.keep_land === "number" && f.keep_land > 1) parts.push(`keeps ${f.keep_land} land units`);
  else if (f.keep_land) parts.push("keeps a land unit");
  return parts.length ? parts.join(", ") : "fights to the end";
}

/** An army in words with its cost ("2 tanks, 1 fighter · 22 IPCs"); units: the ruleset's [{id, name, cost}]. */
export function armyWords(counts, units, none = "no units yet") {
  const names = new Map(units.map((u) => [u.id, u.name]));
  const cost = Object.entries(counts || {}).reduce((sum, [id, n]) => sum + (Number(n) || 0) * (units.find((u) => u.id === id)?.cost || 0), 0);
  const words = listUnits(counts, names, "");
  return words ? `${words} · ${cost} IPCs` : none;
}

/**
 * Each wave of a plan's answer (`result.waves`, docs/api.md) as the page shows it: its own outcome with
 * the chance it is not fought at all (the territory already taken) as one more part of the bar, the
 * territory taken by then, the defender still there, IPCs lost by then and the swing so far.
 */
export function waveRows(result) {
  return (result.waves || []).map((w) => {
    const outcome = {...w.outcome};
    if (1 - w.fights > 1e-9) outcome.not_fought = 1 - w.fights;
    return {wave: w.wave, fights: w.fights, outcome, takes: w.takes_territory, defenderLeft: w.defender_left,
      attackerLeft: w.attacker_left, lost: w.cost_lost, swing: w.cost_swing, rounds: w.rounds};
  });
}

/** The profit law the plan answers: the exchange's (the counter-attack counted) where there is one, else the waves'. */
export function profitOf(result) {
  return result.exchange ? {law: result.exchange.swing, mean: result.exchange.cost_swing, held: true}
    : {law: result.swing || {}, mean: result.cost_swing ?? 0, held: false};
}

/**
 * Where an error's field lives in the plan: {part: "wave" (index 0 = wave 2, unit or rule), "counter",
 * "value", "repair", "recommend" (unit, or what: "target", "goal") or "plan", label in words}; null for
 * a field of wave 1 or of the battle. names: unit id → name.
 */
export function planPlace(field, names = new Map()) {
  if (!field) return null;
  const wave = /^waves\[(\d+)\](?:\.(.*))?$/.exec(field);
  if (wave) {
    const index = Number(wave[1]);
    const title = `Wave ${index + 2}`;
    const rest = wave[2] || "";
    const rule = rest.split(".")[0];
    if (RULE_WORDS[rule]) return {part: "wave", index, rule, label: `${title}, ${RULE_WORDS[rule].toLowerCase()}`};
    const own = /^(reinforce|defender_order_of_loss|territory_value)/.exec(rest);
    if (own) {
      const found = own[1] === "reinforce" ? fieldOf(rest.replace(/^reinforce/, "defender"), names) : null;
      return {part: "wave", index, what: own[1], unit: found?.unit || null,
        label: found?.unit ? found.label.replace(/^Defender/, `${title}, reinforcements`) : `${title}, ${WAVE_WORDS[own[1]]}`};
    }
    const found = rest.startsWith("attacker") ? fieldOf(rest, names) : null;
    return {part: "wave", index, unit: found?.unit || null, label: found ? found.label.replace(/^Attacker/, title) : title};
  }
  if (field === "waves") return {part: "plan", label: "Later waves"};
  const counter = /^(?:counter|counters\[(\d+)\])(?:\.(.*))?$/.exec(field);
  if (counter) {
    const index = Number(counter[1] || 0);
    const title = counter[1] === undefined ? "Counter-attack" : `Counter-attack ${index + 1}`;
    const rest = counter[2] || "";
    const found = rest.startsWith("attacker") ? fieldOf(rest, names) : null;
    return {part: "counter", index, unit: found?.unit || null, label: found ? found.label.replace(/^Attacker/, title) : title};
  }
  if (field === "counters") return {part: "counter", index: 0, unit: null, label: "Counter-attacks"};
  if (field === "territory_value") return {part: "value", label: "Territory's value"};
  if (field === "repair_between_waves") return {part: "repair", label: "Repair between waves"};
  if (field === "recommend" || field.startsWith("recommend.")) {
    const what = field.split(".")[1] || "";
    if (what === "target") return {part: "recommend", what, label: "Cheapest army, chance"};
    if (what === "goal") return {part: "recommend", what, label: "Cheapest army, goal"};
    const found = what === "attacker" || what === "available" ? fieldOf(field.replace(/^recommend\.(available|attacker\.units)/, "attacker.units"), names) : null;
    return {part: "recommend", what: "available", unit: found?.unit || null,
      label: found?.unit ? found.label.replace(/^Attacker/, "Units you have") : "Units you have"};
  }
  return null;
}
