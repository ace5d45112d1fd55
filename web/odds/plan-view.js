// What the Odds screen shows for a plan of attack (docs/api.md, calc "Plan of attack"): the chance to
// take the territory and to hold it, the profit on average and its law — the territory's value in it —
// as a histogram, what the retreat rules are worth beside fighting to the end, each wave and the
// counter-attack in a compact row, and the cheapest army with a button that puts it on the form.
// Pure rendering of a result into nodes, as calc-view.js is for one battle (whose bars it reuses).

import {el} from "../kit/dom.js";
import {listUnits} from "../kit/rulesets.js";
import {methodText, percent, swingHistogram, swingSides, winBar} from "./calc-view.js";
import {DEFENDER_GOAL_WORDS, GOAL_WORDS, profitOf, waveRows} from "./plan-state.js";

/** IPCs with their sign, to one decimal ("+2.8", "−0.3", "0.0"). */
export function ipcs(x) {
  const shown = Math.abs(x) < 0.05 ? "0.0" : Math.abs(x).toFixed(1);
  return x >= 0.05 ? `+${shown}` : x <= -0.05 ? `−${shown}` : shown;
}

/** The plan's headline numbers, each a tile a thumb's width: taken, held, profit on average. */
function tiles(result, sea) {
  const {mean} = profitOf(result);
  // At sea nothing is taken: a plan is won by the wave that sinks the fleet (docs/rules.md §9.1).
  const first = sea ? ["Attacker wins", result.outcome?.attacker_wins ?? 0, "calc-wins"] : ["Takes the territory", result.takes_territory ?? 0, "calc-takes"];
  const rows = [[first[0], percent(first[1]), first[2], "attacker", first[1]]];
  if (result.holds !== undefined) {
    const after = result.counters ? `the ${result.counters.length} counter-attacks` : "the counter-attack";
    rows.push([sea ? `Holds the zone after ${after}` : `Holds after ${after}`, percent(result.holds),
      "calc-holds", "attacker", result.holds]);
  }
  rows.push(["Profit on average", [ipcs(mean), el("small", {}, "IPCs")], "calc-profit",
    mean >= 0.05 ? "attacker" : mean <= -0.05 ? "defender" : "even", mean]);
  return el("dl", {class: "plan-tiles"}, ...rows.map(([words, value, id, look, p]) =>
    el("div", {class: look}, el("dt", {}, words), el("dd", {id, dataset: {p}}, value))));
}

/** The profit's law: who comes out ahead how often, then a bar per profit (calc-view.js swingHistogram). */
function profitFigure(result, request) {
  const {law, held} = profitOf(result);
  const {ahead, even, behind} = swingSides(law);
  const value = Number(request.territory_value) || 0;
  const counted = value ? ` The territory's ${value} IPCs count where it is ${held ? "taken and held" : "taken"}.` : "";
  return el("figure", {class: "hist-box swing-box", id: "calc-profit-law"},
    el("figcaption", {}, held ? "Profit of the whole exchange, plan by plan (IPCs)" : "Profit, plan by plan (IPCs)"),
    el("p", {class: "hint"}, `The defender's losses − the attacker's${held ? ", the counter-attack's included" : ""}.${counted}`),
    el("p", {class: "profit-sides", id: "calc-profit-sides"},
      el("span", {class: "attacker"}, "Ahead ", el("strong", {}, percent(ahead))), " · ",
      el("span", {}, "even ", el("strong", {}, percent(even))), " · ",
      el("span", {class: "defender"}, "behind ", el("strong", {}, percent(behind)))),
    swingHistogram(law));
}

/** What the retreat rules are worth: the plan's profit with them beside every wave fighting to the end. */
function retreatValue(worth) {
  const better = worth.with_rules - worth.to_the_end;
  return el("div", {class: "plan-worth", id: "calc-retreat-value"},
    el("h3", {}, "Retreat rules"),
    el("dl", {class: "calc-facts"},
      el("dt", {}, "With your rules"), el("dd", {id: "calc-worth-rules", dataset: {p: worth.with_rules}}, `${ipcs(worth.with_rules)} IPCs`),
      el("dt", {}, "Fighting to the end"), el("dd", {id: "calc-worth-end", dataset: {p: worth.to_the_end}}, `${ipcs(worth.to_the_end)} IPCs`)),
    el("p", {class: "hint"}, Math.abs(better) < 0.05 ? "The rules change the profit by less than 0.1 IPC on average."
      : `The rules ${better > 0 ? "gain" : "cost"} ${Math.abs(better).toFixed(1)} IPCs on average.`));
}

