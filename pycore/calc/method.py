"""The calculator's one entry: the law of a battle's end, by the method that fits the system and the battle.

``ends_of`` picks it (docs/rules.md §9): a system whose hits depend on more
than the values fired (A&A Chess, coloured dice) names its own calculator
(``LuckSystem.calculator``); for the others, the land ladder, then the sea
chain, then the general chain over whole armies, and Monte Carlo only beyond
the documented sizes, saying why. ``compute`` sums the law up (outcome,
losses, cost and its swing, survivors, rounds) in the arithmetic asked for; the ``calc`` op
(:mod:`pycore.ops.calc`) reads the request and writes the JSON.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ..engine.army import Army
from ..engine.setup import ROLES
from ..forces import Force
from . import chess, cost, fleet, ladder, ladder_cost, montecarlo
from .colored import chain as colored, cost as colored_cost
from .chain import Chain, solve
from .choices import Retreat
from .law import Ends

OUTCOMES = ("attacker_wins", "defender_wins", "draw", "retreat", "stalemate", "in_progress")
MAX_GENERAL_UNITS = 16
"""Battles neither fast chain takes (the land ladder, the sea chain of ``fleet``) are solved by the general
chain up to this many units in all; beyond, by Monte Carlo (``montecarlo.SAMPLES_GENERAL``)."""
MAX_FLEET_UNITS = 60
"""Sea battles are solved exactly by ``fleet`` up to this many units a side: its states grow as the product of
the three class counters of each side (measured with dice in CPython: 28 v 28 about 1 s, 60 v 60 with 30 subs,
15 destroyers, 7 carriers and 8 fighters a side about 8 s), so beyond it they are sampled (Monte Carlo, the
reason said in ``result.method_reason``)."""

TAIL = 1e-13
FLOOR = 1e-13
BOUND = ("every probability is low by at most `pruned` (the mass discarded: hit counts rarer than 1e-13 "
         "per group and state, states reached with less than 1e-13, and fixed-point rounding)")


OWN_CALCULATORS = {"colored": colored.ends, "chess": chess.ends}
"""A system's own calculator (``LuckSystem.calculator`` names it here), where the generic chains cannot read
its hits from the values fired (A&A Chess: carried fractions; coloured dice: colours)."""


def ends_of(setup, rounds=None, exact=False, options: Mapping[str, Any] | None = None) -> Ends:
    """The law of the battle's end, by the method that fits the system and the battle (docs/api.md)."""
    options = dict(options or {})
    retreat, keep_land = options.get("retreat", Retreat()), options.get("keep_land", False)
    first_round = options.get("first_round", 1)
    damaged = options.get("damaged", {})
    start = {role: Army(setup.side(role).units, Force.of(setup.ruleset, damaged.get(role, {}))) for role in ROLES}
    if setup.system.calculator is not None:
        own = OWN_CALCULATORS[setup.system.calculator]
        if options.get("carry", (0, 0)) != (0, 0):
            return own(setup, rounds, exact, carry=options["carry"])
        return own(setup, rounds, exact)
    if not exact:
        chain = Chain(setup, exact=False, tail=TAIL, floor=FLOOR, start=start)
        a0, d0 = start["attacker"], start["defender"]
        empty = Force(())
        may_sample = not retreat and not keep_land and first_round == 1 and not any(damaged.values())
        if setup.kind != "sea":
            guess = ladder_cost.ladder(setup, retreat.below is not None, first_round == 1, rounds)
            if guess.seconds > guess.budget:       # the chain's own bound, within the budget
                return _sampled_instead(setup, rounds, guess, "the exact land chain", may_sample)
        opening = {(a0, d0, empty, empty): 1.0}
        if first_round == 1:
            opening = chain.opening(opening)
        work = ladder.Work(ladder.WORK_BUDGET)
        try:
            got = ladder.solve(setup, opening, TAIL, FLOOR, retreat, keep_land, rounds, work)
            return Ends(got["ends"], got["rounds"], got["pruned"] + chain.pruned, work=work.done)
        except ladder.NotLinear:
            pass
        except ladder.TooMuchWork:
            # The battle's mass spread over more of its grids than the model reads: bounded, then sampled.
            spent = cost.Estimate("ladder", guess.states, cost.BUDGET_SECONDS + guess.seconds)
            return montecarlo.bounded(setup, rounds, montecarlo.SAMPLES_GENERAL, (
                f"Monte Carlo: the exact land chain reached its bound ({ladder.WORK_BUDGET:,} units of work, about "
                f"{cost.duration(cost.BUDGET_SECONDS)}) before the end"), may_sample, chain="the exact land chain",
                exact=spent)
        if setup.kind == "sea" and not retreat and not keep_land:
            biggest = max(army.size for army in start.values())
            guess = cost.fleet(setup)
            if biggest > MAX_FLEET_UNITS:
                return montecarlo.bounded(setup, rounds, montecarlo.SAMPLES_GENERAL, (
                    f"Monte Carlo: a side has {biggest} units, more than the {MAX_FLEET_UNITS} a side "
                    f"the exact sea chain takes in reasonable time"), may_sample)
            if guess.seconds > cost.BUDGET_SECONDS:
                return _sampled_instead(setup, rounds, guess, "the exact sea chain", may_sample)
            try:
                got = fleet.solve(setup, start, TAIL, FLOOR, rounds)
                return Ends(got["ends"], got["rounds"], got["pruned"])
            except fleet.NotFleet:
                pass
            except fleet.TooMuchWork:
                # Its states spread over more counters than the estimate reads: bounded, then sampled.
                spent = cost.Estimate("fleet", guess.states, cost.BUDGET_SECONDS + cost.FLEET_ATTEMPT_SECONDS)
                return montecarlo.bounded(setup, rounds, montecarlo.SAMPLES_GENERAL, (
                    f"Monte Carlo: the exact sea chain reached its bound ({fleet.WORK_BUDGET:,} units of work, about "
                    f"{cost.duration(cost.FLEET_ATTEMPT_SECONDS)}) before the end: aircraft and submarines that "
                    f"cannot hit each other spread this battle over more states than its unit counts tell"),
                    may_sample, chain="the exact sea chain", exact=spent)
        size = sum(army.size for army in start.values()) + setup.attacker.bombard.size
        if size > MAX_GENERAL_UNITS:
            return montecarlo.bounded(setup, rounds, montecarlo.SAMPLES_GENERAL, (
                f"Monte Carlo: {size} units in all, more than the {MAX_GENERAL_UNITS} the general exact "
                f"chain takes in reasonable time, and neither fast exact chain (land ladder, sea chain) fits"), may_sample)
    guess = cost.general(setup, exact)
    if guess.seconds > cost.BUDGET_SECONDS:
        if exact:
            raise cost.too_big("the exact fractions", guess, None, " (leave exact out for floats)")
        return _sampled_instead(setup, rounds, guess, "the general exact chain", may_sample)
    chain = Chain(setup, exact=exact, tail=TAIL, floor=FLOOR, start=start, keep_land=keep_land)
    solved = solve(chain, rounds, opening=first_round == 1, retreat=retreat)
    return Ends(solved["ends"], solved["rounds"], chain.pruned)


