// The Battle screen's record of a battle: the set-up it started from, where its dice came from, one
// card per round (log.js, colored.js), the pause panel while it waits for the players (battle-pause.js),
// the outcome, "Odds from here", the share panel and the forum copy. It draws what the battle is and
// gathers the players' answers; battle-state.js turns an answer into the next request.
//
// Not for: the form (kit/battle-form.js), the action bar (battle-actions.js), asking pycore (battle.js).

import {el, clear, motion} from "../kit/dom.js";
import {capabilities, listUnits} from "../kit/rulesets.js";
import {renderRound, outcomeText, aftermath} from "./log.js";
import {renderColoredRound, coloredPause} from "./colored.js";
import {casualtyPanel} from "./battle-pause.js";
import {startingEntries, tableDicePanel} from "./table-dice.js";
import {createSharePanel} from "../kit/share.js";
import {forumCopyPanel} from "../kit/copy.js";
import {decide, enterDice} from "./decisions.js";
import {tableDice} from "./battle-state.js";
import {KINDS} from "../kit/form-state.js";
import {createLuckLine} from "./luck-line.js";

const KIND_NAMES = Object.fromEntries(KINDS);

/** The forum copy, under the battle (kit/copy.js: the same panel and order as the journal's). */
function reportPanel(text) {
  const panel = forumCopyPanel({ids: {button: (format) => `copy-${format}`, box: "report-fallback", status: "report-status"},
    boxLabel: "Battle report to copy", text});
  panel.node.id = "report-panel";
  panel.node.hidden = true;
  return panel;
}

/** What a side took into battle beyond its units: technology, cargo, folded subs. */
function extras(side, names, techNames) {
  const parts = [];
  if (side.tech?.length) parts.push(side.tech.map((t) => techNames.get(t) || t).join(", "));
  if (side.cargo && Object.keys(side.cargo).length) parts.push(`cargo: ${listUnits(side.cargo, names, "")}`);
  if (side.fold_subs) parts.push(`${side.fold_subs} subs folded in`);
  return parts.length ? el("span", {class: "extras"}, ` (${parts.join("; ")})`) : "";
}

/** The set-up line, where the dice came from (pycore/fair/origin.py's words, as the forum exports), and both starts. */
function drawHeader(header, request, result, words) {
  const system = result.system?.name || request.system.name;
  const systemName = words.systemName(system) + (result.system?.variant ? ` ${words.variantName(result.system.variant)}` : "");
  const source = result.dice_source;
  header.replaceChildren(
    el("p", {class: "setup-line"}, `${words.ruleset.name} · ${systemName} · ${KIND_NAMES[request.kind || "land"]}` +
      `${request.lhtr ? " · LHTR" : ""}${request.sub_rule === "printed" ? " · printed sub rule" : ""}`),
    source ? el("p", {class: "dice-source", id: "dice-source", dataset: {kind: source.kind}}, "Dice: ", source.label) : "",
    ...["attacker", "defender"].map((role) => el("p", {class: "start"}, el("strong", {}, `${role === "attacker" ? "Attacker" : "Defender"}: `),
      listUnits(request[role].units, words.names, "nothing"), extras(request[role], words.names, words.techNames))));
}

/** The casualties an undo just took back, when the pause asks that very choice again: the panel starts from it. */
function takenBack(undone, waiting) {
  const choice = undone?.kind === "casualties" ? undone.choice : null;
  return choice && choice.round === waiting.round && choice.side === waiting.side && choice.step === waiting.step ? choice : null;
}

/**
 * The panel shown while the battle waits — a casualty choice, or the table's dice (battle-state.js
 * tableDice: at a table also as soon as a round ends) — or null; its answer goes to onStep. undone: the
 * decision an undo just took back (decisions.js), whose dice or choice the panel starts from.
 */
