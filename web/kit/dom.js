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
