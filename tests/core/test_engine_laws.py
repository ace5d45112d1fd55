"""The exact laws of hits (``hit_distribution``) against brute-force enumeration of every die face.

docs/rules.md §3 (normal dice: hit on a roll at or below the value), §4 (Low Luck: power // 6 sure hits, one
die at the remainder) and §5 (Heavy Bombers under LHTR keep the better of two dice).
"""

from fractions import Fraction
from itertools import product

from hypothesis import given, settings, strategies as st

from pycore.systems.dice import NormalDice
from pycore.systems.lowluck import LowLuck, power_of

FACES = range(1, 7)


def _law(counts):
    """A list of hit counts, one per equally likely outcome, as a tuple of exact probabilities."""
    top = max(counts)
    return tuple(Fraction(sum(1 for c in counts if c == k), len(counts)) for k in range(top + 1))


def _trim(law):
    law = list(law)
    while len(law) > 1 and law[-1] == 0:
        law.pop()
    return tuple(law)


def brute_normal(values, pairs):
    """Every face of every die: singles hit at or below their value, pairs keep the lower (better) face."""
    singles = [v for v in values if v > 0]
    doubles = [v for v in pairs if v > 0]
    counts = []
    for faces in product(FACES, repeat=len(singles) + 2 * len(doubles)):
        hits = sum(1 for v, f in zip(singles, faces) if f <= v)
        rest = faces[len(singles):]
        hits += sum(1 for i, v in enumerate(doubles) if min(rest[2 * i], rest[2 * i + 1]) <= v)
        counts.append(hits)
    return _law(counts)


def by_fire(system, values, pairs, count):
    """The same law, read off ``system.fire`` itself for every possible roll."""
    counts = []
    for faces in product(FACES, repeat=count):
        counts.append(system.fire(tuple(values), lambda n, f=faces: tuple(f[:n]), tuple(pairs)).hits)
    return _law(counts)


values_st = st.lists(st.integers(0, 6), max_size=3)  # at most 5 dice: 7776 rolls to enumerate
pairs_st = st.lists(st.integers(0, 6), max_size=1)


@settings(max_examples=60, deadline=None)
@given(values_st, pairs_st)
def test_normal_dice_law_is_the_brute_force_law(values, pairs):
    law = NormalDice().hit_distribution(tuple(values), tuple(pairs))
    assert sum(law) == 1
    assert _trim(law) == _trim(brute_normal(values, pairs))
    assert _trim(law) == _trim(by_fire(NormalDice(), values, pairs, NormalDice().dice_needed(tuple(values), tuple(pairs))))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=8), st.lists(st.sampled_from([1, 2, 3, 4, 5]), max_size=3))
def test_low_luck_law_is_the_brute_force_law(values, pairs):
    system = LowLuck()
    law = system.hit_distribution(tuple(values), tuple(pairs))
    assert sum(law) == 1
    power = power_of(tuple(values), tuple(pairs))
    sure, rest = divmod(power, 6)
    brute = _law([sure + (1 if rest and face <= rest else 0) for face in FACES])
    assert _trim(law) == _trim(brute)
    assert _trim(law) == _trim(by_fire(system, values, pairs, system.dice_needed(tuple(values), tuple(pairs)) or 0))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=8))
def test_low_luck_keeps_the_mean_of_normal_dice(values):
    """Seed 000 / docs/rules.md §4: Low Luck's expected hits equal normal dice's (power / 6)."""
    ll = LowLuck().hit_distribution(tuple(values))
    normal = NormalDice().hit_distribution(tuple(values))
    mean = lambda law: sum(k * p for k, p in enumerate(law))  # noqa: E731
    assert mean(ll) == mean(normal) == Fraction(sum(values), 6)


def test_best_of_two_at_4_hits_eight_ninths():
    """1 − (2/6)² = 8/9 for a heavy bomber at 4 under LHTR (docs/rules.md §5)."""
    assert NormalDice().hit_distribution((), (4,)) == (Fraction(1, 9), Fraction(8, 9))
    assert brute_normal([], [4]) == (Fraction(4, 36), Fraction(32, 36))


def test_low_luck_best_of_two_power_rounds_down_the_group():
    """Three LHTR bombers at 4: 3 × 16/3 = 16 exactly; one: floor(16/3) = 5 (docs/rules.md §5 decision)."""
    assert power_of((), (4, 4, 4)) == 16
    assert power_of((), (4,)) == 5
    assert LowLuck().hit_distribution((), (4, 4, 4)) == (0, 0, Fraction(2, 6), Fraction(4, 6))


def test_small_laws_by_hand():
    """Two infantry attacking at 1: (25/36, 10/36, 1/36); Low Luck power 2: 4/6 no hit, 2/6 one hit."""
    assert NormalDice().hit_distribution((1, 1)) == (Fraction(25, 36), Fraction(10, 36), Fraction(1, 36))
    assert LowLuck().hit_distribution((1, 1)) == (Fraction(4, 6), Fraction(2, 6))
    assert LowLuck().hit_distribution((3, 3)) == (0, 1)
    assert NormalDice().hit_distribution((0,)) == (1,)
