#!/usr/bin/env python3
"""Luckdial load benchmark: how long until a phone can use the page, cold and warm.

    python3 build.py build                      # dist/ first (or pass --build)
    .venv/bin/python bench/load.py [--runs 5] [--json] [--build] [--warmup 1] [--deadline S]

What it measures, in headless Debian Chromium (/usr/bin/chromium, the flags of
tests/conftest.py) at a phone viewport (390x844, touch, scale 2), against a
snapshot of dist/ served on 127.0.0.1 (free port) by build.make_server:

Milestones, in ms since navigation start (the page's own performance.now(),
whose zero is performance.timeOrigin), recorded in the page by a
MutationObserver installed with add_init_script, so the Python side's
polling adds nothing to them:

    usable form   the battle form can be used: #ruleset has its options, and the
                  first "+" stepper of the attacker is present, visible and enabled
    roll enabled  #roll is enabled (the battle screen got its rulesets from Python)
    Python ready  <html data-ready="true"> (every screen started, Python ready)
    first result  the first round's card (#battle-log .round) is visible, after the
                  bench added 3 attacker infantry + 1 tank and 2 defender infantry
                  with the steppers and pressed "Roll round 1" once it was enabled
    roll->result  from the click on #roll to that card (the engine's turn-around)

Visits:
    cold   a fresh browser context (empty HTTP cache, no service worker)
    warm   a second page in the same context, opened once the service worker
           controls the first one: the site comes from the service worker
    bare   the baseline: a bare page whose module worker only does
           loadPyodide() from the same files (no pycore, no UI, no service
           worker), in its own fresh context; "bare ready" is navigation to the
           page hearing the worker's "ready". Machines here are noisy, so the
           report gives ratios against it, paired run by run. Its standard
           library is Pyodide's own as published (sources only; --bare-stdlib
           site gives it the site's, whose imported modules build.py compiled).

Steps: the page's own performance marks named "luckdial:…" — the worker's boot
(main started, each big file downloaded, wasm compiled, snapshot read, Python started, pycore written/imported, ready;
web/kit/worker.js posts them with "ready"), each screen's "imported"/"built",
"link read" and "link previewed" — medians per visit, to see which step a
change moved.

Bytes:
    server bytes  what the server wrote (headers + bodies, uncompressed as
                  http.server sends them) from navigation to the first result;
                  for cold also the total once the service worker has finished
                  precaching (it downloads the whole site a second time)
    requests      responses seen by the browser, split into served by the
                  service worker vs by the network, with their body sizes
                  (Playwright's request.sizes(), i.e. CDP encodedDataLength)

The script stops by itself: every wait has a timeout, and a global deadline
(--deadline) ends the run; the browser, the server and the snapshot are
cleaned up on every path. Nothing but 127.0.0.1 is contacted (checked).
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import os
import pathlib
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
DEFAULT_CHROMIUM = pathlib.Path("/usr/bin/chromium")
WAIT_MS = 120_000  # ceiling for any one milestone on a busy 2-core machine (not a measurement)

# The phone of tests/conftest.py's browser_context_args.
CONTEXT_ARGS = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
    "service_workers": "allow",
}

# A small battle: (side, unit, clicks on "+").
FORCES = (("attacker", "infantry", 3), ("attacker", "tank", 1), ("defender", "infantry", 2))

# The shared link the "link" visits open: a whole battle, replayed from its seed.
LINK_REQUEST = {"op": "resolve", "ruleset": "revised", "system": {"name": "dice"},
                "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 1}},
                "defender": {"units": {"infantry": 4, "artillery": 1}}, "seed": "bench link 1"}
LINK_FORCE = ("#attacker-tank", "2")  # a count only the link sets: the forces are on screen

# Installed in every page before its own scripts. Records milestone times
# (performance.now(), i.e. ms since navigation start) into window.__bench.
INIT_SCRIPT = r"""
(() => {
  if (window.__bench) return;
  const b = window.__bench = {usable: null, rollEnabled: null, ready: null, failed: null,
                              result: null, rollClick: null, linkForces: null, linkResult: null,
                              fastPath: null};
  const visible = (node) => node && (node.checkVisibility ? node.checkVisibility() : node.getClientRects().length > 0);
  const enabled = (node) => node && !node.matches(":disabled");
  function check() {
    const now = performance.now();
    if (b.usable === null) {
      const ruleset = document.querySelector("#ruleset");
      const plus = document.querySelector("#attacker-forces button.step.plus");
      // The cheap tests first: visible() makes the browser lay the page out, and while a shared link
      // replays (the form locked) this runs every frame: in that order it cost the page ~0.2 s.
      if (ruleset && ruleset.options.length && enabled(ruleset) && enabled(plus) && visible(ruleset) && visible(plus)) b.usable = now;
    }
    if (b.rollEnabled === null) {
      const roll = document.querySelector("#roll");
      if (roll && enabled(roll) && visible(roll)) b.rollEnabled = now;
    }
    const ready = document.documentElement && document.documentElement.dataset.ready;
    if (b.ready === null && ready === "true") b.ready = now;
    if (b.failed === null && ready === "failed") b.failed = now;
    if (b.linkForces === null && location.hash.startsWith("#v1.")) {
      const count = document.querySelector(LINK_FORCE_SELECTOR);
      // Timed after the check: its visible() lays the page out, and that layout is part of the forces
      // showing. Timed before it (until session 7), a page that laid itself out first (the Battle
      // screen scrolling a link's forces into view) was charged the layout another page was not.
      if (count && count.value === LINK_FORCE_VALUE && visible(count)) b.linkForces = performance.now();
    }
    if (b.linkResult === null && location.hash.startsWith("#v1.") && b.rollClick === null) {
      const round = document.querySelector("#battle-log:not([hidden]) .round");
      if (round && visible(round)) b.linkResult = now;
    }
    if (b.fastPath === null && document.documentElement.dataset.boot) b.fastPath = document.documentElement.dataset.boot;
    if (b.result === null && b.rollClick !== null) {
      const round = document.querySelector("#battle-log:not([hidden]) .round");
      if (round && visible(round)) b.result = now;
    }
    if (b.usable !== null && b.ready !== null && (b.result !== null || b.linkResult !== null)) observer.disconnect();
  }
  const observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true,
                              attributeFilter: ["data-ready", "data-boot", "disabled", "hidden", "class", "value"]});
  document.addEventListener("input", check, true);
  // A form filled by script changes .value (no attribute, no mutation): look once per frame too.
  const frame = () => { check(); if (b.linkForces === null || b.linkResult === null) requestAnimationFrame(frame); };
  if (location.hash.startsWith("#v1.")) requestAnimationFrame(frame);
  document.addEventListener("click", (event) => {
    if (b.rollClick === null && event.target.closest && event.target.closest("#roll")) b.rollClick = performance.now();
  }, true);
})();
"""

# The baseline page: its module worker does loadPyodide() and nothing else.
BARE_HTML = """<!doctype html>
<html data-ready="loading"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bare loadPyodide</title><script type="module" src="bench-bare.js"></script></head>
<body><p>bare loadPyodide()</p></body></html>
"""
BARE_PAGE_JS = """
const worker = new Worker(new URL("./bench-bare-worker.js", import.meta.url), {type: "module"});
worker.onmessage = (event) => {
  window.__bare = {ready: performance.now(), ...event.data};
  document.documentElement.dataset.ready = event.data.ok ? "true" : "failed";
};
worker.onerror = (event) => {
  window.__bare = {ready: performance.now(), ok: false, error: event.message || "worker error"};
  document.documentElement.dataset.ready = "failed";
};
"""
BARE_WORKER_JS = """
const start = performance.now();
try {
  const {loadPyodide} = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({indexURL: new URL("./pyodide/", import.meta.url).href,
                                     stdLibURL: new URL("BARE_STDLIB", import.meta.url).href,
                                     stdout: () => {}, stderr: () => {}});
  pyodide.runPython("1 + 1");
  postMessage({ok: true, inWorker: performance.now() - start});
} catch (error) {
  postMessage({ok: false, error: String(error && error.message || error)});
}
"""


class BenchError(Exception):
    """A run could not complete; the message says which milestone and why."""


# --------------------------------------------------------------------------- set-up


def load_conftest_flags() -> list[str]:
    """The Chromium flags of tests/conftest.py (one source of truth for tests and bench)."""
    spec = importlib.util.spec_from_file_location("luckdial_tests_conftest", ROOT / "tests" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.CHROMIUM_ARGS)


def make_link() -> str:
    """The fragment of LINK_REQUEST, made by pycore itself (CPython): the page must read it."""
    sys.path.insert(0, str(ROOT))
    try:
        from pycore.api import handle  # noqa: PLC0415
    finally:
        sys.path.remove(str(ROOT))
    envelope = json.loads(handle(json.dumps({"op": "share", "encode": LINK_REQUEST})))
    if not envelope.get("ok"):
        raise BenchError(f"pycore could not encode the bench's link: {envelope.get('error')}")
    return envelope["result"]["link"]


def init_script() -> str:
    return (INIT_SCRIPT.replace("LINK_FORCE_SELECTOR", json.dumps(LINK_FORCE[0]))
            .replace("LINK_FORCE_VALUE", json.dumps(LINK_FORCE[1])))


def throttle(page, rate: float) -> None:
    """Chromium's CPU throttling (DevTools' "4x slowdown"), a mid-range phone; 1 = off."""
    if rate and rate != 1:
        session = page.context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": rate})


def import_build():
    sys.path.insert(0, str(ROOT))
    try:
        import build  # noqa: PLC0415 - build.py lives at the repository root
    finally:
        sys.path.remove(str(ROOT))
    return build


def dist_problem(directory: pathlib.Path) -> str | None:
    needed = ["index.html", "app.js", "kit/worker.js", "sw.js", "sw-assets.js", "pycore.zip",
              "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"]
    missing = [name for name in needed if not (directory / name).is_file()]
    if missing:
        return (f"{directory} is missing or incomplete (no {', '.join(missing[:3])}"
                f"{'…' if len(missing) > 3 else ''}): run `python3 build.py build` first, or pass --build")
    return None


STOCK_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
"""Pyodide's own standard library as its npm package ships it (sources only), for the baseline."""