def plan(setup, exact=False, options: Mapping[str, Any] | None = None, rounds: int | None = None) -> cost.Estimate:
    """What ``ends_of`` will cost, told before any work: the method it takes and its estimate (docs/api.md
    "Cost budget"). Over the budget (``within_budget`` false) ``ends_of`` refuses with ``too_big``."""
    options = dict(options or {})
    retreat, keep_land = options.get("retreat", Retreat()), options.get("keep_land", False)
    damaged = options.get("damaged", {})
    may_sample = (not retreat and not keep_land and options.get("first_round", 1) == 1
                  and not any(damaged.values()))
    calculator = setup.system.calculator
    if calculator == "colored":
        budget = colored.FRACTION_WORK_BUDGET if exact else colored.WORK_BUDGET   # the chain's own bound
        return colored_cost.colored(setup, colored.small_enough(setup), budget, colored.SAMPLES, exact)
    if calculator is not None:
        return cost.chess(setup)
    guess = None
    if not exact:
        if setup.kind != "sea":
            guess = ladder_cost.ladder(setup, retreat.below is not None, options.get("first_round", 1) == 1, rounds)
        elif not retreat and not keep_land:  # the sea chain
            biggest = max(setup.side(role).units.size for role in ROLES)
            guess = cost.fleet(setup) if biggest <= MAX_FLEET_UNITS else None
        size = sum(setup.side(role).units.size for role in ROLES) + setup.attacker.bombard.size
        if guess is None and (size > MAX_GENERAL_UNITS or setup.kind == "sea"):
            # Beyond every exact chain (ends_of: a side past the sea chain's 60 units, or more than the
            # general chain's 16 units): Monte Carlo or a refusal, never the general chain's estimate.
            return cost.sampled(setup, montecarlo.SAMPLES_GENERAL, may_sample, None)
    if guess is None:
        guess = cost.general(setup, exact)
    if guess.seconds <= guess.budget or exact:
        return guess
    return cost.sampled(setup, montecarlo.SAMPLES_GENERAL, may_sample, guess)


