"""How a battle is played colour by colour (docs/rules.md §7): what ``resolve`` needs from coloured dice.

``resolve`` (:mod:`pycore.ops.resolve`) is one path for every luck system;
this is coloured dice's *play* (the engine's is :mod:`pycore.engine.play`):
the decisions a request may carry (boosts as well as casualties, named by
colour), the referee dice by colour, the fight
(:mod:`pycore.engine.colored.fight`), and one log line per colour that a
player can read aloud. See docs/api.md, "Coloured dice".
"""

from __future__ import annotations

from ..sequence import MAX_ROUNDS, BattleLog, Pause, RoundLog
from ..setup import ROLES, BattleSetup
from ..table import Table
from ...errors import BadRequest
from ...jsontext import JsonObject
from ...systems import LuckSystem
from ...systems.colored.chart import DEFAULT_CHART, GUIDELINE_WORDS, Chart
from ...systems.colored.commit import Troops
from .fight import ColoredBattle, ColorStep, Roll, fight, placement

MAX_FACES = 6


class ColourPlay:
    """Coloured dice: each round is the chart's colours in order, both sides rolling each colour at once."""

    fields = ("boosts", "choose_boosts")
    decision_lists = ("choices", "casualties", "boosts")
    asks = ("choose_casualties", "choose_boosts")
    step_key = "color"
    by_colour = True
    most_dice_per_step = MAX_FACES

    def steps(self, system: LuckSystem) -> tuple[str, ...]:
        chart: Chart = system.chart
        return chart.colors

    def most_casualty_choices(self, system: LuckSystem) -> int:
        return len(system.chart.colors) * 2 * MAX_ROUNDS

    def check_setup(self, setup: BattleSetup) -> None:
        check_setup(setup)

    def fight(self, setup: BattleSetup, table: Table, rounds: int | None) -> BattleLog:
        return fight(setup, table, rounds)

    def head(self, setup: BattleSetup) -> JsonObject:
        chart: Chart = setup.system.chart
        return {"chart": chart.to_json(), "chart_default": chart == DEFAULT_CHART,
                "guidelines": dict(GUIDELINE_WORDS),
                "colors": {role: dict(placement(setup, role).posts) for role in ROLES}}

    def survivors(self, setup: BattleSetup, battle: BattleLog) -> dict[str, dict[str, int]]:
        return {role: {**battle.posts[role].units(), **_plus(battle.posts_away[role].units(), battle.posts[role])}
                for role in ROLES}

    def away(self, battle: BattleLog) -> dict[str, dict[str, int]]:
        return {role: battle.posts_away[role].units() for role in ROLES if battle.posts_away[role]}

    def round_json(self, log: RoundLog) -> JsonObject:
        return _round_json(log)

    def next_dice(self, setup: BattleSetup, battle: BattleLog) -> list[JsonObject]:
        return next_dice(setup, battle)


def check_setup(setup: BattleSetup) -> None:
    """What coloured dice do not play (decisions in docs/rules.md)."""
    if setup.kind == "amphibious":
        raise BadRequest("kind", "coloured dice have no shore bombardment (the coloured dice rules give it no colour): "
                                 "choose land or sea")
    if setup.lhtr:
        raise BadRequest("lhtr", "coloured dice roll by colour, not by unit values: Heavy Bombers do not apply")
    for role in ROLES:
        if setup.side(role).tech:
            raise BadRequest(f"{role}.tech", "coloured dice roll by colour, not by attack and defence values: "
                                             "technology does not change them")


# -- the log --------------------------------------------------------------------------------------
def _faces_text(roll: Roll) -> str:
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


def _step_json(step: ColorStep) -> JsonObject:
    row = step.row
    fire = []
    for role in ROLES:
        roll = step.rolls[role]
        if not roll.units and not roll.faces:
            continue
        entry: JsonObject = {"side": role, "group": row.color, "units": dict(roll.units), "boosters": dict(roll.boosters),
                 "dice": [{"value": face, "boosts": list(units), "total": face + len(units)}
                          for face, units in zip(roll.faces, roll.boosts or [[] for _ in roll.faces])],
                 "boosts_chosen": roll.chosen,
                 "power": 0, "sure_hits": 0, "remainder": 0, "targets": [],
                 "hits": step.match.hits(role) if step.match else 0}
        fire.append(entry)
    out: JsonObject = {"step": row.color, "color": row.color, "guideline": row.casualties, "choice": row.choice,
           "fire": fire,
           "casualties": [{"side": c.victim, **c.loss.to_json(), "removed": "at once", "chosen": c.chosen,
                           "chooser": c.chooser} for c in step.casualties],
           "say": say(step)}
    if step.match is not None:
        out["pairs"] = [{"attacker": x, "defender": y,
                         "winner": "tie" if x == y else "attacker" if y is None or (x is not None and x > y)
                         else "defender"} for x, y in step.match.pairs]
    return out


def _round_json(log: RoundLog) -> JsonObject:
    steps = [_step_json(s) for s in log.steps]
    out: JsonObject = {"round": log.number, "complete": log.complete, "steps": steps}
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


def next_dice(setup: BattleSetup, battle: BattleLog) -> list[JsonObject]:
    """The first dice of the next round, for a page that asks the players for them."""
    engine = ColoredBattle(setup, Table(), battle.posts)
    log = RoundLog(len(battle.rounds) + 1)
    try:
        for row in engine.chart.rows:
            engine.color(log.number, row, log)
    except Pause as pause:
        dice: list[JsonObject] = pause.waiting.get("dice", [])
        return dice
    return []


def _plus(away: dict[str, int], troops: Troops) -> dict[str, int]:
    here = troops.units()
    return {uid: n + here.get(uid, 0) for uid, n in away.items()}


COLOUR_PLAY = ColourPlay()