// The legends' words, whole (a compact bar would say "Att." and "Def."): the plan's attacker and defender in
// a wave; in the counter-attack, whose attacker is the plan's defender, who is who by name.
const WAVE_WORDS = {attacker_wins: "Attacker wins", defender_wins: "Defender wins", retreat: "Attacker retreats"};
const COUNTER_WORDS = {attacker_wins: "Holders win", defender_wins: "Counter-attacker wins"};

/** One wave's row: its own battle (not fought where the territory was already taken), then where the plan stands. */
function waveRow(row, army, sea) {
  const fought = row.fights < 1 - 1e-9 ? ` · fought ${percent(row.fights)} of the time` : "";
  return el("li", {class: "plan-row", id: `calc-wave-result-${row.wave}`, dataset: {wave: row.wave}},
    el("h4", {}, `Wave ${row.wave}`, el("span", {class: "sub"}, ` · ${army}${fought}`)),
    winBar(row.outcome, {compact: true, labels: WAVE_WORDS}),
    el("p", {class: "plan-after"}, sea ? "Defender still there "
      : ["Taken by now ", el("strong", {class: "takes", dataset: {p: row.takes}}, percent(row.takes)), " · defender still there "],
      el("strong", {class: "left", dataset: {p: row.defenderLeft}}, percent(row.defenderLeft)),
      el("span", {class: "lost"}, ` · IPCs lost by now: attacker ${row.lost.attacker.toFixed(1)}, defender ${row.lost.defender.toFixed(1)}`)));
}

/**
 * The counter-attack's row: fought where the territory was taken; how often it takes it back. Its bar
 * keeps the plan's sides and colours: the counter-attacker is the defender, the holders the attacker;
 * its words name them ("Holders win", "Counter-attacker wins"), as the chance of holding after it does.
 * Every chance is of the whole plan, as the waves' are: won + draw + lost = fought, taken back + held = fought.
 */
function counterRow(counter, army, holds, sea, index = 0, several = false) {
  const {attacker_wins: retaken, defender_wins: kept, ...rest} = counter.outcome;
  const outcome = {attacker_wins: kept ?? 0, defender_wins: retaken ?? 0, ...rest};
  if (1 - counter.fights > 1e-9) outcome.not_fought = 1 - counter.fights;
  const held = holds ?? Math.max(0, counter.fights - counter.retakes);
  const own = index ? `-${index + 1}` : ""; // the first keeps the ids it has alone
  return el("li", {class: "plan-row counter", id: `calc-counter-result${own}`},
    el("h4", {}, several ? `Counter-attack ${index + 1}` : "Counter-attack", el("span", {class: "sub"}, ` · ${army ? `${army} · ` : ""}fought ${percent(counter.fights)} of the time`)),
    el("p", {class: "hint plan-who"}, sea ? "Holders: your ships that cleared the zone, and the fighters their carriers carry."
      : "Holders: your land units that took the territory and stay in it."),
    winBar(outcome, {compact: true, labels: COUNTER_WORDS}),
    el("p", {class: "plan-after"}, sea ? "Zone lost " : "Taken back ", el("strong", {id: `calc-retakes${own}`, dataset: {p: counter.retakes}}, percent(counter.retakes)),
      " · held ", el("strong", {class: "held", dataset: {p: held}}, percent(held)),
      el("span", {class: "lost"}, ` · IPCs lost on average: counter-attacker ${counter.cost_lost.attacker.toFixed(1)}, holders ${counter.cost_lost.defender.toFixed(1)}`)));
}

