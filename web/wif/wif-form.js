// The WiF 67 screen's form: the odds (factors, fractional, halved), the table and who chooses it, the
// weather and the modifier checklist (from pycore's catalogue), the § extra loss, and the dice (the app's
// seed or the players' own). request() reads it as a `wif` request, fill(request) shows a link's; each
// change of the player's calls onEdit.
//
// Not for: asking pycore (wif.js) or drawing the answers (wif-results.js).

import {el, clear} from "../kit/dom.js";
import {newSeed} from "../kit/seed.js";
import {segmented as choice, stepper} from "../kit/widgets.js";
import {GROUPS, applies, entryValue, extraWords, modifierEntry, modifierNote, readDie, readNumber, signed} from "./wif-state.js";

/** The kit's segmented choice, as WiF's boxes are read (chosenOf) and listened to (a change event on the box). */
const segmented = (name, label, options, chosen) => choice(`wif-${name}`, label, options, () => {}, {chosen, className: "wif-segmented"}).node;
const chosenOf = (box) => box.querySelector("input:checked")?.value;
function choose(box, value) {
  const input = box.querySelector(`input[value="${CSS.escape(value)}"]`);
  if (input) input.checked = true;
}

/** The kit's stepper as WiF uses it: what was typed goes to pycore as is; a row with a count is marked. */
function counter(id, label, {max}) {
  const s = stepper(id, label, {min: 0, max, raw: true});
  const mark = () => s.node.closest(".wif-row")?.classList.toggle("present", Number(s.input.value) > 0);
  s.listen(mark);
  return {node: s.node, input: s.input, sync: s.sync, listen: s.listen,
    get value() { return s.value; },
    set value(v) { s.value = v; mark(); }};
}

const switchRow = (input, text, small) => el("label", {class: "wif-switch", for: input.id}, input,
  el("span", {}, text, small ? el("small", {}, small) : null));

function oddsCard() {
  const factor = (id, label) => el("input", {id, type: "text", inputmode: "decimal", autocomplete: "off",
    enterkeyhint: "next", "aria-label": label, placeholder: "0"});
  const attack = factor("wif-attack", "Attack factors");
  const defense = factor("wif-defense", "Defence factors");
  const fractional = el("input", {type: "checkbox", id: "wif-fractional"});
  const halved = el("input", {type: "checkbox", id: "wif-halved"});
  const line = el("p", {class: "wif-odds-line", id: "wif-odds-line", "aria-live": "polite"}, "Enter both factors.");
  const node = el("fieldset", {class: "wif-card"},
    el("legend", {}, "Odds"),
    el("div", {class: "wif-factors"},
      el("div", {class: "field"}, el("label", {for: attack.id}, "Attack"), attack),
      el("span", {class: "wif-colon", "aria-hidden": "true"}, ":"),
      el("div", {class: "field"}, el("label", {for: defense.id}, "Defence"), defense)),
    line,
    switchRow(fractional, "Fractional odds", "From 1:1 up, 2 × odds to one decimal; a d10 settles the tenths."),
    switchRow(halved, "Attacking factors are halved", "Halves the attacking bonuses (not HQ support)."));
  return {node, attack, defense, fractional, halved, line};
}

