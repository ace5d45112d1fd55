"""Where a battle's dice and decisions come from: one table for every luck system.

The engine (and the coloured-dice fight) never draws a random number or
reads a request: it asks a table. A table holds the players' decisions
(:class:`Decisions`: retreats, casualty choices, submerging, boosts) and
hands out dice: :class:`SeededTable` rolls them from the seed (docs/rules.md §2 and
docs/rules.md, "Dice"), :class:`StagedTable` from one seed per stage of the battle
(fair dice decided round by round: a beacon round or a commit–reveal draw after
each decision), :class:`RefereeTable` gives the dice rolled at a real
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
from ..jsontext import JsonObject
from ..systems import Roll

Choice = tuple[Mapping[str, int], Mapping[str, int], str]
"""A casualty choice: units lost, two-hit units damaged, and the request field it came from."""
GivenBoosts = tuple[Any, str]
"""A side's boosts of one colour as a player gave them, and the request field: ``Any``, as the list is checked
only by the colour's fight (:func:`pycore.systems.colored.boosts.check`), which knows the dice it boosts."""


@dataclass(frozen=True, slots=True)
class Decisions:
    """What the players decided, keyed by (round, step, side)."""

    choices: tuple[str, ...] = ()                                   # "press" / "retreat" after each round
    casualties: Mapping[tuple[int, str, str], Choice] = field(default_factory=dict)
    submerge: frozenset[tuple[int, str]] = frozenset()               # (round, side) whose subs submerge
    boosts: Mapping[tuple[int, str, str], GivenBoosts] = field(default_factory=dict)  # coloured dice
    choose_casualties: bool = False                                  # pause where a victim has a choice
    choose_boosts: bool = False
    retreat_at_units: int | None = None   # declared up front: retreat after a round that leaves this many or fewer


NO_DECISIONS = Decisions()


@dataclass(frozen=True, slots=True)
class TableHits:
    """A group's dice as players at a table count them: how many hit, not each face (docs/rules.md §11).

    ``field`` is where the count was given (``dice[0].attacker.main.hits``), for the engine's message when the
    count is more than the group's dice can score.
    """

    hits: int
    field: str = ""

    def to_json(self) -> dict[str, int]:
        return {"hits": self.hits}


SideDice = tuple[int, ...] | Mapping[str, tuple[int, ...] | TableHits]
"""A side's dice of one round at a real table: its ``main`` group's faces, or each group's (each colour's) faces
or count of hits."""


def dealt(faces: tuple[int, ...]) -> Roll:
    """A group's dice source once its faces are known: the first ``n`` of them."""
    return lambda n: tuple(faces[:n])


class Table:
    """The players' decisions, and no dice rolled yet: a battle that needs a die pauses."""

    def __init__(self, decisions: Decisions = NO_DECISIONS):
        self.decisions = decisions
        self.used: set[tuple[str, tuple[object, ...]]] = set()   # ("casualties" | "submerge" | "boosts" | "dice", key)

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

    def boosts(self, number: int, step: str, role: str) -> GivenBoosts | None:
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

    def retreat(self, number: int, attacker_units: int | None = None) -> bool | None:
        """The attacker's choice after round ``number``: his own, else the condition he declared up front
        ("retreat when I have 3 units or fewer", given the units he has left), else None (he has not said)."""
        choices = self.decisions.choices
        if number <= len(choices):
            return choices[number - 1] == "retreat"
        if attacker_units is not None and retreats_at_units(attacker_units, self.decisions.retreat_at_units):
            return True
        return None


def retreats_at_units(left: int, at_units: int | None) -> bool:
    """"Retreat at N units or fewer" (docs/rules.md §9): after a round that leaves the attacker ``at_units``
    units or fewer, he retreats; None, no such rule. Written here once: the engine's table, the calculator's
    :class:`pycore.calc.choices.Retreat` and a plan's state rules (:mod:`pycore.calc.policy`) all ask it
    (tests/core/test_retreat_at_units.py holds every path at the boundary)."""
    return at_units is not None and left <= at_units


