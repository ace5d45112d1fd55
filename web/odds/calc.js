// The calculator screen (issue #4): the odds of a battle before it is fought —
// win bar, survivors histogram, cost swing, rounds — and the luck dial, the
// same battle under every luck system side by side. Also opened from a battle
// in progress ("odds from here", an event from battle/battle.js) and from a calc link.
// calc-view.js draws the results; this module owns the form and the worker.

import {el} from "../kit/dom.js";
import {BUILT_IN, missingUnitsNote, countName, listUnits} from "../kit/rulesets.js";
import {loadChoice, saveChoice, onChoice} from "../kit/prefs.js";
import {createClient} from "../kit/client.js";
import {createForces, forceTools} from "../kit/forces.js";
import {PRINTED_SUBS_HINT, PRINTED_SUBS_TEXT, createSideOptions, printedSubsApply, unitsFor} from "../kit/battle-options.js";
import {segmented, stepper} from "../kit/widgets.js";
import {resultCard, dialRow, dialPeaks, estimateText} from "./calc-view.js";
import {createAdvisor, fewestToReach, MOST_ADDED} from "./advisor.js";
import {historyPanel, remember} from "../kit/history.js";
import {armiesPanel} from "../kit/armies.js";
import {openingHash, previewLink, readFragment} from "../kit/link.js";
import {copyInto} from "../kit/copy.js";
import {showMessage as say, nodeFor} from "../kit/feedback.js";

/**
 * The luck dial's systems. Systems the core does not know yet (it answers a
 * bad_request on `system…`) show as "not available yet" instead of failing the dial.
 */
export const SYSTEMS = [
  {key: "dice", label: "Dice", system: {name: "dice"}},
  {key: "lowluck", label: "Low Luck", system: {name: "lowluck"}},
  {key: "chess-orthodox", label: "A&A Chess", system: {name: "chess", variant: "orthodox"}},
  {key: "chess-ryof", label: "Chess, roll the fraction", system: {name: "chess", variant: "ryof"}},
  {key: "chess-ryof6", label: "Chess, roll every fraction", system: {name: "chess", variant: "ryof6"}},
  {key: "chess-cof", label: "Chess, carry the fraction", system: {name: "chess", variant: "cof"}},
  {key: "chess-cofr", label: "Chess, carry and roll", system: {name: "chess", variant: "cofr"}},
  {key: "colored", label: "Coloured dice", system: {name: "colored"}},
];
const keyOf = (system) => SYSTEMS.find((s) => s.system.name === system?.name &&
  (s.system.variant || null) === (system?.variant || null))?.key;
const refusedSystem = (error) => error?.type === "bad_request" && /^system(\.|$)/.test(error.field || "");

/** A link's calculation starts at once only when the core estimates it at most this long (docs/api.md "Cost budget"). */
export const LINK_START_SECONDS = 2;

const KINDS = [["land", "Land"], ["sea", "Sea"], ["amphibious", "Amphibious"]];
const ROLES = ["attacker", "defender"];
const motion = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");

/** The calc request for the rest of a battle in progress: the armies left, from the next round. */
export function oddsFromBattle(request, result) {
  const done = (result.rounds || []).filter((r) => r.complete);
  const last = done.at(-1);
  const calc = {op: "calc", ruleset: request.ruleset, system: request.system};
  if (request.kind && request.kind !== "land") calc.kind = request.kind;
  if (request.lhtr) calc.lhtr = true;
  if (request.sub_rule) calc.sub_rule = request.sub_rule;
  for (const role of ROLES) {
    const side = request[role] || {};
    const out = {units: {...(last ? last.after?.[role] : side.units)}};
    for (const name of ["order_of_loss", "tech", "fold_subs"]) if (side[name] !== undefined) out[name] = side[name];
    const damaged = last?.damaged?.[role];
    if (damaged && Object.keys(damaged).length) out.damaged = {...damaged};
    calc[role] = out;
  }
  if (last) calc.round = last.round + 1;
  // A&A Chess COF / COF+R: the fractions each side carries into the next assault change the odds.
  const carry = result.carry;
  if (carry && (carry.attacker || carry.defender)) calc.carry = {attacker: carry.attacker || 0, defender: carry.defender || 0};
  return calc;
}

