// Small widgets shared by the screens, first written for Research: big-button stepper, segmented
// choice, a numeric die, the dice pad (its look, .rd-pad/.rd-key, is still in research/research.css).

import {el, clear} from "./dom.js";

/**
 * The one segmented choice of the page (a radio group drawn as one bar of buttons): the luck system,
 * the kind of battle, WiF's tables, Research's views. Each option is [value, text, small?]; its radio
 * is `${name}-${value}`, its label says `for` it. onPick(value) follows a player's pick. A value set
 * before its option exists (a remembered system, before pycore lists it) is kept and taken once
 * setOptions offers it.
 */
export function segmented(name, label, options, onPick = (_value) => {}, {chosen = null, className = ""} = {}) {
  const box = el("div", {class: `segmented${className ? ` ${className}` : ""}`, role: "radiogroup", "aria-label": label, id: name});
  let wanted = chosen;
  const radio = (value) => box.querySelector(`input[value="${CSS.escape(value)}"]`);
  function setOptions(list) {
    const keep = box.querySelector("input:checked")?.value ?? wanted;
    box.replaceChildren(...list.map(([value, text, small]) => {
      const input = el("input", {type: "radio", name, value, id: `${name}-${value}`});
      input.addEventListener("change", () => { wanted = null; onPick(value); });
      return el("label", {class: "segment", for: input.id}, input, el("span", {}, text, small ? el("small", {}, small) : null));
    }));
    choice.value = keep;
  }
  const choice = {
    node: box,
    get value() { return box.querySelector("input:checked")?.value; },
    set value(v) {
      for (const input of box.querySelectorAll("input")) input.checked = input.value === v;
      wanted = v !== undefined && v !== null && !radio(v) ? v : null;
    },
    setOptions,
    disable(value, disabled) { const input = radio(value); if (input) input.disabled = disabled; },
  };
  setOptions(options);
  return choice;
}

/**
 * A count one step up or down from what the field holds (a bad entry counts as 0), kept within
 * [min, max]: the arithmetic of every − / + on the page (this stepper, the forces' unit rows).
 */
export function stepFrom(text, delta, min, max) {
  const value = Number(text);
  const base = Number.isFinite(value) ? Math.trunc(value) : 0;
  return Math.min(max, Math.max(min, base + delta));
}

/**
 * The one − n + counter of the screens: big buttons for a thumb, the field for a keyboard (it
 * selects its text on focus, so a typed count replaces it). The − button is off at the minimum.
 * `value` is the whole number in the field, or 0 when it holds none; with `raw` it is what was
 * typed when that is not a whole number, so pycore judges it and names the field (WiF), never
 * losing what the player entered. onChange(value) follows every change; listen() adds more.
 * A unit row (kit/forces.js) asks for a number field whose arrow keys count (`number`) and keeps
 * the buttons out of the Tab order (`buttonsTabbable: false`): one Tab stop per unit.
 */
export function stepper(id, label, {min = 0, max = 99, value = 0, onChange = (_value) => {}, raw = false, number = false,
  buttonsTabbable = true, less = `${label}: one less`, more = `${label}: one more`, dataset = undefined} = {}) {
  const input = el("input", number
    ? {id, type: "number", inputmode: "numeric", min, max, step: 1, value: String(value), "aria-label": label, dataset}
    : {id, type: "text", inputmode: "numeric", autocomplete: "off", value: String(value), "aria-label": label, dataset});
  const tabindex = buttonsTabbable ? null : "-1";
  const minus = el("button", {type: "button", class: "step minus", tabindex, "aria-label": less}, "−");
  const plus = el("button", {type: "button", class: "step plus", tabindex, "aria-label": more}, "+");
  const node = el("div", {class: "stepper"}, minus, input, plus);
  const state = {min, max, disabled: false};
  const listeners = [onChange];
  const read = () => {
    const n = Number(input.value.trim());
    if (Number.isInteger(n) && input.value.trim() !== "") return n;
    return raw && input.value.trim() !== "" ? input.value : Number.parseInt(input.value, 10) || 0;
  };
  const sync = () => {
    const n = Number(input.value);
    minus.disabled = input.disabled || state.disabled || (Number.isFinite(n) && n <= state.min && input.value.trim() !== "");
  };
  const changed = () => {
    sync();
    listeners.forEach((listener) => listener(read()));
  };
  minus.addEventListener("click", () => { input.value = String(stepFrom(input.value, -1, state.min, state.max)); changed(); });
  plus.addEventListener("click", () => { input.value = String(stepFrom(input.value, +1, state.min, state.max)); changed(); });
  input.addEventListener("input", changed);
  input.addEventListener("focus", () => input.select());
  sync();
  return {
    node, input, sync,
    get value() { return read(); },
    set value(n) { input.value = String(n); sync(); },
    set limits({min: lo, max: hi}) { state.min = lo; state.max = hi; sync(); },
    /** A whole fieldset locked around it: the − follows (a disabled fieldset does not tell its buttons). */
    set locked(flag) { state.disabled = Boolean(flag); sync(); },
    listen(listener) { listeners.push(listener); },
  };
}