def _sampled_instead(setup, rounds, guess, chain: str, allowed: bool) -> Ends:
    """Monte Carlo where an exact chain would take more than the budget (or a refusal naming both costs)."""
    return montecarlo.bounded(setup, rounds, montecarlo.SAMPLES_GENERAL, (
        f"Monte Carlo: {chain} would take about {cost.duration(guess.seconds)}, more than the "
        f"{cost.duration(guess.budget)} it may take"), allowed, chain=chain, exact=guess)


def compute(setup, rounds=None, exact=False, options: Mapping[str, Any] | None = None) -> dict:
    """The law of the battle's end and its summaries, in the arithmetic asked for (no JSON yet)."""
    law = ends_of(setup, rounds, exact, options)
    zero = Fraction(0) if exact else 0.0
    ruleset = setup.ruleset
    damaged = (options or {}).get("damaged", {})
    start = {role: setup.side(role).units for role in ROLES}
    outcome = {name: zero for name in OUTCOMES}
    losses = {role: {} for role in ROLES}
    cost = {role: zero for role in ROLES}
    survivors = {role: {uid: zero for uid, _ in start[role].counts} for role in ROLES}
    takes = zero
    swing: dict = {}  # IPCs the defender lost − IPCs the attacker lost → probability ("profit")
    joint: dict = {}
    # An army ends many battles (each rung meets every rung of the other side): summed up once per army.
    seen: dict = {}

    def summary(role, army):
        got = seen.get((role, army))
        if got is None:
            counts = army.units.counts
            got = seen[(role, army)] = (
                start[role].size - army.size,
                sum(ruleset.unit(uid).cost * (n - army.count(uid)) for uid, n in start[role].counts),
                counts,
                role == "attacker" and setup.kind != "sea" and any(
                    ruleset.unit(uid).domain == "land" and "anti_aircraft" not in ruleset.unit(uid).abilities
                    for uid, _ in counts))
        return got

    guns = frozenset(u.id for u in ruleset if "anti_aircraft" in u.abilities)
    for (ended, a, d), p in law.ends.items():
        outcome[ended] = outcome.get(ended, zero) + p
        lost_a, cost_a, counts_a, land_a = summary("attacker", a)
        if ended == "attacker_wins" and land_a:
            # docs/rules.md §9: the territory is taken, so the defender's AA guns are captured, not left to him.
            d = d.without(guns)
        lost_d, cost_d, counts_d, _ = summary("defender", d)
        key = (ended, lost_a, lost_d)
        joint[key] = joint.get(key, zero) + p
        # The swing of this end: its defender already lost a captured AA gun (above, docs/rules.md §9).
        swing[cost_d - cost_a] = swing.get(cost_d - cost_a, zero) + p
        for role, lost, spent, counts in (("attacker", lost_a, cost_a, counts_a), ("defender", lost_d, cost_d, counts_d)):
            losses[role][lost] = losses[role].get(lost, zero) + p
            cost[role] += p * spent
            alive = survivors[role]
            for uid, n in counts:
                alive[uid] += p * n
        if ended == "attacker_wins" and land_a:
            takes += p
    return {"outcome": outcome, "losses": losses, "cost": cost, "survivors": survivors, "takes": takes,
            "swing": swing, "joint": joint, "rounds": law.rounds, "pruned": law.pruned, "method": law.method,
            "samples": law.samples, "reason": law.reason, "damaged": damaged}
