"""Where a side's hits take the victim: the sea chain's laws of landing, cached per victim and enemy fire.

A victim's law under one enemy fire is a list of armies after (names) and
their chances, the victim's own army first where it can be among them:

* one group: the armies of one walk (one hit at a time, ``Side.walk``);
* nested groups (aircraft that cannot hit subs beside the rest, placed the
  narrowest first, as ``allocate`` does): the walk of the wider group from
  each army of the narrower one's walk, a grid of armies whose chances are
  the outer product of the two laws (read off the cached walks; the product
  is cached per pair of laws);
* a strike whose casualties stay, then the main fire: the same grid, merged
  (the strike and the main fire often take the same subs); where their walks
  are one, the convolution of the two laws along it;
* targets that are not nested (the printed sub rule): every combination of
  hit counts placed at once by the engine's ``allocate`` (:meth:`Fleet.together`).

The row loop (``settle``) reads nested groups' grid in its two stages instead
(:meth:`Fleet.fast`): the narrower group's walk, then the wider group's law
from each army on it (:meth:`Fleet.stage`, one per army and wider group,
shared by every grid with that wider group), so no grid is built for it, and
what later rows owe under such grids is summed between the two stages.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, product

from ...engine.army import Army
from ...engine.setup import BattleSetup
from .fire import Fire
from .side import Aim, Fast, Groups, Landing, Law, Outcomes, Plan, Side, Strike
from .work import PLACE_WORK, TOGETHER_WORK, TooMuchWork
from ..total import fsum



class Fleet(Fire):
    """:class:`.fire.Fire` and where the hits land: the victims' laws (cached)."""

    def __init__(self, setup: BattleSetup, start: dict[str, Army], tail: float, keep: bool = True) -> None:
        super().__init__(setup, start, tail, keep)
        # (victim, target ids, hit counts) placed at once in this calculation: its work counts each once, as a new
        # side's cache would (the side's own cache may be kept from another calculation)
        self.placed: dict[str, set[tuple[int, tuple[int, ...], tuple[int, ...]]]] = {"attacker": set(), "defender": set()}
        # sig << shift | victim -> (names, probs)
        self.land_of: dict[str, dict[int, Landing]] = {"attacker": {}, "defender": {}}
        # strike id << shift | victim -> :meth:`spared`, :meth:`struck`: the sides' own (no work is counted there)
        self.kept = {role: side.spared for role, side in self.sides.items()}
        self._struck = {role: side.struck for role, side in self.sides.items()}
        self._hits: dict[str, dict[tuple[int, int, int, int], Landing]] = {"attacker": {}, "defender": {}}
        # (target ids, victim) -> the wider group's walks
        self._grids: dict[str, dict[int, list[list[int]]]] = {"attacker": {}, "defender": {}}
        self._outer: dict[tuple[int, int], tuple[float, ...]] = {}  # ids of two laws -> their outer product
        self._convs: dict[tuple[int, int], list[float]] = {}        # ids of two laws -> their convolution
        # sig << shift | victim -> :meth:`fast`
        self.fast_of: dict[str, dict[int, Fast]] = {"attacker": {}, "defender": {}}
        # stage << shift | army -> (names, probs); stage ids are the victim side's (``Side.stages``)
        self.stage_of: dict[str, dict[int, Landing]] = {"attacker": {}, "defender": {}}

    def main_fire(self, ia: int, id_: int) -> tuple[Fast, Fast]:
        """(attacker's law, defender's law) of the main fire between two armies whose strikes' casualties are
        gone (each fires as it is, at the other as it is), as :meth:`fast` laws."""
        A, D = self.sides["attacker"], self.sides["defender"]
        sig_d = self.main("defender", D.force[id_], A.reads[ia])
        sig_a = self.main("attacker", A.force[ia], D.reads[id_])
        return self.fast("attacker", ia, sig_d), self.fast("defender", id_, sig_a)

    def fast(self, role: str, victim: int, sig: int) -> Fast:
        """The victim's law under a set of enemy main groups as the row loop reads it (``settle``; cached).

        Either (armies after, their p, home) — :meth:`land`'s law and the chance it leaves the victim as it
        is — or, for two nested groups, (armies after the narrower group, their p, the wider group's stage id,
        home): the grid of :meth:`_grid` kept as its two stages, the wider group's law from each army read
        from :meth:`stage` (one per stage and army, shared by every grid with the same wider group: none of
        the grids' own armies and chances are built)."""
        side = self.sides[role]
        cache = self.fast_of[role]
        key = (sig << side.shift) | victim
        if key in cache:
            return cache[key]
        if key in side.fast:                       # kept: asks what its building asked (the work is counted)
            fast = side.fast[key]
            if len(fast) == 4 and fast[0][0] == victim:
                self.stage(role, fast[2], victim)
            elif side.plans[sig] is None:
                self.land(role, victim, sig)
            cache[key] = fast
            return fast
        plans = side.plans
        plan = plans[sig] if sig in plans else self._plan(side, sig)
        got: Fast
        if plan is None:
            sa, pa = self.land(role, victim, sig)
            got = (sa, pa, pa[0] if sa[0] == victim else 0.0)
        else:
            t, law, stage = plan
            ys, qs = _along(side, victim, t, law)
            if stage is None:
                got = (ys, qs, qs[0] if ys[0] == victim else 0.0)
            else:
                home = 0.0
                if ys[0] == victim:
                    sb, pb = self.stage(role, stage, victim)
                    home = qs[0] * pb[0] if sb[0] == victim else 0.0
                got = (ys, qs, stage, home)
        cache[key] = side.fast[key] = got
        return got

    @staticmethod
    def _plan(side: Side, sig: int) -> Plan | None:
        """How :meth:`fast` reads a set of groups: (target id, law, None) for one group, (the narrower group's target
        id and law, the wider group's stage id) for two nested groups, None otherwise (:meth:`land`)."""
        groups = side.groups[sig]
        plan: Plan | None = None
        if len(groups) == 1:
            plan = groups[0] + (None,)
        elif len(groups) == 2 and side.nested[sig]:
            (t1, law1), wider = groups
            ids = side.stage_ids
            stage = ids.get(wider)
            if stage is None:
                stage = ids[wider] = len(side.stages)
                side.stages.append(wider)
            plan = (t1, law1, stage)
        side.plans[sig] = plan
        return plan

    def stage(self, role: str, stage: int, army: int) -> Landing:
        """(armies after, p) of ``army`` under the wider group of a staged grid (:meth:`fast`; cached)."""
        side = self.sides[role]
        key = (stage << side.shift) | army
        cache = self.stage_of[role]
        got = cache.get(key)
        if got is None:
            kept = side.stage
            if key in kept:
                got = cache[key] = kept[key]
            else:
                got = cache[key] = kept[key] = _along(side, army, *side.stages[stage])
            self.work += len(got[0])
        return got

    def land(self, role: str, victim: int, sig: int) -> Landing:
        """(armies after, their p) for the hits of one set of enemy main groups on ``victim`` (names; cached).

        The victim's own army, where it can be among them, comes first. Kept with the side with the work it
        counted (``Side.land``), but for groups placed at once (:meth:`together`: its work is this calculation's)."""
        side = self.sides[role]
        cache = self.land_of[role]
        key = (sig << side.shift) | victim
        if key in cache:
            return cache[key]
        if key in side.land:
            got, work = side.land[key]
            self.work += work
            cache[key] = got
            return got
        groups = side.groups[sig]
        work = self.work
        if not groups:
            got = ((victim,), (1.0,))
        elif len(groups) == 1:
            got = _along(side, victim, *groups[0])
        elif not side.nested[sig]:
            got = cache[key] = self.together(role, victim, groups)
            return got
        elif len(groups) == 2:
            got = self._grid(side, victim, groups)
        else:
            got = self._one_by_one(side, victim, groups)
        side.land[key] = (got, self.work - work)
        cache[key] = got
        return got

    def _grid(self, side: Side, victim: int, groups: Groups) -> Landing:
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
            scale = fsum(p1)
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
            # Placeholders: each is filled below (``None in picked``) before any is read.
            rows += [None] * (last + 1 - len(rows))  # type: ignore[list-item]  # filled below before any is read
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
        # Where the wider group's hits outnumber the victim's subs they go on along the narrower's walk and the
        # grid meets some armies twice: left so (summing them would cost more than spreading them, measured).
        self.work += len(states)
        return states, probs

    def _one_by_one(self, side: Side, victim: int, groups: Groups) -> Landing:
        """Three or more nested groups (rare): each group's hits placed in turn from every army the others left."""
        dist = {victim: 1.0}
        for t, (lo, probs) in groups:
            out: dict[int, float] = {}
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

    def together(self, role: str, victim: int, groups: Groups) -> Landing:
        """(armies after, their p) for groups whose targets are not nested (the printed sub rule: sub hits, which
        never take aircraft, beside aircraft hits that cannot take subs): every combination of the groups' hit
        counts placed at once, as the engine's ``allocate`` places them (docs/rules.md §2 "The sub step")."""
        side = self.sides[role]
        ts = tuple(t for t, _ in groups)
        laws = [law for _, law in groups]
        out: dict[int, float] = {}
        seen, placed, combos = self.placed[role], len(self.placed[role]), 0
        for counts in product(*(range(lo, lo + len(probs)) for lo, probs in laws)):
            p = 1.0
            for k, (lo, probs) in zip(counts, laws):
                p *= probs[k - lo]
            there = side.together(victim, ts, counts)
            seen.add((victim, ts, counts))
            out[there] = out.get(there, 0.0) + p
            combos += 1
        self.work += TOGETHER_WORK * combos + PLACE_WORK * (len(seen) - placed)
        if self.work > self.budget:
            raise TooMuchWork(self.work)   # one row may need thousands of these: checked here, not per row only
        return tuple(out), tuple(out.values())

    def struck(self, role: str, victim: int, strike: Strike) -> Outcomes:
        """[(victim after, p)] of an enemy sub strike (:meth:`sub_strike`) on ``victim`` (names; kept with the side:
        no work is counted here)."""
        side = self.sides[role]
        cache = self._struck[role]
        key = (strike[2] << side.shift) | victim
        if key in cache:
            return cache[key]
        t, law, _ = strike
        states, probs = _along(side, victim, t, law)
        got = cache[key] = list(zip(states, probs))
        return got

    def spared(self, role: str, victim: int, strike: Strike) -> tuple[float, Outcomes]:
        """:meth:`struck` as (the chance the victim is left as it is, [(victim after, p)] of the other outcomes)."""
        side = self.sides[role]
        cache = self.kept[role]
        key = (strike[2] << side.shift) | victim
        if key in cache:
            return cache[key]
        home = 0.0
        others: Outcomes = []
        for v1, p in self.struck(role, victim, strike):
            if v1 == victim:
                home += p
            else:
                others.append((v1, p))
        got = cache[key] = (home, others)
        return got

    def hit(self, role: str, victim: int, strike: Strike, sig: int, without: int) -> Landing:
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
        main, other = side.groups[sig], side.groups[without]
        if len(main) == 1 and len(other) <= 1:
            if key in side.hits:           # kept with the side: its work counted again in this calculation
                got, work = side.hits[key]
                self.work += work
            else:
                work = self.work
                got = self._after_strike(side, victim, strike, main[0], other[0] if other else None)
                side.hits[key] = (got, self.work - work)
            cache[key] = got
            return got
        outcomes = self.struck(role, victim, strike)
        self.work += 4 * len(outcomes)
        out: dict[int, float] = {}
        for v1, p in outcomes:
            states, probs = self.land(role, v1, sig if reads[v1] & 1 else without)
            for s, q in zip(states, probs):
                out[s] = out.get(s, 0.0) + p * q
        got = cache[key] = (tuple(out), tuple(out.values()))
        return got

    def _after_strike(self, side: Side, victim: int, strike: Strike, main: Aim, without: Aim | None) -> Landing:
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
            grid, chances = self._grid(side, victim, ((t1, law1), main))
            return _merged(grid, chances)
        reads = side.reads
        states: list[int] = []
        probs: list[float] = []
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


    def _line(self, side: Side, victim: int, strike: Aim, main: Aim, path1: list[int]) -> Landing | None:
        """A strike and then a main group whose hits fall on the same armies one by one (both take the victim's
        subs first, say): one walk, the main group's, and the convolution of the two laws on it (cached per pair of
        laws); None where the walks part within the strike's reach."""
        (_, (lo1, p1)), (t2, (lo2, p2)) = strike, main
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
            q[-1] += fsum(p1[len(q):])
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
            return (ref[-1],), (fsum(conv),)
        kept = conv[:n - lo]
        kept[-1] += fsum(conv[n - lo:])
        return tuple(ref[lo:]), tuple(kept)


