// Coloured dice (docs/rules.md §7, seed 001) on the battle screen: the chart (the
// reconstructed default, editable), each side's commitment proposed from it,
// the log one colour at a time, and the three pauses of a colour — the dice
// rolled at the table, the boosts, the casualties. Each panel only gathers an
// answer; battle.js adds it to the request and asks pycore again.

import {el, clear} from "../kit/dom.js";
import {stepper, diceKeypad} from "../kit/widgets.js";
import {capabilities, listUnits} from "../kit/rulesets.js";
import {roundEnd} from "./log.js";

const TITLE = {attacker: "Attacker", defender: "Defender"};
const GUIDELINES = [["any", "any unit"], ["aircraft_first", "aircraft first"], ["naval_first", "ships first"], ["naval_only", "ships only"]];
const CHOICES = [["victim", "victim's choice"], ["winner", "winner's choice"]];
const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const clone = (value) => JSON.parse(JSON.stringify(value));
const boostText = (kinds) => kinds.map((kind) => kind.join(", ")).join(" | ");
const parseBoosts = (text) => text.split("|").map((kind) => kind.split(/[\s,]+/).filter(Boolean)).filter((kind) => kind.length);

/**
 * A colour's name as a class name or a part of an id. pycore allows only a-z, 0-9 and "-" in a name
 * (chart.COLOR_NAME, docs/api.md), so this is the name itself; any other character (a name from an older
 * link or an older core) becomes "_<hex code>_" — a space in a class token makes classList throw, and that
 * once left referee play with no dice pad and no message.
 */
export const colorToken = (color) => String(color ?? "").replace(/[^a-z0-9-]/g, (ch) => `_${ch.codePointAt(0).toString(16)}_`);
/** A post ("tank@red") as a part of an id: "tank-red". */
const postToken = (key) => {
  const [unit, color] = key.split("@");
  return color === undefined ? unit : `${unit}-${colorToken(color)}`;
};

/**
 * A chart row as the page draws it, whatever a link holds: the link's set-up is shown from JavaScript before
 * pycore has checked it (kit/link.js readLink), so a missing list or an odd value must not throw here.
 */
function chartRow(row) {
  const given = row && typeof row === "object" ? row : {};
  const names = (list) => (Array.isArray(list) ? list.filter((unit) => typeof unit === "string") : []);
  return {color: String(given.color ?? ""), rolls: names(given.rolls),
    boosts: Array.isArray(given.boosts) ? given.boosts.map(names).filter((kind) => kind.length) : [],
    casualties: typeof given.casualties === "string" ? given.casualties : "any",
    choice: typeof given.choice === "string" ? given.choice : "victim"};
}

/** Where the chart puts a unit: the first colour it rolls in, else the first it boosts in (pycore's rule). */
function defaultPost(chart, unit) {
  const rolls = chart.find((row) => row.rolls.includes(unit));
  if (rolls) return `${unit}@${rolls.color}`;
  const boosts = chart.find((row) => row.boosts.some((kind) => kind.includes(unit)));
  return boosts ? `${unit}@${boosts.color}` : unit;
}

/** Every post a unit may take in this chart: [key, words]. */
function postsFor(chart, unit) {
  const out = [];
  for (const row of chart) {
    if (row.rolls.includes(unit)) out.push([`${unit}@${row.color}`, `rolls ${row.color}`]);
    else if (row.boosts.some((kind) => kind.includes(unit))) out.push([`${unit}@${row.color}`, `boosts ${row.color}`]);
  }
  return out;
}

