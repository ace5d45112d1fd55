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

The same for the defender (``side``): the units he may add to what stands there already, each addition
worked in every wave; for the fewest units instead of IPCs (``by``); and for the ``top`` N armies, best
first (docs/rules.md §9.4, "The cheapest defence", "The fewest units", "The top N").
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, NotRequired, TypedDict, cast

from ..forces import Force
from ..rulesets import Ruleset
from . import cost, summary
from .army_search import Kept, OutOfBudget, Search, Vector
from .choices import Chance, is_below
from .plan_cost import estimate as plan_estimate
from .plans import Plan, Wave, army_cost
from .waves import PlanLaw, fight

if TYPE_CHECKING:
    from ..engine.army import Army
    from .worth import Ladders

PLAN_SECONDS = 0.008
"""What working one army's plan costs beyond its chains' work: the plan set up, its laws summed up (about
3 ms an army on bench/waves.py --recommend's 251 small battles, in CPython; about twice that as an envelope)."""
GOALS = ("takes", "holds", "wins")
SIDES = ("attacker", "defender")
DEFENDER_GOALS = ("holds", "wins")
"""The defender's goals: ``holds``, the territory not taken in any wave (its counter-attack is the attacker's
question, not counted); ``wins``, the plan's outcome ``defender_wins`` (the last wave fought destroyed with a
defender left: without retreat rules, every wave destroyed)."""
BY = ("ipcs", "units")
"""What "cheapest" counts: IPCs (the units then breaking ties) or units (the fewest; IPCs then breaking ties)."""
MAX_TOP = 10
"""At most this many armies answered: each is worked and written out, and the search's bound (the last kept
army's price) loosens with each, so a longer list nears working every army for a table nobody reads."""
"""What the target chance is of: the territory taken after the waves, held after the counter-attack, or the
plan ended by a wave that won (at sea, where no territory is taken)."""


class Answer(TypedDict):
    """One army the search answers: its units, its IPCs, its chance of the goal, its average swing."""

    units: Force
    cost: int
    chance: Chance
    cost_swing: Chance


class Found(TypedDict):
    """A search's answer (:func:`search`): the armies worked, the cheapest, the best swing, the ``top``."""

    armies: int
    cheapest: Answer | None
    best_profit: Answer | None
    top: list[Answer]
    words: NotRequired[str]


def _bombards_only(plan: Plan, uid: str) -> bool:
    """A unit that only bombards as part of wave 1 (a ship in an amphibious assault), so no army of its own."""
    setup = plan.waves[0].setup
    return setup.kind == "amphibious" and setup.ruleset.unit(uid).domain == "sea"


def count(plan: Plan, available: Force, side: str = "attacker") -> int:
    """How many armies :func:`armies` makes, by arithmetic alone: every choice of counts, (n + 1) a type, less
    those with no unit that fights (none at all, or only ships that bombard; for the defender, who stands there
    already, adding nothing is an army). Why: the estimate must refuse a search of millions of armies before
    building any (3.56 million built to be counted took 32 s and 1.7 GB)."""
    every = only_bombard = 1
    for uid, n in available.counts:
        every *= n + 1
        if _bombards_only(plan, uid):
            only_bombard *= n + 1
    return every if side == "defender" else every - only_bombard


def armies(plan: Plan, available: Force, side: str = "attacker", by: str = "ipcs") -> list[Force]:
    """Every army of the available units that can attack as wave 1 (a unit that fights, not only ships that
    bombard) or be added to the defender (nothing added included), cheapest first (fewest first ``by`` units):
    :func:`count` of them, so the search builds them only once the estimate has allowed that many."""
    ruleset = plan.waves[0].setup.ruleset
    kinds = available.counts
    out = []
    for counts in product(*(range(n + 1) for _, n in kinds)):
        force = Force(tuple((uid, n) for (uid, _), n in zip(kinds, counts) if n))
        if side == "defender" or any(n for uid, n in force.counts if not _bombards_only(plan, uid)):
            out.append(force)
    out.sort(key=lambda f: _order(ruleset, f, by))
    return out


