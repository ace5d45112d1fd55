// The players' own dice, as they roll them at a table: a handful per unit type, the hits
// counted. One pad per firing group of the step pycore waits for (result.next_dice), labelled with the
// units that roll and the value each needs; each group's dice entered as the number of hits (one tap)
// or as the faces (tapped or typed). Everything of one step on one screen at 360x740.
//
// The panel only gathers an answer: decisions.js adds it to the request (enterDice) and pycore is asked
// again, so the battle stays one request and one share link (docs/api.md "Referee dice"). The first part
// of this module is pure (node --test tests/js); the second builds the DOM with the kit's el().

import {el} from "../kit/dom.js";
import {stepper} from "../kit/widgets.js";
import {listUnits} from "../kit/rulesets.js";
import {readStored, writeStored} from "../kit/local.js";

const SIDE = {attacker: "Attacker", defender: "Defender"};
const GROUP = {aa: "AA guns", bombard: "bombarding ships", subs: "submarines", air: "aircraft (cannot hit subs)"};
const STEP = {aa: "AA fire", bombard: "Bombardment", subs: "Sub strike", main: "Main fire"};
const MOST_CHIPS = 12; // counts 0..11 as one tap each; a bigger group gets a stepper whose field takes a typed count
const MODE_KEY = "luckdial.tableDice"; // this device's last way of entering: "hits" or "faces"

// ---- pure ------------------------------------------------------------------------------------

/** "hit on a 1", "hit on 3 or less", "always hits": when one die scores. */
export function hitText(at, sides = 6) {
  if (at >= sides) return "always hits";
  return at === 1 ? "hit on a 1" : `hit on ${at} or less`;
}

const diceWord = (n, sides = 6) => `${n} ${sides === 6 ? (n === 1 ? "die" : "dice") : `d${sides}${n === 1 ? "" : "s"}`}`;

/** "Attacker", "Defender — AA guns": whose pad it is. */
export function padTitle(need) {
  const group = GROUP[need.group];
  return group ? `${SIDE[need.side] || need.side} — ${group}` : SIDE[need.side] || need.side;
}

/**
 * One line per value rolled, the units first: [{units: "2 tanks, 1 fighter", roll: "3 dice, hit on 3 or less"}].
 * `names` maps unit ids to names (a Map, as kit/rulesets.js's listUnits reads).
 */
export function rollLines(need, names) {
  const rolls = need.rolls?.length ? need.rolls
    : [{units: need.units || {}, at: need.at?.[0] ?? 0, dice: need.count, sides: need.sides}];
  return rolls.map((roll) => {
    const sides = roll.sides || need.sides || 6;
    const best = roll.best_of_two ? ` (each keeps the better of two)` : "";
    return {units: listUnits(roll.units, names, "") || padTitle(need),
      roll: `${diceWord(roll.dice, sides)}${best}, ${hitText(roll.at, sides)}`};
  });
}

/** "1 sure hit, and", for a group whose power scores before any die (Low Luck, A&A Chess); "" otherwise. */
export function sureText(need) {
  const sure = need.sure_hits || 0;
  return sure ? `${sure === 1 ? "1 sure hit" : `${sure} sure hits`} already, plus what the dice score:` : "";
}

/** The counts a tap may give, least to most (pycore's least_hits..most_hits); null when a stepper is kinder. */
export function hitChoices(need) {
  const least = need.least_hits ?? 0;
  const most = need.most_hits ?? need.count;
  if (most - least + 1 > MOST_CHIPS) return null;
  return Array.from({length: most - least + 1}, (_, i) => least + i);
}

/** The words on a count's button: "Miss" / "Hit" for a single die, else the number. */
export function chipText(need, hits) {
  if ((need.most_hits ?? need.count) === 1 && (need.least_hits ?? 0) === 0) return hits ? "Hit" : "Miss";
  return String(hits);
}

/** "4 hits" (with the sure hits: "3 hits in all") for a count entered. */
export function totalText(need, hits) {
  const total = hits + (need.sure_hits || 0);
  const words = total === 1 ? "1 hit" : `${total} hits`;
  return need.sure_hits ? `${words} in all` : words;
}

