// The page's side of the worker protocol: one module that talks to Python.
//
//   const client = createClient();
//   client.onProgress((p) => ...); client.onReady(() => ...); client.onFailed((message) => ...);
//   client.onRestart((reason) => ...); client.onBack(() => ...);   // a worker that died, and its successor
//   const envelope = await client.call({op: "rulesets"});   // {ok, result} or {ok: false, error}
//
// call() may be used before Python is ready: requests wait in the worker.
//
// Every call is answered, whatever happens to the worker:
// - a worker that dies (crash, out of memory; see worker.js's life lock) is reported and
//   restarted; the calls it held are answered {type: "engine_stopped"};
// - a call that runs past its time limit (kit/budgets.js: a link's decode 10 s, a calculation
//   60 s or what its estimate allows, …) is answered too_big in words naming what was stopped; the
//   worker is ended (Python cannot be interrupted otherwise) and restarted, and the calls queued
//   behind it go to the new one;
// - a worker of another build than the page is never used: the page is told a new
//   version is ready (onOutdated) and the calls are answered {type: "outdated"}.

import {BUILD} from "../build.js";
import {budgetFor, knownEstimate, noteEstimate} from "./budgets.js";

export {CALC_BUDGET_MS} from "./budgets.js";

const STALL_MS = 45_000; // no word from the worker for this long while loading: failed
const MAX_RESTARTS = 3; // deaths in a row, each before its successor answered anything
// A call's time is counted tick by tick, a gap between two ticks at most this long: a page that was asleep
// (a phone locked, a tab in the background, its timers held) never finds its call past its limit on waking.
const TICK_MOST_MS = 5_000;

const PAST_LIMIT = ({ms, message}) => ({ok: false, error: {type: "too_big", message, detail: {time_limit_ms: ms}}});
const STOPPED = (reason) => ({ok: false, error: {type: "engine_stopped",
  message: `The battle engine stopped (${reason}) and is restarting. Try again in a moment.`}});
const OUTDATED = {ok: false, error: {type: "outdated", message: "A new version of Luckdial is ready — reload the page."}};

/** The worker's boot steps as the page's own performance marks ("luckdial:main started", …): DevTools and bench/load.py read them. */
function markSteps(name, steps) {
  if (!Array.isArray(steps) || typeof performance.mark !== "function") return;
  for (const [step, epoch] of steps) {
    try {
      performance.mark(`luckdial:${name} ${step}`, {startTime: epoch - performance.timeOrigin});
    } catch {
      // a mark before this page's time origin (a worker older than the page): not worth a word
    }
  }
}

