"""The battle as an absorbing Markov chain over (attacker army, defender army) (docs/rules.md §9).

No rule is written here. One round from a state is worked out by the
engine's own code: :class:`pycore.engine.sequence.Battle` runs each opening
step (AA, bombardment) and sub strike with a forced number of hits per group,
so its ``allocate``, "removed at once" and ghost rules apply unchanged; the
main step, where both sides' hits are independent, uses the groups that
``main_groups`` makes, ``allocate`` and ``Army.after`` per victim, and
multiplies the two laws. The law of each group's hits is the luck system's
``hit_distribution``. The end of a round (defenseless transports,
``decided``) is again the engine's ``Battle``.

Arithmetic is generic: ``Fraction`` (exact) or ``float`` (fast). In float mode
two prunings discard probability, always counted in :attr:`Chain.pruned`:
hit counts whose chance is below ``tail`` (per group, per state), and states
reached with less than ``floor`` probability. Discarded mass can only be
missing from the answer, so every reported probability is low by at most
``pruned`` (plus float rounding, below 1e-12 for battles of this size).
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from typing import Callable, Sequence, TypedDict

from ..engine.army import Army
from ..engine.casualties import allocate
from ..engine.firing import Group, enemy, main_groups
from ..engine.sequence import MAX_ROUNDS, Battle, Fire, RoundLog
from ..engine.setup import ROLES, BattleSetup
from ..engine.table import Table
from ..forces import Force
from ..systems import Volley
from .choices import NEVER, Chance, Retreat, keep_one_land
from .ladder.packing import bern
from .total import total

Law = tuple[Chance, ...]
"""P(hits = k) of a group, by k."""
LawKey = tuple[tuple[int, ...], tuple[int, ...], int]
"""What a group's law depends on: its values, its best-of-two values, its sure hits."""
Substate = tuple[Army, Army, Force, Force]
"""Both sides alive and their marked casualties that still fire this round (within a round's steps)."""
Pairs = dict[tuple[Army, Army], Chance]
"""(attacker, defender) → p: the armies after a round's casualties."""
EndLaw = dict[tuple[str, Army, Army], Chance]


class Solved(TypedDict):
    """:func:`solve`'s answer: the law of the end, the expected rounds, the mass still fighting (a round limit's)."""

    ends: EndLaw
    rounds: Chance
    live: Chance


_NO_GHOSTS = Force(())
"""No marked casualties still firing: the state of every end of round (a Force is immutable, so one serves)."""


class _Groups(Exception):
    """Raised by the chain's ``fires`` hook: the groups a step would fire, before any die."""

    def __init__(self, groups: list[Group]):
        super().__init__("groups")
        self.groups = groups


class Quiet(Table):
    """A table that never decides anything: no casualty choice, no submerging, no retreat (no decisions given).

    The calculators' tables (the chain's, Monte Carlo's, A&A Chess's paths) differ only in ``dice``.
    """

    def dice(self, number: int, role: str, group: str, count: int,
             sides: int = 6) -> tuple[int, ...]:  # never reached: the chain's own ``fires`` replaces the dice
        raise AssertionError("the calculator rolls no dice")


def _shift(law: Sequence[Chance], sure: int) -> Law:
    return (0,) * sure + tuple(law) if sure else tuple(law)


