// What the Battle screen shows of a battle, as plain data: which controls, from the battle on screen
// (its request and pycore's answer) and what the page is doing — the phase (phaseOf), the subs that
// may submerge, who would leave on a retreat, the table's dice asked for, the Undo button's words. The
// battle itself is its request, each decision one more entry in it (decisions.js makes, lists and
// takes them back).
//
// Pure functions, no DOM: tests/js/battle-state.test.mjs. Not for: drawing (battle-view.js, log.js).

import {undoLabel} from "./decisions.js";
import {capabilities} from "../kit/rulesets.js";

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

/**
 * Who would leave on a retreat now, from pycore's may_retreat (docs/api.md): null when nobody may (the
 * land units came from the sea, or the aircraft already left: Retreat is not offered), "all" when every
 * unit of the attacker leaves, else the units that do ({fighter: 1}: the aircraft of an amphibious assault).
 */
export function retreating(result) {
  const leaving = result?.may_retreat;
  if (!leaving || !Object.keys(leaving).length) return null;
  const left = result.rounds.at(-1)?.after?.attacker || {};
  return Object.entries(left).every(([id, n]) => !n || leaving[id] === n) ? "all" : leaving;
}

/**
 * The dice the players enter at the table now (pycore's next_dice), or null: while the battle waits for
 * them, and at a table as soon as a round ends — entering the next round's dice is pressing on.
 * Coloured dice have their own pause, colour by colour (colored.js).
 */
export function tableDice(battle) {
  const result = battle?.result;
  if (!result || result.outcome !== "in_progress" || capabilities(battle.request.system?.name).by_colour) return null;
  if (result.waiting) return result.waiting.kind === "dice" ? result.waiting.dice || result.next_dice : null;
  return Array.isArray(battle.request.dice) && result.next_dice?.length ? result.next_dice : null;
}

/**
 * What the screen shows, from the battle on screen ({request, result} or null) and the page's state:
 * {setup, fighting, waiting, drawing, over, roll, press, retreat, leaving, share, fresh, undo, odds,
 * submerge: [sides], locked, rounds}. busy: a request is out; declared: a battle bound to a beacon round
 * or a commitment, not fought yet; replaying: a shared link's set-up is on screen, its battle waits for
 * the engine. drawing: a battle of fair dice waits for its next draw (fair-rounds.js); it can be left for
 * a new one meanwhile. undo: the Undo button's words ({text, title}) or null (decisions.js).
 */
export function phaseOf(battle, {busy = false, declared = false, replaying = false} = {}) {
  const result = battle?.result || null;
  const waiting = Boolean(result?.waiting);
  const fighting = Boolean(result) && result.outcome === "in_progress" && !waiting;
  const over = Boolean(result) && !fighting && !waiting;
  const setup = !result;
  const resolved = Boolean(result?.rounds.some((round) => round.complete));
  const drawing = result?.waiting?.kind === "draw";
  const leaving = fighting ? retreating(result) : null;
  return {
    setup, fighting, waiting, drawing, over,
    rounds: result ? result.rounds.length : 0,
    roll: setup && !declared,
    // At a table the next round's pads are shown at once: its dice entered are the press on.
    press: fighting && !tableDice(battle),
    retreat: Boolean(leaving),
    leaving: leaving === "all" ? null : leaving,
    share: over || drawing,
    // "New battle": a declared or committed battle can be left too, and one waiting for its next fair draw.
    fresh: over || drawing || declared,
    undo: result ? undoLabel(battle.request, result) : null,
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
