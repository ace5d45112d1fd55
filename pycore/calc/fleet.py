"""The exact chain for sea battles: a side's state is the hits taken by each class of casualty.

Why a class and not one ladder (the land chain, ``ladder.py``): at sea not
every hit may land on every unit (docs/rules.md §2): a sub's hit never falls on
an aircraft, an aircraft without a friendly destroyer never hits a sub. So
the army after ``k`` hits depends on which groups scored them. But within
one *class* of casualty — the unit types every group may hit alike: subs,
aircraft, the other ships — the engine's ``allocate`` always takes the next
hit point in the same order (intact two-hit units first, then the order of
loss, defenseless transports last). A side's army is therefore fixed by the
hits taken per class, (subs, aircraft, ships): a few counters, packed in one
integer (mixed radix), and a battle state is two such integers.

No rule is written here (the ladder's principle, docs/rules.md § The
calculator). Every army comes from the engine's ``allocate`` and
``Army.after``, one hit at a time, and the counters are only its name: an
army met twice under one name would stop this chain (:class:`NotFleet`) and
hand the battle to the general chain. What fires in a step is the engine's
``sub_group`` and ``main_groups``; the sub strike's casualties leave at once
unless the victim has a destroyer (``Battle.sub_step``); the end of a round
(defenseless transports, ``decided``) is the engine's ``Battle``, through
:class:`chain.Chain`. Subs never submerge: the policy of the engine's own
tables when nobody decides (``Quiet``, the seeded simulation), so the
calculator and a seeded battle answer the same question.

Speed: each state is settled once. Hits taken never go down, so the states
are worked level by level (total hits taken by both sides), and a round that
changes nothing is divided out (1 / (1 − P(stay))), not iterated. Per side,
each army's one-hit successor per target set is worked out once, so the army
after k hits is a list lookup; the laws of hits are cached by the values
fired; a state's round is the outer product of two short lists per sub
strike outcome.

Pruning, as the land chain's: laws are cut where their tails are below
``tail``, states reached with less than ``floor`` are dropped, and the mass
that went in and did not come out is reported as ``pruned``: every
probability is low by at most that.
"""

from __future__ import annotations

from collections import defaultdict
from heapq import heappop, heappush
from itertools import compress, count

from ..engine.army import Army
from ..engine.casualties import allocate
from ..engine.firing import Group, has_destroyer, main_groups, sub_group
from ..engine.sequence import MAX_ROUNDS
from ..engine.setup import BattleSetup
from ..forces import Force
from .chain import Chain
from .ladder.packing import trim
from .ladder.rungs import hit_law

CLASSES = ("subs", "air", "ships")
"""Classes of casualty: the sets of unit types that every group of the engine hits alike (docs/rules.md §2)."""


_LAWS: dict = {}
"""(system id, tail, values, best of two): the trimmed float law of hits (systems named by their id alone)."""


class NotFleet(Exception):
    """The battle is not one this chain takes (an opening fire, a retreat rule, or counters that do not
    name one army): the general chain takes it."""


def _class_of(unit) -> int:
    if "submarine" in unit.abilities:
        return 0
    if unit.is_air:
        return 1
    return 2


