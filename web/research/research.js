// The "Research" screen: a game's research ledgers per nation, and strategic bombing with its fees.
//
// Each ledger is the steps of a `research` request; pycore replays it on every
// change (so the page never computes a rule itself) and the game is saved to
// localStorage after each change (research-store.js), merged with what other
// open tabs saved meanwhile. Bombing lives in research-bombing.js; the next round's entry in
// research-entry.js, the ledger's views in research-views.js, its state as data in research-state.js.
// Contract: export init(client, section, page); a shared ledger or raid comes through app.js (kit/screens.js).
//
// Each function below takes `g`: the screen's parts (init builds them) and the game's state.

import {el} from "../kit/dom.js";
import {copyInto} from "../kit/copy.js";
import * as store from "./research-store.js";
import {createBombing} from "./research-bombing.js";
import {segmented} from "../kit/widgets.js";
import {shareUrl} from "../kit/share.js";
import {offer} from "../kit/screens.js";
import {linkWords, showMessage as say} from "../kit/feedback.js";
import {LEDGER_NAMES, nationProblem, researchWords} from "./research-state.js";
import {createLedgerEntry} from "./research-entry.js";
import {createAddNation, createGameTools, renderHistory, renderSummary} from "./research-views.js";


// ---- the game and this device's copy (research-store.js mergeGames) ------------------------------
function showStorage(g, problem) {
  g.storageBanner.hidden = !problem;
  g.storageBanner.textContent = problem || "";
}

function persist(g) {
  const {game: stored, notes, problem} = g.saved.save(g.game);
  adopt(g, stored, notes);
  if (problem) showStorage(g, problem);
  else if (!g.loadProblem || g.storageBanner.dataset.kind !== "load") showStorage(g, null);
}

/** Take a merged game in; say what came from another tab (a conflict as an alert). */
function adopt(g, next, notes) {
  const news = notes.filter((note) => !note.alert).map((note) => note.text);
  const alerts = notes.filter((note) => note.alert).map((note) => note.text);
  if (news.length) g.notice(news.join(" "));
  if (alerts.length) {
    g.say(alerts.join(" "));
    g.message.scrollIntoView({block: "nearest"}); // asked of the player: shown where the thumb is not
  }
  if (next === g.game || store.canonical(next.nations) === store.canonical(g.game.nations)) return;
  g.game = next;
  refresh(g); // replays what the other tab recorded, then draws
}

function takeOtherTabs(g) {
  if (g.busy || g.inflight) {
    g.pullWaiting = true;
    return;
  }
  g.pullWaiting = false;
  const got = g.saved.pull(g.game);
  if (!got) return;
  adopt(g, got.game, got.notes);
  if (got.problem) showStorage(g, got.problem);
}

// Calls to pycore in flight: another tab's change waits for them, since the code awaiting one goes on
// with the nation it started with (a fee added to a nation the merge replaced would be lost).
async function call(g, request) {
  g.inflight++;
  try {
    return await g.client.call(request);
  } finally {
    g.inflight--;
    if (g.pullWaiting && !g.inflight) setTimeout(() => takeOtherTabs(g)); // after the caller's own next step
  }
}

// ---- what is chosen -------------------------------------------------------------------------------
const selection = (g) => g.game.selected || {nation: g.game.nations[0]?.id, ledger: "", view: "research"};
function currentNation(g) {
  const id = selection(g).nation;
  return g.game.nations.find((n) => n.id === id) || g.game.nations[0] || null;
}
function currentKey(g) {
  const nation = currentNation(g);
  if (!nation) return null;
  const keys = store.ledgerKeys(nation);
  return keys.includes(selection(g).ledger) ? selection(g).ledger : keys.at(-1);
}
const currentResult = (g) => (currentNation(g) ? g.results.get(`${currentNation(g).id}/${currentKey(g)}`) : null);

function choose(g, change) {
  g.game.selected = {...selection(g), ...change};
  persist(g);
  render(g);
}

// ---- replaying and recording ---------------------------------------------------------------------
async function replay(g, nation, key) {
  const envelope = await call(g, store.ledgerRequest(nation, key));
  g.results.set(`${nation.id}/${key}`, envelope.ok ? envelope.result : {error: envelope.error});
  return envelope;
}

async function refresh(g) {
  if (g.engine !== "ready") return render(g);
  await Promise.all(g.game.nations.flatMap((nation) => store.ledgerKeys(nation).map((key) => replay(g, nation, key))));
  render(g);
}

async function record(g) {
  const nation = currentNation(g);
  if (!nation || g.busy || g.engine !== "ready") return;
  const {step, problem} = g.entry.step(nation);
  if (problem) return g.entry.showError(problem);
  const key = currentKey(g);
  const ledger = nation.ledgers[key];
  g.busy = true;
  ledger.steps.push(step);
  const envelope = await replay(g, nation, key);
  g.busy = false;
  if (!envelope.ok) {
    ledger.steps.pop();
    await replay(g, nation, key);
    if (/\.rolls/.test(envelope.error.field || "")) g.entry.refuseRolls(); // the dice stay as entered
    render(g);
    g.entry.showError(`Not recorded — ${researchWords(envelope.error)}`);
    return;
  }
  g.entry.recorded();
  g.say(null);
  persist(g);
  render(g);
}

