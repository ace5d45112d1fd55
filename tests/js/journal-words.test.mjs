// The journal in words and as a forum post (web/journal/journal-words.js, issue #33): the leader, a side's
// numbers, and a player's typed names escaped as pycore/report.py escapes them (quill brackets, a word
// joiner after "<" and in "://"; a Markdown code span).
import {test} from "node:test";
import assert from "node:assert/strict";
import {escapeMarkdown, escapeText, journalPost, leaderWords, sideWords} from "../../web/journal/journal-words.js";

const SIDES = [
  {side: "Germany", battles: 3, luck: 5.79, sd: 10.59, z: 0.547, percentile: 0.71, exact: true},
  {side: "Russia", battles: 3, luck: -5.79, sd: 10.59, z: -0.547, percentile: 0.29, exact: true}];

test("the leader: the side with the most luck, or nobody when every total is about zero", () => {
  assert.equal(leaderWords(SIDES), "Germany was luckier: +5.8 IPCs over 3 battles.");
  assert.match(leaderWords(SIDES.map((s) => ({...s, luck: 0.01}))), /^Nobody was luckier/);
  assert.equal(leaderWords([]), null);
});

test("a side's numbers: IPCs, standard deviations, the exact percentile", () => {
  assert.equal(sideWords(SIDES[0]), "Germany: +5.8 IPCs, +0.5 SD over 3 battles — luckier than 71 % of outcomes");
  assert.equal(sideWords({...SIDES[1], z: null, exact: false}),
    "Russia: −5.8 IPCs over 3 battles — unluckier than 71 % of outcomes (some battles sampled)");
});

test("typed text never becomes markup", () => {
  assert.equal(escapeText("[url=http://x]<b>"), "⁅url=http:\u2060//x⁆<\u2060b>");
  assert.equal(escapeMarkdown("a `b` c"), "``a `b` c``");
  assert.equal(escapeMarkdown("`x"), "`` `x ``");
});

test("the post: title, leader, sides, battles, the link — a typed name escaped in every format", () => {
  const journal = {battles: [{attacker: "[b]Hans[/b]", defender: "Russia", label: "Karelia *turn 3*"}]};
  const answer = {sides: [{...SIDES[0], side: "[b]Hans[/b]", battles: 1}, {...SIDES[1], battles: 1}],
    battles: [{luck: {luck: 4.125, percentile: 0.875}}]};
  const post = journalPost(journal, answer, "https://a.github.io/luckdial/#v1.abc");
  assert.ok(!post.bbcode.includes("[b]Hans"), post.bbcode);
  assert.match(post.bbcode, /^\[b\]Game journal: who was luckier\[\/b\]\n⁅b⁆Hans⁅\/b⁆ was luckier: \+5\.8 IPCs over 1 battle\./);
  assert.match(post.bbcode, /1\. ⁅b⁆Hans⁅\/b⁆ attacked Russia \(Karelia \*turn 3\*\): \+4\.1 IPCs for the attacker, luckier than 88 % of outcomes/);
  assert.match(post.bbcode, /\[url=https:\/\/a\.github\.io\/luckdial\/#v1\.abc\]See this journal on Luckdial\[\/url\]$/);
  assert.match(post.markdown, /`\[b\]Hans\[\/b\]` was luckier/);
  assert.match(post.markdown, /\(`Karelia \*turn 3\*`\)/);
  assert.match(post.markdown, /\[See this journal on Luckdial\]\(https:\/\/a\.github\.io\/luckdial\/#v1\.abc\)$/);
  assert.match(post.text, /^Game journal: who was luckier\n/);
  assert.match(post.text, /See this journal on Luckdial: https:\/\/a\.github\.io\/luckdial\/#v1\.abc$/);
});