/**
 * Faces typed on a keyboard: "3 1 6", "316", "3,1,6" for a d6; a d10's faces are separated ("10 4 7", 0 = 10).
 * {faces, bad}: the faces read, and the first piece that is not a face of this die (or "").
 */
export function parseFaces(text, sides = 6) {
  const faces = [];
  const pieces = sides < 10 ? [...String(text).replace(/[^0-9]+/g, "")] : String(text).split(/[^0-9]+/).filter(Boolean);
  for (const piece of pieces) {
    const face = sides >= 10 && piece === "0" ? sides : Number(piece);
    if (!Number.isInteger(face) || face < 1 || face > sides) return {faces, bad: piece};
    faces.push(face);
  }
  return {faces, bad: ""};
}

/** The order the faces are read in, from pycore's `at` ("3 at 3, then 3 at 1"): faces go in that order. */
export function facesOrder(need) {
  const runs = [];
  for (const at of need.at || []) {
    if (runs.length && runs.at(-1).at === at) runs.at(-1).n += 1;
    else runs.push({at, n: 1});
  }
  return runs.map(({at, n}) => `${n} ${hitText(at, need.sides || 6).replace(/^hit/, "hitting")}`).join(", then ");
}

/** A step every group of which can be applied the moment it is entered: one before the main fire of its round
 * (AA, bombardment, sub strike), whose hits change what the main fire rolls. The main fire waits for its button. */
export function appliesAtOnce(needs) {
  return needs.length > 0 && needs.every((need) => need.step && need.step !== "main");
}

const keyOf = (need) => `${need.side}/${need.group}`;

/** An entry is complete when it is a count in range or exactly `count` faces. */
export function entryDone(need, entry) {
  if (Array.isArray(entry)) return entry.length === need.count;
  return Number.isInteger(entry?.hits) && entry.hits >= (need.least_hits ?? 0) && entry.hits <= (need.most_hits ?? need.count);
}

/** The needs not entered yet, in pad order. */
export function missing(needs, entries) {
  return needs.filter((need) => !entryDone(need, entries.get(keyOf(need))));
}

/** What an undo gave back ({entries: [{side, group, entry}]}), as the entries a panel starts from. */
export function startingEntries(undone) {
  return new Map((undone?.kind === "dice" ? undone.entries : []).map(({side, group, entry}) => [`${side}/${group}`, entry]));
}

/** The way to enter this panel: faces when something given back is faces, else this device's last choice. */
export function startingMode(start, stored) {
  if ([...start.values()].some(Array.isArray)) return "faces";
  if ([...start.values()].some((entry) => entry && "hits" in entry)) return "hits";
  return stored === "faces" ? "faces" : "hits";
}

// ---- the panel -------------------------------------------------------------------------------

