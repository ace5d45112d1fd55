"""Seeded engine battles agree with the calculator: sea battles (sub strike, destroyers, aircraft vs subs), first half."""

import pytest

from tests.calc_sim.agreement import check
from tests.calc_sim.battles import SEA, sea_request


@pytest.mark.parametrize("ruleset, system, attacker, defender", SEA[:3], ids=[f"sea{i}" for i in range(3)])
def test_engine_simulation_matches_calc_sea(ruleset, system, attacker, defender):
    check(sea_request(ruleset, system, attacker, defender), tag=f"sea-{ruleset}")
