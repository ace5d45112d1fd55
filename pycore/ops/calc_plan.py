"""The ``calc`` op's plan of attack: waves, the counter-attack, what the territory is worth, and retreat by worth.

Reads the fields docs/api.md adds to ``calc`` ("Plan of attack"): ``waves``,
``counter``, ``territory_value``, ``repair_between_waves`` and, for wave 1 at
the top as for each later wave, ``retreat_profit``, ``retreat_air_loss`` and
``retreat_strafe``. A request with none of them is a single battle and never
comes here (its answer is unchanged). The plan is worked by
:mod:`pycore.calc.waves`, summed up by :mod:`pycore.calc.summary`, and written
here as JSON.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping

from .. import validate as v
from ..calc import summary
from ..calc.choices import Retreat
from ..calc.plans import Plan, Wave
from ..calc.waves import fight
from ..engine.sequence import MAX_ROUNDS
from ..engine.setup import ROLES, BattleSetup, parse_side, side_json
from ..errors import BadRequest, LuckdialError, show
from .calc_json import exact_law_json, fraction_text, interval, law_json

PLAN_FIELDS = ("waves", "counter", "territory_value", "repair_between_waves", "recommend")
RULE_FIELDS = ("retreat_profit", "retreat_air_loss", "retreat_strafe")
WAVE_FIELDS = ("attacker", "rounds", "retreat_at_units", "retreat_below", "keep_land") + RULE_FIELDS
MAX_WAVES = 8
"""A plan of at most this many waves (the peer calculators take 4; more is a plan nobody plays)."""
MAX_TERRITORY = 1000


def asks_for_plan(request: Mapping[str, Any]) -> bool:
    return any(field in request for field in PLAN_FIELDS + RULE_FIELDS)


def _within(prefix: str, read, *args):
    """``read(*args)``, a mistake's field named from ``prefix`` (``waves[1].attacker.units.tank``)."""
    try:
        return read(*args)
    except LuckdialError as error:
        bare = error.message[len(error.field) + 2:] if error.field else error.message
        raise BadRequest(f"{prefix}.{error.field}" if error.field else prefix, bare, error.detail) from None


