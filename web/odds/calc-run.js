// The Odds screen at work: its own worker (cancel ends it), the calculation of the battle on the form,
// the luck dial (the same battle under every system, each row drawn as it comes), the advisor, a
// shared calculation opened, and a battle in progress taken from the Battle screen ("odds from here").
// The page's fragment always holds the last calculation, so a reload or a copied address reopens it.
//
// Each function takes `s`: the screen's parts (calc.js builds them) and the calculator's state.
// Not for: the form (kit/battle-form.js, calc-more.js), the results' drawing (calc-view.js).

import {el, motion} from "../kit/dom.js";
import {countName, listUnits} from "../kit/rulesets.js";
import {createClient} from "../kit/client.js";
import {remember} from "../kit/history.js";
import {showScreen} from "../kit/screens.js";
import {keepShown, newerFor, readDraft, saveEdit} from "../kit/draft.js";
import {withSetup} from "../kit/form-state.js";
import {restOf} from "../kit/feedback.js";
import {resultCard, dialRow, dialPeaks, estimateText} from "./calc-view.js";
import {planCard} from "./plan-view.js";
import {isPlan, withoutRecommend} from "./plan-state.js";
import {fewestToReach, MOST_ADDED} from "./advisor.js";
import {bound} from "../kit/bound.js";
import {LINK_START_SECONDS, SYSTEMS, calcLabel, carriedCargo, fromHereOf, fromHereWords, oddsFromBattle,
  refusedSystem, withFromHere} from "./calc-state.js";

// ---- the calculator's own worker ------------------------------------------------------------------
// A dedicated module worker running the same worker.js (the same self-hosted Pyodide, never a CDN).
// Cancel terminates it and the next calculation starts a fresh one lazily. Why: Pyodide cannot be
// interrupted mid-call without a SharedArrayBuffer, which needs cross-origin isolation headers GitHub
// Pages cannot send; terminating a worker is the only sure stop. Keeping it apart from the page's main
// worker means a cancel never takes the Battle screen's engine down, and a long calculation never
// queues a battle's next round behind it. The price is a second Python in memory and a start of ~2–3 s
// (files come from the browser's cache) after each cancel.
function calcWorker(s) {
  if (!s.calcClient) {
    const mine = createClient({name: "calc"}); // "calc": it restores Python snapshots, never takes them
    s.calcClient = mine;
    s.calcPercent = 0;
    delete s.section.dataset.calcReady;
    // The calculator's own engine is ready: tests and the dial bench read it (the page's is <html data-ready>).
    mine.onReady(() => { if (mine === s.calcClient) s.section.dataset.calcReady = "true"; });
    mine.onProgress(({done, total}) => {
      if (mine !== s.calcClient) return;
      s.calcPercent = total ? Math.min(99, Math.floor((100 * done) / total)) : 0;
      tick(s);
    });
  }
  return s.calcClient;
}

/** Ask the calculator's worker; a cancel answers {ok: false, error: {type: "cancelled"}}. */
const ask = (s, request) => calcWorker(s).call(request);

function cancel(s) {
  const spent = s.calcClient;
  s.calcClient = null; // the next calculation starts a fresh worker
  delete s.section.dataset.calcReady;
  spent?.terminate("Cancelled.");
}

// ---- the form's request, and what the screen shows ------------------------------------------------
/** The battle on the form as a calc request; `system` another system for it (the luck dial). */
const request = (s, system) => withFromHere(s.form.request(system), s.fromHere);

/** Show a calculation (a link's, the draft's, a battle's rest): the form with its More options, and from where. */
function fill(s, given) {
  s.form.fill(given);
  setFromHere(s, fromHereOf(given));
}

function setFromHere(s, next) {
  s.fromHere = next;
  s.here.node.hidden = !next;
  if (next) s.here.note.textContent = fromHereWords(next, s.form.names());
}

function tick(s) {
  if (!s.busy) return;
  const seconds = Math.floor((Date.now() - s.busy.started) / 1000);
  const starting = s.calcClient && s.calcClient.state === "loading";
  s.actions.runStatus.replaceChildren(el("span", {class: "spinner", "aria-hidden": "true"}),
    starting ? `Starting the calculator… ${s.calcPercent}%` : s.busy.label(), el("span", {class: "elapsed"}, ` ${seconds} s`));
}

function setBusy(s, label) {
  if (label) {
    s.busy = {label, started: Date.now(), timer: setInterval(() => tick(s), 500)};
    tick(s);
  } else if (s.busy) {
    clearInterval(s.busy.timer);
    s.busy = null;
  }
  refresh(s);
}

