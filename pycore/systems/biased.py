"""Biased dice (docs/rules.md §3.1): each unit rolls a d10 and hits at or below its value's threshold.

The peer calculators' third dice mode (aa1942calc's "biased dice", also
aacalc2's): a die whose faces 1–6 come up 1, 2, 3, 2, 1 and 1 times in ten, a
unit hitting on a face at or below its value, so a unit of value v hits with
chance 0, 1/10, 3/10, 6/10, 8/10, 9/10 or 1. Rolled as a ten-sided die that
hits at or below 0, 1, 3, 6, 8, 9 or 10 (the same chances; a table has a d10,
nobody has a biased d6). Every die hits on its own, as normal dice do, so the
calculator reads it exactly as it reads them (``independent_dice``): it is normal
dice with another die and another threshold (:meth:`NormalDice.hits_at`).
"""

from __future__ import annotations

from .dice import NormalDice

SIDES = 10
AT = (0, 1, 3, 6, 8, 9, 10)
"""The d10 roll at or below which a unit of value 0 … 6 hits (docs/rules.md §3.1)."""


def at(value: int) -> int:
    return AT[min(max(value, 0), 6)]


class BiasedDice(NormalDice):
    id = "biased"
    name = "Biased dice"
    summary = "Every unit rolls a d10: a 1 hits on 1, a 2 on 1–3, a 3 on 1–6, a 4 on 1–8, a 5 on 1–9, a 6 always."
    die_sides = SIDES
    printed_sub_rule = True     # docs/rules.md §2, "The sub step": the printed reading applies (as under dice)

    def hits_at(self, value: int) -> int:
        """The d10 threshold of the unit's value (docs/rules.md §3.1)."""
        return at(value)
