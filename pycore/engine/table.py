"""Where a battle's dice and decisions come from: one table for every luck system.

The engine (and the coloured-dice fight) never draws a random number or
reads a request: it asks a table. A table holds the players' decisions
(:class:`Decisions`: retreats, casualty choices, submerging, boosts) and
hands out dice: :class:`SeededTable` rolls them from the seed (docs/rules.md §2 and
docs/rules.md, "Dice"), :class:`RefereeTable` gives the dice rolled at a real
table, and the plain :class:`Table` has rolled nothing yet, so the battle
pauses where it needs a die (the page then asks for it). Each table records
which decisions and dice were used, so a request that gives more than the
battle used is refused instead of silently ignored.

A step is named by the engine's step (``aa``, ``bombard``, ``subs``,
``main``) or, under coloured dice, by the colour; a group of dice likewise.
At a real table a group's dice are given as their faces or, as players
count them, as the number of hits (:class:`TableHits`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .. import dice as dice_source
from ..errors import BadRequest, show

Choice = tuple[Mapping[str, int], Mapping[str, int], str]
"""A casualty choice: units lost, two-hit units damaged, and the request field it came from."""


@dataclass(frozen=True, slots=True)
class Decisions:
    """What the players decided, keyed by (round, step, side)."""

    choices: tuple[str, ...] = ()                                   # "press" / "retreat" after each round
    casualties: Mapping[tuple[int, str, str], Choice] = field(default_factory=dict)
    submerge: frozenset[tuple[int, str]] = frozenset()               # (round, side) whose subs submerge
    boosts: Mapping[tuple[int, str, str], tuple[Any, str]] = field(default_factory=dict)  # coloured dice
    choose_casualties: bool = False                                  # pause where a victim has a choice
    choose_boosts: bool = False


NO_DECISIONS = Decisions()


@dataclass(frozen=True, slots=True)
class TableHits:
    """A group's dice as players at a table count them: how many hit, not each face (docs/rules.md §11).

    ``field`` is where the count was given (``dice[0].attacker.main.hits``), for the engine's message when the
    count is more than the group's dice can score.
    """

    hits: int
    field: str = ""

    def to_json(self) -> dict:
        return {"hits": self.hits}


class Table:
    """The players' decisions, and no dice rolled yet: a battle that needs a die pauses."""

    def __init__(self, decisions: Decisions = NO_DECISIONS):
        self.decisions = decisions
        self.used: set[tuple[str, Any]] = set()   # ("casualties" | "submerge" | "boosts" | "dice", key)

    def dice(self, number: int, role: str, group: str, count: int,
             sides: int = 6) -> tuple[int, ...] | TableHits | None:
        """``count`` faces of ``sides``-sided dice for one group (or, at a real table, the number of hits
        they scored), or None when they are not rolled yet."""
        return None

    def casualties(self, number: int, step: str, victim: str) -> Choice | None:
        key = (number, step, victim)
        if key in self.decisions.casualties:
            self.used.add(("casualties", key))
            return self.decisions.casualties[key]
        return None

    def ask_casualties(self) -> bool:
        return self.decisions.choose_casualties

    def boosts(self, number: int, step: str, role: str) -> tuple[Any, str] | None:
        key = (number, step, role)
        if key in self.decisions.boosts:
            self.used.add(("boosts", key))
            return self.decisions.boosts[key]
        return None

    def ask_boosts(self) -> bool:
        return self.decisions.choose_boosts

    def submerge(self, number: int, role: str) -> bool:
        if (number, role) in self.decisions.submerge:
            self.used.add(("submerge", (number, role)))
            return True
        return False

    def retreat(self, number: int) -> bool | None:
        choices = self.decisions.choices
        return choices[number - 1] == "retreat" if number <= len(choices) else None


class SeededTable(Table):
    """The app rolls: HMAC dice from the seed, one context per round, side and group (``r1/attacker/main``)."""

    def __init__(self, seed: str, decisions: Decisions = NO_DECISIONS):
        super().__init__(decisions)
        self.seed = seed

    def dice(self, number, role, group, count, sides=6):
        return dice_source.roll(self.seed, f"r{number}/{role}/{group}", sides, count)


def _dice(count: int) -> str:
    return "die" if count == 1 else "dice"


class RefereeTable(Table):
    """The players roll real dice and type them in; the app applies the rules to them.

    ``rounds[i][role]`` is a side's dice of round i + 1: ``{group: faces}``, or
    a plain tuple of faces for its ``main`` group; a group's faces may be a
    :class:`TableHits` instead, whose range the engine checks (it knows the system). ``by_colour``: the groups
    are colours (coloured dice), which the messages name as colours
    ("3 red dice") rather than as groups ("3 dice for main").
    """

    def __init__(self, rounds: tuple[Mapping[str, Any], ...], decisions: Decisions = NO_DECISIONS,
                 by_colour: bool = False):
        super().__init__(decisions)
        self.rounds = rounds
        self.by_colour = by_colour

    def _needed(self, number: int, role: str, group: str, count: int, sides: int) -> dict:
        colour = {"color": group} if self.by_colour else {}
        return {"dice_needed": {"round": number, "side": role, **colour, "group": group, "count": count,
                                "sides": sides}}

    def dice(self, number, role, group, count, sides=6):
        if number > len(self.rounds):
            return None
        entry = self.rounds[number - 1].get(role)
        field = f"dice[{number - 1}].{role}"
        if isinstance(entry, tuple):  # a plain list: the side's main group
            if group != "main":
                raise BadRequest(field, f"in round {number} the {role} rolls for more than one group; give "
                                        f"the dice as {{\"{group}\": [...], \"main\": [...]}}",
                                 self._needed(number, role, group, count, 6))
            faces = entry
        else:
            faces = (entry or {}).get(group)
            field = f"{field}.{group}"
            if faces is None:
                if number == len(self.rounds):
                    return None
                what = f"{count} {group} {_dice(count)}" if self.by_colour else f"{count} {_dice(count)} for {group}"
                raise BadRequest(field, f"the {role} rolls {what} in round {number}; none given",
                                 self._needed(number, role, group, count, 6))
            if isinstance(faces, TableHits):
                self.used.add(("dice", (number, role, group)))
                return TableHits(faces.hits, f"{field}.hits")
        if len(faces) != count:
            what = f"{count} {group} {_dice(count)}" if self.by_colour else f"{count} {_dice(count)}"
            raise BadRequest(field, f"the {role} rolls {what} in round {number}, got {len(faces)}: "
                                    f"{show(list(faces))}", self._needed(number, role, group, count, sides))
        for i, face in enumerate(faces):
            if face > sides:
                raise BadRequest(f"{field}[{i}]", f"must be a whole number from 1 to {sides}, got {face}")
        self.used.add(("dice", (number, role, group)))
        return faces
