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
import {BUILT_IN, missingUnitsNote, variantsOf} from "./rulesets.js";
import {loadChoice, saveChoice} from "./prefs.js";
import {armiesPanel} from "./armies.js";
import {createForces, forceTools} from "./forces.js";
import {PRINTED_SUBS_HINT, PRINTED_SUBS_TEXT, createSideOptions, printedSubsApply, unitsFor} from "./battle-options.js";
import {segmented} from "./widgets.js";
import {createVariantPicker} from "./variant-picker.js";
import {clearMarks, markField} from "./feedback.js";
import {KINDS, KIND_NOTES, ROLES, fieldOf, systemOf} from "./form-state.js";
import {bound} from "./bound.js";
import {saveEdit} from "./draft.js";

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

const ruleset = (f) => f.data.rulesets.find((r) => r.id === f.pickers.ruleset.value) || f.data.rulesets[0];
const system = (f) => f.pickers.system.value || "dice";
const kind = (f) => f.pickers.kind.value || "land";
const names = (f) => new Map(ruleset(f).units.map((u) => [u.id, u.name]));
const note = (f, id) => f.data.systems.find((s) => s.id === id)?.summary || "";

/** Tell the listeners of a player's edit (not while the form is being filled). */
function changed(f) {
  if (!f.quiet) f.listeners.forEach((listener) => listener());
}

/** The ruleset and system picked, remembered for the next visit (kit/prefs.js). */
function remember(f) {
  saveChoice({ruleset: f.pickers.ruleset.value, system: system(f), ...(variantsOf(system(f)).length ? {variant: f.pickers.variant.get()} : {})});
}

function systemShown(f) {
  f.pickers.systemNote.textContent = note(f, system(f));
  f.pickers.variant.show(variantsOf(system(f)).length > 0);
  optionsChanged(f);
}

/** The unit rows of the ruleset and kind of battle, keeping the counts of units that stay. */
function fillUnits(f) {
  const was = f.quiet;
  f.quiet = true;
  try {
    for (const role of ROLES) f.forces[role].setUnits(unitsFor(f.data, ruleset(f), kind(f), role));
  } finally {
    f.quiet = was;
  }
  f.missingNote.textContent = missingUnitsNote(f.data, ruleset(f).id, kind(f));
  f.missingNote.hidden = !f.missingNote.textContent;
  f.armies.draw(); // the saved armies are the ruleset's
  optionsChanged(f);
}

/** Each side's options follow the battle (its ruleset, kind, system, units); so do the toggles. */
function optionsChanged(f) {
  const context = {ruleset: ruleset(f), kind: kind(f), system: system(f), data: f.data};
  for (const role of ROLES) {
    f.options[role].setContext({...context, counts: f.forces[role].getCounts(), tech: f.data.tech || BUILT_IN.tech});
  }
  f.lhtr.node.hidden = !ROLES.some((role) => f.options[role].hasTech("heavy_bombers"));
  f.printedSubs.node.hidden = !printedSubsApply(ruleset(f), kind(f), system(f));
  const counts = Object.fromEntries(ROLES.map((role) => [role, f.forces[role].getCounts()]));
  f.contextListeners.forEach((listener) => listener({...context, counts}));
}

/** pycore's rulesets answer (or the built-in one): the pickers' options, then (unless units is false) the unit rows. */
function setData(f, next, {units = true} = {}) {
  const {pickers} = f;
  f.data = next;
  const chosen = pickers.ruleset.value || pickers.choice.ruleset;
  pickers.ruleset.replaceChildren(...next.rulesets.map((r) => el("option", {value: r.id}, r.name)));
  pickers.ruleset.value = next.rulesets.some((r) => r.id === chosen) ? chosen : next.rulesets[0].id;
  pickers.system.setOptions(next.systems.map((s) => [s.id, s.name]));
  if (!pickers.system.value) pickers.system.value = next.systems[0].id;
  pickers.system.node.classList.toggle("many", next.systems.length > 4); // style.css: five or more fit a 360 px phone
  pickers.variant.setVariants(next.systems.find((s) => s.variants?.length)?.variants);
  pickers.systemNote.textContent = note(f, system(f));
  pickers.variant.show(variantsOf(system(f)).length > 0);
  if (units) fillUnits(f);
}

