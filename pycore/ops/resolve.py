"""Op ``resolve``: read a battle request, fight it with seeded or table dice, report every round.

The request is validated into a canonical form first (``normalize``), which
is also what a share link holds, so a link and a typed request are checked
by the same code. The rules live in ``engine``; this module reads the
request, supplies the dice and decisions (:class:`SeededTable`,
:class:`RefereeTable`) and writes the result. See docs/api.md for the fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .. import dice, validate as v
from ..engine.sequence import MAX_ROUNDS, BattleLog, RoundLog, fight
from ..engine.setup import ROLES, BattleSetup, parse_setup, setup_json
from ..errors import BadRequest, show
from ..report import report
from ..rulesets import find_ruleset
from ..share import link_for
from ..systems import find_system, spec_of

FIELDS = ("op", "ruleset", "system", "kind", "attacker", "defender", "lhtr", "seed", "dice", "rounds", "choices",
          "casualties", "submerge", "choose_casualties")
GROUPS = ("aa", "bombard", "subs", "main", "air")
STEPS = ("aa", "bombard", "subs", "main")
MAX_DICE = 4000


@dataclass(frozen=True, slots=True)
class Decisions:
    """What the players decided: retreats, submerging, and their own casualty choices."""

    choices: tuple[str, ...]
    casualties: Mapping[tuple[int, str, str], tuple[dict, dict, str]]
    submerge: frozenset[tuple[int, str]]
    choose_casualties: bool


class _Tables:
    """Shared decision-reading for both tables; records which decisions were used."""

    def __init__(self, decisions: Decisions):
        self.decisions = decisions
        self.used_casualties: set = set()
        self.used_submerge: set = set()

    def casualties(self, number, step, victim):
        key = (number, step, victim)
        if key in self.decisions.casualties:
            self.used_casualties.add(key)
            return self.decisions.casualties[key]
        return None

    def ask_casualties(self) -> bool:
        return self.decisions.choose_casualties

    def submerge(self, number, role) -> bool:
        if (number, role) in self.decisions.submerge:
            self.used_submerge.add((number, role))
            return True
        return False

    def retreat(self, number):
        choices = self.decisions.choices
        return choices[number - 1] == "retreat" if number <= len(choices) else None


class SeededTable(_Tables):
    """The app rolls: HMAC dice from the seed, one context per round, side and group (``dice``)."""

    def __init__(self, seed: str, decisions: Decisions):
        super().__init__(decisions)
        self.seed = seed

    def dice(self, number, role, group, count, sides=6):
        return dice.roll(self.seed, f"r{number}/{role}/{group}", sides, count)


class RefereeTable(_Tables):
    """The players roll real dice and type them in; the app applies the rules to them."""

    def __init__(self, rounds: tuple[Mapping[str, Any], ...], decisions: Decisions):
        super().__init__(decisions)
        self.rounds = rounds
        self.used: set[tuple[int, str, str]] = set()

    def dice(self, number, role, group, count, sides=6):
        if number > len(self.rounds):
            return None
        entry = self.rounds[number - 1].get(role)
        field = f"dice[{number - 1}].{role}"
        if isinstance(entry, tuple):  # a plain list: the side's main group
            if group != "main":
                raise BadRequest(field, f"in round {number} the {role} rolls for more than one group; give "
                                        f"the dice as {{\"{group}\": [...], \"main\": [...]}}",
                                 {"dice_needed": {"round": number, "side": role, "group": group, "count": count,
                                                  "sides": 6}})
            faces = entry
        else:
            faces = (entry or {}).get(group)
            field = f"{field}.{group}"
            if faces is None:
                if number == len(self.rounds):
                    return None
                raise BadRequest(field, f"the {role} rolls {count} {'die' if count == 1 else 'dice'} for "
                                        f"{group} in round {number}; none given",
                                 {"dice_needed": {"round": number, "side": role, "group": group, "count": count,
                                                  "sides": 6}})
        if len(faces) != count:
            raise BadRequest(field, f"the {role} rolls {count} {'die' if count == 1 else 'dice'} "
                                    f"in round {number}, got {len(faces)}: {show(list(faces))}",
                             {"dice_needed": {"round": number, "side": role, "group": group, "count": count,
                                              "sides": sides}})
        for i, face in enumerate(faces):
            if face > sides:
                raise BadRequest(f"{field}[{i}]", f"must be a whole number from 1 to {sides}, got {face}")
        self.used.add((number, role, group))
        return faces


@dataclass(frozen=True, slots=True)
class Request:
    setup: BattleSetup
    seed: str | None
    table_dice: tuple[Mapping[str, Any], ...] | None
    rounds: int | None
    decisions: Decisions


def _read_faces(value: Any, field: str, sides: int = 6) -> tuple[int, ...]:
    faces = v.array(value, field, MAX_DICE)
    return tuple(v.whole(face, f"{field}[{i}]", 1, sides) for i, face in enumerate(faces))


def _read_round_dice(entry: Any, field: str) -> dict[str, Any]:
    entry = v.obj(entry, field)
    v.only_keys(entry, ROLES, field)
    out: dict[str, Any] = {}
    for role in ROLES:
        if role not in entry:
            continue
        value = entry[role]
        if isinstance(value, list):
            out[role] = _read_faces(value, f"{field}.{role}")
        else:
            groups = v.obj(value, f"{field}.{role}")
            v.only_keys(groups, GROUPS, f"{field}.{role}")
            # AA may roll a d10 (A&A Chess RYOF<6); the engine checks each face against the die it asked for.
            out[role] = {g: _read_faces(faces, f"{field}.{role}.{g}", 10 if g == "aa" else 6)
                         for g, faces in groups.items()}
    return out


def _read_decisions(request: Mapping[str, Any]) -> Decisions:
    choices = tuple(v.choice(c, ("press", "retreat"), f"choices[{i}]")
                    for i, c in enumerate(v.array(request.get("choices", []), "choices", MAX_ROUNDS)))
    if "retreat" in choices[:-1]:
        at = choices.index("retreat")
        raise BadRequest(f"choices[{at + 1}]", f"the attacker already retreated after round {at + 1}")
    casualties: dict = {}
    for i, item in enumerate(v.array(request.get("casualties", []), "casualties", 4 * MAX_ROUNDS)):
        where = f"casualties[{i}]"
        item = v.obj(item, where)
        v.only_keys(item, ("round", "step", "side", "lost", "damaged"), where)
        key = (v.whole(v.required(item, "round", where), f"{where}.round", 1, MAX_ROUNDS),
               v.choice(v.required(item, "step", where), STEPS, f"{where}.step"),
               v.choice(v.required(item, "side", where), ROLES, f"{where}.side"))
        if key in casualties:
            raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]}'s casualties are chosen twice")
        maps = []
        for name in ("lost", "damaged"):
            given = v.obj(item.get(name, {}), f"{where}.{name}")
            maps.append({str(u): v.whole(n, f"{where}.{name}.{u}", 0, 2000) for u, n in given.items()})
        casualties[key] = (maps[0], maps[1], where)
    submerge = set()
    for i, item in enumerate(v.array(request.get("submerge", []), "submerge", 2 * MAX_ROUNDS)):
        where = f"submerge[{i}]"
        item = v.obj(item, where)
        v.only_keys(item, ("round", "side"), where)
        submerge.add((v.whole(v.required(item, "round", where), f"{where}.round", 1, MAX_ROUNDS),
                      v.choice(v.required(item, "side", where), ROLES, f"{where}.side")))
    ask = v.boolean(request.get("choose_casualties", False), "choose_casualties")
    return Decisions(choices, casualties, frozenset(submerge), ask)


def parse(request: Mapping[str, Any]) -> tuple[dict, Request]:
    """The canonical request and the battle it describes, or a BadRequest naming the field."""
    v.only_keys(request, FIELDS, "")
    ruleset = find_ruleset(v.required(request, "ruleset", ""))
    system = find_system(v.required(request, "system", ""))
    setup = parse_setup(request, ruleset, system)
    if ("seed" in request) == ("dice" in request):
        raise BadRequest("seed", "give a seed (the app rolls) or dice (the values rolled at the table), not both"
                         if "seed" in request else "is required (or give dice rolled at the table)")
    seed = v.text(request["seed"], "seed", 1, 200) if "seed" in request else None
    table_dice = None
    if "dice" in request:
        table_dice = tuple(_read_round_dice(entry, f"dice[{i}]")
                           for i, entry in enumerate(v.array(request["dice"], "dice", MAX_ROUNDS)))
    rounds = v.whole(request["rounds"], "rounds", 1, MAX_ROUNDS) if "rounds" in request else None
    decisions = _read_decisions(request)

    canonical = setup_json("resolve", setup)
    if seed is not None:
        canonical["seed"] = seed
    else:
        canonical["dice"] = [{role: (list(entry[role]) if isinstance(entry[role], tuple)
                                     else {g: list(f) for g, f in entry[role].items()})
                              for role in ROLES if role in entry} for entry in table_dice]
    if rounds is not None:
        canonical["rounds"] = rounds
    for key in ("choices", "casualties", "submerge"):
        if request.get(key):
            canonical[key] = request[key]
    if decisions.choose_casualties:
        canonical["choose_casualties"] = True
    return canonical, Request(setup, seed, table_dice, rounds, decisions)


def normalize(request: Mapping[str, Any]) -> dict:
    if _colored(request):
        from ..systems.colored.op import normalize as colored_normalize
        return colored_normalize(request)
    return parse(request)[0]


def _colored(request: Mapping[str, Any]) -> bool:
    """Coloured dice fight colour by colour (RULES.md §7): their own module reads and fights them."""
    system = request.get("system")
    return isinstance(system, dict) and system.get("name") == "colored"


def _summary(log: RoundLog, role: str) -> dict:
    """A side's fire over the whole round (all its groups), and what it lost."""
    fires = [fire for step in log.steps for fire in step.fires if fire.group.shooter == role]
    lost: dict[str, int] = {}
    for step in log.steps:
        for loss in step.losses:
            if loss.victim == role:
                for uid, n in loss.casualties.lost.items():
                    lost[uid] = lost.get(uid, 0) + n
    return {"power": sum(f.volley.power for f in fires), "sure_hits": sum(f.volley.sure_hits for f in fires),
            "remainder": sum(f.volley.remainder for f in fires),
            "dice": [d.to_json() for f in fires for d in f.volley.dice],
            "hits": sum(f.volley.hits for f in fires), "casualties": lost}


