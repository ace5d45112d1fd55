"""``resolve`` under coloured dice: read the request, fight colour by colour, report every colour.

``pycore.battle_op`` hands a request whose system is ``colored`` to
:func:`run` / :func:`normalize` here. The battle itself (ruleset, kind,
sides with ``colors``) is read by the engine's ``parse_setup``; this module
reads what differs from dice and Low Luck: the dice per colour, the boosts
and the casualties of a colour, and writes one log line per colour that a
player can read aloud. See docs/api.md, "Coloured dice".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ... import dice, validate as v
from ...engine.sequence import MAX_ROUNDS, Pause
from ...engine.setup import ROLES, BattleSetup, parse_setup, setup_json
from ...errors import BadRequest, show
from ...report import report
from ...rulesets import find_ruleset
from ...share import link_for
from .. import find_system, spec_of
from .chart import DEFAULT_CHART, GUIDELINE_WORDS
from .fight import ColoredBattle, ColoredLog, ColorRound, ColorStep, fight
from .commit import Troops

FIELDS = ("op", "ruleset", "system", "kind", "attacker", "defender", "lhtr", "seed", "dice", "rounds", "choices",
          "casualties", "boosts", "choose_casualties", "choose_boosts")
MAX_FACES = 6


def is_colored(request: Mapping[str, Any]) -> bool:
    system = request.get("system")
    return isinstance(system, dict) and system.get("name") == "colored"


@dataclass(frozen=True, slots=True)
class Decisions:
    choices: tuple[str, ...]
    casualties: Mapping[tuple[int, str, str], tuple[dict, dict, str]]
    boosts: Mapping[tuple[int, str, str], tuple[Any, str]]
    choose_casualties: bool
    choose_boosts: bool


class _Tables:
    def __init__(self, decisions: Decisions):
        self.decisions = decisions
        self.used: set = set()

    def casualties(self, number, color, victim):
        key = (number, color, victim)
        if key in self.decisions.casualties:
            self.used.add(("casualties", key))
            return self.decisions.casualties[key]
        return None

    def boosts(self, number, color, role):
        key = (number, color, role)
        if key in self.decisions.boosts:
            self.used.add(("boosts", key))
            return self.decisions.boosts[key]
        return None

    def ask_casualties(self):
        return self.decisions.choose_casualties

    def ask_boosts(self):
        return self.decisions.choose_boosts

    def retreat(self, number):
        choices = self.decisions.choices
        return choices[number - 1] == "retreat" if number <= len(choices) else None


class SeededTable(_Tables):
    """The app rolls: one context per round, side and colour (``r1/attacker/red``), so links replay."""

    def __init__(self, seed: str, decisions: Decisions):
        super().__init__(decisions)
        self.seed = seed

    def dice(self, number, role, color, count):
        return dice.roll(self.seed, f"r{number}/{role}/{color}", 6, count)


class RefereeTable(_Tables):
    """The players roll real dice, colour by colour, and type them in."""

    def __init__(self, rounds: tuple[dict, ...], decisions: Decisions):
        super().__init__(decisions)
        self.rounds = rounds
        self.dice_used: set = set()

    def dice(self, number, role, color, count):
        if number > len(self.rounds):
            return None
        faces = self.rounds[number - 1].get(role, {}).get(color)
        field = f"dice[{number - 1}].{role}.{color}"
        needed = {"dice_needed": {"round": number, "side": role, "color": color, "group": color,
                                  "count": count, "sides": 6}}
        if faces is None:
            if number == len(self.rounds):
                return None
            raise BadRequest(field, f"the {role} rolls {count} {color} {'die' if count == 1 else 'dice'} "
                                    f"in round {number}; none given", needed)
        if len(faces) != count:
            raise BadRequest(field, f"the {role} rolls {count} {color} {'die' if count == 1 else 'dice'} "
                                    f"in round {number}, got {len(faces)}: {show(list(faces))}", needed)
        self.dice_used.add((number, role, color))
        return faces


class _Probe(_Tables):
    def dice(self, number, role, color, count):
        return None


@dataclass(frozen=True, slots=True)
class Request:
    setup: BattleSetup
    seed: str | None
    table_dice: tuple[dict, ...] | None
    rounds: int | None
    decisions: Decisions


def check_setup(setup: BattleSetup) -> None:
    """What coloured dice do not play (decisions in docs/rules.md)."""
    if setup.kind == "amphibious":
        raise BadRequest("kind", "coloured dice have no shore bombardment (seed 001 gives it no colour): "
                                 "choose land or sea")
    if setup.lhtr:
        raise BadRequest("lhtr", "coloured dice roll by colour, not by unit values: Heavy Bombers do not apply")
    for role in ROLES:
        if setup.side(role).tech:
            raise BadRequest(f"{role}.tech", "coloured dice roll by colour, not by attack and defence values: "
                                             "technology does not change them")


def _read_dice(entry: Any, field: str, colors: tuple[str, ...]) -> dict:
    entry = v.obj(entry, field)
    v.only_keys(entry, ROLES, field)
    out: dict[str, dict[str, tuple[int, ...]]] = {}
    for role in ROLES:
        if role not in entry:
            continue
        where = f"{field}.{role}"
        if isinstance(entry[role], list):
            raise BadRequest(where, f"give the dice by colour, e.g. {{\"{colors[-1]}\": [6, 3, 2]}}")
        by_color = v.obj(entry[role], where)
        for color in by_color:
            if color not in colors:
                raise BadRequest(f"{where}.{color}", f"unknown colour (the chart's colours: {', '.join(colors)})")
        out[role] = {}
        for color, faces in by_color.items():
            at = f"{where}.{color}"
            faces = v.array(faces, at, MAX_FACES)
            out[role][color] = tuple(v.whole(f, f"{at}[{i}]", 1, 6) for i, f in enumerate(faces))
    return out


def _read_decisions(request: Mapping[str, Any], colors: tuple[str, ...]) -> Decisions:
    choices = tuple(v.choice(c, ("press", "retreat"), f"choices[{i}]")
                    for i, c in enumerate(v.array(request.get("choices", []), "choices", MAX_ROUNDS)))
    if "retreat" in choices[:-1]:
        at = choices.index("retreat")
        raise BadRequest(f"choices[{at + 1}]", f"the attacker already retreated after round {at + 1}")

    def key_of(item: Mapping[str, Any], where: str) -> tuple[int, str, str]:
        return (v.whole(v.required(item, "round", where), f"{where}.round", 1, MAX_ROUNDS),
                v.choice(v.required(item, "color", where), colors, f"{where}.color"),
                v.choice(v.required(item, "side", where), ROLES, f"{where}.side"))

    casualties: dict = {}
    for i, item in enumerate(v.array(request.get("casualties", []), "casualties", len(colors) * 2 * MAX_ROUNDS)):
        where = f"casualties[{i}]"
        item = v.obj(item, where)
        v.only_keys(item, ("round", "color", "side", "lost", "damaged"), where)
        key = key_of(item, where)
        if key in casualties:
            raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]}'s casualties are chosen twice")
        maps = []
        for name in ("lost", "damaged"):
            given = v.obj(item.get(name, {}), f"{where}.{name}")
            maps.append({str(u): v.whole(n, f"{where}.{name}.{u}", 0, 2000) for u, n in given.items()})
        casualties[key] = (maps[0], maps[1], where)
    boosts: dict = {}
    for i, item in enumerate(v.array(request.get("boosts", []), "boosts", len(colors) * 2 * MAX_ROUNDS)):
        where = f"boosts[{i}]"
        item = v.obj(item, where)
        v.only_keys(item, ("round", "color", "side", "dice"), where)
        key = key_of(item, where)
        if key in boosts:
            raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]}'s boosts are given twice")
        boosts[key] = (v.array(v.required(item, "dice", where), f"{where}.dice", MAX_FACES), f"{where}.dice")
    return Decisions(choices, casualties, boosts,
                     v.boolean(request.get("choose_casualties", False), "choose_casualties"),
                     v.boolean(request.get("choose_boosts", False), "choose_boosts"))


def parse(request: Mapping[str, Any]) -> tuple[dict, Request]:
    v.only_keys(request, FIELDS, "")
    ruleset = find_ruleset(v.required(request, "ruleset", ""))
    system = find_system(v.required(request, "system", ""))
    setup = parse_setup(request, ruleset, system)
    check_setup(setup)
    colors = system.chart.colors
    if ("seed" in request) == ("dice" in request):
        raise BadRequest("seed", "give a seed (the app rolls) or dice (the values rolled at the table), not both"
                         if "seed" in request else "is required (or give dice rolled at the table)")
    seed = v.text(request["seed"], "seed", 1, 200) if "seed" in request else None
    table_dice = None
    if "dice" in request:
        table_dice = tuple(_read_dice(entry, f"dice[{i}]", colors)
                           for i, entry in enumerate(v.array(request["dice"], "dice", MAX_ROUNDS)))
    rounds = v.whole(request["rounds"], "rounds", 1, MAX_ROUNDS) if "rounds" in request else None
    decisions = _read_decisions(request, colors)

    canonical = setup_json("resolve", setup)
    if seed is not None:
        canonical["seed"] = seed
    else:
        canonical["dice"] = [{role: {c: list(f) for c, f in entry[role].items()} for role in ROLES if role in entry}
                             for entry in table_dice]
    if rounds is not None:
        canonical["rounds"] = rounds
    for key in ("choices", "casualties", "boosts"):
        if request.get(key):
            canonical[key] = request[key]
    for key in ("choose_casualties", "choose_boosts"):
        if getattr(decisions, key):
            canonical[key] = True
    return canonical, Request(setup, seed, table_dice, rounds, decisions)


def normalize(request: Mapping[str, Any]) -> dict:
    return parse(request)[0]


# -- the log --------------------------------------------------------------------------------------
def _faces_text(roll) -> str:
    parts = []
    for face, units in zip(roll.faces, roll.boosts):
        parts.append(str(face) + "+1" * len(units))
    return "-".join(parts) if parts else "no dice"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def say(step: ColorStep) -> str:
    """The colour's match-up in a line a player can read aloud (seed 001's own examples read this way).

    ``Red: attacker 6-3-2 against 6: tie on the 6s, 3 and 2 hit — attacker loses 1, defender 3``
    """
    a, d = step.rolls["attacker"], step.rolls["defender"]
    head = f"{step.row.color.capitalize()}: attacker {_faces_text(a)} against {_faces_text(d)}"
    if step.match is None:
        waiting = "dice to roll" if (a.units and not a.faces) or (d.units and not d.faces) else "boosts to assign"
        return f"{head}: {waiting}"
    parts: list[str] = []
    spare: list[str] = []
    for x, y in step.match.pairs:
        if x is None or y is None:
            spare.append(str(x if y is None else y))
            continue
        if x == y:
            parts.append(f"tie on the {x}s")
        else:
            parts.append(f"{max(x, y)} beats {min(x, y)}")
    if spare:
        parts.append(f"{_and(spare)} {'hits' if len(spare) == 1 else 'hit'}")
    m = step.match
    return f"{head}: {', '.join(parts)} — attacker loses {m.on_attacker}, defender {m.on_defender}"


def _step_json(step: ColorStep) -> dict:
    row = step.row
    fire = []
    for role in ROLES:
        roll = step.rolls[role]
        if not roll.units and not roll.faces:
            continue
        entry = {"side": role, "group": row.color, "units": dict(roll.units), "boosters": dict(roll.boosters),
                 "dice": [{"value": face, "boosts": list(units), "total": face + len(units)}
                          for face, units in zip(roll.faces, roll.boosts or [[] for _ in roll.faces])],
                 "boosts_chosen": roll.chosen,
                 "power": 0, "sure_hits": 0, "remainder": 0, "targets": [],
                 "hits": step.match.hits(role) if step.match else 0}
        fire.append(entry)
    out = {"step": row.color, "color": row.color, "guideline": row.casualties, "choice": row.choice,
           "fire": fire,
           "casualties": [{"side": c.victim, **c.loss.to_json(), "removed": "at once", "chosen": c.chosen,
                           "chooser": c.chooser} for c in step.casualties],
           "say": say(step)}
    if step.match is not None:
        out["pairs"] = [{"attacker": x, "defender": y,
                         "winner": "tie" if x == y else "attacker" if y is None or (x is not None and x > y)
                         else "defender"} for x, y in step.match.pairs]
    return out


def _round_json(log: ColorRound) -> dict:
    steps = [_step_json(s) for s in log.steps]
    out: dict[str, Any] = {"round": log.number, "complete": log.complete, "steps": steps}
    for role in ROLES:
        lost: dict[str, int] = {}
        for s in steps:
            for c in s["casualties"]:
                if c["side"] == role:
                    for uid, n in c["lost"].items():
                        lost[uid] = lost.get(uid, 0) + n
        fires = [f for s in steps for f in s["fire"] if f["side"] == role]
        out[role] = {"hits": sum(f["hits"] for f in fires), "dice": [d for f in fires for d in f["dice"]],
                     "power": 0, "sure_hits": 0, "remainder": 0, "casualties": lost}
    out["after"] = {role: t.units() for role, t in log.after.items()}
    out["posts"] = {role: t.to_json() for role, t in log.after.items()}
    damaged = {role: dict(t.damaged) for role, t in log.after.items() if t.damaged}
    out["damaged"] = damaged
    out["choice"] = log.choice
    if log.transports_lost:
        out["transports_lost"] = {role: t.units() for role, t in log.transports_lost.items()}
    if log.retreated is not None:
        out["retreated"] = log.retreated.units()
    return out


def _check_unused(req: Request, table: _Tables, battle: ColoredLog) -> None:
    paused_at = battle.rounds[-1].number if battle.waiting is not None and battle.rounds else None
    for name, given in (("casualties", req.decisions.casualties), ("boosts", req.decisions.boosts)):
        for key, entry in given.items():
            if (name, key) not in table.used and (paused_at is None or key[0] < paused_at):
                where = entry[-1].rsplit(".", 1)[0] if name == "boosts" else entry[-1]
                what = "casualties to choose" if name == "casualties" else "boosts to assign"
                raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]} has no {what} there")
    if isinstance(table, RefereeTable) and battle.waiting is None:
        played = len(battle.rounds)
        for i, entry in enumerate(req.table_dice):
            for role, colors in entry.items():
                for color, faces in colors.items():
                    if faces and (i + 1, role, color) not in table.dice_used:
                        if i >= played:
                            why = (f"only {played} round{'s' if played != 1 else ''} asked for (rounds: {played})"
                                   if battle.outcome == "in_progress" else f"the battle ended after round {played}")
                            raise BadRequest(f"dice[{i}]", f"{why}; these dice are not used")
                        raise BadRequest(f"dice[{i}].{role}.{color}",
                                         f"the {role} rolls no {color} dice in round {i + 1}; these dice are not used")


def next_dice(setup: BattleSetup, battle: ColoredLog) -> list[dict]:
    """The first dice of the next round, for a page that asks the players for them."""
    engine = ColoredBattle(setup, _Probe(Decisions((), {}, {}, False, False)), battle.troops)
    log = ColorRound(len(battle.rounds) + 1)
    try:
        for row in engine.chart.rows:
            engine.color(log.number, row, log)
    except Pause as pause:
        return pause.waiting.get("dice", [])
    return []


def run(request: Mapping[str, Any]) -> dict:
    canonical, req = parse(request)
    if req.table_dice is not None:
        if not req.table_dice:
            raise BadRequest("dice", "give the dice of at least one round")
        table: _Tables = RefereeTable(req.table_dice, req.decisions)
        limit = min(req.rounds or MAX_ROUNDS, len(req.table_dice))
    else:
        table = SeededTable(req.seed, req.decisions)
        limit = req.rounds
    battle = fight(req.setup, table, limit)
    _check_unused(req, table, battle)
    setup = req.setup
    chart = setup.system.chart
    ruleset = setup.ruleset
    result: dict[str, Any] = {
        "ruleset": ruleset.id,
        "system": spec_of(setup.system),
        "kind": setup.kind,
        "chart": chart.to_json(),
        "chart_default": chart == DEFAULT_CHART,
        "guidelines": dict(GUIDELINE_WORDS),
        "colors": {role: dict(setup.side(role).colors.posts) for role in ROLES},
        "rounds": [_round_json(r) for r in battle.rounds],
        "outcome": battle.outcome,
        "takes_territory": battle.takes_territory,
        "survivors": {role: {**battle.troops[role].units(), **_plus(battle.away[role].units(), battle.troops[role])}
                      for role in ROLES},
        "link": link_for(canonical),
    }
    if any(battle.away[role] for role in ROLES):
        result["away"] = {role: battle.away[role].units() for role in ROLES if battle.away[role]}
    if battle.outcome != "in_progress":
        repaired = {role: battle.troops[role].army(ruleset).damaged.as_dict() for role in ROLES
                    if battle.troops[role].damaged}
        if repaired:
            result["repaired"] = repaired
    if battle.captured:
        result["captured"] = battle.captured.as_dict()
    if battle.cargo_lost:
        result["cargo_lost"] = {role: f.as_dict() for role, f in battle.cargo_lost.items()}
    if req.seed is not None:
        result["seed"] = req.seed
    if battle.waiting is not None:
        result["waiting"] = battle.waiting
        if battle.waiting["kind"] == "dice":
            result["next_dice"] = battle.waiting["dice"]
    elif battle.outcome == "in_progress":
        result["next_dice"] = next_dice(setup, battle)
    result["report"] = report(result, setup)
    return result


def _plus(away: dict[str, int], troops: Troops) -> dict[str, int]:
    here = troops.units()
    return {uid: n + here.get(uid, 0) for uid, n in away.items()}
