// The battle on the Battle screen and its next step: the request the form (or a link) makes, pycore's
// answer, the declared beacon or commit–reveal battle not fought yet, and what the page shows of each
// (the phase of battle-state.js, the record of battle-view.js, the message line). Every step is one
// request more to pycore, made by battle-state.js; this module asks and shows.
//
// Not for: building the screen (battle.js) or drawing a round (log.js, colored.js).

import {BUILT_IN, listUnits} from "../kit/rulesets.js";
import {remember} from "../kit/history.js";
import {outcomeText} from "./log.js";
import {inWords, restOf} from "../kit/feedback.js";
import {pageAddress} from "../kit/share.js";
import {keepShown, newerFor, readDraft, saveEdit} from "../kit/draft.js";
import {withSetup} from "../kit/form-state.js";
import {firstRound, historyKey, phaseOf, pressOn, retreat, submerge} from "./battle-state.js";

/** parts: {client, section, form, colored, source, view, actions, beacon, commitPanel} (battle.js builds them). */
export function createBattlePlay({client, section, form, colored, source, view, actions, beacon, commitPanel}) {
  let battle = null; // {request: the resolve request last answered, result}
  let declared = null; // a battle bound to a beacon round or a commitment, not fought yet (its set-up is shown)
  let pressedOn = false; // "Press on" had the focus when used: it gets it back once the round is shown
  const page = {engine: "loading", busy: false, percent: 0, replaying: false};
  const {say} = actions;
  const systemName = (id) => form.data.systems.find((s) => s.id === id)?.name || id;
  const words = () => ({names: form.names(), ruleset: form.ruleset(), systemName, variantName: form.variantName,
    techNames: new Map((form.data.tech || BUILT_IN.tech).map((t) => [t.id, t.name]))});

  /** The battle the form holds, as a resolve request (without rounds). */
  function request() {
    const out = form.request();
    if (form.system() === "colored") colored.apply(out);
    return source.apply(out);
  }

  /** Show a request's set-up on the form (a link's, the draft's). */
  function fill(given) {
    form.fill(given);
    colored.set(given);
    source.fill(given);
  }

  function setPhase() {
    const phase = phaseOf(battle, {busy: page.busy, declared: Boolean(declared), replaying: page.replaying});
    actions.render(phase, {...page, mode: source.mode()});
    view.oddsShown = phase.odds;
    if (view.pause) view.pause.busy = page.busy;
    form.setDisabled(phase.locked);
    source.node.disabled = phase.locked;
    form.node.classList.toggle("locked", phase.locked);
    // During a battle the log's header shows the set-up: on a phone the form steps aside;
    // on a wide screen it stays, locked, beside the log (style.css, two columns from 900 px).
    form.node.classList.toggle("in-battle", Boolean(battle));
  }

  function showError(error, prefix = "") {
    const {words: said} = form.showError(error, source.target);
    say(prefix + said);
  }

  /** The player changed the set-up: the old message goes, and this tab remembers it (kit/draft.js). */
  function edited() {
    if (battle || declared) return;
    say("");
    form.clearError();
    saveEdit("battle", request());
  }

  /** The answer to `call`, the page busy meanwhile (its buttons say so). */
  async function busyWith(call) {
    page.busy = true;
    setPhase();
    const envelope = await call;
    page.busy = false;
    return envelope;
  }

  /** Ask pycore; on success show the battle and return null, else return the error. */
  async function play(next, {quiet = false} = {}) {
    // The exports link back to this very page (pycore/report.py); a beacon round is only ever resolved
    // after the page verified it (kit/beacon.js), so the words may say so.
    const report = {page: pageAddress(), ...(next.beacon ? {beacon_verified: true} : {})};
    const envelope = await busyWith(client.call({...next, report}));
    if (!envelope.ok) {
      if (!quiet || !view.pause) showError(envelope.error);
      setPhase();
      return envelope.error || {message: "Something went wrong."};
    }
    say("");
    form.clearError();
    battle = {request: next, result: envelope.result};
    history.replaceState(history.state, "", "#" + envelope.result.link);
    try {
      view.render(battle, words());
    } catch (error) { // never a silent half-drawn battle: the log so far stays and the player is told
      say("Luckdial could not show this step of the battle. Please report it, with the link.", "error", String(error));
    }
    setPhase();
    focusResult();
    rememberBattle();
    return null;
  }

  // A request made from a pause: a refusal is shown next to the panel, which keeps its entries.
  async function step(next) {
    const error = await play(next, {quiet: true});
    if (error && view.pause) view.pause.refuse(inWords(error), error.detail?.dice_needed);
  }

  // The battle in this device's history (kit/history.js): one entry per battle, its latest link.
  function rememberBattle() {
    const {request: asked, result} = battle;
    if (!result.rounds.some((r) => r.complete)) return;
    const names = form.names();
    const said = outcomeText(result, names);
    remember({screen: "battle", key: historyKey(asked), link: result.link,
      label: `${form.ruleset().name} · ${systemName(asked.system.name)}: ${listUnits(asked.attacker.units, names, "nothing")} v ` +
        `${listUnits(asked.defender.units, names, "nothing")} — ${said || `round ${result.rounds.length}`}`});
  }

  // Keyboard and screen-reader players follow the battle: when the control just used is gone
  // (Roll, Retreat, a pause's confirm button) focus moves to what it produced — the next
  // pause's first control, the outcome, or the new round. "Press on" stays put so Enter repeats it.
  function focusResult() {
    const again = pressedOn;
    const {press} = actions.buttons;
    pressedOn = false;
    if (again && !press.hidden && !press.disabled && !view.pause) {
      press.focus({preventScroll: true});
      return;
    }
    const at = document.activeElement;
    if (at && at !== document.body && section.contains(at) && !at.disabled && at.offsetParent !== null) return;
    const target = view.focusTarget();
    if (!target) return;
    if (!target.matches("button, input")) target.tabIndex = -1;
    target.focus({preventScroll: true});
  }

  // ---- commit–reveal (commit-panel.js) and beacon-declared battles (kit/beacon.js, docs/links.md) ----
  async function commit() {
    const asked = request();
    const envelope = await busyWith(commitPanel.commit(asked));
    if (!envelope.ok) {
      showError(envelope.error);
    } else {
      say("");
      form.clearError();
      declared = {...asked, commit: {hash: envelope.result.hash}};
    }
    setPhase();
  }

  async function reveal(next) {
    declared = null;
    const error = await play(next);
    if (!error) commitPanel.revealed();
  }

  // Declaring binds the battle to a round drawn a few minutes from now; the link holds the battle and the round.
  async function declare() {
    const {roundToDeclare} = await import("../kit/beacon.js");
    const asked = {...request(), beacon: {round: roundToDeclare()}};
    const envelope = await busyWith(client.call({op: "share", encode: asked}));
    if (!envelope.ok) {
      showError(envelope.error);
      setPhase();
      return;
    }
    say("");
    form.clearError();
    history.replaceState(null, "", "#" + envelope.result.link);
    declared = envelope.result.request || asked;
    beacon.declare(declared, location.href);
    setPhase();
    await checkDeclared();
  }

  // The round's state: pending (countdown, checked again when drawn), verified (the battle is fought),
  // unreachable or invalid (said, the set-up stays shown).
  async function checkDeclared() {
    if (!declared) return;
    const asked = declared;
    const verified = await beacon.check(asked);
    if (verified && declared === asked) {
      declared = null;
      await play(verified);
    }
    setPhase();
  }

  // Forget the battle on screen and any declared one (a new battle, a link opened).
  function forget() {
    battle = null;
    declared = null;
    beacon.reset();
    commitPanel.reset();
    view.render(null, words());
  }

  /** A shared battle's link, decoded by pycore (app.js routes it here): its set-up, then its battle. */
  async function openLink(envelope, fragment) {
    if (fragment && fragment === battle?.result?.link) return;
    forget();
    say(page.replaying ? "Replaying the shared battle…" : "Opening the shared link…", "info");
    page.replaying = false;
    const linked = envelope.result.request;
    fill(linked);
    saveEdit("battle", request()); // the battle on this form now: the Odds screen opens on it too
    if (linked.beacon || (linked.commit && !linked.commit.secret)) {
      declared = linked;
      if (linked.beacon) beacon.opened(linked);
      else commitPanel.opened(linked);
      say("");
      setPhase();
      if (linked.beacon) checkDeclared(); // not awaited: a round not drawn yet keeps it waiting, the page is ready meanwhile
      return;
    }
    const error = await play(linked);
    if (!error && linked.commit) commitPanel.revealed();
  }

  return {
    page, request, fill, setPhase, edited, play, step, reveal, checkDeclared, openLink, showError,
    get battle() { return battle; },
    roll() {
      if (source.mode() === "beacon") declare();
      else if (source.mode() === "commit") commit();
      else play(firstRound(request()));
    },
    pressOn() {
      // Disabled while it rolls, the button drops the focus: given back after (focusResult), so Enter repeats it.
      pressedOn = document.activeElement === actions.buttons.press;
      play(pressOn(battle));
    },
    retreat: () => play(retreat(battle)),
    submerge: (side) => play(submerge(battle, side)),
    fresh() {
      forget();
      source.reseed();
      history.replaceState(history.state, "", location.pathname + location.search + "#battle");
      setPhase();
    },
    /** A damaged link (app.js): said, and nothing on the form is touched. */
    linkDamaged(error) {
      page.replaying = false;
      say(`This link is damaged or was edited: ${restOf(error).replace(/\.$/, "")}. What you entered is kept.`);
      setPhase();
    },
    /** Shown again: the battle entered on the Odds screen since, unless a battle is under way here. */
    shown() {
      const setup = newerFor(readDraft(), "battle");
      if (!setup || battle || declared || page.busy) return;
      fill(withSetup(request(), setup));
      keepShown("battle", request());
    },
  };
}
