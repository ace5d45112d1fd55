// The luck of the battle on its result: one line a player reads at the table — "Luckier than
// 87 % of outcomes — swing +6 IPCs (expected +2.4)" — mid-battle "Luck so far: …", nothing where the battle
// has no luck (A&A Chess orthodox: pycore's `result.luck` null); the numbers one tap away; and "Add to game
// journal" once the battle is over, asking the two sides' names (the last ones offered again).
//
// Not for: the words (kit/luck-words.js), or the journal itself (journal/, reached through kit/screens.js).

import {el} from "../kit/dom.js";
import {luckDetails, luckLine} from "../kit/luck-words.js";
import {screen, showScreen} from "../kit/screens.js";

function nameField(id, label) {
  const input = el("input", {id, type: "text", maxLength: 40, autocomplete: "off", enterKeyHint: "done",
    placeholder: "Nation or player"});
  return {input, node: el("label", {class: "journal-name", for: id}, el("span", {}, label), input)};
}

/** The "Add to game journal" panel: the two names, Swap, Add; the journal screen adds the battle. */
function addPanel(current) {
  const attacker = nameField("journal-attacker", "Attacker");
  const defender = nameField("journal-defender", "Defender");
  const swap = el("button", {type: "button", class: "small", id: "journal-swap", "aria-label": "Swap the two names"}, "⇅ Swap");
  const add = el("button", {type: "submit", class: "primary small", id: "journal-add-confirm"}, "Add");
  const status = el("p", {class: "hint", id: "journal-add-status", role: "status"});
  const open = el("button", {type: "button", class: "small", id: "journal-open", hidden: true}, "See the journal");
  const form = el("form", {class: "journal-add-panel", id: "journal-add-panel", hidden: true},
    el("p", {class: "hint"}, "Who fought? The names stay for the next battle."),
    attacker.node, defender.node, el("div", {class: "copy-row"}, add, swap));
  const start = el("button", {type: "button", class: "small", id: "journal-add"}, "Add to game journal");
  swap.addEventListener("click", () => {
    [attacker.input.value, defender.input.value] = [defender.input.value, attacker.input.value];
  });
  start.addEventListener("click", async () => {
    const journal = await screen("journal");
    const last = journal.lastSides();
    attacker.input.value ||= last.attacker;
    defender.input.value ||= last.defender;
    form.hidden = false;
    start.hidden = true;
    status.textContent = "";
    (attacker.input.value ? add : attacker.input).focus({preventScroll: true});
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const journal = await screen("journal");
    const {problem, count} = journal.add({...current(), attacker: attacker.input.value, defender: defender.input.value});
    status.textContent = problem || `Added to the game journal: battle ${count} of the game.`;
    status.classList.toggle("error", Boolean(problem));
    if (problem) return;
    form.hidden = true;
    open.hidden = false;
  });
  open.addEventListener("click", () => showScreen("journal"));
  const node = el("div", {class: "journal-add"}, start, form, status, open);
  return {
    node,
    reset(shown) {
      node.hidden = !shown;
      start.hidden = false;
      form.hidden = true;
      open.hidden = true;
      status.textContent = "";
    },
  };
}

/** The luck block of the Battle screen: render(battle) shows the battle's luck, or hides itself. */
export function createLuckLine({names}) {
  let battle = null;
  const line = el("p", {class: "luck-line", id: "luck-line"});
  const details = el("ul", {class: "luck-details"});
  const more = el("details", {class: "luck-more", id: "luck-more"}, el("summary", {}, "The numbers"), details);
  const journal = addPanel(() => ({request: battle.request, result: battle.result, names: names()}));
  const node = el("div", {class: "luck", id: "battle-luck", hidden: true}, line, more, journal.node);
  return {
    node,
    render(next) {
      battle = next;
      const luck = next?.result?.luck;
      const over = next?.result && next.result.outcome !== "in_progress";
      const said = luckLine(luck, {soFar: !over});
      node.hidden = !said;
      if (!said) return;
      line.textContent = said;
      line.classList.toggle("so-far", !over);
      details.replaceChildren(...luckDetails(luck).map((text) => el("li", {}, text)));
      more.open = false;
      journal.reset(over);
    },
  };
}