def snapshot_dist(source: pathlib.Path, target: pathlib.Path, bare_stdlib: str = "stock") -> str:
    """Copy dist/ (others may rebuild it meanwhile) and add the baseline page; returns the site version.

    The baseline's standard library: "stock", Pyodide's own python_stdlib.zip (the bare
    `loadPyodide()` of Pyodide as published: the target's baseline, #16), or "site", the site's
    (build.py compiles the modules Python imports, which Pyodide ships as sources)."""
    shutil.copytree(source, target)
    stdlib = "./pyodide/python_stdlib.zip"
    if bare_stdlib == "stock":
        if not STOCK_STDLIB.is_file():
            raise BenchError(f"{STOCK_STDLIB} is missing: run `python3 build.py setup`")
        (target / "bench-stock").mkdir()
        shutil.copyfile(STOCK_STDLIB, target / "bench-stock" / "python_stdlib.zip")
        stdlib = "./bench-stock/python_stdlib.zip"
    (target / "bench-bare.html").write_text(BARE_HTML, encoding="utf-8")
    (target / "bench-bare.js").write_text(BARE_PAGE_JS, encoding="utf-8")
    (target / "bench-bare-worker.js").write_text(BARE_WORKER_JS.replace("BARE_STDLIB", stdlib), encoding="utf-8")
    problem = dist_problem(target)
    if problem:
        raise BenchError(f"dist/ changed while it was copied ({problem}); try again")
    text = (target / "sw-assets.js").read_text(encoding="utf-8")
    marker = 'LUCKDIAL_VERSION = "'
    return text.split(marker, 1)[1].split('"', 1)[0] if marker in text else "?"


