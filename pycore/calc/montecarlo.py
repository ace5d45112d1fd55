"""The calculator's fallback: fight the battle many times with seeded dice and count.

Used where the exact chain's state space is too large for the system (stated
by each caller). The seeds are ``mc/0``, ``mc/1``, … so the same request
always gives the same answer, in CPython and in Pyodide alike; the ``calc``
op reports a 95 % interval (±1.96 standard errors) with every probability.
"""

from __future__ import annotations

from typing import Callable

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
           simulate: Simulate = engine_simulate, reason: str | None = None) -> Ends:
    """The empirical law of ``samples`` battles (probabilities are counts / samples)."""
    if samples < 1:
        raise ValueError("at least one battle must be simulated")
    counts: dict = {}
    fought = 0
    for i in range(samples):
        log = simulate(setup, f"mc/{i}", rounds)
        key = (log.outcome, log.armies["attacker"], log.armies["defender"])
        counts[key] = counts.get(key, 0) + 1
        fought += len(log.rounds)
    return Ends({key: n / samples for key, n in counts.items()}, fought / samples, 0.0, "monte_carlo", samples,
                reason or "Monte Carlo: no exact method for this battle")


def bounded(setup, rounds, wanted: int, reason: str, allowed: bool = True, simulate: Simulate = engine_simulate,
            chain: str | None = None, exact=None) -> Ends:
    """Monte Carlo with as many of ``wanted`` battles as the cost budget allows (docs/api.md "Cost budget").

    Fewer battles than ``wanted`` widen the interval and ``method_reason`` says so; below ``cost.MIN_SAMPLES``
    the battle is refused (``cost.TooBig``), as it is where ``allowed`` is false: the engine's seeded battle
    is not the question asked (a retreat rule, keeping a land unit, a battle taken up in the middle), so
    only the exact chain (``chain``, its estimate ``exact``) answers."""
    samples = cost.samples_within(setup, wanted)
    if not allowed:
        raise cost.too_big(chain, exact, None, ", and with a retreat rule, \"keep one land unit\" or a battle "
                                               "taken up in the middle only the exact chain answers")
    if samples < cost.MIN_SAMPLES:
        raise cost.too_big(chain, exact, cost.monte_carlo(setup, cost.MIN_SAMPLES))
    if samples < wanted:
        reason += f"; {samples} battles instead of {wanted}, as many as {cost.duration(cost.BUDGET_SECONDS)} allow"
    return sample(setup, rounds, samples, simulate, reason=reason)
