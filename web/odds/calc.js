// The calculator screen: the odds of a battle before it is fought — win bar, survivors
// histogram, cost swing, rounds — and the luck dial, the same battle under every luck system side by
// side. The battle is entered on the page's one battle form (kit/battle-form.js), the same as the
// Battle screen's, and the screen opens on the battle entered there. Also opened from a battle in
// progress ("odds from here", kit/screens.js) and from a calc link. This module builds and wires the
// screen; calc-run.js calculates, calc-view.js draws the results.

import {el, motion} from "../kit/dom.js";
import {BUILT_IN} from "../kit/rulesets.js";
import {historyPanel} from "../kit/history.js";
import {createBattleForm} from "../kit/battle-form.js";
import {readDraft} from "../kit/draft.js";
import {offer} from "../kit/screens.js";
import {linkWords, showMessage} from "../kit/feedback.js";
import {createSharePanel} from "../kit/share.js";
import {unitsFor} from "../kit/battle-options.js";
import {createAdvisor} from "./advisor.js";
import {createMore} from "./calc-more.js";
import {createCalcRun} from "./calc-run.js";
import {createPlanForm} from "./plan-form.js";
import {createTurnPanel} from "./turn-form.js";

/** The answers' column: the odds of one battle, the luck dial, and the link to share them. */
function createAnswers() {
  const result = el("section", {class: "calc-result", id: "calc-result", "aria-label": "Odds", hidden: true});
  const dialList = el("ol", {class: "dial-list", id: "calc-dial-list"});
  const dial = el("section", {class: "calc-dial", id: "calc-dial", "aria-label": "Luck dial", hidden: true},
    el("h2", {}, "Luck dial"),
    el("p", {class: "hint"}, "The same battle under each luck system. The fewer bars of units left, the less luck decides the battle."),
    dialList);
  const share = createSharePanel("calc", "calculation");
  const shareButton = el("button", {type: "button", class: "small", id: "calc-share"}, "Share this calculation");
  const shareRow = el("div", {class: "calc-share-row", hidden: true}, shareButton);
  // Before any answer, on a wide screen only (style.css), the answers' column says what will fill it.
  const empty = el("div", {class: "answers-empty", id: "calc-answers-empty"}, el("h2", {}, "Odds"),
    el("p", {}, "Each side's chance to win, what is left of it and its cost show here once you calculate; the Luck dial " +
      "sets the same battle under every luck system."));
  // The answers in one column of their own: beside the form on a wide screen (style.css).
  const node = el("div", {class: "answers", id: "calc-answers"}, empty, result, dial, shareRow, share.node);
  const showOnly = (box) => {
    result.hidden = box !== result;
    dial.hidden = box !== dial;
    share.hide();
    box.scrollIntoView({block: "start", behavior: motion()});
  };
  return {
    node, share, shareRow, shareButton,
    hide() { result.hidden = dial.hidden = shareRow.hidden = true; share.hide(); },
    /** One calculation's answer under its heading (which it returns, to take the focus). */
    showResult(title, card) {
      const heading = el("h2", {tabindex: "-1", id: "calc-result-heading"}, title);
      result.replaceChildren(heading, card);
      showOnly(result);
      return heading;
    },
    startDial: () => showOnly(dial),
    showDial: (rows) => dialList.replaceChildren(...rows),
  };
}

/** The sticky bar: the message line, the running status and Calculate / Luck dial / Cancel. */
function createActions() {
  const message = el("div", {class: "message", id: "calc-message", role: "alert", hidden: true});
  const runStatus = el("p", {class: "calc-running", id: "calc-status", role: "status", hidden: true});
  const calcButton = el("button", {type: "button", class: "primary", id: "calc-go"}, "Calculate");
  const dialButton = el("button", {type: "button", class: "secondary", id: "calc-dial-go"},
    "Luck dial", el("span", {class: "sub"}, "every luck system"));
  const cancelButton = el("button", {type: "button", class: "secondary", id: "calc-cancel", hidden: true}, "Cancel");
  const node = el("div", {class: "actions calc-actions"}, message, runStatus, el("div", {class: "buttons"}, calcButton, dialButton, cancelButton));
  return {node, runStatus, calcButton, dialButton, cancelButton, say: (text, look = "error") => showMessage(message, text, look)};
}

/**
 * A keyboard's way from the forces to Calculate, past the options between them (Swap, saved armies, the
 * round limit, the plan, the advisor: 12 Tab stops): a button after the defender's forces, seen only when
 * it has the focus, as a page's skip link. A screen reader meets it where it stands, between the forces and
 * the options it skips, and the options stay in their order.
 */
