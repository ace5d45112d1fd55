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
  probabilities as 52-bit fixed point, one 14-byte slot per column), which
  CPython multiplies in C.

What is dropped is never guessed at: laws are cut where their tails are
below ``tail``, states reached with less than ``floor`` are dropped, and the
fixed point rounds down; all of it is measured, round by round, as the mass
that went in and did not come out (``pruned``). Every reported probability
is low by at most that.
"""

from __future__ import annotations

from operator import add, mul

from ..engine.army import Army
from ..engine.casualties import allocate
from ..engine.firing import Group, casualty_types, counts_as_force, main_groups, sub_group
from ..engine.setup import BattleSetup

SCALE_BITS = 52
SLOT = 14                      # bytes per column in the big-integer convolution: 2 × 52 bits + 8 bits of sums
SCALE = float(1 << SCALE_BITS)


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
        while counts_as_force(setup, army):
            generic = Group("enemy", "main", (), (), casualty_types(setup, army), ())
            cas = allocate(setup, army, [(generic, 1)], order)
            if keep_land:
                cas = _keep_land(setup, army, cas, order)
            army = army.after(cas.lost, cas.damaged)
            armies.append(army)
        self.armies = armies
        self.top = len(armies) - 1               # the rung where the side has nothing left that fights
        self.index = {a: k for k, a in enumerate(armies)}
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
        floats: dict = {}
        self.chances = [tuple(floats.get(p) or floats.setdefault(p, float(p)) for p in system.chances(*f))
                        if dice else None for f in fires]
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

    def of_firing(self, army: Army, enemy: Army, tail: float):
        """The trimmed law of an army that fires but is not on the ladder (casualties still firing in round 1)."""
        groups = main_groups(self.setup, self.role, army, enemy)
        if any(g.name != "main" for g in groups):
            raise NotLinear(self.role)
        if not groups:
            return 0, [1.0]
        return _trim(_law(self.setup.system, groups[0].values, groups[0].best_of_two), tail)


def _keep_land(setup, army: Army, cas, order):
    """The attacker's choice to keep one land unit alive to take the territory: an aircraft goes first."""
    ruleset = setup.ruleset
    land = [uid for uid, _ in army.units.counts if ruleset.unit(uid).domain == "land"
            and "anti_aircraft" not in ruleset.unit(uid).abilities]
    lost = dict(cas.lost)
    if not any(uid in lost for uid in land) or sum(army.count(uid) for uid in land) > 1:
        return cas
    air = next((uid for uid in order if army.count(uid) and ruleset.unit(uid).is_air), None)
    if air is None:
        return cas
    from ..engine.casualties import Casualties
    return Casualties({air: 1}, {})


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


def _span(values: list) -> tuple[int, int]:
    nonzero = [j for j, x in enumerate(values) if x]
    return (nonzero[0], nonzero[-1] + 1) if nonzero else (0, 0)


def _pack(values) -> int:
    """Fixed point, one SLOT-byte column each, lowest column first (probabilities are never negative)."""
    return int.from_bytes(b"".join([int(x * SCALE).to_bytes(SLOT, "little") for x in values]), "little")


def _unpack(number: int, count: int) -> list:
    data = number.to_bytes(SLOT * count + SLOT, "little")
    fb = int.from_bytes
    scale = SCALE * SCALE
    return [fb(data[k:k + SLOT], "little") / scale for k in range(0, SLOT * count, SLOT)]


