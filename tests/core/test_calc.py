"""The calculator (op calc, docs/rules.md §9): the rule book's Finland case, and brute force over every die.

Golden: docs/rules.md §9 / seed 002's Battle Calculator: big-world-1942, Low Luck,
3 infantry + 2 tanks attack 2 infantry; the defender scores 0 hits 5/18,
1 hit 11/18, 2 hits 2/18 (the attacker's units lost). The other expectations
are the engine's own, enumerated die face by die face (calc_oracle).
"""

from fractions import Fraction

import pytest

from pycore.ops import calc
from pycore.calc.method import compute
from pycore.errors import BadRequest
from tests.core.calc_oracle import enumerate_battle, setup_of

FINLAND = {"op": "calc", "ruleset": "big-world-1942", "system": {"name": "lowluck"},
           "attacker": {"units": {"infantry": 3, "tank": 2}},
           "defender": {"units": {"infantry": 2}}, "exact": True}


def test_finland_case_gives_the_rule_books_fractions():
    result = calc.run(FINLAND)
    assert result["exact_losses"]["attacker"] == {"0": "5/18", "1": "11/18", "2": "1/9"}  # 2/18 reduced
    assert result["losses"]["attacker"] == pytest.approx({"0": 5 / 18, "1": 11 / 18, "2": 2 / 18}, abs=1e-15)
    assert set(result["outcome"]) >= {"attacker_wins", "defender_wins", "draw"}
    assert result["exact_outcome"]["attacker_wins"] == "1/1"
    assert result["takes_territory"] == 1.0
    assert result["pruned"] == 0.0


def test_finland_float_mode_agrees_and_reports_its_bound():
    request = dict(FINLAND)
    del request["exact"]
    result = calc.run({**request, "timing": True})
    assert "exact_losses" not in result
    assert result["losses"]["attacker"]["1"] == pytest.approx(11 / 18, abs=1e-12)
    assert result["timing"]["seconds"] >= 0
    assert "pruned" in result["pruned_bound"]


TINY = [
    # (request, rounds): every face of every die enumerated through the engine. A round limit keeps
    # the tree finite where a round may pass with no hit; the Finland case and tiny1 end by themselves.
    (FINLAND, None),
    ({"ruleset": "big-world-1942", "system": {"name": "lowluck"},
      "attacker": {"units": {"infantry": 2, "artillery": 1}}, "defender": {"units": {"infantry": 2}}}, 2),
    ({"ruleset": "revised", "system": {"name": "lowluck"},
      "attacker": {"units": {"tank": 1, "fighter": 2}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}}}, None),
    ({"ruleset": "revised", "system": {"name": "dice"},
      "attacker": {"units": {"infantry": 1, "artillery": 1}}, "defender": {"units": {"infantry": 1}}}, 1),
    ({"ruleset": "revised", "system": {"name": "dice"},
      "attacker": {"units": {"tank": 1}}, "defender": {"units": {"infantry": 1}}}, 2),
    ({"ruleset": "1942-2e", "system": {"name": "dice"},
      "attacker": {"units": {"fighter": 1, "tank": 1}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}}}, 1),
    ({"ruleset": "anniversary", "system": {"name": "dice"}, "kind": "sea",
      "attacker": {"units": {"battleship": 1}}, "defender": {"units": {"destroyer": 1}}}, 2),
    ({"ruleset": "anniversary", "system": {"name": "lowluck"}, "kind": "sea",
      "attacker": {"units": {"submarine": 2, "fighter": 1}}, "defender": {"units": {"destroyer": 1, "submarine": 1}}},
     1),
    ({"ruleset": "classic", "system": {"name": "lowluck"}, "kind": "sea",
      "attacker": {"units": {"submarine": 1, "fighter": 1}}, "defender": {"units": {"transport": 1, "submarine": 1}}},
     1),
]


@pytest.mark.parametrize("request_, rounds", TINY, ids=[f"tiny{i}" for i in range(len(TINY))])
def test_exact_law_equals_brute_force_over_every_die_face(request_, rounds):
    setup = setup_of(request_)
    got = compute(setup, rounds, exact=True)
    joint = {k: p for k, p in got["joint"].items() if p}
    expected = enumerate_battle(request_, rounds)
    if rounds is None:
        # The engine stops an undecided battle after 100 rounds; the chain is solved to the end.
        # Enumeration stops when every branch ended, which these battles do within a few rounds.
        assert "in_progress" not in {k[0] for k in expected}
    assert joint == expected
    assert sum(joint.values()) == 1


