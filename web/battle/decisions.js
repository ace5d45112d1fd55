// The decisions a battle is made of: each one made, listed in order, and the last taken back (undo).
//
// The state of a battle is its resolve request (docs/page.md "State apart from view"): each
// round fought (press on), each set of dice entered at the table, each casualty choice, each boost,
// each submerging and the retreat is one more entry in one of its fields (`rounds`, `dice`,
// `casualties`, `boosts`, `submerge`, `choices`). pycore replays the request from its seed or dice
// each time, so a decision is a request with one entry more, and undo is the request without the last
// one, asked of pycore again: nothing else is kept, and the link of the battle before the decision
// comes back exactly. Pure functions, no DOM, no worker (tests/js/decisions.test.mjs,
// tests/js/battle-state.test.mjs). Not for: the rules (an entry pycore never used is refused by pycore),
// nor what the screen shows (battle-state.js).

// ---- making them -------------------------------------------------------------------------------

/** The request of a battle's first round: the form's battle, its dice source, one round. */
export function firstRound(request) {
  return nextRound(request, 0);
}

/** The battle with one round more; at a table an empty entry for its dice (pycore then asks for them). */
export function nextRound(request, played) {
  const next = {...request, rounds: played + 1};
  if (request.dice) {
    next.dice = request.dice.slice();
    while (next.dice.length < played + 1) next.dice.push({});
  }
  return next;
}

/** "Press on": the next round of the battle shown (`result`: pycore's answer to `request`). */
export function pressOn({request, result}) {
  return nextRound(request, result.rounds.length);
}

/** "Retreat" after the last round: the attacker pressed on after each earlier round and leaves now. */
export function retreat({request, result}) {
  const n = result.rounds.length;
  return {...request, rounds: n, choices: [...Array(n - 1).fill("press"), "retreat"]};
}

/** Add a decision to the end of one of the request's lists ("casualties", "boosts", "submerge"). */
export function decide(request, list, entry) {
  return {...request, [list]: [...(request[list] || []), entry]};
}

/** `side`'s subs submerge after the last round shown. */
export function submerge({request, result}, side) {
  return decide(request, "submerge", {round: result.rounds.length, side});
}

/**
 * The request with dice entered at the table: each [{round, side, group, entry}] goes to
 * dice[round - 1][side][group] (entry: the faces, or {hits: n} as counted: docs/api.md "Referee dice").
 * A round not given yet is opened (at a table the next round's pads show once a round ends) and
 * `rounds` follows it; a side given as a plain list keeps it as its main group. Nothing else changes.
 */
export function enterDice(request, entries) {
  const dice = (request.dice || []).map((round) => structuredClone(round));
  let last = 0;
  for (const {round, side, group, entry} of entries) {
    while (dice.length < round) dice.push({});
    const sideDice = Array.isArray(dice[round - 1][side]) ? {main: dice[round - 1][side]} : (dice[round - 1][side] || {});
    dice[round - 1][side] = {...sideDice, [group]: Array.isArray(entry) ? [...entry] : {hits: entry.hits}};
    last = Math.max(last, round);
  }
  const next = {...request, dice};
  if (request.rounds !== undefined) next.rounds = Math.max(request.rounds, last);
  return next;
}

// ---- listing them and taking the last back -----------------------------------------------------

const SIDE = {attacker: "attacker", defender: "defender"};
const STEP_DICE = {aa: "AA", bombard: "bombardment", subs: "sub strike"}; // a step before the main fire, named
const STEP_WORDS = {aa: "AA fire", bombard: "the bombardment", subs: "the sub strike", main: "the main fire"};

/** The request's key naming a decision's step: a colour under coloured dice, else the engine's step. */
const stepKey = (result) => (result?.rounds?.some((r) => r.steps?.some((s) => "color" in s)) ? "color" : "step");

/** A side's dice of one round as {group: entry}: a plain list is its main group (docs/api.md "Referee dice"). */
function groupsOf(sideDice) {
  if (Array.isArray(sideDice)) return {main: sideDice};
  return sideDice && typeof sideDice === "object" ? sideDice : {};
}

