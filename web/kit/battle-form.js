// The one battle form of the page, used by the Battle and the Odds screens: the ruleset, the luck
// system (with A&A Chess's variant) and the kind of battle; both sides' forces, each with its options
// (technology, order of loss, cargo, folded subs, the AA count); the sub-rule and LHTR toggles; Swap,
// Clear and the saved armies. request() reads it, fill(request) shows a request, showError(error)
// marks the field an error names and says it in words, onChange(listener) follows each of the
// player's edits. Its state as plain data (what the two screens share) is kit/form-state.js.
//
// Not for: what one screen alone asks (Battle's seed and dice source, Odds' retreat rules): each
// screen adds its own fieldsets to `node` and its own targets to showError.

import {el} from "./dom.js";
import {BUILT_IN, SYSTEM_NOTES, missingUnitsNote} from "./rulesets.js";
import {loadChoice, saveChoice} from "./prefs.js";
import {armiesPanel} from "./armies.js";
import {createForces, forceTools} from "./forces.js";
import {PRINTED_SUBS_HINT, PRINTED_SUBS_TEXT, createSideOptions, printedSubsApply, unitsFor} from "./battle-options.js";
import {segmented} from "./widgets.js";
import {createVariantPicker} from "./variant-picker.js";
import {clearMarks, markField} from "./feedback.js";
import {KINDS, KIND_NOTES, ROLES, fieldOf, systemOf} from "./form-state.js";

/** A checkbox with its words and a hint, as the form's toggles are drawn. */
export function toggle(id, text, hint) {
  const input = el("input", {type: "checkbox", id, name: id});
  const node = el("div", {class: "toggle-field", id: `${id}-field`},
    el("label", {class: "toggle", for: id}, input, el("span", {class: "toggle-text"}, text)),
    el("p", {class: "hint"}, hint));
  return {input, node};
}

/** The ruleset, luck system and kind of battle, with a line of words under each choice. */
function createPickers(p, {onRuleset, onSystem, onVariant, onKind}) {
  const choice = loadChoice();
  const ruleset = el("select", {id: `${p}ruleset`, name: "ruleset"});
  const rulesetField = el("div", {class: "field inline-field", id: `${p}ruleset-field`},
    el("label", {for: `${p}ruleset`}, "Ruleset"), ruleset);
  const systemNote = el("p", {class: "hint", id: `${p}system-note`});
  const system = segmented(`${p}system`, "Luck system", [], onSystem, {chosen: choice.system});
  const variant = createVariantPicker({idBase: `${p}chess`, onChange: onVariant});
  variant.set(choice.variant);
  const kindNote = el("p", {class: "hint", id: `${p}kind-note`}, KIND_NOTES.land);
  const kind = segmented(`${p}kind`, "Kind of battle", KINDS, onKind, {chosen: "land"});
  ruleset.addEventListener("change", onRuleset);
  const systemField = el("div", {class: "field", id: `${p}system-field`},
    el("span", {class: "label", id: `${p}system-label`}, "Luck system"), system.node, systemNote, variant.node);
  const kindField = el("div", {class: "field", id: `${p}kind-field`},
    el("span", {class: "label", id: `${p}kind-label`}, "Kind of battle"), kind.node, kindNote);
  return {ruleset, rulesetField, system, systemNote, systemField, variant, kind, kindNote, kindField, choice};
}

/**
 * idBase: "" (Battle) or "calc" (Odds), the start of every id; op: the request's op; cargo: whether
 * a side carries cargo (Battle only);
 * toolsBase: the id base of Swap, Clear and the armies ("battle", "calc").
 */
