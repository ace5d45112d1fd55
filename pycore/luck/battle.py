"""The luck of one resolved battle: its actual IPC swing against the exact law of the battle from its start.

Why this law (docs/rules.md §14): luck should measure the dice, not the players' decisions. So a battle is
compared with the calculator's law of the same forces, orders of loss and options, pressing on, over the rounds
it was actually fought — the whole battle where it was fought to its end, else the rounds it lasted (a retreat
after round 2 against the law of two rounds; a paused battle over its complete rounds: the luck so far). The
swing is the calculator's (``calc``'s ``swing``: IPCs the defender lost − IPCs the attacker lost, a captured AA
gun lost to the defender), counted from the units each side still has, in the fight or away.

Cheap at the table: the law is worked exactly where the calculator's cost model (:mod:`pycore.calc.cost`)
estimates it within :data:`BUDGET_SECONDS`; beyond, Monte Carlo with the modelled work bounded by the same
budget (``exact`` false); where fewer than :data:`MIN_SAMPLES` battles fit, no luck is given and the reason
says why.
"""

from __future__ import annotations

from math import fsum
from typing import Callable, Mapping

from ..calc import cost, method, montecarlo
from ..engine.play import play_of
from ..engine.sequence import BattleLog
from ..engine.setup import ROLES, BattleSetup
from ..engine.table import SeededTable
from ..errors import LuckdialError
from ..jsontext import JsonObject
from .law import mean_sd, percentile

BUDGET_SECONDS = 2.0
"""The most estimated work (the cost model's seconds: an upper envelope, its 0.5 s overhead included for an exact
chain) the luck of a resolve may take; a tenth of the ``calc`` budget, as a resolve answers at the table."""
SAMPLES = 4000
"""Battles simulated at most where the exact law is over the budget."""
MIN_SAMPLES = 100
"""Fewer battles than this within the budget: no luck is given. At 100 a percentile is within ±10 % (95 %) at
worst: enough to tell a lucky battle from an unlucky one, which is what a player asks at the table."""
NATURAL_ENDS = ("attacker_wins", "defender_wins", "draw", "stalemate")
WRITTEN_FLOOR = 1e-12
"""``luck.law`` leaves out swings rarer than this (their mass is added to ``pruned``) and writes each probability
to 12 significant digits: the law is what a journal carries, 200 of them in a request of 200,000 characters, and
no percentile a reader sees moves by as much as 10⁻⁹. The figures of ``luck`` are worked from the whole law."""

Refight = Callable[[int], BattleLog]
"""The same battle fought again, with the same table, stopped after that many rounds."""


def swing_of(setup: BattleSetup, survivors: Mapping[str, Mapping[str, int]], captured: Mapping[str, int] | None) -> int:
    """IPCs the defender lost − IPCs the attacker lost, from each side's survivors (in the fight, away, ships
    that only bombarded) and the AA guns captured with the territory (lost to the defender, docs/rules.md §9)."""
    ruleset = setup.ruleset
    lost: dict[str, int] = {}
    for role in ROLES:
        side = setup.side(role)
        start = side.units.plus(side.bombard, ruleset).as_dict()
        left = survivors[role]
        lost[role] = sum(ruleset.unit(uid).cost * (n - left.get(uid, 0)) for uid, n in start.items())
    lost["defender"] += ruleset.ipcs((captured or {}).items())
    return lost["defender"] - lost["attacker"]


def _simulate(setup: BattleSetup, seed: str, rounds: int | None) -> BattleLog:
    """One battle with seeded dice and the app's proposals for every decision, as ``resolve`` fights it."""
    return play_of(setup.system).fight(setup, SeededTable(seed), rounds)


