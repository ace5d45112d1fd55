"""A turn planned (docs/rules.md §9.5) against the referee's brute force over every split (tests/referee/turn.py).

Seeded random turns of two or three land battles with small pools, dice and Low Luck, as attacker and as
defender, some with a target chance, some with a budget the units used must fit: the project's best total swing (through the JSON door) equals the
referee's to 1e-9, and the split it names is one of the referee's best splits, each battle's swing and
chance as the referee works them.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from .turn import best_turn, swing
from .units import RULESETS_IDS

LAND = ("infantry", "artillery", "tank", "fighter")


def _turn(rng: random.Random, side: str) -> dict:
    rid = rng.choice([r for r in RULESETS_IDS if r != "classic"])
    pool = {uid: rng.randint(0, 2) for uid in rng.sample(LAND, 3)}
    pool = {uid: n for uid, n in pool.items() if n} or {"infantry": 2}
    battles = []
    for _ in range(rng.choice((2, 3))):
        other = {uid: rng.randint(1, 2) for uid in rng.sample(("infantry", "artillery", "tank"), 2)}
        battle = {("defender" if side == "attacker" else "attacker"): {"units": other},
                  "territory_value": rng.choice((0, 2, 5))}
        if side == "defender" and rng.random() < 0.5:
            battle["defender"] = {"units": {"infantry": 1}}
        battles.append(battle)
    if side == "attacker" and rng.random() < 0.4:
        battles[0]["target"] = 0.5
    money = {"budget": rng.choice((6, 10, 16))} if rng.random() < 0.4 else {}
    return {"op": "plan_turn", "ruleset": rid, "system": {"name": rng.choice(("dice", "lowluck"))},
            "side": side, "available": pool, "battles": battles, **money}


def _project(request: dict) -> dict:
    from pycore.api import handle
    envelope = json.loads(handle(json.dumps(request)))
    assert envelope["ok"], envelope
    return envelope["result"]


RNG = random.Random(2031)
TURNS = [_turn(RNG, side) for side in ("attacker", "defender") for _ in range(6)]


@pytest.mark.parametrize("request_", [pytest.param(t, id=f"{t['side']}-{t['system']['name']}-{i}")
                                      for i, t in enumerate(TURNS)])
def test_the_best_split_agrees_with_the_referee(request_):
    best, splits = best_turn(request_)
    got = _project(request_)
    if best is None:
        assert got["assignments"] is None
        return
    assert abs(got["swing"] - float(best)) < 1e-9
    chosen = [a["units"] for a in got["assignments"]]
    assert chosen in splits
    for battle, assignment in zip(request_["battles"], got["assignments"]):
        takes, value = swing(request_, battle, assignment["units"])
        assert abs(assignment["swing"] - float(value)) < 1e-9
        key, chance = ("takes", takes) if request_["side"] == "attacker" else ("holds", 1 - takes)
        assert abs(assignment[key] - float(chance)) < 1e-9


def test_a_unit_may_stay_home_when_no_battle_pays():
    """One infantry against three tanks costs more than it wins: the best turn sends nobody (swing 0)."""
    request = {"op": "plan_turn", "ruleset": "1942-2e", "system": {"name": "dice"}, "available": {"infantry": 1},
               "battles": [{"defender": {"units": {"tank": 3}}}]}
    best, _ = best_turn(request)
    got = _project(request)
    assert best == Fraction(0) and got["swing"] == 0.0 and got["assignments"][0]["units"] == {}
    assert got["home"] == {"infantry": 1}