async function undo(g) {
  const nation = currentNation(g);
  if (!nation || g.busy || g.engine !== "ready") return;
  const key = currentKey(g);
  if (!nation.ledgers[key].steps.pop()) return;
  g.busy = true;
  await replay(g, nation, key);
  g.busy = false;
  g.say(null);
  g.entry.showError(null);
  g.notice(`Round ${nation.ledgers[key].steps.length + 1} undone.`);
  persist(g);
  render(g);
}

async function importText(g, raw, name) {
  let candidate;
  try {
    candidate = store.checkGame(JSON.parse(raw));
  } catch (error) {
    return g.say(`Import of "${name}" refused, nothing changed — ${error instanceof SyntaxError ? "not JSON: " : ""}${error.message}`);
  }
  if (g.engine !== "ready") return g.say("Import waits for the rules to load: try again in a moment.");
  for (const nation of candidate.nations) {
    for (const key of store.ledgerKeys(nation)) {
      const envelope = await call(g, store.ledgerRequest(nation, key));
      if (!envelope.ok) {
        return g.say(`Import of "${name}" refused, nothing changed — ${nation.name}, ${LEDGER_NAMES[key]}: ${researchWords(envelope.error)}`);
      }
    }
  }
  g.game = candidate;
  g.results = new Map();
  g.say(null);
  persist(g);
  await refresh(g);
  g.notice(`Imported ${g.game.nations.length} nation${g.game.nations.length === 1 ? "" : "s"} from "${name}".`);
}

function exportGame(g) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(g.game, null, 1)], {type: "application/json"}));
  const a = el("a", {href: url, download: `luckdial-research-${new Date().toISOString().slice(0, 10)}.json`});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  g.notice("Game exported as a file.");
}

/** A nation added from the form: a problem to say, or "" once it is in the game. */
function addNation(g, {name, system, options}) {
  const problem = nationProblem(name, g.game.nations, store.MAX_NATIONS);
  if (problem) return problem;
  const nation = store.newNation(name, system, options);
  g.game.nations.push(nation);
  g.game.selected = {nation: nation.id, ledger: store.ledgerKeys(nation).at(-1), view: "research"};
  persist(g);
  refresh(g);
  return "";
}

/** "Remove nation": the first tap answers the name to confirm (null: none), the second removes it (""). */
function removeNation(g, confirmed) {
  const nation = currentNation(g);
  if (!nation) return null;
  if (!confirmed) return nation.name;
  g.game.nations = g.game.nations.filter((n) => n !== nation);
  const first = g.game.nations[0];
  g.game.selected = first ? {nation: first.id, ledger: store.ledgerKeys(first)[0], view: "research"} : null;
  persist(g);
  render(g);
  return "";
}

// ---- drawing --------------------------------------------------------------------------------------
function render(g) {
  const nation = currentNation(g);
  g.view.value = selection(g).view || "research";
  g.empty.hidden = Boolean(nation);
  g.nationRow.replaceChildren(...g.game.nations.map((n) => {
    const chip = el("button", {type: "button", role: "tab", class: "rd-chip", "aria-selected": String(n === nation),
      dataset: {nation: n.name}}, n.name);
    chip.addEventListener("click", () => choose(g, {nation: n.id}));
    return chip;
  }));
  g.tools.disarm();
  const researching = Boolean(nation) && g.view.value !== "bombing";
  g.researchView.hidden = !researching;
  g.bombing.node.hidden = !nation || g.view.value !== "bombing";
  if (nation && g.view.value === "bombing") g.bombing.render();
  if (!researching) return;
  const key = currentKey(g);
  if (g.entry.node.dataset.shown !== `${nation.id}/${key}`) g.entry.showError(null); // another ledger: its own entry
  g.entry.node.dataset.shown = `${nation.id}/${key}`;
  g.ledgerPick.node.hidden = nation.system !== "lowluck";
  g.ledgerPick.value = key;
  const result = g.results.get(`${nation.id}/${key}`);
  renderSummary(g.summary, {nation, key, result, engine: g.engine});
  g.undoButton.disabled = !renderHistory(g.historyList, result) || g.engine !== "ready";
  renderEntry(g);
}

function renderEntry(g) {
  const nation = currentNation(g);
  if (!nation) return;
  const key = currentKey(g);
  const {label, warn} = g.entry.render(nation, key, g.results.get(`${nation.id}/${key}`));
  g.recordButton.textContent = label;
  g.recordButton.classList.toggle("rd-warn", warn);
  g.recordButton.disabled = g.engine !== "ready" || g.busy;
}

