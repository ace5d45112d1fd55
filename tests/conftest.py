"""Shared pytest fixtures: a server of dist/ on 127.0.0.1 and Chromium's launch settings.

This file is also loaded when tests/core runs inside Pyodide under Node, so it
imports nothing beyond the standard library at module level and starts no
thread until an end-to-end fixture asks for one.
"""

from __future__ import annotations

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CHROMIUM = pathlib.Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


class DistServer:
    """dist/ served on 127.0.0.1, on a free port, exactly as ``build.py serve`` serves it; stop() ends it."""

    def __init__(self, directory: pathlib.Path = DIST) -> None:
        import threading

        from build import make_server

        self.httpd = make_server(directory, "127.0.0.1", 0, quiet=True)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="dist-server", daemon=True)
        self.thread.start()
        self.stopped = False

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.httpd.shutdown()
            self.httpd.server_close()
            self.thread.join(timeout=10)


def _require_dist() -> None:
    if not (DIST / "index.html").is_file() or not (DIST / "pyodide" / "pyodide.asm.wasm").is_file():
        pytest.fail(f"{DIST} is missing or incomplete: run python3 build.py build first", pytrace=False)


@pytest.fixture(scope="session")
def dist_server():
    """The site, served for the whole session."""
    _require_dist()
    server = DistServer()
    yield server
    server.stop()


@pytest.fixture
def make_dist_server():
    """A private server a test may stop (the offline test); each is stopped at teardown."""
    _require_dist()
    servers: list[DistServer] = []

    def make() -> DistServer:
        servers.append(DistServer())
        return servers[-1]

    yield make
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium when present (Playwright may not download browsers here)."""
    args = dict(browser_type_launch_args)
    if CHROMIUM.exists() and not os.environ.get("LUCKDIAL_PLAYWRIGHT_BROWSER"):
        args["executable_path"] = str(CHROMIUM)
        args["args"] = [*args.get("args", []), *CHROMIUM_ARGS]
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A phone held in portrait: 390×844 CSS pixels, touch, service workers on."""
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
        "service_workers": "allow",
    }
