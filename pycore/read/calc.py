"""A ``calc`` request read once into a :class:`CalcRequest`: the battle (as ``resolve`` reads it, with no
dice and no seed), a battle in progress (damaged units, the round, carried fractions), how the answer is
asked (rounds, exact, timing, estimate), the attacker's retreat rules, and the plan of attack when asked
(:mod:`.plan`). docs/api.md, ``calc``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from ..calc.choices import Retreat
from ..engine.sequence import MAX_ROUNDS
from ..engine.setup import ROLES, BattleSetup
from ..errors import BadRequest, show
from ..rulesets import Ruleset, find_ruleset
from . import fields as v
from .battle import read_setup, setup_json
from .plan import PLAN_FIELDS, RULE_FIELDS, asks_for_plan, keep_land_json, read_keep_land, read_plan
from .systems import read_system

FIELDS = ("op", "ruleset", "system", "kind", "attacker", "defender", "lhtr", "sub_rule", "rounds", "exact", "timing",
          "retreat_at_units", "retreat_below", "keep_land", "round", "carry", "estimate", "submerge",
          "destroyer_last", "crash_fighters") + PLAN_FIELDS + RULE_FIELDS
_FIELD_SET = frozenset(FIELDS)
MAX_EXACT_UNITS = 24
"""Fractions grow fast: ``exact`` is refused beyond this many units in the battle."""


def _damaged(request: Mapping[str, Any], ruleset: Ruleset) -> tuple[dict[str, Any], dict[str, dict[str, int]]]:
    """Each side's ``damaged`` two-hit units (a battle in progress), taken out of the side for read_setup."""
    sides: dict[str, Any] = {}
    damaged: dict[str, dict[str, int]] = {}
    for role in ROLES:
        side = request.get(role)
        if isinstance(side, Mapping) and "damaged" in side:
            counts = v.obj(side["damaged"], f"{role}.damaged")
            given = side.get("units")
            units: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
            got: dict[str, int] = {}
            for unit_id, n in counts.items():
                field = f"{role}.damaged.{unit_id}"
                if not ruleset.has(unit_id) or ruleset.unit(unit_id).hit_points < 2:
                    raise BadRequest(field, f"only a two-hit unit can be damaged, got {show(unit_id)}")
                n = v.whole(n, field, 0, 10_000)
                have = units.get(unit_id, 0) if isinstance(units.get(unit_id, 0), int) else 0
                if n > have:
                    raise BadRequest(field, f"{n} damaged but the side has {have} {unit_id}")
                if n:
                    got[unit_id] = n
            damaged[role] = got
            side = {k: x for k, x in side.items() if k != "damaged"}
        sides[role] = side
    return sides, damaged


def _carry(value: Any, setup: BattleSetup) -> tuple[int, int]:
    """A&A Chess COF / COF+R: the fractions each side carries into the next assault (``resolve``'s result.carry)."""
    if value is None:
        return (0, 0)
    if not setup.system.carries:
        raise BadRequest("carry", "only A&A Chess COF and COF+R carry fractions from assault to assault; leave it out")
    spec = v.obj(value, "carry")
    v.only_keys(spec, ROLES, "carry")
    attacker, defender = (v.whole(spec.get(role, 0), f"carry.{role}", -5, 5) for role in ROLES)
    return attacker, defender


def _rounds(request: Mapping[str, Any]) -> int | None:
    """``rounds``: 1–100. A player who asks a battle of no round wants a wave that only draws the AA fire, a later
    wave's option (docs/rules.md §9.1 "Retreat before round 1"): said so rather than a bare range."""
    if "rounds" not in request:
        return None
    if request["rounds"] == 0 and not isinstance(request["rounds"], bool):
        raise BadRequest("rounds", "the battle asked is fought for at least 1 round, got 0; a later wave may leave "
                                   "before round 1 (waves[k].rounds 0, only drawing the AA fire)")
    return v.whole(request["rounds"], "rounds", 1, MAX_ROUNDS)


