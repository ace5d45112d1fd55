"""A side's units: counts per unit type, and the order in which it loses them.

A :class:`Force` is an immutable multiset of unit types kept in the ruleset's
order, so two equal forces print and encode the same way. The order of loss
is the victim's standing choice of casualties (docs/rules.md §2): cheapest first by
default, editable per side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any, Iterable, Mapping

from .rulesets import Ruleset

MAX_PER_UNIT = 999
MAX_PER_SIDE = 2000


@dataclass(frozen=True, slots=True)
class Force:
    """Unit counts in ruleset order; only positive counts are kept."""

    counts: tuple[tuple[str, int], ...]
    # The number of units, summed once: the calculators ask it of the same force thousands of times a call.
    _size: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_size", sum(map(itemgetter(1), self.counts)))

    @classmethod
    def of(cls, ruleset: Ruleset, counts: Mapping[str, int]) -> "Force":
        if not counts:                  # most sides carry no cargo and bombard with nothing: no ruleset walk
            return EMPTY
        for unit_id, count in counts.items():
            if not ruleset.has(unit_id) or count < 0:
                raise ValueError(f"bad force entry {unit_id!r}: {count!r}")
        # The few types given put in the ruleset's order (not the whole table walked for them).
        kept = [(unit_id, count) for unit_id, count in counts.items() if count > 0]
        if len(kept) > 1:
            kept.sort(key=lambda entry: ruleset.index(entry[0]))
        return cls(tuple(kept)) if kept else EMPTY

    def count(self, unit_id: str) -> int:
        for uid, n in self.counts:    # a plain loop: the calculators ask this often, a generator costs more
            if uid == unit_id:
                return n
        return 0

    @property
    def size(self) -> int:
        return self._size

    def __bool__(self) -> bool:
        return bool(self.counts)

    def as_dict(self) -> dict[str, int]:
        return dict(self.counts)

    def plus(self, other: "Force", ruleset: Ruleset) -> "Force":
        """Both forces together, in ruleset order."""
        together = {uid: self.count(uid) + other.count(uid) for uid, _ in self.counts + other.counts}
        return Force.of(ruleset, together)

    def minus(self, losses: Mapping[str, int]) -> "Force":
        left = []
        get = losses.get
        for unit_id, count in self.counts:
            rest = count - get(unit_id, 0)
            if rest < 0:
                raise ValueError(f"cannot lose {losses[unit_id]} {unit_id}: only {count}")
            if rest:
                left.append((unit_id, rest))
        return Force(tuple(left))


EMPTY = Force(())
"""No units (immutable, so one serves every side that carries no cargo or bombards with nothing)."""


@lru_cache(maxsize=64)
def default_order_of_loss(ruleset: Ruleset, role: str) -> tuple[str, ...]:
    """Cheapest first (docs/rules.md §2); among equal costs the weaker unit in this role goes first. Kept per
    ruleset and role (6 rulesets, 2 roles): every side read asks it."""
    def key(unit: Any) -> tuple[int, int, int]:
        value = unit.attack if role == "attacker" else unit.defense
        return (unit.cost, value, ruleset.index(unit.id))
    return tuple(unit.id for unit in sorted(ruleset.units, key=key))


def full_order(ruleset: Ruleset, given: Iterable[str], role: str) -> tuple[str, ...]:
    """The player's order, then every unit they did not list, cheapest first."""
    return _completed(ruleset, tuple(given), role)


@lru_cache(maxsize=256)
def _completed(ruleset: Ruleset, given: tuple[str, ...], role: str) -> tuple[str, ...]:
    """:func:`full_order`, kept per ruleset, role and given order: a player's next battle gives the same order."""
    rest = [uid for uid in default_order_of_loss(ruleset, role) if uid not in given]
    return given + tuple(rest)
