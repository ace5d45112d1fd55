"""The scalar chain for small pairs of ladders (pycore/calc/ladder/scalar.py) against the packed folds.

Both settle the same chain (docs/rules.md §9), summed in another order: every number a ``calc`` answers —
outcomes, losses, survivors, the swing's law, expected rounds — must agree to 1e-12, with and without a
retreat rule, under an AA gun (a pair for each number of aircraft shot down), in a plan of two waves and a
take-and-hold; and the choice between them must go by the width of the laws (Low Luck's and a small
battle's state by state, a big battle's with dice packed).
"""

import json

import pytest

from pycore.api import handle
from pycore.calc.choices import NEVER
from pycore.calc.ladder import kept, scalar
from pycore.calc.ladder.solve import Solver
from pycore.calc.method import TAIL
from pycore.engine.army import Army
from tests.core.calc_oracle import setup_of

ATTACK = {"infantry": 5, "artillery": 2, "tank": 3}
DEFEND = {"infantry": 8, "artillery": 1, "tank": 1}


def request(system, attacker=ATTACK, defender=DEFEND, **more):
    got = {"op": "calc", "ruleset": "1942-2e", "system": {"name": system}, "kind": "land",
           "attacker": {"units": attacker}, "defender": {"units": defender}}
    got.update(more)
    return got


CASES = {
    "lowluck": request("lowluck"),
    "dice": request("dice"),
    "dice, retreat below 40 %": request("dice", retreat_below=0.4),
    "lowluck, retreat at 3 units": request("lowluck", retreat_at_units=3),
    "dice, an AA gun and three fighters": request("dice", {"infantry": 4, "tank": 2, "fighter": 3},
                                                  {"infantry": 5, "aa_gun": 1}),
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


def answer(ask, scalar_pays):
    kept.forget()
    original = scalar.pays
    scalar.pays = scalar_pays
    try:
        got = json.loads(handle(json.dumps(ask)))
    finally:
        scalar.pays = original
        kept.forget()
    assert got["ok"], got
    return got["result"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_scalar_chain_answers_what_the_packed_folds_answer(case):
    packed = numbers(answer(CASES[case], lambda pair: False))
    scalars = numbers(answer(CASES[case], lambda pair: True))
    assert packed.keys() == scalars.keys()
    for key, want in packed.items():
        if "pruned" in key:
            continue        # what went in and did not come out: rounding, below 1e-14 here, either way
        assert scalars[key] == pytest.approx(want, rel=0, abs=1e-12), key
    assert any(scalars[k] != packed[k] for k in packed if "pruned" not in k)   # two sums, not one path twice


@pytest.mark.parametrize("system, size, by_state", [("lowluck", 10, True), ("lowluck", 150, True),
                                                    ("dice", 10, True), ("dice", 20, False)])
def test_the_scalar_chain_is_chosen_for_small_battles_and_narrow_laws(system, size, by_state):
    """Dice: laws about as wide as the army (11 × 11 at 10 v 10, 21 × 21 at 20 v 20); Low Luck: two or three."""
    setup = setup_of({"ruleset": "1942-2e", "system": {"name": system}, "kind": "land",
                      "attacker": {"units": {"infantry": size}}, "defender": {"units": {"infantry": size}}})
    solver = Solver(setup, TAIL, TAIL, NEVER, False)
    a, d = Army(setup.attacker.units), Army(setup.defender.units)
    pair = solver.pair_of(solver.ladder_of("attacker", a, d)[0], solver.ladder_of("defender", d, a)[0])
    assert scalar.pays(pair) is by_state
