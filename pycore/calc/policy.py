"""Retreat by what pressing on is worth, and by the chances of the next round (docs/rules.md §9, "Retreat rules").

The attacker's rules of :mod:`.choices` read his size or his chance to win.
These read more of a state, after each round, as the engine's step 7 does
(docs/rules.md §2):

* **air loss X** — retreat when the chance that the next round takes one of
  his aircraft is above X;
* **strafe X** — retreat when the chance that the next round wipes out the
  defender is above X (he keeps his units and leaves the territory);
* **profit T** — retreat when pressing on is worth less than T IPCs more than
  retreating now. Worth is the plan's swing (what the defender loses minus what
  the attacker loses, the territory's value where it is taken or held, and what
  the later waves and the counter-attack make of the states this wave leaves:
  ``worth``), on average over the rest of the battle fought under the same
  rules. It is worked out backwards from the battle's ends, state by state, so
  at T = 0 the rule is the best one there is (optimal stopping): no rule of
  when to retreat gives a better average (``tests/core/test_calc_policy.py``
  checks it against every rule on small battles).

Both chains ask the same object: the ladder row by row (:meth:`StateRules.stops`,
its tables worked once per pair of ladders), the general chain state by state
(:meth:`StateRules.stops_state`). ``worth(outcome, attacker, defender)`` is the
value of an end, in IPCs up to a constant, in the chain's arithmetic.
"""

from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING, Callable, cast

from ..engine.army import Army
from ..engine.table import retreats_at_units
from .choices import Chance, is_above, is_below
from .ladder import Ladder, Pair, outcome_of
from .total import fsum, total

if TYPE_CHECKING:
    from ..rulesets import Ruleset
    from .chain import Chain

Worth = Callable[[str, Army, Army], Chance]
"""What an end is worth: (outcome, attacker, defender) → IPCs up to a constant, in the chain's arithmetic."""
FloatWorth = Callable[[str, Army, Army], float]
"""A :data:`Worth` on the ladder, whose arithmetic is always floats."""
Table = tuple[Pair, list[list[bool]], "list[list[float]] | None"]
"""A pair's table: the pair, the columns where the attacker retreats by row, the worth by row (None: no worth)."""