/** A shared ledger or raid, decoded by pycore (app.js routes it here and shows this screen). */
async function openLink(g, envelope) {
  const request = envelope.result.request;
  if (request.op === "bombing") return g.bombing.openShared(request);
  const name = request.label || "Shared ledger";
  const nation = store.newNation(g.game.nations.some((n) => n.name === name) ? `${name} (shared)` : name,
    request.system, {keep_tokens: request.keep_tokens, low_luck: request.low_luck});
  const key = request.system === "lowluck" ? request.category : "dice";
  nation.ledgers[key].steps = request.steps;
  if (request.seed) nation.ledgers[key].seed = request.seed; // the link's own dice, replayed exactly
  g.game.nations.push(nation);
  g.game.selected = {nation: nation.id, ledger: key, view: "research"};
  persist(g);
  window.history.replaceState(null, "", location.pathname + location.search); // a reload must not add it twice
  await refresh(g);
  g.notice(`Opened the shared ledger of ${name}; it is now in this game.`);
}

/** Build the screen; resolves once the rules are loaded (the ledgers replayed). problem: the address's, when no link. */
export function init(client, section, {problem = null} = {}) {
  if (!document.querySelector('link[href="research/research.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "research/research.css"}));
  }
  const saved = store.openStore();
  const loaded = saved.load();
  const g = {client, saved, game: loaded.game, loadProblem: loaded.problem, results: new Map(),
    engine: client.state === "ready" ? "ready" : "loading", busy: false, inflight: 0, pullWaiting: false};
  g.storageBanner = el("div", {class: "message", id: "research-storage", role: "alert", hidden: true});
  g.message = el("div", {class: "message", id: "research-message", role: "alert", hidden: true});
  const notice = el("p", {class: "rd-notice", id: "research-notice", role: "status", hidden: true});
  g.say = (text) => say(g.message, text);
  g.notice = (text) => { notice.hidden = !text; notice.textContent = text || ""; };
  showStorage(g, loaded.problem);
  if (loaded.problem) g.storageBanner.dataset.kind = "load";
  saved.onChange(() => takeOtherTabs(g));

  g.view = segmented("research-view", "Research or bombing", [["research", "Research"], ["bombing", "Bombing"]],
    (value) => choose(g, {view: value}));
  g.nationRow = el("div", {class: "rd-chips", id: "nation-list", role: "tablist", "aria-label": "Nations"});
  const adding = createAddNation({onAdd: (nation) => addNation(g, nation)});
  g.ledgerPick = segmented("ledger-pick", "Research category", [["industrial", "Industrial"], ["air", "Air"]],
    (value) => choose(g, {ledger: value}));
  g.summary = el("div", {class: "rd-card rd-summary", id: "ledger-summary", "aria-live": "polite"});
  g.entry = createLedgerEntry({onChange: () => renderEntry(g), onRecord: () => record(g)});
  g.historyList = el("ol", {class: "rd-history", id: "ledger-history", reversed: true});
  g.recordButton = el("button", {type: "button", class: "primary", id: "record"}, "Record round");
  g.undoButton = el("button", {type: "button", class: "secondary", id: "undo"}, "Undo last");
  g.recordButton.addEventListener("click", () => record(g));
  g.undoButton.addEventListener("click", () => undo(g));
  g.tools = createGameTools({
    onShare: async (field) => {
      const link = currentResult(g)?.link;
      if (!link) return;
      g.notice(await copyInto(field, shareUrl(link)) ? "Link copied: it shows this ledger, every round and die."
        : "Copy the link above to share this ledger.");
    },
    onExport: () => exportGame(g),
    onImport: (raw, name) => importText(g, raw, name),
    onRemove: (confirmed) => removeNation(g, confirmed),
  });
  g.bombing = createBombing({call: (request) => call(g, request)}, {
    nation: () => currentNation(g), changed: () => persist(g), ready: () => g.engine === "ready"});
  g.researchView = el("div", {id: "research-ledgers"}, g.ledgerPick.node, g.summary, g.entry.node,
    el("section", {class: "rd-card", "aria-label": "History"}, el("h3", {}, "History"), g.historyList), g.tools.node,
    el("div", {class: "actions", id: "research-actions"}, el("div", {class: "buttons"}, g.undoButton, g.recordButton)));
  g.empty = el("p", {class: "hint", id: "research-empty"},
    "Add a nation to keep its research ledgers and bombing fees for the whole game. Everything is kept on this phone.");
  section.replaceChildren(
    el("h2", {}, "Research"), g.storageBanner, g.message, g.view.node, el("div", {class: "rd-nations"}, g.nationRow, adding.open),
    adding.form, notice, g.bombing.shared, g.empty, g.researchView, g.bombing.node);

  render(g);
  if (problem) g.say(problem); // a link of an unknown version: said at once
  offer("research", {openLink: (envelope) => openLink(g, envelope), linkProblem: (text) => g.say(text),
    linkDamaged: (error, how) => g.say(linkWords(error, how?.cold ? "" : undefined))});
  return new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
    client.onFailed(() => {
      g.engine = "failed";
      render(g);
      resolve();
    });
    client.onReady(async () => {
      g.engine = "ready";
      g.bombing.probe(); // the players' dice for a raid are asked for once pycore can count them
      await refresh(g);
      resolve();
    });
  });
}
