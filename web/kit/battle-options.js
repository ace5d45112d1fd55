// A side's extras on the battle form, each behind its own disclosure so the
// first screen stays a list of steppers: technology, order of loss, cargo
// (sea) and, for a Low Luck attacker with subs, how many subs fold into the
// main attack (seed 000 §5b); for an A&A Chess attacker with aircraft, how many
// the AA counts over the whole move (seed 003).

import {el} from "./dom.js";
import {createForces} from "./forces.js";
import {stepper} from "./widgets.js";
import {capabilities} from "./rulesets.js";

const TECH_FOR = { // the unit a technology changes (docs/rules.md §5), to sort what matters first
  jet_power: ["fighter"], super_subs: ["submarine"], heavy_bombers: ["bomber"],
  radar: ["aa_gun"], advanced_artillery: ["artillery"],
};

// In an amphibious assault the attacker's ships only bombard, so they get their own heading.
const BOMBARD_SECTION = {title: "Ships offshore", hint: "bombard once before round 1"};

/** The units `battle_units[kind][role]` of the ruleset allows (data: the rulesets op's answer). */
export function unitsFor(data, ruleset, kind, role) {
  const ids = ruleset.battle_units?.[kind]?.[role] || data.battle_units || [];
  const byId = new Map(ruleset.units.map((u) => [u.id, u]));
  return ids.filter((id) => byId.has(id)).map((id) => {
    const unit = byId.get(id);
    return kind === "amphibious" && unit.domain === "sea" ? {...unit, section: BOMBARD_SECTION} : unit;
  });
}