/** The cheapest army and the army of the best profit, each with the button that puts it on the form as wave 1. */
function cheapestAnswer(rec, names, onUse) {
  const defends = rec.side === "defender";
  const goal = (defends ? DEFENDER_GOAL_WORDS : GOAL_WORDS)[rec.goal] || rec.goal;
  const fewest = rec.by === "units";
  const use = (units, key) => {
    const button = el("button", {type: "button", class: "small", id: `calc-use-${key}`}, "Use this army");
    button.addEventListener("click", () => onUse(units));
    return button;
  };
  const army = (entry, key, title, line) => el("div", {class: "plan-army", id: `calc-army-${key}`, dataset: {units: JSON.stringify(entry.units), chance: entry.chance, cost: entry.cost}},
    el("p", {}, el("strong", {}, title), " ", listUnits(entry.units, names), ` · ${entry.cost} IPCs`),
    el("p", {class: "hint"}, line),
    // The defender's army is added where he stands, not sent as wave 1: no button puts it on the form.
    defends ? null : use(entry.units, key));
  const target = rec.target === null || rec.target === undefined ? "" : ` (at least ${percent(rec.target)} asked)`;
  // The swing is the attacker's (docs/api.md): for the defender, his profit is its opposite.
  const profit = (entry) => (defends ? `the attacker's profit ${ipcs(entry.cost_swing)} IPCs on average`
    : `profit ${ipcs(entry.cost_swing)} IPCs on average`);
  const title = `${fewest ? "Fewest units" : "Cheapest army"}${defends ? " to add to the defence" : ""}`;
  const parts = [el("h3", {}, title)];
  parts.push(rec.cheapest
    ? army(rec.cheapest, "cheapest", fewest ? "Fewest:" : "Cheapest:", `${percent(rec.cheapest.chance)} ${goal}${target}; ${profit(rec.cheapest)}.`)
    : el("p", {id: "calc-cheapest-none"}, `No army of the units you have reaches ${percent(rec.target)} ${goal}.`));
  (rec.top || []).slice(1).forEach((entry, i) => parts.push(
    army(entry, `top-${i + 2}`, `Next (${i + 2}):`, `${percent(entry.chance)} ${goal}; ${profit(entry)}.`)));
  if (rec.best_profit) {
    parts.push(army(rec.best_profit, "best", defends ? "Best for the defender:" : "Best profit:",
      `${defends ? profit(rec.best_profit) : `${ipcs(rec.best_profit.cost_swing)} IPCs on average`}; ${percent(rec.best_profit.chance)} ${goal}.`));
  }
  parts.push(el("p", {class: "hint"}, `${rec.armies} armies worked out exactly.`));
  return el("section", {class: "plan-cheapest", id: "calc-cheapest-answer"}, ...parts);
}

/** The whole answer to a plan; onUse(units): put an army on the form as wave 1. */
export function planCard(result, request, ruleset, {onUse = (_units) => {}} = {}) {
  const names = new Map((ruleset?.units || []).map((u) => [u.id, u.name]));
  const sea = request.kind === "sea";
  const armies = [request.attacker, ...(request.waves || []).map((wave) => wave.attacker)].map((side) => listUnits(side?.units, names));
  const rows = waveRows(result).map((row, i) => waveRow(row, armies[i] || "", sea));
  // Several counter-attacks in turn (docs/api.md `counters`): a row each, its hold after it; one is `counter`.
  const counters = result.counters || (result.counter ? [{...result.counter, holds: result.holds}] : []);
  const given = request.counters || (request.counter ? [request.counter] : []);
  counters.forEach((counter, k) => rows.push(counterRow(counter, listUnits(given[k]?.attacker?.units, names), counter.holds, sea, k,
    counters.length > 1)));
  return el("div", {class: "calc-card plan-card-result", id: "calc-card", dataset: {plan: "true"}},
    result.recommend ? cheapestAnswer(result.recommend, names, onUse) : null,
    tiles(result, sea),
    profitFigure(result, request),
    result.retreat_value ? retreatValue(result.retreat_value) : null,
    el("h3", {class: "plan-rows-title"}, "Wave by wave"),
    el("ol", {class: "plan-rows", id: "calc-plan-rows"}, ...rows),
    el("p", {class: "method hint", id: "calc-method"}, methodText(result)));
}