const sameKey = (entry, round, key, step, side) => entry.round === round && entry[key] === step && entry.side === side;

/**
 * Every decision of the battle, first made first: [{kind, round, …, label, title}].
 *
 * kind "round": round n was rolled (the seed's dice; at a table, its dice were asked for);
 * "dice": the dice entered at the table for one step, every group given then ({entries: [{side, group, entry}]});
 * "casualties", "boosts": a side's choice in one step ({side, step, choice});
 * "submerge": a side's subs went under at the end of round n; "retreat": the attacker left after round n.
 * Within a round: its roll, then step by step its dice, boosts and casualty choices, then submerging and the
 * retreat. Decisions of a round the result has not reached (a pause) come last, in the request's order.
 */
export function decisions(request, result) {
  const key = stepKey(result);
  const out = [];
  const taken = new Set(); // "kind|round|step|side" already placed
  const rounds = result?.rounds || [];
  const table = Array.isArray(request.dice);
  for (const round of rounds) {
    const n = round.round;
    const start = out.length;
    out.push(describe({kind: "round", round: n}));
    const dice = request.dice?.[n - 1];
    for (const step of round.steps || []) {
      const name = step[key] ?? step.step;
      if (dice) {
        const entries = [];
        for (const fire of step.fire || []) {
          const given = groupsOf(dice[fire.side])[fire.group];
          const mark = `dice|${n}|${fire.side}|${fire.group}`;
          if (given !== undefined && !taken.has(mark)) {
            taken.add(mark);
            entries.push({side: fire.side, group: fire.group, entry: given});
          }
        }
        if (entries.length) out.push(describe({kind: "dice", round: n, step: name, entries}));
      }
      for (const kind of ["boosts", "casualties"]) {
        for (const side of ["attacker", "defender"]) {
          const choice = (request[kind] || []).find((c) => sameKey(c, n, key, name, side));
          const mark = `${kind}|${n}|${name}|${side}`;
          if (choice && !taken.has(mark)) {
            taken.add(mark);
            out.push(describe({kind, round: n, step: name, side, choice}));
          }
        }
      }
    }
    const later = leftovers(request, n, key, taken);
    out.push(...later);
    for (const entry of request.submerge || []) {
      if (entry.round === n) out.push(describe({kind: "submerge", round: n, side: entry.side}));
    }
    if (request.choices?.[n - 1] === "retreat") out.push(describe({kind: "retreat", round: n}));
    // At a table, a round after the first is opened by the dice entered for it (the pads of the next
    // round show as soon as a round ends): undoing its first dice takes the round back with them.
    if (table && n > 1 && out[start + 1]?.kind === "dice") {
      out.splice(start, 1);
      out[start] = {...out[start], opensRound: true};
    }
  }
  return out;
}

/** Dice and choices given for round n that its log does not show yet (the round paused before them). */
function leftovers(request, n, key, taken) {
  const out = [];
  const dice = request.dice?.[n - 1];
  const entries = [];
  for (const side of ["attacker", "defender"]) {
    for (const [group, entry] of Object.entries(groupsOf(dice?.[side]))) {
      const mark = `dice|${n}|${side}|${group}`;
      if (!taken.has(mark)) {
        taken.add(mark);
        entries.push({side, group, entry});
      }
    }
  }
  if (entries.length) out.push(describe({kind: "dice", round: n, step: null, entries}));
  for (const kind of ["boosts", "casualties"]) {
    for (const choice of request[kind] || []) {
      const mark = `${kind}|${n}|${choice[key]}|${choice.side}`;
      if (choice.round === n && !taken.has(mark)) {
        taken.add(mark);
        out.push(describe({kind, round: n, step: choice[key], side: choice.side, choice}));
      }
    }
  }
  return out;
}