def test_round_limit_leaves_mass_in_progress():
    request = {"ruleset": "revised", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}}
    got = compute(setup_of(request), 1, exact=True)
    # One round: attacker hits 1/6, defender hits 2/6; both at once 2/36, neither 20/36.
    assert got["outcome"]["draw"] == Fraction(2, 36)
    assert got["outcome"]["in_progress"] == Fraction(20, 36)
    assert got["outcome"]["attacker_wins"] == Fraction(4, 36)
    assert got["rounds"] == 1


def test_fought_to_the_end_divides_out_the_rounds_where_nothing_happens():
    request = {"ruleset": "revised", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}}
    got = compute(setup_of(request), None, exact=True)
    # Per round: A only 4/36, D only 10/36, both 2/36; conditioned on something happening (16/36).
    assert got["outcome"] == {"attacker_wins": Fraction(4, 16), "defender_wins": Fraction(10, 16),
                              "draw": Fraction(2, 16), "retreat": 0, "stalemate": 0, "in_progress": 0}
    assert got["rounds"] == Fraction(36, 16)


def test_float_and_exact_agree_on_a_mixed_battle():
    request = {"ruleset": "1942-2e", "system": {"name": "dice"},
               "attacker": {"units": {"infantry": 3, "artillery": 2, "tank": 2, "fighter": 1, "bomber": 1}},
               "defender": {"units": {"infantry": 5, "tank": 1, "fighter": 1, "aa_gun": 1}}}
    setup = setup_of(request)
    fast, exact = compute(setup), compute(setup, exact=True)
    for name, p in exact["outcome"].items():
        assert abs(fast["outcome"][name] - float(p)) <= float(fast["pruned"]) + 1e-12
    assert abs(fast["cost"]["attacker"] - float(exact["cost"]["attacker"])) < 1e-9


def test_battleship_absorbs_a_hit_and_repairs():
    request = {"ruleset": "anniversary", "system": {"name": "lowluck"}, "kind": "sea",
               "attacker": {"units": {"battleship": 1}}, "defender": {"units": {"cruiser": 1}}}
    got = compute(setup_of(request), None, exact=True)
    # Battleship 4 vs cruiser 3 under Low Luck: a roll at 4 (2/3) against a roll at 3 (1/2); the cruiser
    # needs two hits. Damaged, per round: attacker only 2/3·1/2 = 1/3, cruiser only 1/6, both 1/3, nobody
    # 1/6 → 2/5, 1/5, 2/5. Intact: his hit wins (2/3), the cruiser's alone damages him (1/6), nobody 1/6 →
    # 4/5 + 1/5·2/5 = 22/25; the cruiser 1/5·1/5 = 1/25; both sunk 1/5·2/5 = 2/25 (docs/rules.md §2).
    assert sum(got["losses"]["attacker"].values()) == 1
    assert got["outcome"]["attacker_wins"] == Fraction(22, 25)
    assert got["outcome"]["defender_wins"] == Fraction(1, 25) and got["outcome"]["draw"] == Fraction(2, 25)


@pytest.mark.parametrize("change, field", [
    ({"rounds": 0}, "rounds"),
    ({"exact": "yes"}, "exact"),
    ({"seed": "x"}, ""),
    ({"attacker": {"units": {"infantry": 30}}, "exact": True}, "exact"),
    ({"attacker": {"units": {"battleship": 1}}}, "attacker.units.battleship"),
])
def test_bad_requests_name_the_field(change, field):
    with pytest.raises(BadRequest) as caught:
        calc.run({**FINLAND, **change})
    assert caught.value.field == field or (field == "" and "seed" in caught.value.message)


def test_a_battle_of_no_round_points_to_a_later_waves_rounds_0():
    """docs/rules.md §9.1 "Retreat before round 1": only a later wave may leave before round 1."""
    with pytest.raises(BadRequest) as caught:
        calc.run({**FINLAND, "rounds": 0})
    assert caught.value.field == "rounds" and "waves[k].rounds 0" in caught.value.message and "got 0" in caught.value.message


def test_normalize_is_canonical():
    assert calc.normalize({**FINLAND, "timing": True}) == {
        "op": "calc", "ruleset": "big-world-1942", "system": {"name": "lowluck"},
        "attacker": {"units": {"infantry": 3, "tank": 2}}, "defender": {"units": {"infantry": 2}}, "exact": True}