/** The battle as a request of the form's op; `sys` another system for the same battle (the luck dial). */
function request(f, sys = systemOf(system(f), f.pickers.variant.get())) {
  const out = {op: f.op, ruleset: f.pickers.ruleset.value, system: sys};
  if (kind(f) !== "land") out.kind = kind(f);
  for (const role of ROLES) out[role] = {units: f.forces[role].getCounts(), ...f.options[role].get()};
  if (!f.lhtr.node.hidden && f.lhtr.input.checked) out.lhtr = true;
  // The luck dial asks every system with this form: only dice and Low Luck take the printed sub rule.
  if (!f.printedSubs.node.hidden && f.printedSubs.input.checked && printedSubsApply(ruleset(f), kind(f), sys.name)) {
    out.sub_rule = "printed";
  }
  return f.extensions.reduce((asked, part) => part.apply(asked), out);
}

/** Show a request's battle (a link's, the other screen's set-up); what it lacks is set to the defaults. */
function fill(f, given) {
  const {pickers} = f;
  f.quiet = true;
  try {
    if (f.data.rulesets.some((r) => r.id === given.ruleset)) pickers.ruleset.value = given.ruleset;
    pickers.kind.value = KINDS.some(([id]) => id === given.kind) ? given.kind : "land";
    pickers.kindNote.textContent = KIND_NOTES[kind(f)];
    pickers.system.value = given.system?.name;
    pickers.variant.set(given.system?.variant);
    fillUnits(f);
    systemShown(f);
    for (const role of ROLES) {
      f.forces[role].setCounts(given[role]?.units || {});
      f.options[role].set(given[role] || {});
    }
    optionsChanged(f);
    f.lhtr.input.checked = Boolean(given.lhtr);
    f.printedSubs.input.checked = given.sub_rule === "printed";
    for (const part of f.extensions) part.fill(given);
  } finally {
    f.quiet = false;
  }
}

/** Where a field of the form lives (kit/feedback.js markField), or null when it is not the form's. */
function targetOf(f, field) {
  const found = fieldOf(field, names(f));
  if (!found) return null;
  if (found.key === "side") return {...f.forces[found.role].target(found.unit), label: found.label};
  const {pickers} = f;
  const at = {ruleset: [pickers.rulesetField, pickers.ruleset], system: [pickers.systemField, pickers.system.node],
    kind: [pickers.kindField, pickers.kind.node], lhtr: [f.lhtr.node, f.lhtr.input], sub_rule: [f.printedSubs.node, f.printedSubs.input]};
  const [anchor, control] = at[found.key];
  return {nodes: [], controls: [control], anchor, label: found.label};
}

/** Both sides' forces, each with its options; a player's edit of either is the form's change. */
function createSides(f, {p, cargo}) {
  for (const role of ROLES) {
    const title = role === "attacker" ? "Attacker" : "Defender";
    f.forces[role] = createForces({side: role, title, stat: role === "attacker" ? "attack" : "defense", idBase: `${p}${role}`});
    f.options[role] = createSideOptions({side: role, title, idBase: `${p}${role}`, withCargo: cargo,
      onChange: () => { optionsChanged(f); changed(f); }});
    f.forces[role].node.append(f.options[role].node);
    f.forces[role].onChange((byPlayer) => {
      if (f.quiet) return;
      optionsChanged(f);
      if (byPlayer) changed(f);
    });
  }
}

/**
 * idBase: "" (Battle) or "calc" (Odds), the start of every id; op: the request's op; cargo: whether
 * a side carries cargo (Battle only); toolsBase: the id base of Swap, Clear and the armies ("battle", "calc").
 */
