// The battle log: one card per round (both sides' fire, dice as die faces,
// hits, casualties, forces left) and the outcome in plain words.
// Everything from pycore is rendered as text nodes.

import {el} from "../kit/dom.js";
import {listUnits} from "../kit/rulesets.js";
import {chessFireLines} from "./chess.js";

const SIDES = [["attacker", "Attacker"], ["defender", "Defender"]];

// Which of the 3×3 cells carry a pip, for each face of a d6.
const PIPS = {1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8]};

export function dieFace(die) {
  const verdict = die.hit ? "hit" : "miss";
  const best = Array.isArray(die.best_of) ? ` (best of ${die.best_of.join(" and ")})` : "";
  const label = `rolled ${die.value}${best}, needed ≤ ${die.at}: ${verdict}`;
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

// Who fires, in the players' words: a firing group of pycore (docs/rules.md §4: groups pooled by targets).
const GROUP_TITLE = {
  main: (title) => `${title} fires`,
  aa: (title) => `${title} — AA guns fire`,
  bombard: (title) => `${title} — ships bombard`,
  subs: (title) => `${title} — submarines strike`,
  subs_main: (title) => `${title} — submarines fire (cannot hit aircraft)`,
  air: (title) => `${title} — aircraft fire (cannot hit subs)`,
};
const TITLE = Object.fromEntries(SIDES);

function fireBlock(fire, names, system, step) {
  const side = fire.side;
  // The printed sub rule (docs/rules.md §2 "The sub step"): subs facing a destroyer fire with the others.
  const group = fire.group === "subs" && step === "main" ? "subs_main" : fire.group;
  const title = (GROUP_TITLE[group] || ((t) => `${t} — ${fire.group}`))(TITLE[side] || side);
  const block = el("div", {class: `fire ${side}`, dataset: {side, group: fire.group}},
    el("h4", {}, title),
    el("p", {class: "firing-units"}, listUnits(fire.units, names, "")));
  const hits = fire.hits === 1 ? "1 hit" : `${fire.hits} hits`;
  // Table dice given as a count of hits (docs/api.md "Referee dice"): no face to show, the count instead.
  const counted = fire.counted && el("p", {class: "counted", dataset: {hits: fire.counted.hits}},
    `${fire.counted.dice === 1 ? "1 die" : `${fire.counted.dice} dice`} rolled at the table, hits counted`);
  if (system === "chess") {
    block.append(...chessFireLines(fire), ...(counted ? [counted] : []));
    for (const die of fire.dice) {
      const on = die.sides && die.sides !== 6 ? ` on a d${die.sides}` : "";
      block.append(el("div", {class: "remainder-roll"}, dieFace(die),
        el("span", {class: "remainder"}, `remainder ${fire.remainder} rolled${on}: ${die.value}, needed ≤ ${die.at}: ${die.hit ? "hit" : "miss"}`)));
    }
  } else if (system === "lowluck") {
    const sure = fire.sure_hits === 1 ? "1 sure hit" : `${fire.sure_hits} sure hits`;
    block.append(el("p", {class: "power"}, `Power ${fire.power}: ${sure}, remainder ${fire.remainder}`));
    if (fire.dice.length) {
      const die = fire.dice[0];
      block.append(el("div", {class: "remainder-roll"}, dieFace(die),
        el("span", {class: "remainder"}, `rolled ${die.value}, needed ≤ ${die.at}: ${die.hit ? "hit" : "miss"}`)));
    } else if (counted) {
      block.append(counted);
    } else {
      block.append(el("p", {class: "remainder"}, fire.power ? "No remainder: no die rolled" : "No power: nothing to roll"));
    }
  } else {
    // Biased dice roll d10s (docs/rules.md §3.1): the count names the die when it is not a d6. Table dice
    // given as a count of hits have no faces: the count of dice thrown.
    const thrown = fire.counted ? fire.counted.dice : fire.dice.length;
    const sides = (fire.counted ? fire.counted.sides : fire.dice[0]?.sides) || 6;
    const count = sides !== 6 ? `${thrown} d${sides}${thrown === 1 ? "" : "s"}` : thrown === 1 ? "1 die" : `${thrown} dice`;
    block.append(el("p", {class: "power"}, `Power ${fire.power}: ${count}`));
    if (counted) block.append(counted);
    // One line per value needed, in the order the dice were rolled — the order the table's pad asks for
    // them ("5 dice, hit on 3 or less", then "6 dice, hit on a 1"), so entered faces read back as entered.
    const groups = new Map();
    for (const die of fire.dice) {
      if (!groups.has(die.at)) groups.set(die.at, []);
      groups.get(die.at).push(die);
    }
    for (const at of groups.keys()) {
      block.append(el("div", {class: "dice-group"},
        el("span", {class: "needed"}, `≤ ${at}`),
        el("span", {class: "dice"}, groups.get(at).map(dieFace))));
    }
  }
  block.append(el("p", {class: "hits"}, el("strong", {}, hits)));
  return block;
}

function casualtyLine(entry, names) {
  const lost = listUnits(entry.lost, names, "");
  const damaged = listUnits(entry.damaged, names, "");
  if (!lost && !damaged) return null;
  const who = TITLE[entry.side] || entry.side;
  const parts = [];
  if (lost) parts.push(`loses ${lost}`);
  if (damaged) parts.push(`${lost ? "and has " : "has "}${damaged} damaged`);
  const when = entry.removed === "at once" ? "removed at once (no return fire)" : "removed at the end of the round";
  return el("p", {class: `casualty ${entry.side}${entry.chosen ? " chosen" : ""}`, dataset: {side: entry.side}},
    `→ ${who} ${parts.join(" ")}`,
    entry.chosen ? el("span", {class: "chosen-tag"}, " (chosen)") : "",
    lost ? el("span", {class: "when"}, ` — ${when}`) : "");
}

// "Defender: 2 transports lost — …" (never "2 transports transports lost": the unit's name already holds the word).
function moved(what, byRole, names, cls = what.replace(/\s/g, "-")) {
  const lines = [];
  for (const [side, title] of SIDES) {
    const units = listUnits(byRole?.[side], names, "");
    if (units) lines.push(el("p", {class: `moved ${cls}`}, `${title}: ${units} ${what}.`));
  }
  return lines;
}

/** One round's card. `last` and `outcome` decide whether to print the attacker's choice. */
export function renderRound(round, {names, system, last, outcome}) {
  const card = el("article", {class: `round${round.complete === false ? " paused" : ""}`, dataset: {round: round.round}},
    el("h3", {}, `Round ${round.round}`, round.complete === false ? el("span", {class: "sub"}, " — waiting") : ""));
  const steps = round.steps || [];
  for (const step of steps) {
    const box = el("div", {class: `step step-${step.step}`, dataset: {step: step.step}});
    for (const fire of step.fire || []) box.append(fireBlock(fire, names, system, step.step));
    for (const entry of step.casualties || []) {
      const line = casualtyLine(entry, names);
      if (line) box.append(line);
    }
    card.append(box);
  }
  if (round.complete === false) return card;
  card.append(...moved("submerged", round.submerged, names));
  card.append(...moved("lost — left alone, transports cannot defend themselves", round.transports_lost, names, "transports-lost"));
  card.append(...roundEnd(round, names, last, outcome));
  return card;
}

/** What a round left the attacker, counting the units that then retreat (the retreat's own line says who leaves). Pure. */
export function attackerLeft(round) {
  const left = {...(round.after?.attacker || {})};
  for (const [unit, n] of Object.entries(round.retreated || {})) left[unit] = (left[unit] || 0) + n;
  return left;
}

/** A round's last lines, for every system's log (colored.js too): what each side has left, and the attacker's choice. */
export function roundEnd(round, names, last, outcome) {
  const damaged = (side) => {
    const text = listUnits(round.damaged?.[side], names, "");
    return text ? el("span", {class: "damaged"}, ` (damaged: ${text})`) : "";
  };
  const nodes = [el("dl", {class: "after"},
    el("dt", {}, "Attacker left"), el("dd", {class: "left-attacker"}, listUnits(attackerLeft(round), names, "none"), damaged("attacker")),
    el("dt", {}, "Defender left"), el("dd", {class: "left-defender"}, listUnits(round.after.defender, names, "none"), damaged("defender")))];
  if (round.retreated) {
    const away = listUnits(round.retreated, names, "nothing");
    const one = Object.values(round.retreated).reduce((a, b) => a + b, 0) === 1;
    nodes.push(el("p", {class: "choice"}, `Attacker retreated: ${away} ${one ? "leaves" : "leave"} the battle.`));
  }
  else if (!last) nodes.push(el("p", {class: "choice"}, "Attacker pressed on."));
  else if (outcome === "retreat") nodes.push(el("p", {class: "choice"}, "Attacker retreated."));
  return nodes;
}

/**
 * How a side's units left the fight, as its rounds say (pycore's post says the same, report_words._gone): a land
 * battle's attacker only ever retreats, a submarine submerges; "submerged or retreated" only where a side did both.
 */
export function goneWords(result, side) {
  const rounds = result.rounds || [];
  const submerged = rounds.some((r) => r.submerged?.[side]);
  const retreated = side === "attacker" && rounds.some((r) => r.retreated && Object.keys(r.retreated).length);
  return [submerged && "submerged", retreated && "retreated"].filter(Boolean).join(" or ") || "away";
}

/** Extra facts of the end (units away, repaired, captured, cargo lost), one line each. */
export function aftermath(result, names) {
  const lines = [];
  const each = (byRole, words) => {
    for (const [side, title] of SIDES) {
      const units = listUnits(byRole?.[side], names, "");
      if (units) lines.push(`${title}: ${units} ${typeof words === "function" ? words(side) : words}.`);
    }
  };
  each(result.away, (side) => goneWords(result, side));
  each(result.repaired, "repaired after the battle");
  each(result.cargo_lost, "of cargo went down with the ships");
  const captured = listUnits(result.captured, names, "");
  if (captured) lines.push(`Captured with the territory: ${captured}.`);
  // docs/rules.md §2 "AA guns alone": no round was fought, so no other line tells the defender's loss.
  const destroyed = listUnits(result.destroyed, names, "");
  if (destroyed) {
    const one = Object.values(result.destroyed).reduce((a, b) => a + b, 0) === 1;
    lines.push(`Defender: ${destroyed} with no combat unit beside ${one ? "it" : "them"}, ` +
               "destroyed as the attack began: no battle was fought.");
  }
  return lines;
}

/** The end of a battle in plain words, or null while it goes on. */
export function outcomeText(result, names) {
  const sea = result.kind === "sea";
  const attacker = listUnits(result.survivors.attacker, names, "nothing");
  const defender = listUnits(result.survivors.defender, names, "nothing");
  switch (result.outcome) {
    case "attacker_wins":
      if (sea) return `Attacker wins the sea zone with ${attacker}.`;
      return result.takes_territory
        ? `Attacker wins and takes the territory with ${attacker}.`
        : `Attacker wins, but only aircraft are left (${attacker}): the territory is not taken.`;
    case "defender_wins":
      return sea ? `Defender wins and keeps the sea zone with ${defender}.` : `Defender wins and holds the territory with ${defender}.`;
    case "draw":
      return sea ? "Both sides are wiped out." : "Both sides are wiped out: nobody takes the territory.";
    case "stalemate":
      return `Stalemate: neither side can hit the other. Attacker: ${attacker}; defender: ${defender}.`;
    case "retreat":
      return `Attacker retreats with ${attacker}; defender holds with ${defender}.`;
    default:
      return null;
  }
}
