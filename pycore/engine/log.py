"""A battle's record as the engine writes it: each round's fire and losses, and the battle's end.

Kept apart from the sequence (docs/rules.md §2) that writes it, so that what ``resolve``, the calculator and
the reports read of a battle is one small module; :mod:`pycore.engine.sequence` re-exports every name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..forces import Force
from ..jsontext import JsonObject
from ..systems import Volley
from ..systems.colored.commit import Troops
from .army import Army
from .casualties import Casualties
from .firing import Group

MAX_ROUNDS = 100
"""A battle that has not ended after this many rounds stops, undecided (it cannot loop forever)."""

OUTCOMES = ("attacker_wins", "defender_wins", "draw", "retreat", "stalemate", "in_progress")


class Pause(Exception):
    """The battle waits for the table: dice not rolled yet, or a casualty choice to make."""

    def __init__(self, waiting: JsonObject):
        super().__init__(waiting.get("kind", "pause"))
        self.waiting = waiting


@dataclass(slots=True)
class Fire:
    group: Group
    volley: Volley


@dataclass(slots=True)
class Loss:
    victim: str
    casualties: Casualties
    at_once: bool
    chosen: bool


@dataclass(slots=True)
class Step:
    name: str                       # "aa", "bombard", "subs", "main"
    fires: list[Fire] = field(default_factory=list)
    losses: list[Loss] = field(default_factory=list)


@dataclass(slots=True)
class RoundLog:
    """One round as fought, for every luck system.

    ``steps`` are the system's own records (:class:`Step` here; a colour's under coloured dice), and
    a side's units (``after``, ``transports_lost``, ``retreated``) are the system's: an :class:`Army`
    or :class:`Force` here, units by post (``Troops``) under coloured dice.
    """

    number: int
    steps: list[Any] = field(default_factory=list)  # Any: a Step here, a ColorStep under coloured dice
    complete: bool = False
    after: dict[str, Any] = field(default_factory=dict)           # Any: an Army, or Troops under coloured dice
    submerged: dict[str, Force] = field(default_factory=dict)
    transports_lost: dict[str, Any] = field(default_factory=dict)  # Any: a Force, or Troops under coloured dice
    retreated: Any = None                                          # Any: a Force, or Troops under coloured dice
    choice: str | None = None


@dataclass(slots=True)
class BattleLog:
    rounds: list[RoundLog]
    outcome: str
    armies: dict[str, Army]          # still in the fight
    away: dict[str, Force]           # submerged or retreated: out of the fight, alive
    waiting: JsonObject | None       # what the table must give next, when paused
    takes_territory: bool = False
    captured: Force | None = None
    destroyed: Force | None = None   # AA guns alone, destroyed as the attack begins (docs/rules.md §2)
    cargo_lost: dict[str, Force] = field(default_factory=dict)
    carry: dict[str, int] = field(default_factory=dict)   # A&A Chess COF: what each side carries at the end
    posts: dict[str, Troops] = field(default_factory=dict)   # coloured dice: each side's units by post at the end,
    posts_away: dict[str, Troops] = field(default_factory=dict)  # in the fight and away
