// Tiny DOM helpers. Untrusted text only ever reaches the page through
// textContent / createElement: there is no innerHTML anywhere in web/.

/**
 * el("p", {class: "note", dataset: {round: 2}}, "text", childNode, ...)
 * Attributes go through setAttribute (or a DOM property for `dataset`,
 * `disabled`, `value`, `checked`); children are strings (text nodes) or nodes.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "disabled" || name === "value" || name === "checked" || name === "readOnly") node[name] = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return node;
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

/**
 * Give the page back to the browser between two steps of a long piece of work (a screen's
 * set-up), so no one task holds the main thread for all of it (Lighthouse's total blocking
 * time; a tap waits for the task under way). scheduler.yield resumes ahead of other queued
 * work where the browser has it; elsewhere a timer is the next task.
 */
export function yieldToPage() {
  if (globalThis.scheduler && typeof globalThis.scheduler.yield === "function") return globalThis.scheduler.yield();
  return new Promise((resume) => setTimeout(resume, 0));
}

/** How the page scrolls to what it shows: smoothly, unless the player asked for reduced motion. */
export function motion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}
