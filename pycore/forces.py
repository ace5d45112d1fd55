"""A side's units: counts per unit type, and the order in which it loses them.

A :class:`Force` is an immutable multiset of unit types kept in the ruleset's
order, so two equal forces print and encode the same way. The order of loss
is the victim's standing choice of casualties (RULES.md §2): cheapest first by
default, editable per side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from . import validate as v
from .errors import BadRequest, show
from .rulesets import Ruleset

MAX_PER_UNIT = 999
MAX_PER_SIDE = 2000


@dataclass(frozen=True, slots=True)
class Force:
    """Unit counts in ruleset order; only positive counts are kept."""

    counts: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, ruleset: Ruleset, counts: Mapping[str, int]) -> "Force":
        for unit_id, count in counts.items():
            if not ruleset.has(unit_id) or count < 0:
                raise ValueError(f"bad force entry {unit_id!r}: {count!r}")
        return cls(tuple((u.id, counts[u.id]) for u in ruleset if counts.get(u.id, 0) > 0))

    def count(self, unit_id: str) -> int:
        return next((n for uid, n in self.counts if uid == unit_id), 0)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.counts)

    def __bool__(self) -> bool:
        return bool(self.counts)

    def as_dict(self) -> dict[str, int]:
        return dict(self.counts)

    def plus(self, other: "Force", order: "Ruleset") -> "Force":
        """Both forces together, in ruleset order."""
        together = {uid: self.count(uid) + other.count(uid) for uid, _ in self.counts + other.counts}
        return Force.of(order, together)

    def minus(self, losses: Mapping[str, int]) -> "Force":
        left = []
        for unit_id, count in self.counts:
            rest = count - losses.get(unit_id, 0)
            if rest < 0:
                raise ValueError(f"cannot lose {losses[unit_id]} {unit_id}: only {count}")
            if rest:
                left.append((unit_id, rest))
        return Force(tuple(left))


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a battle as the player entered it."""

    force: Force
    order_of_loss: tuple[str, ...]
    custom_order: bool


def default_order_of_loss(ruleset: Ruleset, role: str) -> tuple[str, ...]:
    """Cheapest first (RULES.md §2); among equal costs the weaker unit in this role goes first."""
    def key(unit: Any) -> tuple[int, int, int]:
        value = unit.attack if role == "attacker" else unit.defense
        return (unit.cost, value, ruleset.index(unit.id))
    return tuple(unit.id for unit in sorted(ruleset.units, key=key))


def full_order(ruleset: Ruleset, given: Iterable[str], role: str) -> tuple[str, ...]:
    """The player's order, then every unit they did not list, cheapest first."""
    given = tuple(given)
    rest = [uid for uid in default_order_of_loss(ruleset, role) if uid not in given]
    return given + tuple(rest)


def take_casualties(force: Force, hits: int, order: Iterable[str]) -> dict[str, int]:
    """Units lost to ``hits`` hits, following the order of loss; never more than the force has."""
    lost: dict[str, int] = {}
    remaining = hits
    for unit_id in order:
        if remaining <= 0:
            break
        take = min(force.count(unit_id), remaining)
        if take:
            lost[unit_id] = take
            remaining -= take
    return lost


def parse_side(value: Any, field: str, ruleset: Ruleset, allowed: Iterable[str], role: str) -> Side:
    """Read ``{"units": {...}, "order_of_loss": [...]}``, naming the field of any mistake."""
    allowed = tuple(allowed)
    side = v.obj(value, field)
    v.only_keys(side, ("units", "order_of_loss"), field)
    units = v.obj(v.required(side, "units", field), f"{field}.units")
    counts: dict[str, int] = {}
    for unit_id, count in units.items():
        where = f"{field}.units.{unit_id}"
        if not ruleset.has(unit_id):
            known = ", ".join(u.id for u in ruleset)
            raise BadRequest(where, f"unknown unit {show(unit_id)} in ruleset {ruleset.id} (units: {known})")
        counts[unit_id] = v.whole(count, where, 0, MAX_PER_UNIT)
        if counts[unit_id] and unit_id not in allowed:
            raise BadRequest(where, f"{ruleset.unit(unit_id).name} cannot fight in this battle yet "
                             f"(battles take: {', '.join(allowed)})")
    total = sum(counts.values())
    if total > MAX_PER_SIDE:
        raise BadRequest(f"{field}.units", f"at most {MAX_PER_SIDE} units a side, got {total}")
    if total == 0:
        raise BadRequest(f"{field}.units", f"the {role} needs at least one unit")
    order: list[str] = []
    custom = "order_of_loss" in side
    if custom:
        entries = v.array(side["order_of_loss"], f"{field}.order_of_loss", len(ruleset.units))
        for i, unit_id in enumerate(entries):
            where = f"{field}.order_of_loss[{i}]"
            if not isinstance(unit_id, str) or not ruleset.has(unit_id):
                raise BadRequest(where, f"unknown unit {show(unit_id)} in ruleset {ruleset.id}")
            if unit_id in order:
                raise BadRequest(where, f"{show(unit_id)} is listed twice")
            order.append(unit_id)
    return Side(Force.of(ruleset, counts), full_order(ruleset, order, role), custom)