def chance(value: Any, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or not 0 <= value <= 1:
        raise BadRequest(field, f"must be a chance from 0 to 1 (0 % to 100 %), got {show(value)}")
    return float(value)


def _ipcs(value: Any, field: str) -> float:
    """An amount of IPCs (the profit threshold): a number from −1000 to 1000."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or not -1000 <= value <= 1000:
        raise BadRequest(field, f"must be a number of IPCs from -1000 to 1000, got {show(value)}")
    return value


def read_rules(spec: Mapping[str, Any], prefix: str) -> dict:
    """A wave's rules read state by state, named as in the request."""
    where = (lambda name: f"{prefix}.{name}") if prefix else (lambda name: name)
    out = {}
    if "retreat_profit" in spec:
        out["profit"] = _ipcs(spec["retreat_profit"], where("retreat_profit"))
    if "retreat_air_loss" in spec:
        out["air_loss"] = chance(spec["retreat_air_loss"], where("retreat_air_loss"))
    if "retreat_strafe" in spec:
        out["strafe"] = chance(spec["retreat_strafe"], where("retreat_strafe"))
    return out


def check_rules(setup: BattleSetup, asked: list, rounds: int | None, rules: dict, prefix: str = "") -> None:
    """Where the attacker's rules are refused (as ``retreat_below`` is): at sea, in an amphibious assault,
    under systems without the chains that read them, and the profit rule with a round limit."""
    if not asked:
        return
    if setup.kind == "amphibious":
        raise BadRequest(asked[0], "land units that came from the sea cannot retreat; leave it out")
    if setup.kind == "sea":
        raise BadRequest(asked[0], "the calculator takes this option in land and amphibious battles only")
    if setup.system.calculator is not None:
        raise BadRequest(asked[0], f"the calculator takes this option with dice, Low Luck and biased dice only, "
                                   f"not {setup.system.id}")
    if "profit" in rules and rounds is not None:
        raise BadRequest(f"{prefix}.retreat_profit" if prefix else "retreat_profit",
                         "what pressing on is worth is worked for a battle fought to the end; leave rounds out")


def _wave(spec: Any, k: int, setup: BattleSetup) -> tuple[Wave, dict]:
    prefix = f"waves[{k}]"
    spec = v.obj(spec, prefix)
    v.only_keys(spec, WAVE_FIELDS, prefix)
    side = _within(prefix, parse_side, v.required(spec, "attacker", prefix), "attacker", setup.ruleset,
                   setup.system, setup.kind)
    if side.cargo:
        raise BadRequest(f"{prefix}.attacker.cargo", "the calculator does not carry cargo yet; leave it out")
    wave_setup = replace(setup, attacker=side)
    rounds = v.whole(spec["rounds"], f"{prefix}.rounds", 1, MAX_ROUNDS) if "rounds" in spec else None
    retreat = Retreat(
        v.whole(spec["retreat_at_units"], f"{prefix}.retreat_at_units", 0, 10_000) if "retreat_at_units" in spec else None,
        chance(spec["retreat_below"], f"{prefix}.retreat_below") if "retreat_below" in spec else None)
    keep_land = v.boolean(spec.get("keep_land", False), f"{prefix}.keep_land")
    rules = read_rules(spec, prefix)
    asked = [f"{prefix}.{name}" for name in ("retreat_at_units", "retreat_below", "keep_land") + RULE_FIELDS
             if name in spec and (name != "keep_land" or keep_land)]
    check_rules(wave_setup, asked, rounds, rules, prefix)
    canonical: dict = {"attacker": side_json(side)}
    if rounds is not None:
        canonical["rounds"] = rounds
    for name in ("retreat_at_units", "retreat_below") + RULE_FIELDS:
        if name in spec:
            canonical[name] = spec[name]
    if keep_land:
        canonical["keep_land"] = True
    return Wave(wave_setup, rounds, retreat, keep_land, **rules), canonical


def _counter(spec: Any, setup: BattleSetup) -> tuple[BattleSetup, dict]:
    """The counter-attack: a land battle, its attacker given, its defender the holders (their order and tech)."""
    spec = v.obj(spec, "counter")
    v.only_keys(spec, ("attacker", "defender"), "counter")
    if setup.kind == "sea":
        raise BadRequest("counter", "a sea battle takes no territory, so nothing is held against a counter-attack")
    attacker = _within("counter", parse_side, v.required(spec, "attacker", "counter"), "attacker",
                       setup.ruleset, setup.system, "land")
    holders = v.obj(spec.get("defender", {}), "counter.defender")
    v.only_keys(holders, ("order_of_loss", "tech"), "counter.defender")
    # The holders are whoever takes the territory: their order of loss and tech are read as a side's are
    # (one infantry stands in for the units, which the plan fills in).
    probe = _within("counter", parse_side, {**holders, "units": {"infantry": 1}}, "defender", setup.ruleset,
                    setup.system, "land")
    defender = replace(probe, units=probe.units.minus({"infantry": 1}))
    canonical: dict = {"attacker": side_json(attacker)}
    mine = {key: value for key, value in side_json(probe).items() if key != "units"}
    if mine:
        canonical["defender"] = mine
    return replace(setup, kind="land", attacker=attacker, defender=defender), canonical


def _recommend(spec: Any, setup: BattleSetup, plan: Plan) -> tuple[Any, Any, str]:
    """``recommend``: the units available (as an attacking side reads them), the target chance, its goal."""
    from ..calc.recommend import GOALS
    spec = v.obj(spec, "recommend")
    v.only_keys(spec, ("available", "target", "goal"), "recommend")
    side = _within("recommend", parse_side, {"units": v.required(spec, "available", "recommend")}, "attacker",
                   setup.ruleset, setup.system, setup.kind)
    available = side.units.plus(side.bombard, setup.ruleset)
    target = chance(spec["target"], "recommend.target") if "target" in spec else None
    goal = v.choice(spec.get("goal", "wins" if setup.kind == "sea" else "takes"), GOALS, "recommend.goal")
    if goal == "holds" and plan.counter is None:
        raise BadRequest("recommend.goal", "\"holds\" is the chance to hold the territory after the counter-attack; "
                                           "give a counter-attack (counter) or choose \"takes\"")
    if goal in ("takes", "holds") and setup.kind == "sea":
        raise BadRequest("recommend.goal", f"a sea battle takes no territory; choose \"wins\", got {show(goal)}")
    return available, target, goal


def parse(request: Mapping[str, Any], setup: BattleSetup, options: dict, rounds: int | None,
          canonical: dict, exact: bool = False, most: int = 24) -> Plan:
    """The plan a request asks for (wave 1 is its own battle); its fields added to ``canonical``."""
    rules = read_rules(request, "")
    asked = [name for name in RULE_FIELDS if name in request]
    check_rules(setup, asked, rounds, rules)
    for name in RULE_FIELDS:
        if name in request:
            canonical[name] = request[name]
    first = Wave(setup, rounds, options["retreat"], options["keep_land"], **rules)
    waves = [first]
    specs = v.array(request.get("waves", []), "waves", MAX_WAVES - 1)
    if specs and setup.system.carries:
        raise BadRequest("waves", "A&A Chess COF and COF+R carry fractions from assault to assault; a plan of "
                                  "waves with them is not worked yet")
    if specs:
        canonical["waves"] = []
        for k, spec in enumerate(specs):
            wave, wave_canonical = _wave(spec, k, setup)
            waves.append(wave)
            canonical["waves"].append(wave_canonical)
    counter = None
    if "counter" in request:
        counter, canonical["counter"] = _counter(request["counter"], setup)
    value = v.whole(request.get("territory_value", 0), "territory_value", -MAX_TERRITORY, MAX_TERRITORY)
    if value:
        canonical["territory_value"] = value
    repair = v.boolean(request.get("repair_between_waves", False), "repair_between_waves")
    if repair:
        canonical["repair_between_waves"] = True
    first_options = {key: options[key] for key in ("first_round", "damaged", "carry") if key in options}
    plan = Plan(tuple(waves), counter, value, repair, first_options)
    if exact:
        _small_enough(plan, most)
    if "recommend" in request:
        available, target, goal = options["recommend"] = _recommend(request["recommend"], setup, plan)
        canonical["recommend"] = {"available": available.as_dict(), "goal": goal,
                                  **({"target": target} if target is not None else {})}
        if exact:
            _small_enough(recommend_with(plan, available), most)
    return plan


def recommend_with(plan: Plan, available) -> Plan:
    from ..calc.recommend import with_attacker
    return with_attacker(plan, available)


def _small_enough(plan: Plan, most: int) -> None:
    """``exact`` fractions for every battle of the plan of at most ``most`` units, as for one battle."""
    defender = plan.waves[0].setup.defender.units.size
    for k, wave in enumerate(plan.waves):
        size = wave.setup.attacker.units.size + wave.setup.attacker.bombard.size + defender
        if size > most:
            field = "exact" if k == 0 else f"waves[{k - 1}]"
            raise BadRequest(field, f"exact fractions are given for at most {most} units in a battle, wave {k + 1} "
                                    f"has {size}; leave exact out for the float answer")
    if plan.counter is not None:
        holders = max(sum(n for uid, n in w.setup.attacker.units.counts
                          if w.setup.ruleset.unit(uid).domain == "land") for w in plan.waves)
        size = plan.counter.attacker.units.size + holders + defender
        if size > most:
            raise BadRequest("counter", f"exact fractions are given for at most {most} units in a battle, the "
                                        f"counter-attack may have {size}; leave exact out for the float answer")


def without_rules(plan: Plan) -> Plan:
    """The same plan with every wave fighting to the end (the profit rule's comparison)."""
    from ..calc.choices import NEVER
    return replace(plan, waves=tuple(replace(w, retreat=NEVER, keep_land=w.keep_land, profit=None, air_loss=None,
                                             strafe=None) for w in plan.waves))


def _outcome(outcome: dict) -> dict:
    return {name: float(p) for name, p in outcome.items() if name in ("attacker_wins", "defender_wins", "draw") or p}


def _wave_json(got: dict, exact: bool) -> dict:
    out = {"wave": got["wave"], "fights": float(got["fights"]), "outcome": _outcome(got["outcome"]),
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


def _sampled(plan: Plan, guess) -> Any:
    from ..calc import cost, plan_sample
    return plan_sample.sample(plan, (
        f"Monte Carlo: the plan's exact chains would take more than the {cost.duration(cost.BUDGET_SECONDS)} a "
        f"calculation may take; {guess.states} plans fought by the engine with seeded dice"))


def result(plan: Plan, exact: bool, sampled: Any = None) -> dict:
    """The plan's result fields (docs/api.md, ``calc`` "Plan of attack"), in JSON; ``sampled``: the estimate of
    the Monte Carlo that stands in for the exact chains (:mod:`pycore.calc.plan_sample`)."""
    law = _sampled(plan, sampled) if sampled else fight(plan, exact)
    whole = summary.whole(plan, law, exact)
    sizes = whole["sizes"]
    out: dict[str, Any] = {
        "outcome": _outcome(whole["outcome"]),
        "takes_territory": float(whole["takes"]),
        "losses": {role: law_json(whole["losses"][role]) for role in ROLES},
        "cost_lost": {role: float(whole["cost"][role]) for role in ROLES},
        "cost_swing": float(summary.mean(whole["swing"], 0)),
        "swing": law_json(whole["swing"]),
        "survivors": {role: {uid: float(n) for uid, n in whole["survivors"][role].items()} for role in ROLES},
        "rounds": float(whole["rounds"]),
        "pruned": float(law.pruned),
        "survivors_count": {role: {str(sizes[role] - k): float(p) for k, p in sorted(whole["losses"][role].items())}
                            for role in ROLES},
        "method": law.method,
        "waves": [_wave_json(got, exact) for got in summary.waves(plan, law, exact)],
    }
    if law.method == "monte_carlo":
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
        out["counter"] = {
            "fights": float(counter["fights"]), "outcome": _outcome(counter["outcome"]),
            "retakes": float(counter["retakes"]),
            "losses": {"attacker": law_json(counter["losses"]["attacker"])},
            "survivors_count": {"defender": law_json(counter["survivors_count"]["defender"])},
            "cost_lost": {role: float(counter["cost_lost"][role]) for role in ROLES},
            "rounds": float(counter["rounds"])}
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
            other = summary.counter(plain, plain_law, exact)["exchange"]["swing"]
            mine = out["exchange"]["cost_swing"]
        else:
            other = summary.whole(plain, plain_law, exact)["swing"]
            mine = out["cost_swing"]
        out["retreat_value"] = {"with_rules": mine, "to_the_end": float(summary.mean(other, 0))}
    return out


def recommendation(plan: Plan, spec: tuple, exact: bool) -> dict:
    """``result.recommend``: the cheapest army reaching the target and the army of the best average swing."""
    from ..calc.recommend import search
    available, target, goal = spec
    got = search(plan, available, target, goal, exact)

    def army(entry):
        if entry is None:
            return None
        out = {"units": entry["units"].as_dict(), "cost": entry["cost"], "chance": float(entry["chance"]),
               "cost_swing": float(entry["cost_swing"])}
        if exact:
            out["exact_chance"] = fraction_text(entry["chance"])
        return out
    return {"goal": goal, "target": target, "armies": got["armies"], "cheapest": army(got["cheapest"]),
            "best_profit": army(got["best_profit"])}
