// The "Research" screen: a game's research ledgers per nation, and strategic bombing with its fees.
//
// Each ledger is the steps of a `research` request; pycore replays it on every
// change (so the page never computes a rule itself) and the game is saved to
// localStorage after each change (research-store.js), merged with what other
// open tabs saved meanwhile. Bombing lives in research-bombing.js.
// Contract: export init(client, section, page); a shared ledger or raid comes through app.js (kit/screens.js).

import {el, clear} from "../kit/dom.js";
import {copyInto} from "../kit/copy.js";
import * as store from "./research-store.js";
import {createBombing} from "./research-bombing.js";
import {segmented, stepper, dieBox, diceKeypad} from "../kit/widgets.js";
import {shareUrl} from "../kit/share.js";
import {offer} from "../kit/screens.js";
import {inWords, restOf, showMessage as say} from "../kit/feedback.js";

const TECH_NAMES = {
  super_subs: "Super Subs", rockets: "Rockets", industrial_technology: "Industrial Technology",
  jet_power: "Jet Power", long_range_aircraft: "Long Range Aircraft", heavy_bombers: "Heavy Bombers",
  destroyer_bombard: "Destroyer Bombard", advanced_artillery: "Advanced Artillery", paratroopers: "Paratroopers",
  increased_factory_production: "Increased Factory Production", radar: "Radar",
};
const LEDGER_NAMES = {industrial: "Industrial", air: "Air", dice: "Tech dice"};
const LIMITS = {industrial: {minimum: 4, maximum: 12}, air: {minimum: 6, maximum: 18}}; // until pycore answers

const techName = (id) => TECH_NAMES[id] || id;

// A ledger step's fields in the player's words: pycore names them "steps[1].invest" (docs/api.md research).
const STEP_WORDS = {invest: "invest", attempt: "break-through attempt", roll: "die", dice: "dice bought", tech: "technology",
  rolls: "dice rolled"};
/** An error of a research request in words: "Turn 2, invest: …" instead of "steps[1].invest: …". */
export function researchWords(error) {
  const step = /^steps\[(\d+)\](?:\.(\w+))?/.exec(error?.field || "");
  const label = step ? `Turn ${Number(step[1]) + 1}${step[2] ? `, ${STEP_WORDS[step[2]] || step[2]}` : ""}` : "";
  return inWords(error, label);
}
const percent = (p) => `${Math.round(100 * p)}%`;

