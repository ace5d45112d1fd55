// The journal in words (issue #33): who was luckier over the game, each side's line of numbers, each
// battle's line, and the journal as a forum post in plain text, BBCode and Markdown — what a player typed
// (a side's name, a label) escaped as the battle post escapes it (pycore/report.py), so it never becomes
// markup. Pure: node --test runs it (tests/js/journal-words.test.mjs).
//
// Not for: the sums themselves (pycore's `journal` op), or drawing (journal-view.js, journal-chart.js).

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

// ---- the forum post -----------------------------------------------------------------------------------

const JOINER = "\u2060";
const TITLE = "Game journal: who was luckier";

/** A player's text in plain text and BBCode: one line, brackets as quill brackets, no tag or bare URL. */
export function escapeText(typed) {
  return String(typed).split(/\r?\n/).join(" ").replace(/\[/g, "⁅").replace(/]/g, "⁆")
    .replace(/</g, `<${JOINER}`).replace(/:\/\//g, `:${JOINER}//`);
}

/** A player's text in Markdown: a code span one backtick longer than the longest run inside (CommonMark §6.1). */
export function escapeMarkdown(typed) {
  const line = String(typed).split(/\r?\n/).join(" ");
  const fence = "`".repeat(Math.max(0, ...(line.match(/`+/g) || []).map((run) => run.length)) + 1);
  const pad = line.startsWith("`") || line.endsWith("`") || !line.trim() ? " " : "";
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** Our own words in Markdown: the characters Markdown reads as markup, escaped. */
const ours = (words) => words.replace(/([\\`*_[\]<>|~#])/g, "\\$1");

/**
 * The post: {text, bbcode, markdown}. journal: the journal (its battles' names and labels); answer: the
 * `journal` op's result (its sides and each battle's luck); url: the journal's link as an address, or null.
 */
export function journalPost(journal, answer, url) {
  const formats = {text: [], bbcode: [], markdown: []};
  const line = (build) => {
    formats.text.push(build(escapeText, (w) => w, "text"));
    formats.bbcode.push(build(escapeText, (w) => w, "bbcode"));
    formats.markdown.push(build(escapeMarkdown, ours, "markdown"));
  };
  line((_, w, f) => (f === "bbcode" ? `[b]${w(TITLE)}[/b]` : f === "markdown" ? `**${w(TITLE)}**` : TITLE));
  const leader = leaderWords(answer.sides);
  if (leader) {
    const best = [...answer.sides].sort((a, b) => b.luck - a.luck)[0];
    line((typed, w) => (best.luck && Math.round(best.luck * 10) ? `${typed(best.side)}${w(leader.slice(best.side.length))}` : w(leader)));
  }
  for (const side of answer.sides) {
    line((typed, w, f) => `${f === "markdown" ? "- " : ""}${typed(side.side)}${w(sideWords(side).slice(side.side.length))}`);
  }
  line(() => "");
  journal.battles.forEach((battle, i) => {
    const luck = answer.battles?.[i]?.luck;
    const said = luck ? `: ${signedIpcs(luck.luck)} IPCs for the attacker, ${percentileWords(luck.percentile).toLowerCase()}` : "";
    line((typed, w) => `${i + 1}${w(". ")}${typed(battle.attacker)}${w(" attacked ")}${typed(battle.defender)}` +
      `${battle.label ? ` (${typed(battle.label)})` : ""}${w(said)}`);
  });
  if (url) {
    const words = "See this journal on Luckdial";
    formats.text.push("", `${words}: ${url}`);
    formats.bbcode.push("", `[url=${url}]${words}[/url]`);
    formats.markdown.push("", `[${words}](${url})`);
  }
  const joiner = {text: "\n", bbcode: "\n", markdown: "  \n"};
  return Object.fromEntries(Object.entries(formats).map(([format, lines]) => [format, lines.join(joiner[format])]));
}