/** A decision with the words of its button ("Undo: retreat") and of its title (the longer why). */
function describe(decision) {
  const {kind, round: n, side, step} = decision;
  const whose = side ? `${SIDE[side] || side}'s ` : "";
  const where = step ? (STEP_WORDS[step] || step) : `round ${n}`;
  let label;
  let title;
  if (kind === "round") {
    label = `Undo: round ${n}`;
    title = n === 1 ? "Undo round 1: back to the set-up" : `Undo round ${n}: back to the end of round ${n - 1}`;
  } else if (kind === "dice") {
    const counts = decision.entries.every(({entry}) => entry && !Array.isArray(entry) && "hits" in entry);
    const what = counts ? "hits" : "dice";
    label = `Undo: ${STEP_DICE[step] ? `${STEP_DICE[step]} ${what}` : `round ${n} ${what}`}`;
    title = `Undo the ${counts ? "hits" : "dice"} entered for ${where} of round ${n}`;
  } else if (kind === "casualties") {
    label = `Undo: ${whose}casualties`;
    title = `Undo the ${whose}choice of casualties in ${where} of round ${n}`;
  } else if (kind === "boosts") {
    label = `Undo: ${whose}boosts`;
    title = `Undo the ${whose}boosts in ${where} of round ${n}`;
  } else if (kind === "submerge") {
    label = "Undo: submerge";
    title = `Undo: the ${whose}subs stay in round ${n}`;
  } else {
    label = "Undo: retreat";
    title = `Undo the retreat after round ${n}`;
  }
  return {...decision, label, title};
}

/**
 * The last decision of the battle, or null before any (the set-up) — and in a battle of fair dice (a
 * beacon, commit–reveal), whose every decision is posted before the next draw: taking one back after
 * seeing the dice it led to is what fair dice are there to prevent (docs/links.md).
 */
export function lastDecision(request, result) {
  if (request.beacon || request.commit) return null;
  return decisions(request, result).at(-1) || null;
}

/**
 * The request without its last decision: {request, undone}, where request is null when the undone
 * decision was round 1 (back to the set-up, the form as it was); null when there is nothing to undo.
 * `undone` keeps what was entered (the dice, the choice) so a page can offer it again.
 */
export function undo(request, result) {
  const last = lastDecision(request, result);
  if (!last) return null;
  return {request: without(request, last, stepKey(result)), undone: last};
}

/** What the Undo button says and explains, or null when there is nothing to undo. */
export function undoLabel(request, result) {
  const last = lastDecision(request, result);
  return last ? {text: last.label, title: last.title} : null;
}

function without(request, decision, key) {
  const next = structuredClone(request);
  const n = decision.round;
  const drop = (field, keep) => {
    if (!next[field]) return;
    next[field] = next[field].filter(keep);
    if (!next[field].length) delete next[field];
  };
  if (decision.kind === "round") {
    if (n === 1) return null;
    next.rounds = n - 1;
    if (next.dice) next.dice = next.dice.slice(0, n - 1);
    if (next.choices) next.choices = next.choices.slice(0, n - 2);
    for (const field of ["casualties", "boosts", "submerge"]) drop(field, (entry) => entry.round < n);
  } else if (decision.kind === "dice" && decision.opensRound) {
    return without(request, {kind: "round", round: n}, key);
  } else if (decision.kind === "dice") {
    const round = next.dice[n - 1];
    for (const {side, group} of decision.entries) {
      if (Array.isArray(round[side])) delete round[side];
      else if (round[side]) {
        delete round[side][group];
        if (!Object.keys(round[side]).length) delete round[side];
      }
    }
  } else if (decision.kind === "casualties" || decision.kind === "boosts") {
    drop(decision.kind, (entry) => !sameKey(entry, n, key, decision.step, decision.side));
  } else if (decision.kind === "submerge") {
    drop("submerge", (entry) => !(entry.round === n && entry.side === decision.side));
  } else if (decision.kind === "retreat") {
    next.choices = next.choices.slice(0, n - 1);
  }
  if (next.choices) {
    // "press" is what a missing choice means: the request before a retreat had none.
    while (next.choices.length && next.choices.at(-1) === "press") next.choices.pop();
    if (!next.choices.length) delete next.choices;
  }
  return next;
}
