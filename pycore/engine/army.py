"""A side's units during a battle: how many of each type, and how many two-hit units are damaged.

docs/rules.md §2: "two-hit units absorb a hit first and repair after battle". A
damaged unit fires as before; the second hit sinks it. An :class:`Army` is
immutable, so the calculator can use it as (part of) a state key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Container, Mapping

from ..forces import Force
from ..rulesets import Ruleset


@dataclass(frozen=True, slots=True)
class Army:
    units: Force
    damaged: Force = field(default_factory=lambda: Force(()))
    _hash: int = field(default=0, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        """Worked out once: the calculator keys its states and ends by armies (the value is the usual one)."""
        got = self._hash
        if not got:
            got = hash((self.units, self.damaged))
            object.__setattr__(self, "_hash", got)
        return got

    def count(self, unit_id: str) -> int:
        return self.units.count(unit_id)

    def intact(self, unit_id: str) -> int:
        return self.units.count(unit_id) - self.damaged.count(unit_id)

    def __bool__(self) -> bool:
        return bool(self.units)

    @property
    def size(self) -> int:
        return self.units.size

    def hit_points(self, ruleset: Ruleset, unit_id: str) -> int:
        """Hits this army's units of one type can still take."""
        return self.count(unit_id) * ruleset.unit(unit_id).hit_points - self.damaged.count(unit_id)

    def hits_to_apply(self, ruleset: Ruleset, lost: Mapping[str, int], damaged: Mapping[str, int]) -> int:
        """Hits a casualty choice uses: a lost unit takes its damaged ones first (one hit each)."""
        used = sum(damaged.values())
        for unit_id, n in lost.items():
            already = min(n, self.damaged.count(unit_id))
            used += already + (n - already) * ruleset.unit(unit_id).hit_points
        return used

    def after(self, lost: Mapping[str, int], damaged: Mapping[str, int] = {}) -> "Army":
        """This army once ``lost`` are removed (damaged ones first) and ``damaged`` intact units are hit once."""
        units = self.units.minus(lost)
        if not damaged and not self.damaged.counts:
            return Army(units, self.damaged)          # nothing damaged before or now
        still: dict[str, int] = {}
        gone = lost.get
        for unit_id, n in self.damaged.counts:
            still[unit_id] = max(0, n - gone(unit_id, 0))
        for unit_id, n in damaged.items():
            still[unit_id] = still.get(unit_id, 0) + n
        kept = {uid: n for uid, n in still.items() if n}
        for unit_id, n in kept.items():
            if n > units.count(unit_id):
                raise ValueError(f"{n} damaged {unit_id} but only {units.count(unit_id)} left")
        return Army(units, Force(tuple([(uid, kept[uid]) for uid, _ in units.counts if uid in kept])))

    def without(self, unit_ids: Container[str]) -> "Army":
        """The army with every unit of these types gone (submerged, retreated or captured)."""
        gone = {uid: n for uid, n in self.units.counts if uid in unit_ids}
        return Army(self.units.minus(gone),
                    Force(tuple((uid, n) for uid, n in self.damaged.counts if uid not in unit_ids)))

    def only(self, unit_ids: Container[str]) -> Force:
        return Force(tuple((uid, n) for uid, n in self.units.counts if uid in unit_ids))

    def to_json(self) -> dict[str, int]:
        return self.units.as_dict()
