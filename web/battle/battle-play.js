// The battle on the Battle screen and its next step: the request the form (or a link) makes, pycore's
// answer, the declared beacon or commit–reveal battle not fought yet, and what the page shows of each
// (the phase of battle-state.js, the record of battle-view.js, the message line). Every step is one
// request more to pycore, made by battle-state.js; this module asks and shows.
//
// Each function takes `s`: the screen's parts (battle.js builds them) and the battle's state.
// Not for: building the screen (battle.js) or drawing a round (log.js, colored.js).

import {BUILT_IN, listUnits} from "../kit/rulesets.js";
import {remember} from "../kit/history.js";
import {outcomeText} from "./log.js";
import {inWords, linkWords} from "../kit/feedback.js";
import {pageAddress} from "../kit/share.js";
import {keepShown, newerFor, readDraft, saveEdit} from "../kit/draft.js";
import {withSetup} from "../kit/form-state.js";
import {bound} from "../kit/bound.js";
import {historyKey, phaseOf} from "./battle-state.js";
import {firstRound, pressOn, retreat, submerge, undo} from "./decisions.js";
import {createFairRounds, isStaged} from "./fair-rounds.js";

const systemName = (s, id) => s.form.data.systems.find((x) => x.id === id)?.name || id;
const words = (s) => ({names: s.form.names(), ruleset: s.form.ruleset(), systemName: (id) => systemName(s, id),
  variantName: s.form.variantName, techNames: new Map((s.form.data.tech || BUILT_IN.tech).map((t) => [t.id, t.name]))});

/** The battle the form holds, as a resolve request (without rounds): the form with its dice source and colours. */
const request = (s) => s.form.request();

/** The form as this tab keeps it (kit/draft.js): the seed too, while the players roll their own dice. */
const kept = (s) => ({...request(s), seed: s.source.seed.value});

/** Show a request's set-up on the form (a link's, the draft's). */
const fill = (s, given) => s.form.fill(given);

function setPhase(s) {
  const {page, form, view} = s;
  const phase = phaseOf(s.battle, {busy: page.busy, declared: Boolean(s.declared), replaying: page.replaying});
  s.actions.render(phase, {...page, mode: s.source.mode(), names: form.names(), diceless: Boolean(form.capabilities().deterministic)});
  view.oddsShown = phase.odds;
  if (view.pause) view.pause.busy = page.busy;
  form.setDisabled(phase.locked);
  s.source.node.disabled = phase.locked;
  form.node.classList.toggle("locked", phase.locked);
  // During a battle the log's header shows the set-up: on a phone the form steps aside;
  // on a wide screen it stays, locked, beside the log (style.css, two columns from 900 px).
  form.node.classList.toggle("in-battle", Boolean(s.battle));
}

function showError(s, error, prefix = "") {
  s.actions.say(prefix + s.form.showError(error, s.source.target).words);
}

/** The player changed the set-up: the old message goes, and this tab remembers it (kit/draft.js). */
function edited(s) {
  if (!s.battle && !s.declared) s.form.edited("battle", s.actions.say, kept(s));
}

/** The answer to `call`, the page busy meanwhile (its buttons say so). */
async function busyWith(s, call) {
  s.page.busy = true;
  setPhase(s);
  const envelope = await call;
  s.page.busy = false;
  return envelope;
}

/** Ask pycore; on success show the battle and return null, else return the error. */
async function play(s, next, {quiet = false} = {}) {
  // The exports link back to this very page (pycore/ops/report.py); a beacon round is only ever resolved
  // after the page verified it (kit/beacon.js), so the words may say so.
  const report = {page: pageAddress(), ...(next.beacon ? {beacon_verified: true} : {})};
  const envelope = await busyWith(s, s.client.call({...next, report}));
  if (!envelope.ok) {
    if (!quiet || !s.view.pause) showError(s, envelope.error);
    setPhase(s);
    return envelope.error || {message: "Something went wrong."};
  }
  s.actions.say("");
  s.form.clearError();
  s.battle = {request: next, result: envelope.result};
  history.replaceState(history.state, "", "#" + envelope.result.link);
  try {
    s.view.render(s.battle, words(s), {undone: s.undone});
  } catch (error) { // never a silent half-drawn battle: the log so far stays and the player is told
    s.actions.say("Luckdial could not show this step of the battle. Please report it, with the link.", "error", String(error));
  }
  setPhase(s);
  s.view.pause?.place?.(); // again with the action bar of this phase (its height changes with the buttons shown)
  focusResult(s);
  rememberBattle(s);
  s.fair.shown(); // a battle of fair dice drawn round by round goes on from here (not awaited)
  return null;
}

