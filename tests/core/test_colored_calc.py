"""The coloured-dice calculator (pycore.calc.colored): hand-worked laws, and agreement with seeded battles."""

import math
from fractions import Fraction

import pytest

from pycore.calc.colored import SAMPLES, ends, simulate, small_enough
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
    law = outcomes(ends(s, None, False))
    n = 1500
    counts = {}
    for i in range(n):
        log = simulate(s, f"check/{i}", None)
        counts[log.outcome] = counts.get(log.outcome, 0) + 1
    for outcome in set(law) | set(counts):
        p = law.get(outcome, 0)
        se = math.sqrt(max(p * (1 - p), 1e-4) / n)
        assert abs(counts.get(outcome, 0) / n - p) <= 4 * se, (outcome, p, counts)


def test_beyond_the_limit_it_simulates_and_refuses_exact():
    s = setup({"infantry": 12, "tank": 4}, {"infantry": 10})
    assert not small_enough(s)
    with pytest.raises(BadRequest) as refused:
        ends(s, None, True)
    assert refused.value.field == "exact"


def test_monte_carlo_beyond_the_limit_uses_the_seeded_battles():
    s = setup({"infantry": 12, "tank": 10}, {"infantry": 4})
    law = ends(s, None, False)
    assert law.method == "monte_carlo" and law.samples == SAMPLES
    assert abs(sum(law.ends.values()) - 1) < 1e-9
