// Fair dice round by round on the Battle screen (docs/links.md "Fair dice, round by round"): a beacon or
// commit–reveal battle decided one draw at a time, so the attacker presses on or retreats after seeing a
// round and nobody knows the next round's dice before the decision is posted. pycore says where the battle
// stands (next_draw: the attacker decides; waiting.kind "draw": the randomness it needs); this module
// does what comes next — declares the next beacon round, checks it, or hands the commit–reveal panel its
// stage — and holds the options declared up front: decide after each round, or fight it out now with a
// retreat condition (retreat_at_units). The panels (beacon-panel.js, commit-panel.js) say what happened.

import {el} from "../kit/dom.js";
import {segmented, stepper} from "../kit/widgets.js";

/** Whether a request is a battle of fair dice drawn round by round. */
export const isStaged = (request) => Boolean(request?.beacon?.draws || request?.commit?.draws);

/**
 * The options declared with a fair battle: when the attacker decides, and a retreat condition. They join
 * the battle form with the dice source (dice-source.js); `onChange` follows the player's edit.
 */
export function createFairOptions({onChange}) {
  const when = segmented("fair-when", "When the attacker decides", [
    ["rounds", "After each round"], ["now", "Now: fight it out"]], () => { sync(); onChange(); });
  when.value = "rounds";
  const whenHint = el("p", {class: "hint", id: "fair-when-hint"});
  const retreat = stepper("fair-retreat", "Retreat when the attacker has this many units or fewer",
    {min: 0, max: 999, value: 0, onChange: () => { sync(); onChange(); }});
  const retreatHint = el("p", {class: "hint", id: "fair-retreat-hint"});
  const node = el("fieldset", {class: "fair-options field", id: "fair-options", hidden: true},
    el("legend", {class: "label"}, "Fair dice: the attacker's choices"),
    when.node, whenHint,
    el("label", {class: "label", for: "fair-retreat"}, "Retreat when the attacker has … units or fewer"),
    retreat.node, retreatHint);

  function sync() {
    const now = when.value === "now";
    whenHint.textContent = now
      ? "One draw for the whole battle: it is fought to the end at once, casualties by each side's order of loss, " +
        "so nobody decides anything after seeing dice. One post."
      : "After each round the attacker presses on or retreats; the next round's dice are drawn only after that " +
        "choice is posted. A post per round.";
    const at = retreat.value;
    retreatHint.textContent = at > 0
      ? `Declared now: after a round that leaves the attacker ${at} unit${at === 1 ? "" : "s"} or fewer, he retreats — no post needed.`
      : "0: no retreat declared now.";
  }
  sync();
  return {
    node,
    show(flag) { node.hidden = !flag; },
    /** Where an error on the declared retreat points (kit/feedback.js markField). */
    target: {nodes: [], controls: [retreat.input], anchor: retreatHint, label: "Retreat when the attacker has this many units"},
    roundByRound: () => when.value !== "now",
    /** The request the form makes, with what is declared up front (fair modes only). */
    apply(request) {
      if (retreat.value > 0 && (request.kind || "land") !== "amphibious") request.retreat_at_units = retreat.value;
      if (when.value === "now") delete request.choose_casualties; // a choice after seeing all the dice would not be fair
      return request;
    },
    /** The form as a link left it. */
    set(request) {
      when.value = request.beacon?.round || (request.commit && !request.commit.draws) ? "now" : "rounds";
      retreat.value = request.retreat_at_units || 0;
      sync();
    },
  };
}

/**
 * The controller. `play(request)` asks pycore and shows the battle (battle-play.js), `current()` is the
 * battle shown ({request, result}).
 */
export function createFairRounds({beacon, commitPanel, play, current}) {
  let mine = false; // the last step was taken on this page (its player posts the link), not opened from a link

  const beaconTools = () => import("../kit/beacon.js");

  /** The attacker's choices so far, with "press" for every round played up to `rounds`. */
  function pressed(request, rounds) {
    const choices = [...(request.choices || [])];
    while (choices.length < rounds) choices.push("press");
    return choices;
  }

  async function withNextDraw(request) {
    if (!request.beacon) return request;
    const {roundToDeclare} = await beaconTools();
    return {...request, beacon: {draws: [...request.beacon.draws, {round: roundToDeclare()}]}};
  }

  return {
    /** Roll in beacon mode, round by round: the first draw is declared with the battle. */
    async declareFirst(request) {
      const {roundToDeclare} = await beaconTools();
      mine = true;
      return play({...request, beacon: {draws: [{round: roundToDeclare()}]}});
    },

    /** Press on: the attacker's choice, posted with the next draw (a beacon round declared now). */
    async press() {
      const {request, result} = current();
      const next = {...request, choices: pressed(request, result.rounds.length)};
      delete next.rounds;
      mine = true;
      return play(await withNextDraw(next));
    },

    /** A link opened: its drawn beacon rounds are verified before any die is shown. */
    async open(request) {
      mine = false;
      if (request.beacon) {
        beacon.opened(request);
        await beacon.showDraws(request, null);
        if (!(await beacon.verifyDraws(request))) return {message: "beacon"};
      }
      return play(request);
    },

    /** After every answer of a staged battle: what comes next. */
    async shown() {
      const battle = current();
      if (!battle || !isStaged(battle.request)) return;
      const {request, result} = battle;
      const waiting = result.waiting?.kind === "draw" ? result.waiting : null;
      if (request.commit) {
        commitPanel.staged(request, result);
        return;
      }
      await beacon.showDraws(request, result);
      if (waiting?.needs === "declare") {
        // A decision was just given (a casualty choice that more dice follow): its post declares the next round.
        mine = true;
        await play(await withNextDraw(request));
      } else if (waiting?.needs === "beacon") {
        if (mine) beacon.declare(request, location.href);
        else beacon.opened(request);
        const verified = await beacon.check(request, waiting.round);
        if (verified && current()?.request === request) {
          await play(verified);
        }
      } else if (result.next_draw) {
        beacon.decide(result.next_draw.round);
      } else if (!result.waiting) {
        await beacon.check(request);
      }
    },

    reset() {
      mine = false;
    },
  };
}
