"""The attacker's rules in the calculator (pycore/calc/choices.py): retreat at N units, retreat below X, keep land.

Each rule is worked by both chains — the ladder (floats, pycore/calc/ladder.py)
and the general chain over whole armies (pycore/calc/chain.py, Fractions with
``exact``) — which share no code past the engine: they must agree. The
"retreat below" cases are also checked by hand.
"""

from fractions import Fraction

import pytest

from pycore.ops import calc
from pycore.api import handle_object
from pycore.calc import ladder
from pycore.calc.chain import Chain
from pycore.engine.army import Army
from tests.core.calc_oracle import setup_of

BASE = {"op": "calc", "ruleset": "revised", "system": {"name": "dice"}, "kind": "land"}


def test_retreat_below_by_hand():
    # Revised: infantry attacks at 1, defends at 2. 1 v 1, per round: the attacker alone hits 1/6 · 4/6 = 4/36,
    # both 2/36, the defender alone 5/6 · 2/6 = 10/36, nobody 20/36; V(1 v 1) = 4/16 = 1/4.
    # 2 v 1: the attacker scores (11/36) → he wins even if hit back; 0 hits and hit (25/36 · 1/3) → 1 v 1;
    # nobody scores 25/36 · 2/3 = 50/108. V(2 v 1) = (33/108 + 25/108 · 1/4) / (58/108) = 157/232.
    request = {**BASE, "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}, "exact": True}
    assert calc.run(request)["exact_outcome"]["attacker_wins"] == "157/232"
    # Below 1/2 he retreats from 1 v 1 (1/4) and fights on at 2 v 1 (157/232 ≈ 0.68):
    # wins 33/108 ÷ 58/108 = 33/58, retreats 25/108 ÷ 58/108 = 25/58.
    got = calc.run({**request, "retreat_below": 0.5})
    assert got["exact_outcome"]["attacker_wins"] == "33/58"
    assert got["exact_outcome"]["retreat"] == "25/58"
    assert got["exact_outcome"]["defender_wins"] == "0/1"
    # The ladder, in floats, agrees.
    fast = calc.run({**request, "retreat_below": 0.5, "exact": False})
    assert fast["outcome"]["attacker_wins"] == pytest.approx(33 / 58, abs=1e-12)
    assert fast["outcome"]["retreat"] == pytest.approx(25 / 58, abs=1e-12)
    # Below 1/5 he never retreats: 1/4 and 157/232 are both above.
    assert calc.run({**request, "retreat_below": 0.2})["exact_outcome"]["attacker_wins"] == "157/232"


BATTLES = [
    ("revised", "dice", {"infantry": 3, "artillery": 1, "tank": 1, "fighter": 1}, {"infantry": 4, "aa_gun": 1}),
    ("anniversary", "lowluck", {"infantry": 3, "tank": 2, "fighter": 1}, {"infantry": 5, "artillery": 1}),
    ("1942-2e", "dice", {"infantry": 2, "tank": 1, "bomber": 1}, {"infantry": 3, "fighter": 1}),
]
RULES = [{"retreat_below": 0.35}, {"retreat_below": 0.7}, {"retreat_at_units": 2},
         {"retreat_below": 0.5, "retreat_at_units": 1}, {"keep_land": True}, {"keep_land": True, "retreat_below": 0.4}]


@pytest.mark.parametrize("rounds", [None, 3])
@pytest.mark.parametrize("rule", RULES, ids=lambda r: "+".join(f"{k}={v}" for k, v in r.items()))
@pytest.mark.parametrize("battle", BATTLES, ids=lambda b: f"{b[0]}-{b[1]}")
def test_the_ladder_and_the_exact_chain_agree_on_every_rule(battle, rule, rounds):
    ruleset, system, attacker, defender = battle
    request = {"op": "calc", "ruleset": ruleset, "system": {"name": system}, "kind": "land",
               "attacker": {"units": attacker}, "defender": {"units": defender}, **rule}
    if rounds:
        request["rounds"] = rounds
    fast, exact = calc.run(request), calc.run({**request, "exact": True})
    assert fast["pruned"] < 1e-9 and exact["pruned"] == 0
    for name in set(fast["outcome"]) | set(exact["outcome"]):
        assert fast["outcome"].get(name, 0) == pytest.approx(exact["outcome"].get(name, 0), abs=1e-12 + fast["pruned"])
    for role in ("attacker", "defender"):
        for k in set(fast["losses"][role]) | set(exact["losses"][role]):
            assert fast["losses"][role].get(k, 0) == pytest.approx(exact["losses"][role].get(k, 0), abs=1e-12)
    assert fast["takes_territory"] == pytest.approx(exact["takes_territory"], abs=1e-12)
    if "retreat_below" in rule or "retreat_at_units" in rule:
        assert fast["outcome"].get("retreat", 0) > 0


def test_the_ladders_win_chances_are_the_chains_state_by_state():
    setup = setup_of({"ruleset": "revised", "system": {"name": "dice"}, "kind": "land",
                      "attacker": {"units": {"infantry": 3, "artillery": 1, "tank": 1, "fighter": 1}},
                      "defender": {"units": {"infantry": 3, "tank": 1}}})
    a, d = Army(setup.attacker.units), Army(setup.defender.units)
    pair = ladder.Pair(ladder.Ladder(setup, "attacker", a, d, 1e-13), ladder.Ladder(setup, "defender", d, a, 1e-13))
    chain = Chain(setup, exact=True)
    wins = pair.win_chances()
    checked = 0
    for i, attacker in enumerate(pair.a.armies[:pair.a.top]):
        for j, defender in enumerate(pair.d.armies[:pair.d.top]):
            assert wins[i][j] == pytest.approx(float(chain.win_chance(attacker, defender)), abs=1e-12), (i, j)
            checked += 1
    assert checked == 6 * 4
    # From the start, that chance is what the calculator gives for the battle without its opening fire.
    later = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "dice"}, "kind": "land", "round": 2,
                      "attacker": {"units": {"infantry": 3, "artillery": 1, "tank": 1, "fighter": 1}},
                      "defender": {"units": {"infantry": 3, "tank": 1}}})
    assert wins[0][0] == pytest.approx(later["outcome"]["attacker_wins"], abs=1e-12)