class Side:
    """One side's armies, each named by its hits taken per class (one integer, mixed radix).

    ``after(i, targets)`` is the army after one more hit that may land on
    ``targets``: the engine's ``allocate`` with one hit, asked once per army
    and target set. ``walk(i, targets)`` lists the armies after 0, 1, 2, …
    such hits (the same as ``allocate`` with them all at once: it places hits
    one by one).
    """

    def __init__(self, setup: BattleSetup, role: str, start: Army):
        self.setup, self.role = setup, role
        ruleset = setup.ruleset
        self.order = setup.side(role).order_of_loss
        self.kind = {uid: _class_of(ruleset.unit(uid)) for uid, _ in start.units.counts}
        pools = [0, 0, 0]
        for uid, _ in start.units.counts:
            pools[self.kind[uid]] += start.hit_points(ruleset, uid)
        self.pools = pools
        self.radix = (1, pools[0] + 1, (pools[0] + 1) * (pools[1] + 1))
        self.size = self.radix[2] * (pools[2] + 1)   # names run from 0 to size - 1
        self.armies: dict[int, Army] = {}
        self.index: dict[Army, int] = {}
        self.level: dict[int, int] = {}               # hits taken in all
        self.types: dict[int, int] = {}               # an id of the unit types present (what enemy groups read)
        self._types: dict[tuple, int] = {}
        self.destroyer: dict[int, bool] = {}
        self._next: dict = {}
        self._walks: dict = {}
        self.start = self.name(start)

    def name(self, army: Army) -> int:
        got = self.index.get(army)
        if got is not None:
            return got
        ruleset = self.setup.ruleset
        left = [0, 0, 0]
        for uid, _ in army.units.counts:
            left[self.kind[uid]] += army.hit_points(ruleset, uid)
        taken = [p - q for p, q in zip(self.pools, left)]
        got = taken[0] + taken[1] * self.radix[1] + taken[2] * self.radix[2]
        other = self.armies.get(got)
        if other is not None and other != army:
            raise NotFleet(f"{self.role}: {other} and {army} take the same hits per class")
        self.index[army] = got
        if other is None:
            self.armies[got] = army
            self.level[got] = sum(taken)
            key = tuple(uid for uid, _ in army.units.counts)
            self.types[got] = self._types.setdefault(key, len(self._types))
            self.destroyer[got] = has_destroyer(ruleset, army)
        return got

    def after(self, i: int, targets: frozenset) -> int:
        key = (i, targets)
        nexts = self._next
        if key in nexts:                   # ``in`` and a subscript, not a .get call (dearer in Pyodide)
            return nexts[key]
        army = self.armies[i]
        cas = allocate(self.setup, army, [(Group("enemy", "one", (), (), targets, ()), 1)], self.order)
        got = nexts[key] = self.name(army.after(cas.lost, cas.damaged)) if cas else i
        return got

    def walk(self, i: int, targets: frozenset, hits: int) -> list:
        """The armies after 0, 1, …, ``hits`` hits on ``targets`` (names); it stops growing where no target is left."""
        key = (i, targets)
        walks = self._walks
        if key in walks:
            path = walks[key]
            if len(path) > hits:
                return path
        else:
            path = walks[key] = [i]
        while len(path) <= hits:
            last = path[-1]
            nxt = self.after(last, targets)
            if nxt == last:
                break
            path.append(nxt)
        return path


