"""The fast exact chain: battles in which every hit falls on the next unit in the order of loss.

In a land or amphibious battle after the opening fire (AA guns, shore
bombardment) every hit of a round may land on any unit, so the victim's army
after ``k`` hits is always the same one: the ``k``-th rung of its
:class:`Ladder`, built by the engine's own ``allocate`` one hit at a time.
A state of the battle is then two integers (hits taken by each side), and a
round moves mass from ``(i, j)`` to ``(i + l, j + k)`` with probability
``law_a(i)[k] × law_d(j)[l]`` — each side's law read from the luck system for
the units the engine's ``main_groups`` says fire at that rung.

Working a round directly costs (states × width_a × width_d): 150 dice a side
give laws ~80 wide. Two facts cut it down (RULES.md §9, docs/rules.md):

* With dice, the rung below has the same dice less the dice of the unit just
  lost, so ``law_a(i) = law_a(c) ⊛ Bernoulli(p) ⊛ …`` for every source row
  ``i ≤ c`` of a run: the rows landing on one target row are folded together
  Horner-fashion with two-term steps, and convolved with one law at the end.
* That last convolution is one big-integer product (Kronecker substitution:
  probabilities as 56-bit fixed point, one 16-byte slot per column), which
  CPython multiplies in C.
* Pairs of ladders against one defender ladder (the AA gun's outcomes) are
  settled in step (:class:`Stack`): their Horner folds are one.

What is dropped is never guessed at: laws are cut where their tails are
below ``tail``, states reached with less than ``floor`` are dropped, and the
fixed point rounds down; all of it is measured, round by round, as the mass
that went in and did not come out (``pruned``). Every reported probability
is low by at most that.
"""

from __future__ import annotations

import struct
from bisect import bisect_left
from itertools import accumulate, chain, compress, count, repeat
from operator import add, mul

from ..engine.army import Army
from ..engine.casualties import allocate
from ..engine.firing import Group, casualty_types, counts_as_force, main_groups, sub_group
from ..engine.setup import BattleSetup
from .choices import NEVER, Retreat, keep_one_land

SCALE_BITS = 56                # a whole number of bytes: a table's values are read in place (_table_view)
SLOT = 16                      # bytes per column: a product of a mass and a law is below 6 · 2^112 (see _table_view)
SCALE = float(1 << SCALE_BITS)
BITS = 8 * SLOT
NEUMANN = 1e-3                 # d0 below which a row's own moves are summed as a series (settle_row)


class NotLinear(Exception):
    """The battle's hits do not all fall in order of loss (subs, restricted groups): use the general chain."""


def _bern(law: list, p: float) -> list:
    q = 1.0 - p
    return [q * a + p * b for a, b in zip(law + [0.0], [0.0] + law)]


def _law(system, values: tuple, best_of_two: tuple) -> list:
    """The float law of one group's hits: Bernoulli steps with dice, else the system's exact law."""
    if not (any(values) or best_of_two):
        return [1.0]
    if system.id == "dice":
        law = [1.0]
        for p in system.chances(values, best_of_two):
            law = _bern(law, float(p))
        return law
    return [float(p) for p in system.hit_distribution(values, best_of_two)]


_CHANCES: dict = {}


def _float_chances(system, values: tuple, best_of_two: tuple) -> tuple:
    """``system.chances`` as floats, asked once per unit value (Fractions are slow to hash, and rungs repeat them)."""
    out: list = []
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


def _removed(upper: tuple, lower: tuple) -> tuple | None:
    """The chances of the dice ``upper`` has and ``lower`` has not, or None when not a pure removal."""
    left = list(lower)
    gone = []
    for p in upper:
        if p in left:
            left.remove(p)
        else:
            gone.append(p)
    return tuple(gone) if not left else None


