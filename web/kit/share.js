// A share link as the player copies it: this page's own address with the link in its fragment
// (docs/links.md), built here and nowhere else, and the one panel that shows and copies it.
//
// Not for: reading a link (kit/link.js) or making one (pycore's share op).

import {el, motion} from "./dom.js";
import {copyInto} from "./copy.js";

/** This page's address without its fragment: what a forum post links back to. */
export const pageAddress = () => location.href.split("#")[0];

/** The full address of a link ("v1.…", without "#"). */
export const shareUrl = (link) => `${pageAddress()}#${link}`;

/**
 * "Link to this battle" (or "calculation": `what`): a field with the address and a line saying whether it
 * was copied. Its ids start with `idBase` ("" on Battle: #share-panel, #share-link; "calc": #calc-share-panel,
 * #calc-link). share(link) shows and copies it.
 */
export function createSharePanel(idBase, what) {
  const p = idBase ? `${idBase}-` : "";
  const ids = {panel: `${p}share-panel`, field: idBase ? `${p}link` : "share-link", status: `${p}share-status`};
  const words = {label: `Link to this ${what}`, copied: `Link copied. Whoever opens it sees this very ${what}.`,
    byHand: `Copy the link above to share this very ${what}.`};
  const field = el("input", {id: ids.field, type: "url", readOnly: true, "aria-label": words.label});
  const status = el("p", {class: "hint", id: ids.status, role: "status"});
  const node = el("div", {class: "share-panel", id: ids.panel, hidden: true}, el("label", {for: ids.field}, words.label), field, status);
  return {
    node,
    /** The address shown, "" before any. */
    get url() { return field.value; },
    /** Keep `link` ready to share without showing the panel. */
    set link(link) { field.value = shareUrl(link); },
    async share(link = null) {
      node.hidden = false;
      status.textContent = await copyInto(field, link ? shareUrl(link) : field.value) ? words.copied : words.byHand;
      node.scrollIntoView({block: "end", behavior: motion()});
    },
    hide() { node.hidden = true; },
  };
}
