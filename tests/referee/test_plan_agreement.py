"""Plans of attack (waves, take and hold) against the referee, which learns them from docs/rules.md §9.1–§9.3.

Seeded random plans of every kind: one per ruleset × system (dice, Low Luck, biased dice) × kind for
waves (land, sea, amphibious: 54), two on land and one amphibious per ruleset × system for take and hold
(54), one at sea (18), and one on land and one at sea with two counter-attacks in turn (36). The project is called through the JSON door; the referee follows every path on its own in Fractions.
Every law (the plan's, each wave's, the counter-attack's and the exchange's) agrees to 1e-9, and on a share
of them the ``exact`` fractions agree to the last digit.
"""

from __future__ import annotations

import pytest

from .compare import differences as battle_differences
from .compare_plan import SYSTEMS, differences, exact_differences, plans
from .units import RULESETS

SEED = 2030
WAVES = plans(SEED, ("land", "sea", "amphibious"), counter=False)
HOLDS = plans(SEED, ("land", "land", "amphibious"), counter=True)
SEA_HOLDS = plans(SEED, ("sea",), counter=True)
IN_TURN = plans(SEED, ("land", "sea"), counter=True, several=True)


def _id(prefix, i, request):
    return f"{prefix}-{request.get('kind', 'land')}-{request['ruleset']}-{request['system']['name']}-{i}"


CASES = ([pytest.param(r, id=_id("waves", i, r)) for i, r in enumerate(WAVES)]
         + [pytest.param(r, id=_id("hold", i, r)) for i, r in enumerate(HOLDS + SEA_HOLDS)]
         + [pytest.param(r, id=_id("in-turn", i, r)) for i, r in enumerate(IN_TURN)])


@pytest.mark.parametrize("request_", CASES)
def test_plans_agree_with_the_referee(request_):
    worst, rows, method = differences(request_)
    assert method == "exact"
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])


@pytest.mark.parametrize("request_", [pytest.param(r, id=_id("exact", i, r))
                                      for i, r in enumerate(WAVES[::4] + HOLDS[::4] + SEA_HOLDS[::4]
                                                                       + IN_TURN[::4])])
def test_exact_fractions_of_plans_agree_with_the_referee(request_):
    assert exact_differences(request_) == []


ODDS_FROM_HERE = [
    {"ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea", "round": 2,
     "attacker": {"units": {"destroyer": 2}}, "defender": {"units": {"battleship": 1, "submarine": 1},
                                                        "damaged": {"battleship": 1}},
     "waves": [{"attacker": {"units": {"cruiser": 1, "fighter": 1}}}, {"attacker": {"units": {"submarine": 2}}}]},
    {"ruleset": "revised", "system": {"name": "lowluck"}, "round": 2,
     "attacker": {"units": {"infantry": 2, "tank": 1}}, "defender": {"units": {"infantry": 2, "aa_gun": 1}},
     "waves": [{"attacker": {"units": {"fighter": 2, "infantry": 1}}}],
     "counter": {"attacker": {"units": {"tank": 2, "fighter": 1}}}},
]


@pytest.mark.parametrize("request_", ODDS_FROM_HERE, ids=["sea-damaged", "land-counter"])
def test_a_plan_taken_up_in_the_middle_agrees_with_the_referee(request_):
    """Wave 1 from round 2 (no AA fire, a damaged battleship), the later waves from their own round 1."""
    worst, rows, method = differences(request_)
    assert method == "exact" and not rows, rows[:6]


def _features(request: dict) -> set:
    rs = RULESETS[request["ruleset"]]
    kind = request.get("kind", "land")
    waves = [request] + request.get("waves", [])
    got = {f"kind {kind}", f"system {request['system']['name']}"}
    air_later = any(rs.unit(u).domain == "air" for w in waves[1:] for u in w["attacker"]["units"])
    if request["defender"]["units"].get("aa_gun") and air_later:
        got.add("AA fires at a later wave")
    if kind == "sea" and any(rs.unit(u).hit_points > 1 for u in request["defender"]["units"]):
        got.add("damaged units carried to a later wave")
    if request.get("repair_between_waves"):
        got.add("repair between waves")
    if len(waves) == 3:
        got.add("three waves")
    for w in waves:
        for rule in ("rounds", "retreat_at_units", "retreat_below", "retreat_air_loss", "retreat_strafe", "keep_land"):
            if rule in w:
                got.add(rule)
    if "territory_value" in request:
        got.add("territory value")
    if kind == "sea" and ("counter" in request or "counters" in request):
        got.add("hold at sea")
        if any(rs.unit(u).hit_points > 1 for w in waves for u in w["attacker"]["units"]):
            got.add("two-hit ships hold")
    if "counters" in request:
        got.add("counter-attacks in turn")
    if "counter" in request:
        got.add("counter-attack")
        if not rs.aa_is_casualty and request["defender"]["units"].get("aa_gun"):
            got.add("captured AA guns hold")
        if any(rs.unit(u).domain == "air" for u in request["counter"]["attacker"]["units"]):
            got.add("counter-attack by air")
    return got


