"""What each side fires at the other, and where its hits take the victim: the sea chain's laws, cached.

What fires is the engine's ``sub_group`` and ``main_groups``, asked once
per firing force and what the groups read of the victim (of a stand-in
victim: see :class:`Fleet`); the law of a group's hits is the luck system's,
cut where its tails are below ``tail``. A victim's law under one enemy fire
is a list of armies after (names) and their chances, worked out once per
victim and fire:

* one group: the armies of one walk (one hit at a time, ``Side.walk``);
* nested groups (aircraft that cannot hit subs beside the rest, placed the
  narrowest first, as ``allocate`` does): the walk of the wider group from
  each army of the narrower one's walk, a grid of armies whose chances are
  the outer product of the two laws (no loop per law: the grid is read off
  the cached walks, the product is cached per pair of laws);
* targets that are not nested (the printed sub rule): every combination of
  hit counts placed at once by the engine's ``allocate`` (:meth:`together`).
"""

from __future__ import annotations

from itertools import chain

from ...engine.army import Army
from ...engine.firing import Group, main_groups, sub_group
from ...engine.kinds import kinds
from ...engine.setup import BattleSetup
from ..ladder.packing import trim
from ..ladder.rungs import hit_law
from .side import Side

MERGE_GRIDS = False
_LAWS: dict = {}
"""(system id, tail, values, best of two): the trimmed float law of hits (systems named by their id alone)."""

WORK_BUDGET = 20_000_000
"""Work units (a state settled counts ``STATE_WORK``, each law met at a state ``ENTRY_WORK``, each outcome pushed
or law cell spread one) the chain may do before it gives way (:class:`TooMuchWork`): the states a sea battle
reaches depend on how its groups' targets cross (aircraft, subs, destroyers on both sides), which its unit counts
alone do not tell, so the chain counts its work as it goes and stops at a bound, whatever the battle (its time
per unit: ``cost.FLEET_UNIT_SECOND``)."""
STATE_WORK = 40
ENTRY_WORK = 16
"""A law met at a state (a sub strike's outcome, or the main fire from a position after the strikes) costs about
as much as 16 cells beside the cells it spreads: where two strikes' outcomes cross (subs on both sides, no
destroyers) a state meets dozens."""
TOGETHER_WORK, PLACE_WORK = 4, 200
"""Work units per combination of hit counts placed at once (:meth:`Fleet.together`, the printed sub rule only),
and per such placement asked of the engine (its joint placement, ``casualties._place_together``, with the
chain's own handling of it)."""


class TooMuchWork(Exception):
    """The sea chain reached its bound of work: the battle is given to Monte Carlo, or refused."""

    def __init__(self, work: int):
        super().__init__(f"the exact sea chain stopped after {work:,} units of work")
        self.work = work


