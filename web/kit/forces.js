// One side's forces: a row per unit with the kit's −/+ stepper around a number
// field (type a count directly when it is large). The field keeps whatever
// the user typed, even a bad value: pycore judges it and names it.

import {el} from "./dom.js";
import {stepper} from "./widgets.js";
import {pluralName} from "./rulesets.js";

const MAX = 999;

// idBase (default: side) starts every element id, so a second form of the same
// side (the calculator's) can live on the page next to the battle's.
export function createForces({side, title, stat, legend = true, rowClass = "unit-row", idBase = side}) {
  const rows = new Map(); // unit id → {row, count (the stepper), input, name, unit}
  const list = el("div", {class: "unit-list"});
  const total = el("span", {class: "side-total"});
  const node = el("fieldset", {class: `forces ${side}`, id: `${idBase}-forces`},
    legend ? el("legend", {}, el("span", {class: "side-name"}, title), total) : null,
    list);
  const listeners = [];
  let drawn = ""; // the units the rows show (setUnits): the same list again keeps the rows

  /** The −, the row marks and the totals, from the counts; then whoever listens (byPlayer: a tap or a typed count). */
  function changed(byPlayer = false) {
    refresh();
    listeners.forEach((listener) => listener(byPlayer));
  }

  function refresh() {
    let sum = 0;
    let cost = 0;
    let power = 0;
    for (const {count, row, unit} of rows.values()) {
      const value = Number(count.input.value);
      count.locked = node.disabled;
      row.classList.toggle("present", value > 0);
      if (Number.isFinite(value) && value > 0) {
        sum += value;
        cost += value * (unit.cost || 0);
        power += value * (unit[stat] || 0);
      }
    }
    // Live totals, as other calculators show them: units, their cost, and their printed power
    // (the sum of attack or defence values, before artillery support or technology).
    total.textContent = `${sum === 1 ? "1 unit" : `${sum} units`}${sum ? ` · ${cost} IPCs · power ${power}` : ""}`;
  }

  /**
   * units: [{id, name, attack, defense, section?}] — counts of units that stay are kept.
   * A unit whose `section` ({title, hint}) differs from the previous one's starts a sub-heading
   * (e.g. the ships that bombard before an amphibious assault).
   */
  function setUnits(units) {
    // The same rows again (a shared link's or pycore's rulesets after the built-in ones): keep them,
    // with what is typed in them. Rebuilding them was most of a link's set-up time (bench/load.py).
    const wanted = JSON.stringify(units.map((u) => [u.id, u.name, u[stat], u.cost, u.section?.title, u.section?.hint]));
    if (wanted === drawn && units.every((unit) => rows.has(unit.id))) {
      for (const unit of units) rows.get(unit.id).unit = unit;
      changed();
      return;
    }
    drawn = wanted;
    const old = getCounts();
    rows.clear();
    list.replaceChildren();
    let section = null;
    for (const unit of units) {
      if (unit.section && unit.section !== section) {
        list.append(el("div", {class: "unit-section"}, el("strong", {}, unit.section.title),
          unit.section.hint ? el("span", {class: "hint"}, unit.section.hint) : null));
      }
      section = unit.section || null;
      const id = `${idBase}-${unit.id}`;
      const label = unit.name.toLowerCase();
      // The −/+ buttons are for thumbs; the keyboard uses the number field itself (type a count,
      // or the arrow keys), so each unit is one Tab stop instead of three.
      const count = stepper(id, `${title}: number of ${label}`, {min: 0, max: MAX, value: old[unit.id] ?? 0,
        number: true, buttonsTabbable: false, less: `One ${label} less (${side})`, more: `One ${label} more (${side})`,
        dataset: {unit: unit.id}, onChange: () => changed(true)});
      const row = el("div", {class: rowClass, dataset: {unit: unit.id}},
        el("label", {for: id, class: "unit-name"}, unit.name,
          el("span", {class: "stat"}, `${stat === "attack" ? "att" : "def"} ${unit[stat]}`)),
        count.node);
      rows.set(unit.id, {row, count, input: count.input, name: unit.name, unit});
      list.append(row);
    }
    changed();
  }

  /** {unit: number} of the rows that are not zero or empty; a bad entry is passed on as typed. */
  function getCounts() {
    const counts = {};
    for (const [unit, {input}] of rows) {
      const text = input.value.trim();
      if (text === "" || Number(text) === 0) continue;
      counts[unit] = Number.isFinite(Number(text)) ? Number(text) : text;
    }
    return counts;
  }

  function setCounts(counts) {
    for (const [unit, {input}] of rows) input.value = String(counts[unit] ?? 0);
    changed();
  }

  /** Locks or unlocks the side. The battle screen asks at every step of its phase: only a change is news. */
  function setDisabled(disabled) {
    if (node.disabled === Boolean(disabled)) return;
    node.disabled = Boolean(disabled);
    changed();
  }

  /**
   * Where an error on this side points (kit/feedback.js markField): a unit's row and its field, or with
   * no such unit the whole side; labelled in the player's words ("Attacker, tanks").
   */
  function target(unit) {
    const row = rows.get(unit);
    if (row) return {nodes: [row.row], controls: [row.input], anchor: row.row, label: `${title}, ${pluralName(row.name)}`};
    return {nodes: [node], controls: [], anchor: node.querySelector("legend") || node, label: title};
  }

  return {node, setUnits, getCounts, setCounts, setDisabled, target,
    /** listener(byPlayer) after every change of the counts: the player's, or the page's (a fill, a lock). */
    onChange: (listener) => listeners.push(listener),
    focus: (unit) => rows.get(unit)?.input.focus()};
}

/**
 * "Swap sides" and "Clear" for a pair of forces: the attacker's units go to the defender and back
 * (a unit one side cannot have, such as an attacking AA gun, is dropped), or both sides empty.
 * Either can be undone: "Undo clear" puts back the counts as they were, until the next change
 * of a count (an undo then would throw that change away).
 */
export function forceTools(idBase, attacker, defender, onChange) {
  const swap = el("button", {type: "button", class: "small", id: `${idBase}-swap`}, "⇅ Swap sides");
  const clearAll = el("button", {type: "button", class: "small", id: `${idBase}-clear`}, "Clear");
  const undo = el("button", {type: "button", class: "small", id: `${idBase}-undo-tools`, hidden: true});
  let before = null; // {attacker, defender, what}: the counts before the last Swap or Clear
  let acting = false; // the tools are setting the counts: not a change of the player's
  const offer = () => {
    undo.hidden = !before;
    undo.replaceChildren(...(before ? [el("span", {"aria-hidden": "true"}, "↶ "), `Undo ${before.what}`] : []));
  };
  const act = (what, counts) => {
    before = what ? {attacker: attacker.getCounts(), defender: defender.getCounts(), what} : null;
    acting = true;
    try {
      attacker.setCounts(counts.attacker);
      defender.setCounts(counts.defender);
    } finally {
      acting = false;
    }
    onChange();
    offer();
  };
  swap.addEventListener("click", () => act("swap", {attacker: defender.getCounts(), defender: attacker.getCounts()}));
  clearAll.addEventListener("click", () => act("clear", {attacker: {}, defender: {}}));
  undo.addEventListener("click", () => {
    if (!before) return;
    act(null, before);
    swap.focus({preventScroll: true});
  });
  for (const side of [attacker, defender]) {
    side.onChange(() => {
      if (acting || !before) return;
      before = null;
      offer();
    });
  }
  return el("div", {class: "force-tools", id: `${idBase}-tools`}, undo, swap, clearAll);
}
