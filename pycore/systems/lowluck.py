"""Low Luck (RULES.md §4, seeds 000 and 002): sure hits for each 6 of power, one die for the rest.

``hits = power // 6``; for ``r = power % 6`` one die is rolled and hits on a
roll of ``r`` or less, so the expected hits equal normal dice's
(power / 6) — the seeds' stated aim — with far less spread.
"""

from __future__ import annotations

from . import Die, Roll, Volley


class LowLuck:
    id = "lowluck"
    name = "Low Luck"
    summary = "Add up the power: each 6 is a sure hit; one die for the remainder."

    def fire(self, values: tuple[int, ...], roll: Roll) -> Volley:
        power = sum(values)
        sure, remainder = divmod(power, 6)
        dice = (Die(remainder, roll(1)[0]),) if remainder else ()
        return Volley(power, sure, remainder, dice)

    def dice_needed(self, values: tuple[int, ...]) -> int:
        return 1 if sum(values) % 6 else 0
