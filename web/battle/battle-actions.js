// The Battle screen's sticky action bar, in the thumb's zone: the message line, the loading bar, the
// subs' submerge buttons and Roll / Press on / Retreat / Share / New battle, each shown when the
// battle's phase (battle-state.js phaseOf) says so and named for what it will do.
//
// Not for: deciding what a button does (battle.js wires them).

import {el} from "../kit/dom.js";
import {showMessage} from "../kit/feedback.js";

const MODE_WORDS = {commit: ["Make the commitment", "Committing…"], beacon: ["Declare on the beacon", "Declaring…"],
  referee: ["Roll round 1", "Rolling…"], seed: ["Roll round 1", "Rolling…"]};

export function createBattleActions({onSubmerge}) {
  const message = el("div", {class: "message", id: "battle-message", role: "alert", hidden: true});
  const button = (id, look, text) => el("button", {type: "button", class: look, id}, text);
  const roll = button("roll", "primary", "Roll round 1");
  const press = button("press", "primary", "Press on");
  const retreat = button("retreat", "secondary", "Retreat");
  const share = button("share", "primary", "Share this battle");
  const fresh = button("new-battle", "secondary", "New battle");
  const submerge = ["defender", "attacker"].map((side) => {
    const it = el("button", {type: "button", class: "small", id: `submerge-${side}`, dataset: {side}},
      `${side === "attacker" ? "Attacker" : "Defender"} subs submerge`);
    it.addEventListener("click", () => onSubmerge(side));
    return it;
  });
  const submergeRow = el("div", {class: "submerge-row", id: "submerge-row"}, submerge);
  const progress = el("progress", {class: "load-progress", max: 100, value: 0, "aria-label": "Loading the rules"});
  const row = el("div", {class: "buttons"}, roll, press, retreat, share, fresh);
  const node = el("div", {class: "actions"}, message, progress, submergeRow, row);

  /**
   * phase: phaseOf's answer; page: {engine: "loading"|"ready"|"failed", busy, percent, replaying, mode}
   * (mode: the dice source chosen on the form).
   */
  function render(phase, page) {
    roll.hidden = !phase.roll;
    press.hidden = !phase.press;
    retreat.hidden = !phase.retreat;
    share.hidden = !phase.share;
    fresh.hidden = !phase.fresh;
    row.hidden = phase.waiting;
    for (const it of submerge) it.hidden = !phase.submerge.includes(it.dataset.side);
    submergeRow.hidden = !phase.submerge.length;
    loading(page);
    if (page.engine === "failed") roll.textContent = "Battle engine unavailable";
    else if (page.engine === "ready") roll.textContent = MODE_WORDS[page.mode][page.busy ? 1 : 0];
    if (page.busy) press.textContent = "Rolling…";
    else press.replaceChildren(phase.referee ? "Roll" : "Press on", el("span", {class: "sub"}, ` (round ${phase.rounds + 1})`));
    roll.disabled = page.engine !== "ready" || page.busy;
    press.disabled = retreat.disabled = page.busy;
  }

  /** While the rules load: the bar, and the Roll button says how far (only these, once per percent). */
  function loading({engine, percent, replaying}) {
    progress.hidden = engine !== "loading";
    progress.value = percent;
    if (engine === "loading") roll.textContent = replaying ? `Replaying… ${percent}%` : `Loading the rules… ${percent}%`;
  }

  return {
    node, render, loading, buttons: {roll, press, retreat, share, fresh},
    say: (text, look = "error", detail = "") => showMessage(message, text, look, detail),
  };
}
