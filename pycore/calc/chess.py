"""The law of an A&A Chess battle's end (seed 003, docs/rules.md §6), for the ``calc`` op.

No rule is written here: every round is the engine's own (``Battle.play``).

* ``orthodox`` and ``cof`` roll no die: the battle is fought once and has one
  outcome, with probability 1.
* ``ryof``, ``ryof6`` and ``cofr`` roll at most one die per firing group and
  round, for a remainder. The method is **exact enumeration**, never Monte
  Carlo: the states are (attacker army, defender army, attacker's carried
  fraction, defender's carried fraction); from each state one round is played
  along every path of its dice, each die either hitting (face 1) or missing
  (its top face) with probability ``at / sides`` read from the die the engine
  made. A round that leaves the state as it was is divided out (the battle is
  fought to its end, not cut at 100 rounds), as ``calc.chain`` does. COF+R
  only rolls in the battle's final assault, so its states branch only there.

In ``exact`` mode probabilities are Fractions; otherwise floats. Nothing is
pruned (``pruned`` is 0).
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from typing import Sequence, cast

from ..engine.army import Army
from ..engine.sequence import MAX_ROUNDS, Battle, RoundLog, fight
from ..engine.firing import aa_shots, bombard_group
from ..engine.setup import BattleSetup
from ..systems.luck import Die
from .chain import Quiet
from .choices import Chance
from .law import Ends
from .total import total


class _Branch(Exception):
    """The round asked for a die its path has not decided yet."""


class _Path(Quiet):
    """A table for one path through a round's dice: each die hits (face 1) or misses (its top face).

    Otherwise it decides nothing: the app's casualty proposals, no submerging, no retreat.
    """

    def __init__(self, hits: tuple[bool, ...] = ()):
        super().__init__()
        self.hits = hits
        self.taken = 0                  # dice handed out so far

    def dice(self, number: int, role: str, group: str, count: int, sides: int = 6) -> tuple[int, ...]:
        faces = []
        for _ in range(count):
            if self.taken == len(self.hits):
                raise _Branch()
            faces.append(1 if self.hits[self.taken] else sides)
            self.taken += 1
        return tuple(faces)


State = tuple[Army, Army, int, int]
"""Both armies and the fractions each carries."""
Step = dict[tuple[State, "str | None"], Chance]
"""A round's law: (the state after it, how the battle ended or None) → p."""
Results = dict[tuple[str, Army, Army], Chance]


class Rounds:
    """One round from any state, along every path of its dice (cached per state and kind of round)."""

    def __init__(self, setup: BattleSetup, limit: int | None, exact: bool):
        self.setup = setup
        self.limit = limit
        self.one: Chance = Fraction(1) if exact else 1.0
        self.exact = exact
        self._cache: dict[tuple[State, int | str], Step] = {}

    def _chance(self, die: Die) -> Chance:
        p = Fraction(die.at, die.sides) if die.hit else Fraction(die.sides - die.at, die.sides)
        return p if self.exact else float(p)

    def _play(self, state: State, number: int, hits: tuple[bool, ...]) -> tuple[State, str | None, Chance]:
        battle = Battle(self.setup, _Path(hits))
        battle.alive = {"attacker": state[0], "defender": state[1]}
        battle.carry = {"attacker": state[2], "defender": state[3]}
        battle.limit = self.limit
        log = RoundLog(number)
        ended = battle.play(number, log)
        p = self.one
        for step in log.steps:
            for fire in step.fires:
                for die in fire.volley.dice:
                    p = p * self._chance(die)
        after: State = (battle.alive["attacker"], battle.alive["defender"], battle.carry["attacker"], battle.carry["defender"])
        return after, ended, p

    def from_state(self, state: State, number: int) -> Step:
        """{(state after, ended or None): probability} for one round."""
        kind: int | str = 1 if number == 1 else ("last" if number == self.limit else "mid")
        key = (state, kind)
        got = self._cache.get(key)
        if got is not None:
            return got
        out: Step = {}
        paths: list[tuple[bool, ...]] = [()]
        while paths:
            hits = paths.pop()
            try:
                after, ended, p = self._play(state, number, hits)
            except _Branch:
                paths.extend([hits + (True,), hits + (False,)])
                continue
            out[(after, ended)] = out.get((after, ended), 0) + p
        self._cache[key] = out
        return out


