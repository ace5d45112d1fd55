"""Shared pytest fixtures (a server of dist/ on 127.0.0.1, Chromium's launch settings) and the suite's tiers.

The tiers: every test under ``tests/e2e`` is marked ``e2e``, under ``tests/pyodide`` ``pyodide``, under
``tests/calc_sim`` and ``tests/cpython`` ``slow``, by folder at collection, so a new file is in its tier without a decorator.
A test elsewhere that takes more than a few seconds carries ``@pytest.mark.slow`` itself.
``python3 build.py test --fast`` runs ``not (slow or e2e or pyodide)``; ``python3 build.py test`` runs all.

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
TIER_OF_FOLDER = {"e2e": "e2e", "pyodide": "pyodide", "calc_sim": "slow", "cpython": "slow"}
"""tests/<folder> → the marker every test in it gets (pyproject.toml declares them)."""
PYODIDE_TIMEOUT = 2400
"""pytest-timeout's limit for a Pyodide test (build.py gives the others 1800 s): above the runner's own
hang guard (1800 s for each of its two Node runs), which reports more (the child's output) when it fires first."""
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _register_hypothesis_profiles() -> None:
    """``ci``: derandomised (the same examples every run, so a red CI run is red again at home) and no
    example database; ``build.py test`` selects it (``--hypothesis-profile=ci``). Not here under Pyodide:
    tests/pyodide runs tests/core with its own profile (pytest_counts.py)."""
    from hypothesis import settings

    settings.register_profile("ci", derandomize=True, database=None, print_blob=True)


_register_hypothesis_profiles()


FIRST_FOLDERS = ("pyodide", "calc_sim", "e2e")
"""Run first, in this order: the folders whose files take longest (the one Pyodide run of tests/core,
the engine's simulations, the browser's), so that with several workers (build.py's pytest-xdist,
whole files each) no long file starts last while the other workers have nothing left to do."""


def _folder(item, tests: pathlib.Path) -> str | None:
    try:
        return item.path.resolve().relative_to(tests).parts[0]
    except ValueError:  # a test outside tests/ (pytest run on another path)
        return None


def pytest_collection_modifyitems(config, items):
    """The tier markers, by folder (see the module's docstring); the longest folders first."""
    tests = pathlib.Path(__file__).resolve().parent
    folders = {id(item): _folder(item, tests) for item in items}
    rank = {folder: n for n, folder in enumerate(FIRST_FOLDERS)}
    items.sort(key=lambda item: rank.get(folders[id(item)], len(FIRST_FOLDERS)))  # stable: files stay whole
    for item in items:
        folder = folders[id(item)]
        if folder is None:
            continue
        tier = TIER_OF_FOLDER.get(folder)
        if tier:
            item.add_marker(tier)
        if folder == "pyodide" and config.pluginmanager.hasplugin("timeout"):
            item.add_marker(pytest.mark.timeout(PYODIDE_TIMEOUT))


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
