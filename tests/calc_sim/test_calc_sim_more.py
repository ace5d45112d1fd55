"""Seeded engine battles agree with the calculator: round limits, amphibious assaults, tech, orders of loss."""

import pytest

from tests.calc_sim.agreement import check

MORE = [
    ({"ruleset": "revised", "system": {"name": "dice"}, "kind": "amphibious",
      "attacker": {"units": {"infantry": 2, "tank": 1, "battleship": 1}}, "defender": {"units": {"infantry": 3}}}, None),
    ({"ruleset": "anniversary", "system": {"name": "lowluck"}, "kind": "amphibious",
      "attacker": {"units": {"infantry": 2, "artillery": 1, "cruiser": 1}}, "defender": {"units": {"infantry": 2, "tank": 1}}},
     None),
    ({"ruleset": "revised", "system": {"name": "dice"},
      "attacker": {"units": {"infantry": 5, "tank": 3}}, "defender": {"units": {"infantry": 6, "tank": 1}}}, 2),
    ({"ruleset": "revised", "system": {"name": "dice"},
      "attacker": {"units": {"infantry": 2, "bomber": 2}, "tech": ["heavy_bombers"]},
      "defender": {"units": {"infantry": 4, "fighter": 1}, "tech": ["jet_power"]}}, None),
    ({"ruleset": "revised", "system": {"name": "dice"}, "lhtr": True,
      "attacker": {"units": {"infantry": 2, "artillery": 2, "bomber": 1}, "tech": ["heavy_bombers", "advanced_artillery"]},
      "defender": {"units": {"infantry": 4, "aa_gun": 1}, "tech": ["radar"]}}, None),
    ({"ruleset": "big-world-1942", "system": {"name": "dice"},
      "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 1}, "order_of_loss": ["tank", "fighter"]},
      "defender": {"units": {"infantry": 3, "artillery": 1}, "order_of_loss": ["artillery"]}}, None),
    ({"ruleset": "anniversary", "system": {"name": "lowluck"}, "kind": "sea",
      "attacker": {"units": {"submarine": 3, "destroyer": 1}, "fold_subs": 1},
      "defender": {"units": {"destroyer": 1, "cruiser": 1}}}, None),
]


@pytest.mark.parametrize("request_, rounds", MORE[:4], ids=[f"more{i}" for i in range(4)])
def test_engine_simulation_matches_calc_more(request_, rounds):
    check(request_, rounds, tag="more")