class StateRules:
    """One wave's rules read state by state, and (for ``profit``) what its ends are worth.

    ``at_units`` and ``below`` are the wave's other rules (:class:`.choices.Retreat`): the worth of a state
    counts them, since a state where they retreat is worth its retreat. ``active``: whether the rules make
    the attacker retreat at all (a wave without rules of its own may be asked only for the worth of its
    states, by an earlier wave's profit rule).
    """

    def __init__(self, worth: Worth | None = None, profit: float | None = None, air_loss: float | None = None,
                 strafe: float | None = None, at_units: int | None = None, below: float | None = None):
        if profit is not None and worth is None:
            raise ValueError("the profit rule needs what the ends are worth")
        self.worth, self.profit, self.air_loss, self.strafe = worth, profit, air_loss, strafe
        self.at_units, self.below = at_units, below
        self._tables: dict[int, Table] = {}      # id(pair) → (pair, flags by row, values by row)
        self._states: dict[tuple[Chain, Army, Army], tuple[bool, Chance]] = {}   # (chain, attacker, defender) → (retreats, value): the chain kept alive with it

    @property
    def active(self) -> bool:
        return self.profit is not None or self.air_loss is not None or self.strafe is not None

    # -- the ladder ------------------------------------------------------------------------------
    def stops(self, pair: Pair, i: int) -> list[bool]:
        """Row i's columns where the attacker retreats (the ladder's ``Solver.stops``)."""
        return self.table(pair)[1][i]

    def table(self, pair: Pair) -> Table:
        got = self._tables.get(id(pair))
        if got is None:
            forced = [self._forced_row(pair, i) for i in range(pair.a.top)]
            if self.worth is None:
                got = (pair, forced, None)
            else:
                # the ladder runs only in floats (method.Ladder.applies), so every worth here is a float
                flags, values = ladder_values(pair, cast(FloatWorth, self.worth), forced, self.profit)
                got = (pair, flags, values)
            self._tables[id(pair)] = got
        return got

    def _forced_row(self, pair: Pair, i: int) -> list[bool]:
        """Row i's columns where a rule other than ``profit`` retreats (at N units, below X, air loss, strafe)."""
        la, ld = pair.a, pair.d
        kd = ld.top
        if retreats_at_units(la.armies[i].size, self.at_units):
            return [True] * kd
        row = pair.stops(i, self.below) if self.below is not None else [False] * kd
        if self.air_loss is not None:
            reach = _air_reach(la)[i]
            if reach is not None:
                chances = _tail_by_column(pair, reach)
                row = [r or is_above(p, self.air_loss) for r, p in zip(row, chances)]
        if self.strafe is not None:
            lo, law = la.cut[i]
            row = [r or is_above(fsum(law[max(0, kd - j - lo):]), self.strafe) for j, r in enumerate(row)]
        return row

    def start_value(self, pair: Pair, i0: int, j0: int) -> float:
        """What round 1 from (i0, j0) and the rest of the battle are worth (the opening fire already done)."""
        values = cast("list[list[float]]", self.table(pair)[2])   # asked only of rules with a worth
        la, ld = pair.a, pair.d
        lo_a, law_a = la.cut[i0] if i0 < la.top else (0, [1.0])
        lo_d, law_d = ld.cut[j0] if j0 < ld.top else (0, [1.0])
        if i0 >= la.top or j0 >= ld.top:
            lo_a, law_a, lo_d, law_d = 0, [1.0], 0, [1.0]
        mass = 0.0
        for l, q in enumerate(law_d, lo_d):
            row = values[min(i0 + l, la.top)]
            mass += q * fsum(p * row[min(j0 + k, ld.top)] for k, p in enumerate(law_a, lo_a))
        return mass

    # -- the general chain ---------------------------------------------------------------------
    def stops_state(self, chain: Chain, a: Army, d: Army) -> bool:
        """Whether the attacker retreats from armies ``a``, ``d`` after a round (``Chain.retreats``)."""
        return self._state(chain, a, d)[0]

    def value(self, chain: Chain, a: Army, d: Army) -> Chance:
        """What the armies after a round are worth: their end, their retreat, or the rest of the battle."""
        a2, d2, done = chain.end_of_round(a, d)
        if done is not None:
            return self.worth(done, a2, d2)  # type: ignore[misc]  # value() is asked only of rules with a worth
        if (a2, d2) != (a, d):
            return self.value(chain, a2, d2)
        return self._state(chain, a, d)[1]

    def _state(self, chain: Chain, a: Army, d: Army) -> tuple[bool, Chance]:
        key = (chain, a, d)
        got = self._states.get(key)
        if got is not None:
            return got
        forced = retreats_at_units(a.size, self.at_units)
        forced = forced or (self.below is not None and is_below(chain.win_chance(a, d), self.below))
        nxt = None
        if not forced and (self.air_loss is not None or self.strafe is not None):
            nxt, _ = chain.round_from(a, d, 2)
            forced = self._chances_say_retreat(chain, a, nxt)
        value: Chance = None  # type: ignore[assignment]  # stays None only without a worth: never read then
        if self.worth is not None:
            stay_put = self.worth("retreat", a, d)
            if forced:
                value = stay_put
            else:
                if nxt is None:
                    nxt, _ = chain.round_from(a, d, 2)
                rest = dict(nxt)
                stay = rest.pop((a, d), 0)
                if stay >= 1:               # nobody can hit anybody: the engine calls it a stalemate
                    value = self.worth("stalemate", a, d)
                else:
                    value = total((p * self.value(chain, a3, d3) for (a3, d3), p in rest.items()), chain.zero)
                    value = value / (chain.one - stay)
                    if self.profit is not None and is_below(value - stay_put, self.profit):
                        forced, value = True, stay_put
        got = self._states[key] = (forced, value)
        return got

    def _chances_say_retreat(self, chain: Chain, a: Army, nxt: dict[tuple[Army, Army], Chance]) -> bool:
        ruleset = chain.setup.ruleset
        if self.air_loss is not None:
            air = _aircraft(ruleset, a)
            lost = total((p for (a2, _), p in nxt.items() if _aircraft(ruleset, a2) < air), chain.zero)
            if is_above(lost, self.air_loss):
                return True
        if self.strafe is not None:
            wiped = total((p for (a2, d2), p in nxt.items()
                         if chain.end_of_round(a2, d2)[2] in ("attacker_wins", "draw")), chain.zero)
            if is_above(wiped, self.strafe):
                return True
        return False

    def chain_start_value(self, chain: Chain, start: tuple[Army, Army]) -> Chance:
        """What a battle from these armies is worth, its opening fire and round 1 included (never a retreat
        before round 1: the rules are read after a round)."""
        a0, d0 = start
        first, _ = chain.round_from(a0, d0, 1)
        got: Chance = total((p * self.value(chain, a, d) for (a, d), p in first.items()), chain.zero)
        return got