function tableCard() {
  const table = segmented("table", "Results table", [["assault", "Assault"], ["blitz", "Blitz"]], "assault");
  const suggestion = el("p", {class: "hint", id: "wif-suggestion", "aria-live": "polite"});
  const useSuggestion = el("button", {type: "button", class: "small", id: "wif-use-suggestion", hidden: true}, "Use it");
  const defenderChooses = el("input", {type: "checkbox", id: "wif-defender-chooses"});
  const antiTankArm = el("input", {type: "checkbox", id: "wif-at-as-arm"});
  const forceCounts = [
    ["attacker_arm", "Attacking ARM"], ["attacker_arm_divisions", "Attacking ARM divisions"],
    ["attacker_mech", "Attacking MECH"], ["defender_arm", "Defending ARM"],
    ["defender_arm_divisions", "Defending ARM divisions"], ["defender_mech", "Defending MECH"],
    ["defender_anti_tank", "Defending anti-tank"],
  ].map(([key, label]) => ({key, label, stepper: counter(`wif-choice-${key}`, label, {max: 999})}));
  const helper = el("details", {class: "wif-helper", id: "wif-helper"},
    el("summary", {}, "Who chooses the table?"),
    switchRow(defenderChooses, "The terrain chart lets the defender choose"),
    ...forceCounts.map(({label, stepper: s}) =>
      el("div", {class: "wif-row"}, el("label", {for: s.input.id, class: "wif-row-label"}, label), s.node)),
    switchRow(antiTankArm, "Anti-tank counts as ARM", "AsA option 3"));
  const node = el("fieldset", {class: "wif-card"},
    el("legend", {}, "Table"), table,
    el("div", {class: "wif-suggest-row"}, suggestion, useSuggestion), helper);
  return {node, table, suggestion, useSuggestion, defenderChooses, antiTankArm, forceCounts, helper};
}

function modifiersCard() {
  const weather = segmented("weather", "Weather", [
    ["fine", "Fine", "0"], ["rain", "Rain", "−2"], ["storm", "Storm", "−4"], ["snow", "Snow", "−4"], ["blizzard", "Blizz.", "−6"],
  ], "fine");
  const weatherNote = el("p", {class: "hint", id: "wif-weather-note"});
  const list = el("div", {class: "wif-modifiers", id: "wif-modifiers"},
    el("p", {class: "hint"}, "The modifiers appear once the rules are loaded."));
  const custom = el("input", {id: "wif-custom", type: "text", inputmode: "decimal", autocomplete: "off",
    placeholder: "0", "aria-label": "Other modifier (your own value)"});
  const node = el("fieldset", {class: "wif-card"},
    el("legend", {}, "Weather and modifiers"),
    weather, weatherNote, list,
    el("div", {class: "wif-row"}, el("label", {for: custom.id, class: "wif-row-label"}, "Other modifier",
      el("small", {}, "Your own value, e.g. −1.5")), custom));
  return {node, weather, weatherNote, list, custom};
}

function extraCard() {
  const extra = segmented("extra", "Extra loss §", [["auto", "Auto"], ["yes", "Applies"], ["no", "Does not"]], "auto");
  const hint = el("p", {class: "hint", id: "wif-extra-hint"},
    "§: one more attacker loss in cities, rough terrain, across rivers or forts, invasions, armour in clear, or weather other than fine.");
  return {node: el("fieldset", {class: "wif-card"}, el("legend", {}, "§ extra loss"), extra, hint), extra, hint};
}

function diceCard() {
  const mode = segmented("dice-mode", "Dice", [["seed", "App rolls"], ["own", "My own dice"]], "seed");
  const seed = el("input", {id: "wif-seed", type: "text", autocomplete: "off", autocapitalize: "off",
    spellcheck: "false", value: newSeed(), "aria-label": "Seed of the next roll"});
  const reseed = el("button", {type: "button", class: "small", id: "wif-new-seed"}, "New seed");
  const dieInput = (id, label) => el("input", {id, type: "text", inputmode: "numeric", autocomplete: "off",
    "aria-label": label, placeholder: "1–10"});
  const die1 = dieInput("wif-die-1", "First d10");
  const die2 = dieInput("wif-die-2", "Second d10");
  const dieF = dieInput("wif-die-fraction", "Fractional d10");
  const fractionField = el("div", {class: "field", hidden: true}, el("label", {for: dieF.id}, "Fraction d10"), dieF);
  const seedPanel = el("div", {class: "field", id: "wif-seed-panel"},
    el("label", {for: seed.id}, "Seed of the next roll"),
    el("div", {class: "seed-row"}, seed, reseed),
    el("p", {class: "hint"}, "The same seed always rolls the same dice."));
  const ownPanel = el("div", {id: "wif-own-panel", hidden: true},
    el("div", {class: "wif-dice-inputs"},
      el("div", {class: "field"}, el("label", {for: die1.id}, "d10"), die1),
      el("div", {class: "field"}, el("label", {for: die2.id}, "d10"), die2),
      fractionField),
    el("p", {class: "hint"}, "Enter the dice as rolled, 1–10 (a 0 counts as 10)."));
  reseed.addEventListener("click", () => { seed.value = newSeed(); });
  for (const node of [die1, die2, dieF]) {
    node.addEventListener("focus", () => node.select());
    node.addEventListener("input", () => node.classList.remove("invalid"));
  }
  const node = el("fieldset", {class: "wif-card"}, el("legend", {}, "Dice"), mode, seedPanel, ownPanel);
  return {node, mode, seed, die1, die2, dieF, fractionField, seedPanel, ownPanel};
}

