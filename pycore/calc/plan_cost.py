"""What a plan of attack will cost, told before any work (docs/api.md "Cost budget", "Plan of attack").

A plan is its battles: each wave's (as :func:`.method.plan` estimates one
battle), each later wave once per group of starts with the same losses so far
(:mod:`.waves`: a wave fought to the end leaves one such group, plus one per
number of aircraft it may keep; a wave with a retreat rule or a round limit
one per state it may end in), each counter-attack once per army of holders
(times, for the later ones, the losses of the counter-attacks before them),
and the tables of the retreat rules that read states (the profit rule's is a
backward pass over every state, each as wide as both laws). The estimate is an
upper envelope (``bench/waves.py --estimate`` prints it beside the time). Over
:data:`.cost.BUDGET_SECONDS` whole plans are simulated where the engine's seeded
plan is the plan asked (:mod:`.plan_sample`: its later waves never from a sampled
law, each plan fought from its start), else the plan is refused.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ..engine.firing import land_units
from ..engine.setup import BattleSetup

from . import cost
from .ladder_cost import LADDER_UNIT_SECOND, work_bound
from .plans import Plan, Wave

PROFIT_FACTOR = 6.0
"""A wave whose states are worth something (the profit rule, or a later wave of a plan that has one) works a
backward pass over its states beside its forward one: each state a correlation of both laws (measured with
bench/waves.py, about 3–5 times the forward chain's seconds)."""
RULES_FACTOR = 1.5
"""The chances of the next round (air loss, strafe) read once per state: a fraction of the forward chain."""
STEP_SECONDS = 0.003
"""Each battle of the plan solved (a wave per group of starts, the counter-attack per army of holders) costs this
beyond its chain's work: its ladders set up, its ends summed (measured 1–2 ms for small battles)."""
COMPARE_FACTOR = 2.0
"""With any retreat rule the plan is worked twice: with its rules, and fought to the end (``retreat_value``)."""


def _groups(wave: Wave) -> int:
    """How many groups of starts (losses so far) a wave can leave to the next: see the module's docstring."""
    setup = wave.setup
    if wave.retreat or wave.reads_states or wave.rounds is not None:
        return setup.attacker.units.size + 1
    return 1 + sum(n for uid, n in setup.attacker.units.counts if setup.ruleset.unit(uid).is_air)


def _battle(setup: BattleSetup, exact: bool, options: Mapping[str, Any], first: bool = True) -> cost.Estimate:
    """One battle's estimate: wave 1's as :func:`.method.plan` gives it (Monte Carlo where the exact chain is
    over the budget), a later wave's or the counter-attack's by its exact chain (they are never sampled)."""
    from .method import plan, plan_later
    return plan(setup, exact, options) if first else plan_later(setup, exact, options)


def estimate(plan: Plan, exact: bool) -> cost.Estimate:
    """The plan's method, states and seconds (an envelope), before any of it is worked."""
    values = any(w.profit is not None for w in plan.waves)
    seconds, states, groups = cost.OVERHEAD, 0, 1
    kinds = set()
    for k, wave in enumerate(plan.waves):
        if k > 0 and wave.rounds == 0:
            # It leaves before round 1: its opening fire alone, once per group of starts (docs/rules.md §9.1;
            # the starts share it by the guns they hold, starts.Battles.opening).
            seconds += STEP_SECONDS * groups
            states += _starts(_with_reinforcements(plan, k)) * groups
            groups = min(groups * _groups(wave), 10_000)
            continue
        options = {"retreat": wave.retreat, "keep_land": wave.keep_land, **(plan.first if k == 0 else {})}
        guess = _battle(_with_reinforcements(plan, k), exact, options, first=k == 0)
        kinds.add(guess.method)
        built, work = _parts(guess)
        if values and (k > 0 or wave.profit is not None):
            work *= PROFIT_FACTOR
        elif wave.reads_states:
            work *= RULES_FACTOR
        if k > 0 and (exact or guess.method != "ladder"):
            work *= _starts(_with_reinforcements(plan, k))   # the general and sea chains, the systems' own: start by start
        seconds += (work + built) * groups
        states += guess.states * groups
        groups = min(groups * _groups(wave), 10_000)
    groups = 0
    for setup in plan.counters:
        if not groups:
            groups = 1 + max(sum(n for uid, n in w.setup.attacker.units.counts
                                 if setup.kind == "sea" or w.setup.ruleset.unit(uid).domain == "land")
                             for w in plan.waves)
        counter = replace(setup, defender=replace(setup.defender, units=plan.waves[0].setup.attacker.units))
        guess = _battle(counter, exact, {}, first=False)
        built, work = _parts(guess)
        seconds += (work * (PROFIT_FACTOR if values else 1.0) + built) * groups
        states += guess.states * groups
        groups = min(groups * (setup.attacker.units.size + 1), 10_000)   # the next one's: its losses so far too
    if any(w.retreat or w.reads_states for w in plan.waves):
        seconds = cost.OVERHEAD + (seconds - cost.OVERHEAD) * COMPARE_FACTOR
    method = "monte_carlo" if kinds == {"monte_carlo"} else next(iter(kinds - {"monte_carlo"}), "ladder")
    return cost.Estimate(method, states, seconds)


FAR_UNDER = cost.BUDGET_SECONDS / 2
"""A plan whose :func:`bound` is at most this is within the budget (10 s), and each of its battles within the
land ladder's own (``ladder_cost.ladder``'s ``budget``, 7.5 s): told without its estimate."""


def surely_within(plan: Plan, exact: bool) -> bool:
    """Whether the plan is surely within the budget, told without its estimate (a tenth of a small plan's call):
    a plan of land battles in floats, each the land ladder's, with no rule of the attacker's (wave 1 taken up in
    the middle or not: the bound holds either way), whose :func:`bound` is at most :data:`FAR_UNDER`. Then
    :func:`estimate` is too, so :func:`check` passes and no Monte Carlo stands in: a request that does not ask
    for the estimate is answered as it would be with it."""
    if exact:
        return False
    battles = [w.setup for w in plan.waves] + list(plan.counters)
    if any(s.kind == "sea" or s.system.calculator is not None for s in battles):
        return False
    if any(w.retreat or w.reads_states or w.rounds is not None for w in plan.waves):
        return False
    return bound(plan) <= FAR_UNDER


def bound(plan: Plan) -> float:
    """An upper bound of :func:`estimate`'s seconds for the plans :func:`surely_within` reads: its sum over the
    same battles and groups, each battle's model bounded by the ladder's bound from the counts
    (``ladder_cost.work_bound``, whatever the opening: at least the model's work)."""
    seconds, groups = cost.OVERHEAD, 1
    for k, wave in enumerate(plan.waves):
        seconds += work_bound(_with_reinforcements(plan, k)) * LADDER_UNIT_SECOND * groups
        groups = min(groups * _groups(wave), 10_000)
    groups = 0
    for setup in plan.counters:
        if not groups:
            groups = 1 + max(land_units(w.setup.ruleset, w.setup.attacker.units) for w in plan.waves)
        counter = replace(setup, defender=replace(setup.defender, units=plan.waves[0].setup.attacker.units))
        seconds += work_bound(counter) * LADDER_UNIT_SECOND * groups
        groups = min(groups * (setup.attacker.units.size + 1), 10_000)
    return seconds


def _parts(guess: cost.Estimate) -> tuple[float, float]:
    """(seconds of setting a battle up, seconds of working its states): the rules that read states (profit,
    air loss, strafe) multiply the second alone. The ladder counts its own set-up (its rungs and opening,
    ``setup_seconds``); the other methods' is ``STEP_SECONDS``."""
    work = max(0.0, guess.seconds - cost.OVERHEAD)
    if guess.setup_seconds:
        built = min(work, guess.setup_seconds)
        return built, work - built
    return STEP_SECONDS, work


def _starts(setup: BattleSetup) -> int:
    """The defender's armies a later wave may start from: one per hit he can take, plus none left."""
    return cost.hit_points(setup, "defender") + 1


def _with_reinforcements(plan: Plan, k: int) -> BattleSetup:
    """Wave k's battle against the defender at his biggest: his start and every reinforcement joined by then."""
    setup = plan.waves[k].setup
    came = plan.arrived(k)
    if not came:
        return setup
    return replace(setup, defender=replace(setup.defender, units=setup.defender.units.plus(came, setup.ruleset)))


def check(plan: Plan, guess: cost.Estimate, exact: bool, searching: bool | str = False) -> None:
    """Refuse a plan over the budget, before any work, with the estimates and the limit in words; ``searching``:
    with ``recommend``, whose armies are all worked exactly (docs/rules.md §9.4), so no simulation is offered
    (a text: why every army must be worked, said with it)."""
    from . import plan_sample
    if guess.seconds <= cost.BUDGET_SECONDS:
        return
    if exact:
        raise cost.too_big("the plan's exact chains", guess, None, " (leave exact out for floats)")
    if searching:
        why = f"{searching}; " if isinstance(searching, str) else ""
        raise cost.too_big("the plan's exact chains", guess, None, ", and the cheapest army's search works every army "
                           f"exactly ({why}fewer units available make fewer armies)")
    if not plan_sample.allowed(plan, exact):
        raise cost.too_big("the plan's exact chains", guess, None, ", and with retreat rules, \"keep one land "
                           "unit\" or a battle taken up in the middle only the exact chains answer")
    fewest = cost.Estimate("monte_carlo", cost.MIN_SAMPLES,
                           cost.OVERHEAD + cost.MIN_SAMPLES * plan_sample.seconds_per_plan(plan))
    raise cost.too_big("the plan's exact chains", guess, fewest)


def together(first: cost.Estimate, second: cost.Estimate) -> cost.Estimate:
    """Two calculations made one after the other (the plan, then the armies of ``recommend``)."""
    return cost.Estimate(first.method, first.states + second.states,
                         first.seconds + max(0.0, second.seconds - cost.OVERHEAD), bound=first.bound or second.bound)


def sampled(plan: Plan, exact: bool, guess: cost.Estimate) -> cost.Estimate | None:
    """Monte Carlo in place of the plan's exact chains over the budget (:mod:`.plan_sample`), where the engine's
    seeded plan is the plan asked and enough plans fit in the budget; else None (the plan is refused)."""
    from . import plan_sample
    if not plan_sample.allowed(plan, exact):
        return None
    got = plan_sample.estimate(plan)
    return got if got.states >= cost.MIN_SAMPLES else None