class Chain:
    """The transitions of one battle, cached per state; ``exact`` picks Fractions over floats."""

    def __init__(self, setup: BattleSetup, exact: bool = False, tail: float = 1e-13, floor: float = 1e-13,
                 start: dict[str, Army] | None = None, keep_land: int = 0):
        self.setup = setup
        self.keep_land = keep_land          # the attacker spares his last land unit for an aircraft (choices)
        self._scratch = RoundLog(0)         # what ``end_of_round``'s engine step writes, never read
        self.armies = start or {role: Army(setup.side(role).units) for role in ROLES}
        self.exact = exact
        self.tail = 0 if exact else tail
        self.floor = 0 if exact else floor
        self.one = Fraction(1) if exact else 1.0
        self.zero = Fraction(0) if exact else 0.0
        self._forced: list[Fire] | None = None   # hits to force on the next step; None: capture its groups
        self.engine = Battle(setup, Quiet(), self._fires)
        self.pruned = self.zero
        self._laws: dict[LawKey, Law] = {}
        self._float_laws: dict[LawKey, Law] = {}         # opening_law's laws worked in floats, by values
        self._victim: dict[tuple[str, Army, tuple[tuple[tuple[int, ...], tuple[int, ...], int, frozenset[str], str], ...]], tuple[list[tuple[Army, Chance]], Chance]] = {}
        self._end: dict[tuple[Army, Army], tuple[Army, Army, str | None]] = {}
        self._groups_main: dict[tuple[Army, Army, Army, Army], dict[str, tuple[Group, ...]]] = {}
        self._wins: dict[tuple[Army, Army], Chance] = {}

    # -- laws of hits ----------------------------------------------------------------------
    def law(self, group: Group) -> Law:
        """P(hits = k) of one group, sure hits included (cached by values)."""
        key = (group.values, group.best_of_two, group.sure_hits)
        law = self._laws.get(key)
        if law is None:
            exact = self.setup.system.hit_distribution(group.values, group.best_of_two) \
                if (group.values or group.best_of_two) else (Fraction(1),)
            law = _shift(exact if self.exact else tuple(float(p) for p in exact), group.sure_hits)
            self._laws[key] = law
        return law

    # -- engine steps with forced hits ---------------------------------------------------------
    def _fires(self, number: int, groups: list[Group]) -> list[Fire]:
        """The engine's ``fires`` hook: report the step's groups, or give it the hits being explored."""
        if self._forced is None:
            raise _Groups(groups)
        return self._forced

    def _capture(self, run: Callable[[], object]) -> list[Group] | None:
        try:
            run()
        except _Groups as got:
            return got.groups
        return None

    def _load(self, state: Substate) -> None:
        alive_a, alive_d, ghost_a, ghost_d = state
        engine = self.engine
        engine.alive = {"attacker": alive_a, "defender": alive_d}
        engine.ghosts = {"attacker": ghost_a, "defender": ghost_d}

    def _save(self) -> Substate:
        engine = self.engine
        return (engine.alive["attacker"], engine.alive["defender"], engine.ghosts["attacker"], engine.ghosts["defender"])

    def opening_law(self, group: Group, victim: Army, trim: bool) -> tuple[Law, Chance]:
        """A group's law of hits for a branching step: (law, mass cut off in floats).

        Hit counts past the victim's hit points all leave the same armies (every unit it may hit is gone),
        so their mass is folded onto that count: exact, and 999 bombarding ships against 200 infantry
        branch 201 ways, not 1,000. In floats the counts rarer than ``tail`` are cut (docs/rules.md §9:
        what is cut is counted in ``pruned``): an AA gun firing at 250 bombers branches about 80 ways,
        not 251 — each branch is a ladder of its own (``ladder.solve``).
        """
        system = self.setup.system
        if trim and not self.exact and system.independent_dice and len(group.values) + len(group.best_of_two) > 24:
            # Floats from the start: the exact law of 999 dice takes half a million Fraction products.
            key = (group.values, group.best_of_two, group.sure_hits)
            law = self._float_laws.get(key)
            if law is None:
                floats = [1.0]
                for p in system.chances(group.values, group.best_of_two):
                    floats = bern(floats, float(p))
                law = self._float_laws[key] = _shift(floats, group.sure_hits)
        else:
            law = self.law(group)
        ruleset = self.setup.ruleset
        cap = sum(victim.hit_points(ruleset, uid) for uid, _ in victim.units.counts)
        if len(law) > cap + 1:
            law = law[:cap] + (total(law[cap:], self.zero),)
        if not trim or not self.tail:
            return law, self.zero
        kept = tuple(p if p >= self.tail else self.zero for p in law)
        return kept, total(law, self.zero) - total(kept, self.zero)

    def _step(self, dist: dict[Substate, Chance], name: str, role: str | None, number: int,
              cut: list[Chance] | None = None) -> dict[Substate, Chance]:
        """Run one engine step (aa, bombard, subs) on every sub-state, branching on each group's hits.

        With ``cut`` (a one-item list: the mass cut so far), hit counts rarer than ``tail`` are cut and
        counted there (:meth:`opening_law`); without it only the counts past the victim's hit points fold."""
        out: dict[Substate, Chance] = {}
        engine = self.engine
        # "subs" is asked with the side whose subs fire (round_from), the others with none
        method: Callable[[], object] = {"aa": lambda: engine.aa_step(number), "bombard": lambda: engine.bombard_step(number),
                  "subs": lambda: engine.sub_step(number, role)}[name]  # type: ignore[arg-type]
        for state, mass in dist.items():
            self._load(state)
            groups = self._capture(method)
            if not groups:
                out[state] = out.get(state, 0) + mass
                continue
            combos: list[tuple[tuple[int, ...], Chance]] = [((), mass)]
            for group in groups:
                victim = engine.alive[enemy(group.shooter)]
                law, lost = self.opening_law(group, victim, cut is not None)
                if lost:
                    cut[0] += total((m for _, m in combos), self.zero) * lost  # type: ignore[index]  # lost only with a cut
                combos = [(hits + (k,), m * p) for hits, m in combos for k, p in enumerate(law) if p]
            for hits, m in combos:
                self._load(state)
                self._forced = [Fire(g, Volley(0, k, 0, ())) for g, k in zip(groups, hits)]
                try:
                    method()
                finally:
                    self._forced = None
                after = self._save()
                out[after] = out.get(after, 0) + m
        return out

    def _main_groups(self, firing_a: Army, firing_d: Army, alive_a: Army, alive_d: Army) -> dict[str, tuple[Group, ...]]:
        key = (firing_a, firing_d, alive_a, alive_d)
        got = self._groups_main.get(key)
        if got is None:
            setup = self.setup
            got = {victim: tuple(main_groups(setup, enemy(victim), firing, alive))
                   for victim, firing, alive in (("defender", firing_a, alive_d), ("attacker", firing_d, alive_a))}
            self._groups_main[key] = got
        return got

    def victim_law(self, victim: str, army: Army, groups: tuple[Group, ...]) -> tuple[list[tuple[Army, Chance]], Chance]:
        """[(army after, p)] for the hits of these enemy groups, via allocate and Army.after (cached)."""
        key = (victim, army, tuple((g.values, g.best_of_two, g.sure_hits, g.targets, g.name) for g in groups))
        got = self._victim.get(key)
        if got is not None:
            return got
        setup, order = self.setup, self.setup.side(victim).order_of_loss
        combos: list[tuple[tuple[int, ...], Chance]] = [((), self.one)]
        for group in groups:
            law = self.law(group)
            combos = [(hits + (k,), m * p) for hits, m in combos for k, p in enumerate(law) if p]
        results: dict[Army, Chance] = {}
        pruned = self.zero
        for hits, p in combos:
            if p < self.tail:
                pruned += p
                continue
            cas = allocate(setup, army, [(g, k) for g, k in zip(groups, hits) if k], order)
            if cas and self.keep_land and victim == "attacker":
                cas = keep_one_land(setup, army, cas, order, self.keep_land)
            after = army.after(cas.lost, cas.damaged) if cas else army
            results[after] = results.get(after, 0) + p
        got = (list(results.items()), pruned)
        self._victim[key] = got
        return got

    def round_from(self, alive_a: Army, alive_d: Army, number: int) -> tuple[Pairs, Chance]:
        """{(attacker, defender) after the round's casualties: p}, and the mass pruned (before end of round)."""
        setup = self.setup
        empty = Force(())
        dist: dict[Substate, Chance] = {(alive_a, alive_d, empty, empty): self.one}
        if number == 1:
            dist = self._step(dist, "aa", None, number)
            dist = self._step(dist, "bombard", None, number)
        out: Pairs = {}
        pruned = self.zero
        from ..engine.firing import counts_as_force
        for state, mass in dist.items():
            a, d, ga, gd = state
            # As the engine: units already marked as casualties (bombardment, later editions) still fire this
            # round, so the round is fought while both sides have something that fires (docs/rules.md §2).
            firing_a = Army(a.units.plus(ga, setup.ruleset), a.damaged) if ga else a
            firing_d = Army(d.units.plus(gd, setup.ruleset), d.damaged) if gd else d
            if not (counts_as_force(setup, firing_a) and counts_as_force(setup, firing_d)):
                out[(a, d)] = out.get((a, d), 0) + mass
                continue
            sub = {state: mass}
            for role in ROLES:
                sub = self._step(sub, "subs", role, number)
            for (a, d, ga, gd), m in sub.items():
                firing_a = Army(a.units.plus(ga, setup.ruleset), a.damaged) if ga else a
                firing_d = Army(d.units.plus(gd, setup.ruleset), d.damaged) if gd else d
                groups = self._main_groups(firing_a, firing_d, a, d)
                law_a, cut_a = self.victim_law("attacker", a, groups["attacker"])
                law_d, cut_d = self.victim_law("defender", d, groups["defender"])
                pruned += m * (cut_a + cut_d - cut_a * cut_d)
                for a2, pa in law_a:
                    c = m * pa
                    for d2, pd in law_d:
                        key = (a2, d2)
                        out[key] = out.get(key, 0) + c * pd
        return out, pruned

    def end_of_round(self, a: Army, d: Army) -> tuple[Army, Army, str | None]:
        """Defenseless transports left alone are lost, then ``decided`` (the engine's own)."""
        key = (a, d)
        got = self._end.get(key)
        if got is None:
            engine = self.engine
            self._load((a, d, _NO_GHOSTS, _NO_GHOSTS))
            # The log it writes (which transports were lost) is never read here: the armies after tell it.
            engine.lose_lonely_transports(self._scratch)
            got = (engine.alive["attacker"], engine.alive["defender"], engine.decided())
            self._end[key] = got
        return got

    def start(self) -> tuple[Army, Army, str | None]:
        """The battle before round 1, and "stalemate" when nobody can ever hurt anybody (fight's own check)."""
        a, d = self.armies["attacker"], self.armies["defender"]
        self._load((a, d, Force(()), Force(())))
        return a, d, None

    def opening(self, dist: dict[Substate, Chance]) -> dict[Substate, Chance]:
        """Round 1's fire before the main step — AA guns, then shore bombardment — the engine's own steps."""
        cut = [self.zero]
        dist = self._step(self._step(dist, "aa", None, 1, cut), "bombard", None, 1, cut)
        self.pruned += cut[0]
        return dist

    def win_chance(self, a: Army, d: Army) -> Chance:
        """P(the attacker wins) from armies ``a`` and ``d`` after a round, both fighting on to the end.

        What "retreat below X" compares with X (choices.py). Hits taken never
        go down, so the recursion ends; a round that changes nothing is divided
        out, as in :func:`solve`.
        """
        key = (a, d)
        got = self._wins.get(key)
        if got is not None:
            return got
        a2, d2, done = self.end_of_round(a, d)
        if done is not None:
            got = self.one if done == "attacker_wins" else self.zero
        elif (a2, d2) != (a, d):
            got = self.win_chance(a2, d2)
        else:
            nxt, _ = self.round_from(a, d, 2)
            leave = self.one - nxt.pop((a, d), 0)
            got = self.zero
            if leave > 0:
                got = total((p * self.win_chance(a3, d3) for (a3, d3), p in nxt.items()), self.zero) / leave
        self._wins[key] = got
        return got

    def retreats(self, retreat: Retreat, a: Army, d: Army) -> bool:
        """Whether the attacker's rule makes him retreat from these armies, after a round the battle survived."""
        return (retreat.by_size(a) or (retreat.below is not None and retreat.by_chance(self.win_chance(a, d)))
                or (retreat.rules is not None and retreat.rules.stops_state(self, a, d)))


