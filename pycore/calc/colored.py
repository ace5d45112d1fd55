"""The law of a coloured-dice battle's end (docs/rules.md §7, §9): exact up to a documented size, else Monte Carlo.

Exact: the state is both sides' troops by post (who rolls or boosts where,
and damage). A round is the chart's colours in order. What a colour does
depends only on how many dice each side rolls and how many boosters of each
kind it has (each capped at its dice): its law of (hits on the attacker,
hits on the defender) is worked out once per such key (:func:`colour_law`)
— by a walk over the faces from 6 down to 1 where nobody boosts, by
enumerating every multiset of faces with its multinomial weight out of 6^n
and the app's own boost proposals (attacker first) where somebody does. The
casualties that follow are the app's proposals (the victim's order of loss,
the winner's pick for red), exactly what :mod:`pycore.systems.colored.fight`
does with seeded dice. The attacker never retreats. Battles end when a side
is gone or neither can hurt the other.

Size limit (stated, checked by :func:`small_enough`): exact for at most
``EXACT_MAX_UNITS_A_SIDE`` units a side (the dice of a colour are at most 6
a side whatever the size, so a colour's law is bounded; the states grow with
the units). Beyond it the calculator simulates ``SAMPLES`` battles with
seeded dice (``mc/0``, ``mc/1``, …) through :func:`pycore.calc.montecarlo.sample`
and the ``calc`` op reports 95 % intervals and why. In floats, states
reached with less than ``FLOOR`` are dropped and counted in ``pruned``;
the chain also gives way to Monte Carlo when it meets more than
``STATE_BUDGET`` distinct states (the states grow with every kind of unit a
side has: 20 infantry + 10 tanks against 24 + 6 has 3,800; with artillery and
fighters too, 15 v 15 units has 15,000). ``exact`` (Fractions, nothing
dropped) is refused where Monte Carlo would be needed.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial
from ..systems.colored import boosts as b
from ..systems.colored.commit import Troops
from ..systems.colored.fight import ColoredBattle, can_be_lost_any, fight, kinds, rollers, start
from ..systems.colored.losses import victim_proposal, winner_proposal
from ..systems.colored.match import dice_count, match
from ..systems.colored.play import check_setup
from ..engine.sequence import MAX_ROUNDS, BattleLog, RoundLog
from ..engine.table import SeededTable, Table
from ..engine.setup import ROLES, BattleSetup
from ..errors import BadRequest
from .law import Ends
from .montecarlo import bounded

EXACT_MAX_UNITS_A_SIDE = 60
STATE_BUDGET = 4000
"""Distinct states the exact chain may fight before it gives way to Monte Carlo (a few seconds of CPython)."""
WORK_BUDGET = 500_000
"""Transitions the exact chain may follow (states × rounds × outcomes) before it gives way to Monte Carlo, so
its time is bounded whatever the units: measured 7–15 µs a transition in CPython (30 + 30 a side followed 6.4
million in 47 s before this bound), so at most about 5 s."""
FLOOR = 1e-13
SAMPLES = 4000
"""Battles simulated beyond the exact limit (a probability's 95 % interval is then at most ±1.6 %)."""


@lru_cache(maxsize=8)
def faces_law(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of n d6 faces (high to low) with the number of ordered rolls giving it (out of 6^n)."""
    out = []
    for combo in combinations_with_replacement(range(6, 0, -1), n):
        ways = factorial(n)
        for face in set(combo):
            ways //= factorial(combo.count(face))
        out.append((combo, ways))
    return tuple(out)


def small_enough(setup: BattleSetup) -> bool:
    """Whether the exact chain takes this battle: at most ``EXACT_MAX_UNITS_A_SIDE`` units a side."""
    return all(t.size <= EXACT_MAX_UNITS_A_SIDE for t in start(setup).values())


def _walk_law(na: int, nd: int) -> tuple[tuple[tuple[int, int], int], ...]:
    """(hits on the attacker, on the defender) → ordered rolls out of 6^(na+nd), when nobody boosts.

    The dice are matched high to high (seed 001), so the faces are walked
    from 6 down to 1, placing how many dice of each side show the face: the
    k-th pair is decided when its second die is placed — a tie if both show
    the face, else the die placed earlier (the higher) wins. Dice beyond the
    other side's all hit.
    """
    states = {(0, 0, 0, 0): 1}           # dice placed (attacker, defender), hits on (attacker, defender) → ways
    for face in range(6, 0, -1):
        nxt: dict = {}
        for (ia, i_d, on_a, on_d), ways in states.items():
            ca_range = (na - ia,) if face == 1 else range(na - ia + 1)
            cd_range = (nd - i_d,) if face == 1 else range(nd - i_d + 1)
            for ca in ca_range:
                wa = ways * comb(na - ia, ca)
                for cd in cd_range:
                    ja, jd = ia + ca, i_d + cd
                    ha, hd = on_a, on_d
                    for k in range(min(ia, i_d), min(ja, jd)):
                        if k < ia:
                            hd += 1               # the attacker's k-th die is higher
                        elif k < i_d:
                            ha += 1
                        else:
                            ha += 1               # both show this face: a tie costs both
                            hd += 1
                    key = (ja, jd, ha, hd)
                    nxt[key] = nxt.get(key, 0) + wa * comb(nd - i_d, cd)
        states = nxt
    out: dict = {}
    for (_, _, on_a, on_d), ways in states.items():
        key = (on_a + max(0, nd - na), on_d + max(0, na - nd))
        out[key] = out.get(key, 0) + ways
    return tuple(sorted(out.items()))


@lru_cache(maxsize=None)
def colour_law(na: int, a_counts: tuple[int, ...], nd: int, d_counts: tuple[int, ...]
               ) -> tuple[tuple[tuple[int, int], int], ...]:
    """(hits on the attacker, hits on the defender) → ordered rolls out of 6^(na+nd), for one colour.

    ``a_counts`` / ``d_counts``: boosters of each kind, capped at the side's
    dice (a die takes each kind once). With boosts, every pair of face
    multisets is played as the app plays it: the attacker's proposal, then
    the defender's answer (:mod:`pycore.systems.colored.boosts`).
    """
    if not (na and any(a_counts)) and not (nd and any(d_counts)):
        return _walk_law(na, nd)
    out: dict = {}
    for a_faces, a_ways in faces_law(na):
        for d_faces, d_ways in faces_law(nd):
            a_assign = b.propose(a_faces, a_counts, d_faces, d_counts) if any(a_counts) and na else \
                tuple(() for _ in a_faces)
            a_totals = b.totals(a_faces, a_assign)
            d_assign = b.respond(d_faces, d_counts, a_totals) if any(d_counts) and nd else \
                tuple(() for _ in d_faces)
            m = match(a_totals, b.totals(d_faces, d_assign))
            key = (m.on_attacker, m.on_defender)
            out[key] = out.get(key, 0) + a_ways * d_ways
    return tuple(sorted(out.items()))


def simulate(setup: BattleSetup, seed: str, rounds: int | None) -> BattleLog:
    """One coloured-dice battle with seeded dice (contexts ``r{n}/{side}/{colour}``) and the app's
    proposals for every decision, as ``resolve`` fights it (for Monte Carlo)."""
    return fight(setup, SeededTable(seed), rounds)


class _TooManyStates(Exception):
    """The battle has more distinct states than ``STATE_BUDGET``: Monte Carlo answers instead."""


class _Exact:
    def __init__(self, setup: BattleSetup, exact: bool):
        self.setup = setup
        self.ruleset = setup.ruleset
        self.chart = setup.system.chart
        self.one = Fraction(1) if exact else 1.0
        self.memo: dict = {}
        self.loss_memo: dict = {}
        self.side_memo: dict = {}
        self.round_memo: dict = {}
        self.ended_memo: dict = {}
        self.work = 0          # transitions followed: bounded by WORK_BUDGET (the cost budget, docs/api.md)

    def loss(self, victim: str, troops: Troops, hits: int, row):
        key = (victim, troops, hits, row.color)
        if key not in self.loss_memo:
            if row.choice == "winner":
                got = winner_proposal(self.ruleset, self.chart, troops, hits, row.casualties)
            else:
                got = victim_proposal(self.ruleset, self.chart, troops, hits, row.casualties,
                                      self.setup.side(victim).order_of_loss)
            self.loss_memo[key] = troops.after(got.lost, got.damaged)
        return self.loss_memo[key]

    def color(self, row, state: tuple[Troops, Troops]) -> dict:
        """Next state → probability after one colour, from this state."""
        key = (row.color, state)
        if key in self.memo:
            return self.memo[key]
        a, d = state
        out: dict = {}
        a_in, na, a_counts = self.side(row, a)
        d_in, nd, d_counts = self.side(row, d)
        if not (a_in and d_in) or (not na and not nd):
            out[state] = self.one
            self.memo[key] = out
            return out
        total = 6 ** (na + nd)
        for (on_a, on_d), ways in colour_law(na, a_counts, nd, d_counts):
            nxt = (self.loss("attacker", a, on_a, row) if on_a else a,
                   self.loss("defender", d, on_d, row) if on_d else d)
            p = self.one * ways / total
            out[nxt] = out.get(nxt, 0) + p
        self.memo[key] = out
        return out

    def side(self, row, troops: Troops) -> tuple[bool, int, tuple[int, ...]]:
        """A side in one colour: whether it is still in the fight, its dice, its boosters by kind (capped)."""
        key = (row.color, troops)
        got = self.side_memo.get(key)
        if got is None:
            n = dice_count(rollers(row, troops))
            got = self.side_memo[key] = (can_be_lost_any(self.setup, troops), n,
                                         tuple(min(c, n) for c in b.counts_of(kinds(row, troops))))
        return got

    def round(self, state) -> dict:
        got = self.round_memo.get(state)
        if got is None:
            if len(self.round_memo) >= STATE_BUDGET:
                raise _TooManyStates
            got = self.round_memo[state] = self._round(state)
        return got

    def _round(self, state) -> dict:
        law = {state: self.one}
        for row in self.chart.rows:
            nxt: dict = {}
            for s, p in law.items():
                step = self.color(row, s)
                self.work += len(step)
                for t, q in step.items():
                    nxt[t] = nxt.get(t, 0) + p * q
            law = nxt
        return law

    def ended(self, state) -> tuple[str | None, tuple[Troops, Troops]]:
        """The outcome after a round (lonely defenseless transports first), or None; and the state kept."""
        got = self.ended_memo.get(state)
        if got is None:
            battle = ColoredBattle(self.setup, Table(), dict(zip(ROLES, state)))   # rolls and decides nothing
            battle.lose_lonely_transports(RoundLog(0))
            got = self.ended_memo[state] = (battle.decided(), (battle.troops["attacker"], battle.troops["defender"]))
        return got


def exact_ends(setup: BattleSetup, rounds: int | None, exact: bool) -> Ends:
    calc = _Exact(setup, exact)
    troops = start(setup)
    state = (troops["attacker"], troops["defender"])
    limit = MAX_ROUNDS if rounds is None else min(rounds, MAX_ROUNDS)
    ends: dict = {}
    expected = 0 * calc.one
    first, kept = calc.ended(state)
    live = {kept: calc.one} if first is None else {}
    if first is not None:
        ends[(first, kept[0].army(setup.ruleset), kept[1].army(setup.ruleset))] = calc.one
    pruned = 0 * calc.one
    for _ in range(limit):
        if not live:
            break
        expected += sum(live.values())
        nxt: dict = {}
        for s, p in live.items():
            step = calc.round(s)
            calc.work += len(step)
            if calc.work > WORK_BUDGET:
                raise _TooManyStates
            for t, q in step.items():
                outcome, t = calc.ended(t)
                if outcome is None:
                    nxt[t] = nxt.get(t, 0) + p * q
                else:
                    key = (outcome, t[0].army(setup.ruleset), t[1].army(setup.ruleset))
                    ends[key] = ends.get(key, 0) + p * q
        if not exact:
            # In floats, states reached with less than FLOOR are dropped; what is dropped is reported.
            dropped = [t for t, p in nxt.items() if p < FLOOR]
            for t in dropped:
                pruned += nxt.pop(t)
        live = nxt
    for s, p in live.items():
        key = ("in_progress", s[0].army(setup.ruleset), s[1].army(setup.ruleset))
        ends[key] = ends.get(key, 0) + p
    return Ends(ends, expected, pruned, "exact")


def ends(setup: BattleSetup, rounds: int | None, exact: bool) -> Ends:
    """The law of the battle's end: exact enumeration within the size limit, Monte Carlo beyond."""
    check_setup(setup)
    if setup.attacker.cargo or setup.defender.cargo:
        raise BadRequest("attacker.cargo" if setup.attacker.cargo else "defender.cargo",
                         "the calculator does not carry cargo yet; leave it out")
    why = f"more than {EXACT_MAX_UNITS_A_SIDE} units a side"
    if small_enough(setup):
        try:
            return exact_ends(setup, rounds, exact)
        except _TooManyStates:
            why = f"more than {STATE_BUDGET} distinct states or {WORK_BUDGET:,} transitions"
    if exact:
        raise BadRequest("exact", f"exact fractions for coloured dice are given up to {EXACT_MAX_UNITS_A_SIDE} units "
                                  f"a side and {STATE_BUDGET} states; this battle has {why}: leave exact out for a "
                                  "Monte Carlo estimate")
    return bounded(setup, rounds, SAMPLES, f"Monte Carlo: this coloured-dice battle has {why}, beyond the exact "
                   "chain of coloured dice", True, simulate)
