// The page's one way to copy to the clipboard (a link, a forum post), with the field it is shown in as
// the fallback: where the clipboard is refused (permission, an old browser) the text is selected there,
// the browser's own copy command is tried, and else the player copies it by hand. And the one forum copy
// panel, so a battle's and a journal's offer their formats in the same order.

import {el} from "./dom.js";

/** The forum formats, in the one order every panel shows them: the forums' markups first, plain text last. */
export const FORUM_FORMATS = [["bbcode", "Copy BBCode"], ["markdown", "Copy Markdown"], ["text", "Copy text"]];

/**
 * Shows `text` in `field` and copies it: "clipboard" when the clipboard took it, "command" when the
 * browser's copy command did (the text stays selected in the field), false when it is selected for a
 * copy by hand. Truthy means copied.
 */
export async function copyInto(field, text) {
  field.value = text;
  field.hidden = false;
  try {
    await navigator.clipboard.writeText(text);
    return "clipboard";
  } catch {
    field.focus();
    field.select();
    try {
      return document.execCommand("copy") ? "command" : false;
    } catch {
      return false;
    }
  }
}

/**
 * "Post it on a forum": a button per format, the box the text is shown in when the clipboard refuses it,
 * and a status line. ids: {button(format), box, status}; `text(format)` gives the post (a promise may;
 * null: nothing to copy). reset() hides the box and clears the status.
 */
export function forumCopyPanel({ids, boxLabel, text}) {
  const status = el("p", {class: "hint", id: ids.status, role: "status"});
  const box = el("textarea", {id: ids.box, readonly: true, rows: 8, hidden: true, "aria-label": boxLabel});
  const buttons = FORUM_FORMATS.map(([format, label]) => {
    const button = el("button", {type: "button", class: "small", id: ids.button(format)}, label);
    button.addEventListener("click", async () => {
      const post = await text(format);
      if (post === null) return;
      const how = await copyInto(box, post);
      box.hidden = how === "clipboard"; // else it stays, selected, for a copy by hand
      status.textContent = how ? "Copied. Paste it into your forum post." : "Selected below: copy it by hand.";
    });
    return button;
  });
  const node = el("div", {class: "report-panel"}, el("h3", {}, "Post it on a forum"), el("div", {class: "copy-row"}, buttons), box, status);
  return {node, reset() { box.hidden = true; status.textContent = ""; }};
}
