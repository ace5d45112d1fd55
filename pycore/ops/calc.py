"""Op ``calc``: read a battle like ``resolve`` does (no dice, no seed), answer with its exact law.

Request fields (read once by :mod:`pycore.read.calc`): those of a battle (ruleset, system, kind, attacker,
defender with units / order_of_loss / tech / fold_subs, lhtr), plus ``rounds`` (stop after N rounds), ``exact`` (also give
fraction strings; Fractions throughout, no pruning) and ``timing`` (add
``result.timing.seconds``, the compute time alone). The law itself comes from
:mod:`pycore.calc.method`; a plan of attack (waves, a counter-attack, retreat
by worth, the cheapest army) is read by :mod:`pycore.read.plan` and written by :mod:`.calc_plan`. See
docs/api.md.
"""

from __future__ import annotations

import time
from typing import Any, Mapping

from ..jsontext import JsonObject
from ..calc.cost import Estimate
from ..calc.method import BOUND, compute, plan
from ..engine.setup import ROLES, BattleSetup
from ..read.calc import read_calc
from ..share import link_for
from ..systems import spec_of
from . import calc_plan
from .calc_json import exact_law_json, fraction_text, interval


def normalize(request: Mapping[str, Any]) -> JsonObject:
    """The canonical request, as a link holds it."""
    return read_calc(request).canonical


def run(request: Mapping[str, Any]) -> JsonObject:
    asked = read_calc(request)
    canonical, setup, rounds, exact, timing, options = (asked.canonical, asked.setup, asked.rounds, asked.exact,
                                                        asked.timing, asked.options)
    if "plan" in options:
        return _plan(canonical, setup, exact, timing, options, asked.estimate)
    if asked.estimate:
        # The cost alone, before any work (the page asks it before starting a link's calculation).
        return {"estimate": plan(setup, exact, options, rounds).as_json(), "link": link_for(canonical)}
    began = time.perf_counter()
    got = compute(setup, rounds, exact, options)
    seconds = time.perf_counter() - began
    f = float
    outcome = {name: f(p) for name, p in got["outcome"].items() if name in ("attacker_wins", "defender_wins", "draw") or p}
    losses, left = _losses(got["losses"], setup)
    result: JsonObject = {
        "ruleset": setup.ruleset.id, "system": spec_of(setup.system), "kind": setup.kind,
        "outcome": outcome,
        "takes_territory": f(got["takes"]),
        "losses": losses,
        "cost_lost": {role: f(got["cost"][role]) for role in ROLES},
        "cost_swing": f(got["cost"]["defender"] - got["cost"]["attacker"]),
        "swing": {str(k): f(p) for k, p in sorted(got["swing"].items())},
        "survivors": {role: {uid: f(n) for uid, n in got["survivors"][role].items()} for role in ROLES},
        "rounds": f(got["rounds"]),
        "pruned": f(got["pruned"]),
        "pruned_bound": "exact: nothing pruned" if exact else BOUND,
        "survivors_count": left,
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


def _losses(law: Mapping[str, Mapping[int, Any]], setup: BattleSetup) -> tuple[JsonObject, JsonObject]:
    """Each side's law of units lost (``losses``) and the same chances by units left (``survivors_count``): each
    law sorted and its chances made floats once for both."""
    losses: JsonObject = {}
    left: JsonObject = {}
    for role in ROLES:
        size = setup.side(role).units.size
        ordered = sorted(law[role].items())
        chances = [float(p) for _, p in ordered]
        losses[role] = {str(k): p for (k, _), p in zip(ordered, chances)}
        left[role] = {str(size - k): p for (k, _), p in zip(ordered, chances)}
    return losses, left


def _plan(canonical: JsonObject, setup: BattleSetup, exact: bool, timing: bool,
          options: dict[str, Any], estimate: bool) -> JsonObject:  # Any: CalcRequest.options, one type per option
    """A plan of attack (waves, counter-attack, retreat by worth): docs/api.md, ``calc`` "Plan of attack"."""
    from ..calc import cost, plan_cost, recommend
    if not estimate and "recommend" not in options and plan_cost.surely_within(options["plan"], exact):
        return _plan_result(canonical, setup, exact, timing, options, None)   # its estimate would only pass the check
    guess = plan_cost.estimate(options["plan"], exact)
    if "recommend" in options:
        available, target, goal = options["recommend"]
        more = recommend.estimate(options["plan"], available, exact, target, goal, **options["recommend_how"])
        guess = plan_cost.together(guess, more)
    sampled = None
    if guess.seconds > cost.BUDGET_SECONDS and "recommend" not in options:
        sampled = plan_cost.sampled(options["plan"], exact, guess)
    if estimate:
        return {"estimate": (sampled or guess).as_json(), "link": link_for(canonical)}
    if sampled is None:
        plan_cost.check(options["plan"], guess, exact,
                        searching=recommend.why_every(options["plan"], *options["recommend"], **options["recommend_how"])
                        if "recommend" in options else False)
    return _plan_result(canonical, setup, exact, timing, options, sampled)


def _plan_result(canonical: JsonObject, setup: BattleSetup, exact: bool, timing: bool,
                 options: dict[str, Any], sampled: Estimate | None) -> JsonObject:
    """The plan worked (exactly, or by Monte Carlo where ``sampled`` stands in) and written."""
    began = time.perf_counter()
    got = calc_plan.result(options["plan"], exact, sampled if sampled is not None else False)
    if "recommend" in options:
        got["recommend"] = calc_plan.recommendation(options["plan"], options["recommend"], exact, options["recommend_how"])
    seconds = time.perf_counter() - began
    result = {"ruleset": setup.ruleset.id, "system": spec_of(setup.system), "kind": setup.kind, **got,
              "pruned_bound": "exact: nothing pruned" if exact else BOUND, "link": link_for(canonical)}
    if got["method"] == "monte_carlo":
        result["pruned_bound"] = (f"simulated: {got['samples']} plans fought by the engine with seeded dice (or a "
                                  f"battle of it: see method_reason); intervals are ±1.96 standard errors (95 %)")
    if timing:
        result["timing"] = {"seconds": seconds}
    return result
