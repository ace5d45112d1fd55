"""The chain on one pair of ladders: a grid of mass, row i = hits the attacker took, column j = the defender's.

A row is settled at once (:meth:`Pair.settle_row`); the mass a round sends
into the attacker's last rung is folded in floats (:meth:`Pair.last_inflow`);
the other rows' inflow is the stacked packed fold of :mod:`.stack`. The
backward pass (:meth:`Pair.win_chances`) gives "retreat below" its chances.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate
from operator import add, mul

from .packing import BITS, SCALE, SCALE_BITS, SLOT, bern, live_span, ones, pack, slots, span, unpack
from ..choices import is_below
from .rungs import Columns, Ladder
from .work import BACKWARD_UNITS, ROW_WORK, Work
from ..total import fsum

NEUMANN = 1e-3                 # d0 below which a row's own moves are summed as a series (settle_row)

Settled = tuple[int, int, list[float]]
"""A settled row (:meth:`Pair.last_inflow`): its first live column, one past its last, and its masses by column."""
Packed = tuple[int, int, int]
"""A law packed (:meth:`Pair.law_packed`): its first count kept, how many are kept, and the packed number."""


def columns_of(defender: Ladder) -> Columns:
    """What every pair against this defender reads of its laws, worked out once and kept on the ladder.

    Column tables: ``col[l][j]`` = P(defender at rung j scores l hits), within
    its cut, their non-zero ``spans``, and ``tails[l][j]`` = P(l or more) for
    the row where the attacker is gone (filled by :meth:`Pair.tail_col`); the
    defender's law at each rung packed, hit count l in slot l (``packed_d``,
    for :meth:`Stack.table`), and where its Neumann part ends (``big``,
    :meth:`Pair.settle_row`).
    """
    kd = defender.top
    width = max(lo + len(p) for lo, p in defender.cut[:kd]) if kd else 1
    col = [[0.0] * kd for _ in range(width)]
    for j in range(kd):
        lo, probs = defender.cut[j]
        for n, p in enumerate(probs):
            col[lo + n][j] = p
    spans = [span(c) for c in col]
    packed_d = [pack([0.0] * lo + probs) for lo, probs in defender.cut[:kd]]
    # big[j]: the first column from j on where the defender misses with every die more often than NEUMANN.
    big = [kd] * (kd + 1)
    for j in range(kd - 1, -1, -1):
        big[j] = j if col[0][j] > NEUMANN else big[j + 1]
    # misses[j]: the first column from j on where the defender may score no hit at all.
    misses = [kd] * (kd + 1)
    for j in range(kd - 1, -1, -1):
        misses[j] = j if col[0][j] else misses[j + 1]
    defender.columns = (col, width, spans, {}, packed_d, bytes(SLOT * width), big, misses)
    return defender.columns


class Pair:
    """The chain on one pair of ladders: a grid of mass, row i = hits the attacker took, column j = the defender's."""

    def __init__(self, attacker: Ladder, defender: Ladder) -> None:
        self.a, self.d = attacker, defender
        self.rows: dict[int, list[float]] = {}
        self.packed: dict[int, Packed] = attacker.packed   # rung → (first kept, count, packed), the ladder's own
        self.pending: dict[int, list[float]] | None = None   # round 1's rows {i: masses by column}, before any round is worked
        self.packed1: dict[int, Packed] = {}  # the attacker's law at row i from 1 hit up: first kept, count, packed
        (self.col, self.width, self.spans, self.tails, self.packed_d, self.blank,
         self.big, self.misses) = defender.columns or columns_of(defender)
        self._wins: list[list[float]] | None = None   # win_chances(), worked out when a retreat rule asks
        self.work: Work | None = None        # the calculation's count of work (work.py), when it keeps one
        self._stops: dict[int, list[bool]] = {}   # row i: the columns where "retreat below" retreats

    def tail_col(self, l: int) -> tuple[list[float], tuple[int, int]]:
        """P(defender at rung j scores l hits or more), and the columns where it is not zero."""
        if not self.tails:
            kd = self.d.top
            running = [0.0] * kd
            for n in range(self.width - 1, -1, -1):
                running = list(map(add, running, self.col[n]))
                self.tails[n] = (running, span(running))
        return self.tails[l]

    def law_packed(self, i: int) -> Packed:
        got = self.packed.get(i)
        if got is None:
            lo, probs = self.a.cut[i]
            got = (lo, len(probs), pack(probs))
            self.packed[i] = got
        return got

    def last_inflow(self, rows: dict[int, Settled], live: list[int]) -> list[float] | None:
        """The mass one round sends from the source rows ``live`` (ascending) into the attacker's last rung.

        Every source's hits from l up land there: the defender's laws are read
        as P(l or more) by column (:meth:`tail_col`), so this fold works in
        floats (the packed fold, :class:`Stack`, serves the other rows).
        ``rows[i]`` is ``(lo, hi, masses)``: row i's masses, non-zero only in
        columns lo..hi-1. The rows are folded Horner-fashion and convolved with
        the attacker's law once per run.
        """
        a = self.a
        target = a.top
        kd = self.d.top
        width = self.width
        steps_of = a.steps
        acc: list[float] | None = None
        acc_lo = 0
        base = 0
        total: list[float] | None = None
        carry: list[float] | None    # the dice of the rungs from ``base`` up to ``i``, or None where one is no Bernoulli step
        for i in live[bisect_left(live, target - width + 1):]:
            if i > target:
                break
            col, (c_lo, c_hi) = self.tail_col(target - i)
            lo, hi, row = rows[i]
            if lo < c_lo:
                lo = c_lo
            if hi > c_hi:
                hi = c_hi
            if lo >= hi:
                continue
            if acc is not None:
                # Carry acc from row ``base`` up to row ``i`` through Bernoulli steps, if every rung allows.
                carry = []
                for k in range(base, i):
                    step = steps_of[k]
                    if step is None:
                        carry = None
                        break
                    carry.extend(step)
                if carry is None:
                    if total is None:
                        total = [0.0] * (kd + 1)
                    self._flush(acc, acc_lo, base, total)
                    acc = None
                else:
                    for p in carry:
                        acc = bern(acc, p)
            if acc is None:
                acc, acc_lo = list(map(mul, row[lo:hi], col[lo:hi])), lo
            else:
                if lo < acc_lo:
                    acc[:0] = [0.0] * (acc_lo - lo)
                    acc_lo = lo
                end = acc_lo + len(acc)
                if hi > end:
                    acc.extend([0.0] * (hi - end))
                acc[lo - acc_lo:hi - acc_lo] = map(add, acc[lo - acc_lo:hi - acc_lo],
                                                   map(mul, row[lo:hi], col[lo:hi]))
            base = i
        if acc is not None:
            if total is None:
                total = [0.0] * (kd + 1)
            self._flush(acc, acc_lo, base, total)
        return total

    def _flush_packed(self, acc: int, acc_lo: int, source: int, total: list[float]) -> None:
        """total += acc ⊛ law_a(source), acc packed, folded at the defender's last rung (columns past it are gone)."""
        kd = self.d.top
        lo, n, packed = self.law_packed(source)
        values = unpack(acc * packed, (acc.bit_length() + BITS - 1) // BITS + n - 1)
        start = acc_lo + lo
        inside = max(0, min(len(values), kd - start))
        if inside:
            total[start:start + inside] = map(add, total[start:start + inside], values[:inside])
        if inside < len(values):
            total[kd] += fsum(values[inside:])

    def win_chances(self) -> list[list[float]]:
        """P(the attacker wins) from each fighting state, both sides fighting on to the end (choices.py).

        Worked backward from the attacker's last rung: from ``(i, j)`` the
        defender scores l and the attacker k with ``D_j[l]·A_i[k]``, so
        ``V_i[j]·(1 − D_j[0]·A_i[0]) = Σ_{l≥1} D_j[l]·U_{i,i+l}[j] + (row i's own
        moves)``, where ``U_{i,t} = A_i ⋆ W_t`` correlates row t's chances
        ``W_t`` (1 past the defender's last rung, 0 past the attacker's) with
        the attacker's law. ``U_{i,t}`` is the Horner fold of the forward
        chain run backward: one Bernoulli step from ``U_{i+1,t}`` when rung i
        has one die more than rung i+1 (a big-integer product), a full
        correlation otherwise. A row's own moves (the defender scores 0) go
        right to left, skipped where that chance is below 1e-15.
        """
        if self._wins is not None:
            return self._wins
        a, d = self.a, self.d
        ka, kd = a.top, d.top
        width = self.width
        reach = max(max((lo + len(p) for lo, p in a.cut[:ka]), default=1), len(a.chances[0] or ()) + 1)
        size = kd + reach + width               # slots of W_t: a correlation reads up to reach columns on
        kept = kd + width                       # slots of a fold: each Horner step eats one column
        mask = int.from_bytes(b"\xff" * 8 + b"\0" * 8, "little") * ones(kept)
        d0 = self.col[0]
        wins: list[list[float]] = [None] * ka  # type: ignore[list-item]  # each row's is set below, from the last up
        packed: dict[int, int] = {}             # row t: W_t followed by ones, packed
        folds: dict[int, int] = {}              # row t: U_{i,t} for the row i being worked, slot j = column j
        steps: dict[float, int] = {}            # a die's chance p: its backward Bernoulli step, packed
        for i in range(ka - 1, -1, -1):
            lo_a, probs = a.cut[i]
            n = len(probs)
            if self.work is not None:
                self.work.add(BACKWARD_UNITS * (ROW_WORK + kd * (width + n)))
            backward = pack(probs[::-1])
            step = a.steps[i]
            fresh = step is None
            for t in list(folds):
                if t - i >= width:
                    del folds[t]
                elif fresh:
                    folds[t] = ((packed[t] * backward) >> (SCALE_BITS + BITS * (lo_a + n - 1))) & mask
                else:
                    u = folds[t]
                    for p in step:  # type: ignore[union-attr]  # not fresh: a step
                        got = steps.get(p)
                        if got is None:
                            got = steps[p] = pack([p, 1.0 - p])
                        u = ((u * got) >> (SCALE_BITS + BITS)) & mask
                    folds[t] = u
            if i + 1 < ka and width > 1:    # a defender that never scores (width 1) moves no row
                folds[i + 1] = ((packed[i + 1] * backward) >> (SCALE_BITS + BITS * (lo_a + n - 1))) & mask
            across = [0.0] * kd                 # Σ_{l≥1} D_j[l]·U_{i,i+l}[j], in units of 1 / SCALE
            for t, u in folds.items():
                c_lo, c_hi = self.spans[t - i]
                if c_lo >= c_hi:
                    continue
                values = slots(c_hi - c_lo).unpack_from(u.to_bytes(SLOT * kept, "little"), SLOT * c_lo)
                col = self.col[t - i]
                across[c_lo:c_hi] = map(add, across[c_lo:c_hi], map(mul, col[c_lo:c_hi], values))
            own = [x * (1.0 / SCALE) for x in across] + [1.0] * (size - kd)
            a0 = probs[0] if lo_a == 0 else 0.0
            up = probs[1:] if lo_a == 0 else probs
            k1 = max(lo_a, 1)
            m = len(up)
            for j in range(kd - 1, -1, -1):
                stay = d0[j] * a0
                if stay >= 1.0:
                    own[j] = 0.0                # nobody can hit: a stalemate, not a win
                    continue
                if d0[j] > 1e-15 and m:
                    own[j] = (own[j] + d0[j] * fsum(map(mul, up, own[j + k1:j + k1 + m]))) / (1.0 - stay)
                elif stay:
                    own[j] /= 1.0 - stay
            wins[i] = own[:kd]
            packed[i] = pack(own)
        self._wins = wins
        return wins

    def stops(self, i: int, below: float) -> list[bool]:
        """Row i's columns where the attacker's chance to win is below ``below``: he retreats there."""
        got = self._stops.get(i)
        if got is None:
            got = self._stops[i] = [is_below(w, below) for w in self.win_chances()[i]]
        return got

    def settle_row(self, i: int, landed: list[float], floor: float, stop: list[bool] | None = None
                   ) -> tuple[list[float], float, list[float]]:
        """Row i's expected visits F from the mass that landed on it, and the mass its own moves end there.

        Within a row only the attacker scores (the defender's law gives 0 hits
        with ``d0[j]``): ``F[j] = (landed[j] + Σ_{k≥1} F[j−k]·d0[j−k]·a[k]) / (1 − d0[j]·a[0])``.
        Where ``d0`` is small (a big defender rarely misses with every die) the
        sum is a Neumann series worked with big-integer convolutions, a few
        terms (:meth:`_neumann`); where it is not, columns are pushed one by one
        (:meth:`_push_columns`). States whose mass is below ``floor`` are
        dropped. The second value is the mass the row's moves carry past the
        defender's last rung (the attacker wins); the third, by column, the
        mass that reaches a column where ``stop`` says the attacker retreats
        ("retreat below", :meth:`stops`): it fights no more, so such a row is
        pushed column by column (:meth:`_settle_stopping`).
        """
        kd = self.d.top
        d0 = self.col[0]
        lo_a, law = self.a.cut[i]
        a0 = law[0] if lo_a == 0 else 0.0
        k1 = max(lo_a, 1)
        a1 = law[k1 - lo_a:]
        span = live_span(landed, kd)
        F = [0.0] * kd
        if span is None:
            return F, 0.0, []
        lo, hi = span
        if stop is not None and any(stop[lo:]):
            return self._settle_stopping(F, landed, lo, stop, floor, a0, a1, k1)
        if not a1 or not any(d0[lo:]):
            for j in range(lo, hi):
                x = landed[j]
                if x >= floor:
                    F[j] = x / (1.0 - d0[j] * a0)
            return F, 0.0, []
        ext = landed + [0.0] * (k1 + len(a1))
        # Where the defender always scores (Low Luck's sure hits) the row has no own moves: F is what landed.
        jz = self.misses[lo]
        if jz > lo:
            F[lo:jz] = [x if x >= floor else 0.0 for x in landed[lo:jz]]
        # Neumann part: the columns before the first whose d0 is not small.
        jb = self.big[lo]
        if jb > jz:
            self._neumann(i, F, ext, jz, jb, floor, a0, a1, k1)
        over = self._push_columns(F, ext, jb, floor, a0, a1, k1)
        return F, fsum(ext[kd:]) + over, []

    def _settle_stopping(self, F: list[float], landed: list[float], lo: int, stop: list[bool], floor: float,
                         a0: float, a1: list[float], k1: int) -> tuple[list[float], float, list[float]]:
        """:meth:`settle_row` where the attacker retreats at some columns: pushed column by column."""
        kd = self.d.top
        d0 = self.col[0]
        retreated = [0.0] * kd
        ext = landed + [0.0] * (k1 + len(a1))
        n = len(a1)
        for j in range(lo, kd):
            x = ext[j]
            if stop[j]:
                retreated[j] = x
                continue
            if x < floor:
                continue
            d = d0[j]
            f = F[j] = x / (1.0 - d * a0)
            if d and n:
                s = j + k1
                w = f * d
                ext[s:s + n] = [e + a * w for e, a in zip(ext[s:s + n], a1)]
        return F, fsum(ext[kd:]), retreated

    def _neumann(self, i: int, F: list[float], ext: list[float], lo: int, jb: int, floor: float,
                 a0: float, a1: list[float], k1: int) -> None:
        """F over columns lo..jb−1, where the defender nearly always scores: the row's own moves as a series.

        Each term is the last one's pushes (mass × d0 × the attacker's law from
        one hit up), one big-integer product; pushes past ``jb`` join ``ext``
        for :meth:`_push_columns`.
        """
        d0 = self.col[0]
        entry = self.packed1.get(i)
        if entry is None:
            # A push here is below 6·NEUMANN (visits ≤ 6, d0 ≤ NEUMANN) times a1: the law's tails where
            # that falls below the floor start nothing either (pruned).
            keep_a = [n for n, p in enumerate(a1) if p * (6.0 * NEUMANN) >= floor] or [0]
            entry = self.packed1[i] = (keep_a[0], keep_a[-1] + 1 - keep_a[0], pack(a1[keep_a[0]:keep_a[-1] + 1]))
        shift, width_a, packed = entry
        if a0:
            keep = [1.0 / (1.0 - d * a0) for d in d0[lo:jb]]    # 1 / (1 − P(nobody scores)), by column
            got = list(map(mul, ext[lo:jb], keep))
        else:                                                  # a big attacker always scores (law cut)
            keep = [1.0] * (jb - lo)
            got = ext[lo:jb]
        term, t_lo = got, lo
        while True:
            g = list(map(mul, term, d0[t_lo:jb]))
            # Columns whose push is below the floor start no term (a state below it is dropped too; what
            # is dropped is pruned): the series shortens as it goes.
            first = next((n for n, x in enumerate(g) if x > floor), None)
            if first is None:
                break
            start = t_lo + first + k1 + shift        # column of push[0]
            push = unpack(pack(g[first:]) * packed, len(g) - first + width_a - 1)
            inside = max(0, jb - start)
            if inside < len(push):
                ext[start + inside:start + len(push)] = map(add, ext[start + inside:start + len(push)],
                                                             push[inside:])
            if not inside:
                break
            term = list(map(mul, push[:inside], keep[start - lo:]))
            t_lo = start
            got[start - lo:] = map(add, got[start - lo:], term)
        F[lo:jb] = [f if f >= floor * k else 0.0 for f, k in zip(got, keep)] if a0 else \
            [f if f >= floor else 0.0 for f in got]

    def _push_columns(self, F: list[float], ext: list[float], jb: int, floor: float, a0: float, a1: list[float],
                      k1: int) -> float:
        """F over the row's last columns, from ``jb`` on, one by one; returns the mass pushed past the last rung.

        Of a push only the columns before the defender's last rung are kept
        apart, the rest is summed at once (tail[m]: the attacker's chance of m
        hits or more, past k1).
        """
        kd = self.d.top
        d0 = self.col[0]
        n = len(a1)
        over = 0.0
        tail: list[float] | None = None
        for j in range(jb, kd):
            x = ext[j]
            if x < floor:
                continue
            d = d0[j]
            f = F[j] = x / (1.0 - d * a0)
            if d:
                s = j + k1
                w = f * d
                if tail is None:
                    tail = list(accumulate(reversed(a1), initial=0.0))[::-1]
                room = kd - s
                if room >= n:
                    ext[s:s + n] = [e + a * w for e, a in zip(ext[s:s + n], a1)]
                elif room > 0:
                    ext[s:kd] = [e + a * w for e, a in zip(ext[s:kd], a1)]
                    over += w * tail[room]
                else:
                    over += w * tail[0]
        return over

    def _flush(self, acc: list[float], acc_lo: int, source: int, total: list[float]) -> None:
        """:meth:`_flush_packed` for a fold kept in floats (:meth:`last_inflow`)."""
        self._flush_packed(pack(acc), acc_lo, source, total)


def outcome_of(i: int, j: int, ka: int, kd: int) -> str | None:
    if i >= ka and j >= kd:
        return "draw"
    if i >= ka:
        return "defender_wins"
    if j >= kd:
        return "attacker_wins"
    return None
