// The Odds screen's "More" options, folded away under the battle form: a round limit, the attacker's
// retreat rules (at this many units, below this chance to win) and "keep one land unit". They are the
// calculator's alone (docs/api.md calc); the battle itself is the shared form's.
//
// Not for: the request's arithmetic (calc-state.js moreFields, moreOf).

import {el} from "../kit/dom.js";
import {stepper} from "../kit/widgets.js";
import {moreFields, moreOf} from "./calc-state.js";

const WORDS = {rounds: "Round limit", retreat_at_units: "Retreat at", retreat_below: "Retreat below", keep_land: "Keep one land unit"};

/** onChange(): an option changed by the player. */
export function createMore({onChange}) {
  const edited = () => { summarize(); onChange(); };
  const rounds = stepper("calc-rounds", "Round limit", {min: 0, max: 100, onChange: edited});
  const retreatUnits = stepper("calc-retreat-units", "Retreat at this many units", {min: 0, max: 999, onChange: edited});
  const retreatBelow = el("input", {id: "calc-retreat-below", type: "text", inputmode: "decimal", autocomplete: "off",
    placeholder: "never", "aria-describedby": "calc-retreat-below-hint"});
  const keepLand = el("input", {type: "checkbox", id: "calc-keep-land"});
  retreatBelow.addEventListener("input", edited);
  keepLand.addEventListener("change", edited);
  const summary = el("span", {class: "more-state"});
  const row = (id, label, stat, control) => el("div", {class: "fold-row", id: `${id}-field`},
    el("label", {for: id, class: "unit-name"}, label, stat), control);
  const fields = {
    rounds: row("calc-rounds", "Round limit", el("span", {class: "stat"}, "0 = fight to the end"), rounds.node),
    retreat_at_units: row("calc-retreat-units", "Retreat at", el("span", {class: "stat"}, "units left; 0 = never"), retreatUnits.node),
    retreat_below: row("calc-retreat-below", "Retreat below",
      el("span", {class: "stat", id: "calc-retreat-below-hint"}, "% chance to win; empty = never"),
      el("span", {class: "pct-input"}, retreatBelow, el("span", {"aria-hidden": "true"}, "%"))),
    keep_land: el("div", {class: "toggle-field", id: "calc-keep-land-field"},
      el("label", {class: "toggle", for: "calc-keep-land"}, keepLand, el("span", {class: "toggle-text"}, "Keep one land unit")),
      el("p", {class: "hint"}, "The attacker's last land unit is lost only when nothing else is left, so he can take the territory.")),
  };
  const more = el("details", {class: "more calc-more", id: "calc-more"},
    el("summary", {}, "More: round limit, retreat", summary),
    el("p", {class: "hint"}, "The attacker retreats after a round when either retreat rule is met. " +
      "His chance to win is the one the calculator would give from there, both sides fighting on."),
    ...Object.values(fields));
  const node = el("fieldset", {class: "settings"}, el("legend", {class: "visually-hidden"}, "More options"), more);
  const controls = {rounds: rounds.input, retreat_at_units: retreatUnits.input, retreat_below: retreatBelow, keep_land: keepLand};

  function summarize() {
    const on = [rounds.value > 0, retreatUnits.value > 0, retreatBelow.value.trim() !== "", keepLand.checked].filter(Boolean).length;
    summary.textContent = on ? ` · ${on} on` : "";
  }

  return {
    node,
    /** The request with these options (only what differs from the defaults). */
    apply: (request) => ({...request, ...moreFields({rounds: rounds.input.value, retreatUnits: retreatUnits.input.value,
      retreatBelow: retreatBelow.value, keepLand: keepLand.checked})}),
    fill(request) {
      const shown = moreOf(request);
      rounds.value = shown.rounds;
      retreatUnits.value = shown.retreatUnits;
      retreatBelow.value = shown.retreatBelow;
      keepLand.checked = shown.keepLand;
      summarize();
    },
    /** Where an error on an option points (kit/feedback.js markField): the row, opened. */
    target(field) {
      const key = Object.keys(WORDS).find((name) => field === name || field.startsWith(`${name}.`));
      if (!key) return null;
      return {nodes: [fields[key]], controls: [controls[key]], anchor: fields[key], label: WORDS[key], reveal: () => { more.open = true; }};
    },
  };
}
