"""The calculator's fallback: fight the battle many times with seeded dice and count.

Used where the exact chain's state space is too large for the system (stated
by each caller). The seeds are ``mc/0``, ``mc/1``, … so the same request
always gives the same answer, in CPython and in Pyodide alike; the ``calc``
op reports a 95 % interval (±1.96 standard errors) with every probability.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..engine.army import Army
from ..engine.sequence import BattleLog, fight
from ..engine.setup import BattleSetup
from ..engine.table import SeededTable
from . import cost
from .law import Ends

Simulate = Callable[[BattleSetup, str, "int | None"], BattleLog]

SAMPLES = 20_000
"""Battles simulated by default: a probability's 95 % interval is then at most ±0.7 %."""
SAMPLES_GENERAL = 2_000
"""Battles simulated for a big sea battle the exact chains cannot take: ±2.2 % at most, in seconds."""


def engine_simulate(setup: BattleSetup, seed: str, rounds: int | None) -> BattleLog:
    """One battle fought by the engine with seeded dice and no decisions (the app's proposals, never a retreat)."""
    return fight(setup, SeededTable(seed), rounds)


def sample(setup: BattleSetup, rounds: int | None, samples: int = SAMPLES,
           simulate: Simulate = engine_simulate, reason: str | None = None, budget: float | None = None) -> Ends:
    """The empirical law of ``samples`` battles (probabilities are counts / battles fought).

    With ``budget`` (modelled seconds, :func:`cost.battle_work`) it stops after the battle that spends it:
    fewer battles, the same for the same request."""
    if samples < 1:
        raise ValueError("at least one battle must be simulated")
    counts: dict[tuple[str, Army, Army], int] = {}
    fought = 0
    spent = 0.0
    done = 0
    for i in range(samples):
        log = simulate(setup, f"mc/{i}", rounds)
        key = (log.outcome, log.armies["attacker"], log.armies["defender"])
        counts[key] = counts.get(key, 0) + 1
        fought += len(log.rounds)
        done += 1
        if budget is not None:
            spent += cost.battle_work(setup, len(log.rounds))
            if spent >= budget:
                break
    return Ends({key: n / done for key, n in counts.items()}, fought / done, 0.0, "monte_carlo", done,
                reason or "Monte Carlo: no exact method for this battle")


def bounded(setup: BattleSetup, rounds: int | None, wanted: int, reason: str, allowed: bool = True,
            simulate: Simulate = engine_simulate, chain: str | None = None, exact: cost.Estimate | None = None) -> Ends:
    """Monte Carlo with as many of ``wanted`` battles as the cost budget allows (docs/api.md "Cost budget").

    Fewer battles than ``wanted`` widen the interval and ``method_reason`` says so; below ``cost.MIN_SAMPLES``
    the battle is refused (``cost.TooBig``), as it is where ``allowed`` is false: the engine's seeded battle
    is not the question asked (a retreat rule, keeping a land unit, a battle taken up in the middle), so
    only the exact chain (``chain``, its estimate ``exact``) answers."""
    if not allowed:
        why = (", and with a retreat rule, \"keep one land unit\", subs that submerge or a battle taken up in the "
               "middle only the exact chain answers")
        if exact is None:   # no exact chain takes the battle at all: the reason is why not
            raise cost.TooBig("", f"this battle is too big to work out here: {reason.removeprefix('Monte Carlo: ')}"
                                  f"{why}. Use fewer units.")
        raise cost.too_big(chain, exact, None, why)
    fewest = min(wanted, cost.MIN_SAMPLES)
    if cost.samples_within(setup, wanted) < fewest:
        raise cost.too_big(chain, exact, cost.monte_carlo(setup, cost.MIN_SAMPLES))
    got = sample(setup, rounds, wanted, simulate, reason, budget=cost.BUDGET_SECONDS - cost.OVERHEAD)
    assert got.samples is not None   # a sampled law says how many battles it fought
    if got.samples < fewest:
        raise cost.too_big(chain, exact, cost.Estimate(
            "monte_carlo", cost.MIN_SAMPLES, cost.BUDGET_SECONDS * cost.MIN_SAMPLES / got.samples))
    if got.samples < wanted:
        return replace(got, reason=f"{reason}; {got.samples} battles instead of {wanted}, as many as "
                                   f"{cost.duration(cost.BUDGET_SECONDS)} of work allow")
    return got
