#!/usr/bin/env python3
"""Where a first visit's time goes: one visit of dist/ traced by Chromium, the main thread's long
tasks with the JavaScript that ran in them, and the requests before a milestone.

    python3 build.py build
    .venv/bin/python bench/trace.py [--link] [--warm] [--throttle 4] [--until MS] [--save FILE]

The visit is bench/load.py's (same browser flags, phone context, served by build.make_server
from a copy of dist/, its milestones recorded in the page): the site, or with --link the shared
link of bench/load.py; --warm opens it a second time once the service worker and the Python
snapshot are kept. Chromium's trace (CDP Tracing, with its sampling JavaScript profiler) gives:

- the page's steps ("luckdial:…" marks) and milestones;
- every main-thread task over 8 ms until --until (default: Python ready), with what ran inside it
  (Blink's events) and the functions the profiler saw most in it (inclusive samples);
- the requests (sent, response, finished) in that time, by thread;
- each thread's busy time in that window.

This is how #16's causes were found (a first visit compiled pycore in the browser; each side of
the battle form rebuilt the other's options; hidden screens' modules queued ahead of the worker
script). Timings move with the machine's load: compare runs of one sitting, and use
bench/load.py's paired ratios for figures.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import sys
import tempfile
from collections import Counter, defaultdict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import load  # noqa: E402 - bench/load.py: the same visit, flags and milestones

CATEGORIES = ",".join(["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing",
                       "loading", "toplevel", "disabled-by-default-v8.cpu_profiler"])
TASKS = ("RunTask", "ThreadControllerImpl::RunTask", "ThreadPool_RunTask")


def record(args) -> tuple[list[dict], dict, dict]:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    build = load.import_build()
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="luckdial-trace-"))
    server = None
    try:
        load.snapshot_dist(args.dist, scratch / "site")
        server = load.CountingServer(build, scratch / "site")
        url = server.url + ("#" + load.make_link() if args.link else "")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(load.DEFAULT_CHROMIUM),
                                                 args=load.load_conftest_flags(), headless=True)
            try:
                context = browser.new_context(**load.CONTEXT_ARGS)
                context.add_init_script(load.init_script())
                if args.warm:  # a first visit, kept: service worker and snapshot
                    first = context.new_page()
                    first.goto(server.url)
                    first.wait_for_function("() => document.documentElement.dataset.ready === 'true'"
                                            " && navigator.serviceWorker.controller", timeout=load.WAIT_MS)
                    first.wait_for_function("caches.open('luckdial-snapshots').then(async (c) => (await c.keys()).length > 0)",
                                            polling=250, timeout=load.WAIT_MS)
                    first.close()
                page = context.new_page()
                load.throttle(page, args.throttle)
                cdp = context.new_cdp_session(page)
                events: list[dict] = []
                done: list[bool] = []
                cdp.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
                cdp.on("Tracing.tracingComplete", lambda message: done.append(True))
                cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
                page.goto(url, wait_until="commit", timeout=load.WAIT_MS)
                wanted = "window.__bench.linkResult !== null" if args.link else "window.__bench.usable !== null"
                page.wait_for_function(f"() => window.__bench && window.__bench.ready !== null && {wanted}",
                                       polling="raf", timeout=load.WAIT_MS)
                milestones = page.evaluate("() => window.__bench")
                marks = page.evaluate(load.STEP_MARKS)
                cdp.send("Tracing.end")
                while not done:
                    page.wait_for_timeout(100)
            finally:
                browser.close()
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    return events, milestones, marks


def origin(events: list[dict]) -> float:
    """The trace time (µs) of the page's navigation start, from a mark whose page time is known."""
    for event in events:
        if event.get("cat") == "blink.user_timing" and str(event.get("name", "")).startswith("luckdial:"):
            start = (event.get("args", {}).get("data") or {}).get("startTime")
            if start is not None and event.get("ph") in ("I", "R", "n"):
                return event["ts"] - start * 1000
    raise SystemExit("bench/trace.py: no luckdial mark in the trace (is dist/ a Luckdial build?)")


def samples_by_thread(events: list[dict]) -> dict[tuple, list[tuple[float, list[str]]]]:
    """(pid, tid) -> [(trace µs, call path root first)] from the profiler's chunks."""
    profiles: dict = defaultdict(lambda: {"start": 0, "tid": None, "nodes": {}, "samples": [], "deltas": []})
    for event in events:
        if event.get("name") == "Profile":
            profile = profiles[(event["pid"], event["id"])]
            profile["start"], profile["tid"] = event["args"]["data"]["startTime"], event["tid"]
        elif event.get("name") == "ProfileChunk":
            profile = profiles[(event["pid"], event["id"])]
            data = event["args"]["data"]
            for node in data.get("cpuProfile", {}).get("nodes", []):
                profile["nodes"][node["id"]] = node
            profile["samples"] += data.get("cpuProfile", {}).get("samples", [])
            profile["deltas"] += data.get("timeDeltas", [])
    out: dict = defaultdict(list)
    for (pid, _), profile in profiles.items():
        nodes = profile["nodes"]

        def label(node_id: int) -> str:
            frame = nodes[node_id]["callFrame"]
            return f"{frame.get('functionName') or '(anonymous)'} {frame.get('url', '').split('/')[-1]}:{frame.get('lineNumber', -1) + 1}"

        at = profile["start"]
        for sample, delta in zip(profile["samples"], profile["deltas"]):
            at += delta
            path, node_id = [], sample
            while node_id in nodes:
                path.append(label(node_id))
                node_id = nodes[node_id].get("parent")
            out[(pid, profile["tid"])].append((at, path[::-1]))
    return out