def law_of(setup: BattleSetup, rounds: int | None) -> tuple[dict[int, float] | None, JsonObject]:
    """The law of the battle's swing from its start over ``rounds`` (None: to its end), within the budget:
    ``(law, facts)`` — facts ``method``, ``exact``, ``pruned`` (+ ``samples``, ``method_reason``) — or
    ``(None, {"reason": …})`` where even Monte Carlo would not fit."""
    guess = method.plan(setup, False, {})
    if guess.method != "monte_carlo" and guess.seconds <= BUDGET_SECONDS:
        got = method.compute(setup, rounds, False, {})
        facts: JsonObject = {"method": got["method"], "exact": got["method"] == "exact", "pruned": float(got["pruned"])}
        if got["method"] == "monte_carlo":
            facts.update(samples=got["samples"], method_reason=got["reason"])
        law: dict[int, float] = got["swing"]
        return law, facts
    fits = int(BUDGET_SECONDS / cost.battle_seconds(setup))
    if fits < MIN_SAMPLES:
        return None, {"reason": (f"this battle is too big to measure its luck at the table: its exact law would take "
                                 f"about {cost.duration(guess.seconds)}, and fewer than {MIN_SAMPLES} simulated "
                                 f"battles fit in {cost.duration(BUDGET_SECONDS)}; a calculation (calc) can")}
    why = (f"Monte Carlo: the exact law would take about {cost.duration(guess.seconds)}, more than the "
           f"{cost.duration(BUDGET_SECONDS)} the luck of a resolved battle may take")
    ends = montecarlo.sample(setup, rounds, SAMPLES, _simulate, why, budget=BUDGET_SECONDS)
    assert ends.samples is not None   # a Monte Carlo law always counts its battles (calc.law.Ends holds it)
    if ends.samples < MIN_SAMPLES:
        return None, {"reason": (f"this battle is too big to measure its luck at the table: only {ends.samples} "
                                 f"simulated battles fit in {cost.duration(BUDGET_SECONDS)}")}
    swing: dict[int, float] = method.summarize(setup, ends)["swing"]
    return swing, {"method": "monte_carlo", "exact": False, "pruned": 0.0, "samples": ends.samples,
                   "method_reason": ends.reason}


def luck_of(setup: BattleSetup, battle: BattleLog, refight: Refight) -> tuple[JsonObject | None, str | None]:
    """``result.luck`` of a resolved battle and, where it is null, why (``result.luck_reason``)."""
    system = setup.system
    if system.deterministic:
        return None, "no luck: this system rolls no dice, so the result follows from the forces alone"
    for role in ROLES:
        if setup.side(role).cargo:
            return None, "the calculator does not carry cargo yet, so this battle's law is not known"
    complete = sum(1 for r in battle.rounds if r.complete)
    if battle.rounds and not battle.rounds[-1].complete:
        if not complete:
            return None, "no round is complete yet: luck is measured over complete rounds"
        battle = refight(complete)
    elif not complete:
        return None, "no round was fought"
    retreated = any(r.choice == "retreat" for r in battle.rounds)
    to_end = battle.outcome in NATURAL_ENDS and not retreated
    rounds = None if to_end else complete
    try:
        law, facts = law_of(setup, rounds)
    except LuckdialError as refused:   # the calculator refuses what a resolve may fight: no luck, said why
        return None, f"the calculator does not take this battle: {refused.message}"
    if law is None:
        return None, facts["reason"]
    play = play_of(system)
    captured = battle.captured.as_dict() if battle.captured else None
    swing = swing_of(setup, play.survivors(setup, battle), captured)
    law = {int(s): float(p) for s, p in sorted(law.items()) if p > 0}
    expected, sd = mean_sd(law)
    written = {str(s): float(f"{p:.12g}") for s, p in law.items() if p >= WRITTEN_FLOOR}
    facts["pruned"] += fsum(p for p in law.values() if p < WRITTEN_FLOOR)
    pruned = facts.pop("pruned")
    return {
        "swing": swing,
        "expected_swing": _digits(expected),
        "sd": _digits(sd),
        "luck": _digits(swing - expected),
        "percentile": _digits(percentile(law, swing)),
        "law": written,
        "pruned": float(f"{pruned:.3g}") if pruned >= WRITTEN_FLOOR else 0.0,
        "exact": facts["exact"],
        "rounds": rounds,
        "fought": complete,
        **facts,
    }, None


def _digits(x: float) -> float:
    """A figure to 12 significant digits, as the law is written: the calculator's last bits differ between
    Python versions (``sum`` of floats is compensated from 3.12, Pyodide's), and a resolve's JSON must be the
    same in the page and on the command line. A mass pruned below :data:`WRITTEN_FLOOR` is written 0: at that
    size it is the floats' own rounding, not mass."""
    return float(f"{x:.12g}")