def _order(ruleset: Ruleset, force: Force, by: str) -> tuple[int, int]:
    """What makes an army cheaper: its IPCs then its units, or its units then its IPCs."""
    price = army_cost(ruleset, _army(force))
    return (price, force.size) if by == "ipcs" else (force.size, price)


def _army(force: Force) -> Army:
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


def with_defender(plan: Plan, force: Force) -> Plan:
    """The plan with these units added to the defender before wave 1 (each wave's setup holds him)."""
    ruleset = plan.waves[0].setup.ruleset

    def more(wave: Wave) -> Wave:
        defender = wave.setup.defender
        return replace(wave, setup=replace(wave.setup, defender=replace(defender, units=defender.units.plus(force, ruleset))))
    return replace(plan, waves=tuple(more(w) for w in plan.waves))


def with_army(plan: Plan, force: Force, side: str) -> Plan:
    return with_defender(plan, force) if side == "defender" else with_attacker(plan, force)


def estimate(plan: Plan, available: Force, exact: bool, target: float | None = None, goal: str = "takes",
             side: str = "attacker", **_how: object) -> cost.Estimate:
    """Every army's plan, each at most as dear as the plan with every available unit (an envelope); the armies
    counted, never built (:func:`count`). Over the budget, where the cheapest army alone can be searched
    (:func:`fast`), that search's: as many armies as the budget leaves room for, at that envelope each."""
    many = count(plan, available, side)
    whole = plan_estimate(with_army(plan, available, side), exact)
    work = max(0.0, whole.seconds - cost.OVERHEAD) + PLAN_SECONDS
    full = cost.Estimate(whole.method, whole.states * many, cost.OVERHEAD + many * work, bound=True)
    if full.seconds <= cost.BUDGET_SECONDS or not fast(plan, available, target, goal, side) or whole.method == "monte_carlo":
        return full
    room = _room(plan, exact, work)
    if room < 1:
        return full
    return cost.Estimate(whole.method, whole.states * min(many, room), cost.OVERHEAD + min(many, room) * work,
                         bound=True)


