// What the Turn panel shows for a planned turn (docs/api.md `plan_turn`): one card per territory — what to
// send, the chance to take it in a percent, a bar and a word, the average swing in plain words — then the
// units that stay home and the total. Pure rendering of a result into nodes, as plan-view.js is for a plan of
// attack; every number is also in the card's data attributes (data-p, data-swing, data-units) for tests.
//
// Not for: the words themselves (turn-state.js, tested in Node), the controls (turn-form.js).

import {el} from "../kit/dom.js";
import {assignmentWords, homeWords, moneyWords, totalWords} from "./turn-state.js";

/** A chance as a bar a glance reads (its width set through the CSSOM: the page's CSP allows no style attribute). */
function chanceBar(p) {
  const fill = el("span", {class: "turn-bar-fill"});
  fill.style.width = `${Math.max(0, Math.min(1, p)) * 100}%`;
  return el("div", {class: "turn-bar", "aria-hidden": "true"}, fill);
}

/** One territory's card: "Karelia: send 2 infantry and 1 tank", its chance and its swing. */
function territoryCard(assignment, index, names, sea) {
  const said = assignmentWords(assignment, names, {sea});
  const look = said.sent ? "sent" : "idle";
  return el("li", {class: `turn-row ${look}`, id: `calc-turn-result-${index + 1}`,
    dataset: {p: said.p, swing: said.swing, units: JSON.stringify(assignment.units || {})}},
    el("h3", {class: "turn-headline"}, said.headline),
    said.sent || assignment.holds !== undefined ? chanceBar(said.p) : null,
    el("p", {class: "turn-chance"}, said.chance),
    el("p", {class: "turn-swing"}, said.swingLine),
    said.target ? el("p", {class: "hint"}, said.target) : null);
}

/**
 * The whole answer; names: unit id → name; sea: the battles are at sea (won, not taken); side: the pool's;
 * budget: the money the request gave to spend (undefined: none).
 */
export function turnAnswer(result, names, {sea = false, side = "attacker", budget = undefined} = {}) {
  const home = el("p", {class: "turn-home", id: "calc-turn-home", dataset: {units: JSON.stringify(result.home || {})}},
    homeWords(result.home, names, side, {budget}));
  const money = moneyWords(budget, result.spent);
  const spent = money ? el("p", {class: "turn-spent", id: "calc-turn-spent", dataset: {spent: result.spent ?? ""}}, money) : null;
  const how = `${result.armies} armies worked out exactly.`;
  if (!result.assignments) { // no split reaches every target chance
    return el("div", {class: "calc-card turn-card", id: "calc-turn-card"},
      el("p", {class: "turn-none", id: "calc-turn-none"}, result.words || "No split of these units reaches every target."),
      el("p", {class: "hint"}, "Lower a target chance, or add units to the attacker above."), home, spent, el("p", {class: "hint"}, how));
  }
  return el("div", {class: `calc-card turn-card ${side}`, id: "calc-turn-card"},
    el("ol", {class: "turn-list", id: "calc-turn-list"}, ...result.assignments.map((a, i) => territoryCard(a, i, names, sea))),
    home, spent,
    el("p", {class: "turn-total", id: "calc-turn-total", dataset: {swing: result.swing}}, totalWords(result.swing)),
    el("p", {class: "hint"}, (side === "defender" ? "Swing: what the enemy loses, minus what you lose, minus a territory's " +
      "value when it falls, in IPCs. " : "Swing: what the enemy loses, plus a territory's value when you take it, minus what " +
      "you lose, in IPCs. ") + how));
}
