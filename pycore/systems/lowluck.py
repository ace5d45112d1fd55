"""Low Luck (docs/rules.md §4, seeds 000 and 002): sure hits for each 6 of power, one die for the rest.

``hits = power // 6``; for ``r = power % 6`` one die is rolled and hits on a
roll of ``r`` or less, so the expected hits equal normal dice's
(power / 6) — the seeds' stated aim — with far less spread.

A unit that keeps the better of two dice (Heavy Bombers under LHTR, docs/rules.md
§5) hits with chance ``1 - (1 - a/6)²``, so it adds ``6 × that`` to the power
(16/3 for a bomber at 4). The group's total is rounded down to a whole
number: three such bombers add exactly 16, and no group is off by more than
1/6 of a hit on average. Decision recorded in docs/rules.md.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .luck import Die, FiringGroup, LuckSystem, Roll, Volley, best_of_two_chance


def power_of(values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> int:
    if not best_of_two:
        return sum(values)
    extra = sum((6 * best_of_two_chance(value) for value in best_of_two if value > 0), Fraction(0))
    return sum(values) + math.floor(extra)


class LowLuck(LuckSystem):
    id = "lowluck"
    name = "Low Luck"
    summary = "Add up the power: each 6 is a sure hit; one die for the rest."
    printed_sub_rule = True     # docs/rules.md §2, "The sub step": the printed reading applies
    aa_in_blocks = True    # docs/rules.md §4: aircraft taken by type in blocks of 6
    folds_subs = True      # seed 000 §5b: attacking subs may join the main group

    def fire(self, values: tuple[int, ...], roll: Roll, best_of_two: tuple[int, ...] = ()) -> Volley:
        power = power_of(values, best_of_two)
        sure, remainder = divmod(power, 6)
        dice = (Die(remainder, roll(1)[0]),) if remainder else ()
        return Volley(power, sure, remainder, dice)

    def dice_needed(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> int:
        return 1 if power_of(values, best_of_two) % 6 else 0

    def dice_for(self, group: FiringGroup) -> tuple[tuple[int, int], ...]:
        """One die for the remainder, hitting at or below it."""
        if not (group.values or group.best_of_two):
            return ()
        remainder = power_of(group.values, group.best_of_two) % 6
        return ((remainder, 6),) if remainder else ()

    def hit_distribution(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        sure, remainder = divmod(power_of(values, best_of_two), 6)
        law = [Fraction(0)] * sure + [Fraction(1)]
        if remainder:
            law[-1] = Fraction(6 - remainder, 6)
            law.append(Fraction(remainder, 6))
        return tuple(law)

    def float_distribution(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> list[float]:
        """:meth:`hit_distribution` in floats, without the fractions (the calculator asks it at every rung of
        its ladders): ``(6 - r) / 6`` and ``r / 6`` are divisions of integers, so each is the float nearest the
        exact fraction, as ``float(Fraction(6 - r, 6))`` is."""
        sure, remainder = divmod(power_of(values, best_of_two), 6)
        if not remainder:
            return [0.0] * sure + [1.0]
        return [0.0] * sure + [(6 - remainder) / 6, remainder / 6]