class CountingServer:
    """build.make_server on 127.0.0.1:0, with a tally of the bytes it writes (per path)."""

    def __init__(self, build, directory: pathlib.Path) -> None:
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests: list[tuple[str, int]] = []
        self.httpd = build.make_server(directory, "127.0.0.1", 0, quiet=True)
        base = self.httpd.RequestHandlerClass
        if not isinstance(base, functools.partial):
            raise BenchError("build.make_server changed shape: cannot count the bytes it sends")
        tally = self

        class Counting(base.func):
            def setup(self) -> None:
                super().setup()
                self.sent = 0
                real = self.wfile

                class Writer:
                    def write(_, data) -> int:  # noqa: N805 - closure over the handler
                        written = real.write(data)
                        self.sent += len(data)
                        return written

                    def flush(_) -> None:  # noqa: N805
                        real.flush()

                    def close(_) -> None:  # noqa: N805
                        real.close()

                    @property
                    def closed(_) -> bool:  # noqa: N805
                        return real.closed

                self.wfile = Writer()

            def handle_one_request(self) -> None:
                # One connection carries many requests (HTTP/1.1 keep-alive): tally each one.
                before = self.sent
                try:
                    super().handle_one_request()
                finally:
                    if self.sent > before:
                        with tally.lock:
                            tally.bytes += self.sent - before
                            tally.requests.append((getattr(self, "path", "?"), self.sent - before))

        self.httpd.RequestHandlerClass = functools.partial(Counting, *base.args, **base.keywords)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="bench-server", daemon=True)
        self.thread.start()

    def reset(self) -> None:
        with self.lock:
            self.bytes = 0
            self.requests = []

    def read(self) -> tuple[int, int]:
        with self.lock:
            return self.bytes, len(self.requests)

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


# --------------------------------------------------------------------------- one visit


