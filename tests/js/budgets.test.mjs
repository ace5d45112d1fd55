// Every call to the worker has a time limit that fits its op (web/kit/budgets.js; docs/api.md "The page's
// budgets"): past it the client ends the worker and answers in words naming what was stopped.
import {test} from "node:test";
import assert from "node:assert/strict";
import {CALC_BUDGET_MS, budgetFor, canonical, knownEstimate, noteEstimate} from "../../web/kit/budgets.js";
import {linkWords} from "../../web/kit/feedback.js";

const CALC = {op: "calc", ruleset: "classic", system: {name: "dice"},
  attacker: {units: {infantry: 3, tank: 2}}, defender: {units: {infantry: 4}}};
const seconds = (request, estimate) => budgetFor(request, estimate).ms / 1000;

test("each op has its own limit", () => {
  assert.equal(seconds({op: "share", decode: "v1.abc"}), 10);
  assert.equal(seconds({op: "share", encode: CALC}), 10);
  assert.equal(seconds({op: "share", commit: {}, secret: "x"}), 10);
  assert.equal(seconds({op: "rulesets"}), 10);
  assert.equal(seconds({...CALC, estimate: true}), 10);
  assert.equal(seconds({op: "resolve"}), 30);
  assert.equal(seconds({op: "wif", catalogue: true}), 10);
  assert.equal(seconds({op: "research"}), 10);
  assert.equal(seconds({op: "bombing"}), 10);
  assert.equal(seconds({op: "journal", battles: []}), 45);
  assert.equal(seconds(CALC), CALC_BUDGET_MS / 1000);
  assert.equal(CALC_BUDGET_MS, 60_000);
});

test("an op the table does not know, or no request at all, gets the calculation's 60 s", () => {
  assert.equal(seconds({op: "nonsense"}), 60);
  assert.equal(seconds({op: "toString"}), 60); // a name of Object.prototype is no row
  assert.equal(seconds(null), 60);
  assert.equal(seconds(undefined), 60);
});

test("a calculation with an estimate: 4 × its seconds + 20 s, from 30 s to 180 s", () => {
  assert.equal(seconds(CALC, 0.1), 30);
  assert.equal(seconds(CALC, 5), 40);
  assert.equal(seconds(CALC, 20), 100);
  assert.equal(seconds(CALC, 37), 168);
  assert.equal(seconds(CALC, 318), 180);
  for (const unknown of [null, undefined, NaN, -1, Infinity]) assert.equal(seconds(CALC, unknown), 60, String(unknown));
  // An estimate is never its own calculation: the estimate call keeps its own limit.
  assert.equal(seconds({...CALC, estimate: true}, 20), 10);
});

test("the words name what was stopped, and the calculation keeps its own", () => {
  const link = budgetFor({op: "share", decode: "v1.abc"});
  assert.equal(link.message, "Opening this link took longer than 10\u00a0s and was stopped. It may be damaged, or made to be slow.");
  assert.equal(link.reason, "opening this link ran past its time limit");
  assert.match(budgetFor({op: "resolve"}).message, /^Playing this battle took longer than 30\u00a0s and was stopped\. Try fewer units or rounds\.$/);
  assert.match(budgetFor({op: "journal"}).message, /^Summing this journal took longer than 45\u00a0s/);
  assert.match(budgetFor(CALC).message, /^This calculation is too big for this device: it ran past the 60\u00a0s budget and was stopped\./);
  assert.match(budgetFor(CALC, 20).message, /the 100\u00a0s budget/);
  for (const request of [{op: "rulesets"}, {op: "wif"}, {op: "share", encode: CALC}, {op: "bombing"}, {op: "research"}, {op: "x"}]) {
    const {message} = budgetFor(request);
    assert.doesNotMatch(message, /too big|report|bug/i, message);
    assert.match(message, /took longer than \d+\u00a0s and was stopped\. \S/, message);
  }
});

