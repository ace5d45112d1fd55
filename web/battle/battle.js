// The battle screen: pick a ruleset, a luck system, the kind of battle and the
// forces, then roll round by round. Each step asks pycore to replay the battle
// from its seed (or the players' own dice) with one round, one casualty choice
// or one set of dice more, so the state of a battle is just its request —
// which is also its share link.

import {el, clear, yieldToPage} from "../kit/dom.js";
import {BUILT_IN, SYSTEM_NOTES, missingUnitsNote, listUnits} from "../kit/rulesets.js";
import {loadChoice, saveChoice, onChoice} from "../kit/prefs.js";
import {historyPanel, remember} from "../kit/history.js";
import {armiesPanel} from "../kit/armies.js";
import {createForces, forceTools} from "../kit/forces.js";
import {renderRound, outcomeText, aftermath} from "./log.js";
import {newSeed} from "../kit/seed.js";
import {createColoredSetup, renderColoredRound, coloredPause} from "./colored.js";
import {PRINTED_SUBS_HINT, PRINTED_SUBS_TEXT, createSideOptions, printedSubsApply, unitsFor} from "../kit/battle-options.js";
import {casualtyPanel, withDice} from "./battle-pause.js";
import {startingEntries, tableDicePanel, tableDiceRequest} from "./table-dice.js";
import {undo, undoLabel} from "./decisions.js";
import {createVariantPicker} from "./chess.js";
import {openingHash, previewLink, readFragment} from "../kit/link.js";
import {createBeaconPanel} from "./beacon-panel.js";
import {createCommitPanel} from "./commit-panel.js";
import {copyInto} from "../kit/copy.js";
import {showMessage as say, flagInvalid, nodeFor} from "../kit/feedback.js";

const KIND_NAMES = {land: "Land", sea: "Sea", amphibious: "Amphibious"};
const KIND_NOTES = {
  land: "A land battle: land units and aircraft; the defender may have AA guns.",
  sea: "A sea battle: ships and aircraft. Subs strike first unless the enemy has a destroyer.",
  amphibious: "Land units attack from the sea; the attacker's ships bombard once before round 1.",
};

const OFFLINE_HINT = "You seem to be offline on a first visit — connect once, then Luckdial works offline.";

const motion = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");

/** This screen's set-up runs over several tasks; app.js waits for its `built` before the next screen. */
export const builtInSteps = true;

/**
 * Build the screen in `section`; resolves once Python is ready (or failed). The set-up is cut into
 * steps, each its own task (yieldToPage), marked "luckdial:battle step <name>": the whole of it in
 * one task held the main thread 40–150 ms (bench/lighthouse.py's long tasks, issue #16). The form
 * is filled before it is put on the page, so it is never seen empty; built() is called then.
 */