function refresh(s) {
  const running = Boolean(s.busy);
  const {runStatus, calcButton, dialButton, cancelButton} = s.actions;
  runStatus.hidden = !running;
  cancelButton.hidden = !running;
  calcButton.hidden = dialButton.hidden = running;
  s.answers.shareRow.hidden = running || !s.shown || !s.answers.share.url;
  calcButton.disabled = dialButton.disabled = s.engine !== "ready";
  calcButton.textContent = s.engine === "loading" ? "Loading the rules…" : s.engine === "failed" ? "Engine unavailable" : "Calculate";
  s.form.setDisabled(running);
  s.more.node.disabled = s.advisor.node.disabled = s.plan.node.disabled = s.plan.cheapest.disabled = running;
}

/** The player changed the battle: the old message goes, and this tab remembers it (kit/draft.js). */
function edited(s) {
  if (!s.busy) s.form.edited("odds", s.actions.say, request(s));
}

function failed(s, error) {
  if (error?.type === "cancelled") {
    s.actions.say("Cancelled. Change the battle or try again.", "info");
    return;
  }
  const {words, note} = s.form.showError(error, (field) => s.more.target(field) || s.plan.target(field));
  s.answers.hide(); // they answered another battle
  s.shown = null;
  refresh(s);
  s.actions.say(note ? "Fix the field marked in red above." : words);
  note?.scrollIntoView({block: "center", behavior: motion()});
}

/** A fresh question: no message, no mark, the running status on. */
function asking(s, label) {
  s.actions.say("");
  s.form.clearError();
  setBusy(s, label);
}

// ---- calculating ------------------------------------------------------------------------------------
/** focus: true when the player pressed Calculate — focus then moves to the new result's heading. */
async function calculate(s, {focus = false} = {}) {
  delete s.section.dataset.linkWaiting;
  const asked = request(s);
  asking(s, () => "Calculating…");
  const envelope = await ask(s, asked);
  setBusy(s, null);
  if (!envelope.ok) return failed(s, envelope.error);
  s.shown = {request: asked, result: envelope.result};
  const plan = isPlan(asked);
  const heading = s.answers.showResult(plan ? "Plan of attack" : asked.round > 1 ? `Odds from round ${asked.round}` : "Odds",
    plan ? planCard(envelope.result, asked, s.form.ruleset(), {onUse: (units) => useArmy(s, units)})
      : resultCard(envelope.result, asked, s.form.ruleset()));
  await keepLink(s, asked, envelope.result);
  if (envelope.result.link) {
    remember({screen: "odds", key: envelope.result.link, link: envelope.result.link,
      label: calcLabel(asked, envelope.result, {rulesetName: s.form.ruleset().name, names: s.form.names()})});
  }
  refresh(s);
  if (focus) heading.focus({preventScroll: true});
}

/** "Find the cheapest army": the plan with its search, once the player has said which units he has. */
async function findCheapest(s) {
  if (!s.plan.searching) {
    s.plan.sayCheapest("Enter the units you have first: how many of each type could attack.");
    return;
  }
  s.plan.sayCheapest("");
  await calculate(s, {focus: true});
  s.section.querySelector("#calc-cheapest-answer")?.scrollIntoView({block: "start", behavior: motion()});
}

/** "Use this army": the army found goes on the form as the attacker (wave 1), the rest of the plan as it was. */
function useArmy(s, units) {
  s.form.forces.attacker.setCounts(units);
  edited(s);
  s.actions.say(`Wave 1 is now ${listUnits(units, s.form.names())}. Tap Calculate to see the plan with it.`, "info");
  s.form.forces.attacker.node.scrollIntoView({block: "start", behavior: motion()});
}

async function dial(s) {
  const base = withoutRecommend(request(s)); // the plan under each system, without the cheapest army's search
  const rows = SYSTEMS.map((entry) => ({entry, state: "waiting", result: null, request: null, error: null}));
  const draw = () => s.answers.showDial(rows.map((r) => {
    const row = dialRow(r.entry.label, {result: r.result, request: r.request, ruleset: s.form.ruleset(), error: r.error,
      state: r.state, peaks: dialPeaks(rows.filter((x) => x.result), base, s.form.ruleset())});
    row.dataset.system = r.entry.key;
    return row;
  }));
  draw();
  s.answers.startDial();
  let index = 0;
  asking(s, () => `Calculating… ${Math.min(index + 1, rows.length)} of ${rows.length} systems (${rows[Math.min(index, rows.length - 1)].entry.label})`);
  for (; index < rows.length; index++) {
    tick(s);
    const row = rows[index];
    const asked = withoutRecommend(request(s, {...row.entry.system}));
    const envelope = await ask(s, asked);
    if (!envelope.ok && envelope.error?.type === "cancelled") {
      for (const rest of rows.slice(index)) rest.state = "cancelled";
      draw();
      setBusy(s, null);
      s.actions.say("Cancelled. The systems done so far stay.", "info");
      return;
    }
    if (envelope.ok) Object.assign(row, {state: "done", result: envelope.result, request: asked});
    else if (refusedSystem(envelope.error)) row.state = "unavailable";
    else if (index === 0) { // the battle itself is wrong: say so at its field and stop
      setBusy(s, null);
      return failed(s, envelope.error);
    } else Object.assign(row, {state: "error", error: restOf(envelope.error)});
    draw();
  }
  setBusy(s, null);
  if (rows.some((r) => r.result)) {
    s.shown = {request: request(s), result: null};
    await keepLink(s, s.shown.request, null); // the link keeps the cheapest army's search the dial left out
    refresh(s);
  }
}

