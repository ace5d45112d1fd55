// The battle log: one card per round (both sides' fire, dice as die faces,
// hits, casualties, forces left) and the outcome in plain words.
// Everything from pycore is rendered as text nodes.

import {el} from "./dom.js";
import {countName} from "./rulesets.js";

const SIDES = [["attacker", "Attacker"], ["defender", "Defender"]];
const ENEMY = {attacker: "defender", defender: "attacker"};

// Which of the 3×3 cells carry a pip, for each face of a d6.
const PIPS = {1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8]};

/** "3 tanks, 1 fighter" in the ruleset's unit order; `none` when empty. */
export function listUnits(counts, names, none = "nothing") {
  const parts = [];
  const order = [...names.keys(), ...Object.keys(counts || {}).filter((id) => !names.has(id))];
  for (const id of order) {
    const count = counts?.[id];
    if (count > 0) parts.push(countName(count, names.get(id) || id));
  }
  return parts.length ? parts.join(", ") : none;
}

export function dieFace(die) {
  const verdict = die.hit ? "hit" : "miss";
  const label = `rolled ${die.value}, needed ≤ ${die.at}: ${verdict}`;
  const face = el("span", {class: `die ${verdict}`, role: "img", "aria-label": label, title: label,
    dataset: {value: die.value, at: die.at}});
  if (PIPS[die.value]) {
    for (let cell = 0; cell < 9; cell++) face.append(el("span", {class: PIPS[die.value].includes(cell) ? "pip" : "cell"}));
  } else {
    face.classList.add("numeric");
    face.textContent = String(die.value);
  }
  return face;
}

function fireBlock(side, title, round, names, system) {
  const fire = round[side];
  const block = el("div", {class: `fire ${side}`, dataset: {side}},
    el("h4", {}, `${title} fires`));
  const hits = fire.hits === 1 ? "1 hit" : `${fire.hits} hits`;
  if (system === "lowluck") {
    const sure = fire.sure_hits === 1 ? "1 sure hit" : `${fire.sure_hits} sure hits`;
    block.append(el("p", {class: "power"}, `Power ${fire.power}: ${sure}, remainder ${fire.remainder}`));
    if (fire.dice.length) {
      const die = fire.dice[0];
      block.append(el("div", {class: "remainder-roll"}, dieFace(die),
        el("span", {class: "remainder"}, `rolled ${die.value}, needed ≤ ${die.at}: ${die.hit ? "hit" : "miss"}`)));
    } else {
      block.append(el("p", {class: "remainder"}, fire.power ? "No remainder: no die rolled" : "No power: nothing to roll"));
    }
  } else {
    const count = fire.dice.length === 1 ? "1 die" : `${fire.dice.length} dice`;
    block.append(el("p", {class: "power"}, `Power ${fire.power}: ${count}`));
    // One line per value needed (all "≤ 1" dice together, then "≤ 2", …).
    const groups = new Map();
    for (const die of fire.dice) {
      if (!groups.has(die.at)) groups.set(die.at, []);
      groups.get(die.at).push(die);
    }
    for (const at of [...groups.keys()].sort((a, b) => a - b)) {
      block.append(el("div", {class: "dice-group"},
        el("span", {class: "needed"}, `≤ ${at}`),
        el("span", {class: "dice"}, groups.get(at).map(dieFace))));
    }
  }
  const enemy = ENEMY[side];
  const lost = listUnits(round[enemy].casualties, names, "");
  block.append(el("p", {class: "hits"}, el("strong", {}, hits),
    lost ? ` → ${enemy} loses ${lost}` : ""));
  return block;
}

/** One round's card. `last` and `outcome` decide whether to print the attacker's choice. */
export function renderRound(round, {names, system, last, outcome}) {
  const card = el("article", {class: "round", dataset: {round: round.round}},
    el("h3", {}, `Round ${round.round}`));
  for (const [side, title] of SIDES) card.append(fireBlock(side, title, round, names, system));
  card.append(el("dl", {class: "after"},
    el("dt", {}, "Attacker left"), el("dd", {class: "left-attacker"}, listUnits(round.after.attacker, names, "none")),
    el("dt", {}, "Defender left"), el("dd", {class: "left-defender"}, listUnits(round.after.defender, names, "none"))));
  if (!last) card.append(el("p", {class: "choice"}, "Attacker pressed on."));
  else if (outcome === "retreat") card.append(el("p", {class: "choice"}, "Attacker retreated."));
  return card;
}

/** The end of a battle in plain words, or null while it goes on. */
export function outcomeText(result, names) {
  const attacker = listUnits(result.survivors.attacker, names, "nothing");
  const defender = listUnits(result.survivors.defender, names, "nothing");
  switch (result.outcome) {
    case "attacker_wins":
      return result.takes_territory
        ? `Attacker wins and takes the territory with ${attacker}.`
        : `Attacker wins, but only aircraft are left (${attacker}): the territory is not taken.`;
    case "defender_wins":
      return `Defender wins and holds the territory with ${defender}.`;
    case "draw":
      return "Both sides are wiped out: nobody takes the territory.";
    case "retreat":
      return `Attacker retreats with ${attacker}; defender holds with ${defender}.`;
    default:
      return null;
  }
}
