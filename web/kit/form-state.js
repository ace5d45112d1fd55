// The battle form's state as plain data, shared by the Battle and Odds screens (kit/battle-form.js is
// its view): the set-up both screens enter — ruleset, luck system, kind of battle, both sides' forces
// and options, the sub rule and LHTR — read from a request and merged into another, and each field an
// error can name, said in words. Pure functions, no DOM: tests/js/form-state.test.mjs.
//
// Not for: what only one screen asks (the seed, the dice source, the calculator's retreat rules).

import {pluralName, variantsOf} from "./rulesets.js";

export const ROLES = ["attacker", "defender"];
export const KINDS = [["land", "Land"], ["sea", "Sea"], ["amphibious", "Amphibious"]];
export const KIND_NOTES = {
  land: "Land units and aircraft; the defender may have AA guns.",
  sea: "Ships and aircraft. Subs strike first unless the enemy has a destroyer.",
  amphibious: "Land units attack from the sea; the attacker's ships bombard once before round 1.",
};

/** A side's fields both screens enter (cargo is the Battle screen's: the calculator does not carry it). */
export const SIDE_FIELDS = ["units", "order_of_loss", "tech", "fold_subs", "air_over_aa"];

/** The system of a request: {name}, with its variant where it has variants (the first when none is given). */
export function systemOf(name, variant = null) {
  const variants = variantsOf(name);
  return variants.length ? {name, variant: variant || variants[0].id} : {name};
}

/** The set-up both screens share, out of a resolve or calc request (a link's, a form's). */
export function setupOf(request) {
  const setup = {ruleset: request.ruleset, system: systemOf(request.system?.name, request.system?.variant),
    kind: request.kind || "land"};
  for (const role of ROLES) {
    const side = request[role] || {};
    setup[role] = Object.fromEntries(SIDE_FIELDS.filter((name) => side[name] !== undefined)
      .map((name) => [name, structuredClone(side[name])]));
    setup[role].units ??= {};
  }
  if (request.lhtr) setup.lhtr = true;
  if (request.sub_rule) setup.sub_rule = request.sub_rule;
  return setup;
}

/**
 * `request` with its shared set-up replaced by `setup`: what a screen shows when it takes the battle
 * entered on the other screen, keeping what is its own (the seed, a side's cargo, the retreat rules).
 */
export function withSetup(request, setup) {
  const out = {...request, ruleset: setup.ruleset, system: {...setup.system}, kind: setup.kind};
  for (const role of ROLES) {
    const own = Object.fromEntries(Object.entries(request[role] || {}).filter(([name]) => !SIDE_FIELDS.includes(name)));
    out[role] = {...own, ...structuredClone(setup[role])};
  }
  for (const name of ["lhtr", "sub_rule"]) {
    if (setup[name] === undefined) delete out[name];
    else out[name] = setup[name];
  }
  if (out.kind === "land") delete out.kind;
  return out;
}

const SIDE_WORDS = {order_of_loss: "order of loss", tech: "technology", fold_subs: "subs folded in",
  air_over_aa: "AA count, whole move", cargo: "cargo", damaged: "damaged units", colors: "colours"};
const FIELD_WORDS = {ruleset: "Ruleset", system: "Luck system", "system.variant": "A&A Chess variant",
  "system.chart": "Colour chart", kind: "Kind of battle", lhtr: "LHTR heavy bombers", sub_rule: "Sub rule"};

/**
 * What the form calls the field an error names, and the control it maps to: {key, role, unit, label}.
 * key: "ruleset", "system", "kind", "lhtr", "sub_rule", or "side" (role and, for a count, unit);
 * null for a field the form does not hold. names: unit id → name.
 */
export function fieldOf(field, names = new Map()) {
  if (!field) return null;
  const [head, part, unit] = field.split(/[.[]/);
  if (ROLES.includes(head)) {
    const side = head === "attacker" ? "Attacker" : "Defender";
    if (part === "units" && unit) {
      return {key: "side", role: head, unit, label: `${side}, ${pluralName(names.get(unit) || unit)}`};
    }
    return {key: "side", role: head, unit: null, label: SIDE_WORDS[part] ? `${side}, ${SIDE_WORDS[part]}` : side};
  }
  const label = FIELD_WORDS[field.startsWith("system.variant") ? "system.variant" : field.startsWith("system.chart") ? "system.chart" : head];
  return label ? {key: head, role: null, unit: null, label} : null;
}