def report(events: list[dict], milestones: dict, marks: dict, until: float | None) -> None:
    zero = origin(events)
    ms = lambda ts: (ts - zero) / 1000  # noqa: E731
    until = until or milestones.get("ready") or 10_000
    print("milestones (ms):", {k: round(v) for k, v in milestones.items() if isinstance(v, (int, float))})
    print("page marks (ms):", {k: round(v) for k, v in sorted(marks.items(), key=lambda kv: kv[1])})
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    mark = next(e for e in events if e.get("cat") == "blink.user_timing" and str(e.get("name", "")).startswith("luckdial:"))
    main = (mark["pid"], mark["tid"])
    samples = samples_by_thread(events).get(main, [])
    own = sorted((e for e in events if (e.get("pid"), e.get("tid")) == main and e.get("ph") == "X"), key=lambda e: e["ts"])
    print(f"\nmain-thread tasks over 8 ms until {until:.0f} ms (start, ms, Blink's events inside, functions sampled most):")
    for task in (e for e in own if e["name"] == "RunTask" and e.get("dur", 0) > 8000 and 0 <= ms(e["ts"]) <= until):
        end = task["ts"] + task["dur"]
        inner = Counter()
        for event in own:
            if event is not task and task["ts"] <= event["ts"] and event["ts"] + event.get("dur", 0) <= end \
                    and event["name"] not in TASKS and not event["name"].startswith(("V8.", "Blink", "RunMicrotasks")):
                inner[event["name"]] += event.get("dur", 0) / 1000
        functions = Counter()
        for at, path in samples:
            if task["ts"] <= at <= end:
                for name in set(path[1:]):
                    functions[name] += 1
        print(f"  {ms(task['ts']):7.0f} {task['dur'] / 1000:6.0f}  " + ", ".join(f"{n} {v:.0f}" for n, v in inner.most_common(3)))
        if functions:
            print("                  " + "; ".join(f"{n} ×{c}" for n, c in functions.most_common(4)))
    print(f"\nrequests until {until:.0f} ms (sent, response, finished ms; thread; path):")
    requests: dict = {}
    for event in events:
        data = (event.get("args") or {}).get("data") or {}
        if event.get("name") == "ResourceSendRequest":
            requests[data["requestId"]] = [ms(event["ts"]), None, None, names.get((event["pid"], event["tid"]), "?"),
                                           "/" + data["url"].split("/", 3)[-1][:60]]
        elif event.get("name") in ("ResourceReceiveResponse", "ResourceFinish") and data.get("requestId") in requests:
            requests[data["requestId"]][1 if event["name"] == "ResourceReceiveResponse" else 2] = ms(event["ts"])
    for sent, response, finished, thread, path in sorted(requests.values()):
        if 0 <= sent <= until:
            fmt = lambda v: "—" if v is None else f"{v:.0f}"  # noqa: E731
            print(f"  {sent:7.0f} {fmt(response):>7} {fmt(finished):>7}  {thread[:16]:16} {path}")
    busy = Counter()
    for event in events:
        if event.get("ph") == "X" and event["name"] in ("RunTask", "ThreadPool_RunTask") and 0 <= ms(event["ts"]) <= until:
            busy[names.get((event["pid"], event["tid"]), str(event["tid"]))] += event.get("dur", 0) / 1000
    print(f"\nbusy time per thread until {until:.0f} ms:")
    for name, total in busy.most_common(8):
        print(f"  {name:32} {total:7.0f} ms")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--link", action="store_true", help="open bench/load.py's shared link")
    parser.add_argument("--warm", action="store_true", help="a return visit (service worker and snapshot kept)")
    parser.add_argument("--throttle", type=float, default=1, help="Chromium's CPU slowdown for the page")
    parser.add_argument("--until", type=float, default=None, help="report up to this ms (default: Python ready)")
    parser.add_argument("--dist", type=pathlib.Path, default=load.DIST)
    parser.add_argument("--save", type=pathlib.Path, default=None, help="also write the raw trace (JSON) here")
    args = parser.parse_args(argv)
    problem = load.dist_problem(args.dist)
    if problem:
        print(f"bench/trace.py: {problem}", file=sys.stderr)
        return 2
    events, milestones, marks = record(args)
    if args.save:
        args.save.write_text(json.dumps({"traceEvents": events}))
    report(events, milestones, marks, args.until)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