export function init(client, section) {
  let data = BUILT_IN;
  let engine = "loading";
  let busy = null; // {label, started, timer} while a calculation runs
  let fromHere = null; // {round, damaged: {role: {unit: n}}, note} when opened from a battle
  let shown = null; // {request, result} of the last single calculation

  // ---- the calculator's own worker ------------------------------------------------------------
  // A dedicated module worker running the same worker.js (the same self-hosted Pyodide, never a
  // CDN). Cancel terminates it and the next calculation starts a fresh one lazily. Why: Pyodide
  // cannot be interrupted mid-call without a SharedArrayBuffer, which needs cross-origin isolation
  // headers GitHub Pages cannot send; terminating a worker is the only sure stop. Keeping it apart
  // from the page's main worker means a cancel never takes the Battle screen's engine down, and a
  // long calculation never queues a battle's next round behind it. The price is a second Python in
  // memory and a start of ~2–3 s (files come from the browser's cache) after each cancel.
  let calcClient = null;
  let calcPercent = 0;
  function calcWorker() {
    if (!calcClient) {
      calcClient = createClient({name: "calc"}); // "calc": it restores Python snapshots, never takes them
      calcPercent = 0;
      const mine = calcClient;
      delete section.dataset.calcReady;
      // The calculator's own Python is ready: tests and the dial bench read it (the page's is <html data-ready>).
      mine.onReady(() => { if (mine === calcClient) section.dataset.calcReady = "true"; });
      mine.onProgress(({done, total}) => {
        if (mine !== calcClient) return;
        calcPercent = total ? Math.min(99, Math.floor((100 * done) / total)) : 0;
        tick();
      });
    }
    return calcClient;
  }

  // ---- form -------------------------------------------------------------------------------------
  const rulesetSelect = el("select", {id: "calc-ruleset", name: "ruleset"});
  const systemSelect = el("select", {id: "calc-system", name: "system"},
    ...SYSTEMS.map((s) => el("option", {value: s.key}, s.label)));
  const choiceKey = (choice) => keyOf({name: choice.system, variant: choice.system === "chess" ? choice.variant || "orthodox" : null});
  systemSelect.value = choiceKey(loadChoice()) || "dice";
  const missingNote = el("p", {class: "hint", id: "calc-missing-units"});
  const kind = segmented("calc-kind", "Kind of battle", KINDS, () => { fillUnits(); edited(); });
  kind.value = "land";
  const forces = {};
  const options = {};
  for (const role of ROLES) {
    const title = role === "attacker" ? "Attacker" : "Defender";
    forces[role] = createForces({side: role, title, stat: role === "attacker" ? "attack" : "defense", idBase: `calc-${role}`});
    options[role] = createSideOptions({side: role, title, idBase: `calc-${role}`, withCargo: false, onChange: () => optionsChanged()});
    forces[role].node.append(options[role].node);
    forces[role].onChange(() => { optionsChanged(); edited(); });
  }
  const field = (label, control, id, ...rest) => el("div", {class: "field", id: `${id}-field`},
    el("label", {for: id}, label), control, ...rest);
  const settings = el("fieldset", {class: "settings"},
    el("legend", {class: "visually-hidden"}, "Calculator settings"),
    field("Ruleset", rulesetSelect, "calc-ruleset"),
    field("Luck system", systemSelect, "calc-system"),
    el("div", {class: "field", id: "calc-kind-field"}, el("span", {class: "label"}, "Kind of battle"), kind.node, missingNote));

  const roundsLimit = stepper("calc-rounds", "Round limit", {min: 0, max: 100, onChange: () => { moreState(); edited(); }});
  const retreatUnits = stepper("calc-retreat-units", "Retreat at this many units", {min: 0, max: 999, onChange: () => { moreState(); edited(); }});
  const retreatBelow = el("input", {id: "calc-retreat-below", type: "text", inputmode: "decimal", autocomplete: "off",
    placeholder: "never", "aria-describedby": "calc-retreat-below-hint"});
  const keepLand = el("input", {type: "checkbox", id: "calc-keep-land"});
  const lhtr = el("input", {type: "checkbox", id: "calc-lhtr"});
  const lhtrField = el("div", {class: "toggle-field", id: "calc-lhtr-field", hidden: true},
    el("label", {class: "toggle", for: "calc-lhtr"}, lhtr, el("span", {class: "toggle-text"}, "LHTR heavy bombers")),
    el("p", {class: "hint"}, "Heavy bombers roll two dice and keep the better one."));
  const printedSubs = el("input", {type: "checkbox", id: "calc-printed-subs"});
  const printedSubsField = el("div", {class: "toggle-field", id: "calc-printed-subs-field", hidden: true},
    el("label", {class: "toggle", for: "calc-printed-subs"}, printedSubs, el("span", {class: "toggle-text"}, PRINTED_SUBS_TEXT)),
    el("p", {class: "hint"}, PRINTED_SUBS_HINT));
  settings.append(printedSubsField);  // beside the kind of battle: it changes how a sea battle is fought
  const moreSummary = el("span", {class: "more-state"});
  const more = el("details", {class: "more calc-more", id: "calc-more"},
    el("summary", {}, "More: round limit, retreat", moreSummary),
    el("p", {class: "hint"}, "The attacker retreats after a round when either retreat rule is met. " +
      "His chance to win is the one the calculator would give from there, both sides fighting on."),
    el("div", {class: "fold-row", id: "calc-rounds-field"},
      el("label", {for: "calc-rounds", class: "unit-name"}, "Round limit", el("span", {class: "stat"}, "0 = fight to the end")), roundsLimit.node),
    el("div", {class: "fold-row", id: "calc-retreat-units-field"},
      el("label", {for: "calc-retreat-units", class: "unit-name"}, "Retreat at", el("span", {class: "stat"}, "units left; 0 = never")), retreatUnits.node),
    el("div", {class: "fold-row", id: "calc-retreat-below-field"},
      el("label", {for: "calc-retreat-below", class: "unit-name"}, "Retreat below",
        el("span", {class: "stat", id: "calc-retreat-below-hint"}, "% chance to win; empty = never")),
      el("span", {class: "pct-input"}, retreatBelow, el("span", {"aria-hidden": "true"}, "%"))),
    el("div", {class: "toggle-field", id: "calc-keep-land-field"},
      el("label", {class: "toggle", for: "calc-keep-land"}, keepLand, el("span", {class: "toggle-text"}, "Keep one land unit")),
      el("p", {class: "hint"}, "The attacker's last land unit is lost only when nothing else is left, so he can take the territory.")),
    lhtrField);
  const extras = el("fieldset", {class: "settings"}, el("legend", {class: "visually-hidden"}, "More options"), more);
  const advisor = createAdvisor({onFind: () => advise()});

  const hereNote = el("p", {id: "calc-from-text"});
  const hereReset = el("button", {type: "button", class: "small", id: "calc-from-reset"}, "Start at round 1");
  const here = el("div", {class: "message info calc-from", id: "calc-from", hidden: true}, hereNote, hereReset);
  const recentCalcs = historyPanel("odds", "calc-history", "Recent calculations");
  const armies = armiesPanel({idBase: "calc", forces, ruleset: () => currentRuleset(), onChange: () => { optionsChanged(); edited(); }});
  const form = el("form", {class: "battle-form calc-form", id: "calc-form", novalidate: true},
    here, recentCalcs.node, settings, forceTools("calc", forces.attacker, forces.defender, () => { optionsChanged(); edited(); }),
    armies.node, forces.attacker.node, forces.defender.node, extras, advisor.node);

  // ---- results -----------------------------------------------------------------------------------
  const resultBox = el("section", {class: "calc-result", id: "calc-result", "aria-label": "Odds", hidden: true});
  const dialList = el("ol", {class: "dial-list", id: "calc-dial-list"});
  const dialBox = el("section", {class: "calc-dial", id: "calc-dial", "aria-label": "Luck dial", hidden: true},
    el("h2", {}, "Luck dial"),
    el("p", {class: "hint"}, "The same battle under each luck system. The fewer bars of units left, the less luck decides the battle."),
    dialList);
  const linkField = el("input", {id: "calc-link", type: "url", readOnly: true, "aria-label": "Link to this calculation"});
  const shareStatus = el("p", {class: "hint", id: "calc-share-status", role: "status"});
  const sharePanel = el("div", {class: "share-panel", id: "calc-share-panel", hidden: true},
    el("label", {for: "calc-link"}, "Link to this calculation"), linkField, shareStatus);
  const shareButton = el("button", {type: "button", class: "small", id: "calc-share"}, "Share this calculation");
  const shareRow = el("div", {class: "calc-share-row", hidden: true}, shareButton);

  // ---- sticky actions ----------------------------------------------------------------------------
  const message = el("div", {class: "message", id: "calc-message", role: "alert", hidden: true});
  const runStatus = el("p", {class: "calc-running", id: "calc-status", role: "status", hidden: true});
  const calcButton = el("button", {type: "button", class: "primary", id: "calc-go"}, "Calculate");
  const dialButton = el("button", {type: "button", class: "secondary", id: "calc-dial-go"},
    "Luck dial", el("span", {class: "sub"}, "every luck system"));
  const cancelButton = el("button", {type: "button", class: "secondary", id: "calc-cancel", hidden: true}, "Cancel");
  const actions = el("div", {class: "actions calc-actions"}, message, runStatus,
    el("div", {class: "buttons"}, calcButton, dialButton, cancelButton));

  // The answers in one column of their own: beside the form on a wide screen (style.css).
  const answers = el("div", {class: "answers", id: "calc-answers"}, resultBox, dialBox, shareRow, sharePanel);
  section.replaceChildren(form, answers, actions);

  // ---- helpers -------------------------------------------------------------------------------------
  const currentRuleset = () => data.rulesets.find((r) => r.id === rulesetSelect.value) || data.rulesets[0];
  const currentSystem = () => SYSTEMS.find((s) => s.key === systemSelect.value) || SYSTEMS[0];

  function fillRulesets() {
    const chosen = rulesetSelect.value || loadChoice().ruleset;
    rulesetSelect.replaceChildren(...data.rulesets.map((r) => el("option", {value: r.id}, r.name)));
    rulesetSelect.value = data.rulesets.some((r) => r.id === chosen) ? chosen : data.rulesets[0].id;
    fillUnits();
  }
  function fillUnits() {
    for (const role of ROLES) forces[role].setUnits(unitsFor(data, currentRuleset(), kind.value || "land", role));
    advisor.setUnits(unitsFor(data, currentRuleset(), kind.value || "land", "attacker"));
    missingNote.textContent = missingUnitsNote(data, currentRuleset().id, kind.value || "land");
    missingNote.hidden = !missingNote.textContent;
    armies.draw(); // the saved armies are the ruleset's
    optionsChanged();
  }
  function optionsChanged() {
    for (const role of ROLES) {
      options[role].setContext({ruleset: currentRuleset(), kind: kind.value || "land", system: currentSystem().system.name,
        counts: forces[role].getCounts(), tech: data.tech || BUILT_IN.tech});
    }
    lhtrField.hidden = !ROLES.some((role) => options[role].hasTech("heavy_bombers"));
    printedSubsField.hidden = !printedSubsApply(currentRuleset(), kind.value || "land", currentSystem().system.name);
  }
  function moreState() {
    const on = [roundsLimit.value > 0, retreatUnits.value > 0, retreatBelow.value.trim() !== "", keepLand.checked].filter(Boolean).length;
    moreSummary.textContent = on ? ` · ${on} on` : "";
  }

  const showMessage = (text, look = "error") => say(message, text, look);

  // The core names the field at fault ("attacker.units.tank", "retreat_below", …): its message
  // goes right under that field, which is marked; what the user typed stays as typed.
  const FIELDS = {ruleset: "calc-ruleset-field", system: "calc-system-field", kind: "calc-kind-field",
    rounds: "calc-rounds-field", retreat_at_units: "calc-retreat-units-field", retreat_below: "calc-retreat-below-field",
    keep_land: "calc-keep-land-field", lhtr: "calc-lhtr-field", sub_rule: "calc-printed-subs-field", round: "calc-from", carry: "calc-from"};
  function markField(error) {
    for (const node of section.querySelectorAll(".field-error.placed")) node.remove();
    for (const node of section.querySelectorAll(".calc-form .invalid")) node.classList.remove("invalid");
    for (const role of ROLES) forces[role].markInvalid(null);
    if (!error?.field) return null;
    const path = error.field.split(".");
    let anchor = null;
    if (forces[path[0]]) {
      const unit = path[1] === "units" && path[2] ? path[2] : null;
      forces[path[0]].markInvalid(unit || true);
      anchor = unit ? forces[path[0]].node.querySelector(`.unit-row[data-unit="${CSS.escape(unit)}"]`) : null;
      anchor = anchor || forces[path[0]].node.querySelector("legend") || forces[path[0]].node;
    } else if (nodeFor(error.field, FIELDS)) {
      anchor = document.getElementById(nodeFor(error.field, FIELDS));
      anchor.classList.add("invalid");
      if (more.contains(anchor)) more.open = true;
    }
    if (!anchor) return null;
    const note = el("p", {class: "field-error placed", role: "alert", id: "calc-field-error"}, error.message);
    if (anchor.tagName === "LEGEND") anchor.parentNode.insertBefore(note, anchor.nextSibling);
    else anchor.after(note);
    return note;
  }

  function edited() {
    if (!busy) {
      showMessage("");
      markField(null);
    }
  }

  function formRequest(system = currentSystem().system) {
    const request = {op: "calc", ruleset: rulesetSelect.value, system: {...system}};
    if (kind.value && kind.value !== "land") request.kind = kind.value;
    for (const role of ROLES) {
      request[role] = {units: forces[role].getCounts(), ...options[role].get()};
      const damaged = fromHere?.damaged?.[role];
      if (damaged) request[role].damaged = damaged;
    }
    if (!lhtrField.hidden && lhtr.checked) request.lhtr = true;
    // The luck dial asks every system with this form: only dice and Low Luck take the printed sub rule.
    if (!printedSubsField.hidden && printedSubs.checked && printedSubsApply(currentRuleset(), kind.value || "land", system.name)) {
      request.sub_rule = "printed";
    }
    if (roundsLimit.input.value.trim() !== "0") request.rounds = typed(roundsLimit.input.value);
    if (retreatUnits.input.value.trim() !== "0") request.retreat_at_units = typed(retreatUnits.input.value);
    const below = retreatBelow.value.trim().replace(/%$/, "").trim();
    if (below !== "") request.retreat_below = Number.isFinite(Number(below)) ? Number(below) / 100 : below;
    if (keepLand.checked) request.keep_land = true;
    if (fromHere) request.round = fromHere.round;
    // Fractions carried between assaults exist in A&A Chess COF and COF+R only (the luck dial asks others too).
    if (fromHere?.carry && system.name === "chess" && ["cof", "cofr"].includes(system.variant)) request.carry = {...fromHere.carry};
    return request;
  }
  // A number where the text is one; otherwise the text as typed, for the core to name.
  const typed = (text) => (text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text);

  function fill(request) {
    rulesetSelect.value = request.ruleset;
    kind.value = request.kind || "land";
    systemSelect.value = keyOf(request.system) || "dice";
    fillUnits();
    for (const role of ROLES) {
      forces[role].setCounts(request[role]?.units || {});
      options[role].set(request[role] || {});
    }
    optionsChanged();
    lhtr.checked = Boolean(request.lhtr);
    printedSubs.checked = request.sub_rule === "printed";
    roundsLimit.value = request.rounds ?? 0;
    retreatUnits.value = request.retreat_at_units ?? 0;
    retreatBelow.value = request.retreat_below === undefined ? "" : String(Math.round(request.retreat_below * 1000) / 10);
    keepLand.checked = Boolean(request.keep_land);
    moreState();
    setFromHere(request.round > 1 || request.carry ? {round: request.round || 1,
      damaged: Object.fromEntries(ROLES.filter((r) => request[r]?.damaged).map((r) => [r, request[r].damaged])),
      carry: request.carry || null} : null);
  }

  function setFromHere(next) {
    fromHere = next;
    here.hidden = !next;
    if (!next) return;
    const names = new Map(currentRuleset().units.map((u) => [u.id, u.name]));
    const hurt = ROLES.filter((r) => next.damaged?.[r]).map((r) => `${r} ${listUnits(next.damaged[r], names)}`);
    const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
    const carried = next.carry ? ` Carried fractions: attacker ${signed(next.carry.attacker)}, defender ${signed(next.carry.defender)}.` : "";
    hereNote.textContent = `Odds from round ${next.round} of a battle: no AA fire or bombardment.` +
      (hurt.length ? ` Already damaged: ${hurt.join("; ")}.` : "") + carried + (next.note ? ` ${next.note}` : "");
  }

  // ---- running -------------------------------------------------------------------------------------
  function tick() {
    if (!busy) return;
    const seconds = Math.floor((Date.now() - busy.started) / 1000);
    const starting = calcClient && calcClient.state === "loading";
    runStatus.replaceChildren(el("span", {class: "spinner", "aria-hidden": "true"}),
      starting ? `Starting the calculator… ${calcPercent}%` : busy.label(), el("span", {class: "elapsed"}, ` ${seconds} s`));
  }

  function setBusy(label) {
    if (label) {
      busy = {label, started: Date.now(), timer: setInterval(tick, 500)};
      tick();
    } else if (busy) {
      clearInterval(busy.timer);
      busy = null;
    }
    refresh();
  }

  function refresh() {
    const running = Boolean(busy);
    runStatus.hidden = !running;
    cancelButton.hidden = !running;
    calcButton.hidden = dialButton.hidden = running;
    shareRow.hidden = running || !shown || !linkField.value;
    calcButton.disabled = dialButton.disabled = engine !== "ready";
    calcButton.textContent = engine === "loading" ? "Loading Python…" : engine === "failed" ? "Engine unavailable" : "Calculate";
    settings.disabled = extras.disabled = advisor.node.disabled = running;
    for (const role of ROLES) forces[role].setDisabled(running);
  }

  /** Ask the calculator's worker; a cancel answers {ok: false, error: {type: "cancelled"}}. */
  const ask = (request) => calcWorker().call(request);

  /** focus: true when the player pressed Calculate — focus then moves to the new result's heading. */
  async function calculate({focus = false} = {}) {
    delete section.dataset.linkWaiting;
    const request = formRequest();
    showMessage("");
    markField(null);
    setBusy(() => "Calculating…");
    const envelope = await ask(request);
    setBusy(null);
    if (!envelope.ok) return failed(envelope.error);
    shown = {request, result: envelope.result};
    const heading = el("h2", {tabindex: "-1", id: "calc-result-heading"}, request.round > 1 ? `Odds from round ${request.round}` : "Odds");
    resultBox.replaceChildren(heading,
      resultCard(envelope.result, request, currentRuleset()));
    resultBox.hidden = false;
    dialBox.hidden = true;
    sharePanel.hidden = true;
    await keepLink(request, envelope.result);
    if (envelope.result.link) {
      const names = new Map(currentRuleset().units.map((u) => [u.id, u.name]));
      remember({screen: "odds", key: envelope.result.link, link: envelope.result.link,
        label: `${currentRuleset().name} · ${currentSystem().label}: ${listUnits(request.attacker.units, names, "nothing")} v ` +
          `${listUnits(request.defender.units, names, "nothing")} — attacker wins ${(100 * envelope.result.outcome.attacker_wins).toFixed(1)}%`});
    }
    refresh();
    resultBox.scrollIntoView({block: "start", behavior: motion()});
    if (focus) heading.focus({preventScroll: true});
  }

  // The advisor: one exact calc per count of the chosen unit added, from none up (advisor.js).
  async function advise() {
    const target = advisor.target;
    advisor.invalidTarget = target === null;
    if (target === null) {
      advisor.say(`Chance to win: "${advisor.targetText}" is not a percentage between 0 and 100.`);
      return;
    }
    const base = formRequest();
    const unit = advisor.unit;
    const had = Number(base.attacker.units[unit]) || 0;
    let trying = 0;
    let error = null;
    showMessage("");
    markField(null);
    advisor.say("");
    setBusy(() => `Advisor: trying ${trying} more…`);
    const found = await fewestToReach(async (n) => {
      trying = n;
      const envelope = await ask({...base, attacker: {...base.attacker, units: {...base.attacker.units, [unit]: had + n}}});
      if (!envelope.ok) {
        error = envelope.error;
        return null;
      }
      return envelope.result.outcome.attacker_wins;
    }, target);
    setBusy(null);
    const name = advisor.unitName;
    const pct = (p) => `${(100 * p).toFixed(1)}%`;
    if (error) {
      if (error.type === "cancelled") advisor.say("Cancelled.");
      else failed(error);
      return;
    }
    if (found.n === 0) advisor.say(`The attacker already wins ${pct(found.p)} of the time: nothing to add.`);
    else if (found.n === null) advisor.say(`Even ${countName(MOST_ADDED, name)} more reach only ${pct(found.p)}.`);
    else advisor.say(`Add ${countName(found.n, name)}: the attacker then wins ${pct(found.p)} (one fewer is not enough).`);
  }

  function failed(error) {
    if (error?.type === "cancelled") {
      showMessage("Cancelled. Change the battle or try again.", "info");
      return;
    }
    const note = markField(error);
    resultBox.hidden = dialBox.hidden = shareRow.hidden = sharePanel.hidden = true; // they answered another battle
    shown = null;
    showMessage(note ? "Fix the field marked in red above." : error?.message || "Something went wrong.");
    note?.scrollIntoView({block: "center", behavior: motion()});
  }

  async function dial() {
    const base = formRequest();
    showMessage("");
    markField(null);
    const rows = SYSTEMS.map((s) => ({entry: s, state: "waiting"}));
    const draw = () => dialList.replaceChildren(...rows.map((r) => {
      const row = dialRow(r.entry.label, {result: r.result, request: r.request, ruleset: currentRuleset(), error: r.error,
        state: r.state, peaks: dialPeaks(rows.filter((x) => x.result), base, currentRuleset())});
      row.dataset.system = r.entry.key;
      return row;
    }));
    draw();
    dialBox.hidden = false;
    resultBox.hidden = true;
    sharePanel.hidden = true;
    dialBox.scrollIntoView({block: "start", behavior: motion()});
    let index = 0;
    setBusy(() => `Calculating… ${Math.min(index + 1, rows.length)} of ${rows.length} systems (${rows[Math.min(index, rows.length - 1)].entry.label})`);
    for (; index < rows.length; index++) {
      tick();
      const row = rows[index];
      const request = {...base, system: {...row.entry.system}};
      const envelope = await ask(request);
      if (!envelope.ok && envelope.error?.type === "cancelled") {
        for (const rest of rows.slice(index)) rest.state = "cancelled";
        draw();
        setBusy(null);
        showMessage("Cancelled. The systems done so far stay.", "info");
        return;
      }
      if (envelope.ok) Object.assign(row, {state: "done", result: envelope.result, request});
      else if (refusedSystem(envelope.error)) row.state = "unavailable";
      else if (index === 0) { // the battle itself is wrong: say so at its field and stop
        setBusy(null);
        dialBox.hidden = true;
        return failed(envelope.error);
      } else Object.assign(row, {state: "error", error: envelope.error?.message});
      draw();
    }
    setBusy(null);
    if (rows.some((r) => r.result)) {
      shown = {request: base, result: null};
      await keepLink(base, null);
      refresh();
    }
  }

  function cancel() {
    const spent = calcClient;
    calcClient = null; // the next calculation starts a fresh worker
    delete section.dataset.calcReady;
    spent?.terminate("Cancelled.");
  }

  // ---- links -------------------------------------------------------------------------------------
  // The page's fragment always holds the last calculation, so a reload or a copied address reopens it.
  async function keepLink(request, result) {
    let link = result?.link;
    if (!link) {
      const envelope = await client.call({op: "share", encode: request});
      link = envelope.ok ? envelope.result.link : null;
    }
    if (!link) return;
    history.replaceState(history.state, "", "#" + link);
    linkField.value = location.href.split("#")[0] + "#" + link;
  }

  async function share() {
    if (!linkField.value) return;
    sharePanel.hidden = false;
    shareStatus.textContent = await copyInto(linkField, linkField.value)
      ? "Link copied. Whoever opens it sees this calculation."
      : "Copy the link above to share this calculation.";
    sharePanel.scrollIntoView({block: "end", behavior: motion()});
  }

  function showScreen() {
    document.getElementById(`tab-${section.id}`)?.click();
    window.scrollTo({top: 0, behavior: "instant"});
  }

  async function openLink(fragment) {
    const envelope = await client.call({op: "share", decode: fragment});
    if (!envelope.ok || envelope.result.request.op !== "calc") return; // damaged: the Battle screen says so
    showScreen();
    fill(envelope.result.request);
    // A link never starts a long calculation without a tap (issue 18): the core estimates it first.
    const cost = await client.call({...envelope.result.request, estimate: true});
    const estimate = cost.ok ? cost.result.estimate : null;
    if (estimate && estimate.seconds > LINK_START_SECONDS) {
      showMessage(estimateText(estimate), "info"); // #34 / #29 item 8: a simulation says so (calc-view.js)
      section.dataset.linkWaiting = "true";
      return;
    }
    await calculate();
  }

  // ---- wiring --------------------------------------------------------------------------------------
  rulesetSelect.addEventListener("change", () => { fillUnits(); edited(); saveChoice({ruleset: rulesetSelect.value}, "odds"); });
  systemSelect.addEventListener("change", () => {
    optionsChanged();
    edited();
    const {name, variant} = currentSystem().system;
    saveChoice({system: name, ...(variant ? {variant} : {})}, "odds");
  });
  // Another screen changed the table's rules: follow it, unless a calculation is running.
  onChoice("odds", (choice) => {
    if (!cancelButton.hidden) return;
    if (data.rulesets.some((r) => r.id === choice.ruleset)) rulesetSelect.value = choice.ruleset;
    const key = choiceKey(choice);
    if (key) systemSelect.value = key;
    fillUnits();
    edited();
  });
  retreatBelow.addEventListener("input", () => { moreState(); edited(); });
  keepLand.addEventListener("change", () => { moreState(); edited(); });
  printedSubs.addEventListener("change", () => edited());
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", edited);
  hereReset.addEventListener("click", () => { setFromHere(null); edited(); });
  calcButton.addEventListener("click", () => calculate({focus: true}));
  dialButton.addEventListener("click", dial);
  cancelButton.addEventListener("click", cancel);
  shareButton.addEventListener("click", share);
  // Warm the calculator's Python up as soon as the player looks at this screen.
  document.getElementById(`tab-${section.id}`)?.addEventListener("click", () => { if (engine === "ready") calcWorker(); });

  // "Odds from here" on the Battle screen: {request, result} of the battle in progress.
  document.addEventListener("luckdial:odds", async (event) => {
    const {request, result} = event.detail || {};
    if (!request || !result) return;
    if (busy) { // a new question replaces the one still running
      cancel();
      await new Promise((settle) => setTimeout(settle)); // let the cancelled run finish first
    }
    const calc = oddsFromBattle(request, result);
    showScreen();
    fill(calc);
    const cargo = ROLES.some((role) => Object.values(request[role]?.cargo || {}).some(Boolean));
    if (fromHere && cargo) {
      setFromHere({...fromHere, note: "Cargo is left out: the calculator does not carry it yet."});
    }
    if (engine === "ready") await calculate();
  });

  window.addEventListener("hashchange", () => {
    const {link, problem} = readFragment(location.hash);
    if (problem) showMessage(problem);
    else if (engine === "ready" && link && "#" + link !== new URL(linkField.value || "x:", location.href).hash) openLink(link);
  });

  // ---- start -------------------------------------------------------------------------------------
  fillRulesets();
  refresh();
  const linkProblem = readFragment(openingHash()).problem; // a link of an unknown version: said at once
  if (linkProblem) showMessage(linkProblem);
  // A shared calculation's set-up on screen at once, read in JavaScript (kit/link.js); pycore
  // judges the link and the odds follow once Python is ready (openLink below).
  previewLink(openingHash()).then((request) => {
    if (request?.op !== "calc" || engine !== "loading") return;
    try {
      showScreen();
      fill(request);
      section.dataset.linkPreview = "true";
      performance.mark("luckdial:link previewed");
      showMessage("The shared calculation: its odds appear as soon as Python is ready.", "info");
    } catch {
      // an odd link: pycore says what is wrong with it once ready
    }
  });
  return client.settled().then(async (state) => {
    if (state === "ready") {
      const envelope = await client.call({op: "rulesets"});
      if (envelope.ok) {
        data = envelope.result;
        fillRulesets();
      }
    }
    engine = state;
    refresh();
    if (state !== "ready") return;
    if (!section.hidden) calcWorker();
    const {link, problem} = readFragment(location.hash);
    if (problem) showMessage(problem); // filling the rulesets in counted as an edit and cleared it
    // Not awaited: the page is ready when Python answers, not when the link's calculation ends (#18 item 7).
    if (link) openLink(link);
  });
}
