// The "WiF 67" screen: World in Flames option 67, the 2D10 land combat results table.
//
// The player enters the factors and ticks the modifiers (wif-form.js); every change asks
// pycore (op "wif", docs/wif.md) for the exact chance of every table result (wif-results.js),
// and Roll adds a seed (the app's dice) or the players' own dice to read one roll. The state
// of the screen is just its request — which is also its share link. pycore judges every value
// and names the field at fault; this module marks it and says it in words.

import {el, motion} from "../kit/dom.js";
import {offer} from "../kit/screens.js";
import {showMessage as say, linkWords, markField, nodeFor} from "../kit/feedback.js";
import {createWifForm} from "./wif-form.js";
import {createWifResults} from "./wif-results.js";

const PREVIEW_DELAY_MS = 150;

function ensureStyles() {
  const href = new URL("./wif.css", import.meta.url).href;
  if (![.../** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll("link[rel=stylesheet]"))].some((link) => link.href === href)) {
    document.head.append(el("link", {rel: "stylesheet", href}));
  }
}

/** What a control is called on the page: its aria-label, else its label's first words (for an error in words). */
function labelOf(node) {
  return node.getAttribute("aria-label") || node.labels?.[0]?.firstChild?.textContent?.trim() ||
    node.querySelector?.(".wif-row-label")?.firstChild?.textContent?.trim() || "";
}

// The field pycore names is marked (the page's one marker, kit/feedback.js); its words go to the message line.
const targetIn = (nodes) => (field) => {
  const node = nodeFor(field, nodes);
  return node ? {nodes: [], controls: [node], anchor: null, label: labelOf(node)} : null;
};

/** Build the screen; resolves once the rules are loaded. opening: a combat's link, opened by app.js next. */
export function init(client, section, {opening = null, problem = null} = {}) {
  ensureStyles();
  let engine = "loading";
  let asked = 0; // sequence number of the latest request: older answers are dropped
  let timer = null;
  let lastResult = null;
  const form = createWifForm({onEdit: () => edited(), onDiceMode: () => showDiceMode()});
  const results = createWifResults();
  const message = el("div", {class: "message", id: "wif-message", role: "alert", hidden: true});
  const rollButton = el("button", {type: "button", class: "primary", id: "wif-roll-button", disabled: true}, "Loading the rules…");
  section.replaceChildren(form.node, results.node, el("div", {class: "actions"}, message, el("div", {class: "buttons"}, rollButton)));
  const showMessage = (text, kind = "error") => say(message, text, kind);

  async function ask(request, nodes) {
    const id = ++asked;
    const envelope = await client.call(request);
    if (id !== asked) return null; // a newer request is on its way
    if (!envelope.ok) {
      showMessage(markField(section, envelope.error, targetIn(nodes)).words);
      return null;
    }
    markField(section, null, targetIn(nodes));
    showMessage("");
    return envelope.result;
  }

  function render(result, request) {
    lastResult = result;
    form.showAnswer(result);
    results.render(result, request);
  }

  async function preview() {
    clearTimeout(timer);
    if (engine !== "ready") return;
    if (!form.hasFactors) {
      asked++;
      results.node.hidden = true;
      form.noFactors();
      showMessage("");
      return;
    }
    const {request, nodes} = form.request({roll: false});
    const result = await ask(request, nodes);
    if (result) render(result, null);
  }

  function edited() {
    form.countTicked();
    results.rollCard.hidden = true; // the roll shown belonged to the set-up before this change
    clearTimeout(timer);
    timer = setTimeout(preview, PREVIEW_DELAY_MS);
  }

  async function roll() {
    clearTimeout(timer);
    const {request, nodes} = form.request({roll: true});
    rollButton.disabled = true;
    const result = await ask(request, nodes);
    rollButton.disabled = false;
    if (!result) return;
    if (request.seed) form.reseed(); // the next press rolls new dice; the link keeps this one
    render(result, request);
    results.rollCard.scrollIntoView({block: "start", behavior: motion()});
    results.rollCard.tabIndex = -1; // focus follows the roll for keyboard and screen-reader players
    results.rollCard.focus({preventScroll: true});
  }

  /** A shared combat, decoded by pycore (app.js routes it here). */
  async function openLink(envelope, fragment) {
    if (fragment && fragment === lastResult?.link) return;
    const request = envelope.result.request;
    form.fill(request);
    clearTimeout(timer); // filling the form scheduled a preview; the link's own request answers instead
    const result = await ask(request, {});
    if (!result) return;
    render(result, request);
    if (request.seed) form.reseed();
    showMessage("Opened a shared combat.", "info");
  }

  function showDiceMode() {
    form.showDiceMode();
    rollButton.textContent = engine !== "ready" ? "Loading the rules…" : form.ownDice ? "Read my dice" : "Roll 2D10";
  }

  rollButton.addEventListener("click", roll);
  offer("wif", {openLink, linkProblem: (text) => showMessage(text),
    linkDamaged: (error, how) => showMessage(linkWords(error, how?.cold ? "" : undefined))});
  showDiceMode();
  if (problem) showMessage(problem); // a link of an unknown version: said at once

  return new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
    client.onFailed((reason) => {
      engine = "failed";
      rollButton.textContent = "Engine offline";
      rollButton.disabled = true;
      showMessage(`Could not load the battle engine (${reason}). Reload the page once you are online.`);
      resolve();
    });
    client.onReady(async () => {
      try {
        const envelope = await client.call({op: "wif", catalogue: true});
        if (envelope.ok) form.buildChecklist(envelope.result.catalogue);
        else showMessage(markField(section, envelope.error, () => null).words);
        engine = "ready";
        rollButton.disabled = false;
        showDiceMode();
        if (!opening) await preview(); // a link's own request answers instead (app.js opens it next)
        if (problem) showMessage(problem); // the first preview's answer cleared the message
      } finally {
        resolve();
      }
    });
  });
}
