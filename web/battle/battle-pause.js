// The two pauses of a battle played round by round: the victim chooses its
// casualties (result.waiting.kind "casualties"), or the players enter the dice
// they rolled at the table (result.next_dice). Each panel only gathers an
// answer; battle-state.js appends it to the request and pycore is asked again,
// so the battle stays one request (and one share link).

import {el, motion} from "../kit/dom.js";
import {stepper, diceKeypad} from "../kit/widgets.js";

const TITLE = {attacker: "Attacker", defender: "Defender"};

// Where the hits come from, and what they may not take, in one line.
const FROM = {
  aa: "from AA guns — they hit aircraft only",
  bombard: "from bombarding ships",
  subs: "from submarines — subs cannot hit aircraft",
  main: "from the main attack",
  air: "from aircraft — they cannot hit submarines",
};

const GROUP_NAME = {aa: "AA guns", bombard: "bombarding ships", subs: "submarines", main: "main attack", air: "aircraft"};

function hitsText(hits) {
  return Object.entries(hits).map(([group, n]) =>
    `${n === 1 ? "1 hit" : `${n} hits`} ${FROM[group] || `from ${group}`}`).join("; ");
}

/**
 * The victim's choice: a stepper per unit it may lose (and a "damaged" stepper for
 * two-hit units still whole), preset to pycore's proposal.
 * units: {id: {name, hit_points}}; onConfirm(choice) gets {round, step, side, lost, damaged}.
 */
export function casualtyPanel(waiting, units, onConfirm) {
  const side = waiting.side;
  const ids = [];
  for (const group of Object.keys(waiting.targets || {})) {
    for (const id of waiting.targets[group]) if (!ids.includes(id) && (waiting.units[id] || 0) > 0) ids.push(id);
  }
  const error = el("p", {class: "pause-error", id: "casualty-error", role: "alert", hidden: true});
  const rows = el("div", {class: "casualty-rows"});
  const lost = {};
  const damaged = {};
  for (const id of ids) {
    const unit = units[id] || {name: id, hit_points: 1};
    const count = waiting.units[id] || 0;
    const alreadyDamaged = waiting.damaged?.[id] || 0;
    lost[id] = stepper(`choose-${side}-lost-${id}`, `${TITLE[side]} loses ${unit.name.toLowerCase()}`,
      {min: 0, max: count, value: waiting.proposal?.lost?.[id] || 0});
    const row = el("div", {class: "casualty-row", dataset: {unit: id}},
      el("div", {class: "unit-name"}, unit.name,
        el("span", {class: "stat"}, `${count} in the fight${alreadyDamaged ? `, ${alreadyDamaged} damaged` : ""}`)),
      el("div", {class: "casualty-steppers"},
        el("label", {class: "mini", for: `choose-${side}-lost-${id}`}, "lost"), lost[id].node));
    if (unit.hit_points > 1 && count > alreadyDamaged) {
      damaged[id] = stepper(`choose-${side}-damaged-${id}`, `${TITLE[side]}: ${unit.name.toLowerCase()} damaged`,
        {min: 0, max: count - alreadyDamaged, value: waiting.proposal?.damaged?.[id] || 0});
      row.lastChild.append(el("label", {class: "mini", for: `choose-${side}-damaged-${id}`}, "damaged"), damaged[id].node);
    }
    rows.append(row);
  }
  const confirm = el("button", {type: "button", class: "primary wide", id: "confirm-casualties"}, "Confirm casualties");
  const node = el("section", {class: `pause-panel casualties ${side}`, id: "casualty-panel", "aria-labelledby": "casualty-title"},
    el("h3", {id: "casualty-title"}, `${TITLE[side]} chooses casualties`),
    el("p", {class: "pause-what"}, hitsText(waiting.hits || {})),
    el("p", {class: "hint"}, "Luckdial's suggestion is set below (cheapest first). Change it, then confirm."),
    rows, error, confirm);
  const choice = () => {
    const pick = (steppers) => Object.fromEntries(Object.entries(steppers)
      .map(([id, s]) => [id, s.value]).filter(([, n]) => n > 0));
    return {round: waiting.round, step: waiting.step, side, lost: pick(lost), damaged: pick(damaged)};
  };
  confirm.addEventListener("click", () => onConfirm(choice()));
  return {
    node,
    /** pycore refused the choice: say why next to the entries (which stay as they are). */
    refuse(message) {
      error.textContent = message;
      error.hidden = !message;
    },
    set busy(flag) { confirm.disabled = flag; },
  };
}

