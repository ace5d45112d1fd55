// What a screen says back: its message line, and the field a pycore error names, marked. Every
// error pycore returns names its field ("attacker.units.tank", "modifiers[2]", "seed"); the
// screens map the head of that path to the control the player typed it in.

import {el} from "./dom.js";

/** Show `text` in a screen's message line (empty hides it): an error is an alert, "info" a status. */
export function showMessage(node, text, look = "error", detail = "") {
  node.replaceChildren(text || "", detail ? el("span", {class: "detail"}, detail) : "");
  node.hidden = !text;
  node.classList.toggle("info", look === "info");
  node.setAttribute("role", look === "info" ? "status" : "alert");
}

/** Mark a control as the one at fault (class "invalid" and aria-invalid), or clear the mark. */
export function flagInvalid(node, bad) {
  node.classList.toggle("invalid", bad);
  if (bad) node.setAttribute("aria-invalid", "true");
  else node.removeAttribute("aria-invalid");
}

/**
 * The control an error's field names: the longest key of `nodes` that is the field or a head of it
 * ("modifiers[2].count" → "modifiers[2]", "seed" → "seed"), or null.
 */
export function nodeFor(field, nodes) {
  if (!field) return null;
  const key = Object.keys(nodes).sort((a, b) => b.length - a.length)
    .find((k) => field === k || field.startsWith(`${k}.`) || field.startsWith(`${k}[`));
  return key ? nodes[key] : null;
}
