"""The cheapest army that reaches a chance, and the army of the best average swing (docs/rules.md §9.4).

Every attacking army drawn from the units available (counts per type) is
worked out exactly as the plan would be with it as wave 1 — its other waves,
rules and counter-attack unchanged — and the two answers are read off them.
No shortcut assumes that more units never do worse (a retreat rule, AA guns
firing at at most three aircraft, or the profit rule can make a bigger army
do worse), so both answers are exact. The number of armies is the product of
(count + 1) over the types, so the search is bounded by the cost budget, its
cost estimated before any work (:func:`estimate`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import Any

from ..forces import Force
from . import cost, summary
from .choices import is_below
from .plan_cost import estimate as plan_estimate
from .plans import Plan, army_cost
from .waves import fight

PLAN_SECONDS = 0.008
"""What working one army's plan costs beyond its chains' work: the plan set up, its laws summed up (about
3 ms an army on bench/waves.py --recommend's 251 small battles, in CPython; about twice that as an envelope)."""
GOALS = ("takes", "holds", "wins")
"""What the target chance is of: the territory taken after the waves, held after the counter-attack, or the
plan ended by a wave that won (at sea, where no territory is taken)."""


def _bombards_only(plan: Plan, uid: str) -> bool:
    """A unit that only bombards as part of wave 1 (a ship in an amphibious assault), so no army of its own."""
    setup = plan.waves[0].setup
    return setup.kind == "amphibious" and setup.ruleset.unit(uid).domain == "sea"


def count(plan: Plan, available: Force) -> int:
    """How many armies :func:`armies` makes, by arithmetic alone: every choice of counts, (n + 1) a type, less
    those with no unit that fights (none at all, or only ships that bombard). Why: the estimate must refuse a
    search of millions of armies before building any (3.56 million built to be counted took 32 s and 1.7 GB)."""
    every = only_bombard = 1
    for uid, n in available.counts:
        every *= n + 1
        if _bombards_only(plan, uid):
            only_bombard *= n + 1
    return every - only_bombard


def armies(plan: Plan, available: Force) -> list[Force]:
    """Every army of the available units that can attack as wave 1 (a unit that fights, not only ships that
    bombard), cheapest first: :func:`count` of them, so the search builds them only once the estimate has
    allowed that many."""
    ruleset = plan.waves[0].setup.ruleset
    kinds = available.counts
    out = []
    for counts in product(*(range(n + 1) for _, n in kinds)):
        force = Force(tuple((uid, n) for (uid, _), n in zip(kinds, counts) if n))
        if any(n for uid, n in force.counts if not _bombards_only(plan, uid)):
            out.append(force)
    out.sort(key=lambda f: (army_cost(ruleset, _army(f)), f.size))
    return out


def _army(force: Force):
    from ..engine.army import Army
    return Army(force)


def with_attacker(plan: Plan, force: Force) -> Plan:
    """The plan with this army as wave 1 (ships that only bombard split off, as a request's are)."""
    first = plan.waves[0]
    setup = first.setup
    ruleset = setup.ruleset
    bombard = {uid: n for uid, n in force.counts if _bombards_only(plan, uid)}
    fighting = {uid: n for uid, n in force.counts if uid not in bombard}
    side = replace(setup.attacker, units=Force.of(ruleset, fighting), bombard=Force.of(ruleset, bombard))
    wave = replace(first, setup=replace(setup, attacker=side))
    return replace(plan, waves=(wave,) + plan.waves[1:])


def estimate(plan: Plan, available: Force, exact: bool) -> cost.Estimate:
    """Every army's plan, each at most as dear as the plan with every available unit (an envelope); the armies
    counted, never built (:func:`count`)."""
    many = count(plan, available)
    whole = plan_estimate(with_attacker(plan, available), exact)
    work = max(0.0, whole.seconds - cost.OVERHEAD) + PLAN_SECONDS
    return cost.Estimate(whole.method, whole.states * many, cost.OVERHEAD + many * work)


def search(plan: Plan, available: Force, target, goal: str, exact: bool) -> dict:
    """{"armies": how many were worked, "cheapest": …, "best_profit": …} (None where no army qualifies)."""
    zero = Fraction(0) if exact else 0.0
    ruleset = plan.waves[0].setup.ruleset
    cheapest = best = None
    found = 0
    defenders: dict = {}             # the defender's ladders, the same for every army
    for force in armies(plan, available):
        candidate = with_attacker(plan, force)
        law = fight(candidate, exact, defenders)
        found += 1
        chance, swing = _read(candidate, law, goal, exact, zero)
        price = army_cost(ruleset, _army(force))
        entry = {"units": force, "cost": price, "chance": chance, "cost_swing": swing}
        if target is not None and not is_below(chance, target):
            key = (price, -chance, force.size)
            if cheapest is None or key < cheapest[0]:
                cheapest = (key, entry)
        key = (swing, -price, -force.size)
        if best is None or key > best[0]:
            best = (key, entry)
    return {"armies": found, "cheapest": cheapest and cheapest[1], "best_profit": best and best[1]}


def _read(plan: Plan, law, goal: str, exact: bool, zero) -> tuple[Any, Any]:
    """The chance the goal asks for and the average swing (the exchange's, with a counter-attack)."""
    whole = summary.whole(plan, law, exact)
    counter = summary.counter(plan, law, exact)
    if counter is not None:
        swing = summary.mean(counter["exchange"]["swing"], zero)
    else:
        swing = summary.mean(whole["swing"], zero)
    if goal == "holds":
        chance = counter["holds"] if counter is not None else whole["takes"]
    elif goal == "wins":
        chance = whole["outcome"]["attacker_wins"]
    else:
        chance = whole["takes"]
    return chance, swing