// idBase (default: side) starts every element id (see forces.js); withCargo false
// leaves the cargo disclosure out (the calculator does not carry cargo).
export function createSideOptions({side, title, onChange, idBase = side, withCargo = true}) {
  let ctx = {ruleset: null, kind: "land", system: "dice", counts: {}, tech: []};
  let custom = null; // the order of loss the player set, or null: the ruleset's default
  const techBox = el("div", {class: "tech-list", id: `${idBase}-tech`});
  const techSummary = el("span", {class: "more-state"});
  const tech = el("details", {class: "more", id: `${idBase}-tech-more`},
    el("summary", {}, "Technology", techSummary), techBox);

  const oolList = el("ol", {class: "ool-list", id: `${idBase}-ool`});
  const oolSummary = el("span", {class: "more-state"});
  const reset = el("button", {type: "button", class: "small", id: `${idBase}-ool-reset`}, "Reset to cheapest first");
  const ool = el("details", {class: "more", id: `${idBase}-ool-more`},
    el("summary", {}, "Order of loss", oolSummary),
    el("p", {class: "hint"}, "Lost first at the top. Two-hit units still take their first hit before anything dies."),
    oolList, reset);
  reset.addEventListener("click", () => { custom = null; drawOrder(); onChange(); });

  const cargo = createForces({side: `${idBase}-cargo`, title: `${title} cargo`, stat: side === "attacker" ? "attack" : "defense", legend: false, rowClass: "cargo-row"});
  // The cargo rows are drawn when a sea battle first shows them (or a link fills them), not for
  // every land battle; and their drawing is not the player's change: the form that set the context
  // is not told of it again (each side told it of the other's: most of the battle screen's start).
  let cargoUnits = null; // the rows the cargo is to have, until drawn
  let settingContext = false;
  cargo.onChange((byPlayer) => { cargoSummary.textContent = summarize(cargo.getCounts()); if (byPlayer && !settingContext) onChange(); });
  function drawCargo() {
    if (!cargoUnits) return;
    settingContext = true;
    try {
      cargo.setUnits(cargoUnits);
    } finally {
      settingContext = false;
    }
    cargoUnits = null;
  }
  const cargoSummary = el("span", {class: "more-state"});
  const cargoBox = el("details", {class: "more", id: `${idBase}-cargo-more`},
    el("summary", {}, "Cargo", cargoSummary),
    el("p", {class: "hint"}, "Land units aboard transports, fighters aboard carriers (2 per ship). They go down with their ship."),
    cargo.node);

  const fold = stepper(`${idBase}-fold-subs`, "Subs folded into the main attack", {min: 0, max: 0, onChange});
  const foldBox = el("div", {class: "fold", id: `${idBase}-fold`},
    el("div", {class: "fold-row"}, el("label", {for: `${idBase}-fold-subs`, class: "unit-name"}, "Fold subs into the main attack"), fold.node),
    el("p", {class: "hint"}, "Low Luck: folded subs add their power to the main roll and give up their surprise strike; that roll then cannot hit aircraft."));

  const overAA = stepper(`${idBase}-air-over-aa`, "Aircraft counted by AA over the whole move", {min: 0, max: 999, onChange});
  const overAABox = el("div", {class: "fold", id: `${idBase}-air-over-aa-box`},
    el("div", {class: "fold-row"}, el("label", {for: `${idBase}-air-over-aa`, class: "unit-name"}, "AA count, whole move"), overAA.node),
    el("p", {class: "hint"}, "A&A Chess: each aircraft of the move counts once per AA territory it flies over; every 5 counted lose 1. 0: only this battle's aircraft against this territory's AA."));

  const node = el("div", {class: "side-options"}, foldBox, overAABox, tech, ool, cargoBox);

  const summarize = (counts) => {
    const n = Object.values(counts).reduce((a, b) => a + (Number(b) || 0), 0);
    return n ? ` · ${n} aboard` : "";
  };
  const names = () => new Map((ctx.ruleset?.units || []).map((u) => [u.id, u.name]));

  function defaultOrder() {
    const ids = ctx.ruleset?.order_of_loss?.[side] || (ctx.ruleset?.units || []).map((u) => u.id);
    return ids;
  }
  function currentOrder() {
    const present = Object.keys(ctx.counts).filter((id) => Number(ctx.counts[id]) > 0);
    const base = defaultOrder();
    const order = custom ? [...custom, ...base.filter((id) => !custom.includes(id))] : base;
    return [...order, ...present.filter((id) => !order.includes(id))].filter((id) => present.includes(id));
  }
  function move(index, delta) {
    const order = currentOrder();
    const to = index + delta;
    if (to < 0 || to >= order.length) return;
    [order[index], order[to]] = [order[to], order[index]];
    custom = order;
    drawOrder();
    onChange();
  }
  function drawOrder() {
    const order = currentOrder();
    const label = names();
    oolList.replaceChildren(...order.map((id, index) => {
      const up = el("button", {type: "button", class: "step up", "aria-label": `Lose ${label.get(id) || id} earlier (${side})`, disabled: index === 0}, "↑");
      const down = el("button", {type: "button", class: "step down", "aria-label": `Lose ${label.get(id) || id} later (${side})`, disabled: index === order.length - 1}, "↓");
      up.addEventListener("click", () => move(index, -1));
      down.addEventListener("click", () => move(index, +1));
      return el("li", {class: "ool-row", dataset: {unit: id}}, el("span", {class: "ool-name"}, label.get(id) || id), el("span", {class: "ool-moves"}, up, down));
    }));
    if (!order.length) oolList.append(el("li", {class: "hint"}, "Add units above first."));
    oolSummary.textContent = custom ? " · your order" : " · cheapest first";
    reset.disabled = !custom;
  }
  function drawTech(selected = chosenTech()) {
    const present = new Set(Object.keys(ctx.counts).filter((id) => Number(ctx.counts[id]) > 0));
    const matters = (t) => (TECH_FOR[t.id] || []).some((u) => present.has(u));
    const list = [...ctx.tech].sort((a, b) => Number(matters(b)) - Number(matters(a)));
    techBox.replaceChildren(...list.map((t) => {
      const input = el("input", {type: "checkbox", id: `${idBase}-tech-${t.id}`, value: t.id, checked: selected.includes(t.id)});
      input.addEventListener("change", () => { techSummary.textContent = techText(); onChange(); });
      return el("label", {class: `chip${matters(t) ? "" : " idle"}`, for: `${idBase}-tech-${t.id}`}, input, el("span", {}, t.name));
    }));
    techSummary.textContent = techText();
  }
  const chosenTech = () => [...techBox.querySelectorAll("input:checked")].map((i) => i.value);
  const techText = () => { const n = chosenTech().length; return n ? ` · ${n} on` : ""; };

  /** ctx: {ruleset, kind, system, counts, tech: [{id, name}]} */
  function setContext(next) {
    const rulesetChanged = next.ruleset?.id !== ctx.ruleset?.id;
    const techChanged = JSON.stringify(next.tech) !== JSON.stringify(ctx.tech);
    const present = JSON.stringify(Object.keys(next.counts).filter((id) => Number(next.counts[id]) > 0).sort()) !==
      JSON.stringify(Object.keys(ctx.counts).filter((id) => Number(ctx.counts[id]) > 0).sort());
    ctx = {...next};
    if (rulesetChanged) {
      custom = null;
      cargoUnits = next.ruleset.units.filter((u) => u.domain === "land" || u.id === "fighter");
    }
    cargoBox.hidden = !withCargo || next.kind !== "sea";
    if (!cargoBox.hidden) drawCargo();
    const subs = Number(next.counts.submarine) || 0;
    foldBox.hidden = !(side === "attacker" && capabilities(next.system).folds_subs && subs > 0);
    fold.limits = {min: 0, max: subs};
    if (fold.value > subs) fold.value = subs;
    const air = (next.ruleset?.units || []).some((u) => u.domain === "air" && Number(next.counts[u.id]) > 0);
    overAABox.hidden = !(side === "attacker" && capabilities(next.system).aa_per_move && next.kind !== "sea" && air);
    if (rulesetChanged || techChanged || present) drawTech();
    drawOrder();
  }

  /** The extras of this side's request (only what differs from the defaults). */
  function get() {
    const out = {};
    const order = currentOrder();
    if (custom && order.length) out.order_of_loss = order;
    const t = chosenTech();
    if (t.length) out.tech = t;
    if (ctx.kind === "sea") {
      const c = cargo.getCounts();
      if (Object.keys(c).length) out.cargo = c;
    }
    if (!foldBox.hidden && fold.value > 0) out.fold_subs = fold.value;
    if (!overAABox.hidden && overAA.value > 0) out.air_over_aa = overAA.value;
    return out;
  }

  /** Fill from a request's side (a share link). */
  function set(sideRequest) {
    custom = sideRequest.order_of_loss ? [...sideRequest.order_of_loss] : null;
    for (const input of techBox.querySelectorAll("input")) input.checked = (sideRequest.tech || []).includes(input.value);
    drawTech((sideRequest.tech || []).slice());
    if (sideRequest.cargo) drawCargo();
    cargo.setCounts(sideRequest.cargo || {});
    fold.value = sideRequest.fold_subs || 0;
    overAA.value = sideRequest.air_over_aa || 0;
    drawOrder();
  }

  function setDisabled(flag) {
    for (const control of node.querySelectorAll("input, button")) control.disabled = flag;
    cargo.setDisabled(flag);
    if (!flag) drawOrder();
  }

  return {node, setContext, get, set, setDisabled, hasTech: (id) => chosenTech().includes(id)};
}

// The sub step's printed reading (docs/rules.md §2 "The sub step"): offered only where the core takes it —
// a sea battle of a ruleset whose rules say printed_sub_step, under dice, Low Luck or biased dice.
export const PRINTED_SUBS_TEXT = "Subs facing a destroyer fire with the other units";
export const PRINTED_SUBS_HINT = "As the printed Anniversary, 1942 and 1940 rule books: facing a destroyer, subs lose " +
  "their first strike, and the side hit picks all its losses at once. Off: subs always fire first, in a step of their own, as the TripleA rule book has it.";
export function printedSubsApply(ruleset, kind, system) {
  return Boolean(ruleset?.rules?.printed_sub_step) && kind === "sea" && Boolean(capabilities(system).printed_sub_rule);
}
