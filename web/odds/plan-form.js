// The plan of attack on the Odds screen, under the battle form: "Add a wave" and "Counter-attack" (up to four
// in turn), each a compact card (plan-card.js: its forces, and for a wave the defender's reinforcements before
// it, its retreat rules and its own values); what the territory
// is worth, repairs between waves, and the cheapest army's search (the units available, a target chance,
// its goal). It joins the form's request through `extend` (apply, fill), as the More options do.
//
// Not for: the plan's data and edits (plan-state.js, pure), wave 1 (the form's attacker and the More
// options), drawing the answer (plan-view.js).

import {el} from "../kit/dom.js";
import {createForces} from "../kit/forces.js";
import {unitsFor} from "../kit/battle-options.js";
import {segmented, stepper} from "../kit/widgets.js";
import {toggle} from "../kit/battle-form.js";
import {createCard} from "./plan-card.js";
import {definedOf} from "./calc-state.js";
import {bound} from "../kit/bound.js";
import {DEFAULT_TARGET, MOST_COUNTERS, MOST_LATER_WAVES, addCounter, addWave, emptyPlan, goalOf, goalsFor,
  planFields, planOf, planPlace, removeCounter, removeWave} from "./plan-state.js";

/** The cheapest army's search: the units the player has, the chance to reach and what for. */
function createCheapest({onEdit, onFind}) {
  const have = createForces({side: "attacker", title: "Units you have", stat: "attack", legend: false, idBase: "calc-have"});
  const target = el("input", {id: "calc-cheapest-target", type: "text", inputmode: "decimal", autocomplete: "off",
    value: DEFAULT_TARGET, "aria-describedby": "calc-cheapest-target-hint"});
  const goal = segmented("calc-cheapest-goal", "Goal", goalsFor("land", false), () => onEdit());
  // For which side the search is (a link may also carry `by` and `top`: kept as they came, docs/api.md).
  let battle = {kind: "land", hasCounter: false};
  let kept = {};
  const setGoals = () => {
    const chosen = goal.value;
    goal.setOptions(goalsFor(battle.kind, battle.hasCounter, whose.value));
    goal.value = goalOf(chosen, battle.kind, battle.hasCounter, whose.value);
  };
  const whose = segmented("calc-cheapest-side", "Whose army", [["attacker", "Attack with"], ["defender", "Defend with"]],
    () => { setGoals(); onEdit(); }, {chosen: "attacker"});
  const find = el("button", {type: "button", class: "small", id: "calc-cheapest-go"}, "Find the cheapest army");
  const note = el("p", {class: "hint", id: "calc-cheapest-note", role: "status"});
  const state = el("span", {class: "more-state"});
  const targetRow = el("div", {class: "fold-row", id: "calc-cheapest-target-field"},
    el("label", {for: "calc-cheapest-target", class: "unit-name"}, "Chance at least",
      el("span", {class: "stat", id: "calc-cheapest-target-hint"}, "% of the goal below")),
    el("span", {class: "pct-input"}, target, el("span", {"aria-hidden": "true"}, "%")));
  const goalRow = el("div", {class: "field", id: "calc-cheapest-goal-field"}, el("span", {class: "label"}, "Goal"), goal.node);
  const sideRow = el("div", {class: "field", id: "calc-cheapest-side-field"}, el("span", {class: "label"}, "Whose army"), whose.node,
    el("p", {class: "hint"}, "Defend with: the units the defender could add to what stands there; the answer is the " +
      "cheapest addition that keeps the territory against the attack above."));
  const details = el("details", {class: "more", id: "calc-cheapest"},
    el("summary", {}, "Cheapest army, to attack or to defend", state),
    el("p", {class: "hint"}, "Enter the units you could send as wave 1. Every army drawn from them is worked out " +
      "exactly with the rest of the plan: the answer is the cheapest that reaches the chance, and the one of the best profit."),
    sideRow, have.node, targetRow, goalRow, el("div", {class: "advisor-go"}, find), note);
  const node = el("fieldset", {class: "settings"}, el("legend", {class: "visually-hidden"}, "Cheapest army"), details);
  const summarize = () => {
    const n = Object.keys(have.getCounts()).length;
    state.textContent = n ? ` · ${n === 1 ? "1 type" : `${n} types`} you have` : "";
  };
  have.onChange((byPlayer) => { summarize(); if (byPlayer) { note.textContent = ""; onEdit(); } });
  target.addEventListener("input", () => onEdit());
  find.addEventListener("click", () => onFind());
  return {
    node, details, have, note,
    read: () => ({available: have.getCounts(), target: target.value, goal: goal.value || "", ...kept,
      ...(whose.value === "defender" ? {side: "defender"} : {})}),
    show(recommend) {
      const {side, ...rest} = recommend;
      kept = definedOf(rest, ["by", "top"]);
      whose.value = side === "defender" ? "defender" : "attacker";
      setGoals();
      have.setCounts(recommend.available);
      target.value = recommend.target;
      goal.value = recommend.goal;
      summarize();
    },
    /** The goals this battle allows, keeping the one chosen where it still applies. */
    setGoals(kind, hasCounter) {
      battle = {kind, hasCounter};
      setGoals();
    },
    target(place) {
      const reveal = () => { details.open = true; };
      if (place.what === "target") return {nodes: [targetRow], controls: [target], anchor: targetRow, label: place.label, reveal};
      if (place.what === "goal") return {nodes: [goalRow], controls: [goal.node], anchor: goalRow, label: place.label, reveal};
      if (place.unit) return {...have.target(place.unit), label: place.label, reveal};
      return {nodes: [have.node], controls: [], anchor: targetRow, label: place.label, reveal};
    },
  };
}

