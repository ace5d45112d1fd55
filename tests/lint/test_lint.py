"""Static checks of both languages, run with the rest of the suite: ruff over the Python (rules in
pyproject.toml [tool.ruff]), mypy --strict over the whole of pycore (pyproject.toml [tool.mypy]) and ``tsc --checkJs --noEmit`` over web/ against its JSDoc (tsconfig.json for the
page and its workers, tsconfig.sw.json for the service worker, whose global is another). Both tools are
pinned (pyproject's test list, package.json's devDependencies) and installed by ``build.py setup``: a
missing one is a failure, never a skip."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SETUP_HINT = "run `python3 build.py setup` (or `python3 build.py test`, which does it)"


def _run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    ruff = Path(sys.executable).with_name("ruff")
    if not ruff.exists():
        pytest.fail(f"ruff is not installed beside {sys.executable}: {SETUP_HINT}", pytrace=False)
    run = _run([str(ruff), "check", "--no-cache", "--output-format", "concise", "."])
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]


def test_mypy_strict_finds_nothing():
    mypy = Path(sys.executable).with_name("mypy")
    if not mypy.exists():
        pytest.fail(f"mypy is not installed beside {sys.executable}: {SETUP_HINT}", pytrace=False)
    run = _run([str(mypy), "--no-incremental", "--config-file", "pyproject.toml"])
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]


@pytest.mark.parametrize("project", ["tsconfig.json", "tsconfig.sw.json"])
def test_tsc_check_js_finds_nothing(project):
    node = os.environ.get("LUCKDIAL_NODE") or shutil.which("node")
    tsc = REPO / "node_modules" / "typescript" / "bin" / "tsc"
    if not node:
        pytest.fail(f"Node.js is missing: {SETUP_HINT}", pytrace=False)
    if not tsc.exists():
        pytest.fail(f"{tsc} is missing (npm package typescript): {SETUP_HINT}", pytrace=False)
    run = _run([node, str(tsc), "-p", project, "--pretty", "false"])
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]
