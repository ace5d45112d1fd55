// The plan of attack on the Odds screen, under the battle form: "Add a wave" and "Counter-attack", each
// a compact card with its own forces (the kit's rows and steppers, kit/forces.js, and a side's options,
// kit/battle-options.js) and, for a wave, its own retreat rules (retreat-rules.js); what the territory
// is worth, repairs between waves, and the cheapest army's search (the units available, a target chance,
// its goal). It joins the form's request through `extend` (apply, fill), as the More options do.
//
// Not for: the plan's data and edits (plan-state.js, pure), wave 1 (the form's attacker and the More
// options), drawing the answer (plan-view.js).

import {el} from "../kit/dom.js";
import {createForces} from "../kit/forces.js";
import {createSideOptions, unitsFor} from "../kit/battle-options.js";
import {segmented, stepper} from "../kit/widgets.js";
import {toggle} from "../kit/battle-form.js";
import {createRetreatRules} from "./retreat-rules.js";
import {definedOf} from "./calc-state.js";
import {bound} from "../kit/bound.js";
import {DEFAULT_TARGET, MOST_LATER_WAVES, addWave, armyWords, emptyPlan, goalOf, goalsFor, planFields, planOf,
  keptWords, planPlace, removeWave, rulesWords, withCounter} from "./plan-state.js";

/**
 * A card of forces: a later wave (`rules`: with its retreat rules) or the counter-attack. Its units
 * fold away under a line that says the army, so a plan of four waves stays a short list on a phone.
 */
function createCard({idBase, title, look, hint = undefined, rules, onEdit, onRemove}) {
  const forces = createForces({side: "attacker", title, stat: "attack", legend: false, idBase});
  const options = createSideOptions({side: "attacker", title, idBase, withCargo: false, onChange: () => { follow(); onEdit(); }});
  forces.node.append(options.node);
  const army = el("span", {class: "more-state"});
  const units = el("details", {class: "more card-units", id: `${idBase}-units`},
    el("summary", {}, "Units", army), hint ? el("p", {class: "hint"}, hint) : null, forces.node);
  const rulesBox = rules ? createRetreatRules({idBase, onChange: () => { say(); onEdit(); }}) : null;
  const policy = el("span", {class: "more-state"});
  const rulesNode = rulesBox && el("details", {class: "more card-rules", id: `${idBase}-rules`},
    el("summary", {}, "Retreat", policy), ...rulesBox.nodes);
  const remove = el("button", {type: "button", class: "small", id: `${idBase}-remove`, "aria-label": `Remove ${title.toLowerCase()}`}, "Remove");
  remove.addEventListener("click", onRemove);
  const keptNote = el("p", {class: "hint", id: `${idBase}-kept`});
  const node = el("section", {class: `plan-card ${look}`, id: idBase, "aria-label": title},
    el("div", {class: "plan-card-head"}, el("span", {class: "side-name"}, title), remove), units, rulesNode, keptNote);
  const card = {node, forces, options, ctx: null, given: null, units: [], kept: null};

  function say() {
    army.textContent = ` · ${armyWords(forces.getCounts(), card.units)}`;
    if (rulesBox) policy.textContent = ` · ${rulesWords(rulesBox.read())}`;
    keptNote.textContent = keptWords(card.kept, card.units);
    keptNote.hidden = !keptNote.textContent;
  }
  function follow() {
    if (card.ctx) options.setContext({...card.ctx, counts: forces.getCounts()});
    say();
  }
  forces.onChange((byPlayer) => { follow(); if (byPlayer) onEdit(); });

  return Object.assign(card, {
    /** Show a wave ({attacker, rules, open}) or the counter-attack ({attacker, open}). */
    show(given) {
      card.given = given;
      card.kept = given.kept || null;
      units.open = Boolean(given.open);
      rulesBox?.fill(given.rules);
      say();
    },
    /** The battle's context ({ruleset, kind, system, data}, the units this card may have): its rows and options. */
    setContext(ctx, list) {
      card.ctx = {...ctx, tech: ctx.data.tech || []};
      card.units = ctx.ruleset.units;
      forces.setUnits(list);
      if (card.given) { // the rows exist now: what the card was given goes in them
        forces.setCounts(card.given.attacker.units);
        options.setContext({...card.ctx, counts: forces.getCounts()});
        options.set(card.given.attacker);
        card.given = null;
      }
      follow();
    },
    /** {attacker, rules, open} as entered. */
    read: () => ({attacker: {units: forces.getCounts(), ...options.get()}, rules: rulesBox?.read(), open: units.open,
      ...(card.kept ? {kept: card.kept} : {})}),
    /** Where an error on this card points: a unit's row, a rule's row, or the card (kit/feedback.js markField). */
    target(place) {
      const opened = (box) => () => { box.open = true; };
      if (place.rule) return {...rulesBox.target(place.rule, place.label), reveal: opened(rulesNode)};
      if (place.unit) return {...forces.target(place.unit), label: place.label, reveal: opened(units)};
      return {nodes: [node], controls: [], anchor: node.querySelector(".plan-card-head"), label: place.label, reveal: opened(units)};
    },
  });
}

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
const read = (s) => ({waves: s.waves.map((card) => card.read()), counter: s.counter && s.counter.read(),
  later: s.counter ? s.plan.later || [] : [], // a link's later counter-attacks, kept as they came (no card of their own)
  value: s.value.input.value, repair: s.repair.input.checked, recommend: s.cheapest.read()});

