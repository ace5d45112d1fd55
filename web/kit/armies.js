// Saved armies: a side's forces kept under a name, per ruleset, on this device ("Germany's
// Eastern front", "UK fleet"), put back into either side with one tap. What other calculators
// call a saved army or a preset. An army is only unit counts: the screen's own form, options
// and link carry the rest.
//
// Storage follows history.js and prefs.js: each change starts from a fresh read of the stored
// list and writes back only its own entry (saved or removed), so two tabs open on the page do
// not undo each other's armies.

import {el} from "./dom.js";
import {readStored, writeStored} from "./local.js";
import {listUnits} from "./rulesets.js";

const KEY = "luckdial.armies";
export const MOST = 60; // armies kept in all (the oldest go first): a list still read at a glance
export const NAME_LENGTH = 40;

const valid = (army) => army && typeof army.ruleset === "string" && typeof army.name === "string" && army.name &&
  army.units && typeof army.units === "object" &&
  Object.values(army.units).every((n) => Number.isInteger(n) && n > 0);

function read() {
  const list = readStored(KEY);
  return Array.isArray(list) ? list.filter(valid) : [];
}

// false when storage refused (private mode) or is full: said to the player, the form is untouched.
const write = (list) => writeStored(KEY, list);

/** This ruleset's armies, newest first: [{ruleset, name, units: {unit: n}, at}]. */
export function savedArmies(ruleset) {
  return read().filter((army) => army.ruleset === ruleset);
}

/** Keep `units` as `name` for `ruleset` (the same name in the same ruleset is replaced); false when storage refused. */
export function saveArmy(ruleset, name, units) {
  const list = read().filter((army) => !(army.ruleset === ruleset && army.name === name));
  list.unshift({ruleset, name, units, at: Date.now()});
  return write(list.slice(0, MOST));
}

/** Forget one army (only it: the rest is read afresh). */
export function deleteArmy(ruleset, name) {
  return write(read().filter((army) => !(army.ruleset === ruleset && army.name === name)));
}

/**
 * The "Saved armies" disclosure of a screen. idBase names its elements ("battle", "calc");
 * forces: {attacker, defender} (kit/forces.js); ruleset(): the ruleset on the form, with its
 * units; onChange(): after an army is put into a side (the screen's usual edit handling).
 */
export function armiesPanel({idBase, forces, ruleset, onChange}) {
  const id = `${idBase}-armies`;
  const name = el("input", {id: `${id}-name`, type: "text", autocomplete: "off", maxlength: NAME_LENGTH,
    placeholder: "e.g. Germany east", "aria-describedby": `${id}-status`});
  const status = el("p", {class: "hint armies-status", id: `${id}-status`, role: "status"});
  const saveButtons = ["attacker", "defender"].map((side) => {
    const button = el("button", {type: "button", class: "small", id: `${id}-save-${side}`},
      `Save ${side === "attacker" ? "attacker" : "defender"}`);
    button.addEventListener("click", () => save(side));
    return button;
  });
  const list = el("ul", {class: "armies-list", id: `${id}-list`});
  const heading = el("p", {class: "hint armies-heading", id: `${id}-heading`});
  const details = el("details", {class: "more armies", id},
    el("summary", {}, "Saved armies"),
    el("div", {class: "field armies-save"},
      el("label", {for: `${id}-name`}, "Name"),
      name,
      el("div", {class: "armies-save-row"}, saveButtons)),
    status, heading, list);

  const say = (text) => { status.textContent = text; };
  const names = () => new Map((ruleset()?.units || []).map((u) => [u.id, u.name]));

  function save(side) {
    const label = name.value.trim();
    if (!label) {
      say(`Name: give the army a name first, then save the ${side}.`);
      name.focus();
      return;
    }
    const counts = forces[side].getCounts();
    const bad = Object.entries(counts).find(([, n]) => !(Number.isInteger(n) && n > 0));
    if (bad) {
      say(`${forces[side].target(bad[0]).label}: "${bad[1]}" is not a whole number of units; the army is not saved.`);
      forces[side].focus(bad[0]);
      return;
    }
    if (!Object.keys(counts).length) {
      say(`The ${side} has no units: nothing to save.`);
      return;
    }
    const replaced = savedArmies(ruleset().id).some((army) => army.name === label);
    if (!saveArmy(ruleset().id, label, counts)) {
      say("This browser refused to store it (private mode or full storage); the army is still on the form.");
      return;
    }
    say(`${replaced ? "Replaced" : "Saved"} “${label}”: ${listUnits(counts, names())}.`);
    draw();
  }

  function open(army, side) {
    forces[side].setCounts(army.units);
    const placed = forces[side].getCounts();
    const left = Object.fromEntries(Object.entries(army.units).filter(([unit, n]) => placed[unit] !== n));
    onChange();
    say(`“${army.name}” is now the ${side}.` +
      (Object.keys(left).length ? ` Not on this form (another kind of battle?): ${listUnits(left, names())}.` : ""));
  }

  function draw() {
    const current = ruleset();
    const armies = current ? savedArmies(current.id) : [];
    heading.textContent = !current ? "" : armies.length ? `Saved for ${current.name}:` : `No army saved for ${current.name} yet.`;
    list.replaceChildren(...armies.map((army) => {
      const put = (side) => {
        const words = `As ${side}`;
        const button = el("button", {type: "button", class: "small", dataset: {side}, "aria-label": `${words}: ${army.name}`}, words);
        button.addEventListener("click", () => open(army, side));
        return button;
      };
      const remove = el("button", {type: "button", class: "small danger", "aria-label": `Delete ${army.name}`}, "Delete");
      remove.addEventListener("click", () => {
        if (!deleteArmy(army.ruleset, army.name)) {
          say("This browser refused to change its storage; nothing was deleted.");
          return;
        }
        say(`Deleted “${army.name}”.`);
        draw();
        (list.querySelector("button") || name).focus(); // the focus stays in the panel
      });
      return el("li", {class: "army", dataset: {name: army.name}},
        el("div", {class: "army-head"},
          el("div", {class: "army-text"}, el("strong", {class: "army-name"}, army.name),
            el("span", {class: "hint"}, listUnits(army.units, names()))),
          remove),
        el("div", {class: "army-buttons"}, put("attacker"), put("defender")));
    }));
  }

  details.addEventListener("toggle", () => { if (details.open) draw(); });
  return {node: el("fieldset", {class: "settings armies-fieldset"}, el("legend", {class: "visually-hidden"}, "Saved armies"), details), draw};
}
