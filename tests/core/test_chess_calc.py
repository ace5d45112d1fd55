"""The A&A Chess calculator (``pycore.calc.chess.ends``): hand-worked laws, the engine as oracle."""

from fractions import Fraction

import pytest

from pycore.calc.chess import ends
from pycore.calc.montecarlo import engine_simulate, sample
from pycore.read.battle import read_setup
from pycore.rulesets import find_ruleset
from pycore.read.systems import read_system
from tests.core.helpers import ok


def setup(attacker, defender, variant, kind="land", **side):
    request = {"attacker": {"units": attacker, **side}, "defender": {"units": defender}, "kind": kind}
    return read_setup(request, find_ruleset("classic"), read_system({"name": "chess", "variant": variant}))


def by_outcome(law):
    out = {}
    for (outcome, _, _), p in law.ends.items():
        out[outcome] = out.get(outcome, 0) + p
    return out


@pytest.mark.parametrize("variant", ["orthodox", "cof"])
@pytest.mark.parametrize("attacker, defender", [
    ({"infantry": 6}, {"infantry": 3}),                                 # seed 003 example 1
    ({"tank": 4}, {"tank": 3, "infantry": 6}),                          # example 2
    ({"tank": 4, "infantry": 5}, {"tank": 3, "infantry": 5}),           # example 3
    ({"tank": 4, "infantry": 4}, {"tank": 3, "infantry": 4, "bomber": 1}),  # example 4
    ({"infantry": 1}, {"infantry": 1}),
])
def test_diceless_variants_give_the_one_outcome_resolve_fights(variant, attacker, defender):
    law = ends(setup(attacker, defender, variant), None, True)
    assert law.method == "exact" and law.pruned == 0
    [(outcome, a, d)] = law.ends
    assert law.ends[(outcome, a, d)] == 1
    fought = ok({"op": "resolve", "ruleset": "classic", "system": {"name": "chess", "variant": variant},
                 "attacker": {"units": attacker}, "defender": {"units": defender}, "seed": "any"})
    assert outcome == fought["outcome"]
    assert a.units.as_dict() == fought["survivors"]["attacker"]
    assert d.units.as_dict() == fought["survivors"]["defender"]
    assert law.rounds == len(fought["rounds"])


def test_cof_worked_battle_in_the_calculator():
    """The hand-worked COF battle of test_chess: 6 infantry v 3 → attacker wins with 4 left after 4 assaults."""
    law = ends(setup({"infantry": 6}, {"infantry": 3}, "cof"), None, False)
    [(outcome, a, d)] = law.ends
    assert (outcome, a.units.as_dict(), law.rounds) == ("attacker_wins", {"infantry": 4}, 4.0)


def test_ryof_one_infantry_each_worked_by_hand():
    """RYOF, 1 infantry v 1: the attacker rolls at 1 (1/6), the defender at 2 (2/6), every assault.

    Per assault: both hit 2/36 (draw), attacker only 4/36, defender only 10/36, nothing 20/36 (again).
    Fought to the end: draw 2/16, attacker 4/16, defender 10/16; rounds 36/16.
    """
    law = ends(setup({"infantry": 1}, {"infantry": 1}, "ryof"), None, True)
    assert by_outcome(law) == {"draw": Fraction(1, 8), "attacker_wins": Fraction(1, 4),
                               "defender_wins": Fraction(5, 8)}
    assert law.rounds == Fraction(9, 4)


def test_ryof6_has_no_remainder_hit_by_itself():
    """RYOF<6, 5 infantry v 1 infantry: 5 is rolled at 5 (5/6), where orthodox and RYOF hit for sure."""
    law = ends(setup({"infantry": 5}, {"infantry": 1}, "ryof6"), 1, True)
    outcome = by_outcome(law)
    # The defender's 2 is rolled too, but an attacker lost still leaves 4: the battle ends when the attacker hits.
    assert outcome["attacker_wins"] == Fraction(5, 6)
    assert outcome["in_progress"] == Fraction(1, 6)
    assert by_outcome(ends(setup({"infantry": 5}, {"infantry": 1}, "ryof"), 1, True)) == {"attacker_wins": 1}


