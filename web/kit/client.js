// The page's side of the worker protocol: one module that talks to Python.
//
//   const client = createClient();
//   client.onProgress((p) => ...); client.onReady(() => ...); client.onFailed((message) => ...);
//   const envelope = await client.call({op: "rulesets"});   // {ok, result} or {ok: false, error}
//
// call() may be used before Python is ready: requests wait in the worker.

const STALL_MS = 45_000; // no word from the worker for this long while loading: failed

export function createClient({workerUrl = new URL("./worker.js", import.meta.url), stallMs = STALL_MS} = {}) {
  const pending = new Map();
  const hooks = {progress: [], ready: [], failed: []};
  let nextId = 1;
  let state = "loading"; // "loading" | "ready" | "failed"
  let failure = null;
  let terminated = false;
  let lastProgress = null;
  let lastWord = Date.now();

  const emit = (name, value) => hooks[name].forEach((hook) => hook(value));

  function fail(message) {
    if (state !== "loading") return;
    state = "failed";
    failure = message;
    clearInterval(watchdog);
    worker?.terminate();
    emit("failed", message);
    for (const [, {resolve}] of pending) resolve(unavailable());
    pending.clear();
  }

  const unavailable = () => ({ok: false, error: {type: "unavailable", message: `The battle engine did not load: ${failure}`}});
  const cancelled = () => ({ok: false, error: {type: "cancelled", message: failure}});

  let worker = null;
  try {
    worker = new Worker(workerUrl, {type: "module"});
  } catch (error) {
    queueMicrotask(() => fail(`This browser cannot start the battle engine (${error.message}).`));
  }

  worker?.addEventListener("message", (event) => {
    const data = event.data || {};
    lastWord = Date.now();
    if (data.type === "progress") {
      lastProgress = data;
      emit("progress", data);
    } else if (data.type === "ready") {
      if (state !== "loading") return;
      state = "ready";
      clearInterval(watchdog);
      emit("ready");
    } else if (data.type === "failed") {
      fail(data.message);
    } else if (pending.has(data.id)) {
      pending.get(data.id).resolve(data.response);
      pending.delete(data.id);
    }
  });
  worker?.addEventListener("error", (event) => {
    event.preventDefault();
    fail(event.message || "the worker script could not be loaded");
  });

  const watchdog = setInterval(() => {
    if (state === "loading" && Date.now() - lastWord > stallMs) {
      fail(`nothing arrived for ${Math.round(stallMs / 1000)} s`);
    }
  }, 1000);

  return {
    /** Send one request object; resolves to the response envelope, never rejects. */
    call(request) {
      if (state === "failed") return Promise.resolve(terminated ? cancelled() : unavailable());
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, {resolve});
        worker.postMessage({id, request});
      });
    },
    onProgress(hook) {
      hooks.progress.push(hook);
      if (lastProgress && state === "loading") hook(lastProgress);
    },
    onReady(hook) {
      hooks.ready.push(hook);
      if (state === "ready") queueMicrotask(hook);
    },
    onFailed(hook) {
      hooks.failed.push(hook);
      if (state === "failed") queueMicrotask(() => hook(failure));
    },
    /**
     * Stop the worker at once, even in the middle of a Python call (a cancelled calculation).
     * Pending and later calls resolve to {ok: false, error: {type: "cancelled"}}; the client is
     * spent: make a new one for more work.
     */
    terminate(message = "Cancelled.") {
      terminated = true;
      clearInterval(watchdog);
      worker?.terminate();
      failure = message;
      state = "failed";
      for (const [, {resolve}] of pending) resolve(cancelled());
      pending.clear();
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
  };
}
