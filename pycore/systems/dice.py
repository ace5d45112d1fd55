"""Normal dice (docs/rules.md §3): each unit rolls one d6 and hits on a roll at or below its value."""

from __future__ import annotations

from fractions import Fraction

from .luck import Die, FiringGroup, LuckSystem, Roll, Volley, bernoulli_sum


class NormalDice(LuckSystem):
    id = "dice"
    name = "Dice"
    summary = "Every unit rolls a die and hits on its value or less."
    printed_sub_rule = True     # docs/rules.md §2, "The sub step": the printed reading applies
    independent_dice = True

    def hits_at(self, value: int) -> int:
        """The roll of a ``die_sides`` die at or below which a unit of this value hits: the value itself on a
        d6. Biased dice (systems/biased.py) change only this and the die."""
        return value

    def fire(self, values: tuple[int, ...], roll: Roll, best_of_two: tuple[int, ...] = ()) -> Volley:
        # A unit of value 0 (a transport attacking) never hits and rolls nothing, as in TripleA.
        firing = tuple(value for value in values if value > 0)
        pairs = tuple(value for value in best_of_two if value > 0)
        faces = roll(len(firing) + 2 * len(pairs))
        dice = [Die(self.hits_at(value), face, sides=self.die_sides) for value, face in zip(firing, faces)]
        rest = faces[len(firing):]
        for i, value in enumerate(pairs):
            first, second = rest[2 * i], rest[2 * i + 1]
            dice.append(Die(self.hits_at(value), min(first, second), (first, second), sides=self.die_sides))
        return Volley(sum(firing) + sum(pairs), 0, 0, tuple(dice))

    def dice_needed(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> int:
        return sum(1 for value in values if value > 0) + 2 * sum(1 for value in best_of_two if value > 0)

    def dice_for(self, group: FiringGroup) -> tuple[tuple[int, int], ...]:
        """Each die hits at its unit's :meth:`hits_at` (a unit keeping the better of two rolls two)."""
        wanted = [self.hits_at(value) for value in group.values if value > 0]
        wanted += [self.hits_at(value) for value in group.best_of_two if value > 0 for _ in (0, 1)]
        return tuple((at, self.die_sides) for at in wanted)

    def hits_range(self, group: FiringGroup) -> tuple[int, int]:
        """A unit keeping the better of two dice scores one hit at most (docs/rules.md §5)."""
        rolls = [value for value in group.values if value > 0] + [value for value in group.best_of_two if value > 0]
        return sum(1 for value in rolls if self.hits_at(value) >= self.die_sides), len(rolls)

    def chances(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        """Each die's own chance to hit: the hits are their independent sum (the calculator factors on them);
        a unit keeping the better of two dice misses only when both miss."""
        single = [self._chance(value) for value in values if value > 0]
        better = [1 - (1 - self._chance(value)) ** 2 for value in best_of_two if value > 0]
        return tuple(single + better)

    def _chance(self, value: int) -> Fraction:
        return Fraction(min(self.hits_at(value), self.die_sides), self.die_sides)

    def hit_distribution(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        return bernoulli_sum(self.chances(values, best_of_two))