/** The checklist's rows, from pycore's catalogue: a counter or a tick per modifier, its group folded. */
function createChecklist(card, onEdit) {
  const rows = new Map(); // id → {kind, row, get(): entry|null, set(entry), sync()}
  function row(kind) {
    const id = `wif-mod-${kind.id}`;
    const label = el("label", {for: id, class: "wif-row-label"}, kind.label, el("small", {}, modifierNote(kind)));
    if (kind.per_unit || kind.group === "hq") {
      const s = counter(id, kind.label, {max: kind.group === "hq" ? 20 : 99});
      const node = el("div", {class: "wif-row", dataset: {modifier: kind.id}}, label, s.node);
      s.listen(onEdit);
      return {kind, row: node, get: () => modifierEntry(kind, s.value), set: (entry) => { s.value = entryValue(kind, entry); }, sync: s.sync};
    }
    const box = el("input", {type: "checkbox", id});
    const node = el("div", {class: "wif-row wif-check", dataset: {modifier: kind.id}}, box, label);
    const set = (entry) => { box.checked = entryValue(kind, entry); node.classList.toggle("present", box.checked); };
    box.addEventListener("change", () => { node.classList.toggle("present", box.checked); onEdit(); });
    return {kind, row: node, get: () => modifierEntry(kind, box.checked), set, sync: () => {}};
  }
  return {
    rows,
    build(catalogue) {
      clear(card.list);
      rows.clear();
      for (const [group, title, note] of GROUPS) {
        const count = el("span", {class: "wif-group-count"});
        const box = el("details", {class: `wif-group wif-group-${group}`, id: `wif-group-${group}`, open: group !== "hq" && group !== "city"},
          el("summary", {}, el("span", {}, title), count), note ? el("p", {class: "hint"}, note) : null);
        for (const kind of catalogue.modifiers.filter((k) => k.group === group)) {
          const made = row(kind);
          rows.set(kind.id, made);
          box.append(made.row);
        }
        card.list.append(box);
      }
    },
    /** "2 ticked" beside each group's title, so a closed group still shows what it holds. */
    countTicked() {
      for (const box of card.list.querySelectorAll(".wif-group")) {
        const ticked = box.querySelectorAll(".wif-row.present:not(.off)").length;
        box.querySelector(".wif-group-count").textContent = ticked ? `${ticked} ticked` : "";
      }
    },
    /** The weather's conditions: a modifier that does not apply is greyed and off; winter's group shows in snow. */
    applyConditions(weather) {
      for (const {kind, row: node, sync} of rows.values()) {
        const on = applies(kind, weather);
        node.classList.toggle("off", !on);
        for (const control of node.querySelectorAll("input, button")) control.disabled = !on;
        sync(); // a stepper's − button follows its count again once enabled
      }
      const winter = card.list.querySelector("#wif-group-winter");
      if (winter) winter.hidden = !(weather === "snow" || weather === "blizzard");
      card.weatherNote.textContent = weather === "fine" ? "" : "Modifiers for fine weather only are hidden.";
    },
  };
}