def test_the_random_plans_cover_the_rules():
    """At least 50 plans of each family, every kind and system, and each rule of §9.1–§9.3 many times."""
    assert len(WAVES) >= 50 and len(HOLDS) >= 50
    counts: dict = {}
    for request in WAVES + HOLDS + SEA_HOLDS + IN_TURN:
        for feature in _features(request):
            counts[feature] = counts.get(feature, 0) + 1
    wanted = {"kind land": 50, "kind sea": 15, "kind amphibious": 30, "three waves": 30, "AA fires at a later wave": 5,
              "damaged units carried to a later wave": 5, "repair between waves": 2, "rounds": 10,
              "retreat_at_units": 5, "retreat_below": 3, "retreat_air_loss": 5, "retreat_strafe": 5, "keep_land": 5,
              "territory value": 30, "counter-attack": 54, "captured AA guns hold": 3, "counter-attack by air": 10,
              "hold at sea": 36, "two-hit ships hold": 5, "counter-attacks in turn": 36}
    wanted.update({f"system {s}": 30 for s in SYSTEMS})
    short = {k: (counts.get(k, 0), n) for k, n in wanted.items() if counts.get(k, 0) < n}
    assert not short, f"feature: (have, want) {short}"


PER_WAVE = [
    pytest.param({"ruleset": "revised", "system": {"name": "dice"}, "attacker": {"units": {"fighter": 1}},
                  "defender": {"units": {"infantry": 1}},
                  "waves": [{"attacker": {"units": {"infantry": 1, "tank": 1}}, "reinforce": {"units": {"infantry": 1}}}]},
                 id="reinforce-emptied-land"),
    pytest.param({"ruleset": "1942-2e", "system": {"name": "lowluck"}, "attacker": {"units": {"fighter": 1}},
                  "defender": {"units": {"infantry": 1, "aa_gun": 1}},
                  "waves": [{"attacker": {"units": {"infantry": 2, "fighter": 1}},
                             "reinforce": {"units": {"artillery": 1}}}],
                  "counter": {"attacker": {"units": {"tank": 2}}}},
                 id="reinforce-aa-counter"),
    pytest.param({"ruleset": "revised", "system": {"name": "dice"}, "kind": "sea",
                  "attacker": {"units": {"destroyer": 2}}, "defender": {"units": {"submarine": 1}},
                  "waves": [{"attacker": {"units": {"fighter": 1}}, "reinforce": {"units": {"battleship": 1}}},
                            {"attacker": {"units": {"destroyer": 1}}, "reinforce": {"units": {"destroyer": 1}}}]},
                 id="reinforce-sea-fleet-sunk"),
    pytest.param({"ruleset": "revised", "system": {"name": "biased"}, "territory_value": 3,
                  "attacker": {"units": {"infantry": 2, "fighter": 1}}, "defender": {"units": {"infantry": 2}},
                  "waves": [{"attacker": {"units": {"tank": 2}}, "reinforce": {"units": {"tank": 1}}}],
                  "counter": {"attacker": {"units": {"infantry": 2}}}},
                 id="reinforce-value-counter"),
    pytest.param({"ruleset": "revised", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 2}},
                  "defender": {"units": {"infantry": 1, "tank": 1, "artillery": 1}},
                  "waves": [{"attacker": {"units": {"infantry": 1, "tank": 1}},
                             "defender_order_of_loss": ["tank", "artillery", "infantry"]},
                            {"attacker": {"units": {"tank": 1}}}]},
                 id="order-of-loss-from-wave-2-on"),
    pytest.param({"ruleset": "1942-2e", "system": {"name": "lowluck"}, "territory_value": 2,
                  "attacker": {"units": {"infantry": 1, "fighter": 1}},
                  "defender": {"units": {"infantry": 1, "aa_gun": 1, "artillery": 1}},
                  "waves": [{"attacker": {"units": {"infantry": 2}}, "territory_value": 7,
                             "reinforce": {"units": {"infantry": 1}}},
                            {"attacker": {"units": {"tank": 1}}, "territory_value": -1,
                             "defender_order_of_loss": ["artillery", "infantry"]}],
                  "counter": {"attacker": {"units": {"tank": 2}}}},
                 id="values-order-reinforce-counter"),
    pytest.param({"ruleset": "revised", "system": {"name": "dice"}, "attacker": {"units": {"infantry": 1}},
                  "defender": {"units": {"infantry": 1, "aa_gun": 1}},
                  "waves": [{"attacker": {"units": {"fighter": 2, "bomber": 1}}, "rounds": 0},
                            {"attacker": {"units": {"tank": 1, "fighter": 1}}}]},
                 id="retreat-before-round-1"),
    pytest.param({"ruleset": "1942-2e", "system": {"name": "lowluck"}, "attacker": {"units": {"fighter": 1}},
                  "defender": {"units": {"infantry": 1, "aa_gun": 1}},
                  "waves": [{"attacker": {"units": {"fighter": 2, "infantry": 1}}, "rounds": 0,
                             "reinforce": {"units": {"aa_gun": 1}}},
                            {"attacker": {"units": {"infantry": 2}}}],
                  "counter": {"attacker": {"units": {"tank": 1}}}},
                 id="retreat-before-round-1-reinforced-guns"),
    pytest.param({"ruleset": "revised", "system": {"name": "dice"}, "keep_land": 1,
                  "attacker": {"units": {"infantry": 1, "fighter": 1}}, "defender": {"units": {"infantry": 2}},
                  "waves": [{"attacker": {"units": {"infantry": 2, "fighter": 2}}, "keep_land": 2}]},
                 id="keep-land-2-in-wave-2"),
    pytest.param({"ruleset": "1942-2e", "system": {"name": "lowluck"}, "keep_land": 3,
                  "attacker": {"units": {"infantry": 3, "fighter": 1, "bomber": 1}},
                  "defender": {"units": {"infantry": 2, "aa_gun": 1}},
                  "waves": [{"attacker": {"units": {"tank": 2, "fighter": 1}}, "keep_land": 2, "rounds": 2}]},
                 id="keep-land-3-aa"),
    pytest.param({"ruleset": "revised", "system": {"name": "dice"}, "kind": "sea", "territory_value": 1,
                  "attacker": {"units": {"destroyer": 1, "fighter": 1}}, "defender": {"units": {"submarine": 1}},
                  "waves": [{"attacker": {"units": {"battleship": 1}}, "reinforce": {"units": {"destroyer": 1}},
                             "territory_value": 4}],
                  "counters": [{"attacker": {"units": {"submarine": 1}}}, {"attacker": {"units": {"fighter": 1}}}]},
                 id="sea-hold-reinforced-value"),
    pytest.param({"ruleset": "1942-2e", "system": {"name": "lowluck"},
                  "attacker": {"units": {"infantry": 1, "fighter": 1}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}},
                  "waves": [{"attacker": {"units": {"fighter": 1}}, "rounds": 0, "reinforce": {"units": {"infantry": 1}}},
                            {"attacker": {"units": {"infantry": 2}}, "territory_value": 5, "keep_land": 2}],
                  "counters": [{"attacker": {"units": {"tank": 1}}}, {"attacker": {"units": {"infantry": 1}}}]},
                 id="every-field-two-counters"),
]