function ensureStyle() {
  if (!document.querySelector('link[href="battle/table-dice.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "battle/table-dice.css"}));
  }
}

/** A group's count: a chip per count (one tap), or for a big group − n + around a field that takes a typed count. */
function countControls(need, id, title, start, onPick) {
  const box = el("div", {class: "td-hits", role: "group", "aria-label": `${title}: hits scored`});
  const chips = (hitChoices(need) || []).map((n) => {
    const words = chipText(need, n);
    const chip = el("button", {type: "button", class: `td-chip${words.length > 2 ? " word" : ""}`, id: `${id}-hits-${n}`,
      "aria-pressed": "false", "aria-label": `${words} (${title}: ${totalText(need, n)})`, dataset: {hits: String(n)}}, words);
    chip.addEventListener("click", () => onPick(n, chip));
    return chip;
  });
  let first = start;
  if (chips.length) box.append(...chips);
  else {
    first ??= need.least_hits ?? 0; // what the stepper shows is the entry
    box.append(stepper(`${id}-count`, `${title}: hits scored`, {min: need.least_hits ?? 0,
      max: need.most_hits ?? need.count, value: first, onChange: (n) => onPick(n)}).node);
  }
  // A digit typed on a focused chip picks that count: a keyboard needs no tour of the chips.
  box.addEventListener("keydown", (event) => {
    const chip = chips.find((c) => c.dataset.hits === event.key);
    if (chip && !event.ctrlKey && !event.metaKey && !event.altKey) { event.preventDefault(); chip.click(); }
  });
  return {box, chips, first: first ?? null,
    show(hits) { for (const chip of chips) chip.setAttribute("aria-pressed", String(hits === Number(chip.dataset.hits))); },
    control() { return chips.find((c) => c.getAttribute("aria-pressed") === "true") || chips[0] || box.querySelector("input"); }};
}

/** A group's faces: typed in the field, or tapped on the keys (each tap adds the next die, ⌫ takes the last back). */
function faceControls(need, title, start, onFaces) {
  const sides = need.sides || 6;
  const prefix = `pad-${need.side}-${need.group}`;
  let faces = Array.isArray(start) ? start.slice(0, need.count) : [];
  const typed = el("input", {type: "text", inputmode: "numeric", autocomplete: "off", class: "td-typed", id: `${prefix}-typed`,
    placeholder: need.count > 1 ? "tap or type them: 3 1 6 …" : "tap or type it", value: faces.join(" "),
    "aria-label": `${title}: the ${diceWord(need.count, sides)} rolled${need.count > 1 ? ", in order" : ""}`});
  const put = (next, control) => {
    faces = next;
    if (control) typed.value = faces.join(" ");
    onFaces(faces, control);
  };
  typed.addEventListener("input", () => {
    const read = parseFaces(typed.value, sides);
    if (read.bad || read.faces.length > need.count) typed.setAttribute("aria-invalid", "true");
    else typed.removeAttribute("aria-invalid");
    put(read.faces.slice(0, need.count));
  });
  const keys = Array.from({length: sides}, (_, i) => {
    const key = el("button", {type: "button", class: "rd-key", id: `${prefix}-key-${i + 1}`, "aria-label": `${title}: ${i + 1}`}, String(i + 1));
    key.addEventListener("click", () => { if (faces.length < need.count) put([...faces, i + 1], key); });
    return key;
  });
  const back = el("button", {type: "button", class: "rd-key td-back", id: `${prefix}-back`, "aria-label": `${title}: take the last die back`}, "⌫");
  back.addEventListener("click", () => put(faces.slice(0, -1), back));
  const order = need.count > 1 && new Set(need.at).size > 1 ? el("p", {class: "hint td-order"}, `In order: ${facesOrder(need)}.`) : null;
  const box = el("div", {class: `td-faces ${need.side}`, id: prefix}, order, typed,
    el("div", {class: `rd-keys td-keys${sides > 6 ? " many" : ""}`, role: "group", "aria-label": `${title}: tap each face rolled`}, keys, back));
  return {box, first: faces,
    show(count) {
      for (const key of keys) key.disabled = count >= need.count;
      back.disabled = !count;
    },
    control() { return keys.find((key) => !key.disabled) || typed; }};
}

/** One group's pad: who rolls at what value, and its dice as a count of hits or as faces. */
function groupPad(need, names, {start, onEntry}) {
  const id = `td-${need.side}-${need.group}`;
  const title = padTitle(need);
  let way = "hits"; // which of the two entries the pad shows and gives
  const counts = countControls(need, id, title, start && !Array.isArray(start) ? start.hits : null,
    (n, chip) => { hits = n; changed(chip); });
  const dice = faceControls(need, title, start, (next, control) => { faces = next; changed(control); });
  let hits = counts.first;
  let faces = dice.first;
  const total = el("span", {class: "td-total", id: `${id}-total`, "aria-live": "polite"});
  const sure = sureText(need);
  const node = el("section", {class: `td-pad ${need.side}`, id, "aria-labelledby": `${id}-title`,
    dataset: {side: need.side, group: need.group}},
  el("div", {class: "td-pad-head"}, el("h4", {id: `${id}-title`}, title), total),
  el("ul", {class: "td-rolls"}, rollLines(need, names).map((line) =>
    el("li", {}, el("strong", {}, line.units), " ", el("span", {}, line.roll)))),
  sure ? el("p", {class: "td-sure"}, sure) : null, counts.box, dice.box);
  const entry = () => (way === "hits" ? (hits === null ? null : {hits}) : (faces.length ? faces : null));
  function draw() {
    counts.show(way === "hits" ? hits : null);
    dice.show(faces.length);
    const done = entryDone(need, entry());
    node.classList.toggle("done", done);
    total.textContent = way === "hits" ? (done ? totalText(need, hits) : "") : `${faces.length} of ${diceWord(need.count, need.sides)}`;
  }
  function changed(control) {
    onEntry(pad, control); // first: the focus may move on before a full pad's keys are switched off
    draw();
  }
  const pad = {
    need, node,
    get entry() { return entry(); },
    get done() { return entryDone(need, entry()); },
    /** Show and give the count ("hits") or the faces ("faces"); each keeps what was entered in it. */
    show(which) {
      way = which;
      counts.box.hidden = which !== "hits";
      dice.box.hidden = which !== "faces";
      draw();
    },
    firstControl() { return way === "faces" ? dice.control() : counts.control(); },
    set invalid(flag) { node.classList.toggle("invalid", Boolean(flag)); },
  };
  return pad;
}

/** The box that scrolls `node`: on a wide screen the answers' column, else the page (null). */
function scroller(node) {
  for (let at = node.parentElement; at && at !== document.body; at = at.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(at).overflowY) && at.scrollHeight > at.clientHeight) return at;
  }
  return null;
}