// ---- the plan's fieldset: its logic as functions of one state `s` (kit/bound.js) ------------------------
/** The plan as entered now. */
const read = (s) => {
  const [first, ...later] = s.counters.map((card) => card.read());
  return {waves: s.waves.map((card) => card.read()), counter: first || null, later,
    value: s.value.input.value, repair: s.repair.input.checked, recommend: s.cheapest.read()};
};

const unitsOf = (s, kind) => (s.ctx ? unitsFor(s.ctx.data, s.ctx.ruleset, kind, "attacker") : []);

function contextOf(s, card, kind) {
  if (s.ctx) card.setContext({...s.ctx, kind}, unitsOf(s, kind));
}

/** Each wave's defender, for its order of loss: the battle's defender and the reinforcements up to that wave. */
function defenders(s) {
  const counts = {...(s.defender || {})};
  for (const card of s.waves) {
    for (const [id, n] of Object.entries(card.reinforcements())) counts[id] = (Number(counts[id]) || 0) + (Number(n) || 0);
    card.setDefender({...counts});
  }
}

const COUNTER_HINT = "The defender's attack on the next turn against what took it: on land the land units that took the " +
  "territory (aircraft have left it; captured AA guns fire), at sea the ships that cleared the zone and the fighters " +
  "their carriers carry (damaged battleships stay damaged). Fought to the end.";
const LATER_HINT = "The next counter-attack, against what the one before left of the holders. Fought to the end.";

/** The counter-attack's battle: a land battle for the territory, a sea battle for a zone (docs/rules.md §9.2). */
const counterKind = (kind) => (kind === "sea" ? "sea" : "land");

/** The cards of the counter-attacks in turn: the first keeps the ids it had alone ("calc-counter"). */
function counterCards(s, plan) {
  const all = plan.counter ? [plan.counter, ...(plan.later || [])] : [];
  return all.map((given, index) => {
    const several = all.length > 1;
    const card = createCard({idBase: index ? `calc-counter-${index + 1}` : "calc-counter",
      title: several ? `Counter-attack ${index + 1}` : "Counter-attack", look: "defender", hint: index ? LATER_HINT : COUNTER_HINT,
      onEdit: s.onChange, onRemove: () => reshape(s, (p) => removeCounter(p, index), "#calc-add-counter")});
    card.show(given);
    contextOf(s, card, counterKind(s.ctx?.kind));
    return card;
  });
}

/** Build the cards of `plan` (after an edit of its shape, or a fill). */
function draw(s, plan) {
  s.plan = plan;
  s.waves = plan.waves.map((wave, index) => {
    const n = index + 2;
    const card = createCard({idBase: `calc-wave-${n}`, title: `Wave ${n}`, look: "attacker", wave: true,
      onEdit: () => { defenders(s); s.onChange(); }, onRemove: () => reshape(s, (p) => removeWave(p, index), "#calc-add-wave")});
    card.show(wave);
    contextOf(s, card, s.ctx?.kind);
    return card;
  });
  defenders(s);
  s.waveList.replaceChildren(...s.waves.map((card) => card.node));
  s.counters = counterCards(s, plan);
  s.counterBox.replaceChildren(...s.counters.map((card) => card.node));
  s.value.value = plan.value;
  s.repair.input.checked = plan.repair;
  s.cheapest.show(plan.recommend);
  shape(s);
}

/** What shows with this shape of plan: the buttons, the repair toggle, the goals. */
function shape(s) {
  const kind = s.ctx?.kind || "land";
  s.addWave.hidden = s.waves.length >= MOST_LATER_WAVES;
  const counters = s.counters.length;
  s.addCounter.hidden = counters >= MOST_COUNTERS;
  s.addCounter.textContent = counters ? "+ Another counter-attack" : "+ Counter-attack";
  s.repair.node.hidden = !s.waves.length;
  // At sea no territory is taken: nothing to value (unless a value is entered; with a counter-attack, the zone held).
  s.valueRow.hidden = kind === "sea" && ["", "0"].includes(s.value.input.value.trim());
  s.intro.textContent = `Wave 1 is the attacker above. Each later wave attacks what the waves before it left of the ` +
    `defender; the wave that ${kind === "sea" ? "sinks the fleet" : "takes the territory"} ends the plan.`;
  s.cheapest.setGoals(kind, counters > 0);
  s.onShape?.(s.waves.length + 1);
}

