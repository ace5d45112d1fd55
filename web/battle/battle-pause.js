// The victim's pause in a battle played round by round: it chooses its casualties
// (result.waiting.kind "casualties"). The panel only gathers an answer; decisions.js
// appends it to the request and pycore is asked again, so the battle stays one request
// (and one share link). The table's dice have their own panel (table-dice.js).

import {el} from "../kit/dom.js";
import {stepper} from "../kit/widgets.js";

const TITLE = {attacker: "Attacker", defender: "Defender"};

// Where the hits come from, and what they may not take, in one line.
const FROM = {
  aa: "from AA guns — they hit aircraft only",
  bombard: "from bombarding ships",
  subs: "from submarines — subs cannot hit aircraft",
  main: "from the main attack",
  air: "from aircraft — they cannot hit submarines",
};

/**
 * The hit points a casualty choice takes, as pycore counts them (pycore/engine/army.py hits_to_apply): each
 * damaged unit one, each lost unit its hit points, its already damaged ones first (one each). Pure.
 */
export function hitPointsTaken(choice, units, alreadyDamaged = {}) {
  let used = Object.values(choice.damaged || {}).reduce((a, n) => a + n, 0);
  for (const [id, n] of Object.entries(choice.lost || {})) {
    const already = Math.min(n, alreadyDamaged[id] || 0);
    used += already + (n - already) * (units[id]?.hit_points || 1);
  }
  return used;
}

/** The tally under the rows, as the player taps: what the hits take, what the choice takes, what is left to do. Pure. */
export function tallyWords(need, chosen) {
  const points = (n) => `${n} hit${n === 1 ? "" : "s"}`;
  const head = `To take: ${points(need)} · chosen: ${points(chosen)}`;
  if (chosen === need) return `${head} — ready to confirm`;
  return chosen < need ? `${head} — choose ${points(need - chosen)} more` : `${head} — ${points(chosen - need)} too many`;
}

/** The units a panel lists, in the side's order of loss (`order`: the player's, then the ruleset's), the rest after. */
export function inOrderOfLoss(ids, order = []) {
  const rank = (id) => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...ids].sort((a, b) => rank(a) - rank(b));
}

function hitsText(hits) {
  return Object.entries(hits).map(([group, n]) =>
    `${n === 1 ? "1 hit" : `${n} hits`} ${FROM[group] || `from ${group}`}`).join("; ");
}

/**
 * The victim's choice: a stepper per unit it may lose (and a "damaged" stepper for
 * two-hit units still whole), preset to pycore's proposal — or to `start`, the choice
 * an undo just took back ({lost, damaged}), so the player changes only what was wrong.
 * units: {id: {name, hit_points}}; onConfirm(choice) gets {round, step, side, lost, damaged}; order: the side's
 * order of loss, the rows' order. A tally counts the hit points as the player taps, and Confirm waits until the
 * choice takes as many as pycore's proposal (the total pycore holds a choice to); which units may take which hits
 * stays pycore's to say.
 */
export function casualtyPanel(waiting, units, onConfirm, start = null, order = []) {
  const side = waiting.side;
  const preset = start || waiting.proposal || {};
  const found = [];
  for (const group of Object.keys(waiting.targets || {})) {
    for (const id of waiting.targets[group]) if (!found.includes(id) && (waiting.units[id] || 0) > 0) found.push(id);
  }
  const ids = inOrderOfLoss(found, order);
  const need = hitPointsTaken(waiting.proposal || {}, units, waiting.damaged);
  const tally = el("p", {class: "hint casualty-tally", id: "casualty-tally", role: "status"});
  let busy = false;
  const error = el("p", {class: "pause-error", id: "casualty-error", role: "alert", hidden: true});
  const rows = el("div", {class: "casualty-rows"});
  const lost = {};
  const damaged = {};
  for (const id of ids) {
    const unit = units[id] || {name: id, hit_points: 1};
    const count = waiting.units[id] || 0;
    const alreadyDamaged = waiting.damaged?.[id] || 0;
    lost[id] = stepper(`choose-${side}-lost-${id}`, `${TITLE[side]} loses ${unit.name.toLowerCase()}`,
      {min: 0, max: count, value: Math.min(count, preset.lost?.[id] || 0), onChange: () => counted()});
    const row = el("div", {class: "casualty-row", dataset: {unit: id}},
      el("div", {class: "unit-name"}, unit.name,
        el("span", {class: "stat"}, `${count} in the fight${alreadyDamaged ? `, ${alreadyDamaged} damaged` : ""}`)),
      el("div", {class: "casualty-steppers"},
        el("label", {class: "mini", for: `choose-${side}-lost-${id}`}, "lost"), lost[id].node));
    if (unit.hit_points > 1 && count > alreadyDamaged) {
      damaged[id] = stepper(`choose-${side}-damaged-${id}`, `${TITLE[side]}: ${unit.name.toLowerCase()} damaged`,
        {min: 0, max: count - alreadyDamaged, value: Math.min(count - alreadyDamaged, preset.damaged?.[id] || 0),
          onChange: () => counted()});
      row.lastChild.append(el("label", {class: "mini", for: `choose-${side}-damaged-${id}`}, "damaged"), damaged[id].node);
    }
    rows.append(row);
  }
  const confirm = el("button", {type: "button", class: "primary wide", id: "confirm-casualties"}, "Confirm casualties");
  const node = el("section", {class: `pause-panel casualties ${side}`, id: "casualty-panel", "aria-labelledby": "casualty-title"},
    el("h3", {id: "casualty-title"}, `${TITLE[side]} chooses casualties`),
    el("p", {class: "pause-what"}, hitsText(waiting.hits || {})),
    el("p", {class: "hint"}, start ? "Your choice before the undo is set below. Change it, then confirm."
      : "Luckdial's suggestion is set below (cheapest first). Change it, then confirm."),
    rows, tally, error, confirm);
  const choice = () => {
    const pick = (steppers) => Object.fromEntries(Object.entries(steppers)
      .map(([id, s]) => [id, s.value]).filter(([, n]) => n > 0));
    return {round: waiting.round, step: waiting.step, side, lost: pick(lost), damaged: pick(damaged)};
  };
  // Every tap: the tally anew, pycore's last refusal gone (it was about another choice), Confirm only on the total.
  function counted() {
    const chosen = hitPointsTaken(choice(), units, waiting.damaged);
    tally.textContent = tallyWords(need, chosen);
    error.textContent = "";
    error.hidden = true;
    confirm.disabled = busy || chosen !== need;
  }
  counted();
  confirm.addEventListener("click", () => onConfirm(choice()));
  return {
    node,
    // The focus goes to Confirm (Enter takes the suggestion), never into a count: a phone's keyboard stays shut.
    focusTarget: confirm,
    /** pycore refused the choice: say why next to the entries (which stay as they are). */
    refuse(message) {
      error.textContent = message;
      error.hidden = !message;
    },
    set busy(flag) {
      busy = flag;
      confirm.disabled = flag || hitPointsTaken(choice(), units, waiting.damaged) !== need;
    },
  };
}
