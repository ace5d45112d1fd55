"""Luck systems: how a firing group's values become hits, one module per system.

Every system has the same shape (the python-chess variant pattern): a class
with an ``id``, a ``name``, a one-line ``summary`` for the page, and
``fire(values, roll) -> Volley``. ``roll(count)`` is the dice source for this
group, already bound to a seed and context (or, in referee mode, to the dice
rolled at the table), so no system knows where its dice come from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from ..errors import BadRequest, show
from .. import validate as v

Roll = Callable[[int], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Die:
    """One die rolled: it hits on ``value <= at``."""

    at: int
    value: int

    @property
    def hit(self) -> bool:
        return self.value <= self.at

    def to_json(self) -> dict:
        return {"at": self.at, "value": self.value, "hit": self.hit}


@dataclass(frozen=True, slots=True)
class Volley:
    """What one firing group did: its power, sure hits, remainder and dice, and the hits scored."""

    power: int
    sure_hits: int
    remainder: int
    dice: tuple[Die, ...]

    @property
    def hits(self) -> int:
        return self.sure_hits + sum(1 for die in self.dice if die.hit)

    def to_json(self) -> dict:
        return {"power": self.power, "sure_hits": self.sure_hits, "remainder": self.remainder,
                "dice": [die.to_json() for die in self.dice], "hits": self.hits}


class LuckSystem(Protocol):
    id: str
    name: str
    summary: str

    def fire(self, values: tuple[int, ...], roll: Roll) -> Volley: ...

    def dice_needed(self, values: tuple[int, ...]) -> int: ...


def _registry() -> dict[str, LuckSystem]:
    from .dice import NormalDice
    from .lowluck import LowLuck

    return {system.id: system for system in (NormalDice(), LowLuck())}


def all_systems() -> tuple[LuckSystem, ...]:
    return tuple(_registry().values())


def find_system(value: Any, field: str = "system") -> LuckSystem:
    """The system named by ``{"name": id}``, or a clear error listing the ids."""
    spec = v.obj(value, field)
    v.only_keys(spec, ("name",), field)
    name = v.required(spec, "name", field)
    systems = _registry()
    if name not in systems:
        raise BadRequest(f"{field}.name", f"must be one of {', '.join(systems)}, got {show(name)}")
    return systems[name]