def _round_json(log: RoundLog) -> dict:
    out = {
        "round": log.number,
        "complete": log.complete,
        "steps": [{
            "step": step.name,
            "fire": [{"side": f.group.shooter, "group": f.group.name, "units": dict(f.group.firing),
                      "targets": sorted(f.group.targets), **f.volley.to_json()} for f in step.fires],
            "casualties": [{"side": loss.victim, **loss.casualties.to_json(),
                            "removed": "at once" if loss.at_once else "end of round", "chosen": loss.chosen}
                           for loss in step.losses],
        } for step in log.steps],
        "attacker": _summary(log, "attacker"),
        "defender": _summary(log, "defender"),
        "after": {role: army.units.as_dict() for role, army in log.after.items()},
        "damaged": {role: army.damaged.as_dict() for role, army in log.after.items() if army.damaged},
        "choice": log.choice,
    }
    if log.submerged:
        out["submerged"] = {role: f.as_dict() for role, f in log.submerged.items()}
    if log.transports_lost:
        out["transports_lost"] = {role: f.as_dict() for role, f in log.transports_lost.items()}
    if log.retreated is not None:
        out["retreated"] = log.retreated.as_dict()
    return out


def _check_unused(req: Request, table, battle: BattleLog) -> None:
    """Refuse decisions and dice the battle never used: they would make a link say more than it shows.

    When the battle paused, decisions of the paused round and later are kept
    for when the missing dice or choice are given.
    """
    decisions = req.decisions
    paused_at = battle.rounds[-1].number if battle.waiting is not None and battle.rounds else None
    for key, (_, _, where) in decisions.casualties.items():
        if key not in table.used_casualties and (paused_at is None or key[0] < paused_at):
            raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]} has no casualties to choose there")
    for number, role in sorted(decisions.submerge - table.used_submerge):
        if paused_at is None or number < paused_at:
            raise BadRequest("submerge", f"round {number} is not fought to its end: the {role} cannot submerge then")
    if isinstance(table, RefereeTable) and battle.waiting is None:
        played = len(battle.rounds)
        for i, entry in enumerate(req.table_dice):
            for role, groups in entry.items():
                named = {"main": groups} if isinstance(groups, tuple) else groups
                for g, faces in named.items():
                    if faces and (i + 1, role, g) not in table.used:
                        where = f"dice[{i}].{role}" + ("" if isinstance(groups, tuple) else f".{g}")
                        if i >= played:
                            why = (f"only {played} round{'s' if played != 1 else ''} asked for (rounds: {played})"
                                   if battle.outcome == "in_progress" else f"the battle ended after round {played}")
                            raise BadRequest(f"dice[{i}]" if i == played else where, f"{why}; these dice are not used")
                        raise BadRequest(where, f"the {role} rolls no dice for {g} in round {i + 1}; "
                                                f"these dice are not used")


