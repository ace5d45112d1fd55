// Module Web Worker: loads the self-hosted Pyodide and the pycore package,
// then answers {id, request} messages with {id, response}. The page never
// freezes, because Python runs here.
//
// Protocol (see the project brief):
//   page → worker  {id, request}
//   worker → page  {type: "progress", stage, done, total}   while loading
//                  {type: "ready"} | {type: "failed", message}
//                  {id, response}   response = parsed api.handle envelope

const PYODIDE_DIR = new URL("../pyodide/", import.meta.url).href;
const PYCORE_ZIP = new URL("../pycore.zip", import.meta.url).href;
const EXTRACT_DIR = "/home/pyodide/lp";
const STALL_MS = 45_000; // no byte for this long while loading: give up and say why

// Share of the whole load each big file stands for (rough sizes in MB), so one
// progress bar can run from 0 to 100 over several downloads.
const WEIGHTS = {"pyodide.asm.wasm": 9.6, "python_stdlib.zip": 2.5, "pyodide.asm.mjs": 1.25, "pycore.zip": 0.1};
const START_WEIGHT = 0.3; // the interpreter's start-up once files are in
const TOTAL_WEIGHT = Object.values(WEIGHTS).reduce((a, b) => a + b, 0) + START_WEIGHT;
const fileShare = Object.fromEntries(Object.keys(WEIGHTS).map((name) => [name, 0]));

let stage = "Starting";
let lastProgress = Date.now();
let settled = false;

function post(message) {
  self.postMessage(message);
}

function report(newStage) {
  if (newStage) stage = newStage;
  lastProgress = Date.now();
  let done = 0;
  for (const [name, share] of Object.entries(fileShare)) done += WEIGHTS[name] * share;
  if (stage === "Ready") done = TOTAL_WEIGHT;
  post({type: "progress", stage, done: Math.round(done * 100), total: Math.round(TOTAL_WEIGHT * 100)});
}

function fail(message) {
  if (settled) return;
  settled = true;
  post({type: "failed", message});
}

// Count the bytes of each file Pyodide fetches, without touching the bodies'
// content: the response is re-wrapped with the same status and headers (the
// wasm needs its application/wasm type for streaming compilation).
const realFetch = self.fetch.bind(self);
self.fetch = async function countingFetch(input, init) {
  const url = String(input instanceof Request ? input.url : input);
  const name = url.split("?")[0].split("/").pop();
  if (!(name in WEIGHTS)) return realFetch(input, init);
  let response;
  try {
    response = await realFetch(input, init);
  } catch (error) {
    // Pyodide's loader may swallow this and wait forever: say it now.
    fail(`Could not download ${name} (${describe(error)}).`);
    throw error;
  }
  if (!response.ok) fail(`Could not download ${name} (HTTP ${response.status}).`);
  if (!response.body) return response;
  const length = Number(response.headers.get("content-length")) || 0;
  let received = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      // With compression the length is of the compressed body: cap at 1.
      fileShare[name] = length ? Math.min(1, received / length) : 0.5;
      report(`Downloading ${name}`);
      controller.enqueue(chunk);
    },
    flush() {
      fileShare[name] = 1;
      report();
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

let handle = null; // pycore.api.handle, a PyProxy, once loaded

async function load() {
  report("Loading Python");
  const {loadPyodide} = await import("../pyodide/pyodide.mjs");
  const pycoreBytes = fetchBytes(PYCORE_ZIP);
  pycoreBytes.catch(() => {}); // awaited below; this only silences an early rejection
  const pyodide = await loadPyodide({indexURL: PYODIDE_DIR, stdout: () => {}, stderr: () => {}});
  report("Starting Python");
  const buffer = await pycoreBytes;
  pyodide.unpackArchive(buffer, "zip", {extractDir: EXTRACT_DIR});
  pyodide.runPython(`import sys\nif ${JSON.stringify(EXTRACT_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(EXTRACT_DIR)})\nimport pycore.api`);
  handle = pyodide.pyimport("pycore.api").handle;
  report("Ready");
}

async function fetchBytes(url) {
  const response = await self.fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// A failed download rejects promises inside Pyodide's loader that nobody
// awaits; while loading, that failure is reported once as {type: "failed"}.
self.addEventListener("unhandledrejection", (event) => {
  if (!handle) event.preventDefault();
});

const watchdog = setInterval(() => {
  if (settled) return clearInterval(watchdog);
  if (Date.now() - lastProgress > STALL_MS) {
    clearInterval(watchdog);
    fail(`Loading stalled at “${stage}”: nothing arrived for ${STALL_MS / 1000} s.`);
  }
}, 1000);

const loading = load().then(
  () => {
    if (settled) return; // the watchdog already gave up; stay failed
    settled = true;
    post({type: "ready"});
  },
  (error) => fail(describe(error)),
);

self.onmessage = async (event) => {
  const {id, request} = event.data || {};
  await loading;
  let response;
  if (!handle) {
    response = {ok: false, error: {type: "unavailable", message: "The battle engine did not load."}};
  } else {
    try {
      response = JSON.parse(handle(JSON.stringify(request)));
    } catch (error) {
      response = {ok: false, error: {type: "internal", message: `Luckdial failed on this request (${describe(error)}). Please report it with the request.`}};
    }
  }
  post({id, response});
};
