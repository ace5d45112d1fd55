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
unless the victim has a destroyer (``Battle.sub_step``); under the printed sub
rule (docs/rules.md §2 "The sub step") subs facing a destroyer fire with the
main groups, and where those groups' targets are not nested their hits are
placed at once by the engine's ``allocate`` (``Fleet.together``); the end of a round
(defenseless transports, ``decided``) is the engine's ``Battle``, through
:class:`chain.Chain`. Subs never submerge: the policy of the engine's own
tables when nobody decides (``Quiet``, the seeded simulation), so the
calculator and a seeded battle answer the same question.

Speed: each state is settled once. Hits taken never go down, so the states
are worked level by level (total hits taken by both sides), and a round that
changes nothing is divided out (1 / (1 − P(stay))), not iterated. Per side,
each army's one-hit successor per target set is worked out once, so the army
after k hits is a list lookup; the engine's groups are asked once per firing
force and victim's subs (of a stand-in victim, ``Fleet.__init__``); the laws
of hits are cached by the values fired. Where a side's sub strike and main
fire walk the same armies, their hits simply add up: one law along one walk
(``Fleet.line``, a convolution) instead of one per strike outcome. A state's
round is the outer product of two short lists per sub strike outcome; the
part that lands in a later row is owed to it by defender law (weights of the
same law summed) and spread once, when that row comes up.

