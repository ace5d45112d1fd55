// The state of a battle played round by round, as plain data: the battle is its resolve request, and
// every decision the players make — a round more (press on), a retreat, subs submerging, casualties
// chosen, dice entered at the table, a coloured-dice boost — is one more entry in one of its lists
// (`choices`, `submerge`, `casualties`, `dice`, `boosts`). pycore replays the request from its seed or
// dice each time, so dropping a list's last entry is undoing that decision. Which controls the screen
// shows follows from the request, pycore's answer and what the page is doing (phaseOf).
//
// Pure functions, no DOM: tests/js/battle-state.test.mjs. Not for: drawing (battle-view.js, log.js).

/** The request of a battle's first round: the form's battle, its dice source, one round. */
export function firstRound(request) {
  return nextRound(request, 0);
}

/** The battle with one round more; in referee mode an empty entry for its dice (pycore then asks for them). */
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

/** The sides whose subs may submerge now: a sea battle after a complete round, subs left, no enemy destroyer. */
export function submergeSides({request, result}) {
  if (!result || (request.kind || "land") !== "sea") return [];
  const last = result.rounds.at(-1);
  if (!last?.complete) return [];
  const done = (request.submerge || []).filter((s) => s.round === last.round).map((s) => s.side);
  return ["defender", "attacker"].filter((side) => {
    const enemy = side === "attacker" ? "defender" : "attacker";
    return !done.includes(side) && (last.after[side]?.submarine || 0) > 0 && !(last.after[enemy]?.destroyer > 0);
  });
}

/** Add entered dice to a request's `dice` (one {side: {group: [faces]}} per round). */
export function withDice(dice, entries) {
  const next = (dice || []).map((round) => structuredClone(round));
  for (const {round, side, group, values} of entries) {
    while (next.length < round) next.push({});
    const entry = next[round - 1];
    const sideDice = Array.isArray(entry[side]) ? {main: entry[side]} : (entry[side] || {});
    entry[side] = {...sideDice, [group]: values};
  }
  return next;
}

/** The battle with the dice of `entries` entered (a pause's "Use these dice"). */
export function enterDice(request, entries) {
  return {...request, dice: withDice(request.dice, entries)};
}

/**
 * What the screen shows, from the battle on screen ({request, result} or null) and the page's state:
 * {setup, fighting, waiting, over, roll, press, retreat, share, fresh, odds, submerge: [sides], locked, rounds}.
 * busy: a request is out; declared: a battle bound to a beacon round or a commitment, not fought yet;
 * replaying: a shared link's set-up is on screen, its battle waits for the engine.
 */
export function phaseOf(battle, {busy = false, declared = false, replaying = false} = {}) {
  const result = battle?.result || null;
  const waiting = Boolean(result?.waiting);
  const fighting = Boolean(result) && result.outcome === "in_progress" && !waiting;
  const over = Boolean(result) && !fighting && !waiting;
  const setup = !result;
  const resolved = Boolean(result?.rounds.some((round) => round.complete));
  return {
    setup, fighting, waiting, over,
    rounds: result ? result.rounds.length : 0,
    roll: setup && !declared,
    press: fighting,
    retreat: fighting,
    share: Boolean(result) && !fighting,
    fresh: (Boolean(result) && !fighting) || declared, // "New battle": a declared or committed battle can be left too
    odds: Boolean(result) && result.outcome === "in_progress" && resolved && !busy,
    submerge: fighting && !busy ? submergeSides(battle) : [],
    locked: Boolean(battle) || busy || replaying || declared,
    referee: Boolean(battle?.request?.dice),
  };
}

/** One entry per battle in this device's history (kit/history.js): the same start is the same battle. */
export function historyKey(request) {
  return JSON.stringify({ruleset: request.ruleset, system: request.system, kind: request.kind, seed: request.seed ?? null,
    attacker: request.attacker, defender: request.defender});
}