const unitsOf = (s, kind) => (s.ctx ? unitsFor(s.ctx.data, s.ctx.ruleset, kind, "attacker") : []);

function contextOf(s, card, kind) {
  if (s.ctx) card.setContext({...s.ctx, kind}, unitsOf(s, kind));
}

const COUNTER_HINT = "The defender's attack on the next turn against what took it: on land the land units that took the " +
  "territory (aircraft have left it; captured AA guns fire), at sea the ships that cleared the zone and the fighters " +
  "their carriers carry (damaged battleships stay damaged). Fought to the end.";

/** The counter-attack's battle: a land battle for the territory, a sea battle for a zone (docs/rules.md §9.2). */
const counterKind = (kind) => (kind === "sea" ? "sea" : "land");

/** Build the cards of `plan` (after an edit of its shape, or a fill). */
function draw(s, plan) {
  s.plan = plan;
  s.waves = plan.waves.map((wave, index) => {
    const n = index + 2;
    const card = createCard({idBase: `calc-wave-${n}`, title: `Wave ${n}`, look: "attacker", rules: true,
      onEdit: s.onChange, onRemove: () => reshape(s, (p) => removeWave(p, index), "#calc-add-wave")});
    card.show(wave);
    contextOf(s, card, s.ctx?.kind);
    return card;
  });
  s.waveList.replaceChildren(...s.waves.map((card) => card.node));
  s.counter = plan.counter && createCard({idBase: "calc-counter", title: "Counter-attack", look: "defender", rules: false,
    hint: COUNTER_HINT, onEdit: s.onChange, onRemove: () => reshape(s, (p) => withCounter(p, false), "#calc-add-counter")});
  if (s.counter) {
    s.counter.show(plan.counter);
    contextOf(s, s.counter, counterKind(s.ctx?.kind));
  }
  s.counterBox.replaceChildren(...(s.counter ? [s.counter.node] : []));
  s.value.value = plan.value;
  s.repair.input.checked = plan.repair;
  s.cheapest.show(plan.recommend);
  shape(s);
}

/** What shows with this shape of plan: the buttons, the repair toggle, the goals. */
function shape(s) {
  const kind = s.ctx?.kind || "land";
  s.addWave.hidden = s.waves.length >= MOST_LATER_WAVES;
  s.addCounter.hidden = Boolean(s.counter);
  s.repair.node.hidden = !s.waves.length;
  // At sea no territory is taken: nothing to value (unless a value is entered; with a counter-attack, the zone held).
  s.valueRow.hidden = kind === "sea" && ["", "0"].includes(s.value.input.value.trim());
  s.intro.textContent = `Wave 1 is the attacker above. Each later wave attacks what the waves before it left of the ` +
    `defender; the wave that ${kind === "sea" ? "sinks the fleet" : "takes the territory"} ends the plan.`;
  s.cheapest.setGoals(kind, Boolean(s.counter));
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

/** The battle's context changed (form.onContext): each card's units follow the ruleset and kind. */
function setContext(s, ctx) {
  const was = s.ctx;
  if (was && was.data === ctx.data && was.ruleset.id === ctx.ruleset.id && was.kind === ctx.kind && was.system === ctx.system) return;
  const available = was ? s.cheapest.read().available : s.plan.recommend.available;
  s.ctx = ctx;
  for (const card of s.waves) contextOf(s, card, ctx.kind);
  if (s.counter) contextOf(s, s.counter, counterKind(ctx.kind));
  s.cheapest.have.setUnits(unitsOf(s, ctx.kind));
  if (!was) s.cheapest.have.setCounts(available); // the rows exist now: a plan filled before them goes in them
  shape(s);
}

/** Where an error on the plan points (kit/feedback.js markField), or null for wave 1's and the battle's fields. */
function target(s, field) {
  const place = planPlace(field, new Map((s.ctx?.ruleset.units || []).map((u) => [u.id, u.name])));
  if (!place) return null;
  const card = place.part === "wave" ? s.waves[place.index] : place.part === "counter" ? s.counter : null;
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
  s.addCounter.addEventListener("click", () => { reshape(s, (p) => withCounter(p, true)); added(s.counter); });
}

/** onChange(): the player changed the plan; onFind(): "Find the cheapest army". */
export function createPlanForm({onChange, onFind}) {
  const s = {plan: emptyPlan(), ctx: null, waves: [], counter: null, onChange: () => onChange()};
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
