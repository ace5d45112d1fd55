"""Battles in one place: tests/core/test_calc_fleet.py holds the sea chain to the general chain on all of them;
test_calc_sim_engine.py still simulates four of MORE (the others: its docstring says which referee tests took them)."""

SEA = [  # (ruleset, system, attacker units, defender units), all sea battles
    ("anniversary", "dice", {"submarine": 2, "destroyer": 1, "fighter": 1}, {"submarine": 1, "cruiser": 1}),
    ("anniversary", "lowluck", {"submarine": 2, "fighter": 2}, {"destroyer": 1, "submarine": 1}),
    ("revised", "dice", {"battleship": 1, "submarine": 1}, {"destroyer": 1, "fighter": 1}),
    ("1942-2e", "dice", {"cruiser": 1, "destroyer": 1, "bomber": 1}, {"carrier": 1, "fighter": 1, "transport": 1}),
    ("classic", "lowluck", {"submarine": 2, "battleship": 1}, {"carrier": 1, "fighter": 2, "transport": 1}),
    ("big-world-1942", "dice", {"destroyer": 2, "submarine": 1}, {"submarine": 2, "battleship": 1}),
]


SEA_FLEET = [  # (ruleset, system, attacker units, defender units, round limit or None): the sea chain (calc.fleet)
    ("1942-2e", "dice", {"submarine": 2, "destroyer": 1}, {"carrier": 1, "fighter": 1, "transport": 1}, None),
    ("1942-2e", "lowluck", {"battleship": 1, "submarine": 1, "fighter": 1}, {"destroyer": 1, "submarine": 2}, None),
    ("revised", "lowluck", {"destroyer": 1, "fighter": 2}, {"submarine": 2, "transport": 1}, None),
    ("anniversary", "dice", {"cruiser": 1, "submarine": 1, "fighter": 1}, {"battleship": 1, "destroyer": 1}, None),
    ("anniversary", "lowluck", {"submarine": 3}, {"destroyer": 1, "transport": 2}, None),
    ("1940-2e", "dice", {"battleship": 1, "fighter": 1}, {"carrier": 1, "destroyer": 1, "submarine": 1}, None),
    ("1940-2e", "lowluck", {"battleship": 1, "destroyer": 1}, {"carrier": 1, "fighter": 1, "submarine": 1}, None),
    ("classic", "dice", {"battleship": 1, "fighter": 1}, {"submarine": 2, "transport": 1}, None),
    ("classic", "lowluck", {"submarine": 2, "carrier": 1, "fighter": 1}, {"battleship": 1, "transport": 1}, None),
    ("1942-2e", "dice", {"submarine": 2, "destroyer": 2}, {"battleship": 1, "carrier": 1, "fighter": 1}, 2),
]
"""Sea battles with subs, destroyers, carriers, battleships and transports, dice and Low Luck (five each), every
ruleset but big-world-1942 (in SEA already); small, so that 20,000 engine battles each stay within minutes."""


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
    ({"ruleset": "1940-2e", "system": {"name": "dice"},
      "attacker": {"units": {"infantry": 3, "mech_infantry": 1, "artillery": 1, "tactical_bomber": 1, "fighter": 1}},
      "defender": {"units": {"infantry": 4, "aa_gun": 1}}}, None),
]
"""(request without op, round limit or None): amphibious assaults, round limits, tech, orders of loss."""


def sea_request(ruleset, system, attacker, defender):
    return {"ruleset": ruleset, "system": {"name": system}, "kind": "sea",
            "attacker": {"units": attacker}, "defender": {"units": defender}}
