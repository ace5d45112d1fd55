"""Luck systems: how a firing group's values become hits, one module per system.

Every system is a :class:`LuckSystem` (the python-chess variant pattern): an
``id``, a ``name``, a one-line ``summary`` for the page, and the way it fires
a group. ``fire(values, roll, best_of_two) -> Volley`` fires plain values;
``roll(count)`` is the dice source for this group, already bound to a seed
and context (or, in referee mode, to the dice rolled at the table), so no
system knows where its dice come from. ``hit_distribution`` gives the exact
law of the hits the same group scores, which is what the calculator uses:
the engine and the calculator read one rule.

``best_of_two`` holds the values of units that roll two dice and keep the
better one (Heavy Bombers under LHTR, docs/rules.md §5).

What a system may do beyond that is *declared* on :class:`LuckSystem`, each
capability with its default, so the engine and the calculator ask the system
instead of probing it or testing its id (the interface is :mod:`pycore.systems.luck`, the bottom
of the layers). To add a luck system, write one
module here with a subclass, register it in :func:`_registry`, and give it
tests (docs/architecture.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..jsontext import JsonObject
from .luck import Counted, Die, FiringGroup, LuckSystem, Roll, Volley, bernoulli_sum, best_of_two_chance

__all__ = ["Counted", "Die", "FiringGroup", "LuckSystem", "Roll", "Volley", "bernoulli_sum", "best_of_two_chance", "all_systems",
           "spec_of", "system_named"]


@lru_cache(maxsize=1)
def _registry() -> dict[str, LuckSystem]:
    """Every system, built once (each module imported on first use)."""
    from .biased import BiasedDice
    from .chess import Chess
    from .colored import ColoredDice
    from .dice import NormalDice
    from .lowluck import LowLuck

    return {system.id: system for system in (NormalDice(), LowLuck(), ColoredDice(), Chess(), BiasedDice())}


def all_systems() -> tuple[LuckSystem, ...]:
    return tuple(_registry().values())


def system_named(name: Any) -> LuckSystem | None:
    """The registry's system of this id (as the registry builds it, unconfigured), or None."""
    return _registry().get(name) if isinstance(name, str) else None


def spec_of(system: LuckSystem) -> JsonObject:
    """The canonical ``system`` field of a request: ``{"name"}`` plus what differs from the system's defaults."""
    return system.spec()
