"""Plain float pushes for small pairs of ladders (pycore/calc/ladder/plain.py) against the packed folds.

Both settle the same chain (docs/rules.md §9), summed in another order: every number a ``calc`` answers —
outcomes, losses, survivors, the swing's law, expected rounds — must agree to 1e-12, with and without a
retreat rule, in a plan of two waves and a take-and-hold; and the choice between them must go by the width
of the laws (Low Luck's narrow laws plain, dice's wide ones packed).
"""

import json

import pytest

from pycore.api import handle
from pycore.calc.choices import NEVER
from pycore.calc.ladder import kept, plain
from pycore.calc.ladder.solve import Solver
from pycore.calc.method import TAIL
from pycore.engine.army import Army
from tests.core.calc_oracle import setup_of

ATTACK = {"infantry": 5, "artillery": 2, "tank": 3}
DEFEND = {"infantry": 8, "artillery": 1, "tank": 1}


def request(system, **more):
    got = {"op": "calc", "ruleset": "1942-2e", "system": {"name": system}, "kind": "land",
           "attacker": {"units": ATTACK}, "defender": {"units": DEFEND}}
    got.update(more)
    return got


CASES = {
    "lowluck": request("lowluck"),
    "dice": request("dice"),
    "lowluck, retreat below 40 %": request("lowluck", retreat_below=0.4),
    "lowluck, two waves": request("lowluck", waves=[{"attacker": {"units": {"tank": 2, "fighter": 1}}}]),
    "dice, take and hold": request("dice", counter={"attacker": {"units": {"infantry": 4, "tank": 2}},
                                                    "defender": {}}),
}


def numbers(value, path=""):
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return {}
    if isinstance(value, (int, float)):
        return {path: float(value)}
    items = value.items() if isinstance(value, dict) else enumerate(value)
    got = {}
    for key, item in items:
        got.update(numbers(item, f"{path}/{key}"))
    return got


def answer(ask, plain_pays):
    kept.forget()
    original = plain.pays
    plain.pays = plain_pays
    try:
        got = json.loads(handle(json.dumps(ask)))
    finally:
        plain.pays = original
        kept.forget()
    assert got["ok"], got
    return got["result"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_plain_pushes_answer_what_the_packed_folds_answer(case):
    packed = numbers(answer(CASES[case], lambda pair: False))
    pushed = numbers(answer(CASES[case], lambda pair: True))
    assert packed.keys() == pushed.keys()
    for key, want in packed.items():
        if "pruned" in key:
            continue        # what went in and did not come out: rounding, below 1e-15 here, either way
        assert pushed[key] == pytest.approx(want, rel=0, abs=1e-12), key
    assert any(pushed[k] != packed[k] for k in packed if "pruned" not in k)   # two sums, not one path twice


@pytest.mark.parametrize("system, plain_path", [("lowluck", True), ("dice", False)])
def test_plain_pushes_are_chosen_for_narrow_laws(system, plain_path):
    setup = setup_of({"ruleset": "1942-2e", "system": {"name": system}, "kind": "land",
                      "attacker": {"units": ATTACK}, "defender": {"units": DEFEND}})
    solver = Solver(setup, TAIL, TAIL, NEVER, False)
    a, d = Army(setup.attacker.units), Army(setup.defender.units)
    pair = solver.pair_of(solver.ladder_of("attacker", a, d)[0], solver.ladder_of("defender", d, a)[0])
    assert plain.pays(pair) is plain_path