def _aircraft(ruleset: Ruleset, army: Army) -> int:
    return sum(n for uid, n in army.units.counts if ruleset.unit(uid).is_air)


def _air_reach(ladder: Ladder) -> list[int | None]:
    """For each rung: how many more hits take one of the attacker's aircraft (None: none is ever lost).
    Worked once per ladder, kept on it."""
    got = getattr(ladder, "air_reach", None)
    if got is None:
        ruleset = ladder.setup.ruleset
        air = [_aircraft(ruleset, army) for army in ladder.armies]
        got = [None] * len(air)
        nearest = None
        for r in range(len(air) - 1, -1, -1):
            if r + 1 < len(air) and air[r + 1] < air[r]:
                nearest = r + 1
            got[r] = nearest - r if nearest is not None else None
        ladder.air_reach = got
    return got


def _tail_by_column(pair: Pair, hits: int) -> list[float]:
    """P(the defender at rung j scores ``hits`` or more), by column j."""
    kd = pair.d.top
    out = []
    for j in range(kd):
        lo, law = pair.d.cut[j]
        out.append(fsum(law[max(0, hits - lo):]))
    return out


def ladder_values(pair: Pair, worth: FloatWorth, forced: list[list[bool]],
                  profit: float | None) -> tuple[list[list[bool]], list[list[float]]]:
    """The worth of every state of a pair after a round, and where the attacker retreats: worked backwards.

    ``values[t]`` holds row t's worth by column, its last entries the worth of the defender's last rung
    (repeated, so a row can be read past it); ``values[ka]`` is the row where the attacker is gone. A state
    is worth its end, its retreat (``forced``, or where pressing on is worth less than ``profit`` more), or
    ``V(i, j) = Σ_{(k,l)≠(0,0)} A_i[k]·D_j[l]·V(i+l, j+k) / (1 − A_i[0]·D_j[0])``: rows from the last up,
    columns right to left (a row's own moves go right).
    """
    la, ld = pair.a, pair.d
    ka, kd = la.top, ld.top
    reach = max((lo + len(p) for lo, p in la.cut[:ka]), default=1) + 1
    # row ka, the attacker gone: every column is an end (outcome_of is never None there)
    last = [worth(outcome_of(ka, j, ka, kd), la.armies[ka], ld.armies[j]) for j in range(kd + 1)]  # type: ignore[arg-type]
    values: list[list[float]] = [None] * (ka + 1)  # type: ignore[list-item]  # every row is set below
    values[ka] = last + [last[kd]] * reach
    flags: list[list[bool]] = [None] * ka  # type: ignore[list-item]  # every row is set below
    col, spans = pair.col, pair.spans
    d0 = col[0] if col else [0.0] * kd
    for i in range(ka - 1, -1, -1):
        lo, law = la.cut[i]
        n = len(law)
        across = [0.0] * kd
        for l in range(1, pair.width):
            c_lo, c_hi = spans[l]
            if c_lo >= c_hi:
                continue
            row, c = values[min(i + l, ka)], col[l]
            for j in range(c_lo, c_hi):
                if c[j]:
                    across[j] += c[j] * fsum(map(mul, law, row[j + lo:j + lo + n]))
        attacker = la.armies[i]
        win = worth("attacker_wins", attacker, ld.armies[kd])
        row = [0.0] * kd + [win] * reach
        a0 = law[0] if lo == 0 else 0.0
        up = law[1:] if lo == 0 else law
        k1 = max(lo, 1)
        m = len(up)
        stops = list(forced[i])
        silent = la.silent[i]
        for j in range(kd - 1, -1, -1):
            if silent and ld.silent[j]:
                row[j] = worth("stalemate", attacker, ld.armies[j])   # decided before any retreat rule
                stops[j] = False
                continue
            if stops[j]:
                row[j] = worth("retreat", attacker, ld.armies[j])
                continue
            own = d0[j] * fsum(map(mul, up, row[j + k1:j + k1 + m])) if d0[j] and m else 0.0
            value = (across[j] + own) / (1.0 - d0[j] * a0)
            if profit is not None:
                stay_put = worth("retreat", attacker, ld.armies[j])
                if is_below(value - stay_put, profit):
                    stops[j], value = True, stay_put
            row[j] = value
        values[i] = row
        flags[i] = stops
    return flags, values
