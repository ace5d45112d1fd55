"""A plan of attack simulated: its waves and counter-attack fought by the engine with seeded dice (docs/rules.md §9.1).

Only where the plan's exact chains are over the cost budget, and only where the engine's seeded battle is the
question asked: no retreat rule and no "keep one land unit" (the engine's battle never retreats), every wave
from round 1. Plan i's wave k is rolled from seed ``mc/{i}/{k}``, its counter-attacks from
``mc/{i}/counter`` and ``mc/{i}/counter/{k}`` (the k-th, from 2; docs/rules.md §10), so the same request gets
the same answer in every runtime. Each path is sorted as the exact plan sorts it (:mod:`.waves`), so the result reads the same; its probabilities
are frequencies, with ``samples`` and ``method_reason`` saying so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.army import Army
from ..engine.log import RoundLog
from ..engine.sequence import Battle, fight, guns_alone
from ..engine.setup import BattleSetup
from ..engine.table import SeededTable
from . import cost
from .plans import Plan, army_cost, captured, joined, manned, retaken, start_defender, stay, taking
from .total import fsum

if TYPE_CHECKING:
    from .waves import PlanLaw

Tag = tuple[int, int, int]                       # units lost, IPCs lost, the stage reached (waves._sort's tag)
Ended = tuple[Tag, Army, "Army | None", Any]     # the key that ended a plan: tag, defender, holders, outcome
Tally = tuple[dict[Any, int], dict[tuple[str, Army, Army], int], list[int], list[int]]
CounterTally = tuple[dict[Any, int], list[int], list[int]]

SAMPLES = 2_000
"""Plans simulated at most (as many as the budget allows): a probability's 95 % interval ±2.2 % at worst."""


def allowed(plan: Plan, exact: bool) -> bool:
    """Whether the engine's seeded plan is the plan asked: floats, no rule the engine does not play."""
    return (not exact and plan.waves[0].setup.system.calculator is None
            and not any(w.retreat or w.reads_states or w.keep_land for w in plan.waves)
            and plan.first.get("first_round", 1) == 1 and not any(plan.first.get("damaged", {}).values()))


def seconds_per_plan(plan: Plan) -> float:
    """The modelled work of one plan fought by the engine: every wave and the counter-attack, at most."""
    total = fsum(cost.battle_seconds(w.setup) for w in plan.waves)
    total += fsum(cost.battle_seconds(setup) for setup in plan.counters)
    return total


def estimate(plan: Plan) -> cost.Estimate:
    count = max(0, min(SAMPLES, int((cost.BUDGET_SECONDS - cost.OVERHEAD) / seconds_per_plan(plan))))
    return cost.Estimate("monte_carlo", count, cost.OVERHEAD + count * seconds_per_plan(plan))


def sample(plan: Plan, reason: str) -> PlanLaw:
    """The plan's empirical law (a :class:`.waves.PlanLaw` of frequencies), as many plans as the budget allows."""
    from .waves import CounterLaw, PlanLaw, Standing
    count = estimate(plan).states
    if count < cost.MIN_SAMPLES:
        raise cost.too_big(None, None, estimate(plan), " (a plan of this size cannot be worked out here)")
    tallies: list[Tally] = [({}, {}, [0], [0]) for _ in plan.waves]     # per wave: standing, ends, fights, rounds
    counters: list[CounterTally] = [({}, [0], [0]) for _ in plan.counters]  # per counter-attack: ends, holders' IPCs, rounds
    for i in range(count):
        finished, rounds = _one(plan, i, tallies)
        if finished is not None and finished[2] is not None and plan.counters:   # taken, and held against them
            _hold(plan, i, finished, counters)
    share = 1.0 / count
    standings = [Standing({k: n * share for k, n in law.items()}, fights[0] * share,
                          {k: n * share for k, n in ends.items()}, rounds[0] * share,
                          army_cost(w.setup.ruleset, Army(w.setup.attacker.units)))
                 for w, (law, ends, fights, rounds) in zip(plan.waves, tallies)]
    counted = [CounterLaw({k: n * share for k, n in ends.items()}, start[0] * share, fought[0] * share)
               for ends, start, fought in counters]
    return PlanLaw(standings, counted, 0.0, "monte_carlo", count, reason)


