"""The page's tables (web/kit/tables.js, what the battle form shows before Python is ready) are pycore's own:
the committed file is byte for byte what ``python3 build.py tables`` writes from the ``rulesets`` op now, and
the page, reading it through kit/rulesets.js, gets the op's answer: rulesets and their units (name, domain,
attack, defence, cost, hit points, in pycore's order), the default order of loss, the units each kind of
battle allows, the luck systems with their variants and summaries, the kinds of battle and the technologies
(issue 32 item 5: the page's copy was kept by hand, with no test).

The page's module is read by Node (the build's own tool, as ``tools/compile_pyc.mjs``), as the browser would.
"""

import json
import pathlib
import shutil
import subprocess

import pytest

import build
from pycore.api import handle_object

ROOT = pathlib.Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
CORE = handle_object({"op": "rulesets"})["result"]


def _page():
    assert NODE, "Node is needed to read the page's module (python3 build.py setup installs the build's tools)"
    script = "import {BUILT_IN} from './web/kit/rulesets.js'; console.log(JSON.stringify(BUILT_IN));"
    out = subprocess.run([NODE, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=60)
    return json.loads(out.stdout)


def test_the_committed_tables_are_what_build_py_writes_now():
    committed = build.PAGE_TABLES.read_text(encoding="utf-8")
    assert committed == build.page_tables(), (
        "web/kit/tables.js is stale: pycore's rulesets op answers otherwise. "
        "Run `python3 build.py tables` and commit web/kit/tables.js")


def test_the_tables_file_says_it_is_generated_and_how():
    first = build.PAGE_TABLES.read_text(encoding="utf-8").splitlines()[0]
    assert "python3 build.py tables" in first and "do not edit" in first


@pytest.fixture(scope="module")
def page():
    return _page()


@pytest.mark.parametrize("key", sorted(CORE))
def test_the_page_reads_the_ops_answer(page, key):
    """Every part of the answer, as the page's module gives it (BUILT_IN), equals the op's: nothing on the form
    changes when Python is ready."""
    assert page[key] == CORE[key]


def test_the_page_has_no_more_than_the_op(page):
    assert sorted(page) == sorted(CORE)

