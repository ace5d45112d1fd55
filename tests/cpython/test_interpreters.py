"""What needs a CPython process of its own: the same JSON under every Python the README allows, and memory
that really runs out.

Not in tests/core, which also runs inside Pyodide (no subprocess there); the Pyodide run compares the recorded
responses byte for byte itself (tests/core/test_recorded.py).
"""

from __future__ import annotations

import glob
import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
OLDEST = (3, 11)
"""pyproject.toml's requires-python (the README's "Python ≥ 3.11")."""


def _version(python: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run([python, "-c", "import sys; print(*sys.version_info[:2])"], capture_output=True,
                             text=True, timeout=60, env={**os.environ, "PYENV_VERSION": ""})
    except (OSError, subprocess.TimeoutExpired):
        return None
    parts = out.stdout.split()
    return (int(parts[0]), int(parts[1])) if out.returncode == 0 and len(parts) == 2 else None


def interpreters() -> dict[tuple[int, int], str]:
    """Each CPython ≥ 3.11 on this machine, by version: ``python3.N`` on the PATH, pyenv's versions, and
    the one running the tests."""
    found = [sys.executable, *glob.glob(os.path.expanduser("~/.pyenv/versions/3.*/bin/python3"))]
    found += [path for n in range(11, 30) if (path := shutil.which(f"python3.{n}"))]
    out: dict[tuple[int, int], str] = {}
    for python in found:
        version = _version(python)
        if version is not None and version >= OLDEST:
            out.setdefault(version, python)
    return out


def replayed(python: str) -> list[str]:
    done = subprocess.run([python, str(REPO / "tests" / "cpython" / "replay.py")], capture_output=True,
                          text=True, encoding="utf-8", timeout=600, cwd=REPO)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


def test_the_oldest_and_the_newest_python_give_the_same_json():
    """Before issue 39, 8 of the 686 recorded responses differed in their last bits between CPython 3.11
    and 3.12 (``sum`` of floats is compensated from 3.12 on); the core's sums are now the same everywhere
    (pycore/calc/total.py)."""
    found = interpreters()
    if len(found) < 2 or OLDEST not in found:
        pytest.skip(f"needs CPython {OLDEST[0]}.{OLDEST[1]} and a newer one installed, found {sorted(found)}")
    newest = max(found)
    old, new = replayed(found[OLDEST]), replayed(found[newest])
    assert len(old) == len(new) > 500
    differ = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
    assert not differ, f"{len(differ)} responses differ between {OLDEST} and {newest}, the first: line {differ[0]}"


FILL = """
import json, resource, sys
sys.path.insert(0, {repo!r})
from pycore import api
held = []
def fill(_request):
    while True:                      # the failed work keeps everything it made, as a real calculation would
        held.append(bytearray(1 << 20))
api._op = lambda name: fill
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
print(api.handle(json.dumps({{"op": "rulesets"}})))
"""


def test_memory_that_runs_out_under_a_real_cap_is_answered_in_json():
    """A process capped 300 MB above what it uses, whose op fills the memory and keeps it: ``handle`` still
    answers the documented too_big (docs/api.md "Out of memory"), written before any request came."""
    used = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    cap = max(used, 200 << 20) + (300 << 20)
    done = subprocess.run([sys.executable, "-c", FILL.format(repo=str(REPO), cap=cap)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout)
    assert got["error"]["type"] == "too_big" and got["error"]["detail"] == {"out_of_memory": True}
