"""Seeded engine battles agree with the sea chain (calc.fleet): subs, destroyers, carriers, battleships,
transports, every ruleset, dice and Low Luck — second half of SEA_FLEET."""

import pytest

from pycore.calc.method import compute
from tests.calc_sim.agreement import check
from tests.calc_sim.battles import SEA_FLEET, sea_request
from tests.core.calc_oracle import setup_of

PART = SEA_FLEET[5:]


@pytest.mark.parametrize("ruleset, system, attacker, defender, rounds", PART,
                         ids=[f"fleet{i + 5}" for i in range(len(PART))])
def test_engine_simulation_matches_the_sea_chain(ruleset, system, attacker, defender, rounds):
    request = sea_request(ruleset, system, attacker, defender)
    assert compute(setup_of(request), rounds)["method"] == "exact"
    check(request, rounds, tag=f"fleet-{ruleset}-{system}")
