// Module Web Worker: loads the self-hosted Pyodide and the pycore package,
// then answers {id, request} messages with {id, response}. The page never
// freezes, because Python runs here.
//
// Protocol (client.js is the other side):
//   page → worker  {id, request}
//   worker → page  {type: "alive"}                      the worker holds its life lock (see below)
//                  {type: "progress", stage, done, total} while loading
//                  {type: "ready", build, boot, steps}   boot: "snapshot" | "full"; steps: [[name, epoch ms], …]
//                  {type: "failed", message}
//                  {id, response}   response = parsed api.handle envelope
//                  {type: "spent", reason}               after pycore ran out of memory (or failed): restart me
//
// Two boots. A return visit restores a memory snapshot of the interpreter taken
// just after pycore was imported (Pyodide's `_loadSnapshot`): no interpreter
// start-up, no imports. The first visit boots in full and, once Python has
// answered, takes that snapshot and keeps it in Cache Storage under this
// build's id, so a new build never restores an old one. A snapshot that fails
// in any way is dropped and the ordinary boot follows, with nothing said.
//
// Life lock: the worker holds the Web Lock named after itself (its `name`)
// for as long as it lives; the page asks for the same lock and is granted it
// the moment the worker dies, however it dies (crash, out of memory, close()).

// No static import: the runtime's big files are asked for (EARLY, below) before this worker waits
// for any module of its own; build.js and Pyodide's loader follow in parallel (load()).
// Measured with bench/load.py's worker marks: static imports held the first byte of the wasm
// back by their own round trip (~40–130 ms on a busy machine).
let BUILD = null; // this build's id (build.js), once load() has it

const PYODIDE_DIR = new URL("../pyodide/", import.meta.url).href;
const PYCORE_ZIP = new URL("../pycore.zip", import.meta.url).href;
// pycore.zip is put on sys.path as it is (Python's own zipimport reads the bytecode from it), not
// unpacked: pyodide.unpackArchive ran shutil and zipfile in Python and wrote 70 files, 40–110 ms of
// the boot (bench/load.py's marks; the most on a return visit), for a 2 ms copy of one file.
const PYCORE_PATH = "/home/pyodide/pycore.zip";
const STALL_MS = 45_000; // no byte for this long while loading: give up and say why
const SNAPSHOTS = "luckdial-snapshots"; // Cache Storage name; the service worker leaves it alone
const snapshotUrl = () => new URL(`../snapshot/${BUILD}.bin`, import.meta.url).href; // a cache key, never fetched
const MAKES_SNAPSHOT = self.name.startsWith("main"); // the page's first worker; the calculator's only reads

// The steps of a boot and their share of its time (measured with bench/load.py),
// so the bar moves with the work: downloads by their bytes, the rest by the clock
// towards each step's end, never past it, never back.
/** @type {Array<[string, number, number]>} [name, share of the boot, expected ms (0: by bytes)] */
const FULL_STEPS = [
  ["Downloading the battle engine", 0.55, 0],
  ["Starting the battle engine", 0.3, 1500],
  ["Loading the rules", 0.15, 800],
];
/** @type {Array<[string, number, number]>} */
const SNAPSHOT_STEPS = [
  ["Reopening the battle engine", 0.3, 300],
  ["Starting the battle engine", 0.5, 600],
  ["Loading the rules", 0.2, 150],
];
// Bytes each file stands for within "Downloading the battle engine" (rough sizes in MB): the files Pyodide
// fetches. Its pyodide.asm.mjs is imported (import()), never fetched, so it is not counted here: it
// was, and its share never came, so on a first visit the bar stopped at 49 % "Downloading the battle engine"
// through the whole interpreter start and "Starting the battle engine" was never shown.
const WEIGHTS = {"pyodide.asm.wasm": 9.6, "python_stdlib.zip": 2.5, "pycore.zip": 0.1};
const fileShare = Object.fromEntries(Object.keys(WEIGHTS).map((name) => [name, 0]));
const WEIGHT_SUM = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);