export function init(client, section, {problem = null} = {}) {
  if (!document.querySelector('link[href="research/research.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "research/research.css"}));
  }
  const saved = store.openStore();
  const loaded = saved.load();
  let game = loaded.game;
  let results = new Map(); // "nationId/ledger" → research result, or {error}
  let engine = client.state === "ready" ? "ready" : "loading";
  let busy = false;
  // Calls to pycore in flight: another tab's change waits for them, since the code awaiting one goes on
  // with the nation it started with (a fee added to a nation the merge replaced would be lost).
  let inflight = 0;
  let pullWaiting = false;
  const call = async (request) => {
    inflight++;
    try {
      return await client.call(request);
    } finally {
      inflight--;
      if (pullWaiting && !inflight) setTimeout(takeOtherTabs); // after the caller's own next step
    }
  };

  // ---- banners -------------------------------------------------------------------
  const storageBanner = el("div", {class: "message", id: "research-storage", role: "alert", hidden: true});
  const message = el("div", {class: "message", id: "research-message", role: "alert", hidden: true});
  const notice = el("p", {class: "rd-notice", id: "research-notice", role: "status", hidden: true});
  const showStorage = (problem) => {
    storageBanner.hidden = !problem;
    storageBanner.textContent = problem || "";
  };
  const showMessage = (text) => say(message, text);
  const showNotice = (text) => { notice.hidden = !text; notice.textContent = text || ""; };
  showStorage(loaded.problem);

  function persist() {
    const {game: stored, notes, problem} = saved.save(game);
    adopt(stored, notes);
    if (problem) showStorage(problem);
    else if (!loaded.problem || storageBanner.dataset.kind !== "load") showStorage(null);
  }
  if (loaded.problem) storageBanner.dataset.kind = "load";

  // ---- other tabs (research-store.js mergeGames) ----------------------------------------------
  /** Take a merged game in; say what came from another tab (a conflict as an alert). */
  function adopt(next, notes) {
    const news = notes.filter((note) => !note.alert).map((note) => note.text);
    const alerts = notes.filter((note) => note.alert).map((note) => note.text);
    if (news.length) showNotice(news.join(" "));
    if (alerts.length) {
      showMessage(alerts.join(" "));
      message.scrollIntoView({block: "nearest"}); // asked of the player: shown where the thumb is not
    }
    if (next === game || store.canonical(next.nations) === store.canonical(game.nations)) return;
    game = next;
    refresh(); // replays what the other tab recorded, then draws
  }

  function takeOtherTabs() {
    if (busy || inflight) {
      pullWaiting = true;
      return;
    }
    pullWaiting = false;
    const got = saved.pull(game);
    if (!got) return;
    adopt(got.game, got.notes);
    if (got.problem) showStorage(got.problem);
  }
  saved.onChange(takeOtherTabs);

  // ---- views: research | bombing ---------------------------------------------------
  const view = segmented("research-view", "Research or bombing", [["research", "Research"], ["bombing", "Bombing"]],
    (value) => { game.selected = {...selection(), view: value}; persist(); render(); });

  // ---- nations -----------------------------------------------------------------
  const nationRow = el("div", {class: "rd-chips", id: "nation-list", role: "tablist", "aria-label": "Nations"});
  const addButton = el("button", {type: "button", class: "small", id: "add-nation-open"}, "+ Nation");
  const nameInput = el("input", {id: "nation-name", type: "text", autocomplete: "off", maxlength: "60", placeholder: "e.g. Germany"});
  const systemPick = segmented("nation-system", "Research system",
    [["lowluck", "Low Luck tech"], ["dice", "Tech dice"]], () => { diceOptions.hidden = systemPick.value !== "dice"; });
  const keepTokens = el("input", {type: "checkbox", id: "nation-tokens"});
  const lowLuckDice = el("input", {type: "checkbox", id: "nation-lowluck-dice"});
  const diceOptions = el("div", {class: "field", hidden: true},
    el("label", {class: "rd-check"}, keepTokens, " Keep unused dice as tokens"),
    el("label", {class: "rd-check"}, lowLuckDice, " Low Luck for tech"));
  const addError = el("p", {class: "rd-field-error", id: "nation-error", role: "alert", hidden: true});
  const addForm = el("form", {class: "rd-card", id: "add-nation-form", hidden: true, novalidate: true},
    el("div", {class: "field"}, el("label", {for: "nation-name"}, "Nation"), nameInput),
    el("div", {class: "field"}, el("span", {class: "label"}, "Research"), systemPick.node,
      el("p", {class: "hint"}, "Low Luck tech: savings per category (seed 000). Tech dice: 5 per die, a 6 discovers.")),
    diceOptions, addError,
    el("div", {class: "buttons rd-buttons"},
      el("button", {type: "submit", class: "primary", id: "add-nation"}, "Add nation"),
      el("button", {type: "button", class: "secondary", id: "add-nation-cancel"}, "Cancel")));
  systemPick.value = "lowluck";
  addButton.addEventListener("click", () => { addForm.hidden = false; nameInput.focus(); });
  addForm.querySelector("#add-nation-cancel").addEventListener("click", () => { addForm.hidden = true; });
  addForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    const problem = !name ? "Give the nation a name." : name.length > 60 ? "A name has at most 60 characters."
      : game.nations.some((n) => n.name === name) ? `There is already a nation called "${name}".`
      : game.nations.length >= store.MAX_NATIONS ? `A game holds at most ${store.MAX_NATIONS} nations: remove one first.` : "";
    addError.hidden = !problem;
    addError.textContent = problem;
    if (problem) return;
    const nation = store.newNation(name, systemPick.value, {keep_tokens: keepTokens.checked, low_luck: lowLuckDice.checked});
    game.nations.push(nation);
    game.selected = {nation: nation.id, ledger: store.ledgerKeys(nation).at(-1), view: "research"};
    nameInput.value = "";
    addForm.hidden = true;
    persist();
    refresh();
  });

  // ---- ledger -----------------------------------------------------------------
  const ledgerPick = segmented("ledger-pick", "Research category", [["industrial", "Industrial"], ["air", "Air"]],
    (value) => { game.selected = {...selection(), ledger: value}; persist(); render(); });
  const summary = el("div", {class: "rd-card rd-summary", id: "ledger-summary", "aria-live": "polite"});
  const investStep = stepper("invest", "Invest", {min: 0, max: 18, value: 18, onChange: () => renderEntry()});
  const quick = el("div", {class: "rd-quick"});
  const attemptPick = segmented("attempt", "Break-through attempt",
    [["none", "Not now"], ["app", "App rolls"], ["own", "I rolled"]], () => renderEntry());
  const dieRow = el("div", {class: "rd-dice-pick", id: "own-roll", role: "radiogroup", "aria-label": "Die rolled", hidden: true});
  for (let face = 1; face <= 6; face++) {
    const input = el("input", {type: "radio", name: "own-roll", value: String(face), id: `own-roll-${face}`});
    input.addEventListener("change", () => { showEntryError(null); renderEntry(); });
    dieRow.append(el("label", {class: "rd-face"}, input, el("span", {}, String(face))));
  }
  const entryHint = el("p", {class: "hint", id: "entry-hint"});
  // A step refused is said next to the dice and the record button, not at the top of the screen.
  const entryError = el("p", {class: "rd-field-error", id: "entry-error", role: "alert", hidden: true});
  const showEntryError = (text) => {
    entryError.hidden = !text;
    entryError.textContent = text || "";
    if (text) entryError.scrollIntoView({block: "nearest"});
  };
  const lowluckEntry = el("div", {},
    el("div", {class: "field"}, el("span", {class: "label"}, "Invest this round"), el("div", {class: "rd-invest"}, investStep.node, quick)),
    el("div", {class: "field"}, el("span", {class: "label"}, "Break-through"), attemptPick.node, dieRow));
  // tech dice entry
  const diceStep = stepper("tech-dice", "Dice bought", {min: 0, max: 60, value: 1, onChange: () => renderEntry()});
  const techSelect = el("select", {id: "tech-target"});
  techSelect.addEventListener("change", () => renderEntry());
  const rollsPick = segmented("dice-rolls", "Who rolls", [["app", "App rolls"], ["own", "I roll my own dice"]], () => renderEntry());
  // The players' dice: one slot per die to roll (every die held; under Low Luck, the remainder die only).
  const rollsPad = diceKeypad("own-rolls", "Your dice", {onChange: () => { rollsPad.invalid = false; showEntryError(null); }});
  const rollsHint = el("p", {class: "hint", id: "own-rolls-hint"});
  const rollsBox = el("div", {id: "own-rolls-box", hidden: true}, rollsHint, rollsPad.node);
  const diceEntry = el("div", {},
    el("div", {class: "field"}, el("span", {class: "label"}, "Dice bought (5 each)"), diceStep.node),
    el("div", {class: "field"}, el("label", {for: "tech-target"}, "For"), techSelect),
    el("div", {class: "field"}, el("span", {class: "label"}, "Dice"), rollsPick.node, rollsBox));
  const entryTitle = el("h3", {id: "entry-title"}, "Round 1");
  const entry = el("form", {class: "rd-card", id: "ledger-entry", novalidate: true}, entryTitle, lowluckEntry, diceEntry, entryHint, entryError);
  entry.addEventListener("submit", (event) => { event.preventDefault(); record(); });
  attemptPick.value = "none";
  rollsPick.value = "app";

  const historyList = el("ol", {class: "rd-history", id: "ledger-history", reversed: true});
  const historyBox = el("section", {class: "rd-card", "aria-label": "History"}, el("h3", {}, "History"), historyList);

  const recordButton = el("button", {type: "button", class: "primary", id: "record"}, "Record round");
  const undoButton = el("button", {type: "button", class: "secondary", id: "undo"}, "Undo last");
  recordButton.addEventListener("click", () => record());
  undoButton.addEventListener("click", () => undo());
  const actions = el("div", {class: "actions", id: "research-actions"}, el("div", {class: "buttons"}, undoButton, recordButton));

  // ---- game: share, export, import, remove ----------------------------------------------
  const shareButton = el("button", {type: "button", class: "small", id: "ledger-share"}, "Share link");
  const exportButton = el("button", {type: "button", class: "small", id: "game-export"}, "Export game");
  const importInput = el("input", {type: "file", id: "game-import", accept: "application/json,.json", class: "visually-hidden"});
  const importLabel = el("label", {for: "game-import", class: "small rd-file"}, "Import game");
  const removeButton = el("button", {type: "button", class: "small rd-danger", id: "nation-remove"}, "Remove nation");
  const linkField = el("input", {id: "ledger-link", type: "url", readOnly: true, "aria-label": "Link to this ledger", hidden: true});
  const gameBox = el("section", {class: "rd-card", "aria-label": "Game"}, el("h3", {}, "Game"),
    el("div", {class: "rd-tools"}, shareButton, exportButton, importLabel, importInput, removeButton), linkField);

  shareButton.addEventListener("click", async () => {
    const result = currentResult();
    if (!result?.link) return;
    showNotice(await copyInto(linkField, shareUrl(result.link))
      ? "Link copied: it shows this ledger, every round and die."
      : "Copy the link above to share this ledger.");
  });
  exportButton.addEventListener("click", () => {
    const blob = new Blob([JSON.stringify(game, null, 1)], {type: "application/json"});
    const url = URL.createObjectURL(blob);
    const day = new Date().toISOString().slice(0, 10);
    const a = el("a", {href: url, download: `luckdial-research-${day}.json`});
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    showNotice("Game exported as a file.");
  });
  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    importInput.value = "";
    if (file) await importText(await file.text(), file.name);
  });
  let removeArmed = false;
  removeButton.addEventListener("click", () => {
    const nation = currentNation();
    if (!nation) return;
    if (!removeArmed) {
      removeArmed = true;
      removeButton.textContent = `Tap again: remove ${nation.name}`;
      return;
    }
    game.nations = game.nations.filter((n) => n !== nation);
    game.selected = game.nations.length ? {nation: game.nations[0].id, ledger: store.ledgerKeys(game.nations[0])[0], view: "research"} : null;
    persist();
    render();
  });

  const bombing = createBombing({call}, {
    nation: () => currentNation(),
    changed: () => { persist(); },
    ready: () => engine === "ready",
  });

  const researchView = el("div", {id: "research-ledgers"}, ledgerPick.node, summary, entry, historyBox, gameBox, actions);
  const empty = el("p", {class: "hint", id: "research-empty"},
    "Add a nation to keep its research ledgers and bombing fees for the whole game. Everything is kept on this phone.");
  section.replaceChildren(
    el("h2", {}, "Research"), storageBanner, message, view.node, el("div", {class: "rd-nations"}, nationRow, addButton),
    addForm, notice, bombing.shared, empty, researchView, bombing.node);

  // ---- state helpers ----------------------------------------------------------------
  function selection() {
    return game.selected || {nation: game.nations[0]?.id, ledger: "", view: "research"};
  }
  function currentNation() {
    const id = selection().nation;
    return game.nations.find((n) => n.id === id) || game.nations[0] || null;
  }
  function currentKey() {
    const nation = currentNation();
    if (!nation) return null;
    const keys = store.ledgerKeys(nation);
    return keys.includes(selection().ledger) ? selection().ledger : keys.at(-1);
  }
  function currentResult() {
    const nation = currentNation();
    return nation ? results.get(`${nation.id}/${currentKey()}`) : null;
  }

  async function replay(nation, key) {
    const envelope = await call(store.ledgerRequest(nation, key));
    const value = envelope.ok ? envelope.result : {error: envelope.error};
    results.set(`${nation.id}/${key}`, value);
    return envelope;
  }

  async function refresh() {
    if (engine !== "ready") return render();
    await Promise.all(game.nations.flatMap((nation) => store.ledgerKeys(nation).map((key) => replay(nation, key))));
    render();
  }

  // ---- actions ------------------------------------------------------------------------
  function nextStep() {
    const nation = currentNation();
    if (nation.system === "lowluck") {
      const step = {invest: investStep.value};
      if (attemptPick.value === "app") step.attempt = true;
      if (attemptPick.value === "own") {
        const face = dieRow.querySelector("input:checked");
        if (!face) return {problem: "Tap the die you rolled (1–6), or let the app roll."};
        Object.assign(step, {attempt: true, roll: Number(face.value)});
      }
      return {step};
    }
    const step = {dice: diceStep.value};
    if (techSelect.value) step.tech = techSelect.value;
    if (rollsPick.value === "own") step.rolls = rollsPad.values; // pycore says when some are missing
    return {step};
  }

  async function record() {
    const nation = currentNation();
    if (!nation || busy || engine !== "ready") return;
    const {step, problem} = nextStep();
    if (problem) return showEntryError(problem);
    const key = currentKey();
    const ledger = nation.ledgers[key];
    busy = true;
    ledger.steps.push(step);
    const envelope = await replay(nation, key);
    busy = false;
    if (!envelope.ok) {
      ledger.steps.pop();
      await replay(nation, key);
      if (/\.rolls/.test(envelope.error.field || "")) rollsPad.invalid = true; // the dice stay as entered
      render();
      showEntryError(`Not recorded — ${researchWords(envelope.error)}`);
      return;
    }
    showEntryError(null);
    showMessage(null);
    attemptPick.value = "none";
    for (const input of dieRow.querySelectorAll("input")) input.checked = false;
    rollsPad.clear();
    persist();
    render();
  }

  async function undo() {
    const nation = currentNation();
    if (!nation || busy || engine !== "ready") return;
    const key = currentKey();
    const removed = nation.ledgers[key].steps.pop();
    if (!removed) return;
    busy = true;
    await replay(nation, key);
    busy = false;
    showMessage(null);
    showEntryError(null);
    showNotice(`Round ${nation.ledgers[key].steps.length + 1} undone.`);
    persist();
    render();
  }

  async function importText(raw, name) {
    let candidate;
    try {
      candidate = store.checkGame(JSON.parse(raw));
    } catch (error) {
      return showMessage(`Import of "${name}" refused, nothing changed — ${error instanceof SyntaxError ? "not JSON: " : ""}${error.message}`);
    }
    if (engine !== "ready") return showMessage("Import waits for the rules to load: try again in a moment.");
    for (const nation of candidate.nations) {
      for (const key of store.ledgerKeys(nation)) {
        const envelope = await call(store.ledgerRequest(nation, key));
        if (!envelope.ok) {
          return showMessage(`Import of "${name}" refused, nothing changed — ${nation.name}, ${LEDGER_NAMES[key]}: ${researchWords(envelope.error)}`);
        }
      }
    }
    game = candidate;
    results = new Map();
    showMessage(null);
    persist();
    await refresh();
    showNotice(`Imported ${game.nations.length} nation${game.nations.length === 1 ? "" : "s"} from "${name}".`);
  }

  // ---- render -----------------------------------------------------------------------
  function render() {
    const nation = currentNation();
    const selected = selection();
    view.value = selected.view || "research";
    empty.hidden = Boolean(nation);
    clear(nationRow);
    for (const n of game.nations) {
      const chip = el("button", {type: "button", role: "tab", class: "rd-chip", "aria-selected": String(n === nation),
        dataset: {nation: n.name}}, n.name);
      chip.addEventListener("click", () => {
        game.selected = {...selection(), nation: n.id};
        removeArmed = false;
        persist();
        render();
      });
      nationRow.append(chip);
    }
    removeArmed = false;
    removeButton.textContent = "Remove nation";
    const researching = Boolean(nation) && view.value !== "bombing";
    researchView.hidden = !researching;
    bombing.node.hidden = !nation || view.value !== "bombing";
    if (nation && view.value === "bombing") bombing.render();
    if (!researching) return;
    const key = currentKey();
    if (entry.dataset.shown !== `${nation.id}/${key}`) showEntryError(null); // another ledger: its own entry
    entry.dataset.shown = `${nation.id}/${key}`;
    ledgerPick.node.hidden = nation.system !== "lowluck";
    ledgerPick.value = key;
    const result = results.get(`${nation.id}/${key}`);
    renderSummary(nation, key, result);
    renderHistory(result);
    renderEntry();
  }

  function renderSummary(nation, key, result) {
    clear(summary);
    const title = nation.system === "lowluck" ? `${nation.name} — ${LEDGER_NAMES[key]} research` : `${nation.name} — tech dice`;
    summary.append(el("h3", {}, title));
    if (!result) {
      summary.append(el("p", {class: "hint"}, engine === "failed" ? "The engine did not load: the ledger cannot be replayed." : "Waiting for the rules to load…"));
      return;
    }
    if (result.error) {
      summary.append(el("p", {class: "message"}, `This ledger does not replay: ${researchWords(result.error)}`));
      return;
    }
    const ledger = result.ledger;
    const figures = nation.system === "lowluck"
      ? [["Saved", ledger.saved, "saved"], ["Spent", ledger.spent, "spent"], ["Lost", ledger.lost, "lost"]]
      : [["Tokens", ledger.tokens, "tokens"], ["Spent", ledger.spent, "spent"]];
    summary.append(el("dl", {class: "rd-figures"}, figures.map(([label, value, id]) =>
      el("div", {}, el("dt", {}, label), el("dd", {id: `ledger-${id}`}, String(value))))));
    summary.append(el("p", {class: "rd-techs", id: "ledger-techs"},
      ledger.techs.length ? ledger.techs.map((t) => el("span", {class: "rd-tech", dataset: {tech: t}}, techName(t))) : el("span", {class: "hint"}, "No tech yet")));
    if (nation.system === "lowluck") {
      const next = result.next;
      let line;
      if (ledger.complete) line = "Every tech of this category is owned.";
      else if (next.can_attempt) {
        line = `Break-through possible at ${next.column}: ` +
          Object.entries(next.chances).map(([t, c]) => `${techName(t)} ${percent(c.p)}`).join(", ") + ".";
      } else line = `${next.to_first_threshold} more to the first break-through (${result.rules.thresholds[0]}).`;
      summary.append(el("p", {class: "rd-next", id: "ledger-next"}, line));
    }
  }

  function renderHistory(result) {
    clear(historyList);
    const steps = result?.ledger?.steps || [];
    for (const step of [...steps].reverse()) {
      const dice = [];
      if (step.attempt) dice.push(dieBox(step.attempt.roll, {good: true, label: `rolled ${step.attempt.roll} (${step.attempt.rolled_by === "app" ? "app" : "players"})`}));
      for (const value of step.rolls || []) dice.push(dieBox(value, {good: step.at ? value <= step.at : value === 6}));
      historyList.append(el("li", {class: "rd-step", dataset: {step: step.step}},
        el("span", {class: "rd-round"}, `${step.held === undefined ? "Round" : "Turn"} ${step.step}`), dice.length ? el("span", {class: "rd-dice"}, dice) : null,
        el("span", {class: "rd-text"}, step.text)));
    }
    if (!steps.length) historyList.append(el("li", {class: "hint"}, "No round recorded yet."));
    undoButton.disabled = !steps.length || engine !== "ready";
  }

  function renderEntry() {
    const nation = currentNation();
    if (!nation) return;
    const key = currentKey();
    const result = results.get(`${nation.id}/${key}`);
    const steps = nation.ledgers[key].steps.length;
    entryTitle.textContent = `${nation.system === "lowluck" ? "Round" : "Turn"} ${steps + 1}`;
    lowluckEntry.hidden = nation.system !== "lowluck";
    diceEntry.hidden = nation.system === "lowluck";
    let hint = "";
    let label = `Record round ${steps + 1}`;
    let warn = false;
    if (nation.system === "lowluck") {
      const rules = result?.rules || LIMITS[key];
      investStep.limits = {min: 0, max: rules.maximum};
      if (investStep.value > rules.maximum) investStep.value = rules.maximum;
      if (quick.dataset.key !== key) {
        quick.dataset.key = key;
        clear(quick).append(
          ...[["Min", rules.minimum], ["Max", rules.maximum]].map(([word, n]) => {
            const b = el("button", {type: "button", class: "small", dataset: {invest: n}}, `${word} ${n}`);
            b.addEventListener("click", () => { investStep.value = n; renderEntry(); });
            return b;
          }));
        investStep.value = rules.maximum;
      }
      const invest = investStep.value;
      const saved = result?.ledger?.saved ?? 0;
      const after = invest < rules.minimum ? 0 : saved + invest;
      const first = result?.rules?.thresholds?.[0] ?? Infinity;
      const canAttempt = invest >= rules.minimum && after >= first && !result?.ledger?.complete;
      attemptPick.disable("app", !canAttempt);
      attemptPick.disable("own", !canAttempt);
      if (!canAttempt && attemptPick.value !== "none") attemptPick.value = "none";
      dieRow.hidden = attemptPick.value !== "own";
      if (invest < rules.minimum) {
        warn = saved + invest > 0;
        hint = saved + invest > 0
          ? `Below the minimum of ${rules.minimum}: the project lapses and ${saved + invest} are lost.`
          : "No research this round.";
        if (warn) label = `Lapse: lose ${saved + invest}`;
      } else {
        hint = `${after} saved after this round.`;
        if (!canAttempt && Number.isFinite(first)) hint += ` A break-through needs ${first}.`;
        if (canAttempt) hint += ` A break-through costs ${result.rules.cost}.`;
      }
      if (attemptPick.value !== "none") label = `Record and try (round ${steps + 1})`;
    } else {
      label = `Record turn ${steps + 1}`;
      const owned = new Set(result?.ledger?.techs || []);
      const keep = techSelect.value;
      clear(techSelect).append(el("option", {value: ""}, "— choose a technology —"),
        ...Object.keys(TECH_NAMES).filter((t) => !owned.has(t)).map((t) => el("option", {value: t}, TECH_NAMES[t])));
      techSelect.value = owned.has(keep) ? "" : keep;
      const held = (result?.ledger?.tokens ?? 0) + diceStep.value;
      hint = `${held} ${held === 1 ? "die" : "dice"} rolled this turn (${diceStep.value * 5} spent).`;
      rollsBox.hidden = rollsPick.value !== "own";
      // How many dice the players roll (docs/rules.md §5, pycore/research/techdice.dice_to_roll): every die held; under
      // Low Luck, held // 6 are sure and one die is rolled for the remainder. pycore checks the count again.
      const lowLuck = Boolean(nation.ledgers[key].low_luck);
      const count = lowLuck ? (held % 6 ? 1 : 0) : held;
      rollsPad.need(count, 6);
      rollsPad.node.hidden = count === 0;
      rollsPad.title = lowLuck ? "Your remainder die" : `Your dice: ${count} × d6`;
      rollsHint.textContent = lowLuck
        ? (held % 6 ? `Low Luck: ${Math.floor(held / 6)} sure, then roll one die: it discovers at ${held % 6} or less.`
          : `Low Luck: ${held / 6} sure ${held / 6 === 1 ? "discovery" : "discoveries"}, no die to roll.`)
        : `Roll ${count} ${count === 1 ? "die" : "dice"} and tap ${count === 1 ? "it" : "each one"}: a 6 discovers.`;
    }
    entryHint.textContent = hint;
    recordButton.textContent = label;
    recordButton.classList.toggle("rd-warn", warn);
    recordButton.disabled = engine !== "ready" || busy;
  }

  // ---- shared links --------------------------------------------------------------------
  /** A shared ledger or raid, decoded by pycore (app.js routes it here and shows this screen). */
  async function openLink(envelope) {
    if (envelope.result.request.op === "bombing") {
      await bombing.openShared(envelope.result.request);
      return;
    }
    const request = envelope.result.request;
    const name = request.label || "Shared ledger";
    const nation = store.newNation(game.nations.some((n) => n.name === name) ? `${name} (shared)` : name,
      request.system, {keep_tokens: request.keep_tokens, low_luck: request.low_luck});
    const key = request.system === "lowluck" ? request.category : "dice";
    nation.ledgers[key].steps = request.steps;
    if (request.seed) nation.ledgers[key].seed = request.seed; // the link's own dice, replayed exactly
    game.nations.push(nation);
    game.selected = {nation: nation.id, ledger: key, view: "research"};
    persist();
    window.history.replaceState(null, "", location.pathname + location.search); // a reload must not add it twice
    showNotice(`Opened the shared ledger of ${name}; it is now in this game.`);
  }

  // ---- start ------------------------------------------------------------------------
  render();
  if (problem) showMessage(problem); // a link of an unknown version: said at once
  offer("research", {openLink, linkProblem: (text) => showMessage(text),
    linkDamaged: (error) => showMessage(`This link is damaged or was edited: ${restOf(error).replace(/\.$/, "")}. What you entered is kept.`)});
  return new Promise((resolve) => {
    client.onFailed(() => {
      engine = "failed";
      render();
      resolve();
    });
    client.onReady(async () => {
      engine = "ready";
      bombing.probe(); // the players' dice for a raid are asked for once pycore can count them
      await refresh();
      resolve();
    });
  });
}
