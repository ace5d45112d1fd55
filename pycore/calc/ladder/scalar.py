"""A pair of ladders settled state by state in scalar floats, for small grids and narrow laws (docs/rules.md §9).

Why: the packed fold (:class:`.stack.Stack`) does a few big-integer and bytes operations per row and per
source row whatever the row holds, each about a microsecond of interpreter before any arithmetic. A 10 v 10
has 121 states whose laws are about 11 hit counts wide, Low Luck's laws are two or three wide: there, taking
each state once and adding its mass times both laws' chances into the states it moves to — the textbook
chain — does fewer operations. :func:`pays` says where (bench/README.md "The scalar chain for small
battles"); it also took over from the row pushes that settled Low Luck before (a list
operation per row and hit count), at 0.7–0.85 of their time at every size.

A state (i, j) — i hits taken by the attacker, j by the defender — is settled once its mass is all in: rows
in order, and within a row columns in order (where the defender scores no hit, the attacker's hits move the
state along its row). Its expected visits are its mass over 1 − P(nobody scores); from there the attacker's
k hits and the defender's l move it to (i + l, j + k), every k and l of both laws as cut at ``tail``; hits
past a side's last rung land on it (that side is gone). The ends, retreats and stalemates of the mass
landing on a row are the solver's ``land``; what a row's own moves carry to a column where the attacker
retreats ("retreat below") retreats there, as :meth:`.pair.Pair.settle_row` does. A state reached with less
than ``floor`` is dropped (the mass that went in and did not come out is ``pruned``). The same law as the
packed fold's, summed in another order and in floats throughout (no fixed point): answers agree with its to
the last few bits (``tests/core/test_scalar.py``).
"""

from __future__ import annotations

from typing import Callable

from ...engine.army import Army
from .pair import Pair
from .rungs import Ladder
from .work import ROW_WORK, Work

Land = Callable[[Pair, int, list[float], bool], list[float] | None]
"""The solver's ``land``: the mass that lands on row i of a pair (its retreats and wins taken), or None."""
Record = Callable[[str, Army, Army, float], None]
"""The solver's ``record``: an end (outcome, attacker left, defender left) reached with this much mass."""
Stops = Callable[[Pair, int], list[bool]]
"""The solver's ``stops``: row i's columns where the attacker retreats."""

SCALAR_CELLS = 150
"""The widest pair settled state by state: its widest attacker's law times its widest defender's (hit counts
kept at a rung) at most this. Each state costs that many scalar products, against the packed fold's few
big-integer products a row; measured (bench/README.md "The scalar chain for small battles") to pay up to
about 12 units a side with dice, and at every size with Low Luck's narrow laws."""


def pays(pair: Pair) -> bool:
    """Whether this pair is settled sooner state by state: its widest laws' product within :data:`SCALAR_CELLS`."""
    a, d = pair.a, pair.d
    wide_a = max((len(probs) for _, probs in a.cut[:a.top]), default=1)
    wide_d = max((len(probs) for _, probs in d.cut[:d.top]), default=1)
    return wide_a * wide_d <= SCALAR_CELLS


def settle(pair: Pair, work: Work | None, land: Land, record: Record, floor: float, stops: Stops | None = None
           ) -> float:
    """:meth:`.stack.Stack.settle` for one pair, state by state; returns the rounds its states are fought."""
    pending = pair.pending or {}
    pair.pending = None
    if not pending:
        return 0.0
    la, ld = pair.a, pair.d
    ka, kd = la.top, ld.top
    width = pair.width
    scores = _scores(ld)
    incoming: list[list[float] | None] = [None] * (ka + 1)     # by row: the mass landed on it, by column
    for i, landed in pending.items():
        incoming[i] = landed
    visits = 0.0
    for t in range(min(pending), ka + 1):
        row = incoming[t]
        if row is None:
            continue
        incoming[t] = None
        inner = land(pair, t, row, False)
        if inner is None:
            continue
        stop = stops(pair, t) if stops is not None else None
        lo_a, law_a = la.cut[t]
        a0 = law_a[0] if lo_a == 0 else 0.0
        own = law_a[1:] if lo_a == 0 else law_a   # the counts that move a state along its row (1 hit or more)
        first = lo_a + (lo_a == 0)                # the hits own[0] stands for
        past = _past(la, t)
        n_a = len(law_a)
        ext = inner + [0.0] * (first + len(own))  # the row's masses, its own moves added as they come
        span_lo = span_hi = -1
        for j in range(kd):
            x = ext[j]
            if stop is not None and stop[j]:
                if x:
                    record("retreat", la.armies[t], ld.armies[j], x)
                continue
            if x < floor:
                continue
            zero, l, law_d = scores[j]
            f = x / (1.0 - zero * a0)
            visits += f
            if span_lo < 0:
                span_lo = j
            span_hi = j + 1
            if zero:
                # The defender scores nothing: the attacker's hits move the state along its own row.
                w = f * zero
                c = j + first
                for p in own:
                    ext[c] += w * p
                    c += 1
            # The defender's l hits or more: l rows down (his hits past the attacker's last rung land on it);
            # the attacker's counts on their columns while the defender has a unit left, the rest on the last.
            room = kd - j - lo_a
            cells, spill = (law_a, 0.0) if room >= n_a else (law_a[:room], past[room]) if room > 0 else ((), past[0])
            c0 = j + lo_a
            r = t + l
            for pl in law_d:
                w = f * pl
                target = incoming[r if r < ka else ka]
                if target is None:
                    target = incoming[r if r < ka else ka] = [0.0] * (kd + 1)
                c = c0
                for p in cells:
                    target[c] += w * p
                    c += 1
                if spill:
                    target[kd] += w * spill
                r += 1
        over = 0.0
        for x in ext[kd:]:
            over += x
        if over:
            record("attacker_wins", la.armies[t], ld.armies[kd], over)
        if work is not None and span_lo >= 0:
            work.add(ROW_WORK + (span_hi - span_lo) * (width + n_a))
    return visits


def _scores(defender: Ladder) -> list[tuple[float, int, list[float]]]:
    """By the defender's rung: his chance of no hit (0 where his law's cut starts past it), his first count of
    one hit or more, and the chances from there on. Kept on the ladder (kept ladders serve many battles)."""
    got = defender.scores
    if got is None:
        got = defender.scores = [(law[0], 1, law[1:]) if lo == 0 else (0.0, lo, law)
                                 for lo, law in defender.cut[:defender.top]]
    return got


def _past(attacker: Ladder, t: int) -> list[float]:
    """A move past the defender's last rung lands on it: with room for m columns, the attacker's law at rung t puts
    its first m counts each on its column and the rest, summed (``past[m]``), on the last. Kept on the ladder by
    rung."""
    got = attacker.past.get(t)
    if got is None:
        law = attacker.cut[t][1]
        got = attacker.past[t] = [0.0] * (len(law) + 1)
        for m in range(len(law) - 1, -1, -1):
            got[m] = got[m + 1] + law[m]
    return got
