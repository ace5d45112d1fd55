// The "Research" screen — a stub until its developer fills it in.
// Contract: export init(client, section); client.call({op: ...}) talks to pycore.

import {el} from "./dom.js";

export function init(client, section) {
  section.replaceChildren(
    el("h2", {}, "Research"),
    el("p", {class: "hint"}, "Low Luck research ledger — coming soon."));
}