def _submerge(request: Mapping[str, Any], setup: BattleSetup, rounds: int | None) -> frozenset[str]:
    """``submerge``: {"attacker": bool, "defender": bool}, the sides whose subs submerge at the first end of a round
    the rules allow (docs/rules.md §9 "Submerging"): sea battles fought to the end, dice and Low Luck."""
    if "submerge" not in request:
        return frozenset()
    spec = v.obj(request["submerge"], "submerge")
    v.only_keys(spec, ROLES, "submerge")
    dive = frozenset(role for role in ROLES if v.boolean(spec.get(role, False), f"submerge.{role}"))
    if not dive:
        return dive
    if setup.kind != "sea":
        raise BadRequest("submerge", "subs submerge in sea battles only; leave it out")
    if setup.system.calculator is not None:
        raise BadRequest("submerge", f"the calculator submerges subs with dice and Low Luck only, not {setup.system.id}")
    if rounds is not None:
        raise BadRequest("submerge", "the calculator submerges subs in a battle fought to the end; leave rounds out")
    if asks_for_plan(request):
        raise BadRequest("submerge", "a plan of attack does not submerge subs yet; leave it out")
    return dive


def _destroyer_last(request: Mapping[str, Any], setup: BattleSetup) -> BattleSetup:
    """``destroyer_last``: {"attacker": bool, "defender": bool}, the sides whose last destroyer is taken after any
    other unit a hit may take (docs/rules.md §9 "Destroyers kept last"): their order of loss lists the destroyer a
    second time, at its end, which the engine's ``allocate`` reads as "its last unit waits for this place"."""
    if "destroyer_last" not in request:
        return setup
    spec = v.obj(request["destroyer_last"], "destroyer_last")
    v.only_keys(spec, ROLES, "destroyer_last")
    roles = [role for role in ROLES if v.boolean(spec.get(role, False), f"destroyer_last.{role}")]
    if not roles:
        return setup
    destroyers = tuple(unit.id for unit in setup.ruleset if "destroyer" in unit.abilities)
    if not destroyers:
        raise BadRequest("destroyer_last", f"{setup.ruleset.id} has no destroyers; leave it out")
    if setup.kind != "sea":
        raise BadRequest("destroyer_last", "destroyers fight in sea battles only; leave it out")
    if setup.system.calculator is not None:
        raise BadRequest("destroyer_last", f"the calculator keeps destroyers last with dice and Low Luck only, "
                                           f"not {setup.system.id}")
    if asks_for_plan(request):
        raise BadRequest("destroyer_last", "a plan of attack does not keep destroyers last yet; leave it out")
    attacker, defender = (replace(side, order_of_loss=side.order_of_loss + destroyers) if role in roles else side
                          for role, side in zip(ROLES, (setup.attacker, setup.defender)))
    return replace(setup, attacker=attacker, defender=defender)


def _crash_fighters(request: Mapping[str, Any], setup: BattleSetup) -> bool:
    """``crash_fighters``: true, the defender's aircraft with no carrier left to land on are lost when the sea
    battle ends (docs/rules.md §9 "Fighters that crash"); sea battles, dice and Low Luck, not in a plan."""
    crash = v.boolean(request.get("crash_fighters", False), "crash_fighters")
    if not crash:
        return False
    if setup.kind != "sea":
        raise BadRequest("crash_fighters", "aircraft land on carriers after sea battles only; leave it out")
    if setup.system.calculator is not None:
        raise BadRequest("crash_fighters", f"the calculator crashes fighters with dice and Low Luck only, "
                                           f"not {setup.system.id}")
    if asks_for_plan(request):
        raise BadRequest("crash_fighters", "a plan of attack does not crash fighters yet; leave it out")
    return True


@dataclass(frozen=True, slots=True)
class CalcRequest:
    """A ``calc`` request as read once: the battle, how it is asked, and the plan's options (docs/api.md)."""

    canonical: dict[str, Any]  # what a link holds
    setup: BattleSetup
    rounds: int | None       # stop after this many rounds
    exact: bool              # Fractions throughout
    timing: bool             # add the compute time
    estimate: bool           # the cost alone, before any work
    options: dict[str, Any]    # retreat, keep_land, first_round, damaged, carry, submerge; plan and recommend when asked


