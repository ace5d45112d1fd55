"""The page's pure modules under Node's own test runner: ``node --test tests/js`` (issue #29).

The screens' state is plain functions of the battle's request (web/battle/decisions.js, the pure parts of
web/battle/table-dice.js); their tests are ``tests/js/*.test.mjs``, run here so that
``python3 build.py test`` covers them. Node is part of the set-up (README), so a missing ``node`` fails.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from tests.js import fixtures

ROOT = Path(__file__).resolve().parents[2]


def test_the_node_tests_pass():
    node = shutil.which("node")
    assert node, "node is not installed: python3 build.py setup needs Node.js >= 18 (README)"
    run = subprocess.run([node, "--test", "tests/js"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    passed = re.search(r"^# pass (\d+)", run.stdout, re.M)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    files = sorted(Path(__file__).parent.glob("*.test.mjs"))
    # The tests ran: a file that cannot load fails the run, one that defines no test would not.
    assert passed and int(passed.group(1)) >= len(files) >= 2, run.stdout[-2000:]


def test_the_battles_the_node_tests_read_are_what_pycore_answers_today():
    """tests/js/fixtures/decisions.json is written by tests/js/fixtures.py from pycore's answers."""
    assert fixtures.OUT.read_text(encoding="utf-8") == fixtures.text(), \
        "pycore's answers changed: run .venv/bin/python tests/js/fixtures.py and read the diff"