export function createBattleForm({idBase = "", op, cargo = true, toolsBase}) {
  const p = idBase ? `${idBase}-` : "";
  // The form's state: `quiet` while it is being filled (a link, the other screen's set-up): not the player's edit.
  const f = {op, data: BUILT_IN, quiet: false, listeners: [], contextListeners: [], forces: {}, options: {}, extensions: []};
  const pick = (then) => () => { then(); remember(f); changed(f); };
  f.pickers = createPickers(p, {
    onRuleset: pick(() => fillUnits(f)),
    onSystem: pick(() => systemShown(f)),
    onVariant: pick(() => optionsChanged(f)), // a variant declares its own capabilities: the context changed
    onKind: () => { f.pickers.kindNote.textContent = KIND_NOTES[kind(f)]; fillUnits(f); changed(f); },
  });
  f.lhtr = toggle(`${p}lhtr`, "LHTR heavy bombers", "Heavy bombers roll two dice and keep the better one (instead of two hits).");
  f.printedSubs = toggle(`${p}printed-subs`, PRINTED_SUBS_TEXT, PRINTED_SUBS_HINT);
  for (const t of [f.lhtr, f.printedSubs]) t.input.addEventListener("change", () => changed(f));
  const settings = el("fieldset", {class: "settings", id: `${p}settings`}, el("legend", {class: "visually-hidden"}, "The game"),
    f.pickers.rulesetField, f.pickers.systemField, f.pickers.kindField, f.printedSubs.node, f.lhtr.node);
  createSides(f, {p, cargo});
  const edited = () => { optionsChanged(f); changed(f); };
  f.missingNote = el("p", {class: "hint missing-units", id: `${p}missing-units`});
  const tools = forceTools(toolsBase, f.forces.attacker, f.forces.defender, edited);
  f.armies = armiesPanel({idBase: toolsBase, forces: f.forces, ruleset: () => ruleset(f), onChange: edited});
  const node = el("form", {class: "battle-form", id: `${toolsBase}-form`, novalidate: true},
    settings, f.forces.attacker.node, f.forces.defender.node, f.missingNote, tools, f.armies.node);
  node.addEventListener("submit", (event) => event.preventDefault());
  return {
    node, settings, forces: f.forces,
    // system(): the system's id ("dice", "chess", …); variantName(id): an A&A Chess variant's name.
    ...bound(f, {request, fill, setData, fillUnits, names, ruleset, kind, system}),
    variantName: (id) => f.pickers.variant.name(id),
    /** What the chosen luck system declares (the rulesets op's `capabilities`; its variant's own where it has variants). */
    capabilities() {
      const chosen = f.data.systems?.find((s) => s.id === system(f));
      const variant = chosen?.variants?.find((v) => v.id === f.pickers.variant.get());
      return variant?.capabilities || chosen?.capabilities || {};
    },
    get data() { return f.data; },
    /** Mark the field `error` names — the form's, or one `more(field)` places — and say it in words: {words, note}. */
    showError: (error, more = (_field) => null) => markField(node, error, (field) => more(field) || targetOf(f, field), `${p}field-error`),
    clearError: () => clearMarks(node),
    /** A screen's own part of the request (its seed, its retreat rules): {apply(request) → request, fill(request)}. */
    extend: (part) => f.extensions.push(part),
    /** The player's edit: the screen's message and the marks go, and this tab keeps the battle (kit/draft.js). */
    edited(screen, say, asked = request(f)) {
      say("");
      clearMarks(node);
      saveEdit(screen, asked);
    },
    onChange: (listener) => f.listeners.push(listener),
    /** listener({ruleset, kind, system, counts, data}) after every change of the battle, the player's or a fill. */
    onContext: (listener) => f.contextListeners.push(listener),
    setDisabled(flag) {
      settings.disabled = flag;
      for (const role of ROLES) f.forces[role].setDisabled(flag);
    },
  };
}
