// One card of the plan of attack (plan-form.js): a later wave or a counter-attack, each folded under lines that
// say what it holds, so a plan of four waves stays a short list on a phone. A wave's card has its attacker (the
// kit's rows and side options), the defender's reinforcements that join him before this wave (the same rows),
// its retreat rules (retreat-rules.js) and, folded under "More for this wave", what the territory is worth where
// this wave takes it and the defender's order of loss from this wave on (docs/api.md "Plan of attack").
//
// Not for: the plan's data (plan-state.js, pure), the list of cards and the plan's own controls (plan-form.js).

import {el} from "../kit/dom.js";
import {capabilities} from "../kit/rulesets.js";
import {createForces} from "../kit/forces.js";
import {createSideOptions, unitsFor} from "../kit/battle-options.js";
import {stepper} from "../kit/widgets.js";
import {createRetreatRules} from "./retreat-rules.js";
import {armyWords, rulesWords, waveExtrasWords, waveMoreOn} from "./plan-state.js";

const REINFORCE_HINT = "Units that join the defender before this wave attacks (after the wave before it), wherever the " +
  "territory is not taken yet: this wave fights them too.";
const MORE_HINT = "Leave these empty to keep the plan's: the territory's value below, the defender's order of loss so far.";

/** "More for this wave": the territory's value where this wave takes it and the defender's order of loss from here. */
function createWaveMore({idBase, onEdit}) {
  const value = stepper(`${idBase}-value`, "Territory's value if this wave takes it, in IPCs", {min: -1000, max: 1000, raw: true,
    buttonsTabbable: false, onChange: () => onEdit()});
  value.value = "";
  let order = null; // the order of loss a link gave, kept as it came until the player moves a unit
  let touched = false;
  const ool = createSideOptions({side: "defender", title: "Defender", idBase: `${idBase}-defender`, withCargo: false,
    onChange: () => { touched = true; onEdit(); }});
  ool.node.querySelector(`#${idBase}-defender-tech-more`).hidden = true; // his tech stays the battle's (docs/api.md)
  const valueRow = el("div", {class: "fold-row", id: `${idBase}-value-field`},
    el("label", {for: `${idBase}-value`, class: "unit-name"}, "Territory's value",
      el("span", {class: "stat"}, "IPCs if this wave takes it; empty = the plan's")), value.node);
  const state = el("span", {class: "more-state"});
  const node = el("details", {class: "more card-more", id: `${idBase}-more`},
    el("summary", {}, "More for this wave", state), el("p", {class: "hint"}, MORE_HINT), valueRow, ool.node);
  const oolBox = ool.node.querySelector(`#${idBase}-defender-ool-more`);
  oolBox.querySelector("summary").firstChild.textContent = "Defender's order of loss"; // whose, on an attacker's card
  return {
    node,
    /** {value, order} as entered (order null: the one before goes on). */
    read: () => ({value: String(value.input.value), order: touched ? ool.get().order_of_loss || null : order}),
    show(wave) {
      value.value = wave.value ?? "";
      order = wave.order || null;
      touched = false;
      ool.set(order ? {order_of_loss: order} : {});
    },
    /** The defender's units this wave may meet (his own and the reinforcements so far): the order's rows. */
    setContext(ctx, counts) {
      ool.setContext({...ctx, counts, tech: []});
      if (!touched && order) ool.set({order_of_loss: order}); // a new ruleset's rows start from its own order
    },
    say(wave) { const n = waveMoreOn(wave); state.textContent = n ? ` · ${n} set` : ""; },
    target(what, label) {
      const reveal = () => { node.open = true; if (what !== "territory_value") oolBox.open = true; };
      if (what === "territory_value") return {nodes: [valueRow], controls: [value.input], anchor: valueRow, label, reveal};
      return {nodes: [oolBox], controls: [], anchor: oolBox, label, reveal};
    },
  };
}

/** The defender's reinforcements before this wave: the kit's unit rows under their own fold. */
function createReinforce({idBase, onEdit}) {
  const forces = createForces({side: "defender", title: "Reinforcements", stat: "defense", legend: false, idBase: `${idBase}-reinforce`});
  const state = el("span", {class: "more-state"});
  const node = el("details", {class: "more card-reinforce", id: `${idBase}-reinforce`},
    el("summary", {}, "Defender's reinforcements", state), el("p", {class: "hint"}, REINFORCE_HINT), forces.node);
  let given = null;
  forces.onChange((byPlayer) => { if (byPlayer) onEdit(); });
  return {
    node, forces,
    read: () => (given ? {...given} : forces.getCounts()),
    show(counts) { given = {...counts}; node.open = false; },
    setUnits(list) {
      forces.setUnits(list);
      if (given) { forces.setCounts(given); given = null; }
    },
    say(units) {
      const counts = forces.getCounts();
      state.textContent = Object.keys(counts).length ? ` · ${armyWords(counts, units)}` : " · none";
    },
    target(place) {
      const reveal = () => { node.open = true; };
      if (place.unit) return {...forces.target(place.unit), label: place.label, reveal};
      return {nodes: [node], controls: [], anchor: node, label: place.label, reveal};
    },
  };
}

/**
 * A card of forces: a later wave (`wave`: with the defender's reinforcements, its retreat rules and its own
 * values) or a counter-attack. onEdit(): the player changed it; onRemove(): its Remove button.
 */
