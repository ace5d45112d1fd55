"""Hand-written valid requests, one or more for every field of every op (docs/api.md), for the fuzz suite.

Each is answered ``ok`` as written (``tests/core/test_fuzz.py`` checks it): mutating them reaches every
field's reader with a value of the right shape first, where the recorded corpus may miss one.
"""

B = {"ruleset": "1942-2e", "system": {"name": "dice"}}
HAND = [
    {"op": "rulesets"},
    # resolve: every field of a battle and of its play
    {"op": "resolve", **B, "kind": "land", "seed": "s", "rounds": 2, "lhtr": True, "choices": ["press"],
     "attacker": {"units": {"infantry": 3, "artillery": 1, "tank": 2, "fighter": 1, "bomber": 1},
                  "order_of_loss": ["infantry", "artillery", "tank", "fighter", "bomber"], "tech": ["heavy_bombers", "jet_power"]},
     "defender": {"units": {"infantry": 4, "aa_gun": 1}, "tech": ["radar"]}, "report": {"page": "https://example.org/luckdial/"}},
    {"op": "resolve", "ruleset": "anniversary", "system": {"name": "dice"}, "kind": "sea", "seed": "x", "sub_rule": "printed",
     "attacker": {"units": {"submarine": 2, "destroyer": 1, "transport": 1}, "cargo": {"infantry": 1, "tank": 1}, "tech": ["super_subs"]},
     "defender": {"units": {"submarine": 1, "carrier": 1, "fighter": 2}, "cargo": {"fighter": 1}} },
    {"op": "resolve", "ruleset": "revised", "system": {"name": "dice"}, "kind": "sea", "seed": "x", "rounds": 1,
     "attacker": {"units": {"submarine": 3}}, "defender": {"units": {"submarine": 3}}, "submerge": [{"round": 1, "side": "defender"}]},
    {"op": "resolve", "ruleset": "revised", "system": {"name": "lowluck"}, "kind": "sea", "seed": "folded",
     "attacker": {"units": {"submarine": 3, "battleship": 1}, "fold_subs": 2}, "defender": {"units": {"destroyer": 2}}},
    {"op": "resolve", "ruleset": "revised", "system": {"name": "dice"}, "kind": "amphibious", "seed": "am", "choose_casualties": True,
     "attacker": {"units": {"infantry": 2, "battleship": 1}}, "defender": {"units": {"infantry": 2, "artillery": 1}},
     "casualties": [{"round": 1, "step": "main", "side": "defender", "lost": {"artillery": 1}}]},
    {"op": "resolve", **B, "dice": [{"attacker": {"main": [1, 2]}, "defender": {"main": [3]}}],
     "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}},
    {"op": "resolve", **B, "beacon": {"round": 1000, "signature": "ab" * 48},
     "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}},
    {"op": "share", "encode": {"op": "resolve", **B, "commit": {"hash": "0" * 64, "phrase": "hello"},
                               "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}}},
    {"op": "resolve", "ruleset": "revised", "system": {"name": "chess", "variant": "cofr"}, "seed": "c",
     "attacker": {"units": {"infantry": 3, "fighter": 2}, "air_over_aa": 3}, "defender": {"units": {"infantry": 3, "aa_gun": 1}}},
    {"op": "resolve", "ruleset": "1940-2e", "system": {"name": "colored", "chart": [
        {"color": "red", "rolls": ["tank"], "boosts": [["mech_infantry"]], "casualties": "any", "choice": "winner"},
        {"color": "blue", "rolls": ["infantry", "mech_infantry", "artillery", "fighter", "tactical_bomber", "bomber", "aa_gun"],
         "boosts": [], "casualties": "any", "choice": "victim"}]}, "seed": "col", "choose_boosts": True,
     "attacker": {"units": {"infantry": 3, "tank": 2, "mech_infantry": 1}},
     "defender": {"units": {"infantry": 3, "fighter": 1}, "colors": {"blue": {"rolls": {"fighter": 1}}}}},
    # calc: every option
    {"op": "calc", **B, "attacker": {"units": {"infantry": 3, "tank": 2}}, "defender": {"units": {"infantry": 3}},
     "rounds": 3, "timing": True, "retreat_at_units": 1, "keep_land": True},
    {"op": "calc", **B, "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 1}}, "defender": {"units": {"infantry": 3, "aa_gun": 1}},
     "retreat_below": 0.4, "estimate": True},
    {"op": "calc", "ruleset": "1942-2e", "system": {"name": "lowluck"}, "attacker": {"units": {"infantry": 2, "tank": 1}},
     "defender": {"units": {"infantry": 2}}, "exact": True},
    {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "round": 2, "sub_rule": "printed",
     "attacker": {"units": {"battleship": 2, "submarine": 1}, "damaged": {"battleship": 1}},
     "defender": {"units": {"destroyer": 2, "carrier": 1, "fighter": 1}}},
    {"op": "calc", "ruleset": "revised", "system": {"name": "chess", "variant": "cof"}, "carry": {"attacker": 2, "defender": -1},
     "attacker": {"units": {"infantry": 3}}, "defender": {"units": {"infantry": 2}}},
    {"op": "calc", "ruleset": "classic", "system": {"name": "colored"}, "attacker": {"units": {"infantry": 2, "tank": 2}},
     "defender": {"units": {"infantry": 3}}},
    # wif, research, bombing, share
    {"op": "wif", "attack": 12, "defense": 4, "fractional_odds": True, "table": "blitz", "seed": "w",
     "modifiers": [{"id": "rain"}, {"id": "hq_support_attacker", "reorganisation": 3}, {"id": "custom", "value": 1.5, "label": "river"}]},
    {"op": "research", "system": "lowluck", "category": "air", "label": "Italy", "seed": "r",
     "start": {"saved": 6}, "steps": [{"invest": 18}, {"invest": 18, "attempt": True, "roll": 3}]},
    {"op": "research", "system": "dice", "seed": "t", "keep_tokens": True, "low_luck": False,
     "steps": [{"dice": 2, "tech": "radar"}, {"dice": 1, "tech": "jet_power", "rolls": [6]}]},
    {"op": "bombing", "system": "dice", "ruleset": "revised", "bombers": 3, "aa": True, "heavy_bombers": True,
     "territory_value": 10, "aa_guns": 1, "seed": "b"},
    {"op": "bombing", "system": "lowluck", "bombers": 2, "aa": True, "rule": "standard", "seed": "ll"},
    {"op": "bombing", "system": "chess", "variant": "ryof", "bombers": 2, "aa": True, "aa_count": 2, "seed": "c"},
    {"op": "bombing", "settle": {"fees": 12, "money": 30, "bombers": 2}},
    {"op": "share", "encode": {"op": "wif", "attack": 3, "defense": 1, "table": "assault", "modifiers": []}},
    {"op": "share", "commit": {"op": "resolve", **B, "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}},
     "secret": "0123456789abcdef0123"},
]
