"""Op ``resolve``: read a battle request, fight it with seeded or table dice, report every round.

One path for every luck system. The request is validated into a canonical
form first (``normalize``), which is also what a share link holds, so a link
and a typed request are checked by the same code. The dice and decisions
come from one table (:mod:`pycore.engine.table`). What depends on how the
system fights — the decisions a request may carry, the referee dice, the
fight itself and a round of the log — is asked of the system's *play*
(:func:`pycore.engine.play.play_of`: the engine's steps, or coloured
dice's colours). See docs/api.md for the fields.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from .. import validate as v
from ..engine.sequence import MAX_ROUNDS, BattleLog, retreating
from ..engine.play import play_named, play_of
from ..engine.setup import ROLES, BattleSetup, parse_setup, setup_json
from ..engine.table import Decisions, RefereeTable, SeededTable, StagedTable, Table, TableHits
from ..errors import BadRequest
from ..luck.battle import luck_of
from .. import origin as origin_of
from ..report import report, read_options
from ..report_words import names_of as summary_names
from ..rulesets import find_ruleset
from ..share import link_for
from ..systems import find_system, spec_of

FIELDS = ("op", "ruleset", "system", "kind", "attacker", "defender", "lhtr", "sub_rule", "seed", "dice", "beacon", "commit",
          "rounds", "choices", "casualties", "choose_casualties", "retreat_at_units", "report")
"""Fields of every battle request; a play adds its own (``submerge``; coloured dice's ``boosts``)."""


@dataclass(frozen=True, slots=True)
class Request:
    setup: BattleSetup
    origin: origin_of.Origin
    seed: str | None
    table_dice: tuple[Mapping[str, Any], ...] | None
    rounds: int | None
    decisions: Decisions
    committed: Mapping[str, Any]   # what a commitment binds: the setup and the conditions declared up front


def _choice(item: Mapping[str, Any], where: str, step_key: str, steps: tuple[str, ...]) -> tuple[int, str, str]:
    """The (round, step, side) a decision is for."""
    return (v.whole(v.required(item, "round", where), f"{where}.round", 1, MAX_ROUNDS),
            v.choice(v.required(item, step_key, where), steps, f"{where}.{step_key}"),
            v.choice(v.required(item, "side", where), ROLES, f"{where}.side"))


def read_decisions(request: Mapping[str, Any], play: Any, system: Any) -> Decisions:
    """Retreats, casualty choices and what the play adds (submerging, or coloured dice's boosts)."""
    choices = tuple(v.choice(c, ("press", "retreat"), f"choices[{i}]")
                    for i, c in enumerate(v.array(request.get("choices", []), "choices", MAX_ROUNDS)))
    if "retreat" in choices[:-1]:
        at = choices.index("retreat")
        raise BadRequest(f"choices[{at + 1}]", f"the attacker already retreated after round {at + 1}")
    steps, key_name = play.steps(system), play.step_key
    casualties: dict = {}
    for i, item in enumerate(v.array(request.get("casualties", []), "casualties",
                                     play.most_casualty_choices(system))):
        where = f"casualties[{i}]"
        item = v.obj(item, where)
        v.only_keys(item, ("round", key_name, "side", "lost", "damaged"), where)
        key = _choice(item, where, key_name, steps)
        if key in casualties:
            raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]}'s casualties are chosen twice")
        maps = []
        for name in ("lost", "damaged"):
            given = v.obj(item.get(name, {}), f"{where}.{name}")
            maps.append({str(u): v.whole(n, f"{where}.{name}.{u}", 0, 2000) for u, n in given.items()})
        casualties[key] = (maps[0], maps[1], where)
    submerge = set()
    if "submerge" in play.decision_lists:
        for i, item in enumerate(v.array(request.get("submerge", []), "submerge", 2 * MAX_ROUNDS)):
            where = f"submerge[{i}]"
            item = v.obj(item, where)
            v.only_keys(item, ("round", "side"), where)
            submerge.add((v.whole(v.required(item, "round", where), f"{where}.round", 1, MAX_ROUNDS),
                          v.choice(v.required(item, "side", where), ROLES, f"{where}.side")))
    boosts: dict = {}
    if "boosts" in play.decision_lists:
        for i, item in enumerate(v.array(request.get("boosts", []), "boosts", len(steps) * 2 * MAX_ROUNDS)):
            where = f"boosts[{i}]"
            item = v.obj(item, where)
            v.only_keys(item, ("round", key_name, "side", "dice"), where)
            key = _choice(item, where, key_name, steps)
            if key in boosts:
                raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]}'s boosts are given twice")
            boosts[key] = (v.array(v.required(item, "dice", where), f"{where}.dice", play.most_dice_per_step),
                           f"{where}.dice")
    asks = {name: v.boolean(request.get(name, False), name) for name in play.asks}
    return Decisions(choices, casualties, frozenset(submerge), boosts, **asks)


