// The Battle screen: pick a ruleset, a luck system, the kind of battle and the forces (the page's one
// battle form, kit/battle-form.js), then roll round by round. Each step asks pycore to replay the
// battle from its seed (or the players' own dice) with one round, one casualty choice or one set of
// dice more (battle-state.js), so the state of a battle is just its request — which is also its
// share link. This module builds the screen and wires it; battle-play.js holds the battle.

import {el, yieldToPage, motion} from "../kit/dom.js";
import {BUILT_IN, capabilities} from "../kit/rulesets.js";
import {historyPanel} from "../kit/history.js";
import {createBattleForm} from "../kit/battle-form.js";
import {readDraft} from "../kit/draft.js";
import {offer, screen} from "../kit/screens.js";
import {createColoredSetup} from "./colored.js";
import {createDiceSource} from "./dice-source.js";
import {createBattleView} from "./battle-view.js";
import {createBattleActions} from "./battle-actions.js";
import {createBattlePlay} from "./battle-play.js";
import {createBeaconPanel} from "./beacon-panel.js";
import {createCommitPanel} from "./commit-panel.js";

const OFFLINE_HINT = "You seem to be offline on a first visit — connect once, then Luckdial works offline.";
/** The page's first words to a new player: what Luckdial is for. */
export const INTRO = "Luckdial fights Axis & Allies battles by the rules and gives their odds.";

/** This screen's set-up runs over several tasks; app.js waits for its `built` before the next screen. */
export const builtInSteps = true;

/**
 * Build the screen in `section`; resolves once the rules are loaded (or failed). The set-up is cut
 * into steps, each its own task (yieldToPage), marked "luckdial:battle step <name>": the whole of it
 * in one task held the main thread 40–150 ms (bench/lighthouse.py's long tasks). The form
 * is filled before it is put on the page, so it is never seen empty; built() is called then.
 * opening: {fragment, request} when the page opened on a battle's link (app.js, which opens it once
 * the rules are loaded); problem: what the address's fragment is, when it is no link.
 */
