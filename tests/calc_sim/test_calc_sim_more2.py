"""Seeded engine battles agree with the calculator: round limits, amphibious assaults, tech, orders of loss (second part)."""

import pytest

from tests.calc_sim.agreement import check

MORE_ALL = [
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

MORE = MORE_ALL[4:] + [
    ({"ruleset": "1940-2e", "system": {"name": "dice"},
      "attacker": {"units": {"infantry": 3, "mech_infantry": 1, "artillery": 1, "tactical_bomber": 1, "fighter": 1}},
      "defender": {"units": {"infantry": 4, "aa_gun": 1}}}, None),
]


@pytest.mark.parametrize("request_, rounds", MORE, ids=[f"more{i + 4}" for i in range(len(MORE))])
def test_engine_simulation_matches_calc_more(request_, rounds):
    check(request_, rounds, tag="more")
