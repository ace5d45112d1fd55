"""The land ladder's cost model: its units of work (``calc/ladder/work.py``) told from the counts, before any work.

Why: the ladder's work is not its grid of states alone. Each way
the opening fire can fall that leaves the attacker an army no other way
leaves starts a ladder and a grid of its own; a lopsided battle ends long
before the winner's last rung; "retreat below" works every state twice. So
:func:`ladder` models the very units the chain counts as it goes, and
``tests/core/test_ladder_work.py`` holds the count within twice the model on
random battles within the limits (bench/README.md "cost.py" gives the fits).
``cost.py`` keeps the budget, the other methods and the refusal.
"""

from __future__ import annotations

from math import sqrt
from typing import TYPE_CHECKING

from ..engine.kinds import kinds
from ..engine.setup import ROLES, BattleSetup
from .cost import OVERHEAD, Estimate, _width, hit_points
from .ladder.work import BACKWARD_UNITS, OPENING_WORK, ROW_WORK, RUNG_WORK, WORK_BUDGET
from .total import fsum

if TYPE_CHECKING:
    from ..engine.firing import Group

LADDER_UNIT_SECOND = 1.1e-7  # per unit of the land ladder's counted work (ladder/work.py): measured 0.04–0.11 µs
LADDER_FILL = 1.0           # the share of the grid :func:`reach` gives that the ladder settles, at most
BRANCH_SHARE = 0.5          # the work of a grid the opening fire starts, beyond the first, against the first's
ROUNDS_FACTOR = 3.5         # a round limit works the states round by round: measured up to 3.4× the work to the end


def ladder(setup: BattleSetup, retreat_below: bool = False, opening: bool = True, rounds: int | None = None) -> Estimate:
    """The land ladder: its units of work (``calc/ladder/work.py``) modelled from the counts, and their seconds.

    Each way the opening fire can fall that leaves the attacker an army no other way leaves (AA guns that
    shoot down aircraft the attacker would lose after his ground units) starts a ladder and a grid of its
    own (:func:`opening_ways`): the work is that many grids, each (rungs × rungs) × both laws' widths,
    times the share of a grid the battle's mass reaches (``LADDER_FILL``), plus its ladders' rungs and the
    opening states; "retreat below" adds each grid's backward pass, whole."""
    ka, kd = (max(1, hit_points(setup, role)) for role in ROLES)
    na, nd = (setup.side(role).units.size for role in ROLES)
    wa, wd = _width(setup, na), _width(setup, nd)
    grids, states_opened = opening_ways(setup) if opening else (1, 1)
    grid = (ka + 1) * (kd + 1)
    rows, columns = reach(setup, ka, kd, opening)
    settled = rows * columns * (wa + wd) * LADDER_FILL + rows * ROW_WORK
    if rounds is not None:
        settled *= min(ROUNDS_FACTOR, max(1.0, rounds / 3))
    # The other grids start with the mass of one way the guns fall: their states drop below the floor sooner.
    work = (1 + (grids - 1) * BRANCH_SHARE) * settled
    if retreat_below:
        # The backward pass works every state of its grid, with the laws as the ladder keeps them: the
        # defender's up to its most hits (Low Luck's sure hits included), the attacker's as wide as kept.
        fire_a, fire_d = (_fire_by_hits(setup, role)[0] for role in ROLES)
        most_d = fire_d + (TAIL_SPREAD * sqrt(fire_d) if setup.system.independent_dice else 1) + 1
        kept_a = 2 * TAIL_SPREAD * sqrt(fire_a) + 1 if setup.system.independent_dice else 2
        work += grids * (ka + 1) * (ROW_WORK + kd * (most_d + kept_a)) * BACKWARD_UNITS
    # Rungs: the first ladder's all, each other's until it meets the first's (its ground units lost).
    own = (ka + 1) + (grids - 1) * (_ground_before_air(setup) + 1)
    built = own * (RUNG_WORK + _law_length(setup, na)) + (kd + 1) * (RUNG_WORK + _law_length(setup, nd))
    built += states_opened * (OPENING_WORK + kd * wd)
    work += built
    # Its own budget: the chain's bound of work (ladder.WORK_BUDGET) in seconds. A model over it goes to Monte
    # Carlo (or is refused) at once, rather than after an attempt that would most likely reach the bound.
    budget = OVERHEAD + WORK_BUDGET * LADDER_UNIT_SECOND
    return Estimate("ladder", grids * grid, OVERHEAD + work * LADDER_UNIT_SECOND, budget=budget, work=int(work),
                    setup_seconds=built * LADDER_UNIT_SECOND)


_ESTIMATES: dict[tuple[int, bool, bool, int | None], tuple[BattleSetup, Estimate]] = {}
"""The last estimates of :func:`once`, by the very setup they were made of (held here, so its ``id`` is not
reused): a plan estimates its first wave before it fights and again as it fights it. A new request reads a
new setup, so nothing carries from one calculation to the next."""


