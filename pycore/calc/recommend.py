"""The cheapest army that reaches a chance, and the army of the best average swing (docs/rules.md §9.4).

Every attacking army drawn from the units available (counts per type) is
worked out exactly as the plan would be with it as wave 1 — its other waves,
rules and counter-attack unchanged — and the two answers are read off them:
the full search, bounded by the cost budget, its cost estimated before any
work (:func:`estimate`). Where that is over the budget and adding a unit never
lowers the goal's chance (:func:`monotone`: no retreat rule, a land battle, …),
the cheapest army alone is found without working every army
(:mod:`.army_search`), to the full search's answer bit for bit; the best
average swing has no safe bound and is then not answered, in words.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import Any

from ..forces import Force
from . import cost, summary
from .army_search import OutOfBudget, Search
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


def estimate(plan: Plan, available: Force, exact: bool, target=None, goal: str = "takes") -> cost.Estimate:
    """Every army's plan, each at most as dear as the plan with every available unit (an envelope); the armies
    counted, never built (:func:`count`). Over the budget, where the cheapest army alone can be searched
    (:func:`fast`), that search's: as many armies as the budget leaves room for, at that envelope each."""
    many = count(plan, available)
    whole = plan_estimate(with_attacker(plan, available), exact)
    work = max(0.0, whole.seconds - cost.OVERHEAD) + PLAN_SECONDS
    full = cost.Estimate(whole.method, whole.states * many, cost.OVERHEAD + many * work)
    if full.seconds <= cost.BUDGET_SECONDS or not fast(plan, available, target, goal) or whole.method == "monte_carlo":
        return full
    room = _room(plan, exact, work)
    if room < 1:
        return full
    return cost.Estimate(whole.method, whole.states * min(many, room), cost.OVERHEAD + min(many, room) * work)