class Ladder:
    """One side's armies after 0, 1, 2, … hits, with the law of its hits at each rung."""

    def __init__(self, setup: BattleSetup, role: str, start: Army, enemy: Army, tail: float, keep_land: bool = False):
        self.setup, self.role = setup, role
        system = setup.system
        order = setup.side(role).order_of_loss
        armies = [start]
        army = start
        generics: dict = {}                      # one hit that may fall on any casualty type, by those types
        while counts_as_force(setup, army):
            targets = casualty_types(setup, army)
            generic = generics.get(targets)
            if generic is None:
                generic = generics[targets] = Group("enemy", "main", (), (), targets, ())
            cas = allocate(setup, army, [(generic, 1)], order)
            if keep_land:
                cas = keep_one_land(setup, army, cas, order)
            army = army.after(cas.lost, cas.damaged)
            armies.append(army)
        self.armies = armies
        self.top = len(armies) - 1               # the rung where the side has nothing left that fights
        # What each rung fires: one main group, or the battle is not linear.
        fires = []
        if setup.kind == "sea" or sub_group(setup, role, start, enemy) is not None:
            raise NotLinear(role)
        for army in armies[:-1]:
            groups = main_groups(setup, role, army, enemy)
            if any(g.name != "main" for g in groups):
                raise NotLinear(role)
            group = groups[0] if groups else None
            fires.append((group.values, group.best_of_two) if group else ((), ()))
        fires.append(((), ()))
        dice = system.id == "dice"
        self.chances = [_float_chances(system, *f) if dice else None for f in fires]
        # Laws, built from the top rung down: a rung below a pure removal is one Bernoulli step away.
        laws: list = [None] * len(armies)
        self.steps: list = [None] * len(armies)   # Bernoulli chances from rung k+1 up to rung k, or None
        for k in range(self.top, -1, -1):
            if k < self.top and dice:
                self.steps[k] = _removed(self.chances[k], self.chances[k + 1])
            if dice and k < self.top and self.steps[k] is not None:
                law = laws[k + 1]
                for p in self.steps[k]:
                    law = _bern(law, p)
            else:
                law = _law(system, *fires[k])
            laws[k] = law
        self.laws = laws
        self.cut = [_trim(law, tail) for law in laws]   # (first hit count kept, kept probabilities)
        self.silent = [len(law) == 1 for law in laws]   # this rung scores no hit at all
        self.columns: tuple | None = None               # _columns(self), when this ladder defends

    def of_firing(self, army: Army, enemy: Army, tail: float):
        """The trimmed law of an army that fires but is not on the ladder (casualties still firing in round 1)."""
        groups = main_groups(self.setup, self.role, army, enemy)
        if any(g.name != "main" for g in groups):
            raise NotLinear(self.role)
        if not groups:
            return 0, [1.0]
        return _trim(_law(self.setup.system, groups[0].values, groups[0].best_of_two), tail)


def _trim(law: list, tail: float):
    lo, hi = 0, len(law)
    cut = 0.0
    while hi - lo > 1 and cut + law[lo] < tail:
        cut += law[lo]
        lo += 1
    while hi - lo > 1 and cut + law[hi - 1] < tail:
        cut += law[hi - 1]
        hi -= 1
    return lo, law[lo:hi]


def _live_span(row: list, kd: int) -> tuple[int, int] | None:
    """The first and one past the last non-zero column of a row's first ``kd`` columns, or None."""
    lo = next(compress(count(), row), None)       # compress: the scan runs in C
    if lo is None or lo >= kd:
        return None
    return lo, kd - next(compress(count(), reversed(row[:kd])))


def _span(values: list) -> tuple[int, int]:
    nonzero = [j for j, x in enumerate(values) if x]
    return (nonzero[0], nonzero[-1] + 1) if nonzero else (0, 0)


def _ones(count: int) -> int:
    """1 in every slot's lowest bit, ``count`` slots."""
    return int.from_bytes((b"\x01" + bytes(SLOT - 1)) * count, "little")


def _format(count: int) -> struct.Struct:
    got = _FORMATS.get(count)
    if got is None:
        got = _FORMATS[count] = struct.Struct("<" + "Q8x" * count)
    return got


_FORMATS: dict = {}


def _pack(values) -> int:
    """Fixed point, one SLOT-byte column each, lowest column first (probabilities are never negative)."""
    return int.from_bytes(_format(len(values)).pack(*map(int, map(mul, values, repeat(SCALE)))), "little")


