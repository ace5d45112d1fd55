// The WiF 67 screen's state as plain data: what the player typed read as request values (pycore judges
// and names anything that is not a number), a modifier's entry and when it applies, and the figures in
// words. Pure functions, no DOM: tests/js/wif-state.test.mjs.
//
// Not for: the table itself (pycore/wif) or drawing (wif-form.js, wif-results.js).

/** The checklist's groups, in order: [group, title, note]. */
export const GROUPS = [
  ["combat", "Units and terrain", ""],
  ["winter", "Winterised units", "Snow or blizzard only."],
  ["city", "City", "City modifiers never total more than 0."],
  ["hq", "HQ support", "Half the supporting HQ's reorganisation value; 0 = no support."],
];

/** "36,5" → 36.5; anything that is not a plain decimal goes to pycore as typed, to be named there. */
export function readNumber(text) {
  const value = text.trim().replace(",", ".");
  if (value === "") return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : text.trim();
}

/** A die as typed: a whole number, else the text for pycore to name; empty: none. */
export function readDie(text) {
  const value = text.trim();
  if (value === "") return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export const pct = (p) => (p === 0 ? "0%" : p === 1 ? "100%" : p < 0.001 ? "<0.1%" : `${(p * 100).toFixed(1)}%`);
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
export const plain = (n) => (Math.round(n * 100) / 100).toString();

/** Whether a modifier of the catalogue applies in this weather (docs/rules.md §8: fine-weather and winter ones). */
export function applies(kind, weather) {
  if (kind.needs_weather === "fine") return weather === "fine";
  if (kind.needs_weather === "snow_or_blizzard") return weather === "snow" || weather === "blizzard";
  return true;
}

/** A modifier's request entry for a count (per unit, or an HQ's reorganisation) or a tick; null when off. */
export function modifierEntry(kind, value) {
  if (kind.per_unit || kind.group === "hq") {
    if (!value) return null;
    return kind.group === "hq" ? {id: kind.id, reorganisation: value} : {id: kind.id, count: value};
  }
  return value ? {id: kind.id} : null;
}

/** The count or tick a request's entry shows (the inverse of modifierEntry). */
export function entryValue(kind, entry) {
  if (kind.per_unit || kind.group === "hq") return entry ? (kind.group === "hq" ? entry.reorganisation : entry.count ?? 1) : 0;
  return Boolean(entry);
}

/** The line under a modifier's name: its value and when it counts. */
export function modifierNote(kind) {
  const value = kind.group === "hq" ? "½ reorg." : `${signed(kind.value)}${kind.per_unit ? " each" : ""}`;
  const need = [kind.needs_table === "blitz" ? "Blitz table only" : "",
    kind.needs_weather === "fine" ? "fine weather only" : ""].filter(Boolean).join(", ");
  return `${value}${need ? ` · ${need}` : ""}`;
}

/** The § extra loss in words, from pycore's `extra_loss` answer. */
export function extraWords(extra) {
  const why = extra.reasons.length ? ` (${extra.reasons.join(", ")})` : "";
  if (extra.decided_by === "modifiers") {
    return extra.applies ? `Auto: the § extra loss applies${why}.`
      : "Auto: nothing ticked calls for the § extra loss; choose Applies for rivers, forts, mountains, forests, swamps or invasions.";
  }
  return extra.applies ? "The § extra loss applies." : `The § extra loss does not apply${why ? ` despite${why}` : ""}.`;
}