/** The set-up panel: chart editor, both commitments, and "choose boosts". */
export function createColoredSetup({onChange = () => {}} = {}) {
  if (!document.querySelector('link[href="battle/colored.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "battle/colored.css"}));
  }
  let fallback = [];       // the reconstructed default, from pycore's `rulesets`
  let chart = [];
  let ruleset = null;
  let counts = {attacker: {}, defender: {}};
  const placed = {attacker: {}, defender: {}}; // unit -> {post: n}, where the player moved units
  const chartRows = el("div", {class: "cd-chart-rows"});
  const chartLabel = el("span", {id: "cd-chart-label"});
  const reset = el("button", {type: "button", class: "small", id: "cd-chart-reset"}, "Back to the default chart");
  const chartBox = el("details", {class: "cd-chart", id: "cd-chart"},
    el("summary", {}, chartLabel),
    el("p", {class: "hint"}, "Seed 001 never published its chart: this is Luckdial's reconstruction (docs/rules.md §7). " +
      "Colours resolve top to bottom. Edit who rolls or boosts in each, the order, the guideline and who picks casualties."),
    chartRows, reset);
  const commits = {attacker: el("div", {class: "cd-commit attacker", id: "cd-commit-attacker"}),
    defender: el("div", {class: "cd-commit defender", id: "cd-commit-defender"})};
  const boostsInput = el("input", {type: "checkbox", id: "choose-boosts", name: "choose-boosts"});
  const node = el("div", {class: "colored-setup", id: "colored-setup", hidden: true},
    chartBox,
    el("h2", {class: "cd-commit-title"}, "Colours for the whole battle"), // under the page's h1: no level skipped
    el("p", {class: "hint"}, "Each unit rolls or boosts in one colour and stays there all battle. Proposed from the chart; change it here."),
    commits.attacker, commits.defender,
    el("div", {class: "toggle-field"}, el("label", {class: "toggle", for: "choose-boosts"}, boostsInput,
      el("span", {class: "toggle-text"}, "Choose boosts")),
    el("p", {class: "hint"}, "Pause after each colour's dice so each side places its +1s (Luckdial proposes the best).")));
  boostsInput.addEventListener("change", () => onChange());
  reset.addEventListener("click", () => { chart = clone(fallback); drawChart(); drawCommits(); onChange(); });

  const isDefault = () => JSON.stringify(chart) === JSON.stringify(fallback);

  function drawChart() {
    chartLabel.textContent = isDefault() ? "Colour chart: Luckdial's default" : "Colour chart: edited by you";
    clear(chartRows);
    const units = ruleset ? ruleset.units.map((u) => [u.id, u.name]) : [];
    chart.forEach((row, i) => {
      const up = el("button", {type: "button", class: "small", "aria-label": `Move ${row.color} up`, disabled: i === 0}, "↑");
      const down = el("button", {type: "button", class: "small", "aria-label": `Move ${row.color} down`, disabled: i === chart.length - 1}, "↓");
      const move = (by) => { const [r] = chart.splice(i, 1); chart.splice(i + by, 0, r); drawChart(); drawCommits(); onChange(); };
      up.addEventListener("click", () => move(-1));
      down.addEventListener("click", () => move(1));
      const chips = el("div", {class: "cd-chips", role: "group", "aria-label": `Units rolling ${row.color}`});
      for (const [id, name] of units) {
        const on = row.rolls.includes(id);
        const chip = el("button", {type: "button", class: `cd-chip${on ? " on" : ""}`, "aria-pressed": on ? "true" : "false",
          dataset: {unit: id}}, name);
        chip.addEventListener("click", () => {
          row.rolls = on ? row.rolls.filter((u) => u !== id) : [...row.rolls, id];
          drawChart(); drawCommits(); onChange();
        });
        chips.append(chip);
      }
      const boosts = el("input", {type: "text", class: "cd-boosts", id: `cd-boosts-${i}`, value: boostText(row.boosts),
        autocomplete: "off", autocapitalize: "off", spellcheck: "false", placeholder: "none"});
      boosts.addEventListener("change", () => { row.boosts = parseBoosts(boosts.value); drawChart(); drawCommits(); onChange(); });
      const select = (id, label, options, value, set) => {
        const box = el("select", {id, "aria-label": label}, options.map(([v, t]) => el("option", {value: v, selected: v === value}, t)));
        box.addEventListener("change", () => { set(box.value); drawChart(); onChange(); });
        return box;
      };
      chartRows.append(el("div", {class: `cd-row cd-${colorToken(row.color)}`, dataset: {color: row.color}},
        el("div", {class: "cd-row-head"}, el("span", {class: `cd-swatch cd-${colorToken(row.color)}`}), el("strong", {}, `${i + 1} · ${cap(row.color)}`), up, down),
        el("span", {class: "mini"}, "Rolls"), chips,
        el("label", {class: "mini", for: `cd-boosts-${i}`}, "Boosts +1 (kinds split by |)"), boosts,
        el("div", {class: "cd-selects"},
          select(`cd-casualties-${i}`, `${cap(row.color)}: which casualties`, GUIDELINES, row.casualties, (v) => { row.casualties = v; }),
          select(`cd-choice-${i}`, `${cap(row.color)}: who picks them`, CHOICES, row.choice, (v) => { row.choice = v; }))));
    });
  }

  function placement(role) {
    const out = {};
    for (const [unit, n] of Object.entries(counts[role] || {})) {
      if (!(n > 0)) continue;
      const mine = placed[role][unit];
      const total = mine ? Object.values(mine).reduce((a, b) => a + b, 0) : -1;
      const valid = mine && total === n && Object.keys(mine).every((key) => postsFor(chart, unit).some(([k]) => k === key));
      out[unit] = valid ? {...mine} : {[defaultPost(chart, unit)]: n};
    }
    return out;
  }

  function drawCommits() {
    const names = new Map((ruleset?.units || []).map((u) => [u.id, u.name]));
    for (const role of ["attacker", "defender"]) {
      const box = commits[role];
      clear(box);
      const current = placement(role);
      const rows = Object.entries(current).filter(([unit]) => postsFor(chart, unit).length);
      box.append(el("h3", {}, `${TITLE[role]}`));
      if (!rows.length) box.append(el("p", {class: "hint"}, "No unit to place."));
      for (const [unit, posts] of rows) {
        const n = counts[role][unit];
        const options = postsFor(chart, unit);
        const line = el("div", {class: "cd-unit", dataset: {unit}}, el("span", {class: "unit-name"}, `${names.get(unit) || unit} ×${n}`));
        const steppers = [];
        if (options.length === 1) {
          line.append(el("span", {class: "cd-post"}, options[0][1]));
        } else {
          for (const [key, words] of options) {
            const s = stepper(`cd-${role}-${postToken(key)}`, `${TITLE[role]} ${names.get(unit) || unit} ${words}`,
              {min: 0, max: n, value: posts[key] || 0, onChange: (value) => {
                const next = {[key]: Math.max(0, Math.min(n, value))};
                let rest = n - next[key];
                for (const [other] of options) {
                  if (other === key) continue;
                  next[other] = rest;
                  rest = 0;
                }
                placed[role][unit] = Object.fromEntries(Object.entries(next).filter(([, v]) => v > 0));
                for (const t of steppers) t.stepper.value = placed[role][unit][t.key] || 0;
                onChange();
              }});
            steppers.push({key, stepper: s});
            line.append(el("span", {class: "cd-post"}, el("span", {class: "mini"}, words), s.node));
          }
        }
        box.append(line);
      }
    }
  }

  return {
    node,
    setDefault(defaultChart) {
      // Called on every change of the battle form: only a new chart is news, and a hidden panel is
      // drawn when it is shown (setContext). Redrawing it each time was most of the form's work.
      if (!defaultChart || JSON.stringify(defaultChart) === JSON.stringify(fallback)) return;
      const wasDefault = isDefault();
      fallback = clone(defaultChart);
      if (wasDefault || !chart.length) chart = clone(fallback);
      if (!node.hidden) { drawChart(); drawCommits(); }
    },
    setContext({ruleset: r, system, counts: c}) {
      ruleset = r;
      counts = c;
      node.hidden = !capabilities(system).commits_units;
      if (!node.hidden) { drawChart(); drawCommits(); }
    },
    /** Fill a resolve request: the chart when edited, each side's colours where they differ from the chart. */
    apply(request) {
      request.system = isDefault() ? {name: "colored"} : {name: "colored", chart: clone(chart)};
      for (const role of ["attacker", "defender"]) {
        const colors = {};
        for (const [unit, posts] of Object.entries(placement(role))) {
          const def = defaultPost(chart, unit);
          if (Object.keys(posts).length === 1 && posts[def]) continue;
          for (const [key, n] of Object.entries(posts)) {
            const color = key.split("@")[1];
            const job = chart.find((row) => row.color === color).rolls.includes(unit) ? "rolls" : "boosts";
            colors[color] ??= {};
            colors[color][job] ??= {};
            colors[color][job][unit] = n;
          }
        }
        if (Object.keys(colors).length) request[role].colors = colors;
      }
      if (boostsInput.checked) request.choose_boosts = true;
      return request;
    },
    /** Show a shared battle's chart and colours. */
    set(request) {
      if (!capabilities(request.system?.name).commits_units) return;
      chart = Array.isArray(request.system.chart) ? request.system.chart.map(chartRow) : clone(fallback);
      for (const role of ["attacker", "defender"]) {
        placed[role] = {};
        for (const [color, jobs] of Object.entries(request[role]?.colors || {})) {
          for (const units of Object.values(jobs || {})) {
            for (const [unit, n] of Object.entries(units || {})) {
              placed[role][unit] ??= {};
              placed[role][unit][`${unit}@${color}`] = n;
            }
          }
        }
      }
      boostsInput.checked = Boolean(request.choose_boosts);
      drawChart();
      drawCommits();
    },
  };
}

// ---- the log ---------------------------------------------------------------------------
function coloredDie(die) {
  const boost = die.boosts?.length ? die.boosts.map(() => "+1").join("") : "";
  const label = boost ? `rolled ${die.value}, boosted by ${die.boosts.join(" and ")} to ${die.total}` : `rolled ${die.value}`;
  return el("span", {class: `die numeric cd-die${boost ? " boosted" : ""}`, role: "img", "aria-label": label, title: label,
    dataset: {value: die.value, total: die.total}}, String(die.value), boost ? el("sup", {}, boost) : "");
}

function casualtyLine(entry, names, step) {
  const lost = listUnits(entry.lost, names, "");
  const damaged = listUnits(entry.damaged, names, "");
  if (!lost && !damaged) return null;
  const who = TITLE[entry.side];
  const parts = [];
  if (lost) parts.push(`loses ${lost}`);
  if (damaged) parts.push(`${lost ? "and has " : "has "}${damaged} damaged`);
  const by = entry.chooser !== entry.side ? ` — ${TITLE[entry.chooser].toLowerCase()}'s choice` : "";
  return el("p", {class: `casualty ${entry.side}${entry.chosen ? " chosen" : ""}`, dataset: {side: entry.side, color: step.color}},
    `→ ${who} ${parts.join(" ")}${by}`, entry.chosen ? el("span", {class: "chosen-tag"}, " (chosen)") : "");
}

/** One round's card under coloured dice: a block per colour with its line to read aloud. */
export function renderColoredRound(round, {names, last, outcome}) {
  const card = el("article", {class: `round colored${round.complete === false ? " paused" : ""}`, dataset: {round: round.round}},
    el("h3", {}, `Round ${round.round}`, round.complete === false ? el("span", {class: "sub"}, " — waiting") : ""));
  for (const step of round.steps || []) {
    const box = el("div", {class: `step cd-step cd-${colorToken(step.color)}`, dataset: {step: step.color, color: step.color}},
      el("p", {class: "cd-say"}, el("span", {class: `cd-swatch cd-${colorToken(step.color)}`}), step.say));
    for (const fire of step.fire || []) {
      box.append(el("div", {class: `cd-dice ${fire.side}`, dataset: {side: fire.side}},
        el("span", {class: "cd-who"}, `${TITLE[fire.side]} (${listUnits(fire.units, names, "")})`),
        el("span", {class: "dice"}, fire.dice.map(coloredDie))));
    }
    for (const entry of step.casualties || []) {
      const line = casualtyLine(entry, names, step);
      if (line) box.append(line);
    }
    card.append(box);
  }
  if (round.complete === false) return card;
  for (const [side, units] of Object.entries(round.transports_lost || {})) {
    card.append(el("p", {class: "moved"}, `${TITLE[side]}: ${listUnits(units, names, "")} lost — left alone, transports cannot defend themselves.`));
  }
  card.append(...roundEnd(round, names, last, outcome));
  return card;
}

// ---- the pauses --------------------------------------------------------------------------
function panel(id, title, ...children) {
  const error = el("p", {class: "pause-error", id: `${id}-error`, role: "alert", hidden: true});
  const confirm = el("button", {type: "button", class: "primary wide", id: `${id}-confirm`}, "Confirm");
  const node = el("section", {class: "pause-panel colored-pause", id, "aria-labelledby": `${id}-title`},
    el("h3", {id: `${id}-title`}, title), ...children, error, confirm);
  return {node, confirm, error};
}

function dicePause(needs, onRoll) {
  const pads = needs.map((need) => {
    const dice = need.count === 1 ? "1 die" : `${need.count} dice`;
    const pad = diceKeypad(`pad-${need.side}-${colorToken(need.color)}`, `${TITLE[need.side]} — ${need.color}: ${dice}`,
      {sides: 6, count: need.count, onChange: () => { pad.invalid = false; }});
    pad.node.classList.add(need.side, `cd-${colorToken(need.color)}`);
    pad.node.dataset.side = need.side;
    pad.node.dataset.group = need.color;
    return {need, pad};
  });
  const color = needs[0]?.color || "";
  const p = panel("dice-panel", `Round ${needs[0]?.round}: roll ${color}`,
    el("p", {class: "hint"}, "Roll this colour at the table, then tap each face. The next colour's dice depend on what this one kills."),
    el("div", {class: "rd-pads"}, pads.map(({pad}) => pad.node)));
  p.confirm.id = "use-dice";
  p.confirm.textContent = "Use these dice";
  p.confirm.addEventListener("click", () => onRoll(pads.map(({need, pad}) =>
    ({round: need.round, side: need.side, group: need.color, entry: pad.values}))));
  return {
    node: p.node,
    refuse(message, needed) {
      p.error.textContent = message;
      p.error.hidden = !message;
      for (const {need, pad} of pads) pad.invalid = Boolean(needed && needed.side === need.side && needed.color === need.color);
    },
    set busy(flag) { p.confirm.disabled = flag; },
  };
}

function boostsPause(waiting, names, onConfirm, start = null) {
  const side = waiting.side;
  const faces = waiting.dice[side];
  const other = side === "attacker" ? "defender" : "attacker";
  const chosen = (start?.dice?.length === faces.length ? start.dice : waiting.proposal).map((units) => [...units]);
  const kinds = waiting.kinds;
  const rows = el("div", {class: "cd-boost-rows"});
  const draw = () => {
    clear(rows);
    faces.forEach((face, i) => {
      const row = el("div", {class: "cd-boost-row", dataset: {die: i}}, el("span", {class: "die numeric"}, String(face)));
      for (const kind of kinds) {
        for (const unit of kind) {
          const on = chosen[i].includes(unit);
          const chip = el("button", {type: "button", class: `cd-chip${on ? " on" : ""}`, "aria-pressed": on ? "true" : "false",
            id: `boost-${i}-${unit}`}, `+1 ${names.get(unit) || unit}`);
          chip.addEventListener("click", () => {
            chosen[i] = on ? chosen[i].filter((u) => u !== unit) : [...chosen[i].filter((u) => !kind.includes(u)), unit];
            draw();
          });
          row.append(chip);
        }
      }
      rows.append(row);
    });
  };
  draw();
  const boosters = listUnits(waiting.boosters, names, "none");
  const against = waiting.against ? `against the attacker's ${waiting.against.join("-")}` : `against the defender's ${waiting.dice[other].join("-") || "no dice"}`;
  const p = panel("boost-panel", `${TITLE[side]} places ${waiting.color} boosts`,
    el("p", {class: "pause-what"}, `Dice ${faces.join("-")} ${against}. Boosting: ${boosters}.`),
    el("p", {class: "hint"}, `${start ? "Your boosts before the undo are" : "Luckdial's best is"} set below. ` +
      "Each die takes each kind of boost once; spare boosts are wasted."),
    rows);
  p.confirm.addEventListener("click", () => onConfirm({round: waiting.round, color: waiting.color, side, dice: chosen}));
  return {node: p.node, refuse(message) { p.error.textContent = message; p.error.hidden = !message; },
    set busy(flag) { p.confirm.disabled = flag; }};
}

function casualtyPause(waiting, names, onConfirm, start = null) {
  const side = waiting.side;
  const chooser = waiting.chooser;
  const preset = start?.lost || waiting.proposal.posts.lost;
  const lost = {};
  const rows = el("div", {class: "casualty-rows"});
  for (const [key, n] of Object.entries(waiting.posts)) {
    const [unit, color] = key.split("@");
    const where = color ? ` (${color})` : "";
    lost[key] = stepper(`choose-${side}-lost-${postToken(key)}`, `${TITLE[side]} loses ${names.get(unit) || unit}${where}`,
      {min: 0, max: n, value: Math.min(n, preset[key] || 0)});
    rows.append(el("div", {class: "casualty-row", dataset: {unit: key}},
      el("div", {class: "unit-name"}, `${names.get(unit) || unit}${where}`, el("span", {class: "stat"}, `${n} in the fight`)),
      el("div", {class: "casualty-steppers"}, el("span", {class: "mini"}, "lost"), lost[key].node)));
  }
  const hits = Object.values(waiting.hits).reduce((a, b) => a + b, 0);
  const whose = chooser === side ? `${TITLE[side]} chooses casualties` : `${TITLE[chooser]} picks the ${side}'s casualties (winner's choice)`;
  const p = panel("casualty-panel", whose,
    el("p", {class: "pause-what"}, `${hits === 1 ? "1 hit" : `${hits} hits`} from ${waiting.color} (${GUIDELINES.find(([g]) => g === waiting.guideline)?.[1] || waiting.guideline}).`),
    el("p", {class: "hint"}, start ? "Your choice before the undo is set below. Change it, then confirm."
      : "Luckdial's suggestion is set below. Change it, then confirm."), rows);
  p.confirm.id = "confirm-casualties";
  p.confirm.addEventListener("click", () => {
    const pick = Object.fromEntries(Object.entries(lost).map(([k, s]) => [k, s.value]).filter(([, n]) => n > 0));
    onConfirm({round: waiting.round, color: waiting.color, side, lost: pick, damaged: waiting.proposal.posts.damaged});
  });
  return {node: p.node, refuse(message) { p.error.textContent = message; p.error.hidden = !message; },
    set busy(flag) { p.confirm.disabled = flag; }};
}

/** The choice an undo just took back (decisions.js), when the pause asks that very choice again, or null. */
function takenBack(undone, waiting) {
  const choice = undone?.kind === waiting.kind ? undone.choice : null;
  return choice && choice.round === waiting.round && choice.color === waiting.color && choice.side === waiting.side ? choice : null;
}

/**
 * The panel for what the battle waits for, or null. handlers: {dice(entries), boosts(entry), casualties(entry)}.
 * undone: the decision an undo just took back: a casualty choice or boosts asked again start from it, so
 * undoing one slip returns to the player's pick, not to Luckdial's suggestion.
 */
export function coloredPause(result, names, handlers, undone = null) {
  const waiting = result.waiting;
  if (!waiting) return null;
  if (waiting.kind === "dice") return dicePause(waiting.dice, handlers.dice);
  if (waiting.kind === "boosts") return boostsPause(waiting, names, handlers.boosts, takenBack(undone, waiting));
  if (waiting.kind === "casualties") return casualtyPause(waiting, names, handlers.casualties, takenBack(undone, waiting));
  return null;
}