def _room(plan: Plan, exact: bool, work: float) -> int:
    """How many armies, at ``work`` seconds each, the budget leaves room for beside the plan itself."""
    return int((cost.BUDGET_SECONDS - plan_estimate(plan, exact).seconds) // work)


def fast(plan: Plan, available: Force, target, goal: str) -> bool:
    """Whether the cheapest army can be found without working every army: a target, and a plan where adding a
    unit to wave 1 never lowers the goal's chance."""
    return target is not None and monotone(plan, available, goal) is None


def why_every(plan: Plan, available: Force, target, goal: str) -> bool | str:
    """Why the search of the cheapest army alone cannot stand in for the full search, in words (True: it could,
    but the budget leaves it no room)."""
    if target is None:
        return "with no target only the best average swing is asked, and it needs every army"
    return monotone(plan, available, goal) or True


def monotone(plan: Plan, available: Force, goal: str) -> str | None:
    """Why adding a unit to wave 1 may lower the chance of the goal, in words; None where it never does
    (docs/rules.md §9.4, where the argument is written: a bigger army's states stay ahead of the smaller's)."""
    first = plan.waves[0].setup
    if plan.kind != "land":
        return "at sea or in an amphibious assault more units may change who can hit whom"
    if first.system.calculator is not None:
        return f"{first.system.name} has a calculator of its own"
    if any(w.retreat or w.reads_states or w.rounds is not None or w.keep_land for w in plan.waves):
        return "a retreat rule, a round limit or \"keep one land unit\" can make a bigger army do worse"
    if plan.first.get("damaged") or plan.first.get("first_round", 1) != 1 or plan.first.get("carry", (0, 0)) != (0, 0):
        return "a battle taken up in the middle is not searched this way"
    sides = [available] + [w.setup.attacker.units for w in plan.waves[1:]] + [first.defender.units]
    sides += [setup.attacker.units for setup in plan.counters]
    if any(first.ruleset.unit(uid).hit_points > 1 for force in sides for uid, _ in force.counts):
        return "two-hit units are not searched this way"
    if goal != "takes" and len(plan.waves) > 1:
        return f"with later waves, \"{goal}\" may be reached better by a smaller first wave"
    if goal == "holds" and any("anti_aircraft" in first.ruleset.unit(uid).abilities for uid, _ in first.defender.units.counts):
        return "the defender's AA guns join the holders"
    return None


def search(plan: Plan, available: Force, target, goal: str, exact: bool) -> dict:
    """{"armies": how many were worked, "cheapest": …, "best_profit": …} (None where no army qualifies; the
    best profit also where it was not searched, "words" then saying why)."""
    if estimate(plan, available, exact).seconds <= cost.BUDGET_SECONDS or not fast(plan, available, target, goal):
        return every(plan, available, target, goal, exact)
    return cheapest(plan, available, target, goal, exact)


def every(plan: Plan, available: Force, target, goal: str, exact: bool) -> dict:
    """The full search: every army worked, both answers read off them."""
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


COLUMN_SECONDS = 0.0001
"""What looking at one column of the search costs (its mix priced, the failures that cover it read: under 0.01 ms
each on the 3.56 million armies' 44 thousand columns, counted at ten times that), so that a search of millions
of columns stops at the budget as one of armies does."""
ROUNDING = 1e-10
"""How far above the true chance a float chain's sum may come out (rounding alone: what a chain drops only
lowers it, and is counted in ``pruned``): far above the error of sums of at most millions of terms."""


def cheapest(plan: Plan, available: Force, target, goal: str, exact: bool) -> dict:
    """The cheapest army alone, by :class:`.army_search.Search` (the plan :func:`monotone`), each army worked as
    :func:`every` works it. Each army is counted, before it is worked, at its own plan's estimate (as
    :func:`estimate` counts the biggest); where the budget's room is spent the search stops and answers the
    best army found so far, in words."""
    zero = Fraction(0) if exact else 0.0
    ruleset = plan.waves[0].setup.ruleset
    uids = [uid for uid, _ in available.counts]
    defenders: dict = {}
    laws: dict = {}
    room = [cost.BUDGET_SECONDS - plan_estimate(plan, exact).seconds]

    def force_of(x) -> Force:
        return Force(tuple((uid, n) for uid, n in zip(uids, x) if n))

    def evaluate(x):
        candidate = with_attacker(plan, force_of(x))
        law = fight(candidate, exact, defenders)
        if law.method != "exact":
            raise cost.too_big("the cheapest army's search", plan_estimate(candidate, exact), None,
                               ": an army of it would be simulated")
        chance = _chance(candidate, law, goal, exact, zero)
        if not is_below(chance, target):
            laws[x] = (candidate, law)          # its average swing is read only if it is the answer
        return chance, (0 if exact else law.pruned + ROUNDING)

    def spend(x, best, worked):
        if x is None:
            room[0] -= COLUMN_SECONDS
        else:
            room[0] -= max(0.0, plan_estimate(with_attacker(plan, force_of(x)), exact).seconds - cost.OVERHEAD) + PLAN_SECONDS
        if room[0] < 0:
            raise OutOfBudget(best, worked)

    finder = Search(tuple(n for _, n in available.counts), tuple(ruleset.unit(uid).cost for uid in uids),
                    lambda chance: is_below(chance, target), evaluate, spend)
    words = ("the army of the best average swing needs every army worked (no bound on it is safe): "
             f"{count(plan, available):,} armies, more than the budget allows; fewer units available make fewer")
    try:
        got = finder.run()
    except OutOfBudget as stop:
        got = None if stop.best is None else (stop.best[1], finder.worked[stop.best[1]][0])
        words = (f"the search stopped at the budget after {stop.worked:,} armies: "
                 + ("no army worked so far reaches the target" if got is None else
                    "the cheapest army found so far is given, not proven the cheapest") + "; " + words)
    entry = None
    if got is not None:
        x, chance = got
        entry = {"units": force_of(x), "cost": finder.price(x), "chance": chance,
                 "cost_swing": _read(*laws[x], goal, exact, zero)[1]}
    return {"armies": len(finder.worked), "cheapest": entry, "best_profit": None, "words": words}


def _chance(plan: Plan, law, goal: str, exact: bool, zero):
    """:func:`_read`'s chance alone, summed as :func:`.summary.whole` sums it (the same terms in the same order,
    so the same bits), without the rest of the summary: the search reads it of every army it works."""
    if goal == "holds":
        return _read(plan, law, goal, exact, zero)[0]
    got = zero
    for (_, _, held, ended), p in law.waves[-1].law.items():
        if (held is not None) if goal == "takes" else ended == "attacker_wins":
            got += p
    return got


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