class SeededTable(Table):
    """The app rolls: HMAC dice from the seed, one context per round, side and group (``r1/attacker/main``)."""

    def __init__(self, seed: str, decisions: Decisions = NO_DECISIONS):
        super().__init__(decisions)
        self.seed = seed

    def dice(self, number: int, role: str, group: str, count: int,
             sides: int = 6) -> tuple[int, ...] | TableHits | None:
        return dice_source.roll(self.seed, f"r{number}/{role}/{group}", sides, count)


class StagedTable(Table):
    """Fair dice drawn one stage at a time: each stage's dice come from its own draw's seed.

    docs/links.md "Fair dice, round by round": the randomness of a stage (a
    public beacon round, or a commit–reveal draw) is fixed only after every
    decision before it was posted. A stage ends at each decision the battle
    took between two dice: a new round begun (the attacker pressed on, subs
    submerged or not), a casualty choice or boosts given. Several decisions
    with no die between them (both sides' casualties of a main fire, then the
    attacker's choice) are one stage's end, so they need one draw.

    ``seeds`` are the draws known so far; when the battle needs the next one
    the dice are missing (the battle pauses) and ``wanted`` says which draw
    (1-based) and where; ``starts`` records where each draw's dice began.
    Contexts stay ``r{round}/{side}/{group}``, rolled from the stage's seed.
    """

    def __init__(self, seeds: tuple[str, ...], decisions: Decisions = NO_DECISIONS):
        super().__init__(decisions)
        self.seeds = seeds
        self.stage = -1                       # the stage of the last dice handed out
        self.last_round: int | None = None
        self.decided = False                  # a decision was taken since the last dice
        self.starts: list[JsonObject] = []    # {"round", "side", "group"} where each draw's dice began
        self.after_round: list[int] = []      # per draw: the round it follows when it began a round, else 0
        self.wanted: dict[str, int] | None = None  # {"draw", "round"}: the draw the battle waits for

    def dice(self, number: int, role: str, group: str, count: int,
             sides: int = 6) -> tuple[int, ...] | TableHits | None:
        stage = self.stage
        if stage < 0 or self.decided or number != self.last_round:
            stage += 1
        if stage >= len(self.seeds):
            if self.wanted is None:
                self.wanted = {"draw": stage + 1, "round": number}
            return None
        if stage != self.stage:
            self.starts.append({"round": number, "side": role, "group": group})
            self.after_round.append(number - 1 if self.last_round is not None and number != self.last_round else 0)
        self.stage, self.last_round, self.decided = stage, number, False
        return dice_source.roll(self.seeds[stage], f"r{number}/{role}/{group}", sides, count)

    def casualties(self, number: int, step: str, victim: str) -> Choice | None:
        chosen = super().casualties(number, step, victim)
        if chosen is not None:
            self.decided = True
        return chosen

    def boosts(self, number: int, step: str, role: str) -> GivenBoosts | None:
        given = super().boosts(number, step, role)
        if given is not None:
            self.decided = True
        return given


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

    def __init__(self, rounds: tuple[Mapping[str, SideDice], ...], decisions: Decisions = NO_DECISIONS,
                 by_colour: bool = False):
        super().__init__(decisions)
        self.rounds = rounds
        self.by_colour = by_colour

    def _needed(self, number: int, role: str, group: str, count: int, sides: int) -> JsonObject:
        colour = {"color": group} if self.by_colour else {}
        return {"dice_needed": {"round": number, "side": role, **colour, "group": group, "count": count,
                                "sides": sides}}

    def dice(self, number: int, role: str, group: str, count: int,
             sides: int = 6) -> tuple[int, ...] | TableHits | None:
        if number > len(self.rounds):
            return None
        entry = self.rounds[number - 1].get(role)
        field = f"dice[{number - 1}].{role}"
        faces: tuple[int, ...] | TableHits | None
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
