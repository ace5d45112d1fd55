"""The sea chain fought to the end: every state settled once, rows of states in increasing order of names.

Hits taken never go down and a higher counter is a higher name (mixed radix),
so a round moves mass from ``(a, d)`` only to states whose names are each at
least as high: rows (attacker names) are settled in increasing order, and
within a row the columns (defender names) too, and a state's chance to stay
put is divided out (fought to the end, as the general chain and the ladder
do). Rows are dense lists over the defender's names.

Two kinds of mass sit at a position of a row: ``F``, states between rounds
(the end of a round is checked there, ``Ending``), and ``I``, armies after
the round's sub strikes, before its main fire. Where the strikes' casualties
leave at once, the main fire depends only on the armies left, so the
strikes of every state are pushed into ``I`` (an outcome is one addition)
and each position's main fire is worked once for all of them: far fewer
laws met than one main fire per strike outcome of every state. A position's
own loop (no strike hits and no main hits: back to the same state) is
solved in closed form: with ``s`` the chance that the strikes change
nothing and ``P00`` that the main fire changes nothing,
``F = (F_in + P00·I_in) / (1 − s·P00)`` and ``I = I_in + s·F``.
Where a strike's casualties stay (its victim has a destroyer), the state's
round is read as the main fire's laws per strike outcome (``combos``).

The mass one position sends to a later row is owed to that row by defender
law (weights of the same law summed) and spread once, when the row comes up;
a defender law of two nested groups (``Fleet.fast``'s stages) is spread in two
steps: the weights of every such law with the same wider group summed on the
armies their narrower groups leave, then the wider group's law once from each.
"""

from __future__ import annotations

from collections.abc import Iterable
from heapq import heappop, heappush
from itertools import compress, count
from typing import Literal, Protocol

from .laws import Fleet
from .rounds import Record, combos, strikes
from .side import Fast, Landing, Outcomes, Staged, Strike
from .work import ENTRY_WORK, STATE_WORK, TooMuchWork


MARK = 5e-324
"""Put in a row's ``F`` list where armies after the strikes wait in ``I`` and no state has mass yet, so the row's
one lazy scan of ``F`` meets both (the smallest float: adding a mass to it gives the mass)."""

Spread = Landing | Fast
"""A law spread over a row (:meth:`_Settle.spread`): ``Fleet.land``'s, or ``Fleet.fast``'s (its length says which)."""
Verdict = tuple[bool, bool, str | None] | Literal[False]
"""What the end of a round decides (``Ending.read``): False where the battle goes on, else (attacker wiped
out, defender wiped out, outcome)."""


class RoundEnd(Protocol):
    """The end of a round as the row loop reads it (the package's ``Ending``): its table by type sets, read
    inline, and its verdict where the table has none."""

    TYPES: int
    table: dict[int, Verdict]

    def read(self, ia: int, id_: int) -> Verdict: ...

    def __call__(self, ia: int, id_: int) -> tuple[int, str | None]: ...


def to_the_end(fleet: Fleet, ending: RoundEnd, record: Record, floor: float, limit: int) -> tuple[float, int]:
    """Settle every state from the start; returns (expected rounds, work). Ends go to ``record``."""
    return _Settle(fleet, ending, record, floor, limit).run()


