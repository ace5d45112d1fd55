"""Run pytest and print its counts as one JSON line, the same way in CPython and in Pyodide.

    python tests/pyodide/pytest_counts.py PYTEST_ARGS...

The last line of output is ``@@LUCKDIAL-RESULT@@ {"exit": ..., "collected": ...,
"passed": ..., ...}`` and the exit status is pytest's. test_core_in_pyodide.py
runs this under Node + Pyodide (the real run) and under CPython with
--collect-only (the expected count), so a test file that Pyodide silently
failed to collect, or a test it skipped, makes the counts differ.

Not a test module itself (no test_ prefix): pytest does not collect it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

MARKER = "@@LUCKDIAL-RESULT@@"
REPO = Path(__file__).resolve().parents[2]


class Counts:
    """A pytest plugin that keeps the numbers pytest's own summary line is made of."""

    def __init__(self) -> None:
        self.collected = 0
        self.stats: dict[str, int] = {}

    def pytest_configure(self, config) -> None:
        relax_hypothesis_in_pyodide()

    def pytest_collection_finish(self, session) -> None:
        self.collected = len(session.items)

    def pytest_terminal_summary(self, terminalreporter) -> None:
        self.stats = {key: len(value) for key, value in terminalreporter.stats.items() if key}


def relax_hypothesis_in_pyodide() -> None:
    """Under Pyodide (≈1.75× slower than CPython on a shared machine) Hypothesis's per-example
    deadline would turn slowness into failures: no timing assertions, so no deadline. No example
    database either, so the two runtimes never share state through the mounted repository. And
    derandomised like CPython's ``ci`` profile (tests/conftest.py), so a failure here comes back on the
    next run instead of passing by chance.
    Called from pytest_configure, after the conftests (whose profile is kept otherwise) and
    after pytest has imported Hypothesis's plugin (importing it earlier defeats its assert
    rewriting)."""
    if sys.platform != "emscripten":
        return
    try:
        from hypothesis import settings
    except ImportError:
        return
    settings.register_profile("luckdial-pyodide", parent=settings.default, deadline=None,
                              database=None, derandomize=True)
    settings.load_profile("luckdial-pyodide")


def main(args: list[str]) -> int:
    """Run pytest in this process with the counting plugin; print the result line; return pytest's code."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    import pytest

    counts = Counts()
    code = int(pytest.main(args, plugins=[counts]))
    result = {
        "exit": code,
        "collected": counts.collected,
        "passed": counts.stats.get("passed", 0),
        "failed": counts.stats.get("failed", 0),
        "errors": counts.stats.get("error", 0),
        "skipped": counts.stats.get("skipped", 0),
        "xfailed": counts.stats.get("xfailed", 0),
        "xpassed": counts.stats.get("xpassed", 0),
        "platform": sys.platform,
        "python": sys.version.split()[0],
    }
    sys.stdout.flush()
    print(f"\n{MARKER} {json.dumps(result, sort_keys=True)}", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