// The advisor: one exact calc per count of the chosen unit added, from none up (advisor.js).
async function advise(s) {
  const {advisor} = s;
  const target = advisor.target;
  advisor.invalidTarget = target === null;
  if (target === null) {
    advisor.say(`Chance to win: "${advisor.targetText}" is not a percentage between 0 and 100.`);
    return;
  }
  const base = withoutRecommend(request(s));
  const unit = advisor.unit;
  const had = Number(base.attacker.units[unit]) || 0;
  let trying = 0;
  let error = null;
  advisor.say("");
  asking(s, () => `Advisor: trying ${trying} more…`);
  const found = await fewestToReach(async (n) => {
    trying = n;
    const envelope = await ask(s, {...base, attacker: {...base.attacker, units: {...base.attacker.units, [unit]: had + n}}});
    if (!envelope.ok) {
      error = envelope.error;
      return null;
    }
    return envelope.result.outcome.attacker_wins;
  }, target);
  setBusy(s, null);
  const name = advisor.unitName;
  const pct = (p) => `${(100 * p).toFixed(1)}%`;
  if (error) {
    if (error.type === "cancelled") advisor.say("Cancelled.");
    else failed(s, error);
    return;
  }
  if (found.n === 0) advisor.say(`The attacker already wins ${pct(found.p)} of the time: nothing to add.`);
  else if (found.n === null) advisor.say(`Even ${countName(MOST_ADDED, name)} more reach only ${pct(found.p)}.`);
  else advisor.say(`Add ${countName(found.n, name)}: the attacker then wins ${pct(found.p)} (one fewer is not enough).`);
}

// ---- links ----------------------------------------------------------------------------------------
async function keepLink(s, asked, result) {
  let next = result?.link;
  if (!next) {
    const envelope = await s.client.call({op: "share", encode: asked});
    next = envelope.ok ? envelope.result.link : null;
  }
  if (!next) return;
  s.link = next;
  history.replaceState(history.state, "", "#" + next);
  s.answers.share.link = next;
}

function show() {
  showScreen("odds");
  window.scrollTo({top: 0, behavior: "instant"});
}

/** A shared calculation, decoded by pycore (app.js routes it here): filled in, and run unless it is long. */
async function openLink(s, envelope, fragment) {
  if (fragment && fragment === s.link) return;
  const linked = envelope.result.request;
  show();
  fill(s, linked);
  saveEdit("odds", request(s)); // the battle on this form now: the Battle screen opens on it too
  // A link never starts a long calculation without a tap: the core estimates it first.
  const cost = await s.client.call({...linked, estimate: true});
  const estimate = cost.ok ? cost.result.estimate : null;
  if (estimate && estimate.seconds > LINK_START_SECONDS) {
    s.actions.say(estimateText(estimate), "info"); // a simulation says so (calc-view.js)
    s.section.dataset.linkWaiting = "true";
    return;
  }
  await calculate(s);
}

/** "Odds from here" on the Battle screen: the rest of the battle in progress ({request, result}). */
async function oddsOf(s, {request: battle, result}) {
  if (s.busy) { // a new question replaces the one still running
    cancel(s);
    await new Promise((settle) => setTimeout(settle)); // let the cancelled run finish first
  }
  show();
  fill(s, oddsFromBattle(battle, result));
  if (s.fromHere && carriedCargo(battle)) setFromHere(s, {...s.fromHere, note: "Cargo is left out: the calculator does not carry it yet."});
  keepShown("odds", request(s));
  if (s.engine === "ready") await calculate(s);
}

/** Shown again: the battle entered on the Battle screen since (unless a calculation runs), and its worker warmed up. */
function shown(s) {
  if (s.engine === "ready") calcWorker(s);
  const setup = newerFor(readDraft(), "odds");
  if (!setup || s.busy) return;
  setFromHere(s, null);
  s.form.fill(withSetup(request(s), setup));
  keepShown("odds", request(s));
}

/** parts: {client, section, form, more, plan, advisor, here, answers, actions} (calc.js builds them). */
export function createCalcRun(parts) {
  const s = {...parts, engine: "loading", busy: null, fromHere: null, shown: null, link: "", calcClient: null, calcPercent: 0};
  return {
    ...bound(s, {fill, setFromHere, refresh, edited, calculate, dial, advise, findCheapest, cancel, openLink, oddsOf, shown}),
    share: () => s.answers.share.share(),
    ask: (asked) => ask(s, asked), // the Turn panel asks the calculator's worker too (turn-form.js)
    set engine(state) { s.engine = state; refresh(s); },
    get engine() { return s.engine; },
  };
}
