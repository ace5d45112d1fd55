// The Odds screen at work: its own worker (cancel ends it), the calculation of the battle on the form,
// the luck dial (the same battle under every system, each row drawn as it comes), the advisor, a
// shared calculation opened, and a battle in progress taken from the Battle screen ("odds from here").
// The page's fragment always holds the last calculation, so a reload or a copied address reopens it.
//
// Not for: the form (kit/battle-form.js, calc-more.js), the results' drawing (calc-view.js).

import {el, motion} from "../kit/dom.js";
import {countName} from "../kit/rulesets.js";
import {createClient} from "../kit/client.js";
import {remember} from "../kit/history.js";
import {showScreen} from "../kit/screens.js";
import {keepShown, newerFor, readDraft, saveEdit} from "../kit/draft.js";
import {withSetup} from "../kit/form-state.js";
import {restOf} from "../kit/feedback.js";
import {resultCard, dialRow, dialPeaks} from "./calc-view.js";
import {fewestToReach, MOST_ADDED} from "./advisor.js";
import {LINK_START_SECONDS, SYSTEMS, calcLabel, carriedCargo, fromHereOf, fromHereWords, oddsFromBattle,
  refusedSystem, withFromHere} from "./calc-state.js";

/** parts: {client, section, form, more, advisor, here, answers, actions} (calc.js builds them). */
export function createCalcRun({client, section, form, more, advisor, here, answers, actions}) {
  let engine = "loading";
  let busy = null; // {label, started, timer} while a calculation runs
  let fromHere = null; // {round, damaged: {role: {unit: n}}, carry, note} when opened from a battle
  let shown = null; // {request, result} of the last single calculation
  let link = ""; // the last calculation's link, in the page's fragment
  const {say} = actions;

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
      // The calculator's own engine is ready: tests and the dial bench read it (the page's is <html data-ready>).
      mine.onReady(() => { if (mine === calcClient) section.dataset.calcReady = "true"; });
      mine.onProgress(({done, total}) => {
        if (mine !== calcClient) return;
        calcPercent = total ? Math.min(99, Math.floor((100 * done) / total)) : 0;
        tick();
      });
    }
    return calcClient;
  }
  /** Ask the calculator's worker; a cancel answers {ok: false, error: {type: "cancelled"}}. */
  const ask = (request) => calcWorker().call(request);

  function cancel() {
    const spent = calcClient;
    calcClient = null; // the next calculation starts a fresh worker
    delete section.dataset.calcReady;
    spent?.terminate("Cancelled.");
  }

  // ---- the form's request, and what the screen shows ----------------------------------------------
  /** The battle on the form as a calc request; `system` another system for it (the luck dial). */
  const request = (system) => withFromHere(more.apply(form.request(system)), fromHere);

  function fill(given) {
    form.fill(given);
    more.fill(given);
    setFromHere(fromHereOf(given));
  }

  function setFromHere(next) {
    fromHere = next;
    here.node.hidden = !next;
    if (next) here.note.textContent = fromHereWords(next, form.names());
  }

  function tick() {
    if (!busy) return;
    const seconds = Math.floor((Date.now() - busy.started) / 1000);
    const starting = calcClient && calcClient.state === "loading";
    actions.runStatus.replaceChildren(el("span", {class: "spinner", "aria-hidden": "true"}),
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
    const {runStatus, calcButton, dialButton, cancelButton} = actions;
    runStatus.hidden = !running;
    cancelButton.hidden = !running;
    calcButton.hidden = dialButton.hidden = running;
    answers.shareRow.hidden = running || !shown || !answers.share.url;
    calcButton.disabled = dialButton.disabled = engine !== "ready";
    calcButton.textContent = engine === "loading" ? "Loading the rules…" : engine === "failed" ? "Engine unavailable" : "Calculate";
    form.setDisabled(running);
    more.node.disabled = advisor.node.disabled = running;
  }

  /** The player changed the battle: the old message goes, and this tab remembers it (kit/draft.js). */
  function edited() {
    if (busy) return;
    say("");
    form.clearError();
    saveEdit("odds", request());
  }

  function failed(error) {
    if (error?.type === "cancelled") {
      say("Cancelled. Change the battle or try again.", "info");
      return;
    }
    const {words, note} = form.showError(error, more.target);
    answers.hide(); // they answered another battle
    shown = null;
    refresh();
    say(note ? "Fix the field marked in red above." : words);
    note?.scrollIntoView({block: "center", behavior: motion()});
  }

  // ---- calculating ----------------------------------------------------------------------------------
  /** focus: true when the player pressed Calculate — focus then moves to the new result's heading. */
  async function calculate({focus = false} = {}) {
    delete section.dataset.linkWaiting;
    const asked = request();
    say("");
    form.clearError();
    setBusy(() => "Calculating…");
    const envelope = await ask(asked);
    setBusy(null);
    if (!envelope.ok) return failed(envelope.error);
    shown = {request: asked, result: envelope.result};
    const heading = answers.showResult(asked.round > 1 ? `Odds from round ${asked.round}` : "Odds",
      resultCard(envelope.result, asked, form.ruleset()));
    await keepLink(asked, envelope.result);
    if (envelope.result.link) {
      remember({screen: "odds", key: envelope.result.link, link: envelope.result.link,
        label: calcLabel(asked, envelope.result, {rulesetName: form.ruleset().name, names: form.names()})});
    }
    refresh();
    if (focus) heading.focus({preventScroll: true});
  }

  async function dial() {
    const base = request();
    say("");
    form.clearError();
    const rows = SYSTEMS.map((entry) => ({entry, state: "waiting"}));
    const draw = () => answers.showDial(rows.map((r) => {
      const row = dialRow(r.entry.label, {result: r.result, request: r.request, ruleset: form.ruleset(), error: r.error,
        state: r.state, peaks: dialPeaks(rows.filter((x) => x.result), base, form.ruleset())});
      row.dataset.system = r.entry.key;
      return row;
    }));
    draw();
    answers.startDial();
    let index = 0;
    setBusy(() => `Calculating… ${Math.min(index + 1, rows.length)} of ${rows.length} systems (${rows[Math.min(index, rows.length - 1)].entry.label})`);
    for (; index < rows.length; index++) {
      tick();
      const row = rows[index];
      const asked = request({...row.entry.system});
      const envelope = await ask(asked);
      if (!envelope.ok && envelope.error?.type === "cancelled") {
        for (const rest of rows.slice(index)) rest.state = "cancelled";
        draw();
        setBusy(null);
        say("Cancelled. The systems done so far stay.", "info");
        return;
      }
      if (envelope.ok) Object.assign(row, {state: "done", result: envelope.result, request: asked});
      else if (refusedSystem(envelope.error)) row.state = "unavailable";
      else if (index === 0) { // the battle itself is wrong: say so at its field and stop
        setBusy(null);
        return failed(envelope.error);
      } else Object.assign(row, {state: "error", error: restOf(envelope.error)});
      draw();
    }
    setBusy(null);
    if (rows.some((r) => r.result)) {
      shown = {request: base, result: null};
      await keepLink(base, null);
      refresh();
    }
  }

  // The advisor: one exact calc per count of the chosen unit added, from none up (advisor.js).
  async function advise() {
    const target = advisor.target;
    advisor.invalidTarget = target === null;
    if (target === null) {
      advisor.say(`Chance to win: "${advisor.targetText}" is not a percentage between 0 and 100.`);
      return;
    }
    const base = request();
    const unit = advisor.unit;
    const had = Number(base.attacker.units[unit]) || 0;
    let trying = 0;
    let error = null;
    say("");
    form.clearError();
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

  // ---- links --------------------------------------------------------------------------------------
  async function keepLink(asked, result) {
    let next = result?.link;
    if (!next) {
      const envelope = await client.call({op: "share", encode: asked});
      next = envelope.ok ? envelope.result.link : null;
    }
    if (!next) return;
    link = next;
    history.replaceState(history.state, "", "#" + link);
    answers.share.link = link;
  }

  function show() {
    showScreen("odds");
    window.scrollTo({top: 0, behavior: "instant"});
  }

  /** A shared calculation, decoded by pycore (app.js routes it here): filled in, and run unless it is long. */
  async function openLink(envelope, fragment) {
    if (fragment && fragment === link) return;
    const linked = envelope.result.request;
    show();
    fill(linked);
    saveEdit("odds", request()); // the battle on this form now: the Battle screen opens on it too
    // A link never starts a long calculation without a tap (issue 18): the core estimates it first.
    const cost = await client.call({...linked, estimate: true});
    const estimate = cost.ok ? cost.result.estimate : null;
    if (estimate && estimate.seconds > LINK_START_SECONDS) {
      say(estimate.within_budget
        ? `Not started yet: this calculation takes ${estimate.words}. Tap Calculate to start it.`
        : `Not started: this battle would take ${estimate.words} of work, more than the ${estimate.budget_seconds}\u00a0s ` +
          "a calculation may take. Use fewer units, or tap Calculate for the details.", "info");
      section.dataset.linkWaiting = "true";
      return;
    }
    await calculate();
  }

  /** "Odds from here" on the Battle screen: the rest of the battle in progress ({request, result}). */
  async function oddsOf({request: battle, result}) {
    if (busy) { // a new question replaces the one still running
      cancel();
      await new Promise((settle) => setTimeout(settle)); // let the cancelled run finish first
    }
    show();
    fill(oddsFromBattle(battle, result));
    if (fromHere && carriedCargo(battle)) setFromHere({...fromHere, note: "Cargo is left out: the calculator does not carry it yet."});
    keepShown("odds", request());
    if (engine === "ready") await calculate();
  }

  return {
    fill, setFromHere, refresh, edited, calculate, dial, advise, cancel, openLink, oddsOf,
    share: () => answers.share.share(),
    set engine(state) { engine = state; refresh(); },
    get engine() { return engine; },
    /** Shown again: the battle entered on the Battle screen since (unless a calculation runs), and its worker warmed up. */
    shown() {
      if (engine === "ready") calcWorker();
      const setup = newerFor(readDraft(), "odds");
      if (!setup || busy) return;
      setFromHere(null);
      form.fill(withSetup(request(), setup));
      keepShown("odds", request());
    },
  };
}
