"""Normal dice (RULES.md §3): each unit rolls one d6 and hits on a roll at or below its value."""

from __future__ import annotations

from . import Die, Roll, Volley


class NormalDice:
    id = "dice"
    name = "Dice"
    summary = "Every unit rolls a die and hits on its value or less."

    def fire(self, values: tuple[int, ...], roll: Roll) -> Volley:
        # A unit of value 0 (a transport attacking) never hits and rolls nothing, as in TripleA.
        firing = tuple(value for value in values if value > 0)
        faces = roll(len(firing))
        return Volley(sum(firing), 0, 0, tuple(Die(at, face) for at, face in zip(firing, faces)))

    def dice_needed(self, values: tuple[int, ...]) -> int:
        return sum(1 for value in values if value > 0)