class Recorder:
    """Every response a context saw, to split service worker vs network and find foreign hosts."""

    def __init__(self, context) -> None:
        self.finished: list = []
        self.failed: list[str] = []
        self.foreign: list[str] = []
        context.on("request", self._request)
        context.on("requestfinished", lambda request: self.finished.append(request))
        context.on("requestfailed", lambda request: self.failed.append(request.url))

    def _request(self, request) -> None:
        parts = urllib.parse.urlsplit(request.url)
        if parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname != "127.0.0.1":
            self.foreign.append(request.url)

    def mark(self) -> int:
        return len(self.finished)

    def summary(self, start: int, end: int | None = None) -> dict:
        """Responses [start:end): counts and body bytes, by the page/worker vs the service worker's own."""
        out = {"network_requests": 0, "network_body_bytes": 0, "sw_served_requests": 0, "sw_served_body_bytes": 0,
               "sw_own_requests": 0, "sw_own_body_bytes": 0}
        for request in self.finished[start:end]:
            if request.url.startswith(("data:", "blob:")):
                continue
            try:
                response = request.response()
                body = max(0, request.sizes().get("responseBodySize", 0))
                if not body and response is not None:
                    # A response from the service worker's cache reports no encoded body:
                    # count the size it carries (the precached response keeps its headers).
                    body = int(response.header_value("content-length") or 0)
            except Exception:  # noqa: BLE001 - a page may be gone; its sizes are then unknown
                response, body = None, 0
            if getattr(request, "service_worker", None) is not None:
                kind = "sw_own"  # the service worker's own fetches (precache, update check)
            elif response is not None and response.from_service_worker:
                kind = "sw_served"
            else:
                kind = "network"
            out[f"{kind}_requests"] += 1
            out[f"{kind}_body_bytes"] += body
        return out


def wait_for(page, expression: str, what: str, timeout_ms: int = WAIT_MS) -> None:
    try:
        page.wait_for_function(expression, polling="raf", timeout=timeout_ms)
    except Exception as error:  # noqa: BLE001 - re-raised with the milestone's name
        state = "?"
        try:
            state = page.evaluate("() => JSON.stringify({bench: window.__bench, ready: document.documentElement.dataset.ready,"
                                  " message: document.querySelector('#battle-message')?.textContent})")
        except Exception:  # noqa: BLE001
            pass
        raise BenchError(f"{what}: not reached within {timeout_ms / 1000:.0f} s ({type(error).__name__}); page state {state}") from None


STEP_MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('luckdial:'))" \
             ".map((m) => [m.name.slice(9), m.startTime]))"
"""The page's own marks (web/app.js, web/kit/client.js from the worker's steps, web/battle/battle.js)."""


def visit_link(context, server: CountingServer, link: str, rate: float) -> dict:
    """Open the shared link in a new page of `context`: when its forces show, when its battle does."""
    server.reset()
    page = context.new_page()
    throttle(page, rate)
    page.goto(server.url + "#" + link, wait_until="commit", timeout=WAIT_MS)
    wait_for(page, "() => window.__bench && (window.__bench.failed !== null || (window.__bench.linkResult !== null"
                   " && window.__bench.ready !== null))", "shared link's result and Python ready")
    marks = page.evaluate("() => window.__bench")
    if marks["failed"] is not None:
        raise BenchError(f"the page says the engine failed to load (data-ready=failed at {marks['failed']:.0f} ms)")
    if marks["linkForces"] is None:
        marks["linkForces"] = marks["linkResult"]  # never seen before the result: the result is when they showed
    steps = page.evaluate(STEP_MARKS)
    page.close()
    return {"forces": marks["linkForces"], "result": marks["linkResult"], "ready": marks["ready"],
            "result_after_ready": marks["linkResult"] - marks["ready"], "boot": marks["fastPath"], "steps": steps}


