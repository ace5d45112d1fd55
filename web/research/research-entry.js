// The Research screen's entry for the next round of a ledger: under Low Luck the invest and a
// break-through attempt (the app's die or the player's), for tech dice the dice bought, the tech aimed
// at and who rolls. It shows what the round will do (research-state.js) and gathers the step; the
// screen records it (research.js), pycore replays the ledger and judges it.
//
// Not for: the ledger's figures and history (research-views.js).

import {el, clear} from "../kit/dom.js";
import {segmented, stepper, diceKeypad} from "../kit/widgets.js";
import {LIMITS, TECH_NAMES, diceEntry, lowLuckEntry} from "./research-state.js";

/** Low Luck's controls: the invest (with Min and Max), the attempt, the die the player rolled. */
function lowLuckParts(onChange, onDie) {
  const invest = stepper("invest", "Invest", {min: 0, max: 18, value: 18, onChange: () => onChange()});
  const quick = el("div", {class: "rd-quick"});
  const attempt = segmented("attempt", "Break-through attempt",
    [["none", "Not now"], ["app", "App rolls"], ["own", "I rolled"]], () => onChange());
  const dieRow = el("div", {class: "rd-dice-pick", id: "own-roll", role: "radiogroup", "aria-label": "Die rolled", hidden: true});
  for (let face = 1; face <= 6; face++) {
    const input = el("input", {type: "radio", name: "own-roll", value: String(face), id: `own-roll-${face}`});
    input.addEventListener("change", () => { onDie(); onChange(); });
    dieRow.append(el("label", {class: "rd-face"}, input, el("span", {}, String(face))));
  }
  const node = el("div", {},
    el("div", {class: "field"}, el("span", {class: "label"}, "Invest this round"), el("div", {class: "rd-invest"}, invest.node, quick)),
    el("div", {class: "field"}, el("span", {class: "label"}, "Break-through"), attempt.node, dieRow));
  attempt.value = "none";
  return {node, invest, quick, attempt, dieRow};
}

/** Tech dice's controls: the dice bought, the tech aimed at, who rolls, the players' dice pad. */
function diceParts(onChange, onDie) {
  const bought = stepper("tech-dice", "Dice bought", {min: 0, max: 60, value: 1, onChange: () => onChange()});
  const tech = el("select", {id: "tech-target"});
  tech.addEventListener("change", () => onChange());
  const who = segmented("dice-rolls", "Who rolls", [["app", "App rolls"], ["own", "I roll my own dice"]], () => onChange());
  // The players' dice: one slot per die to roll (every die held; under Low Luck, the remainder die only).
  const pad = diceKeypad("own-rolls", "Your dice", {onChange: () => { pad.invalid = false; onDie(); }});
  const padHint = el("p", {class: "hint", id: "own-rolls-hint"});
  const padBox = el("div", {id: "own-rolls-box", hidden: true}, padHint, pad.node);
  const node = el("div", {},
    el("div", {class: "field"}, el("span", {class: "label"}, "Dice bought (5 each)"), bought.node),
    el("div", {class: "field"}, el("label", {for: "tech-target"}, "For"), tech),
    el("div", {class: "field"}, el("span", {class: "label"}, "Dice"), who.node, padBox));
  who.value = "app";
  return {node, bought, tech, who, pad, padHint, padBox};
}

/** Low Luck's entry for ledger `key`: the invest's limits and quick buttons, whether an attempt may be made. */
function drawLowLuck(ll, {key, result, round, onChange}) {
  const rules = result?.rules || LIMITS[key];
  ll.invest.limits = {min: 0, max: rules.maximum};
  if (ll.invest.value > rules.maximum) ll.invest.value = rules.maximum;
  if (ll.quick.dataset.key !== key) {
    ll.quick.dataset.key = key;
    clear(ll.quick).append(...[["Min", rules.minimum], ["Max", rules.maximum]].map(([word, n]) => {
      const b = el("button", {type: "button", class: "small", dataset: {invest: n}}, `${word} ${n}`);
      b.addEventListener("click", () => { ll.invest.value = n; onChange(); });
      return b;
    }));
    ll.invest.value = rules.maximum;
  }
  const probe = lowLuckEntry({rules, invest: ll.invest.value, saved: result?.ledger?.saved ?? 0,
    complete: Boolean(result?.ledger?.complete), attempting: ll.attempt.value !== "none", round});
  ll.attempt.disable("app", !probe.canAttempt);
  ll.attempt.disable("own", !probe.canAttempt);
  if (!probe.canAttempt && ll.attempt.value !== "none") ll.attempt.value = "none";
  ll.dieRow.hidden = ll.attempt.value !== "own";
  return probe;
}