// When each step of the boot ended (performance.timeOrigin + now: the page turns them into its own
// performance marks, "luckdial:worker …", which bench/load.py reports and DevTools shows).
const timings = [];
const mark = (name) => timings.push([name, performance.timeOrigin + performance.now()]);
mark("started");

let steps = FULL_STEPS;
let step = -1;
let stepStarted = 0;
let shown = 0; // the last fraction posted: the bar never moves back
let lastProgress = Date.now();
let settled = false;

function post(message) {
  self.postMessage(message);
}

function fractionNow() {
  if (step < 0) return 0;
  const before = steps.slice(0, step).reduce((sum, [, share]) => sum + share, 0);
  const [, share, expected] = steps[step];
  let within;
  if (expected === 0) { // a download: its bytes
    within = Object.entries(fileShare).reduce((sum, [name, part]) => sum + WEIGHTS[name] * part, 0) / WEIGHT_SUM;
  } else { // by the clock, easing towards the end of the step without reaching it
    within = 1 - Math.exp(-(Date.now() - stepStarted) / expected);
  }
  return before + share * Math.min(0.98, within);
}

let posted = ""; // the last progress message: the page hears only of a change it can show
function report() {
  lastProgress = Date.now();
  shown = Math.max(shown, fractionNow());
  const stage = step >= 0 ? steps[step][0] : "Starting";
  const done = Math.floor(shown * 100);
  // One message per whole percent or step, not per downloaded chunk (thousands): each one
  // costs the page's main thread a repaint, which Lighthouse counted as blocking time.
  if (`${stage}|${done}` === posted) return;
  posted = `${stage}|${done}`;
  // A step timed by the clock also says where it ends and how long it should take: the worker's
  // own ticks stop while Python starts (its start is one synchronous call here), so the page moves
  // the bar on towards the step's end by the same clock (kit/client.js), never past it.
  const message = {type: "progress", stage, done, total: 100};
  const expected = step >= 0 ? steps[step][2] : 0;
  if (expected) {
    const before = steps.slice(0, step).reduce((sum, [, share]) => sum + share, 0);
    Object.assign(message, {until: Math.floor(100 * (before + steps[step][1] * 0.98)),
      expected, elapsed: Date.now() - stepStarted});
  }
  post(message);
}

function enter(name) {
  step = steps.findIndex(([stage]) => stage === name);
  stepStarted = Date.now();
  report();
}

const ticker = setInterval(() => { if (!settled && steps[step]?.[2]) report(); }, 250);

/** Loading failed: said once. `again` (all but a stall) lets the page try one more worker (kit/client.js). */
function fail(message, again = true) {
  if (settled) return;
  settled = true;
  clearInterval(ticker);
  post({type: "failed", message, again});
}

// Count the bytes of each file Pyodide fetches, without touching the bodies'
// content: the response is re-wrapped with the same status and headers (the
// wasm needs its application/wasm type for streaming compilation).
const realFetch = self.fetch.bind(self);
// The runtime's big files are asked for at once, while the worker still reads the snapshot and
// Pyodide's loader is being fetched and parsed; Pyodide's own fetch of the same URL, later, takes
// the response already under way (once). Measured with bench/load.py's worker marks.
const EARLY = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
const early = new Map(EARLY.map((name) => {
  const url = PYODIDE_DIR + name;
  const response = realFetch(url);
  response.catch(() => {}); // a failure is Pyodide's own fetch's to report
  return [url, response];
}));
const imports = Promise.all([import("../build.js"), import("../pyodide/pyodide.mjs")]);
imports.catch(() => {}); // awaited in load(), which reports the failure
// Not done (measured with bench/load.py, alternating sittings of 3 runs at load 6–8): compiling the
// wasm with WebAssembly.compileStreaming from the worker's first moment, for Pyodide's instantiation
// to take: return visits' Python ready / bare 0.21, 0.20 with it against 0.26, 0.27 without (met
// either way), but a return visit's shared link showed its forces at 507, 532 ms with it against
// 475, 422 without (the page's set-up then had less of the two cores), the first visit unchanged.
// Importing pyodide.asm.mjs at the start as well: first visit / bare 0.65, 0.59 against 0.50, 0.54.

