"""Rockets under dice and Low Luck in the ``bombing`` op (docs/rules.md §5 "Rockets"; docs/research.md).

Seed 002, "Rockets": an AA gun's rocket strikes an enemy factory within 3 at the end of the combat move;
"the damage is a single 6 sided die, but limited to the production value of the target territory", and
"each enemy factory can be targeted by only one rocket". Under dice that die is rolled from the request's
seed (context ``bombing/rockets``) or given by the players (``rolls.rockets``). Under Low Luck the rocket
does the dice rocket's exact mean, its whole part for sure and its sixths rolled on a d6, as Low Luck rolls
a remainder. Before, both were refused ("a rocket is one die rolled at the table").
"""

from fractions import Fraction

import pytest

from pycore.dice import roll
from pycore.research import bombing
from tests.core.helpers import error, ok


def rocket(system="dice", **fields):
    request = {"op": "bombing", "system": system, "bombers": 0, "rockets": 1, **fields}
    if system == "dice":
        request.setdefault("ruleset", "revised")
    return ok(request)


# --- under dice -----------------------------------------------------------------------------------

def test_a_rocket_alone_does_its_die():
    got = rocket(rolls={"rockets": [5]})
    assert got["rocket"] == {"kind": "dice", "rolls": [5], "rolled_by": "players", "limit": None, "damage": 5,
                             "after_cap": 5}
    assert got["damage"]["total"] == 5 and got["surviving"] == 0


@pytest.mark.parametrize("face, value, damage", [(5, 3, 3), (2, 3, 2), (6, 6, 6), (4, 0, 0)])
def test_a_rocket_is_at_most_the_territory_value(face, value, damage):
    """min(die, value): a 5 on a territory worth 3 does 3 (seed 002: "limited to the production value")."""
    got = rocket(rolls={"rockets": [face]}, territory_value=value)
    assert got["rocket"]["damage"] == damage and got["damage"]["total"] == damage


def test_the_seeded_die_is_the_documented_context():
    """The die is ``pycore.dice.roll(seed, "bombing/rockets", 6, 1)`` (docs/research.md), as the bombers'
    dice are ``bombing/damage``: the same seed rolls the same rocket with or without bombers."""
    face = roll("rocket test", "bombing/rockets", 6, 1)[0]
    alone = rocket(seed="rocket test")
    assert alone["rocket"]["rolls"] == [face] and alone["rocket"]["rolled_by"] == "app"
    with_bombers = rocket(seed="rocket test", bombers=2)
    assert with_bombers["rocket"]["rolls"] == [face]
    assert with_bombers["damage"]["rolls"] == list(roll("rocket test", "bombing/damage", 6, 2))
    assert "link" in alone and alone["dice_source"]["kind"] == "seed"


def test_rocket_and_bombers_share_the_ruleset_cap_rocket_first():
    """Revised, territory worth 4: the rocket (die 3 → 3) strikes first, then 1 bomber (die 6 → 6); the raid's
    total is capped at 4 (classic and revised: the total ≤ the value), so the bomber adds 1."""
    got = rocket(bombers=1, territory_value=4, rolls={"rockets": [3], "damage": [6]})
    assert got["rocket"]["after_cap"] == 3
    assert got["damage"]["per_bomber"] == [1]
    assert (got["damage"]["before_cap"], got["damage"]["total"]) == (9, 4)


def test_1942_2e_caps_the_rocket_at_the_value_and_the_factory_at_twice_it():
    """1942-2e, worth 2, no damage yet: the rocket's 6 is 2 (seed 002), the bomber's 4 + 2 = 6 meets the
    factory's room of 2 × 2 − 2 = 2: total 4."""
    got = rocket(ruleset="1942-2e", bombers=1, territory_value=2, rolls={"rockets": [6], "damage": [4]})
    assert got["rocket"]["damage"] == 2
    assert got["damage"]["per_bomber"] == [2] and got["damage"]["total"] == 4


