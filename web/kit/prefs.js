// The table's choice of rules, remembered on this device: the ruleset, the luck system (and A&A
// Chess variant) a group plays all evening. Each screen's battle form starts from it; within a
// visit the two screens share the battle being entered itself (kit/draft.js).
//
// The first visit's choice is the game a new player most likely has on the table: Axis & Allies
// 1942 Second Edition, the edition in print and the starter game of the series, with the dice its
// rule book uses (Low Luck and the others are house rules a group picks on purpose): docs/architecture.md.
//
// Storage goes through kit/local.js, as the history's and the saved armies' do.

import {readStored, writeStored} from "./local.js";

const KEY = "luckdial.choice";
const OLD_KEY = "luckdial.battle.prefs"; // the Battle screen's own key in older versions, read once and moved
export const DEFAULT_CHOICE = Object.freeze({ruleset: "1942-2e", system: "dice", variant: null});

/** {ruleset, system, variant}: the last choice made on any screen, else the default. */
export function loadChoice() {
  const stored = readStored(KEY) || readStored(OLD_KEY) || {};
  return {...DEFAULT_CHOICE, ...Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === "string"))};
}

/** Remember a choice (any of ruleset, system, variant). */
export function saveChoice(partial) {
  const choice = {...loadChoice(), ...partial};
  writeStored(KEY, choice); // refused (private mode): this visit still has it on its forms
  return choice;
}
