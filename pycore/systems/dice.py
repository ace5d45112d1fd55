"""Normal dice (docs/rules.md §3): each unit rolls one d6 and hits on a roll at or below its value."""

from __future__ import annotations

from fractions import Fraction

from .luck import Die, LuckSystem, Roll, Volley, bernoulli_sum, best_of_two_chance


class NormalDice(LuckSystem):
    id = "dice"
    name = "Dice"
    summary = "Every unit rolls a die and hits on its value or less."
    printed_sub_rule = True     # docs/rules.md §2, "The sub step": the printed reading applies
    independent_dice = True

    def fire(self, values: tuple[int, ...], roll: Roll, best_of_two: tuple[int, ...] = ()) -> Volley:
        # A unit of value 0 (a transport attacking) never hits and rolls nothing, as in TripleA.
        firing = tuple(value for value in values if value > 0)
        pairs = tuple(value for value in best_of_two if value > 0)
        faces = roll(len(firing) + 2 * len(pairs))
        dice = [Die(at, face) for at, face in zip(firing, faces)]
        rest = faces[len(firing):]
        for i, at in enumerate(pairs):
            first, second = rest[2 * i], rest[2 * i + 1]
            dice.append(Die(at, min(first, second), (first, second)))
        return Volley(sum(firing) + sum(pairs), 0, 0, tuple(dice))

    def dice_needed(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> int:
        return sum(1 for value in values if value > 0) + 2 * sum(1 for value in best_of_two if value > 0)

    def dice_for(self, group) -> tuple[tuple[int, int], ...]:
        """Each die hits at its unit's value (a unit keeping the better of two rolls two at its value)."""
        if not (group.values or group.best_of_two):
            return ()
        count = self.dice_needed(group.values, group.best_of_two)
        at = list(group.values) + [value for value in group.best_of_two for _ in (0, 1)]
        return tuple((a, 6) for a in at[:count])

    def hits_range(self, group) -> tuple[int, int]:
        """A unit keeping the better of two dice scores one hit at most (docs/rules.md §5)."""
        rolls = [value for value in group.values if value > 0] + [value for value in group.best_of_two if value > 0]
        return sum(1 for value in rolls if value >= 6), len(rolls)

    def chances(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        """Each die's own chance to hit: the hits are their independent sum (the calculator factors on them)."""
        return tuple([Fraction(min(value, 6), 6) for value in values if value > 0]
                     + [best_of_two_chance(value) for value in best_of_two if value > 0])

    def hit_distribution(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        return bernoulli_sum(self.chances(values, best_of_two))
