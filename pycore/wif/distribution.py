"""2D10 + modifier on a results table: the exact distribution of cells, and one roll.

The dice are two d10 showing 1–10 (a d10 whose face reads 0 counts as 10), so
2D10 runs 2–20 with 100 equally likely rolls (docs/wif.md). A modifier with
tenths (fractional odds, halved bonuses, HQ support of an odd reorganisation
value) is resolved by a separate fractional d10: a roll at or under the tenths
rounds the modifier up, otherwise down (docs/rules.md §8), so the exact distribution
mixes the two whole modifiers with weights tenths : 10 − tenths out of 1000
equally likely rolls. Without fractional odds, a leftover half is rounded down,
in the defender's favour like the odds (docs/rules.md §8; docs/wif.md).

Probabilities are integer weights over an explicit denominator (100 or 1000);
a Fraction is made only when asked, in the style of icepool.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .table import Cell, Column, ROWS, row_for

TWO_D10: tuple[tuple[int, int], ...] = tuple((s, min(s - 1, 21 - s)) for s in range(2, 21))
"""(sum, number of the 100 rolls of two d10 giving it), sums 2..20."""


@dataclass(frozen=True, slots=True)
class Modifier:
    """A total modifier split into the whole part and the tenths the fractional roll decides.

    ``tenths`` is 0 when no fractional roll is needed.
    """

    exact: Fraction
    low: int
    tenths: int

    @classmethod
    def split(cls, total: Fraction, fractional: bool) -> "Modifier":
        low = math.floor(total)
        if not fractional:
            return cls(total, low, 0)
        tenths = (total - low) * 10
        if tenths.denominator != 1:
            raise ValueError(f"a modifier with fractional odds must be in tenths, got {total}")
        return cls(total, low, int(tenths))

    @property
    def needs_fraction_roll(self) -> bool:
        return self.tenths != 0

    def applied(self, fraction_die: int | None) -> int:
        """The whole modifier after the fractional d10: up when the die is at or under the tenths."""
        if not self.needs_fraction_roll:
            return self.low
        if fraction_die is None:
            raise ValueError("a fractional d10 is needed")
        return self.low + (1 if fraction_die <= self.tenths else 0)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One distinct cell of the table, with the rows that give it and its weight."""

    cell: Cell
    rows: tuple[str, ...]
    weight: int


@dataclass(frozen=True, slots=True)
class Distribution:
    """The exact chances of every row and every cell, as weights over ``denominator``."""

    column: Column
    modifier: Modifier
    denominator: int
    rows: tuple[tuple[str, int], ...]
    outcomes: tuple[Outcome, ...]

    def probability(self, weight: int) -> Fraction:
        return Fraction(weight, self.denominator)

    def summary(self, extra_loss_applies: bool) -> dict[str, Fraction]:
        """The handy sums players ask for first."""
        total = Fraction(0)
        no_loss = retreat = defender_hit = Fraction(0)
        attacker_expected = defender_expected = Fraction(0)
        for outcome in self.outcomes:
            p = self.probability(outcome.weight)
            total += p
            losses = outcome.cell.attacker_loss_count(extra_loss_applies)
            if losses == 0:
                no_loss += p
            if outcome.cell.defender_retreats_or_worse:
                retreat += p
            if outcome.cell.defender_losses > 0:
                defender_hit += p
            attacker_expected += p * losses
            defender_expected += p * outcome.cell.defender_losses
        assert total == 1, total
        return {
            "p_attacker_loses_nothing": no_loss,
            "p_defender_retreats_or_worse": retreat,
            "p_defender_takes_a_loss": defender_hit,
            "expected_attacker_losses": attacker_expected,
            "expected_defender_losses": defender_expected,
        }

    def losses(self, extra_loss_applies: bool) -> dict[str, dict[int, Fraction]]:
        """Losses per side (number → probability); § counted only when it applies."""
        attacker: dict[int, Fraction] = {}
        defender: dict[int, Fraction] = {}
        for outcome in self.outcomes:
            p = self.probability(outcome.weight)
            a = outcome.cell.attacker_loss_count(extra_loss_applies)
            d = outcome.cell.defender_losses
            attacker[a] = attacker.get(a, Fraction(0)) + p
            defender[d] = defender.get(d, Fraction(0)) + p
        return {"attacker": dict(sorted(attacker.items())), "defender": dict(sorted(defender.items()))}


def row_weights(modifier: int) -> dict[str, int]:
    """Weights (out of 100) of each row for 2D10 + a whole modifier, clamped to −1 … 23+."""
    weights: dict[str, int] = {}
    for total, ways in TWO_D10:
        row = row_for(total + modifier)
        weights[row] = weights.get(row, 0) + ways
    return weights


def distribute(column: Column, modifier: Modifier) -> Distribution:
    """The exact distribution of rows and cells for this table and modifier."""
    if modifier.needs_fraction_roll:
        denominator = 1000
        mixed: dict[str, int] = {}
        for whole, share in ((modifier.low, 10 - modifier.tenths), (modifier.low + 1, modifier.tenths)):
            for row, weight in row_weights(whole).items():
                mixed[row] = mixed.get(row, 0) + weight * share
    else:
        denominator = 100
        mixed = row_weights(modifier.low)
    rows = tuple((row, mixed[row]) for row in ROWS if row in mixed)
    by_cell: dict[str, tuple[Cell, list[str], int]] = {}
    for row, weight in rows:
        cell = column.at(row)
        cell_entry = by_cell.get(cell.text)
        if cell_entry is None:
            by_cell[cell.text] = (cell, [row], weight)
        else:
            by_cell[cell.text] = (cell, cell_entry[1] + [row], cell_entry[2] + weight)
    outcomes = tuple(Outcome(cell, tuple(rs), w) for cell, rs, w in by_cell.values())
    return Distribution(column, modifier, denominator, rows, outcomes)


@dataclass(frozen=True, slots=True)
class Roll:
    """One resolved roll: the dice, the fractional die if it was needed, and the cell read."""

    dice: tuple[int, int]
    fraction_die: int | None
    modifier: Modifier
    applied_modifier: int
    total: int
    row: str
    cell: Cell


def read(column: Column, modifier: Modifier, dice: tuple[int, int], fraction_die: int | None) -> Roll:
    """Apply the modifier to two d10 (1–10) and read the table."""
    for die in (*dice, fraction_die):
        if die is not None and not 1 <= die <= 10:
            raise ValueError(f"a d10 shows 1 to 10, got {die}")
    used = fraction_die if modifier.needs_fraction_roll else None
    applied = modifier.applied(used)
    total = dice[0] + dice[1] + applied
    row = row_for(total)
    return Roll(dice, used, modifier, applied, total, row, column.at(row))