def _room(plan: Plan, exact: bool, work: float) -> int:
    """How many armies, at ``work`` seconds each, the budget leaves room for beside the plan itself."""
    return int((cost.BUDGET_SECONDS - plan_estimate(plan, exact).seconds) // work)


def fast(plan: Plan, available: Force, target: float | None, goal: str, side: str = "attacker") -> bool:
    """Whether the cheapest army can be found without working every army: a target, and a plan where adding a
    unit to wave 1 (or to the defender) never lowers the goal's chance."""
    return target is not None and monotone(plan, available, goal, side) is None


def why_every(plan: Plan, available: Force, target: float | None, goal: str, side: str = "attacker",
              **_how: object) -> bool | str:
    """Why the search of the cheapest army alone cannot stand in for the full search, in words (True: it could,
    but the budget leaves it no room)."""
    if target is None:
        return "with no target only the best average swing is asked, and it needs every army"
    return monotone(plan, available, goal, side) or True


def monotone(plan: Plan, available: Force, goal: str, side: str = "attacker") -> str | None:
    """Why adding a unit to wave 1 (or to the defender) may lower the chance of the goal, in words; None where
    it never does (docs/rules.md §9.4, where the argument is written for both sides: a bigger army's states stay
    ahead of the smaller's). The defender is the same in every wave, so later waves and his AA guns keep it."""
    why = _plan_monotone(plan, available)
    if why is not None or side == "defender":
        return why
    first = plan.waves[0].setup
    if goal != "takes" and len(plan.waves) > 1:
        return f"with later waves, \"{goal}\" may be reached better by a smaller first wave"
    if goal == "holds" and any("anti_aircraft" in first.ruleset.unit(uid).abilities for uid, _ in first.defender.units.counts):
        return "the defender's AA guns join the holders"
    return None


def _plan_monotone(plan: Plan, available: Force) -> str | None:
    """What makes a bigger army of either side possibly do worse, whoever it is."""
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
    return None


def search(plan: Plan, available: Force, target: float | None, goal: str, exact: bool, side: str = "attacker",
           by: str = "ipcs", top: int = 1) -> Found:
    """{"armies": how many were worked, "cheapest": …, "best_profit": …, "top": the ``top`` cheapest} (None
    where no army qualifies; the best profit also where it was not searched, "words" then saying why)."""
    if estimate(plan, available, exact, side=side).seconds <= cost.BUDGET_SECONDS or not fast(plan, available, target, goal, side):
        return every(plan, available, target, goal, exact, side=side, by=by, top=top)
    # fast() is False without a target: here there is one
    return cheapest(plan, available, cast(float, target), goal, exact, side=side, by=by, top=top)


def _rank(price: int, chance: Chance, size: int, by: str) -> tuple[int, Chance, int]:
    """An army that reaches the target, in the order the answers are given: cheapest (or fewest), the higher
    chance, then the fewer units (or IPCs); the order of the types given breaks what is left."""
    return (price, -chance, size) if by == "ipcs" else (size, -chance, price)


def every(plan: Plan, available: Force, target: float | None, goal: str, exact: bool, side: str = "attacker",
          by: str = "ipcs", top: int = 1) -> Found:
    """The full search: every army worked, both answers read off them."""
    zero: Chance = Fraction(0) if exact else 0.0
    ruleset = plan.waves[0].setup.ruleset
    passing: list[tuple[tuple[int, Chance, int], int, Answer]] = []
    best: tuple[tuple[Chance, int, int], Answer] | None = None
    found = 0
    defenders: Ladders = {}         # the defender's ladders, the same for every attacking army
    for k, force in enumerate(armies(plan, available, side, by)):
        candidate = with_army(plan, force, side)
        law = fight(candidate, exact, defenders if side == "attacker" else None)
        found += 1
        chance, swing = _read(candidate, law, goal, exact, zero, side)
        price = army_cost(ruleset, _army(force))
        entry: Answer = {"units": force, "cost": price, "chance": chance, "cost_swing": swing}
        if target is not None and not is_below(chance, target):
            passing.append((_rank(price, chance, force.size, by), k, entry))
        # the best average swing: the attacker's highest, the defender's lowest (the swing is the attacker's)
        key = (swing if side == "attacker" else -swing, -price, -force.size)
        if best is None or key > best[0]:
            best = (key, entry)
    passing.sort(key=lambda row: row[:2])
    ranked = [entry for _, _, entry in passing[:top]]
    return {"armies": found, "cheapest": ranked[0] if ranked else None, "best_profit": best and best[1],
            "top": ranked}


COLUMN_SECONDS = 0.0001
"""What looking at one column of the search costs (its mix priced, the failures that cover it read: under 0.01 ms
each on the 3.56 million armies' 44 thousand columns, counted at ten times that), so that a search of millions
of columns stops at the budget as one of armies does."""
ROUNDING = 1e-10
"""How far above the true chance a float chain's sum may come out (rounding alone: what a chain drops only
lowers it, and is counted in ``pruned``): far above the error of sums of at most millions of terms."""


def cheapest(plan: Plan, available: Force, target: float, goal: str, exact: bool, side: str = "attacker",
             by: str = "ipcs", top: int = 1) -> Found:
    """The cheapest army alone (or the ``top`` cheapest), by :class:`.army_search.Search` (the plan
    :func:`monotone`), each army worked as :func:`every` works it. Each army is counted, before it is worked, at
    its own plan's estimate (as :func:`estimate` counts the biggest); where the budget's room is spent the
    search stops and answers the best armies found so far, in words."""
    zero: Chance = Fraction(0) if exact else 0.0
    ruleset = plan.waves[0].setup.ruleset
    uids = [uid for uid, _ in available.counts]
    defenders: Ladders | None = {} if side == "attacker" else None
    laws: dict[Vector, tuple[Plan, PlanLaw]] = {}
    room = [cost.BUDGET_SECONDS - plan_estimate(plan, exact).seconds]

    def force_of(x: Vector) -> Force:
        return Force(tuple((uid, n) for uid, n in zip(uids, x) if n))

    def evaluate(x: Vector) -> tuple[Chance, Chance]:
        candidate = with_army(plan, force_of(x), side)
        law = fight(candidate, exact, defenders)
        if law.method != "exact":
            raise cost.too_big("the cheapest army's search", plan_estimate(candidate, exact), None,
                               ": an army of it would be simulated")
        chance = _chance(candidate, law, goal, exact, zero, side)
        if not is_below(chance, target):
            laws[x] = (candidate, law)          # its average swing is read only if it is an answer
        return chance, (0 if exact else law.pruned + ROUNDING)

    def spend(x: Vector | None, best: Kept | None, worked: int) -> None:
        if x is None:
            room[0] -= COLUMN_SECONDS
        else:
            room[0] -= max(0.0, plan_estimate(with_army(plan, force_of(x), side), exact).seconds - cost.OVERHEAD) + PLAN_SECONDS
        if room[0] < 0:
            raise OutOfBudget(best, worked)

    ipcs = tuple(ruleset.unit(uid).cost for uid in uids)
    units = tuple(1 for _ in uids)
    prices, second = (ipcs, units) if by == "ipcs" else (units, ipcs)
    finder = Search(tuple(n for _, n in available.counts), prices, lambda chance: is_below(chance, target), evaluate,
                    spend, second=second, top=top, empty=side == "defender")
    words = ("the army of the best average swing needs every army worked (no bound on it is safe): "
             f"{count(plan, available, side):,} armies, more than the budget allows; fewer units available make fewer")
    try:
        got = finder.ranked()
    except OutOfBudget as stop:
        got = [(x, finder.worked[x][0]) for _, x in finder.kept]
        words = (f"the search stopped at the budget after {stop.worked:,} armies: "
                 + ("no army worked so far reaches the target" if not got else
                    "the cheapest army found so far is given, not proven the cheapest") + "; " + words)
    ranked: list[Answer] = [{"units": force_of(x), "cost": sum(n * c for n, c in zip(x, ipcs)), "chance": chance,
               "cost_swing": _read(*laws[x], goal, exact, zero, side)[1]} for x, chance in got]
    return {"armies": len(finder.worked), "cheapest": ranked[0] if ranked else None, "best_profit": None,
            "top": ranked, "words": words}


def _chance(plan: Plan, law: PlanLaw, goal: str, exact: bool, zero: Chance, side: str = "attacker") -> Chance:
    """:func:`_read`'s chance alone, summed as :func:`.summary.whole` sums it (the same terms in the same order,
    so the same bits), without the rest of the summary: the search reads it of every army it works. The
    defender's is summed the same way in both searches: the ends not taken, or those his last wave lost."""
    if side == "defender":
        got = zero
        for (_, _, held, ended), p in law.waves[-1].law.items():
            if (held is None) if goal == "holds" else ended == "defender_wins":
                got += p
        return got
    if goal == "holds":
        return _read(plan, law, goal, exact, zero)[0]
    got = zero
    for (_, _, held, ended), p in law.waves[-1].law.items():
        if (held is not None) if goal == "takes" else ended == "attacker_wins":
            got += p
    return got


def _read(plan: Plan, law: PlanLaw, goal: str, exact: bool, zero: Chance, side: str = "attacker") -> tuple[Chance, Chance]:
    """The chance the goal asks for and the average swing (the exchange's, with a counter-attack)."""
    whole = summary.whole(plan, law, exact)
    counter = summary.counter(plan, law, exact)
    if counter is not None:
        swing = summary.mean(counter["exchange"]["swing"], zero)
    else:
        swing = summary.mean(whole["swing"], zero)
    if side == "defender":
        chance = _chance(plan, law, goal, exact, zero, side)
    elif goal == "holds":
        chance = counter["holds"] if counter is not None else whole["takes"]
    elif goal == "wins":
        chance = whole["outcome"]["attacker_wins"]
    else:
        chance = whole["takes"]
    return chance, swing
