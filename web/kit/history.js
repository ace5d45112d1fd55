// The last 30 battles and calculations made on this device, each reopened with one tap: an
// entry is a share link ("#v1.…"), so opening it is following the link (the screens' own
// hashchange handlers replay it). A battle keeps one entry, its latest link, as it goes on.
//
// Storage goes through read()/write() (kit/local.js) only: each change reads the list afresh.

import {el} from "./dom.js";
import {readStored, writeStored} from "./local.js";

const KEY = "luckdial.history";
export const KEEP = 30;

function read() {
  const list = readStored(KEY);
  return Array.isArray(list) ? list.filter((e) => e && typeof e.link === "string" && e.link.startsWith("v1.")) : [];
}

// A refusal (storage full or off) is let be: the history is a convenience, the battle itself is in its link.
const write = (list) => writeStored(KEY, list);

/** The entries, newest first: {screen: "battle"|"odds", key, link, label, at}. */
export function recent(screen) {
  return read().filter((e) => !screen || e.screen === screen);
}

/** Add or refresh an entry (one per key: the same battle replaces its older link). */
export function remember({screen, key, link, label}) {
  const list = read().filter((e) => !(e.screen === screen && e.key === key));
  list.unshift({screen, key, link, label, at: Date.now()});
  write(list.slice(0, KEEP));
}

/** A disclosure listing this screen's recent entries as links; refreshed each time it opens. */
export function historyPanel(screen, id, title) {
  const list = el("ol", {class: "history-list", id: `${id}-list`});
  const details = el("details", {class: "more history", id}, el("summary", {}, title), list);
  const draw = () => {
    const entries = recent(screen);
    list.replaceChildren(...(entries.length ? entries.map((e) => el("li", {},
      el("a", {href: `#${e.link}`, class: "history-link"}, e.label),
      el("span", {class: "hint"}, ` ${new Date(e.at).toLocaleString([], {dateStyle: "short", timeStyle: "short"})}`)))
      : [el("li", {class: "hint"}, "Nothing yet on this device.")]));
  };
  details.addEventListener("toggle", () => { if (details.open) draw(); });
  return {node: el("fieldset", {class: "settings"}, el("legend", {class: "visually-hidden"}, title), details), draw};
}
