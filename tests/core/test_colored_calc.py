"""The coloured-dice calculator (pycore.calc.colored): hand-worked laws, and agreement with seeded battles."""

import math
from fractions import Fraction

import pytest

from itertools import product

from pycore.calc import cost
from pycore.calc.colored import SAMPLES, colour_law, ends, faces_law, simulate, small_enough
from pycore.systems.colored.match import match
from pycore.engine.setup import parse_setup
from pycore.errors import BadRequest
from pycore.rulesets import find_ruleset
from pycore.systems import find_system


def setup(attacker, defender, ruleset="1940-2e", kind="land"):
    return parse_setup({"attacker": {"units": attacker}, "defender": {"units": defender}, "kind": kind},
                       find_ruleset(ruleset), find_system({"name": "colored"}))


def outcomes(law):
    out = {}
    for (outcome, _, _), p in law.ends.items():
        out[outcome] = out.get(outcome, 0) + p
    return out


def test_one_infantry_against_one_infantry_is_a_single_white_die_each():
    """Hand-worked: white 1 v 1 — a tie (6/36) costs both; otherwise the higher die wins (15/36 each)."""
    law = ends(setup({"infantry": 1}, {"infantry": 1}), None, True)
    assert law.method == "exact"
    assert outcomes(law) == {"attacker_wins": Fraction(5, 12), "defender_wins": Fraction(5, 12),
                             "draw": Fraction(1, 6)}
    assert law.rounds == 1


def test_an_artillery_boost_shifts_the_white_die_by_one():
    """Hand-worked (seed 001, boosts): a+1 against d wins 21/36, ties 5/36, loses 10/36. A tie costs the
    attacker its infantry (cheapest first) and the defender its only unit: the artillery wins alone. A loss
    leaves the artillery with no die to boost, and the defender's unopposed white die takes it next round."""
    law = ends(setup({"infantry": 1, "artillery": 1}, {"infantry": 1}), None, True)
    assert outcomes(law) == {"attacker_wins": Fraction(26, 36), "defender_wins": Fraction(10, 36)}
    assert law.rounds == 1 + Fraction(10, 36)


def test_an_unopposed_colour_always_hits():
    """Seed 001: extra dice "automatically beat your missing dice" — a tank against an infantry wins at once."""
    law = ends(setup({"tank": 1}, {"infantry": 1}), None, True)
    assert outcomes(law) == {"attacker_wins": 1} and law.rounds == 1


def test_rounds_limit_leaves_the_rest_in_progress():
    law = ends(setup({"infantry": 3}, {"infantry": 3}), 1, True)
    assert sum(law.ends.values()) == 1 and outcomes(law).get("in_progress", 0) > 0


@pytest.mark.parametrize("attacker, defender", [
    ({"infantry": 3, "artillery": 1, "tank": 2}, {"infantry": 4, "fighter": 1}),
    ({"infantry": 2, "fighter": 1, "bomber": 1}, {"infantry": 3, "aa_gun": 1}),
])
def test_exact_law_agrees_with_seeded_battles_within_four_standard_errors(attacker, defender):
    s = setup(attacker, defender)
    assert small_enough(s)
    assert_agrees_with_seeded_battles(s, outcomes(ends(s, None, False)), 1500, "check")


def assert_agrees_with_seeded_battles(s, law, n, tag):
    """Each outcome's chance within 4 standard errors of its share of n seeded coloured-dice battles."""
    counts = {}
    for i in range(n):
        log = simulate(s, f"{tag}/{i}", None)
        counts[log.outcome] = counts.get(log.outcome, 0) + 1
    for outcome in set(law) | set(counts):
        p = law.get(outcome, 0)
        se = math.sqrt(max(p * (1 - p), 1e-4) / n)
        assert abs(counts.get(outcome, 0) / n - p) <= 4 * se, (outcome, p, counts)