def once(setup: BattleSetup, retreat_below: bool, opening: bool = True, rounds: int | None = None) -> Estimate:
    """:func:`ladder`, once per setup and question (an :class:`.cost.Estimate` is frozen)."""
    key = (id(setup), retreat_below, opening, rounds)
    got = _ESTIMATES.get(key)
    if got is not None and got[0] is setup:
        return got[1]
    if len(_ESTIMATES) >= 8:
        del _ESTIMATES[next(iter(_ESTIMATES))]      # the oldest: a plan's own first wave stays
    estimate = _ESTIMATES[key] = (setup, ladder(setup, retreat_below, opening, rounds))
    return estimate[1]


def surely_within(setup: BattleSetup, retreat_below: bool = False, rounds: int | None = None) -> bool:
    """Whether :func:`ladder`'s work is surely within the chain's bound (:func:`work_bound`, with room to spare)."""
    return work_bound(setup, retreat_below, rounds) <= WORK_BUDGET / 2


def work_bound(setup: BattleSetup, retreat_below: bool = False, rounds: int | None = None) -> float:
    """At least :func:`ladder`'s units of work, whatever its opening, told from the counts alone.

    Why: a battle of a few dozen units is thousands of times under the bound, and the model itself costs as
    much as a tenth of such a battle's answer (its reach walks the battle's mean path; its opening ways ask the
    engine). Each term of :func:`ladder` is bounded here by what its counts allow — every row and column of the
    grid reached, a grid for every aircraft the AA guns could shoot down and one more, every hit count of the
    opening fire kept, each die sure to hit — so where this is within the chain's bound, the model is too, and the
    calculation goes on without it (``method.Ladder.quick``); else the model decides
    (``tests/core/test_ladder_work.py`` holds this above the model on random battles)."""
    ka, kd = (max(1, hit_points(setup, role)) for role in ROLES)
    na, nd = (setup.side(role).units.size for role in ROLES)
    wa, wd = _width(setup, na), _width(setup, nd)
    grids = na + 1                              # opening_ways: at most one grid a number of aircraft shot down
    settled = (ka + 1) * (kd + 1) * (wa + wd) * LADDER_FILL + (ka + 1) * ROW_WORK
    if rounds is not None:
        settled *= ROUNDS_FACTOR
    work = (1 + (grids - 1) * BRANCH_SHARE) * settled
    if retreat_below:
        most_d = nd + TAIL_SPREAD * sqrt(nd) + 2  # a side's expected hits are at most its units
        kept_a = 2 * TAIL_SPREAD * sqrt(na) + 2
        work += grids * (ka + 1) * (ROW_WORK + kd * (most_d + kept_a)) * BACKWARD_UNITS
    longest = max(na, nd) + 3                   # _law_length, either system
    work += grids * (ka + 1) * (RUNG_WORK + longest) + (kd + 1) * (RUNG_WORK + longest)
    work += grids * (kd + 1) * (OPENING_WORK + kd * wd)
    return work


REACH_SPREAD = 7.6
"""How far past the battle's mean path the ladder's states still hold mass above the floor (1e-13): standard
deviations of the hits taken so far (:func:`reach`)."""


def _fire_by_hits(setup: BattleSetup, role: str) -> list[float]:
    """A side's expected hits a round after 0, 1, 2, … hits taken, its casualties in its order of loss.

    The engine's rule read from the counts: two-hit units absorb the first hits, then the order of loss
    (defenseless transports last; AA guns that are never casualties stay). Each unit's chance is its value
    over 6, the mean of one die under dice and Low Luck alike (docs/rules.md §2, §4)."""
    ruleset = setup.ruleset
    table = kinds(ruleset)
    counts = dict(setup.side(role).units.counts)
    chance = {uid: min(6, max(0, ruleset.unit(uid).attack if role == "attacker" else ruleset.unit(uid).defense)) / 6
              for uid in counts}
    fire = fsum(n * chance[uid] for uid, n in counts.items())
    out = [fire] * (1 + sum(n for uid, n in counts.items() if uid in table.two_hit))
    order = [uid for uid in setup.side(role).order_of_loss if uid in counts and uid not in table.last]
    order += [uid for uid in setup.side(role).order_of_loss if uid in counts and uid in table.last]
    for uid in order:
        if uid in table.never_lost:
            continue
        for _ in range(counts[uid]):
            fire -= chance[uid]
            out.append(max(0.0, fire))
    return out