def solve(chain: Chain, rounds: int | None = None, opening: bool = True, retreat: Retreat = NEVER) -> Solved:
    """The law of the end of the battle: {(outcome, attacker, defender): p}, and expected rounds.

    Without a round limit the chain is solved in topological order (every
    round either changes the armies or leaves them as they were), so a state's
    chance to stay put is divided out exactly: fought "to the end", not cut at
    the engine's 100 rounds. With ``rounds`` the law is carried round by round.
    ``retreat`` is the attacker's rule (choices.py), checked after each round.
    """
    from ..engine.firing import aa_shots, bombard_group
    setup = chain.setup
    a0, d0, _ = chain.start()
    ends: EndLaw = {}
    expected_rounds = chain.zero
    first = 1 if opening else 2          # a battle taken up in round 2 or later has no opening fire
    opening = opening and bool(aa_shots(setup, d0, a0)[0] or bombard_group(setup, 1, d0) is not None)
    if not opening and chain.engine.decided() == "stalemate":
        return {"ends": {("stalemate", a0, d0): chain.one}, "rounds": chain.zero, "live": chain.zero}
    if rounds is not None:
        return _by_rounds(chain, a0, d0, min(rounds, MAX_ROUNDS), ends, first, retreat)
    opened, cut = chain.round_from(a0, d0, first)
    chain.pruned += cut
    expected_rounds = chain.one
    mass: Pairs = {}
    heap: list[tuple[int, int, Army, Army]] = []
    counter = 0

    def key_of(a: Army, d: Army) -> int:
        return -(sum(a.hit_points(setup.ruleset, u) for u, _ in a.units.counts)
                 + sum(d.hit_points(setup.ruleset, u) for u, _ in d.units.counts))

    for (a, d), p in opened.items():
        if (a, d) not in mass:
            counter += 1
            heapq.heappush(heap, (key_of(a, d), counter, a, d))
        mass[(a, d)] = mass.get((a, d), 0) + p
    while heap:
        _, _, a, d = heapq.heappop(heap)
        m = mass.pop((a, d))
        if m < chain.floor:
            chain.pruned += m
            continue
        a2, d2, done = chain.end_of_round(a, d)
        if done is not None:
            ends[(done, a2, d2)] = ends.get((done, a2, d2), 0) + m
            continue
        if (a2, d2) != (a, d):
            if (a2, d2) not in mass:
                counter += 1
                heapq.heappush(heap, (key_of(a2, d2), counter, a2, d2))
            mass[(a2, d2)] = mass.get((a2, d2), 0) + m
            continue
        if retreat and chain.retreats(retreat, a, d):
            ends[("retreat", a, d)] = ends.get(("retreat", a, d), 0) + m
            continue
        nxt, cut = chain.round_from(a, d, 2)
        stay = nxt.pop((a, d), 0)
        leave = chain.one - stay
        if leave <= 0:
            ends[("stalemate", a, d)] = ends.get(("stalemate", a, d), 0) + m
            continue
        scale = m / leave
        expected_rounds += scale
        chain.pruned += cut * scale
        for (a3, d3), p in nxt.items():
            if (a3, d3) not in mass:
                counter += 1
                heapq.heappush(heap, (key_of(a3, d3), counter, a3, d3))
            mass[(a3, d3)] = mass.get((a3, d3), 0) + p * scale
    return {"ends": ends, "rounds": expected_rounds, "live": chain.zero}


