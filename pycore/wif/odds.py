"""Odds → die-roll modifier for World in Flames option 67 (seed 004, "ODDS MODIFIERS", 11.16.6).

Exact arithmetic throughout: the factors arrive as :class:`~fractions.Fraction`
built from the request's decimal text, so 36.5 : 10 is exactly 73/20 and never
a float that lands a hair under a boundary (3.65 × 2 in floats is 7.3, but
3.64 ≤ x < 3.65 boundaries are where float truncation bugs live).

Not here: the other modifiers (``modifiers``), the dice (``distribution``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

LEVELS: tuple[tuple[str, Fraction, int], ...] = (
    ("1:5", Fraction(1, 5), -6),
    ("1:4", Fraction(1, 4), -4),
    ("1:3", Fraction(1, 3), -2),
    ("1:2", Fraction(1, 2), 0),
    ("2:3", Fraction(2, 3), 1),
    ("1:1", Fraction(1), 2),
    ("3:2", Fraction(3, 2), 3),
    ("2:1", Fraction(2), 4),
    ("3:1", Fraction(3), 6),
    ("4:1", Fraction(4), 8),
    ("5:1", Fraction(5), 10),
    ("6:1", Fraction(6), 12),
    ("7:1", Fraction(7), 14),
    ("8:1", Fraction(8), 16),
    ("9:1", Fraction(9), 18),
    ("10:1", Fraction(10), 20),
)
"""Seed 004's odds levels (label, attack/defence ratio, DRM) in rising order, from 1:5 up.

Below 1:5 every ratio reads the seed's "≤ 1:6" row (−10); from 10:1 up, "≥ 10:1" (+20).
"""

LOWEST = ("≤1:6", -10)


@dataclass(frozen=True, slots=True)
class Odds:
    """The odds of one combat and the die-roll modifier they give.

    ``modifier`` is exact and, with fractional odds, may carry tenths (7.3);
    ``level`` names the table row used, or is None when the linear rule applied.
    """

    attack: Fraction
    defense: Fraction
    fractional: bool
    ratio: Fraction
    level: str | None
    modifier: Fraction

    @property
    def text(self) -> str:
        """The odds as a player writes them: "3.65:1" or "1:2.5" (two decimals, cut, not rounded)."""
        if self.ratio >= 1:
            return f"{_two_decimals(self.ratio)}:1"
        return f"1:{_two_decimals(1 / self.ratio)}"


def odds(attack: Fraction, defense: Fraction, fractional: bool) -> Odds:
    """The odds modifier for these combat factors (both > 0).

    Without fractional odds the ratio is rounded down to a listed level, in the
    defender's favour (docs/rules.md §8). With fractional odds (seed 004, 11.16.6),
    from 1:1 up the modifier is linear: 2 × odds truncated to one decimal
    (3.65:1 → 7.3, 3.64:1 → 7.2, 15.54:1 → 31), with no upper limit; below
    1:1 the table still applies. Truncating 2 × ratio directly equals
    truncating the odds to two decimals first: 2 × (a two-decimal number) has
    an even hundredths digit, so the cut-off part never carries into the tenths.
    """
    if attack <= 0 or defense <= 0:
        raise ValueError(f"combat factors must be > 0, got {attack} and {defense}")
    ratio = attack / defense
    if fractional and ratio >= 1:
        return Odds(attack, defense, True, ratio, None, Fraction(math.floor(ratio * 20), 10))
    label, modifier = level_for(ratio)
    return Odds(attack, defense, fractional, ratio, label, Fraction(modifier))


def level_for(ratio: Fraction) -> tuple[str, int]:
    """The highest listed level at or below ``ratio`` (the defender's favour), and its DRM."""
    found = LOWEST
    for label, at, modifier in LEVELS:
        if ratio >= at:
            found = (label if at < 10 else "≥10:1", modifier)
    return found


def _two_decimals(value: Fraction) -> str:
    hundredths = math.floor(value * 100)
    whole, part = divmod(hundredths, 100)
    return str(whole) if part == 0 else f"{whole}.{part:02d}".rstrip("0")