export function createBattleForm({idBase = "", op, cargo = true, toolsBase}) {
  const p = idBase ? `${idBase}-` : "";
  let data = BUILT_IN;
  let quiet = false; // the form is being filled (a link, the other screen's set-up): not the player's edit
  const listeners = [];
  const contextListeners = [];
  const changed = () => { if (!quiet) listeners.forEach((listener) => listener()); };
  const pick = (then) => () => { then(); remember(); changed(); };
  const pickers = createPickers(p, {
    onRuleset: pick(() => fillUnits()),
    onSystem: pick(() => systemShown()),
    onVariant: pick(() => {}),
    onKind: () => { pickers.kindNote.textContent = KIND_NOTES[kind()]; fillUnits(); changed(); },
  });
  const lhtr = toggle(`${p}lhtr`, "LHTR heavy bombers", "Heavy bombers roll two dice and keep the better one (instead of two hits).");
  const printedSubs = toggle(`${p}printed-subs`, PRINTED_SUBS_TEXT, PRINTED_SUBS_HINT);
  for (const t of [lhtr, printedSubs]) t.input.addEventListener("change", changed);
  const settings = el("fieldset", {class: "settings", id: `${p}settings`},
    el("legend", {class: "visually-hidden"}, "The game"),
    pickers.rulesetField, pickers.systemField, pickers.kindField, printedSubs.node, lhtr.node);

  const forces = {};
  const options = {};
  for (const role of ROLES) {
    const title = role === "attacker" ? "Attacker" : "Defender";
    forces[role] = createForces({side: role, title, stat: role === "attacker" ? "attack" : "defense", idBase: `${p}${role}`});
    options[role] = createSideOptions({side: role, title, idBase: `${p}${role}`, withCargo: cargo,
      onChange: () => { optionsChanged(); changed(); }});
    forces[role].node.append(options[role].node);
    forces[role].onChange((byPlayer) => {
      if (quiet) return;
      optionsChanged();
      if (byPlayer) changed();
    });
  }
  const edited = () => { optionsChanged(); changed(); };
  const missingNote = el("p", {class: "hint missing-units", id: `${p}missing-units`});
  const tools = forceTools(toolsBase, forces.attacker, forces.defender, edited);
  const armies = armiesPanel({idBase: toolsBase, forces, ruleset: () => ruleset(), onChange: edited});
  const node = el("form", {class: "battle-form", id: `${toolsBase}-form`, novalidate: true},
    settings, forces.attacker.node, forces.defender.node, missingNote, tools, armies.node);
  node.addEventListener("submit", (event) => event.preventDefault());

  const ruleset = () => data.rulesets.find((r) => r.id === pickers.ruleset.value) || data.rulesets[0];
  const system = () => pickers.system.value || "dice";
  const kind = () => pickers.kind.value || "land";
  const names = () => new Map(ruleset().units.map((u) => [u.id, u.name]));
  const note = (id) => data.systems.find((s) => s.id === id)?.summary || SYSTEM_NOTES[id] || "";

  function remember() {
    saveChoice({ruleset: pickers.ruleset.value, system: system(), ...(system() === "chess" ? {variant: pickers.variant.get()} : {})});
  }

  function systemShown() {
    pickers.systemNote.textContent = note(system());
    pickers.variant.show(system() === "chess");
    optionsChanged();
  }

  /** The unit rows of the ruleset and kind of battle, keeping the counts of units that stay. */
  function fillUnits() {
    const was = quiet;
    quiet = true;
    try {
      for (const role of ROLES) forces[role].setUnits(unitsFor(data, ruleset(), kind(), role));
    } finally {
      quiet = was;
    }
    missingNote.textContent = missingUnitsNote(data, ruleset().id, kind());
    missingNote.hidden = !missingNote.textContent;
    armies.draw(); // the saved armies are the ruleset's
    optionsChanged();
  }

  function optionsChanged() {
    const context = {ruleset: ruleset(), kind: kind(), system: system(), data};
    for (const role of ROLES) {
      options[role].setContext({...context, counts: forces[role].getCounts(), tech: data.tech || BUILT_IN.tech});
    }
    lhtr.node.hidden = !ROLES.some((role) => options[role].hasTech("heavy_bombers"));
    printedSubs.node.hidden = !printedSubsApply(ruleset(), kind(), system());
    const counts = Object.fromEntries(ROLES.map((role) => [role, forces[role].getCounts()]));
    contextListeners.forEach((listener) => listener({...context, counts}));
  }

  /** pycore's rulesets answer (or the built-in one): the pickers' options, then (unless units is false) the unit rows. */
  function setData(next, {units = true} = {}) {
    data = next;
    const chosen = pickers.ruleset.value || pickers.choice.ruleset;
    pickers.ruleset.replaceChildren(...data.rulesets.map((r) => el("option", {value: r.id}, r.name)));
    pickers.ruleset.value = data.rulesets.some((r) => r.id === chosen) ? chosen : data.rulesets[0].id;
    pickers.system.setOptions(data.systems.map((s) => [s.id, s.name]));
    if (!pickers.system.value) pickers.system.value = data.systems[0].id;
    pickers.variant.setVariants(data.systems.find((s) => s.id === "chess")?.variants);
    pickers.systemNote.textContent = note(system());
    pickers.variant.show(system() === "chess");
    if (units) fillUnits();
  }

  /** The battle as a request of `op`; `sys` another system for the same battle (the luck dial). */
  function request(sys = systemOf(system(), pickers.variant.get())) {
    const out = {op, ruleset: pickers.ruleset.value, system: sys};
    if (kind() !== "land") out.kind = kind();
    for (const role of ROLES) out[role] = {units: forces[role].getCounts(), ...options[role].get()};
    if (!lhtr.node.hidden && lhtr.input.checked) out.lhtr = true;
    // The luck dial asks every system with this form: only dice and Low Luck take the printed sub rule.
    if (!printedSubs.node.hidden && printedSubs.input.checked && printedSubsApply(ruleset(), kind(), sys.name)) {
      out.sub_rule = "printed";
    }
    return out;
  }

  /** Show a request's battle (a link's, the other screen's set-up); what it lacks is set to the defaults. */
  function fill(given) {
    quiet = true;
    try {
      if (data.rulesets.some((r) => r.id === given.ruleset)) pickers.ruleset.value = given.ruleset;
      pickers.kind.value = KINDS.some(([id]) => id === given.kind) ? given.kind : "land";
      pickers.kindNote.textContent = KIND_NOTES[kind()];
      pickers.system.value = given.system?.name;
      pickers.variant.set(given.system?.variant);
      fillUnits();
      systemShown();
      for (const role of ROLES) {
        forces[role].setCounts(given[role]?.units || {});
        options[role].set(given[role] || {});
      }
      optionsChanged();
      lhtr.input.checked = Boolean(given.lhtr);
      printedSubs.input.checked = given.sub_rule === "printed";
    } finally {
      quiet = false;
    }
  }

  /** Where a field of the form lives (kit/feedback.js markField), or null when it is not the form's. */
  function targetOf(field) {
    const found = fieldOf(field, names());
    if (!found) return null;
    if (found.key === "side") return {...forces[found.role].target(found.unit), label: found.label};
    const at = {ruleset: [pickers.rulesetField, pickers.ruleset], system: [pickers.systemField, pickers.system.node],
      kind: [pickers.kindField, pickers.kind.node], lhtr: [lhtr.node, lhtr.input], sub_rule: [printedSubs.node, printedSubs.input]};
    const [anchor, control] = at[found.key];
    return {nodes: [], controls: [control], anchor, label: found.label};
  }

  return {
    node, settings, forces, request, fill, setData, fillUnits, names, ruleset, kind,
    /** The system's id ("dice", "chess", …) and, for A&A Chess, the variant's name. */
    system, variantName: (id) => pickers.variant.name(id),
    get data() { return data; },
    /** Mark the field `error` names — the form's, or one `more(field)` places — and say it in words: {words, note}. */
    showError: (error, more = () => null) => markField(node, error, (field) => more(field) || targetOf(field), `${p}field-error`),
    clearError: () => clearMarks(node),
    onChange: (listener) => listeners.push(listener),
    /** listener({ruleset, kind, system, counts, data}) after every change of the battle, the player's or a fill. */
    onContext: (listener) => contextListeners.push(listener),
    setDisabled(flag) {
      settings.disabled = flag;
      for (const role of ROLES) forces[role].setDisabled(flag);
    },
  };
}
