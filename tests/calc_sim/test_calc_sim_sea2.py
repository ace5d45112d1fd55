"""Seeded engine battles agree with the calculator: sea battles (sub strike, destroyers, aircraft vs subs), second half."""

import pytest

from tests.calc_sim.agreement import check
from tests.calc_sim.battles import SEA, sea_request

SEA_LATER = SEA[3:]


@pytest.mark.parametrize("ruleset, system, attacker, defender", SEA_LATER, ids=[f"sea{i + 3}" for i in range(len(SEA_LATER))])
def test_engine_simulation_matches_calc_sea(ruleset, system, attacker, defender):
    check(sea_request(ruleset, system, attacker, defender), tag=f"sea-{ruleset}")
