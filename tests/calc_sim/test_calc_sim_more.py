"""Seeded engine battles agree with the calculator: round limits, amphibious assaults, tech, orders of loss."""

import pytest

from tests.calc_sim.agreement import check
from tests.calc_sim.battles import MORE


@pytest.mark.parametrize("request_, rounds", MORE[:4], ids=[f"more{i}" for i in range(4)])
def test_engine_simulation_matches_calc_more(request_, rounds):
    check(request_, rounds, tag="more")