class Pair:
    """The chain on one pair of ladders: a grid of mass, row i = hits the attacker took, column j = the defender's."""

    def __init__(self, attacker: Ladder, defender: Ladder):
        self.a, self.d = attacker, defender
        ka, kd = attacker.top, defender.top
        self.rows: dict[int, list] = {}
        # Column tables of the defender's law: col[l][j] = P(defender at rung j scores l hits), within its cut,
        # and tail[l][j] = P(l or more), for the row where the attacker is gone.
        width = max(lo + len(p) for lo, p in defender.cut[:kd]) if kd else 1
        self.col = [[0.0] * kd for _ in range(width)]
        for j in range(kd):
            lo, probs = defender.cut[j]
            for n, p in enumerate(probs):
                self.col[lo + n][j] = p
        self.width = width
        self.spans = [_span(col) for col in self.col]
        self.tails: dict[int, list] = {}
        self.packed: dict[int, tuple] = {}
        self.pending: dict | None = None     # round 1's states, worked out before any row exists

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

    def add(self, i: int, j: int, mass: float) -> None:
        row = self.rows.get(i)
        if row is None:
            row = self.rows[i] = [0.0] * self.d.top
        row[j] += mass

    def round(self) -> dict:
        """One round from every live state: {target row: masses by column} after it (terminal ones included).

        Each source row and each column of the defender's law is used only
        over the columns where both are non-zero.
        """
        a = self.a
        ka, kd = a.top, self.d.top
        rows = {}
        for i, row in self.rows.items():
            lo = next((j for j, x in enumerate(row) if x), None)
            if lo is None:
                continue
            hi = kd - next(j for j, x in enumerate(reversed(row)) if x)
            rows[i] = (lo, hi, row)
        live = sorted(rows)
        out: dict[int, list] = {}
        if not live:
            return out
        width = self.width
        spans = self.spans
        steps_of = a.steps
        first, last = live[0], min(ka, live[-1] + width - 1)
        for target in range(first, last + 1):
            acc = None
            acc_lo = 0
            base = 0
            total = None
            for i in live:
                if i > target:
                    break
                l = target - i
                if l >= width:
                    continue
                if target < ka:
                    col = self.col[l]
                    c_lo, c_hi = spans[l]
                else:
                    col, (c_lo, c_hi) = self.tail_col(l)
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
            if total is not None:
                out[target] = total
        return out

    def _flush(self, acc: list, acc_lo: int, source: int, total: list) -> None:
        """total += acc ⊛ law_a(source), folded at the defender's last rung (columns past it are gone)."""
        kd = self.d.top
        lo, n, packed = self.law_packed(source)
        product = _pack(acc) * packed
        values = _unpack(product, len(acc) + n - 1)
        start = acc_lo + lo
        inside = max(0, min(len(values), kd - start))
        if inside:
            total[start:start + inside] = map(add, total[start:start + inside], values[:inside])
        if inside < len(values):
            total[kd] += sum(values[inside:])


def outcome_of(i: int, j: int, ka: int, kd: int) -> str | None:
    if i >= ka and j >= kd:
        return "draw"
    if i >= ka:
        return "defender_wins"
    if j >= kd:
        return "attacker_wins"
    return None


def solve(setup: BattleSetup, opening: dict, tail: float, floor: float,
          retreat_at: int | None = None, keep_land: bool = False, limit: int = 100) -> dict:
    """The law of the battle's end from the states after round 1's opening fire.

    ``opening``: {(attacker, defender, attacker ghosts, defender ghosts): p}, as
    the general chain's opening steps leave them (ghosts: casualties that still
    fire in round 1). What still fights after ``limit`` rounds is ``in_progress``.
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
        for l, pl in enumerate(law_d, lo_d):
            for k, pk in enumerate(law_a, lo_a):
                i, j = min(i0 + l, la.top), min(j0 + k, ld.top)
                pair.pending[(i, j)] = pair.pending.get((i, j), 0.0) + mass * pl * pk
    expected_rounds = started
    pruned = 0.0
    number = 1
    sent = started
    while True:
        live_mass = 0.0
        landed = 0.0
        for pair in pairs.values():
            la, ld = pair.a, pair.d
            ka, kd = la.top, ld.top
            if pair.pending is not None:
                got: dict = {}
                for (i, j), x in pair.pending.items():
                    got.setdefault(i, [0.0] * (kd + 1))[j] += x
                pair.pending = None
            else:
                got = pair.round()
            pair.rows = {}
            for i, row in got.items():
                landed += sum(row)
                attacker = la.armies[i]
                if i >= ka:
                    for j, x in enumerate(row):
                        if x:
                            key = (outcome_of(i, j, ka, kd), attacker, ld.armies[j])
                            ends[key] = ends.get(key, 0.0) + x
                    continue
                if row[kd]:
                    key = ("attacker_wins", attacker, ld.armies[kd])
                    ends[key] = ends.get(key, 0.0) + row[kd]
                inner = row[:kd]
                rest = None
                if retreat_at is not None and attacker.size <= retreat_at:
                    rest = "retreat"
                elif number >= limit:
                    rest = "in_progress"
                if rest is None and la.silent[i]:
                    silent = ld.silent
                    for j, x in enumerate(inner):
                        if x and silent[j]:
                            key = ("stalemate", attacker, ld.armies[j])
                            ends[key] = ends.get(key, 0.0) + x
                            inner[j] = 0.0
                if rest is not None:
                    for j, x in enumerate(inner):
                        if x:
                            key = (rest, attacker, ld.armies[j])
                            ends[key] = ends.get(key, 0.0) + x
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
    return {"ends": ends, "rounds": expected_rounds, "pruned": pruned}
