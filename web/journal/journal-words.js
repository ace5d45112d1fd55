// The journal in words on the Luck screen: who was luckier over the game, each side's line of
// numbers, each battle's line. Pure: node --test runs it (tests/js/journal-words.test.mjs).
//
// Not for: the sums themselves, or the forum post (pycore's `journal` op gives both: `sides`, `report`), or
// drawing (journal-view.js, journal-chart.js).

import {percentileWords, sigmas, signedIpcs} from "../kit/luck-words.js";

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Who was luckier, in one sentence, from the `journal` op's `sides`: the side with the most luck, or
 * that nobody was when every side's total rounds to zero. Null for an empty journal.
 */
export function leaderWords(sides) {
  if (!sides?.length) return null;
  const best = [...sides].sort((a, b) => b.luck - a.luck)[0];
  if (Math.round(best.luck * 10) === 0) return "Nobody was luckier: the dice gave every side what they were expected to.";
  return `${best.side} was luckier: ${signedIpcs(best.luck)} IPCs over ${plural(best.battles, "battle")}.`;
}

/** A side's line of numbers: luck in IPCs and standard deviations, and the exact percentile of its total. */
export function sideWords(side) {
  const z = side.z === null || side.z === undefined ? "" : `, ${sigmas(side.z)} SD`;
  return `${side.side}: ${signedIpcs(side.luck)} IPCs${z} over ${plural(side.battles, "battle")} — ` +
    `${percentileWords(side.percentile).toLowerCase()}` + (side.exact === false ? " (some battles sampled)" : "");
}

/** One battle's line: who attacked whom, and how lucky the attacker was. */
export function battleWords(battle, luck) {
  const said = luck ? `${signedIpcs(luck.luck)} IPCs for ${battle.attacker}: ${percentileWords(luck.percentile).toLowerCase()}` : "";
  return {title: `${battle.attacker} attacked ${battle.defender}`, label: battle.label || "", luck: said};
}
