// The "WiF 67" screen: World in Flames option 67, the 2D10 land combat results table.
//
// The player enters the factors and ticks the modifiers; every change asks
// pycore (op "wif", docs/wif.md) for the exact chance of every table result,
// and Roll adds a seed (the app's dice) or the players' own dice to read one
// roll. The state of the screen is just its request — which is also its share
// link. pycore judges every value and names the field at fault; this module
// only shows what it says. Untrusted text reaches the page via textContent only.

import {el, clear, append, motion} from "../kit/dom.js";
import {newSeed} from "../kit/seed.js";
import {segmented as choice, stepper} from "../kit/widgets.js";
import {copyInto} from "../kit/copy.js";
import {shareUrl} from "../kit/share.js";
import {offer} from "../kit/screens.js";
import {showMessage as say, markField, nodeFor, restOf} from "../kit/feedback.js";

const PREVIEW_DELAY_MS = 150;

/** "36,5" → 36.5; anything that is not a plain decimal goes to pycore as typed, to be named there. */
function readNumber(text) {
  const value = text.trim().replace(",", ".");
  if (value === "") return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : text.trim();
}

function readDie(text) {
  const value = text.trim();
  if (value === "") return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

const pct = (p) => (p === 0 ? "0%" : p === 1 ? "100%" : p < 0.001 ? "<0.1%" : `${(p * 100).toFixed(1)}%`);
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
const plain = (n) => (Math.round(n * 100) / 100).toString();

function ensureStyles() {
  const href = new URL("./wif.css", import.meta.url).href;
  if (![...document.querySelectorAll("link[rel=stylesheet]")].some((link) => link.href === href)) {
    document.head.append(el("link", {rel: "stylesheet", href}));
  }
}

/** The kit's segmented choice, as WiF's boxes are read (chosenOf) and listened to (a change event on the box). */
const segmented = (name, label, options, chosen) => choice(`wif-${name}`, label, options, () => {}, {chosen, className: "wif-segmented"}).node;

/** What a control is called on the page: its aria-label, else its label's first words (for an error in words). */
function labelOf(node) {
  return node.getAttribute("aria-label") || node.labels?.[0]?.firstChild?.textContent?.trim() ||
    node.querySelector?.(".wif-row-label")?.firstChild?.textContent?.trim() || "";
}

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

const GROUPS = [
  ["combat", "Units and terrain", ""],
  ["winter", "Winterised units", "Snow or blizzard only."],
  ["city", "City", "City modifiers never total more than 0."],
  ["hq", "HQ support", "Half the supporting HQ's reorganisation value; 0 = no support."],
];

export function init(client, section, {opening = null, problem = null} = {}) {
  ensureStyles();
  let engine = "loading";
  let catalogue = null;
  let asked = 0; // sequence number of the latest request: older answers are dropped
  let timer = null;
  let lastResult = null;
  const modifierRows = new Map(); // id → {kind, row, get(): entry|null, set(entry), enabled}

  // ---- odds ------------------------------------------------------------------
  const factor = (id, label) => el("input", {id, type: "text", inputmode: "decimal", autocomplete: "off",
    enterkeyhint: "next", "aria-label": label, placeholder: "0"});
  const attackInput = factor("wif-attack", "Attack factors");
  const defenseInput = factor("wif-defense", "Defence factors");
  const fractional = el("input", {type: "checkbox", id: "wif-fractional"});
  const halved = el("input", {type: "checkbox", id: "wif-halved"});
  const oddsLine = el("p", {class: "wif-odds-line", id: "wif-odds-line", "aria-live": "polite"}, "Enter both factors.");
  const oddsBox = el("fieldset", {class: "wif-card"},
    el("legend", {}, "Odds"),
    el("div", {class: "wif-factors"},
      el("div", {class: "field"}, el("label", {for: attackInput.id}, "Attack"), attackInput),
      el("span", {class: "wif-colon", "aria-hidden": "true"}, ":"),
      el("div", {class: "field"}, el("label", {for: defenseInput.id}, "Defence"), defenseInput)),
    oddsLine,
    el("label", {class: "wif-switch", for: fractional.id}, fractional,
      el("span", {}, "Fractional odds", el("small", {}, "From 1:1 up, 2 × odds to one decimal; a d10 settles the tenths."))),
    el("label", {class: "wif-switch", for: halved.id}, halved,
      el("span", {}, "Attacking factors are halved", el("small", {}, "Halves the attacking bonuses (not HQ support)."))));

  // ---- table and who chooses it ------------------------------------------------
  const tableBox = segmented("table", "Results table", [["assault", "Assault"], ["blitz", "Blitz"]], "assault");
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
    el("label", {class: "wif-switch", for: defenderChooses.id}, defenderChooses,
      el("span", {}, "The terrain chart lets the defender choose")),
    ...forceCounts.map(({label, stepper: s}) =>
      el("div", {class: "wif-row"}, el("label", {for: s.input.id, class: "wif-row-label"}, label), s.node)),
    el("label", {class: "wif-switch", for: antiTankArm.id}, antiTankArm,
      el("span", {}, "Anti-tank counts as ARM", el("small", {}, "AsA option 3"))));
  const tableCard = el("fieldset", {class: "wif-card"},
    el("legend", {}, "Table"), tableBox,
    el("div", {class: "wif-suggest-row"}, suggestion, useSuggestion), helper);

  // ---- weather and modifiers ------------------------------------------------------
  const weatherBox = segmented("weather", "Weather", [
    ["fine", "Fine", "0"], ["rain", "Rain", "−2"], ["storm", "Storm", "−4"], ["snow", "Snow", "−4"], ["blizzard", "Blizz.", "−6"],
  ], "fine");
  const weatherNote = el("p", {class: "hint", id: "wif-weather-note"});
  const modifierList = el("div", {class: "wif-modifiers", id: "wif-modifiers"},
    el("p", {class: "hint"}, "The modifiers appear once the rules are loaded."));
  const customInput = el("input", {id: "wif-custom", type: "text", inputmode: "decimal", autocomplete: "off",
    placeholder: "0", "aria-label": "Other modifier (your own value)"});
  const modifiersCard = el("fieldset", {class: "wif-card"},
    el("legend", {}, "Weather and modifiers"),
    weatherBox, weatherNote, modifierList,
    el("div", {class: "wif-row"}, el("label", {for: customInput.id, class: "wif-row-label"}, "Other modifier",
      el("small", {}, "Your own value, e.g. −1.5")), customInput));

  // ---- § extra loss --------------------------------------------------------------
  const extraBox = segmented("extra", "Extra loss §", [["auto", "Auto"], ["yes", "Applies"], ["no", "Does not"]], "auto");
  const extraHint = el("p", {class: "hint", id: "wif-extra-hint"},
    "§: one more attacker loss in cities, rough terrain, across rivers or forts, invasions, armour in clear, or weather other than fine.");
  const extraCard = el("fieldset", {class: "wif-card"}, el("legend", {}, "§ extra loss"), extraBox, extraHint);

  // ---- dice ------------------------------------------------------------------------
  const diceBox = segmented("dice-mode", "Dice", [["seed", "App rolls"], ["own", "My own dice"]], "seed");
  const seedInput = el("input", {id: "wif-seed", type: "text", autocomplete: "off", autocapitalize: "off",
    spellcheck: "false", value: newSeed(), "aria-label": "Seed of the next roll"});
  const seedButton = el("button", {type: "button", class: "small", id: "wif-new-seed"}, "New seed");
  const dieInput = (id, label) => el("input", {id, type: "text", inputmode: "numeric", autocomplete: "off",
    "aria-label": label, placeholder: "1–10"});
  const die1 = dieInput("wif-die-1", "First d10");
  const die2 = dieInput("wif-die-2", "Second d10");
  const dieF = dieInput("wif-die-fraction", "Fractional d10");
  const fractionField = el("div", {class: "field", hidden: true},
    el("label", {for: dieF.id}, "Fraction d10"), dieF);
  const seedPanel = el("div", {class: "field", id: "wif-seed-panel"},
    el("label", {for: seedInput.id}, "Seed of the next roll"),
    el("div", {class: "seed-row"}, seedInput, seedButton),
    el("p", {class: "hint"}, "The same seed always rolls the same dice."));
  const ownPanel = el("div", {id: "wif-own-panel", hidden: true},
    el("div", {class: "wif-dice-inputs"},
      el("div", {class: "field"}, el("label", {for: die1.id}, "d10"), die1),
      el("div", {class: "field"}, el("label", {for: die2.id}, "d10"), die2),
      fractionField),
    el("p", {class: "hint"}, "Enter the dice as rolled, 1–10 (a 0 counts as 10)."));
  const diceCard = el("fieldset", {class: "wif-card"}, el("legend", {}, "Dice"), diceBox, seedPanel, ownPanel);

  const form = el("form", {class: "wif-form", id: "wif-form", novalidate: true},
    el("h2", {}, "World in Flames — option 67"),
    el("p", {class: "hint wif-intro"}, "2D10 land combat: odds, modifiers, and the chance of every result."),
    oddsBox, tableCard, modifiersCard, extraCard, diceCard);

  // ---- results ---------------------------------------------------------------------
  const rollCard = el("section", {class: "wif-roll", id: "wif-roll", "aria-live": "polite", hidden: true});
  const oddsSummary = el("div", {class: "wif-summary", id: "wif-summary"});
  const sums = el("div", {class: "wif-sums", id: "wif-sums"});
  const distribution = el("ol", {class: "wif-distribution", id: "wif-distribution", "aria-label": "Chance of every result"});
  const compare = el("div", {class: "wif-compare", id: "wif-compare"});
  const linkField = el("input", {id: "wif-link", type: "url", readOnly: true, "aria-label": "Link to this combat"});
  const shareStatus = el("p", {class: "hint", id: "wif-share-status", role: "status"});
  const shareButton = el("button", {type: "button", class: "small", id: "wif-share"}, "Copy link");
  const sharePanel = el("div", {class: "share-panel", id: "wif-share-panel", hidden: true},
    el("label", {for: linkField.id}, "Link to this combat"),
    el("div", {class: "seed-row"}, linkField, shareButton), shareStatus);
  const results = el("section", {class: "wif-results", id: "wif-results", "aria-label": "Results", hidden: true},
    rollCard, oddsSummary, el("h3", {}, "Chance of every result"), sums, distribution,
    el("h3", {}, "Assault and Blitz compared"), compare, sharePanel);

  // ---- sticky actions ------------------------------------------------------------------
  const message = el("div", {class: "message", id: "wif-message", role: "alert", hidden: true});
  const rollButton = el("button", {type: "button", class: "primary", id: "wif-roll-button", disabled: true}, "Loading the rules…");
  const actions = el("div", {class: "actions"}, message, el("div", {class: "buttons"}, rollButton));

  section.replaceChildren(form, results, actions);

  // ---- reading the form into a request ----------------------------------------------------
  function modifierEntries() {
    const entries = [];
    const weather = chosenOf(weatherBox);
    if (weather !== "fine") entries.push({entry: {id: weather}, node: weatherBox});
    for (const {row, get, enabled} of modifierRows.values()) {
      const entry = get();
      if (entry && enabled()) entries.push({entry, node: row});
    }
    const custom = readNumber(customInput.value);
    if (custom !== undefined && custom !== 0) entries.push({entry: {id: "custom", value: custom}, node: customInput});
    return entries;
  }

  function forces() {
    const out = {};
    if (defenderChooses.checked) out.defender_chooses = true;
    if (antiTankArm.checked) out.anti_tank_counts_as_arm = true;
    for (const {key, stepper: s} of forceCounts) if (s.value !== 0) out[key] = s.value;
    return out;
  }

  /** The request for the form; nodes maps the error fields pycore may name back to the form. */
  function buildRequest({roll}) {
    const entries = modifierEntries();
    const request = {op: "wif"};
    const attack = readNumber(attackInput.value);
    const defense = readNumber(defenseInput.value);
    if (attack !== undefined) request.attack = attack;
    if (defense !== undefined) request.defense = defense;
    request.fractional_odds = fractional.checked;
    request.table = chosenOf(tableBox);
    request.modifiers = entries.map(({entry}) => entry);
    if (halved.checked) request.attack_halved = true;
    const extra = chosenOf(extraBox);
    if (extra !== "auto") request.extra_loss = extra === "yes";
    const choice = forces();
    if (Object.keys(choice).length) request.table_choice = choice;
    if (roll) {
      if (chosenOf(diceBox) === "own") {
        const dice = {"2d10": [readDie(die1.value), readDie(die2.value)].filter((d) => d !== undefined)};
        const f = readDie(dieF.value);
        if (!fractionField.hidden && f !== undefined) dice.fraction = f;
        request.dice = dice;
      } else {
        request.seed = seedInput.value.trim() || newSeed();
      }
    }
    const nodes = {attack: attackInput, defense: defenseInput, seed: seedInput, table: tableBox,
      "dice.2d10[0]": die1, "dice.2d10[1]": die2, "dice.2d10": die1, "dice.fraction": dieF, table_choice: helper};
    entries.forEach(({node}, i) => { nodes[`modifiers[${i}]`] = node; });
    return {request, nodes};
  }

  // ---- talking to pycore -------------------------------------------------------------------
  const showMessage = (text, kind = "error") => say(message, text, kind);

  // The field pycore names is marked (the page's one marker, kit/feedback.js); its words go to the message line.
  const targetIn = (nodes) => (field) => {
    const node = nodeFor(field, nodes);
    return node ? {nodes: [], controls: [node], anchor: null, label: labelOf(node)} : null;
  };

  async function ask(request, nodes) {
    const id = ++asked;
    const envelope = await client.call(request);
    if (id !== asked) return null; // a newer request is on its way
    if (!envelope.ok) {
      showMessage(markField(section, envelope.error, targetIn(nodes)).words);
      return null;
    }
    markField(section, null, targetIn(nodes));
    showMessage("");
    return envelope.result;
  }

  async function preview() {
    clearTimeout(timer);
    if (engine !== "ready") return;
    if (attackInput.value.trim() === "" || defenseInput.value.trim() === "") {
      asked++;
      results.hidden = true;
      oddsLine.textContent = "Enter both factors.";
      showMessage("");
      return;
    }
    const {request, nodes} = buildRequest({roll: false});
    const result = await ask(request, nodes);
    if (result) render(result, null);
  }

  function edited() {
    countTicked();
    rollCard.hidden = true; // the roll shown belonged to the setup before this change
    clearTimeout(timer);
    timer = setTimeout(preview, PREVIEW_DELAY_MS);
  }

  async function roll() {
    clearTimeout(timer);
    const {request, nodes} = buildRequest({roll: true});
    rollButton.disabled = true;
    const result = await ask(request, nodes);
    rollButton.disabled = false;
    if (!result) return;
    if (request.seed) seedInput.value = newSeed(); // the next press rolls new dice; the link keeps this one
    render(result, request);
    rollCard.scrollIntoView({block: "start", behavior: motion()});
    rollCard.tabIndex = -1; // focus follows the roll for keyboard and screen-reader players
    rollCard.focus({preventScroll: true});
  }

  // ---- rendering ---------------------------------------------------------------------------
  function render(result, request) {
    lastResult = result;
    results.hidden = false;
    const odds = result.odds;
    oddsLine.textContent = `Odds ${odds.text} → ${signed(result.odds_modifier)}` +
      (odds.level ? ` (the ${odds.level} level)` : " (linear)");
    fractionField.hidden = !result.fraction_roll.needed;
    renderSuggestion(result.table_choice, result.table);
    renderExtra(result.extra_loss);
    renderRoll(result.roll, request);
    renderSummary(result);
    renderSums(result.summary);
    renderDistribution(result.outcomes, result.roll?.cell);
    renderCompare(result.tables, result.table);
    linkField.value = shareUrl(result.link);
    sharePanel.hidden = false;
    shareStatus.textContent = result.roll ? "This link replays this very roll." : "This link opens this combat.";
  }

  function renderSuggestion(choice, table) {
    const name = choice.suggested === "blitz" ? "Blitz" : "Assault";
    suggestion.textContent = choice.chooser === "nobody" ? choice.reason : `${choice.reason} Suggested: ${name}.`;
    useSuggestion.hidden = choice.suggested === table;
    useSuggestion.textContent = `Use ${name}`;
    useSuggestion.dataset.table = choice.suggested;
  }

  function renderExtra(extra) {
    const why = extra.reasons.length ? ` (${extra.reasons.join(", ")})` : "";
    extraHint.textContent = extra.decided_by === "modifiers"
      ? (extra.applies ? `Auto: the § extra loss applies${why}.` : "Auto: nothing ticked calls for the § extra loss; choose Applies for rivers, forts, mountains, forests, swamps or invasions.")
      : (extra.applies ? "The § extra loss applies." : `The § extra loss does not apply${why ? ` despite${why}` : ""}.`);
  }

  function renderRoll(roll, request) {
    clear(rollCard);
    rollCard.hidden = !roll;
    if (!roll) return;
    const dice = el("div", {class: "wif-dice"},
      ...roll.dice.map((d) => el("span", {class: "wif-die", dataset: {value: d}}, String(d))),
      roll.fraction !== null ? el("span", {class: "wif-die fraction", dataset: {value: roll.fraction},
        title: "Fractional d10"}, String(roll.fraction)) : null);
    append(rollCard, [
      el("div", {class: "wif-roll-head"},
        el("span", {class: "wif-cell-big", id: "wif-roll-cell"}, roll.cell),
        el("span", {class: "wif-row-tag"}, `row ${roll.row}`, el("small", {}, `total ${roll.total}`))),
      dice,
      el("p", {class: "wif-side attacker", id: "wif-roll-attacker"}, roll.attacker),
      el("p", {class: "wif-side defender", id: "wif-roll-defender"}, roll.defender),
      el("p", {class: "wif-roll-text", id: "wif-roll-how"}, roll.how),
      request?.seed ? el("p", {class: "hint"}, "Seed: ", el("code", {}, request.seed)) : null]);
  }

  function renderSummary(result) {
    clear(oddsSummary);
    const lines = [
      ["Odds", `${result.odds.text} → ${signed(result.odds_modifier)}`],
      ...result.modifiers.map((m) => [m.count ? `${m.label} ×${m.count}` : m.label,
        `${signed(m.counted)}${m.note ? ` (${m.note})` : ""}`]),
    ];
    if (result.city.capped) lines.push(["City total", `${signed(result.city.total)} → counts 0`]);
    lines.push(["Total modifier", signed(result.total_modifier)]);
    const dl = el("dl", {class: "wif-lines"});
    for (const [name, value] of lines) dl.append(el("dt", {}, name), el("dd", {}, value));
    append(oddsSummary, [el("h3", {}, `${result.table === "blitz" ? "Blitz" : "Assault"} table`), dl,
      el("p", {class: "hint", id: "wif-fraction-note"}, result.fraction_roll.needed ? `Fractional d10: ${result.fraction_roll.note}.` : ""),
      result.overrun_possible ? el("p", {class: "hint"}, "+16 or more: enough for an overrun (seed 004).") : null]);
  }

  function renderSums(summary) {
    clear(sums);
    const tile = (id, value, label) => el("div", {class: "wif-tile", id}, el("strong", {}, value), el("span", {}, label));
    sums.append(
      tile("wif-p-no-loss", pct(summary.p_attacker_loses_nothing), "attacker loses nothing"),
      tile("wif-p-retreat", pct(summary.p_defender_retreats_or_worse), "defender retreats or worse"),
      tile("wif-e-attacker", plain(summary.expected_attacker_losses), "attacker losses on average"),
      tile("wif-e-defender", plain(summary.expected_defender_losses), "defender losses on average"));
  }

  function renderDistribution(outcomes, rolled) {
    clear(distribution);
    const top = Math.max(...outcomes.map((o) => o.probability));
    for (const o of outcomes) {
      const bar = el("span", {class: "wif-bar"});
      bar.style.width = `${(100 * o.probability) / top}%`;
      const rows = o.rows.length === 1 ? `row ${o.rows[0]}` : `rows ${o.rows[0]}–${o.rows[o.rows.length - 1]}`;
      distribution.append(el("li", {class: `wif-outcome${o.cell === rolled ? " rolled" : ""}`, dataset: {cell: o.cell}},
        el("details", {},
          el("summary", {},
            el("span", {class: "wif-cell"}, o.cell),
            el("span", {class: "wif-track"}, bar),
            el("span", {class: "wif-pct"}, pct(o.probability))),
          el("p", {}, o.text), el("p", {class: "hint"}, rows))));
    }
  }

  function renderCompare(tables, current) {
    clear(compare);
    const head = el("tr", {}, el("td", {}, ""), el("th", {scope: "col"}, "Assault"), el("th", {scope: "col"}, "Blitz"));
    const row = (label, key, fmt) => el("tr", {}, el("th", {scope: "row"}, label),
      ...["assault", "blitz"].map((t) => el("td", {class: t === current ? "current" : ""}, fmt(tables[t][key]))));
    compare.append(el("table", {},
      el("thead", {}, head),
      el("tbody", {},
        row("Attacker loses nothing", "p_attacker_loses_nothing", pct),
        row("Defender retreats or worse", "p_defender_retreats_or_worse", pct),
        row("Defender takes a loss", "p_defender_takes_a_loss", pct),
        row("Attacker losses (avg)", "expected_attacker_losses", plain),
        row("Defender losses (avg)", "expected_defender_losses", plain))));
  }

  // ---- the modifier checklist (from pycore's catalogue) ------------------------------------------
  function buildChecklist() {
    clear(modifierList);
    modifierRows.clear();
    const byGroup = new Map(GROUPS.map(([group]) => [group, []]));
    for (const kind of catalogue.modifiers) byGroup.get(kind.group)?.push(kind);
    for (const [group, title, note] of GROUPS) {
      const count = el("span", {class: "wif-group-count"});
      const box = el("details", {class: `wif-group wif-group-${group}`, id: `wif-group-${group}`, open: group !== "hq" && group !== "city"},
        el("summary", {}, el("span", {}, title), count), note ? el("p", {class: "hint"}, note) : null);
      for (const kind of byGroup.get(group)) box.append(modifierRow(kind));
      modifierList.append(box);
    }
    applyConditions();
    countTicked();
  }

  function modifierRow(kind) {
    const id = `wif-mod-${kind.id}`;
    const value = kind.group === "hq" ? "½ reorg." : `${signed(kind.value)}${kind.per_unit ? " each" : ""}`;
    const need = [kind.needs_table === "blitz" ? "Blitz table only" : "",
      kind.needs_weather === "fine" ? "fine weather only" : ""].filter(Boolean).join(", ");
    const label = el("label", {for: id, class: "wif-row-label"}, kind.label,
      el("small", {}, value, need ? ` · ${need}` : ""));
    let row;
    let get;
    let set;
    let sync = () => {};
    if (kind.per_unit || kind.group === "hq") {
      const s = counter(id, kind.label, {max: kind.group === "hq" ? 20 : 99});
      row = el("div", {class: "wif-row", dataset: {modifier: kind.id}}, label, s.node);
      s.listen(edited);
      get = () => {
        const n = s.value;
        if (n === 0) return null;
        return kind.group === "hq" ? {id: kind.id, reorganisation: n} : {id: kind.id, count: n};
      };
      set = (entry) => { s.value = entry ? (kind.group === "hq" ? entry.reorganisation : entry.count ?? 1) : 0; };
      sync = s.sync;
    } else {
      const box = el("input", {type: "checkbox", id});
      box.addEventListener("change", () => { row.classList.toggle("present", box.checked); edited(); });
      row = el("div", {class: "wif-row wif-check", dataset: {modifier: kind.id}}, box, label);
      get = () => (box.checked ? {id: kind.id} : null);
      set = (entry) => { box.checked = Boolean(entry); row.classList.toggle("present", box.checked); };
    }
    const enabled = () => {
      const weather = chosenOf(weatherBox);
      if (kind.needs_weather === "fine") return weather === "fine";
      if (kind.needs_weather === "snow_or_blizzard") return weather === "snow" || weather === "blizzard";
      return true;
    };
    modifierRows.set(kind.id, {kind, row, get, set, enabled, sync: () => sync()});
    return row;
  }

  /** "2 ticked" beside each group's title, so a closed group still shows what it holds. */
  function countTicked() {
    for (const box of modifierList.querySelectorAll(".wif-group")) {
      const ticked = box.querySelectorAll(".wif-row.present:not(.off)").length;
      box.querySelector(".wif-group-count").textContent = ticked ? `${ticked} ticked` : "";
    }
  }

  function applyConditions() {
    const weather = chosenOf(weatherBox);
    for (const {row, enabled, sync} of modifierRows.values()) {
      const on = enabled();
      row.classList.toggle("off", !on);
      for (const control of row.querySelectorAll("input, button")) control.disabled = !on;
      sync(); // a stepper's − button follows its count again once enabled
    }
    const winter = section.querySelector("#wif-group-winter");
    if (winter) winter.hidden = !(weather === "snow" || weather === "blizzard");
    weatherNote.textContent = weather === "fine" ? "" : "Modifiers for fine weather only are hidden.";
  }

  // ---- filling the form from a request (a shared link) ----------------------------------------------
  function fill(request) {
    attackInput.value = String(request.attack);
    defenseInput.value = String(request.defense);
    fractional.checked = Boolean(request.fractional_odds);
    halved.checked = Boolean(request.attack_halved);
    choose(tableBox, request.table);
    choose(extraBox, request.extra_loss === undefined ? "auto" : request.extra_loss ? "yes" : "no");
    const choice = request.table_choice || {};
    defenderChooses.checked = Boolean(choice.defender_chooses);
    antiTankArm.checked = Boolean(choice.anti_tank_counts_as_arm);
    for (const {key, stepper: s} of forceCounts) s.value = choice[key] || 0;
    helper.open = Object.keys(choice).length > 0;
    const entries = new Map(request.modifiers.map((m) => [m.id, m]));
    const weather = request.modifiers.find((m) => ["rain", "storm", "snow", "blizzard"].includes(m.id));
    choose(weatherBox, weather ? weather.id : "fine");
    for (const [id, row] of modifierRows) row.set(entries.get(id));
    const custom = request.modifiers.filter((m) => m.id === "custom").reduce((sum, m) => sum + m.value, 0);
    customInput.value = custom ? String(custom) : "";
    applyConditions();
    if (request.dice) {
      choose(diceBox, "own");
      die1.value = String(request.dice["2d10"][0]);
      die2.value = String(request.dice["2d10"][1]);
      dieF.value = request.dice.fraction ? String(request.dice.fraction) : "";
    } else {
      choose(diceBox, "seed");
    }
    showDicePanel();
  }

  /** A shared combat, decoded by pycore (app.js routes it here). */
  async function openLink(envelope, fragment) {
    if (fragment && fragment === lastResult?.link) return;
    const request = envelope.result.request;
    fill(request);
    clearTimeout(timer); // filling the form scheduled a preview; the link's own request answers instead
    const nodes = {};
    const result = await ask(request, nodes);
    if (!result) return;
    render(result, request);
    if (request.seed) seedInput.value = newSeed();
    showMessage("Opened a shared combat.", "info");
  }

  // ---- wiring ---------------------------------------------------------------------------------------
  function showDicePanel() {
    const own = chosenOf(diceBox) === "own";
    seedPanel.hidden = own;
    ownPanel.hidden = !own;
    rollButton.textContent = engine !== "ready" ? "Loading the rules…" : own ? "Read my dice" : "Roll 2D10";
  }

  for (const node of [attackInput, defenseInput, customInput]) node.addEventListener("input", edited);
  for (const node of [fractional, halved, defenderChooses, antiTankArm]) node.addEventListener("change", edited);
  for (const {stepper: s} of forceCounts) s.listen(edited);
  tableBox.addEventListener("change", edited);
  extraBox.addEventListener("change", edited);
  weatherBox.addEventListener("change", () => { applyConditions(); edited(); });
  diceBox.addEventListener("change", showDicePanel);
  for (const node of [die1, die2, dieF]) {
    node.addEventListener("focus", () => node.select());
    node.addEventListener("input", () => node.classList.remove("invalid"));
  }
  useSuggestion.addEventListener("click", () => { choose(tableBox, useSuggestion.dataset.table); edited(); });
  seedButton.addEventListener("click", () => { seedInput.value = newSeed(); });
  rollButton.addEventListener("click", roll);
  form.addEventListener("submit", (event) => event.preventDefault());
  shareButton.addEventListener("click", async () => {
    shareStatus.textContent = await copyInto(linkField, linkField.value) ? "Link copied." : "Copy the link above to share it.";
  });
  offer("wif", {openLink, linkProblem: (text) => showMessage(text),
    linkDamaged: (error) => showMessage(`This link is damaged or was edited: ${restOf(error).replace(/\.$/, "")}. What you entered is kept.`)});
  showDicePanel();
  if (problem) showMessage(problem); // a link of an unknown version: said at once

  return new Promise((resolve) => {
    client.onFailed((reason) => {
      engine = "failed";
      rollButton.textContent = "Engine offline";
      rollButton.disabled = true;
      showMessage(`Could not load the battle engine (${reason}). Reload the page once you are online.`);
      resolve();
    });
    client.onReady(async () => {
      try {
        const envelope = await client.call({op: "wif", catalogue: true});
        if (envelope.ok) {
          catalogue = envelope.result.catalogue;
          buildChecklist();
        } else {
          showMessage(markField(section, envelope.error, () => null).words);
        }
        engine = "ready";
        rollButton.disabled = false;
        showDicePanel();
        if (!opening) await preview(); // a link's own request answers instead (app.js opens it next)
        if (problem) showMessage(problem); // the first preview's answer cleared the message
      } finally {
        resolve();
      }
    });
  });
}
