"""A plan of attack read from a ``calc`` request: waves, the counter-attack, the territory's worth, the
cheapest army asked for, and the attacker's rules read state by state.

Reads the fields docs/api.md adds to ``calc`` ("Plan of attack"): ``waves``, ``counter``,
``territory_value``, ``repair_between_waves``, ``recommend`` and, for wave 1 at the top as for each later
wave, ``retreat_profit``, ``retreat_air_loss`` and ``retreat_strafe``, into a
:class:`~pycore.calc.plans.Plan` and the canonical fields a link holds.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ..calc.choices import Retreat
from ..calc.plans import Plan, Wave
from ..calc.recommend import BY, DEFENDER_GOALS, GOALS, MAX_TOP, SIDES, with_army
from ..engine.sequence import MAX_ROUNDS
from ..engine.setup import BattleSetup
from ..forces import MAX_PER_SIDE, Force
from ..errors import BadRequest, LuckdialError, show
from . import fields as v
from .fields import chance
from .battle import read_side, side_json

PLAN_FIELDS = ("waves", "counter", "counters", "territory_value", "repair_between_waves", "recommend")
RULE_FIELDS = ("retreat_profit", "retreat_air_loss", "retreat_strafe")
WAVE_FIELDS = ("attacker", "rounds", "retreat_at_units", "retreat_below", "keep_land", "reinforce",
               "defender_order_of_loss", "territory_value") + RULE_FIELDS
MAX_WAVES = 8
"""A plan of at most this many waves (the peer calculators take 4; more is a plan nobody plays)."""
MAX_TERRITORY = 1000
MAX_COUNTERS = 4
"""Counter-attacks in turn (the enemy's powers one after another, then his next turn): more is a plan nobody plays."""


def asks_for_plan(request: Mapping[str, Any]) -> bool:
    return any(field in request for field in PLAN_FIELDS + RULE_FIELDS)


def _ipcs(value: Any, field: str) -> float:
    """An amount of IPCs (the profit threshold): a number from −1000 to 1000."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or not -1000 <= value <= 1000:
        raise BadRequest(field, f"must be a number of IPCs from -1000 to 1000, got {show(value)}")
    return value


def read_keep_land(value: Any, field: str) -> int:
    """``keep_land``: keep this many land units alive (aircraft are lost in their place, docs/rules.md §9);
    ``true`` is 1 and ``false`` 0, as the field was first written."""
    if isinstance(value, bool):
        return int(value)
    if not isinstance(value, int) or not 0 <= value <= MAX_PER_SIDE:
        raise BadRequest(field, f"must be true, false or a number of land units to keep from 0 to {MAX_PER_SIDE}, "
                                f"got {show(value)}")
    return value


def keep_land_json(keep: int) -> Any:
    """The canonical ``keep_land``: ``true`` for one land unit (links written before a number was taken keep
    their form), the number otherwise."""
    return True if keep == 1 else keep


def read_rules(spec: Mapping[str, Any], prefix: str) -> dict[str, Any]:
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


def check_rules(setup: BattleSetup, asked: list[Any], rounds: int | None, rules: dict[str, Any], prefix: str = "") -> None:
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


def _wave(spec: Any, k: int, setup: BattleSetup, defender: Any) -> tuple[Wave, dict[str, Any]]:
    """Wave k + 2; ``defender``: the defender's side as the wave before met him (his order of loss so far)."""
    prefix = f"waves[{k}]"
    spec = v.obj(spec, prefix)
    v.only_keys(spec, WAVE_FIELDS, prefix)
    side = v.within(prefix, read_side, v.required(spec, "attacker", prefix), "attacker", setup.ruleset,
                   setup.system, setup.kind)
    if side.cargo:
        raise BadRequest(f"{prefix}.attacker.cargo", "the calculator does not carry cargo yet; leave it out")
    if "defender_order_of_loss" in spec:
        defender = _order_of_loss(spec["defender_order_of_loss"], f"{prefix}.defender_order_of_loss", setup)
    wave_setup = replace(setup, attacker=side, defender=defender)
    rounds = v.whole(spec["rounds"], f"{prefix}.rounds", 0, MAX_ROUNDS) if "rounds" in spec else None
    retreat = Retreat(
        v.whole(spec["retreat_at_units"], f"{prefix}.retreat_at_units", 0, 10_000) if "retreat_at_units" in spec else None,
        chance(spec["retreat_below"], f"{prefix}.retreat_below") if "retreat_below" in spec else None)
    keep_land = read_keep_land(spec.get("keep_land", False), f"{prefix}.keep_land")
    rules = read_rules(spec, prefix)
    asked = [f"{prefix}.{name}" for name in ("retreat_at_units", "retreat_below", "keep_land") + RULE_FIELDS
             if name in spec and (name != "keep_land" or keep_land)]
    check_rules(wave_setup, asked, rounds, rules, prefix)
    if rounds == 0:
        _before_round_1(wave_setup, asked, prefix)
    canonical: dict[str, Any] = {"attacker": side_json(side)}
    if rounds is not None:
        canonical["rounds"] = rounds
    for name in ("retreat_at_units", "retreat_below") + RULE_FIELDS:
        if name in spec:
            canonical[name] = spec[name]
    if keep_land:
        canonical["keep_land"] = keep_land_json(keep_land)
    reinforce = _reinforce(spec["reinforce"], f"{prefix}.reinforce", setup) if "reinforce" in spec else Force(())
    if reinforce:
        canonical["reinforce"] = {"units": reinforce.as_dict()}
    if "defender_order_of_loss" in spec:
        canonical["defender_order_of_loss"] = list(spec["defender_order_of_loss"])
    value = None
    if "territory_value" in spec:
        value = canonical["territory_value"] = v.whole(spec["territory_value"], f"{prefix}.territory_value",
                                                       -MAX_TERRITORY, MAX_TERRITORY)
    return Wave(wave_setup, rounds, retreat, keep_land, **rules, reinforce=reinforce,
                territory_value=value), canonical


def _before_round_1(setup: BattleSetup, asked: list[str], prefix: str) -> None:
    """``rounds`` 0: the wave draws the AA fire and leaves before round 1 (docs/rules.md §9.1) — in a land
    battle, where AA guns fire before round 1 and the whole attacker may leave, with no rule read after a round
    (none is fought)."""
    field = f"{prefix}.rounds"
    if setup.kind != "land":
        why = ("land units that came from the sea cannot retreat" if setup.kind == "amphibious"
               else "nothing fires before round 1 at sea")
        raise BadRequest(field, f"a wave leaves before round 1 (rounds 0) in a land battle only: {why}")
    if setup.system.calculator is not None:
        raise BadRequest(field, f"a wave that leaves before round 1 (rounds 0) is worked with dice, Low Luck and "
                                f"biased dice only, not {setup.system.id}")
    if asked:
        raise BadRequest(asked[0], "a wave that leaves before round 1 (rounds 0) fights no round to read a rule "
                                   "after; leave it out")


def _order_of_loss(value: Any, field: str, setup: BattleSetup) -> Any:
    """``defender_order_of_loss``: the defender's order of loss from this wave on, read as the request's
    ``defender.order_of_loss`` is (docs/rules.md §9.1); his units and tech stay the request's."""
    if setup.system.calculator is not None:
        raise BadRequest(field, f"a defender's order of loss per wave is worked with dice, Low Luck and biased dice "
                                f"only, not {setup.system.id}")
    spec = {"units": setup.defender.units.as_dict(), "order_of_loss": value}
    try:
        side = read_side(spec, "defender", setup.ruleset, setup.system, setup.kind)
    except LuckdialError as error:
        bare = error.message[len(error.field) + 2:]
        raise BadRequest(field + error.field[len("defender.order_of_loss"):], bare, error.detail) from None
    return replace(setup.defender, order_of_loss=side.order_of_loss)


def _reinforce(spec: Any, prefix: str, setup: BattleSetup) -> Force:
    """``reinforce``: units that join the defender before this wave, read as the defender's units are
    (docs/rules.md §9.1, "Reinforcements"); worked by the chains that start from a law of defenders."""
    spec = v.obj(spec, prefix)
    v.only_keys(spec, ("units",), prefix)
    if setup.system.calculator is not None:
        raise BadRequest(prefix, f"reinforcements are worked with dice, Low Luck and biased dice only, not "
                                 f"{setup.system.id}")
    units = v.required(spec, "units", prefix)
    try:
        side = read_side({"units": units}, "defender", setup.ruleset, setup.system, setup.kind)
    except LuckdialError as error:
        bare = error.message[len(error.field) + 2:]
        raise BadRequest(prefix + error.field[len("defender"):], bare, error.detail) from None
    return side.units


def _counter(spec: Any, setup: BattleSetup, field: str = "counter") -> tuple[BattleSetup, dict[str, Any]]:
    """A counter-attack: its attacker given, its defender the holders (their order and tech). On land and in an
    amphibious assault a land battle for the territory; at sea a sea battle for the zone (docs/rules.md §9.2)."""
    spec = v.obj(spec, field)
    v.only_keys(spec, ("attacker", "defender"), field)
    kind = "sea" if setup.kind == "sea" else "land"
    attacker = v.within(field, read_side, v.required(spec, "attacker", field), "attacker",
                       setup.ruleset, setup.system, kind)
    if attacker.cargo:
        raise BadRequest(f"{field}.attacker.cargo", "the calculator does not carry cargo yet; leave it out")
    holders = v.obj(spec.get("defender", {}), f"{field}.defender")
    v.only_keys(holders, ("order_of_loss", "tech"), f"{field}.defender")
    # The holders are whoever takes the territory: their order of loss and tech are read as a side's are
    # (one unit that may defend there stands in for the units, which the plan fills in).
    stand_in = next(u.id for u in setup.ruleset if u.domain == ("sea" if kind == "sea" else "land"))
    probe = v.within(field, read_side, {**holders, "units": {stand_in: 1}}, "defender", setup.ruleset,
                    setup.system, kind)
    defender = replace(probe, units=probe.units.minus({stand_in: 1}))
    canonical: dict[str, Any] = {"attacker": side_json(attacker)}
    mine = {key: value for key, value in side_json(probe).items() if key != "units"}
    if mine:
        canonical["defender"] = mine
    return replace(setup, kind=kind, attacker=attacker, defender=defender), canonical


def _counters(request: Mapping[str, Any], setup: BattleSetup, canonical: dict[str, Any]) -> tuple[BattleSetup, ...]:
    """``counter`` (one counter-attack) or ``counters`` (several in turn, each against what the one before left);
    one of ``counters`` is written as ``counter`` in the canonical form, so both give one link."""
    if "counter" in request and "counters" in request:
        raise BadRequest("counters", "give one counter-attack as counter or several as counters, not both")
    if "counter" in request:
        read = [_counter(request["counter"], setup)]
    elif "counters" in request:
        specs = v.array(request["counters"], "counters", MAX_COUNTERS)
        if not specs:
            raise BadRequest("counters", "must have at least one counter-attack; leave counters out for none")
        read = [_counter(spec, setup, f"counters[{k}]") for k, spec in enumerate(specs)]
    else:
        return ()
    if len(read) == 1:
        canonical["counter"] = read[0][1]
    else:
        canonical["counters"] = [got for _, got in read]
    return tuple(counter for counter, _ in read)


def _recommend(spec: Any, setup: BattleSetup, plan: Plan) -> tuple[tuple[Any, Any, str], dict[str, Any]]:
    """``recommend``: the units available (as a side of the battle reads them), the target chance, its goal;
    and how the armies are chosen — for which side, cheapest by IPCs or by units, how many answered."""
    spec = v.obj(spec, "recommend")
    v.only_keys(spec, ("available", "target", "goal", "side", "by", "top"), "recommend")
    side_name = v.choice(spec.get("side", "attacker"), SIDES, "recommend.side")
    side = v.within("recommend", read_side, {"units": v.required(spec, "available", "recommend")}, side_name,
                   setup.ruleset, setup.system, setup.kind)
    available = side.units.plus(side.bombard, setup.ruleset)
    target = chance(spec["target"], "recommend.target") if "target" in spec else None
    top = v.whole(spec.get("top", 1), "recommend.top", 1, MAX_TOP)
    how: dict[str, Any] = {"side": side_name, "by": v.choice(spec.get("by", "ipcs"), BY, "recommend.by"), "top": top}
    if top > 1 and target is None:
        raise BadRequest("recommend.top", "the cheapest armies are those that reach the target; give recommend.target")
    if side_name == "defender":
        return (available, target, _defender_goal(spec, setup)), how
    goal = v.choice(spec.get("goal", "wins" if setup.kind == "sea" else "takes"), GOALS, "recommend.goal")
    if goal == "holds" and plan.counter is None:
        raise BadRequest("recommend.goal", "\"holds\" is the chance to hold the territory after the counter-attack; "
                                           "give a counter-attack (counter) or choose \"takes\"")
    if goal == "takes" and setup.kind == "sea":
        raise BadRequest("recommend.goal", f"a sea battle takes no territory; choose \"wins\" (or \"holds\" with "
                                           f"a counter-attack), got {show(goal)}")
    return (available, target, goal), how

def _defender_goal(spec: Mapping[str, Any], setup: BattleSetup) -> str:
    """The defender's goal: ``holds`` (no wave takes the territory, the default on land) or ``wins`` (every
    attacker destroyed, the default at sea); ``takes`` is the attacker's."""
    goal = spec.get("goal", "wins" if setup.kind == "sea" else "holds")
    if goal == "takes":
        raise BadRequest("recommend.goal", "\"takes\" is the attacker's goal; for the defender choose \"holds\" "
                                           "(the territory not taken) or \"wins\" (every attacker destroyed)")
    goal = v.choice(goal, DEFENDER_GOALS, "recommend.goal")
    if goal == "holds" and setup.kind == "sea":
        raise BadRequest("recommend.goal", "a sea battle takes no territory; choose \"wins\", got \"holds\"")
    return goal


def read_plan(request: Mapping[str, Any], setup: BattleSetup, options: dict[str, Any], rounds: int | None,
          canonical: dict[str, Any], exact: bool = False, most: int = 24) -> Plan:
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
        defender = setup.defender
        for k, spec in enumerate(specs):
            wave, wave_canonical = _wave(spec, k, setup, defender)
            defender = wave.setup.defender
            waves.append(wave)
            canonical["waves"].append(wave_canonical)
    counters = _counters(request, setup, canonical)
    value = v.whole(request.get("territory_value", 0), "territory_value", -MAX_TERRITORY, MAX_TERRITORY)
    if value:
        canonical["territory_value"] = value
    repair = v.boolean(request.get("repair_between_waves", False), "repair_between_waves")
    if repair:
        canonical["repair_between_waves"] = True
    first_options: dict[str, Any] = {key: options[key] for key in ("first_round", "damaged", "carry") if key in options}
    plan = Plan(tuple(waves), counters, value, repair, first_options)
    if exact:
        _small_enough(plan, most)
    if "recommend" in request:
        options["recommend"], how = _recommend(request["recommend"], setup, plan)
        available, target, goal = options["recommend"]
        canonical["recommend"] = {"available": available.as_dict(), "goal": goal,
                                  **({"target": target} if target is not None else {})}
        # only what differs from the attacker's cheapest army is written, so the links made before are unchanged
        options["recommend_how"] = {key: value for key, value in how.items()
                                    if value != {"side": "attacker", "by": "ipcs", "top": 1}[key]}
        canonical["recommend"].update(options["recommend_how"])
        if exact:
            _small_enough(recommend_with(plan, available, how["side"]), most)
    return plan


def recommend_with(plan: Plan, available: Force, side: str = "attacker") -> Plan:
    return with_army(plan, available, side)


def _small_enough(plan: Plan, most: int) -> None:
    """``exact`` fractions for every battle of the plan of at most ``most`` units, as for one battle."""
    defender = plan.waves[0].setup.defender.units.size
    for k, wave in enumerate(plan.waves):
        size = wave.setup.attacker.units.size + wave.setup.attacker.bombard.size + defender
        if size > most:
            field = "exact" if k == 0 else f"waves[{k - 1}]"
            raise BadRequest(field, f"exact fractions are given for at most {most} units in a battle, wave {k + 1} "
                                    f"has {size}; leave exact out for the float answer")
    for k, counter in enumerate(plan.counters):
        holders = max(sum(n for uid, n in w.setup.attacker.units.counts
                          if counter.kind == "sea" or w.setup.ruleset.unit(uid).domain == "land") for w in plan.waves)
        size = counter.attacker.units.size + holders + defender
        if size > most:
            field = "counter" if len(plan.counters) == 1 else f"counters[{k}]"
            raise BadRequest(field, f"exact fractions are given for at most {most} units in a battle, the "
                                    f"counter-attack may have {size}; leave exact out for the float answer")


