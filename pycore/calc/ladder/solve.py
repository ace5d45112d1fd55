"""The ladder chain's entry: the law of a battle's end from the states after round 1's opening fire."""

from __future__ import annotations

from operator import add
from typing import Mapping, TypedDict

from ...engine.army import Army
from ...engine.firing import casualty_types, counts_as_force
from ...engine.setup import BattleSetup
from ...forces import Force
from ..choices import NEVER, Chance, Retreat
from ..total import fsum
from .packing import SCALE, SLOT, table_view, unpack
from .pair import Pair, outcome_of
from . import kept, scalar
from .rungs import Ladder, target_of
from .stack import Stack
from .work import OPENING_WORK, Work

Opening = Mapping[tuple[Army, Army, Force, Force], Chance]
"""The states after round 1's opening fire: (attacker, defender, the attacker's casualties that still fire in round 1,
the defender's) → mass. The masses are floats (the ladder is never the exact method), typed as the callers' laws are."""
EndLaw = dict[tuple[str, Army, Army], float]
"""(outcome, attacker left, defender left) → probability."""
Members = dict[tuple[str, Army], tuple[Ladder, int]]
"""(role, army) → the ladder it stands on and its rung."""
Start = tuple[Army, Army, Force, Force, Chance, Ladder, int, Ladder, int]
"""An opening state for :meth:`Solver._open_one`: its armies, casualties still firing and mass, each side's ladder and rung."""


class Result(TypedDict):
    """The law of a battle's end (:func:`solve`): its ends, the expected rounds, and the mass dropped (``pruned``)."""

    ends: EndLaw
    rounds: float
    pruned: float


STACK_BYTES = 50_000_000
"""The most a :class:`Stack`'s tables hold at once: pairs beyond it are settled in another stack, one after the
other (85 pairs of an AA gun's outcomes held 2.4 GB side by side; in stacks of this size, 0.4 GB in all,
and no slower)."""