/**
 * The room `node` is seen in, in viewport px, and what scrolls it: between the page's sticky top bar and
 * the Battle screen's action bar when the bar lies under it (on a wide screen it sits under the form's
 * column), within the column that scrolls it if any.
 */
function roomFor(node) {
  const box = scroller(node);
  const view = box ? box.getBoundingClientRect() : {top: 0, bottom: innerHeight};
  let top = Math.max(view.top, document.querySelector(".topbar")?.getBoundingClientRect().bottom || 0);
  let bottom = view.bottom;
  const bar = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#screen-battle .actions"))].find((actions) => actions.offsetParent)?.getBoundingClientRect();
  const here = node.getBoundingClientRect();
  if (bar && bar.left < here.right && bar.right > here.left) bottom = Math.min(bottom, bar.top);
  top = Math.min(top, bottom);
  return {top, bottom, scroll: (options) => (box || window).scrollBy(options)};
}

/**
 * The table-dice panel for the dice pycore waits for (`needs`: result.next_dice, all of one step).
 * names: Map of unit ids to names; start: entries to begin with (an undo's, startingEntries); onEnter(entries)
 * gets [{round, side, group, entry}] — at once for a step before the main fire, else on the button.
 * Same shape as battle-pause.js's panels: {node, refuse, busy, scrollTarget, focusTarget}, and place(behavior):
 * the panel brought between the sticky bars.
 */
