"""How a battle is played by steps (docs/rules.md §2): what ``resolve`` needs from the engine besides the rules.

The ``resolve`` op (:mod:`pycore.ops.resolve`) is one path for every luck
system: it reads the request, builds the table (:mod:`pycore.engine.table`),
checks that every decision and die was used, and writes the result. What
depends on how the system fights a battle is asked of a *play*: this module
is the play of the systems that fire groups step by step (dice, Low Luck,
A&A Chess); coloured dice, fought colour by colour, have theirs in
:mod:`pycore.engine.colored.play`. A play says which decisions a request
may carry, reads the referee dice, fights, and writes a round of the log.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..jsontext import JsonObject
from ..systems import LuckSystem, all_systems
from .colored.play import COLOUR_PLAY
from .sequence import MAX_ROUNDS, Battle, BattleLog, Pause, RoundLog, fight
from .setup import ROLES, BattleSetup
from .table import Table

GROUPS = ("aa", "bombard", "subs", "main", "air")
STEPS = ("aa", "bombard", "subs", "main")
MAX_DICE = 4000


class Play(Protocol):
    """What ``resolve`` (and a battle's luck) asks of a system's play: the seam between the step play below and
    coloured dice's (:mod:`pycore.engine.colored.play`); each declares its fields, fights, and writes its log."""

    @property
    def fields(self) -> tuple[str, ...]: ...
    @property
    def decision_lists(self) -> tuple[str, ...]: ...
    @property
    def asks(self) -> tuple[str, ...]: ...
    @property
    def step_key(self) -> str: ...
    @property
    def by_colour(self) -> bool: ...
    @property
    def most_dice_per_step(self) -> int: ...

    def steps(self, system: LuckSystem) -> tuple[str, ...]: ...
    def most_casualty_choices(self, system: LuckSystem) -> int: ...
    def check_setup(self, setup: BattleSetup) -> None: ...
    def fight(self, setup: BattleSetup, table: Table, rounds: int | None) -> BattleLog: ...
    def head(self, setup: BattleSetup) -> JsonObject: ...
    def survivors(self, setup: BattleSetup, battle: BattleLog) -> dict[str, dict[str, int]]: ...
    def away(self, battle: BattleLog) -> dict[str, dict[str, int]]: ...
    def round_json(self, log: RoundLog) -> JsonObject: ...
    def next_dice(self, setup: BattleSetup, battle: BattleLog) -> list[JsonObject]: ...


class StepPlay:
    """The engine's battle: AA and bombardment, then rounds of sub strikes and main fire."""

    fields = ("submerge",)                       # request fields beyond the common ones
    decision_lists = ("choices", "casualties", "submerge")
    asks = ("choose_casualties",)
    step_key = "step"                            # a casualty choice names its step
    by_colour = False
    most_dice_per_step = 0                       # boosts only: this play takes none

    def steps(self, system: LuckSystem) -> tuple[str, ...]:
        return STEPS

    def most_casualty_choices(self, system: LuckSystem) -> int:
        return 4 * MAX_ROUNDS

    def check_setup(self, setup: BattleSetup) -> None:
        """Every battle the engine reads can be fought by steps."""

    def fight(self, setup: BattleSetup, table: Table, rounds: int | None) -> BattleLog:
        return fight(setup, table, rounds)

    def head(self, setup: BattleSetup) -> JsonObject:
        """What the result says about the system before the rounds: nothing more for these systems."""
        return {}

    def survivors(self, setup: BattleSetup, battle: BattleLog) -> dict[str, dict[str, int]]:
        """Units in the fight, units that left it, and (amphibious) the ships that only bombarded."""
        return {role: battle.armies[role].units.plus(battle.away[role], setup.ruleset)
                .plus(setup.side(role).bombard, setup.ruleset).as_dict() for role in ROLES}

    def away(self, battle: BattleLog) -> dict[str, dict[str, int]]:
        return {role: battle.away[role].as_dict() for role in ROLES if battle.away[role]}

    def round_json(self, log: RoundLog) -> JsonObject:
        out: JsonObject = {
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

    def next_dice(self, setup: BattleSetup, battle: BattleLog) -> list[JsonObject]:
        """The dice the next round starts with (its first step), for a page that asks the players for them."""
        engine = Battle(setup, Table())
        engine.alive = dict(battle.armies)
        engine.carry = dict(battle.carry)
        number = len(battle.rounds) + 1
        try:
            for role in ROLES:
                engine.sub_step(number, role)
            engine.main_step(number)
        except Pause as pause:
            dice: list[JsonObject] = pause.waiting.get("dice", [])
            return dice
        return []


def _summary(log: RoundLog, role: str) -> JsonObject:
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


STEP_PLAY = StepPlay()


def play_of(system: LuckSystem) -> Play:
    """How ``resolve`` reads, fights and writes a battle under this system: colour by colour where the system
    says so (``LuckSystem.by_colour``), by steps otherwise."""
    return COLOUR_PLAY if system.by_colour else STEP_PLAY


def play_named(value: Any) -> Play:
    """The play of the system a request's ``system`` field names, before the field is checked.

    A request's other fields depend on how its system plays (coloured dice take ``boosts``), and
    they are checked first; an unknown or malformed system plays by steps until
    :func:`pycore.read.systems.read_system` refuses it with its own message.
    """
    name = value.get("name") if isinstance(value, dict) else None
    system = next((s for s in all_systems() if s.id == name), None)
    return STEP_PLAY if system is None else play_of(system)
