"""Seeded engine battles agree with the calculator: sea battles (sub strike, destroyers, aircraft vs subs), first half."""

import pytest

from tests.calc_sim.agreement import check

SEA = [
    ("anniversary", "dice", {"submarine": 2, "destroyer": 1, "fighter": 1}, {"submarine": 1, "cruiser": 1}),
    ("anniversary", "lowluck", {"submarine": 2, "fighter": 2}, {"destroyer": 1, "submarine": 1}),
    ("revised", "dice", {"battleship": 1, "submarine": 1}, {"destroyer": 1, "fighter": 1}),
    ("1942-2e", "dice", {"cruiser": 1, "destroyer": 1, "bomber": 1}, {"carrier": 1, "fighter": 1, "transport": 1}),
    ("classic", "lowluck", {"submarine": 2, "battleship": 1}, {"carrier": 1, "fighter": 2, "transport": 1}),
    ("big-world-1942", "dice", {"destroyer": 2, "submarine": 1}, {"submarine": 2, "battleship": 1}),
]


@pytest.mark.parametrize("ruleset, system, attacker, defender", SEA[:3], ids=[f"sea{i}" for i in range(3)])
def test_engine_simulation_matches_calc_sea(ruleset, system, attacker, defender):
    check({"ruleset": ruleset, "system": {"name": system}, "kind": "sea",
           "attacker": {"units": attacker}, "defender": {"units": defender}}, tag=f"sea-{ruleset}")
