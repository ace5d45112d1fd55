// The "WiF 67" screen — a stub until its developer fills it in.
// Contract: export init(client, section); client.call({op: ...}) talks to pycore.

import {el} from "./dom.js";

export function init(client, section) {
  section.replaceChildren(
    el("h2", {}, "WiF 67"),
    el("p", {class: "hint"}, "World in Flames option 67: the 2D10 land combat results table — coming soon."));
}
