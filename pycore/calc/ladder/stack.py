"""Pairs against one defender ladder, settled row by row in step (docs/rules.md §9)."""

from __future__ import annotations

from bisect import bisect_left
from itertools import chain, repeat
from operator import add
from typing import TYPE_CHECKING, Iterable

from .packing import BITS, SCALE, SCALE_BITS, SLOT, bern, live_span, ones, pack, table_view
from .work import ROW_WORK, Work
from ..total import fsum

if TYPE_CHECKING:
    from .pair import Pair, Settled
    from .scalar import Land, Record, Stops
    from .rungs import Ladder

Carry = int | list[int]
"""The Bernoulli steps between two rungs (:meth:`Stack.carry`): one packed polynomial for a stack of one pair, else
each coefficient scaled (a product apiece)."""
Live = tuple[tuple[int, int], list[float]]
"""A settled row of one pair, for :meth:`Stack.table`: its live columns (first, one past the last) and its masses."""
Table = tuple[int, int, memoryview]
"""A row's table (:meth:`Stack.table`): its first and one past its last column, and its products as 8-byte words."""


class Stack:
    """Pairs against one defender ladder, settled row by row in step, the packed Horner fold worked once for all.

    At 40 v 40 with an AA gun the attacker has 7 ladders (0 to 6 aircraft
    shot down), every one against the same defender: the same column tables,
    and, while the ground units are being lost, the same Bernoulli steps from
    one rung to the next. So the tables of a row hold every pair's states side
    by side (slot ``((j − lo)·m + k)·W + l`` for pair k of m), one strided copy
    reads a source's column vector for all pairs at once, and one Bernoulli
    step carries all of them (two products by a scalar, the second shifted by
    one column, that is m slots). Only where the pairs still in play disagree
    on a step, and at the end, is the fold split by pair and convolved with
    each attacker's own law (:meth:`Pair._flush_packed`). A row's own moves
    and its ends stay each pair's (:meth:`Pair.settle_row`, ``land``).
    """

    def __init__(self, pairs: list[Pair], work: Work | None = None) -> None:
        self.pairs = pairs
        self.work = work
        self.m = len(pairs)
        first = pairs[0]
        self.kd = first.d.top
        self.width, self.spans, self.packed_d, self.blank = first.width, first.spans, first.packed_d, first.blank
        self.tops = [pair.a.top for pair in pairs]
        self.mask = int.from_bytes(b"\xff" * 8 + b"\0" * 8, "little") * ones(self.m * (self.kd + 2 * self.width + 8))
        self.tables: dict[int, Table] = {}
        self.live: list[int] = []
        self.next_rung: list[Carry | None] = [None] * (max(self.tops) + 1)      # carry(k, k + 1), by k
        # ok_from[r]: the step from rung r + 1 up to rung r is the same for every pair still in play for a target
        # t ≥ ok_from[r] (a pair is in play below its last rung). Pairs by last rung, highest first.
        order = sorted(range(self.m), key=lambda k: -self.tops[k])
        self.reference: Ladder = pairs[order[0]].a
        # The steps read off the reference ladder's rungs alone: kept on it for every stack it leads.
        self.coefficients: dict[tuple[int, int], Carry] = self.reference.coefficients[self.m == 1]
        never = 1 << 62
        self.ok_from: list[int] = []
        for r in range(max(self.tops)):
            step = self.reference.steps[r]
            from_t = never if step is None else -1
            if step is not None:
                for k in order[1:]:
                    if r >= self.tops[k]:
                        break
                    if pairs[k].a.steps[r] != step:
                        from_t = self.tops[k]
                        break
            self.ok_from.append(from_t)

    def settle(self, land: Land, record: Record, floor: float, stops: Stops | None = None) -> float:
        """Fight every pair of the stack to the end, each state once; returns the rounds their states are fought.

        The hits taken never go down, so the states are settled row by row
        (attacker's hits taken) in increasing order: a row's sources are the
        rows above it, already settled, plus the row itself when the defender
        scores no hit. ``F[j]``, a state's expected number of rounds begun
        there, is the mass that lands on it divided by ``1 − P(nobody scores)``,
        with the row's own moves (defender scores 0, attacker k ≥ 1) pushed
        left to right (:meth:`Pair.settle_row`). The sum of ``F`` over the
        fighting states is the expected number of rounds after the first.
        """
        pairs, m, kd, width = self.pairs, self.m, self.kd, self.width
        firsts: list[dict[int, list[float]]] = []
        for pair in pairs:
            firsts.append(pair.pending or {})
            pair.pending = None
        settled: list[dict[int, Settled]] = [{} for _ in pairs]
        lives: list[list[int]] = [[] for _ in pairs]
        visits = 0.0
        starts = [min(first) for first in firsts if first]
        if not starts:
            return visits
        for t in range(min(starts), max(self.tops) + 1):
            live = self.live
            flows = self.inflow(t) if live and t - live[-1] < width and t < max(self.tops) else None
            rows: list[Live | None] = [None] * m
            for k, pair in enumerate(pairs):
                top = self.tops[k]
                if t > top:
                    continue
                row = firsts[k].pop(t, None)
                if t == top:
                    near = lives[k] and t - lives[k][-1] < width
                    flow = pair.last_inflow(settled[k], lives[k]) if near else None
                else:
                    flow = flows[k] if flows is not None else None
                if flow is not None:
                    row = flow if row is None else list(map(add, row, flow))
                if row is None:
                    continue
                inner = land(pair, t, row, False)
                if inner is None:
                    continue
                F, over, retreated = pair.settle_row(t, inner, floor, None if stops is None else stops(pair, t))
                if over:
                    record("attacker_wins", pair.a.armies[t], pair.d.armies[kd], over)
                for j, x in enumerate(retreated):
                    if x:
                        record("retreat", pair.a.armies[t], pair.d.armies[j], x)
                span = live_span(F, kd)
                if span is not None:
                    if self.work is not None:
                        self.work.add(ROW_WORK + (span[1] - span[0]) * (width + len(pair.a.cut[t][1])))
                    settled[k][t] = (*span, F)
                    lives[k].append(t)
                    visits += fsum(F)
                    rows[k] = (span, F)
            if any(rows):
                self.table(t, rows)
            # The next target reads sources from t + 2 - width on: a table below that is never read again
            # (kept, the tables of a 250-row ladder of 80 pairs held gigabytes).
            self.tables.pop(t + 1 - width, None)
        return visits

    def round(self, rows: dict[int, list[float]]) -> dict[int, list[float]]:
        """One round from every live state of a one-pair stack: {target row: masses by column} after it.

        ``rows`` holds the pair's masses by row at the start of the round; a
        row's own moves are a source like any other here (l = 0).
        """
        pair = self.pairs[0]
        top = self.tops[0]
        self.tables, self.live = {}, []
        settled: dict[int, Settled] = {}
        for i in sorted(rows):
            span = live_span(rows[i], self.kd)
            if span is not None:
                if self.work is not None:
                    self.work.add(ROW_WORK + (span[1] - span[0]) * (self.width + len(pair.a.cut[i][1])))
                settled[i] = (*span, rows[i])
                self.table(i, [(span, rows[i])])
        live = self.live
        out: dict[int, list[float]] = {}
        for target in range(live[0], min(top, live[-1] + self.width - 1) + 1) if live else ():
            total = pair.last_inflow(settled, live) if target == top else self.inflow(target)[0]
            if total is not None:
                out[target] = total
        return out

    def table(self, i: int, rows: list[Live | None]) -> None:
        """Row i's masses of every pair times the defender's law, the pairs side by side, for :meth:`inflow`.

        Slot ``((j − lo)·m + k)·W + l`` (W = the law's width) holds
        ``F_k[j]·D_j[l]``: one big-integer product per state instead of one
        float product per state and hit count, read in place (:func:`table_view`).
        """
        lo = min(got[0][0] for got in rows if got)
        hi = max(got[0][1] for got in rows if got)
        pd, blank = self.packed_d[lo:hi], self.blank
        size = SLOT * self.width
        # Each pair's products column by column (zero masses give zero bytes), then interleaved column-major.
        columns: list[Iterable[bytes]] = []
        for got in rows:
            if got is None:
                columns.append(repeat(blank, hi - lo))
            else:
                columns.append([(int(f * SCALE) * p).to_bytes(size, "little") for f, p in zip(got[1][lo:hi], pd)])
        parts = columns[0] if self.m == 1 else list(chain.from_iterable(zip(*columns)))
        self.tables[i] = (lo, hi, table_view(parts))
        self.live.append(i)

    def carry(self, base: int, i: int, t: int) -> Carry | None:
        """The Bernoulli steps from row ``i`` up to row ``base`` as scaled coefficients, if all pairs in play agree.

        For a stack of one pair, the same polynomial packed (one product carries it).
        """
        ok_from = self.ok_from
        if i == base + 1:                       # the common case: consecutive rows
            if t < ok_from[base]:
                return None
            got = self.next_rung[base]
            if got is None:
                got = self.next_rung[base] = self.coefficients.get((base, i)) or self._coefficients(base, i)
            return got
        for r in range(base, i):
            if t < ok_from[r]:
                return None
        got = self.coefficients.get((base, i))
        return got if got is not None else self._coefficients(base, i)

    def _coefficients(self, base: int, i: int) -> Carry:
        law = [1.0]
        for r in range(base, i):
            for p in self.reference.steps[r]:  # type: ignore[union-attr]  # carried only where ok_from says every step is known
                law = bern(law, p)
        # One pair: the steps as one packed polynomial, one product (many: a product per coefficient).
        got = self.coefficients[(base, i)] = pack(law) if self.m == 1 else [int(c * SCALE) for c in law]
        return got

    def inflow(self, target: int) -> list[list[float] | None]:
        """Each pair's mass one round sends into row ``target`` (None where nothing comes), by column.

        The sources are the rows with a table (:meth:`table`) from ``target − W + 1``
        up to ``target``; each is used only over the columns where it and the
        defender's law for its hit count are non-zero. A source's column
        vector for ``l = target − i`` hits is one strided copy out of its
        table; the rows are folded Horner-fashion (:meth:`carry`) and
        convolved with each attacker's law once per run (:meth:`_flush`).
        """
        m, width, spans, tables, mask = self.m, self.width, self.spans, self.tables, self.mask
        column = BITS * m
        totals: list[list[float] | None] = [None] * m
        live = self.live
        acc: int | None = None
        acc_lo = 0
        base = 0
        for i in live[bisect_left(live, target - width + 1):]:
            if i > target:
                break
            l = target - i
            c_lo, c_hi = spans[l]
            t_lo, t_hi, view = tables[i]
            lo = t_lo if t_lo > c_lo else c_lo
            hi = t_hi if t_hi < c_hi else c_hi
            if lo >= hi:
                continue
            buf = bytearray(SLOT * m * (hi - lo))
            memoryview(buf).cast("Q")[::2] = view[2 * ((lo - t_lo) * m * width + l):2 * (hi - t_lo) * m * width:2 * width]
            v = int.from_bytes(buf, "little")
            if acc is not None:
                coefficients = self.carry(base, i, target)
                if coefficients is None:
                    self._flush(acc, acc_lo, base, target, totals)
                    acc = None
                elif m == 1:
                    acc = ((acc * coefficients) >> SCALE_BITS) & mask  # type: ignore[operator]  # one pair: one packed int
                else:
                    moved = acc * coefficients[0]  # type: ignore[index]  # many pairs: a coefficient a step
                    for s, c in enumerate(coefficients[1:], 1):  # type: ignore[index]  # the same list
                        moved += (acc * c) << (column * s)
                    acc = (moved >> SCALE_BITS) & mask
            if acc is None:
                acc, acc_lo = v, lo
            elif lo >= acc_lo:
                acc += v << (column * (lo - acc_lo))
            else:
                acc = (acc << (column * (acc_lo - lo))) + v
                acc_lo = lo
            base = i
        if acc is not None:
            self._flush(acc, acc_lo, base, target, totals)
        return totals

    def _flush(self, acc: int, acc_lo: int, base: int, target: int, totals: list[list[float] | None]) -> None:
        """Split the stacked fold by pair and convolve each part with its attacker's law at row ``base``."""
        m = self.m
        if m == 1:
            if target < self.tops[0]:
                if totals[0] is None:
                    totals[0] = [0.0] * (self.kd + 1)
                self.pairs[0]._flush_packed(acc, acc_lo, base, totals[0])  # type: ignore[arg-type]  # set just above
            return
        columns = -(-acc.bit_length() // (BITS * m)) or 1
        words = memoryview(acc.to_bytes(SLOT * m * columns, "little")).cast("Q")
        for k, pair in enumerate(self.pairs):
            if target >= self.tops[k]:
                continue                      # past this pair's last rung (its last rung takes the float fold)
            buf = bytearray(SLOT * columns)
            memoryview(buf).cast("Q")[::2] = words[2 * k::2 * m]
            part = int.from_bytes(buf, "little")
            if part:
                if totals[k] is None:
                    totals[k] = [0.0] * (self.kd + 1)
                pair._flush_packed(part, acc_lo, base, totals[k])  # type: ignore[arg-type]  # set just above