function skipToCalculate(after, calcButton) {
  const skip = el("button", {type: "button", class: "small skip-link", id: "calc-skip"}, "Skip to Calculate");
  skip.addEventListener("click", () => calcButton.focus());
  after.after(skip);
}

/**
 * Build the screen; resolves once the rules are loaded. opening: {fragment, request} when the page
 * opened on a calculation's link (app.js opens it once the rules are loaded); problem: what the
 * address's fragment is, when it is no link.
 */
export function init(client, section, {opening = null, problem = null} = {}) {
  const form = createBattleForm({idBase: "calc", op: "calc", cargo: false, toolsBase: "calc"});
  const hereNote = el("p", {id: "calc-from-text"});
  const hereReset = el("button", {type: "button", class: "small", id: "calc-from-reset"}, "Start at round 1");
  const here = {note: hereNote, node: el("div", {class: "message info calc-from", id: "calc-from", hidden: true}, hereNote, hereReset)};
  const more = createMore({onChange: () => run.edited()});
  const advisor = createAdvisor({onFind: () => run.advise()});
  // The plan of attack: later waves, the counter-attack, the territory's value, the cheapest army (plan-form.js).
  const plan = createPlanForm({onChange: () => run.edited(), onFind: () => run.findCheapest()});
  plan.onShape((waves) => { more.waves = waves; });
  form.onContext((context) => {
    more.kind = context.kind;
    advisor.setUnits(unitsFor(context.data, context.ruleset, context.kind, "attacker"));
    plan.setContext(context);
  });
  const turn = createTurnPanel({form, client, run: () => run}); // one army over several territories (plan_turn)
  form.extend(more); // the calculator's own options: the round limit and the retreat rules
  form.extend(plan);
  form.node.prepend(here.node);
  form.node.append(more.node, plan.node, plan.cheapest, advisor.node, turn.node, historyPanel("odds", "calc-history", "Recent calculations").node);
  const answers = createAnswers();
  const actions = createActions();
  section.replaceChildren(form.node, answers.node, actions.node);
  skipToCalculate(form.forces.defender.node, actions.calcButton);
  const run = createCalcRun({client, section, form, more, plan, advisor, here, answers, actions});

  form.onChange(() => run.edited());
  hereReset.addEventListener("click", () => { run.setFromHere(null); run.edited(); });
  actions.calcButton.addEventListener("click", () => run.calculate({focus: true}));
  actions.dialButton.addEventListener("click", () => run.dial());
  actions.cancelButton.addEventListener("click", () => run.cancel());
  answers.shareButton.addEventListener("click", () => run.share());
  // Enter in a count or a chance computes, as on the Battle screen (the form has no submit button, so the
  // browser's implicit submission does not apply): in the cheapest army's or the advisor's panel its own search,
  // anywhere else Calculate.
  form.node.addEventListener("keydown", (event) => {
    const field = /** @type {HTMLElement} */ (event.target);
    if (event.key !== "Enter" || !field.matches("input[type=number], input[type=text]")) return;
    event.preventDefault();
    const own = field.closest("#calc-cheapest")?.querySelector("#calc-cheapest-go")
      || field.closest("#calc-advisor")?.querySelector("#calc-advisor-go");
    const go = /** @type {HTMLButtonElement} */ (own || actions.calcButton);
    if (!go.hidden && !go.disabled) go.click();
  });
  offer("odds", {openLink: (envelope, fragment) => (envelope.result.request.op === "plan_turn" ? turn : run).openLink(envelope, fragment), oddsOf: run.oddsOf, shown: run.shown, linkProblem: (text) => actions.say(text),
    linkDamaged: (error, how) => actions.say(linkWords(error, how?.cold ? "" : undefined))});

  // ---- start: a shared calculation's set-up at once (read in JavaScript, kit/link.js), else this tab's draft
  form.setData(BUILT_IN);
  if (problem) actions.say(problem); // a link of an unknown version: said at once
  if (opening?.request?.op === "calc") {
    try {
      run.fill(opening.request);
      section.dataset.linkPreview = "true";
      performance.mark("luckdial:link previewed");
      actions.say("The shared calculation: its odds appear as soon as the rules are loaded.", "info");
    } catch {
      // an odd link: pycore says what is wrong with it once ready
    }
  } else if (readDraft().requests.odds) {
    try {
      run.fill(readDraft().requests.odds);
    } catch {
      form.fillUnits(); // an old or odd draft: the defaults
    }
  }
  run.refresh();
  return client.settled().then(async (state) => {
    if (state === "ready") {
      const envelope = await client.call({op: "rulesets"});
      if (envelope.ok) form.setData(envelope.result);
    }
    run.engine = state;
    if (state === "ready" && !section.hidden) run.shown();
    if (problem) actions.say(problem); // filling the rulesets in counted as an edit and cleared it
  });
}
