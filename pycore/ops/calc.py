"""Op ``calc``: read a battle like ``resolve`` does (no dice, no seed), answer with its exact law.

Request fields: those of a battle (ruleset, system, kind, attacker, defender
with units / order_of_loss / tech / fold_subs, lhtr) read by the engine's
``parse_setup``, plus ``rounds`` (stop after N rounds), ``exact`` (also give
fraction strings; Fractions throughout, no pruning) and ``timing`` (add
``result.timing.seconds``, the compute time alone). The law itself comes from
:mod:`pycore.calc.method`; a plan of attack (waves, a counter-attack, retreat
by worth, the cheapest army) is read and written by :mod:`.calc_plan`. See
docs/api.md.
"""

from __future__ import annotations

import time
from typing import Any, Mapping

from .. import validate as v
from ..calc.choices import Retreat
from ..calc.method import BOUND, compute, plan
from ..engine.sequence import MAX_ROUNDS
from ..engine.setup import ROLES, parse_setup, setup_json
from ..errors import BadRequest, show
from ..rulesets import find_ruleset
from ..share import link_for
from ..systems import find_system, spec_of
from . import calc_plan
from .calc_json import exact_law_json, fraction_text, interval
from .calc_plan import PLAN_FIELDS, RULE_FIELDS

FIELDS = ("op", "ruleset", "system", "kind", "attacker", "defender", "lhtr", "sub_rule", "rounds", "exact", "timing",
          "retreat_at_units", "retreat_below", "keep_land", "round", "carry", "estimate") + PLAN_FIELDS + RULE_FIELDS
MAX_EXACT_UNITS = 24
"""Fractions grow fast: ``exact`` is refused beyond this many units in the battle."""


def _damaged(request: Mapping[str, Any], ruleset) -> tuple[dict, dict]:
    """Each side's ``damaged`` two-hit units (a battle in progress), taken out of the side for parse_setup."""
    sides, damaged = {}, {}
    for role in ROLES:
        side = request.get(role)
        if isinstance(side, Mapping) and "damaged" in side:
            counts = v.obj(side["damaged"], f"{role}.damaged")
            units = side.get("units") if isinstance(side.get("units"), Mapping) else {}
            got = {}
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


def _carry(value, setup) -> tuple[int, int]:
    """A&A Chess COF / COF+R: the fractions each side carries into the next assault (``resolve``'s result.carry)."""
    if value is None:
        return (0, 0)
    if not setup.system.carries:
        raise BadRequest("carry", "only A&A Chess COF and COF+R carry fractions from assault to assault; leave it out")
    spec = v.obj(value, "carry")
    v.only_keys(spec, ROLES, "carry")
    return tuple(v.whole(spec.get(role, 0), f"carry.{role}", -5, 5) for role in ROLES)