def test_exact_used_to_ignore_the_retreat_rule():
    # Regression: with "exact" the general chain fought to the end whatever the rule said.
    request = {**BASE, "attacker": {"units": {"infantry": 3, "tank": 1}}, "defender": {"units": {"infantry": 3}},
               "retreat_at_units": 2, "exact": True}
    got = calc.run(request)
    # The referee (tests/referee: exact Fractions, written from docs/rules.md §9 alone, no pycore import).
    assert Fraction(got["exact_outcome"]["retreat"]) == Fraction(22232065906165, 38903967445552)
    assert Fraction(got["exact_outcome"]["attacker_wins"]) == Fraction(22812170573811, 53963567747056)


def test_keep_land_in_the_exact_chain_takes_the_aircraft_first():
    request = {**BASE, "attacker": {"units": {"tank": 1, "fighter": 2}}, "defender": {"units": {"infantry": 2}},
               "exact": True}
    plain, kept = calc.run(request), calc.run({**request, "keep_land": True})
    assert kept["exact_outcome"]["attacker_wins"] == plain["exact_outcome"]["attacker_wins"]
    # The referee (tests/referee): he wins 97847/104720 either way and, fought plainly, takes the territory
    # with 65/187 (the tank, the cheapest, goes first).
    assert Fraction(plain["exact_takes_territory"]) == Fraction(65, 187)
    assert Fraction(kept["exact_outcome"]["attacker_wins"]) == Fraction(97847, 104720)
    # Whenever he wins with keep_land he still has his tank: the territory is taken each time.
    assert kept["exact_takes_territory"] == kept["exact_outcome"]["attacker_wins"]


@pytest.mark.parametrize("change, field, words", [
    ({"retreat_below": 1.5}, "retreat_below", "1.5"),
    ({"retreat_below": -0.1}, "retreat_below", "-0.1"),
    ({"retreat_below": "half"}, "retreat_below", "half"),
    ({"retreat_below": 0.5, "kind": "amphibious"}, "retreat_below", "sea"),
    ({"retreat_below": 0.5, "system": {"name": "chess"}}, "retreat_below", "chess"),
])
def test_a_bad_retreat_below_names_its_field_and_value(change, field, words):
    request = {**BASE, "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}, **change}
    got = handle_object(request)
    assert not got["ok"] and got["error"]["field"] == field, got
    assert words in got["error"]["message"]


def test_retreat_below_travels_in_the_link():
    result = calc.run({**BASE, "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}},
                       "retreat_below": 0.25})
    decoded = handle_object({"op": "share", "decode": result["link"]})
    assert decoded["ok"] and decoded["result"]["request"]["retreat_below"] == 0.25
