"""The ``calc`` op's plan of attack written as JSON: each wave, the counter-attack, the cheapest army.

The plan is read by :mod:`pycore.read.plan` (docs/api.md, ``calc`` "Plan of attack"), worked by
:mod:`pycore.calc.waves`, summed up by :mod:`pycore.calc.summary`, and written here. A request with none
of the plan's fields is a single battle and never comes here (its answer is unchanged).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, Literal, Mapping

from ..jsontext import JsonObject
from ..calc import summary
from ..calc.plans import Plan
from ..calc.cost import Estimate
from ..calc.waves import PlanLaw, fight
from ..forces import Force
from ..engine.setup import ROLES
from .calc_json import exact_law_json, fraction_text, interval, law_json

Summary = Mapping[str, Any]
"""A record of :mod:`pycore.calc.summary` or of the cheapest army's search (laws, chances, counts by field): Any,
as those modules return plain dicts whose fields differ in type, until they are typed themselves."""


def without_rules(plan: Plan) -> Plan:
    """The same plan with every wave fighting to the end (the profit rule's comparison)."""
    from ..calc.choices import NEVER
    return replace(plan, waves=tuple(replace(w, retreat=NEVER, keep_land=w.keep_land, profit=None, air_loss=None,
                                             strafe=None) for w in plan.waves))


def _outcome(outcome: Mapping[str, float | Fraction]) -> JsonObject:
    return {name: float(p) for name, p in outcome.items() if name in ("attacker_wins", "defender_wins", "draw") or p}


def _wave_json(got: Summary, exact: bool) -> JsonObject:
    out: JsonObject = {"wave": got["wave"], "fights": float(got["fights"]), "outcome": _outcome(got["outcome"]),
           "takes_territory": float(got["takes"]), "defender_left": float(got["defender_left"]),
           "attacker_left": float(got["attacker_left"]),
           "losses": {role: law_json(got["losses"][role]) for role in ROLES},
           "cost_lost": {role: float(got["cost"][role]) for role in ROLES},
           "cost_swing": float(summary.mean(got["swing"], 0)),
           "swing": law_json(got["swing"]), "rounds": float(got["rounds"])}
    if exact:
        out["exact_outcome"] = {name: fraction_text(p) for name, p in got["outcome"].items() if name in out["outcome"]}
        out["exact_takes_territory"] = fraction_text(got["takes"])
        out["exact_defender_left"] = fraction_text(got["defender_left"])
        out["exact_swing"] = exact_law_json(got["swing"])
    return out


def _counter_json(block: Summary) -> JsonObject:
    """One counter-attack's own numbers (docs/api.md, ``result.counter``)."""
    return {"fights": float(block["fights"]), "outcome": _outcome(block["outcome"]),
            "retakes": float(block["retakes"]),
            "losses": {"attacker": law_json(block["losses"]["attacker"])},
            "survivors_count": {"defender": law_json(block["survivors_count"]["defender"])},
            "cost_lost": {role: float(block["cost_lost"][role]) for role in ROLES},
            "rounds": float(block["rounds"])}


def _counts(whole: Summary, sizes: Mapping[str, int]) -> JsonObject:
    """Units left per side where reinforcements joined the defender: his count left is read from his armies,
    not from his losses (what joined him differs from path to path)."""
    return {"attacker": {str(sizes["attacker"] - k): float(p) for k, p in sorted(whole["losses"]["attacker"].items())},
            "defender": {str(k): float(p) for k, p in sorted(whole["defender_count"].items(), reverse=True)}}


def _sampled(plan: Plan, guess: Estimate) -> PlanLaw:
    from ..calc import cost, plan_sample
    law: PlanLaw = plan_sample.sample(plan, (
        f"Monte Carlo: the plan's exact chains would take more than the {cost.duration(cost.BUDGET_SECONDS)} a "
        f"calculation may take; {guess.states} plans fought by the engine with seeded dice"))
    return law


def result(plan: Plan, exact: bool, sampled: Estimate | Literal[False] | None = None) -> JsonObject:
    """The plan's result fields (docs/api.md, ``calc`` "Plan of attack"), in JSON; ``sampled``: the estimate of
    the Monte Carlo that stands in for the exact chains (:mod:`pycore.calc.plan_sample`)."""
    law = _sampled(plan, sampled) if sampled else fight(plan, exact)
    last = summary.last_standing(plan, law, exact)   # the whole plan's and its last wave's: summed once
    whole = summary.whole(plan, law, exact, last)
    sizes = whole["sizes"]
    # Each side's law of losses read once, in order: its JSON, and the units left it tells
    lost = {role: [(k, float(p)) for k, p in sorted(whole["losses"][role].items())] for role in ROLES}
    out: JsonObject = {
        "outcome": _outcome(whole["outcome"]),
        "takes_territory": float(whole["takes"]),
        "losses": {role: {str(k): p for k, p in lost[role]} for role in ROLES},
        "cost_lost": {role: float(whole["cost"][role]) for role in ROLES},
        "cost_swing": float(summary.mean(whole["swing"], 0)),
        "swing": law_json(whole["swing"]),
        "survivors": {role: {uid: float(n) for uid, n in whole["survivors"][role].items()} for role in ROLES},
        "rounds": float(whole["rounds"]),
        "pruned": float(law.pruned),
        "survivors_count": _counts(whole, sizes) if plan.reinforced else
                           {role: {str(sizes[role] - k): p for k, p in lost[role]} for role in ROLES},
        "method": law.method,
        "waves": [_wave_json(got, exact) for got in summary.waves(plan, law, exact, last)],
    }
    if law.method == "monte_carlo":
        assert law.samples is not None  # a Monte Carlo law counts its samples
        out["samples"], out["method_reason"] = law.samples, law.reason
        out["intervals"] = {name: interval(p, law.samples) for name, p in out["outcome"].items()}
        out["intervals"]["takes_territory"] = interval(out["takes_territory"], law.samples)
    if exact:
        out["exact_outcome"] = {name: fraction_text(p) for name, p in whole["outcome"].items() if name in out["outcome"]}
        out["exact_losses"] = {role: exact_law_json(whole["losses"][role]) for role in ROLES}
        out["exact_swing"] = exact_law_json(whole["swing"])
        out["exact_takes_territory"] = fraction_text(whole["takes"])
        out["exact_rounds"] = fraction_text(whole["rounds"])
    counter = summary.counter(plan, law, exact)
    if counter is not None:
        out["holds"] = float(counter["holds"])
        exchange = counter["exchange"]
        zero = Fraction(0) if exact else 0.0
        out["counter"] = _counter_json(counter)
        if len(counter["counters"]) > 1:
            out["counters"] = [{"counter": k + 1, **_counter_json(block), "holds": float(block["holds"]),
                                **({"exact_holds": fraction_text(block["holds"])} if exact else {})}
                               for k, block in enumerate(counter["counters"])]
        out["exchange"] = {"swing": law_json(exchange["swing"]), "cost_swing": float(summary.mean(exchange["swing"], zero)),
                           "losses": {role: law_json(exchange["losses"][role]) for role in ROLES}}
        if exact:
            out["exact_holds"] = fraction_text(counter["holds"])
            out["exchange"]["exact_swing"] = exact_law_json(exchange["swing"])
    if any(w.retreat or w.reads_states for w in plan.waves):
        # What the rules are worth: the plan's average swing, the exchange's where there is a counter-attack
        # (what the profit rule weighs, docs/rules.md §9.3), with them and with every wave fighting to the end.
        plain = without_rules(plan)
        plain_law = fight(plain, exact)
        if counter is not None:
            plain_counter = summary.counter(plain, plain_law, exact)
            assert plain_counter is not None  # the same plan, its rules aside: the same counter-attacks
            other = plain_counter["exchange"]["swing"]
            mine = out["exchange"]["cost_swing"]
        else:
            other = summary.whole(plain, plain_law, exact)["swing"]
            mine = out["cost_swing"]
        out["retreat_value"] = {"with_rules": mine, "to_the_end": float(summary.mean(other, 0))}
    return out


def recommendation(plan: Plan, spec: tuple[Force, float | None, str], exact: bool,
                   how: dict[str, Any] | None = None) -> JsonObject:  # Any: side, by (str) and top (int)
    """``result.recommend``: the cheapest army reaching the target and the army of the best average swing; for
    the defender, units added to his; with ``top``, the cheapest few, best first."""
    from ..calc.recommend import search
    available, target, goal = spec
    how = how or {}
    got = search(plan, available, target, goal, exact, **how)

    def army(entry: Summary | None) -> JsonObject | None:
        if entry is None:
            return None
        out: JsonObject = {"units": entry["units"].as_dict(), "cost": entry["cost"], "chance": float(entry["chance"]),
               "cost_swing": float(entry["cost_swing"])}
        if exact:
            out["exact_chance"] = fraction_text(entry["chance"])
        return out
    out: JsonObject = {"goal": goal, "target": target, "armies": got["armies"], "cheapest": army(got["cheapest"]),
           "best_profit": army(got["best_profit"])}
    out.update({key: how[key] for key in ("side", "by") if key in how})
    if "top" in how:
        out["top"] = [army(entry) for entry in got["top"]]
    if "words" in got:
        out["words"] = got["words"]
    return out
