// How long one call to the worker may take before the page stops it (docs/api.md, "The page's budgets").
// Python cannot be interrupted inside a call, so a call past its limit has its worker ended and another
// started (kit/client.js): one hostile or broken request never holds the page's Python, and every call
// queued behind it, for minutes. Each limit is many times the slowest legitimate request of its op
// measured in Pyodide, so that a slow phone's honest request is never the one stopped.
//
// Not for: pycore's own cost budget (the work a calculation may take, decided before it starts).

/** A calculation's time budget when the page knows no estimate of it: past it the worker is ended. */
export const CALC_BUDGET_MS = 60_000;

/** A calculation the page has an estimate for: that many times its seconds plus a floor, within bounds. */
const CALC_TIMES_ESTIMATE = 4;
const CALC_PLUS_MS = 20_000;
const CALC_LEAST_MS = 30_000;
const CALC_MOST_MS = 180_000;

const RETRY = "The battle engine is restarting: try again in a moment.";

// Each op's limit, what the player is told it was doing, and what to do next. The figures behind each
// limit are in docs/api.md ("The page's budgets").
const LIMITS = Object.freeze({
  decode: {ms: 10_000, doing: "Opening this link", next: "It may be damaged, or made to be slow."},
  share: {ms: 10_000, doing: "Making the link", next: RETRY},
  rulesets: {ms: 10_000, doing: "Loading the rules", next: RETRY},
  estimate: {ms: 10_000, doing: "Estimating this calculation", next: RETRY},
  resolve: {ms: 30_000, doing: "Playing this battle", next: "Try fewer units or rounds."},
  wif: {ms: 10_000, doing: "Reading the World in Flames table", next: RETRY},
  research: {ms: 10_000, doing: "Rolling this research", next: "Try fewer steps or dice."},
  bombing: {ms: 10_000, doing: "Rolling this bombing raid", next: "Try fewer bombers."},
  journal: {ms: 45_000, doing: "Summing this journal", next: "Try it in parts."},
  other: {ms: CALC_BUDGET_MS, doing: "This request", next: RETRY},
});

// The ops whose work pycore estimates before it starts (`estimate: true`): a calculation, and a turn, which
// works a calculation per army of each battle (docs/rules.md §9.5).
const ESTIMATED = new Set(["calc", "plan_turn"]);

const seconds = (ms) => Math.round(ms / 1000); // in words with a no-break space: "10 s" never split on a phone

/** Which row of LIMITS a request is: its op, a link's decode and a calculation's estimate apart. */
function rowOf(request) {
  const op = request?.op;
  if (op === "share" && request.decode !== undefined) return "decode";
  if (ESTIMATED.has(op) && request.estimate === true) return "estimate";
  return Object.hasOwn(LIMITS, op) && !ESTIMATED.has(op) ? op : "other";
}

/**
 * A call's time limit and what the player is told past it: {ms, reason, message}. A calculation has
 * 4 × its estimate + 20 s (30 s to 180 s) where the page knows an estimate (`estimateSeconds`, pycore's
 * `estimate.seconds`: Pyodide's seconds), else CALC_BUDGET_MS. `reason` names what was stopped for the
 * status line ("opening this link ran past its time limit"). Pure: tests/js/budgets.test.mjs.
 */
export function budgetFor(request, estimateSeconds = null) {
  if (ESTIMATED.has(request?.op) && request.estimate !== true) {
    const known = Number.isFinite(estimateSeconds) && estimateSeconds >= 0;
    const ms = known
      ? Math.min(CALC_MOST_MS, Math.max(CALC_LEAST_MS, Math.round(CALC_TIMES_ESTIMATE * estimateSeconds * 1000 + CALC_PLUS_MS)))
      : CALC_BUDGET_MS;
    if (request.op === "plan_turn") {
      return {ms, reason: "a turn's plan ran past its time budget",
        message: `This turn is too big for this device: it ran past the ${seconds(ms)}\u00a0s budget and was stopped. ` +
          "Try fewer units or fewer territories."};
    }
    return {ms, reason: "a calculation ran past its time budget",
      message: `This calculation is too big for this device: it ran past the ${seconds(ms)}\u00a0s budget and was stopped. ` +
        "Try fewer units, a round limit, or a smaller battle."};
  }
  const {ms, doing, next} = LIMITS[rowOf(request)];
  return {ms, reason: `${doing.charAt(0).toLowerCase()}${doing.slice(1)} ran past its time limit`,
    message: `${doing} took longer than ${seconds(ms)}\u00a0s and was stopped. ${next}`};
}

// ---- the estimates the page has seen --------------------------------------------------------------
// The Odds screen asks pycore for a shared calculation's estimate ({...calc, estimate: true}) before it
// runs it, on another client than the one that calculates: the estimates are kept here, by the
// calculation they are of, for whichever client then runs it.
const KEPT = 20;
const estimates = new Map(); // canonical text of a calc request without `estimate` → its seconds

/** A request as text with every object's keys sorted and `estimate` left out: the same calculation, the same text. */
export function canonical(request) {
  const sorted = (value) => {
    if (Array.isArray(value)) return value.map(sorted);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted(value[key])]));
  };
  const {estimate: _estimate, ...rest} = request || {};
  return JSON.stringify(sorted(rest));
}

/** Keep the estimate an answer to {...calc, estimate: true} carries (any other call: nothing). */
export function noteEstimate(request, envelope) {
  if (!ESTIMATED.has(request?.op) || request.estimate !== true || !envelope?.ok) return;
  const secondsOf = envelope.result?.estimate?.seconds;
  if (!Number.isFinite(secondsOf)) return;
  const key = canonical(request);
  estimates.delete(key);
  estimates.set(key, secondsOf);
  if (estimates.size > KEPT) estimates.delete(estimates.keys().next().value);
}

/** The estimate kept for this calculation, or null. */
export function knownEstimate(request) {
  if (!ESTIMATED.has(request?.op) || request.estimate === true) return null;
  return estimates.get(canonical(request)) ?? null;
}