class Fleet:
    """The transitions of one sea battle between named armies (see the module's docstring)."""

    def __init__(self, setup: BattleSetup, start: dict, tail: float):
        self.setup = setup
        self.tail = tail
        self.sides = {role: Side(setup, role, start[role]) for role in ("attacker", "defender")}
        self.m = self.sides["defender"].size
        self._laws: dict = {}
        self._subs: dict = {}
        self._mains: dict = {}
        self._land: dict = {}
        self._sigs: dict = {}

    def law(self, group: Group) -> tuple:
        """(first hit count kept, probabilities) of one group's hits, tails below ``tail`` cut."""
        key = (group.values, group.best_of_two)
        got = self._laws.get(key)
        if got is None:
            system = self.setup.system
            # A system named by its id alone (no options: dice, Low Luck) has one law per values:
            # kept across calculations, as the ladder keeps its chances.
            shared = (system.id, self.tail) + key if system.spec() == {"name": system.id} else None
            got = _LAWS.get(shared) if shared is not None else None
            if got is None:
                lo, probs = trim(hit_law(system, group.values, group.best_of_two), self.tail)
                got = (lo, tuple(probs))
                if shared is not None:
                    _LAWS[shared] = got
            self._laws[key] = got
        return got

    def sub_strike(self, role: str, shooter: int, victim: int):
        """The engine's ``sub_group`` of ``role`` (None, or (targets, law)), by shooter and the victim's types."""
        side, other = self.sides[role], self.sides["defender" if role == "attacker" else "attacker"]
        key = (role, shooter, other.types[victim])
        if key in self._subs:
            return self._subs[key]
        # What fires depends on the units, not on which are damaged: asked once per force.
        army = side.armies[shooter]
        wide = (role, army.units, other.types[victim])
        got = self._subs.get(wide, False)
        if got is False:
            group = sub_group(self.setup, role, army, other.armies[victim])
            got = self._subs[wide] = None if group is None or not group.fires else (group.targets, self.law(group))
        self._subs[key] = got
        return got

    def main(self, role: str, shooter: int, victim: int) -> int:
        """An id of the engine's ``main_groups`` of ``role`` (laws and targets), by shooter and the victim's types."""
        other = self.sides["defender" if role == "attacker" else "attacker"]
        key = (role, shooter, other.types[victim])
        if key in self._mains:
            return self._mains[key]
        army = self.sides[role].armies[shooter]
        wide = (role, army.units, other.types[victim])
        got = self._mains.get(wide)
        if got is None:
            groups = main_groups(self.setup, role, army, other.armies[victim])
            # allocate places the groups with the fewest targets first.
            sig = tuple((g.targets, self.law(g)) for g in sorted(groups, key=lambda g: len(g.targets)))
            got = self._mains[wide] = self._sigs.setdefault(sig, len(self._sigs))
            self._sigs.setdefault(("of", got), sig)
        self._mains[key] = got
        return got

    def land(self, role: str, victim: int, sig: int) -> tuple:
        """(armies after, their p) for the hits of one set of enemy main groups on ``victim`` (names; cached)."""
        key = (role, victim, sig)
        if key in self._land:
            return self._land[key]
        side = self.sides[role]
        groups = self._sigs[("of", sig)]
        if len(groups) == 1:
            # One group (no aircraft kept off subs): the armies after lo, lo + 1, … hits, the law as it is
            # while targets last, the rest of it on the last army.
            targets, (lo, probs) = groups[0]
            path = side.walk(victim, targets, lo + len(probs) - 1)
            if len(path) >= lo + len(probs):
                got = self._land[key] = (tuple(path[lo:lo + len(probs)]), probs)
                return got
        dist = {victim: 1.0}
        for targets, (lo, probs) in groups:
            out: dict = defaultdict(float)   # subscripts, not .get calls: cheaper, in Pyodide above all
            top = lo + len(probs) - 1
            for state, mass in dist.items():
                path = side.walk(state, targets, top)
                last = len(path) - 1
                for k, p in enumerate(probs, lo):
                    out[path[k] if k <= last else path[last]] += mass * p
            dist = out
        got = self._land[key] = (tuple(dist), tuple(dist.values()))
        return got

    def _strike(self, side: Side, victim: int, strike, mass: float) -> list:
        if strike is None:
            return [(victim, mass)]
        targets, (lo, probs) = strike
        path = side.walk(victim, targets, lo + len(probs) - 1)
        last = len(path) - 1
        got: dict = defaultdict(float)
        for k, p in enumerate(probs, lo):
            got[path[k] if k <= last else path[last]] += mass * p
        return list(got.items())

    def combos(self, ia: int, id_: int) -> list:
        """One round's fire from a state (docs/rules.md §2 (1)–(5)) as [(p, attacker after, defender after)].

        Each entry is one outcome of the sub strikes with the laws of the main
        fire that follows: given it, the two sides' armies after the round are
        independent, so the round's law is the sum of the entries' outer
        products. Casualties of a sub strike leave at once unless the victim
        has a destroyer (``Battle.sub_step``); when they stay to fire, what a
        side fires no longer depends on the strike it took, and the strikes'
        outcomes are summed before the outer product (one entry instead of
        one per outcome).
        """
        A, D = self.sides["attacker"], self.sides["defender"]
        ghosts_d = D.destroyer[id_]          # the defender's strike casualties still fire
        ghosts_a = A.destroyer[ia]
        land, main = self.land, self.main
        firsts = self._strike(D, id_, self.sub_strike("attacker", ia, id_), 1.0)
        if ghosts_d:
            # The defender fires as ``id_`` whatever the attacker's strike did: his strike and main fire on
            # the attacker do not depend on d1.
            seconds = self._strike(A, ia, self.sub_strike("defender", id_, ia), 1.0)
            if ghosts_a:
                on_a = _mix([(p2, land("attacker", a1, main("defender", id_, a1))) for a1, p2 in seconds])
                on_d = _mix([(p1, land("defender", d1, main("attacker", ia, d1))) for d1, p1 in firsts])
                return [(1.0, on_a, on_d)]
            return [(p2, land("attacker", a1, main("defender", id_, a1)),
                     _mix([(p1, land("defender", d1, main("attacker", a1, d1))) for d1, p1 in firsts]))
                    for a1, p2 in seconds]
        out = []
        for d1, p1 in firsts:
            seconds = self._strike(A, ia, self.sub_strike("defender", d1, ia), 1.0)
            if ghosts_a:
                out.append((p1, _mix([(p2, land("attacker", a1, main("defender", d1, a1))) for a1, p2 in seconds]),
                            land("defender", d1, main("attacker", ia, d1))))
            else:
                for a1, p2 in seconds:
                    out.append((p1 * p2, land("attacker", a1, main("defender", d1, a1)),
                                land("defender", d1, main("attacker", a1, d1))))
        return out

    def round_from(self, ia: int, id_: int) -> dict:
        """{attacker name · m + defender name: p} after one round's fire (before its end)."""
        m = self.m
        out: dict = {}
        for p, (sa, pa_), (sd, pd_) in self.combos(ia, id_):
            for a2, pa in zip(sa, pa_):
                c = p * pa
                base = a2 * m
                for d2, pd in zip(sd, pd_):
                    key = base + d2
                    out[key] = out.get(key, 0.0) + c * pd
        return out


