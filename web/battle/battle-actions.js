// The Battle screen's sticky action bar, in the thumb's zone: the message line, the loading bar, the
// subs' submerge buttons and Roll / Press on / Retreat / Share / New battle / Undo, each shown when the
// battle's phase (battle-state.js phaseOf) says so and named for what it will do.
//
// Not for: deciding what a button does (battle.js wires them).

import {el} from "../kit/dom.js";
import {showMessage} from "../kit/feedback.js";
import {listUnits} from "../kit/rulesets.js";

const MODE_WORDS = {commit: ["Make the commitment", "Committing…"], beacon: ["Declare on the beacon", "Declaring…"],
  referee: ["Roll round 1", "Rolling…"], seed: ["Roll round 1", "Rolling…"]};
// A system that rolls no die (its `deterministic` capability: A&A Chess orthodox, COF) fights its rounds.
const DICELESS_WORDS = ["Fight round 1", "Fighting…"];

export function createBattleActions({onSubmerge}) {
  const message = el("div", {class: "message", id: "battle-message", role: "alert", hidden: true});
  const button = (id, look, text) => el("button", {type: "button", class: look, id}, text);
  const roll = button("roll", "primary", "Roll round 1");
  const press = button("press", "primary", "Press on");
  const retreat = button("retreat", "secondary", "Retreat");
  const share = button("share", "primary", "Share this battle");
  const fresh = button("new-battle", "secondary", "New battle");
  // Undo: the battle's request without its last decision (decisions.js), named for that decision.
  const undo = button("battle-undo", "secondary undo", "Undo");
  const submerge = ["defender", "attacker"].map((side) => {
    const it = el("button", {type: "button", class: "small", id: `submerge-${side}`, dataset: {side}},
      `${side === "attacker" ? "Attacker" : "Defender"} subs submerge`);
    it.addEventListener("click", () => onSubmerge(side));
    return it;
  });
  const submergeRow = el("div", {class: "submerge-row", id: "submerge-row"}, submerge);
  const progress = el("progress", {class: "load-progress", max: 100, value: 0, "aria-label": "Loading the rules"});
  const row = el("div", {class: "buttons"}, roll, press, retreat, share, fresh, undo);
  const node = el("div", {class: "actions"}, message, progress, submergeRow, row);

  /**
   * phase: phaseOf's answer; page: {engine: "loading"|"ready"|"failed", busy, percent, replaying, mode, names, diceless}
   * (mode: the dice source chosen on the form; names: the units' names; diceless: the system chosen rolls no die).
   */
  function render(phase, page) {
    roll.hidden = !phase.roll;
    press.hidden = !phase.press;
    retreat.hidden = !phase.retreat;
    // Retreat says who leaves when not everyone may (the aircraft of an amphibious assault).
    retreat.textContent = phase.leaving ? `Retreat ${listUnits(phase.leaving, page.names, "")}` : "Retreat";
    share.hidden = !phase.share;
    // While fair dice wait for a draw the panel above holds the player's step (reply, reveal): one primary button.
    share.className = phase.drawing && !phase.over ? "secondary" : "primary";
    fresh.hidden = !phase.fresh;
    undo.hidden = !phase.undo;
    if (phase.undo) {
      undo.replaceChildren(el("span", {"aria-hidden": "true"}, "↶ "), "Undo ",
        el("span", {class: "sub"}, phase.undo.text.replace(/^Undo: /, "")));
      undo.title = phase.undo.title;
      undo.dataset.label = phase.undo.text;
    }
    // While the battle waits for the players (a pause), only Undo stays on the bar.
    row.hidden = phase.waiting && !phase.drawing && !phase.undo;
    for (const it of submerge) it.hidden = !phase.submerge.includes(it.dataset.side);
    submergeRow.hidden = !phase.submerge.length;
    loading(page);
    if (page.engine === "failed") roll.textContent = "Battle engine unavailable";
    else if (page.engine === "ready") {
      roll.textContent = (page.diceless && page.mode === "seed" ? DICELESS_WORDS : MODE_WORDS[page.mode])[page.busy ? 1 : 0];
    }
    if (page.busy) press.textContent = "Rolling…";
    else press.replaceChildren(phase.referee ? "Roll" : "Press on", el("span", {class: "sub"}, ` (round ${phase.rounds + 1})`));
    roll.disabled = page.engine !== "ready" || page.busy;
    press.disabled = retreat.disabled = page.busy;
    undo.disabled = page.busy; // kept in place while pycore answers: the bar does not jump
  }

  /** While the rules load: the bar, and the Roll button says how far (only these, once per percent). */
  function loading({engine, percent, replaying}) {
    progress.hidden = engine !== "loading";
    progress.value = percent;
    if (engine === "loading") roll.textContent = replaying ? `Replaying… ${percent}%` : `Loading the rules… ${percent}%`;
  }

  return {
    node, render, loading, buttons: {roll, press, retreat, share, fresh, undo},
    say: (text, look = "error", detail = "") => showMessage(message, text, look, detail),
  };
}
