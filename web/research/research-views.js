// The Research screen's views: a ledger's figures and its history (from pycore's replay), the form
// that adds a nation, and the game's tools (share, export, import, remove). Each draws or gathers;
// research.js holds the game and decides.
//
// Not for: the next round's entry (research-entry.js) or bombing (research-bombing.js).

import {el, clear} from "../kit/dom.js";
import {segmented, dieBox} from "../kit/widgets.js";
import {LEDGER_NAMES, percent, researchWords, techName} from "./research-state.js";

/** The ledger's title, figures, techs and what the next break-through needs. engine: "loading" | "ready" | "failed". */
export function renderSummary(box, {nation, key, result, engine}) {
  clear(box);
  const title = nation.system === "lowluck" ? `${nation.name} — ${LEDGER_NAMES[key]} research` : `${nation.name} — tech dice`;
  box.append(el("h3", {}, title));
  if (!result) {
    box.append(el("p", {class: "hint"}, engine === "failed" ? "The engine did not load: the ledger cannot be replayed." : "Waiting for the rules to load…"));
    return;
  }
  if (result.error) {
    box.append(el("p", {class: "message"}, `This ledger does not replay: ${researchWords(result.error)}`));
    return;
  }
  const ledger = result.ledger;
  const figures = nation.system === "lowluck"
    ? [["Saved", ledger.saved, "saved"], ["Spent", ledger.spent, "spent"], ["Lost", ledger.lost, "lost"]]
    : [["Tokens", ledger.tokens, "tokens"], ["Spent", ledger.spent, "spent"]];
  box.append(el("dl", {class: "rd-figures"}, figures.map(([label, value, id]) =>
    el("div", {}, el("dt", {}, label), el("dd", {id: `ledger-${id}`}, String(value))))));
  box.append(el("p", {class: "rd-techs", id: "ledger-techs"},
    ledger.techs.length ? ledger.techs.map((t) => el("span", {class: "rd-tech", dataset: {tech: t}}, techName(t))) : el("span", {class: "hint"}, "No tech yet")));
  if (nation.system !== "lowluck") return;
  const next = result.next;
  let line;
  if (ledger.complete) line = "Every tech of this category is owned.";
  else if (next.can_attempt) {
    line = `Break-through possible at ${next.column}: ` +
      Object.entries(next.chances).map(([t, c]) => `${techName(t)} ${percent(c.p)}`).join(", ") + ".";
  } else line = `${next.to_first_threshold} more to the first break-through (${result.rules.thresholds[0]}).`;
  box.append(el("p", {class: "rd-next", id: "ledger-next"}, line));
}

/** The rounds recorded, newest first, each with its dice; the number of rounds. */
export function renderHistory(list, result) {
  clear(list);
  const steps = result?.ledger?.steps || [];
  for (const step of [...steps].reverse()) {
    const dice = [];
    if (step.attempt) dice.push(dieBox(step.attempt.roll, {good: true, label: `rolled ${step.attempt.roll} (${step.attempt.rolled_by === "app" ? "app" : "players"})`}));
    for (const value of step.rolls || []) dice.push(dieBox(value, {good: step.at ? value <= step.at : value === 6}));
    list.append(el("li", {class: "rd-step", dataset: {step: step.step}},
      el("span", {class: "rd-round"}, `${step.held === undefined ? "Round" : "Turn"} ${step.step}`), dice.length ? el("span", {class: "rd-dice"}, dice) : null,
      el("span", {class: "rd-text"}, step.text)));
  }
  if (!steps.length) list.append(el("li", {class: "hint"}, "No round recorded yet."));
  return steps.length;
}

/** "+ Nation" and its form. onAdd({name, system, options}) answers a problem to show, or "" when added. */
export function createAddNation({onAdd}) {
  const open = el("button", {type: "button", class: "small", id: "add-nation-open"}, "+ Nation");
  const name = el("input", {id: "nation-name", type: "text", autocomplete: "off", maxlength: "60", placeholder: "e.g. Germany"});
  const system = segmented("nation-system", "Research system",
    [["lowluck", "Low Luck tech"], ["dice", "Tech dice"]], () => { diceOptions.hidden = system.value !== "dice"; });
  const keepTokens = el("input", {type: "checkbox", id: "nation-tokens"});
  const lowLuckDice = el("input", {type: "checkbox", id: "nation-lowluck-dice"});
  const diceOptions = el("div", {class: "field", hidden: true},
    el("label", {class: "rd-check"}, keepTokens, " Keep unused dice as tokens"),
    el("label", {class: "rd-check"}, lowLuckDice, " Low Luck for tech"));
  const error = el("p", {class: "rd-field-error", id: "nation-error", role: "alert", hidden: true});
  const cancel = el("button", {type: "button", class: "secondary", id: "add-nation-cancel"}, "Cancel");
  const form = el("form", {class: "rd-card", id: "add-nation-form", hidden: true, novalidate: true},
    el("div", {class: "field"}, el("label", {for: "nation-name"}, "Nation"), name),
    el("div", {class: "field"}, el("span", {class: "label"}, "Research"), system.node,
      el("p", {class: "hint"}, "Low Luck tech: savings per category (the Low Luck A&A rules). Tech dice: 5 per die, a 6 discovers.")),
    diceOptions, error,
    el("div", {class: "buttons rd-buttons"}, el("button", {type: "submit", class: "primary", id: "add-nation"}, "Add nation"), cancel));
  system.value = "lowluck";
  open.addEventListener("click", () => { form.hidden = false; name.focus(); });
  cancel.addEventListener("click", () => { form.hidden = true; });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const problem = onAdd({name: name.value.trim(), system: system.value,
      options: {keep_tokens: keepTokens.checked, low_luck: lowLuckDice.checked}});
    error.hidden = !problem;
    error.textContent = problem;
    if (problem) return;
    name.value = "";
    form.hidden = true;
  });
  return {open, form};
}

/** The game's tools: share the ledger, export and import the game, remove a nation (tapped twice). */
export function createGameTools({onShare, onExport, onImport, onRemove}) {
  const share = el("button", {type: "button", class: "small", id: "ledger-share"}, "Share link");
  const exportButton = el("button", {type: "button", class: "small", id: "game-export"}, "Export game");
  const importInput = el("input", {type: "file", id: "game-import", accept: "application/json,.json", class: "visually-hidden"});
  const importLabel = el("label", {for: "game-import", class: "small rd-file"}, "Import game");
  const remove = el("button", {type: "button", class: "small rd-danger", id: "nation-remove"}, "Remove nation");
  const linkField = el("input", {id: "ledger-link", type: "url", readOnly: true, "aria-label": "Link to this ledger", hidden: true});
  const node = el("section", {class: "rd-card", "aria-label": "Game"}, el("h3", {}, "Game"),
    el("div", {class: "rd-tools"}, share, exportButton, importLabel, importInput, remove), linkField);
  let armed = false;
  share.addEventListener("click", () => onShare(linkField));
  exportButton.addEventListener("click", () => onExport());
  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    importInput.value = "";
    if (file) await onImport(await file.text(), file.name);
  });
  remove.addEventListener("click", () => {
    const name = onRemove(armed);
    if (name === null) return;
    armed = !armed && Boolean(name);
    if (armed) remove.textContent = `Tap again: remove ${name}`;
  });
  return {
    node,
    /** Back to one tap away from arming "Remove" (another nation chosen, the view drawn again). */
    disarm() { armed = false; remove.textContent = "Remove nation"; },
  };
}
