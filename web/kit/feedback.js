// What a screen says back: its message line, and the field a pycore error names, marked. Every
// error pycore returns names its field ("attacker.units.tank", "modifiers[2]", "seed") and starts
// its message with that path (docs/api.md); the page never shows the path: it marks the control
// the field maps to and says the message in words, under the control's own name.
//
// Not for: what a field is called on a given screen (each screen's targets say so).

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

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** pycore's message without its leading field path ("seed: must be…" → "must be…"), as it is. Pure. */
export function restOf(error) {
  const message = String(error?.message || "something went wrong.");
  const field = error?.field;
  return field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}

/**
 * Where in a link's request a field is, in words: "attacker.units.infantry" → "attacker, infantry",
 * "waves[0].attacker.units.tank" → "wave 2, attacker, tank" (wave 1 is the request's own), "system.chart[1].color"
 * → "luck system, chart row 2, color"; "" for the link itself ("decode") or no field. Pure.
 */
export function fieldWords(field) {
  if (!field || field === "decode" || field === "link") return "";
  const words = [];
  for (const part of String(field).split(".")) {
    const indexed = /^([a-z_]+)\[(\d+)\]$/.exec(part);
    if (indexed && indexed[1] === "waves") words.push(`wave ${Number(indexed[2]) + 2}`);
    else if (indexed && indexed[1] === "chart") words.push(`chart row ${Number(indexed[2]) + 1}`);
    else if (indexed) words.push(`${indexed[1].replaceAll("_", " ")} ${Number(indexed[2]) + 1}`);
    else if (part === "system") words.push("luck system");
    else if (part !== "units") words.push(part.replaceAll("_", " "));
  }
  return words.join(", ");
}

/**
 * What a screen says of a shared link that did not open, and what it keeps (`kept`; "" on a page just opened
 * by the link, where nothing was entered to keep): a link stopped past its time limit in the client's own words
 * (kit/budgets.js: "Opening this link took longer than 10 s…"); a link that does not decode as pycore says it
 * ("This link is damaged (cut short or edited)…", not "damaged" twice); any other as damaged or edited, with
 * where in the battle (fieldWords) and pycore's reason. Pure: tests/js/budgets.test.mjs, feedback.test.mjs.
 */
export function linkWords(error, kept = "What you entered is kept.") {
  const tail = kept ? ` ${kept}` : "";
  if (error?.detail?.time_limit_ms) return `${restOf(error)}${tail}`;
  const rest = restOf(error).replace(/\.$/, "");
  if (/^the link /.test(rest)) return `This link ${rest.slice("the link ".length)}.${tail}`;
  const where = fieldWords(error?.field);
  return `This link is damaged or was edited: ${where ? `${where}: ` : ""}${rest}.${tail}`;
}

/**
 * An error in the player's words: pycore's message without its leading field path, under `label`
 * (the marked control's own name: "Seed", "Attacker, tanks", "Retreat below"). A rest that already
 * starts with the label's words ("the attacker needs…" under "Attacker", "turn 1: …" under "Turn 1,
 * technology") is not labelled twice. Pure: tests/js/feedback.test.mjs.
 */
export function inWords(error, label = "") {
  let rest = restOf(error);
  if (!label) return capital(rest);
  const head = /^([^:]{1,40}): /.exec(rest);
  if (head && label.toLowerCase().startsWith(head[1].toLowerCase())) rest = rest.slice(head[0].length);
  if (rest.toLowerCase().startsWith(`the ${label.toLowerCase()} `)) return capital(rest);
  return `${label}: ${rest}`;
}

/** Clear every mark and note markField left inside `root`. */
export function clearMarks(root) {
  for (const note of root.querySelectorAll(".field-error.placed")) note.remove();
  for (const node of root.querySelectorAll(".invalid, [aria-invalid]")) flagInvalid(node, false);
}

/**
 * The one field marker of the page. `targetOf(field)` says where a field lives: {nodes (marked
 * red), controls (marked red and aria-invalid), anchor (the note goes after it, or after a
 * fieldset's legend; null: no note, the screen's message line says it), label (its name in words),
 * reveal() (opens a closed disclosure)}, or null. Marks it, puts the message in words under it (id `noteId`), and answers {words, note}.
 * Without a field or a target, only the words (the screen's message line says them).
 */
export function markField(root, error, targetOf, noteId) {
  clearMarks(root);
  const target = error?.field ? targetOf(error.field) : null;
  if (!target) return {words: inWords(error), note: null};
  for (const node of target.nodes || []) node.classList.add("invalid");
  for (const control of target.controls || []) flagInvalid(control, true);
  target.reveal?.();
  const words = inWords(error, target.label);
  if (!target.anchor) return {words, note: null}; // the screen's message line says it
  const note = el("p", {class: "field-error placed", id: noteId}, words);
  if (target.anchor.tagName === "LEGEND") target.anchor.after(note);
  else if (target.anchor.tagName === "FIELDSET") target.anchor.prepend(note);
  else target.anchor.after(note);
  return {words, note};
}
