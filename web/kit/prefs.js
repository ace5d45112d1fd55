// The table's choice of rules, shared by every screen and remembered on this device: the
// ruleset, the luck system (and A&A Chess variant) a group plays all evening. Changing it on
// one screen changes it on the others (a "luckdial:choice" event), so one battle entered on
// Battle and on Odds is played under the same rules.
//
// Storage goes through kit/local.js, as the history's and the saved armies' do.

import {readStored, writeStored} from "./local.js";

const KEY = "luckdial.choice";
const OLD_KEY = "luckdial.battle.prefs"; // the Battle screen's own key before issue #19
export const DEFAULT_CHOICE = Object.freeze({ruleset: "classic", system: "lowluck", variant: null});

/** {ruleset, system, variant}: the last choice made on any screen, else the default. */
export function loadChoice() {
  const stored = readStored(KEY) || readStored(OLD_KEY) || {};
  return {...DEFAULT_CHOICE, ...Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === "string"))};
}

/** Remember a choice (any of ruleset, system, variant) and tell the other screens. */
export function saveChoice(partial, from) {
  const choice = {...loadChoice(), ...partial};
  writeStored(KEY, choice); // refused (private mode): the screens still follow each other in this page
  document.dispatchEvent(new CustomEvent("luckdial:choice", {detail: {choice, from}}));
  return choice;
}

/** Calls listener(choice) when another screen changes the choice. */
export function onChoice(me, listener) {
  document.addEventListener("luckdial:choice", (event) => {
    if (event.detail.from !== me) listener(event.detail.choice);
  });
}
