"""The core under real Pyodide in Node: the browser's runtime must give the same results.

docs/rules.md §10: "The same core tests under real Pyodide in Node (Pyodide ships a
Node loader): proves the browser runtime gives identical results", and the
dice are "the same seed gives the same dice in CPython, Pyodide and any
future runtime, forever".

How: run_in_pyodide.mjs loads the pinned npm pyodide (node_modules/pyodide,
the very files dist/pyodide/ ships), mounts the repository with NODEFS,
unpacks the pure-Python wheels of pytest and Hypothesis that `build.py setup`
downloaded (.cache/pyodide-wheels/), then runs a Python file of this folder.

Missing Node.js, npm packages or wheels make these tests FAIL, never skip:
`python3 build.py test` sets all of them up, so a missing piece is a bug.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.pyodide

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
RUNNER = HERE / "run_in_pyodide.mjs"
MARKER = "@@LUCKDIAL-RESULT@@"
HANG_GUARD_SECONDS = 1800
"""Only to stop a hung child from hanging CI; never a timing assertion."""

CORE_ARGS = [
    "tests/core", "-q", "-p", "no:cacheprovider",
    # The core's fast tier: its slow tests (big-battle work budgets, long fuzzing) ask nothing of the
    # runtime that the others do not, and would double this run. Both counts below use the same filter.
    "-m", "not slow",
    # tests/conftest.py serves the e2e tests (Playwright, servers): not the core's business,
    # and not loadable in Pyodide. The core tests stand on their own.
    "--confcutdir=tests/core",
]
SETUP_HINT = "run `python3 build.py setup` (or just `python3 build.py test`, which does it)"


def node_executable() -> str:
    """Node.js, as build.py found it (LUCKDIAL_NODE) or on PATH; a clear failure otherwise."""
    node = os.environ.get("LUCKDIAL_NODE") or shutil.which("node")
    if not node or not Path(shutil.which(node) or node).exists():
        pytest.fail(f"Node.js is needed to run the core under Pyodide and was not found: {SETUP_HINT}")
    return node


def wheels_dir() -> Path:
    """The pytest/Hypothesis wheels for Pyodide's Python, downloaded by build.py setup."""
    wheels = Path(os.environ.get("LUCKDIAL_PYODIDE_WHEELS") or REPO / ".cache" / "pyodide-wheels")
    if not list(wheels.glob("*.whl")):
        pytest.fail(f"no wheels for Pyodide in {wheels}: {SETUP_HINT}")
    return wheels


def require_pyodide_package() -> None:
    """node_modules/pyodide (pinned in package.json) must be installed."""
    loader = REPO / "node_modules" / "pyodide" / "pyodide.mjs"
    if not loader.exists():
        pytest.fail(f"{loader} is missing (npm package pyodide): {SETUP_HINT}")


def result_of(process: subprocess.CompletedProcess, where: str) -> dict:
    """The JSON of the last result line a script printed; a failure shows the script's output."""
    lines = [line for line in process.stdout.splitlines() if line.startswith(MARKER)]
    if not lines:
        pytest.fail(
            f"{where} printed no result line (exit status {process.returncode}).\n"
            f"--- stdout (end) ---\n{process.stdout[-6000:]}\n--- stderr (end) ---\n{process.stderr[-6000:]}"
        )
    return json.loads(lines[-1][len(MARKER):])


def run_in_pyodide(script: str, args: list[str] = (), wheels: bool = False,
                   stdlib: Path | None = None) -> tuple[dict, subprocess.CompletedProcess]:
    """Run tests/pyodide/<script> inside Pyodide under Node; its result line and the process.

    stdlib: a python_stdlib.zip to start Python with instead of the npm package's own."""
    require_pyodide_package()
    command = [node_executable(), str(RUNNER), str(REPO), f"tests/pyodide/{script}"]
    if wheels:
        command += ["--wheels", str(wheels_dir())]
    if stdlib:
        command += ["--stdlib", str(stdlib)]
    command += ["--", *args]
    process = subprocess.run(command, cwd=REPO, capture_output=True, text=True,
                             stdin=subprocess.DEVNULL, timeout=HANG_GUARD_SECONDS)
    return result_of(process, f"Pyodide ({script})"), process


def run_in_cpython(script: str, args: list[str] = ()) -> tuple[dict, subprocess.CompletedProcess]:
    """Run the same file under this CPython, for comparison."""
    process = subprocess.run([sys.executable, str(HERE / script), *args], cwd=REPO,
                             capture_output=True, text=True, stdin=subprocess.DEVNULL,
                             timeout=HANG_GUARD_SECONDS)
    return result_of(process, f"CPython ({script})"), process


@pytest.fixture(scope="module")
def core_in_pyodide() -> tuple[dict, subprocess.CompletedProcess]:
    """One run of the whole tests/core suite inside Pyodide (a few seconds; shared by the tests)."""
    return run_in_pyodide("pytest_counts.py", CORE_ARGS, wheels=True)


@pytest.fixture(scope="module")
def core_collected_by_cpython() -> int:
    """How many core tests CPython collects: the number Pyodide must pass."""
    result, process = run_in_cpython("pytest_counts.py", [*CORE_ARGS, "--collect-only"])
    assert result["exit"] == 0, f"CPython could not collect tests/core:\n{process.stdout[-6000:]}"
    assert result["collected"] > 0, "tests/core has no tests"
    return result["collected"]


def test_the_core_tests_pass_in_pyodide(core_in_pyodide):
    result, process = core_in_pyodide
    assert result["platform"] == "emscripten", f"not run under Pyodide: {result}"
    assert result["exit"] == 0, (
        f"pytest inside Pyodide exited with {result['exit']}: {result}\n"
        f"--- output (end) ---\n{process.stdout[-8000:]}\n{process.stderr[-4000:]}"
    )


def test_pyodide_passes_every_core_test_cpython_collects(core_in_pyodide, core_collected_by_cpython):
    # Equal counts, so a test file Pyodide cannot import, or a test skipped there, is caught.
    result, process = core_in_pyodide
    assert result["passed"] == core_collected_by_cpython, (
        f"CPython collects {core_collected_by_cpython} core tests, Pyodide passed {result['passed']}: "
        f"{result}\n--- output (end) ---\n{process.stdout[-8000:]}"
    )


@pytest.fixture(scope="module")
def probes() -> tuple[dict, dict]:
    """probe.py's values (dice, api.handle answers) from Pyodide and from CPython."""
    in_pyodide, _ = run_in_pyodide("probe.py")
    in_cpython, _ = run_in_cpython("probe.py")
    assert in_pyodide["platform"] == "emscripten" and in_cpython["platform"] != "emscripten"
    return in_pyodide, in_cpython


def test_the_dice_are_the_same_in_pyodide_and_cpython(probes):
    in_pyodide, in_cpython = probes
    assert len(in_cpython["dice"]) > 0
    for pyodide_case, cpython_case in zip(in_pyodide["dice"], in_cpython["dice"], strict=True):
        assert pyodide_case == cpython_case


def test_the_canonical_resolve_gives_the_same_json_in_pyodide_and_cpython(probes):
    in_pyodide, in_cpython = probes
    assert json.loads(in_cpython["resolve"])["ok"] is True, in_cpython["resolve"]
    assert in_pyodide["resolve"] == in_cpython["resolve"]


def test_the_other_canonical_requests_give_the_same_json_in_pyodide_and_cpython(probes):
    in_pyodide, in_cpython = probes
    for pyodide_answer, cpython_answer in zip(in_pyodide["others"], in_cpython["others"], strict=True):
        assert pyodide_answer == cpython_answer
