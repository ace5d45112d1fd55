"""A side's ladder: its armies after 0, 1, 2, … hits, and the law of its hits at each rung.

The engine's own ``allocate`` takes one hit at a time; ``main_groups`` says
what each rung fires; the luck system gives the law. Where a rung below is
the same dice less the unit just lost, the law is one Bernoulli step away
(``steps``), which the folds of :mod:`.pair` and :mod:`.stack` use.
"""

from __future__ import annotations

from typing import Protocol

from ...engine.army import Army
from ...engine.casualties import allocate
from ...engine.firing import Group, casualty_types, counts_as_force, main_groups, sub_group
from ...engine.setup import BattleSetup
from ...systems.luck import LuckSystem
from ..choices import keep_one_land
from .packing import bern, trim
from .work import RUNG_WORK, Work


Law = tuple[int, list[float]]
"""A rung's law of hits as (first count kept, the chances from there): its ends dropped (:func:`edged`) or cut."""
Fires = tuple[tuple[int, ...], tuple[int, ...]]
"""What a rung fires: its main group's values and best-of-two values."""
Columns = tuple[list[list[float]], int, list[tuple[int, int]], dict[int, tuple[list[float], tuple[int, int]]],
                list[int], bytes, list[int], list[int]]
"""A defending ladder's column tables (:func:`.pair.columns_of`, which says what each is)."""


class Known(Protocol):
    """The rungs of ladders already built, by (role, army): (ladder, rung) — a dict, or kept.py's two tables."""

    def get(self, key: tuple[str, Army], /) -> tuple[Ladder, int] | None: ...


class NotLinear(Exception):
    """The battle's hits do not all fall in order of loss (subs, restricted groups): use the general chain."""


def hit_law(system: LuckSystem, values: tuple[int, ...], best_of_two: tuple[int, ...]) -> list[float]:
    """The float law of one group's hits: Bernoulli steps with dice, else the system's exact law."""
    if not (any(values) or best_of_two):
        return [1.0]
    if system.independent_dice:
        law = [1.0]
        for p in system.chances(values, best_of_two):
            law = bern(law, float(p))
        return law
    return system.float_distribution(values, best_of_two)


_CHANCES: dict[tuple[str, int, bool], tuple[float, ...]] = {}   # (system, value, best of two) → its dice's chances


def float_chances(system: LuckSystem, values: tuple[int, ...], best_of_two: tuple[int, ...]) -> tuple[float, ...]:
    """``system.chances`` as floats, asked once per unit value (Fractions are slow to hash, and rungs repeat them)."""
    out: list[float] = []
    for value in dict.fromkeys(values):           # values come sorted: each value's dice are one run
        got = _CHANCES.get((system.id, value, False))
        if got is None:
            got = _CHANCES[(system.id, value, False)] = tuple(float(p) for p in system.chances((value,), ()))
        out += got * values.count(value)
    for value in best_of_two:
        got = _CHANCES.get((system.id, value, True))
        if got is None:
            got = _CHANCES[(system.id, value, True)] = tuple(float(p) for p in system.chances((), (value,)))
        out += got
    return tuple(out)


def removed(upper: tuple[float, ...], lower: tuple[float, ...]) -> tuple[float, ...] | None:
    """The chances of the dice ``upper`` has and ``lower`` has not, or None when not a pure removal.

    Usually the unit just lost rolled the last dice (the order of loss takes the weakest first, and the
    dice come strongest first): then ``lower`` is a prefix of ``upper`` and the rest is the answer, found
    by one comparison in C instead of a search per die.
    """
    n = len(lower)
    if upper[:n] == lower:
        return upper[n:]
    left = list(lower)
    gone: list[float] = []
    for p in upper:
        if p in left:
            left.remove(p)
        else:
            gone.append(p)
    return tuple(gone) if not left else None


def target_of(setup: BattleSetup, role: str, enemy: Army) -> Army:
    """The enemy a ladder's rungs fire at: the one given, or where it has no unit it may lose (a battle already
    decided), the battle's own starting enemy, so that a ladder kept by its army fires the same at every enemy."""
    if casualty_types(setup, enemy):
        return enemy
    start = Army(setup.side("defender" if role == "attacker" else "attacker").units)
    return start if casualty_types(setup, start) else enemy


