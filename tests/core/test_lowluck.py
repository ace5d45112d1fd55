"""Low Luck and normal dice turn values into hits (docs/rules.md §3, §4; seeds 000 and 002)."""

import pytest

from pycore.systems.dice import NormalDice
from pycore.systems.lowluck import LowLuck


def fixed(*faces):
    """A dice source that hands out these faces and checks it is asked for exactly them."""
    def roll(count):
        assert count == len(faces), f"asked for {count} dice, the test has {len(faces)}"
        return tuple(faces)
    return roll


# (power, sure hits, remainder) — docs/rules.md §4's checked examples:
# seed 000: Russia's 15 → 2 and a roll at 3; Germany's 12 → 2; round 2's 13 → 2 and a roll at 1;
# seed 002: Germany's 4 tanks, 12 → 2; Russia's 7 → 1 and a roll at 1; docs/rules.md §4 adds 9 and 4.
LOW_LUCK_EXAMPLES = [(15, 2, 3), (12, 2, 0), (13, 2, 1), (7, 1, 1), (9, 1, 3), (4, 0, 4)]


@pytest.mark.parametrize("power, sure, remainder", LOW_LUCK_EXAMPLES)
def test_low_luck_sure_hits_and_remainder(power, sure, remainder):
    values = (1,) * power  # power made of ones: only the total matters
    faces = (remainder,) if remainder else ()
    volley = LowLuck().fire(values, fixed(*faces))
    assert (volley.power, volley.sure_hits, volley.remainder) == (power, sure, remainder)
    assert len(volley.dice) == (1 if remainder else 0)
    assert volley.hits == sure + (1 if remainder else 0)  # rolled exactly the remainder: a hit


@pytest.mark.parametrize("power, sure, remainder", [e for e in LOW_LUCK_EXAMPLES if e[2]])
def test_low_luck_remainder_misses_above(power, sure, remainder):
    volley = LowLuck().fire((1,) * power, fixed(remainder + 1))
    assert volley.hits == sure


def test_seed_000_russia_attacks_finland_roll_of_2():
    """Seed 000: 3 inf + 3 arm + 1 ftr attack at 15; the Russian rolls a 2: three hits in all."""
    values = (1, 1, 1, 3, 3, 3, 3)
    volley = LowLuck().fire(values, fixed(2))
    assert (volley.power, volley.hits) == (15, 3)


def test_low_luck_keeps_the_mean_of_normal_dice():
    """The seeds' stated aim (docs/rules.md §4): the same average as normal dice, power / 6 hits. pycore's
    Low Luck is fired with every face of its die, for every power 0..40 made of values 1 to 4, and the
    mean of its hits over the six faces must be power / 6 exactly; so must the mean of its law of hits
    (``hit_distribution``) and that of normal dice for the same values."""
    from fractions import Fraction
    for power in range(41):
        values = (4,) * (power // 4) + ((power % 4,) if power % 4 else ())
        hits = []
        for face in range(1, 7):
            volley = LowLuck().fire(values, lambda count: (face,) * count)
            hits.append(volley.hits)
        assert Fraction(sum(hits), 6) == Fraction(power, 6), power
        law = LowLuck().hit_distribution(values)
        assert sum(k * p for k, p in enumerate(law)) == Fraction(power, 6), power
        dice = NormalDice().hit_distribution(values)
        assert sum(k * p for k, p in enumerate(dice)) == Fraction(power, 6), power


def test_normal_dice_hit_at_or_below_the_value():
    volley = NormalDice().fire((3, 2, 1), fixed(3, 3, 1))
    assert [d.hit for d in volley.dice] == [True, False, True]
    assert volley.hits == 2 and volley.power == 6


def test_normal_dice_zero_value_units_roll_nothing():
    volley = NormalDice().fire((0, 2), fixed(6))
    assert len(volley.dice) == 1 and volley.hits == 0


@pytest.mark.parametrize("system, values, needed", [
    (NormalDice(), (3, 2, 0, 1), 3), (LowLuck(), (3, 3), 0), (LowLuck(), (3, 2), 1)])
def test_dice_needed(system, values, needed):
    assert system.dice_needed(values) == needed


@pytest.mark.parametrize("values, best_of_two", [
    ((), ()), ((1,) * 6, ()), ((3, 2, 2, 1), ()), ((1,) * 15, ()), ((4, 3, 3, 2, 2, 1, 1, 1), (4,)),
    ((0, 0), ()), ((2,), (4, 4, 4)), (tuple(range(7)) * 20, (3,)),
])
def test_float_distribution_is_the_exact_law_in_floats(values, best_of_two):
    """The calculator's float law (docs/rules.md §4: power // 6 sure hits, one die at the remainder) is, entry
    for entry, the float nearest the exact fraction; e.g. power 15 gives 2 sure hits then 1/2, 1/2."""
    exact = LowLuck().hit_distribution(values, best_of_two)
    got = LowLuck().float_distribution(values, best_of_two)
    assert got == [float(p) for p in exact]
    assert all(type(x) is float for x in got)
    if values == (1,) * 15:
        assert got == [0.0, 0.0, 0.5, 0.5]
