""""Retreat at N units or fewer" (docs/rules.md §9), on every path that reads it: the engine's table, the land
ladder, the general chain (exact fractions), the state-by-state rules of a plan (air loss, profit) in floats
and in fractions, and a plan's later wave.

The rule retreats after a round that leaves the attacker N units *or fewer*. With N the attacker's whole
army, every round leaves N or fewer, so he retreats after round 1 whatever the dice: the battle lasts exactly
one round (or ends in it). With N one less, a round in which he loses nothing leaves N + 1 and he presses on:
more than one round on average. An off-by-one anywhere ("fewer than N") fails the first case on that path.
"""

import json

import pytest

from pycore.api import handle

ATTACKER = {"infantry": 3, "tank": 2, "fighter": 1}        # 6 units
SIZE = sum(ATTACKER.values())
BATTLE = {"ruleset": "1942-2e", "system": {"name": "dice"}, "attacker": {"units": ATTACKER},
          "defender": {"units": {"infantry": 6, "artillery": 1}}}


def ask(request: dict) -> dict:
    got = json.loads(handle(json.dumps(request)))
    assert got["ok"], got["error"]
    return got["result"]


PATHS = {
    "land ladder": {},
    "general chain, exact": {"exact": True},
    "air-loss rule, floats": {"retreat_air_loss": 0.5},
    "air-loss rule, exact": {"retreat_air_loss": 0.5, "exact": True},
    "profit rule, floats": {"retreat_profit": -1000},
    "profit rule, exact": {"retreat_profit": -1000, "exact": True},
    "Low Luck": {"system": {"name": "lowluck"}},
}


@pytest.mark.parametrize("extra", PATHS.values(), ids=list(PATHS))
def test_the_calculator_retreats_at_n_units_or_fewer(extra):
    at_size = ask({"op": "calc", **BATTLE, **extra, "retreat_at_units": SIZE})
    assert at_size["rounds"] == 1.0, at_size["rounds"]
    one_less = ask({"op": "calc", **BATTLE, **extra, "retreat_at_units": SIZE - 1})
    if extra.get("system", {}).get("name") != "lowluck":    # Low Luck: 1 sure hit a round, never 0 losses
        assert one_less["rounds"] > 1.0, one_less["rounds"]


def test_a_later_wave_retreats_at_n_units_or_fewer():
    plan = ask({"op": "calc", **BATTLE, "attacker": {"units": {"infantry": 1}},
                "waves": [{"attacker": {"units": ATTACKER}, "retreat_at_units": SIZE}]})
    second = plan["waves"][1]    # floats: 1 to within what the chains prune (3e-10 here)
    assert second["fights"] > 0 and second["rounds"] == pytest.approx(1.0, abs=1e-8), second


@pytest.mark.parametrize("seed", ["s31", "s48", "s52"])
def test_the_engine_retreats_at_n_units_or_fewer(seed):
    """The table's dice. These seeds' round 1 costs the attacker nothing (found by trying s0…s399): 6 units are
    left, exactly N, so he retreats; a rule of "fewer than N" would press on into round 2."""
    got = ask({"op": "resolve", **BATTLE, "seed": seed, "retreat_at_units": SIZE})
    first = got["rounds"][0]
    assert sum(first["after"]["attacker"].values()) + sum(first.get("retreated", {}).values()) == SIZE
    assert got["outcome"] == "retreat" and len(got["rounds"]) == 1
    pressing = ask({"op": "resolve", **BATTLE, "seed": seed, "retreat_at_units": SIZE - 1})
    assert len(pressing["rounds"]) > 1 or pressing["outcome"] != "retreat"