function atText(at, system) {
  if (!at.length) return "";
  if (system === "lowluck") return `hit at ${at[0]} or less`;
  const distinct = [...new Set(at)];
  if (distinct.length === 1) return `hit at ${distinct[0]}${distinct[0] < 6 ? " or less" : ""}`;
  return `hit at ${at.join(", ")} (in this order)`;
}

/** "Defender — AA guns: 3 dice, hit at 1 or less" */
export function padLabel(need, system) {
  const dice = need.count === 1 ? "1 die" : `${need.count} dice`;
  return `${TITLE[need.side]} — ${GROUP_NAME[need.group] || need.group}: ${dice}, ${atText(need.at || [], system)}`;
}

/**
 * Die pads for exactly the dice pycore asks for (result.next_dice), one pad per group,
 * reusing the Research screen's keypad. onRoll(entries) gets [{round, side, group, values}].
 */
export function dicePanel(needs, system, onRoll) {
  const pads = needs.map((need) => {
    const id = `pad-${need.side}-${need.group}`;
    const pad = diceKeypad(id, padLabel(need, system), {sides: need.sides || 6, count: need.count,
      onChange: () => { pad.invalid = false; refresh(); followPads(pad); }});
    pad.node.dataset.side = need.side;
    pad.node.dataset.group = need.group;
    pad.node.classList.add(need.side);
    return {need, pad};
  });
  const error = el("p", {class: "pause-error", id: "dice-error", role: "alert", hidden: true});
  const roll = el("button", {type: "button", class: "primary wide", id: "use-dice"}, "Use these dice");
  const round = needs[0]?.round;
  const node = el("section", {class: "pause-panel dice-entry", id: "dice-panel", "aria-labelledby": "dice-title"},
    el("h3", {id: "dice-title"}, `Round ${round}: enter your dice`),
    el("p", {class: "hint"}, "Roll at the table, then tap each face. Luckdial applies the rules to them."),
    el("div", {class: "rd-pads"}, pads.map(({pad}) => pad.node)), error, roll);
  // The pad to fill next: the first one not complete (the attacker's comes first), else the button.
  const nextPad = () => pads.find(({pad}) => !pad.complete)?.pad;
  const nextControl = () => nextPad()?.node.querySelector(".rd-key:not([disabled])") || roll;
  // When a pad is complete, the next one comes into view — and takes the keyboard's focus if it was in that pad.
  function followPads(changed) {
    if (!changed.complete) return;
    const target = nextPad()?.node || roll;
    target.scrollIntoView({block: "nearest", behavior: motion()});
    if (changed.node.contains(document.activeElement)) nextControl().focus({preventScroll: true});
  }
  function refresh() {
    const missing = pads.reduce((sum, {pad}) => sum + (pad.count - pad.values.length), 0);
    roll.textContent = missing ? `Use these dice (${missing} to go)` : "Use these dice";
  }
  roll.addEventListener("click", () => onRoll(pads.map(({need, pad}) =>
    ({round: need.round, side: need.side, group: need.group, values: pad.values}))));
  refresh();
  return {
    node,
    refuse(message, needed) {
      error.textContent = message;
      error.hidden = !message;
      for (const {need, pad} of pads) {
        pad.invalid = Boolean(needed && needed.side === need.side && needed.group === need.group);
      }
    },
    set busy(flag) { roll.disabled = flag; },
    /** What the page scrolls to when the panel opens: the pad to fill next. */
    get scrollTarget() { return nextPad()?.node || roll; },
    /** What takes the keyboard's focus when the panel opens: the first face of that pad. */
    get focusTarget() { return nextControl(); },
  };
}
