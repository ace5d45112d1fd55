"""The page's own copy of pycore's tables (web/kit/rulesets.js, shown before Python is ready) says what the
``rulesets`` op says: the rulesets and their units (name, domain, attack, defence, cost, hit points, in
pycore's order), the default order of loss of each side, the units each kind of battle allows, the luck systems with their variants and one-line
summaries, the kinds of battle and the technologies (issue 32 item 5: a hand-kept copy with no test).

The page's module is read by Node (the build's own tool, as ``tools/compile_pyc.mjs``), as the browser would.
"""

import json
import pathlib
import shutil
import subprocess

import pytest

from pycore.api import handle_object

ROOT = pathlib.Path(__file__).resolve().parents[2]
NODE = shutil.which("node")


def _page():
    assert NODE, "Node is needed to read the page's module (python3 build.py setup installs the build's tools)"
    script = ("import {BUILT_IN, SYSTEM_NOTES} from './web/kit/rulesets.js';"
              "console.log(JSON.stringify({BUILT_IN, SYSTEM_NOTES}));")
    out = subprocess.run([NODE, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=60)
    return json.loads(out.stdout)


PAGE = _page()
CORE = handle_object({"op": "rulesets"})["result"]
UNIT_FIELDS = ("id", "name", "domain", "attack", "defense", "cost", "hit_points")


def test_the_same_rulesets_in_the_same_order():
    assert [r["id"] for r in PAGE["BUILT_IN"]["rulesets"]] == [r["id"] for r in CORE["rulesets"]]


@pytest.mark.parametrize("index", range(len(CORE["rulesets"])), ids=[r["id"] for r in CORE["rulesets"]])
def test_a_rulesets_units_and_battle_units(index):
    page, core = PAGE["BUILT_IN"]["rulesets"][index], CORE["rulesets"][index]
    assert page["name"] == core["name"]
    assert [{k: u[k] for k in UNIT_FIELDS} for u in page["units"]] == [
        {k: u[k] for k in UNIT_FIELDS} for u in core["units"]]
    assert page["battle_units"] == core["battle_units"]


@pytest.mark.parametrize("index", range(len(CORE["rulesets"])), ids=[r["id"] for r in CORE["rulesets"]])
def test_a_rulesets_default_order_of_loss(index):
    """docs/rules.md §2: cheapest first, and among equal costs the weaker unit in the role first (classic's
    tank and AA gun both cost 5: the AA gun, 0 in attack and defence, goes before the tank)."""
    page, core = PAGE["BUILT_IN"]["rulesets"][index], CORE["rulesets"][index]
    assert page["order_of_loss"] == core["order_of_loss"]


def test_the_systems_their_variants_and_summaries():
    page = PAGE["BUILT_IN"]["systems"]
    assert [(s["id"], s["name"]) for s in page] == [(s["id"], s["name"]) for s in CORE["systems"]]
    for mine, theirs in zip(page, CORE["systems"]):
        assert [(x["id"], x["name"]) for x in mine.get("variants", [])] == [
            (x["id"], x["name"]) for x in theirs.get("variants", [])], mine["id"]
    assert PAGE["SYSTEM_NOTES"] == {s["id"]: s["summary"] for s in CORE["systems"]}


def test_the_kinds_and_the_technologies():
    assert PAGE["BUILT_IN"]["kinds"] == CORE["kinds"]
    assert [(t["id"], t["name"]) for t in PAGE["BUILT_IN"]["tech"]] == [(t["id"], t["name"]) for t in CORE["tech"]]