def read_calc(request: Mapping[str, Any]) -> CalcRequest:
    """Every field of a ``calc`` request checked, or a BadRequest naming the first wrong one.
    """
    v.only_keys(request, _FIELD_SET, "")
    ruleset = find_ruleset(v.required(request, "ruleset", ""))
    system = read_system(v.required(request, "system", ""))
    sides, damaged = _damaged(request, ruleset)
    setup = read_setup({**request, **{role: sides[role] for role in ROLES if sides[role] is not None}},
                        ruleset, system)
    for role in ROLES:
        for unit_id, n in damaged.get(role, {}).items():
            # Ships that only bombard (an amphibious attacker's) take no hit: they are not in the fight.
            if n > setup.side(role).units.count(unit_id):
                raise BadRequest(f"{role}.damaged.{unit_id}", f"in an amphibious assault a {unit_id} only bombards "
                                 "and takes no hits; leave it out of damaged")
        if setup.side(role).cargo:
            raise BadRequest(f"{role}.cargo", "the calculator does not carry cargo yet; leave it out")
    rounds = _rounds(request)
    exact = v.boolean(request.get("exact", False), "exact")
    timing = v.boolean(request.get("timing", False), "timing")
    estimate = v.boolean(request.get("estimate", False), "estimate")
    if exact:
        size = setup.attacker.units.size + setup.defender.units.size + setup.attacker.bombard.size
        if size > MAX_EXACT_UNITS:
            raise BadRequest("exact", f"exact fractions are given for at most {MAX_EXACT_UNITS} units in all, "
                                      f"this battle has {size}; leave exact out for the float answer")
    retreat = Retreat(
        v.whole(request["retreat_at_units"], "retreat_at_units", 0, 10_000) if "retreat_at_units" in request else None,
        v.chance(request["retreat_below"], "retreat_below", " to win") if "retreat_below" in request else None)
    carry = _carry(request.get("carry"), setup)
    # The calculator's options (pycore.calc.method reads them by name): a mapping, as its methods take it.
    options: dict[str, Any] = {
        "retreat": retreat,
        "keep_land": read_keep_land(request.get("keep_land", False), "keep_land"),
        "first_round": v.whole(request.get("round", 1), "round", 1, MAX_ROUNDS),
        "damaged": damaged,
        "carry": carry,
        "submerge": _submerge(request, setup, rounds),
        "crash_fighters": _crash_fighters(request, setup),
    }
    asked = [field for field, on in (("retreat_at_units", retreat.at_units is not None),
                                     ("retreat_below", retreat.below is not None),
                                     ("keep_land", options["keep_land"])) if on]
    if retreat and setup.kind == "amphibious":
        raise BadRequest(asked[0], "land units that came from the sea cannot retreat; leave it out")
    if asked and setup.kind == "sea":
        raise BadRequest(asked[0], "the calculator takes this option in land and amphibious battles only")
    if asked and setup.system.calculator is not None:
        raise BadRequest(asked[0], f"the calculator takes this option with dice and Low Luck only, "
                                   f"not {setup.system.id}")
    canonical = setup_json("calc", setup)
    for role in ROLES:
        if damaged.get(role):
            canonical[role]["damaged"] = dict(sorted(damaged[role].items()))
    if rounds is not None:
        canonical["rounds"] = rounds
    if exact:
        canonical["exact"] = True
    if retreat.at_units is not None:
        canonical["retreat_at_units"] = retreat.at_units
    if retreat.below is not None:
        canonical["retreat_below"] = retreat.below
    if options["keep_land"]:
        canonical["keep_land"] = keep_land_json(options["keep_land"])
    if options["first_round"] != 1:
        canonical["round"] = options["first_round"]
    if carry != (0, 0):
        canonical["carry"] = dict(zip(ROLES, carry))
    if options["submerge"]:
        canonical["submerge"] = {role: True for role in ROLES if role in options["submerge"]}
    if options["crash_fighters"]:
        canonical["crash_fighters"] = True
    kept = _destroyer_last(request, setup)
    if kept is not setup:
        canonical["destroyer_last"] = {role: True for role in ROLES
                                       if kept.side(role).order_of_loss != setup.side(role).order_of_loss}
        setup = kept
    if asks_for_plan(request):
        options["plan"] = read_plan(request, setup, options, rounds, canonical, exact, MAX_EXACT_UNITS)
    return CalcRequest(canonical, setup, rounds, exact, timing, estimate, options)


