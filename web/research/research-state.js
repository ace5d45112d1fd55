// The Research screen's state as plain data: the names of techs and ledgers, what the next round's entry
// says and asks before it is recorded (the invest's limits, whether a break-through may be tried, how
// many dice the players roll), and pycore's errors in words. Pure functions, no DOM:
// tests/js/research-state.test.mjs.
//
// Not for: the rules themselves (pycore/research replays every ledger) or storage (research-store.js).

import {inWords} from "../kit/feedback.js";

export const TECH_NAMES = {
  super_subs: "Super Subs", rockets: "Rockets", industrial_technology: "Industrial Technology",
  jet_power: "Jet Power", long_range_aircraft: "Long Range Aircraft", heavy_bombers: "Heavy Bombers",
  destroyer_bombard: "Destroyer Bombard", advanced_artillery: "Advanced Artillery", paratroopers: "Paratroopers",
  increased_factory_production: "Increased Factory Production", radar: "Radar",
};
export const LEDGER_NAMES = {industrial: "Industrial", air: "Air", dice: "Tech dice"};
/** Each Low Luck category's limits until pycore answers (docs/rules.md §5). */
export const LIMITS = {industrial: {minimum: 4, maximum: 12}, air: {minimum: 6, maximum: 18}};

export const techName = (id) => TECH_NAMES[id] || id;
export const percent = (p) => `${Math.round(100 * p)}%`;

// A ledger step's fields in the player's words: pycore names them "steps[1].invest" (docs/api.md research).
const STEP_WORDS = {invest: "invest", attempt: "break-through attempt", roll: "die", dice: "dice bought", tech: "technology",
  rolls: "dice rolled"};

const FIELD_WORDS = {category: "Research category", system: "Research system", steps: "Rounds", seed: "Seed",
  keep_tokens: "Keep unused dice as tokens", low_luck: "Low Luck for tech", label: "Nation"};

/** An error of a research request in words: "Turn 2, invest: …" instead of "steps[1].invest: …". */
export function researchWords(error) {
  const field = error?.field || "";
  const step = /^steps\[(\d+)\](?:\.(\w+))?/.exec(field);
  const label = step ? `Turn ${Number(step[1]) + 1}${step[2] ? `, ${STEP_WORDS[step[2]] || step[2]}` : ""}`
    : FIELD_WORDS[field.split(/[.[]/)[0]] || "";
  return inWords(error, label);
}

/**
 * A Low Luck round before it is recorded: {canAttempt, hint, label, warn}. rules: {minimum, maximum,
 * thresholds, cost} (pycore's, or LIMITS before it answers); saved: what the ledger holds; attempting:
 * whether the player chose a break-through attempt; round: this round's number.
 */
export function lowLuckEntry({rules, invest, saved, complete, attempting, round}) {
  const after = invest < rules.minimum ? 0 : saved + invest;
  const first = rules.thresholds?.[0] ?? Infinity;
  const canAttempt = invest >= rules.minimum && after >= first && !complete;
  let hint;
  let label = `Record round ${round}`;
  let warn = false;
  if (invest < rules.minimum) {
    warn = saved + invest > 0;
    hint = warn ? `Below the minimum of ${rules.minimum}: the project lapses and ${saved + invest} are lost.` : "No research this round.";
    if (warn) label = `Lapse: lose ${saved + invest}`;
  } else {
    hint = `${after} saved after this round.`;
    if (!canAttempt && Number.isFinite(first)) hint += ` A break-through needs ${first}.`;
    if (canAttempt) hint += ` A break-through costs ${rules.cost}.`;
  }
  if (attempting && canAttempt) label = `Record and try (round ${round})`;
  return {canAttempt, hint, label, warn};
}

/**
 * A tech-dice turn before it is recorded: how many dice the players roll (docs/rules.md §5,
 * pycore/research/techdice.dice_to_roll: every die held; under Low Luck, held // 6 are sure and one die
 * is rolled for the remainder) and the words around them. held: tokens kept plus dice bought.
 */
export function diceEntry({held, bought, lowLuck}) {
  const count = lowLuck ? (held % 6 ? 1 : 0) : held;
  return {
    count,
    hint: `${held} ${held === 1 ? "die" : "dice"} rolled this turn (${bought * 5} spent).`,
    title: lowLuck ? "Your remainder die" : `Your dice: ${count} × d6`,
    rolls: lowLuck
      ? (held % 6 ? `Low Luck: ${Math.floor(held / 6)} sure, then roll one die: it discovers at ${held % 6} or less.`
        : `Low Luck: ${held / 6} sure ${held / 6 === 1 ? "discovery" : "discoveries"}, no die to roll.`)
      : `Roll ${count} ${count === 1 ? "die" : "dice"} and tap ${count === 1 ? "it" : "each one"}: a 6 discovers.`,
  };
}

/** Why a new nation cannot be added (its name empty, too long or taken; the game full), or "". */
export function nationProblem(name, nations, most) {
  if (!name) return "Give the nation a name.";
  if (name.length > 60) return "A name has at most 60 characters.";
  if (nations.some((n) => n.name === name)) return `There is already a nation called "${name}".`;
  if (nations.length >= most) return `A game holds at most ${most} nations: remove one first.`;
  return "";
}
