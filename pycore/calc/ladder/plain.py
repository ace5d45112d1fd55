"""A pair of ladders with narrow laws settled with plain float pushes, in place of the packed folds (docs/rules.md §9).

Why: the packed fold (:class:`.stack.Stack`) pays a few big-integer products per target row
whatever the laws' width; where the attacker's laws are narrow (Low Luck's two or three hit counts) a
push per hit count in floats is cheaper (bench/README.md "Plain pushes for narrow laws").

Each settled row pushes its mass forward at once: for each number ``l`` of hits the defender scores, the row's masses times the
defender's chances (``col[l]``) convolved with the attacker's law at that row,
landing ``l`` rows down (from ``l`` up at the attacker's last rung, ``tail_col``),
columns past the defender's last rung folded onto it. The same law as the packed
fold, summed in another order and in floats throughout (no fixed point), so
answers agree with it to the last few bits; a row's own moves, its ends and its
retreats are :meth:`.pair.Pair.settle_row` and the solver's ``land``, as ever.
"""

from __future__ import annotations

from operator import add, mul
from typing import Callable

from ...engine.army import Army

from .packing import live_span
from .pair import Pair
from .work import ROW_WORK, Work
from ..total import fsum

Land = Callable[[Pair, int, list[float], bool], list[float] | None]
"""The solver's ``land``: the mass that lands on row i of a pair (its retreats and wins taken), or None."""
Record = Callable[[str, Army, Army, float], None]
"""The solver's ``record``: an end (outcome, attacker left, defender left) reached with this much mass."""
Stops = Callable[[Pair, int], list[bool]]
"""The solver's ``stops``: row i's columns where the attacker retreats."""

PLAIN_LAW = 3
"""The widest attacker's law (hit counts kept at a rung) settled by plain pushes: a push costs a list
operation per hit count, against the packed fold's few big-integer products a row whatever the width, so
plain pushes pay only where laws are narrow — Low Luck's two or three counts (measured, bench/README.md
"Plain pushes for narrow laws": Low Luck 10 v 10 0.89×, 40 v 40 0.82× the packed fold's time; dice 10 v 10, laws 11 wide,
1.2×, and a packed push a row, one product for every count, 1.09×)."""


def pays(pair: Pair) -> bool:
    """Whether plain pushes settle this pair sooner than the packed folds: narrow laws (:data:`PLAIN_LAW`)."""
    a = pair.a
    return all(len(probs) <= PLAIN_LAW for _, probs in a.cut[:a.top])


def settle(pair: Pair, work: Work | None, land: Land, record: Record, floor: float, stops: Stops | None = None
           ) -> float:
    """:meth:`.stack.Stack.settle` for one pair: every state once, rows in order; returns the rounds fought."""
    firsts = pair.pending or {}
    pair.pending = None
    if not firsts:
        return 0.0
    la, kd, width = pair.a, pair.d.top, pair.width
    top = la.top
    incoming: dict[int, list[float]] = {}
    visits = 0.0
    for t in range(min(firsts), top + 1):
        row = firsts.pop(t, None)
        flow = incoming.pop(t, None)
        if flow is not None:
            row = flow if row is None else list(map(add, row, flow))
        if row is None:
            continue
        inner = land(pair, t, row, False)
        if inner is None:
            continue
        F, over, retreated = pair.settle_row(t, inner, floor, None if stops is None else stops(pair, t))
        if over:
            record("attacker_wins", la.armies[t], pair.d.armies[kd], over)
        for j, x in enumerate(retreated):
            if x:
                record("retreat", la.armies[t], pair.d.armies[j], x)
        span = live_span(F, kd)
        if span is None:
            continue
        lo_a, law = la.cut[t]
        if work is not None:
            work.add(ROW_WORK + (span[1] - span[0]) * (width + len(law)))
        visits += fsum(F)
        _push(pair, t, F, span, lo_a, law, incoming)
    return visits


def _push(pair: Pair, t: int, F: list[float], span: tuple[int, int], lo_a: int, law: list[float],
          incoming: dict[int, list[float]]) -> None:

    """Row t's masses after one round, onto the rows below it (``incoming``, by row, kd + 1 columns)."""
    kd, top = pair.d.top, pair.a.top
    lo, hi = span
    n = len(law)
    for l in range(1, min(pair.width, top - t + 1)):
        col, (c_lo, c_hi) = pair.tail_col(l) if t + l == top else (pair.col[l], pair.spans[l])
        s_lo = lo if lo > c_lo else c_lo
        s_hi = hi if hi < c_hi else c_hi
        if s_lo >= s_hi:
            continue
        g = list(map(mul, F[s_lo:s_hi], col[s_lo:s_hi]))
        size = len(g)
        conv = [0.0] * (size + n - 1)
        for k, p in enumerate(law):
            if p:
                conv[k:k + size] = map(add, conv[k:k + size], [p * x for x in g])
        target = incoming.get(t + l)
        if target is None:
            target = incoming[t + l] = [0.0] * (kd + 1)
        first = s_lo + lo_a
        inside = max(0, min(len(conv), kd - first))
        if inside:
            target[first:first + inside] = map(add, target[first:first + inside], conv[:inside])
        if inside < len(conv):
            target[kd] += fsum(conv[inside:])