def _mix(parts: list) -> tuple:
    """Σ p·law over (p, (states, probs)) parts, as (states, probs); the first state stays first."""
    if len(parts) == 1 and parts[0][0] == 1.0:
        return parts[0][1]
    out: dict = defaultdict(float)
    for p, (states, probs) in parts:
        for s, q in zip(states, probs):
            out[s] += p * q
    return tuple(out), tuple(out.values())


class Ending:
    """The engine's end of a round (``Battle.lose_lonely_transports``, ``decided``) by named armies.

    What it decides depends on which unit types each side has left (a side
    of transports alone, whether anybody can still hurt anybody: a type's
    value is its own, support only adds), so it is asked once per pair of
    type sets, of the engine itself (``Chain.end_of_round``), and read as
    (attacker wiped out, defender wiped out, outcome).
    """

    def __init__(self, chain: Chain, fleet: Fleet):
        self.chain = chain
        self.A, self.D = fleet.sides["attacker"], fleet.sides["defender"]
        self.m = fleet.m
        self._by_types: dict = {}
        empty = Army(Force(()))
        self.empty = (self.A.name(empty), self.D.name(empty))

    def __call__(self, ia: int, id_: int) -> tuple[int, str | None]:
        A, D = self.A, self.D
        key = (A.types[ia], D.types[id_])
        got = self._by_types[key] if key in self._by_types else None
        if got is None:
            a, d = A.armies[ia], D.armies[id_]
            a2, d2, done = self.chain.end_of_round(a, d)
            got = self._by_types[key] = (not a2 and bool(a), not d2 and bool(d), done)
        wipe_a, wipe_d, done = got
        return (self.empty[0] if wipe_a else ia) * self.m + (self.empty[1] if wipe_d else id_), done


