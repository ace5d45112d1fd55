"""Odds → die-roll modifier (seed 004, "ODDS MODIFIERS" and 11.16.6; docs/rules.md §8), exactly."""

from decimal import ROUND_FLOOR, Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from pycore.wif.odds import level_for, odds
from tests.core.helpers import ok

# Seed 004, "ODDS MODIFIERS", as printed (level, DRM).
SEED_LEVELS = [
    ("1:6", -10), ("1:5", -6), ("1:4", -4), ("1:3", -2), ("1:2", 0), ("2:3", 1), ("1:1", 2), ("3:2", 3),
    ("2:1", 4), ("3:1", 6), ("4:1", 8), ("5:1", 10), ("6:1", 12), ("7:1", 14), ("8:1", 16), ("9:1", 18),
    ("10:1", 20),
]


def ratio(level):
    a, d = level.split(":")
    return Fraction(int(a), int(d))


def wif(attack, defense, fractional=False, **more):
    return ok({"op": "wif", "attack": attack, "defense": defense, "fractional_odds": fractional,
               "table": "assault", "modifiers": [], **more})


@pytest.mark.parametrize("level,drm", SEED_LEVELS)
def test_every_odds_level_gives_the_seeds_modifier(level, drm):
    r = ratio(level)
    assert odds(r.numerator * Fraction(1), Fraction(r.denominator), False).modifier == drm


@pytest.mark.parametrize("lower,upper", list(zip(SEED_LEVELS, SEED_LEVELS[1:])))
def test_odds_just_under_a_level_round_down_to_the_level_below(lower, upper):
    # docs/rules.md §8: odds are rounded down to a listed level, in the defender's favour.
    just_under = ratio(upper[0]) - Fraction(1, 1000)
    assert level_for(just_under)[1] == lower[1]
    assert level_for(ratio(upper[0]))[1] == upper[1]


@pytest.mark.parametrize("attack,defense,drm", [(1, 100, -10), (1, 7, -10), (100, 1, 20), (11, 1, 20), (7, 2, 6)])
def test_odds_beyond_the_ends_of_the_table_read_the_end_rows(attack, defense, drm):
    assert wif(attack, defense)["odds_modifier"] == drm


@pytest.mark.parametrize("attack,defense,expected", [
    (36.5, 10, 7.3),  # seed 004 11.16.6: 3.65:1 gives 7.3
    (36.4, 10, 7.2),  # seed 004: 3.64:1 gives 7.2
    (3.65, 1, 7.3),
    (3.64, 1, 7.2),
    (15.54, 1, 31),  # seed 004: 15.54:1 gives 31, no upper limit
    (155.4, 10, 31),
])
def test_the_seeds_fractional_odds_examples(attack, defense, expected):
    result = wif(attack, defense, True)
    assert result["odds_modifier"] == expected
    assert result["odds"]["linear"] is True


def test_fractional_odds_below_1_to_1_still_use_the_table():
    # Seed 004 11.16.6: "for odds of 1:1 and higher the odds modifiers are considered linear".
    result = wif(9.9, 10, True)
    assert result["odds_modifier"] == 1  # 2:3 level
    assert result["odds"]["level"] == "2:3"
    assert wif(10, 10, True)["odds_modifier"] == 2


def test_fractional_odds_are_exact_where_floats_would_slip():
    # In floats 3.3 / 3 * 20 is 21.999999999999996, which a float truncation cuts to 2.1;
    # exactly it is 1.1:1 → 2.2 (found by comparing float and Fraction over many factors).
    assert wif(3.3, 3, True)["odds_modifier"] == 2.2
    assert wif(4.8, 3, True)["odds_modifier"] == 3.2  # 1.6:1; floats give 31.999… → 3.1
    assert wif(6.6, 6, True)["odds_modifier"] == 2.2
    assert wif(10, 3, True)["odds_modifier"] == 6.6  # 3.333…:1


@settings(deadline=None)  # a shared 2-core machine can stall one example past the default 200 ms
@given(attack=st.decimals(min_value="0.01", max_value="999", places=2),
       defense=st.decimals(min_value="0.01", max_value="999", places=2))
def test_fractional_modifier_is_twice_the_odds_cut_to_one_decimal(attack, defense):
    # An independent computation in Decimal: odds cut to two decimals, doubled, cut to one.
    result = wif(float(attack), float(defense), True)
    two_places = (attack / defense).quantize(Decimal("0.01"), rounding=ROUND_FLOOR) if attack >= defense else None
    if two_places is None:
        assert result["odds"]["linear"] is False
        return
    expected = (two_places * 2).quantize(Decimal("0.1"), rounding=ROUND_FLOOR)
    assert Decimal(repr(result["odds_modifier"])) == expected


def test_odds_text_is_written_as_players_write_it():
    assert wif(36.5, 10)["odds"]["text"] == "3.65:1"
    assert wif(5, 10)["odds"]["text"] == "1:2"
    assert wif(4, 10)["odds"]["text"] == "1:2.5"
    assert wif(36.5, 10)["odds"]["level"] == "3:1"