/** The modifiers as request entries, each with the control an error on it points to. */
function modifierEntries({mods, checklist}) {
  const weather = chosenOf(mods.weather);
  const entries = [];
  if (weather !== "fine") entries.push({entry: {id: weather}, node: mods.weather});
  for (const {kind, row, get} of checklist.rows.values()) {
    const entry = get();
    if (entry && applies(kind, weather)) entries.push({entry, node: row});
  }
  const custom = readNumber(mods.custom.value);
  if (custom !== undefined && custom !== 0) entries.push({entry: {id: "custom", value: custom}, node: mods.custom});
  return entries;
}

function tableChoice({table}) {
  const out = {};
  if (table.defenderChooses.checked) out.defender_chooses = true;
  if (table.antiTankArm.checked) out.anti_tank_counts_as_arm = true;
  for (const {key, stepper: s} of table.forceCounts) if (s.value !== 0) out[key] = s.value;
  return out;
}

/** The form's `wif` request, and `nodes`: the error fields pycore may name mapped back to the form. */
function readRequest(parts, {roll}) {
  const {odds, table, extra, dice} = parts;
  const entries = modifierEntries(parts);
  const out = {op: "wif"};
  const attack = readNumber(odds.attack.value);
  const defense = readNumber(odds.defense.value);
  if (attack !== undefined) out.attack = attack;
  if (defense !== undefined) out.defense = defense;
  out.fractional_odds = odds.fractional.checked;
  out.table = chosenOf(table.table);
  out.modifiers = entries.map(({entry}) => entry);
  if (odds.halved.checked) out.attack_halved = true;
  const extraLoss = chosenOf(extra.extra);
  if (extraLoss !== "auto") out.extra_loss = extraLoss === "yes";
  const chosen = tableChoice(parts);
  if (Object.keys(chosen).length) out.table_choice = chosen;
  if (roll && chosenOf(dice.mode) === "own") {
    out.dice = {"2d10": [readDie(dice.die1.value), readDie(dice.die2.value)].filter((d) => d !== undefined)};
    const f = readDie(dice.dieF.value);
    if (!dice.fractionField.hidden && f !== undefined) out.dice.fraction = f;
  } else if (roll) {
    out.seed = dice.seed.value.trim() || newSeed();
  }
  const nodes = {attack: odds.attack, defense: odds.defense, seed: dice.seed, table: table.table,
    "dice.2d10[0]": dice.die1, "dice.2d10[1]": dice.die2, "dice.2d10": dice.die1, "dice.fraction": dice.dieF, table_choice: table.helper};
  entries.forEach(({node: control}, i) => { nodes[`modifiers[${i}]`] = control; });
  return {request: out, nodes};
}

/** Show a shared combat's request on the form. */
function fillForm({odds, table, mods, extra, dice, checklist}, given) {
  odds.attack.value = String(given.attack);
  odds.defense.value = String(given.defense);
  odds.fractional.checked = Boolean(given.fractional_odds);
  odds.halved.checked = Boolean(given.attack_halved);
  choose(table.table, given.table);
  choose(extra.extra, given.extra_loss === undefined ? "auto" : given.extra_loss ? "yes" : "no");
  const chosen = given.table_choice || {};
  table.defenderChooses.checked = Boolean(chosen.defender_chooses);
  table.antiTankArm.checked = Boolean(chosen.anti_tank_counts_as_arm);
  for (const {key, stepper: s} of table.forceCounts) s.value = chosen[key] || 0;
  table.helper.open = Object.keys(chosen).length > 0;
  const entries = new Map(given.modifiers.map((m) => [m.id, m]));
  const rain = given.modifiers.find((m) => ["rain", "storm", "snow", "blizzard"].includes(m.id));
  choose(mods.weather, rain ? rain.id : "fine");
  for (const [id, made] of checklist.rows) made.set(entries.get(id));
  const custom = given.modifiers.filter((m) => m.id === "custom").reduce((sum, m) => sum + m.value, 0);
  mods.custom.value = custom ? String(custom) : "";
  checklist.applyConditions(chosenOf(mods.weather));
  choose(dice.mode, given.dice ? "own" : "seed");
  if (given.dice) {
    dice.die1.value = String(given.dice["2d10"][0]);
    dice.die2.value = String(given.dice["2d10"][1]);
    dice.dieF.value = given.dice.fraction ? String(given.dice.fraction) : "";
  }
}

