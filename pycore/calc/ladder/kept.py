"""Ladders kept from one calculation to the next, so a battle asked again (a plan's waves, a search's armies,
the page's next calculation) does not rebuild them.

Why it is exact to the last bit: a ladder is a function of its starting army and what of the battle its rungs
read — the ruleset, the luck system as configured, the kind of battle, the side's order of loss, technology
and folded subs, the enemy's types it fires at, the tail it is cut at, "keep one land unit" (:func:`shape`).
Each rung's law is built from the rungs below it alone (:class:`.Ladder`), so a ladder kept from another
calculation holds the very floats a new one would. What a calculation counts as its work (``work.py``) is
counted as if the ladder were built afresh (:func:`fresh_work`), so a kept ladder never moves a battle across
the work bound.

Bounded: at most :data:`KEPT_CELLS` law cells in all (the laws, their cuts and a defender's column tables are
each about that many floats), the least recently used ladders dropped first; a worker that lives long stays
small. bench/README.md ("The fixed cost of a battle") gives its hit rate and memory.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Hashable, Mapping

from ...engine.army import Army
from ...engine.setup import BattleSetup
from .rungs import Ladder, target_of
from .work import RUNG_WORK, Work

Shape = tuple[Hashable, ...]
"""What a ladder reads of its battle besides its starting army (:func:`shape`): compared whole, never read."""
Rungs = Mapping[tuple[str, Army], tuple[Ladder, int]]
"""A calculation's own rungs: (role, army) → (ladder, rung)."""

KEPT_CELLS = 250_000
"""The law cells the kept ladders may hold in all: about 25 MB with their cuts, packed laws and column tables when full
(bench/README.md, ``bench/calc.py --kept``)."""

_KEPT: OrderedDict[tuple[Shape, Army], tuple[Ladder, Shape]] = OrderedDict()   # (shape, start) → (ladder, shape), least recently used first
_RUNGS: dict[Shape, dict[Army, tuple[Ladder, int]]] = {}   # shape → {army: (kept ladder, its rung)}: where a new ladder may stop
_held = [0]
counts = {"hits": 0, "misses": 0, "rungs built": 0, "rungs shared": 0}
"""What the cache did (the bench reads it; the calculator never does)."""


_SPECS: dict[object, str] = {}
"""A luck system's options as a ladder's shape reads them, by the system object (written once: 2 of a shape's 5 µs)."""


def shape(setup: BattleSetup, role: str, enemy: Army, tail: float, keep_land: int) -> Shape:
    """What a ladder reads of its battle besides its own starting army (see the module's docstring)."""
    side, other = setup.side(role), setup.side("defender" if role == "attacker" else "attacker")
    target = target_of(setup, role, enemy)
    system = setup.system
    spec = _SPECS.get(system)
    if spec is None:
        if len(_SPECS) >= 64:
            _SPECS.clear()
        spec = _SPECS[system] = repr(sorted(system.spec().items()))
    return (role, setup.ruleset.id, system.id, spec, setup.kind,
            setup.lhtr, setup.sub_rule, side.order_of_loss, side.tech, side.fold_subs, side.air_over_aa,
            other.tech, tuple([uid for uid, n in target.units.counts if n]), tail, keep_land)


class _Known:
    """The rungs a new ladder may stop at: the calculation's own first, then the kept ladders' of its shape."""

    __slots__ = ("own", "kept")

    def __init__(self, own: Rungs, kept: dict[Army, tuple[Ladder, int]]) -> None:
        self.own, self.kept = own, kept

    def get(self, key: tuple[str, Army]) -> tuple[Ladder, int] | None:
        got = self.own.get(key)
        return got if got is not None else self.kept.get(key[1])


def ladder(setup: BattleSetup, role: str, start: Army, enemy: Army, tail: float, keep_land: int,
           known: Rungs, work: Work) -> Ladder:
    """The ladder of ``start`` (:class:`.Ladder`), kept or built (its lower rungs taken from a kept ladder where
    its way down meets one); ``work`` counts it as built afresh against the rungs ``known`` already holds (the
    calculation's own ladders)."""
    form = shape(setup, role, enemy, tail, keep_land)
    key = (form, start)
    entry = _KEPT.get(key)
    if entry is None:
        counts["misses"] += 1
        rungs = _RUNGS.setdefault(form, {})
        got = Ladder(setup, role, start, enemy, tail, keep_land, _Known(known, rungs))
        shared = 0
        for k, army in enumerate(got.armies):
            if army in rungs:
                shared = len(got.armies) - k
                break
            rungs[army] = (got, k)
        counts["rungs built"] += len(got.armies) - shared
        counts["rungs shared"] += shared
        _KEPT[key] = (got, form)
        _held[0] += cells(got)
        while _held[0] > KEPT_CELLS and len(_KEPT) > 1:
            _drop(*_KEPT.popitem(last=False)[1])
    else:
        counts["hits"] += 1
        _KEPT.move_to_end(key)
        got = entry[0]
    work.add(fresh_work(got, role, known))
    return got


def _drop(ladder: Ladder, form: Shape) -> None:
    _held[0] -= cells(ladder)
    rungs = _RUNGS.get(form, {})
    for army in ladder.armies:
        if rungs.get(army, (None,))[0] is ladder:
            del rungs[army]
    if not rungs:
        _RUNGS.pop(form, None)


def cells(ladder: Ladder) -> int:
    return sum(len(probs) for _, probs in ladder.laws) + len(ladder.armies)


def fresh_work(ladder: Ladder, role: str, known: Rungs) -> int:
    """The work a new ladder of this start counts: its rungs down to the first one ``known`` holds, each
    :data:`RUNG_WORK` and its law's length (``work.py``)."""
    armies = ladder.armies
    own = len(armies)
    for k in range(1, own if known else 0):
        if (role, armies[k]) in known:
            own = k
            break
    prefix = ladder.work_prefix
    if prefix is None:
        prefix = ladder.work_prefix = [0]
        for _, probs in ladder.laws:
            prefix.append(prefix[-1] + len(probs))
    return own * RUNG_WORK + prefix[own]


def forget() -> None:
    """Drop every kept ladder and zero the counts (the bench's first runs, the tests)."""
    _KEPT.clear()
    _RUNGS.clear()
    _held[0] = 0
    for name in counts:
        counts[name] = 0
