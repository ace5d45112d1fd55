// The calculator's sea options (docs/api.md calc: `submerge`, `destroyer_last`, `crash_fighters`; docs/rules.md §9):
// toggles in the Odds screen's "More" options at sea, read into the request and back from a link. They are the
// calculator's alone; hidden in a land battle, they ask nothing; pycore refuses them in a plan, naming the field.
//
// Not for: the retreat rules (retreat-rules.js).

import {el} from "../kit/dom.js";

/** [field, side or null, id, words, hint] of each toggle. */
const TOGGLES = [
  ["submerge", "attacker", "calc-submerge-attacker", "Attacker's subs submerge",
    "At the first end of a round with no enemy destroyer, his subs leave the fight alive (sea battles)."],
  ["submerge", "defender", "calc-submerge-defender", "Defender's subs submerge",
    "The same for the defender's subs."],
  ["destroyer_last", "attacker", "calc-destroyer-last-attacker", "Attacker keeps a destroyer to the last",
    "His last destroyer is lost after any other unit, so the enemy's subs stay cancelled."],
  ["destroyer_last", "defender", "calc-destroyer-last-defender", "Defender keeps a destroyer to the last",
    "The same for the defender."],
  ["crash_fighters", null, "calc-crash-fighters", "Defending fighters with no carrier crash",
    "When the sea battle ends, his aircraft beyond two per carrier left are lost."],
];

/** The sea options' toggles; onChange(): one changed by the player. */
export function createSeaOptions({onChange}) {
  const inputs = TOGGLES.map(([, , id]) => el("input", {type: "checkbox", id}));
  const rows = TOGGLES.map(([field, , id, text, hint], i) => el("div", {class: "toggle-field", id: `${id}-field`,
    dataset: {field}},
  el("label", {class: "toggle", for: id}, inputs[i], el("span", {class: "toggle-text"}, text)), el("p", {class: "hint"}, hint)));
  for (const input of inputs) input.addEventListener("change", () => onChange());
  const node = el("div", {class: "sea-options", id: "calc-sea-options", role: "group", "aria-labelledby": "calc-sea-options-title"},
    el("p", {class: "label", id: "calc-sea-options-title"}, "At sea"), ...rows);
  return {
    node,
    /** How many are on. */
    get on() { return node.hidden ? 0 : inputs.filter((input) => input.checked).length; },
    /** Shown for a sea battle only; hidden, they ask nothing. */
    set sea(on) { node.hidden = !on; },
    /** The request with these options (only those on, and only in a sea battle). */
    apply(request) {
      const out = {...request};
      if (node.hidden) return out;
      TOGGLES.forEach(([field, side], i) => {
        if (!inputs[i].checked) return;
        if (side === null) out[field] = true;
        else out[field] = {...(out[field] || {}), [side]: true};
      });
      return out;
    },
    /** Show a request's (a link's) options. */
    fill(request) {
      TOGGLES.forEach(([field, side], i) => {
        inputs[i].checked = side === null ? request[field] === true : request[field]?.[side] === true;
      });
    },
    /** Where an error on one of these fields points (kit/feedback.js markField). */
    target(field) {
      const [name, side] = field.split(".");
      const i = TOGGLES.findIndex(([f, s]) => f === name && (s === null || side === undefined || s === side));
      if (i < 0) return null;
      return {nodes: [rows[i]], controls: [inputs[i]], anchor: rows[i], label: TOGGLES[i][3]};
    },
  };
}