/** What pycore says of the odds, the table to choose and the § extra loss (a preview's or a roll's answer). */
function showAnswer({odds, table, extra, dice}, result) {
  const level = result.odds.level ? ` (the ${result.odds.level} level)` : " (linear)";
  odds.line.textContent = `Odds ${result.odds.text} → ${signed(result.odds_modifier)}${level}`;
  dice.fractionField.hidden = !result.fraction_roll.needed;
  const said = result.table_choice;
  const name = said.suggested === "blitz" ? "Blitz" : "Assault";
  table.suggestion.textContent = said.chooser === "nobody" ? said.reason : `${said.reason} Suggested: ${name}.`;
  table.useSuggestion.hidden = said.suggested === result.table;
  table.useSuggestion.textContent = `Use ${name}`;
  table.useSuggestion.dataset.table = said.suggested;
  extra.hint.textContent = extraWords(result.extra_loss);
}

/** onEdit(): a change of the combat by the player; onDiceMode(): the app's dice or the players' chosen. */
export function createWifForm({onEdit, onDiceMode}) {
  const parts = {odds: oddsCard(), table: tableCard(), mods: modifiersCard(), extra: extraCard(), dice: diceCard(), checklist: null};
  const {odds, table, mods, extra, dice} = parts;
  parts.checklist = createChecklist(mods, () => onEdit());
  const node = el("form", {class: "wif-form", id: "wif-form", novalidate: true},
    el("h2", {}, "World in Flames — option 67"),
    el("p", {class: "hint wif-intro"}, "2D10 land combat: odds, modifiers, and the chance of every result."),
    odds.node, table.node, mods.node, extra.node, dice.node);
  const conditions = () => parts.checklist.applyConditions(chosenOf(mods.weather));
  for (const input of [odds.attack, odds.defense, mods.custom]) input.addEventListener("input", onEdit);
  for (const box of [odds.fractional, odds.halved, table.defenderChooses, table.antiTankArm]) box.addEventListener("change", onEdit);
  for (const {stepper: s} of table.forceCounts) s.listen(onEdit);
  table.table.addEventListener("change", onEdit);
  extra.extra.addEventListener("change", onEdit);
  mods.weather.addEventListener("change", () => { conditions(); onEdit(); });
  dice.mode.addEventListener("change", onDiceMode);
  table.useSuggestion.addEventListener("click", () => { choose(table.table, table.useSuggestion.dataset.table); onEdit(); });
  node.addEventListener("submit", (event) => event.preventDefault());
  return {
    node,
    request: (options) => readRequest(parts, options),
    fill(given) { fillForm(parts, given); onDiceMode(); },
    /** Both factors entered: a preview can be asked. */
    get hasFactors() { return odds.attack.value.trim() !== "" && odds.defense.value.trim() !== ""; },
    get ownDice() { return chosenOf(dice.mode) === "own"; },
    showDiceMode() {
      dice.seedPanel.hidden = this.ownDice;
      dice.ownPanel.hidden = !this.ownDice;
    },
    reseed() { dice.seed.value = newSeed(); },
    buildChecklist(catalogue) { parts.checklist.build(catalogue); conditions(); parts.checklist.countTicked(); },
    countTicked: () => parts.checklist.countTicked(),
    showAnswer: (result) => showAnswer(parts, result),
    noFactors() { odds.line.textContent = "Enter both factors."; },
  };
}