export function createClient({workerUrl = new URL("./worker.js", import.meta.url), stallMs = STALL_MS,
  name = "main"} = {}) {
  const pending = new Map(); // id → {resolve, request, budget: budgetFor's answer, spent: ms or null}; in the order sent
  const hooks = {progress: [], ready: [], failed: [], restart: [], back: [], outdated: []};
  let nextId = 1;
  let state = "loading"; // "loading" | "ready" | "failed"
  let everReady = false;
  let failure = null;
  let terminated = false;
  let lastProgress = null;
  let lastWord = Date.now();
  let worker = null;
  let life = null; // AbortController of the page's request for the worker's life lock
  let deaths = 0;
  let triedAgain = false; // a first start that failed has had its second worker
  let heard = false; // the current worker has said something (a worker whose script never came says nothing)
  let boot = null; // "snapshot" | "full" of the current worker
  let outdated = false; // the worker was of another build than the page

  const emit = (hook, value) => hooks[hook].forEach((fn) => fn(value));

  // The worker cannot tick while Python starts (one synchronous call of 1-4 s): for a step timed by
  // the clock it says where the step ends (`until`) and how long it should take (`expected`), and
  // the bar moves on here by that clock, easing towards the end without reaching it, until the
  // worker's next word. Only the worker's own words count as signs of life (the stall watchdog).
  let easing = null;
  let bootShown = 0; // the highest figure shown for the current worker's boot
  function ease(data) {
    clearInterval(easing);
    easing = null;
    if (!(data.until > data.done && data.expected > 0)) return;
    const from = Date.now() - (data.elapsed || 0);
    const start = data.done;
    let shown = data.done;
    easing = setInterval(() => {
      if (state !== "loading" || lastProgress !== data) {
        clearInterval(easing);
        easing = null;
        return;
      }
      const done = Math.max(start, Math.floor(data.until - (data.until - start) * Math.exp(-(Date.now() - from) / data.expected)));
      if (done <= shown || done <= bootShown) return;
      shown = bootShown = done;
      emit("progress", {...data, done, eased: true});
    }, 250);
  }

  function answerAll(envelope) {
    for (const [, {resolve}] of pending) resolve(typeof envelope === "function" ? envelope() : envelope);
    pending.clear();
  }

  function stopWorker() {
    life?.abort();
    life = null;
    worker?.terminate();
    worker = null;
  }

  function fail(message) {
    if (state === "failed") return;
    state = "failed";
    failure = message;
    clearInterval(watchdog);
    stopWorker();
    emit("failed", message);
    answerAll(() => (outdated ? OUTDATED : unavailable()));
  }

  /**
   * The worker could not start. Before the page has ever been ready, a failure that may pass (a
   * download cut short: a service worker stopped while answering, a dropped connection; not a stall,
   * which has already waited 45 s) gets one more worker, with the calls waiting for it, before the
   * page says the engine is offline.
   */
  function startFailed(message, again) {
    if (!again || everReady || triedAgain || state !== "loading") {
      fail(message);
      return;
    }
    triedAgain = true;
    startAnother("a download was cut short"); // the calls still pending go to it
  }

  const unavailable = () => ({ok: false, error: {type: "unavailable", message: `The battle engine did not load: ${failure}`}});
  const cancelled = () => ({ok: false, error: {type: "cancelled", message: failure}});

  /**
   * The worker died or was ended: answer what it held, and start another. `kept`: the calls still
   * pending did nothing wrong (the one stopped past its limit is answered already) and go to the new one.
   */
  function restart(reason, {kept = false} = {}) {
    if (state === "failed") return;
    if (!kept) answerAll(STOPPED(reason)); // resolved after this task: the worker is stopped by then (fail or startAnother)
    deaths++;
    if (deaths > MAX_RESTARTS) {
      fail(`the battle engine stopped ${deaths} times in a row (${reason})`);
      return;
    }
    startAnother(reason);
  }

  /** A new worker in place of the current one, loading from the start; start() posts it the calls pending. */
  function startAnother(reason) {
    stopWorker();
    state = "loading";
    lastWord = Date.now();
    bootShown = 0;
    for (const call of pending.values()) call.spent = null; // each call's clock starts again in the new worker
    emit("restart", reason);
    start();
  }

  function watchLife(workerName, mine) {
    if (!navigator.locks) return;
    life = new AbortController();
    navigator.locks.request(workerName, {signal: life.signal}, () => {
      // Granted: the worker no longer holds it, so it is gone.
      if (worker === mine) restart("it ran out of memory or crashed");
    }).catch(() => {}); // aborted: we ended it ourselves
  }

  /** The worker kit/boot.js started before the page's modules (the "main" client's first, once). */
  function adoptBooted() {
    const booted = globalThis.luckdialBoot;
    if (name !== "main" || !booted) return null;
    delete globalThis.luckdialBoot;
    booted.stop();
    if (booted.worker && booted.url === new URL(workerUrl, location.href).href) return booted;
    booted.worker?.terminate(); // another script than this client's: never used, never left running
    return null;
  }

  function start() {
    const booted = adoptBooted();
    const workerName = booted ? booted.name : `${name}#${Math.random().toString(36).slice(2)}`;
    let mine;
    heard = false;
    try {
      mine = worker = booted ? booted.worker : new Worker(workerUrl, {type: "module", name: workerName});
    } catch (error) {
      queueMicrotask(() => fail(`This browser cannot start the battle engine (${error.message}).`));
      return;
    }
    const onMessage = (event) => {
      if (worker !== mine) return;
      const data = event.data || {};
      lastWord = Date.now();
      heard = true;
      if (data.type === "alive") {
        watchLife(workerName, mine);
      } else if (data.type === "progress") {
        // Never back within one worker's boot: a return visit's boot that finds no snapshot starts
        // its steps again from 0, after the page's clock may have moved "Reading the saved Python" on.
        const progress = {...data, done: Math.max(data.done, bootShown)};
        bootShown = progress.done;
        lastProgress = progress;
        emit("progress", progress);
        ease(progress);
      } else if (data.type === "ready") {
        if (state !== "loading") return;
        if (data.build !== BUILD) { // another build's worker (an update arrived meanwhile): never mix
          outdated = true;
          fail("a new version of Luckdial is ready — reload the page");
          emit("outdated");
          // Whichever client hears it first, the page says it once (app.js).
          dispatchEvent(new CustomEvent("luckdial:outdated"));
          return;
        }
        state = "ready";
        boot = data.boot;
        markSteps(name, data.steps);
        if (!everReady) {
          everReady = true;
          emit("ready");
        } else {
          emit("back");
        }
      } else if (data.type === "failed") {
        startFailed(data.message, data.again);
      } else if (data.type === "spent") {
        restart(data.reason || "it ran out of memory"); // its answer is out; calls queued behind it are not
      } else if (pending.has(data.id)) {
        deaths = 0;
        pending.get(data.id).resolve(data.response);
        pending.delete(data.id);
      }
    };
    const onError = (event) => {
      event.preventDefault();
      if (worker !== mine) return;
      if (state === "loading") startFailed(event.message || "the worker script could not be loaded", true);
    };
    mine.addEventListener("message", onMessage);
    mine.addEventListener("error", onError);
    // What the booted worker said before this page's modules ran, in its order.
    for (const event of booted ? booted.early : []) (event.type === "error" ? onError : onMessage)(event);
    // Calls made while the previous worker was dying go to this one.
    for (const [id, {request}] of pending) mine.postMessage({id, request});
  }

  // Loading that stalls fails; a call past its budget ends the worker. Calls run one at a time
  // in the worker, so a call's clock starts when it is the oldest one left and Python is ready.
  let lastTick = Date.now();
  const watchdog = setInterval(() => {
    const now = Date.now();
    const step = Math.min(Math.max(0, now - lastTick), TICK_MOST_MS);
    lastTick = now;
    if (state === "loading" && now - lastWord > stallMs) {
      // A worker that never said a word: its script was lost on the way (a service worker stopped while
      // answering leaves the request hanging), so one more worker is tried; one that stalled later is not.
      startFailed(`nothing arrived for ${Math.round(stallMs / 1000)} s`, !heard);
      return;
    }
    if (state !== "ready") return;
    const head = pending.values().next().value;
    if (!head) return;
    head.spent = head.spent === null ? 0 : head.spent + step;
    if (head.spent > head.budget.ms) {
      pending.delete([...pending.keys()][0]);
      head.resolve(PAST_LIMIT(head.budget));
      restart(head.budget.reason, {kept: true});
    }
  }, 1000);

  start();

  return {
    /** Send one request object; resolves to the response envelope, never rejects. */
    call(request) {
      if (state === "failed") return Promise.resolve(terminated ? cancelled() : outdated ? OUTDATED : unavailable());
      const id = nextId++;
      const budget = budgetFor(request, knownEstimate(request));
      return new Promise((settle) => {
        const resolve = (envelope) => {
          noteEstimate(request, envelope); // a calculation's estimate sets its budget when it is run
          settle(envelope);
        };
        pending.set(id, {resolve, request, budget, spent: null});
        worker?.postMessage({id, request});
      });
    },
    onProgress(hook) {
      hooks.progress.push(hook);
      if (lastProgress && state === "loading") hook(lastProgress);
    },
    onReady(hook) {
      hooks.ready.push(hook);
      if (everReady && state !== "failed") queueMicrotask(hook);
    },
    onFailed(hook) {
      hooks.failed.push(hook);
      if (state === "failed") queueMicrotask(() => hook(failure));
    },
    /** A worker died or was ended and another is starting; `reason` in words. */
    onRestart(hook) {
      hooks.restart.push(hook);
    },
    /** The restarted worker is ready. */
    onBack(hook) {
      hooks.back.push(hook);
    },
    /** The worker belongs to another build than the page: the page must be reloaded. */
    onOutdated(hook) {
      hooks.outdated.push(hook);
    },
    /**
     * Stop the worker at once, even in the middle of a Python call (a cancelled calculation).
     * Pending and later calls resolve to {ok: false, error: {type: "cancelled"}}; the client is
     * spent: make a new one for more work.
     */
    terminate(message = "Cancelled.") {
      terminated = true;
      clearInterval(watchdog);
      stopWorker();
      failure = message;
      state = "failed";
      answerAll(cancelled());
    },
    /** A promise of "ready" or "failed", whichever comes first (already settled: at once). */
    settled() {
      return new Promise((resolve) => {
        this.onReady(() => resolve("ready"));
        this.onFailed(() => resolve("failed"));
      });
    },
    get state() {
      return state;
    },
    /** How the current worker started: "snapshot" (the return visit's fast path) or "full". */
    get boot() {
      return boot;
    },
  };
}