def parse(request: Mapping[str, Any]) -> tuple[dict, Request]:
    """The canonical request and the battle it describes, or a BadRequest naming the field."""
    play = play_named(request.get("system"))
    v.only_keys(request, FIELDS + play.fields, "")
    ruleset = find_ruleset(v.required(request, "ruleset", ""))
    system = find_system(v.required(request, "system", ""))
    setup = parse_setup(request, ruleset, system)
    play.check_setup(setup)
    canonical = setup_json("resolve", setup)
    table_dice = None

    def read_table(value: Any) -> list:
        nonlocal table_dice
        table_dice = tuple(play.read_dice(entry, f"dice[{i}]", system)
                           for i, entry in enumerate(v.array(value, "dice", MAX_ROUNDS)))
        return [{role: (list(entry[role]) if isinstance(entry[role], tuple)
                        else {g: (f.to_json() if isinstance(f, TableHits) else list(f)) for g, f in entry[role].items()})
                 for role in ROLES if role in entry} for entry in table_dice]

    retreat_at = _retreat_at_units(request, setup)
    committed = {**canonical, **({"retreat_at_units": retreat_at} if retreat_at is not None else {})}
    origin = origin_of.read(request, committed, read_table)
    seed = origin.seed
    rounds = v.whole(request["rounds"], "rounds", 1, MAX_ROUNDS) if "rounds" in request else None
    decisions = replace(read_decisions(request, play, system), retreat_at_units=retreat_at)

    canonical.update(origin.canonical)
    if rounds is not None:
        canonical["rounds"] = rounds
    if retreat_at is not None:
        canonical["retreat_at_units"] = retreat_at
    for key in play.decision_lists:
        if request.get(key):
            canonical[key] = request[key]
    for key in play.asks:
        if getattr(decisions, key):
            canonical[key] = True
    return canonical, Request(setup, origin, seed, table_dice, rounds, decisions, committed)


def _retreat_at_units(request: Mapping[str, Any], setup: BattleSetup) -> int | None:
    """``retreat_at_units``, a condition declared up front (docs/links.md "Fair dice, round by round"): after a
    round that leaves the attacker this many units or fewer, he retreats unless he chose otherwise for that round.
    The calculator's rule of the same name (docs/rules.md §9), refused where it is."""
    if "retreat_at_units" not in request:
        return None
    at = v.whole(request["retreat_at_units"], "retreat_at_units", 0, 10_000)
    if setup.kind == "amphibious":
        raise BadRequest("retreat_at_units", "land units that came from the sea cannot retreat; leave it out")
    if setup.system.rolls_final:
        raise BadRequest("retreat_at_units", f"{setup.system.name} COF+R rolls its leftovers in the battle's last "
                                             "assault, which must be known before it is fought; leave it out")
    return at


def normalize(request: Mapping[str, Any]) -> dict:
    return parse(request)[0]