def test_beyond_the_limit_it_simulates_and_refuses_exact():
    s = setup({"infantry": 61}, {"infantry": 1})
    assert not small_enough(s)
    with pytest.raises(BadRequest) as refused:
        ends(s, None, True)
    assert refused.value.field == "exact" and "60 units a side" in refused.value.message


def test_monte_carlo_beyond_the_limit_uses_the_seeded_battles():
    s = setup({"infantry": 61}, {"infantry": 1})
    law = ends(s, None, False)
    # As many of the SAMPLES battles as the cost budget allows (pycore/calc/cost.py), never fewer than MIN_SAMPLES.
    assert law.method == "monte_carlo" and cost.MIN_SAMPLES <= law.samples <= SAMPLES
    assert law.samples == SAMPLES or f"{law.samples} battles instead of {SAMPLES}" in law.reason
    assert abs(sum(law.ends.values()) - 1) < 1e-9


def test_a_battle_with_too_many_states_gives_way_to_monte_carlo(monkeypatch):
    """The state budget is what keeps a big mixed battle from running for minutes (docs/rules.md §9)."""
    import pycore.calc.colored as colored
    monkeypatch.setattr(colored, "STATE_BUDGET", 20)
    monkeypatch.setattr(colored, "SAMPLES", 50)
    s = setup({"infantry": 6, "tank": 3}, {"infantry": 7, "tank": 2})
    assert small_enough(s)
    law = ends(s, None, False)
    assert law.method == "monte_carlo" and law.samples == 50
    with pytest.raises(BadRequest) as refused:
        ends(s, None, True)
    assert "20 distinct states" in refused.value.message


def _brute_force_colour(na, nd):
    """Every ordered roll of na + nd dice, matched high to high by hand (seed 001): the independent check."""
    out = {}
    for faces in product(range(1, 7), repeat=na + nd):
        a, d = sorted(faces[:na], reverse=True), sorted(faces[na:], reverse=True)
        on_a = on_d = 0
        for k in range(max(na, nd)):
            x = a[k] if k < na else 0
            y = d[k] if k < nd else 0
            on_d += x >= y and x > 0     # the attacker's die wins or ties (or faces no die)
            on_a += y >= x and y > 0
        out[(on_a, on_d)] = out.get((on_a, on_d), 0) + 1
    return out


@pytest.mark.parametrize("na, nd", [(0, 1), (1, 1), (2, 1), (1, 3), (2, 2), (3, 2), (3, 3), (2, 4)])
def test_a_colour_without_boosts_matches_every_ordered_roll(na, nd):
    """The walk over faces (colour_law) against all 6^(na+nd) ordered rolls, matched by hand."""
    assert dict(colour_law(na, (), nd, ())) == _brute_force_colour(na, nd)


@pytest.mark.parametrize("na, nd", [(4, 4), (6, 6), (6, 2), (5, 3)])
def test_the_walk_agrees_with_the_enumeration_of_face_multisets(na, nd):
    """Bigger colours: the walk against the multiset enumeration (faces_law and match, the boosted path's)."""
    out = {}
    for a_faces, a_ways in faces_law(na):
        for d_faces, d_ways in faces_law(nd):
            m = match(a_faces, d_faces)
            out[(m.on_attacker, m.on_defender)] = out.get((m.on_attacker, m.on_defender), 0) + a_ways * d_ways
    assert dict(colour_law(na, (), nd, ())) == out
    assert sum(out.values()) == 6 ** (na + nd)


def test_the_luck_dial_battle_is_exact_and_agrees_with_seeded_battles():
    """Issue 15's dial battle (Revised, 10 infantry + 5 tanks v 12 infantry + 1 AA gun): exact now, and
    within 4 standard errors of 2,000 seeded battles fought by the coloured-dice engine."""
    s = setup({"infantry": 10, "tank": 5}, {"infantry": 12, "aa_gun": 1}, ruleset="revised")
    law = ends(s, None, False)
    assert law.method == "exact" and law.pruned < 1e-9
    assert_agrees_with_seeded_battles(s, outcomes(law), 2000, "dial")
