"""The cost swing's law (``result.swing``, docs/api.md "calc"): IPCs the defender lost − IPCs the
attacker lost, with its probability, summed from the same ends as every other summary
(docs/rules.md §9), a captured AA gun being the defender's loss."""

from fractions import Fraction

import pytest

from pycore.ops import calc

GUN = {"op": "calc", "ruleset": "revised", "system": {"name": "lowluck"},
       "attacker": {"units": {"tank": 1}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}}}


def test_swing_of_a_tank_against_an_infantry_and_its_aa_gun_by_hand():
    # Revised (docs/rules.md §1): tank att 3 cost 5, infantry def 2 cost 3, AA gun cost 5, no fire without
    # aircraft and never a casualty. Low Luck (§4): the tank hits 3/6 = 1/2, the infantry 2/6 = 1/3 a round.
    #   both hit 1/2·1/3 = 1/6: a draw, the gun stays with the defender: swing 3 − 5 = −2
    #   the tank alone 1/2·2/3 = 1/3: attacker wins, takes the territory and the gun (§9): 3 + 5 − 0 = +8
    #   the infantry alone 1/2·1/3 = 1/6: defender wins: 0 − 5 = −5;  neither 1/3: the round again.
    # Dividing by 1 − 1/3 = 2/3: −5 with 1/4, −2 with 1/4, +8 with 1/2 (mean 9/4).
    result = calc.run({**GUN, "exact": True})
    assert result["exact_swing"] == {"-5": "1/4", "-2": "1/4", "8": "1/2"}
    assert list(result["swing"]) == ["-5", "-2", "8"]  # from the worst end for the attacker to the best
    assert result["swing"] == pytest.approx({"-5": 0.25, "-2": 0.25, "8": 0.5}, abs=1e-15)
    assert result["cost_swing"] == 2.25


@pytest.mark.parametrize("request_", [
    {**GUN, "system": {"name": "dice"}},
    {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
     "attacker": {"units": {"destroyer": 2, "fighter": 1}}, "defender": {"units": {"submarine": 2, "cruiser": 1}}},
    {"op": "calc", "ruleset": "revised", "system": {"name": "chess", "variant": "ryof"},
     "attacker": {"units": {"infantry": 2, "tank": 2}}, "defender": {"units": {"infantry": 3}}},
    {"op": "calc", "ruleset": "revised", "system": {"name": "lowluck"}, "rounds": 1,
     "attacker": {"units": {"infantry": 3, "artillery": 1}}, "defender": {"units": {"infantry": 2}}},
], ids=["dice-land", "sea", "chess-ryof", "one-round"])
def test_swing_is_a_law_whose_mean_is_the_expected_swing(request_):
    result = calc.run(request_)
    swing = {int(k): p for k, p in result["swing"].items()}
    assert sum(swing.values()) == pytest.approx(1 - result["pruned"], abs=1e-9)
    assert sum(k * p for k, p in swing.items()) == pytest.approx(result["cost_swing"], abs=1e-9)


def test_exact_swing_sums_to_one():
    result = calc.run({**GUN, "system": {"name": "dice"}, "defender": {"units": {"infantry": 2}}, "exact": True})
    assert sum(Fraction(p) for p in result["exact_swing"].values()) == 1