self.fetch = async function countingFetch(input, init) {
  const url = String(input instanceof Request ? input.url : input);
  const name = url.split("?")[0].split("/").pop();
  const started = early.get(url);
  early.delete(url);
  if (!(name in WEIGHTS)) return started || realFetch(input, init);
  let response;
  try {
    response = await (started || realFetch(input, init));
  } catch (error) {
    // Pyodide's loader may swallow this and wait forever: say it now.
    fail(`Could not download ${name} (${describe(error)}).`);
    throw error;
  }
  if (!response.ok) fail(`Could not download ${name} (HTTP ${response.status}).`);
  if (!response.body) return response;
  // A gzipped body's length is of the compressed bytes, while the stream gives the unpacked
  // ones: then the file's known size is the measure.
  const length = response.headers.get("content-encoding") ? WEIGHTS[name] * 1e6
    : Number(response.headers.get("content-length")) || 0;
  let received = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      fileShare[name] = length ? Math.min(1, received / length) : 0.5;
      report();
      controller.enqueue(chunk);
    },
    flush() {
      fileShare[name] = 1;
      mark(`${name} downloaded`); // when each file was in, beside the boot's steps (bench/load.py)
      report();
      // Every big file is in: what remains is the interpreter's start.
      const big = ["pyodide.asm.wasm", "python_stdlib.zip"];
      if (steps === FULL_STEPS && step === 0 && big.every((file) => fileShare[file] === 1)) enter("Starting the battle engine");
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
};

function describe(error) {
  const text = error && error.message ? error.message : String(error);
  return text.length > 300 ? text.slice(0, 300) + "…" : text;
}

let pyodide = null;
let handle = null; // pycore.api.handle, a PyProxy, once loaded
let boot = null; // "snapshot" | "full"

const IMPORT_PYCORE = `
import sys
if ${JSON.stringify(PYCORE_PATH)} not in sys.path: sys.path.insert(0, ${JSON.stringify(PYCORE_PATH)})
import pycore.api
`;
// Before a snapshot: every module of pycore, so a restored interpreter imports nothing.
const IMPORT_ALL = `
import importlib, pkgutil, pycore
for _info in pkgutil.walk_packages(pycore.__path__, "pycore."):
    if not _info.name.endswith("__main__"): importlib.import_module(_info.name)
del _info
`;

async function loadPycore(pycoreBytes) {
  // The archive lives in the virtual file system, which a snapshot does not hold: written every time
  // (a restored interpreter has imported every module already, but its zipimport knows this path).
  pyodide.FS.writeFile(PYCORE_PATH, new Uint8Array(await pycoreBytes));
  mark("pycore written");
  pyodide.runPython(IMPORT_PYCORE);
  mark("pycore imported");
  handle = pyodide.pyimport("pycore.api").handle;
}

async function fromSnapshot(loadPyodide, pycoreBytes) {
  steps = SNAPSHOT_STEPS;
  enter("Reopening the battle engine");
  const bytes = await readSnapshot();
  mark("snapshot read");
  if (!bytes) return false;
  try {
    enter("Starting the battle engine");
    pyodide = await loadPyodide({indexURL: PYODIDE_DIR, stdout: () => {}, stderr: () => {}, _loadSnapshot: bytes});
    mark("Python started");
    enter("Loading the rules");
    await loadPycore(pycoreBytes);
    // A restored interpreter must answer like a fresh one before it is trusted.
    const probe = JSON.parse(handle(JSON.stringify({op: "rulesets"})));
    if (!probe.ok) throw new Error("the restored interpreter does not answer");
    boot = "snapshot";
    return true;
  } catch {
    pyodide = handle = null;
    await dropSnapshots();
    return false;
  }
}