def _check_unused(req: Request, table: Table, battle: BattleLog, by_colour: bool) -> None:
    """Refuse decisions and dice the battle never used: they would make a link say more than it shows.

    When the battle paused, decisions of the paused round and later are kept
    for when the missing dice or choice are given.
    """
    decisions = req.decisions
    paused_at = battle.rounds[-1].number if battle.waiting is not None and battle.rounds else None
    for key, (_, _, where) in decisions.casualties.items():
        if ("casualties", key) not in table.used and (paused_at is None or key[0] < paused_at):
            raise BadRequest(where, f"round {key[0]}, {key[1]}: the {key[2]} has no casualties to choose there")
    for key, (_, where) in decisions.boosts.items():
        if ("boosts", key) not in table.used and (paused_at is None or key[0] < paused_at):
            raise BadRequest(where.rsplit(".", 1)[0], f"round {key[0]}, {key[1]}: the {key[2]} has no boosts "
                                                      f"to assign there")
    for number, role in sorted(decisions.submerge):
        if ("submerge", (number, role)) not in table.used and (paused_at is None or number < paused_at):
            raise BadRequest("submerge", f"round {number} is not fought to its end: the {role} cannot submerge then")
    if isinstance(table, RefereeTable) and battle.waiting is None:
        played = len(battle.rounds)
        for i, entry in enumerate(req.table_dice):
            for role, groups in entry.items():
                named = {"main": groups} if isinstance(groups, tuple) else groups
                for g, faces in named.items():
                    if faces and ("dice", (i + 1, role, g)) not in table.used:
                        where = f"dice[{i}].{role}" + ("" if isinstance(groups, tuple) else f".{g}")
                        if i >= played:
                            why = (f"only {played} round{'s' if played != 1 else ''} asked for (rounds: {played})"
                                   if battle.outcome == "in_progress" else f"the battle ended after round {played}")
                            raise BadRequest(f"dice[{i}]" if i == played or by_colour else where,
                                             f"{why}; these dice are not used")
                        what = f"no {g} dice" if by_colour else f"no dice for {g}"
                        raise BadRequest(where, f"the {role} rolls {what} in round {i + 1}; these dice are not used")


def _wait_for_draw(req: Request, table: StagedTable, battle: BattleLog) -> dict | None:
    """Where a staged battle stands when it needs its next draw (docs/links.md "Fair dice, round by round").

    At the start of a round whose previous round the attacker has not decided (no choice, no condition that
    retreated): the battle is stopped after that round like ``rounds``, and the attacker decides (returned:
    ``next_draw``, what pressing on will need). Otherwise it waits for the draw (``waiting``: kind ``draw``),
    declared or not. A round that had not begun (no step fired) is left out of the log either way.
    """
    for draw, after in enumerate(table.after_round, start=1):
        if after and _undecided(req, battle, after):
            _refuse_undecided(req, draw, after)
    if battle.waiting is None or table.wanted is None:
        return None
    wanted = dict(table.wanted)
    number = wanted["round"]
    if battle.rounds and battle.rounds[-1].number == number and not battle.rounds[-1].steps:
        battle.rounds.pop()
        if number > 1 and _undecided(req, battle, number - 1):
            if origin_of.draw_state(req.origin.canonical, wanted["draw"])["needs"] not in ("declare", "phrase"):
                _refuse_undecided(req, wanted["draw"], number - 1)
            battle.waiting = None
            return wanted
    battle.waiting = {"kind": "draw", **wanted, **origin_of.draw_state(req.origin.canonical, wanted["draw"])}
    return None


def _undecided(req: Request, battle: BattleLog, number: int) -> bool:
    """Whether the attacker had a choice to make after round ``number`` and the request does not give it: he had
    not retreated yet, and someone could leave (in an amphibious assault, only aircraft may)."""
    choices = req.decisions.choices
    if len(choices) >= number or "retreat" in choices:
        return False
    army = battle.rounds[number - 1].after.get("attacker") if len(battle.rounds) >= number else None
    return army is None or req.setup.kind != "amphibious" or bool(retreating(req.setup, army))