def test_cofr_rolls_the_leftover_of_the_last_round_asked_for():
    """COF+R, 4 infantry v 2 infantry, one round: the attacker's 4 is rolled (4/6); the defender's 4 scores."""
    law = ends(setup({"infantry": 4}, {"infantry": 2}, "cofr"), 1, True)
    left = {d.units.as_dict()["infantry"]: p for (_, a, d), p in law.ends.items()}
    assert left == {1: Fraction(2, 3), 2: Fraction(1, 3)}
    assert all(a.units.as_dict() == {"infantry": 3} for (_, a, _) in law.ends)
    # Asked to the end instead, round 1 is not the last: its 4 is carried, nothing rolled there.
    whole = ends(setup({"infantry": 4}, {"infantry": 2}, "cofr"), None, True)
    assert sum(whole.ends.values()) == 1


def test_aa_over_two_territories_in_ryof6():
    """3 fighters over 2 AA territories count 6: 1 sure loss and the remainder 1 rolled on a d10 at 2 (1/5)."""
    law = ends(setup({"fighter": 3, "infantry": 3}, {"infantry": 1, "aa_gun": 1}, "ryof6", air_over_aa=6), 1, True)
    fighters = {}
    for (_, a, _), p in law.ends.items():
        fighters[a.count("fighter")] = fighters.get(a.count("fighter"), 0) + p
    assert fighters[1] == Fraction(1, 5) and fighters[2] == Fraction(4, 5)


def test_exact_and_float_agree():
    s = setup({"infantry": 6, "tank": 2}, {"infantry": 5, "tank": 1}, "ryof")
    exact, fast = ends(s, None, True), ends(s, None, False)
    assert exact.ends.keys() == fast.ends.keys()
    for key, p in exact.ends.items():
        assert abs(float(p) - fast.ends[key]) < 1e-12
    assert abs(float(exact.rounds) - fast.rounds) < 1e-12


@pytest.mark.parametrize("variant", ["ryof", "ryof6", "cofr"])
def test_seeded_engine_battles_agree_with_the_exact_law(variant):
    """500 battles the engine fights with seeded dice land within 4 standard errors of the exact law."""
    s = setup({"infantry": 5, "tank": 2, "fighter": 1}, {"infantry": 5, "tank": 1}, variant)
    law = by_outcome(ends(s, None, False))
    n = 500
    seen = by_outcome(sample(s, None, n, engine_simulate))
    for outcome in set(law) | set(seen):
        p = law.get(outcome, 0.0)
        se = max((p * (1 - p) / n) ** 0.5, 1 / n)
        assert abs(seen.get(outcome, 0.0) - p) <= 4 * se, (outcome, p, seen.get(outcome))


def test_carried_fractions_are_part_of_the_calculators_state():
    """COF, 6 infantry v 3 after assault 2 (test_chess): 4 v 1, carrying −1 and −2 (resolve's result.carry).

    From there: 4 − 1 = 3 carried, 2 − 2 = 0; then 4 + 3 = 7 → 1 hit: the attacker wins in 2 more assaults.
    Without the carry the same armies end otherwise: 4 and 2 carried, then 8 → 1 and the defender's 4 scores,
    so the attacker wins with 3.
    """
    fought = ok({"op": "resolve", "ruleset": "classic", "system": {"name": "chess", "variant": "cof"},
                 "attacker": {"units": {"infantry": 6}}, "defender": {"units": {"infantry": 3}},
                 "seed": "s", "rounds": 2})
    assert fought["carry"] == {"attacker": -1, "defender": -2}
    s = setup({"infantry": 4}, {"infantry": 1}, "cof")
    law = ends(s, None, True, carry=(-1, -2))
    [(outcome, a, d)] = law.ends
    assert (outcome, a.units.as_dict(), law.rounds) == ("attacker_wins", {"infantry": 4}, 2)
    [(_, fresh_a, _)] = ends(s, None, True).ends
    assert fresh_a.units.as_dict() == {"infantry": 3}
    # COF+R takes the carry too (it rolls only in the final assault).
    rolled = ends(setup({"infantry": 4}, {"infantry": 1}, "cofr"), None, True, carry=(-1, -2))
    assert sum(rolled.ends.values()) == 1