def reach(setup: BattleSetup, ka: int, kd: int, opening: bool = True) -> tuple[int, int]:
    """(rows, columns) of a ladder's grid the battle's mass reaches: its mean path (each round each side takes
    the other's expected hits; the defender starts past bombardment's) to the end, plus ``REACH_SPREAD``
    deviations of the hits taken on the way (a lopsided battle ends long before the winner's last rung: 100
    infantry and 100 bombers against 100 infantry end about 40 rows down of 200)."""
    fire_a, fire_d = _fire_by_hits(setup, "attacker"), _fire_by_hits(setup, "defender")
    i = j = var_i = var_j = 0.0
    dice = setup.system.independent_dice
    group = _bombardment(setup) if opening else None
    if group is not None:
        chances = [min(6, max(0, v)) / 6 for v in group.values]
        j, var_j = fsum(chances), fsum(p * (1 - p) for p in chances) if dice else 0.25
    for _ in range(200):
        ia, jd = min(int(i), len(fire_a) - 1), min(int(j), len(fire_d) - 1)
        if ia >= len(fire_a) - 1 or jd >= len(fire_d) - 1:
            break
        by_a, by_d = fire_a[ia], fire_d[jd]
        if by_a + by_d < 1e-3:
            break
        i, j = i + by_d, j + by_a
        var_i += by_d if dice else 0.25
        var_j += by_a if dice else 0.25
    rows = min(ka, i + REACH_SPREAD * sqrt(var_i) + 1) + 1
    columns = min(kd, j + REACH_SPREAD * sqrt(var_j) + 1) + 1
    return int(rows), int(columns)


TAIL_SPREAD = 7.6
"""Hit counts of one group kept by the opening fire (``Chain.opening_law``): those whose chance is at least
1e-13, within about 7.6 standard deviations on either side of the mean (250 dice at 1/6: 84 kept, modelled 91)."""


def _kept(setup: BattleSetup, values: tuple[int, ...], cap: int) -> int:
    """How many hit counts of one opening group the chain keeps (its law cut at 1e-13, folded at ``cap``)."""
    most = min(len(values), cap) + 1
    if not setup.system.independent_dice:
        return min(most, 2)                    # Low Luck: sure hits and a remainder
    chances = [float(c) for c in setup.system.chances(values, ())]
    mean, spread = fsum(chances), TAIL_SPREAD * sqrt(fsum(p * (1 - p) for p in chances))
    # The counts from mean − spread to mean + spread, those past the cap folded into one.
    low, high = max(0.0, mean - spread), min(float(cap), mean + spread)
    return max(1, min(most, int(high - low) + 2))


def opening_ways(setup: BattleSetup) -> tuple[int, int]:
    """(grids, opening states): how many ladders of the attacker the opening fire starts, and its ways to fall.

    AA fire that shoots down aircraft the attacker would lose only after his ground units leaves, for each
    number shot down, an army that no rung of another ladder holds; where his aircraft are the first he
    loses, every such army is a rung of the first ladder. Bombardment's casualties follow the defender's
    order of loss, so each of its outcomes starts on a rung of the defender's one ladder."""
    from ..engine.army import Army
    from ..engine.firing import aa_shots
    ruleset = setup.ruleset
    a, d = Army(setup.attacker.units), Army(setup.defender.units)
    shots, value = aa_shots(setup, d, a)
    aa = _kept(setup, (value,) * shots, sum(n for uid, n in a.units.counts if ruleset.unit(uid).is_air)) if shots else 1
    group = _bombardment(setup)
    bombard = _kept(setup, group.values, hit_points(setup, "defender")) if group is not None else 1
    first_air = True                          # the attacker's aircraft come first in his order of loss
    seen_ground = False
    for uid in setup.attacker.order_of_loss:
        if not ruleset.has(uid) or not a.count(uid):
            continue
        if ruleset.unit(uid).is_air:
            first_air = first_air and not seen_ground
        else:
            seen_ground = True
    return (1 if first_air else aa), aa * bombard


def _ground_before_air(setup: BattleSetup) -> int:
    """The attacker's hit points lost before his last aircraft in his order of loss: the rungs a ladder the
    AA guns start has of its own, before it meets the first ladder's aircraft-only rungs."""
    ruleset = setup.ruleset
    counts = dict(setup.attacker.units.counts)
    order = [uid for uid in setup.attacker.order_of_loss if counts.get(uid)]
    last_air = max((k for k, uid in enumerate(order) if ruleset.unit(uid).is_air), default=-1)
    return sum(counts[uid] * ruleset.unit(uid).hit_points for uid in order[:last_air] if not ruleset.unit(uid).is_air)


def _bombardment(setup: BattleSetup) -> Group | None:
    """The attacker's bombardment before round 1 (the engine's ``bombard_group``), or None."""
    from ..engine.army import Army
    from ..engine.firing import bombard_group, land_units
    return bombard_group(setup, land_units(setup.ruleset, setup.attacker.units), Army(setup.defender.units))


def _law_length(setup: BattleSetup, dice: int) -> float:
    """A rung's law as the ladder keeps it (its ends below 1e-30 dropped): about 11.5 deviations each side."""
    if setup.system.independent_dice:
        return min(dice + 1, 1 + 12 * sqrt(dice))
    return 3
