// The advisor: for one unit type, the fewest units to add to the attacker so his
// chance to win reaches a target (say 90 %). Each candidate is an exact `calc` request answered
// by the calculator's own worker — no new core op: the answer is the calculator's, to the digit.
//
// The search goes up one unit at a time from the force as entered, so "fewest" holds even
// where the chance is not monotone in the count (a bigger army can, rarely, draw more often).

import {el} from "../kit/dom.js";

export const MOST_ADDED = 60; // beyond this the advice is "more than 60", not a long wait

/**
 * The fewest n in 0 … most with probe(n) ≥ target. probe(n) resolves to the attacker's chance
 * to win with n more units, or null to stop (an error, a cancel). Returns {n, p} where n is
 * null when no count up to `most` reaches the target, undefined when stopped.
 */
export async function fewestToReach(probe, target, most = MOST_ADDED) {
  let p = null;
  for (let n = 0; n <= most; n++) {
    p = await probe(n);
    if (p === null) return {n: undefined, p: null};
    if (p >= target) return {n, p};
  }
  return {n: null, p};
}

/** The advisor's controls: the unit to add, the target chance, the button and its answer. */
export function createAdvisor({onFind}) {
  const unitSelect = el("select", {id: "calc-advisor-unit", name: "advisor-unit"});
  const target = el("input", {id: "calc-advisor-target", type: "text", inputmode: "decimal", autocomplete: "off",
    value: "90", "aria-describedby": "calc-advisor-hint"});
  const find = el("button", {type: "button", class: "small", id: "calc-advisor-go"}, "Find the fewest");
  const answer = el("p", {class: "advice", id: "calc-advice", role: "status"});
  const details = el("details", {class: "more", id: "calc-advisor"},
    el("summary", {}, "Advisor: what to add to win"),
    el("p", {class: "hint", id: "calc-advisor-hint"},
      "The fewest units of one type to add to the attacker so that his chance to win reaches the target, each count calculated exactly."),
    el("div", {class: "field"}, el("label", {for: "calc-advisor-unit"}, "Add"), unitSelect),
    el("div", {class: "field"}, el("label", {for: "calc-advisor-target"}, "Chance to win at least (%)"), target),
    el("div", {class: "advisor-go"}, find), answer);
  const node = el("fieldset", {class: "settings"}, el("legend", {class: "visually-hidden"}, "Advisor"), details);
  find.addEventListener("click", () => onFind());
  return {
    node,
    /** units: [{id, name}] the attacker may have in this ruleset and kind of battle. */
    setUnits(units) {
      const chosen = unitSelect.value;
      unitSelect.replaceChildren(...units.map((u) => el("option", {value: u.id}, u.name)));
      if (units.some((u) => u.id === chosen)) unitSelect.value = chosen;
    },
    get unit() { return unitSelect.value; },
    get unitName() { return unitSelect.selectedOptions[0]?.textContent || unitSelect.value; },
    /** The target as a probability, or null when the text is not a percentage above 0 and below 100. */
    get target() {
      const value = Number(target.value.trim().replace(/%$/, ""));
      return Number.isFinite(value) && value > 0 && value < 100 ? value / 100 : null;
    },
    get targetText() { return target.value; },
    set invalidTarget(flag) {
      target.classList.toggle("invalid", flag);
      if (flag) target.setAttribute("aria-invalid", "true");
      else target.removeAttribute("aria-invalid");
    },
    say(text) { answer.textContent = text; },
  };
}