/** An edit of the plan's shape: the plan as entered, changed by `edit`, drawn again; `focus`: where the thumb goes next. */
function reshape(s, edit, focus) {
  draw(s, edit(read(s)));
  s.onChange();
  if (focus) s.node.querySelector(focus)?.focus({preventScroll: true});
}

/** A card just added: in view, the thumb on its first +. */
function added(card) {
  card.node.scrollIntoView({block: "nearest"});
  card.node.querySelector(".step.plus")?.focus({preventScroll: true});
}

/** The battle's context changed (form.onContext): each card's units follow the ruleset and kind, each wave's
 * defender (its order of loss) the battle's. */
function setContext(s, ctx) {
  const was = s.ctx;
  const defender = ctx.counts?.defender || {};
  const moved = JSON.stringify(defender) !== JSON.stringify(s.defender || {});
  s.defender = defender;
  if (was && was.data === ctx.data && was.ruleset.id === ctx.ruleset.id && was.kind === ctx.kind && was.system === ctx.system) {
    if (moved) defenders(s);
    return;
  }
  const available = was ? s.cheapest.read().available : s.plan.recommend.available;
  s.ctx = ctx;
  for (const card of s.waves) contextOf(s, card, ctx.kind);
  for (const card of s.counters) contextOf(s, card, counterKind(ctx.kind));
  defenders(s);
  s.cheapest.have.setUnits(unitsOf(s, ctx.kind));
  if (!was) s.cheapest.have.setCounts(available); // the rows exist now: a plan filled before them goes in them
  shape(s);
}

/** Where an error on the plan points (kit/feedback.js markField), or null for wave 1's and the battle's fields. */
function target(s, field) {
  const place = planPlace(field, new Map((s.ctx?.ruleset.units || []).map((u) => [u.id, u.name])));
  if (!place) return null;
  const card = place.part === "wave" ? s.waves[place.index] : place.part === "counter" ? s.counters[place.index] : null;
  if (card) return card.target(place);
  if (place.part === "recommend") return s.cheapest.target(place);
  const at = {value: [s.valueRow, s.value.input], repair: [s.repair.node, s.repair.input]}[place.part];
  return at ? {nodes: [at[0]], controls: [at[1]], anchor: at[0], label: place.label}
    : {nodes: [s.node], controls: [], anchor: s.intro, label: place.label};
}

/** The plan's fieldset: its parts, put in `s`. */
function build(s) {
  s.waveList = el("div", {class: "plan-waves", id: "calc-waves"});
  s.counterBox = el("div", {class: "plan-counter", id: "calc-counter-box"});
  s.addWave = el("button", {type: "button", class: "small", id: "calc-add-wave"}, "+ Add a wave");
  s.addCounter = el("button", {type: "button", class: "small", id: "calc-add-counter"}, "+ Counter-attack");
  // Typed, as a unit's count is: its − / + are for a thumb, not Tab stops of their own.
  s.value = stepper("calc-territory-value", "Territory's value in IPCs", {min: 0, max: 1000, raw: true, buttonsTabbable: false,
    onChange: s.onChange});
  s.valueRow = el("div", {class: "fold-row", id: "calc-territory-value-field"},
    el("label", {for: "calc-territory-value", class: "unit-name"}, "Territory's value",
      el("span", {class: "stat"}, "IPCs, counted in the profit when it is taken (and held)")), s.value.node);
  s.repair = toggle("calc-repair", "Repair between waves", "The defender's damaged battleships (two-hit units) are whole again for the next wave.");
  s.intro = el("p", {class: "hint", id: "calc-plan-hint"});
  s.node = el("fieldset", {class: "settings plan", id: "calc-plan"},
    el("legend", {class: "plan-title"}, "Plan of attack"), s.intro, s.waveList, s.counterBox,
    el("div", {class: "plan-buttons"}, s.addWave, s.addCounter), s.valueRow, s.repair.node);
  s.repair.input.addEventListener("change", s.onChange);
  s.addWave.addEventListener("click", () => { reshape(s, addWave); added(s.waves.at(-1)); });
  s.addCounter.addEventListener("click", () => { reshape(s, addCounter); added(s.counters.at(-1)); });
}

/** onChange(): the player changed the plan; onFind(): "Find the cheapest army". */
export function createPlanForm({onChange, onFind}) {
  const s = {plan: emptyPlan(), ctx: null, waves: [], counters: [], defender: {}, onChange: () => onChange()};
  s.cheapest = createCheapest({onEdit: s.onChange, onFind: () => onFind()});
  build(s);
  shape(s);
  return {
    node: s.node, cheapest: s.cheapest.node,
    ...bound(s, {setContext, target}),
    /** The form's extension (kit/battle-form.js extend): the request with the plan's fields. */
    apply: (request) => ({...request, ...planFields(read(s))}),
    fill: (request) => draw(s, planOf(request)),
    /** listener(waves): the number of waves in all (wave 1 included), each time the plan's shape changes. */
    onShape(listener) { s.onShape = listener; },
    /** Whether the cheapest army has units to search. */
    get searching() { return Object.keys(s.cheapest.read().available).length > 0; },
    sayCheapest(text) { s.cheapest.note.textContent = text; },
  };
}