// A request made from a pause: a refusal is shown next to the panel, which keeps its entries.
async function step(s, next) {
  const error = await play(s, next, {quiet: true});
  if (error && s.view.pause) s.view.pause.refuse(inWords(error), error.detail?.dice_needed);
}

// The battle in this device's history (kit/history.js): one entry per battle, its latest link.
function rememberBattle(s) {
  const {request: asked, result} = s.battle;
  if (!result.rounds.some((r) => r.complete)) return;
  const names = s.form.names();
  const said = outcomeText(result, names);
  remember({screen: "battle", key: historyKey(asked), link: result.link,
    label: `${s.form.ruleset().name} · ${systemName(s, asked.system.name)}: ${listUnits(asked.attacker.units, names, "nothing")} v ` +
      `${listUnits(asked.defender.units, names, "nothing")} — ${said || `round ${result.rounds.length}`}`});
}

// Keyboard and screen-reader players follow the battle: when the control just used is gone
// (Roll, Retreat, a pause's confirm button) focus moves to what it produced — the next
// pause's first control, the outcome, or the new round. "Press on" stays put so Enter repeats it.
function focusResult(s) {
  const again = s.pressedOn;
  const {press} = s.actions.buttons;
  s.pressedOn = false;
  if (again && !press.hidden && !press.disabled && !s.view.pause) {
    press.focus({preventScroll: true});
    return;
  }
  const at = /** @type {HTMLButtonElement | null} */ (document.activeElement);
  if (at && at !== document.body && s.section.contains(at) && !at.disabled && at.offsetParent !== null) return;
  const target = s.view.focusTarget();
  if (!target) return;
  if (!target.matches("button, input")) target.tabIndex = -1;
  target.focus({preventScroll: true});
}

// ---- commit–reveal (commit-panel.js) and beacon-declared battles (kit/beacon.js, docs/links.md) ----
async function commit(s) {
  const asked = request(s);
  const roundByRound = s.source.roundByRound();
  const envelope = await busyWith(s, s.commitPanel.commit(asked, {roundByRound}));
  if (!envelope.ok) {
    showError(s, envelope.error);
  } else {
    s.actions.say("");
    s.form.clearError();
    s.declared = {...asked, commit: {hash: envelope.result.hash, ...(roundByRound ? {draws: []} : {})}};
  }
  setPhase(s);
}

async function reveal(s, next) {
  s.declared = null;
  const error = await play(s, next);
  if (!error) s.commitPanel.revealed();
}

// Declaring binds the battle to a round drawn a few minutes from now; the link holds the battle and the round.
async function declare(s) {
  if (s.source.roundByRound()) return s.fair.declareFirst(request(s)); // one beacon round per decision
  const {roundToDeclare} = await import("../kit/beacon.js");
  const asked = {...request(s), beacon: {round: roundToDeclare()}};
  const envelope = await busyWith(s, s.client.call({op: "share", encode: asked}));
  if (!envelope.ok) {
    showError(s, envelope.error);
    setPhase(s);
    return;
  }
  s.actions.say("");
  s.form.clearError();
  history.replaceState(null, "", "#" + envelope.result.link);
  s.declared = envelope.result.request || asked;
  s.beacon.declare(s.declared, location.href);
  setPhase(s);
  await checkDeclared(s);
}

// The round's state: pending (countdown, checked again when drawn), verified (the battle is fought),
// unreachable or invalid (said, the set-up stays shown).
async function checkDeclared(s) {
  if (!s.declared) return;
  const asked = s.declared;
  const verified = await s.beacon.check(asked);
  if (verified && s.declared === asked) {
    s.declared = null;
    await play(s, verified);
  }
  setPhase(s);
}

// Forget the battle on screen and any declared one (a new battle, a link opened).
function forget(s) {
  s.battle = null;
  s.declared = null;
  s.beacon.reset();
  s.commitPanel.reset();
  s.fair.reset();
  s.view.render(null, words(s));
}

