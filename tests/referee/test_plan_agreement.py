"""Plans of attack (waves, take and hold) against the referee, which learns them from docs/rules.md §9.1–§9.3.

Seeded random plans of every kind: one per ruleset × system (dice, Low Luck, biased dice) × kind for
waves (land, sea, amphibious: 54), two on land and one amphibious per ruleset × system for take and hold
(54), one at sea (18), and one on land and one at sea with two counter-attacks in turn (36). The project is called through the JSON door; the referee follows every path on its own in Fractions.
Every law (the plan's, each wave's, the counter-attack's and the exchange's) agrees to 1e-9, and on a share
of them the ``exact`` fractions agree to the last digit.
"""

from __future__ import annotations

import pytest

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
