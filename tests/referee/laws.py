"""Laws of the number of hits a firing group scores, as exact Fractions.

- Normal dice (docs/rules.md §3): each unit rolls one d6 and hits on a roll at or below its value, so a
  group's hits are a sum of independent Bernoulli(value/6) draws.
- Low Luck (docs/rules.md §4, seeds 000 and 002): the group's values are summed; ``total // 6`` sure hits and
  one die for the remainder ``r``: one more hit with chance r/6.
- Biased dice (docs/rules.md §3.1): as normal dice, a unit of value v hitting with chance 0, 1/10, 3/10,
  6/10, 8/10, 9/10, 1 for v = 0 … 6.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

ONE = Fraction(1)
BIASED = (0, 1, 3, 6, 8, 9, 10)
"""docs/rules.md §3.1: tenths of a hit by value 0 … 6."""


def hit_chance(system: str, value: int) -> Fraction:
    """One die's chance to hit at this value: value/6 with a d6 (docs/rules.md §3), the biased table (§3.1)."""
    if value <= 0:
        return Fraction(0)
    if system == "biased":
        return Fraction(BIASED[min(value, 6)], 10)
    return Fraction(min(value, 6), 6)


@lru_cache(maxsize=None)
def dice(values: tuple) -> tuple:
    """Hits of one d6 per value (docs/rules.md §3), as a tuple of (hits, probability)."""
    return chances(tuple(Fraction(min(v, 6), 6) for v in values if v > 0))


@lru_cache(maxsize=None)
def chances(ps: tuple) -> tuple:
    """Hits of independent dice that hit with the given chances."""
    law = {0: ONE}
    for p in ps:
        if p <= 0:
            continue
        new: dict = {}
        for k, q in law.items():
            if p < 1:
                new[k] = new.get(k, 0) + q * (1 - p)
            new[k + 1] = new.get(k + 1, 0) + q * p
        law = new
    return tuple(sorted(law.items()))


@lru_cache(maxsize=None)
def lowluck(total: int) -> tuple:
    """Low Luck (docs/rules.md §4): 15 → 2 sure hits and a roll at 3; 12 → 2, no roll."""
    sure, rest = divmod(total, 6)
    if rest == 0:
        return ((sure, ONE),)
    return ((sure, Fraction(6 - rest, 6)), (sure + 1, Fraction(rest, 6)))


def group(system: str, values) -> tuple:
    """One firing group's law of hits under the system (``dice`` or ``lowluck``); plain values."""
    values = tuple(sorted(v for v in values if v > 0))
    if system == "lowluck":
        return lowluck(sum(values))
    if system == "biased":
        return chances(tuple(hit_chance(system, v) for v in values))
    return dice(values)


def fire(system: str, shots) -> tuple:
    """A group's law from its units' shots, each ``(chances, power)``: under dice every chance is one
    die; under Low Luck the powers are summed and the total rounded down (docs/rules.md, "Heavy Bombers
    under LHTR and Low Luck": each such bomber adds 6 × its chance, 16/3)."""
    if system == "lowluck":
        return lowluck(int(sum((power for _, power in shots), Fraction(0))))
    return chances(tuple(sorted(p for ps, _ in shots for p in ps if p > 0)))


def binomial(n: int, p: Fraction) -> tuple:
    """Hits of n dice that each hit with chance p (the AA gun's dice, one per aircraft fired at)."""
    return chances(tuple([p] * n))
