"""The law of a coloured-dice battle's end (RULES.md §7, §9): exact where the state allows, else Monte Carlo.

Exact: the state is both sides' troops by post (who rolls or boosts where,
and damage). A round is the chart's colours in order; for each colour every
multiset of faces each side can roll is enumerated with its multinomial
weight out of 6^n, and what follows is the app's own deterministic play
(the boost proposals, attacker first, and the casualty proposals — the
victim's order of loss, the winner's pick for red), exactly what
:mod:`pycore.colored.fight` does with seeded dice. The attacker never
retreats. Battles end when a side is gone or neither can hurt the other.

Size limit (stated, checked by :func:`small_enough`): exact only when, at
the start, no side rolls more than 3 dice of any colour and the battle has
at most 24 units; beyond that one colour alone would need up to 462 × 462
face pairs per state, so the calculator simulates ``SAMPLES`` battles with
seeded dice (``mc/0``, ``mc/1``, …) through :func:`pycore.calc.montecarlo.sample`
and the ``calc`` op reports 95 % intervals. ``exact`` (Fractions) is
refused beyond the limit.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from ..colored import boosts as b
from ..colored.commit import Troops
from ..colored.fight import ColoredBattle, ColorRound, can_be_lost_any, fight, kinds, rollers, start
from ..colored.losses import victim_proposal, winner_proposal
from ..colored.match import dice_count, match
from ..colored.op import check_setup
from ..engine.sequence import MAX_ROUNDS, BattleLog
from ..engine.setup import ROLES, BattleSetup
from ..errors import BadRequest
from .law import Ends
from .montecarlo import SeededQuiet
from .montecarlo import sample

EXACT_MAX_DICE = 3
EXACT_MAX_UNITS = 24
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
    troops = start(setup)
    if sum(t.size for t in troops.values()) > EXACT_MAX_UNITS:
        return False
    return all(dice_count(rollers(row, troops[role])) <= EXACT_MAX_DICE
               for row in setup.system.chart.rows for role in ROLES)


class _Quiet(SeededQuiet):
    """Seeded dice (contexts ``r{n}/{side}/{colour}``) and the app's proposals; the boosts too."""

    def boosts(self, number, color, role):
        return None

    def ask_boosts(self):
        return False


def simulate(setup: BattleSetup, seed: str, rounds: int | None) -> BattleLog:
    """One coloured-dice battle with seeded dice, as ``resolve`` fights it (for Monte Carlo)."""
    return fight(setup, _Quiet(seed), rounds).battle_log(setup)


class _Exact:
    def __init__(self, setup: BattleSetup, exact: bool):
        self.setup = setup
        self.ruleset = setup.ruleset
        self.chart = setup.system.chart
        self.one = Fraction(1) if exact else 1.0
        self.memo: dict = {}
        self.loss_memo: dict = {}

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
        if not (can_be_lost_any(self.setup, a) and can_be_lost_any(self.setup, d)):
            out[state] = self.one
            self.memo[key] = out
            return out
        na, nd = dice_count(rollers(row, a)), dice_count(rollers(row, d))
        if not na and not nd:
            out[state] = self.one
            self.memo[key] = out
            return out
        a_counts, d_counts = b.counts_of(kinds(row, a)), b.counts_of(kinds(row, d))
        total = 6 ** (na + nd)
        for a_faces, a_ways in faces_law(na):
            for d_faces, d_ways in faces_law(nd):
                a_assign = b.propose(a_faces, a_counts, d_faces, d_counts) if any(a_counts) and na else \
                    tuple(() for _ in a_faces)
                a_totals = b.totals(a_faces, a_assign)
                d_assign = b.respond(d_faces, d_counts, a_totals) if any(d_counts) and nd else \
                    tuple(() for _ in d_faces)
                m = match(a_totals, b.totals(d_faces, d_assign))
                nxt = (self.loss("attacker", a, m.on_attacker, row) if m.on_attacker else a,
                       self.loss("defender", d, m.on_defender, row) if m.on_defender else d)
                p = self.one * (a_ways * d_ways) / total
                out[nxt] = out.get(nxt, 0) + p
        self.memo[key] = out
        return out

    def round(self, state) -> dict:
        law = {state: self.one}
        for row in self.chart.rows:
            nxt: dict = {}
            for s, p in law.items():
                for t, q in self.color(row, s).items():
                    nxt[t] = nxt.get(t, 0) + p * q
            law = nxt
        return law

    def ended(self, state) -> tuple[str | None, tuple[Troops, Troops]]:
        """The outcome after a round (lonely defenseless transports first), or None; and the state kept."""
        battle = ColoredBattle(self.setup, _Quiet(""), dict(zip(ROLES, state)))
        battle.lose_lonely_transports(ColorRound(0))
        return battle.decided(), (battle.troops["attacker"], battle.troops["defender"])


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
    for _ in range(limit):
        if not live:
            break
        expected += sum(live.values())
        nxt: dict = {}
        for s, p in live.items():
            for t, q in calc.round(s).items():
                outcome, t = calc.ended(t)
                if outcome is None:
                    nxt[t] = nxt.get(t, 0) + p * q
                else:
                    key = (outcome, t[0].army(setup.ruleset), t[1].army(setup.ruleset))
                    ends[key] = ends.get(key, 0) + p * q
        live = nxt
    for s, p in live.items():
        key = ("in_progress", s[0].army(setup.ruleset), s[1].army(setup.ruleset))
        ends[key] = ends.get(key, 0) + p
    return Ends(ends, expected, 0 * calc.one, "exact")


def ends(setup: BattleSetup, rounds: int | None, exact: bool) -> Ends:
    """The law of the battle's end: exact enumeration within the size limit, Monte Carlo beyond."""
    check_setup(setup)
    if setup.attacker.cargo or setup.defender.cargo:
        raise BadRequest("attacker.cargo" if setup.attacker.cargo else "defender.cargo",
                         "the calculator does not carry cargo yet; leave it out")
    if small_enough(setup):
        return exact_ends(setup, rounds, exact)
    if exact:
        raise BadRequest("exact", f"exact fractions for coloured dice are given when no side rolls more than "
                                  f"{EXACT_MAX_DICE} dice of a colour and at most {EXACT_MAX_UNITS} units fight; "
                                  "leave exact out for a Monte Carlo estimate")
    return sample(setup, rounds, SAMPLES, simulate, reason=(
        f"Monte Carlo: a side rolls more than {EXACT_MAX_DICE} dice of a colour or more than {EXACT_MAX_UNITS} "
        f"units fight in all, beyond the exact enumeration of coloured dice"))
