// The journal screen's DOM: who was luckier (one sentence), the chart, the numbers one tap
// away, the battles (each with Swap and Remove), Paste links, Share and the forum copy, Clear with Undo,
// and a shared journal's banner. It draws and gathers taps; journal.js decides.
//
// Not for: the words (journal-words.js), the chart's geometry (journal-chart.js), storage or pycore.

import {el} from "../kit/dom.js";
import {createSharePanel} from "../kit/share.js";
import {forumCopyPanel} from "../kit/copy.js";
import {COLOURS, chartGeometry, drawChart} from "./journal-chart.js";
import {battleWords, leaderWords, sideWords} from "./journal-words.js";
import {seriesOf} from "./journal-state.js";

const EMPTY = "No battle yet. After a battle, tap “Add to game journal” under its result on the Battle screen, " +
  "or paste the links of a forum thread below.";

function nameInput(id, label) {
  const input = el("input", {id, type: "text", maxLength: 40, autocomplete: "off", placeholder: "Nation or player"});
  return {input, node: el("label", {class: "journal-name", for: id}, el("span", {}, label), input)};
}

/** Paste links: the text, the names the pasted battles are added under, what was refused. */
function pastePanel(on) {
  const text = el("textarea", {id: "journal-paste-text", rows: 5, "aria-label": "Pasted text with Luckdial links",
    placeholder: "Paste a forum thread's posts here: every Luckdial link in them is read."});
  const attacker = nameInput("journal-paste-attacker", "Attacker");
  const defender = nameInput("journal-paste-defender", "Defender");
  const go = el("button", {type: "button", class: "primary small", id: "journal-paste-add"}, "Add the battles");
  const status = el("p", {class: "hint", id: "journal-paste-status", role: "status"});
  const refused = el("ul", {class: "journal-refused", id: "journal-refused"});
  go.addEventListener("click", () => on.paste(text.value, {attacker: attacker.input.value, defender: defender.input.value}));
  const node = el("details", {class: "journal-paste card", id: "journal-paste"},
    el("summary", {}, "Paste links"), text,
    el("p", {class: "hint"}, "The battles are added under these names; swap any one in the list after."),
    el("div", {class: "journal-names"}, attacker.node, defender.node), go, status, refused);
  return {node, text, attacker: attacker.input, defender: defender.input, go, status, refused};
}

/** A battle of the list: one line (who attacked whom, the attacker's luck); a tap opens its label, Swap and Remove. */
function battleRow(battle, index, luck, {on, readOnly}) {
  const said = battleWords(battle, luck);
  const buttons = readOnly ? [] : [
    el("button", {type: "button", class: "small", dataset: {act: "swap"}}, "⇅ Swap sides"),
    el("button", {type: "button", class: "small", dataset: {act: "remove"}}, `Remove battle ${index + 1}`)];
  buttons.forEach((button) => button.addEventListener("click", () => on[button.dataset.act](battle.id)));
  const replay = battle.link ? el("a", {href: `#${battle.link}`, class: "journal-replay"}, "Replay it") : "";
  return el("li", {class: "journal-battle", dataset: {id: battle.id}},
    el("details", {},
      el("summary", {}, el("span", {class: "journal-battle-title"}, `${index + 1}. ${said.title}`),
        said.luck ? el("span", {class: "journal-battle-luck"}, said.luck) : ""),
      said.label ? el("p", {class: "hint"}, said.label) : "",
      el("div", {class: "copy-row"}, ...buttons, replay)));
}

function forumPanel(post) {
  return forumCopyPanel({ids: {button: (format) => `journal-copy-${format}`, box: "journal-post-fallback", status: "journal-copy-status"},
    boxLabel: "Journal post to copy", text: post}).node;
}

/** Share (the journal's link), Clear, and the forum copy. */
function exportsPanel(on) {
  const share = createSharePanel("journal", "journal");
  const shareButton = el("button", {type: "button", class: "small", id: "journal-share"}, "Share the journal");
  shareButton.addEventListener("click", () => on.share());
  const clearButton = el("button", {type: "button", class: "small", id: "journal-clear"}, "Clear the journal");
  clearButton.addEventListener("click", () => on.clear());
  const node = el("div", {class: "journal-exports", id: "journal-exports"},
    el("div", {class: "copy-row"}, shareButton, clearButton), share.node, forumPanel(on.post));
  return {node, share, clearButton};
}