export function dieBox(value, {sides = 6, good = false, label = ""} = {}) {
  return el("span", {class: `die numeric rd-die${good ? " hit" : ""}`, role: "img",
    "aria-label": label || `d${sides} rolled ${value}`, title: label || `d${sides}: ${value}`, dataset: {value}}, String(value));
}


/**
 * The players' own dice, one thumb: a row of slots (one per die needed) above big face buttons.
 * A face tap fills the slot under the cursor (the first empty one, or the one tapped to change it);
 * "Undo die" empties the last filled slot. Slots keep their values when the count changes, so a
 * longer or shorter raid never loses what was entered. Values are read in slot order; an empty slot
 * is left out, so pycore (not this widget) says how many dice are missing.
 */
export function diceKeypad(id, label, {sides = 6, count = 0, onChange = () => {}} = {}) {
  let memory = []; // every slot ever entered: a shorter raid hides the last ones, a longer one shows them again
  let size = 0;
  let cursor = null; // a slot chosen to be changed; null: the first empty slot
  const shown = () => Array.from({length: size}, (_, i) => memory[i] ?? null);
  const counter = el("span", {class: "rd-pad-count", id: `${id}-count`, "aria-live": "polite"});
  const slots = el("div", {class: "rd-slots", id: `${id}-slots`, role: "group", "aria-label": `${label} entered`});
  const keys = el("div", {class: "rd-keys", role: "group", "aria-label": `${label}: tap the face rolled`});
  const undo = el("button", {type: "button", class: "small rd-pad-undo", id: `${id}-undo`, "aria-label": `Undo die: ${label}, the last one entered`}, "Undo die");
  const title = el("span", {class: "rd-pad-title"}, label);
  const node = el("div", {class: "rd-pad", id},
    el("div", {class: "rd-pad-head"}, title, counter), slots, keys, el("div", {class: "rd-pad-tools"}, undo));

  const next = () => (cursor !== null ? cursor : shown().findIndex((v) => v === null));
  function draw() {
    clear(slots);
    const values = shown();
    const at = next();
    values.forEach((value, index) => {
      const slot = el("button", {type: "button",
        class: `rd-slot${value === null ? " empty" : ""}${index === at ? " current" : ""}`,
        "aria-label": value === null ? `Die ${index + 1}: not entered` : `Die ${index + 1}: ${value}, tap to change`,
        dataset: {index: String(index), value: value === null ? "" : String(value)}}, value === null ? "·" : String(value));
      slot.addEventListener("click", () => { cursor = index; draw(); });
      slots.append(slot);
    });
    const filled = values.filter((v) => v !== null).length;
    counter.textContent = `${filled} of ${size}`;
    node.classList.toggle("complete", filled === size);
    for (const key of keys.children) key.disabled = at < 0 || at >= size;
    undo.disabled = filled === 0;
  }
  function drawKeys() {
    clear(keys);
    keys.classList.toggle("many", sides > 6);
    for (let face = 1; face <= sides; face++) {
      const key = el("button", {type: "button", class: "rd-key", id: `${id}-key-${face}`, "aria-label": `${label}: ${face}`}, String(face));
      key.addEventListener("click", () => {
        const at = next();
        if (at < 0 || at >= size) return;
        memory[at] = face;
        cursor = null;
        draw();
        onChange();
      });
      keys.append(key);
    }
  }
  undo.addEventListener("click", () => {
    const last = shown().findLastIndex((v) => v !== null);
    if (last < 0) return;
    memory[last] = null;
    cursor = last;
    draw();
    onChange();
  });
  const pad = {
    node,
    /** The entered dice, in slot order, empty slots left out. */
    get values() { return shown().filter((v) => v !== null); },
    get complete() { return shown().every((v) => v !== null); },
    get count() { return size; },
    get sides() { return sides; },
    set title(text) { title.textContent = text; },
    /** Show n slots of a d`s`, keeping what was entered (a value the new die cannot show is dropped). */
    need(n, s = sides) {
      if (s !== sides) {
        sides = s;
        memory = memory.map((v) => (v !== null && v > s ? null : v));
        drawKeys();
      }
      size = n;
      if (cursor !== null && cursor >= n) cursor = null;
      draw();
    },
    clear() { memory = []; cursor = null; draw(); },
    set invalid(flag) { node.classList.toggle("invalid", Boolean(flag)); },
  };
  drawKeys();
  pad.need(count, sides);
  return pad;
}