/** The tech-dice entry: the techs not owned yet, the dice the players roll. */
function drawDice(dd, {ledger, result, round}) {
  const owned = new Set(result?.ledger?.techs || []);
  const keep = dd.tech.value;
  clear(dd.tech).append(el("option", {value: ""}, "— choose a technology —"),
    ...Object.keys(TECH_NAMES).filter((t) => !owned.has(t)).map((t) => el("option", {value: t}, TECH_NAMES[t])));
  dd.tech.value = owned.has(keep) ? "" : keep;
  const held = (result?.ledger?.tokens ?? 0) + dd.bought.value;
  const shown = diceEntry({held, bought: dd.bought.value, lowLuck: Boolean(ledger.low_luck)});
  dd.padBox.hidden = dd.who.value !== "own";
  dd.pad.need(shown.count, 6);
  dd.pad.node.hidden = shown.count === 0;
  dd.pad.title = shown.title;
  dd.padHint.textContent = shown.rolls;
  return {hint: shown.hint, label: `Record turn ${round}`, warn: false};
}

/** The step the entry holds for `nation`: {step} or {problem} (a die to tap first). */
function stepOf(ll, dd, nation) {
  if (nation.system === "lowluck") {
    const step = {invest: ll.invest.value};
    if (ll.attempt.value === "app") step.attempt = true;
    if (ll.attempt.value === "own") {
      const face = ll.dieRow.querySelector("input:checked");
      if (!face) return {problem: "Tap the die you rolled (1–6), or let the app roll."};
      Object.assign(step, {attempt: true, roll: Number(face.value)});
    }
    return {step};
  }
  const step = {dice: dd.bought.value};
  if (dd.tech.value) step.tech = dd.tech.value;
  if (dd.who.value === "own") step.rolls = dd.pad.values; // pycore says when some are missing
  return {step};
}

/** onChange(): something of the entry changed (its words follow); onRecord(): Enter in the form. */
export function createLedgerEntry({onChange, onRecord}) {
  const hint = el("p", {class: "hint", id: "entry-hint"});
  // A step refused is said next to the dice and the record button, not at the top of the screen.
  const error = el("p", {class: "rd-field-error", id: "entry-error", role: "alert", hidden: true});
  const showError = (text) => {
    error.hidden = !text;
    error.textContent = text || "";
    if (text) error.scrollIntoView({block: "nearest"});
  };
  const ll = lowLuckParts(onChange, () => showError(null));
  const dd = diceParts(onChange, () => showError(null));
  const title = el("h3", {id: "entry-title"}, "Round 1");
  const node = el("form", {class: "rd-card", id: "ledger-entry", novalidate: true}, title, ll.node, dd.node, hint, error);
  node.addEventListener("submit", (event) => { event.preventDefault(); onRecord(); });
  return {
    node, showError,
    /** Draw the entry for ledger `key` of `nation` (result: its replay); {label, warn} of the record button. */
    render(nation, key, result) {
      const round = nation.ledgers[key].steps.length + 1;
      title.textContent = `${nation.system === "lowluck" ? "Round" : "Turn"} ${round}`;
      ll.node.hidden = nation.system !== "lowluck";
      dd.node.hidden = nation.system === "lowluck";
      const shown = nation.system === "lowluck" ? drawLowLuck(ll, {key, result, round, onChange})
        : drawDice(dd, {ledger: nation.ledgers[key], result, round});
      hint.textContent = shown.hint;
      return shown;
    },
    step: (nation) => stepOf(ll, dd, nation),
    /** pycore refused the players' dice: the pad is marked, its dice stay as entered. */
    refuseRolls() { dd.pad.invalid = true; },
    /** Recorded: the next round starts from "not now", no die tapped, an empty pad. */
    recorded() {
      showError(null);
      ll.attempt.value = "none";
      for (const input of ll.dieRow.querySelectorAll("input")) input.checked = false;
      dd.pad.clear();
    },
  };
}