def _refuse_undecided(req: Request, draw: int, after: int) -> None:
    """Refuse a draw given before the attacker's choice it follows: a draw is declared (or the defender's phrase
    posted) with the decisions before it, else the attacker could decide knowing the next dice."""
    what = "its beacon round was declared" if req.origin.kind == "beacon" else "the defender's phrase was posted"
    raise BadRequest(f"choices[{after - 1}]", f"draw {draw} follows round {after}, but the attacker's choice after "
                     f"round {after} (press on or retreat) is not given: {what} before the attacker decided. Give "
                     f"the choice, posted before the draw")


def _may_retreat(setup: BattleSetup, battle: BattleLog, decisions: Decisions) -> dict[str, int]:
    """Who would leave if the attacker retreated now (the engine's step 7): everyone, the aircraft alone in an
    amphibious assault, nobody once he has retreated (the page's Retreat says so, or is not offered)."""
    if "retreat" in decisions.choices or not battle.rounds or not battle.rounds[-1].complete:
        return {}
    army = battle.armies["attacker"]
    return {uid: army.count(uid) for uid in retreating(setup, army)}


def _system_words(setup: BattleSetup) -> str:
    """"A&A Chess Orthodox": the system as the page names it, with its variant."""
    return summary_names(setup).split(" · ")[1]


def _table(req: Request, play: Any) -> tuple[Table, int | None]:
    """The battle's table (its dice and decisions) and the rounds it may fight."""
    if req.table_dice is not None:
        if not req.table_dice:
            raise BadRequest("dice", "give the dice of at least one round")
        table = RefereeTable(req.table_dice, req.decisions, by_colour=play.by_colour)
        return table, min(req.rounds or MAX_ROUNDS, len(req.table_dice))
    if req.origin.seeds is not None:
        return StagedTable(req.origin.seeds, req.decisions), req.rounds
    return SeededTable(req.seed, req.decisions), req.rounds


def _luck(req: Request, play: Any, battle: BattleLog) -> dict:
    """``luck`` (docs/rules.md §14), and ``luck_reason`` where it is null."""
    luck, reason = luck_of(req.setup, battle, lambda rounds: play.fight(req.setup, _table(req, play)[0], rounds))
    return {"luck": luck} if luck is not None else {"luck": None, "luck_reason": reason}


def run(request: Mapping[str, Any]) -> dict:
    canonical, req = parse(request)
    options = read_options(request.get("report", {}))
    origin_of.ready(req.origin)
    setup = req.setup
    play = play_of(setup.system)
    table, limit = _table(req, play)
    battle = play.fight(setup, table, limit)
    _check_unused(req, table, battle, play.by_colour)
    next_draw = _wait_for_draw(req, table, battle) if isinstance(table, StagedTable) else None
    result: dict[str, Any] = {
        "ruleset": setup.ruleset.id,
        "system": spec_of(setup.system),
        "kind": setup.kind,
        **play.head(setup),
        "rounds": [play.round_json(r) for r in battle.rounds],
        "outcome": battle.outcome,
        "takes_territory": battle.takes_territory,
        "survivors": play.survivors(setup, battle),
        "link": link_for(canonical),
    }
    away = play.away(battle)
    if away:
        result["away"] = away
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
        if next_draw is not None:
            result["next_draw"] = next_draw
        else:
            result["next_dice"] = play.next_dice(setup, battle)
        leaving = _may_retreat(setup, battle, req.decisions)
        if leaving:
            result["may_retreat"] = leaving
    result.update(_luck(req, play, battle))
    verified = options.get("beacon_verified", False)
    diceless = _system_words(setup) if setup.system.deterministic else None
    result["dice_source"] = origin_of.label(canonical, verified, diceless)
    if isinstance(table, StagedTable):
        result["dice_source"]["draws"] = [
            {"draw": i + 1, "from": start, "words": f"Dice from here on: {origin_of.draw_words(canonical, i + 1)}"}
            for i, start in enumerate(table.starts)]
    result["report"] = report(result, setup, options.get("page"), origin_of.label_parts(canonical, verified, diceless))
    return result