def stack_size(pair: Pair) -> int:
    """How many pairs one :class:`Stack` settles side by side: its tables hold, for each of the last
    ``width`` rows, every pair's columns times the defender's law (16 bytes a slot), so at most
    ``STACK_BYTES`` of them."""
    per_pair = 16 * (pair.d.top + 1) * pair.width * pair.width
    return max(1, STACK_BYTES // per_pair)


def solve(setup: BattleSetup, opening: Opening, tail: float, floor: float,
          retreat: Retreat = NEVER, keep_land: int = 0, limit: int | None = None,
          work: Work | None = None) -> Result:
    """The law of the battle's end from the states after round 1's opening fire.

    ``opening``: {(attacker, defender, attacker ghosts, defender ghosts): p}, as
    the general chain's opening steps leave them (ghosts: casualties that still
    fire in round 1). With ``limit`` the rounds are worked one by one and what
    still fights after ``limit`` rounds is ``in_progress``; without it the
    battle is fought to its end, each state settled once (:meth:`Stack.settle`).
    Raises :class:`NotLinear` when a rung fires more than one group (the caller
    then uses the general chain), :class:`TooMuchWork` when ``work`` (its count, work.py) passes its budget.
    """
    return solve_with(Solver(setup, tail, floor, retreat, keep_land, work), opening, limit)


def solve_with(solver: "Solver", opening: Opening, limit: int | None = None, landed: bool = False) -> Result:
    """:func:`solve` with a solver of the caller's (a later wave keeps its ladders from one call to the next).

    ``landed``: fought to the end with no retreat rule and no casualty that still fires, the opening states
    need no round 1 of their own: each is where rounds begin, as a state a round landed on is, so its mass
    goes onto its row and the rows are settled as ever (:meth:`Solver.land_opening`; the same law, summed in
    another order, so a single battle keeps the other way and its answers to the last bit)."""
    if landed and limit is None and not solver.retreat and not any(ga or gd for _, _, ga, gd in opening):
        started, decided = solver.land_opening(opening)
        got = solver.to_the_end(started)
        got["rounds"] += decided - started      # to_the_end counts round 1 apart: here it is among the visits
        return got
    started = solver.open(opening)
    if limit is None:
        return solver.to_the_end(started)
    return solver.by_rounds(started, limit)


class Solver:
    """One ladder calculation: the ladders and pairs it made, and the ends it has recorded."""

    def __init__(self, setup: BattleSetup, tail: float, floor: float, retreat: Retreat, keep_land: int,
                 work: Work | None = None) -> None:
        self.setup, self.tail, self.floor, self.retreat, self.keep_land = setup, tail, floor, retreat, keep_land
        # What ``land`` asks of the rule on every row, asked once.
        self.sized, self.per_state = retreat.at_units is not None, retreat.per_state
        self.work = work if work is not None else Work(None)   # no bound unless the caller gives one
        self.members: Members = {}       # (role, army) → (its ladder, its rung): ladders share their rungs
        self.defenders: Members = {}     # the same for the defender (a plan's waves share his, docs/rules.md §9.1)
        self.batched = False             # open() fires the starts of one row together (_open_row)
        self.pairs: dict[tuple[int, int], Pair] = {}   # (id(attacker ladder), id(defender ladder)) → Pair
        self.ends: EndLaw = {}
        # Ends are summed by the armies' values while solving, in the order they are reached, and added to
        # ``ends`` at the end. Not by the armies' identity: whether two ladders hold one army object or two equal
        # ones depends on the ladders kept from earlier calculations, and so would the order of the sums.
        self.reached: EndLaw = {}

    def ladder_of(self, role: str, army: Army, enemy: Army) -> tuple[Ladder, int]:
        """The ladder ``army`` stands on and its rung. The members are kept by army alone, so a ladder that fires
        at nothing (an enemy with no unit it may lose, in a battle whose own starting enemy has none either: a
        counter-attack on holders its setup does not list) is never one of them: it would fire at nothing
        against every enemy met after it."""
        members = self.defenders if role == "defender" else self.members
        got = members.get((role, army))
        if got is None:
            if not casualty_types(self.setup, target_of(self.setup, role, enemy)):
                return kept.ladder(self.setup, role, army, enemy, self.tail, self.keep_land if role == "attacker" else 0,
                                   {}, self.work), 0
            ladder = kept.ladder(self.setup, role, army, enemy, self.tail, self.keep_land if role == "attacker" else 0,
                                 members, self.work)
            # Every rung of it, where no ladder met before holds the same army (the ladder keeps the entries).
            rungs = ladder.members()
            if members:
                for key, at in rungs.items():
                    members.setdefault(key, at)
            else:
                members.update(rungs)
            got = (ladder, 0)
        return got

    def open(self, opening: Opening) -> float:
        """Round 1's main fire from every opening state onto its pair's rows (``Pair.pending``); the mass in.

        Opening states that share an attacker's rung and the defender's ladder (a later wave's starts, every
        survivor of the waves before) are fired together (:meth:`_open_row`).
        """
        started = 0.0
        states: list[tuple[tuple[int, int, int] | None, Start]]                    # (its row's key, or None; the state)
        rows: dict[tuple[int, int, int], tuple[Ladder, int, Ladder, dict[int, float]]]   # key → (la, i0, ld, {j0: mass})
        states, rows = [], {}
        for (a, d, ga, gd), mass in opening.items():
            started += mass
            la, i0 = self.ladder_of("attacker", a, d)
            ld, j0 = self.ladder_of("defender", d, a)
            row: tuple[int, int, int] | None = None
            if not ga and not gd and i0 < la.top and j0 < ld.top:
                row = (id(la), i0, id(ld))
                got = rows.setdefault(row, (la, i0, ld, {}))[3]
                got[j0] = got.get(j0, 0.0) + mass
            states.append((row, (a, d, ga, gd, mass, la, i0, ld, j0)))
        # In order, so sums are never reordered; only where the caller asks (a later wave's starts): a single
        # battle's answers stay what they were to the last bit.
        together = {key: row for key, row in rows.items() if len(row[3]) > 1} if self.batched else {}
        for row, state in states:
            if row not in together:
                self._open_one(*state)
        for la, i0, ld, masses in together.values():
            self._open_row(self.pair_of(la, ld), i0, masses)
        return started

    def land_opening(self, opening: Opening) -> tuple[float, float]:
        """Every opening state's mass onto its pair's row, as if a round had landed it there (no retreat rule
        reads it: :func:`solve_with`); → the mass in, and the mass decided before any round (counted one
        round, as the chains count a battle decided by its opening fire)."""
        started = decided = 0.0
        for (a, d, _, _), mass in opening.items():
            started += mass
            la, i0 = self.ladder_of("attacker", a, d)
            ld, j0 = self.ladder_of("defender", d, a)
            pair = self.pair_of(la, ld)
            if pair.pending is None:
                pair.pending = {}
            row = pair.pending.get(i0)
            if row is None:
                row = pair.pending[i0] = [0.0] * (ld.top + 1)
            row[j0] += mass
            if i0 >= la.top or j0 >= ld.top:
                decided += mass
        return started, decided

    def _open_row(self, pair: Pair, i0: int, masses: dict[int, float]) -> None:
        """Round 1 from attacker rung i0 against many defender rungs: a table of the masses times the
        defender's laws (one big-integer product per start, as :meth:`Stack.table` makes them), then for each
        number l of defender hits, its column of the table (one strided copy) convolved with the attacker's
        law (one product), landing l rows down."""
        la, kd, width, spans = pair.a, pair.d.top, pair.width, pair.spans
        if pair.pending is None:
            pair.pending = {}
        lo_a, n, packed_a = pair.law_packed(i0)
        j_lo, j_hi = min(masses), max(masses) + 1
        self.work.add(OPENING_WORK + (j_hi - j_lo) * width * (n + 1))
        size = SLOT * width
        laws = pair.packed_d
        view = table_view([(int(masses.get(j, 0.0) * SCALE) * laws[j]).to_bytes(size, "little")
                           for j in range(j_lo, j_hi)])
        for l in range(width):
            c_lo, c_hi = spans[l]
            lo, hi = max(c_lo, j_lo), min(c_hi, j_hi)
            if lo >= hi:
                continue
            column = bytearray(SLOT * (hi - lo))
            memoryview(column).cast("Q")[::2] = view[2 * ((lo - j_lo) * width + l):2 * (hi - j_lo) * width:2 * width]
            row = unpack(int.from_bytes(column, "little") * packed_a, hi - lo + n - 1)
            i = min(i0 + l, la.top)
            got = pair.pending.get(i)
            if got is None:
                got = pair.pending[i] = [0.0] * (kd + 1)
            first = lo + lo_a
            inside = max(0, min(len(row), kd - first))
            got[first:first + inside] = map(add, got[first:first + inside], row[:inside])
            got[kd] += fsum(row[inside:])

    def _open_one(self, a: Army, d: Army, ga: Force, gd: Force, mass: Chance, la: Ladder, i0: int, ld: Ladder,
                  j0: int) -> None:
        """Round 1 from one opening state (its casualties still firing, ``ga``/``gd``, included)."""
        setup, tail = self.setup, self.tail
        fa = Army(a.units.plus(ga, setup.ruleset), a.damaged) if ga else a
        fd = Army(d.units.plus(gd, setup.ruleset), d.damaged) if gd else d
        # Round 1's main fire, from the armies that fire (ghosts included) onto the ladders.
        lo_a, law_a = la.of_firing(fa, d, tail) if ga else la.cut[i0]
        lo_d, law_d = ld.of_firing(fd, a, tail) if gd else ld.cut[j0]
        if not counts_as_force(setup, fa) or not counts_as_force(setup, fd):
            lo_a, law_a, lo_d, law_d = 0, [1.0], 0, [1.0]
        pair = self.pair_of(la, ld)
        if pair.pending is None:
            pair.pending = {}
        kd = ld.top
        self.work.add(OPENING_WORK + kd * len(law_d))
        # The row of defender's hits: the attacker's law from column j0 + lo_a, its tail folded at kd.
        first = j0 + lo_a
        row = [0.0] * (kd + 1)
        inside = max(0, min(len(law_a), kd - first))
        row[first:first + inside] = [mass * p for p in law_a[:inside]]
        row[kd] += mass * fsum(law_a[inside:])
        for l, pl in enumerate(law_d, lo_d):
            i = min(i0 + l, la.top)
            got = pair.pending.get(i)
            if got is None:
                pair.pending[i] = [x * pl for x in row]
            else:
                got[:] = [g + x * pl for g, x in zip(got, row)]

    def pair_of(self, la: Ladder, ld: Ladder) -> Pair:
        """The chain on this pair of ladders, made once (the retreat rules of :mod:`..policy` read it too)."""
        key = (id(la), id(ld))
        pair = self.pairs.get(key)
        if pair is None:
            pair = self.pairs[key] = Pair(la, ld)
            pair.work = self.work
        return pair

    def stops(self, pair: Pair, i: int) -> list[bool]:
        """Row i's columns where the attacker's rule makes him retreat ("retreat below", then ``rules``)."""
        retreat = self.retreat
        if retreat.rules is None:
            return pair.stops(i, retreat.below)  # type: ignore[arg-type]  # asked per state with no rules: below is set
        got: list[bool] = retreat.rules.stops(pair, i)
        if retreat.below is not None:
            got = [a or b for a, b in zip(got, pair.stops(i, retreat.below))]
        return got

    def record(self, outcome: str, attacker: Army, defender: Army, x: float) -> None:
        key = (outcome, attacker, defender)
        reached = self.reached
        reached[key] = reached.get(key, 0.0) + x

    def merged(self) -> EndLaw:
        ends = self.ends
        for key, x in self.reached.items():
            ends[key] = ends.get(key, 0.0) + x
        self.reached = {}
        return ends

    def land(self, pair: Pair, i: int, row: list[float], last: bool) -> list[float] | None:
        """Record the ends among the mass that landed on row ``i``; the rest, which fights on, or None."""
        record, retreat = self.record, self.retreat
        la, ld = pair.a, pair.d
        ka, kd = la.top, ld.top
        attacker = la.armies[i]
        if i >= ka:
            for j, x in enumerate(row):
                if x:
                    record(outcome_of(i, j, ka, kd), attacker, ld.armies[j], x)  # type: ignore[arg-type]  # i ≥ ka: an end
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
        rest = "retreat" if self.sized and retreat.by_size(attacker) else None
        if rest is None and self.per_state:
            for j, stop in enumerate(self.stops(pair, i)):
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

    def to_the_end(self, started: float) -> Result:
        """Every state settled once; pairs against the same defender ladder (the AA gun's outcomes) in step."""
        visits = 0.0
        stacks: dict[int, list[Pair]] = {}
        for pair in self.pairs.values():
            stacks.setdefault(id(pair.d), []).append(pair)
        stops = self.stops if self.retreat.per_state else None
        for pairs in stacks.values():
            group = []
            for pair in pairs:
                if scalar.pays(pair):
                    visits += scalar.settle(pair, self.work, self.land, self.record, self.floor, stops)
                else:
                    group.append(pair)
            if not group:
                continue
            size = stack_size(group[0])
            for start in range(0, len(group), size):
                visits += Stack(group[start:start + size], self.work).settle(self.land, self.record, self.floor, stops)
        ends = self.merged()
        pruned = max(0.0, started - fsum(ends.values()))   # cut tails, dropped states, rounding: in minus out
        return {"ends": ends, "rounds": started + visits, "pruned": pruned}

    def by_rounds(self, started: float, limit: int) -> Result:
        """Round after round up to ``limit``; what still fights then is ``in_progress``."""
        floor = self.floor
        expected_rounds = started
        pruned = 0.0
        number = 1
        sent = started
        alone = {key: Stack([pair], self.work) for key, pair in self.pairs.items()}
        while True:
            live_mass = 0.0
            landed = 0.0
            for key, pair in self.pairs.items():
                if pair.pending is not None:
                    got, pair.pending = pair.pending, None
                else:
                    got = alone[key].round(pair.rows)
                pair.rows = {}
                for i, row in got.items():
                    landed += fsum(row)
                    inner = self.land(pair, i, row, number >= limit)
                    if inner is None:
                        continue
                    kept = [x if x >= floor else 0.0 for x in inner]
                    mass = fsum(kept)
                    pruned += fsum(inner) - mass
                    if mass:
                        pair.rows[i] = kept
                        live_mass += mass
            pruned += max(0.0, sent - landed)      # cut tails and fixed-point rounding: what went in and did not land
            number += 1
            if not live_mass:
                break
            expected_rounds += live_mass
            sent = live_mass
        return {"ends": self.merged(), "rounds": expected_rounds, "pruned": pruned}