/** A shared battle's link, decoded by pycore (app.js routes it here): its set-up, then its battle. */
async function openLink(s, envelope, fragment) {
  if (fragment && fragment === s.battle?.result?.link) return;
  forget(s);
  s.actions.say(s.page.replaying ? "Replaying the shared battle…" : "Opening the shared link…", "info");
  s.page.replaying = false;
  const linked = envelope.result.request;
  fill(s, linked);
  saveEdit("battle", kept(s)); // the battle on this form now: the Odds screen opens on it too
  if (isStaged(linked)) { // a battle of fair dice drawn round by round is shown as far as its draws go
    s.actions.say("");
    setPhase(s);
    if (await s.fair.open(linked)) setPhase(s);
    return;
  }
  if (linked.beacon || (linked.commit && !linked.commit.secret)) {
    s.declared = linked;
    if (linked.beacon) s.beacon.opened(linked);
    else s.commitPanel.opened(linked);
    s.actions.say("");
    setPhase(s);
    if (linked.beacon) checkDeclared(s); // not awaited: a round not drawn yet keeps it waiting, the page is ready meanwhile
    return;
  }
  const error = await play(s, linked);
  if (!error && linked.commit) s.commitPanel.revealed();
}

function roll(s) {
  if (s.source.mode() === "beacon") declare(s);
  else if (s.source.mode() === "commit") commit(s);
  else play(s, firstRound(request(s)));
}

/**
 * Undo: pycore is asked the request without the battle's last decision (decisions.js); what it took back
 * (dice entered, a casualty choice) is offered again by the pause. Undoing round 1 goes back to the set-up.
 */
async function takeBack(s) {
  const back = s.battle && !s.page.busy ? undo(s.battle.request, s.battle.result) : null;
  if (!back) return;
  s.undone = back.undone;
  if (back.request) {
    await play(s, back.request);
  } else {
    forget(s);
    history.replaceState(history.state, "", location.pathname + location.search + "#battle");
    setPhase(s);
    s.actions.buttons.roll.focus({preventScroll: true});
  }
  s.undone = null;
}

/** Shown again: the battle entered on the Odds screen since, unless a battle is under way here. */
function shown(s) {
  const setup = newerFor(readDraft(), "battle");
  if (!setup || s.battle || s.declared || s.page.busy) return;
  fill(s, withSetup(kept(s), setup));
  keepShown("battle", kept(s));
}

/** parts: {client, section, form, source, view, actions, beacon, commitPanel} (battle.js builds them). */
export function createBattlePlay(parts) {
  const s = {...parts, battle: null, declared: null, pressedOn: false, undone: null,
    page: {engine: "loading", busy: false, percent: 0, replaying: false}};
  s.fair = createFairRounds({beacon: s.beacon, commitPanel: s.commitPanel, play: (next) => play(s, next), current: () => s.battle});
  return {
    page: s.page,
    get battle() { return s.battle; },
    ...bound(s, {request, fill, setPhase, edited, step, reveal, checkDeclared, openLink, showError, roll, shown, takeBack}),
    /** A battle shown: the request pycore answered (a commit–reveal draw revealed: commit-panel.js). */
    show: (next) => play(s, next),
    /** The beacon panel's "Try again": a round-by-round battle re-checks its draw, a declared one its round. */
    retry: () => (isStaged(s.battle?.request) ? s.fair.shown() : checkDeclared(s)),
    pressOn() {
      // Disabled while it rolls, the button drops the focus: given back after (focusResult), so Enter repeats it.
      s.pressedOn = document.activeElement === s.actions.buttons.press;
      if (isStaged(s.battle.request)) s.fair.press(); // the choice is posted with the next round's draw
      else play(s, pressOn(s.battle));
    },
    retreat: () => play(s, retreat(s.battle)),
    submerge: (side) => play(s, submerge(s.battle, side)),
    fresh() {
      forget(s);
      s.source.reseed();
      keepShown("battle", kept(s)); // a reload keeps the new seed, not the last battle's
      history.replaceState(history.state, "", location.pathname + location.search + "#battle");
      setPhase(s);
    },
    /**
     * A damaged link (app.js): said. What the player entered stays on the form. A link that opened the page
     * (`how.cold`) had its battle previewed there before pycore read it (battle.js startFrom), whole or in part:
     * that preview (a count of -4, a unit the ruleset lacks) gives way to the player's last draft, or an empty form.
     * A link stopped past its time limit was not refused: its battle stays on the form, to be rolled or changed.
     */
    linkDamaged(error, how) {
      s.page.replaying = false;
      if (how?.cold && !error?.detail?.time_limit_ms) {
        const draft = readDraft().requests.battle;
        const empty = {...request(s), attacker: {units: {}}, defender: {units: {}}};
        try {
          fill(s, draft || empty);
        } catch {
          fill(s, empty); // an old or odd draft: an empty form, never the link's bad values
        }
      }
      s.actions.say(linkWords(error, how?.cold ? "" : undefined));
      setPhase(s);
    },
  };
}
