"""Sides kept from one calculation to the next, with what was built on them, so a sea battle asked again, a battle
whose other side changed, a battle after a round or a plan's later wave does not build its laws again.

What a side holds (:class:`.Side`): its names, its walks (the engine's ``allocate`` one hit at a time), and what
the fleet built on it — the enemy's sets of main groups and strikes as they read it (kept by the battle's shape, the
stand-in victim and the firing side's force), the victims' laws under them (``Fleet.fast``, ``land``, ``stage``,
``struck``, ``hit``).

Why it is exact to the last bit: a side is a function of its starting army and what of the battle it reads — the
ruleset, the sub rule, its role and order of loss (:func:`shape`; ``allocate`` and ``one_hit`` read nothing else
of the setup) — and each law kept with it of what its key names. A kept walk is only ever longer than a new one
would be at that moment, which its readers cut to the same slices. A side also serves a start it has met
(:func:`_reaching`): names keep their order, so the chain sums in the same order. What a calculation counts as
its work stays its own: the fleet's caches, where work is counted, are filled again by every calculation, each
kept law adding the work its building counted and asking what its building asked (``laws.Fleet``).

Bounded: at most :data:`KEPT_CELLS` entries (an army named, a step of a walk, a law kept) between calculations,
the least recently used sides dropped first (:func:`trim`). bench/README.md ("The sea chain, third pass") gives
the hit rate and memory.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Hashable

from ...engine.army import Army
from ...engine.setup import BattleSetup
from .side import Side

Shape = tuple[Hashable, ...]
"""What a side reads of its battle besides its starting army (:func:`shape`): compared whole, never read."""

KEPT_CELLS = 50_000
"""The entries the kept sides may hold in all between calculations (``Side.cells``: an army named, an engine's
answer, a law kept, with the walks' steps, about 250 bytes each): about 13 MB when full, beside the kept ladders'
25 MB; a sea 28 v 28's two sides hold 22,000 (bench/README.md, ``bench/calc.py --kept``)."""

_KEPT: OrderedDict[tuple[Shape, Army], Side] = OrderedDict()   # least recently used first
SPARE = 2
"""A kept side serves a start it has named only where it has at most this many times the names a side of the start's
own would have (:func:`_reaching`)."""
counts = {"hits": 0, "misses": 0}
"""What the store did (the bench and the tests read it; the calculator never does)."""


def shape(setup: BattleSetup, role: str) -> Shape:
    """What a :class:`.Side` reads of its battle besides its starting army (see the module's docstring)."""
    return (role, setup.ruleset.id, setup.sub_rule, tuple(setup.side(role).order_of_loss))


def side(setup: BattleSetup, role: str, start: Army, keep: bool = True) -> Side:
    """The side of ``start``: kept, or built and kept (``keep`` False: built afresh and kept in place of any)."""
    form = shape(setup, role)
    key = (form, start)
    got = (_KEPT.get(key) or _reaching(form, start)) if keep else None
    if got is None:
        counts["misses"] += 1
        got = _KEPT[key] = Side(setup, role, start)
    else:
        counts["hits"] += 1
        key = (form, got.armies[got.start])
    _KEPT.move_to_end(key)
    return got


def trim() -> None:
    """Drop the least recently used sides until the rest hold at most :data:`KEPT_CELLS` (after a calculation:
    sides grow as they are read, and one battle's may be over the bound alone)."""
    held = sum(kept.cells for kept in _KEPT.values())
    while held > KEPT_CELLS:
        held -= _KEPT.popitem(last=False)[1].cells


def _reaching(form: Shape, start: Army) -> Side | None:
    """A kept side of this shape that has met ``start`` already (the same side after a round, a plan's next wave)
    and is not much bigger than a side of its own would be (the chain's rows are as long as the defender's names)."""
    for (other, _), side in reversed(_KEPT.items()):
        if other == form:
            taken = _taken(side, start)
            if taken is not None and side.armies[_name(side, taken)] == start and side.size <= SPARE * _size(side, taken):
                return side
    return None


def _taken(side: Side, start: Army) -> list[int] | None:
    """Hits taken per class by ``start`` as the side's start would count them (``Side.name``), or None where it
    holds a type the side's start has not."""
    kind, hits_of = side.kind, side.hits_of
    taken = side.pools[:]
    for uid, n in start.units.counts:
        if uid not in kind:
            return None
        taken[kind[uid]] -= n * hits_of[uid]
    for uid, n in start.damaged.counts:
        taken[kind[uid]] += n
    return taken if min(taken) >= 0 else None


def _name(side: Side, taken: list[int]) -> int:
    return taken[0] + taken[1] * side.radix[1] + taken[2] * side.radix[2]


def _size(side: Side, taken: list[int]) -> int:
    """How many names a side of its own would give the army that took ``taken``: hits per class it can still
    take, each plus one, multiplied."""
    size = 1
    for pool, gone in zip(side.pools, taken):
        size *= pool - gone + 1
    return size


def held() -> int:
    """The cells the kept sides hold now."""
    return sum(kept.cells for kept in _KEPT.values())


def forget() -> None:
    """Drop every kept side and zero the counts (the bench's first runs, the tests)."""
    _KEPT.clear()
    for name in counts:
        counts[name] = 0