class Ladder:
    """One side's armies after 0, 1, 2, … hits, with the law of its hits at each rung.

    ``known`` maps (role, army) to (ladder, rung) for the rungs of ladders already built: where this
    ladder's way down meets one of them, the rest is that ladder's (after AA fire every number of
    aircraft shot down starts a ladder of its own, and they all end on the same rungs, aircraft only).
    """

    armies: list[Army]                          # rung → the side's army there
    chances: list[tuple[float, ...] | None]     # rung → each die's chance (None: dice are not independent)
    laws: list[Law]                             # rung → its law of hits, ends dropped (:func:`edged`)
    steps: list[tuple[float, ...] | None]       # Bernoulli chances from rung k+1 up to rung k, or None
    cut: list[Law]                              # rung → its law cut at ``tail`` (:func:`trim_edged`)
    silent: list[bool]                          # rung → whether it scores no hit at all

    def __init__(self, setup: BattleSetup, role: str, start: Army, enemy: Army, tail: float, keep_land: int = 0,
                 known: Known | None = None, work: Work | None = None) -> None:
        self.setup, self.role = setup, role
        # What each rung fires must be one main group: never at sea (subs, aircraft kept off subs: the sea
        # chain's battles), nor with a sub strike. Asked first: the rungs below cost a hit each to build.
        if setup.kind == "sea" or sub_group(setup, role, start, enemy) is not None:
            raise NotLinear(role)
        system = setup.system
        order = setup.side(role).order_of_loss
        armies = [start]
        army = start
        shared = None                            # (ladder, rung) this ladder's last rungs are taken from
        generics: dict[frozenset[str], Group] = {}   # one hit that may fall on any casualty type, by those types
        while counts_as_force(setup, army):
            targets = casualty_types(setup, army)
            generic = generics.get(targets)
            if generic is None:
                generic = generics[targets] = Group("enemy", "main", (), (), targets, ())
            cas = allocate(setup, army, [(generic, 1)], order)
            if keep_land:
                cas = keep_one_land(setup, army, cas, order, keep_land)
            army = army.after(cas.lost, cas.damaged)
            shared = known.get((role, army)) if known is not None else None
            if shared is not None:
                break
            armies.append(army)
        own = len(armies)                        # rungs worked out here; the rest are ``shared``'s
        # What each rung fires: one main group, or the battle is not linear. On land what a rung fires does not
        # depend on whom it fires at, but at an enemy with nothing it may hit it fires nothing (docs/rules.md §2
        # "A group with no target": a later wave's start where the waves before took every unit), so the rungs
        # are read against a target there.
        target = target_of(setup, role, enemy)
        fires: list[Fires] = []
        for army in armies:
            if not counts_as_force(setup, army):
                fires.append(((), ()))
                continue
            groups = main_groups(setup, role, army, target)
            if any(g.name != "main" for g in groups):
                raise NotLinear(role)
            group = groups[0] if groups else None
            fires.append((group.values, group.best_of_two) if group else ((), ()))
        dice = system.independent_dice
        chances = [float_chances(system, *f) if dice else None for f in fires]
        laws: list[Law] = [None] * own  # type: ignore[list-item]  # each rung's law is set below, from the top down
        steps: list[tuple[float, ...] | None] = [None] * own   # Bernoulli chances from rung k+1 up to rung k, or None
        if shared is not None:
            other, r = shared
            armies += other.armies[r:]
            chances += other.chances[r:]
            below = (other.laws[r], other.chances[r])
        else:
            below = None
        # Laws, built from the top rung down: a rung below a pure removal is one Bernoulli step away. Kept
        # without their ends below EDGE (far under any tail, and counted in ``pruned`` if ever missed).
        for k in range(own - 1, -1, -1):
            step = removed(chances[k], below[1]) if dice and below is not None else None  # type: ignore[arg-type]  # with dice every rung has its chances
            if step is not None:
                law = below[0]  # type: ignore[index]  # a step is found only where there is a rung below
                for p in step:
                    law = bern_edge(law, p)
            else:
                law = edged(hit_law(system, *fires[k]))
            laws[k], steps[k] = law, step
            below = (law, chances[k])
        if work is not None:
            work.add(own * RUNG_WORK + sum(len(probs) for _, probs in laws))
        cut = [trim_edged(law, tail) for law in laws]
        silent = [law == (0, [1.0]) for law in laws]   # this rung scores no hit at all
        if shared is not None:
            laws += other.laws[r:]
            steps += other.steps[r:]
            cut += other.cut[r:]
            silent += other.silent[r:]
        self.armies, self.chances, self.laws, self.steps, self.cut, self.silent = armies, chances, laws, steps, cut, silent
        self.top = len(armies) - 1               # the rung where the side has nothing left that fights
        self.columns: Columns | None = None      # columns_of(self), when this ladder defends
        self._firing: dict[Army, Law] = {}       # of_firing's answers, by army
        self.air_reach: list[int | None] | None = None   # policy's hits to the next aircraft lost, when asked
        self._read_by_pairs()

    def _read_by_pairs(self) -> None:
        """What every pair and stack this ladder is in reads of it alone, in this calculation and (kept,
        kept.py) the next ones."""
        self.packed: dict[int, tuple[int, int, int]] = {}   # rung → (first kept, count, its cut law packed) (Pair.law_packed)
        # Stack.carry's steps between two rungs, by one pair (packed) or not (a scaled coefficient a step)
        self.coefficients: dict[bool, dict[tuple[int, int], int | list[int]]] = {True: {}, False: {}}
        self.work_prefix: list[int] | None = None   # law cells of the rungs above each rung (kept.fresh_work)
        self._members: dict[tuple[str, Army], tuple[Ladder, int]] | None = None   # members(), once made
        # The scalar chain's reading of this ladder (scalar.py): an attacker's law's sums past each count (by rung),
        # a defender's chances of no hit and of one or more (by rung).
        self.past: dict[int, list[float]] = {}
        self.scores: list[tuple[float, int, list[float]]] | None = None

    def members(self) -> dict[tuple[str, Army], tuple[Ladder, int]]:
        """(role, army) → (this ladder, its rung), for every rung (the first where two hold one army): what a
        calculation's solver registers of it (``solve.Solver.ladder_of``), made once, so a kept ladder is
        registered by one dictionary update."""
        got = self._members
        if got is None:
            got = self._members = {}
            for k, army in enumerate(self.armies):
                got.setdefault((self.role, army), (self, k))
        return got

    def of_firing(self, army: Army, enemy: Army, tail: float) -> Law:
        """The trimmed law of an army that fires but is not on the ladder (casualties still firing in round 1).

        Kept by army: every way bombardment falls leaves the same defender firing in round 1 (its casualties
        fire back), and a law of hundreds of dice costs a Bernoulli step a die."""
        got = self._firing.get(army)
        if got is None:
            groups = main_groups(self.setup, self.role, army, target_of(self.setup, self.role, enemy))
            if any(g.name != "main" for g in groups):
                raise NotLinear(self.role)
            got = (0, [1.0]) if not groups else trim(hit_law(self.setup.system, groups[0].values,
                                                              groups[0].best_of_two), tail)
            self._firing[army] = got
        return got


EDGE = 1e-30
"""A law's ends below this are dropped while the ladder's laws are built (``bern_edge``): a law of 500 dice
has 501 counts, of which about 200 are above it; its cut (``tail``, 1e-13) is taken from what is kept."""


def edged(law: list[float]) -> Law:
    """(first count kept, the law from there) without the ends below :data:`EDGE`."""
    lo, hi = 0, len(law)
    while hi - lo > 1 and law[lo] < EDGE:
        lo += 1
    while hi - lo > 1 and law[hi - 1] < EDGE:
        hi -= 1
    return lo, law[lo:hi]


def bern_edge(law: Law, p: float) -> Law:
    """One more die of chance ``p`` added to an edged law, and its new ends dropped where below EDGE."""
    lo, probs = law
    got = bern(probs, p)
    first = 1 if len(got) > 1 and got[0] < EDGE else 0
    last = len(got) - 1 if len(got) - first > 1 and got[-1] < EDGE else len(got)
    return lo + first, got[first:last]


def trim_edged(law: Law, tail: float) -> Law:

    lo, probs = law
    first, kept = trim(probs, tail)
    return lo + first, kept
