"""The calculator on single rules of docs/rules.md, pinned to exact values worked by hand in each test.

Each battle is small enough to work on paper; where a value comes from the independent referee instead
(``tests/referee``: exact Fractions, its own unit table, no ``pycore`` import) the test says so.
"""

from fractions import Fraction as F

import pytest

from pycore.calc import method, montecarlo
from pycore.ops import calc
from tests.core.calc_oracle import setup_of
from tests.core.helpers import ok

# -- Big World 1942 battleships take two hits (seed 002, "Battleship"; docs/rules.md §1) -------------------

BW_BATTLESHIP = {"op": "calc", "ruleset": "big-world-1942", "system": {"name": "dice"}, "kind": "sea",
                 "attacker": {"units": {"battleship": 1}}, "defender": {"units": {"destroyer": 1}}}
"""Hand calculation. Battleship attacks at 4 (hits 2/3), destroyer defends at 2 (1/3), fired together.
Damaged battleship (one hit left), per round: attacker only 2/3·2/3 = 4/9, defender only 1/3·1/3 = 1/9,
both 2/9, nobody 2/9 → divided by 7/9: 4/7, 1/7, 2/7 — what a one-hit battleship gets from the start.
Intact: the battleship's hit wins whatever the destroyer does (6/9); the destroyer alone (1/9) damages it;
nobody 2/9 → won 6/7 at once, damaged 1/7. Attacker 6/7 + 1/7·4/7 = 46/49, defender 1/49, draw 2/49.
Low Luck rolls the same: power 4 is a roll at 4, power 2 a roll at 2 (docs/rules.md §4)."""
TWO_HITS = {"attacker_wins": F(46, 49), "defender_wins": F(1, 49), "draw": F(2, 49)}
ONE_HIT = {"attacker_wins": F(4, 7), "defender_wins": F(1, 7), "draw": F(2, 7)}


@pytest.mark.parametrize("system", ("dice", "lowluck"))
def test_big_world_battleship_two_hits_in_the_sea_chain(system):
    result = calc.run({**BW_BATTLESHIP, "system": {"name": system}})
    assert result["method"] == "exact"
    for name, p in TWO_HITS.items():
        assert result["outcome"][name] == pytest.approx(float(p), abs=1e-12)
    assert result["survivors"]["attacker"]["battleship"] == pytest.approx(46 / 49, abs=1e-12)


def test_big_world_battleship_two_hits_in_the_general_chain():
    result = calc.run({**BW_BATTLESHIP, "exact": True})
    assert {name: F(text) for name, text in result["exact_outcome"].items()} == TWO_HITS


def test_big_world_battleship_damaged_needs_one_hit():
    """``damaged`` (odds from here) is taken for a Big World battleship now, and leaves it one hit."""
    request = {**BW_BATTLESHIP, "attacker": {"units": {"battleship": 1}, "damaged": {"battleship": 1}},
               "round": 2, "exact": True}
    result = calc.run(request)
    assert {name: F(text) for name, text in result["exact_outcome"].items()} == ONE_HIT


@pytest.mark.slow
def test_big_world_battleship_two_hits_by_monte_carlo():
    """The Monte Carlo path fights the engine's battles: 20,000 seeded battles land within 4 standard errors
    of the hand value 46/49 (and far from the one-hit 4/7)."""
    law = montecarlo.sample(setup_of(BW_BATTLESHIP), None, montecarlo.SAMPLES)
    won = sum(p for (ended, _, _), p in law.ends.items() if ended == "attacker_wins")
    p = 46 / 49
    assert abs(won - p) <= 4 * (p * (1 - p) / montecarlo.SAMPLES) ** 0.5


def test_big_world_battleship_two_hits_in_a_share_link():
    """A link holds the request: a damaged Big World battleship survives the round trip (before the fix it
    was refused as "only a two-hit unit can be damaged")."""
    request = {**BW_BATTLESHIP, "attacker": {"units": {"battleship": 1}, "damaged": {"battleship": 1}}, "round": 2}
    link = calc.run(request)["link"]
    decoded = ok({"op": "share", "decode": link})["request"]
    assert decoded["attacker"]["damaged"] == {"battleship": 1}
    replayed = calc.run(decoded)
    assert replayed["outcome"]["attacker_wins"] == pytest.approx(4 / 7, abs=1e-12)


def test_big_world_battleship_is_damaged_not_sunk_in_a_rolled_battle():
    """The engine (``resolve``) with the table's dice: the destroyer's hit damages it, and it is repaired."""
    result = ok({"op": "resolve", "ruleset": "big-world-1942", "system": {"name": "dice"}, "kind": "sea",
                 "attacker": {"units": {"battleship": 1}}, "defender": {"units": {"destroyer": 1}},
                 "dice": [{"attacker": {"main": [6]}, "defender": {"main": [1]}},
                          {"attacker": {"main": [1]}, "defender": {"main": [6]}}]})
    assert result["rounds"][0]["after"]["attacker"] == {"battleship": 1}
    assert result["outcome"] == "attacker_wins" and result["repaired"] == {"attacker": {"battleship": 1}}


# -- a captured AA gun is no survivor of the defender (docs/rules.md §2 "The territory", §9) ----------------

