"""Seeded engine battles agree with the calculator: land battles (dice and Low Luck)."""

import pytest

from tests.calc_sim.agreement import check

LAND = [
    ("revised", "dice", {"infantry": 3, "artillery": 1, "tank": 2, "fighter": 1}, {"infantry": 4, "aa_gun": 1, "tank": 1}),
    ("big-world-1942", "lowluck", {"infantry": 4, "tank": 2, "bomber": 1}, {"infantry": 4, "fighter": 1}),
    ("1942-2e", "dice", {"infantry": 2, "artillery": 2, "fighter": 2}, {"infantry": 3, "aa_gun": 1}),
    ("classic", "dice", {"infantry": 3, "tank": 3, "fighter": 1}, {"infantry": 3, "tank": 1, "fighter": 1}),
    ("1940-2e", "lowluck", {"mech_infantry": 2, "tactical_bomber": 1, "tank": 1, "artillery": 1},
     {"infantry": 3, "artillery": 1}),
    ("anniversary", "dice", {"tank": 2, "bomber": 2}, {"infantry": 2, "aa_gun": 1, "fighter": 1}),
]


@pytest.mark.parametrize("ruleset, system, attacker, defender", LAND, ids=[f"land{i}" for i in range(len(LAND))])
def test_engine_simulation_matches_calc_land(ruleset, system, attacker, defender):
    check({"ruleset": ruleset, "system": {"name": system},
           "attacker": {"units": attacker}, "defender": {"units": defender}}, tag=f"land-{ruleset}")
