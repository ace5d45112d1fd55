"""Bytes a first visit costs the server, in a Chromium profile with a disk cache, as a phone has.

bench/load.py uses fresh Playwright contexts, whose in-memory HTTP cache will
not hold the 9.6 MB pyodide.asm.wasm; a real browser's disk cache does. This
measures the case that matters for the offline copy: the service worker's
precache revalidates ("no-cache") files the page has just downloaded, so each
file should cross the network once. Measured 2026-11-21: 13.74 MB, against
27.47 MB when the precache used cache "reload" and started with the page.

    python3 build.py build && .venv/bin/python bench/first_visit_bytes.py
"""

from __future__ import annotations

import collections
import functools
import pathlib
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def main() -> int:
    if not (build.DIST / "pyodide" / "pyodide.asm.wasm").is_file():
        print("dist/ is missing: run python3 build.py build first", file=sys.stderr)
        return 2
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("playwright is missing: run python3 build.py setup, then use .venv/bin/python", file=sys.stderr)
        return 2
    sent: collections.Counter[str] = collections.Counter()

    class Counting(build.QuietStaticHandler):
        def copyfile(self, source, outputfile) -> None:  # bodies only; a 304 sends none
            data = source.read()
            sent[self.path] += len(data)
            outputfile.write(data)

    server = build.StaticServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(build.DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
            executable = "/usr/bin/chromium" if pathlib.Path("/usr/bin/chromium").exists() else None
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=executable, args=CHROMIUM_ARGS, service_workers="allow",
                viewport={"width": 390, "height": 844})
            try:
                page = context.new_page()
                page.goto(url)
                page.wait_for_selector('html[data-ready="true"]', timeout=120_000)
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
                time.sleep(2)  # let the precache's last revalidations finish
            finally:
                context.close()
    finally:
        server.shutdown()
        server.server_close()
    total = sum(sent.values())
    site = sum(p.stat().st_size for p in build.DIST.rglob("*") if p.is_file())
    print(f"first visit, disk-cache profile: {total / 1e6:.2f} MB sent by the server "
          f"(the site is {site / 1e6:.2f} MB; ratio {total / site:.2f})")
    for path, size in sent.most_common(5):
        print(f"  {size / 1e6:8.2f} MB  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
