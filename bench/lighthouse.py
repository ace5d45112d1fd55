#!/usr/bin/env python3
"""Lighthouse (mobile preset) against build.py's server: the performance score and total blocking time.

    npm ci --prefix bench/lighthouse           # once: Lighthouse 12.8.2, pinned by bench/lighthouse/package-lock.json
    python3 build.py build
    .venv/bin/python bench/lighthouse.py [--runs 3] [--dist DIR] [--json]

Lighthouse is the field's standard audit; it is a bench tool only (its own npm project under
bench/lighthouse/, never in dist/ and never in the site's `npm ci`). It drives Debian's Chromium
(CHROME_PATH=/usr/bin/chromium) headless with the flags of tests/conftest.py, on its default
mobile preset: a Moto G Power-sized screen, simulated slow 4G and a 4x CPU slowdown (Lantern's
simulation from one unthrottled trace). A snapshot of dist/ is served on 127.0.0.1 by
build.make_server (gzip and 304s, as GitHub Pages). Runs vary on a busy machine: medians of
--runs are printed, with each run's figures, and the main thread's long tasks of the median run
(real durations in the trace, before Lighthouse's 4x), which is what total blocking time counts.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "bench" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = pathlib.Path("/usr/bin/chromium")
AUDITS = (("first-contentful-paint", "FCP"), ("largest-contentful-paint", "LCP"), ("total-blocking-time", "TBT"),
          ("speed-index", "speed index"), ("interactive", "TTI"), ("max-potential-fid", "max potential FID"))


def conftest_flags() -> list[str]:
    import importlib.util  # noqa: PLC0415

    spec = importlib.util.spec_from_file_location("luckdial_tests_conftest", ROOT / "tests" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [flag for flag in module.CHROMIUM_ARGS if flag != "--headless"] + ["--headless=new"]


def serve(directory: pathlib.Path):
    sys.path.insert(0, str(ROOT))
    import build  # noqa: PLC0415

    httpd = build.make_server(directory, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def long_tasks(trace_path: pathlib.Path, threshold_ms: float = 12.5) -> list[tuple[float, float, str]]:
    """The renderer main thread's tasks over threshold_ms (4x makes them 50 ms): (start, ms, what ran)."""
    events = json.loads(trace_path.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    start = next((e["ts"] for e in events if e.get("name") == "navigationStart"), None)
    out = []
    for key in (k for k, v in names.items() if v == "CrRendererMain"):
        mine = [e for e in events if (e.get("pid"), e.get("tid")) == key and e.get("ph") == "X"]
        for task in (e for e in mine if e["name"] == "RunTask" and e.get("dur", 0) > threshold_ms * 1000):
            inner: dict[str, float] = {}
            for e in mine:
                if e is not task and task["ts"] <= e["ts"] and e["ts"] + e.get("dur", 0) <= task["ts"] + task["dur"]:
                    inner[e["name"]] = inner.get(e["name"], 0) + e.get("dur", 0) / 1000
            top = ", ".join(f"{name} {ms:.0f}" for name, ms in sorted(inner.items(), key=lambda kv: -kv[1])[:3])
            out.append(((task["ts"] - (start or task["ts"])) / 1000, task["dur"] / 1000, top))
    return sorted(out)


def run_once(url: str, out: pathlib.Path, flags: list[str]) -> dict:
    env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
    command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--save-assets",
               "--only-categories=performance", f"--chrome-flags={' '.join(flags)}", "--quiet"]
    subprocess.run(command, env=env, check=True, timeout=300)
    report = json.loads(out.read_text())
    audits = report["audits"]
    result = {"score": round(100 * report["categories"]["performance"]["score"]),
              **{key: audits[key]["numericValue"] for key, _ in AUDITS}, "lighthouse": report["lighthouseVersion"]}
    trace = out.with_name(out.stem + "-0.trace.json")
    result["long_tasks"] = long_tasks(trace) if trace.exists() else []
    return result


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dist", type=pathlib.Path, default=ROOT / "dist")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print(f"bench/lighthouse.py: {LIGHTHOUSE} is missing: run `npm ci --prefix bench/lighthouse` (Lighthouse 12.8.2;"
              " 13.x needs Node 22.19, this machine has Node 20)", file=sys.stderr)
        return 2
    if not CHROMIUM.exists():
        print(f"bench/lighthouse.py: no Chromium at {CHROMIUM}: `apt-get install chromium`", file=sys.stderr)
        return 2
    if not (args.dist / "index.html").exists():
        print(f"bench/lighthouse.py: {args.dist} has no index.html: run `python3 build.py build`", file=sys.stderr)
        return 2
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="luckdial-lighthouse-"))
    try:
        site = scratch / "site"
        shutil.copytree(args.dist, site)
        httpd = serve(site)
        url = f"http://127.0.0.1:{httpd.server_address[1]}/"
        flags = conftest_flags()
        runs = []
        for index in range(args.runs):
            runs.append(run_once(url, scratch / f"run{index}.json", flags))
            print(f"[lighthouse] run {index + 1}/{args.runs}: performance {runs[-1]['score']},"
                  f" TBT {runs[-1]['total-blocking-time']:.0f} ms, LCP {runs[-1]['largest-contentful-paint']:.0f} ms",
                  file=sys.stderr, flush=True)
        httpd.shutdown()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    median_run = sorted(runs, key=lambda r: r["score"])[len(runs) // 2]
    summary = {"runs": runs, "median": {"score": statistics.median(r["score"] for r in runs),
                                        **{key: statistics.median(r[key] for r in runs) for key, _ in AUDITS}}}
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"Lighthouse {runs[0]['lighthouse']}, mobile preset, {args.runs} runs, {url}")
    print(f"  performance score      {summary['median']['score']:.0f}   (runs: {', '.join(str(r['score']) for r in runs)})")
    for key, name in AUDITS:
        print(f"  {name:<22} {summary['median'][key]:7.0f} ms (runs: {', '.join(f'{r[key]:.0f}' for r in runs)})")
    print("main-thread tasks over 12.5 ms in the median run's trace (start ms, real ms, what ran):")
    for start, ms, what in median_run["long_tasks"]:
        print(f"  {start:7.0f} {ms:6.0f}  {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
