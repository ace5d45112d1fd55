"""A firing group: what one luck system fires at once, and the enemy units its hits may land on
(docs/rules.md §2; :mod:`pycore.engine.firing` builds the groups, and says which).

A module of its own so that the ruleset's tables (:mod:`pycore.engine.kinds`), which keep the groups built,
can name the type without importing the module that builds them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Group:
    shooter: str                      # "attacker" / "defender"
    name: str                         # "aa", "bombard", "subs", "air", "main"
    values: tuple[int, ...]           # one per die, highest first
    best_of_two: tuple[int, ...]      # units keeping the better of two dice (LHTR Heavy Bombers)
    targets: frozenset[str]           # enemy unit types its hits may fall on
    firing: tuple[tuple[str, int], ...]  # who fires, for the log
    sure_hits: int = 0                # hits certain before any system (Low Luck AA blocks of 6)
    # What a system that needs more than the values reads (A&A Chess, docs/rules.md §6); 0 / None / False otherwise:
    joined: int = 0                   # power joining from an earlier step of the assault (attacking subs' remainder)
    carry: int = 0                    # the side's fraction (or deficit) carried from earlier assaults
    final: bool = False               # the battle's last assault (COF+R rolls its leftover then)

    @property
    def fires(self) -> bool:
        return bool(self.sure_hits or any(self.values) or any(self.best_of_two) or self.joined or self.carry)
