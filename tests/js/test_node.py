"""The page's pure JavaScript modules, tested by Node's own test runner (tests/js/*.test.mjs): the
battle's and the calculator's state, the battle form's shared set-up, errors in words, the draft.
Each .test.mjs imports the module it tests from web/ as the browser does (ES modules, no bundler)."""

from __future__ import annotations

import pathlib
import shutil
import subprocess

import pytest

HERE = pathlib.Path(__file__).resolve().parent
NODE = shutil.which("node")


def test_the_pages_pure_modules_pass_node_test():
    if NODE is None:
        pytest.fail("Node.js is missing: build.py setup installs it (README.md)", pytrace=False)
    files = sorted(HERE.glob("*.test.mjs"))
    assert files, "no tests/js/*.test.mjs found"
    run = subprocess.run([NODE, "--no-warnings", "--test", *map(str, files)], cwd=HERE.parent.parent,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-4000:]
    assert "# tests " in run.stdout and "# fail 0" in run.stdout, run.stdout[-2000:]
