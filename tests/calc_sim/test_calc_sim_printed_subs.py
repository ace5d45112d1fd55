"""Seeded engine battles agree with the calculator under the printed sub rule (docs/rules.md §2 "The sub
step"): 20,000 battles each, within 4 standard errors. Battles where the two readings part: subs facing a
destroyer, aircraft that cannot hit subs, two-hit ships; dice and Low Luck."""

import pytest

from pycore.calc.method import compute
from tests.calc_sim.agreement import check
from tests.core.calc_oracle import setup_of

PRINTED = [
    ("1942-2e", "dice", {"submarine": 2, "fighter": 2}, {"destroyer": 1, "submarine": 2, "battleship": 1}),
    ("1940-2e", "lowluck", {"submarine": 3, "tactical_bomber": 1, "bomber": 1}, {"destroyer": 2, "submarine": 1, "carrier": 1}),
    ("anniversary", "dice", {"submarine": 2, "bomber": 1, "cruiser": 1}, {"destroyer": 1, "submarine": 2, "transport": 1}),
]


@pytest.mark.parametrize("ruleset, system, attacker, defender", PRINTED, ids=[f"printed{i}" for i in range(len(PRINTED))])
def test_engine_simulation_matches_calc_under_the_printed_sub_rule(ruleset, system, attacker, defender):
    request = {"ruleset": ruleset, "system": {"name": system}, "kind": "sea", "sub_rule": "printed",
               "attacker": {"units": attacker}, "defender": {"units": defender}}
    got = compute(setup_of(request))
    assert got["method"] == "exact"
    seed = compute(setup_of({k: v for k, v in request.items() if k != "sub_rule"}))
    assert got["joint"] != seed["joint"]  # a battle where the readings part: the simulation tests the printed one
    check(request, tag=f"printed-{ruleset}-{system}")