def _chance(value) -> float:
    """``retreat_below``: a chance to win from 0 to 1 (the page sends its percent ÷ 100)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or not 0 <= value <= 1:
        raise BadRequest("retreat_below", f"must be a chance to win from 0 to 1 (0 % to 100 %), got {show(value)}")
    return float(value)


def parse(request: Mapping[str, Any]):
    v.only_keys(request, FIELDS, "")
    ruleset = find_ruleset(v.required(request, "ruleset", ""))
    system = find_system(v.required(request, "system", ""))
    sides, damaged = _damaged(request, ruleset)
    setup = parse_setup({**request, **{role: sides[role] for role in ROLES if sides[role] is not None}},
                        ruleset, system)
    for role in ROLES:
        for unit_id, n in damaged.get(role, {}).items():
            # Ships that only bombard (an amphibious attacker's) take no hit: they are not in the fight.
            if n > setup.side(role).units.count(unit_id):
                raise BadRequest(f"{role}.damaged.{unit_id}", f"in an amphibious assault a {unit_id} only bombards "
                                 "and takes no hits; leave it out of damaged")
        if setup.side(role).cargo:
            raise BadRequest(f"{role}.cargo", "the calculator does not carry cargo yet; leave it out")
    rounds = v.whole(request["rounds"], "rounds", 1, MAX_ROUNDS) if "rounds" in request else None
    exact = v.boolean(request.get("exact", False), "exact")
    timing = v.boolean(request.get("timing", False), "timing")
    v.boolean(request.get("estimate", False), "estimate")
    if exact:
        size = setup.attacker.units.size + setup.defender.units.size + setup.attacker.bombard.size
        if size > MAX_EXACT_UNITS:
            raise BadRequest("exact", f"exact fractions are given for at most {MAX_EXACT_UNITS} units in all, "
                                      f"this battle has {size}; leave exact out for the float answer")
    options = {
        "retreat": Retreat(
            v.whole(request["retreat_at_units"], "retreat_at_units", 0, 10_000) if "retreat_at_units" in request else None,
            _chance(request["retreat_below"]) if "retreat_below" in request else None),
        "keep_land": v.boolean(request.get("keep_land", False), "keep_land"),
        "first_round": v.whole(request.get("round", 1), "round", 1, MAX_ROUNDS),
        "damaged": damaged,
        "carry": _carry(request.get("carry"), setup),
    }
    retreat = options["retreat"]
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
        canonical["keep_land"] = True
    if options["first_round"] != 1:
        canonical["round"] = options["first_round"]
    if options["carry"] != (0, 0):
        canonical["carry"] = dict(zip(ROLES, options["carry"]))
    if calc_plan.asks_for_plan(request):
        options["plan"] = calc_plan.parse(request, setup, options, rounds, canonical, exact, MAX_EXACT_UNITS)
    return canonical, setup, rounds, exact, timing, options


def normalize(request: Mapping[str, Any]) -> dict:
    """The canonical request, as a link holds it."""
    return parse(request)[0]


def run(request: Mapping[str, Any]) -> dict:
    canonical, setup, rounds, exact, timing, options = parse(request)
    if "plan" in options:
        return _plan(canonical, setup, exact, timing, options, v.boolean(request.get("estimate", False), "estimate"))
    if v.boolean(request.get("estimate", False), "estimate"):
        # The cost alone, before any work (the page asks it before starting a link's calculation).
        return {"estimate": plan(setup, exact, options, rounds).as_json(), "link": link_for(canonical)}
    began = time.perf_counter()
    got = compute(setup, rounds, exact, options)
    seconds = time.perf_counter() - began
    f = float
    outcome = {name: f(p) for name, p in got["outcome"].items() if name in ("attacker_wins", "defender_wins", "draw") or p}
    sizes = {role: setup.side(role).units.size for role in ROLES}
    result: dict[str, Any] = {
        "ruleset": setup.ruleset.id, "system": spec_of(setup.system), "kind": setup.kind,
        "outcome": outcome,
        "takes_territory": f(got["takes"]),
        "losses": {role: {str(k): f(p) for k, p in sorted(got["losses"][role].items())} for role in ROLES},
        "cost_lost": {role: f(got["cost"][role]) for role in ROLES},
        "cost_swing": f(got["cost"]["defender"] - got["cost"]["attacker"]),
        "swing": {str(k): f(p) for k, p in sorted(got["swing"].items())},
        "survivors": {role: {uid: f(n) for uid, n in got["survivors"][role].items()} for role in ROLES},
        "rounds": f(got["rounds"]),
        "pruned": f(got["pruned"]),
        "pruned_bound": "exact: nothing pruned" if exact else BOUND,
        "survivors_count": {role: {str(sizes[role] - k): f(p) for k, p in sorted(got["losses"][role].items())}
                            for role in ROLES},
        "method": got["method"],
        "link": link_for(canonical),
    }
    if got["method"] == "monte_carlo":
        n = got["samples"]
        result["samples"] = n
        result["method_reason"] = got["reason"]
        result["pruned_bound"] = (f"simulated: {n} battles fought by the engine with seeded dice; "
                                  f"intervals are ±1.96 standard errors (95 %)")
        result["intervals"] = {name: interval(p, n) for name, p in outcome.items()}
    if exact:
        result["exact_outcome"] = {name: fraction_text(p) for name, p in got["outcome"].items() if name in outcome}
        result["exact_losses"] = {role: exact_law_json(got["losses"][role]) for role in ROLES}
        result["exact_swing"] = exact_law_json(got["swing"])
        result["exact_takes_territory"] = fraction_text(got["takes"])
        result["exact_rounds"] = fraction_text(got["rounds"])
    if timing:
        result["timing"] = {"seconds": seconds}
    return result


def _plan(canonical: dict, setup, exact: bool, timing: bool, options: dict, estimate: bool) -> dict:
    """A plan of attack (waves, counter-attack, retreat by worth): docs/api.md, ``calc`` "Plan of attack"."""
    from ..calc import cost, plan_cost, recommend
    guess = plan_cost.estimate(options["plan"], exact)
    if "recommend" in options:
        more = recommend.estimate(options["plan"], options["recommend"][0], exact)
        guess = plan_cost.together(guess, more)
    sampled = None
    if guess.seconds > cost.BUDGET_SECONDS and "recommend" not in options:
        sampled = plan_cost.sampled(options["plan"], exact, guess)
    if estimate:
        return {"estimate": (sampled or guess).as_json(), "link": link_for(canonical)}
    if sampled is None:
        plan_cost.check(options["plan"], guess, exact, searching="recommend" in options)
    else:
        guess = sampled
    began = time.perf_counter()
    got = calc_plan.result(options["plan"], exact, sampled is not None and guess)
    if "recommend" in options:
        got["recommend"] = calc_plan.recommendation(options["plan"], options["recommend"], exact)
    seconds = time.perf_counter() - began
    result = {"ruleset": setup.ruleset.id, "system": spec_of(setup.system), "kind": setup.kind, **got,
              "pruned_bound": "exact: nothing pruned" if exact else BOUND, "link": link_for(canonical)}
    if got["method"] == "monte_carlo":
        result["pruned_bound"] = (f"simulated: {got['samples']} plans fought by the engine with seeded dice (or a "
                                  f"battle of it: see method_reason); intervals are ±1.96 standard errors (95 %)")
    if timing:
        result["timing"] = {"seconds": seconds}
    return result
