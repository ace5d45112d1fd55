"""Biased dice (docs/rules.md §3.1): each unit rolls a d10 and hits at or below its value's threshold.

The peer calculators' third dice mode (aa1942calc's "biased dice", also
aacalc2's): a die whose faces 1–6 come up 1, 2, 3, 2, 1 and 1 times in ten, a
unit hitting on a face at or below its value, so a unit of value v hits with
chance 0, 1/10, 3/10, 6/10, 8/10, 9/10 or 1. Rolled as a ten-sided die that
hits at or below 0, 1, 3, 6, 8, 9 or 10 (the same chances; a table has a d10,
nobody has a biased d6). Every die hits on its own, as normal dice do, so the
calculator reads it exactly as it reads them (``independent_dice``).
"""

from __future__ import annotations

from fractions import Fraction

from .luck import Die, LuckSystem, Roll, Volley, bernoulli_sum

SIDES = 10
AT = (0, 1, 3, 6, 8, 9, 10)
"""The d10 roll at or below which a unit of value 0 … 6 hits (docs/rules.md §3.1)."""


def at(value: int) -> int:
    return AT[min(max(value, 0), 6)]


class BiasedDice(LuckSystem):
    id = "biased"
    name = "Biased dice"
    summary = "Every unit rolls a d10: a 1 hits on 1, a 2 on 1–3, a 3 on 1–6, a 4 on 1–8, a 5 on 1–9, a 6 always."
    independent_dice = True
    die_sides = SIDES
    printed_sub_rule = True     # docs/rules.md §2, "The sub step": the printed reading applies (as under dice)

    def fire(self, values: tuple[int, ...], roll: Roll, best_of_two: tuple[int, ...] = ()) -> Volley:
        firing = tuple(value for value in values if value > 0)
        pairs = tuple(value for value in best_of_two if value > 0)
        faces = roll(len(firing) + 2 * len(pairs))
        dice = [Die(at(value), face, sides=SIDES) for value, face in zip(firing, faces)]
        rest = faces[len(firing):]
        for i, value in enumerate(pairs):
            first, second = rest[2 * i], rest[2 * i + 1]
            dice.append(Die(at(value), min(first, second), (first, second), sides=SIDES))
        return Volley(sum(firing) + sum(pairs), 0, 0, tuple(dice))

    def dice_needed(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> int:
        return sum(1 for value in values if value > 0) + 2 * sum(1 for value in best_of_two if value > 0)

    def dice_for(self, group) -> tuple[tuple[int, int], ...]:
        """Each die hits at its unit's threshold on a d10 (a unit keeping the better of two rolls two)."""
        if not (group.values or group.best_of_two):
            return ()
        count = self.dice_needed(group.values, group.best_of_two)
        wanted = [at(v) for v in group.values if v > 0] + [at(v) for v in group.best_of_two if v > 0 for _ in (0, 1)]
        return tuple((a, SIDES) for a in wanted[:count])

    def chances(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        """Each die's own chance to hit; a die kept from two misses only when both miss."""
        single = [Fraction(at(value), SIDES) for value in values if value > 0]
        better = [1 - (1 - Fraction(at(value), SIDES)) ** 2 for value in best_of_two if value > 0]
        return tuple(single + better)

    def hit_distribution(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        return bernoulli_sum(self.chances(values, best_of_two))