def visit_app(context, server: CountingServer, recorder: Recorder, *, cold: bool, rate: float = 1) -> dict:
    """Open the site in a new page of `context`, play one round; milestones and bytes."""
    server.reset()
    mark = recorder.mark()
    page = context.new_page()
    throttle(page, rate)
    wall = time.monotonic()
    page.goto(server.url, wait_until="commit", timeout=WAIT_MS)
    wait_for(page, "() => window.__bench && window.__bench.usable !== null", "usable form")
    for side, unit, clicks in FORCES:
        plus = page.locator(f"#{side}-forces .unit-row[data-unit='{unit}'] button.step.plus")
        for _ in range(clicks):
            plus.click(timeout=WAIT_MS)
    wait_for(page, "() => window.__bench.failed !== null || (window.__bench.rollEnabled !== null"
                   " && !document.querySelector('#roll').disabled)", "roll button enabled")
    page.locator("#roll").click(timeout=WAIT_MS)
    wait_for(page, "() => window.__bench.failed !== null || (window.__bench.result !== null && window.__bench.ready !== null)",
             "first result and Python ready")
    marks = page.evaluate("() => window.__bench")
    if marks["failed"] is not None:
        raise BenchError(f"the page says the engine failed to load (data-ready=failed at {marks['failed']:.0f} ms)")
    wall = (time.monotonic() - wall) * 1000
    navigation = page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0] || {};
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return {fcp: paint ? paint.startTime : null, dom_content_loaded: nav.domContentLoadedEventEnd ?? null,
                controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)};
    }""")
    server_bytes, server_requests = server.read()
    steps = page.evaluate(STEP_MARKS)
    result = {
        "steps": steps,
        "usable": marks["usable"], "roll_enabled": marks["rollEnabled"], "ready": marks["ready"],
        "first_result": marks["result"], "roll_to_result": marks["result"] - marks["rollClick"],
        "fcp": navigation["fcp"], "dom_content_loaded": navigation["dom_content_loaded"],
        "wall_ms": wall, "controlled_by_sw": navigation["controlled"], "boot": marks["fastPath"],
        "server_bytes_to_result": server_bytes, "server_requests_to_result": server_requests,
    }
    if not cold:  # what still goes to the network on a warm visit (few: the service worker's update check)
        with server.lock:
            result["server_paths_to_result"] = [f"{path} ({sent} B)" for path, sent in server.requests]
    result.update(recorder.summary(mark))
    if cold:
        # Let the service worker finish precaching and take control: the warm visit needs it,
        # and the cold visit's bytes then include the second download of the site.
        wait_for(page, "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                 "service worker controls the page")
        page.wait_for_timeout(300)  # the last precache responses' finished events
        # The return visit's fast path: the worker keeps a Python snapshot once the page has been
        # quiet for a second after its first answers. Leave it that time, as a player does.
        snapshot_wait = time.monotonic()
        while marks["fastPath"] and time.monotonic() - snapshot_wait < 30:  # builds with data-boot only
            if page.evaluate("caches.open('luckdial-snapshots').then(async (c) => {"
                             " const k = await c.keys(); return k.length > 0 && Boolean(await c.match(k[0])); })"):
                break
            page.wait_for_timeout(250)
        result["snapshot_kept_after_ms"] = round((time.monotonic() - snapshot_wait) * 1000)
        result["server_bytes_total"], result["server_requests_total"] = server.read()
        result.update({f"total_{key}": value for key, value in recorder.summary(mark).items()})
    page.close()
    return result


def visit_bare(context, server: CountingServer, rate: float = 1) -> dict:
    server.reset()
    page = context.new_page()
    throttle(page, rate)
    page.goto(server.url + "bench-bare.html", wait_until="commit", timeout=WAIT_MS)
    try:
        page.wait_for_function("() => window.__bare", polling="raf", timeout=WAIT_MS)
    except Exception as error:  # noqa: BLE001
        raise BenchError(f"bare loadPyodide: no answer within {WAIT_MS / 1000:.0f} s ({type(error).__name__})") from None
    bare = page.evaluate("() => window.__bare")
    if not bare.get("ok"):
        raise BenchError(f"bare loadPyodide failed: {bare.get('error')}")
    server_bytes, _ = server.read()
    page.close()
    return {"ready": bare["ready"], "load_in_worker": bare["inWorker"], "server_bytes": server_bytes}


# --------------------------------------------------------------------------- the runs


def run_bench(args, build, chromium: pathlib.Path, flags: list[str], server: CountingServer) -> dict:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - after the checks, for a clear message

    runs: list[dict] = []
    foreign: list[str] = []
    link = make_link() if args.links else None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium), args=flags, headless=True,
                                             timeout=WAIT_MS)
        try:
            rate = args.throttle
            for index in range(args.warmup):  # the browser's own first-time costs, not counted
                log(f"warm-up {index + 1}/{args.warmup} (discarded)")
                context = browser.new_context(**CONTEXT_ARGS)
                try:
                    visit_bare(context, server, rate)
                finally:
                    context.close()
            for index in range(args.runs):
                log(f"run {index + 1}/{args.runs}")
                run: dict = {}

                def bare() -> None:
                    context = browser.new_context(**CONTEXT_ARGS)
                    try:
                        run["bare"] = visit_bare(context, server, rate)
                    finally:
                        context.close()

                def app() -> None:
                    context = browser.new_context(**CONTEXT_ARGS)
                    try:
                        context.add_init_script(init_script())
                        recorder = Recorder(context)
                        run["cold"] = visit_app(context, server, recorder, cold=True, rate=rate)
                        run["warm"] = visit_app(context, server, recorder, cold=False, rate=rate)
                        if args.links:
                            run["link_warm"] = visit_link(context, server, link, rate)
                        foreign.extend(recorder.foreign)
                    finally:
                        context.close()

                def link_cold() -> None:
                    context = browser.new_context(**CONTEXT_ARGS)
                    try:
                        context.add_init_script(init_script())
                        recorder = Recorder(context)
                        run["link_cold"] = visit_link(context, server, link, rate)
                        foreign.extend(recorder.foreign)
                    finally:
                        context.close()

                # Alternate the order, so a drift of the machine's load hits both alike.
                steps = [bare, app] + ([link_cold] if args.links else [])
                for step in (steps if index % 2 == 0 else steps[::-1]):
                    step()
                runs.append(run)
                line = (f"  bare {run['bare']['ready']:.0f} ms · cold ready {run['cold']['ready']:.0f} ms"
                        f" · warm ready {run['warm']['ready']:.0f} ms ({run['warm']['boot']})")
                if args.links:
                    line += (f" · link cold forces {run['link_cold']['forces']:.0f} result {run['link_cold']['result']:.0f}"
                             f" · link warm forces {run['link_warm']['forces']:.0f} result {run['link_warm']['result']:.0f}")
                log(line)
        finally:
            browser.close()
    if foreign:
        raise BenchError(f"requests left 127.0.0.1: {sorted(set(foreign))[:5]}")
    return {"runs": runs}


def stats(values: list[float]) -> dict:
    values = [v for v in values if v is not None]
    if not values:
        return {"median": None, "min": None, "max": None}
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


MILESTONES = (
    ("usable", "usable form"),
    ("roll_enabled", "roll enabled"),
    ("ready", "Python ready"),
    ("first_result", "first result"),
    ("roll_to_result", "roll->result"),
    ("fcp", "first paint (FCP)"),
)


def summarise(raw: dict, meta: dict) -> dict:
    runs = raw["runs"]
    summary: dict = {"meta": meta, "runs": runs, "milestones_ms": {}, "bytes": {}, "ratios": {}}
    for visit in ("cold", "warm"):
        summary["milestones_ms"][visit] = {key: stats([r[visit][key] for r in runs]) for key, _ in MILESTONES}
    summary["milestones_ms"]["bare"] = {
        "ready": stats([r["bare"]["ready"] for r in runs]),
        "load_in_worker": stats([r["bare"]["load_in_worker"] for r in runs]),
    }
    byte_keys = ("server_bytes_to_result", "server_requests_to_result", "network_requests", "network_body_bytes",
                 "sw_served_requests", "sw_served_body_bytes", "sw_own_requests", "sw_own_body_bytes")
    for visit in ("cold", "warm"):
        summary["bytes"][visit] = {key: statistics.median(r[visit][key] for r in runs) for key in byte_keys}
    summary["bytes"]["cold"]["server_bytes_total"] = statistics.median(r["cold"]["server_bytes_total"] for r in runs)
    summary["bytes"]["cold"]["server_requests_total"] = statistics.median(r["cold"]["server_requests_total"] for r in runs)
    summary["bytes"]["bare"] = {"server_bytes": statistics.median(r["bare"]["server_bytes"] for r in runs)}
    summary["steps_ms"] = {}
    for visit in ("cold", "warm", "link_cold", "link_warm"):
        if visit not in runs[0]:
            continue
        names = sorted({name for r in runs for name in r[visit].get("steps", {})},
                       key=lambda name: statistics.median(r[visit]["steps"].get(name, 0) for r in runs))
        summary["steps_ms"][visit] = {name: stats([r[visit].get("steps", {}).get(name) for r in runs]) for name in names}
    summary["warm_controlled"] = sum(1 for r in runs if r["warm"]["controlled_by_sw"])
    summary["warm_boots"] = [r["warm"].get("boot") for r in runs]
    if "link_cold" in runs[0]:
        summary["links_ms"] = {visit: {key: stats([r[visit][key] for r in runs])
                                       for key in ("forces", "result", "ready", "result_after_ready")}
                               for visit in ("link_cold", "link_warm")}
        summary["links_boots"] = [r["link_warm"].get("boot") for r in runs]
        for visit in ("link_cold", "link_warm"):
            for key in ("ready", "result"):
                summary["ratios"][f"{visit} {key} / bare loadPyodide"] = stats(
                    [r[visit][key] / r["bare"]["ready"] for r in runs])
    # Paired ratios: each run's figure over the same run's bare loadPyodide.
    for visit in ("cold", "warm"):
        for key in ("usable", "ready", "first_result"):
            summary["ratios"][f"{visit} {key} / bare loadPyodide"] = stats(
                [r[visit][key] / r["bare"]["ready"] for r in runs])
    return summary


# --------------------------------------------------------------------------- output


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def fmt_ms(value: float | None) -> str:
    return "—" if value is None else f"{value:,.0f}"


def fmt_mb(value: float) -> str:
    return f"{value / 1e6:.2f} MB" if value >= 100_000 else f"{value / 1e3:.1f} kB"


def table(summary: dict) -> str:
    meta = summary["meta"]
    lines = [
        f"Luckdial load benchmark — {meta['runs']} runs, site {meta['site_version']}, {meta['chromium']}",
        f"viewport 390x844 (mobile, touch, x2), {meta['cpus']} CPUs, served by build.make_server on 127.0.0.1",
        "",
        "ms since navigation start      cold: median (min–max)      warm (SW): median (min–max)",
    ]
    ms = summary["milestones_ms"]
    for key, name in MILESTONES:
        cells = []
        for visit in ("cold", "warm"):
            s = ms[visit][key]
            cells.append(f"{fmt_ms(s['median']):>7} ({fmt_ms(s['min'])}–{fmt_ms(s['max'])})")
        lines.append(f"  {name:<26} {cells[0]:<27} {cells[1]}")
    bare, inner = ms["bare"]["ready"], ms["bare"]["load_in_worker"]
    if "links_ms" in summary:
        lines.append("  shared link:               first visit (own context)   return visit (SW)")
        for key, name in (("forces", "forces visible"), ("result", "result visible"), ("ready", "Python ready"),
                          ("result_after_ready", "result - Python ready")):
            cells = []
            for visit in ("link_cold", "link_warm"):
                st = summary["links_ms"][visit][key]
                cells.append(f"{fmt_ms(st['median']):>7} ({fmt_ms(st['min'])}–{fmt_ms(st['max'])})")
            lines.append(f"  {'  ' + name:<26} {cells[0]:<27} {cells[1]}")
    lines += [
        f"  {'baseline: bare loadPyodide':<26} {fmt_ms(bare['median']):>7} ({fmt_ms(bare['min'])}–{fmt_ms(bare['max'])})"
        f"   [in worker: {fmt_ms(inner['median'])}]  (cold, fresh context, no pycore/UI/SW;"
        f" {meta.get('bare_stdlib', 'site')} stdlib)",
        "",
        "ratios to the same run's bare loadPyodide   median (min–max)",
    ]
    for name, s in summary["ratios"].items():
        lines.append(f"  {name:<40} {s['median']:.2f} ({s['min']:.2f}–{s['max']:.2f})")
    for visit, steps in summary.get("steps_ms", {}).items():
        lines += ["", f"steps of the {visit} visit (page marks 'luckdial:…', ms since navigation)   median (min–max)"]
        for name, st in steps.items():
            lines.append(f"  {name:<40} {fmt_ms(st['median']):>7} ({fmt_ms(st['min'])}–{fmt_ms(st['max'])})")
    b = summary["bytes"]
    lines += [
        "",
        "bytes (medians)                        cold                 warm (SW)",
        f"  server, navigation→first result      {fmt_mb(b['cold']['server_bytes_to_result']):<9} "
        f"{b['cold']['server_requests_to_result']:>3.0f} req      {fmt_mb(b['warm']['server_bytes_to_result']):<9}"
        f" {b['warm']['server_requests_to_result']:>3.0f} req",
        f"  server, incl. SW precache            {fmt_mb(b['cold']['server_bytes_total']):<9} "
        f"{b['cold']['server_requests_total']:>3.0f} req",
        f"  page+worker from network (bodies)    {fmt_mb(b['cold']['network_body_bytes']):<9} "
        f"{b['cold']['network_requests']:>3.0f} req      {fmt_mb(b['warm']['network_body_bytes']):<9}"
        f" {b['warm']['network_requests']:>3.0f} req",
        f"  page+worker served by the SW         {fmt_mb(b['cold']['sw_served_body_bytes']):<9} "
        f"{b['cold']['sw_served_requests']:>3.0f} req      {fmt_mb(b['warm']['sw_served_body_bytes']):<9}"
        f" {b['warm']['sw_served_requests']:>3.0f} req",
        f"  service worker's own fetches         {fmt_mb(b['cold']['sw_own_body_bytes']):<9} "
        f"{b['cold']['sw_own_requests']:>3.0f} req      {fmt_mb(b['warm']['sw_own_body_bytes']):<9}"
        f" {b['warm']['sw_own_requests']:>3.0f} req",
        f"  bare loadPyodide page                {fmt_mb(b['bare']['server_bytes'])}",
        "",
        f"warm visits controlled by the service worker: {summary['warm_controlled']}/{meta['runs']};"
        f" their boot (html[data-boot]): {summary['warm_boots']}; run time {meta['seconds']} s;"
        f" CPU throttling {meta['throttle']}x",
        "usable form = #ruleset filled and the first attacker '+' visible and enabled; Python ready ="
        " html[data-ready=true];",
        "first result = first round card visible after 3 inf + 1 tank vs 2 inf and 'Roll round 1';"
        " roll->result = click to card.",
        "Server bytes are as build.make_server sends them (gzip when it compresses, as GitHub Pages does).",
    ]
    return "\n".join(lines)


# --------------------------------------------------------------------------- main


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Time Luckdial's load (cold and warm) in headless Chromium.")
    parser.add_argument("--runs", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="bare visits made first and discarded (the browser's first-time costs; default 1)")
    parser.add_argument("--throttle", type=float, default=1,
                        help="Chromium's CPU slowdown for every page (4 = a mid-range phone; default 1, none)")
    parser.add_argument("--no-links", dest="links", action="store_false",
                        help="skip the shared-link visits (first visit in its own context, return visit)")
    parser.add_argument("--bare-stdlib", choices=("stock", "site"), default="stock",
                        help="the baseline's standard library: Pyodide's own as published (stock, the default:"
                             " sources only) or the site's (site: build.py's bytecode of what Python imports)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")
    parser.add_argument("--build", action="store_true", help="run build.py's build first (default: use dist/ as is)")
    parser.add_argument("--dist", type=pathlib.Path, default=DIST, help="the built site to serve (default dist/)")
    parser.add_argument("--chromium", type=pathlib.Path, default=DEFAULT_CHROMIUM,
                        help=f"the Chromium to use (default {DEFAULT_CHROMIUM})")
    parser.add_argument("--deadline", type=float, default=None,
                        help="give up after this many seconds (default 120 + 150 per run)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.warmup < 0:
        parser.error("--warmup must be 0 or more")
    if args.deadline is None:
        args.deadline = (120 + 250 * (args.runs + args.warmup)) * max(1.0, args.throttle / 2)
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if not args.chromium.exists():
        print(f"bench/load.py: Chromium not found at {args.chromium}: install Debian's chromium"
              " (`apt-get install chromium`, or `python3 build.py setup` as root) or pass --chromium PATH",
              file=sys.stderr)
        return 2
    try:
        import playwright  # noqa: F401, PLC0415
    except ImportError:
        print("bench/load.py: Playwright is not installed for this Python: run it with the project's venv,"
              " `.venv/bin/python bench/load.py` (`python3 build.py setup` creates it)", file=sys.stderr)
        return 2
    build = import_build()
    if args.build:
        if args.dist != DIST:
            print("bench/load.py: --build writes dist/; it does not go with --dist", file=sys.stderr)
            return 2
        build.build()
    problem = dist_problem(args.dist)
    if problem:
        print(f"bench/load.py: {problem}", file=sys.stderr)
        return 2
    flags = load_conftest_flags()

    # Bounded time: SIGALRM raises in the main thread (everything is then closed by the
    # finally blocks); a last-resort timer ends the process if even that hangs.
    def on_alarm(signum, frame):
        raise BenchError(f"the deadline of {args.deadline:.0f} s passed (raise it with --deadline)")

    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(int(args.deadline))
    killer = threading.Timer(args.deadline + 60, lambda: (log("cleanup hung: exiting hard"), os._exit(3)))
    killer.daemon = True
    killer.start()

    scratch = pathlib.Path(tempfile.mkdtemp(prefix="luckdial-bench-"))
    server = None
    try:
        site = scratch / "site"
        version = snapshot_dist(args.dist, site, args.bare_stdlib)
        server = CountingServer(build, site)
        log(f"serving a snapshot of dist/ (version {version}) at {server.url}; {args.runs} runs")
        started = time.monotonic()
        raw = run_bench(args, build, args.chromium, flags, server)
        meta = {"runs": args.runs, "warmup": args.warmup, "site_version": version, "chromium": chromium_version(args.chromium),
                "flags": flags, "context": CONTEXT_ARGS, "throttle": args.throttle, "bare_stdlib": args.bare_stdlib, "cpus": os.cpu_count(), "forces": FORCES,
                "seconds": round(time.monotonic() - started, 1),
                "command": " ".join([pathlib.Path(sys.executable).name, *sys.argv])}
        summary = summarise(raw, meta)
    except BenchError as error:
        print(f"bench/load.py: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 - Playwright or browser failure: say it, after cleaning up
        import traceback  # noqa: PLC0415

        traceback.print_exc()
        print(f"bench/load.py: the run failed ({type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''})",
              file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
        if server is not None:
            server.stop()
        shutil.rmtree(scratch, ignore_errors=True)
        killer.cancel()
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(table(summary))
    return 0


def chromium_version(chromium: pathlib.Path) -> str:
    import subprocess  # noqa: PLC0415

    try:
        out = subprocess.run([str(chromium), "--version"], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return str(chromium)
    return out.strip() or str(chromium)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
