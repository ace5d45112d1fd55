"""Op ``resolve``: read a battle request, fight it with seeded or table dice, report every round.

The request is validated into a canonical form first (``normalize``), which
is also what a share link holds, so a link and a typed request are checked
by the same code. See docs/api.md for the fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from . import dice, validate as v
from .battle import BATTLE_UNITS, MAX_ROUNDS, Battle, firing_values, fight
from .errors import BadRequest, show
from .forces import Side, parse_side
from .rulesets import Ruleset, find_ruleset
from .share import link_for
from .systems import LuckSystem, Roll, find_system

FIELDS = ("op", "ruleset", "system", "attacker", "defender", "seed", "dice", "rounds", "choices")
ROLES = ("attacker", "defender")


@dataclass(frozen=True, slots=True)
class Setup:
    ruleset: Ruleset
    system: LuckSystem
    attacker: Side
    defender: Side
    seed: str | None
    table_dice: tuple[Mapping[str, tuple[int, ...]], ...] | None
    rounds: int | None
    choices: tuple[str, ...]


def parse(request: Mapping[str, Any]) -> tuple[dict, Setup]:
    """The canonical request and the battle it describes, or a BadRequest naming the field."""
    v.only_keys(request, FIELDS, "")
    ruleset = find_ruleset(v.required(request, "ruleset", ""))
    system = find_system(v.required(request, "system", ""))
    sides = {role: parse_side(v.required(request, role, ""), role, ruleset, BATTLE_UNITS, role) for role in ROLES}
    if ("seed" in request) == ("dice" in request):
        raise BadRequest("seed", "give a seed (the app rolls) or dice (the values rolled at the table), not both"
                         if "seed" in request else "is required (or give dice rolled at the table)")
    seed = v.text(request["seed"], "seed", 1, 200) if "seed" in request else None
    table_dice = None
    if "dice" in request:
        table_dice = tuple(_read_round_dice(entry, f"dice[{i}]")
                           for i, entry in enumerate(v.array(request["dice"], "dice", MAX_ROUNDS)))
    rounds = v.whole(request["rounds"], "rounds", 1, MAX_ROUNDS) if "rounds" in request else None
    choices = tuple(v.choice(c, ("press", "retreat"), f"choices[{i}]")
                    for i, c in enumerate(v.array(request.get("choices", []), "choices", MAX_ROUNDS)))
    if "retreat" in choices[:-1]:
        at = choices.index("retreat")
        raise BadRequest(f"choices[{at + 1}]", f"the attacker already retreated after round {at + 1}")

    canonical: dict[str, Any] = {"op": "resolve", "ruleset": ruleset.id, "system": {"name": system.id}}
    for role in ROLES:
        side = {"units": sides[role].force.as_dict()}
        if sides[role].custom_order:
            side["order_of_loss"] = list(request[role]["order_of_loss"])
        canonical[role] = side
    if seed is not None:
        canonical["seed"] = seed
    else:
        canonical["dice"] = [{role: list(entry[role]) for role in ROLES if role in entry} for entry in table_dice]
    if rounds is not None:
        canonical["rounds"] = rounds
    if choices:
        canonical["choices"] = list(choices)
    return canonical, Setup(ruleset, system, sides["attacker"], sides["defender"], seed, table_dice, rounds, choices)


def normalize(request: Mapping[str, Any]) -> dict:
    return parse(request)[0]


def _read_round_dice(entry: Any, field: str) -> dict[str, tuple[int, ...]]:
    entry = v.obj(entry, field)
    v.only_keys(entry, ROLES, field)
    out = {}
    for role in ROLES:
        if role in entry:
            faces = v.array(entry[role], f"{field}.{role}", 2 * 2000)
            out[role] = tuple(v.whole(face, f"{field}.{role}[{i}]", 1, 6) for i, face in enumerate(faces))
    return out


def _dice_source(setup: Setup):
    """(round, side, group) → Roll: seeded HMAC dice, or the table's dice checked for count."""
    if setup.seed is not None:
        seed = setup.seed
        return lambda number, role, group: (
            lambda count: dice.roll(seed, f"r{number}/{role}/{group}", 6, count))

    def table(number: int, role: str, group: str) -> Roll:
        def given(count: int) -> tuple[int, ...]:
            field = f"dice[{number - 1}].{role}"
            faces = setup.table_dice[number - 1].get(role, ())
            if len(faces) != count:
                raise BadRequest(field, f"the {role} rolls {count} {'die' if count == 1 else 'dice'} "
                                        f"in round {number}, got {len(faces)}: {show(list(faces))}",
                                 {"dice_needed": {"round": number, "side": role, "count": count, "sides": 6}})
            return faces
        return given
    return table


def _side_json(battle: Battle, role: str) -> dict:
    return (battle.attacker if role == "attacker" else battle.defender).as_dict()


def run(request: Mapping[str, Any]) -> dict:
    canonical, setup = parse(request)
    rounds = setup.rounds
    if setup.table_dice is not None:
        if not setup.table_dice:
            raise BadRequest("dice", "give the dice of at least one round")
        rounds = min(rounds or MAX_ROUNDS, len(setup.table_dice))
    battle = fight(setup.ruleset, setup.system, setup.attacker, setup.defender, _dice_source(setup),
                   rounds, setup.choices)
    if setup.table_dice is not None and len(setup.table_dice) > len(battle.rounds):
        extra = len(battle.rounds)
        why = (f"only {extra} round{'s' if extra > 1 else ''} asked for (rounds: {extra})"
               if battle.outcome == "in_progress" else f"the battle ended after round {extra}")
        raise BadRequest(f"dice[{extra}]", f"{why}; these dice are not used")
    result: dict[str, Any] = {
        "ruleset": setup.ruleset.id,
        "system": {"name": setup.system.id},
        "rounds": [{
            "round": r.number,
            "attacker": r.attacker.to_json(),
            "defender": r.defender.to_json(),
            "after": {"attacker": r.attacker_after.as_dict(), "defender": r.defender_after.as_dict()},
            "choice": r.choice,
        } for r in battle.rounds],
        "outcome": battle.outcome,
        "takes_territory": battle.takes_territory,
        "survivors": {role: _side_json(battle, role) for role in ROLES},
        "link": link_for(canonical),
    }
    if setup.seed is not None:
        result["seed"] = setup.seed
    if battle.outcome == "in_progress":
        result["next_dice"] = {
            role: setup.system.dice_needed(firing_values(setup.ruleset, force, role))
            for role, force in (("attacker", battle.attacker), ("defender", battle.defender))}
    return result