def _hold(plan: Plan, i: int, finished: Ended, counters: list[CounterTally]) -> None:
    """Plan i's counter-attacks in turn (seeds ``mc/{i}/counter``, then ``mc/{i}/counter/{k}`` from k = 2), each
    end tallied as :func:`.waves._counters` keys it, until one ends the hold."""
    (units, ipcs, stage), _, held, _ = finished
    assert held is not None   # called only where the plan took what it holds
    ruleset = plan.counters[0].ruleset
    key = (units + held.size, ipcs + army_cost(ruleset, held), 0, 0, stage)
    for k, setup in enumerate(plan.counters):
        ends, start, fought = counters[k]
        seed = f"mc/{i}/counter" if k == 0 else f"mc/{i}/counter/{k + 1}"
        log = fight(setup, SeededTable(seed), None, {"defender": held})
        fought[0] += len(log.rounds)
        start[0] += army_cost(ruleset, held)
        c, h = log.armies["attacker"], log.armies["defender"]
        ends[(key, log.outcome, c, h)] = ends.get((key, log.outcome, c, h), 0) + 1
        if retaken(setup, log.outcome, c, h):
            return
        kept = stay(setup, h)
        if plan.repair and kept.damaged:
            kept = Army(kept.units)
        c0 = Army(setup.attacker.units)
        key = (key[0] - (h.size - kept.size), key[1] - (army_cost(ruleset, h) - army_cost(ruleset, kept)),
               key[2] + c0.size - c.size, key[3] + army_cost(ruleset, c0) - army_cost(ruleset, c), key[4])
        held = kept


def _one(plan: Plan, i: int, tallies: list[Tally]) -> tuple[Ended | None, int]:
    """Plan i fought wave by wave, each wave's standing tallied; → the key that ended it (or None), rounds."""
    d = start_defender(plan)
    tag = (0, 0, 0)
    ended: Ended | None = None
    rounds = 0
    for k, wave in enumerate(plan.waves):
        law, ends, fights, fought = tallies[k]
        if ended is None:
            setup = wave.setup
            d, tag = joined(setup, d, wave.reinforce), (tag[0], tag[1], plan.stage(k))   # docs/rules.md §9.1
            a0 = Army(setup.attacker.units)
            table = SeededTable(f"mc/{i}/{k}")
            if wave.rounds == 0 and not guns_alone(setup, d):
                outcome, a, d, n = _before_round_1(setup, table, d)
            else:
                log = fight(setup, table, wave.rounds, {"defender": d})
                outcome, a, d, n = log.outcome, log.armies["attacker"], log.armies["defender"], len(log.rounds)
            fights[0] += 1
            fought[0] += n
            rounds += n
            afloat = a                             # at sea the holders' damaged ships stay damaged
            a = Army(a.units)
            ends[(outcome, a, d)] = ends.get((outcome, a, d), 0) + 1
            tag = (tag[0] + a0.size - a.size, tag[1] + army_cost(setup.ruleset, a0) - army_cost(setup.ruleset, a),
                   tag[2])
            if taking(plan, setup, outcome, a):
                ended = (tag, captured(setup, d), manned(plan, setup, afloat, d), outcome)
            else:
                if plan.repair and d.damaged:
                    d = Army(d.units)
                if k + 1 == len(plan.waves) or (plan.kind == "sea" and not d and not plan.waves[k + 1].reinforce):
                    ended = (tag, d, None, outcome)
        key = ended if ended is not None else (tag, d, None, None)
        law[key] = law.get(key, 0) + 1
    return ended, rounds


def _before_round_1(setup: BattleSetup, table: SeededTable, defender: Army) -> tuple[str, Army, Army, int]:
    """A wave that leaves before round 1 (docs/rules.md §9.1): the engine's own AA step, then it retreats unless
    that fire decided the battle (counted round 1, as a battle decided by its opening fire is)."""
    battle = Battle(setup, table)
    battle.alive["defender"] = defender
    battle.log = RoundLog(1)
    battle.aa_step(1)
    battle.lose_lonely_transports(battle.log)
    ended = battle.decided()
    outcome = "retreat" if ended is None else ended
    return outcome, battle.alive["attacker"], battle.alive["defender"], 0 if ended in (None, "stalemate") else 1