def _by_rounds(chain: Chain, a0: Army, d0: Army, limit: int, ends: EndLaw, first: int = 1,
               retreat: Retreat = NEVER) -> Solved:
    live = {(a0, d0): chain.one}
    expected_rounds = chain.zero
    for number in range(1, limit + 1):
        if not live:
            break
        expected_rounds += total(live.values(), chain.zero)
        nxt: Pairs = {}
        for (a, d), m in live.items():
            if m < chain.floor:
                chain.pruned += m
                continue
            step, cut = chain.round_from(a, d, max(number, first))
            chain.pruned += m * cut
            for (a2, d2), p in step.items():
                a3, d3, done = chain.end_of_round(a2, d2)
                if done is not None:
                    ends[(done, a3, d3)] = ends.get((done, a3, d3), 0) + m * p
                elif retreat and chain.retreats(retreat, a3, d3):
                    ends[("retreat", a3, d3)] = ends.get(("retreat", a3, d3), 0) + m * p
                else:
                    nxt[(a3, d3)] = nxt.get((a3, d3), 0) + m * p
        live = nxt
    left = total(live.values(), chain.zero)
    for (a, d), m in live.items():
        ends[("in_progress", a, d)] = ends.get(("in_progress", a, d), 0) + m
    return {"ends": ends, "rounds": expected_rounds, "live": left}