async function fullBoot(loadPyodide, pycoreBytes) {
  steps = FULL_STEPS;
  shown = 0;
  enter("Downloading the battle engine");
  pyodide = await loadPyodide({indexURL: PYODIDE_DIR, stdout: () => {}, stderr: () => {}, _makeSnapshot: MAKES_SNAPSHOT});
  mark("Python started");
  enter("Loading the rules");
  await loadPycore(pycoreBytes);
  boot = "full";
}

const pycoreBytes = fetchBytes(PYCORE_ZIP);
pycoreBytes.catch(() => {}); // awaited in load(); this only silences an early rejection

async function load() {
  const [build, {loadPyodide}] = await imports;
  BUILD = build.BUILD;
  if (!(await fromSnapshot(loadPyodide, pycoreBytes))) await fullBoot(loadPyodide, pycoreBytes);
}

async function fetchBytes(url) {
  const response = await self.fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// ---- the snapshot's keeping -------------------------------------------------------------------

async function readSnapshot() {
  try {
    if (!self.caches) return null;
    const cache = await caches.open(SNAPSHOTS);
    const response = await cache.match(snapshotUrl());
    if (!response || response.headers.get("x-luckdial-build") !== BUILD) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const length = Number(response.headers.get("x-luckdial-length"));
    if (bytes.length !== length) {
      await dropSnapshots();
      return null;
    }
    return bytes;
  } catch {
    return null;
  }
}

async function dropSnapshots() {
  try {
    await caches.delete(SNAPSHOTS);
  } catch {
    // nothing kept, nothing to drop
  }
}

/** Take the snapshot (this build's, once) and keep it; any failure only means no fast path next time. */
async function keepSnapshot() {
  if (!MAKES_SNAPSHOT || boot !== "full" || !self.caches) return;
  try {
    const cache = await caches.open(SNAPSHOTS);
    if (await cache.match(snapshotUrl())) return;
    pyodide.runPython(IMPORT_ALL);
    const bytes = pyodide.makeMemorySnapshot();
    for (const request of await cache.keys()) await cache.delete(request); // older builds' copies
    await cache.put(snapshotUrl(), new Response(bytes, {headers: {
      "content-type": "application/octet-stream", "x-luckdial-build": BUILD, "x-luckdial-length": String(bytes.length),
    }}));
  } catch {
    // storage full or refused: the next visit boots in full, as today
  }
}

// ---- life, death and answers ------------------------------------------------------------------

// A failed download rejects promises inside Pyodide's loader that nobody
// awaits; while loading, that failure is reported once as {type: "failed"}.
self.addEventListener("unhandledrejection", (event) => {
  if (!handle) event.preventDefault();
});

if (navigator.locks && self.name) {
  navigator.locks.request(self.name, () => {
    post({type: "alive"});
    return new Promise(() => {}); // held until the worker dies
  }).catch(() => {});
}

const watchdog = setInterval(() => {
  if (settled) return clearInterval(watchdog);
  if (Date.now() - lastProgress > STALL_MS) {
    clearInterval(watchdog);
    fail(`Loading stalled at “${steps[step]?.[0] || "Starting"}”: nothing arrived for ${STALL_MS / 1000} s.`, false);
  }
}, 1000);

const loading = load().then(
  () => {
    if (settled) return; // the watchdog already gave up; stay failed
    settled = true;
    clearInterval(ticker);
    step = steps.length - 1;
    post({type: "progress", stage: "Ready", done: 100, total: 100});
    mark("ready");
    post({type: "ready", build: BUILD, boot, steps: timings});
  },
  (error) => fail(describe(error)),
);

// The snapshot is taken once the page has been quiet for a while: the first answers (a shared
// link's decode and battle come in a quick row) never wait behind it.
const QUIET_MS = 1000;
let queued = 0;
let snapshotTaken = false;
let quietTimer = null;
function idle() {
  clearTimeout(quietTimer);
  if (snapshotTaken || !handle || !MAKES_SNAPSHOT) return;
  quietTimer = setTimeout(() => {
    if (queued > 0 || snapshotTaken) return;
    snapshotTaken = true;
    keepSnapshot();
  }, QUIET_MS);
}
loading.then(() => setTimeout(idle, 0));

// After a full boot, pycore's other modules are imported one per task while nothing is asked: the
// first answers imported them on demand, and building their dataclasses' methods cost the first roll
// 0.2-0.5 s after "ready" (bench/load.py's roll->result, first visit against return visit). A request
// arriving meanwhile waits for one module's import at most: the warm-up steps aside while any is
// queued and goes on once the worker is idle again. A restored interpreter has them all already.
const WARM_UP = `
import pkgutil, pycore
_luckdial_warm = iter([_i.name for _i in pkgutil.walk_packages(pycore.__path__, "pycore.")
                       if not _i.name.endswith("__main__")])
del _i
`;
const WARM_STEP = `
import importlib, sys
_name = next(_luckdial_warm, None)
while _name is not None and _name in sys.modules: _name = next(_luckdial_warm, None)
if _name is not None: importlib.import_module(_name)
_name is not None
`;
const WARM_BATTLE = {op: "resolve", ruleset: "revised", system: {name: "dice"}, seed: "warm-up",
  attacker: {units: {infantry: 1, tank: 1}}, defender: {units: {infantry: 1}}};
let warmList = false; // the list of modules to import is made (once)
let warming = false; // a warm-up under way (its next step is queued)
let warmed = false;
function warmStep() {
  warming = false;
  if (warmed || !handle || queued > 0) return; // idle() starts it again once the requests are answered
  try {
    warmed = !pyodide.runPython(WARM_STEP);
  } catch {
    warmed = true; // a module that does not import alone: the request that needs it will say so
  }
  if (!warmed) {
    warming = true;
    setTimeout(warmStep, 0);
  }
}
function warmUp() {
  if (warmed || warming || !handle || boot !== "full" || !MAKES_SNAPSHOT) return;
  try {
    if (!warmList) {
      // First what a roll needs, in the order it needs it: one small battle answered and dropped.
      handle(JSON.stringify(WARM_BATTLE));
      pyodide.runPython(WARM_UP);
    }
    warmList = true;
  } catch {
    warmed = true;
    return;
  }
  warming = true;
  setTimeout(warmStep, 0);
}
loading.then(() => setTimeout(warmUp, 0));

// Out of memory is decided in one place, pycore/api.py (docs/api.md "Out of memory"): its answer is
// too_big, in words, with detail.out_of_memory, and this worker passes it on and asks for a fresh one
// (an interpreter that ran out of memory is not trusted with the next request). An exception out of
// handle() itself (it catches everything in Python) means the interpreter is broken: an internal
// error, and a fresh worker too.
const outOfMemory = (response) => !response.ok && response.error?.detail?.out_of_memory === true;

self.onmessage = async (event) => {
  const {id, request} = event.data || {};
  queued++;
  clearTimeout(quietTimer);
  await loading;
  let response;
  let spent = null; // why this worker must be replaced, when it must
  if (!handle) {
    response = {ok: false, error: {type: "unavailable", message: "The battle engine did not load."}};
  } else {
    try {
      response = JSON.parse(handle(JSON.stringify(request)));
      if (outOfMemory(response)) spent = "it ran out of memory";
    } catch (error) {
      response = {ok: false, error: {type: "internal", message: `Luckdial failed on this request (${describe(error)}). Please report it with the request.`}};
      spent = "Python failed";
    }
  }
  queued--;
  post({id, response});
  if (spent) post({type: "spent", reason: spent});
  else {
    idle();
    if (queued === 0) warmUp();
  }
};