def _single(setup: BattleSetup, rounds: int | None, exact: bool, carry: tuple[int, int]) -> Ends:
    """A diceless variant: the one battle the engine fights."""
    if carry != (0, 0):
        # The engine's fight starts with nothing carried: play it round by round from the carry given.
        step = Rounds(setup, None if rounds is None else min(rounds, MAX_ROUNDS), exact)
        state: State = (Army(setup.attacker.units), Army(setup.defender.units), *carry)
        played = 0
        for number in range(1, (rounds or MAX_ROUNDS) + 1):
            [((after, ended), p)] = step.from_state(state, number).items()
            played += 1
            if ended is not None:
                return Ends({(ended, after[0], after[1]): step.one}, played * step.one, 0 * step.one, "exact")
            state = after
        return Ends({("in_progress", state[0], state[1]): step.one}, played * step.one, 0 * step.one, "exact")
    log = fight(setup, _Path(), rounds)
    one = Fraction(1) if exact else 1.0
    return Ends({(log.outcome, log.armies["attacker"], log.armies["defender"]): one},
                Fraction(len(log.rounds)) if exact else float(len(log.rounds)), 0 * one, "exact")


def ends(setup: BattleSetup, rounds: int | None, exact: bool, carry: Sequence[int] = (0, 0)) -> Ends:
    """The law of the battle's end (contract: ``pycore.calc.law.Ends``).

    ``carry``: the (attacker, defender) fractions already carried when a battle is taken up in the middle
    (COF, COF+R: ``resolve``'s ``result.carry``); ignored by the variants that carry nothing. The first
    round fought here is the setup's round 1 (AA and bombardment only if the setup still has them).
    """
    # the (attacker, defender) fractions carried, read from the request (docs/api.md `carry`): always two
    pair = cast("tuple[int, int]", tuple(carry)) if setup.system.carries else (0, 0)
    if setup.system.deterministic:
        return _single(setup, rounds, exact, pair)
    limit = None if rounds is None else min(rounds, MAX_ROUNDS)
    step = Rounds(setup, limit, exact)
    one, zero = step.one, 0 * step.one
    a0, d0 = Army(setup.attacker.units), Army(setup.defender.units)
    start: State = (a0, d0, pair[0], pair[1])
    probe = Battle(setup, _Path())
    probe.alive = {"attacker": a0, "defender": d0}
    opening = bool(aa_shots(setup, d0, a0)[0] or bombard_group(setup, 1, d0) is not None)
    if not opening and probe.decided() == "stalemate":
        return Ends({("stalemate", a0, d0): one}, zero, zero, "exact")
    results: Results = {}
    if limit is not None:
        return _by_rounds(step, start, limit, results, one, zero)

    def end(outcome: str, state: State, p: Chance) -> None:
        key = (outcome, state[0], state[1])
        results[key] = results.get(key, zero) + p

    expected = one
    mass: dict[State, Chance] = {}
    heap: list[tuple[int, int, State]] = []
    counter = 0
    ruleset = setup.ruleset

    def push(state: State, p: Chance) -> None:
        nonlocal counter
        if state not in mass:
            counter += 1
            size = sum(army.hit_points(ruleset, uid) for army in state[:2] for uid, _ in army.units.counts)
            heapq.heappush(heap, (-size, counter, state))
        mass[state] = mass.get(state, zero) + p

    for (after, ended), p in step.from_state(start, 1).items():
        if ended is not None:
            end(ended, after, p)
        else:
            push(after, p)
    while heap:
        _, _, state = heapq.heappop(heap)
        m = mass.pop(state, None)
        if m is None:
            continue
        law = dict(step.from_state(state, 2))
        stay = total((p for (after, ended), p in law.items() if after == state and ended is None), zero)
        leave = one - stay
        if leave <= 0:
            end("stalemate", state, m)  # no path ever changes anything
            continue
        scale = m / leave
        expected += scale
        for (after, ended), p in law.items():
            if after == state and ended is None:
                continue
            if ended is not None:
                end(ended, after, p * scale)
            else:
                push(after, p * scale)
    return Ends(results, expected, zero, "exact")


def _by_rounds(step: Rounds, start: State, limit: int, results: Results, one: Chance, zero: Chance) -> Ends:
    live = {start: one}
    expected = zero
    for number in range(1, limit + 1):
        if not live:
            break
        expected += total(live.values(), zero)
        nxt: dict[State, Chance] = {}
        for state, m in live.items():
            for (after, ended), p in step.from_state(state, number).items():
                if ended is not None:
                    key = (ended, after[0], after[1])
                    results[key] = results.get(key, zero) + m * p
                else:
                    nxt[after] = nxt.get(after, zero) + m * p
        live = nxt
    for state, m in live.items():
        key = ("in_progress", state[0], state[1])
        results[key] = results.get(key, zero) + m
    return Ends(results, expected, zero, "exact")