function pauseFor(battle, words, system, onStep, undone) {
  const {request, result} = battle;
  const waiting = result.waiting;
  if (capabilities(system).by_colour) {
    const add = (list) => (entry) => onStep(decide(request, list, entry));
    return coloredPause(result, words.names, {boosts: add("boosts"), casualties: add("casualties"),
      dice: (entries) => onStep(enterDice(request, entries))}, undone);
  }
  if (waiting?.kind === "casualties") {
    const units = Object.fromEntries(words.ruleset.units.map((u) => [u.id, u]));
    const order = [...(request[waiting.side]?.order_of_loss || []), ...(words.ruleset.order_of_loss?.[waiting.side] || [])];
    return casualtyPanel(waiting, units, (choice) => onStep(decide(request, "casualties", choice)), takenBack(undone, waiting),
      order);
  }
  const needs = tableDice(battle);
  if (needs) {
    return tableDicePanel(needs, {names: words.names, start: startingEntries(undone),
      onEnter: (entries) => onStep(enterDice(request, entries))});
  }
  return null;
}

/**
 * onStep(request): a pause's answer, as the battle's next request; onOdds(): "Odds from here".
 * render(battle, words, {undone}) draws the battle ({request, result}, or null for none); words: {names,
 * ruleset, systemName, techNames}; undone: the decision an undo just took back, offered again by the pause.
 */
export function createBattleView({onStep, onOdds}) {
  let battle = null;
  let pause = null; // the casualty or dice panel shown while the battle waits
  let names = null; // the unit names of the battle shown (for the journal's label)
  const header = el("div", {class: "log-header"});
  const rounds = el("div", {class: "rounds"});
  const outcome = el("div", {class: "outcome", id: "outcome", role: "status", hidden: true});
  const pauseSlot = el("div", {class: "pause-slot", id: "pause-slot"});
  const report = reportPanel((format) => battle?.result?.report?.[format] || "");
  const share = createSharePanel("", "battle");
  const luck = createLuckLine({names: () => names});
  const oddsButton = el("button", {type: "button", class: "small odds-here", id: "odds-here"}, "Odds from here");
  oddsButton.addEventListener("click", () => onOdds());
  const node = el("section", {class: "log", id: "battle-log", "aria-label": "Battle log", hidden: true},
    el("h2", {}, "Battle log"), header, rounds, pauseSlot, oddsButton, outcome, luck.node, share.node, report.node);
  // Before a battle, on a wide screen only (style.css), the log's column says what will fill it.
  const empty = el("div", {class: "answers-empty", id: "battle-log-empty"},
    el("h2", {}, "Battle log"),
    el("p", {}, "Each round's dice, the casualties, the outcome and how lucky it was show here once the battle begins."));

  function render(next, words, {undone = null} = {}) {
    battle = next;
    const result = battle?.result;
    node.hidden = !result;
    clear(rounds);
    clear(pauseSlot);
    outcome.hidden = true;
    share.hide();
    report.node.hidden = true;
    pause = null;
    names = words?.names || null;
    luck.render(result ? battle : null);
    if (!result) return;
    const system = result.system?.name || battle.request.system.name;
    drawHeader(header, battle.request, result, words);
    result.rounds.forEach((round, i) => rounds.append((capabilities(system).by_colour ? renderColoredRound : renderRound)(round, {
      names: words.names, system, last: i === result.rounds.length - 1, outcome: result.outcome})));
    const said = outcomeText(result, words.names);
    if (said) {
      outcome.hidden = false;
      outcome.className = `outcome ${result.outcome}`;
      outcome.replaceChildren(said, ...aftermath(result, words.names).map((line) => el("span", {class: "aftermath"}, line)));
    }
    pause = pauseFor(battle, words, system, onStep, undone);
    if (pause) pauseSlot.append(pause.node);
    report.reset();
    // Nothing resolved yet (the players' first dice still to enter): no forum copy.
    report.node.hidden = !result.report || !result.rounds.some((round) => round.complete);
    if (pause?.place) pause.place(motion());
    else if (pause?.scrollTarget) pause.scrollTarget.scrollIntoView({block: pause.scrollBlock || "center", behavior: motion()});
    else (pause ? pause.node : said ? outcome : rounds.lastElementChild)?.scrollIntoView({block: "end", behavior: motion()});
  }

  return {
    node, empty, render,
    get pause() { return pause; },
    set oddsShown(flag) { oddsButton.hidden = !flag; },
    share: () => share.share(battle.result.link),
    /** What takes the focus after a step: the next pause's control, the outcome, or the last round. */
    focusTarget() {
      return pause?.focusTarget || pause?.node.querySelector("button:not([disabled]), input:not([disabled])")
        || (!outcome.hidden ? outcome : rounds.lastElementChild);
    },
  };
}
