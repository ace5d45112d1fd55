"""Seeded engine battles agree with the calculator: round limits, amphibious assaults, tech, orders of loss (second part)."""

import pytest

from tests.calc_sim.agreement import check
from tests.calc_sim.battles import MORE

MORE_LATER = MORE[4:]


@pytest.mark.parametrize("request_, rounds", MORE_LATER, ids=[f"more{i + 4}" for i in range(len(MORE_LATER))])
def test_engine_simulation_matches_calc_more(request_, rounds):
    check(request_, rounds, tag="more")
