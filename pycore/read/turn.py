"""A ``plan_turn`` request read once into a :class:`~pycore.calc.turn.Turn` (docs/api.md, ``plan_turn``).

One pool of units (``available``) and several battles: as attacker, each battle names the territory's
defenders (``defender``, a side as ``calc`` reads it), its value and, if asked, the chance it must be taken
with (``target``); as defender (``"side": "defender"``), each names the threat (``attacker``) and the
units already there (``defender``, optional). Which pool units may join which battle is decided here, by the
same rule a battle's sides are read with (:func:`.battle.allowed`), so the search below receives only
armies a battle admits.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..calc.turn import MAX_BATTLES, SIDES, Front, Turn
from ..engine.setup import BattleSetup, SideSetup
from ..errors import BadRequest
from ..forces import Force, full_order
from ..rulesets import Ruleset, find_ruleset
from ..systems import LuckSystem
from . import fields as v
from .battle import _counts, allowed, read_side, read_sub_rule, side_json
from .fields import chance
from .systems import read_system

FIELDS = ("op", "ruleset", "system", "side", "available", "budget", "battles", "goal", "exact", "estimate", "timing",
          "sub_rule", "report")
"""``report`` (the post's options, as ``resolve``'s) is read by the op: it changes the post's words, never the
plan, and no link holds it."""
MAX_BUDGET = 10_000
BATTLE_FIELDS = ("name", "kind", "attacker", "defender", "territory_value", "target")
GOALS = ("swing",)
"""What the split maximises: the expected swing, every battle's summed (docs/rules.md §9.5)."""
MAX_TERRITORY = 1000


def _front(spec: Any, i: int, side: str, ruleset: Ruleset, system: LuckSystem, pool: Force,
           sub_rule: str) -> tuple[Front, dict[str, Any]]:
    """One battle of the turn: its fixed side (the defenders attacked, or the threat), its value and target."""
    prefix = f"battles[{i}]"
    spec = v.obj(spec, prefix)
    v.only_keys(spec, BATTLE_FIELDS, prefix)
    kind = v.choice(spec.get("kind", "land"), ("land", "sea"), f"{prefix}.kind")
    fixed_role = "defender" if side == "attacker" else "attacker"
    fixed = v.within(prefix, read_side, v.required(spec, fixed_role, prefix), fixed_role, ruleset, system, kind)
    if fixed.cargo:
        raise BadRequest(f"{prefix}.{fixed_role}.cargo", "a turn's battles carry no cargo yet; leave it out")
    held = None
    if side == "defender" and "defender" in spec:
        there = v.obj(spec["defender"], f"{prefix}.defender")
        counts = v.within(f"{prefix}.defender", _counts, v.required(there, "units", f"{prefix}.defender"), "units",
                         ruleset)
        for unit_id, n in counts.items():
            why = allowed(ruleset, kind, "defender", unit_id) if n else None
            if why:
                raise BadRequest(f"{prefix}.defender.units.{unit_id}", why)
        held = Force.of(ruleset, counts)
    elif side == "attacker" and "attacker" in spec:
        raise BadRequest(f"{prefix}.attacker", "the attacker's units come from available: leave attacker out")
    value = v.whole(spec.get("territory_value", 0), f"{prefix}.territory_value", 0, MAX_TERRITORY)
    if value and kind == "sea":
        raise BadRequest(f"{prefix}.territory_value", "a sea battle takes no territory; leave it out")
    target = chance(spec["target"], f"{prefix}.target") if "target" in spec else None
    if target is not None and kind == "sea":
        raise BadRequest(f"{prefix}.target", "a sea battle takes no territory, so there is no chance to take it")
    mover = "attacker" if side == "attacker" else "defender"
    may = tuple(uid for uid, _ in pool.counts if allowed(ruleset, kind, mover, uid) is None)
    name = v.text(spec["name"], f"{prefix}.name", 1, 40) if "name" in spec else f"Battle {i + 1}"
    probe = side_json(fixed)
    canonical: dict[str, Any] = {fixed_role: probe}
    if "name" in spec:
        canonical["name"] = name
    if kind != "land":
        canonical["kind"] = kind
    if held is not None and held:
        canonical["defender"] = {"units": held.as_dict()}
    if value:
        canonical["territory_value"] = value
    if target is not None:
        canonical["target"] = target
    setup = BattleSetup(ruleset, system, kind, fixed if side == "defender" else _empty(ruleset, "attacker"),
                        fixed if side == "attacker" else _empty(ruleset, "defender"), False, sub_rule)
    return Front(name, setup, held or Force(()), value, target, may), canonical


def _empty(ruleset: Ruleset, role: str) -> SideSetup:
    """The side the pool fills in, before it is filled (its order of loss the ruleset's, no tech)."""
    return SideSetup(Force(()), full_order(ruleset, [], role), False, frozenset(), Force(()), Force(()), 0)


def read_turn(request: Mapping[str, Any]) -> Turn:
    """Every field of a ``plan_turn`` request checked, or a BadRequest naming the first wrong one."""
    v.only_keys(request, FIELDS, "")
    ruleset = find_ruleset(v.required(request, "ruleset", ""))
    system = read_system(v.required(request, "system", ""))
    if system.calculator is not None or system.carries:
        raise BadRequest("system", f"a turn is planned with dice, Low Luck or biased dice, not {system.name}")
    side = v.choice(request.get("side", "attacker"), SIDES, "side")
    sub_rule = read_sub_rule(request.get("sub_rule", "subs_first"), ruleset, system)
    counts = _counts(v.required(request, "available", ""), "available", ruleset)
    pool = Force.of(ruleset, counts)
    if not pool:
        raise BadRequest("available", "give at least one unit to plan with")
    specs = v.array(v.required(request, "battles", ""), "battles", MAX_BATTLES)
    if not specs:
        raise BadRequest("battles", "give at least one battle")
    fronts, canonical_battles = [], []
    for i, spec in enumerate(specs):
        front, written = _front(spec, i, side, ruleset, system, pool, sub_rule)
        fronts.append(front)
        canonical_battles.append(written)
    budget = v.whole(request["budget"], "budget", 0, MAX_BUDGET) if "budget" in request else None
    goal = v.choice(request.get("goal", "swing"), GOALS, "goal")
    exact = v.boolean(request.get("exact", False), "exact")
    estimate = v.boolean(request.get("estimate", False), "estimate")
    timing = v.boolean(request.get("timing", False), "timing")
    canonical: dict[str, Any] = {"op": "plan_turn", "ruleset": ruleset.id, "system": system.spec()}
    if side != "attacker":
        canonical["side"] = side
    if sub_rule != "subs_first":
        canonical["sub_rule"] = sub_rule
    canonical["available"] = pool.as_dict()
    if budget is not None:
        canonical["budget"] = budget
    canonical["battles"] = canonical_battles
    if exact:
        canonical["exact"] = True
    return Turn(canonical, side, pool, tuple(fronts), goal, exact, estimate, timing, budget)