@pytest.mark.parametrize("request_", PER_WAVE)
def test_per_wave_fields_agree_with_the_referee(request_):
    """docs/rules.md §9.1's per-wave fields (reinforcements, order of loss, value) on small plans: floats to 1e-9, fractions exact."""
    worst, rows, method = differences(request_)
    assert method == "exact" and not rows, rows[:6]
    assert exact_differences(request_) == []


KEEP_LAND = [
    {"ruleset": "revised", "system": {"name": "dice"}, "keep_land": 2,
     "attacker": {"units": {"infantry": 2, "tank": 1, "fighter": 2}}, "defender": {"units": {"infantry": 3}}},
    {"ruleset": "anniversary", "system": {"name": "biased"}, "keep_land": 2,
     "attacker": {"units": {"infantry": 2, "artillery": 1, "fighter": 2}}, "defender": {"units": {"infantry": 2, "tank": 1}}},
    {"ruleset": "revised", "system": {"name": "dice"}, "kind": "amphibious", "keep_land": 2,
     "attacker": {"units": {"infantry": 2, "fighter": 2, "battleship": 1}}, "defender": {"units": {"infantry": 2}}},
]


@pytest.mark.parametrize("request_", KEEP_LAND, ids=["land-dice", "land-biased", "amphibious"])
def test_keep_land_n_agrees_with_the_referee(request_):
    """``keep_land: n`` in one battle (the ladder in floats; the referee spares land units as docs/rules.md §9 says)."""
    worst, rows, _ = battle_differences(request_)
    assert not rows, rows[:6]
