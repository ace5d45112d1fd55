"""Op ``calc``: read a battle like ``resolve`` does (no dice, no seed), answer with its exact law.

Request fields: those of a battle (ruleset, system, kind, attacker, defender
with units / order_of_loss / tech / fold_subs, lhtr) read by the engine's
``parse_setup``, plus ``rounds`` (stop after N rounds), ``exact`` (also give
fraction strings; Fractions throughout, no pruning) and ``timing`` (add
``result.timing.seconds``, the compute time alone). See docs/api.md.
"""

from __future__ import annotations

import importlib
import math
import time
from fractions import Fraction
from typing import Any, Mapping

from .. import validate as v
from ..engine.sequence import MAX_ROUNDS
from ..engine.setup import ROLES, parse_setup, setup_json
from ..errors import BadRequest
from ..rulesets import find_ruleset
from ..systems import find_system, spec_of
from ..engine.army import Army
from ..errors import show
from ..forces import Force
from ..share import link_for
from . import fleet, ladder, montecarlo
from .chain import Chain, solve
from .choices import Retreat
from .law import Ends

PLUGINS = {"chess": "chess", "colored": "colored"}
"""Systems whose law of the end is worked out by their own module (``ends(setup, rounds, exact)``)."""

FIELDS = ("op", "ruleset", "system", "kind", "attacker", "defender", "lhtr", "rounds", "exact", "timing",
          "retreat_at_units", "retreat_below", "keep_land", "round", "carry")
OUTCOMES = ("attacker_wins", "defender_wins", "draw", "retreat", "stalemate", "in_progress")
MAX_EXACT_UNITS = 24
"""Fractions grow fast: ``exact`` is refused beyond this many units in the battle."""
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
    if getattr(setup.system, "id", "") != "chess":
        raise BadRequest("carry", "only A&A Chess carries fractions from assault to assault; leave it out")
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
        if setup.side(role).cargo:
            raise BadRequest(f"{role}.cargo", "the calculator does not carry cargo yet; leave it out")
    rounds = v.whole(request["rounds"], "rounds", 1, MAX_ROUNDS) if "rounds" in request else None
    exact = v.boolean(request.get("exact", False), "exact")
    timing = v.boolean(request.get("timing", False), "timing")
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
    if asked and setup.system.id not in ("dice", "lowluck"):
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
    return canonical, setup, rounds, exact, timing, options


def normalize(request: Mapping[str, Any]) -> dict:
    """The canonical request, as a link holds it."""
    return parse(request)[0]


def _interval(p: float, n: int) -> list[float]:
    half = 1.96 * math.sqrt(max(p * (1 - p), 0.0) / n)
    return [max(0.0, p - half), min(1.0, p + half)]


def _text(p) -> str:
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def ends_of(setup, rounds=None, exact=False, options: Mapping[str, Any] | None = None) -> Ends:
    """The law of the battle's end, by the method that fits the system and the battle (docs/api.md)."""
    options = dict(options or {})
    retreat, keep_land = options.get("retreat", Retreat()), options.get("keep_land", False)
    first_round = options.get("first_round", 1)
    damaged = options.get("damaged", {})
    start = {role: Army(setup.side(role).units, Force.of(setup.ruleset, damaged.get(role, {}))) for role in ROLES}
    system = setup.system.id
    if system in PLUGINS:
        module = importlib.import_module(f"{__package__}.{PLUGINS[system]}")
        if options.get("carry", (0, 0)) != (0, 0):
            return module.ends(setup, rounds, exact, carry=options["carry"])
        return module.ends(setup, rounds, exact)
    if not exact:
        chain = Chain(setup, exact=False, tail=TAIL, floor=FLOOR, start=start)
        a0, d0 = start["attacker"], start["defender"]
        empty = Force(())
        opening = {(a0, d0, empty, empty): 1.0}
        if first_round == 1:
            opening = chain.opening(opening)
        try:
            got = ladder.solve(setup, opening, TAIL, FLOOR, retreat, keep_land, rounds)
            return Ends(got["ends"], got["rounds"], got["pruned"] + chain.pruned)
        except ladder.NotLinear:
            pass
        if setup.kind == "sea" and not retreat and not keep_land:
            biggest = max(army.size for army in start.values())
            if biggest > MAX_FLEET_UNITS:
                return montecarlo.sample(setup, rounds, montecarlo.SAMPLES_GENERAL, reason=(
                    f"Monte Carlo: a side has {biggest} units, more than the {MAX_FLEET_UNITS} a side "
                    f"the exact sea chain takes in reasonable time"))
            try:
                got = fleet.solve(setup, start, TAIL, FLOOR, rounds)
                return Ends(got["ends"], got["rounds"], got["pruned"])
            except fleet.NotFleet:
                pass
        size = sum(army.size for army in start.values()) + setup.attacker.bombard.size
        if size > MAX_GENERAL_UNITS:
            return montecarlo.sample(setup, rounds, montecarlo.SAMPLES_GENERAL, reason=(
                f"Monte Carlo: {size} units in all, more than the {MAX_GENERAL_UNITS} the general exact "
                f"chain takes in reasonable time, and neither fast exact chain (land ladder, sea chain) fits"))
    chain = Chain(setup, exact=exact, tail=TAIL, floor=FLOOR, start=start, keep_land=keep_land)
    solved = solve(chain, rounds, opening=first_round == 1, retreat=retreat)
    return Ends(solved["ends"], solved["rounds"], chain.pruned)


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

    for (ended, a, d), p in law.ends.items():
        outcome[ended] = outcome.get(ended, zero) + p
        lost_a, cost_a, counts_a, land_a = summary("attacker", a)
        lost_d, cost_d, counts_d, _ = summary("defender", d)
        key = (ended, lost_a, lost_d)
        joint[key] = joint.get(key, zero) + p
        for role, lost, spent, counts in (("attacker", lost_a, cost_a, counts_a), ("defender", lost_d, cost_d, counts_d)):
            losses[role][lost] = losses[role].get(lost, zero) + p
            cost[role] += p * spent
            alive = survivors[role]
            for uid, n in counts:
                alive[uid] += p * n
        if ended == "attacker_wins" and land_a:
            takes += p
    return {"outcome": outcome, "losses": losses, "cost": cost, "survivors": survivors, "takes": takes,
            "joint": joint, "rounds": law.rounds, "pruned": law.pruned, "method": law.method,
            "samples": law.samples, "reason": law.reason, "damaged": damaged}


def run(request: Mapping[str, Any]) -> dict:
    canonical, setup, rounds, exact, timing, options = parse(request)
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
        result["intervals"] = {name: _interval(p, n) for name, p in outcome.items()}
    if exact:
        result["exact_outcome"] = {name: _text(p) for name, p in got["outcome"].items() if name in outcome}
        result["exact_losses"] = {role: {str(k): _text(p) for k, p in sorted(got["losses"][role].items())}
                                  for role in ROLES}
        result["exact_takes_territory"] = _text(got["takes"])
        result["exact_rounds"] = _text(got["rounds"])
    if timing:
        result["timing"] = {"seconds": seconds}
    return result