class Fleet:
    """The two sides of one sea battle, what each fires at the other and the victims' laws (cached)."""

    def __init__(self, setup: BattleSetup, start: dict, tail: float):
        self.setup = setup
        self.tail = tail
        self.sides = {role: Side(setup, role, start[role]) for role in ("attacker", "defender")}
        self.m = self.sides["defender"].size
        self._laws: dict = {}
        self._outer: dict = {}
        self._convs: dict = {}
        self._grids: dict = {"attacker": {}, "defender": {}}  # (target ids, victim) -> the wider group's walks
        self.strikes: dict = {"attacker": {}, "defender": {}}   # 4·force + reads -> None or (target id, law, id)
        self._strike_ids: dict = {}
        self.mains: dict = {"attacker": {}, "defender": {}}     # 4·force + reads -> sig
        self.groups: list[tuple] = []       # sig -> ((target id, law), …), the narrowest targets first
        self.nested: list[bool] = []        # sig -> whether its groups' targets are nested (``allocate``'s order)
        self._sigs: dict = {}
        self.land_of: dict = {"attacker": {}, "defender": {}}   # sig << shift | victim -> (names, probs)
        self._struck: dict = {"attacker": {}, "defender": {}}
        self._hits: dict = {"attacker": {}, "defender": {}}
        self._spared: dict = {"attacker": {}, "defender": {}}
        self.work = 0                      # law cells worked out for its caches (counted by the chain's bound)
        self.budget = WORK_BUDGET          # the chain sets its own
        # What the engine's groups read of their victim (``firing._split``, ``firing._targets``,
        # ``firing.subs_join_main``): whether it has subs, under the printed sub rule whether it has a destroyer
        # (``Side.reads``), and which of its types may be hit. Asked of a stand-in with the same subs and
        # destroyers and every other type the victim ever had, the groups are the same and their targets a
        # superset (a type not present is skipped by ``allocate``): one engine call per firing force and what
        # the groups read of the victim, not per pair of armies.
        self._victims = {}
        printed = setup.sub_rule == "printed"
        table = kinds(setup.ruleset)
        subs, destroyers = table.subs, table.destroyers     # ``Army.without`` skips the types not present
        for role, army in start.items():
            # Indexed by ``Side.reads``: bit 0 subs kept, bit 1 destroyers kept (only read under the printed rule).
            self._victims[role] = ([army.without(subs | destroyers), army.without(destroyers), army.without(subs), army]
                                   if printed else [army.without(subs), army])

    # -- what fires --------------------------------------------------------------------------
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

    def _stand_in(self, role: str, reads: int) -> Army:
        return self._victims["defender" if role == "attacker" else "attacker"][reads]

    def sub_strike(self, role: str, force: int, reads: int):
        """The engine's ``sub_group`` of ``role`` (None, or (target id, law, an id of the two)), by firing force
        and what it reads of the victim (``Side.reads``)."""
        cache = self.strikes[role]
        key = 4 * force + reads
        if key in cache:                   # ``in`` and a subscript, not a .get call (dearer in Pyodide)
            return cache[key]
        group = sub_group(self.setup, role, self.sides[role].forces[force], self._stand_in(role, reads))
        got = None
        if group is not None and group.fires:
            victim = self.sides["defender" if role == "attacker" else "attacker"]
            aim = (victim.target(group.targets), self.law(group))
            got = self._strike_ids.get(aim)
            if got is None:
                got = self._strike_ids[aim] = aim + (len(self._strike_ids),)
        cache[key] = got
        return got

    def main(self, role: str, force: int, reads: int) -> int:
        """An id (sig) of the engine's ``main_groups`` of ``role`` (laws and targets), by firing force and what
        it reads of the victim (``Side.reads``)."""
        cache = self.mains[role]
        key = 4 * force + reads
        if key in cache:
            return cache[key]
        groups = main_groups(self.setup, role, self.sides[role].forces[force], self._stand_in(role, reads))
        victim = self.sides["defender" if role == "attacker" else "attacker"]
        # allocate places the groups with the fewest targets first.
        ordered = sorted(groups, key=lambda g: len(g.targets))
        sig = tuple((victim.target(g.targets), self.law(g)) for g in ordered)
        got = self._sigs.get(sig)
        if got is None:
            got = self._sigs[sig] = len(self.groups)
            self.groups.append(sig)
            self.nested.append(all(a.targets <= b.targets for a, b in zip(ordered, ordered[1:])))
        cache[key] = got
        return got

    def main_fire(self, ia: int, id_: int) -> tuple:
        """(attacker's law, defender's law) of the main fire between two armies whose strikes' casualties are
        gone (each fires as it is, at the other as it is)."""
        A, D = self.sides["attacker"], self.sides["defender"]
        fd, ra = D.force[id_], A.reads[ia]
        fa, rd = A.force[ia], D.reads[id_]
        mains = self.mains["defender"]
        key = 4 * fd + ra
        sig_d = mains[key] if key in mains else self.main("defender", fd, ra)
        mains = self.mains["attacker"]
        key = 4 * fa + rd
        sig_a = mains[key] if key in mains else self.main("attacker", fa, rd)
        lands = self.land_of["attacker"]
        key = (sig_d << A.shift) | ia
        law_a = lands[key] if key in lands else self.land("attacker", ia, sig_d)
        lands = self.land_of["defender"]
        key = (sig_a << D.shift) | id_
        return law_a, lands[key] if key in lands else self.land("defender", id_, sig_a)

    # -- where the hits land -----------------------------------------------------------------
    def land(self, role: str, victim: int, sig: int) -> tuple:
        """(armies after, their p) for the hits of one set of enemy main groups on ``victim`` (names; cached).

        The victim's own army, where it can be among them, comes first."""
        side = self.sides[role]
        cache = self.land_of[role]
        key = (sig << side.shift) | victim
        if key in cache:
            return cache[key]
        groups = self.groups[sig]
        if not groups:
            got = ((victim,), (1.0,))
        elif len(groups) == 1:
            got = _along(side, victim, *groups[0])
        elif not self.nested[sig]:
            got = self.together(role, victim, groups)
        elif len(groups) == 2:
            got = self._grid(side, victim, groups)
        else:
            got = self._one_by_one(side, victim, groups)
        cache[key] = got
        return got

    def _grid(self, side: Side, victim: int, groups: tuple) -> tuple:
        """Two nested groups: the narrower's walk, and from each of its armies the wider's (a grid of armies, the
        laws' outer product as their chances). Where a walk runs out of targets its hits are lost: the last army
        recurs (only the victim's own army must not, and it cannot: the narrower group has something to hit)."""
        (t1, law1), (t2, law2) = groups
        lo1, p1 = law1
        lo2, p2 = law2
        n1, n2 = len(p1), len(p2)
        path1 = side.walk(victim, t1, lo1 + n1 - 1)
        if len(path1) == 1:
            # The narrower group has nothing to hit here: its hits are lost, the wider group's law is the victim's.
            got = _along(side, victim, t2, law2)
            scale = sum(p1)
            return got[0], tuple([p * scale for p in got[1]])
        top2 = lo2 + n2 - 1
        key = (((t1 << 8) | t2) << side.shift) | victim
        grids = self._grids[side.role]
        rows = grids.get(key)
        if rows is None:
            rows = grids[key] = []
        # The wider group's walk from each army of the narrower's walk (the Side's own lists: they grow in place).
        last1 = len(path1) - 1
        first, last = min(lo1, last1), min(last1, lo1 + n1 - 1)
        if len(rows) <= last:
            rows += [None] * (last + 1 - len(rows))
        picked = rows[first:last + 1]
        if None in picked or min(map(len, picked)) <= top2:
            for k1 in range(first, last + 1):
                r = rows[k1]
                if r is None or len(r) <= top2:
                    rows[k1] = side.walk(path1[k1], t2, top2)
            picked = rows[first:last + 1]
        if len(picked) == n1 and min(map(len, picked)) > top2:
            states = tuple(chain.from_iterable([r[lo2:top2 + 1] for r in picked]))
            probs = self._outer.get((id(law1), id(law2)))
            if probs is None:
                probs = self._outer[(id(law1), id(law2))] = tuple([a * b for a in p1 for b in p2])
        else:
            states, probs = _folded(picked, p1, lo2, p2)
        self.work += len(states)
        if MERGE_GRIDS and len(set(states)) < len(states):
            # Where the wider group's hits outnumber the victim's subs they go on along the narrower's walk, and
            # the grid meets the same armies again: summed once here, spread once each time the law is met.
            return _merged(states, probs)
        return states, probs

    def _one_by_one(self, side: Side, victim: int, groups: tuple) -> tuple:
        """Three or more nested groups (rare): each group's hits placed in turn from every army the others left."""
        dist = {victim: 1.0}
        for t, (lo, probs) in groups:
            out: dict = {}
            top = lo + len(probs) - 1
            self.work += len(dist) * len(probs)
            for state, mass in dist.items():
                path = side.walk(state, t, top)
                last = len(path) - 1
                for k, p in enumerate(probs, lo):
                    there = path[k] if k <= last else path[last]
                    out[there] = out.get(there, 0.0) + mass * p
            dist = out
        return tuple(dist), tuple(dist.values())

    def together(self, role: str, victim: int, groups: tuple) -> tuple:
        """(armies after, their p) for groups whose targets are not nested (the printed sub rule: sub hits, which
        never take aircraft, beside aircraft hits that cannot take subs): every combination of the groups' hit
        counts placed at once, as the engine's ``allocate`` places them (docs/rules.md §2 "The sub step")."""
        from itertools import product
        side = self.sides[role]
        ts = tuple(t for t, _ in groups)
        laws = [law for _, law in groups]
        out: dict = {}
        placed, combos = side.placed, 0
        for counts in product(*(range(lo, lo + len(probs)) for lo, probs in laws)):
            p = 1.0
            for k, (lo, probs) in zip(counts, laws):
                p *= probs[k - lo]
            there = side.together(victim, ts, counts)
            out[there] = out.get(there, 0.0) + p
            combos += 1
        self.work += TOGETHER_WORK * combos + PLACE_WORK * (side.placed - placed)
        if self.work > self.budget:
            raise TooMuchWork(self.work)   # one row may need thousands of these: checked here, not per row only
        return tuple(out), tuple(out.values())

    def struck(self, role: str, victim: int, strike) -> list:
        """[(victim after, p)] of an enemy sub strike (:meth:`sub_strike`) on ``victim`` (names; cached)."""
        side = self.sides[role]
        cache = self._struck[role]
        key = (strike[2] << side.shift) | victim
        if key in cache:
            return cache[key]
        t, law, _ = strike
        states, probs = _along(side, victim, t, law)
        got = cache[key] = list(zip(states, probs))
        return got

    def spared(self, role: str, victim: int, strike) -> tuple:
        """:meth:`struck` as (the chance the victim is left as it is, [(victim after, p)] of the other outcomes)."""
        side = self.sides[role]
        cache = self._spared[role]
        key = (strike[2] << side.shift) | victim
        if key in cache:
            return cache[key]
        home = 0.0
        others = []
        for v1, p in self.struck(role, victim, strike):
            if v1 == victim:
                home += p
            else:
                others.append((v1, p))
        got = cache[key] = (home, others)
        return got

    def hit(self, role: str, victim: int, strike, sig: int, without: int) -> tuple:
        """(armies after, their p) of ``victim`` once an enemy sub strike (target id, law) and then its main fire
        have landed, the strike's casualties staying to fire (the victim has a destroyer).

        The strike may take the victim's last sub (never a destroyer: under the printed rule a victim with one
        takes no strike), so the main fire is ``sig`` (read of the victim with subs) where subs are left, else
        ``without``. Cached by the strike's law and both main fires."""
        cache = self._hits[role]
        key = (victim, strike[2], sig, without)
        if key in cache:
            return cache[key]
        side = self.sides[role]
        reads = side.reads
        main, other = self.groups[sig], self.groups[without]
        if len(main) == 1 and len(other) <= 1:
            got = cache[key] = self._after_strike(side, victim, strike, main[0], other[0] if other else None)
            return got
        outcomes = self.struck(role, victim, strike)
        self.work += 4 * len(outcomes)
        out: dict = {}
        for v1, p in outcomes:
            states, probs = self.land(role, v1, sig if reads[v1] & 1 else without)
            for s, q in zip(states, probs):
                out[s] = out.get(s, 0.0) + p * q
        got = cache[key] = (tuple(out), tuple(out.values()))
        return got

    def _after_strike(self, side: Side, victim: int, strike, main: tuple, without: tuple | None) -> tuple:
        """A strike and then one main group, the strike's casualties staying: a grid as :meth:`_grid`'s, each
        army after the strike met by the main group it reads (``without`` where the strike took its last sub:
        none where nothing of the main fire is left)."""
        t1, law1 = strike[0], strike[1]
        lo1, p1 = law1
        path1 = side.walk(victim, t1, lo1 + len(p1) - 1)
        if len(path1) == 1:
            return self._grid(side, victim, ((t1, law1), main))
        if without is main:
            got = self._line(side, victim, (t1, law1), main, path1)
            if got is not None:
                return got
            states, probs = self._grid(side, victim, ((t1, law1), main))
            return _merged(states, probs)
        reads = side.reads
        states: list = []
        probs: list = []
        last1 = len(path1) - 1
        for k1, q in enumerate(p1, lo1):
            y1 = path1[k1 if k1 < last1 else last1]
            aim = main if reads[y1] & 1 else without
            if aim is None:
                states.append(y1)
                probs.append(q)
                continue
            t2, (lo2, p2) = aim
            top2 = lo2 + len(p2) - 1
            path2 = side.walk(y1, t2, top2)
            if len(path2) > top2:
                states += path2[lo2:top2 + 1]
            else:
                end = len(path2) - 1
                states += [path2[k if k < end else end] for k in range(lo2, top2 + 1)]
            probs += [q * p for p in p2]
        self.work += len(states)
        return _merged(states, probs)      # a strike and a main group on the same subs meet the same armies


    def _line(self, side: Side, victim: int, strike: tuple, main: tuple, path1: list) -> tuple | None:
        """A strike and then a main group whose hits fall on the same armies one by one (both take the victim's
        subs first, say): one walk, the main group's, and the convolution of the two laws on it (cached per pair of
        laws); None where the walks part within the strike's reach."""
        (t1, (lo1, p1)), (t2, (lo2, p2)) = strike, main
        reach = min(len(path1), lo1 + len(p1))
        ref = side.walk(victim, t2, lo1 + len(p1) + lo2 + len(p2) - 2)
        if ref[:reach] != path1[:reach]:
            return None
        key = (id(strike[1]), id(main[1]))
        conv = self._convs.get(key)
        if conv is None:
            out = [0.0] * (len(p1) + len(p2) - 1)
            for i, a in enumerate(p1):
                for j, b in enumerate(p2):
                    out[i + j] += a * b
            conv = self._convs[key] = out
        # Strike hits beyond the strike's last army are lost: (k1 ≥ reach) lands where k1 = reach - 1 does. The
        # convolution is of the hits that land; a strike that runs out early is folded first.
        if reach < lo1 + len(p1):
            q = list(p1[:max(1, reach - lo1)])
            q[-1] += sum(p1[len(q):])
            out = [0.0] * (len(q) + len(p2) - 1)
            for i, a in enumerate(q):
                for j, b in enumerate(p2):
                    out[i + j] += a * b
            conv = out
        lo = min(lo1, reach - 1) + lo2
        n = len(ref)
        if lo + len(conv) <= n:
            return tuple(ref[lo:lo + len(conv)]), tuple(conv)
        if lo >= n:
            return (ref[-1],), (sum(conv),)
        kept = conv[:n - lo]
        kept[-1] += sum(conv[n - lo:])
        return tuple(ref[lo:]), tuple(kept)


