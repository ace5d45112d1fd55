"""Dice of one colour matched high to high, as in RISK (seed 001).

"We would match up your 6 against my 5, your 3 against my 4, and your 2
against my 3. Each pairing that you win causes your opponent to take one
casualty … If two dice are tied, then both sides take a casualty. If I have
extra dice, then they automatically beat your missing dice."

Also: how many dice a colour gives (one per 3 units of a type, rounded up
within the type, at most 6), seed 001 and docs/rules.md §7.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from .chart import MAX_DICE


def dice_count(units: Mapping[str, int] | Iterable[tuple[str, int]]) -> int:
    """Seed 001: "You typically need 3 units to receive 1 die, but you always round up", per unit type
    ("1 battleship and 2 bombers … you would roll 2 black dice"), "up to a maximum of 6 dice per color"."""
    items = units.items() if isinstance(units, dict) or isinstance(units, Mapping) else units   # dict: no ABC check
    return min(MAX_DICE, sum(-(-n // 3) for _, n in items if n > 0))


@dataclass(frozen=True, slots=True)
class Match:
    pairs: tuple[tuple[int | None, int | None], ...]   # (attacker's value, defender's value), high to high
    on_attacker: int                                      # hits the attacker takes
    on_defender: int                                      # hits the defender takes

    def hits(self, role: str) -> int:
        """Hits this side scored."""
        return self.on_defender if role == "attacker" else self.on_attacker


def match(attacker: Iterable[int], defender: Iterable[int]) -> Match:
    """``match([5, 4, 3], [6, 3, 2])`` → the attacker takes 1, the defender 2 (seed 001)."""
    a = sorted(attacker, reverse=True)
    d = sorted(defender, reverse=True)
    pairs = []
    on_a = on_d = 0
    for i in range(max(len(a), len(d))):
        x = a[i] if i < len(a) else None
        y = d[i] if i < len(d) else None
        pairs.append((x, y))
        if y is None or (x is not None and x >= y):
            on_d += 1
        if x is None or (y is not None and y >= x):
            on_a += 1
    return Match(tuple(pairs), on_a, on_d)
