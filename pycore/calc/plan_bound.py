"""A bound of the land ladder's cost model from the counts alone: a battle surely within the budget, told
without the model (docs/api.md "Cost budget").

:mod:`.plan_cost` bounds a whole plan with it, and :mod:`.waves` a plan's first wave, where the model's answer is
only compared with a budget: a plan's estimate is then not worked in detail (a tenth of a small plan's call).
Not for the estimate a request asks for, which is always the model's own (``ladder_cost.ladder``).
"""

from __future__ import annotations

from math import sqrt

from ..engine.setup import BattleSetup
from . import cost
from .ladder.work import OPENING_WORK, ROW_WORK, RUNG_WORK
from .ladder_cost import LADDER_FILL, LADDER_UNIT_SECOND

FAR_UNDER = cost.BUDGET_SECONDS / 2
"""A plan or battle whose bound is at most this is within its budget: the plan's (10 s), and the land ladder's own
(``ladder_cost.ladder``'s ``budget``, 7.5 s)."""


def ladder_bound(setup: BattleSetup) -> float:
    """An upper bound of the land ladder's model (``ladder_cost.ladder``, fought to the end with no "retreat
    below"), from the counts alone: each of its terms at its most — the grid's rows and columns at every rung
    (``reach`` keeps at most ka + 1 and kd + 1), each law as wide as the widest side's (3 + 3√n covers dice's
    1 + 3√n and Low Luck's 3, a rung's law n + 3 its n + 1 and 3), a grid per number of the attacker's
    aircraft the AA guns may leave (``opening_ways``: at most his aircraft + 1) and an opening state per grid
    and number of bombardment's hits (at most kd + 1), every other grid whole."""
    ka, kd = (max(1, cost.hit_points(setup, role)) for role in ("attacker", "defender"))
    na, nd = setup.attacker.units.size, setup.defender.units.size
    width = 3 + 3 * sqrt(max(na, nd))
    ruleset = setup.ruleset
    grids = 1 + sum(n for uid, n in setup.attacker.units.counts if ruleset.unit(uid).is_air)
    opened = grids * (kd + 1)
    settled = (ka + 1) * (kd + 1) * 2 * width * LADDER_FILL + (ka + 1) * ROW_WORK
    built = grids * (ka + 1) * (RUNG_WORK + na + 3) + (kd + 1) * (RUNG_WORK + nd + 3) + opened * (OPENING_WORK + kd * width)
    return cost.OVERHEAD + (grids * settled + built) * LADDER_UNIT_SECOND