def test_a_captured_aa_gun_is_not_left_to_the_defender():
    """Revised, dice: 1 tank (3) against 1 infantry (2) and an AA gun (it fires at aircraft only). Per round:
    attacker only 1/2·2/3 = 1/3, defender only 1/2·1/3 = 1/6, both 1/6, nobody 1/3 → 1/2, 1/4, 1/4.
    The attacker wins with a land unit: the territory and its AA gun are his. So the defender keeps
    0 units (1/2), the gun alone after a draw (1/4), infantry and gun when he wins (1/4); the gun is left
    with 1/2, and he loses 3 + 5 IPC with 1/2, 3 with 1/4: 19/4."""
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "dice"}, "exact": True,
                       "attacker": {"units": {"tank": 1}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}}})
    assert {k: F(v) for k, v in result["exact_outcome"].items()} == {
        "attacker_wins": F(1, 2), "defender_wins": F(1, 4), "draw": F(1, 4)}
    assert result["survivors_count"]["defender"] == {"0": 0.5, "1": 0.25, "2": 0.25}
    assert {k: F(v) for k, v in result["exact_losses"]["defender"].items()} == {"0": F(1, 4), "1": F(1, 4), "2": F(1, 2)}
    assert result["survivors"]["defender"] == {"infantry": 0.25, "aa_gun": 0.5}
    assert result["cost_lost"]["defender"] == pytest.approx(19 / 4, abs=1e-12)


def test_an_aa_gun_is_kept_when_only_aircraft_win():
    """Aircraft take no territory, so nothing is captured. Revised, dice: 2 fighters against 1 infantry and
    an AA gun: the gun is left in every end (1 on average) while the attacker wins 115/144 (worked in
    test_calc_ladder's round-two test)."""
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
                       "attacker": {"units": {"fighter": 2}}, "defender": {"units": {"infantry": 1, "aa_gun": 1}}})
    assert result["outcome"]["attacker_wins"] == pytest.approx(115 / 144, abs=1e-12)
    assert result["survivors"]["defender"]["aa_gun"] == pytest.approx(1, abs=1e-12)
    assert result["takes_territory"] == 0


def test_the_issue_battle_leaves_the_defender_nothing_when_the_attacker_wins():
    """The issue's case (Revised, dice, 10 infantry + 5 tanks against 12 infantry + 1 AA gun): the attacker
    wins 90.5 %, and then the defender has 0 units left — before the fix the Odds screen showed "91 % at 1
    unit left" and "left on average … 1 AA gun"."""
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "dice"},
                       "attacker": {"units": {"infantry": 10, "tank": 5}},
                       "defender": {"units": {"infantry": 12, "aa_gun": 1}}})
    won = result["outcome"]["attacker_wins"]
    assert round(won, 3) == 0.905
    assert result["survivors_count"]["defender"]["0"] == pytest.approx(won, abs=1e-12)
    # The gun is left only where the defender holds the territory: he wins, or both sides are destroyed.
    kept = result["outcome"]["defender_wins"] + result["outcome"]["draw"]
    assert result["survivors"]["defender"]["aa_gun"] == pytest.approx(kept, abs=1e-9)


# -- Monte Carlo against a value from outside (the referee) ----------------------------------------------

def test_monte_carlo_agrees_with_the_referee_within_four_standard_errors(monkeypatch):
    """Revised, Low Luck, 2 subs + 2 destroyers + 2 fighters against a sub, a destroyer and a battleship,
    forced through Monte Carlo (2,000 seeded battles). The referee's exact law of the attacker's losses
    (tests/referee, Fractions): 1 lost 50/243, 2 lost 197/486, 3 lost 35/108, 4 lost 55/972. Each sampled
    frequency is within 4 standard errors of it."""
    monkeypatch.setattr(method, "MAX_FLEET_UNITS", 5)
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "lowluck"}, "kind": "sea",
                       "attacker": {"units": {"submarine": 2, "destroyer": 2, "fighter": 2}},
                       "defender": {"units": {"submarine": 1, "destroyer": 1, "battleship": 1}}})
    assert result["method"] == "monte_carlo" and result["samples"] == 2000
    referee = {"1": F(50, 243), "2": F(197, 486), "3": F(35, 108), "4": F(55, 972)}
    for lost, p in referee.items():
        p = float(p)
        got = result["losses"]["attacker"].get(lost, 0.0)
        assert abs(got - p) <= 4 * (p * (1 - p) / 2000) ** 0.5, (lost, got, p)


# -- Low Luck AA fire: blocks of 6 per aircraft type (docs/rules.md §4.1) ------------------------------------

def test_low_luck_aa_takes_aircraft_by_type_in_blocks_of_six():
    """Revised, Low Luck: 6 bombers + 1 fighter attack 1 infantry and an AA gun. By blocks (docs/rules.md
    §4.1): the 6 bombers are one block, one bomber lost for sure; the fighter alone adds 1, a roll at 1.
    (Pooled, 7 → 1 sure hit, which the attacker's order of loss would put on the cheaper fighter.)
    Round 1: 5 bombers (20) and, with 5/6, the fighter (3): at least 20 → 3 sure hits, the infantry dies.
    It defends at 2: a roll at 2 (1/3) takes the cheapest aircraft left, the fighter if it flies.
    Fighter left: 5/6 · 2/3 = 5/9; bombers left: 5 − 1/6 · 1/3 = 89/18 (pooled: fighter 0)."""
    result = calc.run({"op": "calc", "ruleset": "revised", "system": {"name": "lowluck"}, "exact": True,
                       "attacker": {"units": {"bomber": 6, "fighter": 1}},
                       "defender": {"units": {"infantry": 1, "aa_gun": 1}}})
    assert result["exact_outcome"]["attacker_wins"] == "1/1"
    assert result["survivors"]["attacker"]["fighter"] == pytest.approx(5 / 9, abs=1e-12)
    assert result["survivors"]["attacker"]["bomber"] == pytest.approx(89 / 18, abs=1e-12)