def _along(side: Side, victim: int, t: int, law: tuple) -> tuple:
    """(armies after, p) of one group's hits along one walk; hits beyond the last target are lost (their chance
    stays on the last army)."""
    lo, probs = law
    path = side.walk(victim, t, lo + len(probs) - 1)
    n = len(path)
    if n >= lo + len(probs):
        return tuple(path[lo:lo + len(probs)]), probs
    if lo >= n:
        return (path[-1],), (sum(probs),)
    kept = list(probs[:n - lo])
    kept[-1] += sum(probs[n - lo:])
    return tuple(path[lo:]), tuple(kept)


def _folded(rows: list, p1: tuple, lo2: int, p2: tuple) -> tuple:
    """A grid whose walks run out of targets: the hits beyond the last army of a row are lost (their chance stays
    on it), and the narrower group's beyond its last army fall on the last row (their chance goes to it)."""
    tail = sum(p1[len(rows):])
    states: list = []
    probs: list = []
    for k, r in enumerate(rows):
        q = p1[k] + (tail if k == len(rows) - 1 else 0.0)
        n = len(r) - lo2                  # armies of this row within the window
        if n >= len(p2):
            states += r[lo2:lo2 + len(p2)]
            probs += [q * p for p in p2]
        elif n <= 0:
            states.append(r[-1])
            probs.append(q * sum(p2))
        else:
            states += r[lo2:]
            probs += [q * p for p in p2[:n - 1]]
            probs.append(q * sum(p2[n - 1:]))
    return tuple(states), tuple(probs)


def _merged(states: list, probs: tuple) -> tuple:
    """The same armies summed (the first one seen first)."""
    out: dict = {}
    for s, p in zip(states, probs):
        out[s] = out.get(s, 0.0) + p
    return tuple(out), tuple(out.values())