def test_a_rocket_die_must_be_given_or_seeded():
    got = error({"op": "bombing", "system": "dice", "ruleset": "classic", "bombers": 0, "rockets": 1})
    assert got["field"] == "rolls.rockets"
    assert got["detail"]["dice_needed"] == {"kind": "rockets", "count": 1, "sides": 6}


# --- under Low Luck -------------------------------------------------------------------------------

@pytest.mark.parametrize("value, sure, sixths", [(None, 3, 3), (6, 3, 3), (5, 3, 2), (4, 3, 0), (3, 2, 3),
                                                  (2, 1, 5), (1, 1, 0), (0, 0, 0)])
def test_low_luck_reads_the_mean_of_the_capped_die(value, sure, sixths):
    """By hand, E[min(d6, v)] = (1 + … + v + (6 − v)·v) / 6: v ≥ 6: 21/6 = 3 + 3/6; 5: 20/6 = 3 + 2/6;
    4: 18/6 = 3; 3: 15/6 = 2 + 3/6; 2: 11/6 = 1 + 5/6; 1: 6/6 = 1; 0: 0."""
    assert bombing.ll_rocket(value) == (sure, sixths)
    expected = Fraction(sum(min(face, value if value is not None else 6) for face in range(1, 7)), 6)
    assert sure + Fraction(sixths, 6) == expected


@pytest.mark.parametrize("face, damage", [(1, 4), (3, 4), (4, 3), (6, 3)])
def test_low_luck_uncapped_rocket_is_3_or_4(face, damage):
    """3 sure, a d6 ≤ 3 adds 1: 3 or 4 at even chance, mean 3.5 — seed 000 §5d's reading of an unopposed
    bomber's d6, the die a rocket rolls."""
    got = rocket("lowluck", rolls={"rockets": [face]})
    assert got["rocket"]["sure"] == 3 and got["rocket"]["at"] == 3
    assert got["rocket"]["damage"] == damage and got["damage"]["total"] == damage


def test_low_luck_rolls_no_die_where_the_mean_is_whole():
    """Worth 4: E[min(d6, 4)] = 3 exactly, so 3 for sure and no die; a die given is refused."""
    got = rocket("lowluck", territory_value=4)
    assert (got["rocket"]["damage"], got["rocket"]["rolls"], got["rocket"]["at"]) == (3, [], None)
    refused = error({"op": "bombing", "system": "lowluck", "bombers": 0, "rockets": 1, "territory_value": 4,
                     "rolls": {"rockets": [2]}})
    assert refused["field"] == "rolls.rockets"


def test_low_luck_rocket_worth_2():
    """1 for sure, a d6 ≤ 5 adds 1: a 5 makes 2, a 6 makes 1 (mean 11/6, the capped die's)."""
    assert rocket("lowluck", territory_value=2, rolls={"rockets": [5]})["rocket"]["damage"] == 2
    assert rocket("lowluck", territory_value=2, rolls={"rockets": [6]})["rocket"]["damage"] == 1


def test_low_luck_rocket_beside_a_raid_with_aa():
    """The rocket adds to the standard raid (2 bombers past AA: d12 9 → 3, d12 1 → 2) and owes no fee of its
    own: 4 + 3 + 2 = 9, fee per bomber only."""
    got = ok({"op": "bombing", "system": "lowluck", "bombers": 2, "aa": True, "rockets": 1,
              "rolls": {"rockets": [2], "damage": [9, 1], "fee": [1, 6]}})
    assert got["rocket"]["damage"] == 4 and got["damage"]["per_bomber"] == [3, 2]
    assert got["damage"]["total"] == 9 and got["fee"]["per_bomber"] == [2, 3]


def test_no_fee_without_bombers():
    got = rocket("lowluck", aa=True, rolls={"rockets": [1]})
    assert got["fee"] is None and got["damage"]["total"] == 4
