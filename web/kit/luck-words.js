// The luck of a battle, or of a side over a game, in words a player at the table reads at a glance:
// where the result falls in the battle's exact law from its start (pycore's `result.luck`,
// docs/api.md), said from the attacker's side — "Luckier than 87 % of outcomes" — with the IPC swing
// against the swing expected. Pure: node --test runs it (tests/js/luck-words.test.mjs).
//
// Not for: computing luck (pycore does, exactly), or drawing it (battle/luck-line.js, journal/).

/** A number of IPCs with its sign, one decimal where it has one: +6, −2.4, 0. */
export function signedIpcs(value) {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return "0";
  const text = Number.isInteger(rounded) ? String(Math.abs(rounded)) : Math.abs(rounded).toFixed(1);
  return `${rounded > 0 ? "+" : "−"}${text}`;
}

/**
 * A percentile (0–1, ties split) as the words of the side it belongs to: above the middle "luckier than
 * N % of outcomes", below it "unluckier than N %" (N = the share of outcomes that were better), at the
 * middle "as lucky as the typical outcome". N is a whole percent, never 0 or 100 unless exact.
 */
export function percentileWords(percentile, what = "outcomes") {
  const luckier = Math.round(percentile * 100);
  if (luckier === 50) return "As lucky as the typical outcome";
  if (luckier > 50) return `Luckier than ${clampPercent(percentile)} % of ${what}`;
  return `Unluckier than ${clampPercent(1 - percentile)} % of ${what}`;
}

// 99.6 % is "99 %" rather than "100 %": an outcome that is not the best one is never said to beat them all.
function clampPercent(share) {
  const whole = Math.round(share * 100);
  if (whole >= 100 && share < 1) return 99;
  if (whole <= 0 && share > 0) return 1;
  return whole;
}

/**
 * The one line under a battle's result — "Attacker: luckier than 87 % of outcomes — swing +6 IPCs (expected
 * +2.4)" — or null when the battle has no luck (A&A Chess orthodox: `luck`
 * null). soFar: the battle is paused, and the luck is the luck of its rounds so far.
 */
export function luckLine(luck, {soFar = false} = {}) {
  if (!luck || typeof luck.percentile !== "number") return null;
  const words = percentileWords(luck.percentile);
  const said = `${words[0].toLowerCase()}${words.slice(1)} — swing ${signedIpcs(luck.swing)} IPCs (expected ${signedIpcs(luck.expected_swing)})`;
  return soFar ? `Luck so far, attacker: ${said}` : `Attacker: ${said}`;
}

/**
 * A World in Flames roll's luck (the `wif` op's `roll.luck`, docs/wif.md "Luck"): where the rolled cell falls
 * among the table's outcomes at these odds, from the attacker's view. It has no IPC swing; null without luck.
 */
export function wifLuckLine(luck) {
  if (!luck || typeof luck.percentile !== "number") return null;
  const words = percentileWords(luck.percentile).replace("outcomes", "rolls at these odds").replace("outcome", "roll");
  return `Attacker: ${words[0].toLowerCase()}${words.slice(1)}`;
}

/** The details one tap away: luck in IPCs and in standard deviations, how the percentile is counted. */
export function luckDetails(luck) {
  if (!luck) return [];
  const lines = [
    `The attacker's luck: ${signedIpcs(luck.luck)} IPCs (the swing minus the swing expected)` +
      (luck.sd > 0 ? `, ${sigmas(luck.luck / luck.sd)} standard deviations (one is ${luck.sd.toFixed(1)} IPCs).` : "."),
    `Percentile: ${(luck.percentile * 100).toFixed(1)} % — the chance of a worse swing for the attacker, plus half the ` +
      "chance of this very swing (ties split).",
    luck.exact === false ? "Counted from a sample of battles (this one is too big to count exactly)."
      : "Counted exactly from every outcome the battle could have had from its start.",
  ];
  if (luck.swing !== undefined) lines.push("The swing: the IPCs the defender lost minus the IPCs the attacker lost.");
  return lines;
}

/** A z-score as words' number: +1.3, −0.4. */
export function sigmas(z) {
  if (!Number.isFinite(z)) return "0";
  const rounded = Math.round(z * 10) / 10;
  return rounded === 0 ? "0" : `${rounded > 0 ? "+" : "−"}${Math.abs(rounded).toFixed(1)}`;
}