def solve(setup: BattleSetup, start: dict, tail: float, floor: float, rounds: int | None = None) -> dict:
    """The law of the end of a sea battle: {"ends": {(outcome, attacker, defender): p}, "rounds", "pruned"}.

    Without a round limit each state is settled once: a round moves mass from
    ``(a, d)`` only to states whose counters are each at least as high, and a
    higher counter is a higher name (mixed radix), so rows (attacker names)
    are settled in increasing order, and within a row the columns (defender
    names) too; a state's chance to stay put is divided out (fought to the
    end, as the general chain and the ladder do). Rows are dense lists over
    the defender's names. With ``rounds`` the law is carried round by round,
    and what still fights is ``in_progress``. A sea battle has no opening fire
    (no AA gun, no bombardment), so a battle taken up in a later round
    ("odds from here") is solved the same way from its ``start`` armies.
    """
    if setup.kind != "sea":
        raise NotFleet("only sea battles (no AA gun, no bombardment)")
    chain = Chain(setup, exact=False, tail=tail, floor=floor, start=start)
    a0, d0, _ = chain.start()
    if chain.engine.decided() == "stalemate":
        return {"ends": {("stalemate", a0, d0): 1.0}, "rounds": 0.0, "pruned": 0.0}
    fleet = Fleet(setup, start, tail)
    A, D = fleet.sides["attacker"], fleet.sides["defender"]
    m = fleet.m
    ends: dict = {}
    end_of_round = Ending(chain, fleet)

    def record(outcome: str, key: int, p: float):
        ia, id_ = divmod(key, m)
        k = (outcome, A.armies[ia], D.armies[id_])
        ends[k] = ends.get(k, 0.0) + p

    if rounds is not None:
        return _by_rounds(fleet, A.start * m + D.start, min(rounds, MAX_ROUNDS), end_of_round, record, ends, floor)
    rows: dict[int, list] = {}
    pending: list[int] = []

    def row_of(ia: int) -> list:
        row = rows.get(ia)
        if row is None:
            row = rows[ia] = [0.0] * m
            heappush(pending, ia)
        return row

    expected_rounds = 1.0              # round 1, fought from the start (as chain.solve: not divided out)
    for p, (sa, pa_), (sd, pd_) in fleet.combos(A.start, D.start):
        for a2, pa in zip(sa, pa_):
            row = row_of(a2)
            c = p * pa
            for d2, pd in zip(sd, pd_):
                row[d2] += c * pd
    combos = fleet.combos
    while pending:
        ia = heappop(pending)
        row = rows.pop(ia)
        for id_ in compress(count(), row):   # lazily: pushes along the row land on later columns, seen in turn
            mass = row[id_]
            row[id_] = 0.0
            if mass < floor:
                continue                     # dropped: counted in ``pruned`` (mass in minus mass out)
            moved, done = end_of_round(ia, id_)
            if done is not None:
                record(done, moved, mass)
                continue
            if moved != ia * m + id_:
                ma, md = divmod(moved, m)    # lonely transports lost: higher counters, a later state
                (row if ma == ia else row_of(ma))[md] += mass
                continue
            todo = combos(ia, id_)
            stay = 0.0
            for p, (sa, pa_), (sd, pd_) in todo:
                if sa[0] == ia and sd[0] == id_:
                    stay += p * pa_[0] * pd_[0]
            if stay >= 1.0 - 1e-15:
                record("stalemate", ia * m + id_, mass)
                continue
            scale = mass / (1.0 - stay)
            expected_rounds += scale
            for p, (sa, pa_), (sd, pd_) in todo:
                c0 = p * scale
                for a2, pa in zip(sa, pa_):
                    if a2 == ia:
                        target = row
                    else:
                        try:
                            target = rows[a2]
                        except KeyError:
                            target = row_of(a2)
                    c = c0 * pa
                    for d2, pd in zip(sd, pd_):
                        target[d2] += c * pd
            row[id_] = 0.0                    # its own share (stay) is divided out above
    pruned = max(0.0, 1.0 - sum(ends.values()))
    return {"ends": ends, "rounds": expected_rounds, "pruned": pruned}


def _by_rounds(fleet: Fleet, start: int, limit: int, end_of_round, record, ends: dict, floor: float) -> dict:
    m = fleet.m
    live = {start: 1.0}
    expected_rounds = 0.0
    for _ in range(limit):
        if not live:
            break
        expected_rounds += sum(live.values())
        nxt: dict = {}
        for key, mass in live.items():
            if mass < floor:
                continue
            for k2, p in fleet.round_from(*divmod(key, m)).items():
                moved, done = end_of_round(*divmod(k2, m))
                if done is not None:
                    record(done, moved, mass * p)
                else:
                    nxt[moved] = nxt.get(moved, 0.0) + mass * p
        live = nxt
    for key, mass in live.items():
        record("in_progress", key, mass)
    pruned = max(0.0, 1.0 - sum(ends.values()))
    return {"ends": ends, "rounds": expected_rounds, "pruned": pruned}