export async function init(client, section, {built = () => {}, opening = null, problem = null} = {}) {
  // A shared link's visit builds the screen in one go: its reader waits for nothing but the link's
  // forces, and each step given back to a page still loading cost 10-30 ms (bench/load.py).
  const stepDone = async (name) => {
    performance.mark(`luckdial:battle step ${name}`);
    if (!opening) await yieldToPage();
  };
  // The die pads (kit/widgets.js) take their look from the Research screen's research/research.css.
  if (!document.querySelector('link[href="research/research.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "research/research.css"}));
  }
  const form = createBattleForm({op: "resolve", cargo: true, toolsBase: "battle"});
  await stepDone("forces");
  const colored = createColoredSetup({onChange: () => play.edited()}); // coloured dice: chart and commitments
  const source = createDiceSource({onChange: () => { play.edited(); play.setPhase(); }});
  const recent = historyPanel("battle", "battle-history", "Recent battles");
  form.node.prepend(el("p", {class: "intro", id: "intro"}, INTRO));
  form.node.append(colored.node, source.node, recent.node);
  // This screen's own parts of the request: coloured dice's chart and posts, and where the dice come from.
  form.extend({apply: (request) => (capabilities(form.system()).commits_units ? colored.apply(request) : request), fill: (request) => colored.set(request)});
  form.extend(source);
  form.onContext(({ruleset, system, counts, data}) => {
    colored.setDefault(data.systems.find((s) => s.chart)?.chart);
    colored.setContext({ruleset, system, counts});
  });
  await stepDone("settings");
  const view = createBattleView({onStep: (next) => play.step(next),
    onOdds: async () => (await screen("odds")).oddsOf(play.battle)});
  const actions = createBattleActions({onSubmerge: (side) => play.submerge(side)});
  // A battle declared on a beacon round: its state (data-beacon), the time to post by, the check.
  const beacon = createBeaconPanel({onRetry: () => play.retry()});
  const commitPanel = createCommitPanel({client, onReveal: (request) => play.reveal(request), onRevealed: (request) => play.show(request)});
  const play = createBattlePlay({client, section, form, source, view, actions, beacon, commitPanel});
  await stepDone("form");
  wire(form, actions, play, view);
  offer("battle", {openLink: play.openLink, linkDamaged: play.linkDamaged, shown: play.shown,
    linkProblem: (text) => actions.say(text)});
  await stepDone("actions");
  form.setData(BUILT_IN, {units: false});
  await stepDone("pickers");
  // The link's set-up, read in JavaScript (kit/start.js began at the page's first moment), is in the
  // form before the form is first shown; pycore judges the link once ready. Without a link, the set-up
  // this tab was entering before a reload (kit/draft.js).
  if (problem) actions.say(problem);
  if (opening) actions.say("Opening the shared link once the rules are loaded…", "info");
  if (startFrom(play, form, opening?.request?.op === "resolve" ? opening.request : null)) {
    actions.say("Replaying the shared battle: it appears as soon as the rules are loaded.", "info");
  }
  play.setPhase();
  await stepDone("filled");
  section.replaceChildren(beacon.node, commitPanel.node, form.node, view.node, view.empty, actions.node); // the verdict first
  // A shared battle's reader came for its forces: in view while the rules load, not below the settings.
  if (play.page.replaying) form.forces.attacker.node.scrollIntoView({block: "start"});
  performance.mark("luckdial:battle step shown");
  built();
  return whenReady(client, form, play, actions);
}

/** Fill the form from the link's preview, else from this tab's draft, else the defaults; true when a link was shown. */
function startFrom(play, form, linked) {
  if (linked) {
    try {
      play.fill(linked);
      performance.mark("luckdial:link previewed");
      play.page.replaying = true;
      return true;
    } catch {
      play.page.replaying = false; // an odd link: pycore will say what is wrong with it
    }
  }
  const draft = readDraft().requests.battle;
  try {
    if (draft) play.fill(draft);
    else form.fillUnits();
  } catch {
    form.fillUnits(); // an old or odd draft: the defaults, never a blank form
  }
  return false;
}

function wire(form, actions, play, view) {
  const {roll, press, retreat, share, fresh, undo} = actions.buttons;
  roll.addEventListener("click", () => play.roll());
  press.addEventListener("click", () => play.pressOn());
  retreat.addEventListener("click", () => play.retreat());
  share.addEventListener("click", () => view.share());
  undo.addEventListener("click", () => play.takeBack());
  fresh.addEventListener("click", () => { play.fresh(); window.scrollTo({top: 0, behavior: motion()}); });
  form.onChange(() => play.edited());
  form.onContext(() => play.setPhase()); // the Roll button's words follow the system chosen (diceless: "Fight")
  // Enter in a count or the seed rolls, as a keyboard player expects of a form (the form has
  // no submit button, so the browser's implicit submission does not apply).
  form.node.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || !event.target.matches("input[type=number], input[type=text]")) return;
    event.preventDefault();
    if (!roll.hidden && !roll.disabled) roll.click();
  });
}

/** Resolves once the rules are loaded (pycore's rulesets on the form) or failed to load. */
function whenReady(client, form, play, actions) {
  client.onProgress(({done, total}) => {
    play.page.percent = total ? Math.min(99, Math.floor((100 * done) / total)) : 0;
    if (play.page.engine === "loading") actions.loading(play.page); // only the bar and its words: no whole-form pass per percent
  });
  // Asked now, answered the moment the engine is ready (calls wait in the worker). A worker that died
  // before it was ready answered "engine_stopped"; its successor is asked again.
  const first = client.call({op: "rulesets"});
  const rulesets = () => first.then((envelope) => (envelope.error?.type === "engine_stopped" ? client.call({op: "rulesets"}) : envelope));
  return new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
    client.onFailed((reason) => {
      play.page.engine = "failed";
      const offline = !navigator.onLine || /fetch|network|stalled|nothing arrived|load/i.test(reason);
      actions.say(`Could not load the battle engine. ${offline ? OFFLINE_HINT : "Please reload the page."}`, "error", reason);
      play.setPhase();
      resolve();
    });
    client.onReady(async () => {
      try {
        const envelope = await rulesets();
        if (envelope.ok) form.setData(envelope.result);
        else play.showError(envelope.error, "Could not read the rulesets: ");
        play.page.engine = "ready";
        play.setPhase();
      } catch (error) {
        actions.say("Luckdial failed while starting the battle screen. Please report it.", "error", String(error));
      } finally {
        resolve();
      }
    });
  });
}
