"""Op ``calc``: read a battle like ``resolve`` does (no dice, no seed), answer with its exact law.

Request fields: those of a battle (ruleset, system, kind, attacker, defender
with units / order_of_loss / tech / fold_subs, lhtr) read by the engine's
``parse_setup``, plus ``rounds`` (stop after N rounds), ``exact`` (also give
fraction strings; Fractions throughout, no pruning) and ``timing`` (add
``result.timing.seconds``, the compute time alone). See docs/api.md.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any, Mapping

from .. import validate as v
from ..engine.sequence import MAX_ROUNDS
from ..engine.setup import ROLES, parse_setup, setup_json
from ..errors import BadRequest
from ..rulesets import find_ruleset
from ..systems import find_system
from .chain import Chain, solve

FIELDS = ("op", "ruleset", "system", "kind", "attacker", "defender", "lhtr", "rounds", "exact", "timing")
OUTCOMES = ("attacker_wins", "defender_wins", "draw", "stalemate", "in_progress")
MAX_EXACT_UNITS = 24
"""Fractions grow fast: ``exact`` is refused beyond this many units in the battle."""

TAIL = 1e-13
FLOOR = 1e-13
BOUND = ("every probability is low by at most `pruned` (the mass discarded: hit counts rarer than 1e-13 "
         "per group and state, and states reached with less than 1e-13) plus float rounding (< 1e-12)")


def parse(request: Mapping[str, Any]):
    v.only_keys(request, FIELDS, "")
    ruleset = find_ruleset(v.required(request, "ruleset", ""))
    system = find_system(v.required(request, "system", ""))
    setup = parse_setup(request, ruleset, system)
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
    canonical = setup_json("calc", setup)
    if rounds is not None:
        canonical["rounds"] = rounds
    if exact:
        canonical["exact"] = True
    return canonical, setup, rounds, exact, timing


def normalize(request: Mapping[str, Any]) -> dict:
    return parse(request)[0]


def _text(p) -> str:
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def compute(setup, rounds=None, exact=False) -> dict:
    """The law of the battle's end and its summaries, in the arithmetic asked for (no JSON yet)."""
    chain = Chain(setup, exact=exact, tail=TAIL, floor=FLOOR)
    solved = solve(chain, rounds)
    zero = chain.zero
    ruleset = setup.ruleset
    start = {role: setup.side(role).units for role in ROLES}
    outcome = {name: zero for name in OUTCOMES}
    losses = {role: {} for role in ROLES}
    cost = {role: zero for role in ROLES}
    survivors = {role: {uid: zero for uid, _ in start[role].counts} for role in ROLES}
    takes = zero
    joint: dict = {}
    for (ended, a, d), p in solved["ends"].items():
        outcome[ended] += p
        key = (ended, start["attacker"].size - a.size, start["defender"].size - d.size)
        joint[key] = joint.get(key, zero) + p
        for role, army in (("attacker", a), ("defender", d)):
            lost = start[role].size - army.size
            losses[role][lost] = losses[role].get(lost, zero) + p
            cost[role] += p * sum(ruleset.unit(uid).cost * (n - army.count(uid)) for uid, n in start[role].counts)
            for uid, n in army.units.counts:
                survivors[role][uid] += p * n
        if ended == "attacker_wins" and setup.kind != "sea" and any(
                ruleset.unit(uid).domain == "land" and "anti_aircraft" not in ruleset.unit(uid).abilities
                for uid, _ in a.units.counts):
            takes += p
    return {"outcome": outcome, "losses": losses, "cost": cost, "survivors": survivors, "takes": takes,
            "joint": joint, "rounds": solved["rounds"], "pruned": chain.pruned, "states": len(chain._end)}


def run(request: Mapping[str, Any]) -> dict:
    canonical, setup, rounds, exact, timing = parse(request)
    began = time.perf_counter()
    got = compute(setup, rounds, exact)
    seconds = time.perf_counter() - began
    f = float
    outcome = {name: f(p) for name, p in got["outcome"].items() if name in ("attacker_wins", "defender_wins", "draw") or p}
    result: dict[str, Any] = {
        "ruleset": setup.ruleset.id, "system": {"name": setup.system.id}, "kind": setup.kind,
        "outcome": outcome,
        "takes_territory": f(got["takes"]),
        "losses": {role: {str(k): f(p) for k, p in sorted(got["losses"][role].items())} for role in ROLES},
        "cost_lost": {role: f(got["cost"][role]) for role in ROLES},
        "cost_swing": f(got["cost"]["defender"] - got["cost"]["attacker"]),
        "survivors": {role: {uid: f(n) for uid, n in got["survivors"][role].items()} for role in ROLES},
        "rounds": f(got["rounds"]),
        "pruned": f(got["pruned"]),
        "pruned_bound": "exact: nothing pruned" if exact else BOUND,
    }
    if exact:
        result["exact_outcome"] = {name: _text(p) for name, p in got["outcome"].items() if name in outcome}
        result["exact_losses"] = {role: {str(k): _text(p) for k, p in sorted(got["losses"][role].items())}
                                  for role in ROLES}
        result["exact_takes_territory"] = _text(got["takes"])
        result["exact_rounds"] = _text(got["rounds"])
    if timing:
        result["timing"] = {"seconds": seconds}
    return result
