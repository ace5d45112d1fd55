// Small widgets of the Research screen: big-button stepper, segmented choice, a numeric die.

import {el} from "./dom.js";

export function segmented(name, label, options, onPick) {
  const box = el("div", {class: "segmented", role: "radiogroup", "aria-label": label, id: name});
  for (const [value, text] of options) {
    const input = el("input", {type: "radio", name, value, id: `${name}-${value}`});
    input.addEventListener("change", () => onPick(value));
    box.append(el("label", {class: "segment"}, input, el("span", {}, text)));
  }
  return {
    node: box,
    get value() { return box.querySelector("input:checked")?.value; },
    set value(v) { for (const input of box.querySelectorAll("input")) input.checked = input.value === v; },
    disable(value, disabled) { const input = box.querySelector(`input[value="${CSS.escape(value)}"]`); if (input) input.disabled = disabled; },
  };
}

export function stepper(id, label, {min = 0, max = 99, value = 0, onChange = () => {}} = {}) {
  const input = el("input", {id, type: "text", inputmode: "numeric", pattern: "[0-9]*", autocomplete: "off", value: String(value), "aria-label": label});
  const minus = el("button", {type: "button", class: "step minus", "aria-label": `${label}: one less`}, "−");
  const plus = el("button", {type: "button", class: "step plus", "aria-label": `${label}: one more`}, "+");
  const state = {min, max};
  const read = () => {
    const n = Number.parseInt(input.value, 10);
    return Number.isFinite(n) ? n : 0;
  };
  const set = (n) => {
    input.value = String(Math.max(state.min, Math.min(state.max, n)));
    onChange(read());
  };
  minus.addEventListener("click", () => set(read() - 1));
  plus.addEventListener("click", () => set(read() + 1));
  input.addEventListener("input", () => onChange(read()));
  return {
    node: el("div", {class: "stepper"}, minus, input, plus),
    get value() { return read(); },
    set value(n) { input.value = String(n); },
    set limits({min: lo, max: hi}) { state.min = lo; state.max = hi; },
    input,
  };
}

export function dieBox(value, {sides = 6, good = false, label = ""} = {}) {
  return el("span", {class: `die numeric rd-die${good ? " hit" : ""}`, role: "img",
    "aria-label": label || `d${sides} rolled ${value}`, title: label || `d${sides}: ${value}`, dataset: {value}}, String(value));
}