export async function init(client, section, {built = () => {}} = {}) {
  // A shared link's visit builds the screen in one go: its reader waits for nothing but the
  // link's forces, and each step given back to a page that is still loading (the worker's
  // messages, the other modules) cost 10-30 ms (bench/load.py's "battle step" marks, #16).
  const linkOpening = Boolean(readFragment(openingHash()).link);
  const stepDone = async (name) => {
    performance.mark(`luckdial:battle step ${name}`);
    if (!linkOpening) await yieldToPage();
  };
  // The die pads (kit/widgets.js) take their look from the Research screen's research/research.css.
  if (!document.querySelector('link[href="research/research.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "research/research.css"}));
  }
  let data = BUILT_IN;
  let battle = null; // {request: the resolve request last answered, result}
  let declared = null; // a battle bound to a beacon round not yet verified here (its setup is shown)
  let pause = null; // the casualty or dice panel shown while the battle waits
  let pressedOn = false; // "Press on" had the focus when used: it gets it back once the round is shown
  let undone = null; // the decision Undo just took back (decisions.js): its dice are offered again
  let busy = false;
  let engine = "loading"; // "loading" | "ready" | "failed"
  let percent = 0;
  let loadStep = ""; // the step of Python's loading, named under the bar
  let replaying = false; // a shared link's set-up is on screen, its battle waits for Python

  // ---- form ---------------------------------------------------------------
  const rulesetSelect = el("select", {id: "ruleset", name: "ruleset"});
  const systemNote = el("p", {class: "hint", id: "system-note"});
  const systemBox = el("div", {class: "segmented", role: "radiogroup", "aria-label": "Luck system", id: "system"});
  const variant = createVariantPicker({onChange: () => { saveChoice({variant: variant.get()}, "battle"); edited(); }});
  variant.set(loadChoice().variant);
  const missingNote = el("p", {class: "hint", id: "missing-units"});
  const kindNote = el("p", {class: "hint", id: "kind-note"});
  const kindBox = el("div", {class: "segmented", role: "radiogroup", "aria-label": "Kind of battle", id: "kind"},
    ...Object.entries(KIND_NAMES).map(([id, name]) => {
      const input = el("input", {type: "radio", name: "kind", id: `kind-${id}`, value: id, checked: id === "land"});
      input.addEventListener("change", () => { kindNote.textContent = KIND_NOTES[id]; fillUnits(); edited(); });
      return el("label", {for: `kind-${id}`, class: "segment"}, input, el("span", {}, name));
    }));
  kindNote.textContent = KIND_NOTES.land;
  const attacker = createForces({side: "attacker", title: "Attacker", stat: "attack"});
  const defender = createForces({side: "defender", title: "Defender", stat: "defense"});
  await stepDone("forces");
  const options = {
    attacker: createSideOptions({side: "attacker", title: "Attacker", onChange: () => optionsChanged()}),
    defender: createSideOptions({side: "defender", title: "Defender", onChange: () => optionsChanged()}),
  };
  attacker.node.append(options.attacker.node);
  const colored = createColoredSetup({onChange: () => edited()}); // coloured dice: chart and commitments
  defender.node.append(options.defender.node);
  const toggle = (id, text, hint) => {
    const input = el("input", {type: "checkbox", id, name: id});
    const node = el("div", {class: "toggle-field", id: `${id}-field`},
      el("label", {class: "toggle", for: id}, input, el("span", {class: "toggle-text"}, text)),
      el("p", {class: "hint"}, hint));
    return {input, node};
  };
  const referee = toggle("referee", "I roll my own dice", "Roll real dice at the table and tap in what you rolled; Luckdial applies the rules.");
  const beaconMode = toggle("beacon-mode", "Dice from a public beacon (forum play)",
    "Declare the battle now: its dice come from a round of the League of Entropy's public beacon drawn 5 minutes later. Post the link before then — nobody, you included, can know the dice when you post.");
  const commitMode = toggle("commit-mode", "Dice made by both players (no network)",
    "Commit–reveal: you post a commitment, your opponent replies with any phrase, you reveal. The dice come from both, so neither can choose them.");
  const choose = toggle("choose-casualties", "Choose casualties", "Pause at every hit so the side that lost units picks them (Luckdial suggests cheapest first).");
  const lhtr = toggle("lhtr", "LHTR heavy bombers", "Heavy bombers roll two dice and keep the better one (instead of two hits).");
  const printedSubs = toggle("printed-subs", PRINTED_SUBS_TEXT, PRINTED_SUBS_HINT);
  const seedInput = el("input", {id: "seed", name: "seed", type: "text", autocomplete: "off", autocapitalize: "off",
    spellcheck: "false", value: newSeed(), "aria-describedby": "seed-hint"});
  const seedButton = el("button", {type: "button", class: "small", id: "new-seed"}, "New seed");
  const settings = el("fieldset", {class: "settings"},
    el("legend", {class: "visually-hidden"}, "Battle settings"),
    el("div", {class: "field"}, el("label", {for: "ruleset"}, "Ruleset"), rulesetSelect),
    el("div", {class: "field"}, el("span", {class: "label", id: "system-label"}, "Luck system"), systemBox, systemNote, variant.node),
    el("div", {class: "field"}, el("span", {class: "label", id: "kind-label"}, "Kind of battle"), kindBox, kindNote, missingNote));
  const seedBox = el("div", {class: "field", id: "seed-box"}, el("label", {for: "seed"}, "Seed"),
    el("div", {class: "seed-row"}, seedInput, seedButton),
    el("p", {class: "hint", id: "seed-hint"}, "The same seed always rolls the same dice."));
  const seedField = el("fieldset", {class: "settings seed-field"},
    el("legend", {class: "visually-hidden"}, "How to play"),
    referee.node, beaconMode.node, commitMode.node, seedBox, choose.node, lhtr.node, printedSubs.node);
  // One source of dice at a time (pycore/origin.py): the seed, the table, the beacon or commit–reveal.
  const sources = [referee, beaconMode, commitMode];
  const showSeedBox = () => { seedBox.hidden = sources.some((t) => t.input.checked); };
  for (const source of sources) {
    source.input.addEventListener("change", () => {
      if (source.input.checked) for (const other of sources) if (other !== source) other.input.checked = false;
      showSeedBox(); setPhase(); edited();
    });
  }
  await stepDone("settings");
  const tools = forceTools("battle", attacker, defender, () => { optionsChanged(); edited(); });
  const recentBattles = historyPanel("battle", "battle-history", "Recent battles");
  const armies = armiesPanel({idBase: "battle", forces: {attacker, defender}, ruleset: () => currentRuleset(),
    onChange: () => { optionsChanged(); edited(); }});
  const form = el("form", {class: "battle-form", id: "battle-form", novalidate: true},
    recentBattles.node, settings, tools, armies.node, attacker.node, defender.node, seedField);
  form.insertBefore(colored.node, seedField);

  await stepDone("form");

  // ---- log, outcome, share --------------------------------------------------
  const logHeader = el("div", {class: "log-header"});
  const rounds = el("div", {class: "rounds"});
  const outcome = el("div", {class: "outcome", id: "outcome", role: "status", hidden: true});
  const pauseSlot = el("div", {class: "pause-slot", id: "pause-slot"});
  const reportStatus = el("p", {class: "hint", id: "report-status", role: "status"});
  const reportText = el("textarea", {id: "report-fallback", readonly: true, rows: 8, hidden: true, "aria-label": "Battle report to copy"});
  const copyButtons = [["text", "Copy text"], ["bbcode", "Copy BBCode"], ["markdown", "Copy Markdown"]].map(([format, label]) => {
    const button = el("button", {type: "button", class: "small", id: `copy-${format}`}, label);
    button.addEventListener("click", () => copyReport(format));
    return button;
  });
  const reportPanel = el("div", {class: "report-panel", id: "report-panel", hidden: true},
    el("h3", {}, "Post it on a forum"), el("div", {class: "copy-row"}, copyButtons), reportText, reportStatus);
  const linkField = el("input", {id: "share-link", type: "url", readOnly: true, "aria-label": "Link to this battle"});
  const shareStatus = el("p", {class: "hint", id: "share-status", role: "status"});
  const sharePanel = el("div", {class: "share-panel", id: "share-panel", hidden: true},
    el("label", {for: "share-link"}, "Link to this battle"), linkField, shareStatus);
  // The calculator (odds/calc.js) listens for this event and opens with the armies left.
  const oddsButton = el("button", {type: "button", class: "small odds-here", id: "odds-here"}, "Odds from here");
  oddsButton.addEventListener("click", () => document.dispatchEvent(new CustomEvent("luckdial:odds",
    {detail: {request: battle.request, result: battle.result}})));
  const log = el("section", {class: "log", id: "battle-log", "aria-label": "Battle log", hidden: true},
    el("h2", {}, "Battle log"), logHeader, rounds, pauseSlot, oddsButton, outcome, sharePanel, reportPanel);

  // ---- sticky action bar ----------------------------------------------------
  const message = el("div", {class: "message", id: "battle-message", role: "alert", hidden: true});
  const rollButton = el("button", {type: "button", class: "primary", id: "roll"}, "Roll round 1");
  const pressButton = el("button", {type: "button", class: "primary", id: "press"}, "Press on");
  const retreatButton = el("button", {type: "button", class: "secondary", id: "retreat"}, "Retreat");
  const shareButton = el("button", {type: "button", class: "primary", id: "share"}, "Share this battle");
  const newButton = el("button", {type: "button", class: "secondary", id: "new-battle"}, "New battle");
  const submergeButtons = ["defender", "attacker"].map((side) => {
    const button = el("button", {type: "button", class: "small", id: `submerge-${side}`},
      `${side === "attacker" ? "Attacker" : "Defender"} subs submerge`);
    button.addEventListener("click", () => submerge(side));
    return button;
  });
  const submergeRow = el("div", {class: "submerge-row", id: "submerge-row"}, submergeButtons);
  const progress = el("progress", {class: "load-progress", max: 100, value: 0, "aria-label": "Loading Python"});
  const progressStep = el("p", {class: "hint load-step", id: "load-step", hidden: true});
  // Undo (#29): the battle's request without its last decision (web/battle/decisions.js).
  const undoButton = el("button", {type: "button", class: "secondary undo", id: "battle-undo"});
  undoButton.addEventListener("click", () => takeBack());
  const buttonRow = el("div", {class: "buttons"}, rollButton, pressButton, retreatButton, shareButton, newButton, undoButton);
  const actions = el("div", {class: "actions"}, message, progress, progressStep, submergeRow, buttonRow);

  // A battle declared on a beacon round: its state (data-beacon), the time to post by, the check.
  const beacon = createBeaconPanel({onRetry: () => checkDeclared()});
  const commitPanel = createCommitPanel({client, onReveal: (request) => reveal(request)});
  const show = () => section.replaceChildren(beacon.node, commitPanel.node, form, log, actions); // the verdict first, the setup below

  // ---- helpers --------------------------------------------------------------
  const currentRuleset = () => data.rulesets.find((r) => r.id === rulesetSelect.value) || data.rulesets[0];
  const currentSystem = () => systemBox.querySelector("input:checked")?.value || "dice";
  const currentKind = () => kindBox.querySelector("input:checked")?.value || "land";
  const battleUnits = (ruleset, role) => unitsFor(data, ruleset, currentKind(), role);
  const note = (id) => data.systems.find((s) => s.id === id)?.summary || SYSTEM_NOTES[id] || "";
  const unitNames = () => new Map(currentRuleset().units.map((u) => [u.id, u.name]));

  /** The ruleset and system pickers, then (unless units is false: the set-up's next step) the unit rows. */
  function fillPickers({units = true} = {}) {
    const chosen = rulesetSelect.value || loadChoice().ruleset;
    rulesetSelect.replaceChildren(...data.rulesets.map((r) => el("option", {value: r.id}, r.name)));
    rulesetSelect.value = data.rulesets.some((r) => r.id === chosen) ? chosen : data.rulesets[0].id;
    // A remembered system pycore has not listed yet (before Python is ready: only Dice and Low
    // Luck) is waited for rather than replaced by the first one offered.
    const system = systemBox.dataset.wanted || systemBox.querySelector("input:checked")?.value || loadChoice().system;
    systemBox.dataset.wanted = data.systems.some((s) => s.id === system) ? "" : system;
    systemBox.replaceChildren(...data.systems.map((s) => {
      const input = el("input", {type: "radio", name: "system", id: `system-${s.id}`, value: s.id, checked: s.id === system});
      input.addEventListener("change", () => {
        systemBox.dataset.wanted = "";
        systemNote.textContent = note(s.id); variant.show(s.id === "chess"); optionsChanged(); edited();
        saveChoice({system: s.id, ...(s.id === "chess" ? {variant: variant.get()} : {})}, "battle");
      });
      return el("label", {for: `system-${s.id}`, class: "segment"}, input, el("span", {}, s.name));
    }));
    if (!systemBox.querySelector("input:checked")) systemBox.querySelector("input").checked = true;
    systemNote.textContent = note(currentSystem());
    variant.setVariants(data.systems.find((s) => s.id === "chess")?.variants);
    variant.show(currentSystem() === "chess");
    if (units) fillUnits();
  }

  let fillingUnits = false; // both sides' rows are being set: the side options follow once, at the end
  function fillUnits() {
    fillingUnits = true;
    try {
      attacker.setUnits(battleUnits(currentRuleset(), "attacker"));
      defender.setUnits(battleUnits(currentRuleset(), "defender"));
    } finally {
      fillingUnits = false;
    }
    missingNote.textContent = missingUnitsNote(data, currentRuleset().id, currentKind());
    missingNote.hidden = !missingNote.textContent;
    armies.draw(); // the saved armies are the ruleset's
    optionsChanged();
  }

  // Another screen changed the table's rules: follow it, unless a battle is under way here.
  onChoice("battle", (choice) => {
    if (battle || busy) return;
    if (data.rulesets.some((r) => r.id === choice.ruleset)) rulesetSelect.value = choice.ruleset;
    const radio = systemBox.querySelector(`input[value="${CSS.escape(choice.system)}"]`);
    if (radio) radio.checked = true;
    systemBox.dataset.wanted = radio ? "" : choice.system;
    if (choice.variant) variant.set(choice.variant);
    systemNote.textContent = note(currentSystem());
    variant.show(currentSystem() === "chess");
    fillUnits();
  });

  function optionsChanged() {
    for (const [role, forces] of [["attacker", attacker], ["defender", defender]]) {
      options[role].setContext({ruleset: currentRuleset(), kind: currentKind(), system: currentSystem(),
        counts: forces.getCounts(), tech: data.tech || BUILT_IN.tech});
    }
    lhtr.node.hidden = !(options.attacker.hasTech("heavy_bombers") || options.defender.hasTech("heavy_bombers"));
    printedSubs.node.hidden = !printedSubsApply(currentRuleset(), currentKind(), currentSystem());
    colored.setDefault(data.systems.find((s) => s.id === "colored")?.chart);
    colored.setContext({ruleset: currentRuleset(), system: currentSystem(),
      counts: {attacker: attacker.getCounts(), defender: defender.getCounts()}});
  }
  attacker.onChange(() => { if (!fillingUnits) optionsChanged(); });
  defender.onChange(() => { if (!fillingUnits) optionsChanged(); });

  const showMessage = (text, kind = "error", detail = "") => say(message, text, kind, detail);

  // Point at the field a pycore error names: "seed", "attacker.units.tank", …
  const SINGLE = {ruleset: rulesetSelect, system: systemBox, seed: seedInput, kind: kindBox};
  function markField(field) {
    const path = (field || "").split(".");
    const single = nodeFor(field, SINGLE);
    for (const node of Object.values(SINGLE)) flagInvalid(node, node === single);
    attacker.markInvalid(null);
    defender.markInvalid(null);
    const side = {attacker, defender}[path[0]];
    if (side) side.markInvalid(path[1] === "units" && path[2] ? path[2] : true);
  }

  function showError(error, prefix = "") {
    showMessage(prefix + (error?.message || "Something went wrong."));
    markField(error?.field);
  }

  function edited() {
    if (!battle) {
      showMessage("");
      markField(null);
    }
  }

  function setPhase() {
    const result = battle?.result;
    const waiting = Boolean(result?.waiting);
    const fighting = result && result.outcome === "in_progress" && !waiting;
    const over = result && !fighting;
    const setup = !result;
    const n = result ? result.rounds.length : 0;
    rollButton.hidden = !setup || Boolean(declared);
    pressButton.hidden = retreatButton.hidden = !fighting;
    // At a table the next round's pads show as soon as a round ends (#29): entering its dice is pressing on.
    if (fighting && pause) pressButton.hidden = true;
    shareButton.hidden = !over;
    newButton.hidden = !over && !declared; // a declared or committed battle can be left for a new one
    const last = battle ? undoLabel(battle.request, result) : null;
    undoButton.hidden = !last;
    undoButton.disabled = busy; // kept in place while pycore answers: the bar does not jump
    if (last) {
      undoButton.replaceChildren(el("span", {"aria-hidden": "true"}, "↶ "), "Undo ",
        el("span", {class: "sub"}, last.text.replace(/^Undo: /, "")));
      undoButton.title = last.title;
      undoButton.dataset.label = last.text;
    }
    if (waiting) for (const button of [rollButton, shareButton, newButton]) button.hidden = true;
    buttonRow.hidden = waiting && undoButton.hidden;
    oddsButton.hidden = !(result && result.outcome === "in_progress" && result.rounds.some((r) => r.complete)) || busy;
    const canSubmerge = fighting && !busy ? submergeSides(result) : [];
    for (const button of submergeButtons) button.hidden = !canSubmerge.includes(button.id.replace("submerge-", ""));
    submergeRow.hidden = !canSubmerge.length;
    if (pause) pause.busy = busy;
    showLoading(); // while loading, it also names the roll button
    if (engine === "failed") rollButton.textContent = "Battle engine unavailable";
    else if (engine === "ready" && commitMode.input.checked) rollButton.textContent = busy ? "Committing…" : "Make the commitment";
    else if (engine === "ready" && beaconMode.input.checked) rollButton.textContent = busy ? "Declaring…" : "Declare on the beacon";
    else if (engine === "ready") rollButton.textContent = busy ? "Rolling…" : "Roll round 1";
    if (busy) pressButton.textContent = "Rolling…";
    else pressButton.replaceChildren(battle?.request?.dice ? "Roll" : "Press on", el("span", {class: "sub"}, ` (round ${n + 1})`));
    rollButton.disabled = engine !== "ready" || busy;
    pressButton.disabled = retreatButton.disabled = busy;
    const locked = Boolean(battle) || busy || replaying || Boolean(declared);
    settings.disabled = seedField.disabled = locked;
    attacker.setDisabled(locked);
    defender.setDisabled(locked);
    form.classList.toggle("locked", locked);
    // During a battle the log's header shows the set-up: on a phone the form steps aside;
    // on a wide screen it stays, locked, beside the log (style.css, two columns from 900 px).
    form.classList.toggle("in-battle", Boolean(battle));
  }

  function showLoading() {
    progress.hidden = engine !== "loading";
    progress.value = percent;
    progress.title = loadStep;
    progressStep.hidden = engine !== "loading" || !loadStep;
    progressStep.textContent = loadStep ? `${loadStep}… ${percent}%` : "";
    if (engine === "loading") rollButton.textContent = replaying ? `Replaying… ${percent}%` : `Loading Python… ${percent}%`;
  }

  // ---- the battle -------------------------------------------------------------
  function renderLog() {
    const result = battle?.result;
    log.hidden = !result;
    clear(rounds);
    outcome.hidden = true;
    sharePanel.hidden = true;
    reportPanel.hidden = true;
    pause = null;
    clear(pauseSlot);
    if (!result) return;
    const names = unitNames();
    const system = result.system?.name || battle.request.system.name;
    const rulesetName = currentRuleset().name;
    const systemName = (data.systems.find((s) => s.id === system)?.name || system) +
      (result.system?.variant ? ` ${variant.name(result.system.variant)}` : "");
    const request = battle.request;
    const kindName = KIND_NAMES[request.kind || "land"];
    const techNames = new Map((data.tech || BUILT_IN.tech).map((t) => [t.id, t.name]));
    const extras = (side) => {
      const parts = [];
      if (side.tech?.length) parts.push(side.tech.map((t) => techNames.get(t) || t).join(", "));
      if (side.cargo && Object.keys(side.cargo).length) parts.push(`cargo: ${listUnits(side.cargo, names, "")}`);
      if (side.fold_subs) parts.push(`${side.fold_subs} subs folded in`);
      return parts.length ? el("span", {class: "extras"}, ` (${parts.join("; ")})`) : "";
    };
    logHeader.replaceChildren(
      el("p", {class: "setup-line"}, `${rulesetName} · ${systemName} · ${kindName}${request.lhtr ? " · LHTR" : ""}${request.sub_rule === "printed" ? " · printed sub rule" : ""}`),
      diceSourceLine(result.dice_source),
      el("p", {class: "start"}, el("strong", {}, "Attacker: "), listUnits(request.attacker.units, names, "nothing"), extras(request.attacker)),
      el("p", {class: "start"}, el("strong", {}, "Defender: "), listUnits(request.defender.units, names, "nothing"), extras(request.defender)));
    result.rounds.forEach((round, i) => rounds.append((system === "colored" ? renderColoredRound : renderRound)(round, {
      names, system, last: i === result.rounds.length - 1, outcome: result.outcome})));
    const words = outcomeText(result, names);
    if (words) {
      outcome.hidden = false;
      outcome.className = `outcome ${result.outcome}`;
      outcome.replaceChildren(words, ...aftermath(result, names).map((line) => el("span", {class: "aftermath"}, line)));
    }
    renderPause(result, names, system);
    reportText.hidden = true;
    reportStatus.textContent = "";
    // Nothing resolved yet (the players' first dice still to enter): no odds, no forum copy.
    const resolved = result.rounds.some((round) => round.complete);
    reportPanel.hidden = !result.report || !resolved;
    if (pause?.scrollTarget) pause.scrollTarget.scrollIntoView({block: "center", behavior: motion()});
    else (pause ? pause.node : words ? outcome : rounds.lastElementChild)?.scrollIntoView({block: "end", behavior: motion()});
  }

  // Where the dice came from, in pycore's words (pycore/origin.py): the same sentence as the forum exports.
  function diceSourceLine(source) {
    if (!source) return "";
    return el("p", {class: "dice-source", id: "dice-source", dataset: {kind: source.kind}}, "Dice: ", source.label);
  }

  // The panel shown while the battle waits: a casualty choice, or the dice to enter.
  function renderPause(result, names, system) {
    const waiting = result.waiting;
    if (system === "colored") {
      const add = (key) => (entry) => step({...battle.request, [key]: [...(battle.request[key] || []), entry]});
      pause = coloredPause(result, names, {boosts: add("boosts"), casualties: add("casualties"),
        dice: (entries) => step({...battle.request, dice: withDice(battle.request.dice, entries)})});
    } else if (waiting?.kind === "casualties") {
      const units = Object.fromEntries(currentRuleset().units.map((u) => [u.id, u]));
      pause = casualtyPanel(waiting, units, (choice) =>
        step({...battle.request, casualties: [...(battle.request.casualties || []), choice]}));
    } else if (waiting?.kind === "dice" || (waiting && result.next_dice?.length)
        || (!waiting && battle.request.dice && result.outcome === "in_progress" && result.next_dice?.length)) {
      // The table's dice (#29): counted or tapped per group; a round that ended asks at once for the next one's.
      pause = tableDicePanel(waiting?.dice || result.next_dice, {names, start: startingEntries(undone),
        onEnter: (entries) => step(tableDiceRequest(battle.request, entries))});
    }
    if (pause) pauseSlot.append(pause.node);
  }

  // A request made from a pause: a refusal is shown next to the panel, which keeps its entries.
  async function step(request) {
    const error = await play(request, {quiet: true});
    if (error && pause) pause.refuse(error.message, error.detail?.dice_needed);
  }

  // Undo: pycore is asked the request without the last decision; undoing round 1 goes back to the set-up.
  async function takeBack() {
    const back = battle && undo(battle.request, battle.result);
    if (!back) return;
    undone = back.undone;
    if (back.request) {
      await play(back.request);
    } else {
      forgetBattle();
      history.replaceState(history.state, "", location.pathname + location.search + "#battle");
      renderLog();
      setPhase();
      rollButton.focus({preventScroll: true});
    }
    undone = null;
  }

  function submergeSides(result) {
    if (!result || (battle.request.kind || "land") !== "sea") return [];
    const last = result.rounds.at(-1);
    if (!last?.complete) return [];
    const done = (battle.request.submerge || []).filter((s) => s.round === last.round).map((s) => s.side);
    return ["defender", "attacker"].filter((side) => {
      const enemy = side === "attacker" ? "defender" : "attacker";
      return !done.includes(side) && (last.after[side]?.submarine || 0) > 0 && !(last.after[enemy]?.destroyer > 0);
    });
  }

  function submerge(side) {
    const n = battle.result.rounds.length;
    play({...battle.request, submerge: [...(battle.request.submerge || []), {round: n, side}]});
  }

  /** Ask pycore; on success show the battle and return null, else return the error. */
  async function play(request, {quiet = false} = {}) {
    busy = true;
    setPhase();
    // The exports link back to this very page (pycore/report.py); a beacon round is only ever resolved
    // after the page verified it (kit/beacon.js), so the words may say so.
    const report = {page: location.href.split("#")[0], ...(request.beacon ? {beacon_verified: true} : {})};
    const envelope = await client.call({...request, report});
    busy = false;
    if (!envelope.ok) {
      if (!quiet || !pause) showError(envelope.error);
      setPhase();
      return envelope.error || {message: "Something went wrong."};
    }
    showMessage("");
    markField(null);
    battle = {request, result: envelope.result};
    history.replaceState(history.state, "", "#" + envelope.result.link);
    try {
      renderLog();
    } catch (error) { // never a silent half-drawn battle: the log so far stays and the player is told
      showMessage("Luckdial could not show this step of the battle. Please report it, with the link.", "error", String(error));
    }
    setPhase();
    focusResult();
    rememberBattle();
    return null;
  }

  // The battle in this device's history (kit/history.js): one entry per battle, its latest link.
  function rememberBattle() {
    const {request, result} = battle;
    if (!result.rounds.some((r) => r.complete)) return;
    const names = unitNames();
    const start = {ruleset: request.ruleset, system: request.system, kind: request.kind, seed: request.seed ?? null,
      attacker: request.attacker, defender: request.defender};
    const systemName = data.systems.find((s) => s.id === request.system.name)?.name || request.system.name;
    const words = outcomeText(result, names);
    remember({screen: "battle", key: JSON.stringify(start), link: result.link,
      label: `${currentRuleset().name} · ${systemName}: ${listUnits(request.attacker.units, names, "nothing")} v ` +
        `${listUnits(request.defender.units, names, "nothing")} — ${words || `round ${result.rounds.length}`}`});
  }

  // Keyboard and screen-reader players follow the battle: when the control just used is gone
  // (Roll, Retreat, a pause's confirm button) focus moves to what it produced — the next
  // pause's first control, the outcome, or the new round. "Press on" stays put so Enter repeats it.
  function focusResult() {
    const again = pressedOn;
    pressedOn = false;
    if (again && !pressButton.hidden && !pressButton.disabled && !pause) {
      pressButton.focus({preventScroll: true});
      return;
    }
    const at = document.activeElement;
    if (at && at !== document.body && section.contains(at) && !at.disabled && at.offsetParent !== null) return;
    const target = pause?.focusTarget || pause?.node.querySelector("button:not([disabled]), input:not([disabled])")
      || (!outcome.hidden ? outcome : rounds.lastElementChild);
    if (!target) return;
    if (!target.matches("button, input")) target.tabIndex = -1;
    target.focus({preventScroll: true});
  }

  async function copyReport(format) {
    const text = battle?.result?.report?.[format] || "";
    reportText.value = text;
    try {
      await navigator.clipboard.writeText(text);
      reportText.hidden = true;
      reportStatus.textContent = "Copied. Paste it into your forum post.";
    } catch {
      // No clipboard (permission refused, old browser): select the text for a manual copy.
      reportText.hidden = false;
      reportText.focus();
      reportText.select();
      let copied = false;
      try { copied = document.execCommand("copy"); } catch { copied = false; }
      reportStatus.textContent = copied ? "Copied. Paste it into your forum post." : "Selected below: copy it by hand.";
    }
  }

  function formRequest() {
    const system = currentSystem() === "chess" ? {name: "chess", variant: variant.get()} : {name: currentSystem()};
    const request = {op: "resolve", ruleset: rulesetSelect.value, system};
    if (currentKind() !== "land") request.kind = currentKind();
    request.attacker = {units: attacker.getCounts(), ...options.attacker.get()};
    request.defender = {units: defender.getCounts(), ...options.defender.get()};
    if (!lhtr.node.hidden && lhtr.input.checked) request.lhtr = true;
    if (!printedSubs.node.hidden && printedSubs.input.checked) request.sub_rule = "printed";
    if (choose.input.checked) request.choose_casualties = true;
    if (referee.input.checked) request.dice = [];
    else if (!beaconMode.input.checked && !commitMode.input.checked) request.seed = seedInput.value;
    if (currentSystem() === "colored") colored.apply(request);
    return request;
  }

  // The next round: one round more, and in referee mode an empty entry for its dice (pycore then asks for them).
  function nextRound(request, n) {
    const next = {...request, rounds: n + 1};
    if (request.dice) {
      next.dice = request.dice.slice();
      while (next.dice.length < n + 1) next.dice.push({});
    }
    return next;
  }
  rollButton.addEventListener("click", () => {
    if (beaconMode.input.checked) declare();
    else if (commitMode.input.checked) commit();
    else play(nextRound(formRequest(), 0));
  });

  // ---- commit–reveal (battle/commit-panel.js) ----------------------------------------------
  async function commit() {
    const request = formRequest();
    busy = true;
    setPhase();
    const envelope = await commitPanel.commit(request);
    busy = false;
    if (!envelope.ok) {
      showError(envelope.error);
    } else {
      showMessage("");
      markField(null);
      declared = {...request, commit: {hash: envelope.result.hash}};
    }
    setPhase();
  }

  async function reveal(request) {
    declared = null;
    const error = await play(request);
    if (!error) commitPanel.revealed();
  }

  // ---- beacon-declared battles (kit/beacon.js, docs/links.md) -----------------------------
  // Declaring binds the battle to a round drawn a few minutes from now; the link holds the battle and the round.
  async function declare() {
    const {roundToDeclare} = await import("../kit/beacon.js");
    const request = {...formRequest(), beacon: {round: roundToDeclare()}};
    busy = true;
    setPhase();
    const envelope = await client.call({op: "share", encode: request});
    busy = false;
    if (!envelope.ok) {
      showError(envelope.error);
      setPhase();
      return;
    }
    showMessage("");
    markField(null);
    history.replaceState(null, "", "#" + envelope.result.link);
    declared = envelope.result.request || request;
    beacon.declare(declared, location.href);
    setPhase();
    await checkDeclared();
  }

  // The round's state: pending (countdown, checked again when drawn), verified (the battle is fought),
  // unreachable or invalid (said, the setup stays shown).
  async function checkDeclared() {
    if (!declared) return;
    const request = declared;
    const verified = await beacon.check(request);
    if (verified && declared === request) {
      declared = null;
      await play(verified);
    }
    setPhase();
  }
  pressButton.addEventListener("click", () => {
    // Disabled while it rolls, the button drops the focus: given back after (focusResult), so Enter repeats it.
    pressedOn = document.activeElement === pressButton;
    play(nextRound(battle.request, battle.result.rounds.length));
  });
  retreatButton.addEventListener("click", () => {
    const n = battle.result.rounds.length;
    play({...battle.request, rounds: n, choices: [...Array(n - 1).fill("press"), "retreat"]});
  });
  shareButton.addEventListener("click", async () => {
    sharePanel.hidden = false;
    shareStatus.textContent = await copyInto(linkField, location.href.split("#")[0] + "#" + battle.result.link)
      ? "Link copied. Anyone who opens it sees this very battle."
      : "Copy the link above to share this very battle.";
    sharePanel.scrollIntoView({block: "end", behavior: motion()});
  });
  // Forget the battle on screen and any declared one (a new battle, a link opened).
  function forgetBattle() {
    battle = null;
    declared = null;
    beacon.reset();
    commitPanel.reset();
  }
  newButton.addEventListener("click", () => {
    forgetBattle();
    seedInput.value = newSeed();
    history.replaceState(history.state, "", location.pathname + location.search + "#battle");
    renderLog();
    setPhase();
    window.scrollTo({top: 0, behavior: motion()});
  });
  seedButton.addEventListener("click", () => { seedInput.value = newSeed(); edited(); });
  rulesetSelect.addEventListener("change", () => { fillUnits(); edited(); saveChoice({ruleset: rulesetSelect.value}, "battle"); });
  form.addEventListener("input", edited);
  form.addEventListener("submit", (event) => event.preventDefault());
  // Enter in a count or the seed rolls, as a keyboard player expects of a form (the form has
  // no submit button, so the browser's implicit submission does not apply).
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || !event.target.matches("input[type=number], input[type=text]")) return;
    event.preventDefault();
    if (!rollButton.hidden && !rollButton.disabled) rollButton.click();
  });

  // ---- share links --------------------------------------------------------------
  // decoded: pycore's answer to {op: "share", decode}, when already asked for.
  async function openLink(fragment, decoded = null) {
    forgetBattle();
    renderLog();
    pause = null;
    showMessage(replaying ? "Replaying the shared battle…" : "Opening the shared link…", "info");
    setPhase();
    const envelope = await (decoded || client.call({op: "share", decode: fragment}));
    replaying = false;
    if (!envelope.ok) {
      attacker.setCounts({});
      defender.setCounts({});
      setPhase();
      showError(envelope.error, "This link is damaged or was edited: ");
      return;
    }
    const request = envelope.result.request;
    if (request.op !== "resolve") { // another screen's link: that screen opens it
      attacker.setCounts({});
      defender.setCounts({});
      showMessage("");
      setPhase();
      return;
    }
    fillFrom(request);
    if (request.beacon) {
      declared = request;
      beacon.opened(request);
      showMessage("");
      setPhase();
      checkDeclared(); // not awaited: a round not drawn yet keeps it waiting, the page is ready meanwhile
      return;
    }
    if (request.commit && !request.commit.secret) {
      declared = request;
      commitPanel.opened(request);
      showMessage("");
      setPhase();
      return;
    }
    const error = await play(request);
    if (!error && request.commit) commitPanel.revealed();
  }

  /** The form as a resolve request left it (a link's, read by pycore or, before Python, by kit/link.js). */
  function fillFrom(request) {
    if (data.rulesets.some((r) => r.id === request.ruleset)) rulesetSelect.value = request.ruleset;
    const kindRadio = kindBox.querySelector(`input[value="${CSS.escape(request.kind || "land")}"]`);
    if (kindRadio) kindRadio.checked = true;
    kindNote.textContent = KIND_NOTES[currentKind()];
    fillUnits();
    const radio = systemBox.querySelector(`input[value="${CSS.escape(request.system.name)}"]`);
    if (radio) radio.checked = true;
    systemBox.dataset.wanted = "";
    systemNote.textContent = note(currentSystem());
    variant.set(request.system.variant);
    variant.show(currentSystem() === "chess");
    attacker.setCounts(request.attacker.units);
    defender.setCounts(request.defender.units);
    options.attacker.set(request.attacker);
    options.defender.set(request.defender);
    colored.set(request);
    referee.input.checked = Array.isArray(request.dice);
    beaconMode.input.checked = Boolean(request.beacon);
    commitMode.input.checked = Boolean(request.commit);
    showSeedBox();
    choose.input.checked = Boolean(request.choose_casualties);
    optionsChanged();
    lhtr.input.checked = Boolean(request.lhtr);
    printedSubs.input.checked = request.sub_rule === "printed";
    if (typeof request.seed === "string") seedInput.value = request.seed;
  }

  window.addEventListener("hashchange", () => {
    const {link, problem} = readFragment(location.hash);
    if (problem) showMessage(problem);
    else if (engine === "ready" && link && link !== battle?.result?.link) openLink(link);
  });

  // ---- start --------------------------------------------------------------------
  await stepDone("actions");
  fillPickers({units: false});
  await stepDone("pickers");
  const {link, problem} = readFragment(openingHash());
  if (problem) showMessage(problem);
  // The link's set-up, read in JavaScript (kit/start.js began at the page's first moment, so it is
  // read by now), is in the form before the form is first shown; pycore judges the link once ready.
  // It fills the unit rows itself (fillFrom): filling them for the default set-up first and again
  // for the link's cost the link's visit 40–70 ms before its forces showed (bench/load.py, #16).
  const request = link ? await previewLink(openingHash()) : null;
  if (link) showMessage("Opening the shared link once Python is ready…", "info");
  if (request?.op === "resolve") {
    try {
      fillFrom(request);
      performance.mark("luckdial:link previewed");
      replaying = true;
      showMessage("Replaying the shared battle: it appears as soon as Python is ready.", "info");
    } catch {
      replaying = false; // an odd link: pycore will say what is wrong with it
      fillUnits();
    }
  } else {
    fillUnits();
  }
  setPhase();
  await stepDone("filled");
  show(); // filled before it is on the page: never seen empty
  // A shared battle's reader came for its forces: they are in view while Python loads, not below the
  // settings (at 390x844 the attacker's first row was under the action bar).
  if (replaying) attacker.node.scrollIntoView({block: "start"});
  performance.mark("luckdial:battle step shown");
  built();
  client.onProgress(({done, total, stage}) => {
    percent = total ? Math.min(99, Math.floor((100 * done) / total)) : 0;
    loadStep = stage || "";
    if (engine === "loading") showLoading(); // only the bar and its words: no whole-form pass per percent
  });

  // Asked now, answered the moment Python is ready (calls wait in the worker): the link's battle
  // then follows "ready" without a round trip through this page between.
  const ask = (request) => {
    const first = client.call(request);
    // A worker that died before it was ready answered "engine_stopped"; its successor is asked again.
    return () => first.then((envelope) => (envelope.error?.type === "engine_stopped" ? client.call(request) : envelope));
  };
  const askRulesets = ask({op: "rulesets"});
  const askDecode = link ? ask({op: "share", decode: link}) : null;

  return new Promise((resolve) => {
    client.onFailed((reason) => {
      engine = "failed";
      const offline = !navigator.onLine || /fetch|network|stalled|nothing arrived|load/i.test(reason);
      showMessage(`Could not load the battle engine. ${offline ? OFFLINE_HINT : "Please reload the page."}`, "error", reason);
      setPhase();
      resolve();
    });
    client.onReady(async () => {
      try {
        // Both questions at once: the link's battle follows the rulesets without a round trip between.
        const decoded = askDecode ? askDecode() : null;
        const envelope = await askRulesets();
        if (envelope.ok) {
          data = envelope.result;
          fillPickers();
        } else {
          showError(envelope.error, "Could not read the rulesets: ");
        }
        engine = "ready";
        setPhase();
        // Ready means Python answers: the link's battle is shown after, without holding the flag.
        resolve();
        if (link) await openLink(link, decoded);
      } catch (error) {
        showMessage("Luckdial failed while starting the battle screen. Please report it.", "error", String(error));
      } finally {
        resolve();
      }
    });
  });
}