export function tableDicePanel(needs, {names = new Map(), start = new Map(), onEnter = (_entries) => {}} = {}) {
  ensureStyle();
  const atOnce = appliesAtOnce(needs);
  let mode = startingMode(start, readStored(MODE_KEY)?.mode);
  let busy = false;
  const pads = needs.map((need) => groupPad(need, names, {start: start.get(keyOf(need)), onEntry: (pad, chip) => entered(pad, chip)}));
  const error = el("p", {class: "pause-error", id: "dice-error", role: "alert", hidden: true});
  const use = el("button", {type: "button", class: "primary wide", id: "use-dice"}, "Use these hits");
  const modes = el("div", {class: "segmented td-mode", role: "radiogroup", "aria-label": "Enter the hits counted, or each die"},
    ...[["hits", "Hits"], ["faces", "Dice"]].map(([value, text]) => {
      const input = el("input", {type: "radio", name: "td-mode", id: `td-mode-${value}`, value, checked: value === mode});
      input.addEventListener("change", () => { setMode(value, {moved: true}); writeStored(MODE_KEY, {mode: value}); });
      return el("label", {for: `td-mode-${value}`, class: "segment"}, input, el("span", {}, text));
    }));
  const round = needs[0]?.round;
  const step = STEP[needs[0]?.step] || "";
  const node = el("section", {class: "pause-panel dice-entry table-dice", id: "dice-panel", "aria-labelledby": "dice-title"},
    el("div", {class: "td-head"}, el("h3", {id: "dice-title"}, `Round ${round}${step ? ` · ${step}` : ""}`), modes),
    el("div", {class: "td-pads"}, pads.map((pad) => pad.node)),
    atOnce ? el("p", {class: "hint td-at-once"}, "Applied as soon as entered: the rest of the round follows.") : null,
    error, atOnce ? null : use);

  function setMode(value, {moved = false} = {}) {
    mode = value;
    for (const pad of pads) pad.show(value);
    refresh();
    if (moved) place(); // the faces' pads are taller than the counts': the button stays in reach
  }
  /**
   * The panel between the sticky bars as they are now (the action bar's height changes with the phase):
   * whole when it fits; else, when every pad is filled (an undo gave the entries back), the button above
   * the action bar; else its top first — the round, the step and Hits/Dice — and the button follows the
   * pads as they are filled (entered). Centring a taller panel hid its title; the page's scroll-padding is
   * a fixed guess, so a panel placed by it left Use these dice under the bar at 360x740.
   */
  function place(behavior = "auto") {
    if (!node.isConnected) return;
    const {top, bottom, scroll} = roomFor(node);
    const box = node.getBoundingClientRect();
    const room = bottom - top;
    let shift;
    if (box.height <= room) shift = box.top - (top + (room - box.height) / 2);
    else if (!atOnce && pads.every((pad) => pad.done)) shift = use.getBoundingClientRect().bottom - (bottom - 8);
    else shift = box.top - (top + 8);
    if (Math.abs(shift) >= 1) scroll({top: shift, behavior});
  }
  function entries() {
    return pads.map((pad) => ({round: pad.need.round, side: pad.need.side, group: pad.need.group, entry: pad.entry}));
  }
  function refresh() {
    const left = missing(needs, new Map(pads.map((pad) => [keyOf(pad.need), pad.entry]))).length;
    use.textContent = `${mode === "hits" ? "Use these hits" : "Use these dice"}${left ? ` (${left} to go)` : ""}`;
  }
  function entered(pad, chip) {
    pad.invalid = false;
    error.hidden = true;
    refresh();
    if (!pad.done) return;
    const next = pads.find((p) => !p.done);
    if (atOnce && !next && !busy) { onEnter(entries()); return; }
    // The next pad to fill comes into view, and takes the keyboard's focus when it was in this pad.
    const target = next?.node || use;
    target.scrollIntoView({block: "nearest", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth"});
    if (pad.node.contains(document.activeElement) && (chip || mode === "faces")) (next?.firstControl() || use).focus({preventScroll: true});
  }
  use.addEventListener("click", () => {
    const left = pads.filter((pad) => !pad.done);
    if (left.length) {
      error.textContent = `Enter ${left.map((pad) => `the ${padTitle(pad.need).toLowerCase()}'s ${mode === "hits" ? "hits" : "dice"}`).join(" and ")} first.`;
      error.hidden = false;
      for (const pad of pads) pad.invalid = !pad.done;
      left[0].firstControl()?.focus();
      return;
    }
    onEnter(entries());
  });
  setMode(mode);
  return {
    node,
    refuse(message, needed) {
      error.textContent = message;
      error.hidden = !message;
      for (const pad of pads) pad.invalid = Boolean(needed && needed.side === pad.need.side && needed.group === pad.need.group);
    },
    set busy(flag) { busy = flag; use.disabled = flag; },
    /** The whole step fits a phone's screen (360x740): the panel itself is what comes into view. */
    get scrollTarget() { return node; },
    place,
    get focusTarget() { return pads.find((pad) => !pad.done)?.firstControl() || use; },
  };
}