def _along(side: Side, victim: int, t: int, law: Law) -> Landing:
    """(armies after, p) of one group's hits along one walk; hits beyond the last target are lost (their chance
    stays on the last army)."""
    lo, probs = law
    path = side.walk(victim, t, lo + len(probs) - 1)
    n = len(path)
    if n >= lo + len(probs):
        return tuple(path[lo:lo + len(probs)]), probs
    if lo >= n:
        return (path[-1],), (fsum(probs),)
    kept = list(probs[:n - lo])
    kept[-1] += fsum(probs[n - lo:])
    return tuple(path[lo:]), tuple(kept)


def _folded(rows: list[list[int]], p1: tuple[float, ...], lo2: int, p2: tuple[float, ...]) -> Landing:
    """A grid whose walks run out of targets: the hits beyond the last army of a row are lost (their chance stays
    on it), and the narrower group's beyond its last army fall on the last row (their chance goes to it)."""
    tail = fsum(p1[len(rows):])
    states: list[int] = []
    probs: list[float] = []
    for k, r in enumerate(rows):
        q = p1[k] + (tail if k == len(rows) - 1 else 0.0)
        n = len(r) - lo2                  # armies of this row within the window
        if n >= len(p2):
            states += r[lo2:lo2 + len(p2)]
            probs += [q * p for p in p2]
        elif n <= 0:
            states.append(r[-1])
            probs.append(q * fsum(p2))
        else:
            states += r[lo2:]
            probs += [q * p for p in p2[:n - 1]]
            probs.append(q * fsum(p2[n - 1:]))
    return tuple(states), tuple(probs)


def _merged(states: Sequence[int], probs: Sequence[float]) -> Landing:
    """The same armies summed (the first one seen first)."""
    out: dict[int, float] = {}
    for s, p in zip(states, probs):
        out[s] = out.get(s, 0.0) + p
    return tuple(out), tuple(out.values())
