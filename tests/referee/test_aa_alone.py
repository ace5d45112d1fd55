"""AA guns alone (docs/rules.md §2 "AA guns alone") against the referee, which follows the rule on its own.

Battles and plans whose defender holds AA guns and nothing else at the start of a battle or of a later wave,
in every ruleset (the gun destroyed at once where it can be a casualty, fired and captured where it cannot),
under dice and Low Luck, by land and by sea, with aircraft and land units; each compared with the project
through the JSON door to 1e-9 and, for the plans, in exact fractions to the last digit.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from . import compare_plan
from .battle import calc
from .compare import differences, exact_differences
from .units import RULESETS_IDS

ATTACKERS = ({"infantry": 1}, {"infantry": 2, "fighter": 1}, {"fighter": 2, "bomber": 1}, {"tank": 1, "bomber": 2})


def _battle(ruleset, system, attacker, guns, kind="land", **more):
    return {"ruleset": ruleset, "system": {"name": system}, "kind": kind,
            "attacker": {"units": attacker}, "defender": {"units": {"aa_gun": guns}}, **more}


BATTLES = [pytest.param(_battle(r, s, a, g), id=f"{r}-{s}-{'+'.join(a)}-{g}gun")
           for r in RULESETS_IDS for s in ("dice", "lowluck") for a in ATTACKERS for g in (1, 2)]
BATTLES += [pytest.param(_battle(r, "dice", {"infantry": 1, "battleship": 1}, 1, "amphibious"), id=f"{r}-amphibious")
            for r in RULESETS_IDS]


@pytest.mark.parametrize("request_", BATTLES)
def test_lone_guns_agree_with_the_referee(request_):
    worst, rows, method = differences(request_)
    assert method == "exact"
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])
    assert exact_differences(request_) == []


@pytest.mark.parametrize("ruleset", ["1942-2e", "1940-2e"])
def test_the_referee_destroys_lone_guns_where_they_are_casualties(ruleset):
    """The referee's own answer, the printed rule: 2 fighters + 1 bomber against 2 guns, a sure win, nothing
    lost, no round, the guns' 10 IPCs swung (docs/rules.md §1: AA gun $5)."""
    got = calc(_battle(ruleset, "dice", {"fighter": 2, "bomber": 1}, 2))
    assert got["outcome"]["attacker_wins"] == 1 and got["rounds"] == 0
    assert got["losses"]["attacker"] == {0: 1} and got["swing"] == {10: 1}
    assert got["takes_territory"] == 0


def test_the_referee_still_fires_a_gun_that_is_captured():
    """Revised: 2 fighters against 1 gun: it fires 2 shots at 1 (every aircraft), so none is lost with
    (5/6)² = 25/36; the battle is then over (the gun never is a casualty) in the one round it opened."""
    got = calc(_battle("revised", "dice", {"fighter": 2}, 1))
    assert got["losses"]["attacker"][0] == Fraction(25, 36)
    assert got["rounds"] == 1


# ---- later waves ---------------------------------------------------------------------------------

def _plan(ruleset, system, first, later, defender, kind="land", counter=None):
    request = {"ruleset": ruleset, "system": {"name": system}, "kind": kind,
               "attacker": {"units": first}, "defender": {"units": defender},
               "waves": [{"attacker": {"units": w}} for w in later]}
    if counter:
        request["counter"] = {"attacker": {"units": counter}}
    return request


PLANS = [pytest.param(_plan(r, s, {"infantry": 1}, [{"fighter": 1}, {"infantry": 1, "fighter": 1}],
                            {"infantry": 1, "aa_gun": 1}), id=f"{r}-{s}-inf-then-air")
         for r in RULESETS_IDS for s in ("dice", "lowluck")]
PLANS += [pytest.param(_plan(r, s, {"bomber": 1, "fighter": 1}, [{"tank": 1, "fighter": 1}],
                             {"infantry": 2, "aa_gun": 2}, counter={"infantry": 2, "tank": 1}),
                       id=f"{r}-{s}-air-then-tank-counter")
          for r in ("1942-2e", "1940-2e", "revised") for s in ("dice", "lowluck")]


@pytest.mark.parametrize("request_", PLANS)
def test_later_waves_meeting_lone_guns_agree_with_the_referee(request_):
    worst, rows, method = compare_plan.differences(request_)
    assert method == "exact"
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])
    assert compare_plan.exact_differences(request_) == []


def test_the_plans_meet_lone_guns():
    """The plans above do reach a later wave against AA guns alone (else they would test nothing new): the
    referee's own law of the defender after wave 1 (1942-2e, dice) holds the gun alone with 1/8 (worked in
    tests/core/test_aa_alone.py)."""
    got = compare_plan.plan(_plan("1942-2e", "dice", {"infantry": 1}, [{"fighter": 1}], {"infantry": 1, "aa_gun": 1}))
    assert got["waves"][1]["wave_outcome"]["attacker_wins"] == Fraction(37, 96)
