"""A turn planned (docs/rules.md §9.5): one pool of units split over several battles for the greatest expected
swing, every split searched and every battle worked exactly.

As attacker, each battle is a territory's defenders and the units the pool sends against it (or none: a unit
may stay home); as defender, each is a threat and the units the pool adds to those already there. A battle's
swing is from the pool owner's side: the IPCs the other side loses, less those he loses, plus (attacker) or
less (defender) the territory's value times the chance it is taken. The best split maximises the sum.

How the answer is known to be the best: every army a battle admits (every count of every pool type it may take, up
to the pool) is worked once by the calculator (:func:`pycore.calc.method.ends_of`, its chance to take and its costs
summed by :func:`.tally.exchange`), and a dynamic programme over the battles in turn, its state the pool still
unspent, takes the best of every way to spend it (within ``budget``, where the units used may cost at most so many
IPCs in all); no army is skipped and no bound is assumed (adding a unit is not assumed to help: a bigger army can
cost more than it wins). A battle's ``target`` (take it with at least this chance) keeps only the armies that
reach it. The work is counted before it starts (:func:`estimate`) and refused over the calculator's budget.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from typing import Any

from ..engine.setup import BattleSetup
from ..forces import Force
from . import cost, ladder_cost
from .choices import is_below
from .method import ends_of, plan as method_plan
from .tally import exchange
from .total import fsum

SIDES = ("attacker", "defender")
MAX_BATTLES = 6
"""A turn of at most this many battles (a turn's attacks on one map; the page offers up to 4)."""


@dataclass(frozen=True, slots=True)
class Front:
    """One battle of the turn, as read: the side that does not come from the pool is set in ``setup``."""

    name: str
    setup: BattleSetup          # the fixed side filled (the threat, or the defenders attacked); the pool's empty
    held: Force                 # defender: the units already there, which the pool joins
    value: int                  # the territory's value in IPCs
    target: float | None        # attacker: take it with at least this chance
    may: tuple[str, ...]        # the pool's unit types this battle admits


@dataclass(frozen=True, slots=True)
class Turn:
    """A ``plan_turn`` request as read (pycore.read.turn)."""

    canonical: dict[str, Any]
    side: str                   # whose pool: "attacker" or "defender"
    pool: Force
    fronts: tuple[Front, ...]
    goal: str
    exact: bool
    estimate: bool
    timing: bool
    budget: int | None = None   # the units used may cost at most this many IPCs in all (money to place)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one army does in one battle: the chance the territory is taken, and the expected swing."""

    takes: Any
    swing: Any


def armies(front: Front, pool: Force) -> list[Force]:
    """Every army the battle admits from the pool (the empty army first: nobody sent)."""
    kinds = [(uid, n) for uid, n in pool.counts if uid in front.may]
    out = []
    for counts in product(*(range(n + 1) for _, n in kinds)):
        out.append(Force(tuple((uid, k) for (uid, _), k in zip(kinds, counts) if k)))
    return out


def count(turn: Turn) -> int:
    """How many armies the search works, by arithmetic alone (the estimate never builds them)."""
    total = 0
    for front in turn.fronts:
        many = 1
        for uid, n in turn.pool.counts:
            if uid in front.may:
                many *= n + 1
        total += many
    return total


def _battle(turn: Turn, front: Front, army: Force) -> BattleSetup:
    """The battle with this army from the pool on its side."""
    ruleset = front.setup.ruleset
    if turn.side == "attacker":
        return replace(front.setup, attacker=replace(front.setup.attacker, units=army))
    units = front.held.plus(army, ruleset)
    return replace(front.setup, defender=replace(front.setup.defender, units=units))


SPLIT_TRY_SECOND = 5e-6
"""One army looked up in the split search (:func:`_best_split`): measured 2.0–3.2 µs in CPython on turns of 13 to 23
units over 2 to 6 battles, the last battle's (worked for every part of the pool, each from its neighbours) the
dearest (bench/README.md "A turn's search and its estimate"); about 1.5 times the highest, for an envelope."""
QUICK_UNIT_SECOND = 3e-8
"""A turn's small battles, priced army by army: seconds per unit of the land ladder's modelled work, for a battle
the ladder solves without its model (``ladder_cost.surely_within``). The model's own rate (0.11 µs, measured on
single battles up to 150 a side) is 8–13 times what a turn's battles take in all, their fixed costs included:
5.2–13.3 ns a unit over the 14,826 armies of eight turns (`bench/turn.py --rate`: dice and Low Luck, an AA gun, a
defender's turn), taken at 2.3 times the highest."""
REFINE_ABOVE = 2.0
"""An envelope up to this many seconds stands (a link's calculation starts unasked under 2 s in the page); above
it, each army is priced by its own estimate (:func:`_army_by_army`)."""
REFINE_MOST = 6000
"""A turn whose envelope is over 2 s is priced again army by army when it has at most this many armies (each
army's own estimate costs about 0.1 ms: 0.6 s at most)."""


def estimate(turn: Turn) -> cost.Estimate:
    """Every battle worked with the whole pool it admits (an envelope of each of its armies), times its armies,
    and the split search's tries; where that is over 2 s, each army priced by its own estimate instead
    (:func:`_army_by_army`): a pool's armies are mostly far smaller than the whole pool."""
    base = cost.OVERHEAD + split_tries(turn) * SPLIT_TRY_SECOND
    seconds, states, method = base, 0, "ladder"
    for front in turn.fronts:
        everyone = Force(tuple((uid, n) for uid, n in turn.pool.counts if uid in front.may))
        many = 1
        for _, n in everyone.counts:
            many *= n + 1
        if not everyone and turn.side == "attacker":
            continue
        guess = method_plan(_battle(turn, front, everyone), turn.exact)
        if guess.method == "monte_carlo":
            method = "monte_carlo"
        seconds += many * max(0.0, guess.seconds - cost.OVERHEAD)
        states += many * guess.states
    envelope = cost.Estimate(method, states, seconds, bound=True)
    if method == "monte_carlo" or seconds <= REFINE_ABOVE or count(turn) > REFINE_MOST:
        return envelope
    return _army_by_army(turn, base)


def _army_by_army(turn: Turn, base: float) -> cost.Estimate:
    """``base`` (the overhead and the split's tries) and the sum of every army's own estimate: the calculator's as
    ``calc`` gives it, or for a small battle of the ladder (most of a turn's) its modelled work at the rate
    measured on turns."""
    seconds, states, method = base, 0, "ladder"
    for front in turn.fronts:
        for army in armies(front, turn.pool):
            if not army and turn.side == "attacker":
                continue
            setup = _battle(turn, front, army)
            guess = method_plan(setup, turn.exact)
            if guess.method == "monte_carlo":
                method = "monte_carlo"
            if guess.method == "ladder" and not turn.exact and ladder_cost.surely_within(setup):
                seconds += guess.work * QUICK_UNIT_SECOND
            else:
                seconds += max(0.0, guess.seconds - cost.OVERHEAD)
            states += guess.states
    return cost.Estimate(method, states, seconds, bound=True)


def split_tries(turn: Turn) -> int:
    """At most how many armies the split search looks up: every army of the first battle, then for each later
    battle and each part of the pool that may be left, every army that fits in it; with no budget, the last
    battle's armies once each (:func:`_last_battle`)."""
    first = later = 1
    for _, n in turn.pool.counts:
        first *= n + 1
        later *= (n + 1) * (n + 2) // 2
    battles = len(turn.fronts)
    if battles > 1 and turn.budget is None:
        return first + (battles - 2) * later + first
    return first + (battles - 1) * later


def check(turn: Turn, guess: cost.Estimate) -> None:
    """Refuse, before any work, a turn over the budget or one that would need a simulated battle."""
    if guess.method == "monte_carlo":
        raise cost.TooBig("battles", "a battle of this turn is beyond the sizes worked exactly (docs/rules.md §9), "
                          "and a turn is searched exactly: plan it with fewer units", {"estimate": guess.as_json()})
    if guess.seconds > cost.BUDGET_SECONDS:
        raise cost.too_big("working every army of every battle", guess, None,
                           f" ({count(turn)} armies; fewer units in the pool or fewer battles make fewer)",
                           subject="this turn")


def outcome(turn: Turn, front: Front, army: Force) -> Outcome:
    """The army's chance to take the territory and its expected swing, from the pool owner's side."""
    zero = Fraction(0) if turn.exact else 0.0
    one = Fraction(1) if turn.exact else 1.0
    if turn.side == "attacker" and not army:
        return Outcome(zero, zero)                      # nobody sent: no battle
    setup = _battle(turn, front, army)
    if turn.side == "defender" and not setup.defender.units:
        # Nobody defends: the threat walks in if it has a land unit (docs/rules.md §9, "The territory").
        taken = one if any(setup.ruleset.unit(uid).domain == "land" for uid, _ in setup.attacker.units.counts) \
            else zero
        return Outcome(taken, -front.value * taken)
    takes, lost_a, lost_d = exchange(setup, ends_of(setup, None, turn.exact), turn.exact)
    if turn.side == "attacker":
        return Outcome(takes, lost_d - lost_a + front.value * takes)
    return Outcome(takes, lost_a - lost_d - front.value * takes)


def _price(front: Front, army: Force) -> int:
    return front.setup.ruleset.ipcs(army.counts)


def search(turn: Turn) -> dict[str, Any]:
    """{"choices": per battle (army, Outcome), "swing": the sum, "armies": how many were worked}, or
    {"choices": None, ...} when no split reaches every battle's target."""
    ruleset = turn.fronts[0].setup.ruleset
    options: list[dict[tuple[int, ...], tuple[Force, Outcome, int]]] = []
    worked = 0
    kinds = [uid for uid, _ in turn.pool.counts]
    for front in turn.fronts:
        mine = {}
        for army in armies(front, turn.pool):
            got = outcome(turn, front, army)
            worked += 1
            if front.target is not None and is_below(got.takes, front.target):
                continue
            mine[tuple(army.count(uid) for uid in kinds)] = (army, got, _price(front, army))
        options.append(mine)
    answer = _best_split(turn, options, kinds)
    if answer is None:
        return {"choices": None, "swing": None, "armies": worked, "ruleset": ruleset}
    return {"choices": answer[1], "swing": answer[0], "armies": worked, "ruleset": ruleset}


Split = tuple[Any, tuple[tuple[Force, Outcome], ...], int]
"""The best of battles i… with what is left: (the swing, (army, Outcome) per battle, the IPCs those armies cost)."""


def _best_split(turn: Turn, options: list[dict[tuple[int, ...], tuple[Force, Outcome, int]]],
                kinds: list[str]) -> Split | None:
    """The greatest total swing over every way to spend the pool on the battles in turn (a dynamic programme,
    its state the battle reached and the pool still unspent), or None where no split reaches every target.

    Each battle's armies that fit in what is left are enumerated directly, in the order :func:`armies` lists
    them (a tie keeps the first met: the same split as trying every army and skipping those that do not fit,
    without trying them); a battle's armies are looked up by their counts, their prices read once. The last
    battle's best army is worked out for every part of the pool at once (:func:`_last_battle`)."""
    zero = Fraction(0) if turn.exact else 0.0
    ruleset = turn.fronts[0].setup.ruleset
    unit_price = [ruleset.ipcs(((uid, 1),)) for uid in kinds]
    pool_price = _price(turn.fronts[0], turn.pool)
    # Per battle, the pool kinds it may take (positions in ``kinds``): the others stay at 0 in its armies.
    may = [[k for k, uid in enumerate(kinds) if uid in front.may] for front in turn.fronts]
    best: dict[tuple[int, tuple[int, ...]], Split | None] = {}
    last = len(options) - 1
    # The last battle's best army within what is left, for every part of the pool at once (no budget: what fits
    # then depends on what is left alone).
    final = _last_battle(turn, options[last], may[last], kinds) if last > 0 and turn.budget is None else None

    def best_from(i: int, left: tuple[int, ...]) -> Split | None:
        if i == len(options):
            return zero, (), 0
        if i == last and final is not None:
            within = final[tuple([left[k] for k in may[last]])]
            return None if within is None else within[2]
        key = (i, left)
        if key in best:
            return best[key]
        found: Split | None = None
        rank: tuple[Any, int] | None = None
        spent = pool_price - sum([p * n for p, n in zip(unit_price, left)])
        mine, places = options[i], may[i]
        counts = [0] * len(kinds)
        for sub in product(*(range(left[k] + 1) for k in places)):
            for k, n in zip(places, sub):
                counts[k] = n
            army_counts = tuple(counts)
            entry = mine.get(army_counts)
            if entry is None:
                continue                       # below the battle's target
            army, got, price = entry
            if turn.budget is not None and spent + price > turn.budget:
                continue
            rest = best_from(i + 1, tuple([a - b for a, b in zip(left, army_counts)]))
            if rest is None:
                continue
            total = fsum([got.swing, rest[0]]) if not turn.exact else got.swing + rest[0]
            sent = price + rest[2]
            if rank is None or (total, -sent) > rank:
                rank = (total, -sent)
                found = (total, ((army, got),) + rest[1], sent)
        best[key] = found
        return found

    return best_from(0, tuple(n for _, n in turn.pool.counts))


Best = tuple[tuple[Any, int], tuple[int, ...], Split]
"""The last battle's best army within a part of the pool (:func:`_last_battle`): its rank (swing, −price), its
counts there (the smaller first in a tie), and the split it makes."""


def _last_battle(turn: Turn, mine: dict[tuple[int, ...], tuple[Force, Outcome, int]], places: list[int],
                 kinds: list[str]) -> dict[tuple[int, ...], Best | None]:
    """By what is left of the kinds this battle admits (``places``): its best army within it and what it does,
    the same choice as enumerating every army that fits (the greatest swing, then the cheaper, then the first
    in the order :func:`armies` lists them), each part of the pool worked once from the parts one unit smaller:
    every army within ``x`` is ``x`` itself or within ``x`` less one unit of some kind."""
    zero = Fraction(0) if turn.exact else 0.0
    dims = [turn.pool.counts[k][1] for k in places]
    table: dict[tuple[int, ...], Best | None] = {}
    counts = [0] * len(kinds)
    for x in product(*(range(n + 1) for n in dims)):
        for k, n in zip(places, x):
            counts[k] = n
        entry = mine.get(tuple(counts))
        chosen: Best | None = None
        if entry is not None:
            army, got, price = entry
            total = fsum([got.swing, zero]) if not turn.exact else got.swing + zero
            chosen = ((total, -price), x, (total, ((army, got),), price))
        for j, n in enumerate(x):
            if n:
                below = table[x[:j] + (n - 1,) + x[j + 1:]]
                if below is not None and (chosen is None or below[0] > chosen[0]
                                          or (below[0] == chosen[0] and below[1] < chosen[1])):
                    chosen = below
        table[x] = chosen
    return table