class _Settle:
    """One calculation's rows, what later rows are owed, and the loop over them.

    By attacker name: ``rows`` (F) and ``struck`` (I), dense lists over the
    defender's names, and ``owed``, {id of a defender law: its weight}; None
    until something lands there (the row is queued then).
    """

    def __init__(self, fleet: Fleet, ending: RoundEnd, record: Record, floor: float, limit: int) -> None:
        self.fleet, self.ending, self.record, self.floor, self.limit = fleet, ending, record, floor, limit
        self.A, self.D = fleet.sides["attacker"], fleet.sides["defender"]
        self.m = fleet.m
        size = self.A.size
        self.rows: list[list[float] | None] = [None] * size
        self.struck: list[list[float] | None] = [None] * size
        self.owed: list[dict[int, float] | None] = [None] * size
        self.laws: dict[int, Spread] = {}
        self.pending: list[int] = []
        self.queued: set[int] = set()
        self.expected_rounds = 1.0          # round 1, fought from the start (as chain.solve: not divided out)
        self.work = 0

    def queue(self, ia: int) -> None:
        if ia not in self.queued:
            self.queued.add(ia)
            heappush(self.pending, ia)

    def row_of(self, table: list[list[float] | None], ia: int) -> list[float]:
        got = table[ia]
        if got is None:
            got = table[ia] = [0.0] * self.m
            self.queue(ia)
        return got

    def after_strikes(self, ia: int, id_: int, mass: float) -> None:
        """Mass onto the armies after the strikes at a position of a later row (marked in its ``F`` list)."""
        self.row_of(self.struck, ia)[id_] += mass
        row = self.row_of(self.rows, ia)
        if not row[id_]:
            row[id_] = MARK

    def run(self) -> tuple[float, int]:
        fleet = self.fleet
        a0, d0 = fleet.starts["attacker"], fleet.starts["defender"]
        # Round 1 from the start: no end of round before it, nothing divided out.
        first = strikes(fleet, a0, d0)
        if first is None:
            row = self.row_of(self.rows, a0)
            for p, law_a, law_d in combos(fleet, a0, d0):
                self.spread(p, a0, law_a, law_d, row)
        else:
            home, others = first
            self.after_strikes(a0, d0, home)
            for p, a1, d1 in others:
                self.after_strikes(a1, d1, p)
        while self.pending:
            ia = heappop(self.pending)
            self.queued.discard(ia)
            self.settle_row(ia)
        return self.expected_rounds, self.work

    def spread(self, w: float, ia: int, law_a: Spread, law_d: Spread, row: list[float]) -> int:
        """Mass ``w`` over the outer product of two laws (``Fleet.fast``'s, or ``Fleet.land``'s): this row at once,
        later rows owed by defender law; returns the work. Only a law's first army can be the army it starts
        from (``Fleet.land``), and in a staged law only the first army's first."""
        key = id(law_d)
        if key not in self.laws:
            self.laws[key] = law_d
        if len(law_a) == 4:
            cells, home = self.owe_staged(w, ia, law_a, key), law_a[3]
        else:
            sa, pa_ = law_a[0], law_a[1]
            cells = len(sa)
            rest = zip(sa, pa_)
            home = 0.0
            if sa[0] == ia:
                home = pa_[0]
                next(rest)
            self.owe(w, rest, key)
        if home:
            c = w * home         # this row: at once (it reaches columns still to come)
            if len(law_d) == 4:
                cells += self.staged_at_once(c, law_d, row)
            else:
                sd, pd_ = law_d[0], law_d[1]
                for d2, pd in zip(sd, pd_):
                    row[d2] += c * pd
                cells += len(sd)
        return cells

    def owe(self, w: float, rest: Iterable[tuple[int, float]], key: int) -> None:
        """Mass ``w`` over an attacker law's (army, chance) pairs, owed to those armies' later rows under the
        defender law ``key``: the one loop by which ``spread`` and ``owe_staged`` defer work to later rows."""
        owed = self.owed
        for a2, pa in rest:
            got = owed[a2]
            if got is None:
                owed[a2] = {key: w * pa}
                self.queue(a2)
            elif key in got:
                got[key] += w * pa
            else:
                got[key] = w * pa

    def owe_staged(self, w: float, ia: int, law_a: Staged, key: int) -> int:
        """A staged attacker law's cells (but its home) owed to later rows: each army after the narrower group,
        then the wider group's law from it (``Fleet.stage``). Returns the work."""
        ys, qs, stage, _ = law_a
        fleet = self.fleet
        table = fleet.stage_of["attacker"]
        base = stage << self.A.shift
        cells = 0
        for y, q in zip(ys, qs):
            k = base | y
            sa, pa_ = table[k] if k in table else fleet.stage("attacker", stage, y)
            rest = zip(sa, pa_)
            if sa[0] == ia:
                next(rest)
            cells += len(sa)
            self.owe(w * q, rest, key)
        return cells

    def staged_at_once(self, c: float, law_d: Staged, row: list[float]) -> int:
        """Mass ``c`` over a staged defender law, on this row at once. Returns the work."""
        ys, qs, stage, _ = law_d
        fleet = self.fleet
        table = fleet.stage_of["defender"]
        base = stage << self.D.shift
        cells = 0
        for y, q in zip(ys, qs):
            k = base | y
            sd, pd_ = table[k] if k in table else fleet.stage("defender", stage, y)
            cq = c * q
            for d2, pd in zip(sd, pd_):
                row[d2] += cq * pd
            cells += len(sd)
        return cells

    def settle_row(self, ia: int) -> None:
        m, fleet, floor = self.m, self.fleet, self.floor
        row = self.rows[ia] or [0.0] * m
        struck = self.struck[ia] or [0.0] * m
        self.rows[ia] = self.struck[ia] = None
        work = self.owed_into(ia, row)
        A, D = self.A, self.D
        base = ia * m
        spread, record, ending, table = self.spread, self.record, self.ending, self.ending.table
        types, types_d = ending.TYPES * A.types[ia], D.types
        fa, reads_a, destroyer_a = A.force[ia], A.reads[ia], A.destroyer[ia]
        fa4, shift_a, shift_d = 4 * fa, A.shift, D.shift
        strikes_a, strikes_d = fleet.strikes["attacker"], fleet.strikes["defender"]
        mains_a, mains_d = fleet.mains["attacker"], fleet.mains["defender"]
        lands_a, lands_d = fleet.fast_of["attacker"], fleet.fast_of["defender"]
        force_d, reads_d, destroyer_d = D.force, D.reads, D.destroyer
        kept_a, kept_d = fleet.kept["attacker"], fleet.kept["defender"]
        # Lazily: pushes along the row land on later columns, seen in turn.
        for id_ in compress(count(), row):
            f, i = row[id_], struck[id_]
            row[id_] = struck[id_] = 0.0
            if f + i < floor:
                continue                     # dropped: counted in ``pruned`` (mass in minus mass out)
            key = types + types_d[id_]
            if (table[key] if key in table else ending.read(ia, id_)):
                work += self.other(ia, id_, f, i, row)       # the round ended here
                continue
            fd, rd = force_d[id_], reads_d[id_]
            key = fa4 + rd
            strike_a = strikes_a[key] if key in strikes_a else fleet.sub_strike("attacker", fa, rd)
            sig_a = mains_a[key] if key in mains_a else fleet.main("attacker", fa, rd)
            key = 4 * fd + reads_a
            strike_d = strikes_d[key] if key in strikes_d else fleet.sub_strike("defender", fd, reads_a)
            if strike_a is not None and destroyer_d[id_] or strike_d is not None and destroyer_a:
                work += self.other(ia, id_, f, i, row)       # a strike's casualties stay: by outcome
                continue
            sig_d = mains_d[key] if key in mains_d else fleet.main("defender", fd, reads_a)
            key = (sig_d << shift_a) | ia
            law_a = lands_a[key] if key in lands_a else fleet.fast("attacker", ia, sig_d)
            key = (sig_a << shift_d) | id_
            law_d = lands_d[key] if key in lands_d else fleet.fast("defender", id_, sig_a)
            p00 = law_a[-1] * law_d[-1]
            spared_a: Outcomes | None
            spared_d: Outcomes        # None until the defender's strike sets it; read only where there is one
            s, spared_a, spared_d = 1.0, None, None  # type: ignore[assignment]  # (spared_d: the line above)
            if strike_a is not None:
                key = (strike_a[2] << shift_d) | id_
                s, spared_a = kept_d[key] if key in kept_d else fleet.spared("defender", id_, strike_a)
            if strike_d is not None:
                key = (strike_d[2] << shift_a) | ia
                p, spared_d = kept_a[key] if key in kept_a else fleet.spared("attacker", ia, strike_d)
                s *= p
            leave = 1.0 - s * p00
            if leave <= 1e-15:
                record("stalemate", base + id_, f + i)
                continue
            settled = (f + p00 * i) / leave          # the state's own rounds (F)
            self.expected_rounds += settled
            if strike_d is None:
                if spared_a is not None:
                    # The attacker's strike alone (what is left of the defender has no strike either).
                    for d1, p in spared_a:
                        struck[d1] += settled * p
                        if not row[d1]:
                            row[d1] = MARK
                    work += len(spared_a)
            elif strike_a is None:
                for a1, p in spared_d:
                    self.after_strikes(a1, id_, settled * p)
                work += len(spared_d)
            else:
                work += self.push_strikes(ia, id_, strike_a, settled, row, struck)
            work += STATE_WORK + ENTRY_WORK + spread(i + s * settled, ia, law_a, law_d, row)
            row[id_] = 0.0                # its own share is divided out above
        self.work += work

    def owed_into(self, ia: int, row: list[float]) -> int:
        """What earlier rows owe row ``ia``, spread over it; checks the bound; returns the work.

        A law is spread cell by cell; a staged one (``Fleet.fast``) in two steps: the weights of every staged law
        with the same wider group summed on the armies its narrower group leaves, then the wider group's law
        spread once from each of them."""
        laws = self.laws
        work = 0
        owed = self.owed[ia]
        self.owed[ia] = None
        staged: dict[int, list[float]] = {}
        for key, weight in owed.items() if owed else ():
            law = laws[key]
            if len(law) != 4:
                sd, pd_ = law[0], law[1]
                work += len(sd)
                for d2, pd in zip(sd, pd_):
                    row[d2] += weight * pd
                continue
            ys, qs, stage, _ = law
            if stage in staged:              # ``in`` and a subscript, not a .get call (dearer in Pyodide)
                acc = staged[stage]
            else:
                acc = staged[stage] = [0.0] * self.m
            work += len(ys)
            for y, q in zip(ys, qs):
                acc[y] += weight * q
        if staged:
            work += self.unstage(staged, row)
        if self.work + work + self.fleet.work > self.limit:
            raise TooMuchWork(self.work + work + self.fleet.work)
        return work

    def unstage(self, staged: dict[int, list[float]], row: list[float]) -> int:
        """Each stage's summed weights spread by its wider group from each army they reached; returns the work."""
        fleet = self.fleet
        table, shift = fleet.stage_of["defender"], self.D.shift
        work = 0
        for stage, acc in staged.items():
            base = stage << shift
            for y in compress(count(), acc):
                v = acc[y]
                key = base | y
                sd, pd_ = table[key] if key in table else fleet.stage("defender", stage, y)
                work += len(sd)
                for d2, pd in zip(sd, pd_):
                    row[d2] += v * pd
        return work

    def push_strikes(self, ia: int, id_: int, strike_a: Strike | None, mass: float, row: list[float],
                     struck: list[float]) -> int:
        """The strikes' outcomes of ``mass`` from state ``(ia, id_)`` onto the armies after the strikes (the
        armies as they were excepted: divided out); the defender strikes with what the attacker's strike left
        of it. Returns the work."""
        fleet = self.fleet
        reads_a, force_d = self.A.reads[ia], self.D.force
        strikes_d = fleet.strikes["defender"]
        outcomes = ((id_, 1.0),) if strike_a is None else fleet.struck("defender", id_, strike_a)
        work = 0
        for d1, p1 in outcomes:
            key = 4 * force_d[d1] + reads_a
            strike = strikes_d[key] if key in strikes_d else fleet.sub_strike("defender", force_d[d1], reads_a)
            if strike is None:
                if d1 != id_:
                    struck[d1] += mass * p1
                    if not row[d1]:
                        row[d1] = MARK
                continue
            for a1, p2 in fleet.struck("attacker", ia, strike):
                if a1 != ia:
                    self.after_strikes(a1, d1, mass * p1 * p2)
                elif d1 != id_:
                    struck[d1] += mass * p1 * p2
                    if not row[d1]:
                        row[d1] = MARK
                work += 1
        return work + len(outcomes)

    def other(self, ia: int, id_: int, f: float, i: float, row: list[float]) -> int:
        """A position whose state does not fight with strikes that leave at once (its round ended, or a strike's
        casualties stay): the main fire of armies after other states' strikes here, then the state's own end
        or round (``combos``). Returns the work."""
        work = 0
        if i:
            # Armies after some other state's strikes: their main fire, all of it, own share included.
            law_a, law_d = self.fleet.main_fire(ia, id_)
            work += ENTRY_WORK + self.spread(i, ia, law_a, law_d, row)
            f += row[id_]
            row[id_] = 0.0
        moved, done = self.ending(ia, id_)
        if done is not None:
            self.record(done, moved, f)
            return work
        base = ia * self.m
        if moved != base + id_:
            ma, md = divmod(moved, self.m)    # lonely transports lost: higher counters, a later state
            (row if ma == ia else self.row_of(self.rows, ma))[md] += f
            return work
        todo = combos(self.fleet, ia, id_)
        stay = 0.0
        for p, (sa, pa_), (sd, pd_) in todo:
            if sa[0] == ia and sd[0] == id_:
                stay += p * pa_[0] * pd_[0]
        if stay >= 1.0 - 1e-15:
            self.record("stalemate", base + id_, f)
            return work
        scale = f / (1.0 - stay)
        self.expected_rounds += scale
        work += STATE_WORK
        for p, land_a, land_d in todo:
            work += ENTRY_WORK + self.spread(p * scale, ia, land_a, land_d, row)
        row[id_] = 0.0                    # its own share (stay) is divided out above
        return work
