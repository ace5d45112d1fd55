"""The luck-system interface: a firing group's dice and volley, and :class:`LuckSystem` with every capability
declared with its default (the bottom of the layers: the engine and the calculator read a system only
through it, docs/architecture.md)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Protocol, Sequence

from ..jsontext import JsonObject


Roll = Callable[[int], tuple[int, ...]]


class FiringGroup(Protocol):
    """What a system reads of one of the engine's firing groups (``pycore.engine.firing.Group``): the engine sits
    above the systems, so they see its groups through this shape, never its module."""

    @property
    def shooter(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def values(self) -> tuple[int, ...]: ...
    @property
    def best_of_two(self) -> tuple[int, ...]: ...
    @property
    def joined(self) -> int: ...
    @property
    def carry(self) -> int: ...
    @property
    def final(self) -> bool: ...


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

    def to_json(self) -> JsonObject:
        out: JsonObject = {"at": self.at, "value": self.value, "hit": self.hit}
        if self.best_of is not None:
            out["best_of"] = list(self.best_of)
        if self.sides != 6:
            out["sides"] = self.sides
        return out


@dataclass(frozen=True, slots=True)
class Counted:
    """Dice rolled at a real table whose hits the players counted, instead of entering each face (referee mode).

    ``dice`` is how many dice were thrown (a unit keeping the better of two throws two), ``hits`` how many of
    them hit. A group's hits are all the rules read of its dice (docs/rules.md §11), so a count replays exactly.
    """

    dice: int
    hits: int
    at: tuple[int, ...] = ()   # what each die needed (at or below), as ``next_dice`` asked for it: the post says it
    sides: int = 6

    def to_json(self) -> JsonObject:
        out: JsonObject = {"dice": self.dice, "hits": self.hits, "at": list(self.at)}
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
    remainder_hit: bool = False     # the remainder scored a hit by itself (counted in ``sure_hits``)
    counted: Counted | None = None  # referee mode: the dice's hits as counted at the table (``dice`` is then empty)

    @property
    def hits(self) -> int:
        hits = self.sure_hits + sum(1 for die in self.dice if die.hit)
        return hits if self.counted is None else hits + self.counted.hits

    @property
    def total(self) -> int:
        return self.power + self.joined + (self.carry_in or 0)

    def to_json(self) -> JsonObject:
        out: JsonObject = {"power": self.power, "sure_hits": self.sure_hits, "remainder": self.remainder,
               "dice": [die.to_json() for die in self.dice], "hits": self.hits}
        if self.counted is not None:
            out["counted"] = self.counted.to_json()
        if self.joined or self.carry_in is not None:
            out["joined"] = self.joined
            out["total"] = self.total
        if self.carry_in is not None:
            out["carry_in"] = self.carry_in
        if self.carry_out is not None:
            out["carry_out"] = self.carry_out
        if self.passed:
            out["passed"] = self.passed
        if self.remainder_hit:
            out["remainder_hit"] = True
        return out


class LuckSystem:
    """A luck system, with every optional capability declared here with its default.

    How a battle is fought:

    - ``by_colour``: a battle is fought colour by colour (coloured dice, docs/rules.md §7,
      :mod:`pycore.engine.colored`), not by the engine's steps (docs/rules.md §2, :mod:`pycore.engine.play`),
      each group fired by :meth:`fire_group`; the engine picks the play from it (``engine.play.play_of``).
    - ``commits_units``: each side's units are committed to a post for the whole battle (coloured
      dice: the reading layer reads a side's ``colors``, :func:`pycore.read.colors.read_colors`).
    - ``independent_dice``: every die hits on its own with a known chance (:meth:`chances`), so a
      group's hits are a Poisson binomial the calculator can fold one die at a time (normal dice).
    - ``die_sides``: the die a unit rolls (6; a d10 for biased dice), what a table's dice are read as.
    - ``aa_in_blocks``: AA fire takes aircraft by type in blocks of 6 (Low Luck, docs/rules.md §4).
    - ``folds_subs``: the attacker may fold attacking subs into the main group (Low Luck, seed 000 §5b).
    - ``sub_strike_roles``: the sides whose subs strike as a step of their own (A&A Chess: the attacker's).
    - ``printed_sub_rule``: the printed rule books' sub step (``sub_rule`` "printed", docs/rules.md §2) may be
      asked for (dice and Low Luck; A&A Chess has its own sub rules, coloured dice no sub step).
    - ``aa_per_move``: AA counts the aircraft of the whole move (A&A Chess, seed 003).
    - ``deterministic``: no die is ever rolled, a battle has one outcome (A&A Chess orthodox, COF).
    - ``carries``: fractions carry from assault to assault (COF, COF+R); ``rolls_final``: the engine must
      say which assault is the battle's last (COF+R).
    - ``pools_groups``: a group's power may count beyond its own hits (A&A Chess: the subs' remainder
      joins the main attack, a fraction is carried), so a group with no possible target still fires;
      elsewhere such a group does not roll at all (docs/rules.md §2 "A group with no target").

    - ``calculator``: the key of this system's own calculator in :data:`pycore.calc.method.OWN_CALCULATORS`,
      which works out its law of a battle's end itself where the generic chains cannot (A&A Chess: carried
      fractions; coloured dice: colours); None for the systems the chains read through :meth:`hit_distribution`.

    What the page lists: ``variants`` (A&A Chess) and ``chart`` (coloured dice), empty by default.
    """

    id: str = ""
    name: str = ""
    summary: str = ""
    by_colour = False
    commits_units = False
    independent_dice = False
    die_sides = 6
    aa_in_blocks = False
    folds_subs = False
    sub_strike_roles: tuple[str, ...] = ("attacker", "defender")
    printed_sub_rule = False
    aa_per_move = False
    pools_groups = False
    calculator: str | None = None
    variants: tuple[dict[str, str], ...] = ()
    chart: Any = None  # Any: a coloured dice Chart (systems/colored/chart.py) or None; only by-colour code reads it

    # Properties, so that a system whose answer depends on its options (A&A Chess's variant) may compute them.
    @property
    def deterministic(self) -> bool:
        return False

    @property
    def carries(self) -> bool:
        return False

    @property
    def rolls_final(self) -> bool:
        return False

    # -- the request spec ---------------------------------------------------------------------
    spec_keys: tuple[str, ...] = ()
    """The options of the ``system`` field beyond ``name`` (A&A Chess: ``variant``; coloured dice: ``chart``),
    each read and checked by the reading layer (:mod:`pycore.read.systems`) before :meth:`configure`."""

    def configure(self, **options: Any) -> "LuckSystem":  # Any: each system's own options, as it types them
        """The system as its read options configure it (one keyword per :attr:`spec_keys` given); itself by
        default."""
        return self

    def spec(self) -> JsonObject:
        """The canonical ``system`` field: ``{"name"}`` plus what differs from the defaults."""
        return {"name": self.id}

    # -- firing a group -----------------------------------------------------------------------
    def fire(self, values: tuple[int, ...], roll: Roll, best_of_two: tuple[int, ...] = ()) -> Volley:
        raise NotImplementedError

    def dice_needed(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> int:
        raise NotImplementedError

    def hit_distribution(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        """P(hits = k) for k = 0, 1, …: exact."""
        raise NotImplementedError

    def float_distribution(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> list[float]:
        """:meth:`hit_distribution` as floats, each the nearest float to the exact chance (the calculator's
        floats). A system may answer without building the fractions (Low Luck), with the same floats."""
        return [float(p) for p in self.hit_distribution(values, best_of_two)]

    def chances(self, values: tuple[int, ...], best_of_two: tuple[int, ...] = ()) -> tuple[Fraction, ...]:
        """Each die's own chance to hit (``independent_dice`` only)."""
        raise NotImplementedError

    def fire_group(self, group: FiringGroup, roll: Roll) -> Volley:
        """What one of the engine's groups scores: its values fired, by default (no group context needed)."""
        if group.values or group.best_of_two:
            return self.fire(group.values, roll, group.best_of_two)
        return Volley(0, 0, 0, ())

    def sure_hits(self, group: FiringGroup) -> int:
        """The hits a group scores before any die: what the engine reads to know whether an assault is the battle's
        last (``rolls_final`` only, docs/rules.md §6)."""
        raise NotImplementedError

    def dice_for(self, group: FiringGroup) -> tuple[tuple[int, int], ...]:
        """(hits at, sides) of each die one group rolls: what a table must give, and what the page asks for."""
        raise NotImplementedError

    def hits_range(self, group: FiringGroup) -> tuple[int, int]:
        """The fewest and most hits a group's dice can score, sure hits apart: what a count of hits at a
        table may be (docs/rules.md §11). By default each die hits on its own: a die that hits at its sides
        or above always hits."""
        wanted = self.dice_for(group)
        return sum(1 for at, sides in wanted if at >= sides), len(wanted)


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