def run(request: Mapping[str, Any]) -> dict:
    if _colored(request):
        from ..systems.colored.op import run as colored_run
        return colored_run(request)
    canonical, req = parse(request)
    if req.table_dice is not None:
        if not req.table_dice:
            raise BadRequest("dice", "give the dice of at least one round")
        table = RefereeTable(req.table_dice, req.decisions)
        limit = min(req.rounds or MAX_ROUNDS, len(req.table_dice))
    else:
        table = SeededTable(req.seed, req.decisions)
        limit = req.rounds
    battle = fight(req.setup, table, limit)
    _check_unused(req, table, battle)
    setup = req.setup
    result: dict[str, Any] = {
        "ruleset": setup.ruleset.id,
        "system": spec_of(setup.system),
        "kind": setup.kind,
        "rounds": [_round_json(r) for r in battle.rounds],
        "outcome": battle.outcome,
        "takes_territory": battle.takes_territory,
        # Survivors: units in the fight, units that left it, and (amphibious) the ships that only bombarded.
        "survivors": {role: battle.armies[role].units.plus(battle.away[role], setup.ruleset)
                      .plus(setup.side(role).bombard, setup.ruleset).as_dict() for role in ROLES},
        "link": link_for(canonical),
    }
    if any(battle.away[role] for role in ROLES):
        result["away"] = {role: battle.away[role].as_dict() for role in ROLES if battle.away[role]}
    if battle.outcome != "in_progress":
        repaired = {role: battle.armies[role].damaged.as_dict() for role in ROLES if battle.armies[role].damaged}
        if repaired:
            result["repaired"] = repaired
    if battle.captured:
        result["captured"] = battle.captured.as_dict()
    if battle.cargo_lost:
        result["cargo_lost"] = {role: f.as_dict() for role, f in battle.cargo_lost.items()}
    if setup.system.carries:
        result["carry"] = {role: battle.carry.get(role, 0) for role in ROLES}
    if req.seed is not None:
        result["seed"] = req.seed
    if battle.waiting is not None:
        result["waiting"] = battle.waiting
        if battle.waiting["kind"] == "dice":
            result["next_dice"] = battle.waiting["dice"]
    elif battle.outcome == "in_progress":
        result["next_dice"] = _next_round_dice(setup, battle)
    result["report"] = report(result, setup)
    return result


def _next_round_dice(setup: BattleSetup, battle: BattleLog) -> list[dict]:
    """The dice the next round starts with (its first step), for a page that asks the players for them."""
    from ..engine.sequence import Battle as Engine, Pause

    class Probe(_Tables):
        def dice(self, number, role, group, count, sides=6):
            return None

    engine = Engine(setup, Probe(Decisions((), {}, frozenset(), False)))
    engine.alive = dict(battle.armies)
    engine.carry = dict(battle.carry)
    number = len(battle.rounds) + 1
    try:
        for role in ROLES:
            engine.sub_step(number, role)
        engine.main_step(number)
    except Pause as pause:
        return pause.waiting.get("dice", [])
    return []