def _table_view(parts: list) -> memoryview:
    """A table's products as 8-byte words: word 2s is slot s's value in fixed point, word 2s + 1 is skipped.

    A slot holds a product ``x·D`` of two fixed-point numbers, ``x`` a
    state's expected visits (at most 1 / (1 − 5/6) = 6: some side hits with
    at least 1/6 each round) and ``D`` a probability, so it is below
    6 · 2^112 < 2^115. Its value in fixed point is the product's bits from
    SCALE_BITS up: whole bytes, 7 to 14 of the slot, byte 15 being 0 — read in
    place, no shift. The odd words straddle two slots and are never read.
    """
    data = b"".join(parts)
    start = SCALE_BITS // 8
    return memoryview(data)[start:len(data) - SLOT // 2 + start].cast("Q")


def _unpack(number: int, count: int) -> list:
    """The first ``count`` columns of a product of two packed numbers, back to floats.

    Shifting the whole number right by SCALE_BITS leaves each column's value
    over 2^56 in its low 8 bytes (the bits shifted in from the next column land
    above them and are skipped).
    """
    data = (number >> SCALE_BITS).to_bytes(SLOT * count + SLOT, "little")
    return list(map(mul, _format(count).unpack_from(data), repeat(1.0 / SCALE)))


def _columns(defender: Ladder) -> tuple:
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
    spans = [_span(c) for c in col]
    packed_d = [_pack([0.0] * lo + probs) for lo, probs in defender.cut[:kd]]
    # big[j]: the first column from j on where the defender misses with every die more often than NEUMANN.
    big = [kd] * (kd + 1)
    for j in range(kd - 1, -1, -1):
        big[j] = j if col[0][j] > NEUMANN else big[j + 1]
    defender.columns = (col, width, spans, {}, packed_d, bytes(SLOT * width), big)
    return defender.columns


class Pair:
    """The chain on one pair of ladders: a grid of mass, row i = hits the attacker took, column j = the defender's."""

    def __init__(self, attacker: Ladder, defender: Ladder):
        self.a, self.d = attacker, defender
        self.rows: dict[int, list] = {}
        self.packed: dict[int, tuple] = {}
        self.pending: dict | None = None     # round 1's rows {i: masses by column}, before any round is worked
        self.packed1: dict[int, tuple] = {}  # the attacker's law at row i from 1 hit up: first kept, count, packed
        (self.col, self.width, self.spans, self.tails, self.packed_d, self.blank,
         self.big) = defender.columns or _columns(defender)
        self._wins: list | None = None       # win_chances(), worked out when a retreat rule asks
        self._stops: dict[int, list] = {}    # row i: the columns where "retreat below" retreats

    def tail_col(self, l: int):
        """P(defender at rung j scores l hits or more), and the columns where it is not zero."""
        if not self.tails:
            kd = self.d.top
            running = [0.0] * kd
            for n in range(self.width - 1, -1, -1):
                running = list(map(add, running, self.col[n]))
                self.tails[n] = (running, _span(running))
        return self.tails[l]

    def law_packed(self, i: int):
        got = self.packed.get(i)
        if got is None:
            lo, probs = self.a.cut[i]
            got = (lo, len(probs), _pack(probs))
            self.packed[i] = got
        return got

    def last_inflow(self, rows: dict, live: list) -> list | None:
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
        acc = None
        acc_lo = 0
        base = 0
        total = None
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
                        acc = _bern(acc, p)
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

    def _flush_packed(self, acc: int, acc_lo: int, source: int, total: list) -> None:
        """total += acc ⊛ law_a(source), acc packed, folded at the defender's last rung (columns past it are gone)."""
        kd = self.d.top
        lo, n, packed = self.law_packed(source)
        values = _unpack(acc * packed, (acc.bit_length() + BITS - 1) // BITS + n - 1)
        start = acc_lo + lo
        inside = max(0, min(len(values), kd - start))
        if inside:
            total[start:start + inside] = map(add, total[start:start + inside], values[:inside])
        if inside < len(values):
            total[kd] += sum(values[inside:])

    def win_chances(self) -> list:
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
        mask = int.from_bytes(b"\xff" * 8 + b"\0" * 8, "little") * _ones(kept)
        d0 = self.col[0]
        wins: list = [None] * ka
        packed: dict[int, int] = {}             # row t: W_t followed by ones, packed
        folds: dict[int, int] = {}              # row t: U_{i,t} for the row i being worked, slot j = column j
        steps: dict = {}
        for i in range(ka - 1, -1, -1):
            lo_a, probs = a.cut[i]
            n = len(probs)
            backward = _pack(probs[::-1])
            step = a.steps[i]
            fresh = step is None
            for t in list(folds):
                if t - i >= width:
                    del folds[t]
                elif fresh:
                    folds[t] = ((packed[t] * backward) >> (SCALE_BITS + BITS * (lo_a + n - 1))) & mask
                else:
                    u = folds[t]
                    for p in step:
                        got = steps.get(p)
                        if got is None:
                            got = steps[p] = _pack([p, 1.0 - p])
                        u = ((u * got) >> (SCALE_BITS + BITS)) & mask
                    folds[t] = u
            if i + 1 < ka:
                folds[i + 1] = ((packed[i + 1] * backward) >> (SCALE_BITS + BITS * (lo_a + n - 1))) & mask
            across = [0.0] * kd                 # Σ_{l≥1} D_j[l]·U_{i,i+l}[j], in units of 1 / SCALE
            for t, u in folds.items():
                c_lo, c_hi = self.spans[t - i]
                if c_lo >= c_hi:
                    continue
                values = _format(c_hi - c_lo).unpack_from(u.to_bytes(SLOT * kept, "little"), SLOT * c_lo)
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
                    own[j] = (own[j] + d0[j] * sum(map(mul, up, own[j + k1:j + k1 + m]))) / (1.0 - stay)
                elif stay:
                    own[j] /= 1.0 - stay
            wins[i] = own[:kd]
            packed[i] = _pack(own)
        self._wins = wins
        return wins

    def stops(self, i: int, below: float) -> list:
        """Row i's columns where the attacker's chance to win is below ``below``: he retreats there."""
        got = self._stops.get(i)
        if got is None:
            got = self._stops[i] = [w < below for w in self.win_chances()[i]]
        return got

    def settle_row(self, i: int, landed: list, floor: float, stop: list | None = None) -> tuple[list, float, list]:
        """Row i's expected visits F from the mass that landed on it, and the mass its own moves end there.

        Within a row only the attacker scores (the defender's law gives 0 hits
        with ``d0[j]``): ``F[j] = (landed[j] + Σ_{k≥1} F[j−k]·d0[j−k]·a[k]) / (1 − d0[j]·a[0])``.
        Where ``d0`` is small (a big defender rarely misses with every die) the
        sum is a Neumann series worked with big-integer convolutions, a few
        terms; where it is not, columns are pushed one by one. States whose
        mass is below ``floor`` are dropped. The second value is the mass the
        row's moves carry past the defender's last rung (the attacker wins);
        the third, by column, the mass that reaches a column where ``stop``
        says the attacker retreats ("retreat below", :meth:`stops`): it fights
        no more, so such a row is pushed column by column.
        """
        kd = self.d.top
        d0 = self.col[0]
        lo_a, law = self.a.cut[i]
        a0 = law[0] if lo_a == 0 else 0.0
        k1 = max(lo_a, 1)
        a1 = law[k1 - lo_a:]
        span = _live_span(landed, kd)
        F = [0.0] * kd
        retreated = []
        if span is None:
            return F, 0.0, retreated
        lo, hi = span
        if stop is not None and any(stop[lo:]):
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
                    ext[s:s + n] = map(add, ext[s:s + n], map(mul, a1, repeat(f * d)))
            return F, sum(ext[kd:]), retreated
        if not a1 or not any(d0[lo:]):
            for j in range(lo, hi):
                x = landed[j]
                if x >= floor:
                    F[j] = x / (1.0 - d0[j] * a0)
            return F, 0.0, retreated
        ext = landed + [0.0] * (k1 + len(a1))
        # Neumann part: the columns before the first whose d0 is not small.
        jb = self.big[lo]
        if jb > lo:
            got = self.packed1.get(i)
            if got is None:
                # A push here is below 6·NEUMANN (visits ≤ 6, d0 ≤ NEUMANN) times a1: the law's tails where
                # that falls below the floor start nothing either (pruned).
                keep_a = [n for n, p in enumerate(a1) if p * (6.0 * NEUMANN) >= floor] or [0]
                got = self.packed1[i] = (keep_a[0], keep_a[-1] + 1 - keep_a[0], _pack(a1[keep_a[0]:keep_a[-1] + 1]))
            shift, width_a, packed = got
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
                push = _unpack(_pack(g[first:]) * packed, len(g) - first + width_a - 1)
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
        # The last columns, one by one; of a push only the columns before the defender's last rung are
        # kept apart, the rest is summed at once (tail[m]: the attacker's chance of m hits or more, past k1).
        n = len(a1)
        over = 0.0
        tail = None
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
                    ext[s:s + n] = map(add, ext[s:s + n], map(mul, a1, repeat(w)))
                elif room > 0:
                    ext[s:kd] = map(add, ext[s:kd], map(mul, a1, repeat(w)))
                    over += w * tail[room]
                else:
                    over += w * tail[0]
        return F, sum(ext[kd:]) + over, retreated

    def _flush(self, acc: list, acc_lo: int, source: int, total: list) -> None:
        """:meth:`_flush_packed` for a fold kept in floats (:meth:`last_inflow`)."""
        self._flush_packed(_pack(acc), acc_lo, source, total)


def outcome_of(i: int, j: int, ka: int, kd: int) -> str | None:
    if i >= ka and j >= kd:
        return "draw"
    if i >= ka:
        return "defender_wins"
    if j >= kd:
        return "attacker_wins"
    return None


def solve(setup: BattleSetup, opening: dict, tail: float, floor: float,
          retreat: Retreat = NEVER, keep_land: bool = False, limit: int | None = None) -> dict:
    """The law of the battle's end from the states after round 1's opening fire.

    ``opening``: {(attacker, defender, attacker ghosts, defender ghosts): p}, as
    the general chain's opening steps leave them (ghosts: casualties that still
    fire in round 1). With ``limit`` the rounds are worked one by one and what
    still fights after ``limit`` rounds is ``in_progress``; without it the
    battle is fought to its end, each state settled once (:meth:`Stack.settle`).
    Raises :class:`NotLinear` when a rung fires more than one group (the caller
    then uses the general chain).
    """
    members: dict = {}

    def ladder_of(role, army, enemy):
        got = members.get((role, army))
        if got is None:
            ladder = Ladder(setup, role, army, enemy, tail, keep_land and role == "attacker")
            for k, rung in enumerate(ladder.armies):
                members.setdefault((role, rung), (ladder, k))
            got = (ladder, 0)
        return got

    pairs: dict = {}
    ends: dict = {}
    started = 0.0
    for (a, d, ga, gd), mass in opening.items():
        started += mass
        la, i0 = ladder_of("attacker", a, d)
        ld, j0 = ladder_of("defender", d, a)
        fa = Army(a.units.plus(ga, setup.ruleset), a.damaged) if ga else a
        fd = Army(d.units.plus(gd, setup.ruleset), d.damaged) if gd else d
        # Round 1's main fire, from the armies that fire (ghosts included) onto the ladders.
        lo_a, law_a = la.of_firing(fa, d, tail) if ga else la.cut[i0]
        lo_d, law_d = ld.of_firing(fd, a, tail) if gd else ld.cut[j0]
        if not counts_as_force(setup, fa) or not counts_as_force(setup, fd):
            lo_a, law_a, lo_d, law_d = 0, [1.0], 0, [1.0]
        key = (id(la), id(ld))
        pair = pairs.get(key)
        if pair is None:
            pair = pairs[key] = Pair(la, ld)
            pair.pending = {}
        kd = ld.top
        # The row of defender's hits: the attacker's law from column j0 + lo_a, its tail folded at kd.
        first = j0 + lo_a
        row = [0.0] * (kd + 1)
        inside = max(0, min(len(law_a), kd - first))
        row[first:first + inside] = [mass * p for p in law_a[:inside]]
        row[kd] += mass * sum(law_a[inside:])
        for l, pl in enumerate(law_d, lo_d):
            i = min(i0 + l, la.top)
            got = pair.pending.get(i)
            if got is None:
                pair.pending[i] = [x * pl for x in row]
            else:
                got[:] = map(add, got, map(mul, row, repeat(pl)))

    # Ends are summed by the armies' identity while solving (hashing an army walks its units), merged by
    # equality once at the end: ladders of different opening states may share armies.
    by_id: dict = {}

    def record(outcome, attacker, defender, x):
        key = (outcome, id(attacker), id(defender))
        got = by_id.get(key)
        if got is None:
            by_id[key] = [attacker, defender, x]
        else:
            got[2] += x

    def merged() -> dict:
        for (outcome, _, _), (attacker, defender, x) in by_id.items():
            key = (outcome, attacker, defender)
            ends[key] = ends.get(key, 0.0) + x
        by_id.clear()
        return ends

    def land(pair, i: int, row: list, last: bool) -> list | None:
        """Record the ends among the mass that landed on row ``i``; the rest, which fights on, or None."""
        la, ld = pair.a, pair.d
        ka, kd = la.top, ld.top
        attacker = la.armies[i]
        if i >= ka:
            for j, x in enumerate(row):
                if x:
                    record(outcome_of(i, j, ka, kd), attacker, ld.armies[j], x)
            return None
        if row[kd]:
            record("attacker_wins", attacker, ld.armies[kd], row[kd])
        inner = row[:kd]
        # As the engine decides after a round: a stalemate first, then the attacker's retreat rule,
        # then what the round limit leaves in progress.
        if la.silent[i]:
            silent = ld.silent
            for j, x in enumerate(inner):
                if x and silent[j]:
                    record("stalemate", attacker, ld.armies[j], x)
                    inner[j] = 0.0
        rest = "retreat" if retreat.by_size(attacker) else None
        if rest is None and retreat.below is not None:
            for j, stop in enumerate(pair.stops(i, retreat.below)):
                if stop and inner[j]:
                    record("retreat", attacker, ld.armies[j], inner[j])
                    inner[j] = 0.0
        if rest is None and last:
            rest = "in_progress"
        if rest is not None:
            for j, x in enumerate(inner):
                if x:
                    record(rest, attacker, ld.armies[j], x)
            return None
        return inner

    def first_rows(pair) -> dict:
        got, pair.pending = pair.pending, None
        return got

    if limit is None:
        visits = 0.0
        # Pairs against the same defender ladder (the AA gun's outcomes) are settled in step, folded once.
        stacks: dict = {}
        for pair in pairs.values():
            stacks.setdefault(id(pair.d), []).append(pair)
        for group in stacks.values():
            visits += Stack(group).settle(land, record, floor, retreat.below)
        merged()
        pruned = max(0.0, started - sum(ends.values()))   # cut tails, dropped states, rounding: in minus out
        return {"ends": ends, "rounds": started + visits, "pruned": pruned}

    expected_rounds = started
    pruned = 0.0
    number = 1
    sent = started
    alone = {key: Stack([pair]) for key, pair in pairs.items()}
    while True:
        live_mass = 0.0
        landed = 0.0
        for key, pair in pairs.items():
            got = first_rows(pair) if pair.pending is not None else alone[key].round(pair.rows)
            pair.rows = {}
            for i, row in got.items():
                landed += sum(row)
                inner = land(pair, i, row, number >= limit)
                if inner is None:
                    continue
                kept = [x if x >= floor else 0.0 for x in inner]
                mass = sum(kept)
                pruned += sum(inner) - mass
                if mass:
                    pair.rows[i] = kept
                    live_mass += mass
        pruned += max(0.0, sent - landed)      # cut tails and fixed-point rounding: what went in and did not land
        number += 1
        if not live_mass:
            break
        expected_rounds += live_mass
        sent = live_mass
    merged()
    return {"ends": ends, "rounds": expected_rounds, "pruned": pruned}


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

    def __init__(self, pairs: list):
        self.pairs = pairs
        self.m = len(pairs)
        first = pairs[0]
        self.kd = first.d.top
        self.width, self.spans, self.packed_d, self.blank = first.width, first.spans, first.packed_d, first.blank
        self.tops = [pair.a.top for pair in pairs]
        self.mask = int.from_bytes(b"\xff" * 8 + b"\0" * 8, "little") * _ones(self.m * (self.kd + 2 * self.width + 8))
        self.tables: dict[int, tuple] = {}
        self.live: list[int] = []
        self.coefficients: dict = {}
        self.next_rung: list = [None] * (max(self.tops) + 1)      # carry(k, k + 1), by k
        # ok_from[r]: the step from rung r + 1 up to rung r is the same for every pair still in play for a target
        # t ≥ ok_from[r] (a pair is in play below its last rung). Pairs by last rung, highest first.
        order = sorted(range(self.m), key=lambda k: -self.tops[k])
        self.reference = pairs[order[0]].a
        never = 1 << 62
        self.ok_from = []
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

    def settle(self, land, record, floor: float, below: float | None) -> float:
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
        firsts = []
        for pair in pairs:
            firsts.append(pair.pending or {})
            pair.pending = None
        settled = [{} for _ in pairs]
        lives: list[list] = [[] for _ in pairs]
        visits = 0.0
        starts = [min(first) for first in firsts if first]
        if not starts:
            return visits
        for t in range(min(starts), max(self.tops) + 1):
            live = self.live
            flows = self.inflow(t) if live and t - live[-1] < width and t < max(self.tops) else None
            rows: list = [None] * m
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
                F, over, retreated = pair.settle_row(t, inner, floor, None if below is None else pair.stops(t, below))
                if over:
                    record("attacker_wins", pair.a.armies[t], pair.d.armies[kd], over)
                for j, x in enumerate(retreated):
                    if x:
                        record("retreat", pair.a.armies[t], pair.d.armies[j], x)
                span = _live_span(F, kd)
                if span is not None:
                    settled[k][t] = (*span, F)
                    lives[k].append(t)
                    visits += sum(F)
                    rows[k] = (span, F)
            if any(rows):
                self.table(t, rows)
        return visits

    def round(self, rows: dict) -> dict:
        """One round from every live state of a one-pair stack: {target row: masses by column} after it.

        ``rows`` holds the pair's masses by row at the start of the round; a
        row's own moves are a source like any other here (l = 0).
        """
        pair = self.pairs[0]
        top = self.tops[0]
        self.tables, self.live = {}, []
        settled = {}
        for i in sorted(rows):
            span = _live_span(rows[i], self.kd)
            if span is not None:
                settled[i] = (*span, rows[i])
                self.table(i, [(span, rows[i])])
        live = self.live
        out: dict[int, list] = {}
        for target in range(live[0], min(top, live[-1] + self.width - 1) + 1) if live else ():
            total = pair.last_inflow(settled, live) if target == top else self.inflow(target)[0]
            if total is not None:
                out[target] = total
        return out

    def table(self, i: int, rows: list) -> None:
        """Row i's masses of every pair times the defender's law, the pairs side by side, for :meth:`inflow`.

        Slot ``((j − lo)·m + k)·W + l`` (W = the law's width) holds
        ``F_k[j]·D_j[l]``: one big-integer product per state instead of one
        float product per state and hit count, read in place (:func:`_table_view`).
        """
        lo = min(got[0][0] for got in rows if got)
        hi = max(got[0][1] for got in rows if got)
        pd, blank = self.packed_d[lo:hi], self.blank
        size = SLOT * self.width
        # Each pair's products column by column (zero masses give zero bytes), then interleaved column-major.
        columns = []
        for got in rows:
            if got is None:
                columns.append(repeat(blank, hi - lo))
            else:
                scaled = map(int, map(mul, got[1][lo:hi], repeat(SCALE)))
                columns.append([x.to_bytes(size, "little") for x in map(mul, scaled, pd)])
        parts = columns[0] if self.m == 1 else list(chain.from_iterable(zip(*columns)))
        self.tables[i] = (lo, hi, _table_view(parts))
        self.live.append(i)

    def carry(self, base: int, i: int, t: int) -> list | int | None:
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

    def _coefficients(self, base: int, i: int):
        law = [1.0]
        for r in range(base, i):
            for p in self.reference.steps[r]:
                law = _bern(law, p)
        # One pair: the steps as one packed polynomial, one product (many: a product per coefficient).
        got = self.coefficients[(base, i)] = _pack(law) if self.m == 1 else [int(c * SCALE) for c in law]
        return got

    def inflow(self, target: int) -> list:
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
        totals: list = [None] * m
        live = self.live
        acc = None
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
                    acc = ((acc * coefficients) >> SCALE_BITS) & mask
                else:
                    moved = acc * coefficients[0]
                    for s, c in enumerate(coefficients[1:], 1):
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

    def _flush(self, acc: int, acc_lo: int, base: int, target: int, totals: list) -> None:
        """Split the stacked fold by pair and convolve each part with its attacker's law at row ``base``."""
        m = self.m
        if m == 1:
            if target < self.tops[0]:
                if totals[0] is None:
                    totals[0] = [0.0] * (self.kd + 1)
                self.pairs[0]._flush_packed(acc, acc_lo, base, totals[0])
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
                pair._flush_packed(part, acc_lo, base, totals[k])