export function createCard({idBase, title, look, hint = undefined, wave = false, onEdit, onRemove}) {
  const forces = createForces({side: "attacker", title, stat: "attack", legend: false, idBase});
  const options = createSideOptions({side: "attacker", title, idBase, withCargo: false, onChange: () => { follow(); onEdit(); }});
  forces.node.append(options.node);
  const army = el("span", {class: "more-state"});
  const units = el("details", {class: "more card-units", id: `${idBase}-units`},
    el("summary", {}, "Units", army), hint ? el("p", {class: "hint"}, hint) : null, forces.node);
  const edited = () => { say(); onEdit(); };
  const reinforce = wave ? createReinforce({idBase, onEdit: edited}) : null;
  const rulesBox = wave ? createRetreatRules({idBase, wave: true, onChange: edited}) : null;
  const more = wave ? createWaveMore({idBase, onEdit: edited}) : null;
  const policy = el("span", {class: "more-state"});
  const rulesNode = rulesBox && el("details", {class: "more card-rules", id: `${idBase}-rules`},
    el("summary", {}, "Retreat", policy), ...rulesBox.nodes);
  const remove = el("button", {type: "button", class: "small", id: `${idBase}-remove`, "aria-label": `Remove ${title.toLowerCase()}`}, "Remove");
  remove.addEventListener("click", onRemove);
  const extras = el("p", {class: "hint", id: `${idBase}-extras`});
  const node = el("section", {class: `plan-card ${look}`, id: idBase, "aria-label": title},
    el("div", {class: "plan-card-head"}, el("span", {class: "side-name"}, title), remove), units, reinforce?.node, rulesNode,
    more?.node, extras);
  // A counter-attack's holders' order of loss and tech (a link's `defender`): no control shows them, so they are kept
  // as given and read back with the card, or the page would run (and link) another battle than the link's.
  const card = {node, forces, options, ctx: null, given: null, units: [], holders: null};

  const extrasOf = () => ({reinforce: reinforce.read(), ...more.read()});
  function say() {
    army.textContent = ` · ${armyWords(forces.getCounts(), card.units)}`;
    if (!wave) return;
    policy.textContent = ` · ${rulesWords(rulesBox.read())}`;
    reinforce.say(card.units);
    more.say(extrasOf());
    // The folded card says its own fields in words, so a plan read top to bottom says every wave whole.
    extras.textContent = waveExtrasWords(extrasOf(), card.units);
    extras.hidden = !extras.textContent;
  }
  // A&A Chess and coloured dice are worked by their own calculators, which take no reinforcements and no wave that
  // leaves before round 1 (pycore refuses both): those controls are not offered there, unless they hold something
  // (a link's, or entered before the system changed), which stays in sight with pycore's refusal at it.
  function fitSystem() {
    if (!wave || !card.ctx) return;
    const own = Boolean(capabilities(card.ctx.system).own_calculator);
    reinforce.node.hidden = own && !Object.keys(reinforce.read()).length;
    rulesBox.ownCalculator = own;
  }
  function follow() {
    if (card.ctx) options.setContext({...card.ctx, counts: forces.getCounts()});
    say();
  }
  forces.onChange((byPlayer) => { follow(); if (byPlayer) onEdit(); });
  if (!wave) extras.hidden = true;

  return Object.assign(card, {
    /** Show a wave ({attacker, rules, open, reinforce, value, order}) or a counter-attack ({attacker, open}). */
    show(given) {
      card.given = given;
      card.holders = given.holders || null;
      units.open = Boolean(given.open);
      rulesBox?.fill(given.rules);
      reinforce?.show(given.reinforce || {});
      more?.show(given);
      fitSystem();
      say();
    },
    /** The battle's context ({ruleset, kind, system, data}, the units this card may have): its rows and options. */
    setContext(ctx, list) {
      card.ctx = {...ctx, tech: ctx.data.tech || []};
      card.units = ctx.ruleset.units;
      forces.setUnits(list);
      if (wave) {
        reinforce.setUnits(unitsFor(ctx.data, ctx.ruleset, ctx.kind, "defender"));
        rulesBox.kind = ctx.kind;
      }
      fitSystem();
      if (card.given) { // the rows exist now: what the card was given goes in them
        forces.setCounts(card.given.attacker.units);
        options.setContext({...card.ctx, counts: forces.getCounts()});
        options.set(card.given.attacker);
        card.given = null;
      }
      follow();
    },
    /** The defender's units this wave may meet: the order of loss lists them. */
    setDefender(counts) { if (card.ctx && more) more.setContext(card.ctx, counts); },
    /** The reinforcements entered (for the waves after this one: the defender they may meet). */
    reinforcements: () => (reinforce ? reinforce.read() : {}),
    /** {attacker, rules, open, reinforce, value, order} (a wave) or {attacker, holders, open} (a counter-attack) as entered. */
    read: () => ({attacker: {units: forces.getCounts(), ...options.get()}, open: units.open,
      ...(wave ? {rules: rulesBox.read(), ...extrasOf()} : {holders: card.holders})}),
    /** Where an error on this card points: a unit's row, a rule's row, its own fields, or the card (kit/feedback.js markField). */
    target(place) {
      const opened = (box) => () => { box.open = true; };
      if (place.rule) return {...rulesBox.target(place.rule, place.label), reveal: opened(rulesNode)};
      if (place.what === "reinforce") return reinforce.target(place);
      if (place.what) return more.target(place.what, place.label);
      if (place.unit) return {...forces.target(place.unit), label: place.label, reveal: opened(units)};
      return {nodes: [node], controls: [], anchor: node.querySelector(".plan-card-head"), label: place.label, reveal: opened(units)};
    },
  });
}
