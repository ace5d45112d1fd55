"""Luck systems: how a firing group's values become hits, one module per system.

Every system has the same shape (the python-chess variant pattern): a class
with an ``id``, a ``name``, a one-line ``summary`` for the page, and
``fire(values, roll, best_of_two) -> Volley``. ``roll(count)`` is the dice
source for this group, already bound to a seed and context (or, in referee
mode, to the dice rolled at the table), so no system knows where its dice come
from. ``hit_distribution`` gives the exact law of the hits the same group
scores, which is what the calculator uses: the engine and the calculator read
one rule.

``best_of_two`` holds the values of units that roll two dice and keep the
better one (Heavy Bombers under LHTR, RULES.md §5).

A system that needs more than the values (A&A Chess: who fires, a fraction
carried from the battle's earlier assaults, the battle's last assault) also
has ``fire_group(group, roll) -> Volley`` and ``dice_for(group)``; the engine
calls them through ``engine.firing.fire_group`` / ``dice_for``, which fall
back on ``fire`` and ``dice_needed`` for the others. A system that reads more
of its request spec than ``name`` (a variant) has ``spec_keys`` and
``configure(spec, field)``, and ``spec()`` gives its canonical spec back.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Protocol, Sequence

from ..errors import BadRequest, show
from .. import validate as v

Roll = Callable[[int], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Die:
    """One die rolled: it hits on ``value <= at``."""

    at: int
    value: int
    best_of: tuple[int, int] | None = None  # both dice when a unit keeps the better of two
    sides: int = 6                          # a d10 where a fraction of 5 is rolled (A&A Chess RYOF<6 AA)

    @property
    def hit(self) -> bool:
        return self.value <= self.at

    def to_json(self) -> dict:
        out = {"at": self.at, "value": self.value, "hit": self.hit}
        if self.best_of is not None:
            out["best_of"] = list(self.best_of)
        if self.sides != 6:
            out["sides"] = self.sides
        return out


@dataclass(frozen=True, slots=True)
class Volley:
    """What one firing group did: its power, sure hits, remainder and dice, and the hits scored."""

    power: int
    sure_hits: int
    remainder: int
    dice: tuple[Die, ...]
    # A&A Chess only (left at their defaults by the other systems, and then not in the JSON):
    joined: int = 0                 # power joining from an earlier step of the assault (attacking subs' remainder)
    carry_in: int | None = None     # fraction carried from the side's earlier assaults (COF, COF+R)
    carry_out: int | None = None    # fraction (> 0) or deficit (< 0) carried into the next assault
    passed: int = 0                 # power handed on to the main attack of the same assault

    @property
    def hits(self) -> int:
        return self.sure_hits + sum(1 for die in self.dice if die.hit)

    @property
    def total(self) -> int:
        return self.power + self.joined + (self.carry_in or 0)

    def to_json(self) -> dict:
        out = {"power": self.power, "sure_hits": self.sure_hits, "remainder": self.remainder,
               "dice": [die.to_json() for die in self.dice], "hits": self.hits}
        if self.joined or self.carry_in is not None:
            out["joined"] = self.joined
            out["total"] = self.total
        if self.carry_in is not None:
            out["carry_in"] = self.carry_in
        if self.carry_out is not None:
            out["carry_out"] = self.carry_out
        if self.passed:
            out["passed"] = self.passed
        return out


class LuckSystem(Protocol):
    id: str
    name: str
    summary: str

    def fire(self, values: tuple[int, ...], roll: Roll, best_of_two: tuple[int, ...] = ()) -> Volley: ...

    def dice_needed(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> int: ...

    def hit_distribution(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        """P(hits = k) for k = 0, 1, …: exact."""
        ...


def bernoulli_sum(chances: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """The law of the number of successes of independent trials (a Poisson binomial), exactly."""
    law = [Fraction(1)]
    for p in chances:
        q = 1 - p
        nxt = [Fraction(0)] * (len(law) + 1)
        for k, mass in enumerate(law):
            nxt[k] += mass * q
            nxt[k + 1] += mass * p
        law = nxt
    return tuple(law)


def best_of_two_chance(at: int) -> Fraction:
    """A unit that rolls two dice and keeps the better hits unless both miss."""
    miss = Fraction(6 - min(max(at, 0), 6), 6)
    return 1 - miss * miss


def _registry() -> dict[str, LuckSystem]:
    from .chess import Chess
    from .colored import ColoredDice
    from .dice import NormalDice
    from .lowluck import LowLuck

    return {system.id: system for system in (NormalDice(), LowLuck(), ColoredDice(), Chess())}


def all_systems() -> tuple[LuckSystem, ...]:
    return tuple(_registry().values())


def find_system(value: Any, field: str = "system") -> LuckSystem:
    """The system named by ``{"name": id, ...}``, or a clear error listing the ids.

    A system that reads more of its spec than the name (a chart, a variant)
    has ``configure(spec, field) -> LuckSystem``, which checks its own keys
    and returns the system as configured; ``spec_of`` gives that spec back in
    canonical form, for links. Other systems take ``{"name"}`` only.
    """
    spec = v.obj(value, field)
    name = v.required(spec, "name", field)
    systems = _registry()
    if name not in systems:
        raise BadRequest(f"{field}.name", f"must be one of {', '.join(systems)}, got {show(name)}")
    system = systems[name]
    configure = getattr(system, "configure", None)
    if configure is None:
        v.only_keys(spec, ("name",), field)
        return system
    return configure(spec, field)


def spec_of(system: LuckSystem) -> dict:
    """The canonical ``system`` field of a request: ``{"name"}`` plus what differs from the system's defaults."""
    spec = getattr(system, "spec", None)
    return spec() if spec is not None else {"name": system.id}