test("an estimate the page was given sets the budget of the same calculation, whoever asked", () => {
  assert.equal(knownEstimate(CALC), null);
  const reordered = {defender: {units: {infantry: 4}}, attacker: {units: {tank: 2, infantry: 3}},
    system: {name: "dice"}, ruleset: "classic", op: "calc"};
  assert.equal(canonical(CALC), canonical(reordered));
  assert.equal(canonical({...CALC, estimate: true}), canonical(CALC));
  noteEstimate({...CALC, estimate: true}, {ok: true, result: {estimate: {seconds: 5, method: "ladder"}}});
  assert.equal(knownEstimate(reordered), 5);
  assert.equal(seconds(reordered, knownEstimate(reordered)), 40);
  assert.equal(knownEstimate({...CALC, estimate: true}), null);
  // Another battle, a failed estimate, or an answer that is not an estimate's: nothing kept.
  const other = {...CALC, defender: {units: {infantry: 5}}};
  noteEstimate({...other, estimate: true}, {ok: false, error: {type: "bad_request"}});
  noteEstimate(other, {ok: true, result: {estimate: {seconds: 9}}});
  assert.equal(knownEstimate(other), null);
  // At most 20 kept, the oldest forgotten first.
  for (let n = 0; n < 20; n++) {
    noteEstimate({...CALC, defender: {units: {infantry: 10 + n}}, estimate: true}, {ok: true, result: {estimate: {seconds: n}}});
  }
  assert.equal(knownEstimate(CALC), null);
  assert.equal(knownEstimate({...CALC, defender: {units: {infantry: 29}}}), 19);
});

test("a link stopped past its limit is said in the client's words, not as damaged", () => {
  const stopped = {type: "too_big", message: budgetFor({op: "share", decode: "v1."}).message, detail: {time_limit_ms: 10_000}};
  assert.equal(linkWords(stopped),
    "Opening this link took longer than 10\u00a0s and was stopped. It may be damaged, or made to be slow. What you entered is kept.");
  assert.equal(linkWords(stopped, "Your journal is kept."),
    "Opening this link took longer than 10\u00a0s and was stopped. It may be damaged, or made to be slow. Your journal is kept.");
  const damaged = {type: "bad_request", field: "decode", message: "decode: the link is damaged (cut short or edited): it does not decode"};
  assert.equal(linkWords(damaged),
    "This link is damaged (cut short or edited): it does not decode. What you entered is kept.");
  // pycore's own too_big (a link that would not read back) is damaged, not stopped.
  assert.match(linkWords({type: "too_big", field: "link", message: "link: too long"}), /^This link is damaged or was edited: too long\./);
});

test("a turn's plan is a calculation: its estimate 10 s, its run 60 s or 4 × a known estimate + 20 s, in a turn's words", () => {
  const TURN = {op: "plan_turn", ruleset: "1942-2e", system: {name: "dice"}, available: {infantry: 4, tank: 2},
    battles: [{name: "Karelia", defender: {units: {infantry: 2}}, territory_value: 3}]};
  assert.equal(seconds({...TURN, estimate: true}), 10);
  assert.match(budgetFor({...TURN, estimate: true}).message, /^Estimating this calculation took longer than 10\u00a0s/);
  assert.equal(seconds(TURN), 60);
  assert.equal(seconds(TURN, 5), 40);
  assert.equal(seconds(TURN, 318), 180);
  const stopped = budgetFor(TURN, 20);
  assert.equal(stopped.message, "This turn is too big for this device: it ran past the 100\u00a0s budget and was stopped. " +
    "Try fewer units or fewer territories.");
  assert.equal(stopped.reason, "a turn's plan ran past its time budget");
  // The estimate a link's opening asked (on the page's client) sets the budget of the plan (on the calculator's).
  assert.equal(knownEstimate(TURN), null);
  noteEstimate({...TURN, estimate: true}, {ok: true, result: {estimate: {seconds: 0.65, method: "ladder"}, link: "v1.x"}});
  assert.equal(knownEstimate(TURN), 0.65);
  assert.equal(seconds(TURN, knownEstimate(TURN)), 30);
  assert.equal(knownEstimate({...CALC, available: TURN.available}), null, "a calculation is not the turn");
});