/** on: {paste, swap, remove, clear, undo, share, post(format), keep, leave}. */
export function createJournalView(on) {
  const message = el("p", {class: "message", id: "journal-message", hidden: true, role: "alert"});
  const banner = el("div", {class: "journal-banner card", id: "journal-banner", hidden: true});
  const leader = el("p", {class: "journal-leader", id: "journal-leader"});
  const chartSlot = el("div", {class: "journal-chart-slot", id: "journal-chart-slot"});
  const numbers = el("ul", {class: "journal-sides", id: "journal-sides"});
  const numbersBox = el("details", {class: "journal-numbers", id: "journal-numbers"}, el("summary", {}, "The numbers"), numbers,
    el("p", {class: "hint"}, "Luck: the IPC swing minus the swing expected, summed over a side's battles (a defender's " +
      "luck is the attacker's, negated). SD: that total in standard deviations. The percentile is exact: the total's " +
      "place among every way the same battles could have gone, ties split."));
  const list = el("ol", {class: "journal-list", id: "journal-battles"});
  const paste = pastePanel(on);
  const {node: exports, share, clearButton} = exportsPanel(on);
  const node = el("div", {class: "journal"}, el("h2", {}, "Game journal"), message, banner, leader, chartSlot, numbersBox,
    paste.node, el("h3", {id: "journal-battles-title"}, "Battles"), list, exports);

  function say(text, {undo = false, look = "error"} = {}) {
    message.hidden = !text;
    message.className = `message${look === "info" ? " info" : ""}`;
    message.setAttribute("role", look === "info" ? "status" : "alert");
    const undoButton = el("button", {type: "button", class: "small", id: "journal-undo"}, "Undo");
    undoButton.addEventListener("click", () => on.undo());
    message.replaceChildren(text || "", undo ? undoButton : "");
  }

  function showBanner(viewing) {
    banner.hidden = !viewing;
    if (!viewing) return;
    const keep = el("button", {type: "button", class: "primary small", id: "journal-keep"}, "Add these battles to my journal");
    const leave = el("button", {type: "button", class: "small", id: "journal-leave"}, "Back to my journal");
    keep.addEventListener("click", () => on.keep());
    leave.addEventListener("click", () => on.leave());
    banner.replaceChildren(el("p", {}, `A shared journal of ${viewing.battles.length} battles, shown as it was sent.`),
      el("div", {class: "copy-row"}, keep, leave));
  }

  /** Draw `journal` with pycore's `answer` (null while it is asked, or when the journal is empty). */
  function render(journal, answer, {viewing = null} = {}) {
    showBanner(viewing);
    const shown = viewing || journal;
    const count = shown.battles.length;
    leader.textContent = count ? (answer ? leaderWords(answer.sides) : "Counting the luck…") : EMPTY;
    chartSlot.replaceChildren();
    numbers.replaceChildren();
    if (count && answer) {
      const sides = answer.sides.map((s) => s.side).join(" and ");
      chartSlot.append(drawChart(chartGeometry(seriesOf(answer.sides, count)),
        `Running luck of ${sides} over ${count} battles; above the middle line is luckier.`));
      answer.sides.forEach((side, i) => {
        const swatch = el("span", {class: "swatch"});
        swatch.style.background = COLOURS[i % COLOURS.length]; // the CSSOM: no inline style attribute (CSP)
        numbers.append(el("li", {dataset: {side: side.side}}, swatch, sideWords(side)));
      });
    }
    numbersBox.hidden = !(count && answer);
    list.replaceChildren(...shown.battles.map((battle, i) => battleRow(battle, i, answer?.battles?.[i]?.luck,
      {on, readOnly: Boolean(viewing)})));
    exports.hidden = !count;
    clearButton.hidden = Boolean(viewing);
    paste.node.hidden = Boolean(viewing);
    if (!count) paste.node.open = true;
  }

  /** The names the next pasted battles go under: the last ones a battle was added under. */
  function setSides({attacker, defender}) {
    paste.attacker.value = attacker;
    paste.defender.value = defender;
  }

  return {node, render, say, paste, share, setSides};
}