Pruning, as the land chain's: laws are cut where their tails are below
``tail``, states reached with less than ``floor`` are dropped, and the mass
that went in and did not come out is reported as ``pruned``: every
probability is low by at most that.
"""

from __future__ import annotations

from collections import defaultdict
from heapq import heappop, heappush
from itertools import compress, count, product

from ..engine.army import Army
from ..engine.casualties import allocate
from ..engine.firing import Group, has_destroyer, has_subs, main_groups, sub_group
from ..engine.kinds import kinds
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


WORK_BUDGET = 20_000_000
"""Work units (a state settled counts ``STATE_WORK``, each of its round's entries ``ENTRY_WORK``, each outcome
pushed or law cell spread one) the chain may do before it gives way (:class:`TooMuchWork`): the states a sea
battle reaches depend on how its groups' targets cross (aircraft, subs, destroyers on both sides), which its
unit counts alone do not tell, so the chain counts its work as it goes and stops at a bound, whatever the
battle. Measured in CPython on these machines (process time, load 5, nine sea battles from 13 v 15 to 60 v 60,
among them fleets of subs and aircraft that cannot hit each other): 0.16–0.31 µs a unit, so about 3–6 s at
most; 60 a side of every ship type and fighters (1940-2e, bench/colored.py's dice baseline) needs 17 million."""
STATE_WORK = 40
ENTRY_WORK = 16
"""An entry of a state's round (an outcome of the sub strikes, ``Fleet.combos``) costs about as much as 16 cells
beside the cells it spreads: where two strikes' outcomes cross (subs on both sides, no destroyers) a state has
dozens of entries, and without this term such fleets ran at 0.6 µs a unit instead of 0.2–0.3."""
TOGETHER_WORK, PLACE_WORK = 4, 200
"""Work units per combination of hit counts placed at once (:meth:`Fleet.together`, the printed sub rule only),
and per such placement asked of the engine (its joint placement, ``casualties._place_together``, with the
chain's own handling of it: about 38 µs each in CPython, measured on 30 subs + 20 fighters + 10 bombers
against 20 subs + 20 destroyers + 10 fighters + 10 carriers, 1940-2e, where the rest of the work ran at
0.19 µs a unit)."""


class TooMuchWork(Exception):
    """The sea chain reached :data:`WORK_BUDGET`: the battle is given to Monte Carlo, or refused."""

    def __init__(self, work: int):
        super().__init__(f"the exact sea chain stopped after {work:,} units of work")
        self.work = work


class NotFleet(Exception):
    """The battle is not one this chain takes (an opening fire, a retreat rule, or counters that do not
    name one army): the general chain takes it."""


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
        table = kinds(ruleset)
        self.kind = {uid: table.casualty_class(uid) for uid, _ in start.units.counts}
        self.hits_of = table.hit_points
        self._groups: dict = {}                       # targets -> a group aimed at them (``after``, ``together``)
        pools = [0, 0, 0]
        for uid, _ in start.units.counts:
            pools[self.kind[uid]] += start.hit_points(ruleset, uid)
        self.pools = pools
        self.radix = (1, pools[0] + 1, (pools[0] + 1) * (pools[1] + 1))
        self.size = self.radix[2] * (pools[2] + 1)   # names run from 0 to size - 1
        self.armies: dict[int, Army] = {}
        self.index: dict[Army, int] = {}
        self.types: dict[int, int] = {}               # an id of the unit types present (what enemy groups read)
        self._types: dict[tuple, int] = {}
        self.destroyer: dict[int, bool] = {}
        # What enemy groups read of it besides its types, as an int: whether it has subs (bit 0) and, under the
        # printed sub rule only, whether it has a destroyer (bit 1: enemy subs then join the main fire).
        self.reads: dict[int, int] = {}
        self._printed = setup.sub_rule == "printed"
        self.force: dict[int, int] = {}               # an id of its units, damage aside (what its own fire reads)
        self.forces: list[Army] = []                  # an army of each force id
        self._forces: dict = {}
        self._next: dict = {}
        self._walks: dict = {}
        self._together: dict = {}
        self.placed = 0                               # joint placements asked of the engine (``together``)
        self.start = self.name(start)

    def name(self, army: Army) -> int:
        got = self.index.get(army)
        if got is not None:
            return got
        ruleset = self.setup.ruleset
        kind, hits_of = self.kind, self.hits_of
        taken = self.pools[:]               # hits taken per class: what the start could take less what is left
        for uid, n in army.units.counts:
            taken[kind[uid]] -= n * hits_of[uid]
        for uid, n in army.damaged.counts:
            taken[kind[uid]] += n
        got = taken[0] + taken[1] * self.radix[1] + taken[2] * self.radix[2]
        other = self.armies.get(got)
        if other is not None and other != army:
            raise NotFleet(f"{self.role}: {other} and {army} take the same hits per class")
        self.index[army] = got
        if other is None:
            self.armies[got] = army
            key = tuple(uid for uid, _ in army.units.counts)
            self.types[got] = self._types.setdefault(key, len(self._types))
            self.destroyer[got] = has_destroyer(ruleset, army)
            self.reads[got] = has_subs(ruleset, army) | (self._printed and self.destroyer[got]) << 1
            force = self._forces.get(army.units)
            if force is None:
                force = self._forces[army.units] = len(self.forces)
                self.forces.append(army)
            self.force[got] = force
        return got

    def after(self, i: int, targets: frozenset) -> int:
        key = (i, targets)
        nexts = self._next
        if key in nexts:                   # ``in`` and a subscript, not a .get call (dearer in Pyodide)
            return nexts[key]
        got = nexts[key] = self._placed(i, ((targets, 1),))
        return got

    def together(self, i: int, targets: tuple, counts: tuple) -> int:
        """The army after ``counts`` hits of groups aimed at ``targets``, placed at once (the engine's
        ``allocate``, which places hits of groups whose targets are not nested jointly); cached."""
        key = (i, targets, counts)
        got = self._together.get(key)
        if got is None:
            self.placed += 1
            got = self._together[key] = self._placed(i, zip(targets, counts))
        return got

    def _placed(self, i: int, hits) -> int:
        """The name of army ``i`` once the engine's ``allocate`` has placed ``hits`` ((targets, count) pairs)."""
        groups = self._groups
        shots = []
        for aim, k in hits:
            group = groups.get(aim)
            if group is None:
                group = groups[aim] = Group("enemy", "one", (), (), aim, ())
            shots.append((group, k))
        army = self.armies[i]
        cas = allocate(self.setup, army, shots, self.order)
        return self.name(army.after(cas.lost, cas.damaged)) if cas else i

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
        self._subs: dict = {"attacker": {}, "defender": {}}
        self._mains: dict = {"attacker": {}, "defender": {}}
        self._land: dict = {"attacker": {}, "defender": {}}
        self._hits: dict = {"attacker": {}, "defender": {}}
        self._struck: dict = {"attacker": {}, "defender": {}}
        self._lines: dict = {"attacker": {}, "defender": {}}
        self._convs: dict = {}
        self._sigs: dict = {}
        self.work = 0                      # law cells worked out for its caches (counted by ``solve``'s budget)
        self.budget = WORK_BUDGET          # ``solve`` sets its own
        self._shift = max(side.size for side in self.sides.values()).bit_length()
        ruleset = setup.ruleset
        # What the engine's groups read of their victim (``firing._split``, ``firing._targets``,
        # ``firing.subs_join_main``): whether it has subs, under the printed sub rule whether it has a destroyer
        # (``Side.reads``), and which of its types may be hit. Asked of a stand-in with the same subs and
        # destroyers and every other type the victim ever had, the groups are the same and their targets a
        # superset (a type not present is skipped by ``allocate``): one engine call per firing force and what
        # the groups read of the victim, not per pair of armies.
        self._victims = {}
        printed = setup.sub_rule == "printed"
        table = kinds(ruleset)
        subs, destroyers = table.subs, table.destroyers     # ``Army.without`` skips the types not present
        for role, army in start.items():
            # Indexed by ``Side.reads``: bit 0 subs kept, bit 1 destroyers kept (only read under the printed rule).
            self._victims[role] = ([army.without(subs | destroyers), army.without(destroyers), army.without(subs), army]
                                   if printed else [army.without(subs), army])

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

    def sub_strike(self, role: str, force: int, reads: int):
        """The engine's ``sub_group`` of ``role`` (None, or (targets, law)), by firing force and what it reads of
        the victim (``Side.reads``)."""
        cache = self._subs[role]
        key = 4 * force + reads
        if key in cache:                   # ``in`` and a subscript, not a .get call (dearer in Pyodide)
            return cache[key]
        army = self.sides[role].forces[force]
        stand_in = self._victims["defender" if role == "attacker" else "attacker"][reads]
        group = sub_group(self.setup, role, army, stand_in)
        got = cache[key] = None if group is None or not group.fires else (group.targets, self.law(group))
        return got

    def main(self, role: str, force: int, reads: int) -> int:
        """An id of the engine's ``main_groups`` of ``role`` (laws and targets), by firing force and what it reads
        of the victim (``Side.reads``)."""
        cache = self._mains[role]
        key = 4 * force + reads
        if key in cache:
            return cache[key]
        army = self.sides[role].forces[force]
        stand_in = self._victims["defender" if role == "attacker" else "attacker"][reads]
        groups = main_groups(self.setup, role, army, stand_in)
        # allocate places the groups with the fewest targets first.
        sig = tuple((g.targets, self.law(g)) for g in sorted(groups, key=lambda g: len(g.targets)))
        got = cache[key] = self._sigs.setdefault(sig, len(self._sigs))
        self._sigs.setdefault(("of", got), sig)
        return got

    def land(self, role: str, victim: int, sig: int) -> tuple:
        """(armies after, their p) for the hits of one set of enemy main groups on ``victim`` (names; cached)."""
        cache = self._land[role]
        key = (sig << self._shift) | victim
        if key in cache:
            return cache[key]
        side = self.sides[role]
        groups = self._sigs[("of", sig)]
        if len(groups) == 1:
            # One group (no aircraft kept off subs): the armies after lo, lo + 1, … hits, the law as it is
            # while targets last, the rest of it on the last army.
            targets, (lo, probs) = groups[0]
            path = side.walk(victim, targets, lo + len(probs) - 1)
            if len(path) >= lo + len(probs):
                got = cache[key] = (tuple(path[lo:lo + len(probs)]), probs)
                return got
        else:
            targets = [targets for targets, _ in groups]            # fewest first (``main``)
            if not all(a <= b for a, b in zip(targets, targets[1:])):
                got = cache[key] = self.together(role, victim, groups)
                return got
            got = self.line(role, victim, None, sig)
            if got is not None:
                cache[key] = got
                return got
        dist = {victim: 1.0}
        for targets, (lo, probs) in groups:
            out: dict = defaultdict(float)   # subscripts, not .get calls: cheaper, in Pyodide above all
            top = lo + len(probs) - 1
            self.work += len(dist) * len(probs)
            for state, mass in dist.items():
                path = side.walk(state, targets, top)
                last = len(path) - 1
                for k, p in enumerate(probs, lo):
                    out[path[k] if k <= last else path[last]] += mass * p
            dist = out
        got = cache[key] = (tuple(dist), tuple(dist.values()))
        return got

    def together(self, role: str, victim: int, groups: tuple) -> tuple:
        """(armies after, their p) for groups whose targets are not nested (the printed sub rule: sub hits, which
        never take aircraft, beside aircraft hits that cannot take subs): every combination of the groups' hit
        counts placed at once, as the engine's ``allocate`` places them (docs/rules.md §2 "The sub step")."""
        side = self.sides[role]
        targets = tuple(targets for targets, _ in groups)
        laws = [law for _, law in groups]
        out: dict = defaultdict(float)
        placed, combos = side.placed, 0
        for counts in product(*(range(lo, lo + len(probs)) for lo, probs in laws)):
            p = 1.0
            for k, (lo, probs) in zip(counts, laws):
                p *= probs[k - lo]
            out[side.together(victim, targets, counts)] += p
            combos += 1
        self.work += TOGETHER_WORK * combos + PLACE_WORK * (side.placed - placed)
        if self.work > self.budget:
            raise TooMuchWork(self.work)   # one row may need thousands of these: checked here, not per row only
        return tuple(out), tuple(out.values())

    def struck(self, role: str, victim: int, force: int) -> list:
        """[(victim after, p)] of the enemy force's sub strike on ``victim`` (names; cached by the strike's law)."""
        strike = self.sub_strike("defender" if role == "attacker" else "attacker", force, self.sides[role].reads[victim])
        cache = self._struck[role]
        key = (victim, id(strike))
        if key in cache:
            return cache[key]
        if strike is None:
            got = cache[key] = [(victim, 1.0)]
            return got
        targets, (lo, probs) = strike
        path = self.sides[role].walk(victim, targets, lo + len(probs) - 1)
        last = len(path) - 1
        out: dict = defaultdict(float)
        for k, p in enumerate(probs, lo):
            out[path[k] if k <= last else path[last]] += p
        got = cache[key] = list(out.items())
        return got

    def hit(self, role: str, victim: int, striker: int, firer: int) -> tuple:
        """(armies after, their p) of ``victim`` once the enemy's sub strike (force ``striker``) and then its main
        fire (force ``firer``) have landed, the strike's casualties staying to fire (the victim has a destroyer).

        Cached by what it reads: the strike's law and the main fire's groups at a victim with subs and without."""
        other = "defender" if role == "attacker" else "attacker"
        reads, main = self.sides[role].reads, self.main
        # The strike may take the victim's last sub (never a destroyer: under the printed rule a victim with one
        # takes no strike), so what the main fire reads of it is ``reads[victim]``, its subs bit perhaps cleared.
        strike = self.sub_strike(other, striker, reads[victim])
        sig, without = main(other, firer, reads[victim]), main(other, firer, reads[victim] & 2)
        cache = self._hits[role]
        key = (victim, id(strike), sig, without)
        if key in cache:
            return cache[key]
        got = None
        if strike is not None:
            got = self.line(role, victim, strike, sig)
        if got is None:
            land = self.land
            outcomes = self.struck(role, victim, striker)
            self.work += 4 * len(outcomes)
            got = _mix([(p, land(role, v1, sig if reads[v1] & 1 else without)) for v1, p in outcomes])
        cache[key] = got
        return got

    def line(self, role: str, victim: int, strike, sig: int):
        """The strike (or None) and then the main groups ``sig`` on ``victim`` as one law along one walk, or None.

        Hits are placed one at a time (``allocate``), so when every group's
        walk from ``victim`` is the walk of the widest targets for as many
        hits as can come, their hits add up: the armies after are that walk's,
        and their law is the convolution of the groups' laws (cached by laws,
        a few per battle). Else (an aircraft's hit would skip a sub, a sub's
        an aircraft) None, and the groups are placed one by one.

        What fires after the strike reads whether the victim still has subs
        (aircraft without a destroyer cannot hit them: their own group), and
        the strike may take the last one. That needs no check of its own:
        where it changes the groups, ``sig`` holds such an aircraft group, whose
        walk skips the sub the strike's walk takes, so the walks part and the
        answer is None.
        """
        cache = self._lines[role]
        key = (victim, id(strike), sig)
        if key in cache:
            return cache[key]
        groups = ((strike,) if strike is not None else ()) + self._sigs[("of", sig)]
        if not groups:
            cache[key] = None
            return None
        widest = max((targets for targets, _ in groups), key=len)
        top = sum(lo + len(probs) - 1 for _, (lo, probs) in groups)
        side = self.sides[role]
        ref = side.walk(victim, widest, top)
        n = min(top + 1, len(ref))
        ok = all(targets <= widest for targets, _ in groups)
        reach = 0                          # the most hits placed once this group has fired
        for targets, (lo, probs) in groups:
            reach += lo + len(probs) - 1
            if ok and targets != widest:
                upto = min(reach + 1, len(ref))
                ok = side.walk(victim, targets, reach)[:upto] == ref[:upto]
        got = None
        if ok:
            lo, probs = self.convolved(tuple(law for _, law in groups))
            if lo + len(probs) <= n:
                got = (tuple(ref[lo:lo + len(probs)]), probs)
            elif lo >= n:
                got = ((ref[n - 1],), (sum(probs),))
            else:
                # Hits beyond the last army the walk reaches are lost: their chance stays on it.
                states = ref[lo:n]
                kept = list(probs[:len(states)])
                kept[-1] += sum(probs[len(states):])
                got = (tuple(states), tuple(kept))
        cache[key] = got
        return got

    def convolved(self, laws: tuple) -> tuple:
        """The law of the sum of independent hit counts, each (first count, probabilities)."""
        key = tuple(map(id, laws))
        got = self._convs.get(key)
        if got is None:
            lo, probs = laws[0]
            for lo2, probs2 in laws[1:]:
                out = [0.0] * (len(probs) + len(probs2) - 1)
                for i, p in enumerate(probs):
                    for j, q in enumerate(probs2):
                        out[i + j] += p * q
                lo, probs = lo + lo2, tuple(out)
            got = self._convs[key] = (lo, tuple(probs))
        return got

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
        fa, fd = A.force[ia], D.force[id_]
        hit, land, main = self.hit, self.land, self.main
        if D.destroyer[id_]:
            # The defender's strike casualties still fire: the defender fires as ``id_`` whatever the attacker's
            # strike did.
            if A.destroyer[ia]:
                return [(1.0, hit("attacker", ia, fd, fd), hit("defender", id_, fa, fa))]
            subs_a = A.reads
            return [(p2, land("attacker", a1, main("defender", fd, subs_a[a1])), hit("defender", id_, fa, A.force[a1]))
                    for a1, p2 in self.struck("attacker", ia, fd)]
        out = []
        subs_a, subs_d = A.reads, D.reads
        for d1, p1 in self.struck("defender", id_, fa):
            fd1 = D.force[d1]
            if A.destroyer[ia]:
                out.append((p1, hit("attacker", ia, fd1, fd1), land("defender", d1, main("attacker", fa, subs_d[d1]))))
            else:
                for a1, p2 in self.struck("attacker", ia, fd1):
                    out.append((p1 * p2, land("attacker", a1, main("defender", fd1, subs_a[a1])),
                                land("defender", d1, main("attacker", A.force[a1], subs_d[d1]))))
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


def solve(setup: BattleSetup, start: dict, tail: float, floor: float, rounds: int | None = None,
          budget: int | None = None) -> dict:
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
    limit = fleet.budget = WORK_BUDGET if budget is None else budget
    A, D = fleet.sides["attacker"], fleet.sides["defender"]
    m = fleet.m
    ends: dict = {}
    end_of_round = Ending(chain, fleet)

    def record(outcome: str, key: int, p: float):
        ia, id_ = divmod(key, m)
        k = (outcome, A.armies[ia], D.armies[id_])
        ends[k] = ends.get(k, 0.0) + p

    if rounds is not None:
        return _by_rounds(fleet, A.start * m + D.start, min(rounds, MAX_ROUNDS), end_of_round, record, ends, floor,
                          limit)
    # A row (an attacker army) is filled from two places: ``rows``, dense masses over the defender's names, and
    # ``owed``, what earlier rows sent it as {defender law: its weight}. Many states send mass to the same row
    # through the same defender law (the law of one defender army under one enemy fire, cached by ``Fleet``):
    # their weights are summed first and the law spread over the row once, when the row comes up.
    rows: dict[int, list] = {}
    owed: dict[int, dict] = {}
    laws: dict[int, tuple] = {}
    pending: list[int] = []

    def row_of(ia: int) -> list:
        row = rows.get(ia)
        if row is None:
            row = rows[ia] = [0.0] * m
            if ia not in owed:
                heappush(pending, ia)
        return row

    def owed_to(ia: int) -> dict:
        got = owed[ia] = defaultdict(float)
        if ia not in rows:
            heappush(pending, ia)
        return got

    expected_rounds = 1.0              # round 1, fought from the start (as chain.solve: not divided out)
    for p, (sa, pa_), (sd, pd_) in fleet.combos(A.start, D.start):
        for a2, pa in zip(sa, pa_):
            row = row_of(a2)
            c = p * pa
            for d2, pd in zip(sd, pd_):
                row[d2] += c * pd
    combos = fleet.combos
    work = 0
    while pending:
        ia = heappop(pending)
        row = rows.pop(ia, None) or [0.0] * m
        for key, weight in owed.pop(ia, {}).items():
            sd, pd_ = laws[key]
            work += len(sd)
            for d2, pd in zip(sd, pd_):
                row[d2] += weight * pd
        if work + fleet.work > limit:
            raise TooMuchWork(work + fleet.work)
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
            work += STATE_WORK
            for p, (sa, pa_), on_d in todo:
                c0 = p * scale
                work += ENTRY_WORK + len(sa) + (len(on_d[0]) if sa[0] == ia else 0)
                key = id(on_d)
                laws[key] = on_d
                for a2, pa in zip(sa, pa_):
                    if a2 == ia:
                        c = c0 * pa       # this row: at once (it reaches columns still to come)
                        for d2, pd in zip(*on_d):
                            row[d2] += c * pd
                    else:
                        try:
                            owed[a2][key] += c0 * pa
                        except KeyError:
                            owed_to(a2)[key] += c0 * pa
            row[id_] = 0.0                    # its own share (stay) is divided out above
    pruned = max(0.0, 1.0 - sum(ends.values()))
    return {"ends": ends, "rounds": expected_rounds, "pruned": pruned, "work": work + fleet.work}


def _by_rounds(fleet: Fleet, start: int, limit: int, end_of_round, record, ends: dict, floor: float,
               budget: int) -> dict:
    m = fleet.m
    live = {start: 1.0}
    expected_rounds = 0.0
    work = 0
    for _ in range(limit):
        if not live:
            break
        expected_rounds += sum(live.values())
        nxt: dict = {}
        for key, mass in live.items():
            if mass < floor:
                continue
            step = fleet.round_from(*divmod(key, m))
            work += STATE_WORK + len(step)
            if work + fleet.work > budget:
                raise TooMuchWork(work + fleet.work)
            for k2, p in step.items():
                moved, done = end_of_round(*divmod(k2, m))
                if done is not None:
                    record(done, moved, mass * p)
                else:
                    nxt[moved] = nxt.get(moved, 0.0) + mass * p
        live = nxt
    for key, mass in live.items():
        record("in_progress", key, mass)
    pruned = max(0.0, 1.0 - sum(ends.values()))
    return {"ends": ends, "rounds": expected_rounds, "pruned": pruned, "work": work + fleet.work}
